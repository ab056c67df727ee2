"""Qwen2.5-VL policies at VLM scale: the prompt the model reads and writes and the wrapper that
turns a screenshot into an `Action`. The processor, the loader and the tiny random model live in
`cuakit.qwen_vl` (the video judge shares them) and are re-exported here.

1. ``build_prompt`` — the chat `VLMPolicy` asks and SFT trains on: `cuakit.prompt`'s system
   schema, then the screenshot and its user text, through the processor's chat template; the
   answer is `cuakit.prompt.render_answer`'s, closed by ``END_OF_TURN``; ``answer_batch`` pads
   chats and answers into one training batch, the loss on the answers only.
2. ``VLMPolicy`` — ``act(screenshot, instruction, previous) -> Action``, greedy decoding.

Coordinates: the schema's are normalised to [0, 1]; ``coordinates="qwen-pixels"`` has the model
answer in Qwen's own grounding convention, pixels of the screenshot it sees
(`cuakit.prompt.ScreenGeometry` converts both ways).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from PIL import Image
from transformers import PreTrainedModel

from cuakit.actions import Action
from cuakit.coords import CoordinateMode, check_coordinate_mode
from cuakit.errors import ActionParseError, FrameError
from cuakit.prompt import SYSTEM_PROMPT, TINY_MAX_PIXELS, ScreenGeometry, read_answer, user_text
from cuakit.qwen_vl import (
    QWEN_CHAT_TEMPLATE,
    QWEN_SPECIAL_TOKENS,
    TINY_INIT_STD,
    TINY_ROPE_THETA,
    QwenImageProcessor,
    build_tiny_qwen_vl,
    build_tiny_tokenizer,
    load_policy,
    load_processor,
    tiny_config,
)

__all__ = [
    "END_OF_TURN",
    "QWEN_CHAT_TEMPLATE",
    "QWEN_SPECIAL_TOKENS",
    "TINY_INIT_STD",
    "TINY_MAX_PIXELS",
    "TINY_ROPE_THETA",
    "QwenImageProcessor",
    "VLMOutputError",
    "VLMPolicy",
    "answer_batch",
    "build_prompt",
    "build_tiny_qwen_vl",
    "build_tiny_tokenizer",
    "load_policy",
    "load_processor",
    "prompt_messages",
    "sampling",
    "tiny_config",
]

# ---- 1. the prompt ---------------------------------------------------------------------------


def prompt_messages(
    instruction: str, history: Sequence[str], geometry: ScreenGeometry
) -> list[dict[str, Any]]:
    """The chat up to the assistant's turn as messages: the system schema, then the screenshot
    with `cuakit.prompt.user_text` (the task and the previous actions, wire-form JSON strings,
    oldest first, already cut to the window)."""
    return [
        {
            "role": "system",
            "content": [{"type": "text", "text": SYSTEM_PROMPT[geometry.coordinates]}],
        },
        {
            "role": "user",
            "content": [
                {"type": "image"},
                {"type": "text", "text": user_text(instruction, history, geometry)},
            ],
        },
    ]


def build_prompt(
    processor: QwenImageProcessor,
    instruction: str,
    history: Sequence[str],
    geometry: ScreenGeometry,
) -> str:
    """`prompt_messages` through the processor's chat template."""
    messages = prompt_messages(instruction, history, geometry)
    return processor.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)


END_OF_TURN = "<|im_end|>\n"
"""What closes the assistant's turn in Qwen's chat template (and stops generation)."""


def answer_batch(
    processor: QwenImageProcessor,
    images: list[Image.Image],
    prompts: list[str],
    answers: list[str],
) -> dict[str, torch.Tensor]:
    """Chats (an image, its prompt up to the assistant's turn) and their answers → one padded
    batch for Qwen2.5-VL: ``input_ids``, ``attention_mask``, ``mm_token_type_ids`` and
    ``labels`` (B, T; -100 everywhere but on the answers), ``pixel_values`` and
    ``image_grid_thw``. Prompt and answer are tokenised apart and joined, so the boundary
    between them is exact whatever the tokenizer merges."""
    encoded = processor(images=images, text=prompts, padding=False)
    tokenizer = processor.tokenizer
    answer_ids = tokenizer(answers, add_special_tokens=False)["input_ids"]
    length = max(len(p) + len(a) for p, a in zip(encoded["input_ids"], answer_ids, strict=True))
    batch = {name: torch.zeros(len(prompts), length, dtype=torch.long)
             for name in ("input_ids", "attention_mask", "mm_token_type_ids")}  # fmt: skip
    batch["input_ids"].fill_(tokenizer.pad_token_id)
    batch["labels"] = torch.full((len(prompts), length), -100, dtype=torch.long)
    for i, (prompt, answer) in enumerate(zip(encoded["input_ids"], answer_ids, strict=True)):
        n, end = len(prompt), len(prompt) + len(answer)  # right padding after `end`
        batch["input_ids"][i, :end] = torch.tensor(prompt + answer)
        batch["attention_mask"][i, :end] = 1
        batch["mm_token_type_ids"][i, :n] = torch.tensor(encoded["mm_token_type_ids"][i])
        batch["labels"][i, n:end] = torch.tensor(answer)
    batch["pixel_values"] = torch.as_tensor(encoded["pixel_values"])
    batch["image_grid_thw"] = torch.as_tensor(encoded["image_grid_thw"])
    return batch


class VLMOutputError(ActionParseError):
    """A model's reply that is not a valid action; ``raw_text`` is the reply itself."""

    def __init__(self, error: ActionParseError, raw_text: str) -> None:
        super().__init__(error.field, f"{error.problem} (model output: {raw_text[:200]!r})")
        self.raw_text = raw_text


# ---- 2. the policy ---------------------------------------------------------------------------


class VLMPolicy:
    """A Qwen2.5-VL (optionally with a LoRA adapter) acting on screenshots.

    ``act`` shows the model the screenshot, the instruction and the last ``history`` actions,
    decodes greedily up to ``max_new_tokens`` and parses the reply; a reply that is not an
    action raises `VLMOutputError` (an `ActionParseError`) with the reply in ``raw_text``.
    """

    def __init__(
        self,
        model_path: Path | str,
        adapter: Path | str | None = None,
        history: int = 4,
        coordinates: CoordinateMode = "normalised",
        max_new_tokens: int = 128,
        max_pixels: int | None = None,
        device: str | None = None,
        temperature: float = 0.0,
    ) -> None:
        check_coordinate_mode(coordinates)
        self.model, self.processor = load_policy(
            model_path, adapter, device=device, max_pixels=max_pixels
        )
        self.history = history
        self.coordinates: CoordinateMode = coordinates
        self.max_new_tokens = max_new_tokens
        self.temperature = temperature
        """0: greedy decoding; above 0: answers sampled at this temperature (GRPO's groups)"""
        self.last_text = ""
        """the raw reply of the last ``act`` call"""

    @classmethod
    def around(
        cls,
        model: PreTrainedModel,
        processor: QwenImageProcessor,
        history: int = 4,
        coordinates: CoordinateMode = "normalised",
        max_new_tokens: int = 128,
        temperature: float = 0.0,
    ) -> VLMPolicy:
        """A policy acting with a model already loaded (one being trained), not a copy."""
        check_coordinate_mode(coordinates)
        policy = cls.__new__(cls)
        policy.model, policy.processor = model, processor
        policy.history, policy.coordinates = history, coordinates
        policy.max_new_tokens, policy.temperature = max_new_tokens, temperature
        policy.last_text = ""
        return policy

    @classmethod
    def from_run(cls, run: Path | str, **overrides: Any) -> VLMPolicy:
        """The policy an SFT run folder trained: its base model, its adapter and its preset's
        history window, coordinate convention and image size (``overrides`` win)."""
        run = Path(run)
        config = json.loads((run / "config.json").read_text())
        preset = config["preset_values"]
        kwargs = {
            "model_path": config["model"],
            "adapter": run / "adapter",
            "history": preset["history"],
            "coordinates": preset["coordinates"],
            "max_pixels": preset["max_pixels"],
        }
        return cls(**{**kwargs, **overrides})

    @torch.no_grad()
    def act(self, screenshot: np.ndarray, instruction: str, previous: Sequence[Action]) -> Action:
        """The model's next action on ``screenshot`` (uint8 H×W×3) for ``instruction``, given
        the actions already taken in this episode (oldest first)."""
        if screenshot.ndim != 3 or screenshot.shape[2] != 3 or screenshot.dtype != np.uint8:
            raise FrameError(f"screenshot must be uint8 (H, W, 3), got {screenshot.dtype} "
                             f"{screenshot.shape}")  # fmt: skip
        height, width = screenshot.shape[:2]
        geometry = ScreenGeometry(width, height, self.coordinates, self.processor.resize_kwargs())
        window = previous[-self.history :] if self.history > 0 else []
        prompt = build_prompt(self.processor, instruction, [a.to_json() for a in window], geometry)
        inputs = self.processor(
            images=[Image.fromarray(screenshot)], text=[prompt], return_tensors="pt"
        ).to(self.model.device)
        tokenizer = self.processor.tokenizer
        output = self.model.generate(
            **inputs,
            max_new_tokens=self.max_new_tokens,
            pad_token_id=tokenizer.pad_token_id,
            **sampling(self.temperature),
        )  # (1, prompt + new)
        new_tokens = output[0, inputs["input_ids"].shape[1] :]
        self.last_text = tokenizer.decode(new_tokens, skip_special_tokens=True)
        try:
            return read_answer(self.last_text, geometry)
        except ActionParseError as error:
            raise VLMOutputError(error, self.last_text) from error


def sampling(temperature: float) -> dict[str, Any]:
    """``generate``'s decoding options: greedy at 0, plain sampling above (no top-k/top-p cut,
    so that GRPO's log-probabilities are those of the distribution sampled from)."""
    if temperature <= 0:
        return {"do_sample": False}
    return {"do_sample": True, "temperature": temperature, "top_k": 0, "top_p": 1.0}

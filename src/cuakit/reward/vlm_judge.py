"""A vision-language video judge, ExeVRM's recipe: a Qwen2.5-VL with a LoRA adapter on its
language model reads frames of an execution video and answers ``\\box{correct}`` or
``\\box{incorrect}``; P(success) is the normalised probability of the first against the second.

1. ``VLMJudgeConfig`` / ``VLM_PRESETS`` — the base model folder, the adapter, the precision,
   which frames the judge sees and how its visual tokens are pruned: ``tiny-cpu`` (tests, a
   laptop) and ``exevrm-qwen2.5-vl-7b`` (LoRA r 128 / alpha 256 as in the SFT recipe, bf16,
   gradient checkpointing, frames at 2 fps).
2. ``judge_frame_indices`` — frames chosen from the video alone: uniform at the preset's rate
   (first and final frame included), then the frames where the screen changed most, up to the
   cap. Never from the step table.
3. ``judge_prompt`` — the frames as an image sequence, each with its timestamp, then the task
   and the question. The stock video processor needs torchvision, which cannot be installed
   beside the pinned torch: the frames go through the image processor (`cuakit.qwen_vl`).
4. ``visual_keep`` — ExeVRM-style pruning of the visual tokens after the vision tower: in each
   frame, large regions of uniform tokens are dropped (spatial); later frames drop the tokens
   unchanged since the last kept version at the same place (temporal). Decisions are made on
   the pixels each merged token covers (`cuakit.video.pruning`, the small model's functions and
   thresholds), so they do not depend on the weights being trained.
5. ``VLMJudge`` — the model: ``forward(clips, instructions) -> RewardOutput`` with
   ``success_logit = log P(correct) − log P(incorrect)`` (each the summed log-probability of
   its whole verdict string after the prompt) and ``reward`` the same logit (Bradley–Terry
   scale); no per-frame head (``progress_logits`` is ``(B, 0)``). The remaining tokens keep
   the 3-D rotary positions Qwen's ``get_rope_index`` gives the unpruned sequence.

A saved judge is a folder::

    config.json   {"format": "cuakit-reward-model", "backbone": "vlm", "vlm": {...}}
    adapter/      the peft LoRA adapter (adapter_config.json, adapter_model.safetensors)

The base model is read again from ``vlm.base`` when the judge is loaded.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import torch
from PIL import Image
from torch import nn

from cuakit.errors import CheckpointError, ConfigError, RewardInputError
from cuakit.prompt import TINY_MAX_PIXELS
from cuakit.reward.config import FORMAT_NAME, FORMAT_VERSION, VLM_BACKBONE
from cuakit.reward.model import RewardOutput
from cuakit.video.clips import frame_changes, uniform_indices
from cuakit.video.pruning import DEFAULT_MIN_REGION, DEFAULT_THRESHOLD, prune

if TYPE_CHECKING:  # transformers takes seconds to import: only a judge that is loaded needs it
    from transformers import PreTrainedModel

    from cuakit.qwen_vl import QwenImageProcessor

ADAPTER_DIR = "adapter"
CONFIG_FILE = "config.json"
LM_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
"""the language model's projections that get a LoRA adapter (the SFT recipe's)"""

# ---- 1. configuration ------------------------------------------------------------------------


@dataclass(frozen=True)
class VLMJudgeConfig:
    base: str = ""
    """the Qwen2.5-VL folder the judge starts from (a checkpoint, or `cuakit agent
    build-tiny-vlm --out PATH`); loaded with ``from_pretrained``, never from the hub"""
    max_frames: int = 4
    """frames per clip at most (uniform + keyframes + the final frame)"""
    fps: float = 2.0
    """uniform sampling rate in frames per second of video, before the keyframes are added"""
    min_change: float = 0.01
    """mean absolute frame difference (on [0, 1]) above which a frame counts as a change"""
    max_pixels: int = TINY_MAX_PIXELS
    """cap on each frame's resized area (visual tokens per frame ≤ max_pixels / 28²)"""
    lora_r: int = 8
    """LoRA rank on the language model's attention and MLP projections"""
    lora_alpha: int = 16
    """LoRA scale numerator (the update is scaled by alpha / r)"""
    lora_dropout: float = 0.0
    """dropout on the LoRA branch's input"""
    train_merger: bool = False
    """also train the vision tower's merger (the projection into the language model) in full;
    the rest of the vision tower stays frozen"""
    dtype: str = "float32"
    """weights' precision: float32 or bfloat16"""
    gradient_checkpointing: bool = True
    """recompute the language model's activations in the backward pass (less memory)"""
    prune_spatial: bool = True
    """drop large regions of uniform visual tokens within a frame"""
    prune_temporal: bool = True
    """drop visual tokens unchanged since the last kept frame at the same place"""
    prune_threshold: float = DEFAULT_THRESHOLD
    """mean absolute pixel difference (on [0, 1]) under which two tokens' pixels are the same"""
    min_region: int = DEFAULT_MIN_REGION
    """spatial pruning drops connected regions of at least this many uniform tokens"""

    def __post_init__(self) -> None:
        if self.max_frames < 1:
            raise ConfigError(f"max_frames={self.max_frames}: must be at least 1")
        if not self.fps > 0:
            raise ConfigError(f"fps={self.fps}: must be positive")
        if self.max_pixels < 28 * 28:
            raise ConfigError(f"max_pixels={self.max_pixels}: at least one 28x28 token")
        if self.lora_r < 1 or self.lora_alpha < 1:
            raise ConfigError(f"lora_r={self.lora_r}, lora_alpha={self.lora_alpha}: must be ≥ 1")
        if self.dtype not in ("float32", "bfloat16"):
            raise ConfigError(f"dtype={self.dtype!r}: use float32 or bfloat16")

    @property
    def torch_dtype(self) -> torch.dtype:
        return torch.bfloat16 if self.dtype == "bfloat16" else torch.float32


VLM_PRESETS: dict[str, VLMJudgeConfig] = {
    # Tests and laptops: the tiny random Qwen2.5-VL, 4 frames of at most 64 tokens, fp32.
    "tiny-cpu": VLMJudgeConfig(),
    # ExeVRM's recipe on Qwen2.5-VL-7B for GPUs: the SFT recipe's adapter, bf16, gradient
    # checkpointing, frames at 2 fps capped at 16, 256 visual tokens per frame before pruning.
    "exevrm-qwen2.5-vl-7b": VLMJudgeConfig(
        max_frames=16, fps=2.0, max_pixels=28 * 28 * 256, lora_r=128, lora_alpha=256,
        lora_dropout=0.05, dtype="bfloat16", gradient_checkpointing=True,
    ),
}  # fmt: skip
"""``cuakit reward train --model vlm-tiny-cpu | exevrm-qwen2.5-vl-7b --base-model PATH``"""


def preset(name: str, base: str, prune: bool = True) -> VLMJudgeConfig:
    """The preset ``name`` on ``base``, pruning on or off."""
    if name not in VLM_PRESETS:
        raise ConfigError(f"vlm preset {name!r}: use one of {', '.join(VLM_PRESETS)}")
    return replace(VLM_PRESETS[name], base=str(base), prune_spatial=prune, prune_temporal=prune)


# ---- 2. the frames ---------------------------------------------------------------------------


def check_video(frames: np.ndarray) -> None:
    """`RewardInputError` unless ``frames`` is a uint8 (N ≥ 1, H, W, 3) video."""
    shape = getattr(frames, "shape", None)
    if not isinstance(frames, np.ndarray) or frames.ndim != 4 or frames.shape[-1] != 3:
        raise RewardInputError(f"a video must be a uint8 (N, H, W, 3) array, got {shape}")
    if len(frames) == 0 or min(frames.shape[1:3]) == 0:
        raise RewardInputError(
            f"the video has no frames (shape {shape}): nothing to judge; re-record the episode "
            "or drop it (`cuakit dataset info` lists each episode's frame count)"
        )
    if frames.dtype != np.uint8:
        raise RewardInputError(f"a video must be uint8 in [0, 255], got {frames.dtype}")


def judge_frame_indices(frames: np.ndarray, video_fps: float, config: VLMJudgeConfig) -> np.ndarray:
    """The frames the judge sees, sorted, int64 (K ≤ max_frames,): uniform at ``config.fps``
    (at most half the cap; the first and the final frame included — the final one shows the
    outcome), then the frames where the screen changed most (`frame_changes`) up to the cap."""
    check_video(frames)
    count = len(frames)
    seconds = count / video_fps
    uniform = min(max(1, config.max_frames // 2), math.floor(seconds * config.fps) + 1)
    picks = {int(i) for i in uniform_indices(count, uniform)}
    changed, amount = frame_changes(frames, config.min_change)
    for index in changed[np.argsort(-amount, kind="stable")]:
        if len(picks) >= config.max_frames:
            break
        picks.add(int(index))
    return np.array(sorted(picks), dtype=np.int64)


@dataclass(frozen=True)
class JudgeClip:
    """What the judge sees of one video."""

    frames: np.ndarray
    """uint8 (K, H, W, 3): the chosen frames at the recording's size"""
    seconds: tuple[float, ...]
    """each frame's time in the video, in seconds"""
    frame_indices: tuple[int, ...]
    """each frame's index in the video"""


def judge_clip(frames: np.ndarray, video_fps: float, config: VLMJudgeConfig) -> JudgeClip:
    """The clip of a whole video (uint8 (N, H, W, 3) recorded at ``video_fps``)."""
    if not video_fps > 0:
        raise RewardInputError(f"fps={video_fps}: pass the video's recording rate, e.g. 10")
    picks = judge_frame_indices(frames, video_fps, config)
    return JudgeClip(frames[picks], tuple(float(i / video_fps) for i in picks),
                     tuple(int(i) for i in picks))  # fmt: skip


# ---- 3. the prompt ---------------------------------------------------------------------------

JUDGE_SYSTEM = (
    "You judge screen recordings of a computer-use agent. You see frames of the recording, each "
    "with its time, and the task the agent was given. Answer \\box{correct} if the recording "
    "shows the task completed, else \\box{incorrect}."
)
VERDICTS = ("\\box{correct}", "\\box{incorrect}")
"""the two answers; P(success) = P(first) / (P(first) + P(second))"""


def judge_prompt(processor: QwenImageProcessor, seconds: Sequence[float], instruction: str) -> str:
    """The chat up to the assistant's turn: the frames, each after its timestamp, then the task."""
    content: list[dict[str, Any]] = []
    for k, t in enumerate(seconds):
        content += [{"type": "text", "text": f"Frame {k + 1} at {t:.1f}s:"}, {"type": "image"}]
    content.append(
        {"type": "text", "text": f"Task: {instruction}\nDid the agent complete the task?"}
    )
    messages = [
        {"role": "system", "content": [{"type": "text", "text": JUDGE_SYSTEM}]},
        {"role": "user", "content": content},
    ]
    return processor.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)


def verdict_tokens(processor: QwenImageProcessor) -> tuple[list[int], list[int], list[int]]:
    """(shared, correct tail, incorrect tail): the two verdicts' tokens, their common first
    tokens apart (the tails are what is scored; they may share nothing or several tokens)."""
    correct, incorrect = processor.tokenizer(list(VERDICTS), add_special_tokens=False)["input_ids"]
    shared = 0
    while shared < min(len(correct), len(incorrect)) and correct[shared] == incorrect[shared]:
        shared += 1
    return correct[:shared], correct[shared:], incorrect[shared:]


# ---- 4. pruning the visual tokens ------------------------------------------------------------


def token_pixels(
    pixel_values: torch.Tensor, processor: QwenImageProcessor, tokens: int
) -> torch.Tensor:
    """float (tokens, D) in [0, 1]: the pixels each merged visual token of one image covers
    (its merge² patches, un-normalised), from that image's rows of the processor's
    ``pixel_values`` (patches come merge² at a time, one merged token after another)."""
    image = processor.image_processor
    mean = torch.tensor(image.image_mean, dtype=torch.float32)
    std = torch.tensor(image.image_std, dtype=torch.float32)
    x = pixel_values.float().reshape(tokens, image.merge_size**2, len(mean), -1)  # (n, m², C, ·)
    x = x * std[None, None, :, None] + mean[None, None, :, None]
    return x.reshape(tokens, -1)


def visual_keep(
    pixel_values: torch.Tensor,
    grid: torch.Tensor,
    images_per_clip: Sequence[int],
    processor: QwenImageProcessor,
    config: VLMJudgeConfig,
) -> list[torch.Tensor]:
    """bool (tokens_i,) per image: the merged visual tokens the language model sees. Each
    clip's frames (one video: one size, one token grid) are pruned together, spatial AND
    temporal as `cuakit.video.pruning.prune` does; everything is kept with pruning off."""
    merge = processor.image_processor.merge_size
    counts = (grid.prod(-1) // merge**2).tolist()
    rows = (grid.prod(-1)).tolist()
    keeps = [torch.ones(n, dtype=torch.bool) for n in counts]
    if not (config.prune_spatial or config.prune_temporal):
        return keeps
    starts = np.cumsum([0, *rows])
    first = 0
    for k in images_per_clip:
        images = range(first, first + k)
        first += k
        shapes = {tuple(grid[i].tolist()) for i in images}
        if len(shapes) != 1:
            raise RewardInputError(f"a clip's frames differ in size ({sorted(shapes)})")
        _, h, w = shapes.pop()
        pixels = torch.stack(
            [
                token_pixels(pixel_values[starts[i] : starts[i + 1]], processor, counts[i])
                for i in images
            ]
        )  # (K, N, D)
        keep = prune(
            pixels,
            (h // merge, w // merge),
            config.prune_spatial,
            config.prune_temporal,
            config.prune_threshold,
            config.min_region,
        ).keep
        for i, mask in zip(images, keep, strict=True):
            keeps[i] = mask
    return keeps


# ---- 5. the model ----------------------------------------------------------------------------


@dataclass
class JudgeBatch:
    """The language model's input for B clips × the two verdicts (rows 2b and 2b + 1)."""

    embeds: torch.Tensor
    """(R, L, hidden): token embeddings, visual ones from the vision tower; right-padded"""
    attention_mask: torch.Tensor
    """(R, L) long: 1 on the row's tokens"""
    position_ids: torch.Tensor
    """(3, R, L): each kept token's (t, h, w) rotary position in the unpruned sequence"""
    token_ids: torch.Tensor
    """(R, L): the kept tokens' ids (visual tokens are ``<|image_pad|>``)"""
    tails: list[tuple[int, int]]
    """per row, [start, end) of the scored verdict tokens"""
    tail_ids: list[torch.Tensor]
    """per row, the scored verdict tokens"""
    visual_tokens: list[tuple[int, int]]
    """per clip, (kept, total) visual tokens"""
    visual_mask: torch.Tensor | None = None
    """Qwen3-VL: (R, L) bool, the kept visual tokens"""
    deepstack: list[torch.Tensor] | None = None
    """Qwen3-VL: per DeepStack layer, (kept visual tokens of all rows, hidden), in the mask's
    order"""


class VLMJudge(nn.Module):
    """``forward(clips, instructions) -> RewardOutput``; `from_base` builds one to train,
    `from_pretrained` loads a saved one."""

    def __init__(self, config: VLMJudgeConfig, model: nn.Module, processor: QwenImageProcessor):
        super().__init__()
        self.config = config
        self.model = model
        """the peft model around the Qwen2.5-VL"""
        self.processor = processor
        self.shared, *self.tails = verdict_tokens(processor)
        self.image_token_id = int(processor.image_token_id)

    @property
    def qwen(self) -> nn.Module:
        """The Qwen2_5_VLForConditionalGeneration inside the adapter (its layers carry LoRA)."""
        return self.model.get_base_model()

    @property
    def device(self) -> torch.device:
        return next(self.model.parameters()).device

    @classmethod
    def from_base(cls, config: VLMJudgeConfig, device: str | None = None) -> VLMJudge:
        """A fresh judge on ``config.base``: a new LoRA adapter on the language model, the vision
        tower frozen (its merger trained in full with ``train_merger``)."""
        qwen, processor = _load_base(config, device)
        return cls.around(config, qwen, processor)

    @classmethod
    def around(
        cls, config: VLMJudgeConfig, qwen: PreTrainedModel, processor: QwenImageProcessor
    ) -> VLMJudge:
        """A fresh judge on a base model already loaded (or built with random weights for a
        benchmark: `cuakit.qwen_vl.random_qwen_vl`): frozen, its gradient checkpointing as the
        config says, a new LoRA adapter on its language model."""
        from peft import LoraConfig, get_peft_model

        _freeze(qwen, config)
        names = "|".join(LM_TARGETS)
        lora = LoraConfig(
            r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=config.lora_dropout,
            target_modules=rf"^(?!.*\bvisual\b).*\.({names})$",
            modules_to_save=["merger"] if config.train_merger else None,
        )  # fmt: skip
        return cls(config, get_peft_model(qwen, lora), processor)

    # ---- inputs --------------------------------------------------------------------------
    def encode(self, clips: Sequence[JudgeClip], instructions: Sequence[str]) -> JudgeBatch:
        """The clips' prompts through the processor and the vision tower, pruned, both verdicts
        appended: the language model's batch."""
        if len(clips) != len(instructions):
            raise RewardInputError(f"{len(clips)} clips but {len(instructions)} instructions")
        if not clips:
            raise RewardInputError("no clips to judge")
        for clip in clips:
            check_video(clip.frames)
        pairs = zip(clips, instructions, strict=True)
        prompts = [judge_prompt(self.processor, c.seconds, i) for c, i in pairs]
        images = [Image.fromarray(f) for c in clips for f in c.frames]
        encoded = self.processor(images=images, text=prompts, padding=False)
        grid = torch.as_tensor(encoded["image_grid_thw"])  # (images, 3)
        pixel_values = torch.as_tensor(encoded["pixel_values"])  # (patches, C·2·14·14)
        per_clip = [len(c.frames) for c in clips]
        keeps = visual_keep(pixel_values, grid, per_clip, self.processor, self.config)
        device, dtype = self.device, self.config.torch_dtype
        vision = self.qwen.model.get_image_features(pixel_values.to(device, dtype), grid.to(device))
        features = vision.pooler_output  # per image (tokens_i, hidden)
        # Qwen3-VL: per DeepStack layer, per image (tokens_i, hidden), added to the language
        # model's hidden states at the visual tokens of its first layers
        deepstack = getattr(vision, "deepstack_features", None)
        embed = self.qwen.get_input_embeddings()
        rows: list[tuple[torch.Tensor, torch.Tensor, torch.Tensor, int, list[int]]] = []
        deep_rows: list[list[torch.Tensor]] = []
        visual_tokens = []
        first = 0
        for b, prompt in enumerate(encoded["input_ids"]):
            images = range(first, first + per_clip[b])
            first += per_clip[b]
            visual = torch.cat([features[i] for i in images])  # (V, hidden)
            keep_visual = torch.cat([keeps[i] for i in images])  # (V,)
            deep = [torch.cat([layer[i] for i in images])[keep_visual.to(device)]
                    for layer in deepstack or []]  # fmt: skip
            visual_tokens.append((int(keep_visual.sum()), len(keep_visual)))
            for tail in self.tails:
                ids = torch.tensor([*prompt, *self.shared, *tail])  # (L,)
                kinds = torch.zeros_like(ids)
                kinds[: len(prompt)] = torch.tensor(encoded["mm_token_type_ids"][b])
                positions, _ = self.qwen.model.get_rope_index(
                    ids[None], kinds[None], image_grid_thw=grid[list(images)]
                )  # (3, 1, L)
                is_image = ids == self.image_token_id
                x = embed(ids.to(device))  # (L, hidden)
                x = x.masked_scatter(is_image.to(device)[:, None], visual.to(x.dtype))
                keep = torch.ones_like(ids, dtype=torch.bool)
                keep[is_image] = keep_visual
                kept = keep.nonzero().squeeze(1)  # (L',)
                start = len(ids) - len(tail) - int((~keep).sum())
                rows.append((x[kept.to(device)], positions[:, 0, kept], ids[kept], start, tail))
                deep_rows.append(deep)
        length = max(len(r[2]) for r in rows)
        hidden = rows[0][0].shape[-1]
        count = len(rows)
        batch = JudgeBatch(
            embeds=torch.zeros(count, length, hidden, device=device, dtype=rows[0][0].dtype),
            attention_mask=torch.zeros(count, length, dtype=torch.long, device=device),
            position_ids=torch.zeros(3, count, length, dtype=torch.long),
            token_ids=torch.full((count, length), self.processor.tokenizer.pad_token_id),
            tails=[], tail_ids=[], visual_tokens=visual_tokens,
        )  # fmt: skip
        for r, (x, positions, ids, start, tail) in enumerate(rows):
            n = len(ids)
            batch.embeds[r, :n] = x
            batch.attention_mask[r, :n] = 1
            batch.position_ids[:, r, :n] = positions
            batch.token_ids[r, :n] = ids
            batch.tails.append((start, start + len(tail)))
            batch.tail_ids.append(torch.tensor(tail))
        if deepstack:  # rows in order, each row's kept visual tokens in order: the mask's order
            batch.visual_mask = (batch.token_ids == self.image_token_id).to(device)
            batch.deepstack = [torch.cat([row[k] for row in deep_rows])
                               for k in range(len(deepstack))]  # fmt: skip
        batch.position_ids = batch.position_ids.to(device)
        return batch

    # ---- the forward pass ----------------------------------------------------------------
    def verdict_logprobs(self, batch: JudgeBatch) -> torch.Tensor:
        """float32 (B, 2): log P(verdict | prompt) of the correct and incorrect verdicts, each
        the sum of its scored tokens' log-probabilities."""
        extra = (
            {}
            if batch.deepstack is None
            else {"visual_pos_masks": batch.visual_mask, "deepstack_visual_embeds": batch.deepstack}
        )
        hidden = self.qwen.model.language_model(
            inputs_embeds=batch.embeds, attention_mask=batch.attention_mask,
            position_ids=batch.position_ids, use_cache=False, **extra,
        ).last_hidden_state  # (R, L, hidden)  # fmt: skip
        head = self.qwen.get_output_embeddings()
        sums = []
        for r, ((start, end), tail) in enumerate(zip(batch.tails, batch.tail_ids, strict=True)):
            logits = head(hidden[r, start - 1 : end - 1]).float()  # (tail, vocab)
            logp = torch.log_softmax(logits, -1)
            sums.append(logp.gather(1, tail.to(logp.device)[:, None]).sum())
        return torch.stack(sums).reshape(-1, 2)

    def forward(self, clips: Sequence[JudgeClip], instructions: Sequence[str]) -> RewardOutput:
        """``success_logit`` (B,) = log P(correct) − log P(incorrect), so that sigmoid of it is
        the verdicts' normalised probability; ``reward`` is the same logit."""
        batch = self.encode(clips, instructions)
        logp = self.verdict_logprobs(batch)  # (B, 2)
        logit = logp[:, 0] - logp[:, 1]
        kept = sum(k for k, _ in batch.visual_tokens)
        total = sum(n for _, n in batch.visual_tokens)
        return RewardOutput(
            reward=logit, success_logit=logit,
            progress_logits=logit.new_zeros(len(clips), 0),
            kept_ratio=kept / total if total else 1.0,
        )  # fmt: skip

    @torch.no_grad()
    def visual_tokens(self, clip: JudgeClip) -> tuple[int, int]:
        """(kept, total) visual tokens of one clip, without running the model."""
        images = [Image.fromarray(f) for f in clip.frames]
        encoded = self.processor.image_processor(images=images)
        grid = torch.as_tensor(encoded["image_grid_thw"])
        pixel_values = torch.as_tensor(encoded["pixel_values"])
        keep = visual_keep(pixel_values, grid, [len(images)], self.processor, self.config)
        return int(sum(int(k.sum()) for k in keep)), int(sum(len(k) for k in keep))

    # ---- checkpoints ---------------------------------------------------------------------
    def trainable_state(self) -> dict[str, torch.Tensor]:
        """The adapter's (and a trained merger's) tensors."""
        from peft import get_peft_model_state_dict

        return get_peft_model_state_dict(self.model)

    def save_pretrained(self, directory: str | Path) -> Path:
        """Write ``config.json`` and ``adapter/`` into ``directory`` (created)."""
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        self.model.save_pretrained(str(directory / ADAPTER_DIR))
        meta = {"format": FORMAT_NAME, "format_version": FORMAT_VERSION,
                "backbone": VLM_BACKBONE, "vlm": asdict(self.config)}  # fmt: skip
        (directory / CONFIG_FILE).write_text(json.dumps(meta, indent=2) + "\n")
        return directory

    @classmethod
    def from_pretrained(cls, directory: str | Path, device: str | None = None) -> VLMJudge:
        """A judge saved by `save_pretrained`, in eval mode; `CheckpointError` naming the fix
        when the folder holds another backbone, is incomplete, or its base model is gone."""
        from peft import PeftModel

        config = read_judge_config(directory)
        qwen, processor = _load_base(config, device)
        _freeze(qwen, config)
        model = PeftModel.from_pretrained(qwen, str(Path(directory) / ADAPTER_DIR))
        return cls(config, model, processor).eval()

    def load_trained(self, directory: str | Path) -> None:
        """This judge's adapter weights from a folder `save_pretrained` wrote (resuming)."""
        from peft import set_peft_model_state_dict
        from safetensors.torch import load_file

        read_judge_config(directory)
        path = Path(directory) / ADAPTER_DIR / "adapter_model.safetensors"
        set_peft_model_state_dict(self.model, load_file(str(path), device=str(self.device)))


def read_judge_config(directory: str | Path) -> VLMJudgeConfig:
    """The `VLMJudgeConfig` of a saved judge; `CheckpointError` saying what to do otherwise."""
    directory = Path(directory)
    path = directory / CONFIG_FILE
    if not path.is_file():
        raise CheckpointError(
            f"{path} is missing: pass a run folder written by `cuakit reward train --model "
            "vlm-tiny-cpu|exevrm-qwen2.5-vl-7b`"
        )
    try:
        meta = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CheckpointError(f"{path} is not valid JSON ({exc}): re-save the judge") from exc
    if not isinstance(meta, dict) or meta.get("format") != FORMAT_NAME:
        raise CheckpointError(f"{path} is not a cuakit reward model; pass a reward run folder")
    if meta.get("backbone") != VLM_BACKBONE:
        raise CheckpointError(
            f"{directory} holds a {meta.get('backbone')!r} reward model, not a vlm judge: load "
            "it with VideoRewardModel.from_pretrained (Scorer.from_run picks the right one), or "
            "train a judge with `cuakit reward train --model vlm-tiny-cpu --base-model PATH`"
        )
    raw = meta.get("vlm")
    known = {f.name for f in fields(VLMJudgeConfig)}
    if not isinstance(raw, dict) or set(raw) - known:
        raise CheckpointError(f"{path}: unusable vlm config ({raw!r}); re-save the judge")
    if not (directory / ADAPTER_DIR / "adapter_model.safetensors").is_file():
        raise CheckpointError(
            f"{directory / ADAPTER_DIR} holds no adapter_model.safetensors: the judge is "
            "incomplete; save it again with VLMJudge.save_pretrained"
        )
    try:
        return VLMJudgeConfig(**raw)
    except ConfigError as exc:
        raise CheckpointError(f"{path}: invalid vlm config: {exc}") from exc


def _freeze(qwen: nn.Module, config: VLMJudgeConfig) -> None:
    """The base model frozen (an adapter learns), with gradient checkpointing if asked."""
    for parameter in qwen.parameters():
        parameter.requires_grad_(False)
    if config.gradient_checkpointing:
        qwen.activation_checkpointing_enable({"use_reentrant": False})


def _load_base(config: VLMJudgeConfig, device: str | None) -> tuple[nn.Module, QwenImageProcessor]:
    """The base Qwen2.5-VL (frozen) and its processor capped at ``config.max_pixels``."""
    from transformers import AutoModelForImageTextToText

    from cuakit.qwen_vl import check_qwen_vl_folder, load_processor

    if not config.base:
        raise ConfigError("the vlm judge needs its base model: pass --base-model PATH")
    check_qwen_vl_folder(config.base)
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    qwen = AutoModelForImageTextToText.from_pretrained(
        config.base, dtype=config.torch_dtype, local_files_only=True
    ).to(device)
    return qwen, load_processor(config.base, config.max_pixels)

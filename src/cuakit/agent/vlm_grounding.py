"""Grounding pretraining for the tiny Qwen2.5-VL: what a real checkpoint brings to SFT (it sees
where things are on a screen), taught to the random tiny model on generated screens, so that a
LoRA run starts, as it would on Qwen2.5-VL-7B, from a model that can point.

A random tiny model never learnt to point from desksim samples alone: its points did not depend
on the screen after thousands of steps (docs/benchmarks.md, stop 44). Pretrained VLMs learn to
point in pretraining, in their own grounding format; this does the same at toy size:

1. ``grounding_screen(rng)`` — a screen of one to four coloured boxes on a plain background,
   the instruction naming one box by its colour, and its centre. Nothing of desksim, MiniWoB or
   any task: no text, no widgets, no cuakit pointer.
2. ``pretrain_grounding(model_dir, steps)`` — every weight trained (there is nothing to adapt
   yet) on "Point at the red box." → ``(0.41, 0.73)``, a plain point, not the JSON action
   schema SFT teaches: the SFT run still has the answer format to learn.

``cuakit agent build-tiny-vlm --out M --grounding-steps N`` builds the tiny model and runs this.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from PIL import Image
from transformers import PreTrainedModel

from cuakit.agent.vlm import END_OF_TURN, QwenImageProcessor, answer_batch, load_policy
from cuakit.errors import ConfigError

COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (214, 48, 49),
    "green": (39, 174, 96),
    "blue": (41, 98, 255),
    "yellow": (241, 196, 15),
    "white": (245, 245, 245),
    "black": (20, 20, 20),
    "orange": (230, 126, 34),
    "purple": (142, 68, 173),
}
"""Box colours and the words that name them."""
HELD_OUT_SCREENS = 64
"""Generated screens the pretraining is scored on (from a seed stream it never trains on)."""
BACKGROUNDS = ((58, 110, 165), (44, 62, 80), (200, 200, 200), (127, 140, 141), (30, 30, 30))
"""Plain screen colours (none equals a box colour)."""


@dataclass(frozen=True)
class GroundingScreen:
    """One generated screen: the pixels, what to point at, where it is."""

    image: np.ndarray
    """uint8 (height, width, 3)"""
    instruction: str
    point: tuple[float, float]
    """the named box's centre, normalised"""
    box: tuple[float, float, float, float]
    """the named box, normalised (x, y, width, height)"""


def grounding_screen(
    rng: np.random.Generator, width: int = 480, height: int = 300
) -> GroundingScreen:
    """One to four boxes of distinct colours (16–120 × 12–60 px, not overlapping) on a plain
    background; the instruction names one of them by colour."""
    background = BACKGROUNDS[rng.integers(len(BACKGROUNDS))]
    image = np.empty((height, width, 3), np.uint8)
    image[:] = background
    names = list(rng.permutation(list(COLOURS))[: rng.integers(1, 5)])
    placed: list[tuple[int, int, int, int]] = []
    for _ in range(200):  # rejection sampling; a crowded screen keeps the boxes it has
        if len(placed) == len(names):
            break
        w, h = int(rng.integers(16, 121)), int(rng.integers(12, 61))
        x, y = int(rng.integers(0, width - w)), int(rng.integers(0, height - h))
        if all(x + w <= a or a + c <= x or y + h <= b or b + d <= y for a, b, c, d in placed):
            placed.append((x, y, w, h))
    for name, (x, y, w, h) in zip(names, placed, strict=False):
        image[y : y + h, x : x + w] = COLOURS[name]
    target = int(rng.integers(len(placed)))
    x, y, w, h = placed[target]
    return GroundingScreen(
        image=image,
        instruction=f"Point at the {names[target]} box.",
        point=((x + w / 2) / width, (y + h / 2) / height),
        box=(x / width, y / height, w / width, h / height),
    )


def point_answer(point: tuple[float, float]) -> str:
    """The pretraining answer: a plain point with two decimals, e.g. ``(0.41, 0.73)``."""
    return f"({point[0]:.2f}, {point[1]:.2f})"


def grounding_prompt(processor: QwenImageProcessor, instruction: str) -> str:
    """The pretraining chat up to the answer: the screen and the instruction, no system text."""
    content = [{"type": "image"}, {"type": "text", "text": instruction}]
    return processor.apply_chat_template(
        [{"role": "user", "content": content}], tokenize=False, add_generation_prompt=True
    )


def grounding_batch(
    processor: QwenImageProcessor, screens: list[GroundingScreen]
) -> dict[str, torch.Tensor]:
    """Screens → one padded batch, the loss on the answers only."""
    return answer_batch(
        processor,
        [Image.fromarray(s.image) for s in screens],
        [grounding_prompt(processor, s.instruction) for s in screens],
        [point_answer(s.point) + END_OF_TURN for s in screens],
    )


_POINT = re.compile(r"\(\s*([0-9.]+)\s*,\s*([0-9.]+)\s*\)")


@torch.no_grad()
def grounding_hits(
    model: PreTrainedModel, processor: QwenImageProcessor, screens: list[GroundingScreen]
) -> float:
    """The share of ``screens`` on which the model's greedy point lands in the named box."""
    model.eval()
    tokenizer, hits = processor.tokenizer, 0
    for screen in screens:
        inputs = processor(
            images=[Image.fromarray(screen.image)],
            text=[grounding_prompt(processor, screen.instruction)],
            return_tensors="pt",
        ).to(model.device)
        output = model.generate(
            **inputs, max_new_tokens=16, do_sample=False, pad_token_id=tokenizer.pad_token_id
        )
        text = tokenizer.decode(output[0, inputs["input_ids"].shape[1] :], skip_special_tokens=True)
        found = _POINT.search(text)
        if found:
            x, y = float(found[1]), float(found[2])
            bx, by, bw, bh = screen.box
            hits += bx <= x <= bx + bw and by <= y <= by + bh
    return hits / max(1, len(screens))


def pretrain_grounding(
    model_dir: Path | str,
    steps: int,
    batch_size: int = 8,
    learning_rate: float = 1e-3,
    seed: int = 0,
    held_out: int = HELD_OUT_SCREENS,
    progress: Callable[[int, int, float], None] | None = None,
) -> dict[str, float]:
    """Train every weight of the model in ``model_dir`` for ``steps`` AdamW steps on generated
    screens and save it back in place; returns the mean loss of the first and last 50 steps,
    the share of ``held_out`` fresh screens it points into the named box on, and the seconds."""
    if steps < 1:
        raise ConfigError(f"--grounding-steps {steps}: give at least 1 (0 skips pretraining)")
    model, processor = load_policy(model_dir, device="cpu")
    model.train()
    optimiser = torch.optim.AdamW(model.parameters(), lr=learning_rate, weight_decay=0.0)
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    losses, started = [], time.perf_counter()
    for step in range(1, steps + 1):
        batch = grounding_batch(processor, [grounding_screen(rng) for _ in range(batch_size)])
        loss = model(**batch).loss
        optimiser.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimiser.step()
        losses.append(loss.item())
        if progress is not None:
            progress(step, steps, losses[-1])
    seconds = time.perf_counter() - started
    model.save_pretrained(model_dir)
    rng_held_out = np.random.default_rng([seed, 1])  # screens training never drew
    screens = [grounding_screen(rng_held_out) for _ in range(held_out)]
    window = min(50, len(losses))
    return {
        "steps": steps,
        "first_loss": float(np.mean(losses[:window])),
        "last_loss": float(np.mean(losses[-window:])),
        "held_out_hits": grounding_hits(model, processor, screens),
        "seconds": seconds,
    }

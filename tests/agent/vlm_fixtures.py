"""Builders shared by the VLM tests: a tiny random Qwen2.5-VL and a few step samples on disk."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from cuakit.actions import Action
from cuakit.curate.samples import IMAGES_DIR, SAMPLES_FILE, StepSample, write_samples

ACTIONS = (
    Action.click(0.5, 0.25, "the OK button"),
    Action.type_text("hello world"),
    Action.drag(0.1, 0.2, 0.7, 0.2, "select the line"),
    Action.finish("the dialog is closed"),
)


def write_step_samples(root: Path, size: tuple[int, int] = (96, 60)) -> Path:
    """One episode of ``ACTIONS`` as a step-sample file with random PNG screenshots (width,
    height = ``size``); returns the samples file."""
    width, height = size
    (root / IMAGES_DIR).mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(0)
    samples = []
    for step, action in enumerate(ACTIONS):
        image = f"{IMAGES_DIR}/000000_{step:02d}.png"
        pixels = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
        Image.fromarray(pixels).save(root / image)
        history = tuple(a.to_json() for a in ACTIONS[:step])
        samples.append(StepSample(
            id=f"tiny/0/{step}", image=image, instruction="Click OK, then type hello world",
            action=action.to_dict(), width=width, height=height, history=history,
            source="test", episode=0, step=step,
        ))  # fmt: skip
    write_samples(root / SAMPLES_FILE, samples)
    return root / SAMPLES_FILE

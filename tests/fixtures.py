"""Builders of tiny test data, made on the fly (nothing generated is committed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cuakit.actions import Action
from cuakit.envs.desksim.render import draw_cursor
from cuakit.episodes import EpisodeWriter
from cuakit.episodes.bench import synthetic_screen


def episode_frames(seed: int, num_frames: int = 6, width: int = 64, height: int = 40) -> np.ndarray:
    """The frames episode ``seed`` is written with, so tests can check decoding bit for bit."""
    return synthetic_screen(num_frames, width, height, seed=seed)


def write_episodes(root: Path, seeds: list[int], codec: str = "lossless", fps: int = 10) -> None:
    """One episode per seed: frames from ``episode_frames``, a click step per frame."""
    with EpisodeWriter(root, fps=fps, codec=codec) as writer:
        for seed in seeds:
            writer.begin(
                env_id=f"test/env-{seed % 2}",
                instruction=f"episode with seed {seed}",
                task_id=f"task-{seed}",
                seed=seed,
                policy="scripted",
                extra={"family": "test"},
            )
            frames = episode_frames(seed)
            for i, frame in enumerate(frames):
                writer.add_frame(frame)
                if i < len(frames) - 1:
                    writer.add_step(
                        Action.click(0.5, 0.25), reward=0.5, cursor=(0.5, 0.25), info={"i": i}
                    )
            writer.finish(success=seed % 2 == 0)


def write_field_presses(root: Path, count: int) -> None:
    """``count`` episodes on a white page with one empty text field (MiniWoB's focus-text):
    the pointer moves, then presses inside the field (even episodes: success) or on the blank
    page beside it (odd: failure) — presses that land on no word."""
    page = np.full((100, 160, 3), 255, np.uint8)
    page[40, 20:140] = page[60, 20:140] = page[40:61, 20] = page[40:61, 139] = 120
    with EpisodeWriter(root, fps=10) as writer:
        for seed in range(count):
            x, y = (40 + 10 * seed, 50) if seed % 2 == 0 else (30 + 10 * seed, 85)
            writer.begin(env_id="test/field", instruction="Focus into the textbox.",
                         seed=seed, policy="scripted", extra={"family": "field"})  # fmt: skip
            for t, pressed in enumerate((False, False, True, False)):
                frame = page.copy()
                draw_cursor(frame, x - 12 + 6 * t if t < 2 else x, y, pressed)
                writer.add_frame(frame)
                if t < 3:
                    writer.add_step(Action.click(x / 160, y / 100))
            writer.finish(success=seed % 2 == 0)

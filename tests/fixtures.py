"""Builders of tiny test data, made on the fly (nothing generated is committed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cuakit.actions import Action
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


def write_tasks(root: Path, tasks: list[dict[str, Any]]) -> list[int]:
    """One 3-frame episode per task: ``instruction``, and optionally ``seed`` (default None),
    ``family`` ("test"), ``success`` (True) and ``extra`` (merged into the episode's extra,
    e.g. ``{"derived_from": 0}``). Returns the episodes' indices, in order."""
    indices = []
    with EpisodeWriter(root, fps=10) as writer:
        for k, task in enumerate(tasks):
            writer.begin(
                env_id="test/tasks",
                instruction=task["instruction"],
                task_id=f"task-{k}",
                seed=task.get("seed"),
                policy="scripted",
                extra={"family": task.get("family", "test"), **task.get("extra", {})},
            )
            for frame in episode_frames(k, num_frames=3, width=32, height=24):
                writer.add_frame(frame)
            meta = writer.finish(success=task.get("success", True))
            indices.append(meta.index)
    return indices


def lab_policy_copies(seed: int = 0) -> Callable[[], Any]:
    """A function returning a new lab policy with the same random weights at each call: the
    runs a resume test compares start from one policy."""
    import torch

    from cuakit.agent.policy import LabPolicy, PolicyConfig

    torch.manual_seed(seed)
    start = LabPolicy(PolicyConfig()).state_dict()

    def copy() -> LabPolicy:
        policy = LabPolicy(PolicyConfig())
        policy.load_state_dict(start)
        return policy

    return copy

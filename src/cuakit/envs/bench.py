"""Environment benchmark: steps/s rendering only and with recording, side by side."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import cuakit.envs as envs
from cuakit.envs.experts import policy_from_spec
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeWriter


def _run(env: Any, policy_spec: str, steps: int, seed: int = 0) -> tuple[float, float]:
    """Steps per second of ``policy_spec`` on ``env`` (a GUIEnv or a RecordEpisode), and
    video frames written per step (0 without recording)."""
    policy = policy_from_spec(policy_spec)
    gui = getattr(env, "gui", env)
    done, count, episode = True, 0, 0
    frames_before = env.writer.frames_added if isinstance(env, RecordEpisode) else 0
    start = time.perf_counter()
    while count < steps:
        if done:
            policy.reset(seed + episode)
            obs, info = env.reset(seed=seed + episode)
            episode += 1
        obs, _, terminated, truncated, info = env.step(policy.act(gui, obs, info))
        done = terminated or truncated
        count += 1
    frames = 0
    if isinstance(env, RecordEpisode):  # the clock includes committing what was recorded
        env.writer.discard()
        env.writer.flush()
        frames = env.writer.frames_added - frames_before
    return count / (time.perf_counter() - start), frames / count


def bench_env(
    steps: int = 2000, fps: int = 10, pattern: str = "cuakit/desksim-*"
) -> dict[str, Any]:
    """Per family: random-policy steps/s without and with recording (lossless, the dataset
    default), expert steps/s with recording, and recorded frames per step."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="cuakit-bench-env-") as tmp:
        for env_id in envs.env_ids(pattern):
            plain, _ = _run(envs.make(env_id), "random", steps)
            writer = EpisodeWriter(Path(tmp) / env_id.replace("/", "_"), fps=fps)
            record = RecordEpisode(envs.make(env_id), writer, "random", wait=False)
            recorded, frames_per_step = _run(record, "random", steps // 4)
            record = RecordEpisode(envs.make(env_id), writer, "expert", wait=False)
            expert, expert_frames_per_step = _run(record, "expert", steps // 4)
            rows.append(
                {
                    "env_id": env_id,
                    "steps_per_s": plain,
                    "recorded_steps_per_s": recorded,
                    "recorded_frames_per_step": frames_per_step,
                    "recorded_expert_steps_per_s": expert,
                    "recorded_expert_frames_per_step": expert_frames_per_step,
                }
            )
    mean = {key: sum(r[key] for r in rows) / len(rows) for key in rows[0] if key != "env_id"}
    return {
        "rows": rows,
        "mean": mean,
        "fps": fps,
        "size": [480, 300],
        "ratio_recorded_vs_plain": mean["recorded_steps_per_s"] / mean["steps_per_s"],
    }


def policy_outcomes(env_id: str, policy_spec: str, seeds: range, **env_kwargs: Any) -> list[bool]:
    """Success of ``policy_spec`` on each seed (no recording)."""
    env = envs.make(env_id, **env_kwargs)
    policy = policy_from_spec(policy_spec)
    outcomes = []
    for seed in seeds:
        policy.reset(seed)
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(policy.act(env, obs, info))
            done = terminated or truncated
        outcomes.append(bool(info["success"]))
    return outcomes


def policy_success(env_id: str, policy_spec: str, seeds: int, **env_kwargs: Any) -> float:
    """Success rate of ``policy_spec`` over seeds 0..seeds-1."""
    return sum(policy_outcomes(env_id, policy_spec, range(seeds), **env_kwargs)) / seeds


def bench_experts(
    seeds: int = 200,
    specs: tuple[str, ...] = ("expert", "expert:noise=0.3", "random"),
    pattern: str = "cuakit/desksim-*",
) -> dict[str, Any]:
    """Per family, the success rate of each policy over the same seeds (levels drawn per seed)."""
    rows = [
        {"env_id": env_id, **{spec: policy_success(env_id, spec, seeds) for spec in specs}}
        for env_id in envs.env_ids(pattern)
    ]
    return {"seeds": seeds, "policies": list(specs), "rows": rows}


__all__ = ["bench_env", "bench_experts", "policy_outcomes", "policy_success"]

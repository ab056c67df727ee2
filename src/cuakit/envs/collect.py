"""Collect episodes from envs with a policy into an episode dataset (``cuakit collect``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cuakit.envs as envs
from cuakit.envs.experts import Policy, policy_from_spec
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeWriter
from cuakit.errors import CuakitError

MAX_LIVE_BACKENDS = 8
"""Above this many env ids, a real backend (browser, X server) is stopped after each of its
episodes and started again at its next one, instead of one staying up per env id."""


@dataclass
class CollectSummary:
    episodes: int = 0
    successes: int = 0
    errors: list[str] = field(default_factory=list)
    per_env: dict[str, list[int]] = field(default_factory=dict)  # env id → [episodes, successes]

    def add(self, env_id: str, success: bool) -> None:
        """Count one recorded episode."""
        self.episodes += 1
        self.successes += success
        counts = self.per_env.setdefault(env_id, [0, 0])
        counts[0] += 1
        counts[1] += success

    def as_dict(self) -> dict[str, Any]:
        return {
            "episodes": self.episodes,
            "successes": self.successes,
            "success_rate": self.successes / self.episodes if self.episodes else None,
            "errors": self.errors,
            "per_env": {
                env_id: {"episodes": n, "success_rate": s / n if n else None}
                for env_id, (n, s) in self.per_env.items()
            },
        }


def record_episode(recorder: RecordEpisode, policy: Policy, seed: int) -> bool:
    """Play one episode of ``policy`` from ``seed`` into ``recorder``'s dataset; returns the
    env's success. A cuakit error discards the episode in progress and propagates."""
    try:
        policy.reset(seed)
        obs, info = recorder.reset(seed=seed)
        done = False
        while not done:
            action = policy.act(recorder.gui, obs, info)
            obs, _, terminated, truncated, info = recorder.step(action)
            done = terminated or truncated
    except CuakitError:
        recorder.writer.discard()
        recorder.gui.attach_recorder(None)
        raise
    return bool(info["success"])


def collect(
    env_pattern: str,
    policy_spec: str,
    episodes: int,
    out: Path,
    seed: int = 0,
    fps: int = 10,
    codec: str = "lossless",
    env_kwargs: dict[str, Any] | None = None,
    on_episode: Callable[[CollectSummary], None] | None = None,
    terminate_on_success: bool = False,
) -> CollectSummary:
    """Episode ``i`` runs env ``ids[i % len(ids)]`` with seed ``seed + i``. An episode ends
    when the policy says ``finish`` or ``fail`` or at the step limit, as in every video-reward
    run, so a video's length and last frame are the policy's; ``terminate_on_success`` ends it
    on the env's own success instead (gymnasium's ground-truth path).

    An episode that raises a cuakit error (a crashed backend, a malformed action) is
    discarded and counted in ``errors``; collection goes on.
    """
    env_ids = envs.env_ids(env_pattern)
    policy = policy_from_spec(policy_spec)
    writer = EpisodeWriter(out, fps=fps, codec=codec, process=True)  # recording-bound
    recorders = {
        env_id: RecordEpisode(
            envs.make(env_id, terminate_on_success, **(env_kwargs or {})),
            writer,
            policy=policy_spec,
            wait=False,
        )
        for env_id in env_ids
    }
    summary = CollectSummary()
    try:
        for i in range(episodes):
            env_id = env_ids[i % len(env_ids)]
            recorder, episode_seed = recorders[env_id], seed + i
            try:
                success = record_episode(recorder, policy, episode_seed)
            except CuakitError as exc:
                summary.errors.append(f"{env_id} seed {episode_seed}: {exc}")
                continue
            if len(env_ids) > MAX_LIVE_BACKENDS and hasattr(recorder.gui, "helper_pids"):
                recorder.gui.close()  # a browser or X server per env id would not fit in memory
            summary.add(env_id, success)
            if on_episode:
                on_episode(summary)
    finally:
        try:
            for recorder in recorders.values():
                recorder.close()
        finally:
            writer.close()
    return summary

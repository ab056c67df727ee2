"""``cuakit bench scale``: collection and scoring throughput with 1, 2, … Ray actors, and
PPO's wall time per update with its rollouts in this process or on 1, 2, … Ray workers.

Each figure times the work alone: the actors are started (and their models loaded) before
the clock starts, and Ray's own start-up is left out. The one-process row is
`cuakit.envs.collect.collect` without Ray, for the overhead of the actors. PPO's time per
update is the mean gap between consecutive updates after the first (the first waits for the
workers to start).
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuakit.agent.ppo import PPOConfig, train
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError
from cuakit.reward.model import RewardModelConfig, VideoRewardModel
from cuakit.scale import ray_session
from cuakit.scale.collect import ShardedCollection
from cuakit.scale.rollouts import train_on_ray
from cuakit.scale.scoring import remote_scorer, score_on_ray


def counts(most: int) -> list[int]:
    """1, 2, 4, … up to ``most`` (and ``most`` itself)."""
    values = [1]
    while values[-1] * 2 <= most:
        values.append(values[-1] * 2)
    return values if values[-1] == most else [*values, most]


def bench_scale(
    env: str,
    episodes: int,
    workers: int,
    scorers: int,
    ray_address: str | None = None,
    progress: Callable[[str], None] | None = None,
    ppo_steps: int = 1024,
) -> dict[str, Any]:
    say = progress or (lambda _: None)
    result: dict[str, Any] = {"env": env, "episodes": episodes, "cpus": os.cpu_count(),
                              "collect": [], "score": [], "ppo": []}  # fmt: skip
    with (
        tempfile.TemporaryDirectory(prefix="cuakit-bench-scale-") as tmp,
        ray_session(ray_address, num_cpus=max(workers, scorers), flag="bench scale") as ray,
    ):
        say("one process, no Ray")
        start = time.perf_counter()
        summary = collect(env, "expert", episodes, Path(tmp) / "baseline")
        seconds = time.perf_counter() - start
        steps = sum(m.length for m in EpisodeDataset(Path(tmp) / "baseline").episodes)
        result["collect"].append(_row("process", 1, summary.episodes, steps, seconds))
        for n in counts(workers):
            say(f"{n} env worker(s)")
            out = Path(tmp) / f"workers-{n}"
            collection = ShardedCollection(ray, env, "expert", episodes, out, n)
            collection.pids()  # every actor constructed before the clock starts
            summary = collection.run()
            collection.merge()
            result["collect"].append(_row("ray", n, summary.episodes, collection.worker_steps,
                                          collection.seconds))  # fmt: skip
        run = Path(tmp) / "model"
        VideoRewardModel(RewardModelConfig(reader="templates")).save_pretrained(run)
        root = Path(tmp) / "baseline"
        indices = EpisodeDataset(root).indices
        for m in counts(scorers):
            say(f"{m} reward scorer(s)")
            actors = [remote_scorer(ray).remote(str(run)) for _ in range(m)]
            ray.get([a.score.remote(str(root), indices[:1]) for a in actors])  # warm up
            start = time.perf_counter()
            score_on_ray(ray, actors, root, indices)
            seconds = time.perf_counter() - start
            for actor in actors:
                ray.kill(actor)
            result["score"].append({"scorers": m, "clips": len(indices), "seconds": seconds,
                                    "clips_per_s": len(indices) / seconds})  # fmt: skip
        if ppo_steps:
            result["ppo"] = _ppo_rows(ray, env, ppo_steps, workers, Path(tmp), say)
    for rows, key in ((result["collect"][1:], "steps_per_s"), (result["score"], "clips_per_s")):
        for row in rows:
            row["speedup"] = row[key] / rows[0][key]
    for row in result["ppo"]:
        row["speedup"] = result["ppo"][0]["seconds_per_update"] / row["seconds_per_update"]
    return result


def _ppo_rows(
    ray: Any, env: str, steps: int, workers: int, tmp: Path, say: Callable[[str], None]
) -> list[dict[str, Any]]:
    """PPO with ground truth on ``env`` for ``steps`` steps: rollouts here, then on 1, 2, …
    workers, synchronous (lag 0) and pipelined (lag 1)."""
    config = PPOConfig(env=env, reward="gt", steps=steps, eval_episodes=1, record_episodes=0,
                       threads=1)  # fmt: skip
    runs: list[tuple[str, int, int, Callable[[Path], dict[str, Any]]]] = [
        ("process", 0, 0, lambda out: train(config, out))]  # fmt: skip
    for n in counts(workers):
        if config.num_envs % n == 0:
            for lag in (0, 1):
                runs.append(("ray", n, lag, lambda out, n=n, lag=lag: train_on_ray(
                    config, out, n, max_policy_lag=lag)))  # fmt: skip
    rows = []
    for kind, n, lag, run in runs:
        say(f"PPO, rollouts: {kind} {n or ''} (lag {lag})")
        history = run(tmp / f"ppo-{kind}-{n}-{lag}")["history"]
        rows.append({"kind": kind, "rollout_workers": n, "max_policy_lag": lag,
                     "updates": len(history),
                     "seconds_per_update": seconds_per_update(history)})  # fmt: skip
    return rows


def seconds_per_update(history: list[dict[str, Any]]) -> float:
    """The mean gap between consecutive PPO updates (``time/seconds`` of each history row): the
    first update, which also waits for workers to start, is left out."""
    times = [row["time/seconds"] for row in history]
    if len(times) < 2:
        raise ConfigError("--ppo-steps: give at least two updates' worth of steps")
    return (times[-1] - times[0]) / (len(times) - 1)


def _row(kind: str, workers: int, episodes: int, steps: int, seconds: float) -> dict[str, Any]:
    return {"kind": kind, "workers": workers, "episodes": episodes, "steps": steps,
            "seconds": seconds, "steps_per_s": steps / seconds,
            "episodes_per_s": episodes / seconds}  # fmt: skip

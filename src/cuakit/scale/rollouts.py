"""PPO on Ray: ``RolloutWorker`` actors play the envs, ``RewardScorer`` actors judge the
videos, the learner (`cuakit.agent.ppo.train`) stays in the driver.

```
learner ──(weights, version v: object store)──▶ RolloutWorker k: its own EnvPool share
   ▲                                                  │ Segment (steps, finished episodes, v)
   ├──────────────────────────────────────────────────┘
   └──(videos of finished episodes)──▶ RewardScorer m ──▶ P(success), per-step scores
```

Policy versions: the learner's version is its update count; it puts the weights in the object
store once per version and every worker loads them before it plays. Each segment carries the
version that played it, and a segment more than ``max_policy_lag`` (K) versions old is
dropped and played again with the current weights. K = 0 (the default) is the synchronous
PPO of one process. With K ≥ 1 a worker starts its next rollout as soon as it hands one in,
so it plays while the learner updates and the learner learns from segments one version old,
relying on PPO's clipped ratio against the behaviour log-probabilities (as APPO does, but
without V-trace): measured on click-button (3 seeds) it is 1.3× faster per update on two
cores but learned on one seed of three, so it is not the default.

A worker that dies (its process killed, its browser or X server gone) is restarted by Ray and
its rollout played again; the episodes it had begun are lost, never half-counted.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import torch

from cuakit.agent.policy import LabPolicy
from cuakit.agent.pool import SEED_STRIDE
from cuakit.agent.ppo import PPOConfig, Progress, make_pool, train
from cuakit.agent.rewards import RewardSpec
from cuakit.agent.rollout import Segment, collect_segment, join
from cuakit.errors import ConfigError
from cuakit.reward.text import InstructionEncoder
from cuakit.scale import ray_session
from cuakit.scale.scoring import remote_scorer

MAX_RESTARTS = 3


def seed_span(workers: int) -> int:
    """Seeds of one run reserved for each worker: worker k starts at ``k * span``."""
    return SEED_STRIDE // workers


def check_options(config: PPOConfig, workers: int, max_policy_lag: int) -> None:
    """A `ConfigError` naming the flag for rollout options that cannot work with ``config``."""
    if workers < 1 or config.num_envs % workers:
        raise ConfigError(
            f"--rollout-workers {workers}: the {config.num_envs} envs (--num-envs) must "
            "split evenly between the workers"
        )
    if max_policy_lag < 0:
        raise ConfigError(f"--max-policy-lag {max_policy_lag}: use 0 (synchronous) or more")
    span = seed_span(workers)
    if config.steps // workers >= span:
        raise ConfigError(
            f"--steps {config.steps} on {workers} workers would run past each worker's "
            f"{span} seeds; use fewer steps or workers"
        )


class RolloutWorker:
    """``envs`` envs of a PPO config (envs ``first_env…`` of the whole pool) and a copy of the
    policy (a Ray actor when made with `remote_rollout_worker`)."""

    def __init__(
        self,
        config: PPOConfig,
        first_env: int,
        envs: int,
        record_video: bool,
        seeds_from: int,
        episodes_started: int = 0,
    ) -> None:
        torch.set_num_threads(1)
        # each worker samples its actions from a stream of its own, fixed by the run's seed
        torch.manual_seed(config.seed * SEED_STRIDE + seeds_from + episodes_started)
        self.config, self.seeds_from = config, seeds_from
        self.pool = make_pool(replace(config, num_envs=envs), record_video,
                              seed_offset=seeds_from + episodes_started,
                              first_env=first_env)  # fmt: skip
        self.text = InstructionEncoder()
        self.policy = LabPolicy(config.policy)
        self.version = -1
        self.next_done = torch.zeros(envs)

    def collect(
        self,
        weights: dict[str, torch.Tensor],
        version: int,
        level: int | None,
        shaping_weight: float | None,
    ) -> Segment:
        if version != self.version:
            self.policy.load_state_dict(weights)
            self.version = version
        self.pool.level = level
        segment = collect_segment(self.policy, self.pool, self.text, self.config.num_steps,
                                  self.next_done, shaping_weight, version)  # fmt: skip
        self.next_done = segment.next_done
        return segment

    def episodes_started(self) -> int:
        return self.pool.episodes_started - self.seeds_from

    def pid(self) -> int:
        return os.getpid()

    def node(self) -> str:
        """The Ray node this worker runs on ("" outside Ray)."""
        import ray

        return ray.get_runtime_context().get_node_id() if ray.is_initialized() else ""

    def close(self) -> None:
        self.pool.close()


def remote_rollout_worker(ray: Any) -> Any:
    """``RolloutWorker`` as a Ray actor class: one CPU, restarted when its process dies, its
    rollout retried."""
    return ray.remote(num_cpus=1, max_restarts=MAX_RESTARTS, max_task_retries=MAX_RESTARTS)(
        RolloutWorker
    )


class RayRollouts:
    """A `cuakit.agent.rollout.RolloutSource` of ``workers`` Ray workers sharing the config's
    ``num_envs`` envs between them."""

    def __init__(
        self,
        ray: Any,
        config: PPOConfig,
        workers: int,
        record_video: bool,
        max_policy_lag: int = 0,
        episodes_started: int = 0,
    ) -> None:
        check_options(config, workers, max_policy_lag)
        span = seed_span(workers)
        self.ray, self.max_policy_lag, self.dropped = ray, max_policy_lag, 0
        per = config.num_envs // workers
        actor = remote_rollout_worker(ray)
        self.workers = [
            actor.remote(config, k * per, per, record_video, k * span, episodes_started)
            for k in range(workers)
        ]
        self.in_flight: list[tuple[Any, int] | None] = [None] * workers
        self.weights: tuple[int, Any] | None = None

    def _launch(self, k: int, policy: LabPolicy, version: int, level: int | None,
                shaping_weight: float | None) -> None:  # fmt: skip
        if self.weights is None or self.weights[0] != version:
            state = {name: t.detach().cpu() for name, t in policy.state_dict().items()}
            self.weights = (version, self.ray.put(state))
        ref = self.workers[k].collect.remote(self.weights[1], version, level, shaping_weight)
        self.in_flight[k] = (ref, version)

    def collect(
        self, policy: LabPolicy, version: int, level: int | None, shaping_weight: float | None
    ) -> Segment:
        for k, flight in enumerate(self.in_flight):
            if flight is None:
                self._launch(k, policy, version, level, shaping_weight)
        segments: list[Segment | None] = [None] * len(self.workers)
        while any(s is None for s in segments):
            for k, flight in enumerate(self.in_flight):
                if segments[k] is not None or flight is None:
                    continue
                segment = self.ray.get(flight[0])
                self.in_flight[k] = None
                if version - segment.version > self.max_policy_lag:
                    self.dropped += 1  # too stale: play it again with the current weights
                    self._launch(k, policy, version, level, shaping_weight)
                    continue
                segments[k] = segment
        if self.max_policy_lag > 0:  # the workers play on while the learner updates
            for k in range(len(self.workers)):
                self._launch(k, policy, version, level, shaping_weight)
        return join([s for s in segments if s is not None])

    @property
    def episodes_started(self) -> int:
        """The most episodes any worker has begun (a resumed run starts each after that)."""
        return max(self.ray.get([w.episodes_started.remote() for w in self.workers]))

    def pids(self) -> list[int]:
        return self.ray.get([w.pid.remote() for w in self.workers])

    def nodes(self) -> list[str]:
        """The Ray node of each worker."""
        return self.ray.get([w.node.remote() for w in self.workers])

    def close(self) -> None:
        for k, flight in enumerate(self.in_flight):
            if flight is not None:  # a pipelined rollout nobody will learn from
                self.ray.cancel(flight[0], force=False)
                self.in_flight[k] = None
        self.ray.get([w.close.remote() for w in self.workers])
        for worker in self.workers:
            self.ray.kill(worker)


class RayScorers:
    """Judges videos on ``scorers`` Ray `RewardScorer` actors holding the reward run ``run``;
    has `cuakit.reward.scoring.Scorer`'s ``score`` (what PPO's rewards call)."""

    def __init__(self, ray: Any, run: str, scorers: int) -> None:
        self.ray = ray
        self.actors = [remote_scorer(ray).remote(str(run)) for _ in range(scorers)]

    def score(
        self, videos: list[np.ndarray], instructions: list[str], batch: int = 8, fps: float = 10.0
    ) -> list[Any]:
        from ray.util import ActorPool

        chunks = [(videos[lo : lo + batch], instructions[lo : lo + batch])
                  for lo in range(0, len(videos), batch)]  # fmt: skip
        pool = ActorPool(self.actors)
        results = pool.map(
            lambda actor, chunk: actor.score_videos.remote(chunk[0], chunk[1], batch, fps), chunks
        )
        return [score for chunk in results for score in chunk]


def train_on_ray(
    config: PPOConfig,
    out: Path,
    rollout_workers: int,
    scorers: int = 0,
    max_policy_lag: int = 0,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """`cuakit.agent.ppo.train` with its rollouts on ``rollout_workers`` Ray workers and, under
    a video reward, its videos judged by ``scorers`` Ray scorers (0: in the driver)."""
    spec = RewardSpec.parse(config.reward)
    check_options(config, rollout_workers, max_policy_lag)
    if scorers and spec.video is None:
        raise ConfigError(f"--scorers {scorers}: --reward {config.reward} judges no video")
    cpus = rollout_workers + scorers
    with ray_session(ray_address, num_cpus=cpus, flag="--rollout-workers") as ray:
        judges = None
        if scorers and spec.video is not None:
            judges = RayScorers(ray, str(spec.video.run), scorers)

        nodes: list[str] = []

        def rollouts(started: int, record_video: bool, level: int | None) -> RayRollouts:
            source = RayRollouts(ray, config, rollout_workers, record_video, max_policy_lag,
                                 episodes_started=started)  # fmt: skip
            nodes.extend(source.nodes())
            return source

        metrics = train(config, out, progress=progress, rollouts=rollouts, scorer=judges)
    metrics["scale"] = {"rollout_workers": rollout_workers, "scorers": scorers,
                        "max_policy_lag": max_policy_lag, "worker_nodes": nodes}  # fmt: skip
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2, default=str))
    return metrics

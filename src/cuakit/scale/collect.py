"""Collection on Ray: ``EnvWorker`` actors, each recording into its own shard, and the driver.

```
driver ──(item i: env id, seed + i)──▶ EnvWorker k ──▶ OUT.shards/RUN/worker-00k/ (a dataset)
   ▲                                        │
   └──────── {item, success, error} ────────┘        then: merge(shards) ──▶ OUT
```
Episode ``i`` runs env ``ids[i % len(ids)]`` from seed ``seed + i`` whichever worker plays
it, so N workers record the same episodes as `cuakit.envs.collect.collect` (one process).

Losing nothing, duplicating nothing:
- a worker commits an episode before it reports it (``wait=True``), atomically, into its
  own shard: a worker killed mid-episode loses only that episode's ``.tmp/`` files;
- Ray restarts a dead worker (``max_restarts``) with the same shard, and the driver sends it
  the item it was playing again; the worker first looks the item up in its shard, so an
  episode committed just before the kill (but never reported) is reported, not re-recorded;
- `cuakit.scale.shards.merge` skips any episode the output already holds.

The shards live beside ``OUT`` (``OUT.shards/``) and are deleted once merged. With
``--ray-address`` the workers may run on other machines: ``OUT`` must then be on a filesystem
every node mounts at the same path (NFS, a cluster's shared disk); see docs/scale.md.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cuakit.envs as envs
from cuakit.envs.collect import CollectSummary, record_episode
from cuakit.envs.experts import policy_from_spec
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeWriter
from cuakit.episodes.writer import read_episodes_table
from cuakit.errors import BackendError, CuakitError
from cuakit.scale import ray_session
from cuakit.scale.shards import merge

MAX_RESTARTS = 3
"""times Ray restarts one worker (and times one item is retried) before the run fails"""


class EnvWorker:
    """One env per env id, a policy, and a shard dataset of its own (a Ray actor when made
    with `remote_worker`; a plain object in tests that need no Ray)."""

    def __init__(
        self,
        env_pattern: str,
        policy_spec: str,
        shard: str,
        fps: int = 10,
        codec: str = "lossless",
        env_kwargs: dict[str, Any] | None = None,
        terminate_on_success: bool = False,
    ) -> None:
        self.env_pattern, self.policy_spec = env_pattern, policy_spec
        self.env_kwargs, self.terminate_on_success = env_kwargs or {}, terminate_on_success
        self.policy = policy_from_spec(policy_spec)
        self.writer = EpisodeWriter(shard, fps=fps, codec=codec)
        self.recorders: dict[str, RecordEpisode] = {}  # made at an env id's first episode
        # what this shard already holds: a restarted worker finds its predecessor's episodes
        table = read_episodes_table(Path(shard)).select(["task_id", "success"])
        self.recorded = dict(zip(*table.to_pydict().values(), strict=True))
        self.steps = 0  # env steps this worker took (for throughput figures)

    def pid(self) -> int:
        return os.getpid()

    def record(self, item: int, env_id: str, seed: int) -> dict[str, Any]:
        """Play item ``item`` (env ``env_id`` from ``seed``) unless the shard holds it."""
        task_id = f"{env_id}#{seed}"  # what RecordEpisode names it
        result: dict[str, Any] = {"item": item, "env_id": env_id, "seed": seed, "error": None}
        if task_id in self.recorded:
            return result | {"success": self.recorded[task_id], "recovered": True}
        recorder = self.recorders.get(env_id)
        if recorder is None:
            env = envs.make(env_id, self.terminate_on_success, **self.env_kwargs)
            recorder = RecordEpisode(env, self.writer, policy=self.policy_spec, wait=True)
            self.recorders[env_id] = recorder
        try:
            success = record_episode(recorder, self.policy, seed)
        except CuakitError as exc:
            return result | {"success": None, "error": f"{env_id} seed {seed}: {exc}"}
        assert recorder.last_episode is not None  # wait=True: committed when finish returned
        self.steps += recorder.last_episode.length
        self.recorded[task_id] = success
        return result | {"success": success, "recovered": False}

    def stats(self) -> dict[str, int]:
        return {"steps": self.steps, "pid": os.getpid()}

    def close(self) -> None:
        try:
            for recorder in self.recorders.values():
                recorder.close()
        finally:
            self.writer.close()


def remote_worker(ray: Any) -> Any:
    """``EnvWorker`` as a Ray actor class: one CPU, restarted when its process dies."""
    return ray.remote(num_cpus=1, max_restarts=MAX_RESTARTS, max_task_retries=0)(EnvWorker)


class ShardedCollection:
    """``ShardedCollection(...).run()`` on a started Ray: what `collect` does, on N workers.

    ``workers`` (the actor handles) and ``pids()`` are there for tests that kill one."""

    def __init__(
        self,
        ray: Any,
        env_pattern: str,
        policy_spec: str,
        episodes: int,
        out: Path,
        workers: int,
        seed: int = 0,
        fps: int = 10,
        codec: str = "lossless",
        env_kwargs: dict[str, Any] | None = None,
        terminate_on_success: bool = False,
    ) -> None:
        self.ray, self.out = ray, Path(out)
        self.env_ids = envs.env_ids(env_pattern)  # a bad pattern fails here, not in a worker
        policy_from_spec(policy_spec)
        self.items = [(i, self.env_ids[i % len(self.env_ids)], seed + i) for i in range(episodes)]
        run = time.strftime("%Y%m%d-%H%M%S") + "-" + uuid.uuid4().hex[:6]
        self.shard_root = self.out.with_name(f"{self.out.name}.shards") / run
        self.shards = [self.shard_root / f"worker-{k:03d}" for k in range(workers)]
        actor = remote_worker(ray)
        self.workers = [
            actor.remote(
                env_pattern, policy_spec, str(shard), fps, codec, env_kwargs, terminate_on_success
            )
            for shard in self.shards
        ]
        self.retries = 0  # items sent again because their worker died
        self.seconds = 0.0  # from the first item sent to the last result (no Ray start-up)
        self.worker_steps = 0

    def pids(self) -> list[int]:
        return self.ray.get([w.pid.remote() for w in self.workers])

    def run(self, on_episode: Callable[[CollectSummary], None] | None = None) -> CollectSummary:
        ray, summary = self.ray, CollectSummary()
        todo = deque(self.items)
        attempts: dict[int, int] = {}
        in_flight: dict[Any, tuple[int, tuple[int, str, int]]] = {}  # ref → (worker, item)

        def send(k: int, item: tuple[int, str, int]) -> None:
            in_flight[self.workers[k].record.remote(*item)] = (k, item)

        start = time.perf_counter()
        for k in range(len(self.workers)):
            if todo:
                send(k, todo.popleft())
        results: dict[int, dict[str, Any]] = {}
        while in_flight:
            [ref], _ = ray.wait(list(in_flight), num_returns=1)
            k, item = in_flight.pop(ref)
            try:
                result = ray.get(ref)
            except ray.exceptions.RayActorError as exc:
                attempts[item[0]] = attempts.get(item[0], 0) + 1
                if attempts[item[0]] > MAX_RESTARTS:
                    raise BackendError(
                        f"worker {k} died {attempts[item[0]]} times playing {item[1]} seed "
                        f"{item[2]} ({exc}); its shard {self.shards[k]} keeps what it finished"
                    ) from exc
                self.retries += 1
                send(k, item)  # to the same worker, restarted by Ray with the same shard
                continue
            results[item[0]] = result
            if result["error"] is None:
                summary.add(result["env_id"], bool(result["success"]))
                if on_episode:
                    on_episode(summary)
            if todo:
                send(k, todo.popleft())
        self.seconds = time.perf_counter() - start
        stats = ray.get([w.stats.remote() for w in self.workers])
        self.worker_steps = sum(s["steps"] for s in stats)
        ray.get([w.close.remote() for w in self.workers])
        for worker in self.workers:
            ray.kill(worker)
        # per_env in env-id order, whatever order the workers finished in
        summary.per_env = {e: summary.per_env[e] for e in self.env_ids if e in summary.per_env}
        summary.errors = [results[i]["error"] for i in sorted(results) if results[i]["error"]]
        return summary

    def merge(self) -> None:
        """Join the shards into ``out`` in item order (= seed order), then delete them."""
        shards = [s for s in self.shards if (s / "meta" / "info.json").exists()]
        if shards:
            merge(shards, self.out, order=lambda meta: meta.seed)
        shutil.rmtree(self.shard_root)
        parent = self.shard_root.parent
        if parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()


def collect_on_ray(
    env_pattern: str,
    policy_spec: str,
    episodes: int,
    out: Path,
    workers: int,
    ray_address: str | None = None,
    seed: int = 0,
    fps: int = 10,
    codec: str = "lossless",
    env_kwargs: dict[str, Any] | None = None,
    on_episode: Callable[[CollectSummary], None] | None = None,
    terminate_on_success: bool = False,
) -> CollectSummary:
    """`cuakit.envs.collect.collect` on ``workers`` Ray actors: joined at ``ray_address``, else
    a local Ray started for the call. The episodes land in ``out`` in seed order."""
    envs.env_ids(env_pattern), policy_from_spec(policy_spec)  # wrong ids fail before Ray starts
    with ray_session(ray_address, num_cpus=workers) as ray:
        collection = ShardedCollection(
            ray, env_pattern, policy_spec, episodes, out, workers, seed=seed, fps=fps,
            codec=codec, env_kwargs=env_kwargs, terminate_on_success=terminate_on_success,
        )  # fmt: skip
        summary = collection.run(on_episode)
        collection.merge()
    return summary

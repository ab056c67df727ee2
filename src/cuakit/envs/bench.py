"""Environment benchmark: steps/s rendering only and with recording, side by side; desksim
per family, then desksim next to the real backends (MiniWoB in Chromium, AbiWord on X11)."""

from __future__ import annotations

import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import cuakit.envs as envs
from cuakit.envs.experts import policy_from_spec
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeWriter
from cuakit.errors import BackendUnavailableError


def _run(
    env: Any, policy_spec: str, steps: int, seed: int = 0, warmup: int = 0
) -> tuple[float, float]:
    """Steps per second of ``policy_spec`` on ``env`` (a GUIEnv or a RecordEpisode), and
    video frames written per step (0 without recording). The first ``warmup`` steps run
    before the clock starts (they fill the text and scene caches)."""
    policy = policy_from_spec(policy_spec)
    gui = getattr(env, "gui", env)
    done, count, episode = True, -warmup, 0
    start, frames_before = time.perf_counter(), 0
    while count < steps:
        if count == 0:
            start = time.perf_counter()
            frames_before = env.writer.frames_added if isinstance(env, RecordEpisode) else 0
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


WARMUP_STEPS = 50
"""Untimed steps per measurement: the steady state is what a long collection run sees."""


def bench_env(
    steps: int = 2000, fps: int = 10, pattern: str = "cuakit/desksim-*"
) -> dict[str, Any]:
    """Per family: random-policy steps/s without and with recording (lossless, the dataset
    default, encoded in child processes as ``collect`` does), the same with the encoder on a
    thread of this process, expert steps/s with recording, and recorded frames per step."""
    rows = []
    warmup = min(WARMUP_STEPS, steps // 4)
    with tempfile.TemporaryDirectory(prefix="cuakit-bench-env-") as tmp:
        for env_id in envs.env_ids(pattern):
            plain, _ = _run(envs.make(env_id), "random", steps, warmup=warmup)
            root = Path(tmp) / env_id.replace("/", "_")
            with EpisodeWriter(root, fps=fps) as writer:  # the encoder on a thread
                record = RecordEpisode(envs.make(env_id), writer, "random", wait=False)
                threaded, _ = _run(record, "random", steps // 4, warmup=warmup)
            with EpisodeWriter(root, fps=fps, process=True) as writer:
                record = RecordEpisode(envs.make(env_id), writer, "random", wait=False)
                recorded, frames_per_step = _run(record, "random", steps // 4, warmup=warmup)
                record = RecordEpisode(envs.make(env_id), writer, "expert", wait=False)
                expert, expert_frames_per_step = _run(record, "expert", steps // 4, warmup=warmup)
            rows.append(
                {
                    "env_id": env_id,
                    "steps_per_s": plain,
                    "recorded_steps_per_s": recorded,
                    "recorded_thread_steps_per_s": threaded,
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
        "ratio_process_vs_thread": (
            mean["recorded_steps_per_s"] / mean["recorded_thread_steps_per_s"]
        ),
    }


BACKEND_ENVS = (
    "cuakit/desksim-checkboxes-v0",
    "cuakit/desksim-editor-bold-v0",
    "cuakit/miniwob-click-checkboxes-v0",
    "cuakit/miniwob-login-user-v0",
    "cuakit/x11-abiword-bold-line-v0",
)
"""Like for like: checkboxes in desksim and in a browser, a bold line in desksim's editor and
in AbiWord."""


def helper_memory_mb(pids: set[int]) -> float:
    """Proportional set size (shared pages split between sharers) of ``pids``, in MB."""
    total_kb = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total_kb += int(line.split()[1])
        except (OSError, ValueError):
            continue
    return total_kb / 1024


def bench_backend(env_id: str, steps: int, fps: int, out: Path) -> dict[str, Any]:
    """One env: random steps/s without recording, expert steps/s and frames/s with recording,
    and the memory one instance holds — its helper processes (browser, X server, application:
    PSS) for real backends, the Python objects it keeps (tracemalloc) for desksim."""
    tracemalloc.start()
    env = envs.make(env_id)
    try:
        env.reset(seed=0)  # start the browser or X server outside the clock
        python_mb = tracemalloc.get_traced_memory()[0] / 2**20
        tracemalloc.stop()
        plain, _ = _run(env, "random", steps)
        record = RecordEpisode(env, EpisodeWriter(out, fps=fps), "expert", wait=False)
        recorded, frames_per_step = _run(record, "expert", steps)
        pids = env.helper_pids() if hasattr(env, "helper_pids") else set()
        memory = helper_memory_mb(pids) if pids else python_mb
    finally:
        if tracemalloc.is_tracing():
            tracemalloc.stop()
        env.close()
    return {
        "env_id": env_id,
        "backend": env_id.removeprefix("cuakit/").split("-")[0],
        "steps_per_s": plain,
        "recorded_steps_per_s": recorded,
        "recorded_frames_per_step": frames_per_step,
        "recorded_frames_per_s": recorded * frames_per_step,
        "memory_mb": memory,
        "memory_kind": "helper processes (PSS)" if pids else "Python objects (tracemalloc)",
    }


def bench_backends(steps: int = 30, fps: int = 10) -> dict[str, Any]:
    """``BACKEND_ENVS`` side by side; a backend whose ids are absent (its Python extra is not
    installed) or that cannot start here (a system package is missing) is listed in
    ``skipped`` with the reason."""
    rows, skipped = [], {}
    with tempfile.TemporaryDirectory(prefix="cuakit-bench-backends-") as tmp:
        for env_id in BACKEND_ENVS:
            if env_id not in envs.ENV_IDS:
                skipped[env_id] = "not registered: install cuakit's browser and desktop extras"
                continue
            try:
                rows.append(bench_backend(env_id, steps, fps, Path(tmp) / env_id.split("/")[1]))
            except BackendUnavailableError as exc:
                skipped[env_id] = str(exc)
    return {"steps": steps, "fps": fps, "rows": rows, "skipped": skipped}


def policy_outcomes(env_id: str, policy_spec: str, seeds: range, **env_kwargs: Any) -> list[bool]:
    """Success of ``policy_spec`` on each seed (no recording)."""
    env = envs.make(env_id, **env_kwargs)
    policy = policy_from_spec(policy_spec)
    outcomes = []
    try:
        for seed in seeds:
            policy.reset(seed)
            obs, info = env.reset(seed=seed)
            done = False
            while not done:
                obs, _, terminated, truncated, info = env.step(policy.act(env, obs, info))
                done = terminated or truncated
            outcomes.append(bool(info["success"]))
    finally:
        env.close()  # a browser or X server ends here, not at interpreter exit
    return outcomes


def policy_success(env_id: str, policy_spec: str, seeds: int, **env_kwargs: Any) -> float:
    """Success rate of ``policy_spec`` over seeds 0..seeds-1."""
    return sum(policy_outcomes(env_id, policy_spec, range(seeds), **env_kwargs)) / seeds


def bench_experts(
    seeds: int = 200,
    specs: tuple[str, ...] = ("expert", "expert:noise=0.3", "random"),
    pattern: str = "cuakit/desksim-*",
) -> dict[str, Any]:
    """Per env, the success rate of each policy over the same seeds (levels drawn per seed).
    Envs without an expert (most MiniWoB tasks) are left out when a spec uses the expert."""
    ids = envs.env_ids(pattern)
    if any(spec.startswith("expert") for spec in specs):
        ids = [env_id for env_id in ids if envs.has_expert(env_id)]
    rows = [
        {"env_id": env_id, **{spec: policy_success(env_id, spec, seeds) for spec in specs}}
        for env_id in ids
    ]
    return {"seeds": seeds, "policies": list(specs), "rows": rows}


__all__ = [
    "bench_backends",
    "bench_env",
    "bench_experts",
    "policy_outcomes",
    "policy_success",
]

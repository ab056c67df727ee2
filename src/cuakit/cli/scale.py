"""`cuakit bench scale`: throughput of collection and scoring on 1, 2, … Ray actors."""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table

from cuakit.cli.common import emit_json, err_console, out_console
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class ScaleBenchArgs:
    """Steps/s and recorded episodes/s with 1, 2, … Ray env workers (and one process without
    Ray), reward-scoring clips/s with 1, 2, … scorers, and PPO's seconds per update with its
    rollouts here or on 1, 2, … Ray workers."""

    env: str = "cuakit/desksim-click-button-v0"
    """env id the workers record (expert policy)"""
    episodes: int = 40
    """episodes recorded per worker count (and scored per scorer count)"""
    workers: int = 2
    """most env workers measured (1, 2, 4, … up to it)"""
    scorers: int = 2
    """most reward scorers measured (1, 2, 4, … up to it)"""
    ppo_steps: int = 1024
    """PPO steps (ground truth, on --env) per row of the PPO table; 0 skips it"""
    ray_address: str | None = None
    """join this Ray cluster (auto, HOST:PORT or ray://HOST:PORT) instead of a local Ray"""
    json: bool = False
    """print one JSON object on stdout"""


def run_scale_bench(args: ScaleBenchArgs) -> None:
    for name in ("episodes", "workers", "scorers"):
        if getattr(args, name) < 1:
            raise ConfigError(f"--{name} {getattr(args, name)}: use 1 or more")
    if args.ppo_steps < 0:
        raise ConfigError(f"--ppo-steps {args.ppo_steps}: use 0 (no PPO rows) or more")
    from cuakit.envs import env_ids
    from cuakit.scale.bench import bench_scale

    env_ids(args.env)  # a wrong id fails before Ray starts
    with err_console.status("benchmarking scale-out") as status:
        result = bench_scale(args.env, args.episodes, args.workers, args.scorers,
                             args.ray_address, progress=status.update,
                             ppo_steps=args.ppo_steps)  # fmt: skip
    if args.json:
        emit_json(result)
        return
    table = Table("how", "workers", "steps/s", "episodes/s", "speed-up",
                  title=f"collection: {args.episodes} episodes of {args.env}")  # fmt: skip
    for row in result["collect"]:
        speedup = f"{row['speedup']:.2f}x" if "speedup" in row else "-"
        table.add_row(row["kind"], str(row["workers"]), f"{row['steps_per_s']:.1f}",
                      f"{row['episodes_per_s']:.2f}", speedup)  # fmt: skip
    out_console.print(table)
    scoring = Table("scorers", "clips/s", "speed-up", title="reward scoring")
    for row in result["score"]:
        scoring.add_row(str(row["scorers"]), f"{row['clips_per_s']:.1f}", f"{row['speedup']:.2f}x")
    out_console.print(scoring)
    if result["ppo"]:
        ppo = Table("rollouts", "workers", "max policy lag", "s / update", "speed-up",
                    title=f"PPO, {args.ppo_steps} steps")  # fmt: skip
        for row in result["ppo"]:
            ppo.add_row(row["kind"], str(row["rollout_workers"] or "-"),
                        str(row["max_policy_lag"]), f"{row['seconds_per_update']:.2f}",
                        f"{row['speedup']:.2f}x")  # fmt: skip
        out_console.print(ppo)
    out_console.print(f"on {result['cpus']} CPUs")

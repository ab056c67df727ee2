"""`cuakit agent grpo-episodes`: GRPO over whole episodes, for the lab policy
(`cuakit.agent.grpo_episodes`) or a Qwen2.5-VL (`cuakit.agent.vlm_grpo_episodes`).

A lab run folder holds ``config.json``, ``policy/`` (``cuakit agent eval --policy RUN``),
``metrics.json`` and ``curves.png``; a VLM run folder is an SFT run's (``adapter/``;
``cuakit agent eval --policy hf:RUN``) with ``metrics.json`` per update.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from rich.table import Table

from cuakit.agent.checkpoint import CHECKPOINT
from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress, replace_output
from cuakit.errors import ConfigError

RUN_MARKERS = ("config.json", "policy", "adapter")


@dataclass(frozen=True)
class EpisodeGRPOArgs:
    """GRPO over whole episodes: each task instance played by a group of rollouts that end
    when the policy says so, each episode's outcome (ground truth or the video judge)
    normalised within its group as the advantage of every step it took.

    lab: the lab policy (from --init RUN's policy/, or new), within an env-step budget. vlm: a
    Qwen2.5-VL (--model, --preset; --init an SFT run to continue), sampling its answers."""

    out: Path
    """run folder (created; an earlier run's folder is replaced)"""
    env: str = "cuakit/desksim-click-button-v0"
    policy: Literal["lab", "vlm"] = "lab"
    init: Path | None = None
    """lab: a run folder with policy/ (agent ppo, agent grpo-episodes); vlm: an SFT run"""
    model: Path | None = None
    """vlm: the Qwen2.5-VL folder"""
    preset: str = "tiny-cpu"
    """vlm: the GRPO preset (qwen2.5-vl-7b-lora or tiny-cpu)"""
    reward: str = "gt"
    """gt: the env's success at the episode's end; vrm:RUN: the video judge's P(success)"""
    steps: int = 4096
    """lab: env steps to train for"""
    updates: int = 2
    """vlm: updates to run (lab: the budget in --steps decides)"""
    instances: int = 4
    """task instances per update"""
    group_size: int | None = None
    """rollouts per instance (default: lab 8, vlm the preset's)"""
    difficulty: int | None = None
    """task level (default: one drawn per instance)"""
    seed: int = 0
    """first training seed"""
    json: bool = False
    """print one JSON object on stdout"""


def run_grpo_episodes(args: EpisodeGRPOArgs) -> None:
    if args.policy == "vlm" and args.model is None:
        raise ConfigError("--policy vlm needs --model PATH (a Qwen2.5-VL folder)")
    if args.reward.startswith("vrm:") and not (Path(args.reward[4:]) / "model").is_dir():
        raise ConfigError(
            f"--reward {args.reward}: no model/ there; pass vrm: and a `cuakit reward train` "
            "run folder"
        )
    killed = (args.out / CHECKPOINT).exists() and not (args.out / "metrics.json").exists()
    if not killed:  # a killed run goes on from its checkpoint; a finished one is replaced
        replace_output(args.out, RUN_MARKERS)
    if args.policy == "vlm":
        _run_vlm(args)
    else:
        _run_lab(args)


def _run_lab(args: EpisodeGRPOArgs) -> None:
    from cuakit.agent.grpo_episodes import EpisodeGRPOConfig, train_episode_grpo
    from cuakit.agent.policy import LabPolicy, PolicyConfig, load_policy, save_policy
    from cuakit.cli.agent_grounding import draw_curves

    if args.init is not None and not (args.init / "policy" / "policy.json").is_file():
        raise ConfigError(
            f"--init {args.init}: no policy/policy.json; pass the run folder of `cuakit agent "
            "ppo` or `cuakit agent grpo-episodes`"
        )
    config = EpisodeGRPOConfig(
        env=args.env, steps=args.steps, instances=args.instances,
        group_size=args.group_size or EpisodeGRPOConfig.group_size, reward=args.reward,
        difficulty=args.difficulty, seed=args.seed,
    )  # fmt: skip
    policy = load_policy(args.init / "policy") if args.init else LabPolicy(PolicyConfig())
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "config.json").write_text(json.dumps(asdict(args), indent=2, default=str))
    started = time.perf_counter()
    with phase_progress() as progress:
        curves = train_episode_grpo(policy, config, progress=PhaseBars(progress), run=args.out)
    save_policy(policy, args.out / "policy")
    draw_curves(curves, args.out / "curves.png")
    metrics: dict[str, Any] = {
        "updates": len(curves["charts/outcome"]),
        "env_steps": int(curves["charts/env_steps"][-1]),
        "train_seconds": time.perf_counter() - started,
        "curves": curves,
    }
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    rows = [
        {"update": i, "outcome": o, "true_success_rate": s}
        for i, (o, s) in enumerate(
            zip(curves["charts/outcome"], curves["charts/success_rate"], strict=True)
        )
    ]
    _report(args, rows, metrics["train_seconds"], args.out / "policy")


def _run_vlm(args: EpisodeGRPOArgs) -> None:
    from cuakit.agent.vlm_grpo_episodes import VLMEpisodeGRPOArgs, train_vlm_episode_grpo

    assert args.model is not None  # checked in run_grpo_episodes
    vlm_args = VLMEpisodeGRPOArgs(
        model=args.model, env=args.env, out=args.out, init=args.init, preset=args.preset,
        reward=args.reward, updates=args.updates, instances=args.instances,
        group_size=args.group_size, difficulty=args.difficulty, seed=args.seed,
    )  # fmt: skip
    with phase_progress() as progress, contextlib.redirect_stdout(sys.stderr):
        metrics = train_vlm_episode_grpo(vlm_args, PhaseBars(progress))
    _report(args, metrics["updates"], metrics["train_seconds"], args.out / "adapter")


def _report(args: EpisodeGRPOArgs, rows: list[dict[str, Any]], seconds: float, saved: Path):
    if args.json:
        emit_json({"updates": rows, "train_seconds": seconds, "saved": str(saved)})
        return
    table = Table("update", "outcome", "true success", title=f"episode GRPO on {args.env}")
    for row in rows:
        table.add_row(str(row["update"]), f"{row['outcome']:.3f}",
                      f"{row['true_success_rate']:.3f}")  # fmt: skip
    out_console.print(table)
    out_console.print(f"{len(rows)} updates in {seconds:.0f} s; saved in {saved}")

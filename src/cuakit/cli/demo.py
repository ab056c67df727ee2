"""`cuakit demo`: the whole loop in one command, on the built-in simulator (see
:mod:`cuakit.agent.loop`), ending in ``DIR/report.html`` and ``DIR/metrics.json``."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from rich.table import Table

from cuakit.agent.loop import FULL, QUICK, run_loop
from cuakit.agent.report import plot_comparison, write_report
from cuakit.cli.common import (
    PhaseBars,
    emit_json,
    out_console,
    phase_progress,
    replace_output,
)


@dataclass(frozen=True)
class DemoArgs:
    """Run the whole loop on desksim: episodes → video reward model → PPO (gt vs video) → report."""

    out: Path = Path("runs/demo")
    """output folder (replaced): dataset/, reward/, ppo_gt/, ppo_vrm/, report.html, metrics.json"""
    quick: bool = False
    """a smoke test in about two minutes instead of the full demo"""
    env: str = "cuakit/desksim-click-button-v0"
    difficulty: int = 1
    seed: int = 0
    json: bool = False
    """print metrics.json's object on stdout"""


def run_demo(args: DemoArgs) -> None:
    started = time.perf_counter()
    replace_output(args.out, ("metrics.json", "report.html", "dataset"))
    with phase_progress() as progress:
        metrics = run_loop(
            args.env,
            args.difficulty,
            QUICK if args.quick else FULL,
            args.out,
            seed=args.seed,
            progress=PhaseBars(progress),
        )
    histories = metrics.pop("histories")
    metrics["quick"] = args.quick
    metrics["wall_seconds"] = time.perf_counter() - started
    reward_run = args.out / "reward"
    paths = {
        "comparison": plot_comparison(
            {"PPO gt": histories["ppo_gt"], "PPO vrm": histories["ppo_vrm"]},
            metrics["random"]["success_rate"],
            args.out / "comparison.png",
        ),
        "ppo_gt_curves": args.out / "ppo_gt" / "curves.png",
        "ppo_vrm_curves": args.out / "ppo_vrm" / "curves.png",
        "vrm_curves": reward_run / "curves.png",
        "reliability": reward_run / "reliability_test.png",
        "confusion": reward_run / "confusion_test.png",
    }
    report = write_report(args.out, metrics, paths)
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2, default=str))
    if args.json:
        emit_json(metrics)
        return
    table = Table(
        "", "success rate", "reward model's prediction", title=f"cuakit demo on {args.env}"
    )
    for name in ("ppo_gt", "ppo_vrm", "random"):
        row = metrics[name]
        table.add_row(
            name, f"{row['success_rate']:.3f}", f"{row.get('predicted_success_rate', 0):.3f}"
        )
    out_console.print(table)
    out_console.print(
        f"reward model on test: accuracy {metrics['vrm']['success_accuracy']:.3f} (val "
        f"{metrics['vrm']['val_accuracy']:.3f}), pairs {metrics['vrm']['pair_accuracy']:.3f}; "
        f"{metrics['wall_seconds']:.0f} s in all"
    )
    out_console.print(f"report: {report}")

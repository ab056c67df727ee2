"""`cuakit bench agent`: the demo's loop on several task families, side by side — PPO with the
video reward against PPO with ground-truth reward at the same step budget, a random baseline,
and the reward-hacking gap (the reward model's predicted success minus the true success)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from pathlib import Path

from rich.table import Table

from cuakit.agent.loop import FULL, run_loop
from cuakit.cli.common import (
    PhaseBars,
    emit_json,
    out_console,
    phase_progress,
    replace_output,
)
from cuakit.reward.text import InstructionEncoder

FAMILIES = ("click-button", "form-fill", "autocomplete", "dismiss-dialog", "dropdown-select")
"""issue 31's three, and the two whose clone of 10 expert episodes succeeds most often of the rest
(0.31 and 0.21 on fresh training seeds; menu-item 0.08, checkboxes 0.00)"""


@dataclass(frozen=True)
class AgentBenchArgs:
    """PPO with the video reward vs ground truth vs random on several desksim families."""

    families: tuple[str, ...] = FAMILIES
    """desksim families (level --difficulty); each gets its own data, reward model and PPO"""
    difficulty: int = 1
    steps: int = FULL.ppo_steps
    """PPO steps per run (the same budget for both rewards)"""
    warm_start: tuple[str, ...] = FAMILIES
    """families whose PPO runs start from a behaviour clone (from scratch, PPO under the video
    reward hacks click-button's model and learns nothing on the others: docs/benchmarks.md)"""
    bc_episodes: int = 10
    """expert episodes cloned for a warm start (few, so that PPO has work left)"""
    clone_episodes: int = 120
    """warm-start families: episodes of the clone itself added to the reward model's data"""
    out: Path = Path("runs/bench-agent")
    """output folder (replaced): one loop folder per family and bench.json"""
    seed: int = 0
    json: bool = False
    """print one JSON object on stdout"""


def run_agent_bench(args: AgentBenchArgs) -> None:
    started = time.perf_counter()
    replace_output(args.out, ("bench.json", *args.families))
    text = InstructionEncoder()
    rows = {}
    with phase_progress() as progress:
        for family in args.families:
            bars = PhaseBars(progress)
            plan = replace(
                FULL,
                ppo_steps=args.steps,
                warm_start=family in args.warm_start,
                bc_episodes=args.bc_episodes,
                clone_episodes=args.clone_episodes,
            )
            metrics = run_loop(
                f"cuakit/desksim-{family}-v0",
                args.difficulty,
                plan,
                args.out / family,
                seed=args.seed,
                text=text,
                progress=lambda p, d, t, f=family, b=bars: b(f"{f}: {p}", d, t),
            )
            metrics.pop("histories")
            gt, vrm = metrics["ppo_gt"]["success_rate"], metrics["ppo_vrm"]["success_rate"]
            metrics["vrm_over_gt"] = vrm / gt if gt else None
            rows[family] = metrics
    result = {
        "families": rows,
        "steps": args.steps,
        "warm_start": list(args.warm_start),
        "wall_seconds": time.perf_counter() - started,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "bench.json").write_text(json.dumps(result, indent=2, default=str))
    if args.json:
        emit_json(result)
        return
    table = Table(
        "family",
        "VRM acc",
        "PPO gt",
        "PPO vrm",
        "vrm/gt",
        "random",
        "BC only",
        "predicted − true (vrm)",
        title=f"PPO at {args.steps} steps, level {args.difficulty}",
    )
    for family, m in rows.items():
        ratio = m["vrm_over_gt"]
        bc = m["ppo_gt"].get("bc", {}).get("bc_eval_success_rate")
        table.add_row(
            family,
            f"{m['vrm']['success_accuracy']:.3f}",
            f"{m['ppo_gt']['success_rate']:.3f}",
            f"{m['ppo_vrm']['success_rate']:.3f}",
            "–" if ratio is None else f"{ratio:.2f}",
            f"{m['random']['success_rate']:.3f}",
            "–" if bc is None else f"{bc:.3f}",
            f"{m['ppo_vrm'].get('hacking_gap', float('nan')):+.3f}",
        )
    out_console.print(table)
    out_console.print(
        f"{result['wall_seconds']:.0f} s in all; details in {args.out / 'bench.json'}"
    )

"""`cuakit demo`: the whole loop in one command, on the built-in simulator.

collect expert, noisy and random episodes → label them (ground truth, truncation negatives,
preference pairs) → train the video reward model → evaluate it on held-out seeds → train PPO
with ground-truth reward and with the video reward at the same step budget → evaluate both and
a random baseline on held-out seeds → ``DIR/report.html`` and ``DIR/metrics.json``.
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rich.table import Table

from cuakit.agent.ppo import PPOConfig, evaluate, train
from cuakit.agent.report import plot_comparison, write_report
from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress
from cuakit.curate.labels import label_pairs, label_success, make_negatives
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.reward.evaluate import plot_confusion, plot_reliability
from cuakit.reward.scoring import Scorer
from cuakit.reward.text import InstructionEncoder
from cuakit.reward.trainer import RewardConfig, RewardTrainer


@dataclass(frozen=True)
class DemoPlan:
    """How much of everything the demo does; ``--quick`` shrinks it to a smoke test."""

    collect: tuple[tuple[str, int], ...]
    reward_epochs: int
    ppo_steps: int
    eval_episodes: int


FULL = DemoPlan(
    collect=(("expert", 40), ("expert:noise=0.5", 120), ("random", 80)),
    reward_epochs=6,
    ppo_steps=8192,
    eval_episodes=64,
)
QUICK = DemoPlan(
    collect=(("expert", 10), ("expert:noise=0.5", 30), ("random", 20)),
    reward_epochs=2,
    ppo_steps=1024,
    eval_episodes=16,
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
    plan = QUICK if args.quick else FULL
    if args.out.exists():
        shutil.rmtree(args.out)
    data = args.out / "dataset"
    text = InstructionEncoder()
    with phase_progress() as progress:
        bars = PhaseBars(progress)
        seed = args.seed * 10_000
        for policy, episodes in plan.collect:
            phase = f"collect {policy}"
            collect(
                args.env,
                policy,
                episodes,
                data,
                seed=seed,
                env_kwargs={"difficulty": args.difficulty},
                on_episode=lambda s, phase=phase, n=episodes: bars(phase, s.episodes, n),
            )
            seed += episodes
        dataset = EpisodeDataset(data)
        label_success(dataset)
        make_negatives(dataset, ["truncate"], seed=args.seed)
        label_pairs(dataset, seed=args.seed)

        reward_run = args.out / "reward"
        reward_config = RewardConfig(epochs=plan.reward_epochs, seed=args.seed)
        trainer = RewardTrainer(data, reward_config, reward_run, progress=bars)
        reward_metrics = trainer.train()
        _, probs, _ = trainer.score(
            [e.episode for e in trainer.test_examples],
            [e.instruction for e in trainer.test_examples],
        )
        plot_reliability(
            [e.label for e in trainer.test_examples], list(probs), reward_run / "reliability.png"
        )
        test = reward_metrics["test"]
        plot_confusion(test["success"]["confusion"], reward_run / "confusion.png")

        base = PPOConfig(
            env=args.env,
            difficulty=args.difficulty,
            steps=plan.ppo_steps,
            eval_episodes=plan.eval_episodes,
            seed=args.seed,
            judge=reward_run,
        )
        runs: dict[str, dict[str, Any]] = {}
        for name, reward in (("ppo_gt", "gt"), ("ppo_vrm", f"vrm:{reward_run}")):
            runs[name] = train(
                replace(base, reward=reward),
                args.out / name,
                progress=lambda _, d, t, name=name: bars(name, d, t),
                text=text,
            )
        bars("random baseline", 0, 1)
        random_result = evaluate(
            None,
            base,
            text,
            Scorer.from_run(reward_run),
            args.out / "random" / "episodes",
            args.difficulty,
        )
        bars("random baseline", 1, 1)

    metrics = {
        "env": args.env,
        "difficulty": args.difficulty,
        "quick": args.quick,
        "episodes": len(dataset),
        "vrm": {
            "success_accuracy": test["success"]["accuracy"],
            "precision": test["success"]["precision"],
            "recall": test["success"]["recall"],
            "auroc": test["success"]["auroc"],
            "pair_accuracy": test["pair_accuracy"],
            "held_out_examples": test["success"]["n"],
            "train_seconds": reward_metrics["train_seconds"],
        },
        "ppo_gt": runs["ppo_gt"]["eval"] | {"steps": runs["ppo_gt"]["steps"]},
        "ppo_vrm": runs["ppo_vrm"]["eval"] | {"steps": runs["ppo_vrm"]["steps"]},
        "random": random_result,
        "wall_seconds": time.perf_counter() - started,
    }
    paths = {
        "comparison": plot_comparison(
            {"PPO gt": runs["ppo_gt"]["history"], "PPO vrm": runs["ppo_vrm"]["history"]},
            random_result["success_rate"],
            args.out / "comparison.png",
        ),
        "ppo_gt_curves": args.out / "ppo_gt" / "curves.png",
        "ppo_vrm_curves": args.out / "ppo_vrm" / "curves.png",
        "vrm_curves": reward_run / "curves.png",
        "reliability": reward_run / "reliability.png",
        "confusion": reward_run / "confusion.png",
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
        f"reward model: held-out accuracy {metrics['vrm']['success_accuracy']:.3f}, "
        f"pairs {metrics['vrm']['pair_accuracy']:.3f}; {metrics['wall_seconds']:.0f} s in all"
    )
    out_console.print(f"report: {report}")

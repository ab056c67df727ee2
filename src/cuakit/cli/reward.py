"""`cuakit reward train | eval | score`: train, evaluate and use the video reward model."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any

import tyro
from rich.table import Table

from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress
from cuakit.episodes import read_frames, video_fps
from cuakit.errors import RewardInputError
from cuakit.reward.evaluate import plot_confusion, plot_reliability
from cuakit.reward.scoring import Scorer, run_config
from cuakit.reward.trainer import RewardConfig, RewardTrainer


def _summary_table(title: str, test: dict[str, Any]) -> Table:
    table = Table("metric", "value", title=title)
    for key in ("accuracy", "precision", "recall", "f1", "auroc", "ece", "n"):
        value = test["success"][key]
        table.add_row(f"success {key}", f"{value:.3f}" if isinstance(value, float) else str(value))
    table.add_row("pair accuracy", f"{test['pair_accuracy']:.3f} ({test['pairs']} pairs)")
    for criterion, row in test.get("pairs_per_criterion", {}).items():
        table.add_row(f"  {criterion} pairs", f"{row['accuracy']:.3f} ({row['n']} pairs)")
    table.add_row(
        "first-deviation IoU", f"{test['deviation_iou']:.3f} ({test['deviation_examples']})"
    )
    return table


@dataclass(frozen=True)
class TrainArgs:
    """Train a video reward model on a labelled episode dataset."""

    data: Path
    """episode dataset (labelled with `cuakit label success` / `cuakit label pairs`)"""
    out: Path
    """run folder (config.json, metrics.json, curves.png, model/, checkpoint/); resumes"""
    config: Annotated[RewardConfig, tyro.conf.OmitArgPrefixes] = field(default_factory=RewardConfig)
    json: bool = False
    """print one JSON object on stdout"""


def run_train(args: TrainArgs) -> None:
    with phase_progress() as progress:
        trainer = RewardTrainer(args.data, args.config, args.out, progress=PhaseBars(progress))
        metrics = trainer.train()
    test = metrics["test"]
    plot_reliability(
        [e.label for e in trainer.test_examples], _probs(trainer), args.out / "reliability.png"
    )
    plot_confusion(test["success"]["confusion"], args.out / "confusion.png")
    if args.json:
        emit_json({k: v for k, v in metrics.items() if k != "history"})
        return
    out_console.print(
        _summary_table(f"held-out ({args.config.split}) after {metrics['steps']} steps", test)
    )
    out_console.print(f"trained in {metrics['train_seconds']:.0f} s; run folder {args.out}")


def _probs(trainer: RewardTrainer) -> list[float]:
    _, probs, _ = trainer.score([e.episode for e in trainer.test_examples],
                                [e.instruction for e in trainer.test_examples])  # fmt: skip
    return [float(p) for p in probs]


@dataclass(frozen=True)
class EvalArgs:
    """Evaluate a trained reward model: accuracy, precision, recall, F1, pairs, AUROC, ECE, IoU."""

    checkpoint: Path
    """run folder written by `cuakit reward train`"""
    data: Path
    """episode dataset to evaluate on"""
    split: str = "auto"
    """auto (the run's held-out part when DATA is its training set, else all) | test | all"""
    json: bool = False
    """print one JSON object on stdout"""


def run_eval(args: EvalArgs) -> None:
    saved = run_config(args.checkpoint)
    config = replace(RewardConfig(**saved), epochs=0)
    with phase_progress() as progress:
        trainer = RewardTrainer(args.data, config, args.checkpoint, progress=PhaseBars(progress))
    trainer.model = Scorer.from_run(args.checkpoint).model
    trained_on = json.loads((args.checkpoint / "metrics.json").read_text()).get("data") if (
        args.checkpoint / "metrics.json").exists() else None  # fmt: skip
    held_out = args.split == "test" or (
        args.split == "auto" and trained_on is not None
        and Path(trained_on).resolve() == Path(args.data).resolve()
    )  # fmt: skip
    examples = trainer.test_examples if held_out else trainer.train_examples + trainer.test_examples
    pairs = trainer.test_pairs if held_out else trainer.train_pairs + trainer.test_pairs
    result = trainer.evaluate(examples, pairs)
    result["evaluated_on"] = "held-out split" if held_out else "all examples"
    (args.checkpoint / "eval.json").write_text(json.dumps(result, indent=2, default=float))
    _, probs, _ = trainer.score([e.episode for e in examples], [e.instruction for e in examples])
    plot_reliability([e.label for e in examples], probs, args.checkpoint / "reliability.png")
    plot_confusion(result["success"]["confusion"], args.checkpoint / "confusion.png")
    if args.json:
        emit_json(result)
        return
    out_console.print(
        _summary_table(f"{args.checkpoint} on {args.data} ({result['evaluated_on']})", result)
    )
    families = Table("family", "n", "accuracy", "recall", title="per family")
    for family, row in result["per_family"].items():
        families.add_row(family, str(row["n"]), f"{row['accuracy']:.3f}", f"{row['recall']:.3f}")
    out_console.print(families)


@dataclass(frozen=True)
class ScoreArgs:
    """Score one execution video under an instruction: reward, P(success), where it flips."""

    checkpoint: Path
    """run folder written by `cuakit reward train`"""
    video: Path
    """an mp4 (e.g. DATASET/videos/episode_000003.mp4)"""
    instruction: str
    """what the video should show being done"""
    json: bool = False
    """print one JSON object on stdout"""


def run_score(args: ScoreArgs) -> None:
    if not args.instruction.strip():
        raise RewardInputError("--instruction is empty: pass the task the video should show")
    scorer = Scorer.from_run(args.checkpoint)
    [score] = scorer.score([read_frames(args.video)], [args.instruction], fps=video_fps(args.video))
    result = {
        "video": str(args.video),
        "instruction": args.instruction,
        "reward": score.reward,
        "p_success": score.p_success,
        "flip_frame": score.flip_frame,
        "on_track": list(score.on_track),
        "frame_indices": list(score.frame_indices),
    }
    if args.json:
        emit_json(result)
        return
    verdict = "correct" if score.p_success >= 0.5 else "incorrect"
    out_console.print(f"reward {score.reward:+.3f}   P(success) {score.p_success:.3f} → {verdict}")
    if score.flip_frame is not None:
        out_console.print(f"the judgement flips to off-track at frame {score.flip_frame}")

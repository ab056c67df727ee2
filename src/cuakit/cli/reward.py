"""`cuakit reward train | eval | score`: train, evaluate and use the video reward model."""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import tyro
from rich.table import Table

from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress
from cuakit.episodes import EpisodeDataset, read_frames, video_fps
from cuakit.errors import ConfigError, RewardInputError
from cuakit.reward.evaluate import plot_confusion, plot_reliability
from cuakit.reward.presets import with_files
from cuakit.reward.run_eval import evaluate_run
from cuakit.reward.scoring import Scorer
from cuakit.reward.trainer import RewardConfig, RewardTrainer


def _summary_table(title: str, result: dict[str, Any]) -> Table:
    table = Table("metric", "value", title=title)
    for key in ("accuracy", "precision", "recall", "f1", "auroc", "ece", "n"):
        value = result["success"][key]
        table.add_row(f"success {key}", f"{value:.3f}" if isinstance(value, float) else str(value))
    table.add_row("pair accuracy", f"{result['pair_accuracy']:.3f} ({result['pairs']} pairs)")
    for criterion, row in result.get("pairs_per_criterion", {}).items():
        table.add_row(f"  {criterion} pairs", f"{row['accuracy']:.3f} ({row['n']} pairs)")
    table.add_row(
        "first-deviation IoU", f"{result['deviation_iou']:.3f} ({result['deviation_examples']})"
    )
    return table


@dataclass(frozen=True)
class TrainArgs:
    """Train a video reward model on a labelled episode dataset."""

    data: Path
    """episode dataset (labelled with `cuakit label success` / `cuakit label pairs`)"""
    out: Path
    """run folder (config.json, metrics.json with the val evaluation, curves.png, model/,
    checkpoint/); resumes"""
    model: str = "frame-temporal"
    """the model's shape: a preset (frame-temporal, frame-temporal-templates, cnn3d, timesformer;
    the vision-language judge vlm-tiny-cpu or exevrm-qwen2.5-vl-7b, with --base-model PATH) or a
    JSON file of backbone, frames, height, width, prune, words, reader, duration, slots_only,
    vlm_preset"""
    recipe: Path | None = None
    """a JSON file of the optimiser's details (pairs_per_batch, weight_decay, warmup_ratio,
    grad_accum, max_grad_norm, success_weight, pair_weight, deviation_weight)"""
    config: Annotated[RewardConfig, tyro.conf.OmitArgPrefixes] = field(default_factory=RewardConfig)
    nproc: int = 1
    """data-parallel processes (torch.distributed, gloo): each takes batch_size/nproc examples
    of every batch, rank 0 alone writes; under torchrun leave it at 1"""
    json: bool = False
    """print one JSON object on stdout"""


def run_train(args: TrainArgs) -> None:
    config = with_files(args.config, args.model, args.recipe)
    if args.nproc < 1 or config.batch_size % args.nproc:
        raise ConfigError(
            f"--nproc {args.nproc}: use 1 or more processes that split --batch-size "
            f"{config.batch_size} evenly"
        )
    if args.nproc > 1:
        from cuakit.scale.ddp import launch

        EpisodeDataset(args.data)  # a wrong --data is one line here, not N tracebacks
        launch(_train, args.nproc, (args, config))
        metrics = json.loads((args.out / "metrics.json").read_text())
    else:
        from cuakit.scale.ddp import is_lead, join_from_env

        metrics = _train(args, config)
        if join_from_env() and not is_lead():  # started by torchrun: rank 0 reports
            return
    val = metrics["val"]
    if args.json:
        emit_json({k: v for k, v in metrics.items() if k != "history"})
        return
    out_console.print(
        _summary_table(f"val split ({args.config.split}) after {metrics['steps']} steps", val)
    )
    out_console.print(f"episodes per split: {_counts(metrics['splits'])}")
    if metrics.get("untrained_families"):
        out_console.print(
            f"[yellow]never trained on: {', '.join(metrics['untrained_families'])} — every "
            "recording of theirs has an instruction that val or test holds (record more "
            "instructions, or read their figures as tasks never trained on)[/yellow]"
        )
    out_console.print(f"trained in {metrics['train_seconds']:.0f} s; run folder {args.out}")


def _train(args: TrainArgs, config: RewardConfig) -> dict[str, Any]:
    """Train and plot in this process; under torch.distributed rank 0 builds its trainer (and
    fills the clip caches) first, and alone shows progress and writes the plots."""
    from cuakit.scale.ddp import is_lead, join_from_env, rank_zero_first

    join_from_env()
    lead = is_lead()
    with phase_progress() if lead else contextlib.nullcontext() as progress:
        bars = PhaseBars(progress) if lead else None
        with rank_zero_first():
            trainer = RewardTrainer(args.data, config, args.out, progress=bars)
        metrics = trainer.train()
    if lead:
        plot_reliability(
            [e.label for e in trainer.eval_examples], _probs(trainer), args.out / "reliability.png"
        )
        plot_confusion(metrics["val"]["success"]["confusion"], args.out / "confusion.png")
    return metrics


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {name}" for name, n in counts.items())


def _probs(trainer: RewardTrainer) -> list[float]:
    _, probs, _ = trainer.score([e.episode for e in trainer.eval_examples],
                                [e.instruction for e in trainer.eval_examples])  # fmt: skip
    return [float(p) for p in probs]


@dataclass(frozen=True)
class EvalArgs:
    """Evaluate a trained reward model on DATA's val or test split: accuracy, precision, recall,
    F1, pairs, AUROC, ECE, IoU (RUN/eval_SPLIT.json, reliability_SPLIT.png, confusion_SPLIT.png)."""

    checkpoint: Path
    """run folder written by `cuakit reward train`"""
    data: Path
    """episode dataset to evaluate on"""
    split: Literal["val", "test"] = "val"
    """val | test: DATA's episodes on that split (under the run's --split). Test is read only
    to report a finished model: each read is logged to RUN/test_reads.jsonl"""
    json: bool = False
    """print one JSON object on stdout"""


def run_eval(args: EvalArgs) -> None:
    with phase_progress() as progress:
        result = evaluate_run(args.data, args.checkpoint, args.split, PhaseBars(progress))
    run, split = args.checkpoint, args.split
    if args.json:
        emit_json(result)
        return
    out_console.print(_summary_table(f"{run} on {args.data}: {split} split", result))
    out_console.print(f"episodes per split: {_counts(result['splits'])}")
    families = Table("family", "n", "accuracy", "recall", title="per family")
    for family, row in result["per_family"].items():
        families.add_row(family, str(row["n"]), f"{row['accuracy']:.3f}", f"{row['recall']:.3f}")
    out_console.print(families)
    sources = Table("label source", "n", "accuracy", title="per label source")
    for source, row in result["per_source"].items():
        sources.add_row(source, str(row["n"]), f"{row['accuracy']:.3f}")
    out_console.print(sources)
    if result.get("deception"):
        deceit = Table("negative kind", "pairs", "below its genuine success",
                       title="made-up videos against the success they were made from")  # fmt: skip
        for kind, row in sorted(result["deception"].items()):
            deceit.add_row(kind, str(row["n"]), f"{row['below_genuine']:.3f}")
        out_console.print(deceit)


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
    if score.flip_frame is not None:  # never for the vlm judge (no per-frame judgement)
        out_console.print(f"the judgement flips to off-track at frame {score.flip_frame}")

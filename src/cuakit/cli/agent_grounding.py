"""`cuakit agent grounding-sft | grpo` and `cuakit eval grounding`: the lab grounding model,
trained by supervised learning then GRPO, and scored on held-out click samples.

A run folder::

    RUN/config.json     the command's arguments
    RUN/policy/         the lab policy (`cuakit.agent.policy.save_policy`)
    RUN/metrics.json    losses, curves, and the val report when --val is given
    RUN/curves.png      (grpo) mean reward, KL and clip fraction per step
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import tyro
from rich.table import Table

from cuakit.agent.checkpoint import CHECKPOINT
from cuakit.agent.grounding import (
    GroundingGRPOConfig,
    GroundingReport,
    GroundingSet,
    GroundingSFTConfig,
    evaluate_grounding,
    grounding_grpo,
    grounding_sft,
    load_grounding_set,
)
from cuakit.agent.policy import LabPolicy, PolicyConfig, load_policy, save_policy
from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress, replace_output
from cuakit.errors import ConfigError
from cuakit.reward.text import InstructionEncoder

RUN_MARKERS = ("config.json", "policy")


@dataclass(frozen=True)
class GroundingSFTArgs:
    """Train the lab grounding model (the lab policy's click map) on click samples.

    Cross-entropy of the click map's mass inside each target box; RUN/policy is a lab policy."""

    data: Path
    """training step samples (samples.jsonl of `cuakit curate export --format samples`)"""
    out: Path
    """run folder (created; an earlier run's folder is replaced)"""
    sft: Annotated[GroundingSFTConfig, tyro.conf.OmitArgPrefixes] = field(
        default_factory=GroundingSFTConfig
    )
    val: Path | None = None
    """held-out step samples to report on when training ends"""
    max_samples: int | None = None
    """use only the first N click samples of --data"""
    json: bool = False
    """print one JSON object on stdout"""


def run_grounding_sft(args: GroundingSFTArgs) -> None:
    _check_samples(args.data, "--data")
    encoder = InstructionEncoder()
    policy = LabPolicy(PolicyConfig())
    train = load_grounding_set(args.data, policy.config, encoder, args.max_samples)
    replace_output(args.out, RUN_MARKERS)
    _write_config(args.out, args)
    start = time.perf_counter()
    with phase_progress() as progress:
        metrics: dict[str, Any] = grounding_sft(policy, train, args.sft, PhaseBars(progress))
    metrics |= {"samples": len(train), "train_seconds": time.perf_counter() - start}
    _finish(args.out, policy, metrics, args.val, encoder, args.json)


@dataclass(frozen=True)
class GRPOArgs:
    """Train a grounding policy with GRPO and a grounding reward: the lab model or a VLM.

    lab: from a grounding-sft run (--init), groups of sampled clicks per screen. vlm: a
    Qwen2.5-VL (--model, --preset, optionally an SFT run's adapter as --init) through TRL's
    GRPOTrainer. Both: advantages within the group, clipped ratio to the sampling policy, k3
    KL to the starting policy."""

    data: Path
    """training step samples (clicks with a target_bbox are used)"""
    out: Path
    """run folder (created; an earlier run's folder is replaced)"""
    policy: Literal["lab", "vlm"] = "lab"
    """lab: the lab grounding model; vlm: a Qwen2.5-VL with a LoRA adapter"""
    init: Path | None = None
    """lab: the grounding-sft run to start from (required); vlm: an SFT run whose adapter to
    continue (default: a new adapter)"""
    model: Path | None = None
    """vlm: the Qwen2.5-VL folder"""
    preset: str = "tiny-cpu"
    """vlm: qwen2.5-vl-7b-lora (GPUs) or tiny-cpu"""
    max_steps: int | None = None
    """vlm: override the preset's optimiser steps"""
    grpo: Annotated[GroundingGRPOConfig, tyro.conf.OmitArgPrefixes] = field(
        default_factory=GroundingGRPOConfig
    )
    val: Path | None = None
    """lab: held-out step samples to report on when training ends"""
    max_samples: int | None = None
    """lab: use only the first N click samples of --data"""
    json: bool = False
    """print one JSON object on stdout"""

    def __post_init__(self) -> None:
        if self.policy == "lab" and self.init is None:
            raise ConfigError("--policy lab needs --init RUN (a `cuakit agent grounding-sft` run)")
        if self.policy == "vlm" and self.model is None:
            raise ConfigError("--policy vlm needs --model PATH (a Qwen2.5-VL folder)")


def run_grpo(args: GRPOArgs) -> None:
    if args.policy == "vlm":
        _run_vlm_grpo(args)
        return
    assert args.init is not None  # checked in GRPOArgs
    policy = _load_run_policy(args.init, "--init")
    _check_samples(args.data, "--data")
    encoder = InstructionEncoder()
    train = load_grounding_set(args.data, policy.config, encoder, args.max_samples)
    killed = (args.out / CHECKPOINT).exists() and not (args.out / "metrics.json").exists()
    if not killed:  # an earlier run that finished is replaced; one that was killed goes on
        replace_output(args.out, RUN_MARKERS)
    _write_config(args.out, args)
    start = time.perf_counter()
    with phase_progress() as progress:
        curves = grounding_grpo(policy, train, args.grpo, PhaseBars(progress), run=args.out)
    draw_curves(curves, args.out / "curves.png")
    metrics: dict[str, Any] = {
        "samples": len(train),
        "train_seconds": time.perf_counter() - start,
        "charts/reward_first": curves["charts/reward"][0],
        "charts/reward_last10": sum(curves["charts/reward"][-10:]) / 10,
        "curves": curves,
    }
    _finish(args.out, policy, metrics, args.val, encoder, args.json)


def _run_vlm_grpo(args: GRPOArgs) -> None:
    from cuakit.agent.vlm_grpo import VLMGRPOArgs, train_vlm_grpo

    assert args.model is not None  # checked in GRPOArgs
    _check_samples(args.data, "--data")
    vlm_args = VLMGRPOArgs(
        model=args.model, data=args.data, preset=args.preset, out=args.out, init=args.init,
        reward=args.grpo.reward, max_steps=args.max_steps, seed=args.grpo.seed,
    )  # fmt: skip
    with contextlib.redirect_stdout(sys.stderr):  # the trainer prints its logs: keep stdout JSON
        metrics = train_vlm_grpo(vlm_args)
    if args.json:
        emit_json({k: v for k, v in metrics.items() if k != "history"})
        return
    rewarded = [entry for entry in metrics["history"] if "reward" in entry]
    last = rewarded[-1] if rewarded else {}
    out_console.print(
        f"{metrics['steps']} GRPO steps on {metrics['samples']} click samples in "
        f"{metrics['train_seconds']:.0f} s; last mean reward {last.get('reward', 'n/a')}; "
        f"adapter in {args.out / 'adapter'}"
    )


@dataclass(frozen=True)
class EvalGroundingArgs:
    """Score a grounding policy on click samples: accuracy, distance, by role and size.

    The greedy click inside the target box, mean distance to its centre; a PNG of predicted
    and true targets on sample screens with --out."""

    policy: str
    """lab:RUN (a grounding-sft or grpo run folder)"""
    data: Path
    """held-out step samples (samples.jsonl)"""
    out: Path | None = None
    """folder for report.json and points.png"""
    max_samples: int | None = None
    """score only the first N click samples"""
    json: bool = False
    """print one JSON object on stdout"""


def run_eval_grounding(args: EvalGroundingArgs) -> None:
    kind, _, run = args.policy.partition(":")
    if kind != "lab" or not run:
        raise ConfigError(f"--policy {args.policy!r}: use lab:RUN (a grounding run folder)")
    policy = _load_run_policy(Path(run), "--policy")
    data = load_grounding_set(args.data, policy.config, InstructionEncoder(), args.max_samples)
    report = evaluate_grounding(policy, data)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "report.json").write_text(json.dumps(report.to_dict(), indent=2))
        draw_points(data, report, args.out / "points.png")
    _print_report(f"{args.policy} on {args.data}", report, args.json)


# ---- helpers ----------------------------------------------------------------------------------
def _check_samples(path: Path, option: str) -> None:
    """Fail before the text encoder loads (seconds) when a samples file is missing."""
    if not path.is_file():
        raise ConfigError(
            f"{option} {path}: no such step-sample file; write one with `cuakit curate export "
            "DIR --out OUT --format samples` and pass OUT/samples.jsonl"
        )


def _load_run_policy(run: Path, option: str) -> LabPolicy:
    if not (run / "policy" / "policy.json").is_file():
        raise ConfigError(
            f"{option} {run}: no policy/policy.json; pass the run folder of `cuakit agent "
            "grounding-sft` or `cuakit agent grpo`"
        )
    return load_policy(run / "policy")


def _write_config(out: Path, args: object) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(asdict(args), indent=2, default=str))  # type: ignore[call-overload]


def _finish(
    out: Path,
    policy: LabPolicy,
    metrics: dict[str, Any],
    val: Path | None,
    encoder: InstructionEncoder,
    as_json: bool,
) -> None:
    save_policy(policy, out / "policy")
    report = None
    if val is not None:
        report = evaluate_grounding(policy, load_grounding_set(val, policy.config, encoder))
        metrics["val"] = report.to_dict()
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    if as_json:
        emit_json({k: v for k, v in metrics.items() if k != "curves"})
        return
    out_console.print(
        f"{metrics['samples']} click samples, {metrics['train_seconds']:.0f} s; policy in "
        f"{out / 'policy'}"
    )
    if report is not None:
        _print_report(f"val: {val}", report, as_json=False)


def _print_report(title: str, report: GroundingReport, as_json: bool) -> None:
    if as_json:
        emit_json(report.to_dict())
        return
    table = Table("group", "samples", "accuracy", title=title)
    table.add_row("all", str(report.samples), f"{report.accuracy:.3f}")
    for name, groups in (("role", report.by_role), ("size", report.by_size)):
        for key, (n, accuracy) in groups.items():
            table.add_row(f"{name}: {key}", str(n), f"{accuracy:.3f}")
    out_console.print(table)
    out_console.print(f"mean distance to the target's centre: {report.mean_distance:.3f}")


def draw_curves(curves: dict[str, list[float]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(curves), figsize=(4 * len(curves), 3))
    for ax, (name, values) in zip(axes, curves.items(), strict=True):
        ax.plot(values)
        ax.set_title(name)
        ax.set_xlabel("step")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def draw_points(data: GroundingSet, report: GroundingReport, path: Path, count: int = 12) -> None:
    """The first ``count`` screens: the target box (green) and the predicted click (red x;
    a circle when it lands inside)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    count = min(count, len(data))
    columns = min(4, count)
    rows = (count + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(4 * columns, 2.8 * rows), squeeze=False)
    for ax in axes.flat:
        ax.axis("off")
    for i, ax in enumerate(axes.flat[:count]):
        width, height = data.screens[i].tolist()
        # the model's input, shown at the screen's aspect ratio (axes in normalised units)
        ax.imshow(data.pixels[i].permute(1, 2, 0).numpy(), extent=(0, 1, 1, 0))
        ax.set_aspect(height / width)
        x, y, w, h = data.boxes[i].tolist()
        ax.add_patch(Rectangle((x, y), w, h, fill=False, edgecolor="lime", linewidth=1.5))
        px, py = report.points[i]
        hit = x <= px <= x + w and y <= py <= y + h
        ax.plot(px, py, "o" if hit else "x", color="red", markersize=7, fillstyle="none")
    fig.suptitle(f"accuracy {report.accuracy:.3f} on {report.samples} screens (first {count})")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)

"""`cuakit agent sft | build-tiny-vlm`: fine-tune a Qwen2.5-VL policy on step samples with a
LoRA adapter, and write the tiny random Qwen2.5-VL that runs the same path on a CPU."""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import tyro
from rich.table import Table

from cuakit.agent.rft import RFTArgs
from cuakit.agent.sft import SFTArgs, train_sft
from cuakit.agent.vlm import build_tiny_qwen_vl
from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress, progress_bar
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class SFTCommandArgs:
    """Fine-tune a Qwen2.5-VL policy on step samples with a LoRA adapter (TRL SFTTrainer).

    Presets: qwen2.5-vl-7b-lora (the seed's recipe, GPUs) and tiny-cpu (tests, laptops)."""

    sft: Annotated[SFTArgs, tyro.conf.OmitArgPrefixes]
    json: bool = False
    """print one JSON object on stdout"""


def run_sft(args: SFTCommandArgs) -> None:
    with contextlib.redirect_stdout(sys.stderr):  # the trainer prints its logs: keep stdout JSON
        metrics = train_sft(args.sft)
    if args.json:
        emit_json({k: v for k, v in metrics.items() if k != "history"})
        return
    loss = metrics["losses/final_loss"]
    out_console.print(
        f"{metrics['steps']} steps on {metrics['samples']} samples in "
        f"{metrics['train_seconds']:.0f} s; final loss "
        f"{'n/a' if loss is None else f'{loss:.4f}'}; adapter in {args.sft.out / 'adapter'}"
    )


@dataclass(frozen=True)
class BuildTinyArgs:
    """Write a tiny random Qwen2.5-VL for CPU runs and tests.

    Model, byte-level BPE tokenizer, image processor and chat template, built locally."""

    out: Path
    """folder to write (load it with --model OUT)"""
    seed: int = 0
    """seeds the random weights"""
    family: str = "qwen2.5-vl"
    """qwen2.5-vl, or qwen3-vl (patch 16, DeepStack; read by the video judge, `--base-model`)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_build_tiny(args: BuildTinyArgs) -> None:
    path = build_tiny_qwen_vl(args.out, seed=args.seed, family=args.family)
    size = sum(f.stat().st_size for f in path.iterdir() if f.is_file())
    if args.json:
        emit_json({"path": str(path), "bytes": size, "family": args.family})
        return
    out_console.print(f"tiny {args.family} ({size / 1e6:.1f} MB) in {path}")


@dataclass(frozen=True)
class SFTEvalArgs:
    """Score an SFT run on held-out step samples against the best constant point.

    Answers that parse, of the right type, in the target's box; beside the constant point (the
    training samples' mean point) in the box."""

    run: Path
    """run folder of `cuakit agent sft`"""
    data: Path
    """held-out step samples (samples.jsonl of `cuakit curate export` on test seeds)"""
    train: Path
    """the step samples the run trained on (for the constant point)"""
    limit: int | None = None
    """score only the first N held-out samples"""
    json: bool = False
    """print one JSON object on stdout"""


def run_sft_eval(args: SFTEvalArgs) -> None:
    from cuakit.agent.vlm import VLMPolicy
    from cuakit.agent.vlm_eval import evaluate_on_samples

    if not (args.run / "config.json").exists():
        raise ConfigError(f"--run {args.run}: no config.json; pass a `cuakit agent sft` run folder")
    policy = VLMPolicy.from_run(args.run)
    with progress_bar(f"scoring {args.run} on {args.data}", None) as bar:
        task = bar.tasks[0].id

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = evaluate_on_samples(policy, args.data, args.train, args.limit, advance)
    if args.json:
        emit_json(result)
        return
    table = Table("metric", "value", title=f"{args.run} on {args.data}")
    for key, value in result.items():
        table.add_row(key, f"{value:.3f}" if isinstance(value, float) else str(value))
    out_console.print(table)


@dataclass(frozen=True)
class RFTCommandArgs:
    """Rejection-sampling fine-tuning of a Qwen2.5-VL policy: rollouts in an env, the episodes
    the video judge scores as successes kept, SFT on their steps, repeated per round."""

    rft: Annotated[RFTArgs, tyro.conf.OmitArgPrefixes]
    json: bool = False
    """print one JSON object on stdout"""


def run_rft(args: RFTCommandArgs) -> None:
    from cuakit.agent.rft import train_rft

    with phase_progress() as progress, contextlib.redirect_stdout(sys.stderr):
        metrics = train_rft(args.rft, PhaseBars(progress))
    if args.json:
        emit_json(metrics)
        return
    table = Table("round", "kept / episodes", "judged success", "true success", "SFT samples",
                  title=f"RFT on {args.rft.env}")  # fmt: skip
    for line in metrics["rounds"]:
        table.add_row(str(line["round"]), f"{line['kept']} / {line['episodes']}",
                      f"{line['judged_success_rate']:.2f}", f"{line['true_success_rate']:.2f}",
                      str(line["samples"]))  # fmt: skip
    out_console.print(table)
    out_console.print(f"adapter in {args.rft.out / 'adapter'}" if metrics["adapter"] else
                      "no round kept an episode: the policy is unchanged")  # fmt: skip

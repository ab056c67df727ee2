"""`cuakit agent sft | build-tiny-vlm`: fine-tune a Qwen2.5-VL policy on step samples with a
LoRA adapter, and write the tiny random Qwen2.5-VL that runs the same path on a CPU."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import tyro

from cuakit.agent.sft import SFTArgs, train_sft
from cuakit.agent.vlm import build_tiny_qwen_vl
from cuakit.cli.common import emit_json, out_console


@dataclass(frozen=True)
class SFTCommandArgs:
    """Fine-tune a Qwen2.5-VL policy on step samples with a LoRA adapter (TRL SFTTrainer).

    Presets: qwen2.5-vl-7b-lora (the seed's recipe, GPUs) and tiny-cpu (tests, laptops)."""

    sft: Annotated[SFTArgs, tyro.conf.OmitArgPrefixes]
    json: bool = False
    """print one JSON object on stdout"""


def run_sft(args: SFTCommandArgs) -> None:
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
    json: bool = False
    """print one JSON object on stdout"""


def run_build_tiny(args: BuildTinyArgs) -> None:
    path = build_tiny_qwen_vl(args.out, seed=args.seed)
    size = sum(f.stat().st_size for f in path.iterdir() if f.is_file())
    if args.json:
        emit_json({"path": str(path), "bytes": size})
        return
    out_console.print(f"tiny Qwen2.5-VL ({size / 1e6:.1f} MB) in {path}")

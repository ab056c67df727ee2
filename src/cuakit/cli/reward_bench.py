"""`cuakit bench reward`: reward-model backbones side by side, with the ratios that matter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.table import Column, Table

from cuakit.cli.common import emit_json, err_console, out_console
from cuakit.errors import ConfigError
from cuakit.reward.bench import bench_reward


@dataclass(frozen=True)
class RewardBenchArgs:
    """Clips/s, training steps/s and FLOPs per reward backbone, fp32 vs bf16, pruning on vs off,
    against TimeSformer-base (random weights, 8 frames at 224x224)."""

    quick: bool = False
    """a seconds-long smoke run: 2 clips of 4 frames, one repeat, no TimeSformer-base row"""
    json: bool = False
    """print one JSON object on stdout"""
    threads: int | None = None
    """torch intra-op threads for the run (default: torch's own choice, one per core)"""
    vlm: bool = False
    """also the vision-language judge (random weights): visual tokens per clip and clips/s
    with pruning on and off, peak memory"""
    vlm_size: str = "tiny"
    """the judge's shape: tiny (the tiny-cpu preset), or 7b (Qwen2.5-VL-7B's shape, the
    exevrm-qwen2.5-vl-7b preset; needs a GPU)"""
    vlm_batches: tuple[int, ...] | None = None
    """clips per batch, one row pair each (default: 2 for tiny; 1 4 8 for 7b)"""


def _fmt(value: Any, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def run_reward_bench(args: RewardBenchArgs) -> None:
    if args.threads is not None and args.threads < 1:
        raise ConfigError(f"--threads {args.threads}: must be at least 1 (or leave it out)")
    if args.vlm_batches is not None and min(args.vlm_batches, default=0) < 1:
        raise ConfigError(f"--vlm-batches {args.vlm_batches}: give one or more sizes of 1 or more")
    if args.vlm_size not in ("tiny", "7b"):
        raise ConfigError(f"--vlm-size {args.vlm_size!r}: use tiny or 7b")
    with err_console.status("benchmarking reward models (a full run takes 1-3 minutes)"):
        result = bench_reward(quick=args.quick, threads=args.threads)
    if args.vlm:
        from cuakit.reward.vlm_bench import bench_vlm  # loads transformers and peft

        batches = args.vlm_batches or ((1, 4, 8) if args.vlm_size == "7b" else (2,))
        with err_console.status("benchmarking the vision-language judge"):
            result["vlm"] = bench_vlm(batches, repeats=1 if args.quick else 3,
                                      size=args.vlm_size)  # fmt: skip
    if args.json:
        emit_json(result)
        return
    setup = result["setup"]
    table = Table(
        Column("backbone", no_wrap=True), "precision", "pruning", "params", "kept", "GFLOP/clip",
        "infer clips/s", "train steps/s", "infer GFLOP/s", "util infer", "util train",
        title=(
            f"reward models: batch {setup['batch']}, {setup['frames']} frames at "
            f"{setup['width']}x{setup['height']}, threads: {result['machine']['threads']}"
        ),
    )  # fmt: skip
    rows = list(result["rows"])
    if result["reference"] is not None:
        rows.append(result["reference"])
    for row in rows:
        table.add_row(
            row["backbone"],
            row["precision"],
            row["pruning"],
            f"{row['params'] / 1e6:.2f}M",
            f"{row['kept_ratio']:.3f}",
            f"{row['flops_per_clip'] / 1e9:.3f}",
            f"{row['infer_clips_per_s']:.2f}",
            _fmt(row.get("train_steps_per_s"), ".2f"),
            f"{row['infer_gflops_per_s']:.1f}",
            f"{row['infer_utilisation']:.1%}",
            _fmt(row.get("train_utilisation"), ".1%"),
        )
    out_console.print(table)
    peak = result["peak"]
    out_console.print(
        f"matmul peak: fp32 {peak['fp32']['gflops']:.1f} GFLOP/s ({peak['fp32']['size']}²), "
        f"bf16 {peak['bf16']['gflops']:.1f} GFLOP/s ({peak['bf16']['size']}²)"
    )
    ratios = result["ratios"]
    lines = [f"pruning keeps {ratios['pruning_kept_ratio']:.1%} of grid tokens (default model)"]
    for precision in ("fp32", "bf16"):
        infer = ratios[f"pruning_speedup_infer_{precision}"]
        train = ratios[f"pruning_speedup_train_{precision}"]
        flops = ratios[f"pruning_flops_ratio_{precision}"]
        lines.append(
            f"pruning on/off, {precision}: inference {infer:.2f}x, training {train:.2f}x, "
            f"FLOPs {flops:.2f}x"
        )
    if "default_vs_timesformer_base_speed" in ratios:
        lines.append(
            f"default model vs TimeSformer-base: {ratios['default_vs_timesformer_base_speed']:.0f}x"
            f" the clips/s, {ratios['default_vs_timesformer_base_flops']:.0f}x fewer FLOPs/clip"
        )
    for line in lines:
        out_console.print(line)
    if "vlm" in result:
        print_vlm(result["vlm"])


def print_vlm(result: dict[str, Any]) -> None:
    table = Table(
        "judge", "batch", "pruning", "frames/clip", "visual tokens/clip", "kept/clip",
        "infer clips/s", "train clips/s", "peak MB",
        title=f"vision-language judge, {result['device']}, threads: {result['threads']} "
        "(random weights: speed only)",
    )  # fmt: skip
    for row in result["rows"]:
        table.add_row(
            row["model"], str(row["batch"]), row["pruning"], f"{row['frames_per_clip']:.1f}",
            f"{row['visual_tokens_per_clip']:.0f}", f"{row['kept_tokens_per_clip']:.0f}",
            f"{row['infer_clips_per_s']:.2f}", f"{row['train_clips_per_s']:.2f}",
            f"{row['peak_memory_mb']:.0f}",
        )  # fmt: skip
    out_console.print(table)
    ratios = result["ratios"]
    out_console.print(
        f"pruning keeps {ratios['kept_token_ratio']:.1%} of the judge's visual tokens; on/off: "
        f"inference {ratios['pruning_speedup_infer']:.2f}x, training "
        f"{ratios['pruning_speedup_train']:.2f}x"
    )

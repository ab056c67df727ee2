"""Reward-model benchmark: clips/s, training steps/s and FLOPs per backbone, precision, pruning.

Every backbone sees the same seeded screen-like clips (flat windows, rows of glyphs, a moving
cursor: what pruning is for) and the same random unit instruction vectors (the MiniLM encoder
is not part of the measurement). Per row: inference clips/s, training steps/s (forward +
backward + AdamW step), FLOPs per clip counted with ``torch.utils.flop_counter`` (matmuls,
convolutions, attention; elementwise work is not counted), achieved GFLOP/s, and the share of a
measured matmul peak of the same precision. A reference row times TimeSformer-base (random
weights, 8 frames at 224x224), the size of model the seed proposes, for the headline ratio.

`bench_reward` returns a plain dict and prints nothing; ``cuakit bench reward`` prints it.
"""

from __future__ import annotations

import copy
import platform
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.flop_counter import FlopCounterMode

from cuakit.episodes.bench import synthetic_screen
from cuakit.reward.model import RewardModelConfig, RewardOutput, VideoRewardModel, WordBatch
from cuakit.video.templates import render_words
from cuakit.video.words import LOOK_SIZE, POINTER_SIZE, ClipWords

BENCH_BACKBONES = ("frame-temporal", "timesformer", "cnn3d")
PRECISIONS = ("fp32", "bf16")
QUICK_CONFIG = RewardModelConfig(
    frames=4, height=40, width=64, dim=32, depth=1, heads=2, patch=8, cnn_channels=8,
    timesformer_image_size=32,
)  # fmt: skip
"""the tiny models of ``quick`` mode: the machinery is exercised, the numbers mean nothing"""
DEFAULT_ROW = ("frame-temporal", "fp32", "on")
"""the row the ratio to TimeSformer-base is taken from: the default model as it ships"""


def bench_clips(batch: int, frames: int, height: int, width: int, seed: int = 0) -> torch.Tensor:
    """float (B, T, 3, H, W) in [0, 1]: one `synthetic_screen` recording per clip, seeded."""
    clips = [synthetic_screen(frames, width, height, seed=seed + b) for b in range(batch)]
    return torch.from_numpy(np.stack(clips)).permute(0, 1, 4, 2, 3).float() / 255.0


BENCH_SCREEN_WORDS = 57
"""screen words per clip in the benchmark (desksim's 11 families average 57 per clip, read from
every frame of the recording)"""
BENCH_INSTRUCTION = "Fill in the form with Email: nora@example.com and submit it"


def shifted(crops: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Each crop moved by 0-2 rows and 0-7 columns (wrapping over the empty canvas margin)."""
    rows, cols = rng.integers(0, 3, len(crops)), rng.integers(0, 8, len(crops))
    return np.stack([np.roll(c, (int(r), int(k)), axis=(0, 1))
                     for c, r, k in zip(crops, rows, cols, strict=True)])  # fmt: skip


def bench_words(batch: int, frames: int, seed: int = 0, text_dim: int = 384) -> WordBatch:
    """A typical reading load: `BENCH_SCREEN_WORDS` rendered words per clip, spread over its
    frames and a 480x300 screen, under a 10-word instruction. Each word is shifted by a few
    pixels at random, so most crops of a batch are distinct (in real batches about a third are:
    the model encodes each distinct crop once, and a benchmark of 20 repeated words would
    flatter it). Instruction words' meanings are random unit vectors of ``text_dim`` (the
    benchmark times the model, not MiniLM, whose per-word embeddings a run caches)."""
    rng = np.random.default_rng(seed)
    labels = ("Save Open Cancel Delete Copy Paste Print Search Archive Unlock Submit Resume Zoom "
              "Sharpness Apply Email Name Travel Destination Settings")  # fmt: skip
    vocabulary = render_words(labels, max_words=20)
    screen, count = [], BENCH_SCREEN_WORDS
    for _ in range(batch):
        top, left = rng.integers(0, 288, count), rng.integers(0, 420, count)
        chosen = rng.integers(0, len(vocabulary), count)
        screen.append(
            ClipWords(
                frame=np.sort(rng.integers(0, frames, count)),
                box=np.stack([top, top + 12, left, left + 60], 1),
                at_end=rng.random(count) < 0.5,
                crops=shifted(vocabulary[chosen], rng),
                look=rng.random((count, LOOK_SIZE), dtype=np.float32),
                pointer=(rng.random((count, POINTER_SIZE)) < 0.05).astype(np.float32),
                height=300,
                width=480,
                text=tuple(labels.split()[i] for i in chosen),  # as a recogniser read them
            )
        )

    return WordBatch.build(screen, [BENCH_INSTRUCTION] * batch)


def _autocast(precision: str) -> AbstractContextManager[Any]:
    if precision == "bf16":
        return torch.autocast("cpu", dtype=torch.bfloat16)
    return nullcontext()


def _loss(out: RewardOutput) -> torch.Tensor:
    """What a reward trainer optimises: Bradley–Terry on pairs + BCE on success and progress."""
    labels = (torch.arange(out.reward.shape[0]) % 2 == 0).float()
    pairs = out.reward.shape[0] // 2 * 2
    loss = F.binary_cross_entropy_with_logits(out.success_logit, labels)
    loss = loss + F.binary_cross_entropy_with_logits(
        out.progress_logits, labels[:, None].expand_as(out.progress_logits)
    )
    if pairs:
        loss = loss - F.logsigmoid(out.reward[0:pairs:2] - out.reward[1:pairs:2]).mean()
    return loss


def _timed(fn: Callable[[], object], repeats: int, budget_s: float) -> float:
    """Seconds per call: up to ``repeats`` calls, fewer once ``budget_s`` is spent (at least 1)."""
    start, calls = time.perf_counter(), 0
    while calls < max(1, repeats):
        fn()
        calls += 1
        if time.perf_counter() - start > budget_s:
            break
    return (time.perf_counter() - start) / calls


def matmul_peak(precision: str, max_size: int = 2048, budget_s: float = 1.0) -> dict[str, float]:
    """GFLOP/s of a square ``F.linear`` (the kernel the models' layers use), growing the size
    until one call takes ~50 ms or reaches ``max_size``.

    A CPU without bf16 instructions runs bf16 matmuls many times slower than fp32; the growing
    size keeps that measurement short.
    """
    dtype = torch.bfloat16 if precision == "bf16" else torch.float32
    gen = torch.Generator().manual_seed(0)
    size, seconds = 128, 0.0
    while True:
        a = torch.randn(size, size, generator=gen).to(dtype)
        b = torch.randn(size, size, generator=gen).to(dtype)
        with torch.inference_mode():
            F.linear(a, b)  # warm-up
            seconds = _timed(lambda a=a, b=b: F.linear(a, b), repeats=3, budget_s=budget_s)
        if seconds > 0.05 or size >= max_size:
            break
        size *= 2
    return {"size": size, "gflops": 2 * size**3 / seconds / 1e9}


def _count_flops(fn: Callable[[], Any]) -> tuple[int, Any]:
    """(FLOPs of one call, its result)."""
    with FlopCounterMode(display=False) as counter:
        result = fn()
    return int(counter.get_total_flops()), result


def bench_row(
    model: VideoRewardModel,
    clips: torch.Tensor,
    text: torch.Tensor,
    precision: str,
    repeats: int,
    budget_s: float,
    train: bool = True,
) -> dict[str, Any]:
    """Measure one model at one precision: FLOPs (the counted run is the warm-up), then time.
    A model that reads screen words gets `bench_words`."""
    batch = clips.shape[0]
    model = model.eval()
    words = (
        bench_words(batch, clips.shape[1], text_dim=model.config.text_dim)
        if model.reads_words
        else None
    )
    seconds = torch.full((batch,), 2.0) if model.config.duration else None  # a 20-frame video

    def infer() -> RewardOutput:
        with torch.inference_mode(), _autocast(precision):
            return model(clips, text, words, seconds=seconds)

    flops, out = _count_flops(infer)
    kept_ratio = out.kept_ratio
    infer_s = _timed(infer, repeats, budget_s)
    row: dict[str, Any] = {
        "params": sum(p.numel() for p in model.parameters()),
        "kept_ratio": kept_ratio,
        "flops_per_clip": flops / batch,
        "infer_clips_per_s": batch / infer_s,
        "infer_gflops_per_s": flops / infer_s / 1e9,
    }
    if train:
        trained = copy.deepcopy(model).train()
        optimizer = torch.optim.AdamW(trained.parameters(), lr=1e-4)

        def step() -> None:
            optimizer.zero_grad(set_to_none=True)
            with _autocast(precision):
                out = trained(clips, text, words, seconds=seconds)
            _loss(out).backward()
            optimizer.step()

        train_flops, _ = _count_flops(step)
        train_s = _timed(step, max(1, repeats // 2), budget_s)
        row |= {
            "train_flops_per_step": train_flops,
            "train_steps_per_s": 1 / train_s,
            "train_clips_per_s": batch / train_s,
            "train_gflops_per_s": train_flops / train_s / 1e9,
        }
    return row


def bench_reward(
    batch: int = 4,
    frames: int = 12,
    repeats: int = 10,
    include_base: bool = True,
    quick: bool = False,
    seed: int = 0,
    budget_s: float = 2.5,
    threads: int | None = None,
) -> dict[str, Any]:
    """Benchmark every backbone x {fp32, bf16 autocast} x {pruning on, off} on identical clips.

    ``quick`` shrinks everything (`QUICK_CONFIG` models, 2 clips, one repeat, small matmuls,
    one thread, no TimeSformer-base row) to check the machinery in tests. ``budget_s`` caps the
    seconds spent timing one measurement (at least one call is always made). ``threads`` sets
    torch's intra-op threads for the run (restored afterwards); None keeps the current setting.

    Returns a dict: ``machine``, ``setup``, ``peak`` (matmul GFLOP/s per precision), ``rows``
    (one per backbone/precision/pruning), ``reference`` (the TimeSformer-base row or None) and
    ``ratios``.
    """
    previous_threads = torch.get_num_threads()
    if quick and threads is None:
        threads = 1  # tiny ops on a busy machine: extra threads only add contention
    if threads is not None:
        torch.set_num_threads(threads)
    try:
        return _bench_reward(batch, frames, repeats, include_base, quick, seed, budget_s)
    finally:
        torch.set_num_threads(previous_threads)


def _bench_reward(
    batch: int,
    frames: int,
    repeats: int,
    include_base: bool,
    quick: bool,
    seed: int,
    budget_s: float,
) -> dict[str, Any]:
    base_config = RewardModelConfig(frames=frames)
    if quick:
        batch, repeats, include_base, budget_s = min(batch, 2), 1, False, 0.2
        base_config = QUICK_CONFIG
        frames = base_config.frames
    torch.manual_seed(seed)
    clips = bench_clips(batch, frames, base_config.height, base_config.width, seed)
    text = F.normalize(torch.randn(batch, base_config.text_dim), dim=1)
    peak = {p: matmul_peak(p, max_size=256 if quick else 2048) for p in PRECISIONS}

    rows: list[dict[str, Any]] = []
    for backbone in BENCH_BACKBONES:
        torch.manual_seed(seed)
        model = VideoRewardModel(replace(base_config, backbone=backbone))
        variants: list[tuple[str, VideoRewardModel]] = [("n/a", model)]
        if backbone == "frame-temporal":
            unpruned = VideoRewardModel(
                replace(model.config, prune_spatial=False, prune_temporal=False)
            )
            unpruned.load_state_dict(model.state_dict())
            variants = [("on", model), ("off", unpruned)]
        for precision in PRECISIONS:
            for pruning, variant in variants:
                row = bench_row(variant, clips, text, precision, repeats, budget_s)
                row = {"backbone": backbone, "precision": precision, "pruning": pruning, **row}
                row["infer_utilisation"] = row["infer_gflops_per_s"] / peak[precision]["gflops"]
                row["train_utilisation"] = row["train_gflops_per_s"] / peak[precision]["gflops"]
                rows.append(row)

    reference = None
    if include_base:
        base = RewardModelConfig.timesformer_base(frames=8)
        torch.manual_seed(seed)
        model = VideoRewardModel(base)
        base_clips = bench_clips(1, base.frames, base.height, base.width, seed)
        base_text = F.normalize(torch.randn(1, base.text_dim), dim=1)
        # seconds per clip: two timed calls, whatever the budget
        reference = bench_row(model, base_clips, base_text, "fp32", 2, 60.0, train=False)
        reference = {
            "backbone": "timesformer-base",
            "precision": "fp32",
            "pruning": "n/a",
            "frames": base.frames,
            "size": f"{base.width}x{base.height}",
            **reference,
        }
        reference["infer_utilisation"] = reference["infer_gflops_per_s"] / peak["fp32"]["gflops"]
        del model

    return {
        "machine": {
            "threads": torch.get_num_threads(),
            "torch": torch.__version__,
            "cpu": platform.processor() or platform.machine(),
        },
        "setup": {
            "batch": batch,
            "frames": frames,
            "height": base_config.height,
            "width": base_config.width,
            "repeats": repeats,
            "quick": quick,
        },
        "peak": peak,
        "rows": rows,
        "reference": reference,
        "ratios": _ratios(rows, reference),
    }


def _find(rows: list[dict[str, Any]], backbone: str, precision: str, pruning: str) -> dict:
    return next(
        r
        for r in rows
        if (r["backbone"], r["precision"], r["pruning"]) == (backbone, precision, pruning)
    )


def _ratios(rows: list[dict[str, Any]], reference: dict[str, Any] | None) -> dict[str, Any]:
    default = _find(rows, *DEFAULT_ROW)
    ratios: dict[str, Any] = {"pruning_kept_ratio": default["kept_ratio"]}
    for precision in PRECISIONS:
        on = _find(rows, "frame-temporal", precision, "on")
        off = _find(rows, "frame-temporal", precision, "off")
        ratios[f"pruning_speedup_infer_{precision}"] = (
            on["infer_clips_per_s"] / off["infer_clips_per_s"]
        )
        ratios[f"pruning_speedup_train_{precision}"] = (
            on["train_steps_per_s"] / off["train_steps_per_s"]
        )
        ratios[f"pruning_flops_ratio_{precision}"] = on["flops_per_clip"] / off["flops_per_clip"]
    if reference is not None:
        ratios["default_vs_timesformer_base_speed"] = (
            default["infer_clips_per_s"] / reference["infer_clips_per_s"]
        )
        ratios["default_vs_timesformer_base_flops"] = (
            reference["flops_per_clip"] / default["flops_per_clip"]
        )
    return ratios

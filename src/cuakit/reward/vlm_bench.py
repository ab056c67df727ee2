"""The vision-language judge's rows of ``cuakit bench reward --vlm``: clips/s (inference and
training), visual tokens per clip with pruning on and off, peak memory.

The judge is the tiny random Qwen2.5-VL (`cuakit.qwen_vl.build_tiny_qwen_vl`, the ``tiny-cpu``
preset) on seeded screen-like recordings (`cuakit.episodes.bench.synthetic_screen`: flat
windows, rows of glyphs, a moving cursor) whose last half second opens a dialog, so that the
keyframes and the pruning have something to find. Random weights: the numbers are speed, never
accuracy. Peak memory is the GPU's allocator peak on CUDA, else the process's peak resident
set (which includes everything loaded before: compare rows of one run only).
"""

from __future__ import annotations

import resource
import sys
import tempfile
from typing import Any

import numpy as np
import torch

from cuakit.episodes.bench import synthetic_screen
from cuakit.qwen_vl import build_tiny_qwen_vl
from cuakit.reward.bench import _timed
from cuakit.reward.vlm_judge import VLMJudge, judge_clip, preset

BENCH_FPS = 10.0
"""the synthetic recordings' frame rate"""


def bench_video(seed: int, frames: int = 40, width: int = 480, height: int = 300) -> np.ndarray:
    """uint8 (frames, height, width, 3): a desksim-sized recording, a dialog over its end."""
    video = synthetic_screen(frames, width, height, seed=seed)
    video[-5:, height // 3 : 2 * height // 3, width // 3 : 2 * width // 3] = 40
    return video


def _peak_mb(device: torch.device) -> float:
    if device.type == "cuda":
        return torch.cuda.max_memory_allocated(device) / 2**20
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2**20


def bench_judge(
    judge: VLMJudge, videos: list[np.ndarray], repeats: int, budget_s: float
) -> dict[str, Any]:
    """One row: tokens per clip, inference and training clips/s, peak memory."""
    clips = [judge_clip(v, BENCH_FPS, judge.config) for v in videos]
    instructions = ["Open the Settings dialog"] * len(clips)
    tokens = [judge.visual_tokens(c) for c in clips]
    device = judge.device
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats(device)

    def infer() -> None:
        with torch.no_grad():
            judge.eval()(clips, instructions)

    trainable = [p for p in judge.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trainable, lr=1e-4)

    def step() -> None:
        judge.train()
        out = judge(clips, instructions)
        loss = torch.nn.functional.softplus(-out.success_logit).mean()
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()

    infer()  # warm-ups: the first calls allocate
    step()
    infer_s = _timed(infer, repeats, budget_s)
    train_s = _timed(step, max(1, repeats // 2), budget_s)
    judge.eval()
    return {
        "frames_per_clip": float(np.mean([len(c.frames) for c in clips])),
        "visual_tokens_per_clip": float(np.mean([total for _, total in tokens])),
        "kept_tokens_per_clip": float(np.mean([kept for kept, _ in tokens])),
        "infer_clips_per_s": len(clips) / infer_s,
        "train_clips_per_s": len(clips) / train_s,
        "peak_memory_mb": _peak_mb(device),
    }


def bench_vlm(
    batch: int = 2, repeats: int = 3, budget_s: float = 2.0, seed: int = 0
) -> dict[str, Any]:
    """The tiny judge with pruning on and off on the same ``batch`` recordings: one row each,
    and the ratios (tokens kept, speed-up)."""
    videos = [bench_video(seed + b) for b in range(batch)]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        base = build_tiny_qwen_vl(folder, seed=seed)
        for pruning in ("on", "off"):
            torch.manual_seed(seed)
            judge = VLMJudge.from_base(preset("tiny-cpu", str(base), prune=pruning == "on"))
            row = bench_judge(judge, videos, repeats, budget_s)
            rows.append({"model": "vlm tiny-cpu", "pruning": pruning, "batch": batch, **row})
            del judge
    on, off = rows
    return {
        "device": str(torch.device("cuda" if torch.cuda.is_available() else "cpu")),
        "threads": torch.get_num_threads(),
        "rows": rows,
        "ratios": {
            "kept_token_ratio": on["kept_tokens_per_clip"] / off["kept_tokens_per_clip"],
            "pruning_speedup_infer": on["infer_clips_per_s"] / off["infer_clips_per_s"],
            "pruning_speedup_train": on["train_clips_per_s"] / off["train_clips_per_s"],
        },
    }

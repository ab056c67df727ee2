"""The vision-language judge's rows of ``cuakit bench reward --vlm``: clips/s (inference and
training), visual tokens per clip with pruning on and off, peak memory.

The judge is a random Qwen2.5-VL of the tiny shape (the ``tiny-cpu`` preset) or of 7B's shape
(``exevrm-qwen2.5-vl-7b``: bf16, gradient checkpointing, 2 fps, on a GPU), built on its device
in its precision (`cuakit.qwen_vl.random_qwen_vl`), at batch sizes given, on seeded
screen-like recordings (`cuakit.episodes.bench.synthetic_screen`: flat
windows, rows of glyphs, a moving cursor) whose last half second opens a dialog, so that the
keyframes and the pruning have something to find. Random weights: the numbers are speed, never
accuracy. Peak memory is the GPU's allocator peak on CUDA, else the process's peak resident
set (which includes everything loaded before: compare rows of one run only).
"""

from __future__ import annotations

import resource
import sys
from dataclasses import replace
from typing import Any

import numpy as np
import torch
from transformers import Qwen2VLImageProcessorPil

from cuakit.episodes.bench import synthetic_screen
from cuakit.errors import ConfigError
from cuakit.qwen_vl import (
    QWEN_CHAT_TEMPLATE,
    QwenImageProcessor,
    build_tiny_tokenizer,
    qwen25_vl_7b_config,
    random_qwen_vl,
    tiny_config,
)
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


VLM_SIZES = {"tiny": "tiny-cpu", "7b": "exevrm-qwen2.5-vl-7b"}
"""``--vlm-size`` → the judge preset benchmarked on a random base of that shape"""


def random_judge(size: str, device: str | torch.device, seed: int = 0) -> VLMJudge:
    """A judge of ``size``'s preset on a random Qwen2.5-VL of that shape (tiny, or 7B's), built
    on ``device`` in the preset's precision, with the tiny tokenizer (speed only)."""
    if size not in VLM_SIZES:
        raise ConfigError(f"--vlm-size {size!r}: use one of {', '.join(VLM_SIZES)}")
    config = preset(VLM_SIZES[size], "")
    tokenizer = build_tiny_tokenizer()
    shape = qwen25_vl_7b_config(tokenizer) if size == "7b" else tiny_config(tokenizer)
    torch.manual_seed(seed)
    qwen = random_qwen_vl(shape, device, config.torch_dtype)
    image = Qwen2VLImageProcessorPil(min_pixels=56 * 56, max_pixels=config.max_pixels)
    processor = QwenImageProcessor(image, tokenizer, chat_template=QWEN_CHAT_TEMPLATE)
    return VLMJudge.around(config, qwen, processor)


def bench_vlm(
    batches: tuple[int, ...] = (2,),
    repeats: int = 3,
    budget_s: float = 2.0,
    seed: int = 0,
    size: str = "tiny",
    device: str | None = None,
) -> dict[str, Any]:
    """The judge of ``size`` with pruning on and off on the same recordings, at each batch
    size: a row each, and the ratios (tokens kept, speed-up) at the largest batch."""
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    if size == "7b" and not str(device).startswith("cuda"):
        raise ConfigError("--vlm-size 7b needs a GPU (8.3B parameters, 17 GB in bf16)")
    on = random_judge(size, device, seed)
    off = VLMJudge(replace(on.config, prune_spatial=False, prune_temporal=False), on.model,
                   on.processor)  # fmt: skip
    frames = 40 if size == "tiny" else 100  # 4 s at 10 fps; 10 s for the 7B preset's 2 fps
    videos = [bench_video(seed + b, frames) for b in range(max(batches))]
    rows = []
    for batch in batches:
        for pruning, judge in (("on", on), ("off", off)):
            row = bench_judge(judge, videos[:batch], repeats, budget_s)
            rows.append({"model": f"vlm {VLM_SIZES[size]}", "pruning": pruning, "batch": batch,
                         **row})  # fmt: skip
    last_on, last_off = rows[-2], rows[-1]
    return {
        "device": str(torch.device(device)),
        "threads": torch.get_num_threads(),
        "size": size,
        "rows": rows,
        "ratios": {
            "kept_token_ratio": last_on["kept_tokens_per_clip"] / last_off["kept_tokens_per_clip"],
            "pruning_speedup_infer": last_on["infer_clips_per_s"] / last_off["infer_clips_per_s"],
            "pruning_speedup_train": last_on["train_clips_per_s"] / last_off["train_clips_per_s"],
        },
    }

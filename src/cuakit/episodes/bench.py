"""Video benchmark: encode and decode frames/s for lossless, compact and raw numpy, one core."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from cuakit.episodes.video import VideoEncoder, read_frames

BENCH_SIZES = ((320, 200), (1280, 800))
BENCH_METHODS = ("lossless", "compact", "raw-numpy")


def synthetic_screen(num_frames: int, width: int, height: int, seed: int = 0) -> np.ndarray:
    """Frames that look like a screen recording: flat windows, text-like rows, a moving cursor."""
    rng = np.random.default_rng(seed)
    base = np.full((height, width, 3), 236, np.uint8)
    for _ in range(4):  # windows with title bars and rows of "text"
        x0, y0 = rng.integers(0, width * 3 // 4), rng.integers(0, height * 3 // 4)
        x1, y1 = min(width, x0 + width // 3), min(height, y0 + height // 3)
        base[y0:y1, x0:x1] = 250
        base[y0 : y0 + max(3, height // 30), x0:x1] = rng.integers(40, 200, 3)
        for row in range(y0 + height // 20, y1 - 4, max(4, height // 25)):
            glyphs = rng.random(max(1, (x1 - x0 - 8) // 3)) < 0.6
            for k in np.flatnonzero(glyphs):
                base[row : row + 2, x0 + 4 + 3 * k : x0 + 6 + 3 * k] = 60
    frames = np.repeat(base[None], num_frames, axis=0)
    for t in range(num_frames):  # a cursor gliding across, text appearing
        cx, cy = int((t * 7) % (width - 8)), int(height / 2 + height / 4 * np.sin(t / 9))
        frames[t, cy : cy + 12, cx : cx + 8] = 0
        frames[t, 10:14, 10 : 10 + min(width - 20, 3 * t)] = 30
    return frames


@dataclass(frozen=True)
class VideoBenchRow:
    method: str
    width: int
    height: int
    frames: int
    encode_fps: float
    decode_fps: float
    bytes_per_frame: float
    bit_exact: bool


def _timed(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench_one(method: str, frames: np.ndarray, workdir: Path) -> VideoBenchRow:
    num, height, width, _ = frames.shape
    if method == "raw-numpy":
        path = workdir / f"raw_{width}x{height}.npy"
        encode_s, _ = _timed(lambda: np.save(path, frames))
        decode_s, decoded = _timed(lambda: np.load(path))
    else:
        path = workdir / f"{method}_{width}x{height}.mp4"

        def encode() -> None:
            encoder = VideoEncoder(path, fps=10, codec=method, threads=1)
            for frame in frames:
                encoder.add(frame)
            encoder.close()

        encode_s, _ = _timed(encode)
        decode_s, decoded = _timed(lambda: read_frames(path, size=(height, width)))
    return VideoBenchRow(
        method=method,
        width=width,
        height=height,
        frames=num,
        encode_fps=num / encode_s,
        decode_fps=num / decode_s,
        bytes_per_frame=path.stat().st_size / num,
        bit_exact=bool(np.array_equal(decoded, frames)),
    )


def bench_video(
    frames_per_size: int = 200, progress: Callable[[str], None] | None = None
) -> dict[str, object]:
    """All methods at all sizes, side by side, plus ratios to raw numpy."""
    rows: list[VideoBenchRow] = []
    with tempfile.TemporaryDirectory(prefix="cuakit-bench-") as tmp:
        for width, height in BENCH_SIZES:
            # Fewer large frames keep the run short; fps figures stay comparable.
            num = frames_per_size if width * height <= 320 * 200 else max(20, frames_per_size // 4)
            frames = synthetic_screen(num, width, height)
            for method in BENCH_METHODS:
                if progress:
                    progress(f"{method} {width}x{height}")
                rows.append(bench_one(method, frames, Path(tmp)))
    ratios = {}
    for row in rows:
        raw = next(r for r in rows if r.method == "raw-numpy" and r.width == row.width)
        key = f"{row.method}/raw-numpy@{row.width}x{row.height}"
        ratios[key] = {
            "encode_speed": row.encode_fps / raw.encode_fps,
            "decode_speed": row.decode_fps / raw.decode_fps,
            "size": row.bytes_per_frame / raw.bytes_per_frame,
        }
    return {"rows": [asdict(r) for r in rows], "ratios": ratios, "threads": 1}

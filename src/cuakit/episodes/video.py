"""Execution videos through PyAV: streaming encode, decode by frame index.

``lossless`` is libx264rgb at qp 0: RGB in, the same RGB out, bit for bit, at thousands of
frames per second for small screens. ``compact`` is libx264 yuv420p at crf 23: lossy and a
fraction of the size, for sharing datasets.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Sequence
from pathlib import Path

import av
import numpy as np

from cuakit.errors import VideoError

_CODEC_SETTINGS: dict[str, tuple[str, str, dict[str, str]]] = {
    # codec name: (ffmpeg encoder, pixel format, encoder options)
    # zerolatency drops the lookahead: a third faster, the same bytes for screen content.
    "lossless": ("libx264rgb", "rgb24", {"qp": "0", "preset": "ultrafast", "tune": "zerolatency"}),
    "compact": ("libx264", "yuv420p", {"crf": "23", "preset": "veryfast"}),
}


def check_frame(path: Path, frame: np.ndarray, size: tuple[int, int] | None, index: int) -> None:
    """Raise ``VideoError`` unless ``frame`` is uint8 H×W×3 and, once a video has a ``size``
    (height, width), of that size."""
    if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3:
        raise VideoError(f"{path}: frames must be uint8 H×W×3 RGB, got {frame.dtype} {frame.shape}")
    if size is not None and frame.shape[:2] != size:
        raise VideoError(
            f"{path}: frame {index} is {frame.shape[1]}×{frame.shape[0]}, "
            f"the video is {size[1]}×{size[0]}; resize frames before recording"
        )


class FramePool:
    """Reusable frame buffers for background encoding, shared by a writer's encoders.

    Recycling buffers matters: a fresh 480×300 frame per recorded frame costs a page fault
    per 4 KiB on first write — ten times the copy itself — once the encoder queue holds many.
    """

    def __init__(self, keep: int = 64) -> None:
        self.keep = keep
        self._free: list[np.ndarray] = []
        self._lock = threading.Lock()

    def take(self, like: np.ndarray) -> np.ndarray:
        """A buffer of ``like``'s shape and dtype (contents undefined)."""
        with self._lock:
            while self._free:
                buffer = self._free.pop()
                if buffer.shape == like.shape and buffer.dtype == like.dtype:
                    return buffer
        return np.empty_like(like)

    def give(self, buffer: np.ndarray) -> None:
        with self._lock:
            if len(self._free) < self.keep:
                self._free.append(buffer)


class VideoEncoder:
    """Streams RGB frames (H×W×3 uint8, all the same size) into an mp4 at a constant fps.

    Call ``add`` per frame and ``close`` once; ``close`` without any frame raises, because an
    mp4 with no frames cannot be decoded.
    """

    def __init__(
        self,
        path: Path,
        fps: int,
        codec: str = "lossless",
        threads: int = 1,
        background: bool = False,
        pool: FramePool | None = None,
    ) -> None:
        if codec not in _CODEC_SETTINGS:
            raise VideoError(f"codec={codec!r} is unknown: use one of {tuple(_CODEC_SETTINGS)}")
        self.path = Path(path)
        self.fps = fps
        self.codec = codec
        self.threads = threads
        self.num_frames = 0
        self.size: tuple[int, int] | None = None  # (height, width) of the frames given
        self._container: av.container.OutputContainer | None = None
        self._stream: av.video.stream.VideoStream | None = None
        # With background=True frames are encoded on a worker thread (x264 releases the GIL),
        # so a recorder's rendering and encoding overlap on two cores. Frames are copied into
        # recycled buffers, so the caller may reuse its array at once.
        self._queue: queue.Queue[np.ndarray | None] | None = None
        self._pool = pool if pool is not None else FramePool()
        self._worker: threading.Thread | None = None
        self._error: BaseException | None = None
        self._closed = False
        if background:
            self._queue = queue.Queue(maxsize=64)

    def _open(self, height: int, width: int) -> None:
        encoder, pix_fmt, options = _CODEC_SETTINGS[self.codec]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._container = av.open(str(self.path), mode="w", format="mp4")
        stream = self._container.add_stream(encoder, rate=self.fps)
        # yuv420p needs even sizes: pad by one pixel, decode crops back.
        stream.width = width + (width % 2 if pix_fmt == "yuv420p" else 0)
        stream.height = height + (height % 2 if pix_fmt == "yuv420p" else 0)
        stream.pix_fmt = pix_fmt
        stream.options = options
        stream.thread_count = self.threads
        self._stream = stream
        self.size = (height, width)

    def add(self, frame: np.ndarray) -> int:
        """Encode one frame (or, with ``background=True``, queue a copy); returns its index."""
        check_frame(self.path, frame, self.size, self.num_frames)
        if self._stream is None:
            self._open(frame.shape[0], frame.shape[1])
        self.num_frames += 1
        if self._queue is None:
            self._encode(frame)
        else:
            if self._error is not None:
                raise VideoError(f"{self.path}: encoding failed ({self._error})") from self._error
            if self._worker is None:
                self._worker = threading.Thread(
                    target=self._drain, name="cuakit-encoder", daemon=True
                )
                self._worker.start()
            buffer = self._pool.take(frame)
            np.copyto(buffer, frame)
            self._queue.put(buffer)
        return self.num_frames - 1

    def _encode(self, frame: np.ndarray) -> None:
        assert self._stream is not None and self._container is not None
        padded = frame
        if (self._stream.height, self._stream.width) != frame.shape[:2]:
            pad = (
                (0, self._stream.height - frame.shape[0]),
                (0, self._stream.width - frame.shape[1]),
            )
            padded = np.pad(frame, (*pad, (0, 0)), mode="edge")
        # from_numpy_buffer wraps the array (x264 copies it during encode); from_ndarray would
        # copy it first, which took a third of the encoder's time.
        video_frame = av.VideoFrame.from_numpy_buffer(np.ascontiguousarray(padded), format="rgb24")
        for packet in self._stream.encode(video_frame):
            self._container.mux(packet)

    def _drain(self) -> None:
        assert self._queue is not None
        while (frame := self._queue.get()) is not None:
            if self._error is None:
                try:
                    self._encode(frame)
                except (av.FFmpegError, OSError, ValueError) as exc:
                    self._error = exc  # reported by the next add() or by close()
            self._pool.give(frame)

    def _stop_worker(self) -> None:
        if self._worker is not None and self._queue is not None:
            self._queue.put(None)
            self._worker.join()
            self._worker = None

    def close(self) -> None:
        """Flush and finish the file (a second call does nothing)."""
        if self._closed:
            return
        if self._container is None or self._stream is None:
            raise VideoError(f"{self.path}: no frames were added; an episode needs at least one")
        self._stop_worker()
        if self._error is not None:
            raise VideoError(f"{self.path}: encoding failed ({self._error})") from self._error
        for packet in self._stream.encode():
            self._container.mux(packet)
        self._container.close()
        self._container = None
        self._closed = True

    def abort(self) -> None:
        """Close without flushing and remove the partial file."""
        self._stop_worker()
        if self._container is not None:
            # The file is removed next; a failed close changes nothing.
            with contextlib.suppress(av.FFmpegError, OSError):
                self._container.close()
            self._container = None
        self.path.unlink(missing_ok=True)


def _to_rgb(frame: av.VideoFrame) -> np.ndarray:
    # PyAV hands planar gbrp (what libx264rgb decodes to) back in RGB order, several times
    # faster than a swscale conversion to rgb24.
    if frame.format.name == "gbrp":
        return frame.to_ndarray()
    return frame.to_ndarray(format="rgb24")


def read_frames(
    path: Path,
    indices: Sequence[int] | None = None,
    size: tuple[int, int] | None = None,
) -> np.ndarray:
    """Decode frames of ``path`` by index (all when ``indices`` is None) → (N, H, W, 3) uint8.

    ``size`` (height, width) crops away the padding ``compact`` adds to odd sizes. Missing,
    corrupt or too-short files raise ``VideoError`` naming the file and what to do.
    """
    path = Path(path)
    if not path.is_file():
        raise VideoError(
            f"{path} not found: restore the file, or drop the episode from the dataset"
        )
    wanted = None if indices is None else [int(i) for i in indices]
    if wanted is not None and any(i < 0 for i in wanted):
        raise VideoError(f"{path}: negative frame index in {wanted}")
    last = None if wanted is None else (max(wanted) if wanted else -1)
    decoded: dict[int, np.ndarray] = {}
    count = 0
    try:
        with av.open(str(path)) as container:
            if not container.streams.video:
                raise VideoError(f"{path} has no video stream: re-record the episode or drop it")
            for frame in container.decode(video=0):
                if last is not None and count > last:
                    break
                if wanted is None or count in wanted:
                    decoded[count] = _to_rgb(frame)
                count += 1
    except (av.FFmpegError, OSError, ValueError) as exc:
        raise VideoError(
            f"{path} cannot be decoded ({exc}): the file is corrupt or truncated; "
            "re-record the episode or drop it from the dataset"
        ) from exc
    if wanted is None:
        wanted = list(range(count))
        if count == 0:
            raise VideoError(f"{path} holds no frames: re-record the episode or drop it")
    missing = [i for i in wanted if i not in decoded]
    if missing:
        raise VideoError(
            f"frame {missing[0]} not found in {path}: the file holds {count} frames; "
            "re-encode or drop the episode"
        )
    frames = np.stack([decoded[i] for i in wanted]) if wanted else np.zeros((0, 0, 0, 3), np.uint8)
    if size is not None:
        frames = frames[:, : size[0], : size[1]]
    return frames


def video_fps(path: Path) -> float:
    """The frame rate ``path`` was encoded at (its stream's average rate)."""
    try:
        with av.open(str(path)) as container:
            if not container.streams.video:
                raise VideoError(f"{path} has no video stream: re-record the episode or drop it")
            rate = container.streams.video[0].average_rate
    except (av.FFmpegError, OSError, ValueError) as exc:
        raise VideoError(f"{path} cannot be opened ({exc}): the file is corrupt") from exc
    if not rate:
        raise VideoError(f"{path} states no frame rate: re-encode it at a constant fps")
    return float(rate)


def count_frames(path: Path) -> int:
    """Number of decodable frames in ``path`` (decodes the whole file)."""
    return len(read_frames(path))

"""Browser-playable copies of execution videos.

A dataset's videos are lossless RGB H.264 (libx264rgb), which browsers do not decode. The
annotation app serves a copy of each, made once with PyAV and cached beside the dataset:

```
DATASET/.cache/playable/episode_000000.mp4   H.264 yuv420p (crf 18), one keyframe a second
DATASET/.cache/playable/episode_000000.webm  VP9 (with --codec vp9)
```

Copies have the source's frames, frame count and fps (an odd width or height is padded by one
edge pixel, as yuv420p needs even sizes). A copy older than its source is made again.
"""

from __future__ import annotations

import os
from pathlib import Path

import av
import numpy as np

from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError, VideoError

CACHE_DIR = ".cache/playable"
CODECS = {
    # name: (suffix, container format, encoder, options, MIME type)
    "h264": (".mp4", "mp4", "libx264",
             {"crf": "18", "preset": "veryfast", "movflags": "+faststart"}, "video/mp4"),
    "vp9": (".webm", "webm", "libvpx-vp9",
            {"crf": "24", "b": "0", "deadline": "realtime", "cpu-used": "8"}, "video/webm"),
}  # fmt: skip


def playable_path(root: Path, episode: int, codec: str = "h264") -> Path:
    return Path(root) / CACHE_DIR / f"episode_{episode:06d}{CODECS[codec][0]}"


def mime_type(codec: str) -> str:
    return CODECS[codec][4]


def transcode(source: Path, target: Path, fps: int, codec: str = "h264") -> None:
    """Write a browser-playable copy of ``source`` at ``target`` (atomically)."""
    if codec not in CODECS:
        raise ConfigError(f"--codec {codec!r}: use one of {tuple(CODECS)}")
    _, container_format, encoder, options, _ = CODECS[codec]
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with av.open(str(source)) as reader, av.open(str(tmp), "w", format=container_format) as out:
            stream = out.add_stream(encoder, rate=fps)
            stream.pix_fmt = "yuv420p"
            stream.options = {**options, "g": str(max(1, fps))}
            stream.thread_count = 1
            for count, frame in enumerate(reader.decode(video=0)):
                rgb = frame.to_ndarray(format="rgb24")
                height, width = rgb.shape[:2]
                if count == 0:
                    stream.width, stream.height = width + width % 2, height + height % 2
                if (height % 2, width % 2) != (0, 0):
                    rgb = np.pad(rgb, ((0, height % 2), (0, width % 2), (0, 0)), mode="edge")
                converted = av.VideoFrame.from_ndarray(rgb, format="rgb24").reformat(
                    format="yuv420p"
                )
                out.mux(stream.encode(converted))
            out.mux(stream.encode())
    except (av.FFmpegError, OSError, ValueError) as exc:
        tmp.unlink(missing_ok=True)
        raise VideoError(
            f"{source} cannot be made playable ({exc}): re-record the episode or drop it"
        ) from exc
    os.replace(tmp, target)


def ensure_playable(dataset: EpisodeDataset, episode: int, codec: str = "h264") -> Path:
    """The cached copy of ``episode``'s video, made now if missing or older than the source."""
    source = dataset.root / dataset.meta(episode).video
    target = playable_path(dataset.root, episode, codec)
    if not source.is_file():
        raise VideoError(f"{source} not found: restore the file, or drop episode {episode}")
    if not target.is_file() or target.stat().st_mtime < source.stat().st_mtime:
        transcode(source, target, dataset.info.fps, codec)
    return target

"""The on-disk layout of an episode dataset: path templates, ``meta/info.json``, the lock.

```
DATASET/
  meta/info.json              format, format version, fps, codec, created-by
  meta/episodes.parquet       one row per finished episode (the commit point)
  data/episode_000000.parquet one row per step
  videos/episode_000000.mp4   constant fps; lossless (libx264rgb, qp 0) or compact
  labels/success.parquet      append-only judgements
  labels/preferences.parquet  append-only preference pairs
  .tmp/                       episodes being written (never read; safe to delete when idle)
  .lock                       flock taken while committing
```
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from cuakit import __version__
from cuakit.errors import DatasetFormatError

FORMAT_NAME = "cuakit-episodes"
FORMAT_VERSION = 1
INFO_PATH = "meta/info.json"
EPISODES_PATH = "meta/episodes.parquet"
DATA_PATH = "data/episode_{index:06d}.parquet"
VIDEO_PATH = "videos/episode_{index:06d}.mp4"
SUCCESS_LABELS_PATH = "labels/success.parquet"
PREFERENCE_LABELS_PATH = "labels/preferences.parquet"
TMP_DIR = ".tmp"
LOCK_PATH = ".lock"
CODECS = ("lossless", "compact")


@dataclass(frozen=True)
class DatasetInfo:
    """Contents of ``meta/info.json``."""

    fps: int
    """frames per second of every video in the dataset"""
    codec: str = "lossless"
    """``lossless`` (libx264rgb, qp 0, bit-exact) or ``compact`` (libx264, lossy, small)"""
    format: str = FORMAT_NAME
    format_version: int = FORMAT_VERSION
    created_by: str = f"cuakit {__version__}"
    created_at: float = 0.0

    def __post_init__(self) -> None:
        if not 1 <= self.fps <= 120:
            raise DatasetFormatError(f"fps={self.fps} is out of range: use 1..120 (10 is typical)")
        if self.codec not in CODECS:
            raise DatasetFormatError(f"codec={self.codec!r} is unknown: use one of {CODECS}")

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)


def read_info(root: Path) -> DatasetInfo:
    """Read and validate ``meta/info.json``; errors name the file and the fix."""
    path = root / INFO_PATH
    if not path.is_file():
        raise DatasetFormatError(
            f"{path} not found: {root} is not a cuakit episode dataset "
            "(create one with EpisodeWriter or `cuakit collect --out DIR`)"
        )
    try:
        raw = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetFormatError(
            f"{path} is not valid JSON ({exc}); restore it from a backup"
        ) from exc
    if not isinstance(raw, dict) or raw.get("format") != FORMAT_NAME:
        raise DatasetFormatError(f"{path} does not describe a {FORMAT_NAME} dataset")
    version = raw.get("format_version")
    if version != FORMAT_VERSION:
        raise DatasetFormatError(
            f"{path} has format_version={version!r}, this cuakit {__version__} reads version "
            f"{FORMAT_VERSION}: open it with the cuakit that wrote it ({raw.get('created_by')!r}) "
            "or upgrade cuakit"
        )
    known = set(DatasetInfo.__dataclass_fields__)
    try:
        return DatasetInfo(**{k: v for k, v in raw.items() if k in known})
    except TypeError as exc:
        raise DatasetFormatError(f"{path} has malformed fields ({exc})") from exc


def ensure_info(root: Path, fps: int, codec: str) -> DatasetInfo:
    """Create the dataset folder with ``info.json``, or check an existing one agrees."""
    with dataset_lock(root):
        if (root / INFO_PATH).exists():
            info = read_info(root)
            if info.fps != fps:
                raise DatasetFormatError(
                    f"{root / INFO_PATH} says fps={info.fps}, the writer asked for fps={fps}: "
                    "write to a new folder or use the dataset's fps"
                )
            return info
        info = DatasetInfo(fps=fps, codec=codec, created_at=time.time())
        atomic_write_bytes(root / INFO_PATH, info.to_json().encode())
        return info


@contextlib.contextmanager
def dataset_lock(root: Path) -> Iterator[None]:
    """Exclusive inter-process lock on the dataset; the kernel releases it if we are killed."""
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK_PATH, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def atomic_write_bytes(path: Path, payload: bytes) -> None:
    """Write to a temporary sibling, fsync, then rename: readers see the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)

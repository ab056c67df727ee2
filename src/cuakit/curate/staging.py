"""Write an output folder all at once: build it under a temporary name, then swap it in.

Exporters and importers write hundreds of files (samples, screenshots, Parquet). A crash
half-way must not leave a folder that looks finished, and a rerun must not mix old and new
files, so every one of them writes through `staged_output`::

    with staged_output(out_dir, marker="samples.jsonl") as tmp:
        ...write everything under tmp...
    # out_dir now holds exactly what was written; the previous run's folder is gone

An existing ``out_dir`` is replaced only when it is empty or holds ``marker`` (an earlier
run's output): never someone's other files.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from cuakit.errors import ConfigError


def check_replaceable(out_dir: Path, marker: str) -> None:
    """Raise ConfigError unless ``out_dir`` is absent, empty, or an earlier run's output."""
    if not out_dir.exists():
        return
    if not out_dir.is_dir() or (any(out_dir.iterdir()) and not (out_dir / marker).exists()):
        raise ConfigError(
            f"{out_dir} exists and is not an earlier output (no {marker} in it); "
            "pass a new or empty folder"
        )


@contextlib.contextmanager
def staged_output(out_dir: str | Path, marker: str) -> Iterator[Path]:
    """Yield a fresh temporary folder beside ``out_dir``; on success it becomes ``out_dir``
    (the old one is removed after the swap), on an exception it is deleted."""
    out = Path(out_dir)
    check_replaceable(out, marker)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    old = out.with_name(f".{out.name}.{os.getpid()}.old")
    for leftover in (tmp, old):
        shutil.rmtree(leftover, ignore_errors=True)
    tmp.mkdir()
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if out.exists():
        os.replace(out, old)  # two renames: a reader sees the old folder or the new one
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)

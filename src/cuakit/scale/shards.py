"""Shard datasets: one per writer, joined by `merge` into one dataset of the same format.

Workers on other machines cannot share a local folder, so each writes its own dataset (a
*shard*, any folder `EpisodeWriter` writes). ``merge(shards, out)`` copies every committed
episode of every shard into ``out``, renumbered after the episodes ``out`` already holds,
with the shards' success labels and preference pairs re-pointed at the new indices.

An episode's identity is ``(env_id, task_id, seed, created_at)``: ``created_at`` is the
moment its writer committed it, and a copy keeps it. An episode already in ``out`` (or met
earlier in the same merge) is skipped, so merging the same shard twice, or again after a
crash, adds nothing twice. Episodes still being written (``.tmp/``) are never read.

The commit point is the same as the writer's: videos and step tables are copied first, then
``meta/episodes.parquet`` is rewritten atomically under the dataset lock; labels follow.
"""

from __future__ import annotations

import io
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from cuakit.episodes import EpisodeDataset, EpisodeMeta
from cuakit.episodes.format import (
    DATA_PATH,
    EPISODES_PATH,
    VIDEO_PATH,
    atomic_write_bytes,
    dataset_lock,
    ensure_info,
)
from cuakit.episodes.labels import PREFERENCES, SUCCESS, append_labels
from cuakit.episodes.writer import EPISODES_SCHEMA, read_episodes_table
from cuakit.errors import DatasetError

Identity = tuple[str, str, int | None, float]


def identity(meta: EpisodeMeta) -> Identity:
    """What makes two rows the same recorded episode (a copy keeps all four)."""
    return (meta.env_id, meta.task_id, meta.seed, meta.created_at)


@dataclass
class MergeReport:
    merged: int = 0
    """episodes copied into the output"""
    duplicates: int = 0
    """episodes skipped because the output (or an earlier shard) already held them"""
    labels: int = 0
    """success labels and preference pairs copied"""
    per_shard: dict[str, int] = field(default_factory=dict)
    """shard folder → episodes it holds"""

    def as_dict(self) -> dict[str, Any]:
        return {"merged": self.merged, "duplicates": self.duplicates, "labels": self.labels,
                "per_shard": self.per_shard}  # fmt: skip


def merge(
    shards: Sequence[str | Path],
    out: str | Path,
    order: Callable[[EpisodeMeta], Any] | None = None,
) -> MergeReport:
    """Copy the episodes of ``shards`` into ``out`` (created, or appended to); new episodes
    are numbered in shard order, then index order, or in ``order``'s when given."""
    out = Path(out)
    datasets = [EpisodeDataset(shard) for shard in shards]
    if not datasets:
        raise DatasetError("merge: no shard given; pass one or more dataset folders")
    resolved = [d.root.resolve() for d in datasets]
    if out.resolve() in resolved:
        raise DatasetError(f"merge: --out {out} is also a shard; write into a new folder")
    first = datasets[0].info
    for dataset in datasets:
        if (dataset.info.fps, dataset.info.codec) != (first.fps, first.codec):
            raise DatasetError(
                f"{dataset.root} is {dataset.info.fps} fps {dataset.info.codec}, "
                f"{datasets[0].root} is {first.fps} fps {first.codec}: merge shards recorded "
                "alike (re-record, or merge them into separate datasets)"
            )
    info = ensure_info(out, fps=first.fps, codec=first.codec)
    if info.codec != first.codec:
        raise DatasetError(
            f"{out} holds {info.codec} videos, the shards {first.codec}: merge into a new folder"
        )
    report = MergeReport(per_shard={str(d.root): len(d) for d in datasets})
    candidates = [(d, m) for d in datasets for m in d.episodes]
    if order is not None:
        candidates.sort(key=lambda pair: order(pair[1]))
    with dataset_lock(out):
        table = read_episodes_table(out)
        seen = {identity(EpisodeMeta.from_row(row)) for row in table.to_pylist()}
        next_index = max(table.column("index").to_pylist(), default=-1) + 1
        new_index: dict[tuple[Path, int], int] = {}  # (shard, old index) → index in out
        rows = []
        for dataset, meta in candidates:
            if identity(meta) in seen:
                report.duplicates += 1
                continue
            seen.add(identity(meta))
            index, next_index = next_index, next_index + 1
            copy = replace(meta, index=index, video=VIDEO_PATH.format(index=index),
                           data=DATA_PATH.format(index=index))  # fmt: skip
            for src, dst in ((meta.video, copy.video), (meta.data, copy.data)):
                (out / dst).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(dataset.root / src, out / dst)
            new_index[(dataset.root, meta.index)] = index
            rows.append(copy.to_row())
        merged = pa.concat_tables([table, pa.Table.from_pylist(rows, schema=EPISODES_SCHEMA)])
        buffer = io.BytesIO()
        pq.write_table(merged, buffer)
        atomic_write_bytes(out / EPISODES_PATH, buffer.getvalue())  # commit point
        known = merged.column("index").to_pylist()
    report.merged = len(rows)
    for dataset in datasets:
        report.labels += _copy_labels(dataset, out, new_index, known)
    return report


def _copy_labels(
    dataset: EpisodeDataset, out: Path, new_index: dict[tuple[Path, int], int], known: list[int]
) -> int:
    """Append ``dataset``'s label rows about episodes merged now, re-pointed at ``out``'s
    indices (rows about episodes skipped as duplicates were copied with them before)."""
    copied = 0
    for table, labels in ((SUCCESS, dataset.success_labels()),
                          (PREFERENCES, dataset.preference_labels())):  # fmt: skip
        columns, rows = table.episode_columns, []
        for row in labels.to_pylist():
            old = [(dataset.root, row[c]) for c in columns]
            if all(key in new_index for key in old):
                rows.append(row | {c: new_index[k] for c, k in zip(columns, old, strict=True)})
        if rows:
            append_labels(out, table, rows, known)
            copied += len(rows)
    return copied

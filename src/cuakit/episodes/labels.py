"""Append-only label tables: success judgements and preference pairs between episodes.

Both live under ``labels/`` as parquet files. Rows are validated against the table's schema
and against the dataset's episodes before anything is written; a failed append leaves the
file exactly as it was.
"""

from __future__ import annotations

import io
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from cuakit.episodes.format import (
    PREFERENCE_LABELS_PATH,
    SUCCESS_LABELS_PATH,
    atomic_write_bytes,
    dataset_lock,
)
from cuakit.errors import LabelError


@dataclass(frozen=True)
class LabelTable:
    """One label table: where it lives, its schema, which columns name episodes."""

    path: str
    schema: pa.Schema
    episode_columns: tuple[str, ...]
    defaults: Mapping[str, Any]


SUCCESS = LabelTable(
    path=SUCCESS_LABELS_PATH,
    schema=pa.schema(
        [
            ("episode", pa.int64()),
            ("label", pa.bool_()),
            ("source", pa.string()),  # env | human | model | negative:<kind>
            ("annotator", pa.string()),
            # The instruction judged, when not the episode's own (adversarial negatives).
            ("instruction", pa.string()),
            # First step where the video departs from the instruction, when known.
            ("deviation_step", pa.int64()),
            ("created_at", pa.float64()),
        ]
    ),
    episode_columns=("episode",),
    defaults={"annotator": "", "instruction": None, "deviation_step": None},
)

PREFERENCES = LabelTable(
    path=PREFERENCE_LABELS_PATH,
    schema=pa.schema(
        [
            ("chosen", pa.int64()),
            ("rejected", pa.int64()),
            ("source", pa.string()),
            ("criterion", pa.string()),  # correctness | efficiency | progress | human | …
            ("margin", pa.float64()),
            ("annotator", pa.string()),
            ("created_at", pa.float64()),
        ]
    ),
    episode_columns=("chosen", "rejected"),
    defaults={"criterion": "", "margin": 0.0, "annotator": ""},
)

_PY_TYPES = {
    pa.int64(): int,
    pa.bool_(): bool,
    pa.string(): str,
    pa.float64(): float,
}


def _check_row(table: LabelTable, row: Mapping[str, Any], where: str) -> dict[str, Any]:
    names = table.schema.names
    unknown = sorted(set(row) - set(names))
    if unknown:
        raise LabelError(f"{where}: unknown column(s) {unknown}; {table.path} has {names}")
    full = {"created_at": time.time(), **table.defaults, **row}
    for field in table.schema:
        if field.name not in full:
            raise LabelError(f"{where}: missing column {field.name!r} ({field.type})")
        value = full[field.name]
        if value is None and field.name in table.defaults and table.defaults[field.name] is None:
            continue
        expected = _PY_TYPES[field.type]
        ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
            full[field.name] = value
            ok = True
        if ok and expected is float and not math.isfinite(value):
            ok = False
        if not ok:
            raise LabelError(
                f"{where}: column {field.name!r} must be {expected.__name__}, got {value!r}"
            )
    if table is PREFERENCES and full["chosen"] == full["rejected"]:
        raise LabelError(f"{where}: chosen and rejected are both episode {full['chosen']}")
    return full


def _check_episodes(
    table: LabelTable, rows: Sequence[Mapping[str, Any]], known: set[int], where: str, fix: str
) -> None:
    for i, row in enumerate(rows):
        for column in table.episode_columns:
            if row[column] not in known:
                span = f"0..{max(known)}" if known else "no episodes"
                raise LabelError(
                    f"{where}, row {i}: {column}={row[column]} names an episode the dataset does "
                    f"not have (it holds {span}); {fix}"
                )


def read_labels(root: Path, table: LabelTable, known_episodes: Iterable[int]) -> pa.Table:
    """The whole table (empty when none was written), checked against schema and episodes."""
    path = root / table.path
    if not path.exists():
        return table.schema.empty_table()
    try:
        data = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as exc:
        raise LabelError(f"{path} cannot be read ({exc}); restore it from a backup") from exc
    if not data.schema.equals(table.schema):
        raise LabelError(
            f"{path} has columns {data.schema.names} of types {data.schema.types}; expected "
            f"{table.schema.names}: rewrite it with the current cuakit"
        )
    _check_episodes(
        table,
        data.to_pylist(),
        set(known_episodes),
        str(path),
        f"remove the row from {table.path} or restore the episode",
    )
    return data


def append_labels(
    root: Path, table: LabelTable, rows: Sequence[Mapping[str, Any]], known_episodes: Iterable[int]
) -> int:
    """Validate ``rows`` and append them atomically; returns the table's new length."""
    path = root / table.path
    checked = [_check_row(table, row, f"label row {i} for {path}") for i, row in enumerate(rows)]
    _check_episodes(
        table, checked, set(known_episodes), f"new labels for {path}", "fix the label row"
    )
    new = pa.Table.from_pylist(checked, schema=table.schema)
    with dataset_lock(root):
        old = read_labels(root, table, known_episodes)
        merged = pa.concat_tables([old, new])
        buffer = io.BytesIO()
        pq.write_table(merged, buffer)
        atomic_write_bytes(path, buffer.getvalue())
    return merged.num_rows

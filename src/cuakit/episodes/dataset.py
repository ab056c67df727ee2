"""``EpisodeDataset``: read an episode dataset — metadata, steps, frames by index, labels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from cuakit.episodes.format import TMP_DIR, DatasetInfo, read_info
from cuakit.episodes.labels import PREFERENCES, SUCCESS, LabelTable, append_labels, read_labels
from cuakit.episodes.video import read_frames
from cuakit.episodes.writer import STEPS_SCHEMA, EpisodeMeta, read_episodes_table
from cuakit.errors import DatasetError


class EpisodeDataset:
    """A read view of the dataset at ``root``; ``refresh()`` picks up episodes added since.

    Only committed episodes are visible: those being written by other processes, or left
    half-written by a crash, live in ``.tmp/`` and are never listed.
    """

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        if not self.root.is_dir():
            raise DatasetError(
                f"{self.root} is not a directory: pass the folder given to `cuakit collect --out`"
            )
        self.info: DatasetInfo = read_info(self.root)
        self.refresh()

    def refresh(self) -> None:
        self.table: pa.Table = read_episodes_table(self.root)
        self._metas = [EpisodeMeta.from_row(row) for row in self.table.to_pylist()]
        self._by_index = {meta.index: meta for meta in self._metas}

    def __len__(self) -> int:
        return len(self._metas)

    def __repr__(self) -> str:
        return f"EpisodeDataset({str(self.root)!r}, episodes={len(self)}, fps={self.info.fps})"

    @property
    def episodes(self) -> list[EpisodeMeta]:
        return list(self._metas)

    @property
    def indices(self) -> list[int]:
        return [meta.index for meta in self._metas]

    def meta(self, index: int) -> EpisodeMeta:
        try:
            return self._by_index[index]
        except KeyError:
            raise DatasetError(
                f"episode {index} not in {self.root} (it holds {len(self)} episodes: "
                f"indices {self._span()}); pick one listed by `cuakit dataset info`"
            ) from None

    def _span(self) -> str:
        return f"{min(self._by_index)}..{max(self._by_index)}" if self._by_index else "none"

    def steps(self, index: int) -> pa.Table:
        """The step table of episode ``index`` (columns as in ``STEPS_SCHEMA``)."""
        path = self.root / self.meta(index).data
        try:
            table = pq.read_table(path)
        except (OSError, pa.ArrowInvalid) as exc:
            raise DatasetError(
                f"{path} cannot be read ({exc}); restore it or drop episode {index}"
            ) from exc
        if not table.schema.equals(STEPS_SCHEMA):
            raise DatasetError(
                f"{path} has columns {table.schema.names}; expected {STEPS_SCHEMA.names}"
            )
        return table

    def frames(self, index: int, frame_indices: Sequence[int] | None = None) -> np.ndarray:
        """Decoded frames of episode ``index`` → (N, H, W, 3) uint8; all when no indices given."""
        meta = self.meta(index)
        return read_frames(self.root / meta.video, frame_indices, size=(meta.height, meta.width))

    def frame(self, index: int, frame_index: int) -> np.ndarray:
        return self.frames(index, [frame_index])[0]

    # labels -----------------------------------------------------------------------------
    def success_labels(self) -> pa.Table:
        return read_labels(self.root, SUCCESS, self._by_index)

    def preference_labels(self) -> pa.Table:
        return read_labels(self.root, PREFERENCES, self._by_index)

    def add_success_labels(self, rows: Sequence[Mapping[str, Any]]) -> int:
        """Append success judgements (``episode``, ``label``, ``source``, …); returns the count."""
        return self._append(SUCCESS, rows)

    def add_preferences(self, rows: Sequence[Mapping[str, Any]]) -> int:
        """Append preference pairs (``chosen``, ``rejected``, ``source``, ``criterion``, …)."""
        return self._append(PREFERENCES, rows)

    def _append(self, table: LabelTable, rows: Sequence[Mapping[str, Any]]) -> int:
        self.refresh()
        return append_labels(self.root, table, rows, self._by_index)

    # housekeeping -----------------------------------------------------------------------
    def size_bytes(self) -> int:
        """Bytes of committed files (videos, step tables, metadata, labels)."""
        return sum(
            path.stat().st_size
            for path in self.root.rglob("*")
            if path.is_file() and TMP_DIR not in path.relative_to(self.root).parts
        )

    def stale_tmp_bytes(self) -> int:
        """Bytes left in ``.tmp/`` by writers that crashed (or are still writing)."""
        tmp = self.root / TMP_DIR
        return sum(p.stat().st_size for p in tmp.rglob("*") if p.is_file()) if tmp.exists() else 0

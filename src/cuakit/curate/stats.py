"""What a step-sample file holds: how many samples of each action type, difficulty, screen
resolution and source. ``sample_stats(path)`` streams the file (counts only in memory)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cuakit.curate.difficulty import Difficulty, grade
from cuakit.curate.samples import read_samples
from cuakit.errors import DatasetFormatError

UNKNOWN = "?"
"""the value counted where a sample does not say (no source, no action name, no size)"""


@dataclass(frozen=True)
class SampleStats:
    """Counts of a step-sample file's samples, each distribution most frequent first."""

    samples: int
    """lines that are JSON objects"""
    unreadable: int
    """lines that are not (counted in no distribution)"""
    actions: Mapping[str, int]
    """action type (the wire name as written) -> samples"""
    difficulty: Mapping[str, int]
    """easy / medium / hard (`cuakit.curate.difficulty.grade`) -> samples, in that order"""
    resolutions: Mapping[str, int]
    """declared "WIDTHxHEIGHT" -> samples"""
    sources: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "samples": self.samples,
            "unreadable": self.unreadable,
            "actions": dict(self.actions),
            "difficulty": dict(self.difficulty),
            "resolutions": dict(self.resolutions),
            "sources": dict(self.sources),
        }


def sample_stats(path: Path | str) -> SampleStats:
    """Count the samples of a JSONL file by action type, difficulty, resolution and source."""
    path = Path(path)
    actions, levels, resolutions, sources = (Counter[str]() for _ in range(4))
    samples = unreadable = 0
    try:
        for _, data, _ in read_samples(path):
            if not isinstance(data, Mapping):
                unreadable += 1
                continue
            samples += 1
            action = data.get("action")
            name = action.get("action") if isinstance(action, Mapping) else None
            actions[str(name) if name is not None else UNKNOWN] += 1
            levels[grade(data).value] += 1
            width, height = data.get("width"), data.get("height")
            resolutions[f"{width}x{height}" if width and height else UNKNOWN] += 1
            sources[str(data.get("source") or UNKNOWN)] += 1
    except UnicodeDecodeError as error:
        raise DatasetFormatError(
            f"{path}: not UTF-8 text ({error.reason}); a samples file is JSON Lines"
        ) from error
    if unreadable and not samples:
        raise DatasetFormatError(
            f"{path}: no line is a JSON object; a samples file is JSON Lines, one step sample "
            "per line (cuakit.curate.samples)"
        )
    return SampleStats(
        samples=samples,
        unreadable=unreadable,
        actions=dict(actions.most_common()),
        difficulty={level.value: levels[level.value] for level in Difficulty},
        resolutions=dict(resolutions.most_common()),
        sources=dict(sources.most_common()),
    )

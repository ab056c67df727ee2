"""Step samples: one screen, one instruction, the action taken there — what SFT and grounding
training read, what the quality filter checks, what every importer writes.

A step-sample file is JSON Lines, one sample per line, its screenshots beside it::

    OUT/
      samples.jsonl        one `StepSample` per line (`StepSample.to_dict`)
      images/…png          each sample's screenshot; ``image`` is relative to OUT

Line form (``action`` is the action's wire form, `cuakit.actions.Action.to_dict`, kept as
given so that the quality filter can reject a malformed one and say why)::

    {"id": "desksim-click-button/3/0", "image": "images/000003_00.png",
     "instruction": "Click the OK button", "action": {"action": "click",
     "coordinates": [0.82, 0.15], "reasoning": "…"}, "history": ["{\\"action\\": …}"],
     "width": 480, "height": 300, "elements": [{"role": "button", "text": "OK",
     "bbox": [0.78, 0.11, 0.1, 0.08]}], "target_bbox": [0.78, 0.11, 0.1, 0.08],
     "source": "desksim", "episode": 3, "step": 0}

Boxes are normalised ``[x, y, w, h]`` of the screen, as the envs' element lists give them.
``width``/``height`` are what the sample says of its screenshot (the filter checks them
against the image). ``elements`` is None when the source has no element list (a public
dataset's screenshot); ``target_bbox`` is None when the action has no target element.

- `StepSample`: one sample; `to_dict` / `from_dict`.
- `read_samples(path)`: stream a JSONL file (any size: one line in memory at a time).
- `write_samples(path, samples)`: write one atomically (a temporary name, then renamed).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cuakit.errors import DatasetFormatError

SAMPLES_FILE = "samples.jsonl"
IMAGES_DIR = "images"
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class StepSample:
    """One step: the screen, the instruction, the action (wire form) and what is known of the
    screen's elements."""

    id: str
    image: str
    """the screenshot's path, relative to the samples file's folder"""
    instruction: str
    action: Mapping[str, Any]
    """the action's wire form (`Action.to_dict`), unvalidated"""
    width: int
    height: int
    history: tuple[str, ...] = ()
    """the episode's previous actions as wire-form JSON strings, oldest first"""
    elements: tuple[Mapping[str, Any], ...] | None = None
    """the screen's elements (role, text, normalised bbox), when the source knows them"""
    target_bbox: Box | None = None
    """normalised [x, y, w, h] of the element the action acts on, when known"""
    source: str = ""
    """where the sample comes from: an env family, a public dataset's name"""
    episode: int | None = None
    step: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    """anything else a source keeps (difficulty, the app, the platform)"""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "image": self.image,
            "instruction": self.instruction,
            "action": dict(self.action),
            "history": list(self.history),
            "width": self.width,
            "height": self.height,
            "elements": None if self.elements is None else [dict(e) for e in self.elements],
            "target_bbox": None if self.target_bbox is None else list(self.target_bbox),
            "source": self.source,
            "episode": self.episode,
            "step": self.step,
        }
        if self.extra:
            out["extra"] = dict(self.extra)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StepSample:
        """A sample from its line form; a missing required key or a wrong type is a
        `DatasetFormatError` naming it (checks of the values are the quality filter's)."""
        if not isinstance(data, Mapping):
            raise DatasetFormatError(f"a step sample must be a JSON object, got {type(data)}")
        missing = [k for k in ("id", "image", "instruction", "action") if k not in data]
        if missing:
            raise DatasetFormatError(
                f"step sample {data.get('id', '?')!r}: missing {missing}; see "
                "cuakit.curate.samples for the line form"
            )
        if not isinstance(data["action"], Mapping):
            raise DatasetFormatError(f"step sample {data['id']!r}: 'action' must be an object")
        elements = data.get("elements")
        box = data.get("target_bbox")
        try:
            return cls(
                id=str(data["id"]),
                image=str(data["image"]),
                instruction=str(data["instruction"]),
                action=dict(data["action"]),
                width=int(data.get("width") or 0),
                height=int(data.get("height") or 0),
                history=tuple(str(h) for h in data.get("history") or ()),
                elements=None if elements is None else tuple(dict(e) for e in elements),
                target_bbox=None if box is None else tuple(float(v) for v in box),  # type: ignore[arg-type]
                source=str(data.get("source") or ""),
                episode=None if data.get("episode") is None else int(data["episode"]),
                step=None if data.get("step") is None else int(data["step"]),
                extra=dict(data.get("extra") or {}),
            )
        except (TypeError, ValueError) as error:
            raise DatasetFormatError(f"step sample {data['id']!r}: {error}") from error


def read_samples(path: Path) -> Iterator[tuple[int, dict[str, Any] | None, str]]:
    """Each line of a JSONL file as (line number from 1, its object or None when it is not
    JSON, the raw line); blank lines are skipped. Streams: one line in memory at a time."""
    path = Path(path)
    if not path.exists():
        raise DatasetFormatError(
            f"{path}: no such samples file; write one with cuakit curate export"
        )
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                yield number, None, line
                continue
            yield number, data, line


def write_samples(path: Path, samples: Iterable[StepSample | Mapping[str, Any]]) -> int:
    """Write ``samples`` as JSONL to ``path`` atomically; returns how many were written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    count = 0
    with tmp.open("w", encoding="utf-8") as out:
        for sample in samples:
            data = sample.to_dict() if isinstance(sample, StepSample) else dict(sample)
            out.write(json.dumps(data, ensure_ascii=False) + "\n")
            count += 1
    os.replace(tmp, path)
    return count

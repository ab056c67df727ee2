"""The quality filter for step samples: every reason a sample is unfit for training, counted.

``DataQualityFilter(QualityConfig()).filter_file(IN, OUT, report_path)`` streams a step-sample
file (`cuakit.curate.samples`), writes the samples that pass every check to OUT (atomically:
a temporary name, then renamed) and returns a `QualityReport`: how many were read, kept and
rejected, how often each reason occurred, and a few sample ids for each. ``check(sample,
root)`` gives one sample's reasons (an empty list keeps it).

Unlike the seed's sketch, it checks the resolution (of the image file) and the element count,
asks each action type only for its own fields (two points for a drag, no point for a typed
text), and counts reasons instead of printing a line per rejected sample.

Reason codes are stable strings (`REASONS` explains each); a sample can have several. The
action is first checked field by field, so that a missing point is ``missing_coordinates``
rather than a parse error; only an action that passes those checks is read with
`cuakit.actions.Action.from_dict`, whose remaining complaints map to a reason by the field
they name.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from cuakit._values import is_int
from cuakit.actions import Action, ActionType
from cuakit.curate.dedup import DEFAULT_THRESHOLD, HashIndex, phash, sample_group
from cuakit.curate.samples import Box, read_samples
from cuakit.errors import ActionParseError, ConfigError, DatasetFormatError

REASONS: dict[str, str] = {
    "bad_json": "the line is not a JSON object",
    "missing_field": "id, image, instruction or action is absent or null",
    "invalid_field": "a mistyped field: id, image, instruction not strings, action not an object, "
    "width, height not integers >= 0, history not a list, target_bbox not 4 numbers",
    "empty_instruction": "the instruction has fewer than min_instruction_chars non-space chars",
    "unknown_action": "no action type of config.actions (an alias such as left_click included)",
    "unknown_action_field": "an action key the wire form lacks (an alias such as 'point')",
    "missing_coordinates": "click, double_click, right_click, move or drag without coordinates",
    "missing_end_point": "a drag without end_coordinates",
    "unexpected_coordinates": "a point on type/key/wait/finish/fail; an end point off a drag",
    "unexpected_field": "another field the action's type does not take (text on a click, …)",
    "invalid_coordinates": "coordinates that are not two finite numbers",
    "coordinates_out_of_range": "a coordinate outside config.coordinate_range",
    "missing_text": "type without a non-empty text",
    "missing_keys": "key without a key combination",
    "missing_direction": "scroll without a direction",
    "invalid_keys": "a key combination that cuakit.keys cannot read",
    "invalid_scroll": "a scroll direction or amount that Action.from_dict refuses",
    "invalid_wait": "wait seconds outside (0, 60]",
    "invalid_action": "anything else Action.from_dict refuses",
    "invalid_elements": "elements not a list of objects, each with a bbox of 4 finite numbers",
    "too_many_elements": "more elements than config.max_elements",
    "click_on_no_element": "a click, double or right click outside every element's bbox (the "
    "sample's elements, or else the injected boxes of its screenshot; none listed: not judged)",
    "image_missing": "no file at the image path (relative to the samples file's folder)",
    "image_unreadable": "the image file's header (or, for dedup, its pixels) cannot be read",
    "resolution_too_low": "the image is narrower than min_width or lower than min_height",
    "size_mismatch": "the sample's width and height are not the image's",
    "near_duplicate": "with config.dedup: an earlier kept sample's screen (`dedup.sample_group`)",
}
"""every reason code, in the order a sample's reasons are listed"""

REQUIRED_FIELDS = ("id", "image", "instruction", "action")
EXAMPLES_PER_REASON = 5
PROGRESS_EVERY = 1000
"""samples between two progress calls"""
_CACHE_SIZE = 4096
"""image headers, text boxes and hashes remembered per filter (samples often share a screen)"""

_POINTER = frozenset({"click", "double_click", "right_click", "move", "drag"})
_CLICKS = frozenset({"click", "double_click", "right_click"})
_POINT_FIELDS = ("coordinates", "end_coordinates")
_TAKES: dict[str, frozenset[str]] = {
    **dict.fromkeys(_POINTER - {"drag"}, frozenset({"coordinates"})),
    "drag": frozenset({"coordinates", "end_coordinates"}),
    "scroll": frozenset({"coordinates", "direction", "amount"}),
    "type": frozenset({"text"}),
    "key": frozenset({"key"}),
    "wait": frozenset({"seconds"}),
    "finish": frozenset(),
    "fail": frozenset(),
}
"""the payload fields each action type takes (wire names); ``action`` and ``reasoning`` aside"""
_NEEDS: dict[str, dict[str, str]] = {
    **{kind: {"coordinates": "missing_coordinates"} for kind in _POINTER - {"drag"}},
    "drag": {"coordinates": "missing_coordinates", "end_coordinates": "missing_end_point"},
    "scroll": {"direction": "missing_direction"},
    "type": {"text": "missing_text"},
    "key": {"key": "missing_keys"},
}
"""required payload field -> the reason its absence gives (scroll amount and wait seconds
have defaults in Action.from_dict)"""
_WIRE_KEYS = frozenset({"action", "reasoning"}.union(*_TAKES.values()))
_PARSE_REASONS = {
    "action": "unknown_action",
    "coordinates": "invalid_coordinates",
    "end_coordinates": "invalid_coordinates",
    "key": "invalid_keys",
    "direction": "invalid_scroll",
    "amount": "invalid_scroll",
    "seconds": "invalid_wait",
    "text": "missing_text",
}
"""ActionParseError.field -> reason, for what the field-by-field checks let through"""

BoxesOf = Callable[[Path], Sequence[Box]]
"""a screenshot's path -> boxes of what is on it, normalised [x, y, w, h] (e.g. OCR'd text)"""
Progress = Callable[[str, int, int], None]
"""(phase, lines done, lines in all), as `cuakit.cli.common.PhaseBars` takes it"""


@dataclass(frozen=True)
class QualityConfig:
    """What a step sample must satisfy to be kept (defaults: the seed's filter)."""

    min_width: int = 1024
    """narrowest screenshot kept, in pixels of the image file"""
    min_height: int = 768
    """lowest screenshot kept, in pixels of the image file"""
    max_elements: int = 200
    """most elements a sample may list (more is a parser gone wrong or an unusable screen)"""
    coordinate_range: tuple[float, float] = (0.0, 1.0)
    """the interval each normalised coordinate must lie in, ends included"""
    actions: tuple[str, ...] = tuple(kind.value for kind in ActionType)
    """the action vocabulary: wire names of `cuakit.actions.ActionType` to keep"""
    min_instruction_chars: int = 1
    """fewest characters an instruction may have, spaces at either end not counted"""
    dedup: bool = False
    """also drop samples whose screen nearly repeats an earlier kept one's (`cuakit.curate.dedup`:
    same instruction, step and action type, perceptual hashes within dedup_threshold bits)"""
    dedup_threshold: int = DEFAULT_THRESHOLD
    """largest Hamming distance (of 64 bits) between two screens' hashes that counts as the same"""

    def __post_init__(self) -> None:
        for name in ("min_width", "min_height", "max_elements", "min_instruction_chars"):
            if not is_int(getattr(self, name)) or getattr(self, name) < 0:
                raise ConfigError(f"{name}={getattr(self, name)!r}: use an integer >= 0")
        low, high = self.coordinate_range
        if not 0.0 <= low < high <= 1.0:
            raise ConfigError(
                f"coordinate_range={self.coordinate_range}: use (low, high) with 0 <= low < "
                "high <= 1 (coordinates are normalised to the screen)"
            )
        unknown = sorted(set(self.actions) - set(_TAKES))
        if unknown:
            raise ConfigError(f"actions: unknown {unknown}; use wire names from {sorted(_TAKES)}")
        if not 0 <= self.dedup_threshold < 64:
            raise ConfigError(f"dedup_threshold={self.dedup_threshold}: use 0..63 bits")


@dataclass(frozen=True)
class QualityReport:
    """What a filter run kept and why it rejected the rest.

    A sample with several faults counts once in ``rejected`` and once under each of its
    reasons, so the reason counts may add up to more than ``rejected``.
    """

    total: int
    """samples read (non-blank lines)"""
    kept: int
    rejected: int
    reasons: Mapping[str, int]
    """reason code -> samples that have it, most frequent first"""
    examples: Mapping[str, tuple[str, ...]]
    """reason code -> the ids of its first few samples ("line N" where a line has no id)"""
    source: str = ""
    output: str = ""

    def to_dict(self) -> dict[str, Any]:
        examples = {reason: list(ids) for reason, ids in self.examples.items()}
        return {**asdict(self), "reasons": dict(self.reasons), "examples": examples}


@dataclass
class _Tally:
    """Counts and a few ids per reason: all a run keeps of the samples it has read."""

    total: int = 0
    rejected: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, sample_id: str, reasons: list[str]) -> None:
        self.total += 1
        self.rejected += bool(reasons)
        for reason in reasons:
            self.reasons[reason] = self.reasons.get(reason, 0) + 1
            ids = self.examples.setdefault(reason, [])
            if len(ids) < EXAMPLES_PER_REASON:
                ids.append(sample_id)

    def report(self, source: Path, output: Path) -> QualityReport:
        order = sorted(self.reasons, key=lambda r: (-self.reasons[r], r))
        return QualityReport(
            total=self.total,
            kept=self.total - self.rejected,
            rejected=self.rejected,
            reasons={r: self.reasons[r] for r in order},
            examples={r: tuple(self.examples[r]) for r in order},
            source=str(source),
            output=str(output),
        )


class DataQualityFilter:
    """Checks step samples against a `QualityConfig`.

    ``boxes_of``: optional, for samples without ``elements``: a callable that finds what is on a
    screenshot (e.g. text boxes from an OCR reader, which `cuakit curate filter --ocr` passes);
    a click that lands in none of its boxes is ``click_on_no_element``. A screenshot where it
    finds nothing tells nothing, and the click is not judged.
    """

    def __init__(self, config: QualityConfig | None = None, boxes_of: BoxesOf | None = None):
        self.config = config or QualityConfig()
        self._image_size = lru_cache(maxsize=_CACHE_SIZE)(_image_size)
        self._boxes_of = None if boxes_of is None else lru_cache(maxsize=_CACHE_SIZE)(boxes_of)
        self._hash = lru_cache(maxsize=_CACHE_SIZE)(_hash_or_none)

    def check(self, sample: object, root: Path | str) -> list[str]:
        """The reasons to reject ``sample`` (a line's parsed JSON), in `REASONS` order; empty
        when it is kept. ``root``: the folder its ``image`` path is relative to."""
        if not isinstance(sample, Mapping):
            return ["bad_json"]
        config, found = self.config, set[str]()
        if any(sample.get(name) is None for name in REQUIRED_FIELDS):
            found.add("missing_field")
        found |= _field_reasons(sample)
        instruction = sample.get("instruction")
        if isinstance(instruction, str) and len(instruction.strip()) < config.min_instruction_chars:
            found.add("empty_instruction")
        boxes = _element_boxes(sample.get("elements"))
        if boxes is None:
            found.add("invalid_elements")
        elif len(sample.get("elements") or ()) > config.max_elements:
            found.add("too_many_elements")
        action = sample.get("action")
        action_faults = _action_reasons(action, config) if isinstance(action, Mapping) else set()
        found |= action_faults
        image = sample.get("image")
        size = None
        if isinstance(image, str):
            size = self._image_size(os.path.join(root, image))
            found |= _image_reasons(size, sample, config)
        point = None if action_faults else _click_point(action)
        if point is not None:
            targets = self._targets(sample, root, size)
            if targets and not any(_contains(box, point) for box in targets):
                found.add("click_on_no_element")
        return [reason for reason in REASONS if reason in found]

    def _targets(self, sample: Mapping[str, Any], root: Path | str, size: object) -> list[Box]:
        """What a click may land on: the sample's elements or, for a sample without, the
        injected boxes of its (readable) screenshot; [] when neither says (the click is not
        judged)."""
        if sample.get("elements") is not None:
            return _element_boxes(sample["elements"]) or []
        if self._boxes_of is None or not isinstance(size, tuple):
            return []
        return list(self._boxes_of(Path(root) / sample["image"]))

    def filter_file(
        self,
        in_path: Path | str,
        out_path: Path | str,
        report_path: Path | str | None = None,
        progress: Progress | None = None,
    ) -> QualityReport:
        """Write the samples of ``in_path`` that pass to ``out_path``; count the rest.

        Streams: one line in memory at a time, kept lines written as they come to a temporary
        file that replaces ``out_path`` only when the whole input has been read, so a failed
        run leaves an earlier output as it was. Image paths are relative to the samples file's
        folder: when ``out_path`` lies in another folder, kept samples' paths are rewritten to
        stay valid. ``report_path``: also write the report there as JSON. A file that is not
        JSON Lines (no line a JSON object, or not UTF-8 text) raises `DatasetFormatError`.
        """
        in_path, out_path = Path(in_path), Path(out_path)
        if not in_path.is_file():
            raise DatasetFormatError(
                f"{in_path}: no such samples file; pass a JSON Lines file of step samples "
                "(cuakit.curate.samples)"
            )
        root, out_root = in_path.parent, out_path.parent
        moved = root.resolve() != out_root.resolve()
        lines = _count_lines(in_path) if progress else 0
        tally, seen = _Tally(), HashIndex(self.config.dedup_threshold)
        out_root.mkdir(parents=True, exist_ok=True)
        tmp = out_path.with_name(f".{out_path.name}.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as out:
                for number, data, line in read_samples(in_path):
                    reasons = self.check(data, root)
                    if not reasons and self.config.dedup:
                        reasons = self._dedup(data, root, seen)  # type: ignore[arg-type]
                    tally.add(_sample_id(data, number), reasons)
                    if not reasons:
                        kept = line.rstrip("\n") + "\n"  # the last line may lack its newline
                        out.write(_relocated(data, root, out_root) if moved else kept)
                    if progress and number % PROGRESS_EVERY == 0:
                        progress("filter", number, lines)
            if tally.total and tally.reasons.get("bad_json") == tally.total:
                raise DatasetFormatError(
                    f"{in_path}: no line is a JSON object; a samples file is JSON Lines, one "
                    "step sample per line (cuakit.curate.samples)"
                )
            os.replace(tmp, out_path)
        except UnicodeDecodeError as error:
            raise DatasetFormatError(
                f"{in_path}: not UTF-8 text ({error.reason}); a samples file is JSON Lines"
            ) from error
        finally:
            tmp.unlink(missing_ok=True)
        if progress:
            progress("filter", lines, lines)
        report = tally.report(in_path, out_path)
        if report_path is not None:
            _write_json(Path(report_path), report.to_dict())
        return report

    def _dedup(self, sample: Mapping[str, Any], root: Path, seen: HashIndex) -> list[str]:
        """[] and the screen remembered, or ["near_duplicate"] / ["image_unreadable"]."""
        value = self._hash(str(root / sample["image"]))
        if value is None:
            return ["image_unreadable"]
        group: Hashable = sample_group(sample)
        if seen.match(value, group) is not None:
            return ["near_duplicate"]
        seen.add(value, group)
        return []


# --- checks of one sample ---------------------------------------------------------------------


def _field_reasons(sample: Mapping[str, Any]) -> set[str]:
    """{"invalid_field"} when a present field has the wrong type, else empty."""
    wrong = [
        not isinstance(sample.get(name), str)
        for name in ("id", "image", "instruction")
        if sample.get(name) is not None
    ]
    action = sample.get("action")
    wrong.append(action is not None and not isinstance(action, Mapping))
    for name in ("width", "height"):
        value = sample.get(name)
        wrong.append(value is not None and not (is_int(value) and value >= 0))
    history = sample.get("history")
    wrong.append(history is not None and not isinstance(history, list))
    box = sample.get("target_bbox")
    wrong.append(box is not None and _box(box) is None)
    return {"invalid_field"} if any(wrong) else set()


def _action_reasons(action: Mapping[str, Any], config: QualityConfig) -> set[str]:
    """The action's faults, field by field; then Action.from_dict's, mapped to a reason."""
    found = set[str]()
    if any(key not in _WIRE_KEYS for key in action):
        found.add("unknown_action_field")
    name = action.get("action")
    if not isinstance(name, str) or name not in config.actions:
        return found | {"unknown_action"}  # what is required depends on the type
    given = {key for key, value in action.items() if value is not None and key in _WIRE_KEYS}
    for key in given - _TAKES[name] - {"action", "reasoning"}:
        found.add("unexpected_coordinates" if key in _POINT_FIELDS else "unexpected_field")
    for key, reason in _NEEDS.get(name, {}).items():
        if key not in given or (key in ("text", "key") and action[key] in ("", [])):
            found.add(reason)
    low, high = config.coordinate_range
    for key in given & _TAKES[name] & set(_POINT_FIELDS):
        point = action[key]
        if not (isinstance(point, list | tuple) and len(point) == 2 and all(map(_finite, point))):
            found.add("invalid_coordinates")
        elif not all(low <= value <= high for value in point):
            found.add("coordinates_out_of_range")
    if found:
        return found
    try:
        Action.from_dict(action)
    except ActionParseError as error:
        return {_PARSE_REASONS.get(error.field, "invalid_action")}
    return set()


def _image_reasons(
    size: tuple[int, int] | str, sample: Mapping[str, Any], config: QualityConfig
) -> set[str]:
    if isinstance(size, str):
        return {size}
    found = set[str]()
    width, height = size
    if width < config.min_width or height < config.min_height:
        found.add("resolution_too_low")
    declared = (sample.get("width"), sample.get("height"))
    # 0 or absent: the source did not say (StepSample reads both as 0)
    if all(is_int(v) and v > 0 for v in declared) and declared != size:
        found.add("size_mismatch")
    return found


def _element_boxes(elements: object) -> list[Box] | None:
    """Each element's bbox; [] when the sample lists none (null); None when malformed."""
    if elements is None:
        return []
    if not isinstance(elements, list):
        return None
    boxes = [_box(e.get("bbox")) if isinstance(e, Mapping) else None for e in elements]
    return None if any(box is None for box in boxes) else boxes  # type: ignore[return-value]


def _box(value: object) -> Box | None:
    if not isinstance(value, list | tuple) or len(value) != 4 or not all(map(_finite, value)):
        return None
    x, y, w, h = (float(v) for v in value)
    return (x, y, w, h) if w >= 0 and h >= 0 else None


def _finite(value: object) -> bool:
    """A finite JSON number. (Concrete types, not numbers.Real: this runs a dozen times per
    sample and an ABC check costs several times more; bool is no number here.)"""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _click_point(action: object) -> tuple[float, float] | None:
    """A click's (x, y), when the action is a click, double or right click with valid points."""
    if isinstance(action, Mapping) and action.get("action") in _CLICKS:
        x, y = action["coordinates"]
        return float(x), float(y)
    return None


def _contains(box: Box, point: tuple[float, float]) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def _image_size(path: str) -> tuple[int, int] | str:
    """(width, height) from the image file's header (no pixels decoded), or a reason."""
    try:
        with Image.open(path) as image:
            return image.size
    except FileNotFoundError:
        return "image_missing"
    except (OSError, ValueError, Image.DecompressionBombError):
        return "image_unreadable"


def _hash_or_none(path: str) -> int | None:
    try:
        return phash(path)
    except (OSError, ValueError, Image.DecompressionBombError):
        return None  # pixels that do not decode (a truncated file whose header reads)


# --- reading and writing ------------------------------------------------------------------------


def _sample_id(data: object, number: int) -> str:
    sample_id = data.get("id") if isinstance(data, Mapping) else None
    return sample_id if isinstance(sample_id, str) and sample_id else f"line {number}"


def _relocated(data: Mapping[str, Any], root: Path, out_root: Path) -> str:
    """The sample's line with its image path made relative to ``out_root``."""
    image = os.path.relpath(root / data["image"], out_root)
    return json.dumps({**data, "image": Path(image).as_posix()}, ensure_ascii=False) + "\n"


def _count_lines(path: Path) -> int:
    count, last = 0, b"\n"
    with path.open("rb") as stream:
        while chunk := stream.read(1 << 20):
            count, last = count + chunk.count(b"\n"), chunk[-1:]
    return count + (last != b"\n")


def _write_json(path: Path, payload: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)

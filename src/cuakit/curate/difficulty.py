"""How hard a step sample is: easy, medium or hard, from four things the sample states.

``grade(sample) -> Difficulty``; ``score(sample)`` gives the factors and points behind it.
Each factor earns 0, 1 or 2 points; the points add up to a score in [0, 8]:

============  ==================================================  ======  ==========  ======
factor        what is measured                                    0       1           2
============  ==================================================  ======  ==========  ======
steps         steps of the episode (``extra["episode_length"]``,  1–2     3–5         6+
              else the step's place: ``len(history) + 1``)
target size   the target's area (``target_bbox`` w·h) as a        ≥ 1 %   0.2–1 %     < 0.2 %
              fraction of the screen; no target: 0 points
density       elements on the screen (``len(elements)``)          < 20    20–59       60+
distractors   other elements sharing the target's role (not       0       1–2         3+
              "generic") or a word of its text (the target: the
              element whose bbox best overlaps ``target_bbox``)
============  ==================================================  ======  ==========  ======

Score 0–2 is easy, 3–4 medium, 5–8 hard. A 1 % target is an ordinary button (about 90x85
pixels on 1024x768), 0.2 % an icon of about 40x40; an unknown factor (no elements, no target)
earns 0 points, so a sample is graded by what it shows, never made harder by what it omits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cuakit._values import is_int, is_number
from cuakit.curate.samples import Box, StepSample


class Difficulty(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


STEP_CUTS = (3, 6)
"""steps at which a sample earns 1 and 2 points"""
DENSITY_CUTS = (20, 60)
"""elements at which a sample earns 1 and 2 points"""
DISTRACTOR_CUTS = (1, 3)
"""distractors at which a sample earns 1 and 2 points"""
AREA_CUTS = (0.01, 0.002)
"""target areas (fractions of the screen) below which a sample earns 1 and 2 points"""
LEVEL_CUTS = (3, 5)
"""scores at which a sample is medium and hard"""
TARGET_MIN_IOU = 0.5
"""the least overlap (intersection over union) with target_bbox of the element taken as the
target: boxes from one source match exactly, boxes from another may be off by a few pixels"""
_WORD = re.compile(r"\w+")
_VAGUE_ROLES = frozenset({"", "generic"})
"""roles that say nothing of what an element is: sharing one makes no distractor"""


@dataclass(frozen=True)
class DifficultyScore:
    """The factors of a sample's difficulty and the level they add up to."""

    steps: int
    target_area: float | None
    """the target's area as a fraction of the screen; None without a target_bbox"""
    elements: int
    distractors: int
    points: int
    """the sum of the four factors' points, in [0, 8]"""
    level: Difficulty


def grade(sample: StepSample | Mapping[str, Any]) -> Difficulty:
    """easy, medium or hard (see the module docstring for the thresholds)."""
    return score(sample).level


def score(sample: StepSample | Mapping[str, Any]) -> DifficultyScore:
    """The factors, points and level of one sample (a `StepSample` or its line form). Reads
    leniently: a malformed field counts as unknown (0 points); the quality filter judges it."""
    data = sample.to_dict() if isinstance(sample, StepSample) else sample
    steps = _steps(data)
    target = _box(data.get("target_bbox"))
    elements = data.get("elements") if isinstance(data.get("elements"), list) else []
    area = None if target is None else target[2] * target[3]
    distractors = _distractors(target, elements)
    points = (
        _points(steps, STEP_CUTS)
        + _area_points(area)
        + _points(len(elements), DENSITY_CUTS)
        + _points(distractors, DISTRACTOR_CUTS)
    )
    level = (Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD)[_points(points, LEVEL_CUTS)]
    return DifficultyScore(steps, area, len(elements), distractors, points, level)


def _points(value: float, cuts: tuple[float, float]) -> int:
    """0 below the first cut, 1 from it, 2 from the second."""
    return sum(value >= cut for cut in cuts)


def _area_points(area: float | None) -> int:
    """0 for no target or one of at least 1 % of the screen, 1 below it, 2 below 0.2 %."""
    if area is None:
        return 0
    return sum(area < cut for cut in AREA_CUTS)


def _steps(data: Mapping[str, Any]) -> int:
    extra = data.get("extra")
    length = extra.get("episode_length") if isinstance(extra, Mapping) else None
    if is_int(length) and length >= 1:
        return int(length)
    history = data.get("history")
    return (len(history) if isinstance(history, list | tuple) else 0) + 1


def _box(value: object) -> Box | None:
    if not isinstance(value, Sequence) or len(value) != 4 or not all(map(is_number, value)):
        return None
    x, y, w, h = (float(v) for v in value)
    return (x, y, w, h) if w >= 0 and h >= 0 else None


def _iou(a: Box, b: Box) -> float:
    width = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    height = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    overlap = max(width, 0.0) * max(height, 0.0)
    union = a[2] * a[3] + b[2] * b[3] - overlap
    return overlap / union if union > 0 else float(a == b)


def _distractors(target: Box | None, elements: list[Any]) -> int:
    """Elements other than the target that share its role or a word of its text."""
    listed = [(e, _box(e.get("bbox"))) for e in elements if isinstance(e, Mapping)]
    boxed = [(e, box) for e, box in listed if box is not None]
    if target is None or not boxed:
        return 0
    overlap, place = max((_iou(box, target), i) for i, (_, box) in enumerate(boxed))
    if overlap < TARGET_MIN_IOU:
        return 0  # the target is not among the elements: nothing to be confused with
    role, words = _role(boxed[place][0]), _words(boxed[place][0])
    return sum(
        1
        for i, (element, _) in enumerate(boxed)
        if i != place and ((role and _role(element) == role) or words & _words(element))
    )


def _role(element: Mapping[str, Any]) -> str:
    role = str(element.get("role") or "").casefold()
    return "" if role in _VAGUE_ROLES else role


def _words(element: Mapping[str, Any]) -> set[str]:
    return set(_WORD.findall(str(element.get("text") or "").casefold()))

"""GUI grounding rewards: how well a predicted click (or box) finds the target element.

Pure functions of ``(prediction, target)`` with their range stated, one signature
(:data:`GroundingReward`) so that the lab grounding model's GRPO and TRL's GRPOTrainer plug in
the same ones:

- :func:`seed_reward` — the seed's: position within 0.1 of the target's centre (0.6),
  containment bonus +1 / penalty −0.3 (0.3), exact match within 0.005 (0.1); range
  ``[-0.09, 1]``;
- :func:`hit_reward` — GUI-R1/UI-R1: 1 when the point is inside the target box, else 0;
- :func:`gaussian_point_reward` — GUI-G²: a Gaussian around the target's centre with σ half the
  box per axis, so a small target asks for a precise click; range ``(0, 1]``;
- :func:`gaussian_coverage_reward` — GUI-G²: exp(−Bhattacharyya distance) between the predicted
  box's and the target's Gaussians; 1 for identical boxes; range ``(0, 1]``;
- :func:`hit_iou_reward` — GUI-G1: hit + IoU with a box-size term, so that neither shrinking
  (hit) nor growing (IoU) the box pays on its own; range ``[0, 1]``;
- :func:`format_reward` — 1 when a completion parses into an action, else 0.

Boxes are normalised ``(x, y, w, h)`` as the envs' element lists and step samples give them;
points are normalised ``(x, y)``. A prediction with no point (an unparsable answer) earns each
reward's minimum. Distances are in normalised units unless ``screen=(width, height)`` is given:
then they are measured in pixels and divided by ``sqrt(width * height)``, so the aspect ratio
counts and a square screen gives the same numbers as normalised units (the seed's distance
treats a unit across a 16:9 screen like a unit down it).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cuakit.actions import parse
from cuakit.coords import Point
from cuakit.errors import ActionParseError

Box = tuple[float, float, float, float]
"""Normalised ``(x, y, w, h)``: left, top, width, height as fractions of the screen."""

ScreenSize = tuple[int, int]


@dataclass(frozen=True)
class Prediction:
    """What a policy answered: a point, and a box when the policy predicts one."""

    point: Point | None
    """the click, normalised; None when the answer had none (unparsable, or not a click)"""
    box: Box | None = None
    """a predicted element box (box-predicting grounding models), normalised"""

    @classmethod
    def of_box(cls, box: Box) -> Prediction:
        """A box prediction; its point is the box's centre (where a click would go)."""
        return cls(point=box_centre(box), box=box)


GroundingReward = Callable[[Prediction, Box, "ScreenSize | None"], float]
"""``reward(prediction, target_box, screen) -> float``: every reward here has this shape."""


# ---- geometry ---------------------------------------------------------------------------------
def box_centre(box: Box) -> Point:
    x, y, w, h = box
    return (x + w / 2, y + h / 2)


def inside(point: Point, box: Box) -> bool:
    """Whether ``point`` lies in ``box``, edges included."""
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def distance(a: Point, b: Point, screen: ScreenSize | None = None) -> float:
    """Euclidean distance in normalised units; with ``screen`` in pixels / sqrt(width·height)."""
    if screen is None:
        return math.hypot(a[0] - b[0], a[1] - b[1])
    width, height = screen
    return math.hypot((a[0] - b[0]) * width, (a[1] - b[1]) * height) / math.sqrt(width * height)


def iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes, in ``[0, 1]``."""
    left, top = max(a[0], b[0]), max(a[1], b[1])
    right, bottom = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    overlap = max(0.0, right - left) * max(0.0, bottom - top)
    union = a[2] * a[3] + b[2] * b[3] - overlap
    return overlap / union if union > 0 else 0.0


# ---- rewards ----------------------------------------------------------------------------------
SEED_RADIUS = 0.1
SEED_EXACT = 0.005


def seed_reward(prediction: Prediction, target: Box, screen: ScreenSize | None = None) -> float:
    """The seed's position + containment + exact-match reward; range ``[-0.09, 1]``.

    ``0.6 * max(0, 1 - d / 0.1) + 0.3 * (1 if inside else -0.3) + 0.1 * (d < 0.005)``, with
    ``d`` the distance to the box's centre. No point: −0.09 (outside, far).
    """
    if prediction.point is None:
        return 0.3 * -0.3
    d = distance(prediction.point, box_centre(target), screen)
    position = max(0.0, 1.0 - d / SEED_RADIUS)
    containment = 1.0 if inside(prediction.point, target) else -0.3
    exact = 1.0 if d < SEED_EXACT else 0.0
    return 0.6 * position + 0.3 * containment + 0.1 * exact


def hit_reward(prediction: Prediction, target: Box, screen: ScreenSize | None = None) -> float:
    """1.0 when the point is inside the target box, else 0.0 (no point: 0)."""
    return float(prediction.point is not None and inside(prediction.point, target))


def gaussian_point_reward(
    prediction: Prediction, target: Box, screen: ScreenSize | None = None
) -> float:
    """GUI-G²'s point reward, ``exp(-((x-cx)²/2σx² + (y-cy)²/2σy²))`` with σ = half the box
    per axis; range ``(0, 1]``, 1 at the centre, exp(−1/2) on the box's edge midpoints. Per
    axis relative to the box, so the screen's aspect ratio does not enter. No point: 0."""
    if prediction.point is None:
        return 0.0
    cx, cy = box_centre(target)
    sx, sy = _sigmas(target)
    zx, zy = (prediction.point[0] - cx) / sx, (prediction.point[1] - cy) / sy
    return math.exp(-0.5 * (zx * zx + zy * zy))


def gaussian_coverage_reward(
    prediction: Prediction, target: Box, screen: ScreenSize | None = None
) -> float:
    """GUI-G²'s coverage reward: ``exp(-D_B)`` between the Gaussians of the predicted box and
    the target (centre, σ half the box per axis; diagonal covariances); range ``(0, 1]``, 1 for
    identical boxes, falling as the boxes part or differ in size. A prediction without a box
    is judged as a box of the target's size at its point; no point: 0."""
    if prediction.point is None:
        return 0.0
    box = prediction.box
    if box is None:
        px, py = prediction.point
        box = (px - target[2] / 2, py - target[3] / 2, target[2], target[3])
    bhattacharyya = 0.0
    for mean_p, mean_t, var_p, var_t in zip(
        box_centre(box), box_centre(target), *_variances(box, target), strict=True
    ):
        var = (var_p + var_t) / 2
        bhattacharyya += (mean_p - mean_t) ** 2 / (8 * var)
        bhattacharyya += 0.5 * math.log(var / math.sqrt(var_p * var_t))
    return math.exp(-bhattacharyya)


HIT_IOU_SIZE_WEIGHT = 0.5


def hit_iou_reward(
    prediction: Prediction,
    target: Box,
    screen: ScreenSize | None = None,
    size_weight: float = HIT_IOU_SIZE_WEIGHT,
) -> float:
    """GUI-G1's hit + IoU with a box-size term, scaled to ``[0, 1]``:
    ``(hit + IoU + size_weight * min(area_p, area_t) / max(area_p, area_t)) / (2 + size_weight)``.

    Hit alone pays a tiny box around a lucky centre and IoU alone pays a large box that swallows
    the target; the size term pays a box the target's size. A point without a box earns only
    its hit share. No point: 0."""
    if prediction.point is None:
        return 0.0
    hit = float(inside(prediction.point, target))
    if prediction.box is None:
        return hit / (2 + size_weight)
    area_p = prediction.box[2] * prediction.box[3]
    area_t = target[2] * target[3]
    size = min(area_p, area_t) / max(area_p, area_t) if max(area_p, area_t) > 0 else 0.0
    return (hit + iou(prediction.box, target) + size_weight * size) / (2 + size_weight)


def format_reward(completion: str) -> float:
    """1.0 when ``completion`` parses into an action (`cuakit.actions.parse`), else 0.0."""
    try:
        parse(completion)
    except ActionParseError:
        return 0.0
    return 1.0


GROUNDING_REWARDS: dict[str, GroundingReward] = {
    "seed": seed_reward,
    "hit": hit_reward,
    "gaussian-point": gaussian_point_reward,
    "gaussian-coverage": gaussian_coverage_reward,
    "hit-iou": hit_iou_reward,
}
"""the rewards by the name a config uses (``--reward``); each with the shared signature"""

REWARD_RANGES: dict[str, tuple[float, float]] = {
    "seed": (-0.09, 1.0),
    "hit": (0.0, 1.0),
    "gaussian-point": (0.0, 1.0),
    "gaussian-coverage": (0.0, 1.0),
    "hit-iou": (0.0, 1.0),
}


# Degenerate boxes (a zero-width line) would divide by zero; a thousandth of the screen is the
# smallest σ that any real element has.
_MIN_SIGMA = 1e-3


def _sigmas(box: Box) -> tuple[float, float]:
    return max(box[2] / 2, _MIN_SIGMA), max(box[3] / 2, _MIN_SIGMA)


def _variances(a: Box, b: Box) -> tuple[tuple[float, float], tuple[float, float]]:
    """(var_a per axis, var_b per axis), each axis's σ half the box."""
    (ax, ay), (bx, by) = _sigmas(a), _sigmas(b)
    return (ax * ax, ay * ay), (bx * bx, by * by)

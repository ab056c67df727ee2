"""Grounding rewards: ranges, ordering (inside beats outside), peaks, and hand-computed values."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuakit.reward.grounding import (
    GROUNDING_REWARDS,
    REWARD_RANGES,
    Prediction,
    distance,
    format_reward,
    gaussian_coverage_reward,
    gaussian_point_reward,
    hit_iou_reward,
    hit_reward,
    iou,
    seed_reward,
)

TARGET = (0.4, 0.5, 0.2, 0.1)  # centre (0.5, 0.55)
unit = st.floats(0.0, 1.0, allow_nan=False)
sizes = st.floats(0.005, 0.5, allow_nan=False)
boxes = st.tuples(unit, unit, sizes, sizes)
points = st.tuples(unit, unit)


@given(point=points, target=boxes)
def test_every_reward_stays_in_its_stated_range(point, target):
    for name, reward in GROUNDING_REWARDS.items():
        low, high = REWARD_RANGES[name]
        for prediction in (Prediction(point), Prediction(None)):
            value = reward(prediction, target, None)
            assert low - 1e-9 <= value <= high + 1e-9, (name, prediction, value)


def seed_reward_is_monotone_on(target: tuple[float, float, float, float]) -> bool:
    """Where the seed's reward pays every inside point at least any outside one: an inside
    point is at most the half-diagonal ``a`` from the centre, an outside one at least the
    half-short-side ``b``; 0.6·(1 − a/0.1) + 0.3 ≥ 0.6·(1 − b/0.1) − 0.09 when a − b ≤ 0.065,
    and no outside point earns the exact-match bonus when b ≥ 0.005."""
    _, _, w, h = target
    a, b = math.hypot(w, h) / 2, min(w, h) / 2
    return a - b <= 0.065 and b >= 0.005


@given(target=boxes, inner=st.tuples(unit, unit), outer=points)
def test_a_point_inside_the_box_earns_at_least_any_point_outside(target, inner, outer):
    x, y, w, h = target
    inside_point = (x + inner[0] * w, y + inner[1] * h)
    ox, oy = outer
    if x <= ox <= x + w and y <= oy <= y + h:
        return
    names = ("seed", "hit", "hit-iou") if seed_reward_is_monotone_on(target) else ("hit", "hit-iou")
    for name in names:
        reward = GROUNDING_REWARDS[name]
        assert reward(Prediction(inside_point), target, None) >= reward(
            Prediction(outer), target, None
        ), name


def test_the_seed_reward_pays_a_point_beside_a_long_box_more_than_its_inside_end():
    """The seed's formula rewards closeness to the centre, not the box: on a tall thin button
    the inside top end (0.1875 from the centre) earns less than a point just beside its middle.
    `hit` and the Gaussian rewards do not (hypothesis found this case)."""
    target = (0.40625, 0.0, 0.015625, 0.375)
    end, beside = Prediction((0.40625, 0.0)), Prediction((0.4375, 0.1875))
    assert seed_reward(end, target) < seed_reward(beside, target)
    assert hit_reward(end, target) > hit_reward(beside, target)


def test_seed_reward_by_hand():
    centre = (0.5, 0.55)
    assert seed_reward(Prediction(centre), TARGET) == pytest.approx(0.6 + 0.3 + 0.1)
    # 0.05 right of the centre: inside, half the position reward, no exact match.
    assert seed_reward(Prediction((0.55, 0.55)), TARGET) == pytest.approx(0.3 + 0.3)
    # 0.2 right: outside, beyond the radius.
    assert seed_reward(Prediction((0.7, 0.55)), TARGET) == pytest.approx(-0.09)
    assert seed_reward(Prediction(None), TARGET) == pytest.approx(-0.09)


def test_aspect_correct_distance_counts_pixels():
    """A normalised step across a 16:9 screen is more pixels than one down it."""
    across = distance((0.0, 0.0), (0.1, 0.0), (1600, 900))
    down = distance((0.0, 0.0), (0.0, 0.1), (1600, 900))
    assert across == pytest.approx(160 / 1200) and down == pytest.approx(90 / 1200)
    assert distance((0.0, 0.0), (0.1, 0.0), (1000, 1000)) == pytest.approx(0.1)
    assert distance((0.0, 0.0), (0.1, 0.0)) == pytest.approx(0.1)
    # The seed's reward measured so: the same normalised miss costs more across than down.
    wide = (1600, 900)
    right = seed_reward(Prediction((0.55, 0.55)), TARGET, wide)
    below = seed_reward(Prediction((0.5, 0.6)), TARGET, wide)
    assert right < below


@given(target=boxes, offset=st.tuples(st.floats(-0.3, 0.3), st.floats(-0.3, 0.3)))
def test_gaussian_point_reward_peaks_at_the_centre(target, offset):
    centre = (target[0] + target[2] / 2, target[1] + target[3] / 2)
    peak = gaussian_point_reward(Prediction(centre), target)
    assert peak == pytest.approx(1.0)
    moved = (centre[0] + offset[0], centre[1] + offset[1])
    assert gaussian_point_reward(Prediction(moved), target) <= peak


def test_gaussian_point_reward_on_the_edge_is_exp_minus_half():
    assert gaussian_point_reward(Prediction((0.6, 0.55)), TARGET) == pytest.approx(math.exp(-0.5))
    assert gaussian_point_reward(Prediction((0.5, 0.6)), TARGET) == pytest.approx(math.exp(-0.5))


@given(target=boxes)
def test_coverage_is_one_for_identical_boxes(target):
    assert gaussian_coverage_reward(Prediction.of_box(target), target) == pytest.approx(1.0)


def test_coverage_falls_as_boxes_part_or_differ_in_size():
    same = gaussian_coverage_reward(Prediction.of_box(TARGET), TARGET)
    shifted = gaussian_coverage_reward(Prediction.of_box((0.45, 0.5, 0.2, 0.1)), TARGET)
    bigger = gaussian_coverage_reward(Prediction.of_box((0.3, 0.45, 0.4, 0.2)), TARGET)
    assert same > shifted and same > bigger
    # Shifted by a quarter of the box across: D_B = (0.05)² / (8 · 0.1²) = 1/32.
    assert shifted == pytest.approx(math.exp(-1 / 32))
    # A point is judged as a box of the target's size there.
    assert gaussian_coverage_reward(Prediction((0.55, 0.55)), TARGET) == pytest.approx(shifted)


def test_hit_iou_pays_a_box_the_targets_size_over_a_huge_or_tiny_one():
    exact = hit_iou_reward(Prediction.of_box(TARGET), TARGET)
    huge = hit_iou_reward(Prediction.of_box((0.0, 0.0, 1.0, 1.0)), TARGET)
    tiny = hit_iou_reward(Prediction.of_box((0.495, 0.545, 0.01, 0.01)), TARGET)
    assert exact == pytest.approx(1.0)
    assert exact > huge and exact > tiny
    assert hit_reward(Prediction.of_box(TARGET), TARGET) == 1.0


def test_iou_by_hand():
    assert iou(TARGET, TARGET) == pytest.approx(1.0)
    assert iou(TARGET, (0.5, 0.5, 0.2, 0.1)) == pytest.approx(0.01 / 0.03)
    assert iou(TARGET, (0.0, 0.0, 0.1, 0.1)) == 0.0


def test_format_reward_reads_the_action_schema():
    assert format_reward('```json\n{"action": "click", "coordinates": [0.5, 0.5]}\n```') == 1.0
    assert format_reward("I would click the OK button") == 0.0
    assert format_reward('{"action": "click", "coordinates": [5, 9]}') == 0.0

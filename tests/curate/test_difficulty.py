"""Difficulty grades on hand-made samples: each factor's thresholds, and the levels they sum to."""

from __future__ import annotations

from typing import Any

import pytest

from cuakit.curate.difficulty import Difficulty, grade, score
from cuakit.curate.samples import StepSample

BUTTON = [0.4, 0.4, 0.2, 0.1]  # 2 % of the screen
ICON = [0.9, 0.02, 0.03, 0.04]  # 0.12 %


def element(role: str, text: str, bbox: list[float] | None = None, i: int = 0) -> dict[str, Any]:
    return {"role": role, "text": text, "bbox": bbox or [0.01 * (i % 90), 0.8, 0.005, 0.005]}


def sample(**changes: Any) -> dict[str, Any]:
    """One click on a lone, large button at the first step: as easy as it gets."""
    base = {
        "id": "s",
        "image": "s.png",
        "instruction": "Click OK",
        "action": {"action": "click", "coordinates": [0.5, 0.45]},
        "history": [],
        "elements": [element("button", "OK", BUTTON)],
        "target_bbox": BUTTON,
    }
    return {**base, **changes}


def fillers(count: int) -> list[dict[str, Any]]:
    """Elements that share nothing with the OK button (role label, no common word)."""
    return [element("label", f"item{i}", i=i) for i in range(count)]


def test_a_lone_large_target_at_the_first_step_is_easy() -> None:
    result = score(sample())
    assert (result.steps, result.elements, result.distractors, result.points) == (1, 1, 0, 0)
    assert result.target_area == pytest.approx(0.02)
    assert result.level is Difficulty.EASY and grade(sample()) == "easy"


@pytest.mark.parametrize(("history", "points"), [(0, 0), (1, 0), (2, 1), (4, 1), (5, 2), (20, 2)])
def test_steps_from_history(history: int, points: int) -> None:
    """steps = len(history) + 1: 1-2 → 0, 3-5 → 1, 6+ → 2."""
    assert score(sample(history=["{}"] * history)).points == points


def test_the_episode_length_overrides_the_history() -> None:
    result = score(sample(history=[], extra={"episode_length": 7}))
    assert (result.steps, result.points) == (7, 2)


@pytest.mark.parametrize(
    ("box", "points"),
    [
        ([0.4, 0.4, 0.1, 0.1], 0),  # 1 %: the cut itself is still ordinary
        ([0.4, 0.4, 0.1, 0.05], 1),  # 0.5 %
        ([0.4, 0.4, 0.04, 0.05], 1),  # 0.2 %
        (ICON, 2),
    ],
)
def test_target_size(box: list[float], points: int) -> None:
    assert score(sample(target_bbox=box, elements=[element("button", "OK", box)])).points == points


@pytest.mark.parametrize(("others", "points"), [(18, 0), (19, 1), (58, 1), (59, 2)])
def test_element_density(others: int, points: int) -> None:
    """<20 → 0, 20-59 → 1, 60+ → 2 (the target counted among them)."""
    elements = [element("button", "OK", BUTTON), *fillers(others)]
    assert score(sample(elements=elements)).points == points


def test_distractors_share_the_targets_role_or_a_word() -> None:
    elements = [
        element("button", "Save file", BUTTON),
        element("button", "Cancel", i=1),  # same role
        element("link", "save as", i=2),  # a common word, case aside
        element("label", "File name", i=3),  # a common word
        element("label", "Saved", i=4),  # no whole word in common
        element("generic", "x", i=5),
    ]
    result = score(sample(elements=elements, target_bbox=BUTTON))
    assert result.distractors == 3 and result.points == 2
    assert score(sample(elements=elements[:2], target_bbox=BUTTON)).distractors == 1


def test_a_vague_role_makes_no_distractor() -> None:
    elements = [element("generic", "panel", BUTTON)]
    elements += [element("generic", "", i=i) for i in range(5)]
    assert score(sample(elements=elements, target_bbox=BUTTON)).distractors == 0


def test_a_target_not_among_the_elements_has_no_distractors() -> None:
    elements = [element("button", "OK", [0.0, 0.0, 0.1, 0.1]), element("button", "No", i=1)]
    assert score(sample(elements=elements, target_bbox=[0.5, 0.5, 0.1, 0.1])).distractors == 0


def test_levels_from_points() -> None:
    medium = sample(history=["{}"] * 2, elements=[element("button", "OK", BUTTON), *fillers(19)])
    assert (score(medium).points, grade(medium)) == (2, Difficulty.EASY)
    medium["target_bbox"] = [0.4, 0.4, 0.1, 0.05]
    medium["elements"][0]["bbox"] = medium["target_bbox"]
    assert (score(medium).points, grade(medium)) == (3, Difficulty.MEDIUM)
    hard = sample(
        history=["{}"] * 5,
        target_bbox=ICON,
        elements=[element("button", "OK", ICON), element("button", "OK all", i=1), *fillers(18)],
    )
    assert (score(hard).points, grade(hard)) == (6, Difficulty.HARD)


def test_unknowns_earn_no_points_and_bad_fields_do_not_raise() -> None:
    bare = sample(elements=None, target_bbox=None, history=None)
    assert score(bare).points == 0 and score(bare).target_area is None
    broken = sample(elements="many", target_bbox=[1, 2], history=5, extra=[])
    assert grade(broken) is Difficulty.EASY


def test_a_step_sample_grades_like_its_line_form() -> None:
    data = sample(history=["{}"] * 6, target_bbox=ICON, elements=[element("button", "OK", ICON)])
    step = StepSample.from_dict({**data, "width": 1024, "height": 768})
    assert score(step) == score(data)

"""render -> parse gives the Action back in every dialect: points within the dialect's
rounding (half a pixel of the grid it writes, 0.0005 on UI-TARS's 0-1000 grid, cuakit's four
decimals), every other field exact except what the dialect documents it cannot say. Actions a
dialect cannot write are refused with DialectRenderError, and only those."""

from __future__ import annotations

import dataclasses
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuakit.actions import MODIFIERS, Action, ActionType, Point
from cuakit.coords import ANSWER_DECIMALS, smart_resize
from cuakit.dialects import (
    DIALECTS,
    DialectAmbiguityError,
    DialectRenderError,
    openai,
    parse,
    render,
    uitars,
)
from cuakit.keys import normalize_keys

# --- strategies --------------------------------------------------------------------------------

unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
points = st.tuples(unit, unit)
# prose the model writes beside its action: any words, but no markup of another dialect
reasons = st.text(
    alphabet=string.ascii_letters + string.digits + " .,!?'-()\néü中", max_size=40
).map(str.strip)
BASE_KEYS = ["a", "z", "1", "/", "f5", "enter", "tab", "space", "escape", "up", "down",
             "left", "right", "pageup", "home", "delete", "backspace", "plus", "é"]  # fmt: skip
keys = (
    st.tuples(
        st.lists(st.sampled_from(MODIFIERS), unique=True, max_size=3),
        st.lists(st.sampled_from(BASE_KEYS), unique=True, max_size=2),
    )
    .filter(lambda parts: parts[0] or parts[1])
    .map(lambda parts: normalize_keys("+".join(parts[0] + parts[1])))
)


@st.composite
def actions(draw: st.DrawFn) -> Action:
    kind = draw(st.sampled_from(list(ActionType)))
    reasoning = draw(reasons)
    match kind:
        case ActionType.DRAG:
            return Action(kind, point=draw(points), end=draw(points), reasoning=reasoning)
        case ActionType.SCROLL:
            point = draw(st.none() | points)
            direction = draw(st.sampled_from(["up", "down", "left", "right"]))
            amount = draw(st.integers(1, 50))
            return Action(
                kind, point=point, direction=direction, amount=amount, reasoning=reasoning
            )
        case ActionType.TYPE:
            return Action.type_text(draw(st.text(min_size=1, max_size=30)), reasoning)
        case ActionType.KEY:
            return Action.key(draw(keys), reasoning)
        case ActionType.WAIT:
            return Action.wait(draw(st.floats(0.001, 60.0)), reasoning)
        case ActionType.FINISH | ActionType.FAIL:
            return Action(kind, reasoning=reasoning)
    return Action(kind, point=draw(points), reasoning=reasoning)


screens = st.tuples(st.integers(320, 3840), st.integers(240, 2160))


# --- what each dialect can say -----------------------------------------------------------------


def cannot_write(action: Action, dialect: str) -> bool:
    """The actions each dialect's module documents as having no form in it."""
    if dialect == "qwen2.5-vl":
        return action.type is ActionType.SCROLL and action.direction in ("left", "right")
    if dialect == "pyautogui":
        return action.type is ActionType.KEY and "plus+" in str(action.keys)
    if dialect == "openai":
        no_point = action.type is ActionType.SCROLL and action.point is None
        return action.is_terminal or no_point
    return False


def what_survives(action: Action, dialect: str) -> Action:
    """``action`` less what the dialect documents it drops in writing."""
    if dialect.startswith("ui-tars") and action.type is ActionType.SCROLL:
        return dataclasses.replace(action, amount=uitars.SCROLL_CLICKS)
    if dialect.startswith("ui-tars") and action.type is ActionType.WAIT:
        return dataclasses.replace(action, seconds=uitars.WAIT_SECONDS)
    if dialect == "openai" and action.type is ActionType.WAIT:
        return dataclasses.replace(action, seconds=openai.WAIT_SECONDS)
    return action


def tolerance(dialect: str, screen: tuple[int, int]) -> tuple[float, float]:
    """How far a written point may land from the original, per axis."""
    width, height = screen
    match dialect:
        case "cuakit":
            return (0.5 * 10**-ANSWER_DECIMALS,) * 2
        case "ui-tars":
            return 0.0005, 0.0005
        case "qwen2.5-vl":
            height, width = smart_resize(height, width)
        case "ui-tars-1.5":
            height, width = smart_resize(height, width, **uitars.RESIZE)
    return 0.5 / width, 0.5 / height


def assert_close(got: Point | None, want: Point | None, within: tuple[float, float]) -> None:
    if want is None:
        assert got is None
        return
    assert got is not None
    assert abs(got[0] - want[0]) <= within[0] + 1e-9, (got, want)
    assert abs(got[1] - want[1]) <= within[1] + 1e-9, (got, want)


# --- the property ------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS)
@settings(max_examples=300, deadline=None)
@given(action=actions(), screen=screens)
def test_render_then_parse_gives_the_action_back(
    dialect: str, action: Action, screen: tuple[int, int]
) -> None:
    if cannot_write(action, dialect):
        with pytest.raises(DialectRenderError):
            render(action, dialect, screen)
        return
    text = render(action, dialect, screen)
    got = parse(text, dialect, screen)
    want = what_survives(action, dialect)
    same = ("type", "direction", "amount", "text", "keys", "seconds", "reasoning")
    assert {f: getattr(got, f) for f in same} == {f: getattr(want, f) for f in same}, text
    within = tolerance(dialect, screen)
    assert_close(got.point, want.point, within)
    assert_close(got.end, want.end, within)
    # auto reads every dialect's writing as that dialect, and refuses UI-TARS's
    if dialect.startswith("ui-tars"):
        with pytest.raises(DialectAmbiguityError):
            parse(text, "auto", screen)
    else:
        assert parse(text, "auto", screen) == got


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("keys", ["plus+a", "ctrl+plus", "meta+up", "shift+left", "space"])
def test_key_names_that_models_spell_differently(dialect: str, keys: str) -> None:
    """Regression: the plus key before another key was written "+ a" and read back as "++a",
    which normalize_keys refuses; arrows and meta are renamed on the way out and back."""
    action = Action.key(keys)
    if cannot_write(action, dialect):
        with pytest.raises(DialectRenderError):
            render(action, dialect, (800, 600))
        return
    assert parse(render(action, dialect, (800, 600)), dialect, (800, 600)) == action

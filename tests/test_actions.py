"""Tests for cuakit.actions: the action schema, its wire form, parse() and pixel helpers."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuakit.actions import (
    MODIFIERS,
    Action,
    ActionType,
    find_action_object,
    from_pixels,
    from_qwen_pixels,
    normalize_keys,
    parse,
    smart_resize,
    to_pixels,
    to_qwen_pixels,
)
from cuakit.errors import ActionParseError

# --- strategies --------------------------------------------------------------------------------

unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
# free text, now and then holding fences or JSON that parse() must not be fooled by
tricky = st.sampled_from(["```", "```json\n{}\n```", "{}", '{"action": "finish"}', "{"])
free_text = st.lists(st.text(max_size=20) | tricky, max_size=4).map("".join)
reasons = free_text
BASE_KEYS = ["a", "s", "t", "1", "f5", "enter", "tab", "space", "escape", "pageup", "plus"]
# canonical name -> spellings a model might use for it
SPELLINGS = {
    "ctrl": ["ctrl", "Ctrl", "control", "CONTROL"],
    "alt": ["alt", "Alt", "option"],
    "shift": ["shift", "Shift"],
    "meta": ["meta", "cmd", "Command", "super", "win"],
    "enter": ["enter", "Return"],
    "escape": ["escape", "Esc"],
    "pageup": ["pageup", "PgUp"],
}


@st.composite
def key_combos(draw: st.DrawFn) -> tuple[str, str]:
    """(messy spelling, expected normalised form) of a key combination."""
    mods = draw(st.lists(st.sampled_from(MODIFIERS), unique=True, max_size=4))
    base = draw(st.sampled_from(BASE_KEYS))
    order = draw(st.permutations([*mods, base]))
    messy = "+".join(draw(st.sampled_from(SPELLINGS.get(k, [k, k.upper()]))) for k in order)
    expected = "+".join([m for m in MODIFIERS if m in mods] + [base])
    return messy, expected


def actions() -> st.SearchStrategy[Action]:
    """Every action type, with valid random fields."""
    point_types = [Action.click, Action.double_click, Action.right_click, Action.move]
    return st.one_of(
        *[st.builds(make, unit, unit, reasoning=reasons) for make in point_types],
        st.builds(Action.drag, unit, unit, unit, unit, reasoning=reasons),
        st.builds(
            Action.scroll,
            st.sampled_from(["up", "down", "left", "right"]),
            st.integers(1, 50),
            reasoning=reasons,
        ),
        st.builds(
            lambda d, n, p, r: Action.scroll(d, n, *p, reasoning=r),
            st.sampled_from(["up", "down", "left", "right"]),
            st.integers(1, 50),
            st.tuples(unit, unit),
            reasons,
        ),
        st.builds(Action.type_text, free_text.filter(bool), reasoning=reasons),
        st.builds(lambda kc, r: Action.key(kc[0], r), key_combos(), reasons),
        st.builds(
            Action.wait,
            st.floats(min_value=0.0, max_value=60.0, exclude_min=True),
            reasoning=reasons,
        ),
        st.builds(Action.finish, reasoning=reasons),
        st.builds(Action.fail, reasoning=reasons),
    )


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
ACTION_NAMES = [t.value for t in ActionType] + ["left_click", "hotkey", "press", "terminate", ""]
FIELD_NAMES = ["coordinates", "coordinate", "x", "y", "end_coordinates", "to", "direction"]
FIELD_NAMES += ["amount", "text", "content", "key", "keys", "seconds", "reasoning", "status"]
jsonish_dicts = st.builds(
    lambda name, fields: json.dumps({"action": name, **fields}),
    st.one_of(st.sampled_from(ACTION_NAMES), json_values),
    st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=5), json_values, max_size=4),
)
jsonish_regex = st.from_regex(
    r'\{"action": ?"(click|drag|key|type|scroll|wait|hover)"(, ?"(coordinates|x|y|key|text|'
    r'amount|seconds|to)": ?(-?[0-9.e]+|\[[-0-9., ]*\]|"[^"]*"|null|true|NaN|\{+))*\}?',
    fullmatch=True,
)


# --- round trips -------------------------------------------------------------------------------


@given(actions())
def test_parse_inverts_to_json(action: Action) -> None:
    assert parse(action.to_json()) == action
    assert Action.from_dict(action.to_dict()) == action


@given(actions())
def test_parse_reads_fenced_json(action: Action) -> None:
    assert parse(f"Here is my action:\n```json\n{action.to_json()}\n```\n") == action
    assert parse(f"```\n{action.to_json()}\n```") == action


@given(actions())
def test_parse_reads_json_inside_prose(action: Action) -> None:
    assert parse(f"I will click. {action.to_json()} Done.") == action


# --- parse never fails in any other way ---------------------------------------------------------


def _parse_or_error(text: str) -> None:
    try:
        result = parse(text)
    except ActionParseError as exc:
        assert exc.field and exc.problem
    else:
        assert isinstance(result, Action)


@given(st.text())
def test_parse_arbitrary_text_returns_action_or_raises_parse_error(text: str) -> None:
    _parse_or_error(text)


@given(jsonish_dicts)
def test_parse_jsonish_objects_returns_action_or_raises_parse_error(text: str) -> None:
    _parse_or_error(text)
    _parse_or_error(f"```json\n{text}\n```")


@given(jsonish_regex)
def test_parse_regex_generated_returns_action_or_raises_parse_error(text: str) -> None:
    _parse_or_error(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": ' * 50_000,
        "[" * 50_000,
        '{"action": "scroll", "direction": "up", "amount": 1' + "0" * 5000 + "}",
        '{"action": "click", "coordinates": [1' + "0" * 400 + ", 0]}",
        "{" * 10_000,
    ],
)
def test_parse_hostile_input_raises_parse_error(text: str) -> None:
    _parse_or_error(text)


@pytest.mark.parametrize("value", [None, b'{"action": "finish"}', 3, {"action": "finish"}])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(ActionParseError, match="expected a string") as info:
        parse(value)  # type: ignore[arg-type]
    assert info.value.field == "text"


# --- aliases -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"action": "left_click", "coordinate": [0.1, 0.2]}', Action.click(0.1, 0.2)),
        ('{"action": "click", "x": 0.1, "y": 0.2}', Action.click(0.1, 0.2)),
        ('{"action": "double-click", "point": [0.1, 0.2]}', Action.double_click(0.1, 0.2)),
        ('{"action": "Right-Click", "position": [0, 1]}', Action.right_click(0.0, 1.0)),
        ('{"action": "hover", "xy": [0.5, 0.5]}', Action.move(0.5, 0.5)),
        (
            '{"action": "left_click_drag", "coordinate": [0, 0], "to": [1, 1]}',
            Action.drag(0, 0, 1, 1),
        ),
        ('{"action": "hotkey", "keys": ["Control", "S"]}', Action.key("ctrl+s")),
        ('{"action": "press", "key": "Return"}', Action.key("enter")),
        ('{"action": "keypress", "hotkey": "cmd+shift+z"}', Action.key("shift+meta+z")),
        ('{"action": "type_text", "text": "hi"}', Action.type_text("hi")),
        ('{"action": "write", "content": "hi", "thought": "t"}', Action.type_text("hi", "t")),
        ('{"action": "scroll", "direction": "down"}', Action.scroll("down", 3)),
        ('{"action": "sleep", "seconds": 2}', Action.wait(2.0)),
        ('{"action": "wait"}', Action.wait(1.0)),
        ('{"action": "done", "reason": "saved"}', Action.finish("saved")),
        ('{"action": "terminate", "status": "failure"}', Action.fail()),
        ('{"action": "terminate", "status": "success"}', Action.finish()),
        ('{"name": "computer", "arguments": {"action": "stop"}}', Action.finish()),
    ],
)
def test_aliases(text: str, expected: Action) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ("Control+S", "ctrl+s"),
        ("shift+ctrl+t", "ctrl+shift+t"),
        ("cmd + Alt + Del", "alt+meta+delete"),
        ("esc", "escape"),
        ("PgDn", "pagedown"),
        ("ctrl++", "ctrl+plus"),
        ("shift", "shift"),
    ],
)
def test_key_normalisation(keys: str, expected: str) -> None:
    assert normalize_keys(keys) == expected
    assert Action.key(keys).keys == expected


@given(key_combos())
def test_key_normalisation_orders_modifiers_and_is_idempotent(combo: tuple[str, str]) -> None:
    messy, expected = combo
    assert normalize_keys(messy) == expected
    assert normalize_keys(expected) == expected


@pytest.mark.parametrize("keys", ["", "ctrl+", "ctrl+ctrl+s", "page down", "ctrl++s"])
def test_bad_key_combinations(keys: str) -> None:
    with pytest.raises(ActionParseError) as info:
        Action.key(keys)
    assert info.value.field == "key"


# --- errors name the field and the fix ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "says"),
    [
        ('{"action": "click"}', "coordinates", "click needs coordinates"),
        ('{"action": "fly", "coordinates": [0, 0]}', "action", "unknown action"),
        ('{"coordinates": [0, 0]}', "action", "missing"),
        ('{"action": "click", "coordinates": [640, 360]}', "coordinates", "not normalised"),
        ('{"action": "click", "coordinates": [-0.1, 0.5]}', "coordinates", "negative"),
        ('{"action": "click", "coordinates": [0.5]}', "coordinates", "expected [x, y]"),
        ('{"action": "click", "coordinates": [NaN, 0.5]}', "coordinates", "not finite"),
        ('{"action": "click", "coordinates": [true, 0.5]}', "coordinates", "numbers"),
        ('{"action": "click", "coordinates": "0.5, 0.5"}', "coordinates", "expected [x, y]"),
        ('{"action": "click", "x": 0.5}', "coordinates", "x and y together"),
        ('{"action": "click", "coordinates": [0, 0], "point": [0, 0]}', "coordinates", "twice"),
        ('{"action": "click", "coordinates": [0, 0], "text": "a"}', "text", "takes no text"),
        ('{"action": "click", "coordinates": [0, 0], "button": "left"}', "button", "unknown"),
        ('{"action": "type", "text": ""}', "text", "non-empty"),
        ('{"action": "type", "text": 5}', "text", "non-empty string"),
        ('{"action": "drag", "coordinates": [0, 0]}', "end_coordinates", "drag needs"),
        ('{"action": "scroll", "direction": "sideways"}', "direction", "up, down"),
        ('{"action": "scroll", "direction": "up", "amount": 0}', "amount", "scroll needs"),
        ('{"action": "scroll", "direction": "up", "amount": 2.5}', "amount", "integer"),
        ('{"action": "wait", "seconds": 0}', "seconds", "(0, 60]"),
        ('{"action": "wait", "seconds": 600}', "seconds", "(0, 60]"),
        ('{"action": "key", "key": [1, 2]}', "key", "list of key names"),
        ('{"action": "click", "status": "failure"}', "status", "only finish"),
        ('{"action": "finish", "reasoning": 3}', "reasoning", "string"),
        ("I would click the button.", "text", "no JSON object"),
        ("[1, 2, 3]", "text", "no JSON object"),
    ],
)
def test_errors_name_the_field(text: str, field: str, says: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse(text)
    assert info.value.field == field
    assert says in str(info.value)


def test_constructor_validates_and_coerces() -> None:
    action = Action("click", point=[0, 1])  # type: ignore[arg-type]
    assert action.type is ActionType.CLICK and action.point == (0.0, 1.0)
    assert Action.scroll("DOWN", 2).direction == "down"
    with pytest.raises(ActionParseError, match="not normalised"):
        Action.click(1.5, 0.2)
    with pytest.raises(ActionParseError, match="takes no amount"):
        Action(ActionType.CLICK, point=(0.5, 0.5), amount=3)
    with pytest.raises(ActionParseError, match="integer"):
        Action.scroll("up", True)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError, match="both x and y"):
        Action.scroll("up", 3, x=0.5)
    with pytest.raises(ActionParseError) as info:
        Action("left_click", point=(0.5, 0.5))  # type: ignore[arg-type]
    assert info.value.field == "action"


def test_action_is_frozen() -> None:
    action = Action.click(0.5, 0.5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.point = (0.1, 0.1)  # type: ignore[misc]


def test_wire_form() -> None:
    assert Action.click(0.5, 0.25, "Save").to_dict() == {
        "action": "click",
        "coordinates": [0.5, 0.25],
        "reasoning": "Save",
    }
    assert Action.drag(0.1, 0.2, 0.3, 0.4).to_dict()["end_coordinates"] == [0.3, 0.4]
    assert Action.scroll("down").to_dict() == {"action": "scroll", "direction": "down", "amount": 3}
    assert Action.type_text("héllo").to_json() == '{"action": "type", "text": "héllo"}'
    assert Action.key("ctrl+s").to_dict() == {"action": "key", "key": "ctrl+s"}
    assert Action.wait().to_dict() == {"action": "wait", "seconds": 1.0}
    assert Action.fail().to_dict() == {"action": "fail"}
    assert Action.finish().is_terminal and not Action.wait().is_terminal


def test_fence_is_preferred_over_earlier_objects_in_prose() -> None:
    text = 'Last time I sent {"action": "finish"}.\n```json\n{"action": "wait"}\n```'
    assert parse(text) == Action.wait()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a model that garbles its reasoning after a whole action has answered
        ('```json\n{"action": "click", "coordinates": [0.3, 0.7], "the "reasoning": "x"}\n```',
         Action.click(0.3, 0.7)),
        ('```json\n{"action": "finish", "reasoning": task done"}\n```', Action.finish()),
        ('{"action": "click", "coordinates": [0.38, 0.49], "reasoning": "the Downlo```',
         Action.click(0.38, 0.49)),
        ('{"action": "drag", "coordinates": [0.1, 0.2], "end_coordinates": [0.3, 0.4], "reas',
         Action.drag(0.1, 0.2, 0.3, 0.4)),
    ],
)  # fmt: skip
def test_a_reply_broken_after_its_required_fields_is_salvaged(text: str, expected: Action) -> None:
    assert parse(text) == expected
    with pytest.raises(ActionParseError):
        find_action_object(text, salvage=False)


@pytest.mark.parametrize(
    "text",
    [
        '{"action": "click", "coordin',  # cut before its point
        '{"action": "click", "coordinates": [0.3, 0.',
        '{"action": "type", "text": "hel',
        '{"action": "scroll", "direction": "down", "amo',  # no default stands in for a cut field
        '{"action": "drag", "coordinates": [0.1, 0.2], "end',
        '{"action": "teleport", "coordinates": [0.1, 0.2], x',
        '{"coordinates": [0.1, 0.2], "the "action": "click"}',
    ],
)
def test_a_reply_broken_before_its_required_fields_is_an_error(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse(text)


# --- pixels ------------------------------------------------------------------------------------

sizes = st.integers(min_value=1, max_value=4000)


@given(unit, unit, sizes, sizes)
def test_pixels_round_trip_within_half_a_pixel(x: float, y: float, w: int, h: int) -> None:
    px, py = to_pixels((x, y), w, h)
    assert 0 <= px < w and 0 <= py < h
    bx, by = from_pixels(px, py, w, h)
    assert abs(bx - x) <= 0.5 / w + 1e-12 and abs(by - y) <= 0.5 / h + 1e-12


@given(st.data(), sizes, sizes)
def test_integer_pixels_round_trip_exactly(data: st.DataObject, w: int, h: int) -> None:
    px, py = data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1))
    assert to_pixels(from_pixels(px, py, w, h), w, h) == (px, py)


def test_pixel_edges_and_errors() -> None:
    assert to_pixels((1.0, 1.0), 1920, 1080) == (1919, 1079)
    assert to_pixels((0.0, 0.0), 1920, 1080) == (0, 0)
    assert from_pixels(0, 0, 2, 4) == (0.25, 0.125)
    with pytest.raises(ActionParseError, match="outside"):
        from_pixels(1920, 5, 1920, 1080)
    with pytest.raises(ValueError, match="positive integers"):
        to_pixels((0.5, 0.5), 0, 1080)


def test_smart_resize_known_values() -> None:
    # 1920x1080 by hand: rounded to multiples of 28 it is 1932x1092 = 2,109,744 pixels, over
    # max 28*28*1280 = 1,003,520, so scale by beta = sqrt(1920*1080 / 1,003,520) ~ 1.43747:
    # 1080 / beta / 28 ~ 26.83 -> 26 * 28 = 728, 1920 / beta / 28 ~ 47.70 -> 47 * 28 = 1316.
    beta = math.sqrt(1920 * 1080 / (28 * 28 * 1280))
    assert 26 < 1080 / beta / 28 < 27 and 47 < 1920 / beta / 28 < 48
    assert smart_resize(1080, 1920) == (728, 1316)
    # 1000x1000 rounds up to 1008x1008 = 1,016,064 > max, scales to 35 * 28 = 980.
    assert smart_resize(1000, 1000) == (980, 980)
    # Under budget: only rounded. 560x840 are multiples of 28 already.
    assert smart_resize(560, 840) == (560, 840)
    assert smart_resize(500, 800) == (504, 812)
    # 10x30 rounds to 0 rows, under min 56*56, so scale up by sqrt(3136 / 300) ~ 3.233, ceil:
    # 10 * 3.233 / 28 ~ 1.15 -> 56; 30 * 3.233 / 28 ~ 3.46 -> 112.
    assert smart_resize(10, 30) == (56, 112)
    assert smart_resize(1080, 1920, max_pixels=4000 * 4000) == (1092, 1932)
    with pytest.raises(ValueError, match="aspect ratio"):
        smart_resize(10, 2500)


@given(st.integers(28, 5000), st.integers(28, 5000))
def test_smart_resize_invariants(h: int, w: int) -> None:
    rh, rw = smart_resize(h, w)
    assert rh % 28 == 0 and rw % 28 == 0
    assert 56 * 56 <= rh * rw <= 28 * 28 * 1280


@given(st.data(), st.integers(100, 4000), st.integers(100, 4000))
def test_qwen_pixels_round_trip(data: st.DataObject, w: int, h: int) -> None:
    rh, rw = smart_resize(h, w)
    px, py = data.draw(st.integers(0, rw - 1)), data.draw(st.integers(0, rh - 1))
    assert to_qwen_pixels(from_qwen_pixels(px, py, w, h), w, h) == (px, py)
    x, y = data.draw(unit), data.draw(unit)
    bx, by = from_qwen_pixels(*to_qwen_pixels((x, y), w, h), w, h)
    assert abs(bx - x) <= 0.5 / rw + 1e-12 and abs(by - y) <= 0.5 / rh + 1e-12


def test_qwen_pixels_on_a_1080p_screen() -> None:
    assert to_qwen_pixels((0.5, 0.5), 1920, 1080) == (658, 364)
    assert from_qwen_pixels(0, 0, 1920, 1080) == (0.5 / 1316, 0.5 / 728)
    assert to_qwen_pixels((0.5, 0.5), 1920, 1080, max_pixels=4000 * 4000) == (966, 546)


@pytest.mark.parametrize("text", ["```", "a ```json {} ``` b", "{}", '{"x": "```"}'])
def test_fences_and_braces_inside_fields_round_trip(text: str) -> None:
    action = Action.type_text(text, reasoning=f"because {text}")
    assert parse(f"```json\n{action.to_json()}\n```") == action
    assert parse(f"Typing now: {action.to_json()}") == action

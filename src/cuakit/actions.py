"""The one action schema every env, model and executor shares.

An :class:`Action` is data, never code: a frozen, validated dataclass that an executor turns
into mouse and keyboard calls at the last moment, and that a safety gate can inspect.

Coordinates are normalised: ``(0.0, 0.0)`` is the top-left corner of the screen and
``(1.0, 1.0)`` the bottom-right; :mod:`cuakit.coords` converts them to and from pixels
(:func:`to_pixels`, :func:`to_qwen_pixels` ...) and :mod:`cuakit.keys` normalises key
combinations. Both are re-exported here: ``from cuakit.actions import to_pixels`` works.

Wire form (``Action.to_dict``, what models emit and datasets store)::

    {"action": "click", "coordinates": [0.5, 0.25], "reasoning": "the Save button"}
    {"action": "drag", "coordinates": [0.1, 0.1], "end_coordinates": [0.6, 0.1]}
    {"action": "scroll", "direction": "down", "amount": 3}     # + "coordinates" if set
    {"action": "type", "text": "hello"}
    {"action": "key", "key": "ctrl+s"}
    {"action": "wait", "seconds": 1.0}
    {"action": "finish"}                                        # or "fail"

:func:`parse` reads a model's raw output into an Action or raises
:class:`~cuakit.errors.ActionParseError`; it never returns None and never evaluates code.
Error ``field`` names are wire names (``"coordinates"``, ``"end_coordinates"``, ``"key"``...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cuakit._values import invert, is_int, is_number, show
from cuakit.coords import (
    QWEN_FACTOR,
    QWEN_MAX_PIXELS,
    QWEN_MIN_PIXELS,
    Point,
    check_point,
    from_pixels,
    from_qwen_pixels,
    smart_resize,
    to_pixels,
    to_qwen_pixels,
)
from cuakit.errors import ActionParseError
from cuakit.keys import MODIFIERS, normalize_keys

__all__ = [
    "DIRECTIONS",
    "MAX_WAIT_SECONDS",
    "MODIFIERS",
    "QWEN_FACTOR",
    "QWEN_MAX_PIXELS",
    "QWEN_MIN_PIXELS",
    "Action",
    "ActionType",
    "Point",
    "find_action_object",
    "from_pixels",
    "from_qwen_pixels",
    "normalize_keys",
    "parse",
    "smart_resize",
    "to_pixels",
    "to_qwen_pixels",
]


class ActionType(StrEnum):
    """What an action does. Values are the wire names."""

    CLICK = "click"
    DOUBLE_CLICK = "double_click"
    RIGHT_CLICK = "right_click"
    MOVE = "move"
    DRAG = "drag"
    SCROLL = "scroll"
    TYPE = "type"
    KEY = "key"
    WAIT = "wait"
    FINISH = "finish"
    FAIL = "fail"


# --- the action --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One validated GUI action. Build with the classmethods (``Action.click(0.5, 0.5)``)."""

    type: ActionType
    """What to do; a str is coerced to :class:`ActionType`."""
    point: Point | None = None
    """Normalised (x, y): click/double_click/right_click/move target, drag start, scroll
    position (None scrolls where the cursor is). Absent for other types."""
    end: Point | None = None
    """Normalised (x, y) where a drag ends; drag only."""
    direction: str | None = None
    """Scroll only: up, down, left or right."""
    amount: int = 0
    """Scroll only: scroll clicks, >= 1. Zero for every other type."""
    text: str | None = None
    """Type only: the non-empty text to type."""
    keys: str | None = None
    """Key only: a combination, normalised by :func:`normalize_keys` (``"ctrl+s"``)."""
    seconds: float | None = None
    """Wait only: seconds to wait, in (0, 60]."""
    reasoning: str = ""
    """The model's stated reason; free text, never interpreted."""

    def __post_init__(self) -> None:
        kind = _action_type(self.type)
        object.__setattr__(self, "type", kind)
        if not isinstance(self.reasoning, str):
            raise ActionParseError("reasoning", f"expected a string, got {show(self.reasoning)}")
        if not is_int(self.amount):
            raise ActionParseError("amount", f"expected an integer, got {show(self.amount)}")
        required, optional = _REQUIRED[kind], _OPTIONAL.get(kind, frozenset())
        for name, (wire, hint) in _FIELDS.items():
            value = getattr(self, name)
            given = value != 0 if name == "amount" else value is not None
            if given and name not in required | optional:
                raise ActionParseError(wire, f"{kind.value} takes no {wire}; remove it")
            if not given and name in required:
                raise ActionParseError(wire, f"{kind.value} needs {wire}: {hint}")
            if given:
                object.__setattr__(self, name, _check(name, value))

    # constructors, one per type

    @classmethod
    def click(cls, x: float, y: float, reasoning: str = "") -> Action:
        """Left click at normalised (x, y)."""
        return cls(ActionType.CLICK, point=(x, y), reasoning=reasoning)

    @classmethod
    def double_click(cls, x: float, y: float, reasoning: str = "") -> Action:
        """Double left click at normalised (x, y)."""
        return cls(ActionType.DOUBLE_CLICK, point=(x, y), reasoning=reasoning)

    @classmethod
    def right_click(cls, x: float, y: float, reasoning: str = "") -> Action:
        """Right click at normalised (x, y)."""
        return cls(ActionType.RIGHT_CLICK, point=(x, y), reasoning=reasoning)

    @classmethod
    def move(cls, x: float, y: float, reasoning: str = "") -> Action:
        """Move the pointer to normalised (x, y) without clicking (hover)."""
        return cls(ActionType.MOVE, point=(x, y), reasoning=reasoning)

    @classmethod
    def drag(cls, x1: float, y1: float, x2: float, y2: float, reasoning: str = "") -> Action:
        """Press at (x1, y1), move to (x2, y2) and release."""
        return cls(ActionType.DRAG, point=(x1, y1), end=(x2, y2), reasoning=reasoning)

    @classmethod
    def scroll(
        cls,
        direction: str,
        amount: int = 3,
        x: float | None = None,
        y: float | None = None,
        reasoning: str = "",
    ) -> Action:
        """Scroll ``amount`` clicks towards ``direction``, at (x, y) or where the cursor is."""
        if (x is None) != (y is None):
            raise ActionParseError("coordinates", "scroll takes both x and y or neither")
        point = None if x is None or y is None else (x, y)
        return cls(
            ActionType.SCROLL, point=point, direction=direction, amount=amount, reasoning=reasoning
        )

    @classmethod
    def type_text(cls, text: str, reasoning: str = "") -> Action:
        """Type ``text`` into the focused element."""
        return cls(ActionType.TYPE, text=text, reasoning=reasoning)

    @classmethod
    def key(cls, keys: str, reasoning: str = "") -> Action:
        """Press a key combination such as ``"ctrl+s"`` (normalised on construction)."""
        return cls(ActionType.KEY, keys=keys, reasoning=reasoning)

    @classmethod
    def wait(cls, seconds: float = 1.0, reasoning: str = "") -> Action:
        """Do nothing for ``seconds`` (0 < seconds <= 60)."""
        return cls(ActionType.WAIT, seconds=seconds, reasoning=reasoning)

    @classmethod
    def finish(cls, reasoning: str = "") -> Action:
        """End the episode: the agent believes the task is done."""
        return cls(ActionType.FINISH, reasoning=reasoning)

    @classmethod
    def fail(cls, reasoning: str = "") -> Action:
        """End the episode: the agent gives up."""
        return cls(ActionType.FAIL, reasoning=reasoning)

    @property
    def is_terminal(self) -> bool:
        """True for finish and fail, the actions that end an episode."""
        return self.type in (ActionType.FINISH, ActionType.FAIL)

    # wire form

    def to_dict(self) -> dict[str, Any]:
        """The wire form (see the module docstring); ``reasoning`` only when non-empty."""
        out: dict[str, Any] = {"action": self.type.value}
        if self.point is not None:
            out["coordinates"] = list(self.point)
        if self.end is not None:
            out["end_coordinates"] = list(self.end)
        if self.type is ActionType.SCROLL:
            out["direction"] = self.direction
            out["amount"] = self.amount
        for name in ("text", "keys", "seconds"):
            if getattr(self, name) is not None:
                out[_FIELDS[name][0]] = getattr(self, name)
        if self.reasoning:
            out["reasoning"] = self.reasoning
        return out

    def to_json(self) -> str:
        """``to_dict()`` as one line of JSON (non-ASCII text kept as is)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Read the wire form, accepting common aliases of action and field names.

        Aliases: see ``_ACTION_ALIASES`` and ``_FIELD_ALIASES``; ``x`` and ``y`` may be given
        as separate keys; ``key`` may be a list of names; a tool call
        ``{"name": ..., "arguments": {...}}`` is unwrapped; ``{"action": "terminate",
        "status": "failure"}`` reads as fail. A scroll without amount scrolls 3 clicks and a
        wait without seconds waits 1 s, as the constructors do. JSON null counts as absent.
        Unknown keys are an error.
        """
        if not isinstance(data, Mapping):
            raise ActionParseError("action", f"expected a JSON object, got {type(data).__name__}")
        if "action" not in data and isinstance(data.get("arguments"), Mapping):
            data = data["arguments"]  # {"name": "computer_use", "arguments": {...}}
        if "action" not in data:
            raise ActionParseError("action", f"missing; e.g. {_EXAMPLE}, got {show(list(data))}")
        for key in data:
            if key not in _KNOWN_KEYS:
                known = ", ".join(["action", *_FIELD_ALIASES])
                raise ActionParseError(str(key) or "''", f"unknown field; an action takes {known}")
        kind = _resolve_action(data["action"], data.get("status"))
        point = _pick(data, "coordinates")
        if "x" in data or "y" in data:
            if point is not None or "x" not in data or "y" not in data:
                raise ActionParseError("coordinates", "give x and y together, or coordinates")
            point = [data["x"], data["y"]]
        keys = _pick(data, "key")
        if isinstance(keys, list):
            if not keys or not all(isinstance(k, str) for k in keys):
                raise ActionParseError("key", f"expected a list of key names, got {show(keys)}")
            keys = "+".join(keys)
        amount = _pick(data, "amount")
        seconds = _pick(data, "seconds")
        reasoning = _pick(data, "reasoning")
        return cls(
            type=kind,
            point=point,
            end=_pick(data, "end_coordinates"),
            direction=_pick(data, "direction"),
            amount=(3 if kind is ActionType.SCROLL else 0) if amount is None else amount,
            text=_pick(data, "text"),
            keys=keys,
            seconds=1.0 if kind is ActionType.WAIT and seconds is None else seconds,
            reasoning="" if reasoning is None else reasoning,
        )


# --- field checks --------------------------------------------------------------------------------

DIRECTIONS = ("up", "down", "left", "right")
MAX_WAIT_SECONDS = 60.0
_T = ActionType
_REQUIRED: dict[ActionType, frozenset[str]] = {
    **dict.fromkeys((_T.CLICK, _T.DOUBLE_CLICK, _T.RIGHT_CLICK, _T.MOVE), frozenset({"point"})),
    _T.DRAG: frozenset({"point", "end"}),
    _T.SCROLL: frozenset({"direction", "amount"}),
    _T.TYPE: frozenset({"text"}),
    _T.KEY: frozenset({"keys"}),
    _T.WAIT: frozenset({"seconds"}),
    _T.FINISH: frozenset(),
    _T.FAIL: frozenset(),
}
_OPTIONAL: dict[ActionType, frozenset[str]] = {_T.SCROLL: frozenset({"point"})}
# payload field -> (wire name, what it must hold)
_FIELDS = {
    "point": ("coordinates", "[x, y] normalised to [0, 1]"),
    "end": ("end_coordinates", "[x, y] normalised to [0, 1] where the drag ends"),
    "direction": ("direction", "one of up, down, left, right"),
    "amount": ("amount", "an integer >= 1 (scroll clicks)"),
    "text": ("text", "a non-empty string to type"),
    "keys": ("key", "a key combination such as 'ctrl+s'"),
    "seconds": ("seconds", "a number of seconds in (0, 60]"),
}


def _action_type(value: object) -> ActionType:
    if isinstance(value, ActionType):
        return value
    if isinstance(value, str) and value in {t.value for t in ActionType}:
        return ActionType(value)
    names = ", ".join(t.value for t in ActionType)
    raise ActionParseError("action", f"unknown action {show(value)}; expected one of {names}")


def _check(name: str, value: Any) -> Any:
    """``value`` checked and coerced for payload field ``name``; errors name the wire field."""
    wire, hint = _FIELDS[name]
    match name:
        case "point" | "end":
            return check_point(value, wire)
        case "direction" if isinstance(value, str) and value.strip().lower() in DIRECTIONS:
            return value.strip().lower()
        case "amount" if is_int(value) and value >= 1:
            return int(value)
        case "text" if isinstance(value, str) and value:
            return value
        case "keys":
            return normalize_keys(value)
        case "seconds" if is_number(value) and 0 < value <= MAX_WAIT_SECONDS:
            return float(value)
    raise ActionParseError(wire, f"expected {hint}, got {show(value)}")


# --- aliases read by from_dict -----------------------------------------------------------------

_ACTION_ALIASES = invert(
    {
        "click": ("left_click",),
        "double_click": ("doubleclick",),
        "right_click": ("rightclick",),
        "move": ("mouse_move", "hover"),
        "drag": ("left_click_drag", "drag_to"),
        "key": ("hotkey", "press", "key_press", "keypress"),
        "type": ("type_text", "input", "write"),
        "finish": ("done", "stop", "terminate"),
        "wait": ("sleep",),
    }
)
_FIELD_ALIASES: dict[str, tuple[str, ...]] = {
    "coordinates": ("coordinates", "coordinate", "point", "position", "xy"),
    "end_coordinates": ("end_coordinates", "end_coordinate", "to", "end"),
    "direction": ("direction",),
    "amount": ("amount",),
    "text": ("text", "content", "value"),
    "key": ("key", "keys", "hotkey"),
    "seconds": ("seconds", "time", "duration"),
    "reasoning": ("reasoning", "thought", "reason"),
}
_KNOWN_KEYS = frozenset({"action", "x", "y", "status"}.union(*_FIELD_ALIASES.values()))
_EXAMPLE = '{"action": "click", "coordinates": [0.5, 0.5]}'


def _resolve_action(name: object, status: object) -> ActionType:
    """The ActionType an action name (or alias) stands for; a failed terminate is fail."""
    if not isinstance(name, str):
        raise ActionParseError("action", f"expected an action name string, got {show(name)}")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    kind = _action_type(_ACTION_ALIASES.get(key, key))
    if status is None:
        return kind
    if kind is not ActionType.FINISH:
        raise ActionParseError("status", f"only finish/terminate takes a status, not {name!r}")
    if status in ("failure", "fail", "failed"):
        return ActionType.FAIL
    if status not in ("success", "succeeded", "done"):
        raise ActionParseError("status", f"expected 'success' or 'failure', got {show(status)}")
    return kind


def _pick(data: Mapping[str, Any], field: str) -> Any:
    """The value of ``field`` under whichever alias it was given; None when absent."""
    found = [alias for alias in _FIELD_ALIASES[field] if alias in data]
    if len(found) > 1:
        raise ActionParseError(field, f"given twice, as {found[0]!r} and {found[1]!r}; keep one")
    return data[found[0]] if found else None


# --- parsing model output ----------------------------------------------------------------------

_FENCE_OPEN = re.compile(r"```[ \t]*(?:json)?\s*", re.IGNORECASE)
_FENCE_CLOSE = re.compile(r"\s*```")
_DECODER = json.JSONDecoder()


def parse(text: str) -> Action:
    """Read a model's output into an Action, or raise ActionParseError.

    The JSON object is, in order of preference: the first ```json (or bare ```) fence that
    holds exactly one object, else the first ``{`` in ``text`` from which a JSON object
    decodes (bare JSON, or JSON inside prose). Only real JSON is read (never eval); NaN and
    Infinity are rejected by the field checks. Aliases are those of :meth:`Action.from_dict`.
    """
    return Action.from_dict(find_action_object(text))


def find_action_object(text: str, salvage: bool = True) -> dict[str, Any]:
    """The JSON object :func:`parse` reads in ``text``, before any field is checked: the fenced
    one if there is one, else the first. A reader whose points are not normalised (e.g. Qwen's
    pixels) converts them and then calls :meth:`Action.from_dict`. Raises ActionParseError.

    With ``salvage``, a reply whose only object is broken (a stray word, a cut-off string) is
    read as the fields that decode before the break, provided they name an action and give
    every field its type requires: a model that garbles its ``reasoning`` after a whole
    ``"action"`` and ``"coordinates"`` has still answered; one cut off before them has not."""
    if not isinstance(text, str):
        raise ActionParseError("text", f"expected a string, got {type(text).__name__}")
    first = _first_object(text)
    for fence in _FENCE_OPEN.finditer(text):
        if first and first[1] <= fence.start() < first[2]:
            continue  # a fence inside the first object's strings, e.g. typed markdown
        start = fence.end()
        decoded = _decode_at(text, start) if text.startswith("{", start) else None
        if decoded and isinstance(decoded[0], dict) and _FENCE_CLOSE.match(text, decoded[1]):
            return decoded[0]
    if first:
        return first[0]
    leading = _leading_fields(text) if salvage else None
    if leading is not None:
        return leading
    raise ActionParseError(
        "text", f"no JSON object found in {show(text)}; answer with one such as {_EXAMPLE}"
    )


def _leading_fields(text: str) -> dict[str, Any] | None:
    """The key-value pairs that decode from the first ``{`` up to where its JSON breaks, when
    they name an action and hold every field that action requires; else None."""
    start = text.find("{")
    if start == -1:
        return None
    fields: dict[str, Any] = {}
    at = start + 1
    while True:
        key = _decode_at(text, _skip_space(text, at))
        if key is None or not isinstance(key[0], str):
            break
        colon = _skip_space(text, key[1])
        if not text.startswith(":", colon):
            break
        value = _decode_at(text, _skip_space(text, colon + 1))
        if value is None:
            break
        fields[key[0]] = value[0]
        at = _skip_space(text, value[1])
        if not text.startswith(",", at):
            break
        at += 1
    try:
        kind = _resolve_action(fields.get("action"), fields.get("status"))
    except ActionParseError:
        return None
    required = [_FIELDS[name][0] for name in _REQUIRED[kind]]
    if any(_pick(fields, wire) is None for wire in required):
        return None
    return fields


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def _first_object(text: str) -> tuple[dict[str, Any], int, int] | None:
    """The first JSON object that decodes from some ``{`` in ``text``, with its span."""
    start = text.find("{")
    while start != -1:
        decoded = _decode_at(text, start)
        if decoded is not None and isinstance(decoded[0], dict):
            return decoded[0], start, decoded[1]
        start = text.find("{", start + 1)
    return None


def _decode_at(text: str, start: int) -> tuple[Any, int] | None:
    """The JSON value starting at ``text[start]`` and where it ends; None if none starts there."""
    try:
        return _DECODER.raw_decode(text, start)
    except json.JSONDecodeError:
        return None
    except RecursionError:
        raise ActionParseError("text", f"JSON at offset {start} is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer over Python's 4300-digit conversion limit
        raise ActionParseError("text", f"JSON at offset {start} cannot be read: {exc}") from None

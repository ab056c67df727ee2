"""The one action schema every env, model and executor shares.

An :class:`Action` is data, never code: a frozen, validated dataclass that an executor turns
into mouse and keyboard calls at the last moment, and that a safety gate can inspect.

Coordinates are normalised: ``(0.0, 0.0)`` is the top-left corner of the screen and
``(1.0, 1.0)`` the bottom-right. Convert at the edges with :func:`to_pixels` /
:func:`from_pixels`, or :func:`to_qwen_pixels` / :func:`from_qwen_pixels` for models that see
the screenshot resized by Qwen2.5-VL's :func:`smart_resize`.

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
import math
import numbers
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cuakit.errors import ActionParseError

Point = tuple[float, float]
"""Normalised ``(x, y)``, both in ``[0, 1]``."""


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
            raise ActionParseError("reasoning", f"expected a string, got {_show(self.reasoning)}")
        if not _is_int(self.amount):
            raise ActionParseError("amount", f"expected an integer, got {_show(self.amount)}")
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
            raise ActionParseError("action", f"missing; e.g. {_EXAMPLE}, got {_show(list(data))}")
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
                raise ActionParseError("key", f"expected a list of key names, got {_show(keys)}")
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
_NOT_NORMALISED = (
    "are not normalised to [0, 1]; convert pixels with from_pixels(...) "
    "(from_qwen_pixels(...) for Qwen2.5-VL output)"
)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _is_int(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _action_type(value: object) -> ActionType:
    if isinstance(value, ActionType):
        return value
    if isinstance(value, str) and value in {t.value for t in ActionType}:
        return ActionType(value)
    names = ", ".join(t.value for t in ActionType)
    raise ActionParseError("action", f"unknown action {_show(value)}; expected one of {names}")


def _check(name: str, value: Any) -> Any:
    """``value`` checked and coerced for payload field ``name``; errors name the wire field."""
    wire, hint = _FIELDS[name]
    match name:
        case "point" | "end":
            return _point(value, wire)
        case "direction" if isinstance(value, str) and value.strip().lower() in DIRECTIONS:
            return value.strip().lower()
        case "amount" if _is_int(value) and value >= 1:
            return int(value)
        case "text" if isinstance(value, str) and value:
            return value
        case "keys":
            return normalize_keys(value)
        case "seconds" if _is_number(value) and 0 < value <= MAX_WAIT_SECONDS:
            return float(value)
    raise ActionParseError(wire, f"expected {hint}, got {_show(value)}")


def _point(value: Any, field: str) -> Point:
    """A normalised ``[x, y]`` as a tuple of floats; errors are reported under ``field``."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ActionParseError(field, f"expected [x, y], got {_show(value)}")
    for v in value:
        if not _is_number(v):
            raise ActionParseError(field, f"expected numbers [x, y], got {_show(value)}")
        if v != v or abs(v) == math.inf:
            raise ActionParseError(field, f"{_show(value)} is not finite")
        if v > 1:
            raise ActionParseError(field, f"{_show(value)} {_NOT_NORMALISED}")
        if v < 0:
            raise ActionParseError(field, f"{_show(value)} is negative; use [0, 1]")
    return (float(value[0]), float(value[1]))


# --- key combinations --------------------------------------------------------------------------

MODIFIERS = ("ctrl", "alt", "shift", "meta")
"""Modifiers in the order a normalised combination lists them."""


def _invert(groups: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """``{"canonical": ("alias", ...)}`` -> ``{"alias": "canonical"}``."""
    return {alias: name for name, aliases in groups.items() for alias in aliases}


_KEY_ALIASES = _invert(
    {
        "ctrl": ("control", "ctl"),
        "alt": ("option", "opt"),
        "meta": ("cmd", "command", "super", "win", "windows"),
        "enter": ("return",),
        "escape": ("esc",),
        "delete": ("del",),
        "pageup": ("pgup",),
        "pagedown": ("pgdn",),
        "plus": ("+",),
    }
)


def normalize_keys(keys: str) -> str:
    """Normalise a key combination: ``"Control+S"`` -> ``"ctrl+s"``.

    Names are lowercased and de-aliased (control->ctrl, cmd/command/super/win->meta,
    return->enter, esc->escape, del->delete, pgup->pageup, pgdn->pagedown); modifiers come
    first in the order ctrl, alt, shift, meta, other keys follow in the order given. The plus
    key is written ``plus`` (``"ctrl++"`` is read as ``"ctrl+plus"``). Idempotent.
    """
    if not isinstance(keys, str):
        raise ActionParseError("key", f"expected a string such as 'ctrl+s', got {_show(keys)}")
    parts = [part.strip() for part in keys.split("+")]
    if len(parts) >= 2 and parts[-1] == "" and parts[-2] == "":  # "ctrl++" or "+"
        parts = [*parts[:-2], "plus"]
    names: list[str] = []
    for part in parts:
        name = _KEY_ALIASES.get(part.lower(), part.lower())
        if not name or not name.isprintable() or any(c.isspace() for c in name):
            raise ActionParseError("key", f"bad key name {part!r} in {keys!r}; e.g. 'ctrl+s'")
        if name in names:
            raise ActionParseError("key", f"{name!r} appears twice in {keys!r}; list it once")
        names.append(name)
    mods = [m for m in MODIFIERS if m in names]
    return "+".join(mods + [n for n in names if n not in MODIFIERS])


# --- aliases read by from_dict -----------------------------------------------------------------

_ACTION_ALIASES = _invert(
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
        raise ActionParseError("action", f"expected an action name string, got {_show(name)}")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    kind = _action_type(_ACTION_ALIASES.get(key, key))
    if status is None:
        return kind
    if kind is not ActionType.FINISH:
        raise ActionParseError("status", f"only finish/terminate takes a status, not {name!r}")
    if status in ("failure", "fail", "failed"):
        return ActionType.FAIL
    if status not in ("success", "succeeded", "done"):
        raise ActionParseError("status", f"expected 'success' or 'failure', got {_show(status)}")
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
    if not isinstance(text, str):
        raise ActionParseError("text", f"expected a string, got {type(text).__name__}")
    return Action.from_dict(_find_object(text))


def _find_object(text: str) -> dict[str, Any]:
    """The fenced JSON object if there is one, else the first one in ``text``."""
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
    raise ActionParseError(
        "text", f"no JSON object found in {_show(text)}; answer with one such as {_EXAMPLE}"
    )


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


# --- pixels ------------------------------------------------------------------------------------


def _check_size(width: int, height: int) -> None:
    if not (_is_int(width) and _is_int(height) and width > 0 and height > 0):
        raise ValueError(f"screen size must be positive integers, got {width!r} x {height!r}")


def to_pixels(point: Point, width: int, height: int) -> tuple[int, int]:
    """Normalised point -> the pixel that contains it: ``floor(x * width)``, clamped to
    ``[0, width - 1]`` (so ``x = 1.0`` is the last column); likewise for y."""
    _check_size(width, height)
    x, y = _point(point, "coordinates")
    return min(math.floor(x * width), width - 1), min(math.floor(y * height), height - 1)


def from_pixels(px: float, py: float, width: int, height: int) -> Point:
    """Pixel -> normalised point at the pixel's centre, ``(px + 0.5) / width`` (clamped to 1).

    Integer pixels round-trip exactly through :func:`to_pixels`; a normalised point comes back
    within half a pixel. Pixels must lie in ``[0, width) x [0, height)``.
    """
    _check_size(width, height)
    for value, size in ((px, width), (py, height)):
        if not _is_number(value) or not 0 <= value < size:
            where = f"pixel ({_show(px)}, {_show(py)})"
            raise ActionParseError("coordinates", f"{where} is outside a {width}x{height} image")
    return min((float(px) + 0.5) / width, 1.0), min((float(py) + 0.5) / height, 1.0)


QWEN_FACTOR = 28
QWEN_MIN_PIXELS = 56 * 56
QWEN_MAX_PIXELS = 28 * 28 * 1280


def smart_resize(
    height: int,
    width: int,
    factor: int = QWEN_FACTOR,
    min_pixels: int = QWEN_MIN_PIXELS,
    max_pixels: int = QWEN_MAX_PIXELS,
) -> tuple[int, int]:
    """``(resized_height, resized_width)`` of the image a Qwen2(.5)-VL model sees.

    Same algorithm as transformers' ``qwen2_vl`` image processor: both sides rounded to
    multiples of ``factor``; if the area exceeds ``max_pixels`` scale down (floor), if below
    ``min_pixels`` scale up (ceil). Raises ValueError for an aspect ratio over 200.
    """
    _check_size(width, height)
    if max(height, width) / min(height, width) > 200:
        raise ValueError(f"aspect ratio of {width}x{height} exceeds 200; crop the screenshot")
    h_bar = round(height / factor) * factor
    w_bar = round(width / factor) * factor
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt(height * width / max_pixels)
        h_bar = max(factor, math.floor(height / beta / factor) * factor)
        w_bar = max(factor, math.floor(width / beta / factor) * factor)
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


def to_qwen_pixels(point: Point, width: int, height: int, **resize_kw: int) -> tuple[int, int]:
    """Normalised point -> pixel in the smart-resized image a Qwen model sees of a
    ``width`` x ``height`` screen (the original size). ``resize_kw``: :func:`smart_resize`'s
    factor, min_pixels, max_pixels."""
    rh, rw = smart_resize(height, width, **resize_kw)
    return to_pixels(point, rw, rh)


def from_qwen_pixels(px: float, py: float, width: int, height: int, **resize_kw: int) -> Point:
    """A Qwen model's pixel (in its smart-resized image of a ``width`` x ``height`` screen)
    -> normalised point at that pixel's centre. ``resize_kw`` as for :func:`to_qwen_pixels`."""
    rh, rw = smart_resize(height, width, **resize_kw)
    return from_pixels(px, py, rw, rh)

"""OpenAI's computer-use actions (the Responses API's ``computer_call`` items)::

    {"type": "click", "button": "left", "x": 412, "y": 230}

The schema's actions are click (``button``: left, right, wheel, back, forward),
double_click, drag (a ``path`` of ``{"x", "y"}`` points), keypress (``keys``), move,
screenshot, scroll (``x``, ``y``, ``scroll_x``, ``scroll_y``), type (``text``) and wait; x
and y are pixels of the screenshot as sent (``screen``). An answer is one action object, a
``computer_call`` item holding one (``action``, or ``actions`` with one element), or a list of
one; prose around it is the reasoning, and the messages of any ``pending_safety_checks`` are
added to the reasoning, so that a safety gate reads them.

Mapping to cuakit (both ways):

- ``scroll_x``/``scroll_y`` are pixels (``window.scrollBy`` in OpenAI's sample app; positive
  y scrolls down): one of them must be non-zero, and it reads as
  ``|pixels| / SCROLL_PIXELS_PER_CLICK`` clicks (at least one); writing needs the scroll's
  point, which the schema requires;
- ``wait`` has no duration: it reads as :data:`WAIT_SECONDS` (the sample app's default) and
  ``screenshot`` does too, since cuakit takes a screenshot every step anyway;
- a drag's path must have exactly two points: cuakit drags in a straight line;
- the middle (``wheel``), ``back`` and ``forward`` buttons, and keys held during a mouse
  action, have no cuakit equivalent;
- finish and fail cannot be written: OpenAI's model ends a task with a message, not an
  action.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from cuakit._values import is_number, show
from cuakit.actions import Action, ActionType, Point
from cuakit.dialects._common import (
    DialectRenderError,
    PixelGrid,
    check_action,
    inexpressible,
    read_keys,
    split_json,
    write_keys,
)
from cuakit.errors import ActionParseError

DIALECT = "openai"
SCROLL_PIXELS_PER_CLICK = 100
"""pixels of one wheel click, as Chromium scrolls on Linux and Windows"""
WAIT_SECONDS = 1.0
_MOUSE = frozenset({"x", "y", "keys"})
_FIELDS: dict[str, frozenset[str]] = {
    "click": _MOUSE | {"button"},
    "double_click": _MOUSE,
    "move": _MOUSE,
    "drag": frozenset({"path", "keys"}),
    "scroll": _MOUSE | {"scroll_x", "scroll_y"},
    "keypress": frozenset({"keys"}),
    "type": frozenset({"text"}),
    "wait": frozenset(),
    "screenshot": frozenset(),
}
"""each action type -> the fields it may carry besides ``type``"""
_BUTTONS = {"left": ActionType.CLICK, "right": ActionType.RIGHT_CLICK}
_POINTS = {ActionType.DOUBLE_CLICK: "double_click", ActionType.MOVE: "move"}
_KEY_NAMES = {
    "meta": "cmd",
    "up": "arrowup",
    "down": "arrowdown",
    "left": "arrowleft",
    "right": "arrowright",
    "plus": "+",
}
"""cuakit key names -> those of OpenAI's sample app (``CUA_KEY_TO_PLAYWRIGHT_KEY``)"""


# --- reading -----------------------------------------------------------------------------------


def parse(text: str, grid: PixelGrid) -> Action:
    """The Action in an OpenAI computer-use answer; ``grid``: the screenshot's pixels."""
    value, reasoning = split_json(text)
    action, notes = _unwrap(value)
    return _action(action, grid, "\n".join(part for part in (reasoning, notes) if part))


def _unwrap(value: Any) -> tuple[Mapping[str, Any], str]:
    """The one action object in an answer, and the safety checks' messages as text."""
    notes = ""
    if isinstance(value, dict) and value.get("type") == "computer_call":
        checks = value.get("pending_safety_checks") or []
        notes = "\n".join(
            f"OpenAI safety check {c.get('code')}: {c.get('message')}"
            for c in checks
            if isinstance(c, dict)
        )
        value = value.get("action", value.get("actions"))
    if isinstance(value, list):
        if len(value) != 1:
            raise ActionParseError(
                "text", f"{len(value)} actions in one answer; cuakit takes one per step"
            )
        value = value[0]
    if not isinstance(value, dict):
        raise ActionParseError("text", f"expected an action object, got {show(value)}")
    return value, notes


def _number(action: Mapping[str, Any], field: str) -> float:
    value = action.get(field)
    if not is_number(value):
        raise ActionParseError(field, f"{action.get('type')} needs a number {field}")
    return value


def _point(action: Mapping[str, Any], grid: PixelGrid) -> Point:
    return grid.point(_number(action, "x"), _number(action, "y"))


def _action(action: Mapping[str, Any], grid: PixelGrid, reasoning: str) -> Action:
    kind = check_action(action.get("type"), set(action) - {"type"}, _FIELDS, DIALECT)
    if kind != "keypress" and action.get("keys"):
        raise inexpressible(kind, DIALECT, "cuakit cannot hold keys during a mouse action")
    match kind:
        case "click":
            button = action.get("button", "left")
            if button not in _BUTTONS:
                raise inexpressible(f"click {button}", DIALECT, "cuakit clicks left or right")
            return Action(_BUTTONS[button], point=_point(action, grid), reasoning=reasoning)
        case "double_click":
            return Action.double_click(*_point(action, grid), reasoning)
        case "move":
            return Action.move(*_point(action, grid), reasoning)
        case "drag":
            return _drag(action.get("path"), grid, reasoning)
        case "scroll":
            return _scroll(action, grid, reasoning)
        case "keypress":
            return Action.key(read_keys(action.get("keys")), reasoning)
        case "type":
            return Action.type_text(action.get("text"), reasoning)
    return Action.wait(WAIT_SECONDS, reasoning)  # wait, screenshot


def _drag(path: Any, grid: PixelGrid, reasoning: str) -> Action:
    if not isinstance(path, list) or len(path) != 2 or not all(isinstance(p, dict) for p in path):
        raise ActionParseError(
            "path",
            f"expected two points [{{x, y}}, {{x, y}}] (cuakit drags in a straight "
            f"line), got {show(path)}",
        )
    start, end = (_point(p, grid) for p in path)
    return Action.drag(*start, *end, reasoning)


def _scroll(action: Mapping[str, Any], grid: PixelGrid, reasoning: str) -> Action:
    dx, dy = action.get("scroll_x", 0), action.get("scroll_y", 0)
    finite = all(is_number(v) and math.isfinite(v) for v in (dx, dy))
    if not finite or (dx != 0) == (dy != 0):
        raise ActionParseError(
            "scroll_y", f"expected one non-zero of scroll_x, scroll_y; got {show(dx)}, {show(dy)}"
        )
    if dy:
        pixels, direction = dy, ("down" if dy > 0 else "up")
    else:
        pixels, direction = dx, ("right" if dx > 0 else "left")
    clicks = max(1, round(abs(pixels) / SCROLL_PIXELS_PER_CLICK))
    point = _point(action, grid) if "x" in action or "y" in action else None
    x, y = (None, None) if point is None else point
    return Action.scroll(direction, clicks, x, y, reasoning)


# --- writing -----------------------------------------------------------------------------------


def render(action: Action, grid: PixelGrid) -> str:
    """``action`` as one OpenAI action object (one line of JSON), after the reasoning."""
    line = json.dumps(_render_object(action, grid), ensure_ascii=False)
    return f"{action.reasoning}\n{line}" if action.reasoning else line


def _xy(point: Point, grid: PixelGrid) -> dict[str, int]:
    x, y = grid.numbers(point)
    return {"x": x, "y": y}


def _render_object(action: Action, grid: PixelGrid) -> dict[str, Any]:
    at = {} if action.point is None else _xy(action.point, grid)
    match action.type:
        case ActionType.CLICK | ActionType.RIGHT_CLICK:
            button = "left" if action.type is ActionType.CLICK else "right"
            return {"type": "click", "button": button, **at}
        case ActionType.DOUBLE_CLICK | ActionType.MOVE:
            return {"type": _POINTS[action.type], **at}
        case ActionType.DRAG if action.end is not None:
            return {"type": "drag", "path": [at, _xy(action.end, grid)]}
        case ActionType.SCROLL if at:
            pixels = action.amount * SCROLL_PIXELS_PER_CLICK
            sign = 1 if action.direction in ("down", "right") else -1
            axis = "scroll_y" if action.direction in ("up", "down") else "scroll_x"
            return {"type": "scroll", **at, "scroll_x": 0, "scroll_y": 0, axis: sign * pixels}
        case ActionType.SCROLL:
            raise DialectRenderError(f"{DIALECT}'s scroll needs a point (x, y): {action.to_json()}")
        case ActionType.TYPE:
            return {"type": "type", "text": action.text}
        case ActionType.KEY:
            return {"type": "keypress", "keys": write_keys(str(action.keys), _KEY_NAMES)}
        case ActionType.WAIT:
            return {"type": "wait"}
    raise DialectRenderError(
        f"{DIALECT} has no {action.type.value} action: its model ends a task with a message"
    )

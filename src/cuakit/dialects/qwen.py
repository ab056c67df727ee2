"""Qwen2.5-VL's ``computer_use`` tool call, as the model writes it with Qwen's chat template::

    Click the Save button.
    <tool_call>
    {"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [658, 364]}}
    </tool_call>

The tool is the one Qwen's computer-use cookbook declares (its actions: key, type,
mouse_move, left_click, left_click_drag, right_click, middle_click, double_click, scroll,
wait, terminate; its fields: keys, text, coordinate, pixels, time, status). Coordinates are
pixels of the image the model saw, the screenshot after ``smart_resize`` — a
:class:`~cuakit.dialects._common.PixelGrid` of that image.

Mapping to cuakit (both ways):

- ``left_click`` / ``double_click`` / ``right_click`` / ``mouse_move`` need a coordinate (a
  click "where the cursor is" has no point cuakit could record);
- ``left_click_drag`` drags from the cursor to its coordinate, so a drag is two tool calls,
  ``mouse_move`` to the start then ``left_click_drag`` to the end; alone it is an error;
- ``scroll``: ``pixels`` > 0 scrolls up, < 0 down, ``|pixels|`` clicks (the cookbook hands it
  to ``pyautogui.scroll``); a ``coordinate`` is read and written if given. The tool has no
  horizontal scroll: a left/right scroll cannot be rendered;
- ``wait`` without ``time`` waits 1 s; ``terminate`` with status ``failure`` is fail,
  otherwise finish; ``middle_click`` has no cuakit action.

Prose outside the tool calls is the reasoning. A bare tool call or bare arguments object
(what an OpenAI-compatible server's tool parser hands back) is read as well.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from cuakit._values import is_number, show
from cuakit.actions import Action, ActionType
from cuakit.dialects._common import (
    PYAUTOGUI_KEY_NAMES,
    DialectRenderError,
    PixelGrid,
    check_action,
    inexpressible,
    read_keys,
    read_pair,
    write_keys,
)
from cuakit.errors import ActionParseError

TOOL = "computer_use"
DIALECT = "qwen2.5-vl"
_POINT = frozenset({"coordinate"})
_FIELDS: dict[str, frozenset[str]] = {
    "key": frozenset({"keys"}),
    "type": frozenset({"text"}),
    "mouse_move": _POINT,
    "left_click": _POINT,
    "left_click_drag": _POINT,
    "right_click": _POINT,
    "middle_click": _POINT,
    "double_click": _POINT,
    "scroll": frozenset({"pixels", "coordinate"}),
    "wait": frozenset({"time"}),
    "terminate": frozenset({"status"}),
}
"""each action of the tool -> the fields it may carry besides ``action``"""
_CLICKS = {
    "left_click": ActionType.CLICK,
    "double_click": ActionType.DOUBLE_CLICK,
    "right_click": ActionType.RIGHT_CLICK,
    "mouse_move": ActionType.MOVE,
}
_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)


# --- reading -----------------------------------------------------------------------------------


def parse(text: str, grid: PixelGrid) -> Action:
    """The Action in a Qwen2.5-VL answer, its pixels read on ``grid`` (the resized image)."""
    calls, reasoning = _tool_calls(text)
    names = [call.get("action") for call in calls]
    if names == ["mouse_move", "left_click_drag"]:
        start = _point(calls[0], grid)
        end = _point(calls[1], grid)
        return Action(ActionType.DRAG, point=start, end=end, reasoning=reasoning)
    if len(calls) != 1:
        raise ActionParseError(
            "text", f"{len(calls)} tool calls ({names}); cuakit takes one action per step"
        )
    return _action(calls[0], grid, reasoning)


def _tool_calls(text: str) -> tuple[list[Mapping[str, Any]], str]:
    """The ``arguments`` of each tool call in ``text``, and the prose outside them."""
    blocks = _CALL.findall(text)
    if text.count("<tool_call>") != len(blocks):
        raise ActionParseError("text", "a <tool_call> is never closed (truncated output?)")
    if not blocks:  # a bare tool call, or its arguments, as a server's tool parser gives it
        return [_arguments(_json(text))], ""
    reasoning = _CALL.sub("\n", text).strip()
    return [_arguments(_json(block)) for block in blocks], reasoning


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ActionParseError("text", f"tool call is not JSON ({exc.msg}): {show(text)}") from None
    except (RecursionError, ValueError) as exc:
        raise ActionParseError("text", f"tool call cannot be read: {exc}") from None


def _arguments(call: Any) -> Mapping[str, Any]:
    """A tool call's arguments: ``{"name": "computer_use", "arguments": {...}}`` unwrapped
    (arguments may be a JSON string, as OpenAI-style APIs send them), or bare arguments."""
    if not isinstance(call, dict):
        raise ActionParseError("text", f"expected a tool call object, got {show(call)}")
    if "action" in call:
        return call
    if call.get("name") != TOOL:
        raise ActionParseError("name", f"expected the {TOOL!r} tool, got {show(call.get('name'))}")
    arguments = call.get("arguments")
    if isinstance(arguments, str):
        arguments = _json(arguments)
    if not isinstance(arguments, dict):
        raise ActionParseError("arguments", f"expected an object, got {show(arguments)}")
    return arguments


def _point(arguments: Mapping[str, Any], grid: PixelGrid) -> tuple[float, float]:
    if arguments.get("coordinate") is None:
        name = arguments.get("action")
        raise ActionParseError("coordinates", f"{name} needs a coordinate [x, y] in pixels")
    return grid.point(*read_pair(arguments["coordinate"]))


def _action(arguments: Mapping[str, Any], grid: PixelGrid, reasoning: str) -> Action:
    """One tool call's arguments as an Action."""
    name = check_action(arguments.get("action"), set(arguments) - {"action"}, _FIELDS, DIALECT)
    if name in _CLICKS:
        return Action(_CLICKS[name], point=_point(arguments, grid), reasoning=reasoning)
    match name:
        case "type":
            return Action.type_text(arguments.get("text"), reasoning)
        case "key":
            keys = arguments.get("keys")
            keys = [keys] if isinstance(keys, str) else keys
            return Action.key(read_keys(keys), reasoning)
        case "scroll":
            return _scroll(arguments, grid, reasoning)
        case "wait":
            seconds = arguments.get("time")
            return Action.wait(1.0 if seconds is None else seconds, reasoning)
        case "terminate":
            status = arguments.get("status", "success")
            if status not in ("success", "failure"):
                raise ActionParseError("status", f"expected success or failure, got {show(status)}")
            return Action.finish(reasoning) if status == "success" else Action.fail(reasoning)
        case "left_click_drag":
            raise ActionParseError(
                "coordinates",
                "left_click_drag drags from the cursor, whose position is unknown: precede it "
                "with a mouse_move to the drag's start",
            )
    raise inexpressible(name, DIALECT, "cuakit has no middle click")


def _scroll(arguments: Mapping[str, Any], grid: PixelGrid, reasoning: str) -> Action:
    pixels = arguments.get("pixels")
    if not is_number(pixels) or pixels != pixels or round(pixels) == 0:
        raise ActionParseError("amount", f"scroll needs non-zero pixels, got {show(pixels)}")
    point = None if arguments.get("coordinate") is None else _point(arguments, grid)
    x, y = (None, None) if point is None else point
    direction = "up" if pixels > 0 else "down"
    return Action.scroll(direction, abs(round(pixels)), x, y, reasoning)


# --- writing -----------------------------------------------------------------------------------


def render(action: Action, grid: PixelGrid) -> str:
    """``action`` as Qwen2.5-VL answers: the reasoning, then its tool call(s)."""
    calls = [
        "<tool_call>\n"
        + json.dumps({"name": TOOL, "arguments": arguments}, ensure_ascii=False)
        + "\n</tool_call>"
        for arguments in _render_arguments(action, grid)
    ]
    return "\n".join([action.reasoning, *calls] if action.reasoning else calls)


def _render_arguments(action: Action, grid: PixelGrid) -> list[dict[str, Any]]:
    point = None if action.point is None else list(grid.numbers(action.point))
    end = None if action.end is None else list(grid.numbers(action.end))
    if action.type in _CLICKS.values():
        name = next(name for name, kind in _CLICKS.items() if kind is action.type)
        return [{"action": name, "coordinate": point}]
    match action.type:
        case ActionType.DRAG:
            return [
                {"action": "mouse_move", "coordinate": point},
                {"action": "left_click_drag", "coordinate": end},
            ]
        case ActionType.SCROLL if action.direction in ("up", "down"):
            pixels = action.amount if action.direction == "up" else -action.amount
            at = {} if point is None else {"coordinate": point}
            return [{"action": "scroll", "pixels": pixels, **at}]
        case ActionType.SCROLL:
            raise DialectRenderError(f"{DIALECT} has no horizontal scroll: {action.to_json()}")
        case ActionType.TYPE:
            return [{"action": "type", "text": action.text}]
        case ActionType.KEY:
            keys = write_keys(str(action.keys), PYAUTOGUI_KEY_NAMES)
            return [{"action": "key", "keys": keys}]
        case ActionType.WAIT:
            return [{"action": "wait", "time": action.seconds}]
        case ActionType.FINISH:
            return [{"action": "terminate", "status": "success"}]
        case ActionType.FAIL:
            return [{"action": "terminate", "status": "failure"}]
    raise DialectRenderError(f"{DIALECT} cannot write {action.to_json()}")

"""UI-TARS's answer, a thought and one call in Python syntax (ByteDance's UI-TARS prompts and
``codes/ui_tars/action_parser.py``)::

    Thought: The Save button is at the top right.
    Action: click(start_box='<|box_start|>(235,512)<|box_end|>')

Two releases share the syntax and differ in the numbers: the first UI-TARS writes thousandths
of the screen (0-1000), UI-TARS-1.5 pixels of the screenshot after ``smart_resize`` with its
own limits (:data:`RESIZE`). Nothing in an answer tells them apart, hence two dialects.

A point may be written ``'(x,y)'``, ``'[x1, y1, x2, y2]'`` (a box: its centre is taken), with
or without ``<|box_start|>``/``<|box_end|>``, or as ``'<point>x y</point>'`` /
``'<bbox>x1 y1 x2 y2</bbox>'``; ``point=``/``start_point=``/``end_point=`` are read as
``start_box=``/``start_box=``/``end_box=``. The call is read with `ast` and every argument
must be a literal string or number: nothing is evaluated.

Mapping to cuakit (both ways): ``click`` (also ``left_single``), ``left_double``,
``right_single``, ``hover`` (move), ``drag`` (also ``select``), ``hotkey(key='ctrl c')``
(also ``press``), ``type(content=...)``, ``scroll(start_box=..., direction=...)``,
``wait()``, ``finished(content=...)`` (finish; its content is appended to the reasoning),
``call_user()`` (fail: the model hands the task back). UI-TARS's scroll has no amount and
its wait no duration: they read as :data:`SCROLL_CLICKS` clicks (what UI-TARS's own executor
scrolls) and :data:`WAIT_SECONDS` s (its prompt: "Sleep for 5s"); writing drops both.
"""

from __future__ import annotations

import ast
import re
from typing import Any, Literal

from cuakit._values import show
from cuakit.actions import Action, ActionType, Point
from cuakit.dialects._common import (
    PYAUTOGUI_KEY_NAMES,
    DialectRenderError,
    Grid,
    check_action,
    inexpressible,
    read_keys,
    write_keys,
)
from cuakit.errors import ActionParseError

RESIZE = {"factor": 28, "min_pixels": 100 * 28 * 28, "max_pixels": 16384 * 28 * 28}
"""UI-TARS-1.5's ``smart_resize`` limits (``IMAGE_FACTOR``, ``MIN_PIXELS``, ``MAX_PIXELS`` of
its action parser)"""
SCROLL_CLICKS = 5
WAIT_SECONDS = 5.0
PointStyle = Literal["box", "point"]
"""how a point is written: ``start_box='<|box_start|>(x,y)<|box_end|>'`` (the first
release's training format) or ``point='<point>x y</point>'`` (UI-TARS-1.5's prompt)"""

_TARGET = ("start_box", "point")
_START = ("start_box", "start_point")
_END = ("end_box", "end_point")
_ARGS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("click", "left_single", "left_double", "right_single", "hover"), _TARGET),
    **dict.fromkeys(("drag", "select"), _START + _END),
    "hotkey": ("key", "hotkey"),
    "press": ("key",),
    "type": ("content",),
    "scroll": (*_TARGET, "direction"),
    "wait": (),
    "finished": ("content",),
    "call_user": (),
}
"""each call UI-TARS makes that cuakit can express -> the arguments it may take"""
_INEXPRESSIBLE = {
    "keydown": "cuakit presses whole combinations, never holds a key",
    "keyup": "cuakit presses whole combinations, never holds a key",
    "release": "cuakit presses whole combinations, never holds a key",
    "long_press": "cuakit has no long press",
    "open_app": "cuakit opens apps through the screen only",
    "press_home": "a phone button; cuakit drives desktops",
    "press_back": "a phone button; cuakit drives desktops",
}
_CLICKS = {
    "click": ActionType.CLICK,
    "left_single": ActionType.CLICK,
    "left_double": ActionType.DOUBLE_CLICK,
    "right_single": ActionType.RIGHT_CLICK,
    "hover": ActionType.MOVE,
}
_ACTION_LINE = re.compile(r"^[ \t]*Action:[ \t]*", re.MULTILINE)
_MARKUP = re.compile(r"<\|box_start\|>|<\|box_end\|>|</?point>|</?bbox>")
_NUMBER = r"(-?\d+(?:\.\d+)?)"
_SEP = r"\s*[,\s]\s*"
_BOX = re.compile(
    rf"\s*[(\[]?\s*{_NUMBER}{_SEP}{_NUMBER}(?:{_SEP}{_NUMBER}{_SEP}{_NUMBER})?\s*[)\]]?\s*"
)
_TYPE_FALLBACK = re.compile(r"type\(content=(['\"])(.*)\1\)\s*", re.DOTALL)


# --- reading -----------------------------------------------------------------------------------


def parse(text: str, grid: Grid, dialect: str) -> Action:
    """The Action in a UI-TARS answer, its numbers read on ``grid``; ``dialect`` names the
    release in error messages."""
    thought, call_text = _split(text)
    name, arguments = _read_call(call_text)
    if name in _INEXPRESSIBLE:
        raise inexpressible(name, dialect, _INEXPRESSIBLE[name])
    check_action(name, arguments, _ARGS, dialect)
    return _action(name, arguments, grid, thought)


def _split(text: str) -> tuple[str, str]:
    """(the thought, the call) of an answer: the call follows the last ``Action:`` line (the
    whole text when there is none), the thought is what precedes it, less its label."""
    lines = list(_ACTION_LINE.finditer(text))
    if not lines:
        return "", text.strip()
    before, call = text[: lines[-1].start()], text[lines[-1].end() :]
    thought = re.sub(r"^\s*Thought:", "", before).strip()
    return thought, call.strip()


def _read_call(call: str) -> tuple[str, dict[str, Any]]:
    """``name(key='value', ...)`` as (name, {key: value}); only literal arguments."""
    if not call:
        raise ActionParseError("text", "no action after 'Action:'; e.g. click(start_box='(x,y)')")
    tree = _syntax(call)
    if tree is None:
        fallback = _TYPE_FALLBACK.fullmatch(call)
        if fallback:  # type(content='it's') with its quote unescaped, as UI-TARS's parser allows
            return "type", {"content": _unescape(fallback.group(2))}
        raise ActionParseError("text", f"not a call in Python syntax: {show(call)}")
    if len(tree.body) != 1:
        raise ActionParseError(
            "text", f"{len(tree.body)} actions in {show(call)}; cuakit takes one per step"
        )
    node = tree.body[0].value if isinstance(tree.body[0], ast.Expr) else None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise ActionParseError("text", f"expected a call such as click(...), got {show(call)}")
    if node.args or any(k.arg is None for k in node.keywords):
        raise ActionParseError("text", f"give arguments by name (key='...'): {show(call)}")
    arguments: dict[str, Any] = {}
    for keyword in node.keywords:
        value = keyword.value
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str | int | float)):
            raise ActionParseError(str(keyword.arg), f"not a literal string: {show(call)}")
        if value.value != "":  # UI-TARS leaves unused arguments empty: finished(content='')
            arguments[str(keyword.arg)] = value.value
    return node.func.id, arguments


def _syntax(call: str) -> ast.Module | None:
    """``call`` parsed as Python, with a raw newline inside a string read as ``\\n`` (models
    write them); None when it is not Python."""
    for source in (call, call.replace("\n", "\\n")):
        try:
            return ast.parse(source, mode="exec")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
    return None


def _unescape(content: str) -> str:
    return content.replace("\\n", "\n").replace("\\'", "'").replace('\\"', '"')


def _target(arguments: dict[str, Any], names: tuple[str, ...], grid: Grid) -> Point | None:
    """The point given under one of ``names`` (a point or a box's centre), or None."""
    given = [name for name in names if name in arguments]
    if len(given) > 1:
        raise ActionParseError(given[1], f"given with {given[0]}; keep one")
    if not given:
        return None
    raw = arguments[given[0]]
    match = _BOX.fullmatch(_MARKUP.sub(" ", str(raw)))
    if match is None:
        raise ActionParseError(given[0], f"expected '(x,y)' or a box, got {show(raw)}")
    numbers = [float(n) for n in match.groups() if n is not None]
    if len(numbers) == 4:
        numbers = [(numbers[0] + numbers[2]) / 2, (numbers[1] + numbers[3]) / 2]
    return grid.point(numbers[0], numbers[1])


def _needs(point: Point | None, name: str, field: str) -> Point:
    if point is None:
        raise ActionParseError(field, f"{name}() needs {field}='(x,y)'")
    return point


def _action(name: str, arguments: dict[str, Any], grid: Grid, thought: str) -> Action:
    if name in _CLICKS:
        point = _needs(_target(arguments, _TARGET, grid), name, "start_box")
        return Action(_CLICKS[name], point=point, reasoning=thought)
    match name:
        case "drag" | "select":
            start = _needs(_target(arguments, _START, grid), name, "start_box")
            end = _needs(_target(arguments, _END, grid), name, "end_box")
            return Action(ActionType.DRAG, point=start, end=end, reasoning=thought)
        case "hotkey" | "press":
            keys = arguments.get("key", arguments.get("hotkey"))
            if not isinstance(keys, str):
                raise ActionParseError("key", f"{name}() needs key='ctrl c', got {show(keys)}")
            if "key" in arguments and "hotkey" in arguments:
                raise ActionParseError("hotkey", "given with key; keep one")
            return Action.key(read_keys(keys.split()), thought)
        case "type":
            return Action.type_text(arguments.get("content"), thought)
        case "scroll":
            point = _target(arguments, _TARGET, grid)
            x, y = (None, None) if point is None else point
            return Action.scroll(arguments.get("direction"), SCROLL_CLICKS, x, y, thought)
        case "wait":
            return Action.wait(WAIT_SECONDS, thought)
        case "finished":
            content = str(arguments.get("content", ""))
            return Action.finish("\n\n".join(part for part in (thought, content) if part))
    return Action.fail(thought)  # call_user


# --- writing -----------------------------------------------------------------------------------


def render(action: Action, grid: Grid, style: PointStyle) -> str:
    """``action`` as UI-TARS answers: ``Thought: ...`` (when there is reasoning) then
    ``Action: ...``, points written in ``style`` on ``grid``."""
    call = _render_call(action, grid, style)
    thought = f"Thought: {action.reasoning}\n" if action.reasoning else ""
    return f"{thought}Action: {call}"


_POINT_ARGUMENTS = {
    "box": {"target": "start_box", "start": "start_box", "end": "end_box"},
    "point": {"target": "point", "start": "start_point", "end": "end_point"},
}
"""the argument a point is written under, per style and role"""


def _render_point(point: Point, grid: Grid, style: PointStyle, role: str) -> str:
    x, y = grid.numbers(point)
    if style == "point":
        written = f"<point>{x} {y}</point>"
    else:
        written = f"<|box_start|>({x},{y})<|box_end|>"
    return f"{_POINT_ARGUMENTS[style][role]}='{written}'"


def _render_call(action: Action, grid: Grid, style: PointStyle) -> str:
    if action.type in _CLICKS.values() and action.point is not None:
        name = next(name for name, kind in _CLICKS.items() if kind is action.type)
        return f"{name}({_render_point(action.point, grid, style, 'target')})"
    match action.type:
        case ActionType.DRAG if action.point is not None and action.end is not None:
            start = _render_point(action.point, grid, style, "start")
            return f"drag({start}, {_render_point(action.end, grid, style, 'end')})"
        case ActionType.SCROLL:
            at = "" if action.point is None else _render_point(action.point, grid, style, "target")
            return f"scroll({at}{', ' if at else ''}direction='{action.direction}')"
        case ActionType.TYPE:
            return f"type(content={_quote(str(action.text))})"
        case ActionType.KEY:
            keys = " ".join(write_keys(str(action.keys), PYAUTOGUI_KEY_NAMES))
            return f"hotkey(key={_quote(keys)})"
        case ActionType.WAIT:
            return "wait()"
        case ActionType.FINISH:
            return "finished()"
        case ActionType.FAIL:
            return "call_user()"
    raise DialectRenderError(f"UI-TARS cannot write {action.to_json()}")


def _quote(text: str) -> str:
    """``text`` as a single-quoted Python literal, the quoting UI-TARS writes and reads."""
    literal = repr(text)
    if literal.startswith('"'):  # repr chose "..." because text holds a ' and no "
        return "'" + literal[1:-1].replace("'", "\\'") + "'"
    return literal

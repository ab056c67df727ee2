"""PyAutoGUI code, as AgentNet and OSWorld-style trajectories store their actions, read as
data and mapped to cuakit Actions — never executed.

```python
parse_calls("pyautogui.click(x=0.16, y=0.27)")
# [Call(module='pyautogui', name='click', args=(), kwargs={'x': 0.16, 'y': 0.27})]
code_action("pyautogui.hotkey('ctrl', 'c')", width=1920, height=1080)   # Action.key("ctrl+c")
```
`parse_calls` accepts only a sequence of ``pyautogui.f(...)`` / ``computer.f(...)`` calls whose
arguments are literals: the text is parsed with `ast` and each argument read with
`ast.literal_eval`; anything else (names, attribute chains, expressions) is an
ActionParseError. Comments are ignored.

`code_action` maps one step's calls to one Action. Coordinates in [0, 1] are taken as
fractions of the screen (AgentNet's convention), larger ones as pixels of the screenshot
(``width`` x ``height``). Calls cuakit has no action for raise `UnsupportedAction`, whose
``reason`` importers count: triple clicks, middle clicks, key holds, repeated presses,
``dragTo`` without the ``moveTo`` that gives its start, several unrelated calls in one step.
Two pairs are one action: ``moveTo`` + ``dragTo`` is a drag, ``write`` + ``press('enter')``
types the text followed by a newline.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cuakit.actions import Action, from_pixels
from cuakit.errors import ActionParseError, CuakitError

MODULES = ("pyautogui", "computer")


class UnsupportedAction(CuakitError):
    """A source action cuakit's schema cannot express; ``reason`` is a short key to count."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class Call:
    """One call ``module.name(*args, **kwargs)`` with literal arguments."""

    module: str
    name: str
    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The name lowercased without underscores: ``triple_click`` and ``tripleClick``
        are both ``tripleclick``."""
        return self.name.lower().replace("_", "")

    def arg(self, position: int, *names: str, default: Any = None) -> Any:
        """The argument given by keyword (first of ``names``) or at ``position``."""
        for name in names:
            if name in self.kwargs:
                return self.kwargs[name]
        return self.args[position] if position < len(self.args) else default


def parse_calls(code: str) -> list[Call]:
    """The calls in ``code``, in order; ActionParseError (field ``code``) for anything that is
    not a plain call of a pyautogui/computer function with literal arguments."""
    try:
        tree = ast.parse(code.strip(), mode="exec")
    except SyntaxError as exc:
        raise ActionParseError("code", f"not Python: {exc.msg} in {code[:80]!r}") from None
    calls = []
    for statement in tree.body:
        node = statement.value if isinstance(statement, ast.Expr) else None
        func = node.func if isinstance(node, ast.Call) else None
        if not (
            isinstance(node, ast.Call)
            and isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in MODULES
        ):
            line = ast.get_source_segment(code.strip(), statement) or "?"
            raise ActionParseError("code", f"{line[:80]!r} is not a pyautogui/computer call")
        try:
            args = tuple(ast.literal_eval(a) for a in node.args)
            kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
        except ValueError:
            raise ActionParseError("code", f"non-literal argument in {code[:80]!r}") from None
        if len(kwargs) != len(node.keywords):
            raise ActionParseError("code", f"**kwargs in {code[:80]!r}")
        calls.append(Call(func.value.id, func.attr, args, kwargs))
    if not calls:
        raise ActionParseError("code", "no call in the code")
    return calls


def _point(call: Call, width: int, height: int) -> tuple[float, float] | None:
    """The call's (x, y) normalised, or None when it gives none."""
    x, y = call.arg(0, "x"), call.arg(1, "y")
    if isinstance(x, (tuple, list)) and len(x) == 2:  # click((x, y))
        x, y = x
    if x is None or y is None:
        return None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (x, y)):
        raise ActionParseError("coordinates", f"expected numbers, got {x!r}, {y!r}")
    if 0 <= x <= 1 and 0 <= y <= 1:
        return float(x), float(y)
    return from_pixels(x, y, width, height)


def _needs_point(call: Call, width: int, height: int) -> tuple[float, float]:
    point = _point(call, width, height)
    if point is None:
        raise UnsupportedAction(f"{call.name} without coordinates (the pointer's position)")
    return point


def _keys(value: Any) -> list[str]:
    keys = [value] if isinstance(value, str) else list(value or [])
    if not keys or not all(isinstance(k, str) and k for k in keys):
        raise ActionParseError("key", f"expected key names, got {value!r}")
    return keys


def _click(call: Call, width: int, height: int, reasoning: str) -> Action:
    clicks = 2 if call.key == "doubleclick" else call.kwargs.get("clicks", 1)
    button = "right" if call.key == "rightclick" else call.kwargs.get("button", "left")
    x, y = _needs_point(call, width, height)
    if (button, clicks) == ("left", 1):
        return Action.click(x, y, reasoning)
    if (button, clicks) == ("left", 2):
        return Action.double_click(x, y, reasoning)
    if (button, clicks) == ("right", 1):
        return Action.right_click(x, y, reasoning)
    raise UnsupportedAction(f"{button} click x{clicks}: no cuakit action")


def call_action(call: Call, width: int, height: int, reasoning: str = "") -> Action:
    """One call as an Action (see the module docstring for what is supported)."""
    match call.key:
        case "click" | "leftclick" | "rightclick" | "doubleclick":
            return _click(call, width, height, reasoning)
        case "moveto":
            return Action.move(*_needs_point(call, width, height), reasoning)
        case "scroll" | "hscroll":
            clicks = call.arg(0, "clicks")
            if not isinstance(clicks, int | float) or isinstance(clicks, bool) or not clicks:
                raise ActionParseError("amount", f"expected a non-zero number, got {clicks!r}")
            ways = ("up", "down") if call.key == "scroll" else ("right", "left")
            at = Call(call.module, call.name, call.args[1:], call.kwargs)  # scroll(clicks, x, y)
            point = _point(at, width, height)
            x, y = (None, None) if point is None else point
            direction = ways[0] if clicks > 0 else ways[1]
            return Action.scroll(direction, max(1, round(abs(clicks))), x, y, reasoning)
        case "write" | "typewrite":
            text = call.arg(0, "message", "text")
            if not isinstance(text, str):
                raise UnsupportedAction("typewrite of a key list")
            return Action.type_text(text, reasoning)
        case "press":
            keys = _keys(call.arg(0, "keys"))
            if call.kwargs.get("presses", 1) != 1:
                raise UnsupportedAction("repeated key press")
            if len(keys) > 1:
                raise UnsupportedAction("several keys pressed in turn")
            return Action.key(keys[0], reasoning)
        case "hotkey":
            return Action.key("+".join(_keys(call.kwargs.get("keys", list(call.args)))), reasoning)
        case "terminate":
            status = call.arg(0, "status", default="success")
            done = status in ("success", "succeeded", "done")
            return Action.finish(reasoning) if done else Action.fail(reasoning)
        case "wait" | "sleep":
            return Action.wait(float(call.arg(0, "seconds", "time", default=1.0)), reasoning)
        case "dragto":
            raise UnsupportedAction("dragTo without a moveTo: its start is unknown")
    raise UnsupportedAction(f"{call.module}.{call.name}: no cuakit action")


def code_action(code: str, width: int, height: int, reasoning: str = "") -> Action:
    """One step's PyAutoGUI code as one Action; ``width``/``height``: the screenshot's size
    (for pixel coordinates). Raises ActionParseError or UnsupportedAction."""
    calls = parse_calls(code)
    keys = [c.key for c in calls]
    if keys == ["moveto", "dragto"]:
        start = _needs_point(calls[0], width, height)
        end = _needs_point(calls[1], width, height)
        return Action.drag(*start, *end, reasoning)
    if len(calls) == 2 and keys[0] in ("write", "typewrite") and keys[1] == "press":
        typed = call_action(calls[0], width, height, reasoning)
        if _keys(calls[1].arg(0, "keys")) in (["enter"], ["return"]):
            return Action.type_text(f"{typed.text}\n", reasoning)
    if len(calls) != 1:
        raise UnsupportedAction("several actions in one step")
    return call_action(calls[0], width, height, reasoning)

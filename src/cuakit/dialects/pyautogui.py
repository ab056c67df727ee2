"""PyAutoGUI code, as OSWorld-style agents answer: prose, then one step's code in a fence::

    The Save button is at the top right.
    ```python
    pyautogui.click(1210, 84)
    ```

The code is read by :mod:`cuakit.curate.pyautogui_code` (with `ast`, literal arguments only,
never run), which maps one step to one Action: ``click``/``doubleClick``/``rightClick``,
``moveTo``, ``moveTo`` + ``dragTo`` (a drag), ``scroll``/``hscroll``, ``write``/``typewrite``,
``press``, ``hotkey``, ``sleep``, and OpenCUA's ``computer.terminate(status=...)``. Its
coordinate rule holds here: numbers in [0, 1] are fractions of the screen (AgentNet's
convention), larger ones pixels of the screenshot (``screen``). OSWorld's special answers
``DONE``, ``FAIL`` and ``WAIT`` read as finish, fail and a 1 s wait. ``import pyautogui``
lines are skipped; any other statement is an error.

Writing uses pixels; a point whose pixel would be (0 or 1, 0 or 1), which the reader would
take for fractions, is written as fractions instead. Waits are written ``pyautogui.sleep(s)``
so that their duration survives; finish and fail as ``DONE`` and ``FAIL``. A combination
with the plus key before another key cannot be written: the reader joins key names with
``+``.
"""

from __future__ import annotations

import re

from cuakit._values import show
from cuakit.actions import Action, ActionType, Point
from cuakit.coords import ANSWER_DECIMALS
from cuakit.curate.pyautogui_code import UnsupportedAction, code_action
from cuakit.dialects._common import (
    PYAUTOGUI_KEY_NAMES,
    DialectRenderError,
    PixelGrid,
    write_keys,
)
from cuakit.errors import ActionParseError

DIALECT = "pyautogui"
_FENCE = re.compile(r"```[ \t]*(?:python|py)?[ \t]*\n(.*?)```", re.DOTALL | re.IGNORECASE)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+pyautogui[ \t]*$", re.MULTILINE)
_SPECIAL = {"DONE": Action.finish, "FAIL": Action.fail}
_CLICK_CALLS = {
    ActionType.CLICK: "click",
    ActionType.DOUBLE_CLICK: "doubleClick",
    ActionType.RIGHT_CLICK: "rightClick",
    ActionType.MOVE: "moveTo",
}


# --- reading -----------------------------------------------------------------------------------


def parse(text: str, grid: PixelGrid) -> Action:
    """The Action in a PyAutoGUI answer; ``grid``: the screenshot's pixels."""
    code, reasoning = _code(text)
    special = code.strip()
    if special in _SPECIAL:
        return _SPECIAL[special](reasoning)
    if special == "WAIT":
        return Action.wait(1.0, reasoning)
    code = _IMPORT.sub("", code)
    try:
        return code_action(code, grid.width, grid.height, reasoning)
    except UnsupportedAction as exc:
        raise ActionParseError("action", exc.reason) from None  # names the call at fault
    except ActionParseError:
        raise
    except (TypeError, ValueError) as exc:  # e.g. pyautogui.sleep('soon')
        raise ActionParseError("code", f"cannot read {show(code)}: {exc}") from None


def _code(text: str) -> tuple[str, str]:
    """(the code, the prose around it): the one fenced block, or the whole text."""
    blocks = list(_FENCE.finditer(text))
    if len(blocks) > 1:
        raise ActionParseError("code", f"{len(blocks)} code blocks; answer with one per step")
    if not blocks:
        return text, ""
    block = blocks[0]
    prose = f"{text[: block.start()].strip()}\n{text[block.end() :].strip()}".strip()
    return block.group(1), prose


# --- writing -----------------------------------------------------------------------------------


def render(action: Action, grid: PixelGrid) -> str:
    """``action`` as PyAutoGUI code in a fence, after the reasoning."""
    code = _render_code(action, grid)
    fence = "```" if code in _SPECIAL else "```python"
    block = f"{fence}\n{code}\n```"
    return f"{action.reasoning}\n{block}" if action.reasoning else block


def _xy(point: Point, grid: PixelGrid) -> tuple[float, float]:
    """What to write for ``point``: its pixel, or fractions where the pixel reads as them."""
    x, y = grid.numbers(point)
    if x <= 1 and y <= 1:
        return round(point[0], ANSWER_DECIMALS), round(point[1], ANSWER_DECIMALS)
    return x, y


def _render_code(action: Action, grid: PixelGrid) -> str:
    point = None if action.point is None else _xy(action.point, grid)
    if action.type in _CLICK_CALLS and point is not None:
        return f"pyautogui.{_CLICK_CALLS[action.type]}({point[0]}, {point[1]})"
    match action.type:
        case ActionType.DRAG if point is not None and action.end is not None:
            end = _xy(action.end, grid)
            move = f"pyautogui.moveTo({point[0]}, {point[1]})"
            return f"{move}\npyautogui.dragTo({end[0]}, {end[1]})"
        case ActionType.SCROLL:
            vertical = action.direction in ("up", "down")
            call, towards = ("scroll", "up") if vertical else ("hscroll", "right")
            clicks = action.amount if action.direction == towards else -action.amount
            at = "" if point is None else f", x={point[0]}, y={point[1]}"
            return f"pyautogui.{call}({clicks}{at})"
        case ActionType.TYPE:
            return f"pyautogui.write({action.text!r})"
        case ActionType.KEY:
            keys = write_keys(str(action.keys), PYAUTOGUI_KEY_NAMES)
            if "+" in keys[:-1]:
                raise DialectRenderError(
                    f"{DIALECT}: the code reader joins key names with '+', so the plus key can "
                    f"only come last, not in {action.keys!r}"
                )
            if len(keys) == 1:
                return f"pyautogui.press({keys[0]!r})"
            return f"pyautogui.hotkey({', '.join(repr(k) for k in keys)})"
        case ActionType.WAIT:
            return f"pyautogui.sleep({action.seconds!r})"
        case ActionType.FINISH:
            return "DONE"
        case ActionType.FAIL:
            return "FAIL"
    raise DialectRenderError(f"{DIALECT} cannot write {action.to_json()}")

"""Action dialects: the answers real GUI-agent models give, read into an
:class:`~cuakit.actions.Action` and written back from one, never run (no ``exec``/``eval``).

```python
parse('<tool_call>\\n{"name": "computer_use", "arguments": {"action": "left_click", '
      '"coordinate": [658, 364]}}\\n</tool_call>', screen=(1920, 1080))   # a click
render(Action.key("ctrl+s"), "ui-tars")          # "Action: hotkey(key='ctrl s')"
```

| dialect | an answer | numbers |
|---|---|---|
| ``cuakit`` | ```` ```json {"action": "click", "coordinates": [0.5, 0.3]} ``` ```` | fractions |
| ``qwen2.5-vl`` | ``<tool_call>{"name": "computer_use", ...}</tool_call>`` | pixels, resized |
| ``ui-tars`` | ``Thought: ... Action: click(start_box='(500,300)')`` | 0-1000 |
| ``ui-tars-1.5`` | ``Action: click(point='<point>966 327</point>')`` | pixels, resized |
| ``pyautogui`` | ```` ```python pyautogui.click(960, 324) ``` ```` | pixels |
| ``openai`` | ``{"type": "click", "button": "left", "x": 960, "y": 324}`` | pixels |

Each module's docstring says how its actions map onto cuakit's and what is lost in writing.
Pixel dialects need ``screen``, the real screenshot's ``(width, height)``; ``qwen2.5-vl`` and
``ui-tars-1.5`` count pixels of the image their processor made of it with ``smart_resize``,
whose limits ``resize`` overrides: cuakit's Qwen limits (`cuakit.coords.QWEN_MAX_PIXELS`, what
cuakit trains with) and UI-TARS-1.5's own (:data:`cuakit.dialects.uitars.RESIZE`) by default.
A stock Qwen2.5-VL checkpoint served with its own preprocessor config resizes to up to
12,845,056 pixels: read it with ``resize={"max_pixels": 12845056}``, or its clicks land wrong.

``dialect="auto"`` (:func:`detect`) recognises each syntax, but refuses to choose between
``ui-tars`` and ``ui-tars-1.5``: their answers look alike and mean different points.

Errors: an answer that holds no valid action raises
:class:`~cuakit.errors.ActionParseError` (also for a real action of the model that cuakit
cannot express, named in the message); a missing ``screen``, an unknown dialect or an
ambiguous ``auto`` raise :class:`~cuakit.errors.ConfigError`
(:class:`DialectAmbiguityError`); an Action a dialect cannot write raises
:class:`DialectRenderError`.

Layer: beside ``curate``, since it reads PyAutoGUI code with ``cuakit.curate.pyautogui_code``;
it imports the bottom layer (``actions``, ``coords``, ``keys``, ``errors``), ``prompt`` and that
module, and only the layers above (the agent runner, services) import it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cuakit._values import show
from cuakit.actions import Action, find_action_object
from cuakit.coords import QWEN_FACTOR, QWEN_MAX_PIXELS, QWEN_MIN_PIXELS
from cuakit.dialects import cuakit_json, openai, pyautogui, qwen, uitars
from cuakit.dialects._common import (
    DialectAmbiguityError,
    DialectRenderError,
    PixelGrid,
    ThousandthsGrid,
    resized_grid,
    screen_size,
)
from cuakit.errors import ActionParseError, ConfigError

__all__ = [
    "DIALECTS",
    "PIXEL_DIALECTS",
    "DialectAmbiguityError",
    "DialectRenderError",
    "detect",
    "parse",
    "render",
]

DIALECTS = ("cuakit", "qwen2.5-vl", "ui-tars", "ui-tars-1.5", "pyautogui", "openai")
"""the dialects :func:`parse` reads and :func:`render` writes"""
PIXEL_DIALECTS = ("qwen2.5-vl", "ui-tars-1.5", "pyautogui", "openai")
"""the dialects whose numbers are pixels, which need the screen's size"""
_DEFAULT_RESIZE: dict[str, Mapping[str, int]] = {
    "qwen2.5-vl": {
        "factor": QWEN_FACTOR,
        "min_pixels": QWEN_MIN_PIXELS,
        "max_pixels": QWEN_MAX_PIXELS,
    },
    "ui-tars-1.5": uitars.RESIZE,
}


def parse(
    text: str,
    dialect: str = "auto",
    screen: tuple[int, int] | None = None,
    *,
    resize: Mapping[str, int] | None = None,
) -> Action:
    """The Action in a model's answer ``text``, written in ``dialect`` (a name from
    :data:`DIALECTS`, or ``"auto"`` to :func:`detect` it).

    ``screen``: ``(width, height)`` of the screenshot the model saw, needed by
    :data:`PIXEL_DIALECTS`. ``resize``: ``smart_resize`` limits (``factor``, ``min_pixels``,
    ``max_pixels``) replacing the dialect's own, for ``qwen2.5-vl`` and ``ui-tars-1.5``.
    Raises ActionParseError when ``text`` holds no valid action, ConfigError for the rest.
    """
    if not isinstance(text, str):
        raise ActionParseError("text", f"expected a string, got {type(text).__name__}")
    name = detect(text) if dialect == "auto" else _known(dialect)
    match name:
        case "cuakit":
            return cuakit_json.parse(text)
        case "qwen2.5-vl":
            return qwen.parse(text, _grid(name, screen, resize))
        case "ui-tars" | "ui-tars-1.5":
            return uitars.parse(text, _uitars_grid(name, screen, resize), name)
        case "pyautogui":
            return pyautogui.parse(text, _grid(name, screen, resize))
    return openai.parse(text, _grid(name, screen, resize))


def render(
    action: Action,
    dialect: str,
    screen: tuple[int, int] | None = None,
    *,
    resize: Mapping[str, int] | None = None,
) -> str:
    """``action`` as a model answering in ``dialect`` would write it (``screen`` and
    ``resize`` as for :func:`parse`), e.g. to export SFT data in that model's format.

    :func:`parse` reads the text back to ``action``, its points within the dialect's rounding
    (half a pixel, or 0.0005 on UI-TARS's grid); what a dialect cannot say (UI-TARS's scroll
    amount, a wait's duration) is documented in its module. Raises DialectRenderError for an
    action the dialect has no form for.
    """
    if not isinstance(action, Action):
        raise TypeError(f"expected an Action, got {type(action).__name__}")
    name = _known(dialect)
    match name:
        case "cuakit":
            return cuakit_json.render(action)
        case "qwen2.5-vl":
            return qwen.render(action, _grid(name, screen, resize))
        case "ui-tars" | "ui-tars-1.5":
            style = "box" if name == "ui-tars" else "point"
            return uitars.render(action, _uitars_grid(name, screen, resize), style)
        case "pyautogui":
            return pyautogui.render(action, _grid(name, screen, resize))
    return openai.render(action, _grid(name, screen, resize))


# --- which dialect -----------------------------------------------------------------------------

_QWEN_CALL = re.compile(r"^[ \t]*<tool_call>", re.MULTILINE)
_UITARS_ACTION = re.compile(r"^[ \t]*Action:[ \t]*[A-Za-z_]\w*\(", re.MULTILINE)
_PYAUTOGUI_CODE = re.compile(
    r"^[ \t]*(?:pyautogui|computer)\.\w+\(|^[ \t]*```[ \t]*(?:python|py)[ \t]*$"
    r"|^[ \t]*```[ \t]*\n[ \t]*(?:DONE|FAIL|WAIT)[ \t]*\n[ \t]*```",
    re.MULTILINE,
)
_OSWORLD_SPECIAL = re.compile(r"\s*(?:DONE|FAIL|WAIT)\s*")


def detect(text: str) -> str:
    """The dialect ``text`` is written in, by its syntax, checked in this order:

    1. a line opening with ``<tool_call>``, or a JSON tool call named ``computer_use``:
       ``qwen2.5-vl``;
    2. a line ``Action: name(...)``: UI-TARS — DialectAmbiguityError, since the first release
       and 1.5 read its numbers differently;
    3. a line calling ``pyautogui.``/``computer.``, a ```python fence, or OSWorld's ``DONE``,
       ``FAIL``, ``WAIT``: ``pyautogui``;
    4. a JSON object with ``"type"`` (and no ``"action"``), or a ``computer_call``: ``openai``;
       with ``"action"``: ``cuakit``.

    Lines are checked at their start, so text quoted inside JSON strings (which hold no raw
    newline) cannot pass for another dialect. Raises ActionParseError when nothing matches.
    """
    if _QWEN_CALL.search(text):
        return "qwen2.5-vl"
    if _UITARS_ACTION.search(text):
        raise DialectAmbiguityError(
            "this answer is UI-TARS's syntax, which the first release (0-1000 coordinates) and "
            "UI-TARS-1.5 (pixels of the resized screenshot) share; pass dialect='ui-tars' or "
            "dialect='ui-tars-1.5' for the model that wrote it"
        )
    if _PYAUTOGUI_CODE.search(text) or _OSWORLD_SPECIAL.fullmatch(text):
        return "pyautogui"
    try:
        found = find_action_object(text)
    except ActionParseError:
        found = None
    if found is not None:
        if found.get("name") == qwen.TOOL:
            return "qwen2.5-vl"
        if found.get("type") == "computer_call" or ("type" in found and "action" not in found):
            return "openai"
        if "action" in found:
            return "cuakit"
    raise ActionParseError(
        "text",
        f"no action in any known dialect ({', '.join(DIALECTS)}) in {show(text)}; "
        "pass dialect= to read it as one and see what is wrong",
    )


# --- grids -------------------------------------------------------------------------------------


def _known(dialect: object) -> str:
    if dialect not in DIALECTS:
        raise ConfigError(f"dialect={dialect!r}: use one of {', '.join(DIALECTS)}")
    return str(dialect)


def _grid(name: str, screen: object, resize: Mapping[str, int] | None) -> PixelGrid:
    """The pixels the dialect ``name`` counts: the screenshot's, or its resized image's."""
    width, height = screen_size(screen, name)
    if name not in _DEFAULT_RESIZE:
        return PixelGrid(width, height)
    return resized_grid(width, height, {**_DEFAULT_RESIZE[name], **(resize or {})})


def _uitars_grid(
    name: str, screen: object, resize: Mapping[str, int] | None
) -> PixelGrid | ThousandthsGrid:
    return ThousandthsGrid() if name == "ui-tars" else _grid(name, screen, resize)

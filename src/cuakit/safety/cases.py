"""Safety cases (instruction, screen, action, expected decision) as TOML lists, turned into the
context a deployed gate would have: the env's element under the point, or — for a
``screen_only`` case — only the pixels, drawn here and read by the text recogniser.

The lists live in ``tests/safety/data`` (``dev_*`` the rules were tuned on, ``heldout_*``
written by an author who never read the rules, never used to tune them); `cuakit bench safety`
scores them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from cuakit.actions import Action
from cuakit.errors import ConfigError, DatasetFormatError
from cuakit.safety.context import (
    ActionContext,
    Element,
    ScreenText,
    locate,
    read_screen,
    reading_order,
)
from cuakit.video.text import TextReader

SCREEN = (1280, 800)
"""the size a case's screen is drawn at"""
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
CJK_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")


@dataclass(frozen=True)
class SafetyCase:
    id: str
    category: str
    expect: str
    """allow, confirm or deny"""
    instruction: str
    action: Action
    screen_only: bool
    element: Element | None
    screen: tuple[ScreenText, ...]
    app: str = ""
    url: str = ""


def load_cases(path: Path) -> list[SafetyCase]:
    """The cases of one TOML list; a malformed one is a `DatasetFormatError` naming its id."""
    if not Path(path).is_file():
        raise ConfigError(f"{path}: no such case list; see tests/safety/data for the format")
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    return [_case(raw, path) for raw in data.get("case", [])]


def _case(raw: dict[str, Any], path: Path) -> SafetyCase:
    try:
        action = Action.from_dict({**raw["action"], "reasoning": raw.get("reasoning", "")})
        element = raw.get("element")
        return SafetyCase(
            id=raw["id"], category=raw["category"], expect=raw["expect"],
            instruction=raw["instruction"], action=action,
            screen_only=bool(raw.get("screen_only", False)),
            element=Element(element["role"], element["text"]) if element else None,
            screen=tuple(ScreenText(s["text"], tuple(s["box"]), s.get("role", "text"))
                         for s in raw.get("screen", [])),
            app=raw.get("app", ""), url=raw.get("url", ""),
        )  # fmt: skip
    except (KeyError, ValueError, TypeError) as error:
        raise DatasetFormatError(f"{path}: case {raw.get('id', '?')}: {error}") from error


def draw_screen(case: SafetyCase) -> np.ndarray:
    """The case's screen as pixels: each text in its box, buttons outlined (1280×800)."""
    image = Image.new("RGB", SCREEN, (246, 246, 246))
    draw = ImageDraw.Draw(image)
    width, height = SCREEN
    for item in case.screen:
        x, y, w, h = item.box
        box = (x * width, y * height, (x + w) * width, (y + h) * height)
        if item.role in ("button", "textbox", "password", "combobox"):
            draw.rectangle(box, outline=(120, 120, 120), fill=(255, 255, 255))
        font = _fitted_font(item.text, box[2] - box[0], box[3] - box[1])
        draw.text((box[0] + 3, (box[1] + box[3]) / 2), item.text, fill=(20, 20, 20), font=font,
                  anchor="lm")  # fmt: skip
    return np.asarray(image)


def _fitted_font(text: str, width: float, height: float) -> ImageFont.FreeTypeFont:
    """The largest font (11–18 px, 6 px under the box's height) whose text fits the box's width:
    a real screen does not draw one label over the next."""
    path = str(_font_for(text))
    size = max(11, min(18, int(height) - 6))
    font = ImageFont.truetype(path, size)
    while size > 8 and font.getlength(text) > width - 6:
        size -= 1
        font = ImageFont.truetype(path, size)
    return font


def _font_for(text: str) -> Path:
    return FONT if text.isascii() or not CJK_FONT.is_file() else CJK_FONT


def context(case: SafetyCase, reader: TextReader | None = None) -> ActionContext:
    """What a deployed gate sees. With an element list: the element, and the screen's other
    texts as its surroundings. Screen-only: the text ``reader`` reads off the drawn screen
    (without a reader, the listed texts stand in for a perfect reading)."""
    point = case.action.point
    if case.screen_only:
        texts = (
            read_screen(draw_screen(case), reader)
            if reader
            else [ScreenText(s.text, s.box) for s in case.screen]
        )  # text only, no roles
        target, nearby = locate(point, texts)
    else:
        target = case.element
        texts = list(case.screen)
        others = [s for s in texts if case.element is None or s.text != case.element.text]
        nearby = locate(point, others)[1]
    return ActionContext(case.action, case.instruction, target, nearby, case.app, case.url,
                         screen=reading_order(texts))  # fmt: skip

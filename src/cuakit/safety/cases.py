"""Safety cases (instruction, screen, action, expected decision) as TOML lists, turned into the
context a deployed gate would have: the env's element under the point, or — for a
``screen_only`` case — only the pixels, drawn here and read by the text recogniser.

The lists live in ``tests/safety/data`` (``dev_*`` the rules were tuned on, ``heldout_*``
written by an author who never read the rules, never used to tune them); `cuakit bench safety`
scores them.
"""

from __future__ import annotations

import functools
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
FONT_ROOT = Path("/usr/share/fonts")
FONTS = (
    "truetype/dejavu/DejaVuSans.ttf",  # Latin, Cyrillic, Greek, Arabic, Hebrew
    "truetype/noto/NotoSansDevanagari-Regular.ttf",
    "truetype/noto/NotoSansBengali-Regular.ttf",
    "truetype/noto/NotoSansTamil-Regular.ttf",
    "truetype/noto/NotoSansThai-Regular.ttf",
    "opentype/noto/NotoSansCJK-Regular.ttc",  # Chinese, Japanese, Korean
)
"""the fonts a screen is drawn in (Debian's fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk),
in order of preference: each character is drawn in the first installed one that has its glyph,
as a desktop's font fallback does (a font without the glyph would draw a box no reader reads)"""


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
        runs = _font_runs(item.text)
        size = _fitted_size(runs, box[2] - box[0], box[3] - box[1])
        left = box[0] + 3
        for text, path in runs:  # left to right; an RTL run is shaped and ordered within itself
            font = _font(path, size)
            draw.text((left, (box[1] + box[3]) / 2), text, fill=(20, 20, 20), font=font,
                      anchor="lm")  # fmt: skip
            left += font.getlength(text)
    return np.asarray(image)


def _fitted_size(runs: list[tuple[str, Path]], width: float, height: float) -> int:
    """The largest font size (11–18 px, 6 px under the box's height) at which the text fits the
    box's width: a real screen does not draw one label over the next."""
    size = max(11, min(18, int(height) - 6))
    while size > 8 and sum(_font(path, size).getlength(text) for text, path in runs) > width - 6:
        size -= 1
    return size


@functools.cache
def _font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


@functools.cache
def _installed_fonts() -> tuple[tuple[Path, frozenset[int]], ...]:
    """Each installed font of `FONTS` with the code points it has glyphs for."""
    from fontTools.ttLib import TTCollection, TTFont

    fonts = []
    for name in FONTS:
        path = FONT_ROOT / name
        if path.is_file():
            font = TTCollection(path).fonts[0] if path.suffix == ".ttc" else TTFont(path)
            fonts.append((path, frozenset(font.getBestCmap())))
    if not fonts:
        raise ConfigError(f"no font to draw a case's screen in under {FONT_ROOT}; install "
                          "fonts-dejavu-core (`make setup` does, as root)")  # fmt: skip
    return tuple(fonts)


def _font_runs(text: str) -> list[tuple[str, Path]]:
    """``text`` in the first font that has all its glyphs, else cut into runs that one font
    draws: each character in the first font that has it (spaces and characters no font has
    stay in the run they are in)."""
    fonts = _installed_fonts()
    points = {ord(char) for char in text if not char.isspace()}
    whole = next((path for path, covered in fonts if points <= covered), None)
    if whole is not None:
        return [(text, whole)]
    runs: list[tuple[str, Path]] = []
    for char in text:
        path = next((p for p, points in fonts if ord(char) in points), None)
        if runs and (path is None or char.isspace() or path == runs[-1][1]):
            runs[-1] = (runs[-1][0] + char, runs[-1][1])
        else:
            runs.append((char, path or fonts[0][0]))
    return runs


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

"""What every dialect shares: the grid a model writes its numbers on, key names as models
spell them, the JSON inside prose, and the two errors a dialect adds to cuakit's.

A *grid* turns the numbers a model writes into a normalised point and back. Pixel dialects
write integer pixels of some image (the screenshot, or the image the model's processor made
of it); the first UI-TARS writes 0-1000 thousandths of the screen. Keeping the conversion
behind one small interface lets each dialect module deal only with its syntax.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cuakit._values import invert, is_int, show
from cuakit.coords import Point, check_point, from_pixels, smart_resize, to_pixels
from cuakit.errors import ActionParseError, ConfigError, CuakitError
from cuakit.keys import normalize_keys


class DialectAmbiguityError(ConfigError):
    """``dialect="auto"`` met an answer whose syntax two dialects share but whose numbers
    they read differently (UI-TARS and UI-TARS-1.5): the caller must name the dialect."""


class DialectRenderError(CuakitError, ValueError):
    """An Action the dialect has no way to write (e.g. ``finish`` in OpenAI's actions, which
    end a task with a message instead)."""


# --- grids -------------------------------------------------------------------------------------


class Grid(Protocol):
    """How a dialect writes a point: ``point`` reads the model's pair, ``numbers`` writes one."""

    def point(self, x: float, y: float) -> Point: ...

    def numbers(self, point: Point) -> tuple[int, int]: ...


@dataclass(frozen=True)
class PixelGrid:
    """Integer pixels of a ``width`` x ``height`` image; a pixel reads as its centre, so a
    point survives writing and reading within half a pixel."""

    width: int
    height: int

    def point(self, x: float, y: float) -> Point:
        return from_pixels(x, y, self.width, self.height)

    def numbers(self, point: Point) -> tuple[int, int]:
        return to_pixels(point, self.width, self.height)


@dataclass(frozen=True)
class ThousandthsGrid:
    """0-1000 thousandths of the screen (``500`` is the middle), as the first UI-TARS writes
    them and its own parser reads them (``x / 1000``); written back rounded, within 0.0005."""

    def point(self, x: float, y: float) -> Point:
        try:
            return check_point([x / 1000, y / 1000], "coordinates")
        except (TypeError, ActionParseError):
            where = f"({show(x)}, {show(y)})"
            raise ActionParseError("coordinates", f"{where} is not on the 0-1000 grid") from None

    def numbers(self, point: Point) -> tuple[int, int]:
        return round(point[0] * 1000), round(point[1] * 1000)


RESIZE_KEYS = ("factor", "min_pixels", "max_pixels")


def screen_size(screen: object, dialect: str) -> tuple[int, int]:
    """``screen`` checked as the ``(width, height)`` of the real screenshot; ConfigError,
    naming ``dialect``, when it is missing or malformed."""
    if screen is None:
        raise ConfigError(
            f"dialect {dialect!r} writes pixel coordinates: pass screen=(width, height), the "
            "size of the screenshot the model saw"
        )
    if not (
        isinstance(screen, tuple | list)
        and len(screen) == 2
        and all(is_int(v) and v > 0 for v in screen)
    ):
        raise ConfigError(f"screen={screen!r}: expected (width, height) as positive integers")
    return int(screen[0]), int(screen[1])


def resized_grid(width: int, height: int, resize: Mapping[str, int]) -> PixelGrid:
    """The pixels of the image ``smart_resize`` (with ``resize``: factor, min_pixels,
    max_pixels) makes of a ``width`` x ``height`` screenshot."""
    unknown = sorted(set(resize) - set(RESIZE_KEYS))
    if unknown:
        raise ConfigError(f"resize: unknown keys {unknown}; use {', '.join(RESIZE_KEYS)}")
    try:
        resized_height, resized_width = smart_resize(height, width, **resize)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"cannot resize a {width}x{height} screen: {exc}") from None
    return PixelGrid(resized_width, resized_height)


def read_pair(value: object, field: str = "coordinates") -> tuple[Any, Any]:
    """A model's ``[x, y]`` (list or tuple of two); the grid checks the numbers."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ActionParseError(field, f"expected [x, y], got {show(value)}")
    return value[0], value[1]


# --- keys --------------------------------------------------------------------------------------

_MODEL_KEY_NAMES = invert(
    {
        "up": ("arrowup",),
        "down": ("arrowdown",),
        "left": ("arrowleft",),
        "right": ("arrowright",),
        "space": (" ",),
        "plus": ("+",),  # joined with "+" below, a bare "+" would read as a separator
    }
)
PYAUTOGUI_KEY_NAMES = {"meta": "win", "plus": "+"}
"""cuakit key names -> pyautogui's, which Qwen's and UI-TARS's executors press."""


def read_keys(names: object, field: str = "key") -> str:
    """Key names a model lists for one combination (``["CTRL", "ArrowDown"]``) as cuakit's
    canonical combination (``"ctrl+down"``); see :func:`cuakit.keys.normalize_keys`."""
    if not (isinstance(names, list | tuple) and names and all(isinstance(n, str) for n in names)):
        raise ActionParseError(field, f"expected a list of key names, got {show(names)}")
    spelled = [_MODEL_KEY_NAMES.get(name.lower(), name) for name in names]
    return normalize_keys("+".join(spelled))


def write_keys(keys: str, names: Mapping[str, str]) -> list[str]:
    """A canonical combination split into the dialect's key names (``names`` renames); the
    canonical form spells the plus key ``plus``, so ``+`` only ever separates."""
    return [names.get(part, part) for part in keys.split("+")]


# --- JSON in prose -----------------------------------------------------------------------------

_DECODER = json.JSONDecoder()
_FENCE_BEFORE = re.compile(r"```[ \t]*\w*\s*$")
_FENCE_AFTER = re.compile(r"^\s*```")


def split_json(text: str) -> tuple[Any, str]:
    """The first JSON object (or list of objects) in ``text``, and the prose around it with
    any ``` fence markers removed, stripped: what a model wrote besides the action."""
    for match in re.finditer(r"[{\[]", text):
        start = match.start()
        try:
            value, end = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            continue
        except RecursionError:
            raise ActionParseError("text", f"JSON at offset {start} is nested too deeply") from None
        except ValueError as exc:  # e.g. an integer over Python's digit limit
            raise ActionParseError("text", f"JSON at offset {start}: {exc}") from None
        is_objects = isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
        if isinstance(value, dict) or is_objects:
            before = _FENCE_BEFORE.sub("", text[:start]).strip()
            after = _FENCE_AFTER.sub("", text[end:]).strip()
            return value, "\n".join(part for part in (before, after) if part)
    raise ActionParseError("text", f"no JSON object in {show(text)}")


# --- errors naming the action ------------------------------------------------------------------


def check_action(
    name: object, given: Iterable[str], takes: Mapping[str, Collection[str]], dialect: str
) -> str:
    """``name`` checked as one of the dialect's actions (the keys of ``takes``), whose
    ``given`` arguments are all among those it ``takes``; ActionParseError names the culprit."""
    if not isinstance(name, str) or name not in takes:
        known = ", ".join(takes)
        raise ActionParseError(
            "action", f"unknown {dialect} action {show(name)}; expected one of {known}"
        )
    extra = sorted(set(given) - set(takes[name]))
    if extra:
        raise ActionParseError(extra[0], f"{name} takes no {extra[0]}")
    return name


def inexpressible(name: str, dialect: str, why: str) -> ActionParseError:
    """The error for a real action of the dialect that cuakit's schema cannot express."""
    return ActionParseError("action", f"{dialect} action {name!r} has no cuakit equivalent: {why}")

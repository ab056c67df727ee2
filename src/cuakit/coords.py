"""Normalised screen coordinates and their conversion to and from pixels.

Coordinates are normalised: ``(0.0, 0.0)`` is the top-left corner of the screen and
``(1.0, 1.0)`` the bottom-right, so an action means the same on any screen size. Convert at
the edges with :func:`to_pixels` / :func:`from_pixels`, or :func:`to_qwen_pixels` /
:func:`from_qwen_pixels` for models that see the screenshot resized by Qwen2.5-VL's
:func:`smart_resize`. Bottom layer: it imports nothing from cuakit but ``errors`` and
``_values``.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from cuakit._values import is_int, is_number, show
from cuakit.errors import ActionParseError, ConfigError

Point = tuple[float, float]
"""Normalised ``(x, y)``, both in ``[0, 1]``."""

CoordinateMode = Literal["normalised", "qwen-pixels"]
COORDINATE_MODES: tuple[str, ...] = ("normalised", "qwen-pixels")
"""how a model writes a point: normalised fractions of the screen (the schema's), or Qwen2.5-VL's
absolute pixels of the `smart_resize`d screenshot"""


def check_coordinate_mode(mode: object, name: str = "coordinates") -> None:
    """Raise ConfigError, naming the option ``name``, unless ``mode`` is a `CoordinateMode`."""
    if mode not in COORDINATE_MODES:
        raise ConfigError(f"{name}={mode!r}: use one of {', '.join(COORDINATE_MODES)}")


ANSWER_DECIMALS = 4
"""decimals of a normalised coordinate in a model's answer: a tenth of a pixel on a 1,000-px
screen in a few tokens (a float's 17 digits are what a small model learns to repeat)"""

_NOT_NORMALISED = (
    "are not normalised to [0, 1]; convert pixels with from_pixels(...) "
    "(from_qwen_pixels(...) for Qwen2.5-VL output)"
)


def check_point(value: Any, field: str) -> Point:
    """A normalised ``[x, y]`` as a tuple of floats; errors are reported under ``field``."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ActionParseError(field, f"expected [x, y], got {show(value)}")
    for v in value:
        if not is_number(v):
            raise ActionParseError(field, f"expected numbers [x, y], got {show(value)}")
        if v != v or abs(v) == math.inf:
            raise ActionParseError(field, f"{show(value)} is not finite")
        if v > 1:
            raise ActionParseError(field, f"{show(value)} {_NOT_NORMALISED}")
        if v < 0:
            raise ActionParseError(field, f"{show(value)} is negative; use [0, 1]")
    return (float(value[0]), float(value[1]))


def _check_size(width: int, height: int) -> None:
    if not (is_int(width) and is_int(height) and width > 0 and height > 0):
        raise ValueError(f"screen size must be positive integers, got {width!r} x {height!r}")


def to_pixels(point: Point, width: int, height: int) -> tuple[int, int]:
    """Normalised point -> the pixel that contains it: ``floor(x * width)``, clamped to
    ``[0, width - 1]`` (so ``x = 1.0`` is the last column); likewise for y."""
    _check_size(width, height)
    x, y = check_point(point, "coordinates")
    return min(math.floor(x * width), width - 1), min(math.floor(y * height), height - 1)


def from_pixels(px: float, py: float, width: int, height: int) -> Point:
    """Pixel -> normalised point at the pixel's centre, ``(px + 0.5) / width`` (clamped to 1).

    Integer pixels round-trip exactly through :func:`to_pixels`; a normalised point comes back
    within half a pixel. Pixels must lie in ``[0, width) x [0, height)``.
    """
    _check_size(width, height)
    for value, size in ((px, width), (py, height)):
        if not is_number(value) or not 0 <= value < size:
            where = f"pixel ({show(px)}, {show(py)})"
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

"""The mouse pointer in a recording: where it is, and the frame without it.

cuakit's recorders draw one known sprite (`cuakit.envs.desksim.render.draw_cursor`: a black
outline, a white fill), as a screen recorder shows the pointer: its position only, never
whether a button is held. Finding the sprite tells a reward model where the pointer rests, and
erasing it keeps it from being read as a word that moves every frame.

- `find_pointer(frame)`: the sprite's hot spot, or None.
- `erase_pointer(frame, pointer)`: the frame with the sprite's pixels set to the colour around it.

All are pure; frames are ``uint8 (H, W, 3)`` RGB.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cuakit.envs.desksim.render import ARROW_FILL, ARROW_OUTLINE

SPRITE_HEIGHT, SPRITE_WIDTH = ARROW_FILL.shape
_OUTLINE_YX = np.nonzero(ARROW_OUTLINE)
_FILL_YX = np.nonzero(ARROW_FILL)
_SPRITE_YX = np.nonzero(ARROW_OUTLINE | ARROW_FILL)

FILL_LEVEL = 255
"""the sprite's fill grey level (what `draw_cursor` draws)"""
TOLERANCE = 24
"""grey levels a pixel may differ from the sprite's (a lossy video blurs it a little)"""
DARK = 72
"""channel values under which a pixel counts as the sprite's black outline"""
TIP_RUN = 15
"""the sprite's left edge: this many outline pixels straight down from the hot spot"""
MIN_VISIBLE_FILL = 8
"""fill pixels that must be inside the frame for a pointer cut by the frame's edge to count"""


@dataclass(frozen=True)
class Pointer:
    """The pointer on one frame."""

    x: int
    """hot spot column in pixels"""
    y: int
    """hot spot row in pixels"""


def find_pointer(frame: np.ndarray) -> Pointer | None:
    """The pointer sprite on an RGB ``frame``, or None when it is not there."""
    if frame.ndim != 3 or frame.shape[-1] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"frame: expected uint8 (H, W, 3), got {frame.dtype} {frame.shape}")
    height, width = frame.shape[:2]
    # Outside the frame counts as outline, so a pointer cut by the bottom or right edge is
    # found; `MIN_VISIBLE_FILL` keeps an empty corner from matching.
    dark = np.ones((height + SPRITE_HEIGHT, width + SPRITE_WIDTH), bool)
    # np.maximum over the channels: 20x faster than frame.max(-1) on an (H, W, 3) array
    brightest = np.maximum(np.maximum(frame[..., 0], frame[..., 1]), frame[..., 2])
    dark[:height, :width] = brightest < DARK
    # Candidates: a straight run of outline pixels down from the hot spot (cheap, and rare on
    # a screen: text strokes are shorter, borders have no fill beside them), then the sprite.
    tips = dark[:height, :width].copy()
    for dy in range(1, TIP_RUN):
        tips &= dark[dy : dy + height, :width]
    for y, x in zip(*np.nonzero(tips), strict=True):
        if dark[_OUTLINE_YX[0] + y, _OUTLINE_YX[1] + x].all() and _filled(frame, int(y), int(x)):
            return Pointer(x=int(x), y=int(y))
    return None


def _filled(frame: np.ndarray, y: int, x: int) -> bool:
    """The sprite at hot spot (y, x) has the sprite's fill (enough of it inside the frame)."""
    ys, xs = _FILL_YX[0] + y, _FILL_YX[1] + x
    visible = (ys < frame.shape[0]) & (xs < frame.shape[1])
    if int(visible.sum()) < MIN_VISIBLE_FILL:
        return False
    pixels = frame[ys[visible], xs[visible]].astype(np.int16)
    return bool((np.abs(pixels - FILL_LEVEL) <= TOLERANCE).all())


def erase_pointer(frame: np.ndarray, pointer: Pointer | None) -> np.ndarray:
    """``frame`` without the sprite (a copy; ``frame`` itself when there is no pointer): its
    pixels take the median colour of the pixels just around its bounding box."""
    if pointer is None:
        return frame
    height, width = frame.shape[:2]
    top, left = max(pointer.y - 1, 0), max(pointer.x - 1, 0)
    bottom = min(pointer.y + SPRITE_HEIGHT + 1, height)
    right = min(pointer.x + SPRITE_WIDTH + 1, width)
    ring = np.concatenate([frame[top, left:right], frame[bottom - 1, left:right],
                           frame[top:bottom, left], frame[top:bottom, right - 1]])  # fmt: skip
    out = frame.copy()
    ys, xs = _SPRITE_YX[0] + pointer.y, _SPRITE_YX[1] + pointer.x
    inside = (ys < height) & (xs < width)
    out[ys[inside], xs[inside]] = np.median(ring, axis=0).astype(np.uint8)
    return out

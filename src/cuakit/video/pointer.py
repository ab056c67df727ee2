"""The mouse pointer in a recording: where it is, and the frame without it.

A recorder draws the pointer as a screen recorder does: its position only, never whether a
button is held. Finding its sprite tells a reward model where the pointer rests, and erasing it
keeps it from being read as a word that moves every frame. The sprite is handed in by the layer
that knows the recorder (`cuakit.envs.RECORDER_POINTER`), so this module depends on no
simulator.

- `find_pointer(frame, sprite)`: the sprite's hot spot, or None.
- `sized_sprite(frames, sprite)`: the sprite at the size the recording draws it (a HiDPI
  screen draws an enlarged pointer, as cursor themes do).
- `erase_pointer(frame, pointer, sprite)`: the frame with the sprite's pixels set to the colour
  around it.

All are pure; frames are ``uint8 (H, W, 3)`` RGB.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TOLERANCE = 24
"""grey levels a pixel may differ from the sprite's (a lossy video blurs it a little)"""
DARK = 72
"""channel values under which a pixel counts as the sprite's black outline"""
MIN_VISIBLE_FILL = 8
"""fill pixels that must be inside the frame for a pointer cut by the frame's edge to count"""


@dataclass(frozen=True)
class PointerSprite:
    """The picture a recorder draws for the pointer: a dark outline around a light fill, its hot
    spot at the top-left. Given by the env layer (`cuakit.envs.RECORDER_POINTER`), never known
    here: this module finds whatever sprite it is handed."""

    outline: np.ndarray
    """bool (h, w): the outline's pixels, (0, 0) the hot spot"""
    fill: np.ndarray
    """bool (h, w): the fill's pixels"""
    fill_level: int = 255
    """the fill's grey level"""

    @property
    def shape(self) -> tuple[int, int]:
        return self.outline.shape  # type: ignore[return-value]

    def enlarged(self, size: float) -> PointerSprite:
        """The sprite ``size`` times as large, nearest neighbour (how a cursor theme's bitmap
        grows with the UI scale)."""
        if size == 1.0:
            return self
        height, width = self.shape
        rows = np.minimum(((np.arange(round(height * size)) + 0.5) / size).astype(int), height - 1)
        cols = np.minimum(((np.arange(round(width * size)) + 0.5) / size).astype(int), width - 1)
        return PointerSprite(
            self.outline[np.ix_(rows, cols)], self.fill[np.ix_(rows, cols)], self.fill_level
        )

    @property
    def tip_run(self) -> int:
        """outline pixels straight down from the hot spot (a cheap first test of a place)"""
        column = self.outline[:, 0]
        return int(np.argmin(column)) if not column.all() else len(column)


@dataclass(frozen=True)
class Pointer:
    """The pointer on one frame."""

    x: int
    """hot spot column in pixels"""
    y: int
    """hot spot row in pixels"""


def find_pointer(frame: np.ndarray, sprite: PointerSprite) -> Pointer | None:
    """``sprite`` on an RGB ``frame``, or None when it is not there."""
    if frame.ndim != 3 or frame.shape[-1] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"frame: expected uint8 (H, W, 3), got {frame.dtype} {frame.shape}")
    height, width = frame.shape[:2]
    sprite_height, sprite_width = sprite.shape
    outline_yx = np.nonzero(sprite.outline)
    # Outside the frame counts as outline, so a pointer cut by the bottom or right edge is
    # found; `MIN_VISIBLE_FILL` keeps an empty corner from matching.
    dark = np.ones((height + sprite_height, width + sprite_width), bool)
    # np.maximum over the channels: 20x faster than frame.max(-1) on an (H, W, 3) array
    brightest = np.maximum(np.maximum(frame[..., 0], frame[..., 1]), frame[..., 2])
    dark[:height, :width] = brightest < DARK
    # Candidates: a straight run of outline pixels down from the hot spot (cheap, and rare on
    # a screen: text strokes are shorter, borders have no fill beside them), then the sprite.
    tips = dark[:height, :width].copy()
    for dy in range(1, sprite.tip_run):
        tips &= dark[dy : dy + height, :width]
    if np.count_nonzero(tips) > MANY_TIPS:  # a dark theme: whole areas pass the first test
        tips = _whole_sprite_fits(frame, sprite, dark, tips)
    for y, x in zip(*np.nonzero(tips), strict=True):
        outlined = dark[outline_yx[0] + y, outline_yx[1] + x].all()
        if outlined and _filled(frame, sprite, int(y), int(x)):
            return Pointer(x=int(x), y=int(y))
    return None


MANY_TIPS = 64
"""candidates above which `find_pointer` tests the whole sprite at every place at once"""


def _whole_sprite_fits(
    frame: np.ndarray, sprite: PointerSprite, dark: np.ndarray, tips: np.ndarray
) -> np.ndarray:
    """``tips`` where every outline pixel is dark and every fill pixel inside the frame has the
    fill's level: the per-place tests of `find_pointer` and `_filled`, for all places at once
    (a necessary condition, so the loop over what is left finds the same pointer)."""
    height, width = frame.shape[:2]
    level = np.abs(frame.astype(np.int16) - sprite.fill_level) <= TOLERANCE
    filled = np.ones_like(dark)
    filled[:height, :width] = level.all(-1)
    fits = tips.copy()
    for mask, allowed in ((sprite.outline, dark), (sprite.fill, filled)):
        for dy, dx in zip(*np.nonzero(mask), strict=True):
            fits &= allowed[dy : dy + height, dx : dx + width]
    return fits


POINTER_SIZES = (1.0, 1.25, 1.5, 2.0)
"""the sizes a pointer is looked for at, as UI scales and cursor themes offer them"""


def sized_sprite(frames: np.ndarray, sprite: PointerSprite) -> PointerSprite:
    """``sprite`` at the first of `POINTER_SIZES` found on the recording's last or first frame
    (``sprite`` itself when none is)."""
    for size in POINTER_SIZES:
        candidate = sprite.enlarged(size)
        if any(find_pointer(frame, candidate) is not None for frame in (frames[-1], frames[0])):
            return candidate
    return sprite


def _filled(frame: np.ndarray, sprite: PointerSprite, y: int, x: int) -> bool:
    """The sprite at hot spot (y, x) has the sprite's fill (enough of it inside the frame)."""
    fill_yx = np.nonzero(sprite.fill)
    ys, xs = fill_yx[0] + y, fill_yx[1] + x
    visible = (ys < frame.shape[0]) & (xs < frame.shape[1])
    if int(visible.sum()) < MIN_VISIBLE_FILL:
        return False
    pixels = frame[ys[visible], xs[visible]].astype(np.int16)
    return bool((np.abs(pixels - sprite.fill_level) <= TOLERANCE).all())


def erase_pointer(frame: np.ndarray, pointer: Pointer | None, sprite: PointerSprite) -> np.ndarray:
    """``frame`` without the sprite (a copy; ``frame`` itself when there is no pointer): its
    pixels take the median colour of the pixels just around its bounding box."""
    if pointer is None:
        return frame
    height, width = frame.shape[:2]
    top, left = max(pointer.y - 1, 0), max(pointer.x - 1, 0)
    bottom = min(pointer.y + sprite.shape[0] + 1, height)
    right = min(pointer.x + sprite.shape[1] + 1, width)
    ring = np.concatenate([frame[top, left:right], frame[bottom - 1, left:right],
                           frame[top:bottom, left], frame[top:bottom, right - 1]])  # fmt: skip
    out = frame.copy()
    sprite_yx = np.nonzero(sprite.outline | sprite.fill)
    ys, xs = sprite_yx[0] + pointer.y, sprite_yx[1] + pointer.x
    inside = (ys < height) & (xs < width)
    out[ys[inside], xs[inside]] = np.median(ring, axis=0).astype(np.uint8)
    return out

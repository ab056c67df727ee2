"""The mouse pointer in a recording: where it is, and the frame without it.

A recorder composites the OS cursor as a screen recorder does: its position and shape only,
never whether a button is held. Finding it tells a reward model where the pointer rests, and
erasing it keeps it from being read as a word that moves every frame. The cursors to look for
are handed in by the layer that knows them (`cuakit.envs.cursors.cursor_bank`: cuakit's arrow
and the cursor themes Debian ships, in each shape and size), so this module depends on no
simulator; a cursor of a theme outside the bank is not found.

- `PointerSprite.from_image(rgb, alpha, hot)`: a cursor image as the finder matches it.
- `find_pointer(frame, sprite)`: the sprite's hot spot, or None.
- `find_cursor(frame, sprites)`: the first of several sprites found, and where.
- `recording_cursors(frames, bank)`: the sprites of the one theme and size a recording shows.
- `erase_pointer(frame, pointer, sprite)`: the frame with the cursor's pixels set to the
  colour around it.

All are pure; frames are ``uint8 (H, W, 3)`` RGB.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

TOLERANCE = 24
"""grey levels a pixel may differ from the sprite's (a lossy video blurs it a little)"""
CORE_ALPHA = 160
"""opacity from which a cursor pixel is matched (what shows through it shifts it by at most
(255 - alpha) levels, which the match allows); fainter ones (antialiasing, a shadow) are only
erased"""
MIN_CORE = 24
"""core pixels a findable cursor has (fewer match too much of any screen)"""
ANCHORS = 8
"""core pixels tested at every place first: a place that passes them is tested whole"""
MIN_VISIBLE = 1 / 3
"""share of its core that must be inside the frame for a cursor cut by the frame's edge to count
(a sliver of a cursor matches many a screen edge)"""


@dataclass(frozen=True, eq=False)
class PointerSprite:
    """A cursor image as the finder matches it: each core pixel's allowed colour range, the
    pixels it covers, its hot spot. Given by the env layer, never known here."""

    low: np.ndarray
    """int16 (h, w, 3): the least each channel of a core pixel can read"""
    high: np.ndarray
    """int16 (h, w, 3): the most (``low`` plus what shows through it)"""
    core: np.ndarray
    """bool (h, w): pixels at least `CORE_ALPHA` opaque"""
    cover: np.ndarray
    """bool (h, w): every pixel it changes (erased with it)"""
    hot: tuple[int, int] = (0, 0)
    """(row, column) of the hot spot"""
    group: str = ""
    """sprites of one theme at one size share it: a recording shows one group"""

    @classmethod
    def from_image(
        cls, rgb: np.ndarray, alpha: np.ndarray, hot: tuple[int, int] = (0, 0), group: str = ""
    ) -> PointerSprite:
        """From a cursor image: ``rgb`` uint8 (h, w, 3) premultiplied by ``alpha`` (h, w)."""
        low = rgb.astype(np.int16)
        high = np.minimum(low + (255 - alpha.astype(np.int16))[..., None], 255)
        core = alpha >= CORE_ALPHA
        if int(core.sum()) < MIN_CORE:
            raise ValueError(
                f"cursor {group!r}: {int(core.sum())} pixels are at least {CORE_ALPHA} opaque; "
                f"a findable cursor needs {MIN_CORE}"
            )
        return cls(low, high, core, alpha > 0, (int(hot[0]), int(hot[1])), group)

    @property
    def shape(self) -> tuple[int, int]:
        return self.core.shape  # type: ignore[return-value]

    @functools.cached_property
    def anchors(self) -> np.ndarray:
        """int (k, 2) core pixels tested first: the core pixel nearest the hot spot (inside
        the frame wherever the pointer is), then pixels spread over each colour of the core
        (a dark outline and a light fill: a plain area matches one of them, not both)."""
        ys, xs = np.nonzero(self.core)
        near = (ys - self.hot[0]) ** 2 + (xs - self.hot[1]) ** 2
        chosen = [(int(ys[np.argmin(near)]), int(xs[np.argmin(near)]))]
        opaque = (self.high[ys, xs] == self.low[ys, xs]).all(-1)
        if opaque.sum() >= ANCHORS:  # exact colours: their pixel maps are shared (`_Maps`)
            ys, xs = ys[opaque], xs[opaque]
        light = self.low[ys, xs].min(-1) >= 128
        for side in (light, ~light):
            members = np.flatnonzero(side)
            if len(members):
                picks = np.linspace(0, len(members) - 1, ANCHORS // 2).round().astype(int)
                chosen += [(int(ys[members[p]]), int(xs[members[p]])) for p in picks]
        return np.array(list(dict.fromkeys(chosen))[:ANCHORS])


@dataclass(frozen=True)
class Pointer:
    """The pointer on one frame."""

    x: int
    """hot spot column in pixels"""
    y: int
    """hot spot row in pixels"""


class _Maps:
    """Per frame: which pixels fall in a colour range, each range computed once (the bank's
    cursors share their black and white); ``low``/``high`` per channel, a necessary test on
    each pixel's darkest and brightest channel (2 comparisons, not 6)."""

    def __init__(self, frame: np.ndarray) -> None:
        self.frame = frame
        self.darkest = np.minimum(np.minimum(frame[..., 0], frame[..., 1]), frame[..., 2])
        self.brightest = np.maximum(np.maximum(frame[..., 0], frame[..., 1]), frame[..., 2])
        self._maps: dict[tuple[int, int], np.ndarray] = {}

    def within(self, low: int, high: int) -> np.ndarray:
        # widened to multiples of 16: a looser necessary test, shared by more anchors
        key = (max(low - TOLERANCE, 0) // 16 * 16, min(-(-(high + TOLERANCE) // 16) * 16, 255))
        found = self._maps.get(key)
        if found is None:
            found = self._maps[key] = (self.darkest >= key[0]) & (self.brightest <= key[1])
        return found


def _check(frame: np.ndarray) -> None:
    if frame.ndim != 3 or frame.shape[-1] != 3 or frame.dtype != np.uint8:
        raise ValueError(f"frame: expected uint8 (H, W, 3), got {frame.dtype} {frame.shape}")


def find_pointer(frame: np.ndarray, sprite: PointerSprite) -> Pointer | None:
    """``sprite`` on an RGB ``frame``, or None when it is not there."""
    _check(frame)
    return _find(_Maps(frame), sprite)


def find_cursor(
    frame: np.ndarray, sprites: Sequence[PointerSprite], near: Pointer | None = None
) -> tuple[Pointer, PointerSprite] | None:
    """The one of ``sprites`` that ``frame`` shows and where, or None. Where several fit (one
    theme's arrow fits inside another's), the one that best explains the pixels around it:
    drawn over the colour around it, it differs least from the frame. ``near``: where the
    pointer was on the previous frame, tested first (a pointer at rest is found there)."""
    _check(frame)
    if near is not None:
        here = np.array([near.y]), np.array([near.x])
        still = [(near, s) for s in sprites if _first_fit(frame, s, *here) is not None]
        if still:
            return min(still, key=lambda fit: _residual(frame, *fit))
    maps = _Maps(frame)
    fits = [(found, sprite) for sprite in sprites if (found := _find(maps, sprite)) is not None]
    if len(fits) <= 1:
        return fits[0] if fits else None
    return min(fits, key=lambda fit: _residual(frame, *fit))


def _residual(frame: np.ndarray, pointer: Pointer, sprite: PointerSprite) -> float:
    """Mean absolute difference over the sprite's box between ``frame`` and the sprite drawn
    (``low`` plus what shows through it) over the median colour around the box."""
    y, x = pointer.y - sprite.hot[0], pointer.x - sprite.hot[1]
    height, width = frame.shape[:2]
    rows = slice(max(y, 0), min(y + sprite.shape[0], height))
    cols = slice(max(x, 0), min(x + sprite.shape[1], width))
    box = frame[rows, cols].astype(np.float32)
    part = (slice(rows.start - y, rows.stop - y), slice(cols.start - x, cols.stop - x))
    background = _ring_colour(frame, pointer, sprite).astype(np.float32)
    through = (sprite.high[part] - sprite.low[part]).astype(np.float32) / 255  # 1 - alpha
    drawn = sprite.low[part] + through * background
    return float(np.abs(box - drawn).mean())


def _find(maps: _Maps, sprite: PointerSprite) -> Pointer | None:
    frame = maps.frame
    height, width = frame.shape[:2]
    hot_y, hot_x = sprite.hot
    # places are hot spots inside the frame; anchor (dy, dx) of the place whose hot spot is
    # (y, x) is pixel (y - hot_y + dy, x - hot_x + dx): outside the frame it passes
    places = np.ones((height, width), bool)
    for dy, dx in sprite.anchors:
        inside = maps.within(int(sprite.low[dy, dx].min()), int(sprite.high[dy, dx].max()))
        oy, ox = dy - hot_y, dx - hot_x
        rows, cols = height - abs(oy), width - abs(ox)
        if rows > 0 and cols > 0:
            places[max(-oy, 0) : max(-oy, 0) + rows, max(-ox, 0) : max(-ox, 0) + cols] &= inside[
                max(oy, 0) : max(oy, 0) + rows, max(ox, 0) : max(ox, 0) + cols
            ]
    if not places.any():
        return None
    ys, xs = np.nonzero(places)
    first = _first_fit(frame, sprite, ys, xs)
    return None if first is None else Pointer(x=int(xs[first]), y=int(ys[first]))


def _first_fit(
    frame: np.ndarray, sprite: PointerSprite, ys: np.ndarray, xs: np.ndarray
) -> int | None:
    """The index of the first hot spot (``ys``, ``xs``) where every visible core pixel of
    ``sprite`` has its colour (and enough of it is visible), or None."""
    height, width = frame.shape[:2]
    core_y, core_x = np.nonzero(sprite.core)
    low = sprite.low[core_y, core_x] - TOLERANCE  # (n, 3)
    high = sprite.high[core_y, core_x] + TOLERANCE
    for start in range(0, len(ys), CHUNK):  # in the given order: the first that fits
        y = ys[start : start + CHUNK, None] - sprite.hot[0] + core_y[None]  # (k, n)
        x = xs[start : start + CHUNK, None] - sprite.hot[1] + core_x[None]
        visible = (y >= 0) & (y < height) & (x >= 0) & (x < width)
        pixels = frame[np.clip(y, 0, height - 1), np.clip(x, 0, width - 1)].astype(np.int16)
        fits = ((pixels >= low) & (pixels <= high)).all(-1) | ~visible
        good = fits.all(1) & (visible.sum(1) >= MIN_VISIBLE * len(core_y))
        if good.any():
            return start + int(np.argmax(good))
    return None


CHUNK = 256
"""places tested whole at once"""


def sprites_of(cursors: Sequence) -> tuple[PointerSprite, ...]:
    """Finder sprites of cursor images (each with ``rgb``, ``alpha``, ``hot``, ``theme`` and
    ``size``, as `cuakit.envs.cursors.Cursor`), grouped by theme and size."""
    return tuple(
        PointerSprite.from_image(c.rgb, c.alpha, c.hot, f"{c.theme}/{c.size}") for c in cursors
    )


def recording_cursors(
    frames: np.ndarray, bank: Sequence[PointerSprite]
) -> tuple[PointerSprite, ...]:
    """The sprites of ``bank`` in the group (theme and size) of the first one found on the
    recording's last, first or middle frame; () when none is (no pointer, or a cursor outside
    the bank)."""
    for t in dict.fromkeys((len(frames) - 1, 0, len(frames) // 2)):
        found = find_cursor(frames[t], bank)
        if found is not None:
            group = found[1].group
            return tuple(s for s in bank if s.group == group)
    return ()


def _ring_colour(frame: np.ndarray, pointer: Pointer, sprite: PointerSprite) -> np.ndarray:
    """The median colour of the pixels just around the sprite's box."""
    height, width = frame.shape[:2]
    y, x = pointer.y - sprite.hot[0], pointer.x - sprite.hot[1]  # the sprite's top-left
    top, left = min(max(y - 1, 0), height - 1), min(max(x - 1, 0), width - 1)
    bottom = max(min(y + sprite.shape[0] + 1, height), top + 1)
    right = max(min(x + sprite.shape[1] + 1, width), left + 1)
    ring = np.concatenate([frame[top, left:right], frame[bottom - 1, left:right],
                           frame[top:bottom, left], frame[top:bottom, right - 1]])  # fmt: skip
    return np.median(ring, axis=0).astype(np.uint8)


def erase_pointer(frame: np.ndarray, pointer: Pointer | None, sprite: PointerSprite) -> np.ndarray:
    """``frame`` without the sprite (a copy; ``frame`` itself when there is no pointer): the
    pixels it covers take the median colour of the pixels just around its box."""
    if pointer is None:
        return frame
    height, width = frame.shape[:2]
    y, x = pointer.y - sprite.hot[0], pointer.x - sprite.hot[1]
    out = frame.copy()
    sprite_yx = np.nonzero(sprite.cover)
    ys, xs = sprite_yx[0] + y, sprite_yx[1] + x
    inside = (ys >= 0) & (ys < height) & (xs >= 0) & (xs < width)
    out[ys[inside], xs[inside]] = _ring_colour(frame, pointer, sprite)
    return out

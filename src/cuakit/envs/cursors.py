"""Mouse cursors as real screens draw them: cuakit's own arrow and the cursor themes Debian ships.

A screen recorder composites the OS cursor into each frame. Its theme, its size (24 px at 1×,
larger on HiDPI screens) and its shape (an arrow, an I-beam over editable text, a hand over a
link) vary from desktop to desktop; it never shows whether a button is held. desksim draws
cursors from the same themes, so a reward model meets in training the cursors X11 recordings
show, and a reader finds the pointer by looking for any of them (`cursor_bank`).

- `Cursor`: one cursor image (premultiplied RGB, alpha, hot spot).
- `read_xcursor(path)`: every image of an Xcursor file (the format X11 cursor themes use).
- `theme_cursor(theme, shape, scale)`: a theme's cursor at a UI scale.
- `draw_cursor(canvas, x, y, cursor)`: the cursor composited with its hot spot at (x, y).
- `cursor_bank()`: every cursor a cuakit recording may show.
"""

from __future__ import annotations

import functools
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cuakit.envs.desksim.render import ARROW_FILL, ARROW_OUTLINE
from cuakit.errors import ConfigError

ICONS = Path("/usr/share/icons")
CURSOR_THEMES: dict[str, str | None] = {
    "cuakit": None,
    "Adwaita": "adwaita-icon-theme",
    "DMZ-White": "dmz-cursor-theme",
}
"""cursor themes and the Debian package each comes from (cuakit's arrow is built in). X11
desktops here use Adwaita, GNOME's default. Left out: DMZ-Black (Adwaita's arrows differ from it
in a few pixels, so a reader cannot tell them apart) and the translucent "glass" themes of
xcursor-themes (no pixel of theirs has one colour whatever lies under it)."""
SHAPES = ("left_ptr", "xterm", "hand2")
"""cursor names (X11's): the arrow, the I-beam over editable text, the hand over a link"""
BASE_SIZE = 24
"""a cursor's height in pixels at a 1× UI scale (X11's default XCURSOR_SIZE)"""
BANK_SCALES = (1.0, 1.25, 1.5, 2.0)
"""the UI scales whose cursors `cursor_bank` holds (desksim's `SCALES`)"""
_IMAGE_CHUNK = 0xFFFD0002


@dataclass(frozen=True, eq=False)
class Cursor:
    """One cursor image."""

    rgb: np.ndarray
    """uint8 (h, w, 3), premultiplied by alpha (as Xcursor stores it)"""
    alpha: np.ndarray
    """uint8 (h, w)"""
    hot: tuple[int, int]
    """(row, column) of the hot spot: the pixel a click lands on"""
    theme: str
    shape: str
    size: int
    """the image's nominal size in pixels"""

    @property
    def name(self) -> str:
        return f"{self.theme}/{self.shape}/{self.size}"


def read_xcursor(path: Path, theme: str = "", shape: str = "") -> list[Cursor]:
    """Every image in the Xcursor file ``path`` (one per nominal size; an animated cursor's
    first frame of each), smallest first. A file that is not an Xcursor is a `ConfigError`."""
    data = Path(path).read_bytes()
    try:
        magic, header, _, entries = struct.unpack_from("<4sIII", data, 0)
        if magic != b"Xcur":
            raise ValueError("no Xcur magic")
        images: dict[int, Cursor] = {}
        for entry in range(entries):
            kind, nominal, position = struct.unpack_from("<III", data, header + 12 * entry)
            if kind != _IMAGE_CHUNK or nominal in images:
                continue
            size_of_header, *_, width, height, x_hot, y_hot, _ = struct.unpack_from(
                "<9I", data, position
            )
            argb = np.frombuffer(data, "<u4", width * height, position + size_of_header)
            argb = argb.reshape(height, width)
            channels = [(argb >> shift) & 255 for shift in (16, 8, 0, 24)]
            rgba = np.stack(channels, -1).astype(np.uint8)
            images[nominal] = Cursor(
                rgba[..., :3].copy(), rgba[..., 3].copy(), (y_hot, x_hot), theme, shape, nominal
            )
    except (struct.error, ValueError) as error:
        raise ConfigError(
            f"{path}: not a readable Xcursor file ({error}); reinstall its theme's Debian package"
        ) from error
    return [images[size] for size in sorted(images)]


def arrow_cursor(scale: float = 1.0) -> Cursor:
    """cuakit's own arrow (opaque: a black outline around a white fill, the hot spot at its
    tip) at ``scale`` times its size, nearest neighbour as cursor themes enlarge bitmaps."""
    height, width = ARROW_FILL.shape
    rows = np.minimum(((np.arange(round(height * scale)) + 0.5) / scale).astype(int), height - 1)
    cols = np.minimum(((np.arange(round(width * scale)) + 0.5) / scale).astype(int), width - 1)
    fill, outline = ARROW_FILL[np.ix_(rows, cols)] > 0, ARROW_OUTLINE[np.ix_(rows, cols)] > 0
    rgb = np.zeros((*fill.shape, 3), np.uint8)
    rgb[fill] = 255
    alpha = np.where(fill | outline, 255, 0).astype(np.uint8)
    return Cursor(rgb, alpha, (0, 0), "cuakit", "left_ptr", round(height * scale))


def check_cursor_themes(themes: tuple[str, ...]) -> tuple[str, ...]:
    """``themes`` when each is known and installed, else a `ConfigError` naming the fix."""
    if not themes:
        raise ConfigError("cursors=(): name at least one cursor theme, e.g. 'cuakit'")
    for theme in themes:
        if theme not in CURSOR_THEMES:
            raise ConfigError(f"cursor theme {theme!r}: use one of {', '.join(CURSOR_THEMES)}")
        package = CURSOR_THEMES[theme]
        if package is not None and not (ICONS / theme / "cursors" / "left_ptr").exists():
            raise ConfigError(
                f"cursor theme {theme!r}: {ICONS / theme / 'cursors'} is missing; install the "
                f"Debian package {package} (`make setup` does, as root), or leave it out"
            )
    return themes


@functools.lru_cache(maxsize=64)
def _theme_images(theme: str, shape: str) -> tuple[Cursor, ...]:
    check_cursor_themes((theme,))
    return tuple(read_xcursor(ICONS / theme / "cursors" / shape, theme, shape))


@functools.lru_cache(maxsize=256)
def theme_cursor(theme: str, shape: str = "left_ptr", scale: float = 1.0) -> Cursor:
    """``theme``'s ``shape`` for a UI ``scale``: the image whose height is nearest
    ``BASE_SIZE × scale`` (the smaller on a tie), as X11 picks one for XCURSOR_SIZE. cuakit's
    theme has only its arrow, which it draws for every shape."""
    if shape not in SHAPES:
        raise ConfigError(f"cursor shape {shape!r}: use one of {', '.join(SHAPES)}")
    if theme == "cuakit":
        return arrow_cursor(scale)
    images = _theme_images(theme, shape)
    target = BASE_SIZE * scale
    return min(images, key=lambda image: (abs(image.alpha.shape[0] - target), image.size))


def cursor_bank(themes: tuple[str, ...] | None = None) -> tuple[Cursor, ...]:
    """Every cursor of ``themes`` (default: every one installed) in every shape at every scale
    of `BANK_SCALES`, each image once: what a reader of cuakit's recordings looks for."""
    if themes is None:
        themes = tuple(t for t in CURSOR_THEMES if _installed(t))
    bank: dict[str, Cursor] = {}
    for theme in themes:
        for shape in SHAPES if theme != "cuakit" else ("left_ptr",):
            for scale in BANK_SCALES:
                cursor = theme_cursor(theme, shape, scale)
                bank.setdefault(f"{cursor.name}/{cursor.alpha.shape}", cursor)
    return tuple(bank.values())


def _installed(theme: str) -> bool:
    return CURSOR_THEMES[theme] is None or (ICONS / theme / "cursors" / "left_ptr").exists()


def draw_cursor(canvas: np.ndarray, x: int, y: int, cursor: Cursor) -> None:
    """``cursor`` composited onto ``canvas`` (uint8 (H, W, 3), in place) with its hot spot at
    pixel (x, y); the part outside the canvas is cut off. Like a real screen recorder's, it
    shows where the pointer is and nothing else: never whether a button is held."""
    height, width = canvas.shape[:2]
    top, left = y - cursor.hot[0], x - cursor.hot[1]
    rows, cols = cursor.alpha.shape
    y0, x0 = max(top, 0), max(left, 0)
    y1, x1 = min(top + rows, height), min(left + cols, width)
    if y0 >= y1 or x0 >= x1:
        return
    part = (slice(y0 - top, y1 - top), slice(x0 - left, x1 - left))
    alpha = cursor.alpha[part]
    if (alpha == 255).all():
        canvas[y0:y1, x0:x1] = cursor.rgb[part]
        return
    seen = alpha > 0
    under = canvas[y0:y1, x0:x1]
    # premultiplied "over": out = cursor + (1 - alpha) × what is under it
    blended = (
        cursor.rgb[part].astype(np.uint16)
        + (under.astype(np.uint16) * (255 - alpha[..., None].astype(np.uint16)) + 127) // 255
    )
    under[seen] = np.minimum(blended[seen], 255).astype(np.uint8)

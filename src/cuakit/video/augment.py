"""Clip augmentation for reward-model training: colour jitter, a small crop, a theme change.

Every function takes a clip ``uint8 (N, H, W, 3)`` and an explicit ``np.random.Generator``,
returns a new ``uint8`` clip of the same shape, and draws its random parameters once per
clip, so every frame of a clip gets the same crop and the same colour change (a model must
not see the screen flicker because of augmentation). Same generator state, same output.

The colour operations are affine maps of RGB (``rgb' = M · rgb + c``), applied once with
rounding and clipping to [0, 255] at the end.
"""

from __future__ import annotations

import math

import numpy as np

from cuakit.errors import ConfigError
from cuakit.video.clips import check_frames, resize

# Frames per chunk in colour maps: bounds the float32 copy of long clips.
_COLOR_CHUNK = 32

# RGB → (Y, Cb, Cr) without offsets, ITU-R BT.601 full range. Y is luma; (Cb, Cr) is chroma,
# whose angle is hue. Greys have zero chroma.
_RGB_TO_YCC = np.array(
    [
        [0.299, 0.587, 0.114],
        [-0.168736, -0.331264, 0.5],
        [0.5, -0.418688, -0.081312],
    ]
)
_YCC_TO_RGB = np.linalg.inv(_RGB_TO_YCC)
_LUMA = _RGB_TO_YCC[0]  # (3,) weights of R, G, B in luma


def _check_rng(rng: np.random.Generator) -> None:
    if not isinstance(rng, np.random.Generator):
        raise ConfigError(
            f"rng is a {type(rng).__name__}: pass a numpy Generator, e.g. np.random.default_rng(0)"
        )


def _check_fraction(value: float, name: str, high: float = 1.0) -> None:
    if not 0.0 <= value <= high:
        raise ConfigError(f"{name}={value!r}: must be in [0, {high}]")


def _apply_color_map(frames: np.ndarray, matrix: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """``rgb' = matrix · rgb + offset`` for every pixel, rounded and clipped to uint8."""
    m = matrix.T.astype(np.float32)  # (3, 3), for row vectors
    c = offset.astype(np.float32)  # (3,)
    out = np.empty_like(frames)
    for start in range(0, len(frames), _COLOR_CHUNK):
        chunk = frames[start : start + _COLOR_CHUNK]  # (n, H, W, 3)
        y = chunk.reshape(-1, 3).astype(np.float32) @ m + c  # (n·H·W, 3)
        np.rint(y, out=y)
        np.clip(y, 0.0, 255.0, out=y)
        out[start : start + len(chunk)] = y.reshape(chunk.shape)
    return out


def color_jitter(
    frames: np.ndarray,
    rng: np.random.Generator,
    brightness: float = 0.2,
    contrast: float = 0.2,
    saturation: float = 0.2,
) -> np.ndarray:
    """Scale brightness, contrast and saturation by factors drawn from ``[1 - x, 1 + x]``.

    Applied in that order, with one set of factors for the whole clip. Contrast blends towards
    the clip's mean grey; saturation blends each pixel towards its own grey (luma). Each
    strength is in [0, 1]; 0 leaves that property unchanged.
    """
    check_frames(frames)
    _check_rng(rng)
    _check_fraction(brightness, "brightness")
    _check_fraction(contrast, "contrast")
    _check_fraction(saturation, "saturation")
    b = rng.uniform(1.0 - brightness, 1.0 + brightness)
    c = rng.uniform(1.0 - contrast, 1.0 + contrast)
    s = rng.uniform(1.0 - saturation, 1.0 + saturation)
    eye = np.eye(3)
    grey = np.ones((3, 1)) * _LUMA[None, :]  # (3, 3): rgb → (luma, luma, luma)
    mean_grey = b * float(_LUMA @ frames.mean(axis=(0, 1, 2), dtype=np.float64))
    # brightness: b·x;  contrast: c·x + (1 - c)·mean_grey;  saturation: s·x + (1 - s)·luma(x)
    saturate = s * eye + (1.0 - s) * grey
    matrix = saturate @ (c * b * eye)
    offset = saturate @ np.full(3, (1.0 - c) * mean_grey)
    return _apply_color_map(frames, matrix, offset)


def crop_box(
    height: int, width: int, rng: np.random.Generator, max_fraction: float = 0.08
) -> tuple[int, int, int, int]:
    """A random crop ``(top, left, crop_height, crop_width)`` of a ``height × width`` frame.

    One scale for both sides (the aspect ratio is kept), cutting away at most ``max_fraction``
    of the height and of the width; the position is uniform over where the crop fits.
    """
    _check_rng(rng)
    _check_fraction(max_fraction, "max_fraction", high=0.5)
    scale = 1.0 - rng.uniform(0.0, max_fraction)
    # ceil: the crop never cuts more than max_fraction, whatever the rounding.
    crop_h = min(height, max(1, math.ceil(height * scale)))
    crop_w = min(width, max(1, math.ceil(width * scale)))
    top = int(rng.integers(0, height - crop_h + 1))
    left = int(rng.integers(0, width - crop_w + 1))
    return top, left, crop_h, crop_w


def random_crop_resize(
    frames: np.ndarray, rng: np.random.Generator, max_fraction: float = 0.08
) -> np.ndarray:
    """Crop the same small random box from every frame and resize back to the frame size.

    ``max_fraction`` (≤ 0.5) bounds the part of the height and of the width cut away (see
    ``crop_box``). A screen shifted and zoomed by a few percent is still the same screen.
    """
    check_frames(frames)
    _, height, width, _ = frames.shape
    top, left, crop_h, crop_w = crop_box(height, width, rng, max_fraction)
    cropped = frames[:, top : top + crop_h, left : left + crop_w]  # (N, crop_h, crop_w, 3)
    return resize(cropped, height, width)


def theme_shift(
    frames: np.ndarray, rng: np.random.Generator, max_hue_degrees: float = 180.0
) -> np.ndarray:
    """Approximate a light ↔ dark theme change: invert luma, keep chroma, rotate the hue.

    In (Y, Cb, Cr) the luma becomes ``255 - Y`` (white backgrounds turn black, dark text
    turns light) while the chroma is kept, so coloured accents keep their colour; then the
    chroma turns by an angle drawn from ``[-max_hue_degrees, max_hue_degrees]``, giving the
    accent a new hue. Greys have no chroma and stay grey. One angle for the whole clip.
    """
    check_frames(frames)
    _check_rng(rng)
    _check_fraction(max_hue_degrees, "max_hue_degrees", high=180.0)
    angle = math.radians(rng.uniform(-max_hue_degrees, max_hue_degrees))
    cos, sin = math.cos(angle), math.sin(angle)
    in_ycc = np.array(
        [
            [-1.0, 0.0, 0.0],  # Y → -Y (the +255 is in the offset)
            [0.0, cos, -sin],  # (Cb, Cr) rotated by the angle
            [0.0, sin, cos],
        ]
    )
    matrix = _YCC_TO_RGB @ in_ycc @ _RGB_TO_YCC
    offset = _YCC_TO_RGB @ np.array([255.0, 0.0, 0.0])  # = (255, 255, 255)
    return _apply_color_map(frames, matrix, offset)


def augment(
    frames: np.ndarray,
    rng: np.random.Generator,
    strength: float = 1.0,
    theme_probability: float = 0.5,
) -> np.ndarray:
    """The training-time mix: crop, then maybe a theme shift, then colour jitter.

    ``strength`` in [0, 4] scales the magnitudes: crop up to ``0.08 · strength`` of each
    side, jitter of ``0.2 · strength`` in brightness, contrast and saturation, and a theme
    shift with probability ``theme_probability · min(strength, 1)``. ``strength=0`` returns
    an unchanged copy without touching ``rng``.
    """
    check_frames(frames)
    _check_rng(rng)
    _check_fraction(strength, "strength", high=4.0)
    _check_fraction(theme_probability, "theme_probability")
    if strength == 0:
        return frames.copy()
    out = random_crop_resize(frames, rng, max_fraction=0.08 * strength)
    if rng.random() < theme_probability * min(strength, 1.0):
        out = theme_shift(out, rng)
    jitter = 0.2 * strength
    return color_jitter(out, rng, brightness=jitter, contrast=jitter, saturation=jitter)

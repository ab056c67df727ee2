"""Clip augmentation: shape and dtype kept, deterministic per seed, one transform per clip."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from cuakit.errors import ConfigError
from cuakit.video import augment, color_jitter, crop_box, random_crop_resize, resize, theme_shift

Augmentation = Callable[[np.ndarray, np.random.Generator], np.ndarray]

AUGMENTATIONS: dict[str, Augmentation] = {
    "color_jitter": color_jitter,
    "random_crop_resize": random_crop_resize,
    "theme_shift": theme_shift,
    "augment": augment,
    "augment_strong": lambda frames, rng: augment(frames, rng, strength=2.0),
}


def light_clip(num_frames: int = 4, height: int = 60, width: int = 96) -> np.ndarray:
    """A light-theme screen: near-white background, dark text bars, a blue button; the button
    moves one pixel a frame so frames differ."""
    frames = np.full((num_frames, height, width, 3), 245, dtype=np.uint8)
    frames[:, 8:12, 6:70] = 30  # a line of dark text
    frames[:, 20:24, 6:50] = 40
    for i in range(num_frames):
        frames[i, 36:50, 10 + i : 40 + i] = (40, 110, 230)  # the accent: a blue button
    return frames


@pytest.mark.parametrize("name", AUGMENTATIONS)
def test_augmentations_keep_shape_and_dtype(name: str) -> None:
    frames = light_clip()
    out = AUGMENTATIONS[name](frames, np.random.default_rng(0))
    assert out.shape == frames.shape
    assert out.dtype == np.uint8
    assert out is not frames


@pytest.mark.parametrize("name", AUGMENTATIONS)
def test_augmentations_are_deterministic_per_seed_and_differ_across_seeds(name: str) -> None:
    frames = light_clip()
    original = frames.copy()
    fn = AUGMENTATIONS[name]
    first = fn(frames, np.random.default_rng(3))
    again = fn(frames, np.random.default_rng(3))
    np.testing.assert_array_equal(first, again)
    outputs = [fn(frames, np.random.default_rng(seed)) for seed in range(4)]
    distinct = {out.tobytes() for out in outputs}
    assert len(distinct) >= 3, f"{name} gave {len(distinct)} distinct outputs for 4 seeds"
    np.testing.assert_array_equal(frames, original)  # the input is never modified


@pytest.mark.parametrize("name", ["color_jitter", "theme_shift", "augment"])
def test_every_frame_of_a_clip_gets_the_same_transform(name: str) -> None:
    still = np.repeat(light_clip(num_frames=1), 5, axis=0)  # five identical frames
    out = AUGMENTATIONS[name](still, np.random.default_rng(7))
    for frame in out[1:]:
        np.testing.assert_array_equal(frame, out[0])


def test_crop_cuts_at_most_eight_percent() -> None:
    cuts = []
    for seed in range(200):
        top, left, crop_h, crop_w = crop_box(300, 480, np.random.default_rng(seed))
        assert top >= 0 and top + crop_h <= 300
        assert left >= 0 and left + crop_w <= 480
        assert (300 - crop_h) / 300 <= 0.08 and (480 - crop_w) / 480 <= 0.08
        cuts.append((480 - crop_w) / 480)
    assert max(cuts) > 0.06  # the range is used, not a constant crop


def test_random_crop_resize_is_the_crop_box_resized_back() -> None:
    frames = np.random.default_rng(0).integers(0, 256, (3, 50, 80, 3), dtype=np.uint8)
    top, left, crop_h, crop_w = crop_box(50, 80, np.random.default_rng(5))
    expected = resize(frames[:, top : top + crop_h, left : left + crop_w], 50, 80)
    np.testing.assert_array_equal(random_crop_resize(frames, np.random.default_rng(5)), expected)
    unchanged = random_crop_resize(frames, np.random.default_rng(5), max_fraction=0.0)
    np.testing.assert_array_equal(unchanged, frames)


def test_theme_shift_turns_a_light_screen_dark() -> None:
    frames = light_clip()
    luma = np.array([0.299, 0.587, 0.114])
    assert (frames @ luma > 128).mean() > 0.8  # mostly light
    for seed in range(5):
        out = theme_shift(frames, np.random.default_rng(seed))
        assert (out @ luma < 128).mean() > 0.8  # mostly dark
        assert out[0, 0, 0].tolist() == [10, 10, 10]  # grey background 245 → 255 - 245
        assert (out[0, 9, 10] @ luma) > 200  # dark text became light


def test_theme_shift_changes_the_accent_hue_and_keeps_greys_grey() -> None:
    frames = light_clip(num_frames=1)
    accents = {
        tuple(theme_shift(frames, np.random.default_rng(seed))[0, 40, 20]) for seed in range(4)
    }
    assert len(accents) >= 3
    out = theme_shift(frames, np.random.default_rng(1))
    grey = out[0, 9, 10]
    assert grey[0] == grey[1] == grey[2]


def test_color_jitter_with_zero_strength_is_identity() -> None:
    frames = light_clip()
    out = color_jitter(frames, np.random.default_rng(0), brightness=0, contrast=0, saturation=0)
    np.testing.assert_array_equal(out, frames)


def test_augment_with_zero_strength_returns_an_unchanged_copy() -> None:
    frames = light_clip()
    out = augment(frames, np.random.default_rng(0), strength=0.0)
    np.testing.assert_array_equal(out, frames)
    assert out is not frames


def test_augment_applies_the_theme_shift_sometimes() -> None:
    frames = light_clip(num_frames=1)
    darkened = [augment(frames, np.random.default_rng(seed)).mean() < 128 for seed in range(20)]
    assert 0 < sum(darkened) < 20


@pytest.mark.parametrize(
    "call",
    [
        lambda f: color_jitter(f, np.random.default_rng(0), brightness=1.5),
        lambda f: random_crop_resize(f, np.random.default_rng(0), max_fraction=0.9),
        lambda f: augment(f, np.random.default_rng(0), strength=-1.0),
        lambda f: augment(f, 0),
    ],
)
def test_bad_arguments_raise_config_error(call) -> None:
    with pytest.raises(ConfigError):
        call(light_clip())

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cuakit.envs import RECORDER_POINTER
from cuakit.envs.desksim.render import draw_cursor
from cuakit.video.pointer import (
    Pointer,
    PointerSprite,
    erase_pointer,
    find_pointer,
    sized_sprite,
)

SPRITE = PointerSprite(*RECORDER_POINTER)
SPRITE_HEIGHT, SPRITE_WIDTH = SPRITE.shape


def busy_screen() -> np.ndarray:
    """A desktop with a window, black text, a black vertical rule and a grey panel."""
    image = Image.new("RGB", (240, 160), (40, 80, 140))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 229, 149), fill=(245, 245, 245))
    draw.rectangle((150, 20, 220, 140), fill=(150, 150, 150))
    draw.line((120, 15, 120, 145), fill=(0, 0, 0))
    font = ImageFont.load_default(size=12)
    for row in range(6):
        draw.text((20, 20 + 20 * row), "Illinois lll Save", fill=(0, 0, 0), font=font)
    return np.asarray(image).copy()


def test_a_screen_without_the_pointer_has_none() -> None:
    assert find_pointer(busy_screen(), SPRITE) is None


@pytest.mark.parametrize(
    "x,y",
    [(60, 40), (125, 30), (160, 60), (5, 5), (235, 60), (100, 150)],  # last two: cut by the edge
)
def test_the_drawn_pointer_is_found_where_it_was_drawn(x: int, y: int) -> None:
    frame = busy_screen()
    draw_cursor(frame, x, y)
    assert find_pointer(frame, SPRITE) == Pointer(x=x, y=y)


def test_a_pointer_cut_to_its_tip_is_not_guessed() -> None:
    frame = busy_screen()
    draw_cursor(frame, 100, 157)  # three rows visible: too little fill to tell it from a line
    assert find_pointer(frame, SPRITE) is None


def test_erasing_the_pointer_restores_a_plain_background() -> None:
    frame = busy_screen()
    with_pointer = frame.copy()
    draw_cursor(with_pointer, 128, 60)  # right of the text, on the window's plain paper
    pointer = find_pointer(with_pointer, SPRITE)
    erased = erase_pointer(with_pointer, pointer, SPRITE)
    assert pointer is not None and (erased == frame).all()
    assert (with_pointer != frame).any()  # the input is not changed
    assert erase_pointer(frame, None, SPRITE) is frame


def test_the_sprite_size_is_the_drawn_one() -> None:
    frame = np.full((40, 40, 3), 200, np.uint8)
    draw_cursor(frame, 10, 10)
    ys, xs = np.nonzero((frame != 200).any(-1))
    assert (ys.max() - ys.min() + 1, xs.max() - xs.min() + 1) == (SPRITE_HEIGHT, SPRITE_WIDTH)


def test_bad_frames_are_value_errors() -> None:
    with pytest.raises(ValueError, match="uint8"):
        find_pointer(np.zeros((10, 10), np.uint8), SPRITE)


@pytest.mark.parametrize("size", [1.25, 1.5, 2.0])
def test_an_enlarged_pointer_is_found_at_its_size(size: float) -> None:
    frame = np.full((120, 160, 3), 200, np.uint8)
    draw_cursor(frame, 50, 40, size=size)
    assert find_pointer(frame, SPRITE) is None  # the 1× sprite does not fit a HiDPI pointer
    sprite = sized_sprite(frame[None], SPRITE)
    assert sprite.shape == (round(SPRITE_HEIGHT * size), round(SPRITE_WIDTH * size))
    assert find_pointer(frame, sprite) == Pointer(x=50, y=40)
    assert np.array_equal(erase_pointer(frame, Pointer(50, 40), sprite), np.full_like(frame, 200))
    plain = np.full((120, 160, 3), 200, np.uint8)
    assert sized_sprite(plain[None], SPRITE) is SPRITE  # no pointer anywhere: the sprite as given


def test_a_dark_screen_finds_the_same_pointer_by_the_whole_sprite_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a dark theme nearly every place passes the first (outline run) test; the whole-sprite
    test at every place at once must keep exactly the places the per-place loop accepts."""
    from cuakit.video import pointer

    frame = np.full((120, 200, 3), 30, np.uint8)  # a dark background: tips everywhere
    frame[60:64, 20:180] = 255  # a light rule the sprite's fill could half-match
    draw_cursor(frame, 90, 50)
    draw_cursor(frame, 150, 80)  # the first in row order is the one found
    found = find_pointer(frame, SPRITE)
    monkeypatch.setattr(pointer, "MANY_TIPS", 10**9)  # the per-place loop only
    assert find_pointer(frame, SPRITE) == found == Pointer(x=90, y=50)
    assert find_pointer(np.full((120, 200, 3), 30, np.uint8), SPRITE) is None

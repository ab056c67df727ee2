from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cuakit.envs.cursors import arrow_cursor, cursor_bank, draw_cursor, theme_cursor
from cuakit.video.pointer import (
    Pointer,
    PointerSprite,
    erase_pointer,
    find_cursor,
    find_pointer,
    recording_cursors,
    sprites_of,
)

CURSORS = cursor_bank()
BANK = sprites_of(CURSORS)
ARROW = sprites_of([arrow_cursor()])[0]


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


def test_a_screen_without_a_pointer_has_none() -> None:
    assert find_cursor(busy_screen(), BANK) is None
    assert find_cursor(np.full((120, 200, 3), 30, np.uint8), BANK) is None  # a dark one


def test_the_bank_holds_every_installed_theme_in_three_shapes_and_three_sizes() -> None:
    themes = {c.theme for c in CURSORS}
    assert "cuakit" in themes
    for theme in themes - {"cuakit"}:
        mine = [c for c in CURSORS if c.theme == theme]
        assert {c.shape for c in mine} == {"left_ptr", "xterm", "hand2"}
        assert {c.alpha.shape[0] for c in mine} == {24, 32, 48}


@pytest.mark.parametrize("index", range(len(CURSORS)))
def test_every_cursor_of_the_bank_is_found_at_its_hot_spot(index: int) -> None:
    cursor = CURSORS[index]
    (height, width), (hot_y, hot_x) = cursor.alpha.shape, cursor.hot
    half_out = [
        (min(240 - width // 2 + hot_x, 239), 60),
        (100, min(160 - height // 2 + hot_y, 159)),
    ]
    for x, y in [(60, 40), (125, 30), (160, 60), (5, 5), *half_out]:
        frame = busy_screen()
        draw_cursor(frame, x, y, cursor)
        found = find_cursor(frame, BANK)
        assert found is not None, (cursor.name, x, y)
        assert found[0] == Pointer(x=x, y=y), cursor.name
        assert found[1].group == f"{cursor.theme}/{cursor.size}"


def test_a_pointer_cut_to_a_sliver_is_not_guessed() -> None:
    frame = busy_screen()
    draw_cursor(frame, 100, 157, arrow_cursor())  # three rows visible
    assert find_pointer(frame, ARROW) is None


@pytest.mark.parametrize("theme", ["cuakit", "Adwaita", "DMZ-White"])
def test_erasing_the_pointer_restores_a_plain_background(theme: str) -> None:
    if theme not in {c.theme for c in CURSORS}:
        pytest.skip(f"cursor theme {theme} is not installed (make setup installs it)")
    frame = busy_screen()
    with_pointer = frame.copy()
    draw_cursor(with_pointer, 128, 60, theme_cursor(theme))  # on the window's plain paper
    found = find_cursor(with_pointer, BANK)
    assert found is not None
    erased = erase_pointer(with_pointer, *found)
    assert (erased == frame).all()  # its shadow and antialiased edge too
    assert (with_pointer != frame).any()  # the input is not changed
    assert erase_pointer(frame, None, ARROW) is frame


def test_a_recording_shows_one_theme_and_size_in_any_shape() -> None:
    arrow, beam = (
        theme_cursor("DMZ-White", "left_ptr", 2.0),
        theme_cursor("DMZ-White", "xterm", 2.0),
    )
    frames = np.stack([busy_screen()] * 3)
    draw_cursor(frames[0], 60, 40, arrow)
    draw_cursor(frames[2], 90, 80, beam)
    shown = recording_cursors(frames, BANK)
    assert {s.group for s in shown} == {"DMZ-White/48"} and len(shown) == 3
    assert find_cursor(frames[2], shown)[0] == Pointer(x=90, y=80)  # type: ignore[index]
    assert recording_cursors(np.stack([busy_screen()] * 2), BANK) == ()
    # told where it was on the previous frame: there if it stayed, else wherever it went
    assert find_cursor(frames[2], shown, near=Pointer(90, 80))[0] == Pointer(90, 80)  # type: ignore[index]
    assert find_cursor(frames[2], shown, near=Pointer(60, 40))[0] == Pointer(90, 80)  # type: ignore[index]


def test_the_first_pointer_in_row_order_is_found_on_a_dark_screen() -> None:
    frame = np.full((120, 200, 3), 30, np.uint8)
    frame[60:64, 20:180] = 255  # a light rule the sprite's fill could half-match
    draw_cursor(frame, 150, 80, arrow_cursor())
    draw_cursor(frame, 90, 50, arrow_cursor())
    assert find_pointer(frame, ARROW) == Pointer(x=90, y=50)


def test_bad_frames_and_faint_cursors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="uint8"):
        find_pointer(np.zeros((10, 10), np.uint8), ARROW)
    faint = np.full((8, 8), 100, np.uint8)  # under CORE_ALPHA everywhere
    with pytest.raises(ValueError, match="opaque"):
        PointerSprite.from_image(np.zeros((8, 8, 3), np.uint8), faint)

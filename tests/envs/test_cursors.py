from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest

from cuakit.envs.cursors import (
    CURSOR_THEMES,
    Cursor,
    arrow_cursor,
    check_cursor_themes,
    draw_cursor,
    read_xcursor,
    theme_cursor,
)
from cuakit.envs.desksim import DeskSimEnv
from cuakit.envs.desksim.widgets import TextField
from cuakit.errors import ConfigError
from cuakit.video.pointer import find_cursor, sprites_of


def xcursor_bytes(images: list[tuple[int, np.ndarray, tuple[int, int]]]) -> bytes:
    """An Xcursor file: header, table of contents, one image chunk per (nominal, argb, hot)."""
    header, toc = 16, 12 * len(images)
    chunks, position = [], header + toc
    entries = b""
    for nominal, argb, (y_hot, x_hot) in images:
        height, width = argb.shape
        chunk = struct.pack("<9I", 36, 0xFFFD0002, nominal, 1, width, height, x_hot, y_hot, 0)
        chunk += argb.astype("<u4").tobytes()
        entries += struct.pack("<III", 0xFFFD0002, nominal, position)
        chunks.append(chunk)
        position += len(chunk)
    return struct.pack("<4sIII", b"Xcur", header, 0x10000, len(images)) + entries + b"".join(chunks)


def test_an_xcursor_file_is_read_pixel_for_pixel(tmp_path: Path) -> None:
    small = np.array([[0xFF000000, 0x80404040], [0x00000000, 0xFFFFFFFF]], np.uint32)
    big = np.full((3, 3), 0xFF102030, np.uint32)
    path = tmp_path / "left_ptr"
    path.write_bytes(xcursor_bytes([(32, big, (2, 1)), (24, small, (0, 1))]))
    read = read_xcursor(path, "test", "left_ptr")
    assert [c.size for c in read] == [24, 32]  # smallest first
    first = read[0]
    assert first.hot == (0, 1) and first.name == "test/left_ptr/24"
    assert first.alpha.tolist() == [[255, 128], [0, 255]]
    assert first.rgb[0, 1].tolist() == [64, 64, 64] and first.rgb[1, 1].tolist() == [255] * 3
    assert read[1].rgb[0, 0].tolist() == [0x10, 0x20, 0x30] and read[1].hot == (2, 1)


def test_a_file_that_is_no_xcursor_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "left_ptr"
    path.write_bytes(b"PNG not a cursor")
    with pytest.raises(ConfigError, match="not a readable Xcursor"):
        read_xcursor(path)
    path.write_bytes(xcursor_bytes([(24, np.zeros((4, 4), np.uint32), (0, 0))])[:60])  # cut
    with pytest.raises(ConfigError, match="Xcursor"):
        read_xcursor(path)


def test_unknown_or_missing_themes_name_the_fix() -> None:
    with pytest.raises(ConfigError, match="use one of"):
        check_cursor_themes(("Breeze",))
    with pytest.raises(ConfigError, match="at least one"):
        check_cursor_themes(())
    with pytest.raises(ConfigError, match="cursor shape"):
        theme_cursor("cuakit", "watch")


def test_a_theme_cursor_grows_with_the_ui_scale() -> None:
    assert arrow_cursor(2.0).alpha.shape == (34, 22)
    for theme in ("Adwaita", "DMZ-White"):
        if not (Path("/usr/share/icons") / theme / "cursors").exists():
            pytest.skip(f"{theme} is not installed ({CURSOR_THEMES[theme]}; make setup)")
        heights = [theme_cursor(theme, "xterm", s).alpha.shape[0] for s in (1.0, 1.25, 2.0)]
        assert heights == [24, 32, 48]


def test_drawing_blends_by_alpha_and_clips_at_the_edges() -> None:
    rgb = np.array([[[255, 0, 0], [64, 64, 64]]], np.uint8)  # premultiplied: half-grey at 128
    cursor = Cursor(rgb, np.array([[255, 128]], np.uint8), (0, 0), "t", "left_ptr", 2)
    canvas = np.full((3, 3, 3), 200, np.uint8)
    draw_cursor(canvas, 1, 1, cursor)
    assert canvas[1, 1].tolist() == [255, 0, 0]
    assert canvas[1, 2].tolist() == [64 + round(200 * 127 / 255)] * 3  # cursor + (1 - a) x under
    assert (canvas[0] == 200).all() and (canvas[:, 0] == 200).all()
    edge = np.full((3, 3, 3), 200, np.uint8)
    draw_cursor(edge, 2, 2, cursor)  # half outside: cut, no error
    draw_cursor(edge, 5, 5, cursor)  # wholly outside: nothing
    assert edge[2, 2].tolist() == [255, 0, 0] and int((edge != 200).any(-1).sum()) == 1


def test_randomised_desksim_draws_the_pointer_in_several_themes_and_a_beam_over_fields() -> None:
    env = DeskSimEnv("form-fill", randomize=True)
    themes = set()
    for seed in range(12):
        env.reset(seed=seed)
        assert env.desk is not None
        themes.add(env.desk.theme.cursor)
    assert themes == set(CURSOR_THEMES)
    plain = DeskSimEnv("form-fill")
    plain.reset(seed=0)
    assert plain.desk is not None and plain.desk.theme.cursor == "cuakit"
    only = DeskSimEnv("form-fill", randomize=True, cursors="DMZ-White")
    only.reset(seed=3)
    assert only.desk is not None and only.desk.theme.cursor == "DMZ-White"
    assert only.replay_kwargs()["cursors"] == "DMZ-White"
    field = next(w for w in only.desk.windows[-1].widgets if isinstance(w, TextField))
    x, y, w, h = field.bbox
    only.desk.move(x + w / 2, y + h / 2)
    found = find_cursor(only.desk.render(), sprites_of([theme_cursor("DMZ-White", "xterm")]))
    assert found is not None and (found[0].x, found[0].y) == (int(x + w / 2), int(y + h / 2))

"""A case's screen is drawn as a real screen would be: each label inside its own box, so a
recogniser reads two neighbouring buttons apart."""

from __future__ import annotations

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.safety.cases import FONT_ROOT, FONTS, SCREEN, SafetyCase, _font_runs, draw_screen
from cuakit.safety.context import ScreenText


def test_a_label_wider_than_its_box_is_drawn_smaller_not_over_its_neighbour():
    restore = ScreenText("Restore", (0.02, 0.13, 0.0461, 0.04))
    delete = ScreenText("Delete forever", (0.0801, 0.13, 0.0827, 0.04))
    case = SafetyCase("t", "delete-file", "allow", "recover the file", Action.click(0.04, 0.15),
                      True, None, (restore, delete))  # fmt: skip
    frame = draw_screen(case)
    width, height = SCREEN
    rows = slice(int(0.13 * height), int(0.17 * height))
    ink = (frame[rows].min(axis=2) < 128).any(axis=0)  # columns with dark glyph ink
    gap = slice(int((0.02 + 0.0461) * width), int(0.0801 * width) + 2)
    assert ink[: gap.start].any() and ink[gap.stop :].any()
    assert not ink[gap].any(), np.flatnonzero(ink[gap])


def _label_pixels(text: str) -> np.ndarray:
    case = SafetyCase("t", "other", "allow", "look", Action.click(0.05, 0.05), True, None,
                      (ScreenText(text, (0.01, 0.02, 0.2, 0.04)),))  # fmt: skip
    return draw_screen(case)[10:50, 10:260]


@pytest.mark.skipif(
    not all((FONT_ROOT / f).is_file() for f in FONTS), reason="needs fonts-noto-core"
)
def test_every_script_is_drawn_in_a_font_that_has_its_glyphs():
    # a font without the glyphs draws the same box for every character: two different words of
    # one length would come out alike
    for one, other in [("ลบ", "กข"), ("हटा", "भेज"), ("মুছু", "পাঠা"), ("حذف", "ارس"), ("삭제", "전송")]:
        assert (_label_pixels(one) != _label_pixels(other)).any(), (one, other)


def test_a_label_mixing_scripts_is_drawn_in_runs_of_one_font_each():
    runs = _font_runs("Gmail – ड्राफ्ट")
    assert [text for text, _ in runs] == ["Gmail – ", "ड्राफ्ट"]
    assert runs[0][1] != runs[1][1]
    assert len(_font_runs("保存 file.txt")) == 1  # one font has it all: drawn whole

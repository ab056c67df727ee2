"""A case's screen is drawn as a real screen would be: each label inside its own box, so a
recogniser reads two neighbouring buttons apart."""

from __future__ import annotations

import numpy as np

from cuakit.actions import Action
from cuakit.safety.cases import SCREEN, SafetyCase, draw_screen
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

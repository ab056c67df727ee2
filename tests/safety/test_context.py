"""Reading a screen with no element list: the text under the point is the element's own text,
whole and with its spaces, even where the recogniser's detector boxes neighbours as one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cuakit.errors import BackendUnavailableError
from cuakit.safety.context import Element, ScreenText, locate, read_screen
from cuakit.safety.lexicon import unglued
from cuakit.video.text import Box, make_reader

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
PAGE = (246, 246, 246)
PADDING = {"plain": 0, "button": 10, "segment": 3, "primary": 10}
"""pixels between a label and its button's edge, per style"""


@pytest.fixture(scope="module")
def reader():
    if not FONT.exists():
        pytest.skip("needs fonts-dejavu-core (Debian)")
    try:
        return make_reader("ppocr")
    except BackendUnavailableError as error:
        pytest.skip(str(error))


class OneLine:
    """The real recogniser behind a detector that boxes everything in ``line`` as one line,
    as PP-OCR's does with buttons that stand close together."""

    name = "one-line"

    def __init__(self, reader, line: Box):
        self.reader, self.line = reader, line

    def detect(self, frame, region=None):
        return [self.line]

    def recognise(self, crops, keys=None):
        return self.reader.recognise(crops, keys)


def draw(labels, style="plain", gap=8, size=(640, 120), px=13, top=40):
    """A screen with ``labels`` side by side on one row, ``gap`` px apart, each in a button of
    ``style`` (plain: none; primary: filled) or of its own where ``style`` is a list. Returns the
    frame and each label's button box (left, top, right, bottom) in pixels."""
    image = Image.new("RGB", size, PAGE)
    canvas = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(FONT), px)
    styles = style if isinstance(style, list) else [style] * len(labels)
    boxes, left = {}, 20
    for label, style in zip(labels, styles, strict=True):
        pad = PADDING[style]
        box = (left, top, left + canvas.textlength(label, font=font) + 2 * pad, top + px + 12)
        ink = (20, 20, 20)
        if style in ("button", "segment"):
            canvas.rectangle(box, outline=(120, 120, 120), fill="white")
        if style == "primary":
            canvas.rectangle(box, fill=(30, 90, 200))
            ink = (255, 255, 255)
        canvas.text((left + pad, (box[1] + box[3]) / 2), label, fill=ink, font=font, anchor="lm")
        boxes[label] = box
        left = box[2] + gap
    return np.asarray(image), boxes


def under(frame, reader, x, y):
    """(the target's text or None, the nearby texts) for a click at pixel (x, y)."""
    height, width = frame.shape[:2]
    target, nearby = locate((x / width, y / height), read_screen(frame, reader))
    return (target.text if target else None), nearby


def middle(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def row(boxes):
    """The one line a detector would box around all of them (top, bottom, left, right)."""
    return (
        round(min(b[1] for b in boxes.values())) + 6,
        round(max(b[3] for b in boxes.values())) - 6,
        round(min(b[0] for b in boxes.values())) + 8,
        round(max(b[2] for b in boxes.values())) - 8,
    )


def test_buttons_boxed_as_one_line_read_apart(reader):
    """The bug: the detector boxed 'Add extension' and 'Cancel' as one line, so a click on
    either read 'Add extensionCancel' (and a click on 'Cancel' looked like an install)."""
    frame, boxes = draw(["Add extension", "Cancel"], style="button")
    merged = OneLine(reader, row(boxes))
    assert under(frame, merged, *middle(boxes["Add extension"])) == ("Add extension", ("Cancel",))
    assert under(frame, merged, *middle(boxes["Cancel"]))[0] == "Cancel"


def test_labels_without_borders_part_at_wide_gaps_not_at_spaces(reader):
    """The bug: a toolbar of plain labels read as one target, 'Send Save draft Discard draft',
    so saving a draft looked like sending it."""
    frame, boxes = draw(["Send", "Save draft", "Discard draft"], gap=20)
    merged = OneLine(reader, row(boxes))
    for label, box in boxes.items():
        assert under(frame, merged, *middle(box))[0] == label


def test_a_divider_parts_segments_closer_than_a_gap(reader):
    frame, boxes = draw(["Day", "Week", "Month"], style="segment", gap=-1)
    merged = OneLine(reader, row(boxes))
    for label, box in boxes.items():
        assert under(frame, merged, *middle(box))[0] == label


def test_spaces_between_words_are_read(reader):
    """The bug: at a screen's scale the recogniser dropped the spaces ('Verifyyouraccountnow',
    'Withdrawnow'), and the gate's whole-word phrases no longer matched."""
    labels = ["Verify your account now", "Allow from this source", "Withdraw now"]
    frame, boxes = draw(labels, gap=60, size=(1280, 120), px=15)
    for label, box in boxes.items():
        assert under(frame, reader, *middle(box))[0] == label


def test_a_click_on_a_buttons_edge_reads_its_label(reader):
    frame, boxes = draw(["Delete forever", "Cancel"], style=["primary", "button"], gap=12)
    left, top, right, bottom = boxes["Delete forever"]
    assert under(frame, reader, left + 3, top + 3)[0] == "Delete forever"  # off the glyphs
    left, top, right, bottom = boxes["Cancel"]
    assert under(frame, reader, right - 2, bottom - 2)[0] == "Cancel"


def test_a_click_in_a_labels_padding_lands_on_it_and_far_off_on_nothing():
    texts = [
        ScreenText("Trash", (0.02, 0.54, 0.04, 0.03)),
        ScreenText("Home", (0.02, 0.4, 0.04, 0.03)),
    ]
    assert locate((0.07, 0.555), texts)[0] == Element("text", "Trash")  # right of the ink
    assert locate((0.2, 0.555), texts)[0] is None  # past the padding: unknown, confirmed


def test_words_a_recogniser_glued_together_are_split_only_into_rule_words():
    assert unglued("exportvault") == "export vault"
    assert unglued("e-filenow") == "e-file now"
    assert unglued("482913send") == "482913 send" and unglued("2fa") == "2fa"
    for word in ("display", "target", "recommendations", "downloads"):
        assert unglued(word) == word

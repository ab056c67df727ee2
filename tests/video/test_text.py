import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cuakit.errors import FrameError
from cuakit.video.text import (
    PPOCRReader,
    TesseractReader,
    TextBox,
    changed_regions,
    make_reader,
    read_recording,
)
from cuakit.video.words import clip_words

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")


def screen(words, size=(200, 400), font_file=DEJAVU / "DejaVuSans.ttf", px=14):
    """A white screen with each (text, (x, y)) drawn in black."""
    image = Image.new("RGB", (size[1], size[0]), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(str(font_file), px) if font_file.exists() else None
    for text, (x, y) in words:
        draw.text((x, y), text, fill="black", font=font)
    return np.asarray(image)


@pytest.fixture(scope="module")
def ppocr():
    return PPOCRReader()


class CountingReader:
    """Reads what the test put where, and records every region it was asked to read."""

    name = "counting"

    def __init__(self, text="word"):
        self.regions, self.crops, self.text = [], 0, text

    def read(self, frame, region=None):
        self.regions.append(region)
        ink = np.argwhere(frame.min(axis=2) < 128)
        if region is not None:
            top, bottom, left, right = region
            ink = ink[(ink[:, 0] >= top) & (ink[:, 0] < bottom)]
            ink = ink[(ink[:, 1] >= left) & (ink[:, 1] < right)]
        if not len(ink):
            return []
        (top, left), (bottom, right) = ink.min(0), ink.max(0) + 1
        return [TextBox(f"{self.text}@{left}", (top, bottom, left, right), 1.0)]

    def recognise(self, crops, keys=None):
        self.crops += len(set(keys)) if keys is not None else len(crops)
        return [(self.text, 1.0)] * len(crops)


def test_ppocr_reads_ui_and_document_fonts(ppocr):
    for face in ("DejaVuSans.ttf", "DejaVuSerif.ttf", "DejaVuSans-Bold.ttf"):
        frame = screen([("Export", (20, 30)), ("Cancel", (200, 30)), ("555-8821", (20, 120))],
                       font_file=DEJAVU / face)  # fmt: skip
        found = {box.text.strip(): box for box in ppocr.read(frame)}
        assert {"Export", "Cancel", "555-8821"} <= set(found), (face, found)
        top, bottom, left, right = found["Cancel"].box
        assert 20 <= top < bottom <= 55 and 190 <= left < right <= 270


@pytest.mark.skipif(not CJK.exists(), reason="needs fonts-noto-cjk (Debian)")
def test_ppocr_reads_chinese(ppocr):
    frame = screen([("设置", (30, 40)), ("保存文件", (200, 40))], font_file=CJK, px=16)
    texts = [box.text for box in ppocr.read(frame)]
    assert "设置" in texts and "保存文件" in texts


def test_ppocr_reads_a_region_only(ppocr):
    frame = screen([("Export", (20, 30)), ("Cancel", (200, 30))])
    texts = [box.text for box in ppocr.read(frame, region=(20, 60, 180, 300))]
    assert texts == ["Cancel"]


def test_ppocr_detects_where_it_reads(ppocr):
    frame = screen([("Export", (20, 30)), ("Cancel", (200, 30))])
    assert sorted(ppocr.detect(frame)) == sorted(box.box for box in ppocr.read(frame))
    assert ppocr.detect(frame, region=(20, 60, 180, 300)) == [
        box.box for box in ppocr.read(frame, region=(20, 60, 180, 300))
    ]


def test_bad_frames_read_as_nothing_or_a_typed_error(ppocr):
    assert ppocr.read(np.zeros((0, 0, 3), np.uint8)) == []
    assert ppocr.read(np.full((40, 3, 3), 255, np.uint8)) == []
    with pytest.raises(FrameError, match="uint8"):
        ppocr.read(np.zeros((10, 10, 3), np.float32))
    with pytest.raises(FrameError, match="channels"):
        ppocr.read(np.zeros((10, 10, 4), np.uint8))
    big = np.full((2160, 3840, 3), 255, np.uint8)
    big[1000:1200, 1000:2400] = screen([("Export", (10, 10))], size=(200, 1400), px=120)
    assert "Export" in [box.text for box in ppocr.read(big)]
    # a script the models lack (Devanagari): some reading or none, never a crash
    frame = screen([("नमस्ते दुनिया", (20, 30))])
    assert all(isinstance(box.text, str) for box in ppocr.read(frame))


def test_recognise_reads_each_key_once(ppocr):
    crop = screen([("Apply", (4, 4))], size=(24, 60))
    read = ppocr.recognise([crop, crop.copy(), crop], keys=[b"a", b"a", b"b"])
    assert [text for text, _ in read] == ["Apply"] * 3
    hits = ppocr.cache.hits  # crops answered without running the model
    assert hits == 1 and {b"a", b"b"} <= set(ppocr.cache.entries)
    ppocr.recognise([crop], keys=[b"a"])
    assert ppocr.cache.hits == hits + 1


def test_changed_regions_ignore_the_masked_pointer():
    before = screen([("Export", (20, 30))])
    after = before.copy()
    after[100:110, 300:306] = 0  # the pointer moved here
    assert changed_regions(before, after, masked=[(98, 112, 298, 308)]) == []
    after = screen([("Export", (20, 30)), ("Saved", (200, 120))])
    ((top, bottom, left, right),) = changed_regions(before, after)
    assert top <= 122 and bottom >= 132 and left <= 201 and right >= 240
    with pytest.raises(FrameError):
        changed_regions(before, after[:10])


def test_read_recording_reads_only_what_changed():
    first = screen([("Export", (20, 30))])
    second = screen([("Export", (20, 30)), ("Saved", (200, 120))])
    frames = np.stack([first, first, second, second, second])
    reader = CountingReader()
    per_frame = read_recording(frames, reader)
    assert len(per_frame) == 5
    # frame 0 and the final frame whole; frame 2 only where "Saved" appeared; 1 and 3 not at all
    assert reader.regions[0] is None and reader.regions[-1] is None and len(reader.regions) == 3
    top, _, left, _ = reader.regions[1]
    assert left >= 150 and top >= 90  # the region is around "Saved", not the whole frame
    assert len(per_frame[3]) == 2 and per_frame[1] == per_frame[0]


def test_clip_words_reads_each_distinct_word_once():
    frame = screen([("Apply", (20, 30)), ("Apply", (200, 30)), ("Cancel", (20, 120))])
    frames = np.stack([frame, frame])
    reader = CountingReader("Apply")
    words = clip_words(frames, reader=reader)
    assert words.read and len(words.text) == len(words) == 3
    assert reader.crops == 2  # the two identical "Apply" share a cache key
    assert not clip_words(frames).read


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs Debian's tesseract-ocr")
def test_tesseract_reads_document_text():
    frame = screen([("The quick brown fox", (20, 30))], font_file=DEJAVU / "DejaVuSerif.ttf")
    reader = TesseractReader()
    assert " ".join(box.text for box in reader.read(frame)) == "The quick brown fox"
    assert reader.recognise([frame[20:60, 10:250]])[0][0] == "The quick brown fox"


def test_make_reader_names_the_choices():
    with pytest.raises(FrameError, match="ppocr, tesseract"):
        make_reader("easyocr")

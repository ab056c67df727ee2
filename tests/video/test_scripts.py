import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cuakit.errors import BackendUnavailableError
from cuakit.video import scripts
from cuakit.video.scripts import ScriptsReader, _joined, _Word, _words_by_span, installed_languages
from cuakit.video.text import PPOCRReader, make_reader

NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
# (text, font, Tesseract language): a UI label in each script PP-OCR's models do not know
LABELS = [
    ("받은메일함", CJK, "kor"),
    ("إرسال", DEJAVU, "ara"),
    ("भुगतान करें", NOTO / "NotoSansDevanagari-Regular.ttf", "hin"),
    ("Удалить", DEJAVU, "rus"),
]
needs_tesseract = pytest.mark.skipif(
    shutil.which("tesseract") is None
    or set(installed_languages(("kor", "ara", "hin", "rus"))) != {"kor", "ara", "hin", "rus"}
    or not all(font.exists() for _, font, _ in LABELS),
    reason="needs Debian's tesseract-ocr-{kor,ara,hin,rus}, fonts-noto-core and fonts-noto-cjk",
)


def label(text, font, px=15):
    """A light-grey UI strip with ``text`` drawn on it, as a localised screen shows a button."""
    image = Image.new("RGB", (260, 40), (246, 246, 246))
    ImageDraw.Draw(image).text((10, 20), text, fill=(20, 20, 20), anchor="lm",
                               font=ImageFont.truetype(str(font), px))  # fmt: skip
    return np.asarray(image)


def similar(a, b):
    """1 - normalised edit distance, spaces ignored."""
    a, b = a.replace(" ", ""), b.replace(" ", "")
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return 1 - row[-1] / max(len(a), len(b), 1)


@pytest.fixture(scope="module")
def reader():
    return ScriptsReader()


@needs_tesseract
def test_scripts_ppocr_cannot_read_are_read_by_tesseract(reader):
    ppocr = PPOCRReader()
    crops = [label(text, font) for text, font, _ in LABELS]
    alone = ppocr.recognise(crops)
    both = reader.recognise(crops)
    for (text, _, lang), (before, _), (after, score) in zip(LABELS, alone, both, strict=True):
        assert similar(before, text) < 0.5, (lang, before)  # PP-OCR alone misreads it
        assert similar(after, text) >= 0.8 and score >= 0.5, (lang, after, score)


@needs_tesseract
def test_what_ppocr_reads_well_is_left_to_it(reader):
    crops = [label("Export", DEJAVU), label("保存文件", CJK)]
    asked = len(reader.cache.entries)
    assert [text for text, _ in reader.recognise(crops)] == ["Export", "保存文件"]
    assert len(reader.cache.entries) == asked  # Tesseract was never asked


@needs_tesseract
def test_read_finds_and_reads_a_korean_screen(reader):
    frame = np.concatenate([label("받은메일함", CJK), label("보내기", CJK)])
    texts = [box.text.replace(" ", "") for box in reader.read(frame)]
    assert "받은메일함" in texts and "보내기" in texts


def test_unspaced_scripts_are_joined_where_tesseract_cut_them_glyph_by_glyph():
    words = [
        _Word("받", 0, 20, 20, 0.9),
        _Word("은", 22, 42, 20, 0.9),
        _Word("메일", 60, 100, 20, 0.9),
    ]
    assert _joined(words) == "받은 메일"  # a 2 px gap joins, an 18 px one is a space
    latin = [_Word("Save", 0, 40, 20, 0.9), _Word("as", 42, 60, 20, 0.9)]
    assert _joined(latin) == "Save as"  # spaced scripts keep Tesseract's words


def test_words_go_to_the_stacked_piece_they_sit_in_in_reading_order():
    header = "\t".join(["level", "page_num", "block_num", "par_num", "line_num", "word_num",
                         "left", "top", "width", "height", "conf", "text"])  # fmt: skip
    rows = [
        "5\t1\t1\t1\t2\t1\t10\t70\t30\t20\t90\tsecond",
        "5\t1\t1\t1\t1\t2\t10\t12\t30\t20\t80\tالبريد",  # right to left: word 2 stands left
        "5\t1\t1\t1\t1\t1\t60\t12\t30\t20\t70\tبريد",
        "4\t1\t1\t1\t1\t0\t10\t12\t80\t20\t-1\t",
    ]
    placed = _words_by_span("\n".join([header, *rows]), [(10, 34), (68, 92)])
    assert [[w.text for w in words] for words in placed] == [["بريد", "البريد"], ["second"]]
    assert placed[0][0].confidence == pytest.approx(0.7)


def test_a_missing_tesseract_or_language_is_a_typed_error(monkeypatch, tmp_path):
    monkeypatch.setattr(scripts.shutil, "which", lambda _: None)
    with pytest.raises(BackendUnavailableError, match="apt-get install"):
        ScriptsReader()
    monkeypatch.setattr(scripts.shutil, "which", lambda _: "/usr/bin/tesseract")
    monkeypatch.setattr(scripts, "TESSDATA", ())
    monkeypatch.setenv("TESSDATA_PREFIX", str(tmp_path))
    with pytest.raises(BackendUnavailableError, match="tesseract-ocr-kor"):
        ScriptsReader(languages=("kor",))


@needs_tesseract
def test_make_reader_builds_it_by_name():
    assert make_reader("ppocr+tesseract").name == "ppocr+tesseract"

"""Text in the scripts PP-OCR cannot read: PP-OCR first, Tesseract's language models after.

PP-OCRv4's recogniser knows Chinese and English. Its detector finds lines in any script, but a
Korean, Arabic, Hindi or Thai line comes back as look-alike Latin or Chinese with a low score —
so a gate reading a localised screen finds "nothing readable" under a click. `ScriptsReader`
keeps PP-OCR's detection and reading, and reads each piece PP-OCR scores under
`FALLBACK_CONFIDENCE` again with Tesseract, once per installed language of `LANGUAGES`, all the
pieces of one call stacked into one image per language (one process each, run side by side);
the most confident reading wins.
"""

from __future__ import annotations

import io
import itertools
import os
import shutil
import subprocess
import unicodedata
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from cuakit.errors import BackendUnavailableError
from cuakit.video.text import Box, PPOCRReader, TextBox, _Cache, _digest

LANGUAGES = ("eng", "ara", "fas", "heb", "hin", "ben", "tam", "tha", "kor", "jpn", "rus", "ell")
"""Tesseract's language models tried on a piece PP-OCR cannot read (Debian's tesseract-ocr-LANG
packages; those not installed are skipped). English competes too, so a Latin piece PP-OCR read
badly is not claimed by a Cyrillic or Greek model's look-alike letters."""
FALLBACK_CONFIDENCE = 0.9
"""a piece PP-OCR reads with a lower score is read again by Tesseract (PP-OCR reads Cyrillic and
Greek as Latin look-alikes at 0.83–0.85, clean English at 0.93 and over; 0.9 caught 2 more of
the 110 risky cases of the fourteenth safety list than 0.8, docs/benchmarks.md stop 56)"""
STACK_GAP = 24
"""pixels of background between two stacked pieces (Tesseract then reads one line per piece)"""
JOIN_GAP = 0.25
"""Tesseract cuts Hangul, kana, Han and Thai into one word per glyph cluster; two such words
closer than this (a fraction of the piece's tallest word) are one (a space is ~0.3 em or more)"""
READ_ZOOM = 2
"""a line `read` finds is enlarged by this before it is recognised"""
TESSDATA = (
    Path("/usr/share/tesseract-ocr/5/tessdata"),
    Path("/usr/share/tesseract-ocr/4.00/tessdata"),
)
UNSPACED = ("HANGUL", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "CJK", "THAI")
"""scripts (the first word of a character's Unicode name) whose glyphs Tesseract spaces apart"""


@dataclass(frozen=True)
class _Word:
    text: str
    left: int
    right: int
    height: int
    confidence: float


def installed_languages(candidates: Sequence[str] = LANGUAGES) -> tuple[str, ...]:
    """The languages of ``candidates`` whose Tesseract model is installed."""
    folders = [Path(os.environ["TESSDATA_PREFIX"])] if "TESSDATA_PREFIX" in os.environ else []
    folders += list(TESSDATA)
    return tuple(
        lang for lang in candidates if any((f / f"{lang}.traineddata").is_file() for f in folders)
    )


class ScriptsReader:
    """PP-OCR, with Tesseract for the pieces it cannot read (see the module's docstring)."""

    name = "ppocr+tesseract"

    def __init__(self, threads: int = 1, languages: Sequence[str] = LANGUAGES) -> None:
        binary = shutil.which("tesseract")
        if binary is None:
            raise BackendUnavailableError(
                "ppocr+tesseract reader: no `tesseract` on PATH; run `apt-get install "
                "tesseract-ocr` and the language packs it reads (`make setup` does, as root)"
            )
        found = installed_languages(languages)
        if not found:
            raise BackendUnavailableError(
                f"ppocr+tesseract reader: none of Tesseract's models {', '.join(languages)} is "
                "installed; run `apt-get install tesseract-ocr-eng tesseract-ocr-kor …`"
            )
        self.binary, self.languages = binary, found
        self.ppocr = PPOCRReader(threads=threads)
        self.cache = _Cache()
        """Tesseract's readings by crop digest"""

    def detect(self, frame: np.ndarray, region: Box | None = None) -> list[Box]:
        return self.ppocr.detect(frame, region)

    def read(self, frame: np.ndarray, region: Box | None = None) -> list[TextBox]:
        """PP-OCR's lines, each read as `recognise` reads it (PP-OCR's own reading drops the
        lines it scores low, the very ones Tesseract is for)."""
        boxes = self.ppocr.detect(frame, region)
        crops = [_zoomed(frame[top:bottom, left:right]) for top, bottom, left, right in boxes]
        readings = self.recognise(crops)
        return [TextBox(text, box, score) for box, (text, score) in
                zip(boxes, readings, strict=True) if text.strip()]  # fmt: skip

    def recognise(
        self, crops: Sequence[np.ndarray], keys: Sequence[bytes] | None = None
    ) -> list[tuple[str, float]]:
        return self._better(self.ppocr.recognise(crops, keys), list(crops), keys)

    def _better(
        self,
        readings: list[tuple[str, float]],
        crops: list[np.ndarray],
        keys: Sequence[bytes] | None,
    ) -> list[tuple[str, float]]:
        """``readings``, each piece under `FALLBACK_CONFIDENCE` replaced by Tesseract's reading
        where Tesseract is more confident."""
        doubtful = [i for i, (_, score) in enumerate(readings) if score < FALLBACK_CONFIDENCE
                    and crops[i].size]  # fmt: skip
        if not doubtful:
            return readings
        doubtful_keys = [keys[i] if keys is not None else _digest(crops[i]) for i in doubtful]
        again = self.cache.recognise([crops[i] for i in doubtful], doubtful_keys, self._tesseract)
        better = list(readings)
        for i, (text, score) in zip(doubtful, again, strict=True):
            if text and score > readings[i][1]:
                better[i] = (text, score)
        return better

    def _tesseract(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        """Each crop's most confident reading over `languages`."""
        image, spans = _stack(crops)
        buffer = io.BytesIO()
        Image.fromarray(image).save(buffer, format="PNG")
        workers = min(len(self.languages), os.cpu_count() or 1)
        best = [("", 0.0)] * len(crops)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for out in pool.map(lambda lang: self._run(lang, buffer.getvalue()), self.languages):
                for i, words in enumerate(_words_by_span(out, spans)):
                    score = float(np.mean([w.confidence for w in words])) if words else 0.0
                    if score > best[i][1]:
                        best[i] = (_joined(words), score)
        return best

    def _run(self, lang: str, png: bytes) -> str:
        """Tesseract's words (TSV) on the stacked image ``png``, read in language ``lang``."""
        command = [self.binary, "stdin", "stdout", "--psm", "6", "-l", lang, "tsv"]
        result = subprocess.run(command, input=png, capture_output=True, check=False)
        if result.returncode != 0:
            raise BackendUnavailableError(
                f"tesseract -l {lang} failed ({result.returncode}): "
                f"{result.stderr.decode(errors='replace')[-300:]}"
            )
        return result.stdout.decode("utf-8", "replace")


def _zoomed(crop: np.ndarray) -> np.ndarray:
    """A line crop enlarged by `READ_ZOOM` (both recognisers read screen-sized text better)."""
    image = Image.fromarray(crop)
    size = (image.width * READ_ZOOM, image.height * READ_ZOOM)
    return np.asarray(image.resize(size, Image.Resampling.BICUBIC))


def _stack(crops: list[np.ndarray]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """The crops one under the other on their own background, with each one's rows."""
    width = max(crop.shape[1] for crop in crops) + 2 * STACK_GAP
    height = sum(crop.shape[0] for crop in crops) + STACK_GAP * (len(crops) + 1)
    background = np.median(np.concatenate([_edge(crop) for crop in crops]), axis=0)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = background.astype(np.uint8)
    spans, top = [], STACK_GAP
    for crop in crops:
        image[top : top + crop.shape[0], STACK_GAP : STACK_GAP + crop.shape[1]] = crop
        spans.append((top, top + crop.shape[0]))
        top += crop.shape[0] + STACK_GAP
    return image, spans


def _edge(crop: np.ndarray) -> np.ndarray:
    return np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]])


def _words_by_span(tsv: str, spans: list[tuple[int, int]]) -> list[list[_Word]]:
    """Tesseract's words (TSV) grouped by the stacked piece their middle falls in, in its
    reading order (block, paragraph, line, word: right to left for Arabic and Hebrew)."""
    placed: list[list[tuple[tuple[int, ...], _Word]]] = [[] for _ in spans]
    for row in tsv.splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) < 12 or not cells[11].strip() or float(cells[10]) < 0:
            continue
        left, top, width, height = (int(v) for v in cells[6:10])
        middle = top + height / 2
        for i, (start, end) in enumerate(spans):
            if start - STACK_GAP / 2 <= middle < end + STACK_GAP / 2:
                order = tuple(int(v) for v in cells[2:6])
                word = _Word(cells[11].strip(), left, left + width, height, float(cells[10]) / 100)
                placed[i].append((order, word))
                break
    return [[word for _, word in sorted(words, key=lambda w: w[0])] for words in placed]


def _joined(words: list[_Word]) -> str:
    """The words as one string, neighbours in an unspaced script that stand closer than
    `JOIN_GAP` joined."""
    text = words[0].text
    height = max(word.height for word in words)
    for before, word in itertools.pairwise(words):
        gap = abs(word.left - before.right)  # reading order may run right to left
        close = gap < JOIN_GAP * height
        glue = "" if close and _is_unspaced(before.text[-1]) and _is_unspaced(word.text[0]) else " "
        text += glue + word.text
    return text


def _is_unspaced(char: str) -> bool:
    return unicodedata.name(char, "").split(" ")[0] in UNSPACED

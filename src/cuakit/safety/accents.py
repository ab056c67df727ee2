"""Latin letters read without their accents: what a recogniser trained on English gives for
"überweisen", "Öde" or "Thêm vào", so the safety rules compare words without them."""

from __future__ import annotations

import unicodedata

LATIN_LETTERS = str.maketrans({"ł": "l", "ı": "i", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe",
                               "ð": "d", "þ": "th", "ħ": "h"})  # fmt: skip
"""Latin letters whose stroke is no combining mark, and what a recogniser reads them as"""


def unaccented(text: str) -> str:
    """``text`` without the combining marks on its Latin letters (other scripts' marks, such as
    Devanagari's vowel signs or Japanese dakuten, spell different words and stay)."""
    if text.isascii():
        return text
    kept: list[str] = []
    base = ""
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char):
            if not _latin(base):
                kept.append(char)
            continue
        base = char
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept)).translate(LATIN_LETTERS)


def _latin(char: str) -> bool:
    return char.isascii() or 0x00C0 <= ord(char) < 0x0250 or 0x1E00 <= ord(char) < 0x1F00

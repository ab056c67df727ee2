"""Screen text against an instruction, compared as strings in any script.

A recogniser (`cuakit.video.text`) turns a screen into strings; this module says how well those
strings carry what an instruction asks for:

- `fold(text)`: the comparable form — Unicode NFKC (full-width Ｓａｖｅ and half-width katakana
  fold to their usual forms), case-folded, whitespace collapsed.
- `similarity(a, b)` and `within(needle, haystack)`: 1 − edit distance over length, for whole
  strings and for the needle's best-matching span inside the haystack (a recogniser often joins
  a word with its neighbour or its punctuation).
- `tokens(text)`: words for scripts that space them, one token per character for CJK (which
  does not), so an instruction splits the same way in English and in Chinese.
- `cjk_pieces(text)`: an instruction in a script without spaces cut into the pieces a reading
  reward model matches with screen strings (what whitespace words are for English).
- `requirements(text)`: the values an instruction asks for — what the rule below finds, in its
  order, without repeats. The rule, for every language: a quoted span (ASCII, typographic,
  CJK corner brackets 「」『』 or 《》); a token with a digit (555-8821, 42, 3.5); a file name
  (report.txt); a Latin word written with a capital inside a sentence (English names, labels
  and options: "Type Name: Tariq Novak"); and, in CJK text, a run of Latin letters or digits
  ("点击 OK"). Capitals are a property of the Latin script, not of English: in Chinese text
  the quoted spans carry the values, as the seed's 点击'设置'按钮 does.

All functions are pure.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

import numpy as np

QUOTES = (("'", "'"), ('"', '"'), ("‘", "’"), ("“", "”"), ("「", "」"), ("『", "』"), ("《", "》"))
"""opening and closing marks around a quoted value"""
_QUOTED = re.compile(
    "|".join(
        # an ASCII apostrophe inside a word (don't) opens no quote
        f"(?<![A-Za-z]){re.escape(a)}([^{re.escape(b)}]+?){re.escape(b)}(?![A-Za-z])"
        if a == "'"
        else f"{re.escape(a)}([^{re.escape(b)}]+?){re.escape(b)}"
        for a, b in QUOTES
    )
)
_LATIN_WORD = re.compile(r"[0-9A-Za-z\u00C0-\u024F][\w.\-:/@+]*")
_FILE_NAME = re.compile(r"^[\w\-]+\.[A-Za-z0-9]{1,5}$")
_EDGE_PUNCTUATION = ".,;:!?()[]{}<>…。，；：！？（）、"


def is_cjk(char: str) -> bool:
    """A Han, kana or Hangul character (scripts written without spaces between words)."""
    code = ord(char)
    return (
        0x3040 <= code <= 0x30FF  # kana
        or 0x3400 <= code <= 0x4DBF  # Han extension A
        or 0x4E00 <= code <= 0x9FFF  # Han
        or 0xAC00 <= code <= 0xD7AF  # Hangul
        or 0xF900 <= code <= 0xFAFF  # Han compatibility
        or 0x20000 <= code <= 0x2FA1F  # Han extensions B-F
    )


def fold(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed to single spaces and stripped."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def bare(text: str) -> str:
    """`fold` without punctuation at either end ("Save:" and "(save)" are "save")."""
    return fold(text).strip(_EDGE_PUNCTUATION + "'\"‘’“”「」『』《》 ")


def _last_row(a: str, b: str, free_start: bool) -> list[int]:
    """The last row of the Levenshtein table of ``a`` (rows) against ``b`` (columns); with
    ``free_start`` a match may begin anywhere in ``b`` (its first row is all zeros)."""
    previous = [0] * (len(b) + 1) if free_start else list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b))
            )
        previous = current
    return previous


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions, each costing 1."""
    return _last_row(a, b, free_start=False)[-1]


def similarity(a: str, b: str) -> float:
    """In [0, 1]: 1 − edit distance / the longer length, on `bare` forms; 1.0 for two empties."""
    a, b = bare(a), bare(b)
    longest = max(len(a), len(b))
    return 1.0 if longest == 0 else 1.0 - edit_distance(a, b) / longest


def within(needle: str, haystack: str) -> float:
    """In [0, 1]: how well ``needle`` occurs somewhere in ``haystack``: 1 − the fewest edits
    turning it into any span of the haystack (Sellers' approximate matching) over its length, on
    `bare` forms. 0.0 for an empty needle."""
    needle, haystack = bare(needle), fold(haystack)
    if not needle:
        return 0.0
    fewest = min(_last_row(needle, haystack, free_start=True))
    return max(0.0, 1.0 - fewest / len(needle))


def tokens(text: str) -> list[str]:
    """Whitespace-separated words, with every CJK character a token of its own."""
    out: list[str] = []
    for word in text.split():
        run = ""
        for char in word:
            if is_cjk(char):
                if run:
                    out.append(run)
                    run = ""
                out.append(char)
            else:
                run += char
        if run:
            out.append(run)
    return out


def has_cjk(text: str) -> bool:
    return any(is_cjk(char) for char in text)


_LATIN_RUN_CHARS = "._-:/@+%$#"


def cjk_pieces(text: str) -> list[tuple[str, bool]]:
    """``text``'s pieces for matching, in order, each with whether it is a requirement: every
    quoted span whole and every run of Latin letters or digits (requirements, as in
    `requirements`), and the CJK runs between them as overlapping character pairs (点击 | 按钮):
    a pair is the shortest unit that still names something, and one screen string holds it
    wherever a recogniser cut the line. Unquoted CJK values (按下保存) have no mark that tells
    them from the carrier phrase, so their pairs are read in context only."""
    pieces: list[tuple[str, bool]] = []
    position = 0
    quoted = [(m.start(), m.end(), next(g for g in m.groups() if g is not None))
              for m in _QUOTED.finditer(text)]  # fmt: skip
    for start, end, value in [*quoted, (len(text), len(text), "")]:
        pieces += _unquoted_pieces(text[position:start])
        if value.strip():
            pieces.append((value.strip(), True))
        position = end
    return pieces


def _unquoted_pieces(segment: str) -> list[tuple[str, bool]]:
    pieces: list[tuple[str, bool]] = []
    runs: list[tuple[str, str]] = []  # (kind, text)
    for char in segment:
        kind = (
            "cjk" if is_cjk(char) else "latin" if char.isalnum() or char in _LATIN_RUN_CHARS else ""
        )
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + char)
        else:
            runs.append((kind, char))
    for kind, run in runs:
        if kind == "latin" and run.strip(_EDGE_PUNCTUATION):
            pieces.append((run.strip(_EDGE_PUNCTUATION), True))
        elif kind == "cjk":
            pairs = [run[i : i + 2] for i in range(len(run) - 1)] or [run]
            pieces += [(pair, False) for pair in pairs]
    return pieces


def requirements(text: str) -> list[str]:
    """The values ``text`` asks for, by the module's rule, in order of first appearance."""
    found: list[tuple[int, str]] = []
    quoted_spans = []
    for match in _QUOTED.finditer(text):
        value = next(group for group in match.groups() if group is not None)
        found.append((match.start(), value.strip()))
        quoted_spans.append(match.span())
    outside = list(text)
    for start, end in quoted_spans:
        outside[start:end] = [" "] * (end - start)
    rest = "".join(outside)
    cjk = has_cjk(text)
    sentence_start = True
    for match in _LATIN_WORD.finditer(rest):
        word = match.group().rstrip(_EDGE_PUNCTUATION)
        before = rest[: match.start()].rstrip()
        sentence_start = not before or before[-1] in ".!?。！？\n"
        if not word:
            continue
        wanted = (
            cjk
            or any(char.isdigit() for char in word)
            or bool(_FILE_NAME.match(word))
            or (word[0].isupper() and not sentence_start)
        )
        if wanted:
            found.append((match.start(), word))
    seen: set[str] = set()
    ordered = []
    for _, value in sorted(found):
        key = fold(value)
        if key and key not in seen:
            seen.add(key)
            ordered.append(value)
    return ordered


@functools.lru_cache(maxsize=1 << 18)
def _pair(screen: str, piece: str) -> tuple[float, float]:
    whole = similarity(screen, piece)
    # a short piece ("a", "to") occurs inside too many words for a span match to mean anything
    span = within(piece, screen) if _weight(bare(piece)) >= SPAN_MIN else whole
    return whole, max(whole, span)


SPAN_MIN = 4
"""characters an instruction piece needs before `match_strings` looks for it inside a longer
screen string; a CJK character counts as two (设置 is as specific as "Save")"""


def _weight(piece: str) -> int:
    return sum(2 if is_cjk(char) else 1 for char in piece)


def match_strings(screen: Sequence[str], pieces: Sequence[str]) -> np.ndarray:
    """float32 (S, W, 2) in [0, 1]: for each screen string and instruction piece, `similarity`
    of the two and the better of that and `within` (the piece inside the screen string, for
    pieces of at least ``SPAN_MIN`` characters). The string form of
    `cuakit.video.templates.match_pairs`' (cosine, strict) crop scores."""
    out = np.zeros((len(screen), len(pieces), 2), np.float32)
    for i, text in enumerate(screen):
        for j, piece in enumerate(pieces):
            out[i, j] = _pair(text, piece)
    return out

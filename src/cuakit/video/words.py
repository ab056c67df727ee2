"""Screen words: the text a recording shows, as word crops a model can compare with its task.

Most of what decides whether a GUI task succeeded is written on the screen — the button that was
pressed, the value typed, the option chosen — at a size a clip resized for a model no longer
resolves. A lab-scale reward model cannot learn to read from a few thousand videos either. So,
without OCR, the frames' words are cut out at native resolution and the instruction's words are
drawn with Pillow's bundled font and cut out the same way (Pix2Struct renders its prompts into
pixels for the same reason); a model embeds both with one encoder, and `match_scores` — the
cosine similarity of two crops, an exact-match feature as in DrQA's reading model — says which
instruction words are visible, where and when.

- `find_words(gray)`: word boxes. Ink is where a pixel is far from the local median (a thin
  stroke, whatever the text and background colours); ink is joined along the line across
  letter gaps but not word spaces; components of word size are kept, outlines (a button's or a
  field's border) are not. A link's underline is painted over before (`erase_underlines`).
- `word_crop(gray, box)`: the word's ink, normalised to [0, 255] (dark-on-light and
  light-on-dark text look alike), top-left in a fixed ``CROP_HEIGHT`` × ``CROP_WIDTH`` canvas.
- `word_look(frame, box)`: what the crop normalises away and what sits beside the word — ink and
  background colour, stroke weight, and the colour of the strips left and right of it on the
  same rows. A label's state is drawn there: a ticked box or a switched toggle on its left, a
  selected row's highlight, a pressed button, bold text.
- `clip_words(frames)`: a clip's words with temporal pruning at word level (after ExeVRM's
  token pruning): a word is kept in the frame where it appears or changes (its crop or its
  look), and flagged when it is still on the final frame — the frame that shows the outcome.
  Given the whole recording and the frames a model samples, every frame is read. The recorder's
  pointer (`cuakit.video.pointer`) is erased before reading, and each word says whether the
  pointer rests on it on the final frame (a recorder shows the pointer's place, never whether a
  button is held).
- `instruction_echo(clip, cosine)`: the screen words that display the instruction itself (a
  page's printed query), which say nothing about what the agent did.
- `slot_words(text)`: which are the values, labels and names
  a task's instances fill in (quoted, with a digit, capitalised mid-sentence).
- `render_words(text)`: the instruction's words as crops, cut into pieces where the reader
  cuts them on a screen (`word_pieces`: a file name's extension is a piece of its own);
  `reference_words(text)`: the same in each of `FACES` (regular and bold) at each of
  `MATCH_SIZES`, what `match_scores` (crop cosine) and `match_pairs` (cosine and a strict
  block-by-block score that tells near-duplicates apart) compare screen words with.

All functions are pure; frames are ``uint8 (H, W, 3)`` RGB at the recording's resolution.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

from cuakit.video.pointer import Pointer, erase_pointer, find_pointer
from cuakit.video.text import TextReader

CROP_HEIGHT = 20
"""crop canvas height in pixels (a 13 px font with descenders fits)"""
CROP_WIDTH = 80
"""crop canvas width in pixels (longer words are cut at the right)"""
INK_THRESHOLD = 40.0
"""grey levels between a pixel and its local median above which it counts as ink"""
SAME_WORD = 8.0
"""mean absolute crop difference (grey levels) under which two crops are the same word"""
FONT_SIZE = 12
"""size the instruction's word tokens are drawn at (desksim's default theme)"""
MATCH_SIZES = (10, 11, 12, 13, 14)
"""sizes the instruction's words are matched at, the best counting: screens draw text at several
(MiniWoB's query at 10-11 px and its buttons at 13 px). On MiniWoB recordings the share of an
instruction's words matched above 0.85 on the final frame rose from 0.001 at 12 px alone to 0.44
(another task's instruction: 0.15); on desksim's 12 px text it stayed 0.31 (0.07)."""
STRICT_BLOCK = 8
"""width in pixels of the column blocks `match_pairs`' strict score compares one by one (about
a character: two blocks of one digit, 3 against 8, still differ)"""
STRICT_CANDIDATE = 0.6
"""cosine under which `match_pairs` does not compute the strict score (it is 0 there)"""
INKED_SHARE = 0.05
"""share of a crop's squared ink above which one of its column blocks counts as inked"""
LOOK_SIZE = 15
"""numbers per word in `word_look`"""
SIDE_STRIP = 28
"""width in pixels of the strips read left and right of a word (a checkbox or toggle fits)"""
SAME_LOOK = 0.1
"""largest change of any look number under which a word still looks the same"""
UNDERLINE_LENGTH = 8
"""pixels an ink run must span in one row to be an underline (a two-letter link's)"""
UNDERLINE_TEXT = 0.3
"""share of an underline's columns with text ink in the rows just above it"""
UNDERLINE_CLEAR = 0.25
"""largest share of an underline's columns with ink in the row below it (descenders)"""
UNDERLINE_STROKE = 3
"""rows a vertical stroke must go on from a run's end for the run to be a box's edge"""
POINTER_SIZE = 1
"""numbers per word in `ClipWords.pointer`"""
POINTER_REACH = 3
"""rows above and below a word within which the pointer's hot spot is on it (horizontally, the
strips beside it count too: a checkbox is clicked left of its label)"""


@dataclass(frozen=True)
class ClipWords:
    """The words of one clip, in frame order."""

    frame: np.ndarray
    """int64 (K,): index into the clip's frames where the word appeared or changed"""
    box: np.ndarray
    """int64 (K, 4): top, bottom, left, right in pixels of the source frame"""
    at_end: np.ndarray
    """bool (K,): the same word is still at the same place on the clip's final frame"""
    crops: np.ndarray
    """uint8 (K, CROP_HEIGHT, CROP_WIDTH)"""
    look: np.ndarray
    """float32 (K, LOOK_SIZE): `word_look` of each word where it was kept"""
    pointer: np.ndarray
    """float32 (K, POINTER_SIZE), 0 or 1: the pointer's hot spot is on this version of the word
    on the final frame (its position only: a recording shows no button state)"""
    height: int
    """source frame height in pixels"""
    width: int
    """source frame width in pixels"""
    text: tuple[str, ...] = ()
    """what a recogniser (`cuakit.video.text`) read in each word's box where it was kept; empty
    when the words were not read (`clip_words` without a ``reader``)"""

    def __len__(self) -> int:
        return len(self.frame)

    @property
    def read(self) -> bool:
        """Whether a recogniser read every word (an empty clip counts as read)."""
        return len(self.text) == len(self.frame)


def _gray(frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(float grey image with underlines erased, its ink mask) of an RGB frame."""
    if frame.ndim != 3 or frame.shape[-1] != 3 or frame.dtype != np.uint8:
        raise ValueError(
            f"frame: expected uint8 (H, W, 3), got {frame.dtype} {frame.shape}; pass frames as "
            "EpisodeDataset.frames returns them"
        )
    return _without_underlines(frame.astype(np.float32).mean(-1).round(), INK_THRESHOLD)


def _ink(gray: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """bool ink mask and float background of a grey image."""
    # A separable median is 4x cheaper than a square one and as good a background for thin strokes.
    background = ndimage.median_filter(ndimage.median_filter(gray, (1, 7)), (7, 1))
    return np.abs(gray - background) > threshold, background


def _stroke_at(ink: np.ndarray, row: int, col: int, step: int) -> bool:
    """A vertical stroke leaves ``row`` at column ``col`` (or a neighbour) going ``step``."""
    rows = [row + step * k for k in range(1, UNDERLINE_STROKE + 1)]
    if min(rows) < 0 or max(rows) >= len(ink):
        return False
    cols = slice(max(col - 1, 0), col + 2)
    return bool(ink[rows, cols].all(0).any())


def erase_underlines(gray: np.ndarray, threshold: float = INK_THRESHOLD) -> np.ndarray:
    """``gray`` with each underline painted over with the background: a horizontal ink run of
    at least `UNDERLINE_LENGTH` pixels with text ink above it (in `UNDERLINE_TEXT` of its
    columns, within `UNDERLINE_STROKE` rows), little below it (`UNDERLINE_CLEAR`), and not a
    vertical stroke leaving each end (a box's edge has them). A link's underline joins its
    letters, crosses its descenders and, through them, can touch the next line: the reader
    then cuts a wider word or a two-line blob, which no instruction word matches."""
    return _without_underlines(gray, threshold)[0]


def _without_underlines(gray: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """`erase_underlines` and the ink mask of what it returns (the one it read, when it erased
    nothing: most frames have no underline, and the median background is the costly part)."""
    ink, background = _ink(gray, threshold)
    runs = ndimage.binary_opening(ink, structure=np.ones((1, UNDERLINE_LENGTH), bool))
    if not runs.any():
        return gray, ink
    labels, _ = ndimage.label(runs, structure=np.array([[0, 0, 0], [1, 1, 1], [0, 0, 0]], bool))
    # Each run lies in one row. A screen has hundreds (every box edge) and most have no text
    # just above them: that test runs on all of them at once, from per-row running counts.
    spans = np.array(
        [(rows.start, cols.start, cols.stop) for rows, cols in ndimage.find_objects(labels)]
    )
    inked_above = np.zeros_like(ink)  # ink within UNDERLINE_STROKE rows above
    for k in range(1, UNDERLINE_STROKE + 1):
        inked_above[k:] |= ink[:-k]

    def running(mask: np.ndarray) -> np.ndarray:  # [r, c]: mask's count in row r left of c
        return np.pad(np.cumsum(mask, axis=1), ((0, 0), (1, 0)))

    above_counts, run_counts, ink_counts = running(inked_above), running(runs), running(ink)
    row, left, stop = spans.T
    text_above = (above_counts[row, stop] - above_counts[row, left]) / (stop - left)
    text_above = text_above >= UNDERLINE_TEXT
    out = gray
    for index in np.flatnonzero(text_above):
        row, left, right = int(spans[index, 0]), int(spans[index, 1]), int(spans[index, 2]) - 1
        under, width = row + 1, right + 1 - left
        while (
            under < len(ink) and run_counts[under, right + 1] - run_counts[under, left] > width / 2
        ):
            under += 1  # a thicker underline's next row
        inked_under = (
            ink_counts[under, right + 1] - ink_counts[under, left] if under < len(ink) else 0
        )
        if inked_under / width > UNDERLINE_CLEAR:
            continue  # a run through letters (an "e"'s bar beside an "m"): stems go on below
        if all(_stroke_at(ink, row, col, -1) or _stroke_at(ink, row, col, 1)
               for col in (left, right)):  # fmt: skip
            continue  # a box's edge (a letter's stem may meet an underline at one end)
        if out is gray:
            out = gray.copy()
        # where a descender crosses it the stroke stays: it belongs to its letter
        line = (labels[row] == index + 1) & ~(ink[row - 1] & ink[min(under, len(ink) - 1)])
        out[row, line] = background[row, line]
    return out, (ink if out is gray else _ink(out, threshold)[0])


def find_words(
    gray: np.ndarray,
    threshold: float = INK_THRESHOLD,
    max_height: int = 26,
    max_width: int = 240,
    ink: np.ndarray | None = None,
) -> list[tuple[int, int, int, int]]:
    """Boxes ``(top, bottom, left, right)`` of the words on a float grey image ``(H, W)``;
    ``ink``: its ink mask at ``threshold``, when already computed."""
    if ink is None:
        ink, _ = _ink(gray, threshold)
    joined = ndimage.binary_dilation(ink, structure=np.ones((1, 3), bool))  # letter gaps ≤ 2 px
    labels, _ = ndimage.label(joined, structure=np.ones((3, 3), bool))  # 8-connected
    boxes = []
    for rows, cols in ndimage.find_objects(labels):
        h, w = rows.stop - rows.start, cols.stop - cols.start
        if not (4 <= h <= max_height and 2 <= w <= max_width):
            continue
        inner = ink[rows.start + 2 : rows.stop - 2, cols.start + 2 : cols.stop - 2]
        if h > 12 and w > 30 and inner.mean() < 0.04:  # an empty outline, not text
            continue
        boxes.append((rows.start, rows.stop, cols.start, cols.stop))
    return boxes


def word_crop(gray: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """uint8 ``(CROP_HEIGHT, CROP_WIDTH)``: the ink of ``box``, scaled so its strongest is 255."""
    top, bottom, left, right = box
    cut = gray[top:bottom, left:right]
    above, below = gray[max(top - 1, 0), left:right], gray[min(bottom, len(gray) - 1), left:right]
    rim = np.concatenate([above, below])
    ink = np.abs(cut - np.median(rim))
    ink *= 255.0 / max(float(ink.max()), 1.0)
    out = np.zeros((CROP_HEIGHT, CROP_WIDTH), np.uint8)
    h, w = min(CROP_HEIGHT, cut.shape[0]), min(CROP_WIDTH, cut.shape[1])
    out[:h, :w] = ink[:h, :w].round()
    return out


def word_look(frame: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """float32 ``(LOOK_SIZE,)`` in [0, 1] for the word at ``box`` of an RGB ``frame``: ink RGB,
    background RGB, stroke weight (the share of ink pixels whose right neighbour is ink too:
    about 0.3 for regular text, over 0.5 for bold), then for the strip left of the word and the
    strip right of it: mean RGB and the share of its pixels unlike the word's background."""
    top, bottom, left, right = box
    # only the word's rows are converted: this runs for every word of every frame
    rows = frame[max(top - 1, 0) : min(bottom + 1, len(frame))].astype(np.float32)
    inside = rows[top - max(top - 1, 0) :][: bottom - top]
    cut = inside[:, left:right]
    rim = np.concatenate([rows[0, left:right], rows[-1, left:right]])
    background = np.median(rim, axis=0)
    distance = np.abs(cut - background).max(-1)
    ink = distance > 0.5 * max(float(distance.max()), 1.0)
    ink_colour = cut[ink].mean(0) if ink.any() else background
    weight = float((ink[:, :-1] & ink[:, 1:]).sum()) / max(int(ink.sum()), 1)
    sides = []
    beside = ((max(left - SIDE_STRIP, 0), left), (right, min(right + SIDE_STRIP, frame.shape[1])))
    for lo, hi in beside:
        strip = inside[:, lo:hi].reshape(-1, 3)
        if not len(strip):
            strip = background[None]
        unlike = float((np.abs(strip - background).max(-1) > INK_THRESHOLD).mean())
        sides.append(np.append(strip.mean(0) / 255.0, unlike))
    return np.concatenate([ink_colour / 255.0, background / 255.0, [weight], *sides]).astype(
        np.float32
    )


Words = tuple[list[tuple[int, int, int, int]], list[np.ndarray], list[np.ndarray]]
"""one frame's word boxes, crops and looks"""


def frame_words(frame: np.ndarray) -> Words:
    """Boxes, crops and looks of the words on one RGB frame."""
    gray, ink = _gray(frame)
    boxes = find_words(gray, ink=ink)
    return (boxes, [word_crop(gray, box) for box in boxes],
            [word_look(frame, box) for box in boxes])  # fmt: skip


BAND_MARGIN = 32
"""rows read around a change: more than a word's height plus the median filter's reach"""


def _changed_words(before: np.ndarray, after: np.ndarray, words: Words) -> Words:
    """The words of ``after`` given those of ``before``: only the band of rows that changed is
    read again (a recording changes a status line or a cursor's path, rarely the whole screen;
    a word's look reads only its own rows, so a word clear of the change looks as it did)."""
    changed = np.flatnonzero((before != after).any(axis=(1, 2)))
    if not len(changed):
        return words
    first, last = int(changed[0]), int(changed[-1]) + 1
    top, bottom = max(first - BAND_MARGIN, 0), min(last + BAND_MARGIN, len(after))
    band = after[top:bottom]
    gray, ink = _gray(band)
    boxes, crops, looks = [], [], []
    for box, crop, look in zip(*words, strict=True):
        if box[1] <= first or box[0] >= last:  # clear of the changed rows: as it was
            boxes.append(box)
            crops.append(crop)
            looks.append(look)
    for y0, y1, x0, x1 in find_words(gray, ink=ink):
        if y1 > first - top and y0 < last - top:  # touches the changed rows
            boxes.append((y0 + top, y1 + top, x0, x1))
            crops.append(word_crop(gray, (y0, y1, x0, x1)))
            looks.append(word_look(band, (y0, y1, x0, x1)))
    order = sorted(range(len(boxes)), key=lambda i: boxes[i])
    return [boxes[i] for i in order], [crops[i] for i in order], [looks[i] for i in order]


def _same(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> bool:
    """Two (crop, look) versions of a word are the same: same ink, same state around it."""
    return (
        float(np.abs(a[0].astype(np.int16) - b[0]).mean()) < SAME_WORD
        and float(np.abs(a[1] - b[1]).max()) < SAME_LOOK
    )


def _under(pointer: Pointer, box: tuple[int, int, int, int], reach: int = POINTER_REACH) -> bool:
    top, bottom, left, right = box
    return (
        top - reach <= pointer.y < bottom + reach
        and left - SIDE_STRIP <= pointer.x < right + SIDE_STRIP
    )


def clip_words(
    frames: np.ndarray,
    max_words: int = 96,
    sampled: np.ndarray | None = None,
    reader: TextReader | None = None,
) -> ClipWords:
    """The words of a clip ``uint8 (T, H, W, 3)``, each kept where it appears or changes.

    Over ``max_words``, the words still on the final frame are kept first, then the latest.
    ``sampled``: ``frames`` is a whole recording and a model sees only these (sorted) frame
    indices of it; the words are still read from every frame — a selected row or a pressed
    button often shows for one frame that uniform sampling skips — and each word's ``frame``
    becomes the first sampled frame at or after the one where it appeared.
    """
    if frames.ndim != 4 or len(frames) == 0:
        raise ValueError(f"frames: expected uint8 (T, H, W, 3) with T ≥ 1, got {frames.shape}")
    pointers = [find_pointer(frame) for frame in frames]
    clean = [erase_pointer(frame, pointer) for frame, pointer in zip(frames, pointers, strict=True)]
    per_frame = [frame_words(clean[0])]
    for t in range(1, len(frames)):
        per_frame.append(_changed_words(clean[t - 1], clean[t], per_frame[-1]))
    last_boxes, last_crops, last_looks = per_frame[-1]
    final = dict(zip(last_boxes, zip(last_crops, last_looks, strict=True), strict=True))
    seen: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray]] = {}
    current: dict[tuple[int, int, int, int], int] = {}  # box -> row of its version on screen
    rows: list[tuple[int, tuple[int, int, int, int], bool]] = []
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    flags: list[list[float]] = []
    for t, (boxes, frame_crops, frame_looks) in enumerate(per_frame):
        for box, version in zip(boxes, zip(frame_crops, frame_looks, strict=True), strict=True):
            previous = seen.get(box)
            if previous is not None and _same(previous, version):
                continue  # unchanged since its last kept version
            seen[box] = version
            current[box] = len(rows)
            rows.append((t, box, box in final and _same(final[box], version)))
            kept.append(version)
            flags.append([0.0])
    final_pointer = pointers[-1]
    if final_pointer is not None:
        for box in last_boxes:
            if _under(final_pointer, box):
                flags[current[box]][0] = 1.0
    if len(rows) > max_words:
        priority = [(rows[i][2], rows[i][0]) for i in range(len(rows))]
        order = sorted(range(len(rows)), key=priority.__getitem__, reverse=True)
        chosen = sorted(order[:max_words])
        rows, kept = [rows[i] for i in chosen], [kept[i] for i in chosen]
        flags = [flags[i] for i in chosen]
    text: tuple[str, ...] = ()
    if reader is not None:
        crops = [_read_crop(clean[t], box) for t, box, _ in rows]
        # a word drawn alike (same ink, same box size) reads alike, whatever the colours
        # around it: the reader's cache is keyed by the normalised crop
        keys = [
            version[0].tobytes() + bytes(f"{box[1] - box[0]}x{box[3] - box[2]}", "ascii")
            for (_, box, _), version in zip(rows, kept, strict=True)
        ]
        text = tuple(read for read, _ in reader.recognise(crops, keys))
    frame = np.array([r[0] for r in rows], np.int64)
    if sampled is not None:
        frame = np.minimum(np.searchsorted(sampled, frame), len(sampled) - 1)
    return ClipWords(
        frame=frame,
        box=np.array([r[1] for r in rows], np.int64).reshape(-1, 4),
        at_end=np.array([r[2] for r in rows], bool),
        crops=np.array([k[0] for k in kept], np.uint8).reshape(-1, CROP_HEIGHT, CROP_WIDTH),
        look=np.array([k[1] for k in kept], np.float32).reshape(-1, LOOK_SIZE),
        pointer=np.array(flags, np.float32).reshape(-1, POINTER_SIZE),
        height=int(frames.shape[1]),
        width=int(frames.shape[2]),
        text=text,
    )


READ_MARGIN = 3
"""pixels around a word's ink box that a recogniser is given (it needs a little background)"""


def _read_crop(frame: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    top, bottom, left, right = box
    height, width = frame.shape[:2]
    return np.ascontiguousarray(
        frame[
            max(0, top - READ_MARGIN) : min(height, bottom + READ_MARGIN),
            max(0, left - READ_MARGIN) : min(width, right + READ_MARGIN),
        ]
    )


def _bare(raw: str) -> str:
    """A whitespace-separated piece of an instruction without quotes and trailing punctuation."""
    return "".join(ch for ch in raw if ch.isalnum() or ch in "@._-:/+%$#").strip(".:")


def split_words(text: str) -> list[str]:
    """The instruction's words without quotes and trailing punctuation."""
    return [word for word in map(_bare, text.split()) if word]


REFERENCES_VERSION = 2
"""bumped whenever `reference_words` draws differently (2: bold faces), so cached match scores
are recomputed (the screen words read from the frames stay valid)"""
DEJAVU_SANS = "fonts/ttf/DejaVuSans.ttf"
"""DejaVu Sans in matplotlib's data folder"""
DEJAVU_SANS_BOLD = "fonts/ttf/DejaVuSans-Bold.ttf"
"""its bold face, there too"""
FACES = ("aileron", "dejavu-sans", "aileron-bold", "dejavu-sans-bold")
"""typefaces the instruction's words are drawn in for matching, the best counting: Pillow's
bundled Aileron (what desksim draws with) and DejaVu Sans (Chromium's sans-serif on Debian,
bundled with matplotlib, so every install has it), each regular and bold. On 80 noisy-expert
MiniWoB click-link episodes the last-pressed word's strict score against the asked link
separated successes from failures with AUROC 0.924 in Aileron alone and 0.938 in both regular
faces (0.792 and 0.812 with the links' underlines left in). Window and dialog titles are bold:
with regular faces only, an app named in the instruction ("In Mail: ...") or a dialog
("Open Settings ...") scored 0.79-0.82 against its title, under `STRICT_MATCH`, so it counted
as nowhere on screen. Aileron has no bold face; like desksim (and toolkits that synthesise
bold), its bold is the word drawn twice, one pixel apart"""


@functools.lru_cache(maxsize=32)
def _font(size: int, face: str = FACES[0]) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if face == "aileron":
        return ImageFont.load_default(size=size)
    if face == "aileron-bold":
        return _font(size)
    if face in ("dejavu-sans", "dejavu-sans-bold"):
        name = DEJAVU_SANS_BOLD if face.endswith("-bold") else DEJAVU_SANS
        return ImageFont.truetype(str(Path(matplotlib.get_data_path(), name)), size)
    raise ValueError(f"face {face!r}: choose one of {FACES}")


DRAW_AT = (4, 2)
"""where `_drawn` puts a word's origin on its white canvas"""


def _drawn(word: str, size: int, face: str = FACES[0]) -> np.ndarray:
    """float32 grey ``(H, W)``: ``word`` drawn black on white at ``DRAW_AT`` in ``face``."""
    font, synthetic_bold = _font(size, face), face == "aileron-bold"
    image = Image.new("L", (int(font.getlength(word)) + 8 + synthetic_bold, size + 8), 255)
    draw = ImageDraw.Draw(image)
    draw.text(DRAW_AT, word, fill=0, font=font)
    if synthetic_bold:  # drawn again one pixel to the right
        draw.text((DRAW_AT[0] + 1, DRAW_AT[1]), word, fill=0, font=font)
    return np.asarray(image, np.float32)


@functools.lru_cache(maxsize=50_000)
def render_word(word: str, size: int = FONT_SIZE, face: str = FACES[0]) -> np.ndarray:
    """uint8 ``(CROP_HEIGHT, CROP_WIDTH)``: ``word`` drawn black on white in ``face`` and
    cropped like a screen word (read-only: the result is cached)."""
    gray = _drawn(word, size, face)
    boxes = find_words(gray)
    if not boxes:
        crop = np.zeros((CROP_HEIGHT, CROP_WIDTH), np.uint8)
    else:
        b = np.array(boxes)
        crop = word_crop(gray, (b[:, 0].min(), b[:, 1].max(), b[:, 2].min(), b[:, 3].max()))
    crop.setflags(write=False)
    return crop


@functools.lru_cache(maxsize=50_000)
def word_pieces(word: str) -> tuple[str, ...]:
    """``word`` cut where `find_words` cuts it on a screen that draws it at ``FONT_SIZE``: the
    gap before a full stop is wider than the letter gaps it joins, so a file name reads as two
    screen words (data_77 | .txt) and is matched piece by piece."""
    font = _font(FONT_SIZE)
    boxes = sorted(find_words(_drawn(word, FONT_SIZE)), key=lambda box: box[2])
    cuts = set()
    for box in boxes[1:]:
        ink_left = box[2] + 1 - DRAW_AT[0]  # the reader's one-pixel dilation, the drawing offset
        cuts.add(min(range(1, len(word)), key=lambda k: abs(font.getlength(word[:k]) - ink_left)))
    ends = [0, *sorted(cuts), len(word)]
    return tuple(word[a:b] for a, b in itertools.pairwise(ends) if b > a)


SLOT_MARKS = "@._/"
"""characters inside a word that make it a value (a file name, an address, a path)"""


def slot_words(text: str, max_words: int = 16) -> np.ndarray:
    """bool ``(W,)``: for each of ``text``'s instruction words (`instruction_pieces`), whether it
    is a piece of a slot word: one a task's instances fill in (a value, a label, a name) rather
    than its carrier phrase. A slot word is quoted, has a digit or one of `SLOT_MARKS`, or is
    capitalised past the start of a sentence ("Search for 'Cairo' and pick it from the
    suggestions": only "Cairo"). Adversarial translations swap slot words; a phrase word a
    family never used ("suggestions") cannot be checked on the screen."""
    flags, quoted, initial = [], False, True
    for raw in text.split():
        inside = quoted or raw[:1] in "'\""
        word = _bare(raw)
        slot = (
            inside
            or any(ch.isdigit() or ch in SLOT_MARKS for ch in word)
            or (word[:1].isupper() and not initial)
        )
        if word:
            flags += [slot] * len(word_pieces(word))
        quoted = inside and raw.rstrip(".,:;!?)")[-1:] not in ("'", '"')
        initial = raw.endswith((".", "!", "?"))
    return np.array(flags[:max_words], bool)


def instruction_pieces(text: str, max_words: int = 16) -> list[str]:
    """The instruction's word tokens: its words (`split_words`) cut into `word_pieces`, the
    first ``max_words``."""
    return [piece for word in split_words(text) for piece in word_pieces(word)][:max_words]


def render_words(
    text: str, max_words: int = 16, size: int = FONT_SIZE, face: str = FACES[0]
) -> np.ndarray:
    """uint8 ``(W, CROP_HEIGHT, CROP_WIDTH)``: the first ``max_words`` word tokens of ``text``
    (`instruction_pieces`) drawn in ``face``."""
    crops = [render_word(piece, size, face) for piece in instruction_pieces(text, max_words)]
    return np.array(crops, np.uint8).reshape(-1, CROP_HEIGHT, CROP_WIDTH)


def reference_words(text: str, max_words: int = 16) -> np.ndarray:
    """uint8 ``(len(FACES) * len(MATCH_SIZES), W, CROP_HEIGHT, CROP_WIDTH)``: the words drawn
    in each of the faces at each of the sizes `match_scores` compares screen words with."""
    return np.stack([render_words(text, max_words, size, face)
                     for face in FACES for size in MATCH_SIZES])  # fmt: skip


def _correlate(
    screen: np.ndarray, instruction: np.ndarray, shift: int
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Cosine similarity of every screen crop with every reference crop at every offset of up
    to ``shift`` pixels: ``(S, Z*I, 2*shift+1, 2*shift+1)``, and the crops as float tensors
    ``(S, 1, h, w)``, ``(Z*I, 1, h, w)``."""
    a = torch.from_numpy(np.ascontiguousarray(screen, np.float32))[:, None]  # (S, 1, h, w)
    b = torch.from_numpy(np.ascontiguousarray(instruction, np.float32)).flatten(0, 1)[:, None]
    # one correlation per offset; norms are the unshifted crops' (the canvas margin is empty,
    # so a shift moves ink without cutting it)
    dots = F.conv2d(a, b, padding=shift)  # (S, Z*I, 2s+1, 2s+1)
    norms = a.flatten(1).norm(dim=1)[:, None] * b.flatten(1).norm(dim=1)[None]
    return dots / norms.clamp(min=1e-6)[..., None, None], a, b


def _references(instruction: np.ndarray) -> np.ndarray:
    return instruction if instruction.ndim == 4 else instruction[None]


def match_scores(screen: np.ndarray, instruction: np.ndarray, shift: int = 2) -> np.ndarray:
    """float32 ``(S, I)``: cosine similarity of every screen crop with every instruction crop,
    the best over offsets of up to ``shift`` pixels (on faint text the ink threshold can move a
    word's box by a pixel, and strokes are one pixel wide) and, for ``instruction`` of shape
    ``(Z, I, h, w)`` (`reference_words`), over its Z renderings (faces and sizes). The same
    word in the same font scores 1.0; different words about 0.3-0.7, but a near-duplicate up to 0.95
    (data_71.txt for data_77.txt): `match_pairs` adds a strict score that tells them apart."""
    references = _references(instruction)
    sizes, count = references.shape[:2]
    if not len(screen) or not count:
        return np.zeros((len(screen), count), np.float32)
    cosine = _correlate(screen, references, shift)[0].amax((2, 3)).clamp(max=1.0)
    return cosine.view(len(screen), sizes, count).amax(1).numpy()


def match_pairs(screen: np.ndarray, instruction: np.ndarray, shift: int = 2) -> np.ndarray:
    """float32 ``(S, I, 2)``: per screen word and instruction word, `match_scores`' cosine and a
    strict score — at the best offset and size, the lowest cosine over the crops'
    ``STRICT_BLOCK``-pixel column blocks that hold ink in either crop, and at most one minus
    the screen word's share of ink past the instruction word's end. A near-duplicate differs
    somewhere: the screen word data_71 scores 0.92 against data_77 by cosine but about 0.4
    strictly, .txt.bak against .txt about 0.4; the same word in the same font scores 1.0 on
    both.
    The strict score is computed only where the cosine reaches ``STRICT_CANDIDATE`` (0
    elsewhere: no block-wise match hides under a poor overall one)."""
    references = _references(instruction)
    sizes, count = references.shape[:2]
    out = np.zeros((len(screen), count, 2), np.float32)
    if not len(screen) or not count:
        return out
    cosine, a, b = _correlate(screen, references, shift)
    flat = cosine.flatten(2)  # (S, Z*I, offsets)
    best, offset = flat.max(2)  # (S, Z*I)
    best, size = best.view(len(screen), sizes, count).max(1)  # (S, I): the best size
    out[..., 0] = best.clamp(max=1.0).numpy()
    screen_rows, words = torch.nonzero(best >= STRICT_CANDIDATE, as_tuple=True)
    if not len(screen_rows):
        return out
    reference_rows = size[screen_rows, words] * count + words  # rows of b
    where = offset.view(len(screen), sizes, count)[screen_rows, size[screen_rows, words], words]
    side = 2 * shift + 1
    dy, dx = where // side, where % side
    h, w = a.shape[-2:]
    padded = F.pad(a[:, 0], (shift, shift, shift, shift))  # (S, h+2s, w+2s)
    rows = (dy[:, None] + torch.arange(h)[None])[:, :, None]  # (P, h, 1)
    cols = (dx[:, None] + torch.arange(w)[None])[:, None, :]  # (P, 1, w)
    moved = padded[screen_rows[:, None, None], rows, cols]  # (P, h, w): the offset screen crop
    ref = b[reference_rows, 0]  # (P, h, w)
    # Past the instruction word's last ink column, the screen word's ink is a tail: a label's
    # colon or a menu item's ellipsis ("Shipping:", "Open...") barely lowers the score, a real
    # word part (".bak") sinks it; the rest is compared block by block.
    columns = torch.arange(w)
    right = torch.where(ref.amax(1) > 0, columns, -1).amax(1, keepdim=True)  # (P, 1)
    main = moved * (columns <= right + 1)[:, None, :]
    total = (moved**2).flatten(1).sum(1)
    tail = 1.0 - (main**2).flatten(1).sum(1) / total.clamp(min=1e-6)  # (P,)
    blocks = w // STRICT_BLOCK

    def per_block(x: torch.Tensor) -> torch.Tensor:
        return x[..., : blocks * STRICT_BLOCK].reshape(len(x), h, blocks, -1).sum((1, 3))

    dot, main_ink, ref_ink = per_block(main * ref), per_block(main**2), per_block(ref**2)
    inked = (main_ink > INKED_SHARE * main_ink.sum(1, keepdim=True)) | (
        ref_ink > INKED_SHARE * ref_ink.sum(1, keepdim=True)
    )
    block_cosine = dot / (main_ink * ref_ink).sqrt().clamp(min=1e-6)
    strict = torch.where(inked, block_cosine, torch.ones_like(block_cosine)).amin(1)
    strict = torch.minimum(strict, 1.0 - tail)
    out[screen_rows.numpy(), words.numpy(), 1] = strict.clamp(0.0, 1.0).numpy()
    return out


ECHO_MATCHED = 4
"""instruction words a copy of the instruction on screen shows at least (MiniWoB's query box);
a status line such as "Line numbers: off" is not one"""
ECHO_SHARE = 0.6
"""share of the instruction, first to last word, such a copy must also span"""
ECHO_LIKENESS = 0.78
"""mean crop cosine of such a copy's words: by chance, words of a screen line chain at 0.7"""
ECHO_COSINE = 0.65
"""crop cosine at which a screen word can be an instruction word in such a copy: a page draws
its query in its own font, which the instruction's rendering matches at 0.7-0.9"""


def _reading_order(clip: ClipWords, rows: np.ndarray) -> list[int]:
    """``rows`` of ``clip`` in reading order: line by line (boxes whose vertical extents overlap
    by half the lower one's height), left to right within a line."""
    order = sorted(rows.tolist(), key=lambda i: (clip.box[i, 0], clip.box[i, 2]))
    lines: list[list[int]] = []
    for i in order:
        top, bottom = clip.box[i, :2]
        if lines:
            last = clip.box[lines[-1][0]]
            overlap = min(bottom, last[1]) - max(top, last[0])
            if 2 * overlap >= min(bottom - top, last[1] - last[0]):
                lines[-1].append(i)
                continue
        lines.append([i])
    return [i for line in lines for i in sorted(line, key=lambda i: clip.box[i, 2])]


def _copy_in(like: np.ndarray) -> list[tuple[int, int]]:
    """The longest copy of the instruction in a reading sequence: ``like`` bool ``(n, I)``,
    screen word k can be instruction word j. A chain of (k, j), both increasing by one or two
    at each step (one screen word unread, one instruction word not drawn as a word)."""
    n, count = like.shape
    length = np.zeros((n, count), np.int64)
    previous: dict[tuple[int, int], tuple[int, int]] = {}
    for k, j in zip(*np.nonzero(like), strict=True):
        length[k, j] = 1
        for dk, dj in ((1, 1), (1, 2), (2, 1), (2, 2)):
            if k >= dk and j >= dj and length[k - dk, j - dj] + 1 > length[k, j]:
                length[k, j], previous[k, j] = length[k - dk, j - dj] + 1, (k - dk, j - dj)
    if not length.any():
        return []
    chain = [tuple(int(x) for x in np.unravel_index(int(length.argmax()), length.shape))]
    while chain[-1] in previous:
        chain.append(previous[chain[-1]])
    return chain[::-1]


def instruction_echo(clip: ClipWords, cosine: np.ndarray) -> np.ndarray:
    """bool ``(S,)``: the screen words that are the instruction itself on display: among the
    words on the first frame, in reading order (a wrapped line goes on with the next), a run
    that reads as the instruction's words in order (`_copy_in`: at least `ECHO_MATCHED`
    of them, spanning `ECHO_SHARE` of it); another version of such a word at the same place is
    one too. ``cosine``: ``(S, I)`` crop cosines (`match_pairs`).

    A task page that shows its query (MiniWoB) shows every instruction word from the first
    frame on; those copies say nothing about what the agent did."""
    echo = np.zeros(len(clip), bool)
    count = cosine.shape[1]
    if not len(clip) or count < ECHO_MATCHED:
        return echo
    sequence = _reading_order(clip, np.flatnonzero(clip.frame == 0))
    if not sequence:
        return echo
    near = cosine[sequence]  # (n, I) in reading order
    chain = _copy_in(near >= ECHO_COSINE)
    span = chain[-1][1] - chain[0][1] + 1 if chain else 0
    likeness = float(np.mean([near[k, j] for k, j in chain])) if chain else 0.0
    if len(chain) >= ECHO_MATCHED and span >= ECHO_SHARE * count and likeness >= ECHO_LIKENESS:
        echo[sequence[chain[0][0] : chain[-1][0] + 1]] = True
    places = {tuple(b) for b in clip.box[echo].tolist()}
    return echo | np.array([tuple(b) in places for b in clip.box.tolist()], bool)

"""Screen words: the text a recording shows, found as word boxes and kept where it changes.

Most of what decides whether a GUI task succeeded is written on the screen — the button that was
pressed, the value typed, the option chosen — at a size a clip resized for a model no longer
resolves. So the frames' words are cut out at native resolution; a recogniser
(`cuakit.video.text`) reads them into strings, or, without one, their crops are compared with
the instruction drawn in font templates (`cuakit.video.templates`).

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
- `clip_words(frames, reader=None)`: a clip's words with temporal pruning at word level (after
  ExeVRM's token pruning): a word is kept in the frame where it appears or changes (its crop or
  its look), and flagged when it is still on the final frame — the frame that shows the
  outcome. Given the whole recording and the frames a model samples, every frame is read. The
  recorder's pointer (`cuakit.video.pointer`) is erased before reading, and each word says
  whether the pointer rests on it on the final frame (a recorder shows the pointer's place,
  never whether a button is held). With a ``reader`` each kept word is also recognised.

All functions are pure; frames are ``uint8 (H, W, 3)`` RGB at the recording's resolution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

from cuakit.video.pointer import (
    Pointer,
    PointerSprite,
    erase_pointer,
    find_cursor,
    recording_cursors,
)
from cuakit.video.text import TextReader

CROP_HEIGHT = 20
"""crop canvas height in pixels (a 13 px font with descenders fits)"""
CROP_WIDTH = 80
"""crop canvas width in pixels (longer words are cut at the right)"""
INK_THRESHOLD = 40.0
"""grey levels between a pixel and its local median above which it counts as ink"""
OUTLINE_EDGE = 0.8
"""share of an outline's width (height) that ink must cross for a row (column) to be its edge"""
SAME_WORD = 8.0
"""mean absolute crop difference (grey levels) under which two crops are the same word"""
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
    """int64 (K, 4): top, bottom, left, right in pixels of the frame read (the source frame, or
    scaled down to 1× text for a HiDPI recording: `height` and `width` are that frame's)"""
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
    return _without_underlines(_channel_mean(frame), INK_THRESHOLD)


def _channel_mean(frame: np.ndarray) -> np.ndarray:
    """float32 rounded mean of a uint8 RGB frame's channels, computed in integers (a sum of
    three over 3 is never half-way) with the planes added in place: numpy's reduction over a
    last axis of 3 is 10x slower."""
    total = frame[..., 0].astype(np.uint16)
    total += frame[..., 1]
    total += frame[..., 2]
    total += 1
    total //= 3
    return total.astype(np.float32)


MEDIAN_OF_7 = ((0, 5), (0, 3), (1, 6), (2, 4), (0, 1), (3, 5), (2, 6), (2, 3), (3, 6), (4, 5),
               (1, 4), (1, 3), (3, 4))  # fmt: skip
"""compare-exchanges after which element 3 of 7 is their median (Devillard's network)"""


def _median_7(image: np.ndarray, axis: int) -> np.ndarray:
    """`scipy.ndimage.median_filter` of size 7 along ``axis`` (its "reflect" edges), exactly,
    as 13 element-wise min/max pairs over shifted views: 30x faster on uint8."""
    length = image.shape[axis]
    padded = np.pad(image, [(3, 3) if a == axis else (0, 0) for a in range(image.ndim)],
                    mode="symmetric")  # fmt: skip
    views = [padded[(slice(None),) * axis + (slice(k, k + length),)] for k in range(7)]
    for i, j in MEDIAN_OF_7:
        views[i], views[j] = np.minimum(views[i], views[j]), np.maximum(views[i], views[j])
    return views[3]


def _ink(gray: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """bool ink mask and float background of a grey image."""
    # A separable median is 4x cheaper than a square one and as good a background for thin
    # strokes; the screen's greys are whole numbers, whose median runs in uint8.
    levels = gray.astype(np.uint8)
    exact = levels if np.array_equal(levels, gray) else gray
    background = _median_7(_median_7(exact, 1), 0).astype(gray.dtype)
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


def _horizontal_runs(mask: np.ndarray, length: int) -> np.ndarray:
    """`scipy.ndimage.binary_opening` of ``mask`` by a ``(1, length)`` row, exactly: the pixels
    of row runs at least ``length`` long, from running counts (7x faster)."""
    height, width = mask.shape
    if width < length:
        return np.zeros_like(mask)
    counts = np.zeros((height, width + 1), np.int32)
    np.cumsum(mask, axis=1, out=counts[:, 1:])
    full = counts[:, length:] - counts[:, :-length] == length  # [r, s]: s..s+length-1 all set
    starts = np.zeros((height, full.shape[1] + 1), np.int32)
    np.cumsum(full, axis=1, out=starts[:, 1:])
    col = np.arange(width)
    first = np.clip(col - length + 1, 0, full.shape[1])  # the windows covering each column
    last = np.clip(col + 1, 0, full.shape[1])
    return starts[:, last] - starts[:, first] > 0


def _without_underlines(gray: np.ndarray, threshold: float) -> tuple[np.ndarray, np.ndarray]:
    """`erase_underlines` and the ink mask of what it returns (the one it read, when it erased
    nothing: most frames have no underline, and the median background is the costly part)."""
    ink, background = _ink(gray, threshold)
    runs = _horizontal_runs(ink, UNDERLINE_LENGTH)
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
        counts = np.zeros((mask.shape[0], mask.shape[1] + 1), np.int32)
        np.cumsum(mask, axis=1, out=counts[:, 1:])
        return counts

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
    for label, (rows, cols) in enumerate(ndimage.find_objects(labels), 1):
        h, w = rows.stop - rows.start, cols.stop - cols.start
        if not (4 <= h <= max_height and 2 <= w <= max_width):
            continue
        inner = ink[rows.start + 2 : rows.stop - 2, cols.start + 2 : cols.stop - 2]
        if h > 12 and w > 30 and inner.mean() < 0.04:
            # an outline (a text field, a frame), empty or with a word joined to its edge; a
            # frame round a label that fills it stays one box, which a recogniser reads whole
            own = ink[rows, cols] & (labels[rows, cols] == label)  # not a word inside it
            boxes += _words_in_outline(own, rows.start, cols.start)
            continue
        boxes.append((rows.start, rows.stop, cols.start, cols.stop))
    return boxes


def _words_in_outline(ink: np.ndarray, top: int, left: int) -> list[tuple[int, int, int, int]]:
    """The words inside an outline's ink ``(h, w)`` at ``(top, left)``: a field's text drawn
    within two pixels of its edge joins the edge, and the pair read as one empty outline (a
    typed value lost on the final frame). The edges (rows and columns that ink runs most of
    the way across) are dropped and what is left is found again."""
    edges = np.zeros_like(ink)
    edges[ink.mean(1) >= OUTLINE_EDGE] = True
    edges[:, ink.mean(0) >= OUTLINE_EDGE] = True
    inside = ink & ~ndimage.binary_dilation(edges & ink)
    if not inside.any():
        return []
    found = find_words(np.zeros(ink.shape, np.float32), ink=inside)
    return [(t + top, b + top, x0 + left, x1 + left) for t, b, x0, x1 in found]


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


REFERENCE_INK_HEIGHT = 8.5
"""median height in pixels of a 1× UI screen's ink blobs (letters, mostly): desksim 7–9 in every
font, MiniWoB 6–8, the X11 apps 8–9"""
HIDPI_INK_HEIGHT = 11.5
"""the median blob height from which a screen counts as drawn at a UI scale (HiDPI) and is read
at 1× size (desksim at 1.5×: 11–14, at 2×: 13–17.5)"""


def text_scale(frame: np.ndarray) -> float:
    """How many times larger than 1× UI text a screen's text is: the median height of its ink
    blobs over `REFERENCE_INK_HEIGHT` from `HIDPI_INK_HEIGHT` up, else 1.0. The word finder's
    gaps and sizes are 1× pixels: a HiDPI screen is read scaled down by this."""
    _, ink = _gray(frame)
    labels, _ = ndimage.label(ink, structure=np.ones((3, 3), bool))
    heights = [rows.stop - rows.start for rows, _ in ndimage.find_objects(labels)]
    heights = [h for h in heights if 4 <= h <= 80]
    if len(heights) < 5:
        return 1.0
    median = float(np.median(heights))
    return median / REFERENCE_INK_HEIGHT if median >= HIDPI_INK_HEIGHT else 1.0


def _at_scale(frame: np.ndarray, scale: float) -> np.ndarray:
    """``frame`` scaled down by ``scale`` (area average), or itself at 1.0."""
    if scale == 1.0:
        return frame
    size = (max(1, round(frame.shape[1] / scale)), max(1, round(frame.shape[0] / scale)))
    return np.asarray(Image.fromarray(frame).resize(size, Image.Resampling.BOX))


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
    cursors: Sequence[PointerSprite] = (),
) -> ClipWords:
    """The words of a clip ``uint8 (T, H, W, 3)``, each kept where it appears or changes.

    Over ``max_words``, the words still on the final frame are kept first, then the latest.
    ``sampled``: ``frames`` is a whole recording and a model sees only these (sorted) frame
    indices of it; the words are still read from every frame — a selected row or a pressed
    button often shows for one frame that uniform sampling skips — and each word's ``frame``
    becomes the first sampled frame at or after the one where it appeared.
    ``reader``: a recogniser that reads each kept word (its box on the pointer-free frame, with
    ``READ_MARGIN`` around it) into ``ClipWords.text``.
    ``cursors``: the cursors a recording may show (`cuakit.envs.cursors.cursor_bank`); the
    one this recording shows (its theme and size, in any shape) is found and erased on every
    frame before reading. None found, or none given, leaves the frames as they are and flags
    no word.
    A HiDPI recording (`text_scale` > 1 on its last frame) is read scaled down to 1× text, so
    its words are found and cut as on a 1× screen; boxes are then in the scaled frame's pixels.
    """
    if frames.ndim != 4 or len(frames) == 0:
        raise ValueError(f"frames: expected uint8 (T, H, W, 3) with T ≥ 1, got {frames.shape}")
    shown = recording_cursors(frames, cursors) if len(cursors) else ()
    found: list[tuple[Pointer, PointerSprite] | None] = []
    for frame in frames:
        near = found[-1][0] if found and found[-1] is not None else None
        found.append(find_cursor(frame, shown, near) if shown else None)
    pointers = [None if f is None else f[0] for f in found]
    scale = text_scale(frames[-1])
    erased = [frame if f is None else erase_pointer(frame, *f)
              for frame, f in zip(frames, found, strict=True)]  # fmt: skip
    clean = [_at_scale(frame, scale) for frame in erased]
    if scale != 1.0:
        pointers = [None if p is None else Pointer(round(p.x / scale), round(p.y / scale))
                    for p in pointers]  # fmt: skip
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
        # read at the recording's own resolution: scaled-down text reads worse
        crops = [_read_crop(erased[t], _scaled_box(box, scale)) for t, box, _ in rows]
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
        height=int(clean[0].shape[0]),
        width=int(clean[0].shape[1]),
        text=text,
    )


def _scaled_box(box: tuple[int, int, int, int], scale: float) -> tuple[int, int, int, int]:
    if scale == 1.0:
        return box
    top, bottom, left, right = box
    return (int(top * scale), int(np.ceil(bottom * scale)), int(left * scale),
            int(np.ceil(right * scale)))  # fmt: skip


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

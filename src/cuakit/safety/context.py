"""What the safety gate knows about one proposed action: the action, the task, and what it
touches — the element under the point (from the env's element list) or, on a screen with no
element list, the text a recogniser reads around the point.

A click is a click: its risk is in its target ("Delete Permanently", "Pay now") and in the
screen around it (a bare "OK" in a dialog that says "This cannot be undone"). ``nearby``
holds that surrounding text, nearest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

from cuakit.actions import Action, ActionType
from cuakit.video.text import Box, TextReader

COMMITTING_ACTIONS = (ActionType.CLICK, ActionType.DOUBLE_CLICK, ActionType.TYPE,
                      ActionType.KEY, ActionType.DRAG)  # fmt: skip
"""the actions that can commit something (a move, a scroll or a wait cannot)"""
NEARBY = 0.25
"""how far (a fraction of the screen's diagonal) around the point text counts as nearby"""


@dataclass(frozen=True)
class Element:
    """The element an action touches: under its point, or focused for typing and keys."""

    role: str
    """button, link, textbox, password, menuitem … ("text" when read off the screen)"""
    text: str


@dataclass(frozen=True)
class ActionContext:
    """One proposed action in its context."""

    action: Action
    instruction: str = ""
    target: Element | None = None
    """the element under the point or focused; None when nothing could be read there"""
    nearby: tuple[str, ...] = ()
    """other text on the screen, nearest the point first (a dialog's message, a page title)"""
    app: str = ""
    """the window's application or title"""
    url: str = ""
    """the page's address, for a browser"""
    previous: tuple[Action, ...] = ()
    """the episode's earlier actions, oldest first"""
    screen: tuple[str, ...] = ()
    """every text on the screen, top to bottom: a page's warning or a dialog's message can
    stand farther from the button that commits it than `NEARBY`"""

    @property
    def reasoning(self) -> str:
        return self.action.reasoning


@dataclass(frozen=True)
class ScreenText:
    """One piece of text on the screen: its words and its box (x, y, w, h, normalised)."""

    text: str
    box: tuple[float, float, float, float]
    role: str = "text"


def read_screen(frame: np.ndarray, reader: TextReader) -> list[ScreenText]:
    """The text a recogniser reads on ``frame`` (uint8 H×W×3), one `ScreenText` per element,
    boxes normalised.

    PP-OCR's detector finds lines, not elements: it boxes buttons that stand side by side as one
    line, and its recogniser, at a screen's scale, drops the spaces between words. So each line
    is split where its glyphs leave a gap of `ELEMENT_GAP` or a border crosses it, and each piece
    is recognised on its own, enlarged by `READ_ZOOM`, with all other ink (borders, the glyphs of
    a neighbour) painted over."""
    height, width = frame.shape[:2]
    pieces = [piece for line in reader.detect(frame) for piece in _pieces(frame, line)]
    readings = reader.recognise([_crop(frame, piece) for piece in pieces]) if pieces else []
    texts = []
    for piece, (text, confidence) in zip(pieces, readings, strict=True):
        top, bottom, left, right = piece.box
        if text.strip() and confidence >= MIN_CONFIDENCE:
            texts.append(ScreenText(" ".join(text.split()), (left / width, top / height,
                                    (right - left) / width, (bottom - top) / height)))  # fmt: skip
    return texts


def locate(
    point: tuple[float, float] | None, texts: Sequence[ScreenText]
) -> tuple[Element | None, tuple[str, ...]]:
    """(the text under ``point`` as the target, the other texts within `NEARBY`, nearest first).
    Without a point (typing, keys) there is no target; every text is nearby, top to bottom."""
    if point is None:
        ordered = sorted(texts, key=lambda t: (t.box[1], t.box[0]))
        return None, tuple(t.text for t in ordered)
    x, y = point
    under = [t for t in texts if _inside(x, y, t.box)]
    target = min(under, key=lambda t: t.box[2] * t.box[3]) if under else None
    if target is None:  # a recogniser's box hugs the ink; the element around it has padding
        padded = [t for t in texts if _inside(x, y, _padded(t.box))]
        target = min(padded, key=lambda t: distance(x, y, t.box)) if padded else None
    rest = [(distance(x, y, t.box), t.text) for t in texts if t is not target]
    nearby = tuple(text for d, text in sorted(rest) if d <= NEARBY)
    return (Element(target.role, target.text) if target else None), nearby


def reading_order(texts: Sequence[ScreenText]) -> tuple[str, ...]:
    """The texts top to bottom, left to right (`ActionContext.screen`)."""
    return tuple(t.text for t in sorted(texts, key=lambda t: (t.box[1], t.box[0])))


PADDING = (1.0, 0.5)
"""how far past a read text's box (in text heights, across and up/down) a click still lands on
its element: a button's or a list row's padding around its label"""


def _padded(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x, y, w, h = box
    across, down = PADDING[0] * h, PADDING[1] * h
    return (x - across, y - down, w + 2 * across, h + 2 * down)


def _inside(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    bx, by, bw, bh = box
    return bx <= x <= bx + bw and by <= y <= by + bh


def distance(x: float, y: float, box: tuple[float, float, float, float]) -> float:
    """From the point to the nearest point of ``box`` (0 inside it)."""
    bx, by, bw, bh = box
    dx = max(bx - x, 0.0, x - (bx + bw))
    dy = max(by - y, 0.0, y - (by + bh))
    return float(np.hypot(dx, dy))


# ---- reading a screen's pixels ---------------------------------------------------------------
EDGE_CONTRAST = 40
"""grey levels between two neighbouring pixels that make both of them ink: a glyph's outline
(one pixel wider than the glyph on each side), a border, the rim of a filled button"""
ELEMENT_GAP = 0.6
"""a gap between glyphs at least this wide, in ems of the line's text, parts two elements (a
space between two words is 0.25–0.55 em)"""
CAP_HEIGHT = 0.75
"""the height of a capital or an ascender over the baseline, in ems (Latin fonts)"""
READ_ZOOM = 3
"""each piece is scaled by this (bicubic) before it is recognised: read at the screen's scale,
PP-OCR drops the spaces between words"""
MIN_CONFIDENCE = 0.5
"""a piece the recogniser reads with less confidence is dropped (PP-OCR's own cut)"""
SLACK = 0.25
"""how far a glyph may reach past the detector's box, above or below, and still be text, in
the box's heights (the box can cut the ascenders of small text)"""
BORDER_LENGTH = 1.2
"""an upright line at least this many line heights long, reaching out of the line, is a border
(a glyph's stem is shorter)"""
RULE_LENGTH = 2
"""a thin lying line at least this many line heights long is a rule or a border, not text"""
RULE_WIDTH = 4
"""pixels of ink a lying line takes up and down (a one- or two-pixel line and its outline)"""
VERTICAL = np.array([[0, 1, 0], [0, 1, 0], [0, 1, 0]], dtype=bool)
HORIZONTAL = VERTICAL.T
EIGHT = np.ones((3, 3), dtype=bool)


@dataclass(frozen=True)
class _Piece:
    """One element's glyphs on a line the detector found."""

    box: Box
    """top, bottom, left, right in pixels: the button or field around the glyphs where a border
    or a fill encloses them, else the line's rows and its columns out to the middles of the gaps
    that part the piece from its neighbours"""
    region: Box
    """the glyphs with a margin: what is recognised"""
    foreign: np.ndarray
    """(region's height, width) bool: the region's ink that is not the piece's own (borders,
    a neighbour's glyphs), painted over before it is recognised"""


def _pieces(frame: np.ndarray, line: Box) -> list[_Piece]:
    """The elements on the line the detector boxed in ``line``: its glyphs (the ink within the
    line's rows, less borders) parted at wide gaps and where a border crosses them."""
    height = line[1] - line[0]
    rows = slice(max(0, line[0] - height), min(frame.shape[0], line[1] + height))
    cols = slice(max(0, line[2] - height), min(frame.shape[1], line[3] + height))
    ink = _ink(frame[rows, cols])  # (h, w): the line and a line's height around it
    top, bottom, left, right = _shifted(line, -rows.start, -cols.start)
    slack = max(2, round(SLACK * height))
    reach = slice(max(0, top - slack), bottom + slack)  # the rows the line's glyphs may take
    border = _borders(ink, slice(top - 2, bottom + 2), height)
    text = np.zeros_like(ink)
    text[reach] = ink[reach] & ~border[reach]
    parts, _ = ndimage.label(text, structure=EIGHT)
    kept = [k for k, (_, c) in enumerate(ndimage.find_objects(parts), 1)
            if min(c.stop, right) - max(c.start, left) > (c.stop - c.start) / 2]  # fmt: skip
    if not kept:
        return []
    glyphs = np.isin(parts, kept)  # (h, w): the ink mostly inside the detector's box
    spans = _spans(glyphs, border)
    ink_rows = np.flatnonzero(glyphs.any(axis=1))
    band = slice(int(ink_rows[0]), int(ink_rows[-1]) + 1)  # the glyphs' rows
    margin = max(2, (band.stop - band.start) // 4)
    surfaces, _ = ndimage.label(~ink)  # flat areas: the page, a button's face, a glyph's hole
    extents = ndimage.find_objects(surfaces)
    pieces = []
    for n, (first, last) in enumerate(spans):
        lo = left if n == 0 else (spans[n - 1][1] + first) // 2
        hi = right if n == len(spans) - 1 else (last + spans[n + 1][0]) // 2
        box = _enclosure(surfaces, extents, band, first, last) or (
            top, bottom, min(lo, first), max(hi, last))  # fmt: skip
        region = (max(0, band.start - margin), min(len(ink), band.stop + margin),
                  max(0, first - margin), min(ink.shape[1], last + margin))  # fmt: skip
        foreign = ink.copy()
        foreign[:, first:last] &= ~glyphs[:, first:last]
        pieces.append(_Piece(
            _shifted(box, rows.start, cols.start), _shifted(region, rows.start, cols.start),
            foreign[region[0] : region[1], region[2] : region[3]],
        ))  # fmt: skip
    return pieces


def _ink(frame: np.ndarray) -> np.ndarray:
    """(H, W) bool: the pixels that differ from a neighbour by `EDGE_CONTRAST` or more."""
    pixels = frame.astype(np.int16)
    across = np.abs(pixels[:, 1:] - pixels[:, :-1]).max(axis=2) > EDGE_CONTRAST
    down = np.abs(pixels[1:] - pixels[:-1]).max(axis=2) > EDGE_CONTRAST
    ink = np.zeros(frame.shape[:2], dtype=bool)
    ink[:, 1:] |= across
    ink[:, :-1] |= across
    ink[1:] |= down
    ink[:-1] |= down
    return ink


def _borders(ink: np.ndarray, rows: slice, height: int) -> np.ndarray:
    """(h, w) bool: the ink of borders and rules — upright strokes that reach out of ``rows``
    and are `BORDER_LENGTH` times the line's ``height`` long, and thin lying ones (at most
    `RULE_WIDTH` px) `RULE_LENGTH` times as long."""
    upright, _ = ndimage.label(ink, structure=VERTICAL)
    spans = [(r.start, r.stop) for r, _ in ndimage.find_objects(upright)]
    tall = np.array([False] + [(a < rows.start or b > rows.stop)
                               and b - a >= BORDER_LENGTH * height for a, b in spans])  # fmt: skip
    thin = np.array([False] + [b - a <= RULE_WIDTH for a, b in spans])[upright]
    lying, _ = ndimage.label(thin, structure=HORIZONTAL)
    lengths = [c.stop - c.start for _, c in ndimage.find_objects(lying)]
    long = np.array([False] + [n >= RULE_LENGTH * height for n in lengths])
    return tall[upright] | long[lying]


def _spans(glyphs: np.ndarray, border: np.ndarray) -> list[tuple[int, int]]:
    """The columns (first, last + 1) of each element among a line's ``glyphs`` (h, w): parted
    where the gap between glyphs reaches `ELEMENT_GAP` ems or a ``border`` crosses the line."""
    profile = glyphs.sum(axis=1)  # (h,) ink per row: dense down to the baseline
    top = int(np.flatnonzero(profile)[0])
    baseline = int(np.flatnonzero(profile >= profile.max() / 2)[-1]) + 1
    em = max(baseline - top - 2, 1) / CAP_HEIGHT  # outlines: a pixel past each glyph
    crossed = border[top : max(baseline, top + 1)].mean(axis=0) >= 0.6  # (w,)
    used = np.flatnonzero(glyphs.any(axis=0))
    cuts = [
        i for i in range(1, len(used))
        if used[i] - used[i - 1] + 1 >= ELEMENT_GAP * em  # the glyphs' gap: 2 px wider
        or crossed[used[i - 1] : used[i]].any()
    ]  # fmt: skip
    return [(int(used[start]), int(used[end - 1]) + 1)
            for start, end in zip([0, *cuts], [*cuts, len(used)], strict=True)]  # fmt: skip


def _enclosure(
    surfaces: np.ndarray, extents: list[tuple[slice, slice]], band: slice, first: int, last: int
) -> Box | None:
    """The box of the flat area around the glyphs in rows ``band``, columns ``first:last``, when
    a border or a fill closes it within the window (a button, a field), else None (the open
    page). ``surfaces``: (h, w) the window's flat areas, numbered; ``extents``: their rows and
    columns."""
    around = surfaces[band, first:last]
    numbers, counts = np.unique(around[around > 0], return_counts=True)
    if not len(numbers):
        return None
    rows, cols = extents[int(numbers[counts.argmax()]) - 1]
    height, width = surfaces.shape
    if rows.start == 0 or cols.start == 0 or rows.stop == height or cols.stop == width:
        return None
    return (rows.start, rows.stop, min(cols.start, first), max(cols.stop, last))


def _crop(frame: np.ndarray, piece: _Piece) -> np.ndarray:
    """The piece's region, the ink not its own painted in the background's colour, scaled by
    `READ_ZOOM`."""
    top, bottom, left, right = piece.region
    crop = frame[top:bottom, left:right].copy()
    flat = ~_ink(crop)
    background = np.median(crop[flat], axis=0) if flat.any() else crop[0, 0]
    crop[piece.foreign] = background.astype(np.uint8)
    image = Image.fromarray(crop)
    size = (image.width * READ_ZOOM, image.height * READ_ZOOM)
    return np.asarray(image.resize(size, Image.Resampling.BICUBIC))


def _shifted(box: Box, down: int, across: int) -> Box:
    top, bottom, left, right = box
    return (top + down, bottom + down, left + across, right + across)

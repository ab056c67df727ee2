"""The instruction's words, and screen words compared with them as pixels.

- `split_words(text)`, `word_pieces(word)`, `instruction_pieces(text)`: the instruction's words,
  cut into pieces where the screen reader (`cuakit.video.words.find_words`) cuts them (a file
  name's extension is a piece of its own).
- `slot_words(text)`: which are the values, labels and names a task's instances fill in
  (quoted, with a digit, capitalised mid-sentence).
- `render_words(text)`: the instruction's words as crops; `reference_words(text)`: the same in
  each of `FACES` (regular and bold) at each of `MATCH_SIZES`, what `match_scores` (crop
  cosine, an exact-match feature as in DrQA's reading model) and `match_pairs` (cosine and a
  strict block-by-block score that tells near-duplicates apart) compare screen words with. Font
  templates stand in for a recogniser (`cuakit.video.text`), for the fonts they were drawn in.
- `instruction_echo(clip, cosine)`: the screen words that display the instruction itself (a
  page's printed query), which say nothing about what the agent did.

All functions are pure.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import matplotlib
import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image, ImageDraw, ImageFont

from cuakit.video.strings import cjk_pieces, has_cjk
from cuakit.video.words import CROP_HEIGHT, CROP_WIDTH, ClipWords, find_words, word_crop

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
    family never used ("suggestions") cannot be checked on the screen. An instruction in a
    script without spaces is cut by `cuakit.video.strings.cjk_pieces`, whose requirements are
    its slots."""
    if has_cjk(text):
        return np.array([slot for _, slot in cjk_pieces(text)][:max_words], bool)
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
    first ``max_words``; for an instruction in a script without spaces (Chinese), the pieces of
    `cuakit.video.strings.cjk_pieces`."""
    if has_cjk(text):
        return [piece for piece, _ in cjk_pieces(text)][:max_words]
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

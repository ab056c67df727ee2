"""Near-duplicate screenshots: a perceptual hash per screen, and an index that finds, among the
screens kept so far, one within a Hamming distance of a new one without comparing it to all.

- `phash(image)`: the DCT perceptual hash (pHash) of a screenshot, a 64-bit int.
- `hamming(a, b)`: how many of the 64 bits differ.
- `HashIndex(threshold)`: the hashes kept so far; ``index.match(h)`` is the first added one
  within ``threshold`` of ``h``, or None. Multi-index hashing: sub-linear in practice, exact.
- `near_duplicates(items, threshold)`: which items of a sequence (image paths, or step samples
  whose screenshots lie under ``root``) repeat an earlier kept one; the first of each group is
  kept.

A sample is a near-duplicate of an earlier one when both screenshots hash within the threshold
*and* they ask for the same thing at the same point of an episode (`sample_group`): the same
screen with another instruction, or the next step of the same task, teaches something new.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image
from scipy.fft import dct

HASH_BITS = 64
HASH_SIDE = 8
"""the hash is the sign pattern of the 8x8 lowest-frequency DCT coefficients"""
SAMPLE_SIDE = 32
"""the screen is shrunk to 32x32 grey levels before the DCT (4x the hash side, as Zauner's
pHash does): the hash sees layout and large blocks of colour, never single words"""
DEFAULT_THRESHOLD = 6
"""largest Hamming distance (of 64 bits) at which two screens count as the same.

Measured on desksim screens at 1024x768, 11 task families x 3 seeds (a subset is pinned by
tests/curate/test_dedup.py): the same screen rendered twice is 0 bits apart; so is a screen
with one checkbox ticked, text typed into a field, or a menu highlighted (at 32x32 a 13-pixel
box is invisible: the grouping, not the hash, keeps those steps apart); a JPEG copy (quality
70) is 0-2 bits off, a copy resized to 800x600 0, the screen shifted 8 pixels 0-8. Another seed
of the same family (windows elsewhere, other labels) is 18-38 bits away, another family 12-42.
Distances are even (each hash has 32 bits set), so 6 takes in copies and nudges and leaves
6 bits to the nearest different screen."""
_PARTS = 4
"""the index splits each hash into 4 parts of 16 bits (see `HashIndex`)"""
_PART_BITS = HASH_BITS // _PARTS


def phash(image: Image.Image | Path | str) -> int:
    """The 64-bit DCT perceptual hash of an image (a path, or an open PIL image).

    Grey levels at 32x32 → 2-D DCT-II → the 8x8 lowest frequencies → one bit per coefficient,
    set when it lies above their median; bit 63 is coefficient (0, 0), row-major.
    """
    if isinstance(image, (str, Path)):
        with Image.open(image) as opened:
            opened.draft("L", (SAMPLE_SIDE * 2, SAMPLE_SIDE * 2))  # JPEG: decode at 1/8 size
            return phash(opened)
    grey = image.convert("L").resize(
        (SAMPLE_SIDE, SAMPLE_SIDE), Image.Resampling.LANCZOS, reducing_gap=2.0
    )
    pixels = np.asarray(grey, dtype=np.float64)  # (32, 32)
    coefficients = dct(dct(pixels, axis=0, norm="ortho"), axis=1, norm="ortho")
    low = coefficients[:HASH_SIDE, :HASH_SIDE]  # (8, 8)
    bits = (low > np.median(low)).ravel()  # (64,)
    return int.from_bytes(np.packbits(bits).tobytes(), "big")


def hamming(a: int, b: int) -> int:
    """How many bits of two 64-bit hashes differ, in [0, 64]."""
    return (a ^ b).bit_count()


class HashIndex:
    """The hashes kept so far, searchable by Hamming distance up to ``threshold`` within a group.

    Multi-index hashing (Norouzi et al., 2012): each hash is split into 4 parts of 16 bits and
    each part indexed in its own table. Two hashes within ``t`` bits differ in at most
    ``t // 4`` bits of at least one part (otherwise they would differ in more than ``t``), so
    looking up every variant of each part within ``t // 4`` bits finds every candidate: exact,
    and a query costs some dozens of dictionary look-ups (a few hundred above 7 bits) instead
    of a pass over all hashes. A BK-tree visits most of its nodes at these radii: 64-bit hashes
    crowd around 32 bits apart. Memory: two ints and four table entries per kept hash.

    ``group``: a hashable label; a hash matches only kept hashes of the same group. Groups are
    told apart by Python's 64-bit ``hash`` of the label (two labels colliding is a 2**-64 event).
    """

    def __init__(self, threshold: int = DEFAULT_THRESHOLD) -> None:
        if not 0 <= threshold < HASH_BITS:
            raise ValueError(f"threshold={threshold}: use 0..{HASH_BITS - 1} bits")
        self.threshold = threshold
        self._hashes: list[int] = []
        self._groups: list[int] = []
        self._tables: list[dict[int, list[int]]] = [{} for _ in range(_PARTS)]
        self._flips = _masks(_PART_BITS, threshold // _PARTS)

    def __len__(self) -> int:
        return len(self._hashes)

    def add(self, value: int, group: Hashable = None) -> int:
        """Keep ``value`` in ``group``; returns its position (0 for the first one added)."""
        position, label = len(self._hashes), hash(group)
        self._hashes.append(value)
        self._groups.append(label)
        for table, part in zip(self._tables, _parts(value), strict=True):
            table.setdefault(_key(label, part), []).append(position)
        return position

    def match(self, value: int, group: Hashable = None) -> int | None:
        """The position of the earliest kept hash of ``group`` within ``threshold`` bits of
        ``value``, or None."""
        label, best = hash(group), None
        hashes, groups, threshold = self._hashes, self._groups, self.threshold
        for table, part in zip(self._tables, _parts(value), strict=True):
            for flip in self._flips:
                for position in table.get(_key(label, part ^ flip), ()):
                    if (
                        (best is None or position < best)
                        and groups[position] == label
                        and (hashes[position] ^ value).bit_count() <= threshold
                    ):
                        best = position
        return best


def _key(label: int, part: int) -> int:
    """One int per (group, part) pair: the tables stay dicts of ints, not of tuples."""
    return (label << _PART_BITS) | part


def _parts(value: int) -> list[int]:
    mask = (1 << _PART_BITS) - 1
    return [(value >> (i * _PART_BITS)) & mask for i in range(_PARTS)]


def _masks(bits: int, radius: int) -> list[int]:
    """Every ``bits``-bit mask with at most ``radius`` bits set (0 first)."""
    masks = [0]
    frontier = [0]
    for _ in range(radius):
        frontier = sorted({m | (1 << b) for m in frontier for b in range(bits) if not m >> b & 1})
        masks += frontier
    return masks


def sample_group(sample: Mapping[str, Any]) -> Hashable:
    """What two step samples must share to be duplicates besides their screen: the instruction
    (case and spacing ignored), the step's place in its episode and the action's type."""
    action = sample.get("action")
    kind = action.get("action") if isinstance(action, Mapping) else None
    instruction = " ".join(str(sample.get("instruction", "")).split()).casefold()
    return instruction, len(sample.get("history") or ()), str(kind)


def near_duplicates(
    items: Iterable[Path | str | Mapping[str, Any]],
    threshold: int = DEFAULT_THRESHOLD,
    root: Path | str = ".",
    hash_of: Callable[[Path], int] = phash,
) -> dict[int, int]:
    """Which items repeat an earlier kept one: ``{duplicate's index: kept item's index}``.

    ``items`` are image paths, or step samples (their ``image`` relative to ``root``, grouped
    by `sample_group`). Items are taken in order; one whose screen lies within ``threshold``
    bits of a kept item of its group is a duplicate of the earliest such item, any other is
    kept. Greedy, as a streaming filter must be: two kept items are never within the threshold,
    but a chain a–b–c of small steps keeps a and c.
    """
    index = HashIndex(threshold)
    kept: list[int] = []  # the item index of each hash in the index, by position
    duplicates: dict[int, int] = {}
    for number, item in enumerate(items):
        if isinstance(item, Mapping):
            group, path = sample_group(item), Path(root) / str(item["image"])
        else:
            group, path = None, Path(item)
        value = hash_of(path)
        match = index.match(value, group)
        if match is None:
            index.add(value, group)
            kept.append(number)
        else:
            duplicates[number] = kept[match]
    return duplicates

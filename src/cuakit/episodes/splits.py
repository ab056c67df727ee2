"""The three splits every figure names: ``train``, ``val`` (every design choice) and ``test``
(read only to report).

- ``test`` is a reserved seed range (``TEST_SEED_START`` and up). A simulator that builds its
  task from the seed (desksim) draws a test instance's slot values (names, files, options)
  and phrasing from reserved subsets (`values_for`) that no other seed uses, so no test
  instruction appears in training. Data without a seed (imported ExeVR videos) falls on a
  side by a hash of its normalised instruction.
- ``val`` is chosen by a hash of the normalised instruction, so val and train never share an
  instruction string and all videos of one task stay together; and a second reserved seed
  range (``VAL_SEED_START`` up to ``TEST_SEED_START``) is val whatever the instruction. A
  desksim instance there names slot values held for val (`held_for_val`) that neither training
  nor test names, worded in phrasings of val's own, so val meets unseen values and unseen
  wording as test does: a threshold or a design chosen on val then faces the novelty test will
  have (the hash-drawn val only meets unseen strings).
- Derived videos (negatives cut or edited from a recording, ``extra["derived_from"]``) take
  their source's side (`episode_split`).

These are pure functions of an episode's seed and instruction (its source's, for a derived
video): any tool computes the same split without reading labels or videos.
`cuakit.reward.data.split_episodes` applies them to a dataset.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, TypeVar

from cuakit.errors import DatasetError

if TYPE_CHECKING:
    from cuakit.episodes.dataset import EpisodeDataset
    from cuakit.episodes.writer import EpisodeMeta

Split = Literal["train", "val", "test"]
SPLITS: tuple[Split, ...] = ("train", "val", "test")

TEST_SEED_START = 1_000_000_000
"""seeds at or above this are the ``test`` split; collect test data with ``--seed`` here"""
VAL_SEED_START = 900_000_000
"""seeds from here to ``TEST_SEED_START`` are ``val`` with values held for val; training seeds
stay below it"""
VAL_SHARE = 0.2
"""share of instructions (by hash) on the ``val`` side among non-test data"""
SEEDLESS_TEST_SHARE = 0.2
"""share of instructions (by hash) on the ``test`` side for data without a seed (imports)"""
RESERVED_SHARE = 0.25
"""share of a family's slot values and phrasings kept for ``test`` seeds only"""
VAL_RESERVE_MIN_ITEMS = 8
"""lists shorter than this (commit labels, settings pages) hold nothing for val: training would
be left two or fewer of them (desksim's phrasings carry val's own: `Phrasings`)"""

T = TypeVar("T")


def normalise_instruction(text: str) -> str:
    """Lower case, quotes and end punctuation dropped, whitespace collapsed: two
    instructions that read the same to a person compare equal."""
    text = re.sub(r"[\"'‘’“”`]", "", text.lower())
    return " ".join(text.split()).strip(" .!?:;")


def _bucket(key: str) -> float:
    """A fixed pseudo-random number in [0, 1) per key."""
    return (zlib.crc32(key.encode("utf-8")) % 100_000) / 100_000


def is_test_seed(seed: int | None) -> bool:
    return seed is not None and seed >= TEST_SEED_START


def is_val_seed(seed: int | None) -> bool:
    return seed is not None and VAL_SEED_START <= seed < TEST_SEED_START


def values_side(seed: int | None) -> Split:
    """Which values a simulator instance built from ``seed`` names: ``test`` and ``val`` seeds
    their reserved ones, any other seed the training ones (its episode may still fall on val
    by its instruction's hash)."""
    return "test" if is_test_seed(seed) else "val" if is_val_seed(seed) else "train"


def split_of(seed: int | None, instruction: str) -> Split:
    """The split of an episode recorded from ``seed`` with ``instruction`` (a derived video:
    its source's seed and instruction).

    An instruction's ``val`` bucket is the same with or without a seed, so seeded and seedless
    episodes of one instruction never fall on train and val apart; seedless data takes its
    ``test`` share from the buckets just above ``val``'s (a seeded train instruction may land
    on test there: `cuakit.reward.data.split_episodes` drops such train episodes)."""
    if is_val_seed(seed):
        return "val"
    bucket = _bucket(normalise_instruction(instruction))
    if bucket < VAL_SHARE:
        return "test" if is_test_seed(seed) else "val"
    if is_test_seed(seed) or (seed is None and bucket < VAL_SHARE + SEEDLESS_TEST_SHARE):
        return "test"
    return "train"


def split_source(dataset: EpisodeDataset, index: int) -> EpisodeMeta:
    """The recording whose seed and instruction decide episode ``index``'s split: the episode
    itself, or for a derived one (``extra["derived_from"]``: a negative cut or edited from a
    recording, or another import of the same video) its source, followed back to the
    recording."""
    meta, seen = dataset.meta(index), [index]
    while (source := meta.extra.get("derived_from")) is not None:
        if int(source) in seen:
            raise DatasetError(
                f"episodes {seen} of {dataset.root} derive from each other in a loop "
                "(extra['derived_from']): fix or drop them"
            )
        seen.append(int(source))
        meta = dataset.meta(int(source))
    return meta


def episode_split(dataset: EpisodeDataset, index: int) -> Split:
    """The split of a dataset's episode: its own, or its source's for a derived video."""
    source = split_source(dataset, index)
    return split_of(source.seed, source.instruction)


def _by_hash(items: Sequence[T]) -> list[T]:
    return sorted(items, key=lambda item: _bucket(str(item)))


def reserved(items: Sequence[T]) -> set[T]:
    """The items of a value list kept for test seeds: the ``RESERVED_SHARE`` (at least one)
    with the lowest hash of their text, so the choice is stable when a list grows."""
    count = max(1, round(len(items) * RESERVED_SHARE))
    return set(_by_hash(items)[:count])


def held_for_val(items: Sequence[T]) -> set[T]:
    """The items of a value list kept for val seeds: as many as test's, the next by hash (so a
    task that names three values finds three on either side); none for a list under
    ``VAL_RESERVE_MIN_ITEMS``."""
    if len(items) < VAL_RESERVE_MIN_ITEMS:
        return set()
    count = len(reserved(items))
    return set(_by_hash(items)[count : 2 * count])


def values_for(items: Sequence[T], side: Split) -> tuple[T, ...]:
    """The slot values (or phrasings) a task instance on ``side`` (`values_side`) may draw
    from: the test's reserved ones, val's held ones (the training ones for a list too short to
    hold any), or the training ones — the rest. Lists of one item cannot be split: add items
    first."""
    if len(items) < 2:
        raise ValueError(f"cannot reserve test values from a list of {len(items)}: {items!r}")
    test, val = reserved(items), held_for_val(items)
    if side == "test":
        return tuple(item for item in items if item in test)
    if side == "val" and val:
        return tuple(item for item in items if item in val)
    return tuple(item for item in items if item not in test and item not in val)

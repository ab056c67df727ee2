"""The split functions: pure functions of a seed and an instruction (a source's, when derived)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cuakit.episodes.splits import (
    SEEDLESS_TEST_SHARE,
    SPLITS,
    TEST_SEED_START,
    VAL_RESERVE_MIN_ITEMS,
    VAL_SEED_START,
    VAL_SHARE,
    episode_split,
    held_for_val,
    is_test_seed,
    normalise_instruction,
    reserved,
    split_of,
    split_source,
    values_for,
    values_side,
)
from cuakit.errors import DatasetError

INSTRUCTIONS = [f"Click the 'Item {k}' button" for k in range(2000)]


def test_normalising_drops_case_quotes_end_punctuation_and_extra_spaces() -> None:
    assert normalise_instruction("  Click the 'Save'   button. ") == "click the save button"
    assert normalise_instruction('Click the "Save" button!') == "click the save button"
    assert normalise_instruction("Click the “Save” button") == "click the save button"
    assert normalise_instruction("Click Save") != normalise_instruction("Click Share")


def test_test_seeds_are_the_reserved_range_whatever_the_instruction() -> None:
    assert not is_test_seed(None) and not is_test_seed(TEST_SEED_START - 1)
    assert is_test_seed(TEST_SEED_START) and is_test_seed(TEST_SEED_START + 12)
    assert {split_of(TEST_SEED_START + k, text) for k, text in enumerate(INSTRUCTIONS)} == {"test"}
    below = {split_of(k, text) for k, text in enumerate(INSTRUCTIONS)}
    assert below == {"train", "val"}


def test_val_seeds_are_val_whatever_the_instruction() -> None:
    sides = {split_of(VAL_SEED_START + k, text) for k, text in enumerate(INSTRUCTIONS)}
    assert sides == {"val"}
    assert split_of(TEST_SEED_START - 1, INSTRUCTIONS[0]) == "val"
    assert [values_side(s) for s in (None, 0, VAL_SEED_START - 1)] == ["train"] * 3
    assert [values_side(s) for s in (VAL_SEED_START, TEST_SEED_START - 1)] == ["val"] * 2
    assert values_side(TEST_SEED_START) == "test"


def test_val_follows_the_instruction_not_the_seed() -> None:
    for text in INSTRUCTIONS[:200]:
        sides = {split_of(seed, variant) for seed in (0, 7, 123456)
                 for variant in (text, text.upper(), f"{text}.")}  # fmt: skip
        assert len(sides) == 1, text
    share = sum(split_of(0, text) == "val" for text in INSTRUCTIONS) / len(INSTRUCTIONS)
    assert share == pytest.approx(VAL_SHARE, abs=0.03)


def test_seedless_data_fills_every_side_and_keeps_val_where_seeded_data_has_it() -> None:
    sides = [split_of(None, text) for text in INSTRUCTIONS]
    for split, share in (("val", VAL_SHARE), ("test", SEEDLESS_TEST_SHARE)):
        assert sides.count(split) / len(sides) == pytest.approx(share, abs=0.03)
    assert set(sides) == set(SPLITS)
    for text, seedless in zip(INSTRUCTIONS, sides, strict=True):
        # an instruction is val with a seed exactly when it is val without one, so seeded
        # and seedless episodes of one instruction never fall on train and val apart
        assert (split_of(3, text) == "val") == (seedless == "val")


def test_reserved_values_are_stable_disjoint_and_never_empty() -> None:
    names = [f"report_{k}.txt" for k in range(12)]
    test, val, other = (values_for(names, side) for side in ("test", "val", "train"))
    assert set(test) == reserved(names) and set(val) == held_for_val(names)
    assert not set(test) & set(other) and not set(val) & set(other) and not set(test) & set(val)
    assert sorted(test + val + other) == sorted(names) and (len(test), len(val)) == (3, 3)
    assert reserved(names[::-1]) == reserved(names)  # chosen by text, not by position
    assert held_for_val(names[::-1]) == held_for_val(names)
    assert len(values_for(["a", "b"], "test")) == 1
    with pytest.raises(ValueError, match="cannot reserve"):
        values_for(["only"], "test")


def test_a_short_list_holds_nothing_for_val_and_val_draws_the_training_values() -> None:
    phrasings = [f"Click {k}" for k in range(VAL_RESERVE_MIN_ITEMS - 1)]
    assert held_for_val(phrasings) == set()
    assert values_for(phrasings, "val") == values_for(phrasings, "train")
    assert len(values_for(phrasings, "train")) == len(phrasings) - len(reserved(phrasings))


class Episodes:
    """Just what `split_source` reads of a dataset: ``root`` and ``meta(index)``."""

    def __init__(self, metas: dict[int, dict]) -> None:
        self.root = Path("fake")
        self.metas = {i: SimpleNamespace(index=i, **m) for i, m in metas.items()}

    def meta(self, index: int) -> SimpleNamespace:
        return self.metas[index]


def test_a_derived_video_takes_its_sources_seed_and_instruction() -> None:
    episodes = Episodes({
        0: {"seed": TEST_SEED_START, "instruction": "Press Share", "extra": {}},
        1: {"seed": None, "instruction": "Press Delete", "extra": {"derived_from": 0}},
        2: {"seed": 5, "instruction": "Press Share", "extra": {"derived_from": 1}},
        3: {"seed": 5, "instruction": "Press Share", "extra": {}},
    })  # fmt: skip
    assert split_source(episodes, 2).index == 0  # type: ignore[arg-type]
    assert [episode_split(episodes, i) for i in (0, 1, 2)] == ["test"] * 3  # type: ignore[arg-type]
    assert episode_split(episodes, 3) == split_of(5, "Press Share")  # type: ignore[arg-type]


def test_a_derivation_loop_is_a_dataset_error() -> None:
    episodes = Episodes({
        0: {"seed": 1, "instruction": "a", "extra": {"derived_from": 1}},
        1: {"seed": 1, "instruction": "b", "extra": {"derived_from": 0}},
    })  # fmt: skip
    with pytest.raises(DatasetError, match="loop"):
        episode_split(episodes, 0)  # type: ignore[arg-type]

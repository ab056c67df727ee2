"""`split_episodes`: train / val / test of a dataset, with no instruction on two sides."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import TEST_SEED_START, normalise_instruction, split_of
from cuakit.errors import ConfigError
from cuakit.reward.data import SuccessExample, split_episodes
from tests.fixtures import write_tasks

TEXTS = [f"Press the '{name} {k}' button" for k in range(8) for name in ("Share", "Delete")]


def sides_of(splits: object) -> dict[int, str]:
    return {i: s for s in ("train", "val", "test") for i in getattr(splits, s)}


def texts_on(dataset: EpisodeDataset, episodes: frozenset[int]) -> set[str]:
    return {normalise_instruction(dataset.meta(i).instruction) for i in episodes}


@pytest.fixture
def mixed(tmp_path: Path) -> EpisodeDataset:
    """Recordings on ordinary and test seeds (some test instructions repeat an ordinary one, as
    MiniWoB's must), seedless imports, and derived videos of each."""
    tasks = [{"seed": k, "instruction": text} for k, text in enumerate(TEXTS)]
    tasks += [{"seed": TEST_SEED_START + k, "instruction": f"Open 'file_{k}.txt'"}
              for k in range(4)]  # fmt: skip
    tasks += [{"seed": TEST_SEED_START + 9, "instruction": TEXTS[0].upper()}]  # repeats seed 0's
    tasks += [{"seed": None, "instruction": f"Toggle 'Option {k}'"} for k in range(12)]
    root = tmp_path / "ds"
    recorded = write_tasks(root, tasks)
    write_tasks(root, [
        {"seed": None, "instruction": EpisodeDataset(root).meta(i).instruction, "success": False,
         "extra": {"derived_from": i, "negative": "truncate"}}
        for i in recorded
    ])  # fmt: skip
    return EpisodeDataset(root)


def test_no_instruction_is_shared_between_sides_and_every_drop_is_counted(
    mixed: EpisodeDataset,
) -> None:
    splits = split_episodes(mixed)
    on = {s: texts_on(mixed, splits[s]) for s in ("train", "val", "test")}
    assert on["train"] and on["val"] and on["test"]
    assert not on["train"] & on["val"] and not on["train"] & on["test"]
    assert not on["val"] & on["test"]
    assert on == {s: set(splits.instructions[s]) for s in on}
    shared = normalise_instruction(TEXTS[0])
    assert split_of(0, TEXTS[0]) != "test" and shared in on["test"]
    # seed 0's recording and its truncation left its side for the test instance's text
    side = split_of(0, TEXTS[0])
    assert splits.dropped[side] >= 2
    kept = sum(len(splits[s]) for s in ("train", "val", "test"))
    assert kept + sum(splits.dropped.values()) == len(mixed)
    counts = splits.counts()
    assert counts["dropped:" + side] == splits.dropped[side] and counts["test"] == len(splits.test)


def test_derived_videos_are_on_their_sources_side(mixed: EpisodeDataset) -> None:
    splits = split_episodes(mixed)
    side = sides_of(splits)
    derived = [m for m in mixed.episodes if "derived_from" in m.extra]
    assert derived and all(m.seed is None for m in derived)  # their own seed says nothing
    for meta in derived:
        source = int(meta.extra["derived_from"])
        assert side.get(meta.index) == side.get(source)
    assert any(side.get(m.index) == "test" for m in derived)  # a test seed's truncation


def test_seedless_episodes_fill_more_than_one_side_and_one_instructions_stay_together(
    tmp_path: Path,
) -> None:
    root = tmp_path / "imports"
    write_tasks(root, [{"seed": None, "instruction": f"Rename 'notes_{k}.txt'", "success": ok}
                       for k in range(40) for ok in (True, False)])  # fmt: skip
    dataset = EpisodeDataset(root)
    splits = split_episodes(dataset)
    side = sides_of(splits)
    assert len(side) == len(dataset)  # nothing to drop: each instruction is on one side
    assert len(set(side.values())) == 3
    by_text: dict[str, set[str]] = {}
    for meta in dataset.episodes:
        by_text.setdefault(meta.instruction, set()).add(side[meta.index])
    assert all(len(sides) == 1 for sides in by_text.values())


def test_a_held_out_family_is_the_whole_test_side(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    tasks = [{"seed": k, "instruction": text, "family": "buttons"} for k, text in enumerate(TEXTS)]
    tasks += [{"seed": 50 + k, "instruction": f"Tick box {k}", "family": "boxes"}
              for k in range(6)]  # fmt: skip
    tasks += [{"seed": TEST_SEED_START + k, "instruction": f"Hit the '{k}' key",
               "family": "buttons"} for k in range(3)]  # fmt: skip
    write_tasks(root, tasks)
    dataset = EpisodeDataset(root)
    splits = split_episodes(dataset, "family:boxes")
    family = {m.index: m.extra["family"] for m in dataset.episodes}
    assert {family[i] for i in splits.test} == {"boxes"} and len(splits.test) == 6
    assert {family[i] for i in splits.train | splits.val} == {"buttons"}
    standard = split_episodes(dataset)
    others = [m for m in dataset.episodes if m.extra["family"] == "buttons"]
    assert splits.train == {m.index for m in others if m.index in standard.train}
    assert splits.val == {m.index for m in others if m.index in standard.val}
    assert splits.dropped["test"] == 3  # the other family's test seeds: on no side, counted
    with pytest.raises(ConfigError, match="no such family"):
        split_episodes(dataset, "family:sliders")
    with pytest.raises(ConfigError, match="family:NAME"):
        split_episodes(dataset, "random")


def test_judgements_under_another_sides_instruction_are_left_out(mixed: EpisodeDataset) -> None:
    """A negative made before negatives kept to their side may judge a train video under a
    test instruction: that judgement would put the test text in training."""
    splits = split_episodes(mixed)
    train, test = min(splits.train), min(splits.test)
    own = mixed.meta(train).instruction
    borrowed = mixed.meta(test).instruction
    examples = [
        SuccessExample(train, own, True, None, "env", "test"),
        SuccessExample(train, borrowed, False, 0, "negative:swap", "test"),
        SuccessExample(test, borrowed, True, None, "env", "test"),
    ]
    kept, dropped = splits.examples(examples, "train")
    assert kept == examples[:1] and dropped == 1
    assert splits.examples(examples, "test") == (examples[2:], 0)


def test_a_family_whose_every_instruction_test_holds_is_named_untrained(tmp_path: Path) -> None:
    """MiniWoB's click-dialog has one instruction: its test-seed recordings take it, so every
    training recording of it is dropped and a model trained here never sees the family."""
    root = tmp_path / "ds"
    tasks = [{"seed": k, "instruction": text, "family": "buttons"} for k, text in enumerate(TEXTS)]
    tasks += [{"seed": k, "instruction": "Close the dialog", "family": "dialog"}
              for k in range(100, 110)]  # fmt: skip
    tasks += [{"seed": TEST_SEED_START, "instruction": "Close the dialog", "family": "dialog"}]
    write_tasks(root, tasks)
    splits = split_episodes(EpisodeDataset(root))
    assert splits.untrained == ("dialog",)
    assert split_episodes(EpisodeDataset(root), "family:dialog").untrained == ()

"""Ground-truth labels: success rows, preference pairs (chosen is preferred), negatives."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.curate.labels import (
    FLIPPED,
    NEGATIVE_KINDS,
    compare,
    decisive_step,
    label_pairs,
    label_success,
    make_negatives,
)
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import TEST_SEED_START, episode_split
from cuakit.errors import ConfigError
from cuakit.reward.data import split_episodes


def build(root: Path) -> EpisodeDataset:
    """Noisy click-button runs, form-fill runs that give up early, easy editor-bold runs."""
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.5", 12, root)
    collect("cuakit/desksim-form-fill-v0", "expert:give_up=1", 6, root, seed=100)
    collect(
        "cuakit/desksim-editor-bold-v0", "expert", 3, root, seed=200, env_kwargs={"difficulty": 1}
    )
    return EpisodeDataset(root)


pytestmark = pytest.mark.xdist_group("labels")  # one worker builds its fixtures


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`build` once per module: each test labels a copy of it."""
    return build(tmp_path_factory.mktemp("labels") / "ds").root


@pytest.fixture
def dataset(recorded: Path, tmp_path: Path) -> EpisodeDataset:
    return copy(recorded, tmp_path / "ds")


def copy(root: Path, to: Path) -> EpisodeDataset:
    shutil.copytree(root, to)
    return EpisodeDataset(to)


def rows(dataset: EpisodeDataset, source: str) -> list[dict]:
    return [r for r in dataset.success_labels().to_pylist() if r["source"] == source]


# ---- success ---------------------------------------------------------------------------------
def test_label_success_one_env_row_per_episode_and_idempotent(dataset: EpisodeDataset) -> None:
    assert label_success(dataset) == len(dataset)
    labels = {r["episode"]: r["label"] for r in rows(dataset, "env")}
    assert labels == {m.index: m.success for m in dataset.episodes}
    assert label_success(dataset) == 0
    assert dataset.success_labels().num_rows == len(dataset)
    assert label_success(dataset, source="judge") == len(dataset)  # another source is separate


# ---- pairs -----------------------------------------------------------------------------------
def test_pairs_follow_the_criteria_with_chosen_preferred(dataset: EpisodeDataset) -> None:
    counts = label_pairs(dataset)
    pairs = dataset.preference_labels().to_pylist()
    assert counts["correctness"] > 0 and counts["efficiency"] > 0 and counts["progress"] > 0
    assert sum(counts[c] for c in ("correctness", "efficiency", "progress")) == len(pairs)
    assert counts["flipped"] == 0
    meta = {m.index: m for m in dataset.episodes}
    for pair in pairs:
        chosen, rejected = meta[pair["chosen"]], meta[pair["rejected"]]
        assert pair["source"] == "env"
        assert chosen.extra["family"] == rejected.extra["family"]  # singletons pool by family
        if pair["criterion"] == "correctness":
            assert chosen.success and not rejected.success and pair["margin"] == 1.0
        elif pair["criterion"] == "efficiency":
            assert chosen.success and rejected.success
            assert (chosen.length, chosen.duration_s) < (rejected.length, rejected.duration_s)
        else:
            assert pair["criterion"] == "progress"
            assert not chosen.success and not rejected.success
            assert chosen.extra["progress"] > rejected.extra["progress"]
    assert label_pairs(dataset) == {"correctness": 0, "efficiency": 0, "progress": 0, "flipped": 0}
    assert dataset.preference_labels().num_rows == len(pairs)


def test_episodes_of_one_task_instance_pair_with_each_other(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    collect("cuakit/desksim-form-fill-v0", "expert", 4, root)
    collect("cuakit/desksim-form-fill-v0", "expert:give_up=1", 4, root)  # same seeds, all fail
    dataset = EpisodeDataset(root)
    label_pairs(dataset)
    pairs = dataset.preference_labels().to_pylist()
    meta = {m.index: m for m in dataset.episodes}
    assert len(pairs) == 4
    for pair in pairs:
        chosen, rejected = meta[pair["chosen"]], meta[pair["rejected"]]
        assert chosen.task_id == rejected.task_id
        assert chosen.success and not rejected.success and pair["criterion"] == "correctness"


def test_noise_flips_the_expected_fraction_deterministically(
    recorded: Path, tmp_path: Path
) -> None:
    first, second = copy(recorded, tmp_path / "a"), copy(recorded, tmp_path / "b")
    counts = label_pairs(first, noise=0.25, seed=3)
    total = sum(counts[c] for c in ("correctness", "efficiency", "progress"))
    assert counts["flipped"] == round(0.25 * total) > 0
    meta = {m.index: m for m in first.episodes}
    pairs = first.preference_labels().to_pylist()
    for pair in pairs:
        truth = compare(meta[pair["chosen"]], meta[pair["rejected"]])
        assert truth is not None
        if pair["criterion"].endswith(FLIPPED):  # ground truth prefers the rejected one
            assert truth.chosen == pair["rejected"]
            assert pair["criterion"] == truth.criterion + FLIPPED
        else:
            assert truth.chosen == pair["chosen"]
    assert sum(p["criterion"].endswith(FLIPPED) for p in pairs) == counts["flipped"]
    assert label_pairs(second, noise=0.25, seed=3) == counts
    drop = ("created_at",)
    strip = [{k: v for k, v in p.items() if k not in drop} for p in pairs]
    again = [
        {k: v for k, v in p.items() if k not in drop}
        for p in second.preference_labels().to_pylist()
    ]
    assert again == strip


def test_max_pairs_per_group_caps_each_group(dataset: EpisodeDataset, tmp_path: Path) -> None:
    uncapped = EpisodeDataset(shutil.copytree(dataset.root, tmp_path / "uncapped"))
    criteria = ("correctness", "efficiency", "progress")
    counts = label_pairs(dataset, max_pairs_per_group=3)
    assert sum(counts[c] for c in criteria) == 9
    # three families pool their singleton instances, each with at least 3 pairs to give
    family = {m.index: m.extra["family"] for m in dataset.episodes}
    pairs = dataset.preference_labels().to_pylist()
    per_family = Counter(family[p["chosen"]] for p in pairs)
    assert per_family == {"click-button": 3, "form-fill": 3, "editor-bold": 3}
    assert sum(label_pairs(uncapped)[c] for c in criteria) > 9  # the cap bit


def test_bad_pair_arguments_raise_config_error(dataset: EpisodeDataset) -> None:
    with pytest.raises(ConfigError, match=r"noise=1.5.*\[0, 1\]"):
        label_pairs(dataset, noise=1.5)
    with pytest.raises(ConfigError, match="max_pairs_per_group"):
        label_pairs(dataset, max_pairs_per_group=0)


# ---- negatives -------------------------------------------------------------------------------
def test_unknown_negative_kind_names_the_allowed_ones(dataset: EpisodeDataset) -> None:
    with pytest.raises(ConfigError, match=r"'shuffle'.*translate, truncate, continue, swap"):
        make_negatives(dataset, ["translate", "shuffle"])


def test_translate_and_swap_borrow_mismatched_instructions(dataset: EpisodeDataset) -> None:
    counts = make_negatives(dataset, ["translate", "swap"], seed=1)
    meta = {m.index: m for m in dataset.episodes}
    successes = [m for m in dataset.episodes if m.success]
    by_instruction = {m.instruction: m for m in dataset.episodes}
    translate, swap = rows(dataset, "negative:translate"), rows(dataset, "negative:swap")
    assert counts["translate"] == len(translate) > 0
    assert counts["translate"] + counts["translate:skipped"] == len(successes)
    assert counts["swap"] == len(swap) > 0
    assert counts["swap"] + counts["swap:skipped"] == len(successes)
    for row in translate:
        own, other = meta[row["episode"]], by_instruction[row["instruction"]]
        assert own.success and row["label"] is False
        assert other.extra["family"] == own.extra["family"]
        assert other.extra["params"] != own.extra["params"]
        assert row["deviation_step"] == decisive_step(dataset.steps(own.index).to_pylist())
    for row in swap:
        own, other = meta[row["episode"]], by_instruction[row["instruction"]]
        assert other.extra["family"] == own.extra["family"]  # never another family's text
        assert other.extra["params"] != own.extra["params"]  # another task instance
        assert row["label"] is False and row["deviation_step"] == 0
    # deterministic per seed, and nothing is added twice
    assert make_negatives(dataset, ["translate", "swap"], seed=1)["translate"] == 0
    assert len(rows(dataset, "negative:translate")) == len(translate)


def test_negatives_stay_on_their_sources_side_and_borrow_only_there(tmp_path: Path) -> None:
    """Swap used to borrow any other family's instruction, a held-out one (leave-one-family-out)
    or a test one included, so test text reached training as a negative."""
    root = tmp_path / "ds"
    collect("cuakit/desksim-click-button-v0", "expert", 16, root, env_kwargs={"difficulty": 1})
    collect("cuakit/desksim-click-button-v0", "expert", 8, root, seed=TEST_SEED_START,
            env_kwargs={"difficulty": 1})  # fmt: skip
    collect("cuakit/desksim-checkboxes-v0", "expert", 6, root, seed=100)
    dataset = EpisodeDataset(root)
    make_negatives(dataset, ["translate", "swap", "truncate"], seed=0)
    side = {m.index: episode_split(dataset, m.index) for m in dataset.episodes}
    family = {m.index: m.extra["family"] for m in dataset.episodes}
    said_where: dict[str, set[tuple[str, str]]] = {}  # instruction → (family, side) recorded
    for m in dataset.episodes:
        if "derived_from" not in m.extra:
            said_where.setdefault(m.instruction, set()).add((family[m.index], side[m.index]))
    borrowed = [r for r in dataset.success_labels().to_pylist() if r["instruction"]]
    assert {r["source"] for r in borrowed} == {"negative:translate", "negative:swap"}
    for row in borrowed:  # a recording of the source's family on the source's side said it
        assert (family[row["episode"]], side[row["episode"]]) in said_where[row["instruction"]]
    assert any(side[r["episode"]] == "test" for r in borrowed)  # test sources borrow from test
    truncated = [m for m in dataset.episodes if m.extra.get("negative") == "truncate"]
    assert {side[m.index] for m in truncated} >= {"test", "train"}
    for m in truncated:
        assert side[m.index] == side[int(m.extra["derived_from"])]
    splits = split_episodes(dataset)
    kept = {i: s for s in ("train", "val", "test") for i in splits[s]}
    for m in truncated:  # also where the split drops them: together
        assert kept.get(m.index) == kept.get(int(m.extra["derived_from"]))


def test_truncate_cuts_the_video_before_the_decisive_step(dataset: EpisodeDataset) -> None:
    before = {m.index: m for m in dataset.episodes}
    counts = make_negatives(dataset, ["truncate"])
    derived = [m for m in dataset.episodes if m.extra.get("negative") == "truncate"]
    assert counts["truncate"] == len(derived) == sum(m.success for m in before.values())
    labels = {r["episode"]: r for r in rows(dataset, "negative:truncate")}
    differing = 0
    for meta in derived:
        original = before[meta.extra["derived_from"]]
        steps = dataset.steps(original.index).to_pylist()
        decisive = decisive_step(steps)
        cut = steps[decisive]["frame_index"]
        assert meta.success is False and meta.policy == "negative:truncate"
        assert (meta.task_id, meta.instruction, meta.seed) == (
            original.task_id,
            original.instruction,
            original.seed,
        )
        assert meta.num_frames == cut + 1 < original.num_frames
        assert meta.length == decisive
        frames = dataset.frames(meta.index)
        assert np.array_equal(frames, dataset.frames(original.index, range(cut + 1)))
        last = dataset.frame(original.index, original.num_frames - 1)
        action = json.loads(steps[decisive]["action"])
        previous = steps[decisive - 1] if decisive > 0 else None
        point = action.get("coordinates") or [-1.0, -1.0]
        hovered = previous is not None and np.allclose(
            [previous["cursor_x"], previous["cursor_y"]], point, atol=0.005
        )
        # desksim draws no trace of some decisive actions (a click on a button the pointer
        # already hovers, a ctrl+s save): there the cut frame may equal the final one
        invisible = hovered or action["action"] == "key"
        assert invisible or not np.array_equal(frames[-1], last)
        differing += not np.array_equal(frames[-1], last)
        assert labels[meta.index]["label"] is False
    assert differing > len(derived) // 2
    assert dataset.episodes[: len(before)] == list(before.values())  # originals untouched


def test_continue_undoes_editor_bold_and_saves(dataset: EpisodeDataset) -> None:
    counts = make_negatives(dataset, ["continue"])
    sources = [m for m in dataset.episodes if m.success]
    bold = [m for m in sources if m.extra["family"] == "editor-bold"]
    derived = [m for m in dataset.episodes if m.extra.get("negative") == "continue"]
    assert counts["continue"] == len(derived) == len(bold) == 3
    assert counts["continue:skipped"] == len(sources) - len(bold)
    labels = {r["episode"]: r for r in rows(dataset, "negative:continue")}
    for meta in derived:
        original = dataset.meta(meta.extra["derived_from"])
        steps = dataset.steps(meta.index).to_pylist()
        assert meta.success is False and meta.policy == "negative:continue"
        assert json.loads(steps[original.length - 1]["info"])["success"] is True
        assert json.loads(steps[-1]["info"])["success"] is False
        assert labels[meta.index]["deviation_step"] == original.length
        frames = dataset.frames(meta.index)
        assert np.array_equal(frames[: original.num_frames], dataset.frames(original.index))
        assert not np.array_equal(frames[-1], frames[original.num_frames - 1])
        # replaying the derived episode leaves a saved file without the bold line
        env = envs.make(meta.env_id, difficulty=1)
        env.reset(seed=meta.seed)
        for row in steps:
            env.step(Action.from_dict(json.loads(row["action"])))
        task = env.task
        assert task.line not in env.desk.files[task.target].bold
        assert not env.task.outcome().success
    assert make_negatives(dataset, ["continue"])["continue"] == 0


def test_negatives_are_idempotent_and_deterministic(recorded: Path, tmp_path: Path) -> None:
    first, second = copy(recorded, tmp_path / "a"), copy(recorded, tmp_path / "b")
    videos = {m.index: (first.root / m.video).read_bytes() for m in first.episodes}
    counts = make_negatives(first, NEGATIVE_KINDS, seed=5)
    assert make_negatives(second, NEGATIVE_KINDS, seed=5) == counts
    episodes, labels = len(first), first.success_labels().num_rows
    again = make_negatives(first, NEGATIVE_KINDS, seed=5)
    assert all(again[kind] == 0 for kind in NEGATIVE_KINDS)
    assert (len(first), first.success_labels().num_rows) == (episodes, labels)
    assert all((first.root / first.meta(i).video).read_bytes() == v for i, v in videos.items())
    keep = ("episode", "label", "source", "instruction", "deviation_step")
    picks = [{k: r[k] for k in keep} for r in first.success_labels().to_pylist()]
    assert picks == [{k: r[k] for k in keep} for r in second.success_labels().to_pylist()]
    # negatives' derived episodes are failures that pair with their originals
    label_pairs(first)
    derived = {m.index for m in first.episodes if "derived_from" in m.extra}
    pairs = first.preference_labels().to_pylist()
    assert all(p["chosen"] not in derived or p["criterion"] == "progress" for p in pairs)
    assert any(p["rejected"] in derived for p in pairs)

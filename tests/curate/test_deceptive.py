"""Deceptive negatives: recorded for real, true failures by ground truth, linked to a source."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.cli.label import LabelSuccessArgs
from cuakit.curate.deceptive import DECEPTIVE_KINDS, PLANNERS, make_deceptive
from cuakit.curate.deceptive_scripts import expert
from cuakit.curate.labels import is_derived, make_negatives
from cuakit.envs.collect import collect
from cuakit.envs.desksim import FAMILIES
from cuakit.episodes import EpisodeDataset, EpisodeMeta
from cuakit.episodes.splits import split_of
from cuakit.errors import ConfigError

NAMES = [task.family for task in FAMILIES]
SUPPORTED = {"hover": set(NAMES)} | {kind: set(PLANNERS[kind]) for kind in PLANNERS}
# Commits desksim answers with a generic page ("Your response has been recorded.", a dialog
# closing, a focus ring on the pressed button): the video ends on the success's last frame,
# the seed's "screen that looks successful", and differs only before it.
SAME_END = {
    ("settings-toggle", "fake-success"),
    ("settings-toggle", "wrong-target"),
    ("form-fill", "fake-success"),
    ("form-fill", "wrong-target"),
    ("form-fill", "partial"),
    ("checkboxes", "fake-success"),
    ("checkboxes", "wrong-target"),
    ("checkboxes", "partial"),
    ("dismiss-dialog", "fake-success"),
    ("dropdown-select", "fake-success"),
    ("dropdown-select", "wrong-target"),
    ("dropdown-select", "partial"),
}


pytestmark = pytest.mark.xdist_group("deceptive")  # one worker builds its fixtures


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> EpisodeDataset:
    """One expert episode per family at levels 2 and 3 (22 sources), then every kind."""
    root = tmp_path_factory.mktemp("deceptive") / "ds"
    for level in (2, 3):
        seed = 100 * level
        collect(
            "cuakit/desksim-*", "expert", len(NAMES), root, seed, env_kwargs={"difficulty": level}
        )
    data = EpisodeDataset(root)
    assert all(meta.success for meta in data.episodes)
    make_deceptive(data, DECEPTIVE_KINDS, seed=0, progress=False)
    return data


def derived(dataset: EpisodeDataset, family: str, kind: str) -> list[EpisodeMeta]:
    return [
        m
        for m in dataset.episodes
        if is_derived(m) and m.extra["family"] == family and m.extra["negative"] == kind
    ]


def actions_of(dataset: EpisodeDataset, index: int) -> list[Action]:
    return [Action.from_dict(json.loads(r["action"])) for r in dataset.steps(index).to_pylist()]


def replay(meta: EpisodeMeta, actions: list[Action]) -> tuple[envs.GUIEnv, list[dict]]:
    """The episode's actions played again in its task instance; the infos at the reset and
    after each action."""
    env = envs.make(meta.env_id, difficulty=meta.extra["difficulty"])
    first = env.reset(seed=meta.seed)[1]
    return env, [first] + [env.step(action)[4] for action in actions]


def point_of(action: Action) -> tuple[float, float]:
    assert action.point is not None
    return action.point


# ---- every family and kind -------------------------------------------------------------------
@pytest.mark.parametrize("family", NAMES)
def test_negatives_are_recorded_true_failures_of_their_source(
    dataset: EpisodeDataset, family: str
) -> None:
    labels = {
        (r["episode"], r["source"]): r
        for r in dataset.success_labels().to_pylist()
        if r["source"].startswith("negative:")
    }
    for kind in DECEPTIVE_KINDS:
        episodes = derived(dataset, family, kind)
        assert bool(episodes) == (family in SUPPORTED[kind]), (family, kind)
        for meta in episodes:
            source = dataset.meta(meta.extra["derived_from"])
            steps = dataset.steps(meta.index).to_pylist()
            actions = actions_of(dataset, meta.index)
            # recorded: a video with the in-between frames, ended by the agent's finish
            assert meta.policy == f"negative:{kind}" and meta.length == len(steps)
            assert dataset.frames(meta.index).shape[0] == meta.num_frames > len(steps)
            assert actions[-1].type is ActionType.FINISH
            assert [r["terminated"] for r in steps] == [False] * (len(steps) - 1) + [True]
            # a true failure: never a success, in the recording nor when played again
            assert meta.success is False and source.success is True
            assert not any(json.loads(r["info"])["success"] for r in steps)
            env, infos = replay(meta, actions)
            assert not any(info["success"] for info in infos[1:])
            assert not env.task.outcome().success
            # labelled by kind, departing from the expert at the labelled step
            label = labels[(meta.index, f"negative:{kind}")]
            assert label["label"] is False
            deviation = label["deviation_step"]
            assert deviation == meta.extra["deviation_step"] <= len(steps) - 1  # at most: finish
            expert = actions_of(dataset, source.index)
            strip = [(a.type, a.point, a.text, a.keys) for a in actions]
            assert (
                strip[:deviation] == [(a.type, a.point, a.text, a.keys) for a in expert][:deviation]
            )
            # linked to its source, so it stays on the source's side of the split
            assert is_derived(meta) and not is_derived(source)
            same = ("env_id", "task_id", "instruction", "seed")
            assert [getattr(meta, f) for f in same] == [getattr(source, f) for f in same]
            assert split_of(meta.seed, meta.instruction) == split_of(
                source.seed, source.instruction
            )
            # it does not end on the source's success screen, or (a generic commit page) it
            # ends there and the video differs before
            frames, success = dataset.frames(meta.index), dataset.frames(source.index)
            if np.array_equal(frames[-1], success[-1]):
                assert (family, kind) in SAME_END
                assert len(frames) != len(success) or not np.array_equal(frames, success)


def test_hover_rests_on_the_decisive_target_without_committing(dataset: EpisodeDataset) -> None:
    hovers = [m for m in dataset.episodes if m.extra.get("negative") == "hover"]
    assert len(hovers) == 2 * len(NAMES)
    for meta in hovers:
        steps = dataset.steps(meta.index).to_pylist()
        actions = actions_of(dataset, meta.index)
        move, finish = actions[-2:]
        assert move.type is ActionType.MOVE and finish.type is ActionType.FINISH
        assert meta.extra["deviation_step"] == len(actions) - 2
        # the expert's next action at that point is the decisive commit, aimed at the hover
        env, infos = replay(meta, actions[:-2])
        decisive = env.expert_action()
        elements = infos[-1]["elements"]
        if decisive.type is ActionType.KEY:  # ctrl+s: the button that does the same
            (target,) = [
                e["bbox"] for e in elements if e["role"] == "button" and e["text"] == "Save"
            ]
            commit = Action.click(*point_of(move))
        else:
            target = min(
                (e["bbox"] for e in elements if inside(point_of(decisive), e["bbox"])),
                key=lambda b: b[2] * b[3],
            )
            assert point_of(move) == point_of(decisive)
            commit = Action(decisive.type, point=point_of(move))
        cursor = (steps[-1]["cursor_x"], steps[-1]["cursor_y"])
        assert inside(cursor, target), (meta.extra["family"], cursor, target)
        # committing where the pointer rests would have done the task
        assert env.step(commit)[4]["success"], meta.extra["family"]


def inside(point: tuple[float, float], bbox: list[float]) -> bool:
    x, y, w, h = bbox
    return x <= point[0] <= x + w and y <= point[1] <= y + h


# ---- the driver ------------------------------------------------------------------------------
def test_a_second_run_adds_nothing(dataset: EpisodeDataset) -> None:
    episodes, labels = len(dataset), dataset.success_labels().num_rows
    counts = make_deceptive(dataset, DECEPTIVE_KINDS, progress=False)
    assert all(counts[kind] == 0 for kind in DECEPTIVE_KINDS)
    assert (len(dataset), dataset.success_labels().num_rows) == (episodes, labels)


def test_runs_that_succeed_are_dropped_and_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "ds"
    collect("cuakit/desksim-click-button-v0", "expert", 3, root, env_kwargs={"difficulty": 2})
    data = EpisodeDataset(root)
    honest = {"click-button": lambda env, rng: expert(env.task)}
    monkeypatch.setitem(PLANNERS, "partial", honest)
    counts = make_deceptive(data, "partial, hover", limit=2, progress=False)
    assert counts["partial"] == 0 and counts["partial:succeeded"] == 3
    assert counts["hover"] == 2  # the limit
    assert len(data) == 5 and not list((root / ".tmp").glob("*"))


def test_unknown_kinds_name_the_valid_ones(dataset: EpisodeDataset) -> None:
    with pytest.raises(ConfigError, match="hover, fake-success, wrong-target, partial"):
        make_deceptive(dataset, ["hover", "hovering"])
    with pytest.raises(ConfigError, match="hover"):
        make_negatives(dataset, ["truncate", "hovering"])


def test_make_negatives_runs_the_deceptive_kinds(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    collect("cuakit/desksim-slider-v0", "expert", 2, root, env_kwargs={"difficulty": 1})
    data = EpisodeDataset(root)
    counts = make_negatives(data, "truncate,hover,fake-success")
    assert counts["truncate"] == counts["hover"] == counts["fake-success"] == 2
    sources = {r["source"] for r in data.success_labels().to_pylist()}
    assert sources == {"negative:truncate", "negative:hover", "negative:fake-success"}


def test_the_label_command_accepts_the_deceptive_kinds(tmp_path: Path) -> None:
    assert LabelSuccessArgs(tmp_path, negatives="swap, hover,partial").negative_kinds == [
        "swap",
        "hover",
        "partial",
    ]
    with pytest.raises(ConfigError, match="fake-success"):
        LabelSuccessArgs(tmp_path, negatives="hover,fake")


def test_a_randomised_episode_is_replayed_in_its_own_theme_and_font(tmp_path: Path) -> None:
    """A deceptive video must differ from its source in what the agent did, never in how the
    screen is drawn: a replay in the default theme would tell the judge which video is fake."""
    root = tmp_path / "themed"
    collect("cuakit/desksim-click-button-v0", "expert", 3, root,
            env_kwargs={"randomize": True, "fonts": "liberation-serif"})  # fmt: skip
    dataset = EpisodeDataset(root)
    assert dataset.meta(0).extra["env_kwargs"] == {"randomize": True, "fonts": "liberation-serif"}
    make_deceptive(dataset, ["hover"])
    derived = [m for m in dataset.episodes if m.extra.get("negative") == "hover"]
    assert len(derived) == 3
    for meta in derived:
        source = dataset.meta(meta.extra["derived_from"])
        assert np.array_equal(dataset.frame(meta.index, 0), dataset.frame(source.index, 0))

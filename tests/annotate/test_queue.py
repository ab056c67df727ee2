"""Where pairs come from and in which order they are asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuakit.annotate.queue import (
    candidates,
    dataset_candidates,
    fill_queue,
    preference_candidates,
    prioritise,
    reorder,
    uncertainty_priorities,
)
from cuakit.annotate.store import Store
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError
from tests.annotate.conftest import write_striped


def test_preference_pairs_are_candidates_once_with_the_env_winner_as_gold(desksim: Path) -> None:
    dataset = EpisodeDataset(desksim)
    rows = dataset.preference_labels().to_pylist()
    found = preference_candidates(dataset)
    assert len(found) == len({frozenset((r["chosen"], r["rejected"])) for r in rows}) > 0
    gold = {(c.a, c.b): c.gold for c in found}
    for row in rows:
        key = (min(row["chosen"], row["rejected"]), max(row["chosen"], row["rejected"]))
        assert gold[key] == row["chosen"]


def test_dataset_pairs_share_a_task_and_differ_in_outcome_or_length(tmp_path: Path) -> None:
    write_striped(tmp_path / "ds", [5, 5, 8])
    found = dataset_candidates(EpisodeDataset(tmp_path / "ds"), max_pairs=10)
    # 0 and 1 are alike (5 frames, success): never asked; 2 is longer and failed: loses both
    assert [(c.a, c.b, c.gold) for c in found] == [(0, 2, 0), (1, 2, 1)]
    assert len(dataset_candidates(EpisodeDataset(tmp_path / "ds"), max_pairs=1)) == 1


def test_queue_fill_is_idempotent(desksim: Path) -> None:
    dataset, store = EpisodeDataset(desksim), Store.of_dataset(desksim)
    first = fill_queue(store, dataset)
    assert first == len(candidates(dataset)) > 0
    assert fill_queue(store, dataset) == 0
    with pytest.raises(ConfigError, match="--pairs"):
        candidates(dataset, "nowhere")


def test_uncertain_order_asks_the_closest_rewards_first() -> None:
    rewards = {0: 0.0, 1: 5.0, 2: 0.1, 3: -3.0}
    priorities = uncertainty_priorities([(10, 0, 1), (11, 0, 2), (12, 0, 3)], rewards)
    assert sorted(priorities, key=priorities.get) == [11, 12, 10]
    assert all(0 <= p < 0.5 for p in priorities.values())
    order = prioritise([(10, 0, 1), (11, 0, 2)], "uncertain", rewards=lambda eps: rewards)
    assert order[11] < order[10]
    with pytest.raises(ConfigError, match="checkpoint"):
        prioritise([(10, 0, 1)], "uncertain")


def test_random_order_is_a_seeded_shuffle(desksim: Path) -> None:
    store = Store.of_dataset(desksim)
    fill_queue(store, EpisodeDataset(desksim))
    first = reorder(store, "random", seed=1)
    assert reorder(store, "random", seed=1) == first
    assert sorted(first.values()) == [float(i) for i in range(len(first))]


class FakeScorer:
    """Rewards the number of frames (a stand-in for a trained run), counting calls."""

    calls = 0

    def score(self, videos, instructions, fps=10.0):
        from types import SimpleNamespace

        FakeScorer.calls += 1
        return [SimpleNamespace(reward=float(len(v))) for v in videos]


def test_the_queue_follows_the_checkpoint_and_rescores_when_it_changes(tmp_path: Path) -> None:
    import os
    import time

    from cuakit.annotate.queue import FollowCheckpoint, RewardOracle

    write_striped(tmp_path / "ds", [3, 4, 9])
    dataset, store = EpisodeDataset(tmp_path / "ds"), Store.of_dataset(tmp_path / "ds")
    fill_queue(store, dataset)
    run = tmp_path / "run" / "model"
    run.mkdir(parents=True)
    (run / "model.safetensors").write_bytes(b"v1")
    oracle = RewardOracle(dataset, tmp_path / "run", load=lambda run: FakeScorer())
    priorities = reorder(store, "uncertain", oracle=oracle)
    by_pair = {(pair.a, pair.b): priorities[pair.id] for pair in store.pairs()}
    assert by_pair[(0, 1)] < by_pair[(0, 2)]  # 3 vs 4 frames is closer than 3 vs 9
    store.add_user("ann")
    assert store.next_assignment("ann", k=1).pair_id == min(priorities, key=priorities.get)
    calls = FakeScorer.calls
    follow = FollowCheckpoint(store, oracle)
    follow()
    assert FakeScorer.calls == calls  # the model did not change: nothing re-scored
    later = time.time() + 5
    os.utime(run / "model.safetensors", (later, later))
    follow()
    deadline = time.monotonic() + 10
    while FakeScorer.calls == calls and time.monotonic() < deadline:
        time.sleep(0.05)
    assert FakeScorer.calls > calls

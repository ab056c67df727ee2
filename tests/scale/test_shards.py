"""Merging shard datasets: every episode once, frames and labels intact (no Ray needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cuakit.cli import main
from cuakit.episodes import EpisodeDataset
from cuakit.errors import DatasetError
from cuakit.scale.shards import merge
from tests.fixtures import episode_frames, write_episodes


@pytest.fixture
def shards(tmp_path: Path) -> list[Path]:
    roots = [tmp_path / "worker-000", tmp_path / "worker-001"]
    write_episodes(roots[0], [0, 2, 4])
    write_episodes(roots[1], [1, 3])
    first = EpisodeDataset(roots[0])
    first.add_success_labels([{"episode": 2, "label": True, "source": "env"}])
    first.add_preferences([{"chosen": 0, "rejected": 1, "source": "env"}])
    return roots


def test_merge_copies_every_episode_once_with_its_frames_and_labels(
    shards: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "merged"
    report = merge(shards, out, order=lambda meta: meta.seed)
    dataset = EpisodeDataset(out)
    assert (report.merged, report.duplicates, report.labels) == (5, 0, 2)
    assert [m.seed for m in dataset.episodes] == [0, 1, 2, 3, 4]
    assert dataset.indices == [0, 1, 2, 3, 4]
    for meta in dataset.episodes:
        assert np.array_equal(dataset.frames(meta.index), episode_frames(meta.seed))
        assert dataset.steps(meta.index).num_rows == meta.length == 5
    # labels follow their episodes: shard 0's episode 2 (seed 4) and pair 0 > 1 (seeds 0, 2)
    [label] = dataset.success_labels().to_pylist()
    assert dataset.meta(label["episode"]).seed == 4
    [pair] = dataset.preference_labels().to_pylist()
    assert (dataset.meta(pair["chosen"]).seed, dataset.meta(pair["rejected"]).seed) == (0, 2)


def test_merging_again_adds_nothing_twice(shards: list[Path], tmp_path: Path) -> None:
    """A merge re-run after a crash (or by mistake) must not duplicate episodes or labels."""
    out = tmp_path / "merged"
    merge(shards, out)
    again = merge(shards, out)
    assert (again.merged, again.duplicates, again.labels) == (0, 5, 0)
    dataset = EpisodeDataset(out)
    assert len(dataset) == 5 and dataset.success_labels().num_rows == 1
    # the same shard twice in one call: its episodes once
    twice = merge([shards[1], shards[1]], tmp_path / "twice")
    assert (twice.merged, twice.duplicates) == (2, 2)


def test_merge_appends_after_the_episodes_out_holds(shards: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "merged"
    write_episodes(out, [10])
    merge(shards, out)
    assert [m.seed for m in EpisodeDataset(out).episodes] == [10, 0, 2, 4, 1, 3]


def test_merge_refuses_shards_recorded_at_another_fps(shards: list[Path], tmp_path: Path) -> None:
    write_episodes(tmp_path / "slow", [7], fps=5)
    with pytest.raises(DatasetError, match="5 fps"):
        merge([shards[0], tmp_path / "slow"], tmp_path / "merged")
    with pytest.raises(DatasetError, match="also a shard"):
        merge(shards, shards[0])


def test_dataset_merge_command(
    shards: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "merged"
    assert main(["dataset", "merge", *map(str, shards), "--out", str(out), "--json"]) == 0
    assert '"merged": 5' in capsys.readouterr().out
    assert len(EpisodeDataset(out)) == 5

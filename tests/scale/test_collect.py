"""Collection on Ray workers: the same episodes as one process, none lost or duplicated when
a worker is killed. One local Ray (2 CPUs) for the module."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from cuakit.cli import main
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError
from cuakit.scale.collect import EnvWorker, ShardedCollection
from cuakit.scale.shards import merge

# Under `pytest -n` (make test) the Ray tests share one worker: two local Ray clusters at
# once would fight over /tmp/ray and the machine's cores.
pytestmark = pytest.mark.xdist_group("ray")

ray = pytest.importorskip("ray")

ENVS = "cuakit/desksim-c[hl]*"  # checkboxes, click-button: both outcomes under noise
POLICY = "expert:noise=0.6"
EPISODES = 10


@pytest.fixture(scope="module")
def one_process(tmp_path_factory: pytest.TempPathFactory) -> list[tuple]:
    """(env, seed, success, steps) of each episode recorded by `collect` in this process."""
    root = tmp_path_factory.mktemp("one") / "ds"
    collect(ENVS, POLICY, EPISODES, root, seed=40, env_kwargs={"difficulty": 1})
    return outcomes(root)


def outcomes(root: Path) -> list[tuple]:
    return [(m.env_id, m.seed, m.success, m.length) for m in EpisodeDataset(root).episodes]


def two_workers(out: Path) -> ShardedCollection:
    """The episodes of `one_process`, on two Ray workers."""
    return ShardedCollection(ray, ENVS, POLICY, EPISODES, out, workers=2, seed=40,
                             env_kwargs={"difficulty": 1})  # fmt: skip


def test_two_workers_record_what_one_process_records(
    local_ray: None, one_process: list[tuple], tmp_path: Path
) -> None:
    out = tmp_path / "ds"
    collection = two_workers(out)
    summary = collection.run()
    shards = [EpisodeDataset(s) for s in collection.shards]
    assert all(len(s) > 0 for s in shards), "both workers recorded"
    collection.merge()
    assert outcomes(out) == one_process
    assert summary.episodes == EPISODES and summary.successes == sum(o[2] for o in one_process)
    assert 0 < summary.successes < EPISODES
    assert not collection.shard_root.exists(), "shards are deleted once merged"


def test_a_killed_worker_is_replaced_and_nothing_is_lost_or_duplicated(
    local_ray: None, one_process: list[tuple], tmp_path: Path
) -> None:
    out = tmp_path / "ds"
    collection = two_workers(out)
    before = collection.pids()
    killed: list[int] = []

    def kill_once(summary: object) -> None:
        if not killed:  # after the first episode: worker 1 is mid-episode or about to start one
            os.kill(before[1], signal.SIGKILL)
            killed.append(before[1])

    summary = collection.run(kill_once)
    collection.merge()
    assert killed and summary.episodes == EPISODES and not summary.errors
    assert collection.retries >= 1, "the killed worker's item was sent again"
    assert outcomes(out) == one_process  # each seed exactly once, same outcome


def test_a_restarted_worker_reports_what_its_shard_holds_instead_of_recording_again(
    tmp_path: Path,
) -> None:
    """A worker killed after committing an episode but before reporting it: the item comes
    back to its restarted successor, which must not record the episode a second time."""
    shard = str(tmp_path / "worker-000")
    worker = EnvWorker("cuakit/desksim-click-button-v0", "expert", shard)
    first = worker.record(0, "cuakit/desksim-click-button-v0", 7)
    worker.close()
    successor = EnvWorker("cuakit/desksim-click-button-v0", "expert", shard)
    again = successor.record(0, "cuakit/desksim-click-button-v0", 7)
    successor.close()
    assert (first["recovered"], again["recovered"]) == (False, True)
    assert again["success"] == first["success"] is True
    assert len(EpisodeDataset(shard)) == 1
    merged = merge([shard, shard], tmp_path / "out")
    assert (merged.merged, merged.duplicates) == (1, 1)


def test_collect_with_workers_through_the_cli(local_ray: None, tmp_path: Path) -> None:
    out = tmp_path / "ds"
    argv = ["collect", "--env", "cuakit/desksim-click-button-v0", "--out", str(out),
            "--episodes", "4", "--workers", "2", "--json"]  # fmt: skip
    assert main(argv) == 0
    assert sorted(m.seed for m in EpisodeDataset(out).episodes) == [0, 1, 2, 3]
    assert not out.with_name("ds.shards").exists()


def test_without_ray_workers_say_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cuakit.scale.collect import collect_on_ray

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray → ImportError
    with pytest.raises(ConfigError, match=r"pip install 'cuakit\[scale\]'"):
        collect_on_ray("cuakit/desksim-click-button-v0", "expert", 2, tmp_path / "ds", workers=2)

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.errors import DatasetError, DatasetFormatError
from tests.fixtures import episode_frames, write_episodes

# A writer process: commits `done` episodes, then begins one more and keeps adding frames.
KILL_SCRIPT = textwrap.dedent(
    """
    import sys, time
    from cuakit.actions import Action
    from cuakit.episodes import EpisodeWriter
    from tests.fixtures import episode_frames

    root, done = sys.argv[1], int(sys.argv[2])
    writer = EpisodeWriter(root, fps=10)
    seed = 0
    while True:
        writer.begin(env_id="test/kill", instruction=f"seed {seed}", seed=seed)
        for frame in episode_frames(seed, num_frames=8):
            writer.add_frame(frame)
            writer.add_step(Action.wait(0.1))
            if seed == done:
                print("mid-episode", flush=True)
                time.sleep(0.05)
        writer.finish(success=True)
        print(f"committed {seed}", flush=True)
        seed += 1
    """
)


def spawn(script: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    return subprocess.Popen(
        [sys.executable, "-c", script, *args], stdout=subprocess.PIPE, text=True, env=env
    )


def assert_frame_exact(dataset: EpisodeDataset) -> None:
    for meta in dataset.episodes:
        assert meta.seed is not None
        assert np.array_equal(dataset.frames(meta.index), episode_frames(meta.seed, num_frames=8))


def test_round_trip_metadata_steps_and_frames(tiny_dataset: Path) -> None:
    dataset = EpisodeDataset(tiny_dataset)
    assert len(dataset) == 4
    assert dataset.indices == [0, 1, 2, 3]
    meta = dataset.meta(2)
    assert (meta.seed, meta.success, meta.length, meta.num_frames) == (2, True, 5, 6)
    assert meta.episode_return == pytest.approx(2.5)
    assert (meta.width, meta.height) == (64, 40)
    assert meta.duration_s == pytest.approx(0.6)
    assert meta.extra == {"family": "test"}
    steps = dataset.steps(2).to_pylist()
    assert [s["frame_index"] for s in steps] == [0, 1, 2, 3, 4]
    assert Action.from_dict(json.loads(steps[0]["action"])) == Action.click(0.5, 0.25)
    assert steps[1]["t"] == pytest.approx(0.1)
    assert json.loads(steps[3]["info"]) == {"i": 3}
    assert np.array_equal(dataset.frames(2), episode_frames(2))
    assert np.array_equal(dataset.frame(3, 4), episode_frames(3)[4])


def test_exception_inside_with_discards_the_episode(tmp_path: Path) -> None:
    write_episodes(tmp_path, [0])
    with pytest.raises(RuntimeError), EpisodeWriter(tmp_path) as writer:
        writer.begin(env_id="e", instruction="never finished")
        writer.add_frame(episode_frames(5)[0])
        raise RuntimeError("env crashed")
    dataset = EpisodeDataset(tmp_path)
    assert len(dataset) == 1
    assert dataset.stale_tmp_bytes() == 0


def test_discard_and_misuse(tmp_path: Path) -> None:
    writer = EpisodeWriter(tmp_path)
    with pytest.raises(DatasetError, match="call begin"):
        writer.add_frame(episode_frames(0)[0])
    writer.begin(env_id="e", instruction="x")
    with pytest.raises(DatasetError, match="add the observed frame before its step"):
        writer.add_step(Action.finish())
    with pytest.raises(DatasetError, match="in progress"):
        writer.begin(env_id="e", instruction="y")
    writer.discard()
    assert len(EpisodeDataset(tmp_path)) == 0


def test_fps_mismatch_with_existing_dataset(tmp_path: Path) -> None:
    write_episodes(tmp_path, [0], fps=10)
    with pytest.raises(DatasetFormatError, match=r"fps=10.*fps=5"):
        EpisodeWriter(tmp_path, fps=5)


def test_compact_dataset_decodes_close(tmp_path: Path) -> None:
    write_episodes(tmp_path, [1], codec="compact")
    dataset = EpisodeDataset(tmp_path)
    assert dataset.info.codec == "compact"
    error = np.abs(dataset.frames(0).astype(int) - episode_frames(1).astype(int)).mean()
    assert error < 8


def test_sigkill_mid_episode_keeps_finished_episodes(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    process = spawn(KILL_SCRIPT, str(root), "3")
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("mid-episode"):
            break
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
    dataset = EpisodeDataset(root)
    assert [m.seed for m in dataset.episodes] == [0, 1, 2]
    assert_frame_exact(dataset)
    assert any((root / ".tmp").iterdir())  # the partial episode is there, never listed
    # The dataset stays writable after the crash; indices continue.
    write_episodes(root, [10])
    assert EpisodeDataset(root).indices == [0, 1, 2, 3]


def test_sigkill_at_random_moments_never_corrupts(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    rng = np.random.default_rng(0)
    for _ in range(4):
        process = spawn(KILL_SCRIPT, str(root), "1000000")
        assert process.stdout is not None
        process.stdout.readline()  # at least one commit, then a random moment
        time.sleep(float(rng.uniform(0.0, 0.3)))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        dataset = EpisodeDataset(root)
        assert dataset.indices == list(range(len(dataset)))
        assert_frame_exact(dataset)


WRITER_SCRIPT = textwrap.dedent(
    """
    import sys
    from tests.fixtures import write_episodes
    root, worker = sys.argv[1], int(sys.argv[2])
    write_episodes(root, [worker * 1000 + k for k in range(20)])
    """
)


def test_two_processes_write_forty_distinct_episodes(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    processes = [spawn(WRITER_SCRIPT, str(root), str(worker)) for worker in (1, 2)]
    for process in processes:
        assert process.wait(timeout=120) == 0
    dataset = EpisodeDataset(root)
    assert dataset.indices == list(range(40))
    seeds = [m.seed for m in dataset.episodes]
    assert sorted(seeds) == sorted([w * 1000 + k for w in (1, 2) for k in range(20)])
    for meta in dataset.episodes:
        assert meta.video == f"videos/episode_{meta.index:06d}.mp4"
        assert np.array_equal(dataset.frames(meta.index), episode_frames(meta.seed))

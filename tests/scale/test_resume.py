"""Preemption: a reward-model run and a PPO run killed by PID mid-way, started again with the
same command, go on from their last checkpoint and finish with every step done once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import torch


def start(args: list[str]) -> subprocess.Popen:
    env = os.environ | {"OMP_NUM_THREADS": "1"}
    return subprocess.Popen([sys.executable, "-m", "cuakit", *args, "--json"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


def kill_when(process: subprocess.Popen, ready: Callable[[], bool], timeout: float = 240) -> None:
    """SIGKILL ``process`` (no chance to clean up) as soon as ``ready()``."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert process.poll() is None, process.stderr.read().decode()[-2000:]  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "no checkpoint appeared in time"
        time.sleep(0.1)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()


def finish(args: list[str]) -> dict:
    done = subprocess.run([sys.executable, "-m", "cuakit", *args, "--json"], capture_output=True,
                          env=os.environ | {"OMP_NUM_THREADS": "1"}, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)


def ppo_rollouts_done(run: Path) -> int:
    path = run / "checkpoint" / "state.pt"
    return torch.load(path, weights_only=False)["rollout"] if path.exists() else 0


@pytest.mark.slow  # ~1 min: two PPO processes
def test_a_killed_ppo_run_resumes_and_finishes(tmp_path: Path) -> None:
    run = tmp_path / "ppo"
    args = ["agent", "ppo", "--out", str(run), "--steps", "512", "--num-envs", "4",
            "--num-steps", "16", "--num-minibatches", "2", "--eval-episodes", "2",
            "--record-episodes", "0", "--threads", "1"]  # fmt: skip
    first = start(args)
    kill_when(first, lambda: ppo_rollouts_done(run) >= 2)
    assert first.returncode == -signal.SIGKILL and not (run / "metrics.json").exists()
    resumed_at = ppo_rollouts_done(run)
    finish(args)
    history = json.loads((run / "metrics.json").read_text())["history"]
    assert [row["global_step"] for row in history] == [64 * k for k in range(1, 9)]
    assert 2 <= resumed_at < 8, "the second process went on from the first one's checkpoint"


def reward_epochs_done(run: Path) -> int:
    state = run / "checkpoint" / "trainer_state.json"
    return json.loads(state.read_text())["epoch"] if state.exists() else 0


@pytest.mark.slow  # ~1 min: two reward-training processes
def test_a_killed_reward_model_run_resumes_and_finishes(labelled: Path, tmp_path: Path) -> None:
    run, shape = tmp_path / "rm", tmp_path / "small.json"
    shape.write_text(json.dumps({"frames": 4, "height": 60, "width": 100, "words": False}))
    args = ["reward", "train", "--data", str(labelled), "--out", str(run), "--epochs", "4",
            "--model", str(shape), "--batch-size", "8", "--workers", "1"]  # fmt: skip
    first = start(args)
    kill_when(first, lambda: reward_epochs_done(run) >= 1)
    resumed_at = reward_epochs_done(run)
    result = finish(args)
    steps_per_epoch = result["steps"] // 4
    history = json.loads((run / "metrics.json").read_text())["history"]
    assert history["steps"] == list(range(1, result["steps"] + 1)), "every step once, in order"
    assert 1 <= resumed_at < 4 and steps_per_epoch >= 1

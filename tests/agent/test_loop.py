from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import cuakit.envs as envs
from cuakit.agent.loop import CLONE_POLICY, QUICK, record_clone_episodes
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.reward.text import InstructionEncoder

ENV = "cuakit/desksim-form-fill-v0"


@pytest.mark.slow
def test_clone_episodes_join_the_dataset_as_the_agent_played_them(tmp_path: Path) -> None:
    data = tmp_path / "dataset"
    collect(ENV, "expert", 8, data, env_kwargs={"difficulty": 1})
    plan = replace(QUICK, warm_start=True, bc_episodes=8, clone_episodes=6)
    phases: list[str] = []
    metrics = record_clone_episodes(
        ENV, 1, plan, data, 100, 0, InstructionEncoder(), lambda p, d, t: phases.append(p)
    )
    dataset = EpisodeDataset(data)
    clones = [e for e in dataset.episodes if e.policy == CLONE_POLICY]
    assert len(dataset) == 14 and len(clones) == 6
    assert [e.seed for e in clones] == list(range(100, 106))  # training seeds, in order
    assert metrics["clone_success_rate"] == sum(bool(e.success) for e in clones) / 6
    assert metrics["clone_success_rate"] > 0  # the clone of 8 expert episodes solves some
    # 100 epochs fit the clicks and the typing; telling the last step (finish, on the
    # confirmation page) from the first click takes longer (tests/agent/test_bc.py)
    assert metrics["bc_kind_accuracy"] >= 0.75
    assert {"behaviour cloning", "record the clone"} <= set(phases)
    env = envs.make(ENV, difficulty=1)
    for episode in clones:
        assert episode.length >= 1 and episode.num_frames > episode.length
        obs, _ = env.reset(seed=episode.seed)  # the video starts on the seed's own screen
        assert np.array_equal(dataset.frames(episode.index, [0])[0], obs["screenshot"])

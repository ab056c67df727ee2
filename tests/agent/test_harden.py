"""The cheater loop, end to end at toy size: rounds run, hacks join the dataset as failures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.agent.harden import HardenConfig, harden
from cuakit.curate.labels import label_success
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError
from cuakit.reward.text import InstructionEncoder
from cuakit.reward.trainer import RewardConfig, RewardTrainer


@pytest.mark.slow
def test_rounds_attack_the_latest_model_and_add_its_hacks_as_failures(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = "cuakit/desksim-click-button-v0"
    collect(env, "expert", 8, data, env_kwargs={"difficulty": 1})
    collect(env, "random", 8, data, seed=100, env_kwargs={"difficulty": 1})
    label_success(EpisodeDataset(data))
    tiny = RewardConfig(frames=4, height=60, width=100, batch_size=8, pairs_per_batch=4,
                        epochs=1, workers=1, seed=0)  # fmt: skip
    RewardTrainer(data, tiny, tmp_path / "reward").train()
    before = len(EpisodeDataset(data))
    config = HardenConfig(data=data, checkpoint=tmp_path / "reward", rounds=2, ppo_steps=256,
                          harvest_episodes=4, eval_episodes=4, hack_threshold=0.0)  # fmt: skip
    metrics = harden(config, tmp_path / "harden", text=InstructionEncoder())
    rounds = metrics["rounds"]
    assert [r["round"] for r in rounds] == [1, 2]
    assert rounds[0]["attacked"] == str(tmp_path / "reward")
    assert rounds[1]["attacked"] == str(tmp_path / "harden" / "round_1" / "reward")
    for row in rounds:
        assert row["hacking_gap"] == pytest.approx(
            row["predicted_success_rate"] - row["success_rate"]
        )
    dataset = EpisodeDataset(data)
    added = [m for m in dataset.episodes if m.policy.startswith("harden:")]
    # threshold 0: every harvested failure counts as a hack
    assert len(added) == sum(r["hacks_added"] for r in rounds) == len(dataset) - before
    labels = dataset.success_labels().to_pylist()
    for meta in added:
        assert [r["label"] for r in labels if r["episode"] == meta.index] == [False]
    saved = json.loads((tmp_path / "harden" / "metrics.json").read_text())
    assert len(saved["rounds"]) == 2
    assert (tmp_path / "harden" / "round_2" / "reward" / "model").is_dir()


def test_a_checkpoint_that_is_no_reward_run_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="reward train"):
        HardenConfig(data=tmp_path, checkpoint=tmp_path / "nothing")

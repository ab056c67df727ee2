from __future__ import annotations

from pathlib import Path

import pytest
import torch

from cuakit.reward.model import RewardModelConfig, VideoRewardModel


@pytest.fixture(scope="package")
def tiny_reward_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A saved tiny (untrained) video reward model, as `cuakit reward train` leaves it."""
    torch.manual_seed(0)
    config = RewardModelConfig(
        frames=4, height=40, width=64, dim=32, depth=1, heads=2, patch=8, reader="templates"
    )
    run = tmp_path_factory.mktemp("reward")
    VideoRewardModel(config).save_pretrained(run / "model")
    return run

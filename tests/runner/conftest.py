from __future__ import annotations

import socket
from pathlib import Path

import pytest
import torch

from cuakit.reward.model import RewardModelConfig, VideoRewardModel


@pytest.fixture(scope="package")
def judge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A saved tiny (untrained) video reward model, as `cuakit reward train` leaves it."""
    torch.manual_seed(0)
    config = RewardModelConfig(frames=4, height=40, width=64, dim=32, depth=1, heads=2, patch=8,
                               reader="templates")  # fmt: skip
    run = tmp_path_factory.mktemp("judge")
    VideoRewardModel(config).save_pretrained(run / "model")
    return run


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

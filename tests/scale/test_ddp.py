"""Data-parallel reward-model training: 2 processes (gloo) stay in step and write one run."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest
import torch

from cuakit.errors import ConfigError
from cuakit.reward.model import VideoRewardModel
from cuakit.reward.trainer import RewardConfig, RewardTrainer
from cuakit.scale.ddp import launch, rank_zero_first

SMALL = RewardConfig(frames=4, height=60, width=100, words=False, batch_size=8, pairs_per_batch=4,
                     epochs=1, max_steps=2, workers=1, seed=0)  # fmt: skip


def digest(model: torch.nn.Module) -> str:
    hasher = hashlib.sha256()
    for name, tensor in sorted(model.state_dict().items()):
        hasher.update(name.encode() + tensor.detach().contiguous().numpy().tobytes())
    return hasher.hexdigest()


def train_and_record(data: Path, config: RewardConfig, out: Path, record: Path) -> None:
    """One rank: train, writing a digest of the parameters before and after each step."""
    rank = torch.distributed.get_rank()
    with rank_zero_first():
        trainer = RewardTrainer(data, config, out)
    (record / f"rank{rank}-step0").write_text(digest(trainer.model))

    def after_step(phase: str, step: int, total: int) -> None:
        if phase == "training":
            (record / f"rank{rank}-step{step}").write_text(digest(trainer.model))

    trainer.progress = after_step
    trainer.train()


@pytest.mark.slow  # ~35 s: two processes each load MiniLM and the dataset
def test_two_processes_keep_equal_parameters_and_write_one_loadable_checkpoint(
    labelled: Path, tmp_path: Path
) -> None:
    out, record = tmp_path / "run", tmp_path / "record"
    record.mkdir()
    launch(train_and_record, 2, (labelled, SMALL, out, record))
    steps = [[(record / f"rank{r}-step{s}").read_text() for s in range(3)] for r in (0, 1)]
    assert steps[0] == steps[1], "the ranks' parameters differ after a step"
    assert len(set(steps[0])) == 3, "every step changed the parameters"
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["steps"] == 2
    loaded = VideoRewardModel.from_pretrained(out / "checkpoint")
    assert digest(loaded) == steps[0][-1]


def test_a_batch_that_does_not_split_over_the_processes_is_refused(labelled: Path) -> None:
    with pytest.raises(ConfigError, match="--nproc 3"):
        from cuakit.cli.reward import TrainArgs, run_train

        run_train(TrainArgs(data=labelled, out=labelled / "run", config=replace(SMALL), nproc=3))


@pytest.mark.slow
def test_a_step_whose_loss_reads_no_reward_does_not_stall_the_processes(
    labelled: Path, tmp_path: Path
) -> None:
    """Regression: with no preference pairs in a batch the reward output reached no loss, so
    DDP waited for gradients of its head that never came and failed the next step."""
    config = replace(SMALL, pairs_per_batch=0)
    out, record = tmp_path / "run", tmp_path / "record"
    record.mkdir()
    launch(train_and_record, 2, (labelled, config, out, record))
    assert json.loads((out / "metrics.json").read_text())["steps"] == 2
    assert (record / "rank0-step2").read_text() == (record / "rank1-step2").read_text()

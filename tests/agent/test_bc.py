from __future__ import annotations

from pathlib import Path

import pytest
import torch

from cuakit.agent.bc import behaviour_clone, expert_examples
from cuakit.agent.policy import KINDS, NO_PREVIOUS, START, LabPolicy, PolicyConfig
from cuakit.envs.collect import collect
from cuakit.errors import DatasetError
from cuakit.reward.text import InstructionEncoder


@pytest.fixture(scope="module")
def expert_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bc") / "dataset"
    collect("cuakit/desksim-form-fill-v0", "expert", 12, root, env_kwargs={"difficulty": 1})
    collect(
        "cuakit/desksim-form-fill-v0", "random", 4, root, seed=100, env_kwargs={"difficulty": 1}
    )
    return root


def test_examples_come_from_successful_episodes_only(expert_data: Path) -> None:
    policy = LabPolicy(PolicyConfig())
    pixels, instructions, targets = expert_examples(expert_data, policy)
    assert pixels.shape[1:] == (3, 60, 96)
    # 12 expert episodes × (click, type, click, finish)
    assert len(instructions) == len(targets) == 48
    assert targets[:, 0].tolist().count(5) == 12  # each ends with the expert's finish
    assert targets[:, 0].tolist().count(1) == 12  # one typing step each
    # each row carries the kinds of the two actions before it
    click, type_, finish = KINDS.index("click"), KINDS.index("type"), KINDS.index("finish")
    assert targets[:4].tolist() == [
        [click, *targets[0, 1:3].tolist(), 0, 0, *START],
        [type_, 0, 0, 0, 0, click, NO_PREVIOUS],
        [click, *targets[2, 1:3].tolist(), 0, 0, type_, click],
        [finish, 0, 0, 0, 0, click, type_],
    ]
    with pytest.raises(DatasetError, match="no successful episode"):
        expert_examples(expert_data, policy, env_ids={"cuakit/desksim-slider-v0"})


@pytest.mark.slow
def test_behaviour_cloning_fits_the_expert(expert_data: Path) -> None:
    torch.manual_seed(0)
    policy = LabPolicy(PolicyConfig())
    before = behaviour_clone(policy, expert_data, InstructionEncoder(), epochs=1, lr=0.0)
    after = behaviour_clone(policy, expert_data, InstructionEncoder(), epochs=300, lr=3e-3)
    assert after["bc_loss"] < before["bc_loss"] / 2
    assert after["bc_kind_accuracy"] == 1.0  # click, then type, then click, then finish
    assert after["bc_click_near_accuracy"] >= 0.8

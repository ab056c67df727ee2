from __future__ import annotations

from pathlib import Path

import pytest
import torch

from cuakit.agent.bc import behaviour_clone, expert_examples
from cuakit.agent.policy import (
    KINDS,
    NO_PREVIOUS,
    START,
    LabPolicy,
    PolicyConfig,
    instruction_values,
    slot_mask,
)
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
    text = InstructionEncoder()
    before = behaviour_clone(policy, expert_data, text, epochs=1, lr=0.0)
    after = behaviour_clone(policy, expert_data, text, epochs=150, lr=3e-3)
    assert after["bc_loss"] < before["bc_loss"] / 4
    assert after["bc_kind_accuracy"] == 1.0  # click, then type, then click, then finish

    pixels, instructions, targets = expert_examples(expert_data, policy)
    masks = slot_mask([instruction_values(i, 4) for i in instructions], 4)
    with torch.no_grad():
        greedy = policy.act(
            policy(pixels, text.encode(instructions), masks, targets[:, 5:]), masks, greedy=True
        )
    near = ((greedy.x - targets[:, 1]).abs() <= 2) & ((greedy.y - targets[:, 2]).abs() <= 1)
    first_clicks = (targets[:, 0] == KINDS.index("click")) & (
        targets[:, 5:] == torch.tensor(START)
    ).all(-1)
    assert int(first_clicks.sum()) == 12
    # Only the first click (the field) is asserted. The x and y heads are separate marginals
    # of one map, and Save lies under the field's right half: the click after typing is fitted
    # by some seeds only (3 of 6 at 300 epochs on stop 57's VM; docs/benchmarks.md).
    assert float(near[first_clicks].float().mean()) >= 11 / 12

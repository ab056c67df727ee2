"""The lab grounding model: click samples in, SFT that learns, GRPO that moves the policy
towards the reward, evaluation by role and size."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from PIL import Image, ImageDraw

from cuakit.actions import Action
from cuakit.agent.grounding import (
    CHECKPOINT_EVERY,
    GroundingGRPOConfig,
    GroundingSFTConfig,
    box_cells,
    evaluate_grounding,
    grounding_grpo,
    grounding_sft,
    load_grounding_set,
    recolour,
)
from cuakit.agent.policy import LabPolicy, PolicyConfig
from cuakit.curate.samples import IMAGES_DIR, SAMPLES_FILE, StepSample, write_samples
from cuakit.errors import ConfigError, DatasetError
from tests.fixtures import lab_policy_copies

COLOURS = {"red": (220, 40, 40), "blue": (40, 60, 220)}


def write_box_samples(root: Path, count: int, seed: int = 0) -> Path:
    """Screens of 192×120 with a red and a blue box; "Click the red/blue box"; plus a type
    step with no target (ignored by the grounding set)."""
    rng = np.random.default_rng(seed)
    (root / IMAGES_DIR).mkdir(parents=True, exist_ok=True)
    samples = []
    for i in range(count):
        image = Image.new("RGB", (192, 120), (235, 235, 235))
        draw = ImageDraw.Draw(image)
        boxes = {}
        for name, colour in COLOURS.items():
            while True:
                x, y = int(rng.integers(0, 192 - 32)), int(rng.integers(0, 120 - 20))
                if all(abs(x - bx) > 36 or abs(y - by) > 24 for bx, by, _, _ in boxes.values()):
                    break
            draw.rectangle((x, y, x + 31, y + 19), fill=colour)
            boxes[name] = (x, y, 32, 20)
        target = "red" if i % 2 else "blue"
        path = f"{IMAGES_DIR}/{i:04d}.png"
        image.save(root / path)
        x, y, w, h = boxes[target]
        box = (x / 192, y / 120, w / 192, h / 120)
        elements = tuple(
            {"role": "button" if n == "red" else "link", "text": n,
             "bbox": [b[0] / 192, b[1] / 120, b[2] / 192, b[3] / 120]}
            for n, b in boxes.items()
        )  # fmt: skip
        click = Action.click(box[0] + box[2] / 2, box[1] + box[3] / 2)
        samples.append(StepSample(
            id=f"boxes/{i}/0", image=path, instruction=f"Click the {target} box",
            action=click.to_dict(), width=192, height=120, elements=elements, target_bbox=box,
        ))  # fmt: skip
        samples.append(StepSample(
            id=f"boxes/{i}/1", image=path, instruction=f"Click the {target} box",
            action=Action.type_text("x").to_dict(), width=192, height=120,
        ))  # fmt: skip
    write_samples(root / SAMPLES_FILE, samples)
    return root / SAMPLES_FILE


@pytest.fixture(scope="module")
def encoder():
    from cuakit.reward.text import InstructionEncoder

    return InstructionEncoder()


@pytest.fixture(scope="module")
def box_data(tmp_path_factory, encoder):
    train = write_box_samples(tmp_path_factory.mktemp("train"), 96, seed=0)
    val = write_box_samples(tmp_path_factory.mktemp("val"), 32, seed=1)
    config = PolicyConfig()
    return load_grounding_set(train, config, encoder), load_grounding_set(val, config, encoder)


def test_the_set_holds_the_clicks_with_a_target_and_their_roles(box_data):
    train, _ = box_data
    assert len(train) == 96  # the type steps are left out
    assert train.pixels.shape == (96, 3, 60, 96)
    assert set(train.roles) == {"button", "link"}
    assert train.screens[0].tolist() == [192.0, 120.0]


def test_a_file_without_clicks_or_missing_is_refused(tmp_path, encoder):
    with pytest.raises(DatasetError, match="no step-sample file"):
        load_grounding_set(tmp_path / "nope.jsonl", PolicyConfig(), encoder)
    samples = [StepSample(id="a", image="x.png", instruction="type", width=10, height=10,
                          action=Action.type_text("x").to_dict())]  # fmt: skip
    write_samples(tmp_path / SAMPLES_FILE, samples)
    with pytest.raises(DatasetError, match="no click with a target_bbox"):
        load_grounding_set(tmp_path / SAMPLES_FILE, PolicyConfig(), encoder)


def test_box_cells_cover_the_box_or_the_cell_under_a_tiny_one():
    config = PolicyConfig()  # 48 × 30 cells
    cells = box_cells(torch.tensor([[0.0, 0.0, 0.5, 0.5], [0.301, 0.401, 0.001, 0.001]]), config)
    assert int(cells[0].sum()) == 24 * 15
    assert int(cells[1].sum()) == 1
    (index,) = cells[1].nonzero()[:, 0].tolist()
    assert (index % 48, index // 48) == (int(0.3015 * 48), int(0.4015 * 30))


def test_sft_learns_to_click_the_named_box_on_new_screens(box_data):
    train, val = box_data
    torch.manual_seed(0)
    policy = LabPolicy(PolicyConfig())
    before = evaluate_grounding(policy, val).accuracy
    # No recolouring: these instructions name the colour, which a hue change would swap.
    config = GroundingSFTConfig(steps=300, batch=32, lr=2e-3, augment=False)
    grounding_sft(policy, train, config)
    report = evaluate_grounding(policy, val)
    # Chance is the box's share of the screen (~3 %); the colour named decides which box.
    assert before < 0.2 and report.accuracy >= 0.8, (before, report.accuracy)
    assert set(report.by_role) == {"button", "link"}
    assert sum(n for n, _ in report.by_size.values()) == len(val)


def test_grpo_raises_the_reward_of_an_untrained_policy(box_data):
    train, _ = box_data
    torch.manual_seed(0)
    policy = LabPolicy(PolicyConfig())
    before = {k: v.clone() for k, v in policy.state_dict().items()}
    config = GroundingGRPOConfig(
        steps=40, screens=16, group_size=8, lr=2e-3, reward="hit", augment=False
    )
    curves = grounding_grpo(policy, train, config)
    assert set(curves) == {"charts/reward", "losses/kl", "losses/clip_fraction"}
    assert any(not torch.equal(before[k], v) for k, v in policy.state_dict().items())
    first, last = np.mean(curves["charts/reward"][:5]), np.mean(curves["charts/reward"][-5:])
    assert last > first + 0.1, (first, last)
    assert max(curves["losses/clip_fraction"]) > 0  # the second iteration clips


def test_a_grpo_run_stopped_at_a_checkpoint_goes_on_to_the_uninterrupted_result(box_data, tmp_path):
    """A run killed after its checkpoint at step 25, started again, ends where a run that
    never stopped ends: the same curves and the same weights."""
    train, _ = box_data
    config = GroundingGRPOConfig(steps=30, screens=4, group_size=4, lr=2e-3, augment=True)
    fresh = lab_policy_copies(seed=0)
    whole = fresh()
    expected = grounding_grpo(whole, train, config, run=tmp_path / "whole")
    grounding_grpo(fresh(), train, replace(config, steps=CHECKPOINT_EVERY), run=tmp_path / "cut")
    resumed = fresh()  # what the command loads from --init before it finds the checkpoint
    curves = grounding_grpo(resumed, train, config, run=tmp_path / "cut")
    assert curves == expected
    assert all(torch.equal(v, whole.state_dict()[k]) for k, v in resumed.state_dict().items())


def test_bad_grpo_config_names_the_field():
    with pytest.raises(ConfigError, match="reward='iou'"):
        GroundingGRPOConfig(reward="iou")
    with pytest.raises(ConfigError, match="group_size=1"):
        GroundingGRPOConfig(group_size=1)


def test_recolouring_turns_some_light_screens_dark_and_is_seeded():
    white = torch.ones(16, 3, 6, 8)
    out = recolour(white, np.random.default_rng(0))
    assert out.shape == white.shape and out.min() >= 0 and out.max() <= 1
    means = out.mean(dim=(1, 2, 3))
    assert (means < 0.3).any() and (means > 0.7).any()  # theme shifts and kept themes
    assert torch.equal(out, recolour(white, np.random.default_rng(0)))

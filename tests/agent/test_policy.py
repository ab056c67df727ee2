from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file

from cuakit.actions import Action
from cuakit.agent.policy import (
    KEYS,
    KINDS,
    NO_PREVIOUS,
    START,
    ActionSample,
    LabPolicy,
    PolicyConfig,
    PolicyOutput,
    downsample,
    from_action,
    instruction_values,
    load_policy,
    remember,
    save_policy,
    slot_mask,
    to_action,
)
from cuakit.errors import CheckpointError, ConfigError

CONFIG = PolicyConfig(obs_height=20, obs_width=32, channels=8, text_dim=16, hidden=16)


def test_instruction_values_quoted_fields_and_names() -> None:
    assert instruction_values("Complete the form (Phone: 555-1368) and press Save")[0] == "555-1368"
    assert instruction_values("Select 'Calgary' from the autocomplete suggestions") == ["Calgary"]
    assert instruction_values("Find Milan using the search box's suggestions") == ["Milan"]
    assert instruction_values("Type City: Osaka into the form and hit Send")[0] == "Osaka"
    assert (
        instruction_values("Fill in the form with Phone: 555-5673 and submit it")[0] == "555-5673"
    )
    assert instruction_values("Complete the form (Name: Bruno Silva) and press Send")[0] == (
        "Bruno Silva"
    )
    assert instruction_values("click somewhere") == []
    assert len(instruction_values("A 'b' 'c' 'd' 'e' 'f'", slots=3)) == 3


def test_downsample_averages_blocks_and_rejects_other_sizes() -> None:
    shots = np.zeros((2, 300, 480, 3), np.uint8)
    shots[0, :5, :5] = 255  # one full block white
    pixels = downsample(shots, 60, 96)
    assert pixels.shape == (2, 3, 60, 96)
    assert pixels[0, :, 0, 0].tolist() == [1.0, 1.0, 1.0]
    assert float(pixels[0, :, 0, 1].sum()) == 0.0
    with pytest.raises(ConfigError, match="multiple"):
        downsample(np.zeros((1, 301, 480, 3), np.uint8), 60, 96)


def test_actions_round_trip_through_the_heads() -> None:
    values = ["555-1368", "Phone"]
    for action in (Action.click(0.52, 0.27), Action.type_text("Phone"), Action.key("ctrl+s"),
                   Action.scroll("down", 3, 0.5, 0.5), Action.finish(), Action.fail()):  # fmt: skip
        heads = from_action(action, values, CONFIG)
        assert heads is not None
        sample = torch.tensor([heads]).unbind(-1)
        back = to_action(ActionSample(*sample), 0, values, CONFIG)
        assert back.type == action.type
        if action.point is not None:  # bin centres: within half a bin
            assert abs(back.point[0] - action.point[0]) <= 0.5 / CONFIG.x_bins + 1e-9
            assert abs(back.point[1] - action.point[1]) <= 0.5 / CONFIG.y_bins + 1e-9
    assert from_action(Action.type_text("Mila"), ["Milan"], CONFIG) == [1, 0, 0, 0, 0]
    assert from_action(Action.drag(0.1, 0.1, 0.5, 0.5), values, CONFIG) is None
    assert from_action(Action.key("f5"), values, CONFIG) is None


def test_log_prob_counts_only_the_heads_an_action_uses() -> None:
    torch.manual_seed(0)
    policy = LabPolicy(CONFIG)
    pixels, text = torch.rand(4, 3, 20, 32), torch.randn(4, 16)
    mask = slot_mask([["a"], ["a", "b"], [], ["c"]], CONFIG.value_slots)
    out = policy(pixels, text, mask)
    sample = policy.act(out, mask)
    log_prob, _ = policy.evaluate(out, mask, sample)
    kind_logits = out.kind.clone()
    kind_logits[2, KINDS.index("type")] = float("-inf")  # row 2 has nothing to type
    kinds = torch.log_softmax(kind_logits, -1)
    for row in range(4):
        kind = int(sample.kind[row])
        expected = kinds[row, kind]
        if KINDS[kind] in ("click", "scroll_down", "scroll_up"):
            expected = expected + torch.log_softmax(out.x[row], -1)[sample.x[row]]
            expected = expected + torch.log_softmax(out.y[row], -1)[sample.y[row]]
        if KINDS[kind] == "key":
            expected = expected + torch.log_softmax(out.key[row], -1)[sample.key[row]]
        if KINDS[kind] != "type":
            assert torch.allclose(log_prob[row], expected, atol=1e-5)
    assert len(KEYS) == out.key.shape[-1]


def test_entropy_counts_each_head_by_the_chance_its_kind_uses_it() -> None:
    policy = LabPolicy(CONFIG)
    x_bins, y_bins = CONFIG.x_bins, CONFIG.y_bins
    inf = float("-inf")
    kind = torch.zeros(3, len(KINDS))  # rows 0 and 1: every kind equally likely
    kind[2] = inf
    kind[2, KINDS.index("finish")] = 0.0  # row 2: a sure finish
    out = PolicyOutput(
        kind=kind,
        x=torch.zeros(3, x_bins),
        y=torch.zeros(3, y_bins),
        value_choice=torch.tensor([[0.0, 0.0, inf, inf], [inf] * 4, [0.0, 0.0, 0.0, 0.0]]),
        key=torch.zeros(3, len(KEYS)),
        value=torch.zeros(3),
    )
    mask = slot_mask([["a", "b"], [], ["a", "b", "c", "d"]], CONFIG.value_slots)
    finish = torch.full((3,), KINDS.index("finish"))
    sample = ActionSample(finish, torch.zeros_like(finish), torch.zeros_like(finish),
                          torch.zeros_like(finish), torch.zeros_like(finish))  # fmt: skip
    log_prob, entropy = policy.evaluate(out, mask, sample)
    pointer = math.log(x_bins) + math.log(y_bins)
    # 7 kinds: click and the two scrolls (3/7) point, type (1/7) picks one of 2 values,
    # key (1/7) one of 7 keys
    with_values = math.log(7) + 3 / 7 * pointer + 1 / 7 * math.log(2) + 1 / 7 * math.log(7)
    # nothing to type: 6 kinds left
    without = math.log(6) + 3 / 6 * pointer + 1 / 6 * math.log(7)
    assert entropy.tolist() == pytest.approx([with_values, without, 0.0], abs=1e-5)
    assert log_prob.tolist() == pytest.approx([-math.log(7), -math.log(6), 0.0], abs=1e-5)


def test_typing_is_impossible_without_values() -> None:
    torch.manual_seed(0)
    policy = LabPolicy(CONFIG)
    with torch.no_grad():
        policy.kind_head.bias.copy_(torch.tensor([-9.0, 9.0] + [-9.0] * (len(KINDS) - 2)))  # types
    mask = slot_mask([[]] * 8, CONFIG.value_slots)
    out = policy(torch.rand(8, 3, 20, 32), torch.randn(8, 16), mask)
    sample = policy.act(out, mask)
    assert not bool((sample.kind == KINDS.index("type")).any())


def test_save_load_gives_identical_outputs(tmp_path) -> None:
    torch.manual_seed(1)
    policy = LabPolicy(CONFIG).eval()
    folder = save_policy(policy, tmp_path / "policy")
    again = load_policy(folder).eval()
    pixels, text, mask = torch.rand(2, 3, 20, 32), torch.randn(2, 16), slot_mask([["x"], []], 4)
    a, b = policy(pixels, text, mask), again(pixels, text, mask)
    assert torch.equal(a.x, b.x) and torch.equal(a.value, b.value)
    with pytest.raises(CheckpointError, match="no lab policy"):
        load_policy(tmp_path / "missing")


def test_the_policy_reads_the_kinds_of_its_last_two_actions(tmp_path) -> None:
    click, type_ = KINDS.index("click"), KINDS.index("type")
    # after click → type → click the history is (click, type); after the first click it is
    # (click, nothing): a pick from a list and the first click into its box differ
    assert remember(remember(remember(START, click), type_), click) == (click, type_)
    assert remember(START, click) == (click, NO_PREVIOUS)
    torch.manual_seed(2)
    policy = LabPolicy(CONFIG).eval()
    pixels, text = torch.rand(1, 3, 20, 32).expand(2, -1, -1, -1), torch.randn(1, 16).expand(2, -1)
    mask = slot_mask([["x"], ["x"]], 4)
    out = policy(pixels, text, mask, torch.tensor([(click, type_), (click, NO_PREVIOUS)]))
    assert not torch.allclose(out.kind[0], out.kind[1])
    # saved before the second slot existed: loads blind to it
    folder = save_policy(policy, tmp_path / "old")
    state = load_file(folder / "policy.safetensors")
    del state["earlier.weight"]
    save_file(state, folder / "policy.safetensors")
    old = load_policy(folder).eval()
    out = old(pixels, text, mask, torch.tensor([(click, type_), (click, NO_PREVIOUS)]))
    assert torch.equal(out.kind[0], out.kind[1])

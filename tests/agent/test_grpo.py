"""GRPO's objective against values computed by hand (advantages, ratio, clipping, k3 KL,
averaging), and a toy two-action problem where the gradient must favour the rewarded action."""

import math

import pytest
import torch

from cuakit.agent.grpo import GRPOLossConfig, group_advantages, grpo_loss
from cuakit.errors import ConfigError


def test_advantages_are_normalised_within_each_group():
    rewards = torch.tensor([1.0, 0.0, 0.0, 0.0, 3.0, 1.0])
    adv = group_advantages(rewards, group_size=3, eps=0.0)
    # group 1: mean 1/3, population std sqrt(2)/3
    std1 = math.sqrt(2) / 3
    assert adv[:3].tolist() == pytest.approx([(2 / 3) / std1, -(1 / 3) / std1, -(1 / 3) / std1])
    # group 2 is judged against its own mean (4/3), not the batch's
    std2 = math.sqrt(((0 - 4 / 3) ** 2 + (3 - 4 / 3) ** 2 + (1 - 4 / 3) ** 2) / 3)
    assert adv[3:].tolist() == pytest.approx([(x - 4 / 3) / std2 for x in (0.0, 3.0, 1.0)])


def test_a_group_of_equal_rewards_has_zero_advantage_not_nan():
    adv = group_advantages(torch.tensor([0.7, 0.7, 0.7, 0.7]), group_size=4)
    assert torch.equal(adv, torch.zeros(4))


def test_rewards_that_do_not_split_into_groups_are_refused():
    with pytest.raises(ConfigError, match="groups of 4"):
        group_advantages(torch.ones(6), group_size=4)


def _loss(ratio, adv, **config):
    logp = torch.log(torch.tensor([[ratio]])).requires_grad_()
    out = grpo_loss(
        logp, torch.zeros(1, 1), torch.tensor([adv]), torch.ones(1, 1),
        config=GRPOLossConfig(beta=0.0, **config),
    )  # fmt: skip
    out.loss.backward()
    return out, logp.grad.item()


def test_ratio_is_taken_against_the_old_policy_and_clipped():
    # ratio 1 (first iteration): loss −A, gradient −A·ratio
    out, grad = _loss(1.0, 2.0)
    assert out.loss.item() == pytest.approx(-2.0) and grad == pytest.approx(-2.0)
    # positive advantage, ratio above 1 + clip: clipped to 1.2, no gradient
    out, grad = _loss(1.5, 1.0)
    assert out.loss.item() == pytest.approx(-1.2) and grad == 0.0
    assert out.clip_fraction.item() == 1.0
    # positive advantage, ratio below 1 − clip: the unclipped term is the min, gradient flows
    out, grad = _loss(0.5, 1.0)
    assert out.loss.item() == pytest.approx(-0.5) and grad == pytest.approx(-0.5)
    # negative advantage, ratio above 1 + clip: pessimistic unclipped term, −(1.5·−1)
    out, grad = _loss(1.5, -1.0)
    assert out.loss.item() == pytest.approx(1.5) and grad == pytest.approx(1.5)
    # negative advantage, ratio below 1 − clip: clipped at 0.8, no gradient
    out, grad = _loss(0.5, -1.0)
    assert out.loss.item() == pytest.approx(0.8) and grad == 0.0


def test_kl_is_the_k3_estimate_against_the_reference():
    logp = torch.log(torch.tensor([[0.5, 0.5]]))
    ref = torch.log(torch.tensor([[0.25, 0.5]]))
    out = grpo_loss(
        logp, logp, torch.zeros(1), torch.ones(1, 2), logp_ref=ref,
        config=GRPOLossConfig(beta=0.1),
    )  # fmt: skip
    k3 = 0.5 - math.log(0.5) - 1  # exp(ref − new) − (ref − new) − 1 with ref − new = ln ½
    assert out.kl.item() == pytest.approx(k3 / 2)  # two tokens, the second at the reference
    assert out.loss.item() == pytest.approx(0.1 * k3 / 2)
    assert out.kl.item() >= 0


def test_beta_without_a_reference_is_refused():
    with pytest.raises(ConfigError, match="logp_ref"):
        grpo_loss(torch.zeros(1, 1), torch.zeros(1, 1), torch.ones(1), torch.ones(1, 1))


def test_token_and_sample_averaging_differ_as_stated():
    """One completion of 3 tokens (advantage 1), one of 1 token (advantage −1); ratio 1."""
    logp = torch.zeros(2, 3)
    mask = torch.tensor([[1.0, 1.0, 1.0], [1.0, 0.0, 0.0]])
    adv = torch.tensor([1.0, -1.0])

    def loss(averaging):
        config = GRPOLossConfig(beta=0.0, averaging=averaging)
        return grpo_loss(logp, logp, adv, mask, config=config).loss.item()

    assert loss("token") == pytest.approx(-(3 * 1 - 1) / 4)  # every token counts once
    assert loss("sample") == pytest.approx(-(1 - 1) / 2)  # every completion counts once


def test_the_gradient_favours_the_rewarded_action_on_a_two_action_problem():
    torch.manual_seed(0)
    logits = torch.zeros(2, requires_grad=True)
    optimiser = torch.optim.SGD([logits], lr=0.5)
    for _ in range(20):
        probs = torch.softmax(logits, dim=0)
        actions = torch.multinomial(probs.detach(), 8, replacement=True)  # one group of 8
        rewards = (actions == 0).float()  # action 0 is right
        logp = torch.log_softmax(logits, dim=0)[actions][:, None]  # (8, 1)
        out = grpo_loss(
            logp, logp.detach(), group_advantages(rewards, 8), torch.ones(8, 1),
            config=GRPOLossConfig(beta=0.0),
        )  # fmt: skip
        optimiser.zero_grad()
        out.loss.backward()
        optimiser.step()
    assert torch.softmax(logits, dim=0)[0].item() > 0.9


def test_bad_config_names_the_field():
    with pytest.raises(ConfigError, match=r"clip=1\.5"):
        GRPOLossConfig(clip=1.5)
    with pytest.raises(ConfigError, match="beta=-1"):
        GRPOLossConfig(beta=-1)

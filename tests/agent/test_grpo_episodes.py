"""Episode-level GRPO of the lab policy: groups of rollouts of one instance, ended by the
policy; log-probabilities padded per episode; a short run moves the policy within budget."""

from __future__ import annotations

from dataclasses import replace

import pytest
import torch

import cuakit.envs as envs
from cuakit.agent.grpo_episodes import EpisodeGRPOConfig, log_probs, play, train_episode_grpo
from cuakit.agent.policy import LabPolicy, PolicyConfig
from cuakit.errors import ConfigError
from tests.fixtures import lab_policy_copies

ENV = "cuakit/desksim-click-button-v0"


@pytest.fixture(scope="module")
def text():
    from cuakit.reward.text import InstructionEncoder

    return InstructionEncoder()


def test_episodes_of_one_instance_share_it_and_pad_their_log_probs(text):
    torch.manual_seed(0)
    policy = LabPolicy(PolicyConfig())
    env = envs.make(ENV, terminate_on_success=False)
    try:
        episodes = [play(policy, env, 7, text, 3) for _ in range(3)]
        obs, _ = env.reset(seed=7, options={"difficulty": 3})
    finally:
        env.close()
    assert {e.instruction for e in episodes} == {obs["instruction"]}  # one instance, its level
    assert all(len(e.frames) == len(e.actions) + 1 for e in episodes)
    logp, valid = log_probs(policy, episodes)
    assert valid.sum(1).tolist() == [len(e.actions) for e in episodes]
    assert torch.all(logp[valid == 0] == 0) and torch.all(logp[valid == 1] <= 0)


def test_a_short_run_stays_in_budget_and_moves_the_policy(text):
    torch.manual_seed(0)
    policy = LabPolicy(PolicyConfig())
    before = {k: v.clone() for k, v in policy.state_dict().items()}
    config = EpisodeGRPOConfig(env=ENV, steps=40, instances=2, group_size=4, difficulty=1)
    curves = train_episode_grpo(policy, config, text)
    assert curves["charts/env_steps"][-1] >= 40
    assert len(curves["charts/env_steps"]) == 1 or curves["charts/env_steps"][-2] < 40
    assert any(not torch.equal(before[k], v) for k, v in policy.state_dict().items())
    assert set(curves) >= {"charts/outcome", "charts/success_rate", "losses/kl"}


def test_bad_config_names_the_field():
    with pytest.raises(ConfigError, match="reward='oracle'"):
        EpisodeGRPOConfig(reward="oracle")
    with pytest.raises(ConfigError, match="val seeds"):
        EpisodeGRPOConfig(seed=899_999_999, updates=10)


def test_a_run_stopped_after_an_update_goes_on_to_the_uninterrupted_result(text, tmp_path):
    config = EpisodeGRPOConfig(env=ENV, steps=10_000, updates=3, instances=2, group_size=2,
                               difficulty=1)  # fmt: skip
    fresh = lab_policy_copies(seed=0)
    whole = fresh()
    expected = train_episode_grpo(whole, config, text, run=tmp_path / "whole")
    train_episode_grpo(fresh(), replace(config, updates=2), text, run=tmp_path / "cut")
    resumed = fresh()
    assert train_episode_grpo(resumed, config, text, run=tmp_path / "cut") == expected
    assert all(torch.equal(v, whole.state_dict()[k]) for k, v in resumed.state_dict().items())

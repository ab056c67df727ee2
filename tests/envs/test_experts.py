from __future__ import annotations

import pytest

import cuakit.envs as envs
from cuakit.envs.experts import ExpertPolicy, NoiseKnobs, RandomPolicy, policy_from_spec
from cuakit.errors import ConfigError


def test_spec_parsing() -> None:
    assert isinstance(policy_from_spec("random"), RandomPolicy)
    expert = policy_from_spec("expert")
    assert isinstance(expert, ExpertPolicy) and expert.knobs == NoiseKnobs()
    noisy = policy_from_spec("expert:noise=0.5,give_up=0")
    assert isinstance(noisy, ExpertPolicy)
    assert noisy.knobs.misclick == pytest.approx(0.2) and noisy.knobs.give_up == 0
    for bad, message in [
        ("greedy", "unknown policy"),
        ("expert:nosie=0.3", "not one of"),
        ("expert:noise=lots", "not a number"),
        ("expert:noise=2", "must be in"),
    ]:
        with pytest.raises(ConfigError, match=message):
            policy_from_spec(bad)


def run(spec: str, family: str, seeds: range) -> list[bool]:
    env = envs.make(f"cuakit/desksim-{family}-v0")
    policy = policy_from_spec(spec)
    outcomes = []
    for seed in seeds:
        policy.reset(seed)
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, terminated, truncated, info = env.step(policy.act(env, obs, info))
            done = terminated or truncated
        outcomes.append(info["success"])
    return outcomes


def test_noise_spans_perfect_to_failed() -> None:
    clean = run("expert", "form-fill", range(20))
    noisy = run("expert:noise=0.6", "form-fill", range(20))
    assert all(clean)
    assert 0 < sum(noisy) < len(noisy)


def test_give_up_fails_every_long_episode() -> None:
    # form-fill takes more steps than the latest give-up step (4)
    assert not any(run("expert:give_up=1", "form-fill", range(10)))


def test_noisy_expert_is_reproducible() -> None:
    assert run("expert:noise=0.5", "checkboxes", range(8)) == run(
        "expert:noise=0.5", "checkboxes", range(8)
    )

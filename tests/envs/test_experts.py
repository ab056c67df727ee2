from __future__ import annotations

import json

import pytest

from cuakit.envs.bench import policy_outcomes
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
    return policy_outcomes(f"cuakit/desksim-{family}-v0", spec, seeds)


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


def test_collected_episodes_end_at_the_experts_finish(tmp_path) -> None:
    """Recorded videos end where the policy says so, not on the env's success."""
    from cuakit.envs.collect import collect
    from cuakit.episodes import EpisodeDataset

    collect("cuakit/desksim-click-button-v0", "expert", 3, tmp_path / "d",
            env_kwargs={"difficulty": 1})  # fmt: skip
    dataset = EpisodeDataset(tmp_path / "d")
    for meta in dataset.episodes:
        steps = dataset.steps(meta.index).to_pylist()
        actions = [json.loads(row["action"])["action"] for row in steps]
        assert meta.success and actions[-1] == "finish" and len(actions) == 2

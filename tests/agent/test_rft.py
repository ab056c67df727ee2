"""RFT end to end with the tiny VLM: rollouts, the judge's pick, samples, SFT on them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.actions import Action
from cuakit.agent import rft
from cuakit.agent.rft import RFTArgs, train_rft
from cuakit.agent.vlm import VLMOutputError, VLMPolicy, build_tiny_qwen_vl
from cuakit.curate.samples import SAMPLES_FILE, StepSample
from cuakit.errors import ConfigError

pytest.importorskip("trl", reason="RFT needs the vlm extra")
ENV = "cuakit/desksim-click-button-v0"


class ClickingWhenLost(VLMPolicy):
    """The tiny model's real answer when it parses; else a click, then finish. A random model
    never writes an action, and a round needs actions to learn from."""

    def act(self, screenshot, instruction, previous):
        try:
            return super().act(screenshot, instruction, previous)
        except VLMOutputError:
            return Action.click(0.5, 0.5) if not previous else Action.finish()


def test_one_round_rolls_out_judges_and_fine_tunes(tmp_path, tiny_reward_run, monkeypatch):
    monkeypatch.setattr(rft, "VLMPolicy", ClickingWhenLost)
    model = build_tiny_qwen_vl(tmp_path / "tiny")
    # the tiny judge is untrained: a threshold near 0 keeps every episode
    args = RFTArgs(model, ENV, tiny_reward_run, tmp_path / "run", rounds=1, episodes=2,
                   steps=1, threshold=0.01)  # fmt: skip
    metrics = train_rft(args)
    (line,) = metrics["rounds"]
    assert line["episodes"] == 2 and line["kept"] == 2 and line["samples"] >= 2
    assert 0 <= line["true_success_rate"] <= 1 and "sft_loss" in line
    samples = (tmp_path / "run" / "round_0" / SAMPLES_FILE).read_text().splitlines()
    first = StepSample.from_dict(json.loads(samples[0]))
    assert first.action["action"] == "click" and first.history == ()
    assert StepSample.from_dict(json.loads(samples[1])).history  # the click came before
    assert (tmp_path / "run" / "adapter" / "adapter_config.json").is_file()
    policy = VLMPolicy.from_run(tmp_path / "run", max_new_tokens=8)  # the result acts
    assert policy.history == 2


def test_a_round_that_keeps_nothing_leaves_the_policy(tmp_path, tiny_reward_run, monkeypatch):
    monkeypatch.setattr(rft, "VLMPolicy", ClickingWhenLost)
    model = build_tiny_qwen_vl(tmp_path / "tiny")
    args = RFTArgs(model, ENV, tiny_reward_run, tmp_path / "run", rounds=1, episodes=1,
                   threshold=0.99)  # fmt: skip
    metrics = train_rft(args)
    assert metrics["rounds"][0]["kept"] == 0 and metrics["adapter"] is None
    assert not (tmp_path / "run" / "adapter").exists()


def test_rft_never_plays_val_or_test_seeds():
    with pytest.raises(ConfigError, match="val seeds"):
        RFTArgs(Path("m"), ENV, Path("j"), Path("o"), seed=899_999_990, episodes=16)

"""GRPO of the tiny VLM through TRL: the presets keep β and clipping on, the rewards read the
parsed click, two steps move the adapter only, the rewards are logged, and the run acts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from cuakit.actions import Action
from cuakit.agent import vlm_grpo
from cuakit.agent.sft import PRESETS as SFT_PRESETS
from cuakit.agent.vlm import VLMOutputError, VLMPolicy, build_tiny_qwen_vl
from cuakit.agent.vlm_grpo import (
    PRESETS,
    VLMGRPOArgs,
    grpo_config,
    make_grpo_trainer,
    reward_functions,
    write_grpo_run,
)
from cuakit.errors import ActionParseError, ConfigError
from cuakit.prompt import ScreenGeometry, render_answer
from tests.agent.test_grounding import write_box_samples

pytest.importorskip("trl", reason="VLM GRPO needs the vlm extra")


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen_vl(tmp_path_factory.mktemp("tiny"))


@pytest.fixture(scope="module")
def clicks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_box_samples(tmp_path_factory.mktemp("clicks"), 8)


def test_presets_keep_the_kl_term_and_clipping_on():
    for name, preset in PRESETS.items():
        assert preset.beta == 0.04 and preset.epsilon == 0.2, name
        assert preset.num_iterations >= 2, name  # with 1 the ratio is 1 and clipping never acts
    assert PRESETS["qwen2.5-vl-7b-lora"].num_generations == 8  # the seed's group size
    assert SFT_PRESETS["qwen2.5-vl-7b-lora"].lora_r == 128  # GRPO continues the SFT LoRA


def test_the_trainer_is_configured_with_beta_clip_and_iterations(tmp_path, clicks):
    config = grpo_config(VLMGRPOArgs(Path("m"), clicks, "tiny-cpu", tmp_path))
    assert config.beta == 0.04 and config.epsilon == 0.2 and config.num_iterations == 2
    assert config.num_generations == 4 and config.reward_weights == [1.0, 0.5]


def test_rewards_read_the_parsed_click():
    resize = {"factor": 28, "min_pixels": 56 * 56, "max_pixels": 28 * 28 * 64}
    grounding, fmt = reward_functions("hit", "normalised", resize)
    geometry = ScreenGeometry(200, 100, "normalised", resize)
    inside = render_answer(Action.click(0.3, 0.3), geometry)
    outside = render_answer(Action.click(0.9, 0.9), geometry)
    typed = render_answer(Action.type_text("x"), geometry)
    completions = [[{"role": "assistant", "content": t}] for t in (inside, outside, typed, "no")]
    kwargs = {"target_bbox": [[0.2, 0.2, 0.2, 0.2]] * 4, "width": [200] * 4, "height": [100] * 4}
    assert grounding(completions, **kwargs) == [1.0, 0.0, 0.0, 0.0]
    assert fmt(completions, **kwargs) == [1.0, 1.0, 1.0, 0.0]


def test_bad_arguments_name_the_option(tmp_path, clicks):
    with pytest.raises(ConfigError, match="--preset 'huge'"):
        VLMGRPOArgs(Path("m"), clicks, "huge", tmp_path)
    with pytest.raises(ConfigError, match="--reward 'iou'"):
        VLMGRPOArgs(Path("m"), clicks, "tiny-cpu", tmp_path, reward="iou")


def test_two_grpo_steps_move_the_adapter_only_and_the_run_acts(tiny, clicks, tmp_path, monkeypatch):
    # A random model's answers never parse, so every grounding reward is 0 and no advantage
    # moves anything; a reward that differs between random answers checks the plumbing.
    def digits(completions, **_):
        texts = [c[0]["content"] for c in completions]
        return [sum(ch.isdigit() for ch in t) / max(1, len(t)) for t in texts]

    real = vlm_grpo.reward_functions
    monkeypatch.setattr(vlm_grpo, "reward_functions", lambda *a: [digits, real(*a)[1]])
    args = VLMGRPOArgs(tiny, clicks, "tiny-cpu", tmp_path / "run", max_steps=2)
    trainer = make_grpo_trainer(args)
    before = {name: p.detach().clone() for name, p in trainer.model.named_parameters()}
    trainer.train()
    metrics = write_grpo_run(trainer, args, seconds=0.0)
    after = dict(trainer.model.named_parameters())
    lora = [name for name in before if "lora_B" in name]
    assert lora and all(not torch.equal(before[n], after[n]) for n in lora)
    trained = {n for n in before if "lora_" in n or "modules_to_save" in n}
    assert all(torch.equal(before[n], after[n]) for n in before if n not in trained)
    logged = [entry for entry in metrics["history"] if "rewards/digits/mean" in entry]
    assert logged and "rewards/format_reward/mean" in logged[0]
    assert json.loads((args.out / "metrics.json").read_text())["steps"] == 2
    policy = VLMPolicy.from_run(args.out, max_new_tokens=16)
    try:
        action = policy.act(np.zeros((60, 96, 3), dtype=np.uint8), "Click the red box", [])
        assert isinstance(action, Action)
    except ActionParseError as error:
        assert isinstance(error, VLMOutputError) and error.raw_text == policy.last_text

"""Episode GRPO of the tiny VLM: replies sampled, each step a completion with its episode's
advantage, the adapter moved by the judge's outcomes and saved as an SFT run."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from cuakit.actions import Action
from cuakit.agent.vlm import VLMPolicy, build_tiny_qwen_vl, load_policy, sampling
from cuakit.agent.vlm_eval import Rollout
from cuakit.agent.vlm_grpo_episodes import (
    VLMEpisodeGRPOArgs,
    completions,
    token_log_probs,
    train_vlm_episode_grpo,
)
from cuakit.errors import ConfigError

pytest.importorskip("trl", reason="VLM GRPO needs the vlm extra")
ENV = "cuakit/desksim-click-button-v0"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen_vl(tmp_path_factory.mktemp("tiny") / "model")


def test_decoding_is_greedy_at_zero_and_unfiltered_sampling_above():
    assert sampling(0.0) == {"do_sample": False}
    assert sampling(1.0) == {"do_sample": True, "temperature": 1.0, "top_k": 0, "top_p": 1.0}


def test_every_reply_is_a_completion_with_its_episodes_advantage(tiny: Path):
    model, processor = load_policy(tiny, max_pixels=64 * 28 * 28, device="cpu")
    policy = VLMPolicy.around(model, processor, history=1)
    screens = np.zeros((3, 40, 64, 3), np.uint8)
    click, done = Action.click(0.5, 0.5), Action.finish()
    runs = [
        Rollout("Press OK", screens, (click, done), True, False, ("a", "b")),
        Rollout("Press OK", screens[:2], (click,), False, True, ("a", "junk")),
    ]
    steps = completions(runs, torch.tensor([1.0, -1.0]), policy)
    assert [s.advantage for s in steps] == [1.0, 1.0, -1.0, -1.0]
    replies = ["a", "b", "a", "junk"]  # the unparsed reply too: it is what was sampled
    assert [s.answer for s in steps] == [r + "<|im_end|>\n" for r in replies]
    assert click.to_json() in steps[1].prompt and click.to_json() not in steps[0].prompt
    logp, mask = token_log_probs(model, processor, steps)
    answer_tokens = [len(processor.tokenizer(s.answer)["input_ids"]) for s in steps]
    assert mask.sum(1).tolist() == answer_tokens
    assert torch.all(logp[mask == 0] == 0) and torch.all(logp[mask == 1] < 0)


def test_one_update_moves_the_adapter_and_saves_a_run(tiny: Path, tmp_path, tiny_reward_run):
    torch.manual_seed(0)
    args = VLMEpisodeGRPOArgs(tiny, ENV, tmp_path / "run", reward=f"vrm:{tiny_reward_run}",
                              updates=1, instances=1, group_size=3, difficulty=1)  # fmt: skip
    metrics = train_vlm_episode_grpo(args)
    (line,) = metrics["updates"]
    assert line["episodes"] == 3 and 0 <= line["outcome"] <= 1 and line["losses/kl"] >= 0
    from safetensors.torch import load_file

    weights = load_file(tmp_path / "run" / "adapter" / "adapter_model.safetensors")
    lora_b = [w for name, w in weights.items() if "lora_B" in name]
    assert lora_b and any(bool(w.abs().sum() > 0) for w in lora_b)  # B starts at zero
    assert json.loads((tmp_path / "run" / "config.json").read_text())["reward"].startswith("vrm:")
    assert VLMPolicy.from_run(tmp_path / "run", max_new_tokens=4).history == 2


def test_bad_arguments_name_the_option():
    with pytest.raises(ConfigError, match="--reward"):
        VLMEpisodeGRPOArgs(Path("m"), ENV, Path("o"), reward="oracle")
    with pytest.raises(ConfigError, match="group-size 1"):
        VLMEpisodeGRPOArgs(Path("m"), ENV, Path("o"), group_size=1)
    with pytest.raises(ConfigError, match="val seeds"):
        VLMEpisodeGRPOArgs(Path("m"), ENV, Path("o"), seed=899_999_999)


def test_a_run_stopped_after_an_update_goes_on_to_the_uninterrupted_adapter(tiny: Path, tmp_path):
    from safetensors.torch import load_file

    def run(out: Path, updates: int) -> None:
        torch.manual_seed(0)  # the fresh adapter's initialisation
        train_vlm_episode_grpo(VLMEpisodeGRPOArgs(tiny, ENV, out, updates=updates, instances=1,
                                                  group_size=2, difficulty=1))  # fmt: skip

    run(tmp_path / "whole", 2)
    run(tmp_path / "cut", 1)
    run(tmp_path / "cut", 2)  # what a killed run does when its command runs again
    whole, cut = (load_file(tmp_path / name / "adapter" / "adapter_model.safetensors")
                  for name in ("whole", "cut"))  # fmt: skip
    assert whole.keys() == cut.keys()
    assert all(torch.allclose(whole[k], cut[k], atol=1e-6) for k in whole)
    lines = json.loads((tmp_path / "cut" / "metrics.json").read_text())["updates"]
    assert [line["update"] for line in lines] == [0, 1]

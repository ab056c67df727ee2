"""The vision-language judge on the tiny random Qwen2.5-VL and Qwen3-VL: its verdict
probability, its pruned visual tokens and their rotary positions (and Qwen3-VL's DeepStack
features), its adapter, save and load, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from PIL import Image

from cuakit.episodes.bench import synthetic_screen
from cuakit.errors import CheckpointError, ConfigError, RewardInputError
from cuakit.qwen_vl import TINY_FAMILIES, build_tiny_qwen_vl
from cuakit.reward.model import RewardModelConfig, VideoRewardModel
from cuakit.reward.vlm_judge import (
    VLMJudge,
    judge_clip,
    judge_frame_indices,
    judge_prompt,
    preset,
    visual_keep,
)


@pytest.fixture(scope="module", params=TINY_FAMILIES)
def base(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen_vl(tmp_path_factory.mktemp("qwen") / "tiny", family=request.param)


@pytest.fixture(scope="module")
def judge(base: Path) -> VLMJudge:
    torch.manual_seed(0)
    return VLMJudge.from_base(preset("tiny-cpu", str(base))).eval()


def video(seed: int = 0, frames: int = 30) -> np.ndarray:
    """A screen-like recording: flat windows, glyph rows, a moving cursor, a dialog at the end."""
    screen = synthetic_screen(frames, 480, 300, seed=seed)
    screen[-5:, 100:200, 150:330] = 40  # the last half second changes a region (a dialog)
    return screen


def clips(judge: VLMJudge, count: int = 2) -> list:
    return [judge_clip(video(seed), 10.0, judge.config) for seed in range(count)]


def test_frames_come_from_the_video_uniform_keyframes_and_the_final_one(judge: VLMJudge) -> None:
    frames = video()
    picks = judge_frame_indices(frames, 10.0, judge.config)
    assert picks[0] == 0 and picks[-1] == len(frames) - 1
    assert 25 in picks  # the dialog's first frame: the largest change
    assert len(picks) <= judge.config.max_frames
    clip = judge_clip(frames, 10.0, judge.config)
    assert clip.seconds == tuple(i / 10.0 for i in clip.frame_indices)
    assert np.array_equal(clip.frames, frames[picks])


def test_the_prompt_shows_each_frame_with_its_time(judge: VLMJudge) -> None:
    prompt = judge_prompt(judge.processor, (0.0, 1.5, 2.9), "Click Save")
    assert prompt.count("<|image_pad|>") == 3
    assert "Frame 2 at 1.5s:" in prompt and "Task: Click Save" in prompt
    assert prompt.endswith("<|im_start|>assistant\n")


def test_p_success_is_a_probability_and_its_complement_sums_to_one(judge: VLMJudge) -> None:
    with torch.no_grad():
        batch = judge.encode(clips(judge), ["Click Save", "Open the file"])
        logp = judge.verdict_logprobs(batch)  # (B, 2)
        out = judge(clips(judge), ["Click Save", "Open the file"])
    p = torch.sigmoid(out.success_logit)
    assert ((p >= 0) & (p <= 1)).all()
    normalised = torch.softmax(logp, dim=1)  # P(correct), P(incorrect) over the two verdicts
    assert torch.allclose(normalised[:, 0], p, atol=1e-6)
    assert torch.allclose(normalised.sum(1), torch.ones(2))
    assert out.progress_logits.shape == (2, 0) and torch.equal(out.reward, out.success_logit)


def reference_logprobs(judge: VLMJudge, clip, instruction: str) -> torch.Tensor:
    """(2,) the verdicts' log-probabilities from transformers' own forward pass (its embedding
    merge and its get_rope_index), no pruning."""
    prompt = judge_prompt(judge.processor, clip.seconds, instruction)
    images = [Image.fromarray(f) for f in clip.frames]
    out = []
    for tail in judge.tails:
        answer = judge.processor.tokenizer.decode([*judge.shared, *tail])
        encoded = judge.processor(images=images, text=[prompt], return_tensors="pt")
        ids = torch.cat([encoded["input_ids"], torch.tensor([[*judge.shared, *tail]])], 1)
        answer_kinds = torch.zeros(1, len(judge.shared) + len(tail), dtype=torch.long)
        kinds = torch.cat([encoded["mm_token_type_ids"], answer_kinds], 1)
        logits = judge.qwen(
            input_ids=ids,
            attention_mask=torch.ones_like(ids),
            pixel_values=encoded["pixel_values"],
            image_grid_thw=encoded["image_grid_thw"],
            mm_token_type_ids=kinds,
        ).logits[0]
        logp = torch.log_softmax(logits.float(), -1)
        n = len(tail)
        scored = logp[-n - 1 : -1].gather(1, torch.tensor(tail)[:, None]).sum()
        assert answer.endswith("correct}")
        out.append(scored)
    return torch.stack(out)


def test_unpruned_forward_equals_transformers_own(judge: VLMJudge) -> None:
    unpruned = replace(judge.config, prune_spatial=False, prune_temporal=False)
    off = VLMJudge(unpruned, judge.model, judge.processor).eval()
    clip = clips(judge, 1)[0]
    with torch.no_grad():
        mine = off.verdict_logprobs(off.encode([clip], ["Click Save"]))[0]
        theirs = reference_logprobs(off, clip, "Click Save")
    assert torch.allclose(mine, theirs, atol=1e-4), (mine, theirs)


def test_pruning_nothing_equals_the_unpruned_forward(judge: VLMJudge) -> None:
    off = VLMJudge(replace(judge.config, prune_spatial=False, prune_temporal=False),
                   judge.model, judge.processor).eval()  # fmt: skip
    nothing = VLMJudge(replace(judge.config, prune_threshold=-1.0), judge.model,
                       judge.processor).eval()  # fmt: skip
    with torch.no_grad():
        a, b = off(clips(judge), ["Click Save"] * 2), nothing(clips(judge), ["Click Save"] * 2)
    assert b.kept_ratio == 1.0
    assert torch.allclose(a.success_logit, b.success_logit, atol=1e-5)


def test_kept_tokens_keep_their_rotary_positions(judge: VLMJudge) -> None:
    off = VLMJudge(replace(judge.config, prune_spatial=False, prune_temporal=False),
                   judge.model, judge.processor).eval()  # fmt: skip
    clip = clips(judge, 1)[0]
    with torch.no_grad():
        full, pruned = off.encode([clip], ["Click Save"]), judge.encode([clip], ["Click Save"])
    kept, total = pruned.visual_tokens[0]
    assert 0 < kept < total, "the clip must lose some tokens for this test to mean anything"
    encoded = judge.processor.image_processor(images=[Image.fromarray(f) for f in clip.frames])
    keep = torch.cat(visual_keep(torch.as_tensor(encoded["pixel_values"]),
                                 torch.as_tensor(encoded["image_grid_thw"]), [len(clip.frames)],
                                 judge.processor, judge.config))  # fmt: skip
    for row in range(2):
        n = int(full.attention_mask[row].sum())
        ids = full.token_ids[row, :n]
        mask = torch.ones(n, dtype=torch.bool)
        mask[ids == judge.image_token_id] = keep
        m = int(pruned.attention_mask[row].sum())
        assert m == n - (total - kept)
        assert torch.equal(pruned.token_ids[row, :m], ids[mask])
        assert torch.equal(pruned.position_ids[:, row, :m], full.position_ids[:, row, :n][:, mask])
        start, end = pruned.tails[row]
        assert torch.equal(pruned.token_ids[row, start:end], pruned.tail_ids[row])


def test_a_still_screen_loses_every_later_frames_tokens(judge: VLMJudge) -> None:
    still = np.repeat(video()[:1], 20, axis=0)
    clip = judge_clip(still, 10.0, judge.config)
    spatial_only = VLMJudge(replace(judge.config, prune_temporal=False), judge.model,
                            judge.processor)  # fmt: skip
    first_frame, _ = spatial_only.visual_tokens(replace(clip, frames=clip.frames[:1]))
    kept, total = judge.visual_tokens(clip)
    assert kept == first_frame and total == len(clip.frames) * total // len(clip.frames)


def test_training_steps_change_only_the_adapter(base: Path) -> None:
    torch.manual_seed(0)
    judge = VLMJudge.from_base(preset("tiny-cpu", str(base))).train()
    before = {n: p.detach().clone() for n, p in judge.named_parameters()}
    trainable = [p for p in judge.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trainable, lr=1e-2)
    for _ in range(2):
        out = judge(clips(judge), ["Click Save", "Open the file"])
        loss = torch.nn.functional.binary_cross_entropy_with_logits(
            out.success_logit, torch.tensor([1.0, 0.0])
        ) - torch.nn.functional.logsigmoid(out.reward[0] - out.reward[1])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    changed = {n for n, p in judge.named_parameters() if not torch.equal(before[n], p)}
    assert changed and all("lora_" in n for n in changed), sorted(changed)[:5]
    assert not any("visual" in n for n, p in judge.named_parameters() if p.requires_grad)


def test_save_then_load_gives_the_same_p_success(judge: VLMJudge, tmp_path: Path) -> None:
    with torch.no_grad():  # move the adapter off zero so that the check means something
        for name, parameter in judge.model.named_parameters():
            if "lora_B" in name:
                parameter.normal_(0, 0.05)
        before = judge(clips(judge), ["Click Save", "Open the file"]).success_logit
    judge.save_pretrained(tmp_path / "judge")
    saved = json.loads((tmp_path / "judge" / "config.json").read_text())
    assert saved["backbone"] == "vlm" and saved["vlm"]["lora_r"] == judge.config.lora_r
    loaded = VLMJudge.from_pretrained(tmp_path / "judge")
    with torch.no_grad():
        after = loaded(clips(judge), ["Click Save", "Open the file"]).success_logit
    assert torch.allclose(torch.sigmoid(before), torch.sigmoid(after), atol=1e-6)


# ---- bad input ---------------------------------------------------------------------------------


def test_a_folder_that_is_not_a_qwen_vl_names_the_fix(tmp_path: Path) -> None:
    (tmp_path / "bert").mkdir()
    (tmp_path / "bert" / "config.json").write_text(json.dumps({"model_type": "bert"}))
    for folder, said in ((tmp_path / "bert", "'bert' model, not a Qwen VL"),
                         (tmp_path / "empty", "no config.json")):  # fmt: skip
        with pytest.raises(CheckpointError, match=said) as caught:
            VLMJudge.from_base(preset("tiny-cpu", str(folder)))
        assert "build-tiny-vlm" in str(caught.value)


def test_a_checkpoint_of_another_backbone_names_the_fix(tmp_path: Path) -> None:
    small = VideoRewardModel(RewardModelConfig(backbone="cnn3d", frames=2, height=20, width=20))
    small.save_pretrained(tmp_path / "small")
    with pytest.raises(CheckpointError, match="'cnn3d' reward model, not a vlm judge"):
        VLMJudge.from_pretrained(tmp_path / "small")


def test_a_vlm_checkpoint_read_as_a_small_model_names_the_fix(
    judge: VLMJudge, tmp_path: Path
) -> None:
    judge.save_pretrained(tmp_path / "judge")
    with pytest.raises(CheckpointError, match="vlm judge"):
        VideoRewardModel.from_pretrained(tmp_path / "judge")


def test_a_video_with_no_frames_names_the_fix(judge: VLMJudge) -> None:
    empty = np.zeros((0, 300, 480, 3), np.uint8)
    with pytest.raises(RewardInputError, match=r"no frames.*re-record the episode"):
        judge_clip(empty, 10.0, judge.config)


def test_the_bench_reports_tokens_per_clip_with_and_without_pruning() -> None:
    """The tiny shape through the path the 7B preset takes on a GPU (a random base built on its
    device in its precision, then the judge around it), at two batch sizes."""
    from cuakit.reward.vlm_bench import bench_vlm

    result = bench_vlm((1, 2), repeats=1, budget_s=0.1, device="cpu")
    assert [(r["batch"], r["pruning"]) for r in result["rows"]] == [
        (1, "on"), (1, "off"), (2, "on"), (2, "off")]  # fmt: skip
    on, off = result["rows"][2:]
    assert on["visual_tokens_per_clip"] == off["visual_tokens_per_clip"]
    assert off["kept_tokens_per_clip"] == off["visual_tokens_per_clip"]
    assert 0 < on["kept_tokens_per_clip"] < off["kept_tokens_per_clip"]
    assert result["ratios"]["kept_token_ratio"] < 1
    assert all(r["infer_clips_per_s"] > 0 and r["peak_memory_mb"] > 0 for r in result["rows"])
    with pytest.raises(ConfigError, match="needs a GPU"):
        bench_vlm(size="7b", device="cpu")


def test_the_7b_shape_is_qwen25_vl_7b() -> None:
    from transformers import Qwen2_5_VLForConditionalGeneration

    from cuakit.qwen_vl import build_tiny_tokenizer, qwen25_vl_7b_config

    with torch.device("meta"):  # nothing allocated
        model = Qwen2_5_VLForConditionalGeneration(qwen25_vl_7b_config(build_tiny_tokenizer()))
    assert round(sum(p.numel() for p in model.parameters()) / 1e9, 2) == 8.29


def test_the_small_models_commands_load_without_transformers() -> None:
    """transformers takes seconds to import; training, evaluating and scoring the small reward
    model (every `cuakit reward …` call, PPO's video reward) must not pay for it."""
    heavy = ("transformers", "peft", "accelerate")
    code = ("import sys, cuakit.cli.reward, cuakit.reward.scoring, cuakit.agent.ppo; "
            f"print(sorted(m for m in {heavy} if m in sys.modules))")  # fmt: skip
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=True)  # fmt: skip
    assert loaded.stdout.strip() == "[]"

"""SFT of a Qwen2.5-VL policy: the seed's recipe as a preset, the collator's loss mask, and a
tiny LoRA run through TRL's SFTTrainer (adapter moves, base frozen, run folder reloads)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch

from cuakit.agent.sft import (
    PRESETS,
    SEED_TARGET_MODULES,
    SFTArgs,
    StepSampleCollator,
    load_step_samples,
    lora_config,
    make_trainer,
    train_sft,
    training_arguments,
    write_run,
)
from cuakit.agent.vlm import VLMOutputError, VLMPolicy, build_tiny_qwen_vl, load_policy
from cuakit.cli import main
from cuakit.coords import QWEN_MAX_PIXELS
from cuakit.errors import ActionParseError, ConfigError, DatasetFormatError
from tests.agent.vlm_fixtures import ACTIONS, write_step_samples

REASON = "SFT needs peft and trl: pip install 'cuakit[vlm]'"
peft = pytest.importorskip("peft", reason=REASON)
pytest.importorskip("trl", reason=REASON)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen_vl(tmp_path_factory.mktemp("vlm") / "tiny")


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_step_samples(tmp_path_factory.mktemp("samples"))


def test_the_7b_preset_is_the_seeds_recipe(tmp_path: Path) -> None:
    """The seed's TrainingArguments and lora_config, checked without loading a model."""
    preset = PRESETS["qwen2.5-vl-7b-lora"]
    lora = lora_config(preset)
    assert (lora.r, lora.lora_alpha, lora.lora_dropout) == (128, 256, 0.05)
    assert not lora.modules_to_save  # the seed trains the adapter only
    # screenshots capped as `cuakit curate export` converts qwen-pixels: the two agree
    assert preset.max_pixels == QWEN_MAX_PIXELS
    assert str(lora.task_type) in ("CAUSAL_LM", "TaskType.CAUSAL_LM")
    assert preset.lora_target_modules == (
        "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj",
    ) == SEED_TARGET_MODULES  # fmt: skip
    # every projection of the language model, none of the vision tower's (its MLP shares names)
    for name in SEED_TARGET_MODULES:
        assert re.fullmatch(lora.target_modules, f"model.language_model.layers.3.mlp.{name}")
        assert re.fullmatch(lora.target_modules, f"model.layers.27.self_attn.{name}")
        assert not re.fullmatch(lora.target_modules, f"model.visual.blocks.0.mlp.{name}")
    args = SFTArgs(Path("qwen"), Path("samples.jsonl"), "qwen2.5-vl-7b-lora", tmp_path / "run")
    kwargs = training_arguments(args)
    assert {k: kwargs[k] for k in (
        "num_train_epochs", "per_device_train_batch_size", "gradient_accumulation_steps",
        "learning_rate", "weight_decay", "warmup_steps", "lr_scheduler_type", "bf16",
        "activation_checkpointing", "dataloader_num_workers", "save_strategy", "save_steps",
        "logging_steps", "max_grad_norm", "max_steps",
    )} == {
        "num_train_epochs": 3, "per_device_train_batch_size": 4, "gradient_accumulation_steps": 8,
        "learning_rate": 2e-5, "weight_decay": 0.01, "warmup_steps": 0.03,  # below 1: a ratio
        "lr_scheduler_type": "cosine", "bf16": True, "activation_checkpointing": True,
        "dataloader_num_workers": 8, "save_strategy": "steps", "save_steps": 500,
        "logging_steps": 10, "max_grad_norm": 1.0, "max_steps": -1,
    }  # fmt: skip
    assert kwargs["report_to"] == "none"  # the seed's wandb only when asked
    assert training_arguments(replace(args, report_to="wandb"))["report_to"] == "wandb"


def test_bad_arguments_and_bad_samples_are_clear_errors(tmp_path: Path, samples: Path) -> None:
    with pytest.raises(ConfigError, match="tiny-cpu"):
        SFTArgs(Path("m"), samples, "qwen-72b", tmp_path)
    with pytest.raises(ConfigError, match="max-steps"):
        SFTArgs(Path("m"), samples, "tiny-cpu", tmp_path, max_steps=0)
    lines = samples.read_text().splitlines()
    bad = json.loads(lines[0]) | {"action": {"action": "click", "coordinates": [820, 150]}}
    folder = samples.parent  # beside the samples, so that their images resolve
    (folder / "bad.jsonl").write_text(lines[1] + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(DatasetFormatError, match=r"bad.jsonl:2 \(tiny/0/0\).*normalised"):
        load_step_samples(folder / "bad.jsonl")
    (folder / "lost.jsonl").write_text(lines[0].replace("images/", "gone/") + "\n")
    with pytest.raises(DatasetFormatError, match="no image"):
        load_step_samples(folder / "lost.jsonl")


def test_the_loss_is_masked_to_the_assistants_answer(tiny: Path, samples: Path) -> None:
    _, processor = load_policy(tiny, max_pixels=PRESETS["tiny-cpu"].max_pixels)
    rows = load_step_samples(samples)
    batch = StepSampleCollator(processor, history=2)(rows)
    tokenizer = processor.tokenizer
    assert batch["labels"].shape == batch["input_ids"].shape == batch["mm_token_type_ids"].shape
    for i, action in enumerate(ACTIONS):
        labels = batch["labels"][i]
        answer = tokenizer.decode(labels[labels != -100])
        assert answer == f"```json\n{action.to_json()}\n```<|im_end|>\n"
        # the answer is the sequence's last tokens before padding; everything before is masked
        kept = (labels != -100).nonzero().flatten()
        end = int(batch["attention_mask"][i].sum())
        assert kept.tolist() == list(range(end - len(kept), end))
        assert torch.equal(batch["input_ids"][i, kept], labels[kept])
        image_pad = batch["input_ids"][i] == processor.image_token_id
        assert torch.equal(batch["mm_token_type_ids"][i] == 1, image_pad)
        assert int(image_pad.sum()) == int(batch["image_grid_thw"][i].prod()) // 4
    prompt = tokenizer.decode(batch["input_ids"][3][batch["labels"][3] == -100])
    assert "1. " + ACTIONS[1].to_json() in prompt and ACTIONS[0].to_json() not in prompt  # last 2


def test_lora_sft_moves_the_adapter_only_and_the_run_reloads(
    tiny: Path, samples: Path, tmp_path: Path
) -> None:
    args = SFTArgs(tiny, samples, "tiny-cpu", tmp_path / "run", max_steps=2)
    trainer = make_trainer(args)
    assert type(trainer).__name__ == "SFTTrainer"
    before = {name: p.detach().clone() for name, p in trainer.model.named_parameters()}
    trainer.train()
    metrics = write_run(trainer, args, seconds=0.0)
    after = dict(trainer.model.named_parameters())
    lora = [name for name in before if "lora_" in name]
    assert len(lora) == 2 * 7 * 2  # 2 layers × 7 projections × (A, B), no vision-tower adapter
    assert all("visual" not in name for name in lora)
    assert all(not torch.equal(before[name], after[name]) for name in lora)
    # the tiny preset also trains copies of the random output layer and vision tower; the base
    # stays as it was
    copies = [name for name in before if "modules_to_save" in name]
    assert {("lm_head" in name, "visual" in name) for name in copies} == {
        (True, False),
        (False, True),
    }
    assert all(not torch.equal(before[name], after[name]) for name in copies)
    trained = set(lora) | set(copies)
    assert all(torch.equal(before[name], after[name]) for name in before if name not in trained)
    assert metrics["steps"] == 2 and len(metrics["history"]) == 2
    assert all(np.isfinite(entry["losses/loss"]) for entry in metrics["history"])
    run = args.out
    assert json.loads((run / "metrics.json").read_text())["steps"] == 2
    assert json.loads((run / "config.json").read_text())["preset_values"]["lora_r"] == 16
    assert len((run / "log.jsonl").read_text().splitlines()) >= 2
    # the adapter reloads onto the base model with the trained values
    base, _ = load_policy(tiny)
    reloaded = dict(peft.PeftModel.from_pretrained(base, run / "adapter").named_parameters())
    assert all(torch.equal(after[name].detach(), reloaded[name]) for name in lora)
    # and the run acts: an Action, or a parse error that carries the model's text
    policy = VLMPolicy.from_run(run, max_new_tokens=16)
    screenshot = np.zeros((60, 96, 3), dtype=np.uint8)
    try:
        assert isinstance(policy.act(screenshot, "Click OK", list(ACTIONS[:1])), type(ACTIONS[0]))
    except ActionParseError as error:
        assert isinstance(error, VLMOutputError) and error.raw_text == policy.last_text


def test_sft_from_the_command_line(
    tmp_path: Path, samples: Path, capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a relative --model, the run then read from elsewhere
    assert main(["agent", "build-tiny-vlm", "--out", "tiny", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bytes"] > 0
    run = tmp_path / "run"
    argv = ["agent", "sft", "--model", "tiny", "--data", str(samples), "--preset",
            "tiny-cpu", "--out", str(run), "--max-steps", "1", "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)  # the trainer's own logs went to stderr
    assert result["steps"] == 1 and (run / "adapter" / "adapter_config.json").is_file()
    with pytest.raises(SystemExit) as exit_info:  # tyro reports config errors and exits 2
        main([*argv[:7], "qwen-72b", *argv[8:]])
    assert exit_info.value.code == 2 and "tiny-cpu" in capsys.readouterr().err
    # the fine-tuned policy acts in desksim (random weights: its answers may be no action)
    monkeypatch.chdir(samples.parent)
    argv = ["agent", "eval", "--policy", f"hf:{run}", "--episodes", "1", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (
        result["episodes"] == 1 and result["split"] == "test" and 0 <= result["unparsed_rate"] <= 1
    )


def test_a_run_started_again_goes_on_from_its_newest_checkpoint(
    tiny: Path, samples: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a killed run does when its command runs again (preemption on a cluster)."""
    monkeypatch.setitem(PRESETS, "tiny-cpu", replace(PRESETS["tiny-cpu"], save_steps=1))
    run = tmp_path / "run"
    first = train_sft(SFTArgs(tiny, samples, "tiny-cpu", run, max_steps=2))
    assert first["steps"] == 2 and (run / "checkpoints" / "checkpoint-2").is_dir()
    again = train_sft(SFTArgs(tiny, samples, "tiny-cpu", run, max_steps=3))
    assert again["steps"] == 3 and [e["step"] for e in again["history"]] == [1, 2, 3]
    logged = [json.loads(line) for line in (run / "log.jsonl").read_text().splitlines()]
    assert [e["step"] for e in logged if "loss" in e] == [1, 2, 3], "steps 1-2 were not redone"

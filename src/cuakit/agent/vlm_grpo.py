"""GRPO of a Qwen2.5-VL policy on click samples, through TRL's GRPOTrainer with cuakit's
grounding rewards (GUI-R1, GUI-G²: a group of answers per screenshot, rewarded by where their
click lands).

1. ``VLMGRPOPreset`` / ``PRESETS`` — the recipe: LoRA as in the SFT preset of the same name,
   group size, β, clip, iterations per batch, sampling. TRL's defaults switch the KL term off
   (β 0) and take one optimiser step per generated batch, which makes the ratio to the old
   policy 1 so that clipping never acts; both presets set β > 0 and two iterations.
2. ``VLMGRPOArgs`` — the base model, the step samples (clicks with a target box), an optional
   SFT run to start from, the preset, the run folder.
3. ``reward_functions`` — TRL reward functions: the chosen `cuakit.reward.grounding` reward on
   the parsed click (`cuakit.prompt.read_answer`; an answer that does not parse, or is not a
   click, earns the reward's minimum) and the format reward, each logged by TRL under
   ``rewards/<name>/mean``.
4. ``make_grpo_trainer`` → ``trainer.train()`` → ``write_run``; ``train_vlm_grpo`` does all
   three. The run folder is the SFT one's (config.json, log.jsonl, metrics.json, adapter/),
   so `VLMPolicy.from_run` and ``cuakit agent eval --policy hf:RUN`` read it too.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch
from PIL import Image

from cuakit.actions import ActionType
from cuakit.agent.checkpoint import last_trainer_checkpoint
from cuakit.agent.sft import (
    INSTALL_HINT,
    LogToRunFolder,
    load_step_samples,
    model_to_train,
    resuming,
)
from cuakit.agent.sft import PRESETS as SFT_PRESETS
from cuakit.agent.vlm import prompt_messages
from cuakit.coords import CoordinateMode
from cuakit.curate.samples import StepSample
from cuakit.errors import ActionParseError, ConfigError, DatasetFormatError
from cuakit.prompt import ScreenGeometry, read_answer
from cuakit.reward.grounding import GROUNDING_REWARDS, REWARD_RANGES, Prediction

if TYPE_CHECKING:
    from trl import GRPOConfig, GRPOTrainer


# ---- 1. presets ------------------------------------------------------------------------------
@dataclass(frozen=True)
class VLMGRPOPreset:
    """One GRPO recipe. LoRA (rank, targets, modules trained in full) and the screenshot cap
    come from the SFT preset of the same name."""

    learning_rate: float
    per_device_train_batch_size: int
    """completions per forward pass (a multiple of num_generations)"""
    gradient_accumulation_steps: int
    num_generations: int
    """the group: answers sampled per screenshot (the seed's G = 8)"""
    beta: float
    """KL(π ‖ π_ref) weight, k3 estimator (TRL's default 0 switches it off)"""
    epsilon: float
    """the ratio to the old policy is clipped to [1 - ε, 1 + ε]"""
    num_iterations: int
    """optimiser steps per generated batch; the ratio to the old policy is 1 on the first, so
    clipping acts only from the second"""
    max_completion_length: int
    """tokens an answer may take"""
    temperature: float
    bf16: bool
    gradient_checkpointing: bool
    max_steps: int = -1
    num_train_epochs: float = 1.0
    logging_steps: int = 10
    save_steps: int = 500


PRESETS: dict[str, VLMGRPOPreset] = {
    # GUI-R1 / GUI-G² at 7B with the SFT preset's LoRA: groups of 8, β 0.04, clip 0.2 (the seed's).
    "qwen2.5-vl-7b-lora": VLMGRPOPreset(
        learning_rate=1e-5, per_device_train_batch_size=8, gradient_accumulation_steps=4,
        num_generations=8, beta=0.04, epsilon=0.2, num_iterations=2, max_completion_length=128,
        temperature=1.0, bf16=True, gradient_checkpointing=True,
    ),
    # The same path at toy size on a CPU.
    "tiny-cpu": VLMGRPOPreset(
        learning_rate=1e-4, per_device_train_batch_size=4, gradient_accumulation_steps=1,
        num_generations=4, beta=0.04, epsilon=0.2, num_iterations=2, max_completion_length=48,
        temperature=1.0, bf16=False, gradient_checkpointing=False, max_steps=4,
        logging_steps=1,
    ),
}  # fmt: skip


# ---- 2. arguments ----------------------------------------------------------------------------
@dataclass(frozen=True)
class VLMGRPOArgs:
    """What one VLM GRPO run is given."""

    model: Path
    """a Qwen2.5-VL folder (config.json, weights, tokenizer, preprocessor config)"""
    data: Path
    """step samples (cuakit.curate.samples); the clicks with a target_bbox are used"""
    preset: str
    """training recipe: qwen2.5-vl-7b-lora or tiny-cpu"""
    out: Path
    """run folder (config.json, log.jsonl, metrics.json, adapter/)"""
    init: Path | None = None
    """an SFT run (`cuakit agent sft`) whose adapter GRPO continues; none: a new adapter"""
    reward: str = "gaussian-point"
    """the grounding reward: seed, hit, gaussian-point, gaussian-coverage, hit-iou"""
    format_weight: float = 0.5
    """weight of the format reward (1 for an answer that parses) beside the grounding reward"""
    max_steps: int | None = None
    """override the preset's optimiser steps"""
    report_to: str = "none"
    """none: log to the run folder only; wandb (or another transformers integration) as well"""
    seed: int = 0

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ConfigError(f"--preset {self.preset!r}: use one of {', '.join(PRESETS)}")
        if self.reward not in GROUNDING_REWARDS:
            raise ConfigError(
                f"--reward {self.reward!r}: use one of {', '.join(GROUNDING_REWARDS)}"
            )
        if self.max_steps is not None and self.max_steps < 1:
            raise ConfigError(f"--max-steps {self.max_steps}: use 1 or more")
        if self.format_weight < 0:
            raise ConfigError(f"--format-weight {self.format_weight}: use 0 or more")

    @property
    def recipe(self) -> VLMGRPOPreset:
        preset = PRESETS[self.preset]
        return preset if self.max_steps is None else replace(preset, max_steps=self.max_steps)


# ---- 3. rewards ------------------------------------------------------------------------------
RewardFunction = Callable[..., list[float]]


def reward_functions(
    reward: str, coordinates: CoordinateMode, resize: dict[str, int]
) -> list[RewardFunction]:
    """TRL reward functions ``f(completions, target_bbox, width, height, **_) -> [float]``: the
    grounding reward on each answer's click, and the format reward."""
    grounding = GROUNDING_REWARDS[reward]
    low = REWARD_RANGES[reward][0]

    def answer_text(completion: Any) -> str:
        # conversational prompts give [{"role": "assistant", "content": text}]
        return completion[0]["content"] if isinstance(completion, list) else str(completion)

    def parsed(completion: Any, width: int, height: int):
        geometry = ScreenGeometry(width, height, coordinates, resize)
        try:
            return read_answer(answer_text(completion), geometry)
        except ActionParseError:
            return None

    def grounding_reward(completions, target_bbox, width, height, **_) -> list[float]:
        out = []
        for completion, box, w, h in zip(completions, target_bbox, width, height, strict=True):
            action = parsed(completion, w, h)
            if action is None or action.type is not ActionType.CLICK or action.point is None:
                out.append(low)
            else:
                out.append(grounding(Prediction(action.point), tuple(box), (w, h)))
        return out

    def format_reward(completions, width, height, **_) -> list[float]:
        rows = zip(completions, width, height, strict=True)
        return [float(parsed(c, w, h) is not None) for c, w, h in rows]

    grounding_reward.__name__ = reward.replace("-", "_")  # TRL logs rewards/<name>/mean
    return [grounding_reward, format_reward]


# ---- 4. the trainer --------------------------------------------------------------------------
def grpo_rows(path: Path, coordinates: CoordinateMode, resize: dict[str, int], history: int):
    """Dataset rows for TRL: the conversational prompt, the screenshot, and the target box and
    screen size the rewards read; clicks with a target_bbox only."""
    rows = []
    for row in load_step_samples(path):
        sample = StepSample.from_dict(json.loads(row["sample"]))
        if sample.action.get("action") != "click" or sample.target_bbox is None:
            continue
        image = Image.open(row["image"]).convert("RGB")
        geometry = ScreenGeometry(*image.size, coordinates, resize)
        past = sample.history[-history:] if history > 0 else ()
        rows.append({
            "prompt": prompt_messages(sample.instruction, past, geometry),
            "image": image,
            "target_bbox": list(sample.target_bbox),
            "width": image.width,
            "height": image.height,
        })  # fmt: skip
    if not rows:
        raise DatasetFormatError(
            f"{path}: no click with a target_bbox; export desksim or MiniWoB episodes with "
            "`cuakit curate export DIR --format samples`"
        )
    return rows


def grpo_config(args: VLMGRPOArgs) -> GRPOConfig:
    """TRL's GRPOConfig for ``args`` (β, clip and iterations set, never TRL's defaults)."""
    from trl import GRPOConfig

    preset = args.recipe
    try:
        return GRPOConfig(
            output_dir=str(args.out / "checkpoints"),
            learning_rate=preset.learning_rate,
            per_device_train_batch_size=preset.per_device_train_batch_size,
            gradient_accumulation_steps=preset.gradient_accumulation_steps,
            num_generations=preset.num_generations,
            beta=preset.beta,
            epsilon=preset.epsilon,
            num_iterations=preset.num_iterations,
            max_completion_length=preset.max_completion_length,
            temperature=preset.temperature,
            bf16=preset.bf16,
            activation_checkpointing=preset.gradient_checkpointing,
            max_steps=preset.max_steps,
            num_train_epochs=preset.num_train_epochs,
            logging_steps=preset.logging_steps,
            save_steps=preset.save_steps,
            report_to=args.report_to,
            seed=args.seed,
            dataloader_pin_memory=torch.cuda.is_available(),  # pinned pages only help a GPU
            reward_weights=[1.0, args.format_weight],
        )
    except ValueError as error:
        if "bf16" not in str(error):
            raise
        raise ConfigError(
            f"--preset {args.preset} trains in bf16, which this machine cannot ({error}); "
            "on a CPU use --preset tiny-cpu"
        ) from error


def make_grpo_trainer(args: VLMGRPOArgs) -> GRPOTrainer:
    """TRL's GRPOTrainer on ``args``: the base model (with the SFT run's adapter, trainable,
    when ``init`` is given; else a new adapter), the click samples, the rewards."""
    try:
        from datasets import Dataset
        from trl import GRPOTrainer
    except ImportError as error:
        raise ConfigError(f"GRPO needs trl, peft and datasets: {INSTALL_HINT}") from error
    sft = SFT_PRESETS[args.preset]
    model, processor, peft_config = model_to_train(args.model, sft, args.init)
    resize = processor.resize_kwargs()
    rows = grpo_rows(args.data, sft.coordinates, resize, sft.history)
    args.out.mkdir(parents=True, exist_ok=True)
    paths = {"model": str(Path(args.model).resolve()), "data": str(Path(args.data).resolve())}
    # VLMPolicy.from_run reads how the policy sees (history, coordinates, image cap) from
    # preset_values: the SFT preset's, which GRPO keeps
    config = {**asdict(args), **paths, "preset_values": asdict(sft),
              "grpo_preset_values": asdict(args.recipe)}  # fmt: skip
    (args.out / "config.json").write_text(json.dumps(config, indent=2, default=str))
    return GRPOTrainer(
        model=model,
        reward_funcs=reward_functions(args.reward, sft.coordinates, resize),
        args=grpo_config(args),
        train_dataset=Dataset.from_list(rows),
        processing_class=processor,
        peft_config=peft_config,
        callbacks=[LogToRunFolder(args.out / "log.jsonl", resuming=resuming(args.out))],
    )


def write_grpo_run(trainer: GRPOTrainer, args: VLMGRPOArgs, seconds: float) -> dict[str, Any]:
    """Save the adapter and processor to RUN/adapter, the metrics to RUN/metrics.json."""
    trainer.save_model(str(args.out / "adapter"))
    history = [
        {k: v for k, v in entry.items() if k == "step" or k.startswith(("reward", "kl", "clip"))}
        | {"losses/loss": entry["loss"]}
        for entry in trainer.state.log_history
        if "loss" in entry
    ]
    metrics = {
        "steps": trainer.state.global_step,
        "samples": len(trainer.train_dataset),
        "train_seconds": seconds,
        "history": history,
    }
    if trainer.is_world_process_zero():
        (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    return metrics


def train_vlm_grpo(args: VLMGRPOArgs) -> dict[str, Any]:
    trainer = make_grpo_trainer(args)
    started = time.perf_counter()
    # a run folder whose process was killed goes on from its newest checkpoint
    trainer.train(resume_from_checkpoint=last_trainer_checkpoint(args.out / "checkpoints"))
    return write_grpo_run(trainer, args, time.perf_counter() - started)

"""Supervised fine-tuning of a Qwen2.5-VL computer-use policy on step samples: a LoRA adapter on
the language model's attention and MLP projections, trained with TRL's ``SFTTrainer``, the loss
on the assistant's answer only (one file, read it top to bottom).

1. ``SFTPreset`` / ``PRESETS`` — ``qwen2.5-vl-7b-lora``, the seed's recipe (LoRA r 128,
   alpha 256, dropout 0.05; 3 epochs at lr 2e-5, cosine, 3 % warm-up, weight decay 0.01; batch
   4 × accumulation 8; bf16; gradient checkpointing; a checkpoint every 500 steps), and
   ``tiny-cpu`` for tests and laptops (r 16, batch 8, fp32, tiny screenshots).
2. ``SFTArgs`` — the base model, the step-sample file (`cuakit.curate.samples`), the preset,
   the run folder.
3. ``StepSampleCollator`` — each step sample becomes the chat `VLMPolicy` sees at run time
   (system: the action schema; user: screenshot + instruction + the last actions) followed by
   the answer (the action's wire form, reasoning included, in a ```json fence); labels are
   -100 everywhere but on the answer and its end-of-turn token.
4. ``lora_config`` / ``training_arguments`` / ``sft_config`` — the preset as peft's and
   TRL's configs.
5. ``make_trainer`` → ``trainer.train()`` → ``write_run``; ``train_sft`` does all three.

The run folder::

    RUN/config.json        SFTArgs and the preset's values, written when the run starts
    RUN/log.jsonl          one line per logged step, written as training goes
    RUN/metrics.json       losses/… and charts/… per logged step, final loss, seconds
    RUN/adapter/           the LoRA adapter (PeftModel.from_pretrained) and the processor
    RUN/checkpoints/       trainer checkpoints every save_steps; a run started again in a
                           folder that holds one goes on from the newest

TRL's own vision collator expects ``messages`` or ``prompt``/``completion`` columns; ours reads
step samples directly so that SFT and `VLMPolicy` build the prompt with the same code.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch
from PIL import Image
from transformers import TrainerCallback

from cuakit.actions import Action
from cuakit.agent.checkpoint import last_trainer_checkpoint
from cuakit.agent.vlm import (
    END_OF_TURN,
    TINY_MAX_PIXELS,
    QwenImageProcessor,
    answer_batch,
    build_prompt,
    load_policy,
)
from cuakit.coords import QWEN_MAX_PIXELS, CoordinateMode, check_coordinate_mode
from cuakit.curate.samples import StepSample, read_samples
from cuakit.errors import ConfigError, DatasetFormatError
from cuakit.prompt import ScreenGeometry, render_answer

if TYPE_CHECKING:  # the vlm extra, imported where it is used
    from peft import LoraConfig
    from trl import SFTConfig, SFTTrainer

INSTALL_HINT = "pip install 'cuakit[vlm]'"
SEED_TARGET_MODULES = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")


# ---- 1. presets ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SFTPreset:
    """One training recipe: the LoRA adapter, the optimiser schedule and what the model sees."""

    lora_r: int
    """LoRA rank"""
    lora_alpha: int
    """LoRA scale numerator (the update is scaled by alpha / r)"""
    lora_dropout: float
    """dropout on the LoRA branch's input"""
    learning_rate: float
    """peak learning rate (AdamW)"""
    num_train_epochs: float
    """passes over the samples (max_steps, when set, wins)"""
    per_device_train_batch_size: int
    """step samples per forward pass"""
    gradient_accumulation_steps: int
    """forward passes per optimiser step"""
    bf16: bool
    """bf16 mixed precision (GPUs from Ampere on); fp32 otherwise"""
    gradient_checkpointing: bool
    """recompute activations in the backward pass: less memory, ~20 % slower"""
    lora_target_modules: tuple[str, ...] = SEED_TARGET_MODULES
    """projection names that get an adapter: all attention and MLP projections"""
    lora_vision_tower: bool = False
    """also adapt the vision tower's projections of those names (its MLP's gate/up/down)"""
    lora_modules_to_save: tuple[str, ...] = ()
    """modules trained in full beside the adapter (a pretrained model needs none: its output
    layer already speaks and its vision tower already sees; a random one's must be learnt, or
    its answers stay near uniform and its screens near constant)"""
    max_steps: int = -1
    """optimiser steps; -1 runs num_train_epochs"""
    lr_scheduler_type: str = "cosine"
    """learning-rate schedule after the warm-up"""
    warmup_ratio: float = 0.03
    """fraction of the steps over which the learning rate rises from 0"""
    weight_decay: float = 0.01
    """AdamW weight decay"""
    max_grad_norm: float = 1.0
    """gradient clipping norm"""
    save_steps: int = 500
    """a checkpoint every this many optimiser steps"""
    logging_steps: int = 10
    """a log line every this many optimiser steps"""
    dataloader_num_workers: int = 8
    """processes that load screenshots and build batches"""
    max_pixels: int | None = None
    """cap on a resized screenshot's area (visual tokens = area / 28²); None: the checkpoint's.
    The 7B preset uses Qwen's recommended 1280 tokens, the cap `cuakit curate export` converts
    qwen-pixels with, so an exported dataset and this trainer agree on every point"""
    coordinates: CoordinateMode = "normalised"
    """normalised: [0, 1] of the screen (the seed's format); qwen-pixels: Qwen's absolute pixels
    of the resized screenshot"""
    history: int = 4
    """previous actions shown with each screenshot (not in the seed; the last 4)"""

    def __post_init__(self) -> None:
        check_coordinate_mode(self.coordinates)


PRESETS: dict[str, SFTPreset] = {
    # The seed's SFT phase (TrainingArguments + lora_config), for Qwen2.5-VL-7B on GPUs.
    "qwen2.5-vl-7b-lora": SFTPreset(
        lora_r=128, lora_alpha=256, lora_dropout=0.05, learning_rate=2e-5, num_train_epochs=3,
        per_device_train_batch_size=4, gradient_accumulation_steps=8, bf16=True,
        gradient_checkpointing=True, max_pixels=QWEN_MAX_PIXELS,
    ),
    # The same code path at toy size: a few fp32 steps on tiny screenshots; the learning rate is
    # high so that a handful of steps moves the adapter measurably.
    "tiny-cpu": SFTPreset(
        lora_r=16, lora_alpha=32, lora_dropout=0.05, learning_rate=1e-3, num_train_epochs=1,
        per_device_train_batch_size=8, gradient_accumulation_steps=1, bf16=False,
        gradient_checkpointing=True, max_steps=4, warmup_ratio=0.0, logging_steps=1,
        dataloader_num_workers=0, max_pixels=TINY_MAX_PIXELS, history=2,
        lora_modules_to_save=("lm_head", "visual"),
    ),
}  # fmt: skip


# ---- 2. arguments ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SFTArgs:
    """What one SFT run is given."""

    model: Path
    """a Qwen2.5-VL folder (config.json, weights, tokenizer, preprocessor config)"""
    data: Path
    """a step-sample JSONL file (cuakit.curate.samples); images relative to its folder"""
    preset: str
    """training recipe: qwen2.5-vl-7b-lora (the seed's) or tiny-cpu"""
    out: Path
    """run folder (config.json, log.jsonl, metrics.json, adapter/, checkpoints/)"""
    max_steps: int | None = None
    """override the preset's optimiser steps"""
    report_to: str = "none"
    """none: log to the run folder only; wandb (or another transformers integration) as well"""
    seed: int = 0
    """seeds the adapter's initialisation and the sample order"""
    init: Path | None = None
    """an SFT run whose adapter this run continues (same preset); none: a new adapter"""

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ConfigError(f"--preset {self.preset!r}: use one of {', '.join(PRESETS)}")
        if self.max_steps is not None and self.max_steps < 1:
            raise ConfigError(f"--max-steps {self.max_steps}: give at least 1")

    @property
    def recipe(self) -> SFTPreset:
        """The preset's values."""
        return PRESETS[self.preset]

    @property
    def steps(self) -> int:
        """Optimiser steps this run is capped at; -1 when it runs whole epochs."""
        return self.recipe.max_steps if self.max_steps is None else self.max_steps


# ---- 3. data ---------------------------------------------------------------------------------
def load_step_samples(path: Path) -> list[dict[str, str]]:
    """Dataset rows ``{"image": absolute path, "sample": the line's JSON}`` from a step-sample
    file, every line checked first (JSON, fields, action, image present): a bad line is a
    `DatasetFormatError` naming it before any training time is spent. The sample stays a JSON
    string: Arrow would otherwise merge the actions' varying keys into one struct."""
    path = Path(path)
    rows = []
    for number, data, raw in read_samples(path):
        if data is None:
            raise DatasetFormatError(f"{path}:{number}: not JSON: {raw[:80]!r}")
        sample = StepSample.from_dict(data)
        try:
            Action.from_dict(sample.action)
        except ValueError as error:
            raise DatasetFormatError(
                f"{path}:{number} ({sample.id}): {error}; run the quality filter first"
            ) from error
        image = (path.parent / sample.image).resolve()
        if not image.exists():
            raise DatasetFormatError(f"{path}:{number} ({sample.id}): no image at {image}")
        rows.append({"image": str(image), "sample": json.dumps(sample.to_dict())})
    if not rows:
        raise DatasetFormatError(f"{path}: no step samples")
    return rows


@dataclass
class StepSampleCollator:
    """Dataset rows → one padded batch for Qwen2.5-VL, loss on the answers only
    (`cuakit.agent.vlm.answer_batch`)."""

    processor: QwenImageProcessor
    coordinates: CoordinateMode = "normalised"
    history: int = 4

    def texts(self, sample: StepSample, width: int, height: int) -> tuple[str, str]:
        """(prompt, answer) of one sample; the answer ends with the end-of-turn token."""
        geometry = ScreenGeometry(width, height, self.coordinates, self.processor.resize_kwargs())
        history = sample.history[-self.history :] if self.history > 0 else ()
        prompt = build_prompt(self.processor, sample.instruction, history, geometry)
        answer = render_answer(Action.from_dict(sample.action), geometry)
        return prompt, answer + END_OF_TURN

    def __call__(self, rows: list[dict[str, Any]]) -> dict[str, torch.Tensor]:
        images, prompts, answers = [], [], []
        for row in rows:
            image = Image.open(row["image"]).convert("RGB")
            prompt, answer = self.texts(
                StepSample.from_dict(json.loads(row["sample"])), *image.size
            )
            images.append(image)
            prompts.append(prompt)
            answers.append(answer)
        return answer_batch(self.processor, images, prompts, answers)


# ---- 4. the preset as peft and TRL configs ---------------------------------------------------
def lora_config(preset: SFTPreset) -> LoraConfig:
    """peft's LoraConfig for ``preset``: the seed's projections of the language model, and of
    the vision tower only when ``lora_vision_tower`` (its MLP uses the same names)."""
    from peft import LoraConfig

    names = "|".join(preset.lora_target_modules)
    # A regex is matched against the full module path: keep the vision tower (`visual.`) out.
    targets: str | list[str] = (
        list(preset.lora_target_modules)
        if preset.lora_vision_tower
        else rf"^(?!.*\bvisual\b).*\.({names})$"
    )
    return LoraConfig(
        r=preset.lora_r,
        lora_alpha=preset.lora_alpha,
        lora_dropout=preset.lora_dropout,
        target_modules=targets,
        modules_to_save=list(preset.lora_modules_to_save) or None,
        task_type="CAUSAL_LM",
    )


def training_arguments(args: SFTArgs) -> dict[str, Any]:
    """The keyword arguments of TRL's SFTConfig for ``args``: the preset's schedule, checkpoints
    under RUN/checkpoints (plain values, so they can be checked on any machine)."""
    preset = args.recipe
    return {
        "output_dir": str(args.out / "checkpoints"),
        "num_train_epochs": preset.num_train_epochs,
        "max_steps": args.steps,
        "per_device_train_batch_size": preset.per_device_train_batch_size,
        "gradient_accumulation_steps": preset.gradient_accumulation_steps,
        "learning_rate": preset.learning_rate,
        "weight_decay": preset.weight_decay,
        "warmup_steps": preset.warmup_ratio,  # transformers 5: a value below 1 is a ratio
        "lr_scheduler_type": preset.lr_scheduler_type,
        "max_grad_norm": preset.max_grad_norm,
        "bf16": preset.bf16,
        # transformers 5's name for gradient checkpointing (the old one warns)
        "activation_checkpointing": preset.gradient_checkpointing,
        "activation_checkpointing_kwargs": {"use_reentrant": False},
        "dataloader_num_workers": preset.dataloader_num_workers,
        "dataloader_pin_memory": torch.cuda.is_available(),  # pinned pages only help a GPU
        "save_strategy": "steps",
        "save_steps": preset.save_steps,
        "logging_steps": preset.logging_steps,
        "report_to": args.report_to,
        "seed": args.seed,
        # The collator reads the raw columns and builds the sequences itself.
        "remove_unused_columns": False,
        "max_length": None,
        "dataset_kwargs": {"skip_prepare_dataset": True},
    }


def sft_config(args: SFTArgs) -> SFTConfig:
    """TRL's SFTConfig for ``args``; a bf16 preset on a machine without bf16 is a ConfigError."""
    from trl import SFTConfig

    try:
        return SFTConfig(**training_arguments(args))
    except ValueError as error:
        if "bf16" not in str(error):
            raise
        raise ConfigError(
            f"--preset {args.preset} trains in bf16, which this machine cannot ({error}); "
            "on a CPU use --preset tiny-cpu"
        ) from error


# ---- 5. training -----------------------------------------------------------------------------
def make_trainer(args: SFTArgs) -> SFTTrainer:
    """TRL's SFTTrainer on ``args``: the base model, the LoRA adapter, the step samples."""
    try:
        from datasets import Dataset
        from trl import SFTTrainer
    except ImportError as error:
        raise ConfigError(f"SFT needs trl, peft and datasets: {INSTALL_HINT}") from error
    preset = args.recipe
    rows = load_step_samples(args.data)
    model, processor, peft_config = model_to_train(args.model, preset, args.init)
    args.out.mkdir(parents=True, exist_ok=True)
    # absolute paths: the run folder is read from other working directories (VLMPolicy.from_run)
    paths = {"model": str(Path(args.model).resolve()), "data": str(Path(args.data).resolve())}
    config = {**asdict(args), **paths, "preset_values": asdict(preset)}
    (args.out / "config.json").write_text(json.dumps(config, indent=2, default=str))
    return SFTTrainer(
        model=model,
        args=sft_config(args),
        data_collator=StepSampleCollator(processor, preset.coordinates, preset.history),
        train_dataset=Dataset.from_list(rows),
        processing_class=processor,
        peft_config=peft_config,
        callbacks=[LogToRunFolder(args.out / "log.jsonl", resuming=resuming(args.out))],
    )


def model_to_train(
    model_path: Path, preset: SFTPreset, init: Path | None
) -> tuple[Any, QwenImageProcessor, LoraConfig | None]:
    """(model in training mode, processor, the LoRA config for the trainer to add): the base
    model with ``init``'s adapter loaded trainable (no new adapter), or the base model and the
    preset's new adapter. On the CPU: the trainer moves it to each process's own device."""
    if init is not None and not (Path(init) / "adapter" / "adapter_config.json").is_file():
        raise ConfigError(f"--init {init}: no adapter/adapter_config.json; pass an SFT run folder")
    model, processor = load_policy(model_path, max_pixels=preset.max_pixels, device="cpu")
    peft_config = lora_config(preset)
    if init is not None:
        from peft import PeftModel

        model = PeftModel.from_pretrained(model, str(Path(init) / "adapter"), is_trainable=True)
        peft_config = None
    model.train()  # load_policy hands out an inference model
    return model, processor, peft_config


def resuming(out: Path) -> bool:
    """Whether a run in ``out`` goes on from a checkpoint of an earlier (killed) run."""
    return last_trainer_checkpoint(out / "checkpoints") is not None


class LogToRunFolder(TrainerCallback):
    """Writes each of the trainer's log dicts to ``path`` as one JSON line as training goes
    (from the main process only), so that a run that dies keeps its curve."""

    def __init__(self, path: Path, resuming: bool = False) -> None:
        self.path = path
        if not resuming:  # a new run in an old folder starts a new log; a resumed one goes on
            path.write_text("")

    def on_log(self, args, state, control, logs=None, **kwargs):
        if not state.is_world_process_zero:
            return
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"step": state.global_step, **(logs or {})}) + "\n")


_METRIC_NAMES = {
    "loss": "losses/loss",
    "learning_rate": "charts/learning_rate",
    "grad_norm": "charts/grad_norm",
    "mean_token_accuracy": "charts/mean_token_accuracy",
    "entropy": "charts/entropy",
}


def write_run(trainer: SFTTrainer, args: SFTArgs, seconds: float) -> dict[str, Any]:
    """Save the adapter and the processor to RUN/adapter and the metrics to RUN/metrics.json
    (the main process writes; the others only return the metrics)."""
    trainer.save_model(str(args.out / "adapter"))  # a PeftModel saves only its adapter
    history = [
        {
            "step": entry["step"],
            **{_METRIC_NAMES[k]: v for k, v in entry.items() if k in _METRIC_NAMES},
        }
        for entry in trainer.state.log_history
        if "loss" in entry
    ]
    metrics = {
        "steps": trainer.state.global_step,
        "samples": len(trainer.train_dataset),
        "losses/final_loss": history[-1]["losses/loss"] if history else None,
        "train_seconds": seconds,
        "history": history,
    }
    if trainer.is_world_process_zero():
        (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    return metrics


def train_sft(args: SFTArgs) -> dict[str, Any]:
    """Fine-tune ``args.model`` on ``args.data`` with a LoRA adapter; writes the run folder
    ``args.out`` and returns its metrics."""
    trainer = make_trainer(args)
    started = time.perf_counter()
    # a run folder whose process was killed goes on from its newest checkpoint
    trainer.train(resume_from_checkpoint=last_trainer_checkpoint(args.out / "checkpoints"))
    return write_run(trainer, args, time.perf_counter() - started)

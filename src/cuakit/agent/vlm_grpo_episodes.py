"""GRPO over whole episodes for a Qwen2.5-VL policy: groups of rollouts of one task instance,
one outcome per episode (the env's ground truth or the video judge), the group's normalised
outcome as the advantage of every token the policy wrote in that episode. The lab policy's
version is `cuakit.agent.grpo_episodes`; both use `cuakit.agent.grpo.grpo_loss`.

Per update:

1. ``instances`` task instances on training seeds, each played ``group_size`` times by the
   policy sampling at the preset's temperature (`cuakit.agent.vlm_eval.rollout`: the episode
   ends at the policy's ``finish``/``fail``, an answer that is no action, or the step limit,
   never on the env's own success);
2. each episode's outcome: ``gt`` — the env's success at its end (for comparisons), or
   ``vrm:RUN`` — the judge's P(success) of the whole recording;
3. every step of every episode is one completion (the chat the policy saw, its raw reply);
   its advantage is its episode's; ``num_iterations`` optimiser steps of the token-averaged
   clipped surrogate with β·k3 KL to the starting policy, in micro-batches of the preset's
   batch size.

The run folder is an SFT run's (``config.json`` with the SFT preset, ``adapter/``), so
`VLMPolicy.from_run` and ``cuakit agent eval --policy hf:RUN`` read it; ``metrics.json`` has
one line per update. The reference copy doubles the model's memory: β 0 drops it.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from PIL import Image

import cuakit.envs as envs
from cuakit.agent.checkpoint import load_checkpoint, save_checkpoint
from cuakit.agent.grpo import GRPOLossConfig, group_advantages, grpo_loss
from cuakit.agent.sft import PRESETS as SFT_PRESETS
from cuakit.agent.sft import model_to_train
from cuakit.agent.vlm import END_OF_TURN, VLMPolicy, answer_batch, build_prompt
from cuakit.agent.vlm_eval import Rollout, rollout
from cuakit.agent.vlm_grpo import PRESETS, VLMGRPOPreset
from cuakit.episodes.splits import VAL_SEED_START
from cuakit.errors import ConfigError
from cuakit.prompt import ScreenGeometry
from cuakit.reward.scoring import Scorer

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class VLMEpisodeGRPOArgs:
    """GRPO of a Qwen2.5-VL policy on whole episodes of one env."""

    model: Path
    """a Qwen2.5-VL folder"""
    env: str
    """the env id the policy plays"""
    out: Path
    """run folder (config.json, adapter/, metrics.json)"""
    init: Path | None = None
    """an SFT run whose adapter to continue; none: a new adapter"""
    preset: str = "tiny-cpu"
    """the GRPO recipe (β, clip, iterations, lr, temperature; LoRA from the SFT preset)"""
    reward: str = "gt"
    """gt: the env's success at the episode's end; vrm:RUN: the video judge's P(success)"""
    updates: int = 2
    instances: int = 1
    """task instances per update"""
    group_size: int | None = None
    """rollouts per instance (default: the preset's num_generations)"""
    difficulty: int | None = None
    seed: int = 0
    """first training seed; updates use the seeds after it"""

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ConfigError(f"--preset {self.preset!r}: use one of {', '.join(PRESETS)}")
        if self.reward != "gt" and not self.reward.startswith("vrm:"):
            raise ConfigError(f"--reward {self.reward!r}: use gt or vrm:RUN")
        if min(self.updates, self.instances) < 1 or self.group < 2:
            raise ConfigError(
                f"--updates {self.updates} --instances {self.instances} --group-size "
                f"{self.group}: use 1 or more updates and instances, and groups of 2 or more"
            )
        if self.seed + self.updates * self.instances > VAL_SEED_START:
            raise ConfigError(f"--seed {self.seed}: updates would reach the val seeds")

    @property
    def recipe(self) -> VLMGRPOPreset:
        return PRESETS[self.preset]

    @property
    def group(self) -> int:
        return self.recipe.num_generations if self.group_size is None else self.group_size


def train_vlm_episode_grpo(
    args: VLMEpisodeGRPOArgs, progress: Progress | None = None
) -> dict[str, Any]:
    """Run every update; writes the run folder and returns its metrics."""
    if args.init is not None and not (args.init / "adapter").is_dir():
        raise ConfigError(f"--init {args.init}: no adapter/; pass a `cuakit agent sft` run")
    judge = Scorer.from_run(Path(args.reward[4:])) if args.reward != "gt" else None
    recipe, sft_preset = args.recipe, SFT_PRESETS[args.preset]
    model, processor = _trainable_model(args)
    reference = copy.deepcopy(model).requires_grad_(False) if recipe.beta > 0 else None
    policy = VLMPolicy.around(model, processor, sft_preset.history, sft_preset.coordinates,
                              recipe.max_completion_length, recipe.temperature)  # fmt: skip
    optimiser = torch.optim.AdamW(
        [p for p in model.parameters() if p.requires_grad], lr=recipe.learning_rate
    )
    loss_config = GRPOLossConfig(beta=recipe.beta, clip=recipe.epsilon, averaging="token")
    args.out.mkdir(parents=True, exist_ok=True)
    config = {**asdict(args), "model": str(Path(args.model).resolve()),
              "preset_values": asdict(sft_preset), "grpo_preset": asdict(recipe)}  # fmt: skip
    (args.out / "config.json").write_text(json.dumps(config, indent=2, default=str))
    level = {} if args.difficulty is None else {"difficulty": args.difficulty}
    env = envs.make(args.env, terminate_on_success=False, **level)
    lines: list[dict[str, Any]] = []
    trained = [name for name, p in model.named_parameters() if p.requires_grad]
    parts = {"adapter": TensorsOf(model, trained), "optimiser": optimiser}
    if reference is not None:
        parts["reference"] = TensorsOf(reference, trained)
    first = 0
    resumed = load_checkpoint(args.out, parts)
    if resumed is not None:  # a killed run goes on after its last finished update
        first, lines = resumed["update"], resumed["lines"]
        torch.set_rng_state(resumed["torch_rng"])
    started = time.perf_counter()
    try:
        for update in range(first, args.updates):
            model.eval()  # no dropout: the sampling policy and π_old are the same function
            runs: list[Rollout] = []
            for k in range(args.instances):
                seed = args.seed + update * args.instances + k
                for _ in range(args.group):
                    runs.append(rollout(policy, env, seed))
                    if progress is not None:
                        progress(f"update {update} rollouts", len(runs),
                                 args.instances * args.group)  # fmt: skip
            outcomes = _outcomes(runs, judge)
            advantages = group_advantages(torch.tensor(outcomes), args.group)
            steps = completions(runs, advantages, policy)
            losses = update_policy(model, processor, reference, optimiser, steps, recipe,
                                   loss_config)  # fmt: skip
            lines.append({
                "update": update,
                "episodes": len(runs),
                "outcome": float(np.mean(outcomes)),
                "true_success_rate": float(np.mean([r.success for r in runs])),
                "unparsed_rate": float(np.mean([r.unparsed for r in runs])),
                "episode_length": float(np.mean([len(r.replies) for r in runs])),
                **losses,
            })  # fmt: skip
            save_checkpoint(args.out, parts, {"update": update + 1, "lines": lines,
                                              "torch_rng": torch.get_rng_state()})  # fmt: skip
            if progress is not None:
                progress("updates", update + 1, args.updates)
    finally:
        env.close()
    model.save_pretrained(str(args.out / "adapter"))
    metrics = {"updates": lines, "train_seconds": time.perf_counter() - started}
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    return metrics


class TensorsOf:
    """The named parameters of a module as a state dict (here: the LoRA adapter's, not the
    frozen base's), for a checkpoint."""

    def __init__(self, module: torch.nn.Module, names: list[str]) -> None:
        self.module, self.names = module, names

    def state_dict(self) -> dict[str, torch.Tensor]:
        params = dict(self.module.named_parameters())
        return {name: params[name].detach().cpu() for name in self.names}

    def load_state_dict(self, state: dict[str, torch.Tensor]) -> None:
        params = dict(self.module.named_parameters())
        with torch.no_grad():
            for name in self.names:
                params[name].copy_(state[name])


def _trainable_model(args: VLMEpisodeGRPOArgs) -> tuple[Any, Any]:
    model, processor, peft_config = model_to_train(args.model, SFT_PRESETS[args.preset], args.init)
    if peft_config is not None:
        from peft import get_peft_model

        model = get_peft_model(model, peft_config)
    if torch.cuda.is_available():
        model = model.to("cuda")
    if args.recipe.gradient_checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        model.enable_input_require_grads()
    return model, processor


def _outcomes(runs: list[Rollout], judge: Scorer | None) -> list[float]:
    if judge is None:
        return [float(r.success) for r in runs]
    scores = judge.score([r.frames for r in runs], [r.instruction for r in runs])
    return [s.p_success for s in scores]


@dataclass(frozen=True)
class Completion:
    """One step of one episode as GRPO sees it: the chat, the reply, its episode's advantage."""

    image: Image.Image
    prompt: str
    answer: str
    advantage: float


def completions(
    runs: list[Rollout], advantages: torch.Tensor, policy: VLMPolicy
) -> list[Completion]:
    """Every reply of every episode with the prompt it answered (built as `VLMPolicy.act`
    builds it: the screen, the instruction, the last actions before it)."""
    out = []
    for run, advantage in zip(runs, advantages.tolist(), strict=True):
        for step, reply in enumerate(run.replies):
            screen = run.frames[step]
            height, width = screen.shape[:2]
            geometry = ScreenGeometry(width, height, policy.coordinates,
                                      policy.processor.resize_kwargs())  # fmt: skip
            window = run.actions[:step][-policy.history :] if policy.history > 0 else ()
            prompt = build_prompt(policy.processor, run.instruction,
                                  [a.to_json() for a in window], geometry)  # fmt: skip
            out.append(Completion(Image.fromarray(screen), prompt, reply + END_OF_TURN,
                                  advantage))  # fmt: skip
    return out


def token_log_probs(
    model: Any, processor: Any, batch: list[Completion]
) -> tuple[torch.Tensor, torch.Tensor]:
    """(B, T) log π of each reply's tokens under ``model`` and the (B, T) mask of real ones."""
    inputs = answer_batch(processor, [c.image for c in batch], [c.prompt for c in batch],
                          [c.answer for c in batch])  # fmt: skip
    labels = inputs.pop("labels").to(model.device)
    logits = model(**{k: v.to(model.device) for k, v in inputs.items()}).logits[:, :-1]
    targets = labels[:, 1:]
    mask = targets != -100
    logp = torch.log_softmax(logits.float(), dim=-1)
    picked = logp.gather(-1, targets.clamp(min=0)[..., None])[..., 0]
    return picked * mask, mask.float()


def update_policy(
    model: Any,
    processor: Any,
    reference: Any | None,
    optimiser: torch.optim.Optimizer,
    steps: list[Completion],
    recipe: VLMGRPOPreset,
    loss_config: GRPOLossConfig,
) -> dict[str, float]:
    """``recipe.num_iterations`` optimiser steps on ``steps``, micro-batched; the loss of each
    micro-batch weighted by its share of the tokens (the token average over all of them)."""
    size = recipe.per_device_train_batch_size
    batches = [steps[i : i + size] for i in range(0, len(steps), size)]
    with torch.no_grad():
        old, masks = zip(*(token_log_probs(model, processor, b) for b in batches), strict=True)
        ref = [token_log_probs(reference, processor, b)[0] for b in batches] if reference else None
    tokens = [float(m.sum()) for m in masks]
    total = sum(tokens)
    trainable = [p for p in model.parameters() if p.requires_grad]
    logged: dict[str, float] = {}
    for _ in range(recipe.num_iterations):
        optimiser.zero_grad()
        kl = clipped = loss_sum = 0.0
        for i, batch in enumerate(batches):
            logp, mask = token_log_probs(model, processor, batch)
            advantages = torch.tensor([c.advantage for c in batch], device=logp.device)
            out = grpo_loss(logp, old[i], advantages, mask, None if ref is None else ref[i],
                            loss_config)  # fmt: skip
            share = tokens[i] / total
            (out.loss * share).backward()
            loss_sum += float(out.loss.detach()) * share
            kl += float(out.kl) * share
            clipped += float(out.clip_fraction) * share
        torch.nn.utils.clip_grad_norm_(trainable, 1.0)
        optimiser.step()
        logged = {"losses/loss": loss_sum, "losses/kl": kl, "charts/clip_fraction": clipped}
    return logged

"""Rejection-sampling fine-tuning (RFT) of a vision-language policy with the video judge:
roll the policy out in an env, keep the episodes the judge scores as successes, fine-tune on
their steps, repeat — filtered behaviour cloning, the simple strong baseline of RL on whole
tasks.

Each round ``r``:

1. the current policy (the base model with the latest adapter; `VLMPolicy`) plays
   ``episodes`` episodes on training seeds ``seed + r · episodes + i``, each ended by its own
   ``finish``/``fail``, an answer that is no action, or the step limit (`vlm_eval.rollout`);
2. the judge (a `cuakit reward train` run) scores every video; the episodes with
   P(success) ≥ ``threshold`` are kept. The env's ground truth is recorded beside, for the
   report only: it never chooses what is learnt;
3. the kept episodes' steps become step samples (``RUN/round_r/samples.jsonl``: the screen each
   action was chosen on, the instruction, the action, the previous actions);
4. SFT continues the adapter on them (``RUN/round_r/sft``, `cuakit.agent.sft`); a round that
   keeps nothing leaves the policy as it was.

The run folder is an SFT run's (``config.json`` with the SFT preset, ``adapter/``), so
``cuakit agent eval --policy hf:RUN`` runs the result; ``metrics.json`` has one line per round.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

import cuakit.envs as envs
from cuakit.agent.sft import PRESETS, SFTArgs, train_sft
from cuakit.agent.vlm import VLMPolicy
from cuakit.agent.vlm_eval import Rollout, rollout
from cuakit.curate.samples import IMAGES_DIR, SAMPLES_FILE, StepSample, write_samples
from cuakit.episodes.splits import VAL_SEED_START
from cuakit.errors import ConfigError
from cuakit.reward.scoring import Scorer

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class RFTArgs:
    """Rejection-sampling fine-tuning: rollouts, the judge's successes kept, SFT on them."""

    model: Path
    """a Qwen2.5-VL folder"""
    env: str
    """the env id the policy plays"""
    judge: Path
    """a `cuakit reward train` run: the video reward model that picks the episodes to keep"""
    out: Path
    """run folder (config.json, adapter/, metrics.json, round_N/)"""
    init: Path | None = None
    """an SFT run to start from (its adapter); none: the base model, then a new adapter"""
    preset: str = "tiny-cpu"
    """the SFT preset of each round (qwen2.5-vl-7b-lora or tiny-cpu)"""
    rounds: int = 2
    episodes: int = 16
    """rollouts per round"""
    steps: int | None = None
    """SFT optimiser steps per round (default: the preset's)"""
    threshold: float = 0.5
    """keep an episode when the judge's P(success) is at least this"""
    difficulty: int | None = None
    """task level (default: one drawn per episode)"""
    seed: int = 0
    """first training seed; rounds use the seeds after it"""

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise ConfigError(f"--preset {self.preset!r}: use one of {', '.join(PRESETS)}")
        if self.rounds < 1 or self.episodes < 1:
            raise ConfigError(f"--rounds {self.rounds} --episodes {self.episodes}: use 1 or more")
        if not 0 < self.threshold < 1:
            raise ConfigError(f"--threshold {self.threshold}: use a probability in (0, 1)")
        if self.seed + self.rounds * self.episodes > VAL_SEED_START:
            raise ConfigError(
                f"--seed {self.seed}: rounds would reach the val seeds ({VAL_SEED_START} on); "
                "RFT learns on training seeds only"
            )


def train_rft(args: RFTArgs, progress: Progress | None = None) -> dict[str, Any]:
    """Run every round; returns (and writes to RUN/metrics.json) one line per round."""
    if args.init is not None and not (args.init / "adapter").is_dir():
        raise ConfigError(f"--init {args.init}: no adapter/; pass a `cuakit agent sft` run")
    judge = Scorer.from_run(args.judge)
    preset = PRESETS[args.preset]
    args.out.mkdir(parents=True, exist_ok=True)
    config = {**asdict(args), "model": str(Path(args.model).resolve()),
              "preset_values": asdict(preset)}  # fmt: skip
    (args.out / "config.json").write_text(json.dumps(config, indent=2, default=str))
    adapter_run = args.init
    rounds: list[dict[str, Any]] = []
    env = envs.make(args.env, terminate_on_success=False, **_level(args.difficulty))
    started = time.perf_counter()
    try:
        for r in range(args.rounds):
            line, adapter_run = run_round(args, r, env, judge, adapter_run, progress)
            rounds.append(line)
            if progress is not None:
                progress("rounds", r + 1, args.rounds)
    finally:
        env.close()
    if adapter_run is not None:
        shutil.copytree(adapter_run / "adapter", args.out / "adapter", dirs_exist_ok=True)
    metrics = {"rounds": rounds, "train_seconds": time.perf_counter() - started,
               "adapter": None if adapter_run is None else str(adapter_run)}  # fmt: skip
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    return metrics


def run_round(
    args: RFTArgs,
    r: int,
    env: Any,
    judge: Scorer,
    adapter_run: Path | None,
    progress: Progress | None = None,
) -> tuple[dict[str, Any], Path | None]:
    """Round ``r``: roll out, judge, keep, fine-tune. Returns its report line and the run
    folder whose adapter the next round plays (unchanged when nothing was kept)."""
    preset = PRESETS[args.preset]
    adapter = None if adapter_run is None else adapter_run / "adapter"
    policy = VLMPolicy(args.model, adapter, history=preset.history,
                       coordinates=preset.coordinates, max_pixels=preset.max_pixels)  # fmt: skip
    runs = []
    for i in range(args.episodes):
        runs.append(rollout(policy, env, args.seed + r * args.episodes + i))
        if progress is not None:
            progress(f"round {r} rollouts", i + 1, args.episodes)
    scores = [s.p_success for s in judge.score([x.frames for x in runs],
                                               [x.instruction for x in runs])]  # fmt: skip
    kept = [x for x, p in zip(runs, scores, strict=True) if p >= args.threshold]
    folder = args.out / f"round_{r}"
    samples = write_rollout_samples(kept, folder, args.env, r * args.episodes)
    line: dict[str, Any] = {
        "round": r,
        "episodes": len(runs),
        "judged_success_rate": float(np.mean([p >= args.threshold for p in scores])),
        "true_success_rate": float(np.mean([x.success for x in runs])),
        "kept": len(kept),
        "kept_true_success_rate": float(np.mean([x.success for x in kept])) if kept else None,
        "unparsed_rate": float(np.mean([x.unparsed for x in runs])),
        "samples": samples,
    }
    if not samples:
        return line, adapter_run
    sft = SFTArgs(args.model, folder / SAMPLES_FILE, args.preset, folder / "sft",
                  max_steps=args.steps, seed=args.seed + r, init=adapter_run)  # fmt: skip
    line["sft_loss"] = train_sft(sft)["losses/final_loss"]
    return line, folder / "sft"


def write_rollout_samples(runs: list[Rollout], folder: Path, env_id: str, first: int) -> int:
    """Every action of ``runs`` as a step sample in ``folder``: the screen it was chosen on,
    the instruction, the action, the actions before it. Returns how many were written."""
    (folder / IMAGES_DIR).mkdir(parents=True, exist_ok=True)
    samples = []
    for k, run in enumerate(runs):
        for step, action in enumerate(run.actions):
            image = f"{IMAGES_DIR}/{k:05d}_{step:02d}.png"
            Image.fromarray(run.frames[step]).save(folder / image)
            height, width = run.frames[step].shape[:2]
            samples.append(StepSample(
                id=f"{env_id}/rft/{first + k}/{step}", image=image, instruction=run.instruction,
                action=action.to_dict(), width=width, height=height,
                history=tuple(a.to_json() for a in run.actions[:step]), source=env_id,
                episode=first + k, step=step,
            ))  # fmt: skip
    return write_samples(folder / SAMPLES_FILE, samples)


def _level(difficulty: int | None) -> dict[str, Any]:
    return {} if difficulty is None else {"difficulty": difficulty}

"""GRPO over whole episodes for the lab policy: a group of rollouts of one task instance, one
outcome reward per episode, the group's normalised outcome as every step's advantage.

Where PPO needs a critic and GAE to share an outcome among steps, GRPO compares rollouts of
the same instance (the same seed): an episode that beat its siblings pushes up every action it
took, one that fell behind pushes them down (DeepSeekMath's outcome supervision; the
multi-turn GRPO of GUI agents). Per update:

1. ``instances`` task instances on training seeds, each played ``group_size`` times by the
   sampling policy; an episode ends at the policy's ``finish``/``fail`` or the step limit,
   never on the env's own success;
2. the outcome: the env's ground truth at the end (``reward="gt"``) or the video judge's
   P(success) of the whole recording (``reward="vrm:RUN"``);
3. ``iterations`` steps of `cuakit.agent.grpo.grpo_loss`, the episode's steps as its tokens
   (``averaging="sample"``: each episode weighs the same), β·KL to the starting policy.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

import cuakit.envs as envs
from cuakit.agent.checkpoint import load_checkpoint, save_checkpoint
from cuakit.agent.grpo import GRPOLossConfig, group_advantages, grpo_loss
from cuakit.agent.policy import (
    START,
    ActionSample,
    LabPolicy,
    downsample,
    instruction_values,
    remember,
    slot_mask,
    to_action,
)
from cuakit.episodes.splits import VAL_SEED_START
from cuakit.errors import ConfigError
from cuakit.reward.scoring import Scorer
from cuakit.reward.text import InstructionEncoder

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class EpisodeGRPOConfig:
    """GRPO of the lab policy on whole episodes of one env."""

    env: str = "cuakit/desksim-click-button-v0"
    steps: int = 4096
    """env steps to train for (PPO's budget unit); the update that passes it is the last"""
    updates: int = 1000
    """at most this many updates"""
    instances: int = 4
    """task instances per update"""
    group_size: int = 8
    """rollouts per instance"""
    iterations: int = 2
    lr: float = 3e-4
    beta: float = 0.04
    clip: float = 0.2
    reward: str = "gt"
    """gt: the env's success at the episode's end; vrm:RUN: the video judge's P(success)"""
    difficulty: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.reward != "gt" and not self.reward.startswith("vrm:"):
            raise ConfigError(f"reward={self.reward!r}: use gt or vrm:RUN")
        if min(self.updates, self.instances, self.iterations) < 1 or self.group_size < 2:
            raise ConfigError(
                f"updates={self.updates}, instances={self.instances}, iterations="
                f"{self.iterations} must be >= 1 and group_size={self.group_size} >= 2"
            )
        if self.seed + self.updates * self.instances > VAL_SEED_START:
            raise ConfigError(f"seed={self.seed}: updates would reach the val seeds")
        GRPOLossConfig(beta=self.beta, clip=self.clip)


@dataclass
class Episode:
    """One rollout's inputs and choices, step by step, and its outcome."""

    pixels: list[torch.Tensor]
    text: torch.Tensor  # (D,)
    mask: torch.Tensor  # (value_slots,)
    previous: list[tuple[int, int]]
    actions: list[torch.Tensor]  # (5,) head indices each
    frames: list[np.ndarray]
    instruction: str
    success: bool = False


def play(
    policy: LabPolicy, env: Any, seed: int, encoder: InstructionEncoder, level: int | None
) -> Episode:
    """One sampled episode of ``policy`` on instance ``seed``, ended by the policy."""
    options = {} if level is None else {"difficulty": level}
    obs, info = env.reset(seed=seed, options=options)
    text = encoder.encode([obs["instruction"]])[0]  # cached per string: once per group
    pc = policy.config
    values = instruction_values(obs["instruction"], pc.value_slots)
    mask = slot_mask([values], pc.value_slots)
    episode = Episode([], text, mask[0], [], [], [obs["screenshot"]], obs["instruction"])
    previous = START
    while True:
        pixels = downsample(obs["screenshot"][None], pc.obs_height, pc.obs_width)
        with torch.no_grad():
            output = policy(pixels, text[None], mask, torch.tensor([previous]))
            sample = policy.act(output, mask)
        episode.pixels.append(pixels[0])
        episode.previous.append(previous)
        episode.actions.append(sample.stacked()[0])
        obs, _, terminated, truncated, info = env.step(to_action(sample, 0, values, pc))
        episode.frames.append(obs["screenshot"])
        previous = remember(previous, int(sample.kind[0]))
        if terminated or truncated:
            episode.success = bool(info.get("success"))
            return episode


def log_probs(policy: LabPolicy, episodes: list[Episode]) -> tuple[torch.Tensor, torch.Tensor]:
    """(B, T) log π of each episode's actions, zero-padded, and the (B, T) mask of real steps."""
    lengths = [len(e.actions) for e in episodes]
    pixels = torch.stack([p for e in episodes for p in e.pixels])
    texts = torch.stack([e.text for e in episodes for _ in e.actions])
    masks = torch.stack([e.mask for e in episodes for _ in e.actions])
    previous = torch.tensor([k for e in episodes for k in e.previous])
    actions = torch.stack([a for e in episodes for a in e.actions])
    output = policy(pixels, texts, masks, previous)
    flat, _ = policy.evaluate(output, masks, ActionSample.unstack(actions))  # (sum T,)
    out = torch.zeros(len(episodes), max(lengths))
    valid = torch.zeros(len(episodes), max(lengths))
    start = 0
    for i, n in enumerate(lengths):
        out[i, :n] = flat[start : start + n]
        valid[i, :n] = 1.0
        start += n
    return out, valid


def train_episode_grpo(
    policy: LabPolicy,
    config: EpisodeGRPOConfig,
    text: InstructionEncoder | None = None,
    progress: Progress | None = None,
    run: Path | None = None,
) -> dict[str, list[float]]:
    """Train ``policy`` in place; returns per-update curves (mean outcome, true success, KL).
    With a ``run`` folder the state is checkpointed after every update, and a run folder
    holding a checkpoint of a killed run goes on from it."""
    torch.manual_seed(config.seed)
    text = text or InstructionEncoder()
    judge = Scorer.from_run(Path(config.reward[4:]), text) if config.reward != "gt" else None
    reference = copy.deepcopy(policy).eval().requires_grad_(False)
    loss_config = GRPOLossConfig(beta=config.beta, clip=config.clip, averaging="sample")
    optimiser = torch.optim.Adam(policy.parameters(), lr=config.lr)
    env = envs.make(config.env, terminate_on_success=False)
    curves: dict[str, list[float]] = defaultdict(list)
    env_steps, first = 0, 0
    parts = {"policy": policy, "reference": reference, "optimiser": optimiser}
    resumed = load_checkpoint(run, parts) if run is not None else None
    if resumed is not None:
        first, env_steps = resumed["update"], resumed["env_steps"]
        curves = defaultdict(list, resumed["curves"])
        torch.set_rng_state(resumed["torch_rng"])
    try:
        for update in range(first, config.updates):
            if env_steps >= config.steps:
                break
            episodes: list[Episode] = []
            for k in range(config.instances):
                seed = config.seed + update * config.instances + k
                episodes += [play(policy, env, seed, text, config.difficulty)
                             for _ in range(config.group_size)]  # fmt: skip
            if judge is None:
                outcomes = [float(e.success) for e in episodes]
            else:
                scores = judge.score([np.stack(e.frames) for e in episodes],
                                     [e.instruction for e in episodes])  # fmt: skip
                outcomes = [s.p_success for s in scores]
            advantages = group_advantages(torch.tensor(outcomes), config.group_size)
            with torch.no_grad():
                logp_old, valid = log_probs(policy, episodes)
                logp_ref, _ = log_probs(reference, episodes)
            for _ in range(config.iterations):
                logp, _ = log_probs(policy, episodes)
                out = grpo_loss(logp, logp_old, advantages, valid, logp_ref, loss_config)
                optimiser.zero_grad()
                out.loss.backward()
                torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                optimiser.step()
            env_steps += int(valid.sum())
            curves["charts/env_steps"].append(float(env_steps))
            curves["charts/outcome"].append(float(np.mean(outcomes)))
            curves["charts/success_rate"].append(float(np.mean([e.success for e in episodes])))
            curves["charts/episode_length"].append(float(valid.sum(1).mean()))
            curves["losses/kl"].append(float(out.kl))
            if run is not None:
                save_checkpoint(run, parts, {"update": update + 1, "env_steps": env_steps,
                                             "curves": dict(curves),
                                             "torch_rng": torch.get_rng_state()})  # fmt: skip
            if progress is not None:
                progress("episode GRPO", min(env_steps, config.steps), config.steps)
    finally:
        env.close()
    return dict(curves)

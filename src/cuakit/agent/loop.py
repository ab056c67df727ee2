"""The whole loop on one env: collect expert, noisy and random episodes → label them (ground
truth, truncation negatives, preference pairs) → train the video reward model → evaluate it on
held-out seeds → PPO with ground-truth reward and with the video reward at the same step
budget → both and a random baseline evaluated on the same held-out seeds.

``cuakit demo`` runs it once and writes a report; ``cuakit bench agent`` runs it per family.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import torch

import cuakit.envs as envs
from cuakit.agent.bc import behaviour_clone
from cuakit.agent.policy import (
    NO_PREVIOUS,
    LabPolicy,
    downsample,
    instruction_values,
    slot_mask,
    to_action,
)
from cuakit.agent.ppo import PPOConfig, evaluate, train
from cuakit.curate.labels import label_pairs, label_success, make_negatives
from cuakit.envs.collect import collect
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.reward.evaluate import plot_confusion, plot_reliability
from cuakit.reward.scoring import Scorer
from cuakit.reward.text import InstructionEncoder
from cuakit.reward.trainer import RewardConfig, RewardTrainer

Progress = Callable[[str, int, int], None]
CLONE_POLICY = "agent:bc"
"""The ``policy`` of recorded behaviour-clone episodes in a dataset."""


@dataclass(frozen=True)
class DemoPlan:
    """How much of everything the demo does; ``--quick`` shrinks it to a smoke test."""

    collect: tuple[tuple[str, int], ...]
    reward_epochs: int
    ppo_steps: int
    eval_episodes: int
    warm_start: bool = False
    """behaviour-clone collected expert episodes before each PPO run"""
    bc_episodes: int | None = None
    """how many expert episodes to clone (None: all)"""
    clone_episodes: int = 0
    """with warm_start: episodes of the behaviour clone itself (sampling its actions),
    recorded into the reward model's data — the mistakes PPO's policy will actually make"""


FULL = DemoPlan(
    collect=(("expert", 40), ("expert:noise=0.5", 120), ("random", 80)),
    reward_epochs=6,
    ppo_steps=6144,
    eval_episodes=64,
)
QUICK = DemoPlan(
    collect=(("expert", 10), ("expert:noise=0.5", 30), ("random", 20)),
    reward_epochs=2,
    ppo_steps=512,
    eval_episodes=16,
)


def record_clone_episodes(
    env: str,
    difficulty: int,
    plan: DemoPlan,
    data: Path,
    first_seed: int,
    seed: int,
    text: InstructionEncoder,
    progress: Progress,
) -> dict[str, float]:
    """Clone the expert episodes of ``data`` with PPO's warm-start settings, then record
    ``plan.clone_episodes`` episodes of the clone, its actions sampled, into ``data`` as
    policy ``agent:bc``; returns the clone's training metrics."""
    config = PPOConfig(env=env, seed=seed, bc_episodes=plan.bc_episodes)
    torch.manual_seed(seed)
    policy = LabPolicy(config.policy)
    metrics = behaviour_clone(
        policy,
        data,
        text,
        epochs=config.bc_epochs,
        max_episodes=config.bc_episodes,
        seed=seed,
        env_ids={env},
        progress=progress,
    )
    policy.eval()
    pc = config.policy
    gui = envs.make(env, difficulty=difficulty)
    successes = 0
    with EpisodeWriter(data, fps=config.fps) as writer:
        recorder = RecordEpisode(gui, writer, policy=CLONE_POLICY)
        for k in range(plan.clone_episodes):
            obs, _ = recorder.reset(seed=first_seed + k)
            previous, done = NO_PREVIOUS, False
            while not done:
                values = instruction_values(obs["instruction"], pc.value_slots)
                mask = slot_mask([values], pc.value_slots)
                pixels = downsample(obs["screenshot"][None], pc.obs_height, pc.obs_width)
                with torch.no_grad():
                    output = policy(
                        pixels, text.encode([obs["instruction"]]), mask, torch.tensor([previous])
                    )
                    sample = policy.act(output, mask)
                previous = int(sample.kind[0])
                action = to_action(sample, 0, values, pc)
                obs, _, terminated, truncated, info = recorder.step(action)
                done = terminated or truncated
            successes += bool(info["success"])
            progress("record the clone", k + 1, plan.clone_episodes)
        recorder.close()
    return metrics | {"clone_success_rate": successes / plan.clone_episodes}


def run_loop(
    env: str,
    difficulty: int,
    plan: DemoPlan,
    out: Path,
    seed: int = 0,
    text: InstructionEncoder | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Run the loop into ``out`` (dataset/, reward/, ppo_gt/, ppo_vrm/, random/); returns the
    metrics the demo reports, with each PPO run's history under ``histories``."""
    started = time.perf_counter()
    bars = progress or (lambda phase, done, total: None)
    text = text or InstructionEncoder()
    data = out / "dataset"
    first_seed = seed * 10_000
    for policy, episodes in plan.collect:
        phase = f"collect {policy}"
        collect(
            env,
            policy,
            episodes,
            data,
            seed=first_seed,
            env_kwargs={"difficulty": difficulty},
            on_episode=lambda s, phase=phase, n=episodes: bars(phase, s.episodes, n),
        )
        first_seed += episodes
    if plan.warm_start and plan.clone_episodes:
        record_clone_episodes(env, difficulty, plan, data, first_seed, seed, text, bars)
    dataset = EpisodeDataset(data)
    label_success(dataset)
    make_negatives(dataset, ["truncate"], seed=seed)
    label_pairs(dataset, seed=seed)

    reward_run = out / "reward"
    trainer = RewardTrainer(
        data, RewardConfig(epochs=plan.reward_epochs, seed=seed), reward_run, progress=bars
    )
    reward_metrics = trainer.train()
    held_out = trainer.test_examples
    _, probs, _ = trainer.score([e.episode for e in held_out], [e.instruction for e in held_out])
    plot_reliability([e.label for e in held_out], list(probs), reward_run / "reliability.png")
    test = reward_metrics["test"]
    plot_confusion(test["success"]["confusion"], reward_run / "confusion.png")

    base = PPOConfig(
        env=env,
        difficulty=difficulty,
        steps=plan.ppo_steps,
        seed=seed,
        eval_episodes=plan.eval_episodes,
        judge=reward_run,
        warm_start=data if plan.warm_start else None,
        bc_episodes=plan.bc_episodes,
    )
    runs: dict[str, dict[str, Any]] = {}
    for name, reward in (("ppo_gt", "gt"), ("ppo_vrm", f"vrm:{reward_run}")):
        runs[name] = train(
            replace(base, reward=reward),
            out / name,
            text=text,
            progress=lambda _, d, t, name=name: bars(name, d, t),
        )
    bars("random baseline", 0, 1)
    random_result = evaluate(
        None, base, text, Scorer.from_run(reward_run, text), out / "random" / "episodes", difficulty
    )
    bars("random baseline", 1, 1)
    success = test["success"]
    return {
        "env": env,
        "difficulty": difficulty,
        "episodes": len(dataset),
        "vrm": {
            "success_accuracy": success["accuracy"],
            "precision": success["precision"],
            "recall": success["recall"],
            "auroc": success["auroc"],
            "pair_accuracy": test["pair_accuracy"],
            "held_out_examples": success["n"],
            "train_seconds": reward_metrics["train_seconds"],
        },
        "ppo_gt": runs["ppo_gt"]["eval"]
        | {"steps": runs["ppo_gt"]["steps"]}
        | ({"bc": runs["ppo_gt"]["bc"]} if "bc" in runs["ppo_gt"] else {}),
        "ppo_vrm": runs["ppo_vrm"]["eval"] | {"steps": runs["ppo_vrm"]["steps"]},
        "random": random_result,
        "histories": {name: run["history"] for name, run in runs.items()},
        "wall_seconds": time.perf_counter() - started,
    }

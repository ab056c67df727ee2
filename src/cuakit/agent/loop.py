"""The whole loop on one env, under the honest protocol: collect expert, noisy and random
episodes (training seeds, and a quarter as many on ``val`` seeds and on ``test`` seeds, whose
values training never names) → label them (ground truth,
truncation and deceptive negatives, preference pairs) → train the video reward model
(design choices on ``val``) → report it on ``test`` → PPO with ground-truth reward and with the
video reward, both warm-started from the same behaviour clone, at the same step budget and
under the same termination rule (the episode ends at the agent's finish) → both and a random
baseline evaluated on the same ``test`` seeds, with the reward model's hacking gap.

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
    START,
    LabPolicy,
    downsample,
    instruction_values,
    remember,
    slot_mask,
    to_action,
)
from cuakit.agent.ppo import PPOConfig, evaluate, train
from cuakit.curate.labels import label_pairs, label_success, make_negatives
from cuakit.envs.collect import collect
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeDataset, EpisodeMeta, EpisodeWriter
from cuakit.episodes.splits import TEST_SEED_START, VAL_SEED_START
from cuakit.reward.run_eval import evaluate_run
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
    test_share: float = 0.25
    """episodes recorded on ``val`` seeds, and as many on ``test`` seeds, per training episode:
    val's figure then meets unseen values as test's does"""
    negatives: tuple[str, ...] = ("truncate", "hover", "wrong-target")
    """derived negative kinds (``cuakit.curate.labels.make_negatives``)"""


FULL = DemoPlan(
    collect=(("expert", 40), ("expert:noise=0.5", 120), ("random", 80)),
    reward_epochs=6,
    ppo_steps=6144,
    eval_episodes=64,
    warm_start=True,
    bc_episodes=10,
)
QUICK = DemoPlan(
    collect=(("expert", 10), ("expert:noise=0.5", 30), ("random", 20)),
    reward_epochs=2,
    ppo_steps=256,
    eval_episodes=16,
    warm_start=True,
    bc_episodes=10,
)


def record_policy_episodes(
    policy: LabPolicy,
    env: str,
    difficulty: int | None,
    data: Path,
    seeds: range,
    text: InstructionEncoder,
    name: str,
    progress: Callable[[int, int], None] | None = None,
) -> list[EpisodeMeta]:
    """Record one episode of ``policy`` (its actions sampled) per seed into ``data`` as policy
    ``name``; episodes end at the policy's finish/fail or the step limit."""
    pc = policy.config
    gui = envs.make(env, terminate_on_success=False, difficulty=difficulty)
    recorded: list[EpisodeMeta] = []
    with EpisodeWriter(data, fps=PPOConfig().fps) as writer:
        recorder = RecordEpisode(gui, writer, policy=name)
        for k, seed in enumerate(seeds):
            obs, _ = recorder.reset(seed=seed)
            previous, done = START, False
            while not done:
                values = instruction_values(obs["instruction"], pc.value_slots)
                mask = slot_mask([values], pc.value_slots)
                pixels = downsample(obs["screenshot"][None], pc.obs_height, pc.obs_width)
                with torch.no_grad():
                    output = policy(
                        pixels, text.encode([obs["instruction"]]), mask, torch.tensor([previous])
                    )
                    sample = policy.act(output, mask)
                previous = remember(previous, int(sample.kind[0]))
                obs, _, terminated, truncated, _ = recorder.step(to_action(sample, 0, values, pc))
                done = terminated or truncated
            assert recorder.last_episode is not None
            recorded.append(recorder.last_episode)
            if progress is not None:
                progress(k + 1, len(seeds))
        recorder.close()
    return recorded


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
    seeds = range(first_seed, first_seed + plan.clone_episodes)
    recorded = record_policy_episodes(
        policy, env, difficulty, data, seeds, text, CLONE_POLICY,
        lambda done, total: progress("record the clone", done, total),
    )  # fmt: skip
    successes = sum(bool(meta.success) for meta in recorded)
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
    val_seed, test_seed = VAL_SEED_START + first_seed, TEST_SEED_START + first_seed
    for policy, episodes in plan.collect:
        test_count = round(episodes * plan.test_share)
        for start, count, split in (
            (first_seed, episodes, "train"),
            (val_seed, test_count, "val"),
            (test_seed, test_count, "test"),
        ):
            phase = f"collect {policy} ({split} seeds)"
            collect(
                env,
                policy,
                count,
                data,
                seed=start,
                env_kwargs={"difficulty": difficulty},
                on_episode=lambda s, phase=phase, n=count: bars(phase, s.episodes, n),
            )
        first_seed += episodes
        val_seed += test_count
        test_seed += test_count
    if plan.warm_start and plan.clone_episodes:
        record_clone_episodes(env, difficulty, plan, data, first_seed, seed, text, bars)
    dataset = EpisodeDataset(data)
    label_success(dataset)
    make_negatives(dataset, list(plan.negatives), seed=seed)
    label_pairs(dataset, seed=seed)

    reward_run = out / "reward"
    trainer = RewardTrainer(
        data,
        RewardConfig(epochs=plan.reward_epochs, balance=True, seed=seed),
        reward_run,
        progress=bars,
    )
    reward_metrics = trainer.train()
    judged = evaluate_run(data, reward_run, "test", progress=bars)  # read once, to report

    base = PPOConfig(
        env=env,
        difficulty=difficulty,
        steps=plan.ppo_steps,
        seed=seed,
        eval_episodes=plan.eval_episodes,
        judge=reward_run,
        termination="agent",  # both runs end at the policy's finish: one rule, a fair race
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
    success = judged["success"]
    return {
        "env": env,
        "difficulty": difficulty,
        "episodes": len(dataset),
        "vrm": {
            "success_accuracy": success["accuracy"],
            "precision": success["precision"],
            "recall": success["recall"],
            "auroc": success["auroc"],
            "pair_accuracy": judged["pair_accuracy"],
            "split": "test",
            "test_examples": success["n"],
            "val_accuracy": reward_metrics["val"]["success"]["accuracy"],
            "deception": judged["deception"],
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

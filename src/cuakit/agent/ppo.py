"""PPO for the lab policy on cuakit envs, with the reward from ground truth, the video reward
model, shaping or a mix (cleanrl-shaped: one file, read it top to bottom).

1. ``PPOConfig`` — every knob, with the defaults the demo uses.
2. ``pool`` — the config's ``EnvPool`` (``cuakit.agent.pool``): ``num_envs`` envs stepped in
   lock-step, each recording its episode's frames as a screen recorder would while a video
   source is in play.
3. ``train`` — rollout of ``num_steps`` per env → finished episodes scored in one batch by the
   reward source → episode rewards normalised over a sliding window → GAE → clipped-objective
   updates over minibatches → namespaced metrics (``charts/``, ``losses/``, ``curriculum/``).
4. ``evaluate`` — the final policy on ``test`` seeds: the true (ground-truth) success rate,
   the reward model's predicted success rate (the reward-hacking gap), episode length, and
   a few episodes kept as GIFs.

Termination (``termination``): under a video reward an episode ends only when the policy says
``finish`` or ``fail``, or at the step limit; the video ends there and only then is it judged,
and the curriculum promotes on the reward model's judgement. ``gt`` runs end on the env's
success by default; ``--termination agent`` gives them the same rule as a video reward (reward
= success at the agent's last step), for a fair comparison. Under a ``vrm`` reward the agent
never sees ground truth: success is read only for the metrics.

The run folder holds ``config.json``, ``metrics.json``, ``curves.png``, ``policy/``,
``episodes/*.gif`` and ``checkpoint/state.pt`` (the state after the last finished rollout: a
killed run started again with the same folder goes on from it). Rollouts come from a pool in
this process or from Ray workers (`cuakit.scale.rollouts`).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import torch
from torch import nn

import cuakit.envs as envs
from cuakit.agent.bc import behaviour_clone
from cuakit.agent.checkpoint import load_checkpoint, save_checkpoint
from cuakit.agent.curriculum import Curriculum
from cuakit.agent.curves import plot_curves
from cuakit.agent.policy import (
    ActionSample,
    LabPolicy,
    PolicyConfig,
    instruction_values,
    save_policy,
    slot_mask,
    to_action,
)
from cuakit.agent.pool import SEED_STRIDE, EnvPool
from cuakit.agent.rewards import (
    EpisodeTrace,
    RewardSpec,
    RunningNorm,
    VideoJudgement,
    anneal_weight,
    episode_rewards,
    score_episodes,
)
from cuakit.agent.rollout import LocalRollouts, RolloutSource
from cuakit.episodes.splits import TEST_SEED_START, VAL_SEED_START
from cuakit.errors import ConfigError
from cuakit.reward.scoring import Scorer
from cuakit.reward.text import InstructionEncoder

Progress = Callable[[str, int, int], None]
TERMINATIONS = ("auto", "agent", "env")


@dataclass(frozen=True)
class PPOConfig:
    env: str = "cuakit/desksim-click-button-v0"
    """env id, or a glob such as 'cuakit/desksim-*' (env i of the pool runs id i mod n)"""
    reward: str = "gt"
    """gt | vrm:RUN | vrm-dense:RUN | shaping | mix:INNER (see cuakit.agent.rewards)"""
    termination: str = "auto"
    """agent: an episode ends at the policy's finish/fail or the step limit; env: on the env's
    own success (ground truth); auto: agent under a video reward, env otherwise"""
    steps: int = 4096
    """environment steps, all envs together"""
    num_envs: int = 8
    num_steps: int = 32
    """steps per env per rollout"""
    difficulty: int | None = 1
    """fixed task level; None draws one per episode (ignored with curriculum)"""
    curriculum: bool = False
    """start at level 1, promote when the recent success rate passes curriculum_threshold"""
    curriculum_threshold: float = 0.8
    curriculum_window: int = 32
    warm_start: Path | None = None
    """dataset of expert episodes to behaviour-clone before PPO"""
    bc_epochs: int = 100
    bc_episodes: int | None = None
    """clone at most this many expert episodes (None: all)"""
    learning_rate: float = 2e-3
    finetune_learning_rate: float = 1e-4
    """used instead of learning_rate after a warm start: a large step undoes the cloned policy"""
    gamma: float = 0.95
    gae_lambda: float = 0.9
    update_epochs: int = 4
    num_minibatches: int = 4
    clip_coef: float = 0.2
    ent_coef: float = 0.001
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float | None = 0.05
    """stop a rollout's update epochs once the approximate KL to the old policy exceeds this"""
    critic_warmup: int = 2
    """rollouts after a warm start in which only the critic learns"""
    normalize_rewards: bool = True
    """standardise episode outcome rewards over the last norm_window episodes"""
    norm_window: int = 256
    anneal_fraction: float = 0.5
    """mix: the shaping weight falls from 1 to 0 over this fraction of steps"""
    fps: int = 10
    """recording fps of the episode videos the reward model judges"""
    score_batch: int = 16
    eval_episodes: int = 32
    eval_greedy: bool = True
    judge: Path | None = None
    """reward run whose predicted success is reported at evaluation (default: the vrm run)"""
    record_episodes: int = 4
    """evaluation episodes kept as GIFs"""
    seed: int = 0
    threads: int = 2
    """torch threads, unless OMP_NUM_THREADS is set: then that, the cores a shared machine gives
    this run (a 2-thread test beside another job on 2 cores took over 300 s instead of 42 s)"""
    policy: PolicyConfig = field(default_factory=PolicyConfig)

    @property
    def agent_terminates(self) -> bool:
        """Episodes end only at the policy's finish/fail or the step limit."""
        if self.termination == "auto":
            return RewardSpec.parse(self.reward).video is not None
        return self.termination == "agent"

    def __post_init__(self) -> None:
        spec = RewardSpec.parse(self.reward)  # fails early, naming the flag
        if self.termination not in TERMINATIONS:
            raise ConfigError(
                f"--termination {self.termination!r}: use one of {', '.join(TERMINATIONS)}"
            )
        if self.termination == "env" and spec.video is not None:
            raise ConfigError(
                f"--termination env with --reward {self.reward}: the env's success would end "
                "every successful video, so its length would tell the judge; use agent or auto"
            )
        if self.seed * SEED_STRIDE + self.steps >= VAL_SEED_START:
            raise ConfigError(f"--seed {self.seed}: training seeds would reach the val range")
        if self.steps < self.num_envs * self.num_steps:
            raise ConfigError(
                f"--steps {self.steps} is less than one rollout "
                f"({self.num_envs} envs × {self.num_steps} steps); raise it or shrink the rollout"
            )
        if (self.num_envs * self.num_steps) % self.num_minibatches:
            raise ConfigError(
                f"a rollout of {self.num_envs * self.num_steps} steps does not split into "
                f"{self.num_minibatches} minibatches; pick a divisor"
            )


# ---- the envs ---------------------------------------------------------------------------
def make_pool(
    config: PPOConfig,
    record_video: bool,
    seed_offset: int = 0,
    level: int | None = None,
    first_env: int = 0,
) -> EnvPool:
    """The envs of ``config`` (its env pattern, count, seed, fps and termination rule)."""
    return EnvPool(
        config.env, config.num_envs, seed=config.seed, fps=config.fps,
        agent_terminates=config.agent_terminates, record_video=record_video,
        seed_offset=seed_offset, level=level, first_env=first_env,
    )  # fmt: skip


def task_levels(env_id: str) -> int:
    """How many difficulty levels an env's task has (1 when it has none)."""
    task_class = getattr(envs.make(env_id), "task_class", None)
    return int(getattr(task_class, "levels", 1))


def curriculum_outcomes(
    traces: list[EpisodeTrace], judgements: list[VideoJudgement] | list[None]
) -> list[bool]:
    """What the curriculum counts as a pass: the judge's verdict (P(success) ≥ 0.5) where a
    video reward judged the episode — the agent's only word on success — else ground truth."""
    return [trace.success if judgement is None else judgement.p_success >= 0.5
            for trace, judgement in zip(traces, judgements, strict=True)]  # fmt: skip


RolloutFactory = Callable[[int, bool, "int | None"], RolloutSource]
"""(episodes already begun, record video, level) → a rollout source"""


class Judges(Protocol):
    """What scores episode videos: a `Scorer`, or Ray scorers (`cuakit.scale.rollouts`)."""

    def score(self, videos: list[np.ndarray], instructions: list[str], batch: int = 8,
              fps: float = 10.0) -> list[Any]: ...  # fmt: skip


# ---- training ---------------------------------------------------------------------------
def train(
    config: PPOConfig,
    out: Path,
    progress: Progress | None = None,
    text: InstructionEncoder | None = None,
    rollouts: RolloutFactory | None = None,
    scorer: Judges | None = None,
) -> dict[str, Any]:
    """Train a lab policy with PPO; writes the run folder ``out`` and returns its metrics.

    ``rollouts``: makes the source of rollouts (default: a pool in this process; Ray workers:
    `cuakit.scale.rollouts`); ``scorer``: what judges the videos under a video reward (default:
    the ``vrm`` run loaded here). A run folder holding a checkpoint from a run that was killed
    goes on after that run's last finished rollout."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(asdict(config), indent=2, default=str))
    torch.manual_seed(config.seed)
    if "OMP_NUM_THREADS" not in os.environ:
        torch.set_num_threads(config.threads)
    started = time.perf_counter()
    spec = RewardSpec.parse(config.reward)
    text = text or InstructionEncoder()
    if scorer is None and spec.video is not None:
        scorer = Scorer.from_run(spec.video.run, text)
    policy = LabPolicy(config.policy)
    metrics: dict[str, Any] = {"config": asdict(config), "history": []}
    lr = config.learning_rate if config.warm_start is None else config.finetune_learning_rate
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr, eps=1e-5)
    curriculum = None
    level = config.difficulty
    if config.curriculum:
        levels = max(task_levels(env_id) for env_id in envs.env_ids(config.env))
        curriculum = Curriculum(1, levels, config.curriculum_threshold, config.curriculum_window)
        level = curriculum.level
    norm = RunningNorm(config.norm_window) if config.normalize_rewards else None
    n_envs, n_steps = config.num_envs, config.num_steps
    n_rollouts = config.steps // (n_envs * n_steps)
    global_step, first, episodes_started = 0, 0, 0

    if (out / "metrics.json").exists():  # a finished run in this folder: start over
        (out / "metrics.json").unlink()
        shutil.rmtree(out / "checkpoint", ignore_errors=True)
    resumed = load_checkpoint(out, {"policy": policy, "optimizer": optimizer})
    settings = json.dumps(asdict(config), sort_keys=True, default=str)
    if resumed is not None and resumed["settings"] != settings:
        raise ConfigError(
            f"{out} holds a checkpoint of a PPO run with other options; pass another --out, or "
            f"delete {out / 'checkpoint'} to start over there"
        )
    if resumed is not None:  # killed before: go on after its last finished rollout
        first, global_step = resumed["rollout"], resumed["global_step"]
        metrics["history"], norm = resumed["history"], resumed["norm"]
        curriculum = resumed["curriculum"]
        level, episodes_started = resumed["level"], resumed["episodes_started"]
        if resumed["bc"] is not None:
            metrics["bc"] = resumed["bc"]
        torch.set_rng_state(resumed["torch_rng"])
    elif config.warm_start is not None:
        metrics["bc"] = behaviour_clone(
            policy,
            config.warm_start,
            text,
            epochs=config.bc_epochs,
            max_episodes=config.bc_episodes,
            seed=config.seed,
            env_ids=set(envs.env_ids(config.env)),
            progress=progress,
        )
        # What the warm start alone achieves, to tell it apart from what PPO adds.
        policy.eval()
        bc_eval = evaluate(policy, config, text, None, None, level=config.difficulty)
        metrics["bc"]["bc_eval_success_rate"] = bc_eval["success_rate"]
        policy.train()
    if rollouts is None:
        rollouts = lambda started, record_video, level: LocalRollouts(  # noqa: E731
            make_pool(config, record_video, seed_offset=started, level=level), text, n_steps
        )
    # a resumed run starts new episodes on seeds after those its predecessor began
    rollout_source = rollouts(episodes_started, scorer is not None, level)

    for rollout in range(first, n_rollouts):
        weight = anneal_weight(global_step, config.steps, config.anneal_fraction)
        segment = rollout_source.collect(policy, rollout, level,
                                         weight if spec.uses_shaping else None)  # fmt: skip
        finished = segment.finished
        rewards = segment.rewards.clone()
        global_step += n_envs * n_steps

        # Score the rollout's finished episodes in one batch and place their rewards.
        judgements = (
            score_episodes(scorer, finished, config.score_batch, config.fps)
            if scorer and finished
            else [None] * len(finished)
        )
        outcomes = [
            episode_rewards(spec, tr, j, 0.0) for tr, j in zip(finished, judgements, strict=True)
        ]
        if norm is not None and outcomes and spec.kind != "shaping":
            normalised = norm([o[-1] for o in outcomes])
            for o, value in zip(outcomes, normalised, strict=True):
                o[-1] = value
        for trace, outcome in zip(finished, outcomes, strict=True):
            if spec.kind == "shaping":
                continue
            carry = 0.0  # dense scores of steps already gone fold onto the first step still here
            for position, r in zip(trace.positions, outcome, strict=True):
                if position is None:
                    carry += r
                    continue
                rewards[position] += r + carry
                carry = 0.0
        true_success = [tr.success for tr in finished]
        if curriculum is not None:
            passed = curriculum_outcomes(finished, judgements)
            for trace, ok in zip(finished, passed, strict=True):
                # episodes begun before a promotion count for nothing
                if trace.level == curriculum.level and curriculum.record(ok, global_step):
                    level = curriculum.level

        # GAE.
        nxt, dones, values = segment.next_obs, segment.dones, segment.values
        with torch.no_grad():
            next_value = policy(nxt.pixels, nxt.texts, nxt.masks, nxt.previous).value
        advantages = torch.zeros_like(rewards)
        last = torch.zeros(n_envs)
        for t in reversed(range(n_steps)):
            not_done = 1.0 - (segment.next_done if t == n_steps - 1 else dones[t + 1])
            following = next_value if t == n_steps - 1 else values[t + 1]
            delta = rewards[t] + config.gamma * following * not_done - values[t]
            last = delta + config.gamma * config.gae_lambda * not_done * last
            advantages[t] = last
        returns = advantages + values

        # Clipped-objective updates.
        flat = lambda x: x.reshape(n_envs * n_steps, *x.shape[2:])  # noqa: E731
        b_pixels, b_texts, b_masks, b_actions, b_previous, b_logprobs = (
            flat(t) for t in (segment.pixels, segment.texts, segment.masks, segment.actions,
                              segment.previous, segment.logprobs)
        )  # fmt: skip
        b_adv, b_returns = flat(advantages), flat(returns)
        size = n_envs * n_steps
        minibatch = size // config.num_minibatches
        clipfracs, approx_kl = [], 0.0
        critic_only = config.warm_start is not None and rollout < config.critic_warmup
        # Advantages standardised over the whole rollout: per minibatch, a rollout where every
        # episode succeeded would turn noise into full-size policy steps.
        b_adv = (b_adv - b_adv.mean()) / (b_adv.std() + 1e-8)
        batches = [idx for _ in range(config.update_epochs)
                   for idx in torch.randperm(size).split(minibatch)]  # fmt: skip
        for idx in batches:
            if config.target_kl is not None and approx_kl > config.target_kl:
                break  # the policy moved far enough from the one that collected the rollout
            output = policy(b_pixels[idx], b_texts[idx], b_masks[idx], b_previous[idx])
            new_logprob, entropy = policy.evaluate(
                output, b_masks[idx], ActionSample.unstack(b_actions[idx])
            )
            log_ratio = new_logprob - b_logprobs[idx]
            ratio = log_ratio.exp()
            with torch.no_grad():
                approx_kl = float(((ratio - 1) - log_ratio).mean())
                clipfracs.append(float(((ratio - 1.0).abs() > config.clip_coef).float().mean()))
            adv = b_adv[idx]
            pg_loss = torch.max(
                -adv * ratio, -adv * ratio.clamp(1 - config.clip_coef, 1 + config.clip_coef)
            ).mean()
            v_loss = 0.5 * ((output.value - b_returns[idx]) ** 2).mean()
            entropy_loss = entropy.mean()
            loss = pg_loss - config.ent_coef * entropy_loss + config.vf_coef * v_loss
            if critic_only:  # a cloned policy waits for a critic that knows its returns
                loss = config.vf_coef * v_loss
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), config.max_grad_norm)
            optimizer.step()

        row = {
            "global_step": global_step,
            "charts/episodes": len(finished),
            "charts/success_rate": float(np.mean(true_success)) if finished else None,
            "charts/predicted_success_rate": (
                float(np.mean([j.p_success for j in judgements])) if scorer and finished else None
            ),
            "charts/episode_length": float(np.mean([len(tr.gt) for tr in finished]))
            if finished
            else None,
            "charts/reward_mean": float(rewards.mean()),
            "charts/shaping_weight": weight if spec.kind == "mix" else None,
            "losses/policy": float(pg_loss.detach()),
            "losses/value": float(v_loss.detach()),
            "losses/entropy": float(entropy_loss.detach()),
            "losses/approx_kl": approx_kl,
            "losses/clipfrac": float(np.mean(clipfracs)),
            "curriculum/level": level,
            "policy/lag": rollout - segment.version,
            "time/seconds": time.perf_counter() - started,
        }
        metrics["history"].append(row)
        save_checkpoint(out, {"policy": policy, "optimizer": optimizer}, {
            "rollout": rollout + 1, "global_step": global_step, "history": metrics["history"],
            "bc": metrics.get("bc"), "norm": norm, "curriculum": curriculum, "level": level,
            "torch_rng": torch.get_rng_state(), "settings": settings,
            "episodes_started": rollout_source.episodes_started})  # fmt: skip
        if progress is not None:
            progress("ppo", rollout + 1, n_rollouts)
    rollout_source.close()

    policy.eval()
    save_policy(policy, out / "policy")
    judge = scorer
    if config.judge is not None and (spec.video is None or Path(config.judge) != spec.video.run):
        judge = Scorer.from_run(config.judge, text)
    metrics["eval"] = evaluate(policy, config, text, judge, out / "episodes", level=level)
    metrics["train_seconds"] = time.perf_counter() - started
    metrics["steps"] = global_step
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2, default=str))
    plot_curves(
        metrics["history"], out / "curves.png", title=f"PPO {config.reward} on {config.env}"
    )
    return metrics


# ---- evaluation -------------------------------------------------------------------------
def run_episodes(
    policy: LabPolicy | None,
    config: PPOConfig,
    text: InstructionEncoder,
    episodes: int,
    level: int | None,
    greedy: bool = True,
) -> list[EpisodeTrace]:
    """Play ``episodes`` full episodes on ``test`` seeds (``policy=None``: uniform random
    actions from the env's action space); every trace keeps its video."""
    pool = make_pool(
        replace(config, num_envs=min(config.num_envs, episodes)),
        record_video=True,
        seed_offset=TEST_SEED_START,
        level=level,
    )
    for env in pool.envs:
        env.action_space.seed(config.seed)
    done: list[EpisodeTrace] = []
    pc = config.policy
    active = [True] * len(pool.envs)
    started = len(pool.envs)
    while len(done) < episodes:
        batch_pixels, instructions, prev = pool.batch(pc)
        values_per_env = [instruction_values(s, pc.value_slots) for s in instructions]
        if policy is not None:
            mask = slot_mask(values_per_env, pc.value_slots)
            with torch.no_grad():
                output = policy(batch_pixels, text.encode(instructions), mask, prev)
                sample = policy.act(output, mask, greedy)
        for i, env in enumerate(pool.envs):
            if not active[i]:
                continue
            if policy is None:
                finished = pool.step(i, env.action_space.sample())
            else:
                action = to_action(sample, i, values_per_env[i], pc)
                finished = pool.step(i, action, int(sample.kind[i]))
            if finished is not None:
                done.append(finished)
                active[i] = started < episodes
                started += 1
    pool.close()
    return done[:episodes]


def evaluate(
    policy: LabPolicy | None,
    config: PPOConfig,
    text: InstructionEncoder,
    judge: Scorer | None,
    gif_dir: Path | None,
    level: int | None,
) -> dict[str, Any]:
    """True success rate, the judge's predicted success rate, episode length; GIFs."""
    traces = run_episodes(policy, config, text, config.eval_episodes, level, config.eval_greedy)
    result: dict[str, Any] = {
        "episodes": len(traces),
        "success_rate": float(np.mean([t.success for t in traces])),
        "episode_length": float(np.mean([len(t.gt) for t in traces])),
        "level": level,
        "split": "test",
        "termination": "agent" if config.agent_terminates else "env",
    }
    scores = (
        score_episodes(judge, traces, config.score_batch, config.fps) if judge is not None else None
    )
    if scores is not None:
        result["predicted_success_rate"] = float(np.mean([s.p_success for s in scores]))
        result["hacking_gap"] = result["predicted_success_rate"] - result["success_rate"]
    if gif_dir is not None and config.record_episodes:
        from cuakit.episodes.preview import write_gif

        gif_dir.mkdir(parents=True, exist_ok=True)
        result["gifs"] = []
        for k, trace in enumerate(traces[: config.record_episodes]):
            path = gif_dir / f"episode_{k}.gif"
            write_gif(trace.video(), path, config.fps)
            result["gifs"].append(
                {
                    "path": str(path),
                    "instruction": trace.instruction,
                    "success": trace.success,
                    "p_success": None if scores is None else scores[k].p_success,
                }
            )
    return result

"""`cuakit agent ppo | eval`, `cuakit reward harden`: train the lab policy with PPO, evaluate a
policy on test seeds, and harden a reward model against the policies that hack it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any

import tyro
from rich.table import Table

from cuakit.agent.harden import HardenConfig, harden
from cuakit.agent.policy import load_policy
from cuakit.agent.ppo import PPOConfig, evaluate, train
from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress, progress_bar
from cuakit.errors import ConfigError
from cuakit.reward.scoring import Scorer
from cuakit.reward.text import InstructionEncoder


def _eval_table(title: str, result: dict[str, Any]) -> Table:
    table = Table("metric", "value", title=title)
    table.add_row(
        "true success rate", f"{result['success_rate']:.3f} ({result['episodes']} episodes)"
    )
    if "predicted_success_rate" in result:
        table.add_row("reward model's predicted success", f"{result['predicted_success_rate']:.3f}")
        table.add_row("gap (predicted − true)", f"{result['hacking_gap']:+.3f}")
    table.add_row("episode length", f"{result['episode_length']:.2f}")
    return table


@dataclass(frozen=True)
class PPOArgs:
    """Train the lab policy with PPO on an env, rewarded by ground truth or a video reward model."""

    out: Path
    """run folder (config.json, metrics.json, curves.png, policy/, episodes/*.gif,
    checkpoint/: a killed run given the same folder goes on from it)"""
    config: Annotated[PPOConfig, tyro.conf.OmitArgPrefixes] = field(default_factory=PPOConfig)
    rollout_workers: int = 0
    """Ray actors playing the envs (--num-envs split between them) while this process learns;
    0: play them here (the scale extra: pip install 'cuakit[scale]')"""
    scorers: int = 0
    """Ray actors judging the videos under a video reward (0: judge them here)"""
    max_policy_lag: int = 0
    """with rollout workers: learn from rollouts at most this many policy versions old (0:
    synchronous PPO; 1: workers play the next rollout while the learner updates — 1.3x faster
    per update here, but it learned click-button on 1 seed of 3: docs/scale.md)"""
    ray_address: str | None = None
    """join this Ray cluster (auto, HOST:PORT or ray://HOST:PORT) instead of a local Ray"""
    json: bool = False
    """print one JSON object on stdout"""


def run_ppo(args: PPOArgs) -> None:
    if args.rollout_workers < 0 or args.scorers < 0:
        raise ConfigError(
            f"--rollout-workers {args.rollout_workers} --scorers {args.scorers}: use 0 (this "
            "process) or more (Ray actors)"
        )
    on_ray = args.rollout_workers > 0 or args.scorers > 0 or args.ray_address is not None
    with phase_progress() as progress:
        if on_ray:
            from cuakit.scale.rollouts import train_on_ray

            metrics = train_on_ray(
                args.config, args.out, max(1, args.rollout_workers), args.scorers,
                args.max_policy_lag, args.ray_address, progress=PhaseBars(progress),
            )  # fmt: skip
        else:
            metrics = train(args.config, args.out, progress=PhaseBars(progress))
    result = {k: v for k, v in metrics.items() if k not in ("history", "config")}
    if args.json:
        emit_json(result)
        return
    title = f"{args.config.env}, reward {args.config.reward}, {metrics['steps']} steps"
    out_console.print(_eval_table(title, metrics["eval"]))
    out_console.print(f"trained in {metrics['train_seconds']:.0f} s; run folder {args.out}")


@dataclass(frozen=True)
class EvalArgs:
    """Evaluate a policy (a PPO run, an SFT run, or `random`) on test seeds: true and predicted
    success."""

    policy: str
    """a PPO run folder, `hf:RUN` for a vision-language policy fine-tuned by `cuakit agent sft`,
    or `random` for uniform random GUI actions"""
    env: str = "cuakit/desksim-click-button-v0"
    difficulty: int | None = 1
    episodes: int = 32
    judge: Path | None = None
    """reward run whose predicted success is reported beside the true one"""
    termination: str = "auto"
    """agent: episodes end at the policy's finish/fail or the step limit; env: on the env's
    success; auto: agent when a judge scores the videos, env otherwise"""
    gifs: Path | None = None
    """folder for a few episodes as GIFs"""
    seed: int = 0
    json: bool = False
    """print one JSON object on stdout"""


def run_eval(args: EvalArgs) -> None:
    if args.policy.startswith("hf:"):
        _run_vlm_eval(args)
        return
    policy = None if args.policy == "random" else load_policy(Path(args.policy) / "policy")
    config = PPOConfig(
        env=args.env,
        difficulty=args.difficulty,
        eval_episodes=args.episodes,
        seed=args.seed,
        record_episodes=4 if args.gifs else 0,
        steps=PPOConfig().num_envs * PPOConfig().num_steps,
        termination=args.termination
        if args.termination != "auto"
        else ("agent" if args.judge is not None else "env"),
    )
    if policy is not None:
        config = replace(config, policy=policy.config)
    judge = Scorer.from_run(args.judge) if args.judge is not None else None
    result = evaluate(policy, config, InstructionEncoder(), judge, args.gifs, args.difficulty)
    if args.json:
        emit_json(result)
        return
    out_console.print(_eval_table(f"{args.policy} on {args.env}", result))


def _run_vlm_eval(args: EvalArgs) -> None:
    from cuakit.agent.vlm import VLMPolicy
    from cuakit.agent.vlm_eval import evaluate_vlm

    run = Path(args.policy.removeprefix("hf:"))
    if not (run / "config.json").exists():
        raise ConfigError(f"--policy {args.policy}: {run}/config.json is missing; pass the run "
                          "folder of `cuakit agent sft` as hf:RUN")  # fmt: skip
    judge = Scorer.from_run(args.judge) if args.judge is not None else None
    with progress_bar(f"{args.policy} on {args.env}", args.episodes) as bar:
        task = bar.tasks[0].id
        policy = VLMPolicy.from_run(run)

        def advance(done: int, _: int) -> None:
            bar.update(task, completed=done)

        result = evaluate_vlm(policy, args.env, args.episodes, args.seed, args.difficulty, judge,
                              progress=advance)  # fmt: skip
    if args.json:
        emit_json(result)
        return
    table = _eval_table(f"{args.policy} on {args.env}", result)
    table.add_row("answers that were no action", f"{result['unparsed_rate']:.3f}")
    out_console.print(table)


@dataclass(frozen=True)
class HardenArgs:
    """The cheater loop: PPO against the reward model (agent-decided termination), the
    failures it scored as successes added as negatives, the model retrained; per round."""

    out: Path
    """run folder (round_K/{ppo,harvest,reward}, metrics.json)"""
    config: Annotated[HardenConfig, tyro.conf.OmitArgPrefixes]
    json: bool = False
    """print one JSON object on stdout"""


def run_harden(args: HardenArgs) -> None:
    with phase_progress() as progress:
        metrics = harden(args.config, args.out, progress=PhaseBars(progress))
    if args.json:
        emit_json(metrics)
        return
    table = Table("round", "true success", "predicted", "hacking gap", "hacks added",
                  title=f"cheater loop on {args.config.env} (test seeds)")  # fmt: skip
    for row in metrics["rounds"]:
        table.add_row(str(row["round"]), f"{row['success_rate']:.3f}",
                      f"{row['predicted_success_rate']:.3f}", f"{row['hacking_gap']:+.3f}",
                      f"{row['hacks_added']} / {row['harvested']}")  # fmt: skip
    out_console.print(table)
    out_console.print(f"run folder {args.out}")

"""The cheater loop (seed 001 §4.1, adversarial training): let PPO hack the reward model, keep
what fooled it, teach the model those videos, and repeat.

Round ``k`` (``cuakit reward harden``):

1. PPO trains a fresh lab policy against reward model ``k-1`` (round 1: ``--checkpoint``)
   with agent-decided termination; its evaluation on ``test`` seeds gives the round's
   **hacking gap**: the policy's mean predicted P(success) minus its true success rate.
2. The policy plays ``harvest_episodes`` episodes on training seeds (its actions sampled),
   recorded into ``round_k/harvest``; the ones model ``k-1`` scores as successes
   (P ≥ 0.5) that the env says failed are the hacks.
3. The hacks are copied into the dataset (policy ``harden:round_k``) and labelled failures
   by the env's ground truth, and reward model ``k`` is trained on the grown dataset with the
   starting run's settings.

The run folder holds ``round_k/{ppo,harvest,reward}`` and ``metrics.json`` with one row per
round.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cuakit.agent.loop import record_policy_episodes
from cuakit.agent.policy import load_policy
from cuakit.agent.ppo import PPOConfig, train
from cuakit.curate.labels import label_success
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.errors import ConfigError
from cuakit.reward.run_eval import saved_config
from cuakit.reward.scoring import Scorer
from cuakit.reward.text import InstructionEncoder
from cuakit.reward.trainer import RewardTrainer

Progress = Callable[[str, int, int], None]
HARVEST_SEED_START = TEST_SEED_START // 2
"""harvest seeds: far from PPO's training seeds and below the test range"""


@dataclass(frozen=True)
class HardenConfig:
    data: Path
    """the dataset the reward model trains on; hacks are added to it"""
    checkpoint: Path
    """the reward run PPO attacks first (`cuakit reward train`)"""
    env: str = "cuakit/desksim-click-button-v0"
    """env id PPO and the harvest run in"""
    rounds: int = 3
    """attack → harvest → retrain cycles"""
    difficulty: int | None = 1
    """task level of PPO, the harvest and the evaluation (None: drawn per episode)"""
    ppo_steps: int = 4096
    """env steps of each round's PPO run"""
    harvest_episodes: int = 64
    """episodes of each round's policy recorded on training seeds to look for hacks"""
    eval_episodes: int = 64
    """test-seed episodes that measure each round's hacking gap"""
    reward_epochs: int | None = None
    """epochs of each retraining (None: the starting run's)"""
    hack_threshold: float = 0.5
    """a harvested failure the model scores at or above this P(success) is a hack"""
    seed: int = 0
    """seeds PPO (seed + round), the harvest's seed range and the retraining"""

    def __post_init__(self) -> None:
        if self.rounds < 1 or self.harvest_episodes < 1:
            raise ConfigError(
                f"--rounds {self.rounds}, --harvest-episodes {self.harvest_episodes}: use ≥ 1"
            )
        if not (self.checkpoint / "config.json").is_file():
            raise ConfigError(
                f"--checkpoint {self.checkpoint}: no config.json there; pass the folder of a "
                "`cuakit reward train` run"
            )


def copy_episode(source: EpisodeDataset, index: int, writer: EpisodeWriter, policy: str) -> None:
    """Write episode ``index`` of ``source`` (video, steps, outcome) through ``writer``."""
    meta = source.meta(index)
    writer.begin(
        env_id=meta.env_id,
        instruction=meta.instruction,
        task_id=meta.task_id,
        seed=meta.seed,
        policy=policy,
        extra=meta.extra,
    )
    for frame in source.frames(index):
        writer.add_frame(frame)
    for row in source.steps(index).to_pylist():
        writer.add_step_row(row)
    writer.finish(success=meta.success)


def harden(
    config: HardenConfig,
    out: Path,
    progress: Progress | None = None,
    text: InstructionEncoder | None = None,
) -> dict[str, Any]:
    """Run the cheater loop into ``out``; returns (and writes) its metrics."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "config.json").write_text(json.dumps(asdict(config), indent=2, default=str))
    bars = progress or (lambda phase, done, total: None)
    text = text or InstructionEncoder()
    started = time.perf_counter()
    dataset = EpisodeDataset(config.data)
    label_success(dataset)  # episodes recorded before the loop need their ground truth too
    run, rows = config.checkpoint, []
    for k in range(1, config.rounds + 1):
        folder = out / f"round_{k}"
        ppo = train(
            PPOConfig(
                env=config.env,
                reward=f"vrm:{run}",
                termination="agent",
                difficulty=config.difficulty,
                steps=config.ppo_steps,
                eval_episodes=config.eval_episodes,
                record_episodes=2,
                seed=config.seed + k,
            ),
            folder / "ppo",
            text=text,
            progress=lambda _, d, t, k=k: bars(f"round {k}: PPO", d, t),
        )
        harvest = folder / "harvest"
        first = HARVEST_SEED_START + config.seed * 1_000_003 + k * 100_003
        recorded = record_policy_episodes(
            load_policy(folder / "ppo" / "policy"),
            config.env,
            config.difficulty,
            harvest,
            range(first, first + config.harvest_episodes),
            text,
            f"harden:round_{k}",
            lambda d, t, k=k: bars(f"round {k}: harvest", d, t),
        )
        harvested = EpisodeDataset(harvest)
        scorer = Scorer.from_run(run, text)
        videos = [harvested.frames(meta.index) for meta in recorded]
        scores = scorer.score(videos, [meta.instruction for meta in recorded])
        hacks = [meta.index for meta, score in zip(recorded, scores, strict=True)
                 if not meta.success and score.p_success >= config.hack_threshold]  # fmt: skip
        with EpisodeWriter(config.data, fps=dataset.info.fps, codec=dataset.info.codec) as w:
            for index in hacks:
                copy_episode(harvested, index, w, f"harden:round_{k}")
        dataset.refresh()
        label_success(dataset)
        changes: dict[str, Any] = {"seed": config.seed + k}
        if config.reward_epochs is not None:
            changes["epochs"] = config.reward_epochs
        trainer = RewardTrainer(
            config.data,
            saved_config(config.checkpoint, **changes),
            folder / "reward",
            progress=lambda phase, d, t, k=k: bars(f"round {k}: reward {phase}", d, t),
        )
        retrained = trainer.train()
        evaluation = ppo["eval"]
        rows.append(
            {
                "round": k,
                "attacked": str(run),
                "success_rate": evaluation["success_rate"],
                "predicted_success_rate": evaluation["predicted_success_rate"],
                "hacking_gap": evaluation["hacking_gap"],
                "harvested": len(recorded),
                "harvest_true_success": sum(bool(m.success) for m in recorded) / len(recorded),
                "hacks_added": len(hacks),
                "retrained_val": retrained.get("val", retrained.get("test")),
            }
        )
        run = folder / "reward"
    metrics = {"config": asdict(config), "rounds": rows,
               "wall_seconds": time.perf_counter() - started}  # fmt: skip
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2, default=str))
    return metrics

"""Training the video reward model: ``RewardConfig`` and ``RewardTrainer``, top to bottom.

The small model (`VideoRewardModel`) or the vision-language judge (``--model vlm-tiny-cpu`` or
``exevrm-qwen2.5-vl-7b`` with ``--base-model PATH``: `cuakit.reward.vlm_judge`) train here with
the same data, losses and metrics. Three losses on one forward pass per batch:
- success: BCE on the success logit for (video, instruction, correct?) examples — negatives
  included (a successful video under a mismatched instruction is *incorrect*);
- preference: Bradley–Terry, ``-log σ(r_chosen − r_rejected − margin)``: the preferred video
  must get the higher reward (the seed's sketch trained the opposite sign);
- first deviation: per-frame BCE on the progress head read as "still on track", 1 before the
  frame where the video departs from the instruction and 0 from it on (the small model only:
  the judge answers for the whole video).

Training reads the ``train`` split and evaluates on ``val`` (every design choice is made
there); it never reads ``test``. A trainer built with ``eval_split="test"`` (``cuakit reward
eval --split test``, no training) is the only reader of test, and logs each read.

A run folder holds ``config.json``, ``metrics.json`` (history + final val evaluation),
``curves.png``, ``model/`` (safetensors), ``checkpoint/`` (model + optimiser state to resume)
and, once test has been read, ``test_reads.jsonl`` (one line per read).

Data parallel: started under torch.distributed (`cuakit.scale.ddp`, or torchrun), each of the
``world`` processes draws its share of every batch from a ``DistributedSampler`` (``batch_size``
stays the global batch), the model is wrapped in ``DistributedDataParallel`` (gradients
averaged across processes), and rank 0 alone evaluates and writes the run folder.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, TypeVar

import numpy as np
import torch
import torch.distributed as dist
import torch.nn.functional as F
import tyro
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DistributedSampler

from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import TEST_SEED_START, Split
from cuakit.errors import ConfigError
from cuakit.reward import checkpoint
from cuakit.reward import evaluate as ev
from cuakit.reward.config import TRAINER_BACKBONES, VLM_BACKBONE
from cuakit.reward.curves import History, plot_history
from cuakit.reward.data import (
    ClipBank,
    PairExample,
    SuccessExample,
    on_track_targets,
    pair_examples,
    split_episodes,
    success_examples,
)
from cuakit.reward.inputs import ModelInputs
from cuakit.reward.model import RewardModelConfig, VideoRewardModel
from cuakit.reward.text import InstructionEncoder
from cuakit.reward.vlm_inputs import JudgeClips, JudgeInputs
from cuakit.reward.vlm_judge import VLMJudge, VLMJudgeConfig, read_judge_config
from cuakit.reward.vlm_judge import preset as vlm_preset

TEST_READS = "test_reads.jsonl"
"""one JSON line per read of the test split, in the run folder"""


T = TypeVar("T")
Hidden = Annotated[T, tyro.conf.Suppress]
"""a field `cuakit reward train` sets from ``--model`` (the model's shape) or ``--recipe`` (the
optimiser's details), not one flag each: its ``--help`` stays short"""


@dataclass(frozen=True)
class RewardConfig:
    backbone: Hidden[str] = "frame-temporal"
    """frame-temporal (default) | timesformer | cnn3d | vlm (the vision-language judge)"""
    base_model: str | None = None
    """vlm only: the Qwen2.5-VL folder the judge starts from (a checkpoint, or `cuakit agent
    build-tiny-vlm --out PATH`)"""
    vlm_preset: Hidden[str] = "tiny-cpu"
    """vlm only: tiny-cpu | exevrm-qwen2.5-vl-7b (`cuakit.reward.vlm_judge.VLM_PRESETS`)"""
    frames: Hidden[int] = 12
    """frames per clip, sampled uniformly (first and last always included)"""
    height: Hidden[int] = 100
    """clip height in pixels"""
    width: Hidden[int] = 160
    """clip width in pixels"""
    prune: Hidden[bool] = True
    """ExeVRM token pruning (frame-temporal only): drop static and uniform patches"""
    words: Hidden[bool] = True
    """frame-temporal only: also read the screen's words at native resolution and match them
    with the instruction's (cuakit.video.words)"""
    reader: Hidden[str] = "ppocr"
    """frame-temporal with words: ppocr | tesseract (a text recogniser reads the screen; strings
    are compared) | templates (crops against the instruction drawn in two fonts)"""
    duration: Hidden[bool] = True
    """the model also reads each video's length (of two successes the quicker is preferred)"""
    slots_only: Hidden[bool] = True
    """frame-temporal with words: only slot words (quoted, with a digit, or capitalised
    mid-sentence) count as requirements left undone; other words are read in context only
    (autocomplete held out: 0.800 → 0.913; held-out seeds 0.981 → 0.986)"""
    epochs: int = 2
    """passes over the training success examples"""
    batch_size: int = 16
    """success examples per step"""
    pairs_per_batch: Hidden[int] = 8
    """preference pairs per step (two clips each)"""
    learning_rate: float = 1e-3
    """AdamW peak learning rate"""
    weight_decay: Hidden[float] = 0.01
    """AdamW weight decay"""
    warmup_ratio: Hidden[float] = 0.05
    """fraction of steps with linear warm-up before the cosine decay"""
    grad_accum: Hidden[int] = 1
    """micro-batches per optimiser step"""
    max_grad_norm: Hidden[float] = 1.0
    """gradient clipping"""
    bf16: bool = False
    """bf16 autocast (2–3x faster on CPUs with bf16 matrix units)"""
    success_weight: Hidden[float] = 1.0
    """weight of the success BCE"""
    pair_weight: Hidden[float] = 1.0
    """weight of the Bradley–Terry loss"""
    deviation_weight: Hidden[float] = 0.5
    """weight of the per-frame first-deviation loss"""
    split: str = "seeds"
    """'seeds': train / val / test of `cuakit.episodes.splits` (test: the reserved seed
    range) | 'family:NAME': that whole family is test (leave-one-family-out)"""
    sources: str = ""
    """train only on success labels from these sources (comma list, e.g. 'env,negative:swap');
    empty = all. Evaluation always uses every source."""
    balance: bool = False
    """weight correct examples by #incorrect/#correct in the success BCE (negatives outnumber
    positives several to one once adversarial negatives are added)"""
    augment: float = 0.0
    """augmentation strength (colour jitter, small crop, theme change); 0 = off"""
    max_steps: int | None = None
    """stop after this many optimiser steps (smoke tests)"""
    seed: int = 0
    """seed of everything"""
    workers: int = 2
    """processes that decode and read episodes not yet in the dataset's clip cache (1 = this
    process only)"""

    def __post_init__(self) -> None:
        if self.backbone not in TRAINER_BACKBONES:
            raise ConfigError(f"backbone={self.backbone!r}: use one of {TRAINER_BACKBONES}")
        if self.backbone == VLM_BACKBONE and not self.base_model:
            raise ConfigError(
                "the vlm judge starts from a Qwen2.5-VL: pass --base-model PATH (a checkpoint "
                "folder, or build a tiny one with `cuakit agent build-tiny-vlm --out PATH`)"
            )
        for name in ("frames", "height", "width", "batch_size", "grad_accum", "workers"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name}={getattr(self, name)} must be at least 1")
        if self.epochs < 0:
            raise ConfigError(f"epochs={self.epochs} must be ≥ 0 (0 only evaluates)")

    @property
    def vlm_config(self) -> VLMJudgeConfig:
        """The judge's configuration (vlm only)."""
        return vlm_preset(self.vlm_preset, str(self.base_model), self.prune)

    @property
    def model_config(self) -> RewardModelConfig:
        return RewardModelConfig(
            backbone=self.backbone, frames=self.frames, height=self.height, width=self.width,
            prune_spatial=self.prune, prune_temporal=self.prune, words=self.words,
            duration=self.duration, slots_only=self.slots_only, reader=self.reader,
        )  # fmt: skip


def clean_pairs(pairs: list[PairExample]) -> list[PairExample]:
    """The pairs whose preference was not flipped to model annotator noise: the ones pairwise
    accuracy is measured on."""
    return [p for p in pairs if "flipped" not in p.criterion]


class RewardTrainer:
    """``RewardTrainer(data, config, out).train()`` → the final metrics (also in metrics.json).

    ``model``: a trained model to evaluate (``cuakit reward eval``) instead of a fresh one (a
    `VLMJudge` for ``backbone="vlm"``)."""

    def __init__(
        self,
        data: str | Path | EpisodeDataset,
        config: RewardConfig,
        out: str | Path,
        progress: Callable[[str, int, int], None] | None = None,
        eval_split: Split = "val",
        model: VideoRewardModel | VLMJudge | None = None,
    ) -> None:
        if eval_split not in ("val", "test"):
            raise ConfigError(f"eval_split={eval_split!r}: use 'val' or 'test'")
        if eval_split == "test" and config.epochs > 0:
            raise ConfigError(
                "test is read only to report, never while training: train (on train, judged "
                "on val), then `cuakit reward eval --split test`"
            )
        self.dataset = data if isinstance(data, EpisodeDataset) else EpisodeDataset(data)
        self.config, self.out, self.progress = config, Path(out), progress
        self.eval_split: Split = eval_split
        self.rank, self.world = (
            (dist.get_rank(), dist.get_world_size()) if dist.is_initialized() else (0, 1)
        )
        if config.batch_size % self.world:
            raise ConfigError(
                f"batch_size={config.batch_size} does not split over {self.world} processes: "
                f"use a multiple of {self.world}"
            )
        self.ddp: DistributedDataParallel | None = None  # set when train() starts
        torch.manual_seed(config.seed)
        self.rng = np.random.default_rng(config.seed)
        # ---- data: examples, splits, clips, instruction embeddings ---------------------
        # Only the splits this trainer reads (train and val; test alone for a test report)
        # are decoded, scored or embedded.
        examples, pairs = success_examples(self.dataset), pair_examples(self.dataset)
        self.splits = split_episodes(self.dataset, config.split)
        reads: tuple[Split, ...] = ("train", eval_split) if config.epochs > 0 else (eval_split,)
        self.dropped_examples: dict[str, int] = {}  # per split: borrowed another's instruction
        self.train_examples: list[SuccessExample] = []
        self.train_pairs: list[PairExample] = []
        if "train" in reads:
            train, self.dropped_examples["train"] = self.splits.examples(examples, "train")
            wanted = {x.strip() for x in config.sources.split(",") if x.strip()}
            self.train_examples = [e for e in train if not wanted or e.source in wanted]
            self.train_pairs = self._pairs_on(pairs, "train")
        self.eval_examples, self.dropped_examples[eval_split] = self.splits.examples(
            examples, eval_split
        )
        self.eval_pairs = self._pairs_on(pairs, eval_split)
        for split, found in (("train", self.train_examples), (eval_split, self.eval_examples)):
            if split in reads and not found:
                raise ConfigError(
                    f"{self.dataset.root} has no {split} examples under split "
                    f"{config.split!r} (episodes per split: {self.splits.counts()}): record "
                    "more task instances (val is a fifth of the instructions; test needs "
                    f"seeds from {TEST_SEED_START})"
                )
        positives = sum(e.label for e in self.train_examples)
        negatives = len(self.train_examples) - positives
        self.pos_weight = negatives / positives if config.balance and positives else 1.0
        self.episodes = sorted(frozenset().union(*(self.splits[s] for s in reads)))
        examples = self.train_examples + self.eval_examples
        pairs = self.train_pairs + self.eval_pairs
        if config.backbone == VLM_BACKBONE:
            # the judge reads the instruction as text and picks its own frames of the video
            self.model = model if model is not None else VLMJudge.from_base(config.vlm_config)
            self.bank = JudgeClips(self.dataset, self.model)
        else:
            self.model = model if model is not None else VideoRewardModel(config.model_config)
            self.bank = ClipBank(
                self.dataset, config.frames, config.height, config.width,
                progress=(lambda i, n: progress("decoding clips", i, n)) if progress else None,
                words=self.model.reads_words, workers=config.workers, episodes=self.episodes,
                reader=self.model.config.reader,
            )  # fmt: skip
            self.text = InstructionEncoder()
            every = {e.instruction for e in examples} | {
                self.dataset.meta(i).instruction for i in self.episodes
            }
            self.embeddings = dict(zip(sorted(every), self.text.encode(sorted(every)), strict=True))
        # ---- optimiser, schedule --------------------------------------------------------
        # the judge trains its adapter only; a judge loaded to be evaluated trains nothing (the
        # optimiser is then never stepped: it holds no state until a step)
        trainable = [p for p in self.model.parameters() if p.requires_grad]
        trainable = trainable or list(self.model.parameters())
        self.optimizer = torch.optim.AdamW(
            trainable, lr=config.learning_rate, weight_decay=config.weight_decay
        )
        per_epoch = math.ceil(len(self.train_examples) / config.batch_size / config.grad_accum)
        self.total_steps = max(1, per_epoch * config.epochs)
        if config.max_steps is not None:
            self.total_steps = min(self.total_steps, config.max_steps)
        warmup = max(1, int(config.warmup_ratio * self.total_steps))
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(
            self.optimizer,
            lambda s: min(1.0, (s + 1) / warmup)
            * 0.5 * (1 + math.cos(math.pi * min(1.0, s / self.total_steps))),
        )  # fmt: skip
        self.step, self.epoch = 0, 0
        self.history = History()
        if config.backbone == VLM_BACKBONE:
            self.inputs: ModelInputs | JudgeInputs = JudgeInputs(self.model, self.bank, progress)
        else:
            self.inputs = ModelInputs(
                self.model, self.bank, self.embeddings, self.rng, config.augment, config.bf16,
                progress,
            )  # fmt: skip
        judged = {(e.episode, e.instruction) for e in examples} | {
            (i, self.dataset.meta(i).instruction) for p in pairs for i in (p.chosen, p.rejected)
        }
        self.inputs.prepare(self.episodes, judged, config.prune)

    def _pairs_on(self, pairs: list[PairExample], split: Split) -> list[PairExample]:
        return [p for p in pairs if {p.chosen, p.rejected} <= self.splits[split]]

    # ---- one batch ---------------------------------------------------------------------
    def losses(
        self, examples: list[SuccessExample], pairs: list[PairExample]
    ) -> dict[str, torch.Tensor]:
        chosen, rejected = [p.chosen for p in pairs], [p.rejected for p in pairs]
        instructions = [e.instruction for e in examples] + [
            self.dataset.meta(i).instruction for i in chosen + rejected
        ]
        episodes = [e.episode for e in examples] + chosen + rejected
        data_parallel = {} if self.ddp is None else {"module": self.ddp}
        out = self.inputs.forward(episodes, instructions, **data_parallel)
        b, p = len(examples), len(pairs)
        labels = torch.tensor([float(e.label) for e in examples], device=out.success_logit.device)
        losses = {
            "success": F.binary_cross_entropy_with_logits(
                out.success_logit[:b].float(),
                labels,
                pos_weight=torch.tensor(self.pos_weight, device=labels.device),
            ),
        }
        if out.progress_logits.shape[1]:  # a per-frame head (the small model; not the judge)
            targets, masks = zip(
                *(on_track_targets(e, self.bank.frame_indices(e.episode)) for e in examples),
                strict=True,
            )
            targets, masks = torch.stack(targets), torch.stack(masks)  # (B, T)
            losses["deviation"] = F.binary_cross_entropy_with_logits(
                out.progress_logits[:b].float(), targets, weight=masks, reduction="sum"
            ) / masks.sum().clamp(min=1)
        if p:
            r_chosen, r_rejected = out.reward[b : b + p].float(), out.reward[b + p :].float()
            losses["pair"] = -F.logsigmoid(r_chosen - r_rejected).mean()
        c = self.config
        losses["total"] = (
            c.success_weight * losses["success"]
            + c.deviation_weight * losses.get("deviation", torch.zeros(()))
            + c.pair_weight * losses.get("pair", torch.zeros(()))
        )
        if self.ddp is not None:  # DDP waits for a gradient of every parameter an output
            # reached: an output no loss read this batch (the reward, without pairs) joins at 0
            unread = out.reward.float().sum() + out.progress_logits.float().sum()
            losses["total"] = losses["total"] + 0.0 * unread
        return losses

    # ---- the loop ----------------------------------------------------------------------
    def train(self) -> dict[str, Any]:
        c = self.config
        if self.rank == 0:
            self.out.mkdir(parents=True, exist_ok=True)
            (self.out / "config.json").write_text(json.dumps(asdict(c), indent=2))
        self._maybe_resume()
        if self.world > 1:  # a collective: every rank constructs it here, after resuming
            if not isinstance(self.inputs, ModelInputs):
                raise ConfigError(
                    "data-parallel training covers the small reward model; train the vlm "
                    "judge in one process"
                )
            self.ddp = DistributedDataParallel(
                self.model, find_unused_parameters=True, broadcast_buffers=False
            )
        per_rank = c.batch_size // self.world
        start = time.perf_counter()
        self.model.train()
        while self.step < self.total_steps and self.epoch < c.epochs:
            order = self._epoch_order()
            for first in range(0, len(order), per_rank * c.grad_accum):
                if self.step >= self.total_steps:
                    break
                self.optimizer.zero_grad()
                logged: dict[str, float] = {}
                for micro in range(c.grad_accum):
                    lo = first + micro * per_rank
                    batch = [self.train_examples[i] for i in order[lo : lo + per_rank]]
                    if not batch:
                        break
                    pairs = self._sample_pairs(c.pairs_per_batch)[self.rank :: self.world]
                    losses = self.losses(batch, pairs)
                    (losses["total"] / c.grad_accum).backward()
                    for key, value in losses.items():
                        logged[f"losses/{key}"] = logged.get(f"losses/{key}", 0.0) + (
                            float(value.detach()) / c.grad_accum
                        )
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), c.max_grad_norm)
                self.optimizer.step()
                self.scheduler.step()
                self.step += 1
                logged["charts/learning_rate"] = self.scheduler.get_last_lr()[0]
                self.history.log(self.step, logged)
                if self.progress:
                    self.progress("training", self.step, self.total_steps)
            self.epoch += 1
            if self.rank != 0:
                continue
            if self.step < self.total_steps and self.epoch < c.epochs:
                # the last epoch's val point comes from the final evaluation below
                self.history.log_eval(self.step, self.quick_eval())
            self.save_checkpoint()
        train_seconds = time.perf_counter() - start
        if self.rank != 0:
            return {"rank": self.rank, "steps": self.step, "train_seconds": train_seconds}
        self.model.eval()
        self.model.save_pretrained(self.out / "model")
        final = self.evaluate_split()
        last = {"val/success_accuracy": final["success"]["accuracy"]}
        if final["pairs"]:
            last["val/pair_accuracy"] = final["pair_accuracy"]
        self.history.log_eval(self.step, last)
        metrics = {
            "data": str(self.dataset.root),
            "train_seconds": train_seconds,
            "steps": self.step,
            "split_by": c.split,
            "splits": self.split_counts(),
            "untrained_families": list(self.splits.untrained),
            "train": {"examples": len(self.train_examples), "pairs": len(self.train_pairs)},
            "val": final,
            "history": asdict(self.history),
        }
        (self.out / "metrics.json").write_text(json.dumps(metrics, indent=2, default=float))
        self.plot_curves(self.out / "curves.png")
        return metrics

    def _epoch_order(self) -> list[int]:
        """This process's training examples for the epoch, in order: a permutation of all of
        them, or under torch.distributed its ``DistributedSampler`` share."""
        if self.world == 1:
            return self.rng.permutation(len(self.train_examples)).tolist()
        sampler = DistributedSampler(range(len(self.train_examples)), self.world, self.rank,
                                     shuffle=True, seed=self.config.seed)  # fmt: skip
        sampler.set_epoch(self.epoch)
        return list(sampler)

    def _sample_pairs(self, count: int) -> list[PairExample]:
        if not self.train_pairs or count == 0:
            return []
        picks = self.rng.choice(len(self.train_pairs), size=min(count, len(self.train_pairs)),
                                replace=False)  # fmt: skip
        return [self.train_pairs[i] for i in picks]

    # ---- evaluation --------------------------------------------------------------------
    @torch.no_grad()
    def score(
        self, episodes: list[int], instructions: list[str], batch: int = 32
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(reward (N,), P(success) (N,), P(on track) (N, T)) for clips under instructions."""
        was_training = self.model.training
        self.model.eval()
        rewards, probs, tracks = [], [], []
        for lo in range(0, len(episodes), batch):
            out = self.inputs.forward(episodes[lo : lo + batch], instructions[lo : lo + batch])
            rewards.append(out.reward.float().cpu())
            probs.append(torch.sigmoid(out.success_logit.float()).cpu())
            tracks.append(torch.sigmoid(out.progress_logits.float()).cpu())
        self.model.train(was_training)
        if not rewards:
            return np.zeros(0), np.zeros(0), np.zeros((0, self.config.frames))
        return (torch.cat(rewards).numpy(), torch.cat(probs).numpy(), torch.cat(tracks).numpy())

    def quick_eval(self) -> dict[str, float]:
        """Val accuracy between epochs (``val/…`` keys)."""
        _, probs, _ = self.score([e.episode for e in self.eval_examples],
                                 [e.instruction for e in self.eval_examples])  # fmt: skip
        labels = np.array([e.label for e in self.eval_examples])
        result = {"val/success_accuracy": float(np.mean((probs >= 0.5) == labels))}
        clean = clean_pairs(self.eval_pairs)
        if clean:
            result["val/pair_accuracy"] = self._pair_accuracy(clean)
        return result

    def _pair_accuracy(self, pairs: list[PairExample]) -> float:
        return self._pair_accuracies(pairs)["all"]["accuracy"]

    def _pair_accuracies(self, pairs: list[PairExample]) -> dict[str, dict[str, float]]:
        """``{"all" | criterion: {"accuracy", "n"}}`` over ``pairs``, per criterion
        (correctness, efficiency, progress) too; each episode scored once, under its own
        instruction."""
        episodes = sorted({p.chosen for p in pairs} | {p.rejected for p in pairs})
        rewards, _, _ = self.score(episodes, [self.dataset.meta(e).instruction for e in episodes])
        by_episode = dict(zip(episodes, rewards, strict=True))
        groups = {"all": pairs} | {
            criterion: [p for p in pairs if p.criterion == criterion]
            for criterion in sorted({p.criterion for p in pairs})
        }
        return {
            name: {
                "accuracy": ev.pair_accuracy(
                    [by_episode[p.chosen] for p in group], [by_episode[p.rejected] for p in group]
                ),
                "n": len(group),
            }
            for name, group in groups.items()
        }

    def split_counts(self) -> dict[str, int]:
        """Episodes per split and those dropped (`Splits.counts`), and the examples left out
        of each split read for an instruction of another (``dropped_examples:train`` …)."""
        return self.splits.counts() | {
            f"dropped_examples:{s}": n for s, n in self.dropped_examples.items()
        }

    def evaluate_split(self) -> dict[str, Any]:
        """`evaluate` on ``eval_split`` (its name under ``split``). A test read also appends
        a line to ``OUT/test_reads.jsonl``: time, run, data, counts and the metrics."""
        result = {"split": self.eval_split, "data": str(self.dataset.root)} | self.evaluate(
            self.eval_examples, self.eval_pairs
        )
        if self.eval_split == "test":
            success = result["success"]
            keys = ("accuracy", "precision", "recall", "f1", "auroc", "ece")
            metrics = {k: success[k] for k in keys}
            read = {
                "time": datetime.now(UTC).isoformat(timespec="seconds"),
                "checkpoint": str(self.out),
                "data": str(self.dataset.root),
                "split_by": self.config.split,
                "counts": self.split_counts()
                | {"examples": success["n"], "pairs": result["pairs"]},
                "metrics": metrics | {k: result[k] for k in ("pair_accuracy", "deviation_iou")},
            }
            self.out.mkdir(parents=True, exist_ok=True)
            with (self.out / TEST_READS).open("a") as log:
                log.write(json.dumps(read, default=float) + "\n")
        return result

    def evaluate(self, examples: list[SuccessExample], pairs: list[PairExample]) -> dict[str, Any]:
        """Metrics on these examples and pairs; flipped (noisy) pairs are excluded from
        pairwise accuracy. `evaluate_split` is the one that names (and logs) its split."""
        _, probs, tracks = self.score([e.episode for e in examples],
                                      [e.instruction for e in examples])  # fmt: skip
        labels = [e.label for e in examples]
        result: dict[str, Any] = {"success": ev.binary_metrics(labels, probs)}
        clean = clean_pairs(pairs)
        by_criterion = self._pair_accuracies(clean) if clean else {}
        result["pair_accuracy"] = by_criterion.pop("all", {"accuracy": float("nan")})["accuracy"]
        result["pairs"] = len(clean)
        result["pairs_per_criterion"] = by_criterion
        ious = []
        for example, track in zip(examples, tracks, strict=True):
            if not example.label and example.deviation_frame is not None and len(track):
                indices = self.bank.frame_indices(example.episode)
                actual = int(np.searchsorted(indices, example.deviation_frame))
                ious.append(ev.temporal_iou(ev.flip_frame(track), min(actual, len(track) - 1),
                                            len(track)))  # fmt: skip
        result["deviation_iou"] = float(np.mean(ious)) if ious else float("nan")
        result["deviation_examples"] = len(ious)
        result["per_family"] = ev.per_family([e.family for e in examples], labels, probs)
        result["per_source"] = ev.per_family([e.source for e in examples], labels, probs)
        origins = [self.dataset.meta(e.episode).extra.get("derived_from") for e in examples]
        result["deception"] = ev.deception_ranking(
            [e.source for e in examples], [e.episode for e in examples], origins, labels, probs
        )
        result["kept_ratio"] = self.inputs.kept_ratio(sorted({e.episode for e in examples}))
        return result

    # ---- checkpoints -------------------------------------------------------------------
    def save_checkpoint(self) -> None:
        """Model, optimiser and trainer state into ``checkpoint/``, swapped in whole: a kill
        mid-save leaves the previous checkpoint (``checkpoint/`` or ``checkpoint.old/``)."""
        with checkpoint.swapped_in(self.out / "checkpoint") as partial:
            self.model.save_pretrained(partial)
            checkpoint.write_training_state(partial, self.optimizer, {
                "step": self.step,
                "epoch": self.epoch,
                "scheduler": self.scheduler.state_dict(),
                "rng": self.rng.bit_generator.state,
                "history": asdict(self.history),
            })  # fmt: skip

    def _maybe_resume(self) -> None:
        folder = checkpoint.recovered(self.out / "checkpoint")
        if isinstance(self.model, VLMJudge) and (folder / checkpoint.TRAINER_STATE_FILE).exists():
            read_judge_config(folder)  # another backbone's checkpoint says so before its optimiser
        state = checkpoint.read_training_state(folder, self.optimizer)
        if state is None:
            return
        if isinstance(self.model, VLMJudge):
            self.model.load_trained(folder)
        else:
            loaded = VideoRewardModel.from_pretrained(folder, backbone=self.config.backbone)
            self.model.load_state_dict(loaded.state_dict())
        self.scheduler.load_state_dict(state["scheduler"])
        self.step, self.epoch = state["step"], state["epoch"]
        self.rng.bit_generator.state = state["rng"]
        self.history = History(**state["history"])

    def plot_curves(self, out: Path) -> None:
        plot_history(self.history, out)

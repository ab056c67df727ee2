"""Replay the labelling loop with simulated annotators, to measure how many labels a queue
order needs.

The loop, per seed: label ``initial`` random pairs, then repeatedly fit a preference model
on the labels so far, pick the next ``step`` pairs (``random``, or ``uncertain``: the smallest
|P(A≻B) − ½| under the current model), have ``annotators`` simulated people vote on each
(each gives the ground-truth answer, flipped with probability ``error_rate``; the majority is
the label), until ``budget`` pairs are labelled. After each round the model's pairwise
accuracy is measured on the val split's pairs against ground truth (pairs come from the
train split; `cuakit.reward.data.split_episodes`).

The preference model is a Bradley–Terry model, P(A≻B) = σ(w·(φ(A) − φ(B))), over fixed
features φ of each video read from its pixels only (`video_features`: its length, how much
and how often the screen changes, and its last frame as a 6×10 grey thumbnail), fitted by
L-BFGS with an L2 penalty. It stands in for
the video reward model so that a replay of hundreds of rounds runs in seconds on a CPU; the
served queue (`--select uncertain --checkpoint RUN`) uses the trained reward model itself.

``labels_to_reach`` is the first point of the mean curve at or above 95% of the accuracy of
the same model fitted on every train pair (labelled by the same simulated annotators).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cuakit.annotate.queue import SELECTIONS, Candidate, candidates
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError

THUMB = (6, 10)
"""height, width of the last-frame thumbnail in φ"""


@dataclass(frozen=True)
class SimulateConfig:
    """How the labelling loop is replayed (`simulate`)."""

    budget: int = 200
    """pairs to label in all (each voted on by ``annotators`` people)"""
    select: str = "random"
    """random | uncertain"""
    step: int = 10
    """pairs labelled between two fits of the model"""
    initial: int = 10
    """random pairs labelled before the first fit"""
    annotators: int = 3
    """simulated annotators per pair (their majority is the label)"""
    error_rate: float = 0.1
    """probability that a simulated annotator flips the ground-truth answer"""
    seeds: int = 3
    """replays, seeds 0..seeds-1 (each draws its own initial pairs and votes)"""
    l2: float = 0.1
    """L2 penalty of the Bradley–Terry fit"""
    target: float = 0.95
    """the share of the all-pairs accuracy a strategy must reach"""

    def check(self) -> None:
        if self.select not in SELECTIONS:
            raise ConfigError(f"--select {self.select!r}: use one of {SELECTIONS}")
        for name in ("budget", "step", "initial", "annotators", "seeds"):
            if getattr(self, name) < 1:
                raise ConfigError(f"--{name} {getattr(self, name)}: use 1 or more")
        if not 0.0 <= self.error_rate < 0.5:
            raise ConfigError(f"--error-rate {self.error_rate}: use a probability in [0, 0.5)")


def video_features(dataset: EpisodeDataset) -> dict[int, np.ndarray]:
    """φ(episode) for every episode, standardised over the dataset, read from pixels only:
    log frame count, mean change between frames, share of frames that change, change from
    first to last frame, and the last frame in grey at 6×10."""
    from cuakit.video.clips import resize

    raw = {}
    for meta in dataset.episodes:
        pixels = dataset.frames(meta.index)  # (N, H, W, 3) uint8
        frames = pixels.astype(np.float32) / 255.0
        steps = np.abs(np.diff(frames, axis=0)).mean(axis=(1, 2, 3)) if len(frames) > 1 else [0.0]
        last = resize(pixels[-1:], *THUMB)[0].mean(axis=-1) / 255.0  # (6, 10)
        raw[meta.index] = np.concatenate([
            [math.log(len(frames)), float(np.mean(steps)), float(np.mean(np.asarray(steps) > 1e-3)),
             float(np.abs(frames[-1] - frames[0]).mean())],
            last.reshape(-1),
        ])  # fmt: skip
    matrix = np.stack(list(raw.values()))
    mean, std = matrix.mean(axis=0), matrix.std(axis=0) + 1e-6
    return {index: (value - mean) / std for index, value in raw.items()}


def fit(diffs: np.ndarray, l2: float) -> np.ndarray:
    """w maximising Σ log σ(w·d) − l2·|w|² over rows d = φ(chosen) − φ(rejected)."""
    import torch

    x = torch.from_numpy(diffs).double()  # (N, D)
    w = torch.zeros(x.shape[1], dtype=torch.float64, requires_grad=True)
    optimiser = torch.optim.LBFGS([w], max_iter=100, line_search_fn="strong_wolfe")

    def closure() -> torch.Tensor:
        optimiser.zero_grad()
        loss = -torch.nn.functional.logsigmoid(x @ w).mean() + l2 * (w * w).sum()
        loss.backward()
        return loss

    optimiser.step(closure)
    return w.detach().numpy()


def vote(gold_first: bool, annotators: int, error_rate: float, rng: np.random.Generator) -> bool:
    """The simulated majority: True when it prefers the pair's first episode."""
    correct = rng.random(annotators) >= error_rate
    first = int(np.where(correct, gold_first, not gold_first).sum())
    if first * 2 == annotators:  # an even panel split in two: a coin decides
        return bool(rng.random() < 0.5)
    return first * 2 > annotators


@dataclass
class Replay:
    """One seed's loop over a pool of train pairs, measured on val pairs."""

    features: dict[int, np.ndarray]
    pool: list[Candidate]
    val: list[Candidate]
    config: SimulateConfig

    def diff(self, pairs: list[tuple[int, int]]) -> np.ndarray:
        return np.stack([self.features[a] - self.features[b] for a, b in pairs])

    def margins(self, w: np.ndarray, pairs: list[Candidate]) -> np.ndarray:
        """w·(φ(a) − φ(b)) per pair, from one score per episode."""
        score = {i: float(f @ w) for i, f in self.features.items()}
        return np.array([score[c.a] - score[c.b] for c in pairs])

    def accuracy(self, w: np.ndarray) -> float:
        truth = np.array([c.gold == c.a for c in self.val])
        return float(np.mean((self.margins(w, self.val) > 0) == truth))

    def label(self, candidate: Candidate, rng: np.random.Generator) -> tuple[int, int]:
        first = vote(candidate.gold == candidate.a, self.config.annotators,
                     self.config.error_rate, rng)  # fmt: skip
        return (candidate.a, candidate.b) if first else (candidate.b, candidate.a)

    def run(self, seed: int) -> list[tuple[int, float]]:
        """(labels so far, val accuracy) after each fit."""
        rng = np.random.default_rng(seed)
        cfg = self.config
        order = list(rng.permutation(len(self.pool)))
        labelled: list[tuple[int, int]] = []
        todo = set(range(len(self.pool)))
        budget = min(cfg.budget, len(self.pool))
        curve = []
        take = [int(i) for i in order[: min(cfg.initial, budget)]]
        while True:
            for i in take:
                todo.discard(i)
                labelled.append(self.label(self.pool[i], rng))
            w = fit(self.diff(labelled), cfg.l2)
            curve.append((len(labelled), self.accuracy(w)))
            room = budget - len(labelled)
            if room <= 0 or not todo:
                return curve
            take = self.pick(w, [int(i) for i in order if int(i) in todo], min(cfg.step, room))

    def pick(self, w: np.ndarray, todo: list[int], count: int) -> list[int]:
        """The next ``count`` pool positions out of ``todo`` (in random order) under
        ``select``: the first ones, or those with the smallest |P(A≻B) − ½| under ``w``."""
        if self.config.select == "random":
            return todo[:count]
        p = 1.0 / (1.0 + np.exp(-self.margins(w, [self.pool[i] for i in todo])))
        return [todo[int(j)] for j in np.argsort(np.abs(p - 0.5), kind="stable")[:count]]

    def full_accuracy(self, seed: int) -> float:
        rng = np.random.default_rng(seed)
        labelled = [self.label(c, rng) for c in self.pool]
        return self.accuracy(fit(self.diff(labelled), self.config.l2))


def split_pairs(dataset: EpisodeDataset) -> tuple[list[Candidate], list[Candidate]]:
    """Candidates with a ground-truth answer, on the train and on the val side."""
    from cuakit.reward.data import split_episodes

    splits = split_episodes(dataset)
    judged = [c for c in candidates(dataset, "both", max_pairs=10**6) if c.gold is not None]
    train = [c for c in judged if c.a in splits.train and c.b in splits.train]
    val = [c for c in judged if c.a in splits.val and c.b in splits.val]
    return train, val


def simulate(dataset: EpisodeDataset, config: SimulateConfig) -> dict[str, Any]:
    """Replay the loop for ``config.seeds`` seeds; returns the curves and their summary."""
    config.check()
    train, val = split_pairs(dataset)
    if len(train) < 2 or len(val) < 2:
        raise ConfigError(
            f"{dataset.root} has {len(train)} train and {len(val)} val pairs with a ground-truth "
            "answer: collect more episodes (`cuakit collect`) and add pairs (`cuakit label pairs`)"
        )
    replay = Replay(video_features(dataset), train, val, config)
    curves = [replay.run(seed) for seed in range(config.seeds)]
    full = float(np.mean([replay.full_accuracy(seed) for seed in range(config.seeds)]))
    labels = [n for n, _ in curves[0]]
    mean = [float(np.mean([curve[i][1] for curve in curves])) for i in range(len(labels))]
    reached = [n for n, acc in zip(labels, mean, strict=True) if acc >= config.target * full]
    return {
        "config": asdict(config),
        "train_pairs": len(train),
        "val_pairs": len(val),
        "all_pairs_accuracy": full,
        "labels": labels,
        "mean_accuracy": mean,
        "curves": [[acc for _, acc in curve] for curve in curves],
        "labels_to_reach": reached[0] if reached else None,
    }


def plot_curves(out: Path) -> Path:
    """``out/curves.png``: every ``out/<select>.json`` written by `simulate`, one line each."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    results = {s: json.loads((out / f"{s}.json").read_text()) for s in SELECTIONS
               if (out / f"{s}.json").is_file()}  # fmt: skip
    figure, axis = plt.subplots(figsize=(6, 4))
    for select, result in results.items():
        axis.plot(result["labels"], result["mean_accuracy"], marker=".", label=select)
        target = result["config"]["target"] * result["all_pairs_accuracy"]
        axis.axhline(target, color="grey", linestyle="--", linewidth=0.8)
    axis.set_title("dashed: 95% of the accuracy on all pairs")
    axis.set_xlabel("labelled pairs")
    axis.set_ylabel("val pairwise accuracy")
    axis.legend()
    figure.tight_layout()
    figure.savefig(out / "curves.png", dpi=100)
    plt.close(figure)
    return out / "curves.png"

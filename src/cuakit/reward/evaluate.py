"""Judging a reward model: success metrics (``correct`` is the positive class, as ExeVRM
reports), pairwise accuracy, AUROC, calibration, temporal IoU of the first deviation, per
family; a reliability diagram and a confusion matrix as PNG."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np


def binary_metrics(labels: Sequence[bool], probs: Sequence[float]) -> dict[str, float]:
    """Accuracy, precision, recall, F1 at 0.5, AUROC and ECE; ``True`` = correct (positive)."""
    y = np.asarray(labels, bool)
    p = np.asarray(probs, float)
    pred = p >= 0.5
    tp, fp = int(np.sum(pred & y)), int(np.sum(pred & ~y))
    fn, tn = int(np.sum(~pred & y)), int(np.sum(~pred & ~y))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    return {
        "n": len(y),
        "accuracy": float(np.mean(pred == y)) if len(y) else float("nan"),
        "precision": precision,
        "recall": recall,
        "f1": 2 * precision * recall / (precision + recall) if precision + recall else 0.0,
        "auroc": auroc(y, p),
        "ece": expected_calibration_error(y, p),
        "confusion": {"tp": tp, "fp": fp, "fn": fn, "tn": tn},
    }


def auroc(labels: np.ndarray, scores: np.ndarray) -> float:
    """Area under the ROC curve by ranks (ties count half); NaN with a single class."""
    positives, negatives = scores[labels], scores[~labels]
    if len(positives) == 0 or len(negatives) == 0:
        return float("nan")
    greater = (positives[:, None] > negatives[None, :]).sum()
    ties = (positives[:, None] == negatives[None, :]).sum()
    return float((greater + 0.5 * ties) / (len(positives) * len(negatives)))


def expected_calibration_error(labels: np.ndarray, probs: np.ndarray, bins: int = 10) -> float:
    """Σ_bins |accuracy − confidence| weighted by the bin's share, confidence = P(correct)."""
    if len(labels) == 0:
        return float("nan")
    edges = np.linspace(0, 1, bins + 1)
    which = np.clip(np.digitize(probs, edges[1:-1]), 0, bins - 1)
    error = 0.0
    for b in range(bins):
        members = which == b
        if members.any():
            error += members.mean() * abs(labels[members].mean() - probs[members].mean())
    return float(error)


def pair_accuracy(chosen_rewards: Sequence[float], rejected_rewards: Sequence[float]) -> float:
    """Fraction of pairs where the preferred video gets the higher reward."""
    c, r = np.asarray(chosen_rewards), np.asarray(rejected_rewards)
    return float(np.mean(c > r)) if len(c) else float("nan")


def flip_frame(on_track_probs: np.ndarray) -> int | None:
    """First clip frame where the judgement flips to "off track" (P < 0.5), or None."""
    below = np.flatnonzero(on_track_probs < 0.5)
    return int(below[0]) if len(below) else None


def temporal_iou(predicted: int | None, actual: int, length: int) -> float:
    """IoU of the off-track spans [predicted, length) and [actual, length) of a clip."""
    if predicted is None:
        return 0.0
    a, b = set(range(predicted, length)), set(range(actual, length))
    return len(a & b) / len(a | b) if a | b else 1.0


def per_family(
    families: Sequence[str], labels: Sequence[bool], probs: Sequence[float]
) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[int]] = defaultdict(list)
    for i, family in enumerate(families):
        groups[family].append(i)
    return {
        family: binary_metrics([labels[i] for i in idx], [probs[i] for i in idx])
        for family, idx in sorted(groups.items())
    }


def deception_ranking(
    sources: Sequence[str],
    episodes: Sequence[int],
    derived_from: Sequence[int | None],
    labels: Sequence[bool],
    probs: Sequence[float],
) -> dict[str, dict[str, float]]:
    """Per kind of derived negative (label source ``negative:KIND``): how many of its videos
    have their genuine success (the recording they were made from: the same task instance)
    among these examples, and the share of those scored below it — a deceptive video that
    looks done should still lose to the real thing. Range [0, 1]; kinds with no such pair
    are left out."""
    genuine = {episode: p for episode, source, label, p
               in zip(episodes, sources, labels, probs, strict=True)
               if label and not source.startswith("negative:")}  # fmt: skip
    below: dict[str, list[bool]] = defaultdict(list)
    for source, origin, p in zip(sources, derived_from, probs, strict=True):
        if source.startswith("negative:") and origin in genuine:
            below[source.removeprefix("negative:")].append(p < genuine[origin])
    return {kind: {"n": len(v), "below_genuine": float(np.mean(v))} for kind, v in below.items()}


def plot_reliability(
    labels: Sequence[bool], probs: Sequence[float], out: Path, bins: int = 10
) -> None:
    y, p = np.asarray(labels, bool), np.asarray(probs, float)
    edges = np.linspace(0, 1, bins + 1)
    which = np.clip(np.digitize(p, edges[1:-1]), 0, bins - 1)
    centres, accuracy, counts = [], [], []
    for b in range(bins):
        members = which == b
        if members.any():
            centres.append(p[members].mean())
            accuracy.append(y[members].mean())
            counts.append(int(members.sum()))
    fig, ax = plt.subplots(figsize=(4.5, 4.5))
    ax.plot([0, 1], [0, 1], "--", color="grey", label="perfect calibration")
    ax.plot(centres, accuracy, "o-", label="reward model")
    for x, acc, n in zip(centres, accuracy, counts, strict=True):
        ax.annotate(str(n), (x, acc), textcoords="offset points", xytext=(4, -10), fontsize=7)
    ax.set(
        xlabel="predicted P(correct)",
        ylabel="fraction correct",
        title=f"reliability (ECE {expected_calibration_error(y, p):.3f})",
        xlim=(0, 1),
        ylim=(0, 1),
    )
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)


def plot_confusion(confusion: dict[str, int], out: Path) -> None:
    grid = np.array([[confusion["tp"], confusion["fn"]], [confusion["fp"], confusion["tn"]]])
    fig, ax = plt.subplots(figsize=(3.8, 3.4))
    ax.imshow(grid, cmap="Blues")
    for (i, j), value in np.ndenumerate(grid):
        ax.text(
            j,
            i,
            str(value),
            ha="center",
            va="center",
            color="white" if value > grid.max() / 2 else "black",
        )
    ax.set_xticks([0, 1], ["pred correct", "pred incorrect"])
    ax.set_yticks([0, 1], ["correct", "incorrect"])
    ax.set_title("success judgements")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)

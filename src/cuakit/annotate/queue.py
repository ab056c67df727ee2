"""Which pairs people are asked about, and in what order.

Candidates come from two places (``origin``):

- ``preferences`` — the pairs already in ``labels/preferences.parquet`` (any source but
  ``human``), each unordered pair once; the ``env`` row's winner is the pair's gold answer;
- ``dataset`` — pairs drawn from the dataset: episodes of one task instance (or, for
  instances recorded once, one family; `cuakit.curate.labels.pair_groups`) that differ in
  outcome or length; the ground-truth comparison (`cuakit.curate.labels.compare`), when it
  has one, is the gold answer.

Order: ``random`` is a seeded shuffle; ``uncertain`` asks first about the pairs a reward model
is least sure of, |P(A≻B) − ½| smallest, with P(A≻B) = σ(r_A − r_B) (the Bradley–Terry
reading of its rewards).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cuakit.annotate.store import Store
from cuakit.curate.labels import ENV_SOURCE, FLIPPED, compare, pair_groups
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError

SOURCES = ("preferences", "dataset", "both")
SELECTIONS = ("random", "uncertain")
HUMAN_SOURCE = "human"


@dataclass(frozen=True)
class Candidate:
    a: int
    b: int
    origin: str
    """preferences | dataset"""
    gold: int | None
    """the episode ground truth prefers, when known"""


def preference_candidates(dataset: EpisodeDataset) -> list[Candidate]:
    """Each unordered pair of ``labels/preferences.parquet`` once (human rows left out)."""
    gold: dict[tuple[int, int], int | None] = {}
    for row in dataset.preference_labels().to_pylist():
        if row["source"] == HUMAN_SOURCE:
            continue
        key = (min(row["chosen"], row["rejected"]), max(row["chosen"], row["rejected"]))
        trusted = row["source"] == ENV_SOURCE and not row["criterion"].endswith(FLIPPED)
        if trusted:
            gold[key] = row["chosen"]
        else:
            gold.setdefault(key, None)
    return [Candidate(a, b, "preferences", g) for (a, b), g in sorted(gold.items())]


def dataset_candidates(dataset: EpisodeDataset, max_pairs: int, seed: int = 0) -> list[Candidate]:
    """Pairs of comparable episodes that differ in outcome or length (at most ``max_pairs``,
    a seeded sample when there are more)."""
    found = []
    for group in pair_groups(dataset.episodes):
        for i, first in enumerate(group):
            for second in group[i + 1 :]:
                if (first.success, first.length) == (second.success, second.length):
                    continue
                pair = compare(first, second)
                a, b = sorted((first.index, second.index))
                found.append(Candidate(a, b, "dataset", None if pair is None else pair.chosen))
    if len(found) > max_pairs:
        keep = np.sort(np.random.default_rng(seed).choice(len(found), max_pairs, replace=False))
        found = [found[int(k)] for k in keep]
    return found


def candidates(
    dataset: EpisodeDataset, source: str = "both", max_pairs: int = 2000, seed: int = 0
) -> list[Candidate]:
    """The queue's pairs from ``source`` (preferences | dataset | both), each pair once."""
    if source not in SOURCES:
        raise ConfigError(f"--pairs {source!r}: use one of {SOURCES}")
    if max_pairs < 1:
        raise ConfigError(f"--max-pairs {max_pairs}: use 1 or more")
    out: dict[tuple[int, int], Candidate] = {}
    if source in ("preferences", "both"):
        out.update({(c.a, c.b): c for c in preference_candidates(dataset)})
    if source in ("dataset", "both"):
        for c in dataset_candidates(dataset, max_pairs, seed):
            out.setdefault((c.a, c.b), c)
    return list(out.values())[:max_pairs]


def random_priorities(pair_ids: Sequence[int], seed: int = 0) -> dict[int, float]:
    """A seeded shuffle: pair id → rank."""
    order = np.random.default_rng(seed).permutation(len(pair_ids))
    return {int(pair_ids[i]): float(rank) for rank, i in enumerate(order)}


def p_prefers(reward_a: float, reward_b: float) -> float:
    """P(A≻B) under Bradley–Terry, in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-(reward_a - reward_b)))


def uncertainty_priorities(
    pairs: Sequence[tuple[int, int, int]], rewards: dict[int, float]
) -> dict[int, float]:
    """(pair id, a, b) → |P(A≻B) − ½|, in [0, ½): the most uncertain pair first."""
    return {pid: abs(p_prefers(rewards[a], rewards[b]) - 0.5) for pid, a, b in pairs}


class RewardOracle:
    """Rewards of episodes under a `cuakit reward train` run, re-read when the run's model
    changes on disk (a retrain writes a new one), so the queue follows the current model."""

    def __init__(
        self, dataset: EpisodeDataset, run: Path, load: Callable[[Path], Any] | None = None
    ) -> None:
        self.dataset = dataset
        self.run = Path(run)
        self.load = load
        """run folder → an object with ``score(videos, instructions, fps=)`` (default:
        `cuakit.reward.scoring.Scorer.from_run`, imported when first needed)"""
        self._stamp: float | None = None
        self._cache: dict[int, float] = {}

    def _model_stamp(self) -> float:
        folder = self.run / "model" if (self.run / "model").is_dir() else self.run
        if not folder.is_dir():
            raise ConfigError(f"--checkpoint {self.run}: not a folder written by "
                              "`cuakit reward train`")  # fmt: skip
        return max((p.stat().st_mtime for p in folder.iterdir() if p.is_file()), default=0.0)

    def stale(self) -> bool:
        return self._stamp != self._model_stamp()

    def rewards(self, episodes: Sequence[int]) -> dict[int, float]:
        """Reward of each episode (scored again when the model changed)."""
        stamp = self._model_stamp()
        if stamp != self._stamp:
            self._cache, self._stamp = {}, stamp
        todo = sorted(set(episodes) - set(self._cache))
        if todo:
            if self.load is None:
                from cuakit.reward.scoring import Scorer

                self.load = Scorer.from_run
            scorer = self.load(self.run)
            fps = float(self.dataset.info.fps)
            for lo in range(0, len(todo), 16):
                chunk = todo[lo : lo + 16]
                videos = [self.dataset.frames(i) for i in chunk]
                words = [self.dataset.meta(i).instruction for i in chunk]
                for i, score in zip(chunk, scorer.score(videos, words, fps=fps), strict=True):
                    self._cache[i] = score.reward
        return {i: self._cache[i] for i in episodes}


def prioritise(
    pairs: Sequence[tuple[int, int, int]],
    select: str,
    seed: int = 0,
    rewards: Callable[[Sequence[int]], dict[int, float]] | None = None,
) -> dict[int, float]:
    """Priorities for (pair id, a, b) under ``select`` (random | uncertain)."""
    if select == "random":
        return random_priorities([pid for pid, _, _ in pairs], seed)
    if select == "uncertain":
        if rewards is None:
            raise ConfigError("--select uncertain needs --checkpoint RUN (a reward model)")
        scores = rewards(sorted({e for _, a, b in pairs for e in (a, b)}))
        return uncertainty_priorities(pairs, scores)
    raise ConfigError(f"--select {select!r}: use one of {SELECTIONS}")


def fill_queue(
    store: Store,
    dataset: EpisodeDataset,
    source: str = "both",
    max_pairs: int = 2000,
    seed: int = 0,
) -> int:
    """Add the candidates of ``source`` to ``store``'s queue (pairs queued before stay);
    returns how many were new."""
    found = candidates(dataset, source, max_pairs, seed)
    return store.add_pairs([(c.a, c.b, c.origin, c.gold) for c in found])


def reorder(
    store: Store, select: str, seed: int = 0, oracle: RewardOracle | None = None
) -> dict[int, float]:
    """Set every queued pair's priority under ``select``; returns them."""
    pairs = [(pair.id, pair.a, pair.b) for pair in store.pairs()]
    priorities = prioritise(pairs, select, seed, None if oracle is None else oracle.rewards)
    store.set_priorities(priorities)
    return priorities


class FollowCheckpoint:
    """Re-order the queue when the reward run's model changes (``cuakit reward train`` wrote a
    new one): called after each vote, it checks the model's files and, when they changed,
    re-scores on a background thread, so the vote is answered at once."""

    def __init__(self, store: Store, oracle: RewardOracle, seed: int = 0) -> None:
        self.store, self.oracle, self.seed = store, oracle, seed
        self._busy = threading.Lock()

    def __call__(self) -> None:
        if self.oracle.stale() and self._busy.acquire(blocking=False):
            threading.Thread(target=self._run, name="cuakit-reorder", daemon=True).start()

    def _run(self) -> None:
        try:
            reorder(self.store, "uncertain", self.seed, self.oracle)
        finally:
            self._busy.release()

"""How far annotators agree, and the majority vote each pair gets.

Ratings are categorical (a | b | tie | unsure, relative to the pair). Per criterion:

- Cohen's kappa between every two annotators on the pairs both judged:
  κ = (p_o − p_e) / (1 − p_e), p_e from each annotator's own category rates;
- Fleiss' kappa over all pairs judged by two or more (Fleiss 1971, with the per-item
  agreement P_i = (Σ_j n_ij² − n_i) / (n_i (n_i − 1)) so that items may have different
  numbers of raters);
- per annotator, agreement with the majority of the *other* annotators of each pair (pairs
  where the others have a strict majority), and with ground truth on the pairs that have a
  gold answer (a careless annotator shows as low agreement there).

A kappa is None when it is undefined (fewer than two shared items, or p_e = 1).
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from cuakit.annotate.queue import HUMAN_SOURCE
from cuakit.annotate.store import CRITERIA, Vote
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError

OVERALL = "overall"
ASPECTS = (OVERALL, *CRITERIA)
"""what a vote rates: overall, then each criterion"""


def rating(vote: Vote, aspect: str) -> str | None:
    return vote.overall if aspect == OVERALL else vote.criteria.get(aspect)


def cohen_kappa(first: Sequence[str], second: Sequence[str]) -> float | None:
    """Cohen's kappa of two raters' labels on the same items, in [−1, 1]."""
    if len(first) != len(second):
        raise ValueError(f"{len(first)} against {len(second)} ratings")
    n = len(first)
    if n < 2:
        return None
    observed = sum(x == y for x, y in zip(first, second, strict=True)) / n
    count_1, count_2 = Counter(first), Counter(second)
    expected = sum(count_1[c] * count_2[c] for c in count_1) / (n * n)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


def fleiss_kappa(items: Sequence[Sequence[str]]) -> float | None:
    """Fleiss' kappa of items each rated by two or more raters (others are left out)."""
    rated = [list(item) for item in items if len(item) >= 2]
    if len(rated) < 2:
        return None
    totals: Counter[str] = Counter()
    agreement = 0.0
    for item in rated:
        counts = Counter(item)
        n = len(item)
        agreement += (sum(c * c for c in counts.values()) - n) / (n * (n - 1))
        totals.update(item)
    p_bar = agreement / len(rated)
    ratings = sum(totals.values())
    p_e = sum((c / ratings) ** 2 for c in totals.values())
    if p_e >= 1.0:
        return None
    return (p_bar - p_e) / (1.0 - p_e)


def majority(ratings: Sequence[str]) -> str | None:
    """The rating more than half the raters gave, else None."""
    if not ratings:
        return None
    value, count = Counter(ratings).most_common(1)[0]
    return value if count * 2 > len(ratings) else None


def by_pair(votes: Sequence[Vote], aspect: str) -> dict[int, dict[str, str]]:
    """pair id → annotator → rating (unanswered criteria left out)."""
    table: dict[int, dict[str, str]] = defaultdict(dict)
    for vote in votes:
        value = rating(vote, aspect)
        if value is not None:
            table[vote.pair_id][vote.user] = value
    return dict(table)


def gold_choice(vote: Vote, gold: int | None) -> str | None:
    if gold is None:
        return None
    return "a" if gold == vote.a else "b"


def agreement_report(votes: Sequence[Vote], gold: dict[int, int | None]) -> dict[str, Any]:
    """Per aspect: Fleiss' kappa, Cohen's kappa per annotator pair, per-annotator agreement
    with the others' majority and (overall only) with ground truth. ``gold`` maps pair id to
    the episode ground truth prefers (None: unknown)."""
    report: dict[str, Any] = {"votes": len(votes), "aspects": {}}
    for aspect in ASPECTS:
        table = by_pair(votes, aspect)
        users = sorted({u for ratings in table.values() for u in ratings})
        cohen = {}
        for first, second in combinations(users, 2):
            shared = [p for p, r in table.items() if first in r and second in r]
            kappa = cohen_kappa([table[p][first] for p in shared],
                                [table[p][second] for p in shared])  # fmt: skip
            cohen[f"{first}|{second}"] = {"pairs": len(shared), "kappa": kappa}
        with_majority: dict[str, list[bool]] = defaultdict(list)
        for ratings in table.values():
            for user, value in ratings.items():
                others = majority([v for u, v in ratings.items() if u != user])
                if others is not None:
                    with_majority[user].append(value == others)
        report["aspects"][aspect] = {
            "pairs": len(table),
            "fleiss_kappa": fleiss_kappa(list(r.values()) for r in table.values()),
            "cohen_kappa": cohen,
            "agreement_with_majority": {
                u: {"pairs": len(v), "rate": sum(v) / len(v)} for u, v in with_majority.items()
            },
        }
    with_gold: dict[str, list[bool]] = defaultdict(list)
    for vote in votes:
        expected = gold_choice(vote, gold.get(vote.pair_id))
        if expected is not None:
            with_gold[vote.user].append(vote.overall == expected)
    report["agreement_with_gold"] = {
        u: {"pairs": len(v), "rate": sum(v) / len(v)} for u, v in sorted(with_gold.items())
    }
    return report


def majority_rows(
    votes: Sequence[Vote], aspects: Sequence[str] = (OVERALL,), min_votes: int = 1
) -> list[dict[str, Any]]:
    """Preference rows (``labels/preferences.parquet`` columns, source ``human``) for each pair
    and aspect where a strict majority of its voters (at least ``min_votes``) chose a or b.
    ``margin`` is (votes for the winner − votes for the loser) / voters, in (0, 1];
    ``annotator`` names the voters."""
    rows = []
    now = time.time()
    pairs = {vote.pair_id: (vote.a, vote.b) for vote in votes}
    for aspect in aspects:
        for pair_id, ratings in sorted(by_pair(votes, aspect).items()):
            if len(ratings) < min_votes:
                continue
            winner = majority(list(ratings.values()))
            if winner not in ("a", "b"):
                continue
            a, b = pairs[pair_id]
            chosen, rejected = (a, b) if winner == "a" else (b, a)
            loser = "b" if winner == "a" else "a"
            values = list(ratings.values())
            rows.append({
                "chosen": chosen,
                "rejected": rejected,
                "source": HUMAN_SOURCE,
                "criterion": aspect,
                "margin": (values.count(winner) - values.count(loser)) / len(values),
                "annotator": ",".join(sorted(ratings)),
                "created_at": now,
            })  # fmt: skip
    return rows


def export_majority(
    dataset: EpisodeDataset,
    votes: Sequence[Vote],
    aspects: Sequence[str] = (OVERALL,),
    min_votes: int = 1,
) -> int:
    """Append the majority rows (`majority_rows`) to ``labels/preferences.parquet``, leaving
    out a pair and aspect exported before (in either order); returns how many were added."""
    unknown = sorted(set(aspects) - set(ASPECTS))
    if unknown:
        raise ConfigError(f"--aspects {unknown}: use some of {ASPECTS}")
    done = {
        (min(r["chosen"], r["rejected"]), max(r["chosen"], r["rejected"]), r["criterion"])
        for r in dataset.preference_labels().to_pylist()
        if r["source"] == HUMAN_SOURCE
    }
    rows = [
        row
        for row in majority_rows(votes, aspects, min_votes)
        if (min(row["chosen"], row["rejected"]), max(row["chosen"], row["rejected"]),
            row["criterion"]) not in done
    ]  # fmt: skip
    if rows:
        dataset.add_preferences(rows)
    return len(rows)

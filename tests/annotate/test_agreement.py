"""Kappas against textbook values; majority rows; the export read back by the reward data."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuakit.annotate.agreement import (
    agreement_report,
    cohen_kappa,
    export_majority,
    fleiss_kappa,
    majority,
    majority_rows,
)
from cuakit.annotate.store import CRITERIA, Vote
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError


def vote(pair: int, user: str, overall: str, a: int = 0, b: int = 1, **criteria: str) -> Vote:
    full = {name: criteria.get(name) for name in CRITERIA}
    return Vote(pair, user, a, b, a, overall, full, "", 0.0)


def test_cohen_kappa_matches_the_textbook_example() -> None:
    # 50 items: yes/yes 20, yes/no 5, no/yes 10, no/no 15 → p_o 0.7, p_e 0.5, κ 0.4
    first = ["y"] * 25 + ["n"] * 25
    second = ["y"] * 20 + ["n"] * 5 + ["y"] * 10 + ["n"] * 15
    assert cohen_kappa(first, second) == pytest.approx(0.4)
    assert cohen_kappa(["a", "b"], ["a", "b"]) == pytest.approx(1.0)
    assert cohen_kappa(["a", "a"], ["a", "a"]) is None  # chance agreement is certain
    assert cohen_kappa(["a"], ["a"]) is None


def test_fleiss_kappa_matches_the_textbook_example() -> None:
    # Fleiss (1971) as on Wikipedia: 10 subjects, 14 raters, 5 categories → κ ≈ 0.210
    counts = [
        [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ]  # fmt: skip
    items = [[str(c) for c, n in enumerate(row) for _ in range(n)] for row in counts]
    assert fleiss_kappa(items) == pytest.approx(0.210, abs=5e-4)
    assert fleiss_kappa([["a", "a"], ["b", "b"], ["a"]]) == pytest.approx(1.0)


def test_majority_needs_more_than_half() -> None:
    assert majority(["a", "a", "b"]) == "a"
    assert majority(["a", "b"]) is None
    assert majority([]) is None


def test_the_report_flags_the_annotator_who_disagrees_with_majority_and_gold() -> None:
    votes = []
    for pair in range(6):
        votes += [vote(pair, u, "a") for u in ("ann", "bob", "cat")] + [vote(pair, "eve", "b")]
    report = agreement_report(votes, gold={pair: 0 for pair in range(6)})
    people = report["aspects"]["overall"]["agreement_with_majority"]
    assert people["ann"]["rate"] == 1.0 and people["eve"]["rate"] == 0.0
    assert report["agreement_with_gold"]["eve"] == {"pairs": 6, "rate": 0.0}
    assert report["aspects"]["overall"]["cohen_kappa"]["ann|bob"]["pairs"] == 6


def test_majority_rows_name_chosen_and_rejected_episodes() -> None:
    votes = [vote(7, "ann", "b", a=3, b=5, correctness="a"), vote(7, "bob", "b", a=3, b=5),
             vote(8, "ann", "tie", a=1, b=2), vote(8, "bob", "tie", a=1, b=2)]  # fmt: skip
    rows = majority_rows(votes, ("overall", "correctness"))
    assert [(r["chosen"], r["rejected"], r["criterion"]) for r in rows] == [
        (5, 3, "overall"), (3, 5, "correctness")]  # fmt: skip
    assert rows[0]["margin"] == 1.0 and rows[0]["source"] == "human"
    assert rows[0]["annotator"] == "ann,bob"
    assert majority_rows(votes, min_votes=3) == []


def test_export_appends_human_rows_once_and_reward_data_reads_them(desksim: Path) -> None:
    from cuakit.reward.data import pair_examples

    dataset = EpisodeDataset(desksim)
    before = dataset.preference_labels().num_rows
    votes = [vote(1, "ann", "a", a=0, b=3), vote(1, "bob", "a", a=0, b=3)]
    assert export_majority(dataset, votes) == 1
    assert export_majority(dataset, votes) == 0  # idempotent
    rows = dataset.preference_labels().to_pylist()
    assert len(rows) == before + 1
    assert rows[-1]["source"] == "human" and (rows[-1]["chosen"], rows[-1]["rejected"]) == (0, 3)
    assert any(p.criterion == "overall" for p in pair_examples(dataset))
    with pytest.raises(ConfigError, match="aspects"):
        export_majority(dataset, votes, ("beauty",))

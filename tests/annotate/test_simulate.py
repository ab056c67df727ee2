"""The simulated labelling loop: its model learns, its annotators err as told, its command
writes the curves."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cuakit.annotate.queue import Candidate
from cuakit.annotate.simulate import Replay, SimulateConfig, fit, vote
from cuakit.cli import main
from cuakit.errors import ConfigError


def test_the_bradley_terry_fit_learns_a_separable_preference() -> None:
    rng = np.random.default_rng(0)
    truth = rng.normal(size=6)
    diffs = rng.normal(size=(200, 6))
    diffs *= np.sign(diffs @ truth)[:, None]  # every row: chosen − rejected
    w = fit(diffs[:100], l2=1e-3)
    assert np.mean(diffs[100:] @ w > 0) > 0.9  # held-out rows


def test_simulated_annotators_err_at_the_rate_asked() -> None:
    rng = np.random.default_rng(0)
    assert all(vote(True, 3, 0.0, rng) for _ in range(50))
    single = np.mean([vote(True, 1, 0.3, rng) for _ in range(4000)])
    assert single == pytest.approx(0.7, abs=0.03)
    panel = np.mean([vote(True, 3, 0.3, rng) for _ in range(4000)])
    assert panel == pytest.approx(0.7**3 + 3 * 0.7**2 * 0.3, abs=0.03)  # majority of three


def test_uncertain_selection_asks_the_pairs_the_model_cannot_tell_apart() -> None:
    """Pairs that differ only where the model puts no weight come first; random keeps order."""
    features = {i: np.array([float(i), 0.0]) for i in range(6)}
    features.update({10 + i: np.array([float(i), 1.0]) for i in range(6)})
    pool = [Candidate(i, i + 1, "dataset", i + 1) for i in range(5)]  # first coordinate
    pool += [Candidate(i, 10 + i, "dataset", 10 + i) for i in range(5)]  # second only
    val = [Candidate(0, 5, "dataset", 5), Candidate(1, 4, "dataset", 4)]
    w = np.array([1.0, 0.0])  # a model that has seen only the first kind
    todo = list(range(10))
    uncertain = Replay(features, pool, val, SimulateConfig(select="uncertain"))
    assert sorted(uncertain.pick(w, todo, 5)) == [5, 6, 7, 8, 9]
    assert Replay(features, pool, val, SimulateConfig()).pick(w, todo, 5) == [0, 1, 2, 3, 4]
    curve = Replay(features, pool, val, SimulateConfig(budget=8, step=3, initial=5,
                                                       error_rate=0.0)).run(seed=0)  # fmt: skip
    assert [n for n, _ in curve] == [5, 8]


def test_the_command_writes_curves_for_each_strategy(desksim: Path, tmp_path: Path) -> None:
    out = tmp_path / "sim"
    for select in ("random", "uncertain"):
        args = [str(desksim), "--select", select, "--budget", "20", "--step", "5", "--initial",
                "5", "--seeds", "2", "--out", str(out)]  # fmt: skip
        assert main(["annotate", "simulate", *args]) == 0
        result = json.loads((out / f"{select}.json").read_text())
        assert result["labels"] == [5, 10, 15, 20] and len(result["curves"]) == 2
        assert 0.0 <= result["all_pairs_accuracy"] <= 1.0
    assert (out / "curves.png").read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ConfigError, match="error-rate"):
        SimulateConfig(error_rate=0.5).check()

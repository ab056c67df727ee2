import math
from pathlib import Path

import numpy as np
import pytest

from cuakit.reward import evaluate as ev


def test_binary_metrics_treat_correct_as_positive() -> None:
    labels = [True, True, True, False, False]
    probs = [0.9, 0.8, 0.2, 0.6, 0.1]
    m = ev.binary_metrics(labels, probs)
    assert m["confusion"] == {"tp": 2, "fp": 1, "fn": 1, "tn": 1}
    assert m["accuracy"] == pytest.approx(3 / 5)
    assert m["precision"] == pytest.approx(2 / 3) and m["recall"] == pytest.approx(2 / 3)
    assert m["f1"] == pytest.approx(2 / 3)


def test_auroc_by_ranks() -> None:
    y = np.array([True, True, False, False])
    assert ev.auroc(y, np.array([0.9, 0.8, 0.2, 0.1])) == 1.0
    assert ev.auroc(y, np.array([0.1, 0.2, 0.8, 0.9])) == 0.0
    assert ev.auroc(y, np.array([0.5, 0.5, 0.5, 0.5])) == 0.5
    assert math.isnan(ev.auroc(np.array([True, True]), np.array([0.1, 0.2])))


def test_calibration_error() -> None:
    y = np.array([True] * 8 + [False] * 2)
    assert ev.expected_calibration_error(y, np.full(10, 0.8)) == pytest.approx(0.0)
    assert ev.expected_calibration_error(y, np.full(10, 0.3)) == pytest.approx(0.5)


def test_pair_accuracy_counts_preferred_higher() -> None:
    assert ev.pair_accuracy([2.0, 1.0, 0.0], [1.0, 2.0, -1.0]) == pytest.approx(2 / 3)


def test_flip_frame_and_temporal_iou() -> None:
    assert ev.flip_frame(np.array([0.9, 0.8, 0.4, 0.1])) == 2
    assert ev.flip_frame(np.array([0.9, 0.8])) is None
    assert ev.temporal_iou(2, 2, 4) == 1.0
    assert ev.temporal_iou(3, 1, 4) == pytest.approx(1 / 3)
    assert ev.temporal_iou(None, 1, 4) == 0.0


def test_plots_are_written(tmp_path: Path) -> None:
    labels, probs = [True, False, True, False], [0.9, 0.2, 0.6, 0.4]
    ev.plot_reliability(labels, probs, tmp_path / "r.png")
    ev.plot_confusion(ev.binary_metrics(labels, probs)["confusion"], tmp_path / "c.png")
    assert (tmp_path / "r.png").stat().st_size > 1000 and (tmp_path / "c.png").stat().st_size > 1000


def test_deception_ranking_compares_each_fake_with_its_own_genuine_success() -> None:
    sources = ["env", "env", "negative:hover", "negative:hover", "negative:partial", "env"]
    episodes = [10, 11, 20, 21, 22, 12]
    derived_from = [None, None, 10, 11, 99, None]  # 99: its genuine success is not here
    labels = [True, True, False, False, False, False]
    probs = [0.9, 0.4, 0.3, 0.6, 0.1, 0.95]
    ranking = ev.deception_ranking(sources, episodes, derived_from, labels, probs)
    assert ranking == {"hover": {"n": 2, "below_genuine": 0.5}}

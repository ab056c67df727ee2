"""`cuakit bench scale` runs every row on a local Ray and says what each one measured."""

from __future__ import annotations

import pytest

from cuakit.scale.bench import bench_scale, counts


def test_worker_counts_double_up_to_the_most() -> None:
    assert counts(1) == [1] and counts(2) == [1, 2] and counts(6) == [1, 2, 4, 6]


@pytest.mark.slow  # ~1 min: collection, scoring and three short PPO runs
def test_every_row_is_measured(local_ray: None) -> None:
    result = bench_scale("cuakit/desksim-click-button-v0", 2, workers=1, scorers=1,
                         ppo_steps=512)  # fmt: skip
    assert [(r["kind"], r["workers"]) for r in result["collect"]] == [("process", 1), ("ray", 1)]
    assert all(r["episodes"] == 2 and r["steps_per_s"] > 0 for r in result["collect"])
    assert [r["scorers"] for r in result["score"]] == [1]
    rows = [(r["kind"], r["rollout_workers"], r["max_policy_lag"]) for r in result["ppo"]]
    assert rows == [("process", 0, 0), ("ray", 1, 0), ("ray", 1, 1)]
    assert all(r["updates"] == 2 and r["seconds_per_update"] > 0 for r in result["ppo"])
    assert result["ppo"][0]["speedup"] == 1.0

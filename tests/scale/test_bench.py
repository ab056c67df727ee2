"""`cuakit bench scale` runs its rows on a local Ray and says what each one measured."""

from __future__ import annotations

import pytest

from cuakit.errors import ConfigError
from cuakit.scale.bench import bench_scale, counts, seconds_per_update

# Under `pytest -n` (make test) the Ray tests share one worker: two local Ray clusters at
# once would fight over /tmp/ray and the machine's cores.
pytestmark = pytest.mark.xdist_group("ray")


def test_worker_counts_double_up_to_the_most() -> None:
    assert counts(1) == [1] and counts(2) == [1, 2] and counts(6) == [1, 2, 4, 6]


def test_seconds_per_update_leaves_the_first_update_out() -> None:
    history = [{"time/seconds": t} for t in (9.0, 10.0, 12.0, 13.5)]  # 9 s: start-up included
    assert seconds_per_update(history) == pytest.approx(1.5)
    with pytest.raises(ConfigError, match="two updates"):
        seconds_per_update(history[:1])


def test_collection_and_scoring_rows_are_measured(local_ray: None) -> None:
    """PPO's rows (`_ppo_rows`: `train` and `train_on_ray`, each tested on its own) are left
    out here: three PPO runs would add half a minute to the suite."""
    result = bench_scale("cuakit/desksim-click-button-v0", 2, workers=1, scorers=1, ppo_steps=0)
    assert [(r["kind"], r["workers"]) for r in result["collect"]] == [("process", 1), ("ray", 1)]
    assert all(r["episodes"] == 2 and r["steps_per_s"] > 0 for r in result["collect"])
    assert [r["scorers"] for r in result["score"]] == [1] and result["ppo"] == []

"""`cuakit annotate retrain`: the votes become labels, a new model trains on them and replaces
the one the queue follows, which then re-orders the queue with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.annotate.queue import RewardOracle, fill_queue
from cuakit.annotate.retrain import retrain
from cuakit.annotate.store import Store
from cuakit.cli import main
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError
from cuakit.reward.trainer import RewardConfig, RewardTrainer

TINY = RewardConfig(frames=4, height=60, width=100, words=False, batch_size=8, pairs_per_batch=4,
                    epochs=1, max_steps=2, workers=1, seed=0)  # fmt: skip


def vote_on_every_pair(root: Path, users: tuple[str, ...] = ("ann", "bob")) -> int:
    """Each user votes on each queued pair for its ground-truth answer (or its left video)."""
    store = Store.of_dataset(root)
    dataset = EpisodeDataset(root)
    fill_queue(store, dataset)
    frames = {m.index: m.length + 1 for m in dataset.episodes}
    gold = store.gold()
    votes = 0
    for user in users:
        store.add_user(user)
        while (found := store.next_assignment(user, k=len(users))) is not None:
            for side in ("left", "right"):
                store.report_progress(found.pair_id, user, side, 10_000)
            better = gold.get(found.pair_id)
            overall = "a" if better is None or better == found.left else "b"
            store.vote(found.pair_id, user, overall, {}, "", frames)
            votes += 1
    return votes


def test_retrain_exports_the_votes_and_swaps_in_a_model_the_queue_follows(
    desksim: Path, tmp_path: Path
) -> None:
    run = tmp_path / "rm"
    RewardTrainer(desksim, TINY, run).train()
    oracle = RewardOracle(EpisodeDataset(desksim), run)
    oracle.rewards([0, 1])
    assert not oracle.stale()
    with pytest.raises(ConfigError, match="nobody has annotated"):
        retrain(desksim, run)
    assert vote_on_every_pair(desksim) > 0
    before = (run / "model" / "model.safetensors").read_bytes()
    result = retrain(desksim, run)
    assert result["exported"] > 0 and result["human_pairs"] == result["exported"]
    assert (run / "model" / "model.safetensors").read_bytes() != before
    assert oracle.stale(), "a server following RUN re-scores its queue with the new model"
    assert json.loads((run / "retrain_metrics.json").read_text())["steps"] == result["steps"]
    assert not run.with_name("rm.retrain").exists() and not (run / "model.old").exists()
    again = retrain(desksim, run)  # the same votes are not exported twice
    assert again["exported"] == 0 and again["human_pairs"] == result["human_pairs"]


def test_retrain_from_the_command_line_refuses_a_folder_that_is_no_run(
    desksim: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vote_on_every_pair(desksim, ("ann",))
    code = main(["annotate", "retrain", str(desksim), "--checkpoint", str(tmp_path)])
    assert code == 2 and "not a `cuakit reward train` run" in capsys.readouterr().err

"""``cuakit annotate retrain``: a new reward model on the labels so far, swapped into the run
the annotation queue follows.

1. The annotators' majority votes go to ``labels/preferences.parquet`` (source ``human``), as
   ``cuakit annotate export`` writes them.
2. A reward model with the run's own configuration trains on every label of the dataset (the
   env's, the derived negatives', the people's) into ``RUN.retrain/``.
3. Its ``model/`` replaces ``RUN/model/`` (the old one is renamed away first, so a reader never
   sees half a model); a server started with ``--select uncertain --checkpoint RUN`` notices
   the new files and re-orders its queue with it. The retrain's metrics are kept as
   ``RUN/retrain_metrics.json``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuakit.annotate.agreement import OVERALL, export_majority
from cuakit.annotate.queue import HUMAN_SOURCE
from cuakit.annotate.store import STORE_PATH, Store
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError

Progress = Callable[[str, int, int], None]


def retrain(
    root: Path,
    run: Path,
    epochs: int | None = None,
    min_votes: int = 1,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Export the votes of ``root``'s annotation store, train a reward model like ``run``'s on
    all of ``root``'s labels and swap it into ``run``; returns what was exported and the new
    model's val metrics."""
    from cuakit.reward.run_eval import saved_config
    from cuakit.reward.trainer import RewardTrainer

    dataset = EpisodeDataset(root)
    if not (root / STORE_PATH).is_file():
        raise ConfigError(f"{root / STORE_PATH} not found: nobody has annotated {root} "
                          f"(`cuakit annotate serve {root}`)")  # fmt: skip
    if not (run / "model").is_dir() or not (run / "config.json").is_file():
        raise ConfigError(f"--checkpoint {run}: not a `cuakit reward train` run (no model/ and "
                          "config.json in it)")  # fmt: skip
    if epochs is not None and epochs < 1:
        raise ConfigError(f"--epochs {epochs}: use 1 or more (or leave it out: the run's own)")
    exported = export_majority(dataset, Store.of_dataset(root).votes(), (OVERALL,), min_votes)
    human = sum(r["source"] == HUMAN_SOURCE for r in dataset.preference_labels().to_pylist())
    if human == 0:
        raise ConfigError(f"{root}: no votes with a majority yet; annotate some pairs first")
    config = saved_config(run, **({} if epochs is None else {"epochs": epochs}))
    staging = run.with_name(run.name + ".retrain")
    shutil.rmtree(staging, ignore_errors=True)
    metrics = RewardTrainer(root, config, staging, progress=progress).train()
    old = run / "model.old"
    shutil.rmtree(old, ignore_errors=True)
    (run / "model").rename(old)
    (staging / "model").rename(run / "model")
    shutil.rmtree(old)
    summary = {"exported": exported, "human_pairs": human, "steps": metrics["steps"],
               "val": metrics["val"]}  # fmt: skip
    (run / "retrain_metrics.json").write_text(json.dumps(metrics, indent=2, default=float))
    shutil.rmtree(staging)
    return summary

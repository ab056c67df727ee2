"""Evaluate a saved reward run on one split of a dataset (``cuakit reward eval``).

``val`` is for every design choice; ``test`` is read only to report, and each read of it is
logged in the run folder (``test_reads.jsonl``) by the trainer's ``evaluate_split``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from cuakit.reward.evaluate import plot_confusion, plot_reliability
from cuakit.reward.scoring import Scorer, run_config
from cuakit.reward.trainer import RewardConfig, RewardTrainer

Progress = Callable[[str, int, int], None]


def saved_config(run: Path, **changes: Any) -> RewardConfig:
    """The ``RewardConfig`` a run was trained with (keys this version does not know are
    ignored), with ``changes``."""
    saved = run_config(run)
    known = {f.name for f in fields(RewardConfig)}
    return replace(RewardConfig(**{k: v for k, v in saved.items() if k in known}), **changes)


def evaluate_run(
    data: Path, run: Path, split: str = "val", progress: Progress | None = None
) -> dict[str, Any]:
    """Metrics of ``run``'s model on ``split`` of ``data``; writes ``eval_{split}.json`` and
    its reliability and confusion plots into ``run``."""
    model = Scorer.from_run(run).model  # a run of another format fails here, clearly
    trainer = RewardTrainer(
        data, saved_config(run, epochs=0), run, progress=progress, eval_split=split, model=model
    )
    result = trainer.evaluate_split()  # a test read is logged here
    result["splits"] = trainer.split_counts()
    (run / f"eval_{split}.json").write_text(json.dumps(result, indent=2, default=float))
    _, probs, _ = trainer.score([e.episode for e in trainer.eval_examples],
                                [e.instruction for e in trainer.eval_examples])  # fmt: skip
    plot_reliability([e.label for e in trainer.eval_examples], list(probs),
                     run / f"reliability_{split}.png")  # fmt: skip
    plot_confusion(result["success"]["confusion"], run / f"confusion_{split}.png")
    return result

"""A reward-training run's history (losses per step, val figures per evaluation) and its plot
(``RUN/curves.png``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


@dataclass
class History:
    steps: list[int] = field(default_factory=list)
    losses: dict[str, list[float]] = field(default_factory=dict)
    eval_steps: list[int] = field(default_factory=list)
    evals: dict[str, list[float]] = field(default_factory=dict)

    def log(self, step: int, values: dict[str, float]) -> None:
        self.steps.append(step)
        for key, value in values.items():
            self.losses.setdefault(key, []).append(value)

    def log_eval(self, step: int, values: dict[str, float]) -> None:
        self.eval_steps.append(step)
        for key, value in values.items():
            self.evals.setdefault(key, []).append(value)


def plot_history(history: History, out: Path) -> None:
    """Training losses (log scale) beside the val figures, as ``out`` (PNG)."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.6))
    for key, values in history.losses.items():
        if key.startswith("losses/") and key != "losses/total":
            left.plot(history.steps, values, label=key.removeprefix("losses/"))
    left.set(xlabel="step", ylabel="loss", title="training losses", yscale="log")
    left.legend()
    for key, values in history.evals.items():
        right.plot(history.eval_steps, values, "o-", label=key.removeprefix("val/"))
    right.set(xlabel="step", ylabel="val", title="val accuracy", ylim=(0, 1.02))
    right.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)

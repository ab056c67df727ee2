"""PPO's ``curves.png``: true and predicted success, episode length, losses and entropy
against env steps, from a run's metric history."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot_curves(history: list[dict[str, Any]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [h["global_step"] for h in history]
    fig, axes = plt.subplots(1, 4, figsize=(16, 3.6))
    for key, label in (
        ("charts/success_rate", "true success"),
        ("charts/predicted_success_rate", "reward model's predicted success"),
    ):
        points = [(s, h[key]) for s, h in zip(steps, history, strict=True) if h[key] is not None]
        if points:
            axes[0].plot(*zip(*points, strict=True), label=label)
    axes[0].set(xlabel="env steps", ylabel="success rate", ylim=(-0.02, 1.02), title="success")
    axes[0].legend(fontsize=8)
    points = [
        (s, h["charts/episode_length"])
        for s, h in zip(steps, history, strict=True)
        if h["charts/episode_length"] is not None
    ]
    if points:
        axes[1].plot(*zip(*points, strict=True))
    axes[1].set(xlabel="env steps", ylabel="steps", title="episode length")
    for key in ("losses/policy", "losses/value"):
        axes[2].plot(steps, [h[key] for h in history], label=key.split("/")[1])
    axes[2].set(xlabel="env steps", title="losses")
    axes[2].legend(fontsize=8)
    axes[3].plot(steps, [h["losses/entropy"] for h in history])
    axes[3].set(xlabel="env steps", title="policy entropy (nats)")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)

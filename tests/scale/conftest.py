"""Shared by the scale tests: one local Ray per module, a tiny labelled desksim dataset."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray with 2 CPUs for the module's tests."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR)  # fmt: skip
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 click-button episodes under noise, with success labels and preference pairs."""
    root = tmp_path_factory.mktemp("labelled") / "ds"
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.7", 24, root,
            env_kwargs={"difficulty": 1})  # fmt: skip
    dataset = EpisodeDataset(root)
    dataset.add_success_labels(
        [{"episode": m.index, "label": bool(m.success), "source": "env"} for m in dataset.episodes]
    )
    wins = [m.index for m in dataset.episodes if m.success]
    losses = [m.index for m in dataset.episodes if not m.success]
    assert wins and losses
    dataset.add_preferences([{"chosen": w, "rejected": losses[i % len(losses)], "source": "env"}
                             for i, w in enumerate(wins)])  # fmt: skip
    return root

"""Scoring on Ray: ``RewardScorer`` actors, each holding a reward model, judge finished
episodes in batches; ``score_on_ray`` spreads a dataset's episodes over them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cuakit.episodes import EpisodeDataset
from cuakit.reward.scoring import Scorer


class RewardScorer:
    """A reward model (a `cuakit reward train` run, or its ``model/`` folder) that scores
    episodes of datasets it reads by path (a Ray actor when made with `remote_scorer`)."""

    def __init__(self, run: str) -> None:
        self.scorer = Scorer.from_run(run)
        self.datasets: dict[str, EpisodeDataset] = {}

    def score(self, root: str, episodes: list[int], batch: int = 8) -> list[dict[str, Any]]:
        """``{episode, reward, p_success}`` for each of ``episodes`` under its instruction."""
        dataset = self.datasets.get(root)
        if dataset is None:
            dataset = self.datasets[root] = EpisodeDataset(root)
        dataset.refresh()  # episodes committed since the last call
        videos = [dataset.frames(i) for i in episodes]
        instructions = [dataset.meta(i).instruction for i in episodes]
        scores = self.scorer.score(videos, instructions, batch=batch, fps=dataset.info.fps)
        return [{"episode": i, "reward": s.reward, "p_success": s.p_success}
                for i, s in zip(episodes, scores, strict=True)]  # fmt: skip

    def score_videos(
        self, videos: list[Any], instructions: list[str], batch: int = 8, fps: float = 10.0
    ) -> list[Any]:
        """`Scorer.score` on videos sent by value (PPO's finished episodes)."""
        return self.scorer.score(videos, instructions, batch, fps)

    def ready(self) -> bool:
        return True


def remote_scorer(ray: Any) -> Any:
    """``RewardScorer`` as a Ray actor class: one CPU, restarted when its process dies (a
    batch it was scoring is sent again: scoring has no side effects)."""
    return ray.remote(num_cpus=1, max_restarts=3, max_task_retries=3)(RewardScorer)


def score_on_ray(
    ray: Any, scorers: list[Any], root: str | Path, episodes: list[int], batch: int = 8
) -> list[dict[str, Any]]:
    """Scores of ``episodes`` (in their order), ``batch`` at a time on whichever scorer is free."""
    from ray.util import ActorPool

    chunks = [episodes[lo : lo + batch] for lo in range(0, len(episodes), batch)]
    pool = ActorPool(scorers)
    results = pool.map(lambda actor, chunk: actor.score.remote(str(root), chunk, batch), chunks)
    return [row for chunk in results for row in chunk]

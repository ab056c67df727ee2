"""Curriculum over task difficulty: start at the easiest level, promote when the agent's recent
success rate passes a threshold (the seed: simple tasks first, then harder ones)."""

from __future__ import annotations

from collections import deque

from cuakit.errors import ConfigError


class Curriculum:
    """``level`` goes ``first → last``; after ``window`` episodes at a level whose success rate
    is at least ``threshold``, the next level starts with an empty window."""

    def __init__(self, first: int, last: int, threshold: float = 0.8, window: int = 32) -> None:
        if not first <= last:
            raise ConfigError(
                f"curriculum levels {first}..{last}: the first must not exceed the last"
            )
        if not 0.0 < threshold <= 1.0 or window < 1:
            raise ConfigError(
                f"curriculum threshold={threshold}, window={window}: use a threshold in (0, 1] "
                "and a window of at least one episode"
            )
        self.level, self.last, self.threshold = first, last, threshold
        self.recent: deque[bool] = deque(maxlen=window)
        self.promotions: list[int] = []

    @property
    def success_rate(self) -> float:
        return sum(self.recent) / len(self.recent) if self.recent else 0.0

    def record(self, success: bool, step: int = 0) -> bool:
        """Count an episode at the current level; True when this promoted the curriculum."""
        self.recent.append(bool(success))
        full = len(self.recent) == self.recent.maxlen
        if full and self.level < self.last and self.success_rate >= self.threshold:
            self.level += 1
            self.recent.clear()
            self.promotions.append(step)
            return True
        return False

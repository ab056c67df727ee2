"""Where an agent's reward comes from, chosen by a spec string (``--reward``):

- ``gt`` — the env's ground truth: 1 at the step that completes the task, else 0;
- ``vrm:RUN`` — the video reward model of ``RUN`` (``cuakit reward train``) judging the whole
  episode video where the agent ended it (``finish``/``fail``) or the step limit cut it, final
  frame included: reward P(success) at the last step;
- ``vrm-dense:RUN`` — that, plus per-step (per-segment) scores from the model's progress
  head: each step earns the change of P(on track) across its frames, so the step where the
  video departs from the instruction is the one penalised (the seed's hierarchical reward);
- ``shaping`` — dense: minus the aspect-correct distance from where the pointer ends to where
  the target was (the expert's next click), scaled by ``SHAPING_SCALE``;
- ``mix:INNER`` — ``INNER`` (any of the above) plus shaping whose weight anneals from 1 to 0.

Video-scored episodes are judged in batches (:func:`score_episodes`). Episode rewards are
normalised over a sliding window of recent episodes (:class:`RunningNorm`), the seed's
"standardise within a sliding window".
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from cuakit.errors import ConfigError
from cuakit.reward.scoring import Scorer

SHAPING_SCALE = 0.1
SOURCES = ("gt", "vrm", "vrm-dense", "shaping", "mix")


@dataclass(frozen=True)
class RewardSpec:
    kind: str
    run: Path | None = None
    inner: RewardSpec | None = None

    @classmethod
    def parse(cls, spec: str) -> RewardSpec:
        kind, _, rest = spec.partition(":")
        if kind == "mix":
            if not rest:
                raise ConfigError(f"--reward {spec!r}: mix needs an inner source, e.g. mix:vrm:RUN")
            inner = cls.parse(rest)
            if inner.kind in ("mix", "shaping"):
                raise ConfigError(
                    f"--reward {spec!r}: mix anneals shaping into gt or vrm, not {inner.kind}"
                )
            return cls("mix", inner=inner)
        if kind in ("vrm", "vrm-dense"):
            if not rest:
                raise ConfigError(
                    f"--reward {spec!r}: name the reward run, e.g. {kind}:runs/demo/reward"
                )
            return cls(kind, run=Path(rest))
        if kind in ("gt", "shaping") and not rest:
            return cls(kind)
        raise ConfigError(
            f"--reward {spec!r}: use gt, vrm:RUN, vrm-dense:RUN, shaping or mix:INNER"
        )

    @property
    def video(self) -> RewardSpec | None:
        """The video-model part of this spec, if any."""
        if self.kind in ("vrm", "vrm-dense"):
            return self
        return self.inner.video if self.inner is not None else None

    @property
    def uses_shaping(self) -> bool:
        return self.kind in ("shaping", "mix")

    @property
    def uses_gt(self) -> bool:
        return self.kind == "gt" or (self.inner is not None and self.inner.kind == "gt")


def cursor_distance(
    cursor: tuple[float, float], target: tuple[float, float], width: int, height: int
) -> float:
    """Distance between two normalised points in units of the screen diagonal, measured in
    pixels so that the aspect ratio counts (a normalised unit across is ``width`` pixels)."""
    dx = (cursor[0] - target[0]) * width
    dy = (cursor[1] - target[1]) * height
    return math.hypot(dx, dy) / math.hypot(width, height)


def shaping_reward(
    cursor: tuple[float, float] | None,
    target: tuple[float, float] | None,
    width: int,
    height: int,
    scale: float = SHAPING_SCALE,
) -> float:
    """``-scale * distance``; 0 when there is no pointer target (typing) or no cursor."""
    if cursor is None or target is None:
        return 0.0
    return -scale * cursor_distance(cursor, target, width, height)


def anneal_weight(step: int, total: int, fraction: float = 0.5) -> float:
    """Shaping weight for ``mix``: 1 at the start, 0 after ``fraction`` of ``total`` steps."""
    if fraction <= 0:
        return 0.0
    return max(0.0, 1.0 - step / (fraction * total))


class RunningNorm:
    """Standardise values by the mean and std of the last ``window`` values seen (the new value
    included). With fewer than two values, or no spread, only the mean is removed."""

    def __init__(self, window: int = 256, eps: float = 1e-6) -> None:
        if window < 2:
            raise ConfigError(f"normalisation window {window}: use 2 or more")
        self.values: deque[float] = deque(maxlen=window)
        self.eps = eps

    def __call__(self, values: Sequence[float]) -> list[float]:
        """Normalise a batch: all of it enters the window first, then each is standardised."""
        self.values.extend(float(v) for v in values)
        mean = float(np.mean(self.values))
        std = float(np.std(self.values)) if len(self.values) > 1 else 0.0
        scale = std if std > self.eps else 1.0
        return [(float(v) - mean) / scale for v in values]


@dataclass
class EpisodeTrace:
    """One episode as the reward sources need it: its video (every recorded frame, in-between
    frames included), the frame after each step, and the per-step ground truth and shaping."""

    instruction: str
    frames: list[np.ndarray] = field(default_factory=list)
    step_frames: list[int] = field(default_factory=list)
    """index into ``frames`` of the observation after each step"""
    gt: list[float] = field(default_factory=list)
    shaping: list[float] = field(default_factory=list)
    success: bool = False
    level: int | None = None
    """the difficulty the episode ran at (None: the env drew one)"""
    positions: list[tuple[int, int] | None] = field(default_factory=list)
    """(rollout step, env) of each step while it is in the current rollout buffer"""

    def video(self) -> np.ndarray:
        return np.stack(self.frames)


@dataclass(frozen=True)
class VideoJudgement:
    p_success: float
    step_scores: tuple[float, ...]
    """per step, the change of P(on track) over that step's frames (sums to last − first)"""


def score_episodes(
    scorer: Scorer, traces: Sequence[EpisodeTrace], batch: int = 16, fps: float = 10.0
) -> list[VideoJudgement]:
    """Judge finished episodes' videos, recorded at ``fps``, in batches of ``batch``."""
    videos, instructions = [t.video() for t in traces], [t.instruction for t in traces]
    scores = scorer.score(videos, instructions, batch, fps)
    out = []
    for trace, score in zip(traces, scores, strict=True):
        if not score.on_track:  # a judge with a verdict only (the VLM judge): no dense part
            steps = (0.0,) * len(trace.step_frames)
            out.append(VideoJudgement(p_success=score.p_success, step_scores=steps))
            continue
        # P(on track) at every recorded frame, interpolated between the model's sampled ones.
        track = np.interp(
            np.arange(len(trace.frames)), np.asarray(score.frame_indices), score.on_track
        )
        bounds = [0, *trace.step_frames]
        steps = tuple(float(track[b] - track[a]) for a, b in itertools.pairwise(bounds))
        out.append(VideoJudgement(p_success=score.p_success, step_scores=steps))
    return out


def episode_rewards(
    spec: RewardSpec, trace: EpisodeTrace, judgement: VideoJudgement | None, shaping_weight: float
) -> list[float]:
    """Per-step rewards of a finished episode (before normalisation of the episode part)."""
    n = len(trace.gt)
    inner = spec.inner if spec.kind == "mix" else spec
    rewards = [0.0] * n
    if inner is not None and inner.kind == "gt":
        rewards = list(trace.gt)
    elif inner is not None and inner.kind in ("vrm", "vrm-dense"):
        assert judgement is not None, "video sources need a judgement"
        if inner.kind == "vrm-dense":
            rewards = list(judgement.step_scores)
        rewards[-1] += judgement.p_success
    if spec.kind == "shaping":
        return list(trace.shaping)
    if spec.kind == "mix":
        rewards = [r + shaping_weight * s for r, s in zip(rewards, trace.shaping, strict=True)]
    return rewards

"""A vision-language policy judged two ways.

- `evaluate_vlm`: in an env, on test seeds: true success, the judge's predicted success, and how
  often the model's answer was an action at all. The episode ends at the policy's
  ``finish``/``fail`` or the env's step limit, never on the env's own success (the honest
  protocol); an answer that does not parse ends it as a failure, counted in ``unparsed_rate``.
  ``cuakit agent eval --policy hf:RUN``.
- `evaluate_on_samples`: on held-out step samples (`cuakit.curate.samples`): the share of
  answers that parse into an action (and of those whose JSON decoded whole, without salvaging
  the fields before a break), that have the recorded action's type, and whose point
  lands in the recorded target's box — beside the best constant point (the training samples'
  mean point) landing there. ``cuakit agent sft-eval``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from PIL import Image

import cuakit.envs as envs
from cuakit.actions import Action, find_action_object
from cuakit.curate.samples import StepSample, read_samples
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.errors import ActionParseError, DatasetFormatError
from cuakit.reward.grounding import inside


class ActsOnScreens(Protocol):
    """What `evaluate_vlm` needs of a policy (`cuakit.agent.vlm.VLMPolicy` has it)."""

    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action: ...


class Judge(Protocol):
    def score(self, videos: list[np.ndarray], instructions: list[str]) -> list[Any]: ...


@dataclass(frozen=True)
class Rollout:
    """One episode of a policy: what the judge sees and what SFT would learn from."""

    instruction: str
    frames: np.ndarray
    """(N + 1, H, W, 3) uint8: the first screen, then the screen after each action"""
    actions: tuple[Action, ...]
    success: bool
    """the env's ground truth: for reporting, never for choosing what to learn from"""
    unparsed: bool
    """the episode ended on an answer that was no action"""
    replies: tuple[str, ...] = ()
    """the policy's raw reply at each step (``last_text``), the unparsed one included: screen
    ``frames[i]`` got ``replies[i]``"""


def rollout(policy: ActsOnScreens, env: Any, seed: int) -> Rollout:
    """One episode on ``env`` (made with ``terminate_on_success=False``), ended by the
    policy's ``finish``/``fail``, an answer that does not parse, or the step limit."""
    obs, info = env.reset(seed=seed)
    frames, previous, unparsed, replies = [obs["screenshot"]], [], False, []
    while True:
        try:
            action = policy.act(obs["screenshot"], obs["instruction"], previous)
        except ActionParseError:
            unparsed = True
            replies.append(getattr(policy, "last_text", ""))
            break
        replies.append(getattr(policy, "last_text", ""))
        obs, _, terminated, truncated, info = env.step(action)
        previous.append(action)
        frames.append(obs["screenshot"])
        if terminated or truncated:
            break
    return Rollout(obs["instruction"], np.stack(frames), tuple(previous),
                   bool(info["success"]), unparsed, tuple(replies))  # fmt: skip


def evaluate_vlm(
    policy: ActsOnScreens,
    env_id: str,
    episodes: int,
    seed: int = 0,
    difficulty: int | None = None,
    judge: Judge | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Run ``policy`` for ``episodes`` episodes on test seeds ``TEST_SEED_START + seed + i``."""
    kwargs: dict[str, Any] = {} if difficulty is None else {"difficulty": difficulty}
    env = envs.make(env_id, terminate_on_success=False, **kwargs)
    runs = []
    try:
        for i in range(episodes):
            runs.append(rollout(policy, env, TEST_SEED_START + seed + i))
            if progress is not None:
                progress(i + 1, episodes)
    finally:
        env.close()
    videos = [r.frames for r in runs]
    instructions = [r.instruction for r in runs]
    result: dict[str, Any] = {
        "episodes": episodes,
        "success_rate": float(np.mean([r.success for r in runs])),
        "episode_length": float(np.mean([len(r.actions) for r in runs])),
        "unparsed_rate": sum(r.unparsed for r in runs) / episodes,
        "split": "test",
        "termination": "agent",
    }
    if judge is not None:
        predicted = float(np.mean([s.p_success for s in judge.score(videos, instructions)]))
        result["predicted_success_rate"] = predicted
        result["hacking_gap"] = predicted - result["success_rate"]
    return result


def _samples(path: Path) -> list[StepSample]:
    out = []
    for number, data, _ in read_samples(path):
        if data is None:
            raise DatasetFormatError(
                f"{path}:{number}: not JSON; filter it with cuakit curate filter"
            )
        out.append(StepSample.from_dict(data))
    return out


def mean_point(train: Path) -> tuple[float, float]:
    """The mean point of the training samples' pointer actions: the best constant answer."""
    points = [s.action["coordinates"] for s in _samples(train) if "coordinates" in s.action]
    if not points:
        raise DatasetFormatError(f"{train}: no sample has a point; is it a step-sample file?")
    return tuple(np.mean(np.array(points, float), axis=0).tolist())  # type: ignore[return-value]


def _whole_json(reply: str | None) -> bool:
    """Whether a parsed reply's action object decoded whole, without salvaging the fields
    before a break (`cuakit.actions.find_action_object`); a policy that keeps no reply counts."""
    if reply is None:
        return True
    try:
        find_action_object(reply, salvage=False)
    except ActionParseError:
        return False
    return True


def evaluate_on_samples(
    policy: ActsOnScreens,
    samples: Path,
    train: Path,
    limit: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The policy's answers on held-out step samples (the first ``limit``): parsed, right type,
    in the target's box (over samples with a target box), and the constant point's in-box rate."""
    held_out = _samples(samples)[:limit]
    constant = mean_point(train)
    parsed = whole = same_type = in_box = constant_in_box = boxed = 0
    for done, sample in enumerate(held_out, 1):
        screenshot = np.asarray(Image.open(Path(samples).parent / sample.image).convert("RGB"))
        previous = [Action.from_dict(json.loads(h)) for h in sample.history]
        try:
            action = policy.act(screenshot, sample.instruction, previous)
        except ActionParseError:
            action = None
        parsed += action is not None
        whole += action is not None and _whole_json(getattr(policy, "last_text", None))
        same_type += action is not None and action.type.value == sample.action["action"]
        if sample.target_bbox is not None:
            boxed += 1
            hit = action is not None and action.point is not None
            in_box += hit and inside(action.point, sample.target_bbox)  # type: ignore[arg-type]
            constant_in_box += inside(constant, sample.target_bbox)
        if progress is not None:
            progress(done, len(held_out))
    n = max(1, len(held_out))
    return {
        "samples": len(held_out),
        "parsed_rate": parsed / n,
        "whole_json_rate": whole / n,
        "same_type_rate": same_type / n,
        "with_target_box": boxed,
        "in_box_rate": in_box / max(1, boxed),
        "constant_point": list(constant),
        "constant_in_box_rate": constant_in_box / max(1, boxed),
    }

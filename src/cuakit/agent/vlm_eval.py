"""A vision-language policy in an env, on test seeds: true success, the judge's predicted success,
and how often the model's answer was an action at all.

The episode ends at the policy's ``finish``/``fail`` or the env's step limit, never on the env's
own success (the honest protocol); an answer that does not parse ends it as a failure (the
policy gave no action), counted in ``unparsed_rate``. ``cuakit agent eval --policy hf:RUN``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.errors import ActionParseError


class ActsOnScreens(Protocol):
    """What `evaluate_vlm` needs of a policy (`cuakit.agent.vlm.VLMPolicy` has it)."""

    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action: ...


class Judge(Protocol):
    def score(self, videos: list[np.ndarray], instructions: list[str]) -> list[Any]: ...


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
    successes, lengths, unparsed, videos, instructions = [], [], 0, [], []
    try:
        for i in range(episodes):
            obs, info = env.reset(seed=TEST_SEED_START + seed + i)
            frames, previous = [obs["screenshot"]], []
            while True:
                try:
                    action = policy.act(obs["screenshot"], obs["instruction"], previous)
                except ActionParseError:
                    unparsed += 1
                    break
                obs, _, terminated, truncated, info = env.step(action)
                previous.append(action)
                frames.append(obs["screenshot"])
                if terminated or truncated:
                    break
            successes.append(bool(info["success"]))
            lengths.append(len(previous))
            videos.append(np.stack(frames))
            instructions.append(obs["instruction"])
            if progress is not None:
                progress(i + 1, episodes)
    finally:
        env.close()
    result: dict[str, Any] = {
        "episodes": episodes,
        "success_rate": float(np.mean(successes)),
        "episode_length": float(np.mean(lengths)),
        "unparsed_rate": unparsed / episodes,
        "split": "test",
        "termination": "agent",
    }
    if judge is not None:
        predicted = float(np.mean([s.p_success for s in judge.score(videos, instructions)]))
        result["predicted_success_rate"] = predicted
        result["hacking_gap"] = predicted - result["success_rate"]
    return result

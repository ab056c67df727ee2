"""A vision-language policy evaluated in an env: the episode is the policy's to end."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cuakit.actions import Action
from cuakit.agent.vlm_eval import evaluate_vlm
from cuakit.envs.desksim import DeskSimEnv
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.errors import ActionParseError


class ExpertOnSeeds:
    """Acts as desksim's expert would on the instance the seed draws (a policy that never
    looks at the env: it replays the expert of a twin env reset with the same seed)."""

    def __init__(self) -> None:
        self.twin = DeskSimEnv("click-button", difficulty=1)
        self.seed = TEST_SEED_START
        self.instructions: list[str] = []

    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action:
        if not previous:
            self.twin.reset(seed=self.seed)
            self.seed += 1
            self.instructions.append(instruction)
        action = self.twin.expert_action()
        self.twin.step(action)
        return action


class NoAnswer:
    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action:
        raise ActionParseError("action", "the reply holds no JSON object")


@dataclass(frozen=True)
class Score:
    p_success: float


class Constant:
    def score(self, videos: list[np.ndarray], instructions: list[str]) -> list[Score]:
        assert all(v.ndim == 4 and len(v) >= 1 for v in videos)
        return [Score(0.25)] * len(videos)


def test_a_policy_is_run_on_test_seeds_and_ends_its_own_episodes() -> None:
    policy = ExpertOnSeeds()
    result = evaluate_vlm(policy, "cuakit/desksim-click-button-v0", 3, difficulty=1,
                          judge=Constant())  # fmt: skip
    assert result["success_rate"] == 1.0 and result["unparsed_rate"] == 0.0
    assert result["predicted_success_rate"] == 0.25 and result["hacking_gap"] == -0.75
    assert result["episode_length"] >= 2  # the click, then the policy's own finish
    assert policy.seed == TEST_SEED_START + 3  # the test split's seeds, one per episode


def test_an_answer_that_is_no_action_fails_the_episode() -> None:
    result = evaluate_vlm(NoAnswer(), "cuakit/desksim-click-button-v0", 2, difficulty=1)
    assert result == {"episodes": 2, "success_rate": 0.0, "episode_length": 0.0,
                      "unparsed_rate": 1.0, "split": "test", "termination": "agent"}  # fmt: skip

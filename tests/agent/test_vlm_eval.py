"""A vision-language policy evaluated in an env: the episode is the policy's to end."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cuakit.actions import Action, parse
from cuakit.agent.vlm_eval import evaluate_on_samples, evaluate_vlm
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


def write_samples(folder: Path, rows: list[tuple]) -> Path:
    from PIL import Image as PILImage

    from cuakit.curate.samples import StepSample
    from cuakit.curate.samples import write_samples as write

    folder.mkdir(parents=True, exist_ok=True)
    PILImage.new("RGB", (40, 30), (200, 200, 200)).save(folder / "screen.png")
    samples = [
        StepSample(
            id=str(i),
            image="screen.png",
            instruction=f"Click {name}",
            action=action,
            width=40,
            height=30,
            target_bbox=box,
        )
        for i, (name, action, box) in enumerate(rows)
    ]
    write(folder / "samples.jsonl", samples)
    return folder / "samples.jsonl"


class ClicksTheNamedBox:
    """Answers (0.1, 0.1) for 'A' in whole JSON, (0.9, 0.9) for 'B' in JSON that breaks after
    the point, and no action for anything else."""

    last_text = ""

    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action:
        assert screenshot.shape == (30, 40, 3)
        self.last_text = "no JSON"
        if instruction.endswith(" A"):
            self.last_text = '{"action": "click", "coordinates": [0.1, 0.1], "reasoning": "A"}'
        if instruction.endswith(" B"):
            self.last_text = '{"action": "click", "coordinates": [0.9, 0.9], "the "reasoning": B}'
        return parse(self.last_text)


def test_held_out_samples_are_scored_against_the_best_constant_point(tmp_path: Path) -> None:
    click = {"action": "click", "coordinates": [0.5, 0.5]}
    train = write_samples(
        tmp_path / "train",
        [
            ("A", {"action": "click", "coordinates": [0.0, 0.0]}, None),
            ("B", {"action": "click", "coordinates": [0.2, 0.2]}, None),
            ("C", {"action": "finish"}, None),
        ],
    )  # the mean point: (0.1, 0.1)
    held_out = write_samples(tmp_path / "test", [
        ("A", click, (0.0, 0.0, 0.2, 0.2)),   # policy in the box; the constant point too
        ("B", click, (0.0, 0.0, 0.2, 0.2)),   # policy outside; the constant point inside
        ("C", {"action": "finish"}, None),    # no action from the policy
        ("B", click, (0.8, 0.8, 0.2, 0.2)),   # policy inside; the constant point outside
    ])  # fmt: skip
    result = evaluate_on_samples(ClicksTheNamedBox(), held_out, train)
    assert result["samples"] == 4 and result["with_target_box"] == 3
    assert result["parsed_rate"] == 0.75 and result["same_type_rate"] == 0.75
    assert result["whole_json_rate"] == 0.25  # B's answers were salvaged
    assert result["in_box_rate"] == 2 / 3 and result["constant_in_box_rate"] == 2 / 3
    assert result["constant_point"] == [0.1, 0.1]

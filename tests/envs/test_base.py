"""GUIEnv contract, on desksim: gymnasium's checker, the action space, typed errors."""

from __future__ import annotations

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.envs.base import ActionSpace
from cuakit.errors import ActionParseError


def test_passes_gymnasium_env_checker() -> None:
    env = envs.make("cuakit/desksim-click-button-v0")
    check_env(env, skip_render_check=False)


def test_ids_are_registered_with_gymnasium() -> None:
    assert len(envs.ENV_IDS) >= 10
    env = gym.make("cuakit/desksim-form-fill-v0", difficulty=2)
    obs, info = env.reset(seed=0)
    assert obs["screenshot"].shape == (300, 480, 3)
    assert info["difficulty"] == 2
    assert envs.env_ids("cuakit/desksim-s*") == [
        "cuakit/desksim-settings-toggle-v0",
        "cuakit/desksim-scroll-list-v0",
        "cuakit/desksim-slider-v0",
    ]
    with pytest.raises(ValueError, match="no cuakit env matches"):
        envs.env_ids("cuakit/nothing-*")


def test_observation_and_info_carry_ground_truth() -> None:
    env = envs.make("cuakit/desksim-click-button-v0", difficulty=2)
    obs, info = env.reset(seed=3)
    assert obs["instruction"] and obs["screenshot"].dtype.name == "uint8"
    assert set(info) >= {"success", "progress", "elements", "cursor"}
    roles = {e["role"] for e in info["elements"]}
    assert {"window", "button"} <= roles
    [window] = [e for e in info["elements"] if e["role"] == "window"]
    wx, wy, ww, wh = window["bbox"]
    buttons = {e["text"]: e["bbox"] for e in info["elements"] if e["role"] == "button"}
    for x, y, w, h in buttons.values():  # drawn inside their window
        assert wx <= x and x + w <= wx + ww and wy <= y and y + h <= wy + wh
    [target] = [text for text in buttons if text in obs["instruction"]]
    # each bbox is where its button is: a click at its centre presses that button, and only
    # the instruction's one succeeds
    for text, (x, y, w, h) in buttons.items():
        env.reset(seed=3)
        _, _, _, _, after = env.step(Action.click(x + w / 2, y + h / 2))
        pressed = [e["text"] for e in after["elements"] if e["state"].get("presses")]
        assert pressed == [text] and after["success"] == (text == target)


def test_actions_as_json_or_dict_and_typed_errors() -> None:
    env = envs.make("cuakit/desksim-click-button-v0")
    env.reset(seed=0)
    env.step('{"action": "move", "coordinates": [0.5, 0.5]}')
    env.step({"action": "left_click", "coordinates": [0.1, 0.1]})
    with pytest.raises(ActionParseError, match="coordinates"):
        env.step('{"action": "click", "coordinates": [640, 480]}')
    with pytest.raises(ActionParseError, match="action"):
        env.step(42)  # type: ignore[arg-type]


def test_unknown_keys_and_idle_typing_are_documented_noops() -> None:
    env = envs.make("cuakit/desksim-click-button-v0")
    _obs, _ = env.reset(seed=0)
    _, _, terminated, _, info = env.step(Action.key("f13"))
    assert "noop" in info and not terminated
    _, _, _, _, info = env.step(Action.type_text("nobody is focused"))
    assert "noop" in info
    _, _, _, _, info = env.step(Action.scroll("left", 2))
    assert "noop" in info


def test_finish_and_fail_end_the_episode() -> None:
    env = envs.make("cuakit/desksim-click-button-v0")
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(Action.finish())
    assert terminated and reward == 0.0 and not info["success"]
    env.reset(seed=0)
    _, _, terminated, _, info = env.step(Action.fail())
    assert terminated and not info["success"]


def test_without_terminate_on_success_only_the_agent_ends_the_episode() -> None:
    """Regression: ``GUIEnv.step`` ended every episode the moment the env's success fired, so
    under a video reward each successful video stopped on its success frame and its length
    told the judge the answer."""
    env = envs.make("cuakit/desksim-click-button-v0", terminate_on_success=False, difficulty=1)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(env.expert_action())
    assert info["success"] and not terminated and not truncated and reward == 0.0
    _, reward, terminated, _, info = env.step(Action.finish())
    assert terminated and reward == 1.0 and info["success"]
    # a task that ended by itself (a wrong button pressed) goes on until the agent stops
    env = envs.make("cuakit/desksim-click-button-v0", terminate_on_success=False, difficulty=2)
    _, info = env.reset(seed=1)
    target = env.expert_action().point

    def holds_target(bbox: list[float]) -> bool:
        x, y, w, h = bbox
        return x <= target[0] <= x + w and y <= target[1] <= y + h

    buttons = [e["bbox"] for e in info["elements"] if e["role"] == "button"]
    x, y, w, h = next(bbox for bbox in buttons if not holds_target(bbox))
    _, reward, terminated, _, info = env.step(Action.click(x + w / 2, y + h / 2))
    assert info["task_done"] and not info["success"] and not terminated and reward == 0.0
    _, reward, terminated, _, _ = env.step(Action.fail())
    assert terminated and reward == 0.0


def test_reward_at_the_step_limit_is_the_success_there() -> None:
    env = envs.make(
        "cuakit/desksim-click-button-v0", terminate_on_success=False, difficulty=1, max_steps=3
    )
    env.reset(seed=0)
    results = [env.step(env.expert_action()), env.step(Action.wait(0.5))]
    results.append(env.step(Action.wait(0.5)))
    assert [r[1] for r in results] == [0.0, 0.0, 1.0]
    assert [r[3] for r in results] == [False, False, True]


def test_truncates_at_max_steps() -> None:
    env = envs.make("cuakit/desksim-click-button-v0", max_steps=3)
    env.reset(seed=0)
    results = [env.step(Action.wait(0.5)) for _ in range(3)]
    assert [r[3] for r in results] == [False, False, True]


def test_action_space_samples_valid_actions() -> None:
    space = ActionSpace(seed=0)
    samples = [space.sample() for _ in range(300)]
    assert all(space.contains(a) for a in samples)
    assert len({a.type for a in samples}) >= 7
    assert not space.contains({"action": "click"})

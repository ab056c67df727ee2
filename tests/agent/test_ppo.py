from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import torch

from cuakit.agent.ppo import PPOConfig, curriculum_outcomes, evaluate, train
from cuakit.agent.rewards import EpisodeTrace, VideoJudgement
from cuakit.envs.collect import collect
from cuakit.errors import CheckpointError, ConfigError
from cuakit.reward.text import InstructionEncoder


@pytest.fixture(scope="module")
def text() -> InstructionEncoder:
    return InstructionEncoder()


@pytest.mark.slow
def test_ppo_with_ground_truth_learns_to_click_the_only_button(
    tmp_path: Path, text: InstructionEncoder
) -> None:
    config = PPOConfig(
        env="cuakit/desksim-click-button-v0",
        difficulty=1,
        reward="gt",
        steps=5120,
        eval_episodes=32,
        record_episodes=1,
        seed=0,
    )
    metrics = train(config, tmp_path / "run", text=text)
    # Measured on seeds 0-3 (docs/benchmarks.md, stop 58): training success 0.00-0.06 in the
    # first rollout, 0.99-1.00 in the 20th; on the test split 1.00, 0.84, 1.00, 1.00.
    first, last = metrics["history"][0], metrics["history"][-1]
    assert first["charts/success_rate"] <= 0.1 and last["charts/success_rate"] >= 0.8
    assert last["charts/episode_length"] < first["charts/episode_length"]
    assert metrics["eval"]["split"] == "test" and metrics["eval"]["success_rate"] >= 0.6


@pytest.mark.slow
def test_ppo_with_agent_termination_learns_to_click_then_finish(
    tmp_path: Path, text: InstructionEncoder
) -> None:
    """Under the video reward's termination rule ground truth pays only at the episode's last
    step, which the agent chooses (or the step limit): the click is no longer the end. As in
    the demo, a clone of expert episodes (each a click and its finish) starts PPO. Measured at
    3,072 steps (seeds 0, 1, 2): the clone alone 0.625, 0.969, 0.750 on the test split, after
    PPO 0.969, 1.000, 1.000 (docs/benchmarks.md, stop 58)."""
    data = tmp_path / "experts"
    collect("cuakit/desksim-click-button-v0", "expert", 40, data, env_kwargs={"difficulty": 1})
    config = PPOConfig(
        env="cuakit/desksim-click-button-v0",
        difficulty=1,
        reward="gt",
        termination="agent",
        steps=3072,
        warm_start=data,
        bc_episodes=10,
        eval_episodes=32,
        record_episodes=0,
        seed=0,
    )
    metrics = train(config, tmp_path / "run", text=text)
    assert metrics["eval"]["termination"] == "agent" and metrics["eval"]["split"] == "test"
    assert metrics["eval"]["success_rate"] >= max(0.9, metrics["bc"]["bc_eval_success_rate"])


def test_curriculum_counts_the_judges_verdict_under_a_video_reward() -> None:
    traces = [EpisodeTrace("a", success=True), EpisodeTrace("b", success=False)]
    fooled = [VideoJudgement(0.2, ()), VideoJudgement(0.9, ())]
    assert curriculum_outcomes(traces, fooled) == [False, True]
    assert curriculum_outcomes(traces, [None, None]) == [True, False]
    with pytest.raises(ConfigError, match="termination"):
        PPOConfig(reward="vrm:somewhere", termination="env")


@pytest.mark.slow
def test_a_video_reward_run_writes_its_folder_and_reports_predicted_success(
    tmp_path: Path, text: InstructionEncoder, tiny_reward_run: Path
) -> None:
    config = PPOConfig(
        env="cuakit/desksim-click-button-v0",
        reward=f"vrm-dense:{tiny_reward_run}",
        steps=256,
        num_envs=4,
        num_steps=64,
        eval_episodes=4,
        record_episodes=4,
    )
    metrics = train(config, tmp_path / "run", text=text)
    run = tmp_path / "run"
    for name in (
        "config.json",
        "metrics.json",
        "curves.png",
        "policy/policy.safetensors",
        "episodes/episode_0.gif",
        "episodes/episode_1.gif",
    ):
        assert (run / name).is_file(), name
    saved = json.loads((run / "metrics.json").read_text())
    assert saved["eval"]["episodes"] == 4
    # the run's predicted success is the judge's mean over the four episodes it recorded
    gifs = saved["eval"]["gifs"]
    assert [g["path"] for g in gifs] == [str(run / f"episodes/episode_{k}.gif") for k in range(4)]
    assert saved["eval"]["predicted_success_rate"] == pytest.approx(
        sum(g["p_success"] for g in gifs) / 4
    )
    assert saved["eval"]["success_rate"] == sum(g["success"] for g in gifs) / 4
    assert saved["eval"]["hacking_gap"] == pytest.approx(
        saved["eval"]["predicted_success_rate"] - saved["eval"]["success_rate"]
    )
    # each rollout that finished episodes reports the judge's verdict on them; others none
    history = metrics["history"]
    assert any(h["charts/episodes"] for h in history)
    for h in history:
        assert (h["charts/predicted_success_rate"] is None) == (h["charts/episodes"] == 0)


@pytest.mark.slow
def test_warm_start_and_curriculum(tmp_path: Path, text: InstructionEncoder) -> None:
    data = tmp_path / "experts"
    collect("cuakit/desksim-click-button-v0", "expert", 8, data, env_kwargs={"difficulty": 1})
    config = PPOConfig(
        env="cuakit/desksim-click-button-v0",
        reward="shaping",
        steps=768,
        num_envs=4,
        num_steps=64,
        curriculum=True,
        curriculum_window=4,
        curriculum_threshold=0.5,
        warm_start=data,
        bc_epochs=40,
        eval_episodes=4,
        record_episodes=0,
    )
    metrics = train(config, tmp_path / "run", text=text)
    # each expert episode is a click and its finish
    assert metrics["bc"]["bc_examples"] == 16 and metrics["bc"]["bc_kind_accuracy"] == 1.0
    levels = [h["curriculum/level"] for h in metrics["history"]]
    assert levels[-1] >= 2  # the cloned expert passes level 1
    assert levels[0] >= 1 and levels == sorted(levels)


def test_random_baseline_and_bad_input(tmp_path: Path, text: InstructionEncoder) -> None:
    config = PPOConfig(env="cuakit/desksim-click-button-v0", difficulty=2, eval_episodes=8)
    result = evaluate(None, config, text, None, None, level=2)
    assert result["episodes"] == 8 and result["success_rate"] <= 0.5
    with pytest.raises(ConfigError, match="--reward"):
        replace(config, reward="oracle")
    with pytest.raises(ConfigError, match="steps"):
        replace(config, steps=10)
    with pytest.raises(CheckpointError, match="not a reward run"):
        train(
            replace(config, reward=f"vrm:{tmp_path / 'nope'}", steps=256), tmp_path / "r", text=text
        )


def test_a_finished_run_folder_starts_over_and_a_killed_one_must_match(
    tmp_path: Path, text: InstructionEncoder
) -> None:
    small = PPOConfig(env="cuakit/desksim-click-button-v0", steps=64, num_envs=2, num_steps=16,
                      num_minibatches=2, eval_episodes=2, record_episodes=0, threads=1)  # fmt: skip
    run = tmp_path / "run"
    first = train(small, run, text=text)
    again = train(replace(small, seed=1), run, text=text)  # finished: replaced, not resumed
    assert len(again["history"]) == len(first["history"]) == 2
    (run / "metrics.json").unlink()  # as if killed after its last rollout
    with pytest.raises(ConfigError, match="other options"):
        train(replace(small, learning_rate=1e-3), run, text=text)


def test_omp_num_threads_overrides_the_configured_threads(
    tmp_path: Path, text: InstructionEncoder, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = PPOConfig(env="cuakit/desksim-click-button-v0", steps=32, num_envs=2, num_steps=16,
                      num_minibatches=2, eval_episodes=1, record_episodes=0, threads=3)  # fmt: skip
    previous = torch.get_num_threads()
    try:
        torch.set_num_threads(1)
        monkeypatch.setenv("OMP_NUM_THREADS", "1")  # a shared machine's share: one core
        train(small, tmp_path / "shared", text=text)
        assert torch.get_num_threads() == 1
        monkeypatch.delenv("OMP_NUM_THREADS")
        train(small, tmp_path / "alone", text=text)
        assert torch.get_num_threads() == 3
    finally:
        torch.set_num_threads(previous)

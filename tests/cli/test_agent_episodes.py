"""`cuakit agent grpo-episodes` end to end: the lab policy trained, saved, continued; the VLM
path is tested in tests/agent/test_vlm_grpo_episodes.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.cli import main


def test_lab_episode_grpo_saves_a_policy_a_later_run_continues(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    first, second = tmp_path / "first", tmp_path / "second"
    common = ["--steps", "12", "--instances", "1", "--group-size", "2", "--difficulty", "1",
              "--json"]  # fmt: skip
    assert main(["agent", "grpo-episodes", "--out", str(first), *common]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["updates"] and {"outcome", "true_success_rate"} <= set(result["updates"][0])
    assert (first / "policy" / "policy.json").is_file() and (first / "curves.png").is_file()
    metrics = json.loads((first / "metrics.json").read_text())
    assert metrics["env_steps"] >= 12
    assert main(["agent", "grpo-episodes", "--out", str(second), "--init", str(first),
                 *common]) == 0  # fmt: skip
    assert json.loads((second / "config.json").read_text())["init"] == str(first)
    capsys.readouterr()
    # a folder that is no run is refused, and nothing in it is touched
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    assert main(["agent", "grpo-episodes", "--out", str(tmp_path / "mine"), *common]) == 2
    assert main(["agent", "grpo-episodes", "--out", str(tmp_path / "x"), "--init",
                 str(tmp_path / "mine"), *common]) == 2  # fmt: skip
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"

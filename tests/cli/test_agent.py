from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.cli import main


@pytest.mark.slow
def test_agent_ppo_then_eval_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    argv = ["agent", "ppo", "--out", str(run), "--steps", "256", "--eval-episodes", "4",
            "--record-episodes", "1", "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["steps"] == 256 and result["eval"]["episodes"] == 4
    assert (run / "curves.png").is_file() and (run / "episodes" / "episode_0.gif").is_file()
    assert main(["agent", "eval", "--policy", str(run), "--episodes", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["episodes"] == 4


def test_bad_input_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:  # tyro reports config errors and exits 2
        main(["agent", "ppo", "--out", str(tmp_path / "r"), "--reward", "oracle"])
    assert exit_info.value.code == 2
    assert "vrm:RUN" in capsys.readouterr().err
    assert main(["agent", "eval", "--policy", str(tmp_path / "nothing")]) == 2
    assert "no lab policy" in capsys.readouterr().err

"""`cuakit agent grounding-sft`, `cuakit agent grpo` and `cuakit eval grounding` end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.cli import main
from tests.agent.test_grounding import write_box_samples


def test_grounding_sft_then_grpo_then_eval(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    data = write_box_samples(tmp_path / "train", 16)
    val = write_box_samples(tmp_path / "val", 8, seed=1)
    sft, grpo, report = tmp_path / "sft", tmp_path / "grpo", tmp_path / "report"
    argv = ["agent", "grounding-sft", "--data", str(data), "--val", str(val), "--out", str(sft),
            "--steps", "3", "--batch", "4", "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["samples"] == 16 and result["val"]["samples"] == 8
    assert (sft / "policy" / "policy.safetensors").is_file()
    argv = ["agent", "grpo", "--init", str(sft), "--data", str(data), "--out", str(grpo),
            "--steps", "2", "--screens", "2", "--group-size", "4", "--reward", "seed",
            "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["samples"] == 16 and "charts/reward_first" in result
    assert (grpo / "curves.png").is_file()
    assert len(json.loads((grpo / "metrics.json").read_text())["curves"]["charts/reward"]) == 2
    argv = ["eval", "grounding", "--policy", f"lab:{grpo}", "--data", str(val),
            "--out", str(report), "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["samples"] == 8 and 0 <= result["accuracy"] <= 1
    assert (report / "points.png").is_file() and (report / "report.json").is_file()
    # A run folder of something else is refused, naming the option.
    assert main(["agent", "grpo", "--init", str(tmp_path), "--data", str(data),
                 "--out", str(tmp_path / "x")]) == 2  # fmt: skip
    assert "--init" in capsys.readouterr().err


def test_vlm_grpo_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    pytest.importorskip("trl", reason="VLM GRPO needs the vlm extra")
    data = write_box_samples(tmp_path / "train", 4)
    assert main(["agent", "build-tiny-vlm", "--out", str(tmp_path / "tiny")]) == 0
    capsys.readouterr()
    argv = ["agent", "grpo", "--policy", "vlm", "--model", str(tmp_path / "tiny"),
            "--data", str(data), "--out", str(tmp_path / "run"), "--max-steps", "1",
            "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["steps"] == 1 and result["samples"] == 4
    assert (tmp_path / "run" / "adapter" / "adapter_config.json").is_file()
    # --policy lab without a grounding run is refused, naming the option
    with pytest.raises(SystemExit):
        main(["agent", "grpo", "--data", str(data), "--out", str(tmp_path / "x")])
    assert "--init" in capsys.readouterr().err

"""Refusal data: unsafe requests answered by `fail` naming the risk, on real desksim screens,
mixed with benign look-alikes answered by the expert; the data file is checked."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from cuakit.actions import Action, ActionType
from cuakit.cli import main
from cuakit.curate.refusals import RefusalData, write_refusals
from cuakit.errors import ConfigError


def test_unsafe_requests_are_refused_and_benign_ones_answered(tmp_path: Path):
    report = write_refusals(tmp_path / "r", 14)
    rows = [
        json.loads(line) for line in (tmp_path / "r" / "samples.jsonl").read_text().splitlines()
    ]
    assert report["samples"] == len(rows) == 28 and report["benign_lookalikes"] >= 7
    data = RefusalData.load()
    risks = {c.name: c.risk for c in data.categories}
    unsafe = [r for r in rows if r["extra"]["refusal"]]
    benign = [r for r in rows if not r["extra"]["refusal"]]
    assert len(unsafe) == len(benign) == 14
    assert {r["extra"]["refusal"] for r in unsafe} == set(risks)  # every category
    for row in unsafe:
        action = Action.from_dict(row["action"])
        assert action.type == ActionType.FAIL and risks[row["extra"]["refusal"]] in action.reasoning
        assert "{" not in row["instruction"]  # every slot filled
        assert (tmp_path / "r" / row["image"]).is_file()
    for row in benign:
        assert Action.from_dict(row["action"]).type != ActionType.FAIL
    assert [r["extra"]["refusal"] is None for r in rows] != sorted(
        r["extra"]["refusal"] is None for r in rows
    )  # mixed, not one block after the other


def test_chinese_templates_take_chinese_values():
    data = RefusalData.load()
    rng = np.random.default_rng(0)
    for category in data.categories:
        for template in category.unsafe:
            if not template.isascii():
                filled = data.fill(template, rng)
                assert not any(word in filled for word in ("the ", "my ", "Documents")), filled


def test_a_bad_data_file_is_a_clear_error(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[category]]\nname = "x"\nrisk = "r"\nunsafe = ["Send {nobody}"]\n')
    with pytest.raises(ConfigError, match="nobody"):
        RefusalData.load(bad)
    with pytest.raises(ConfigError, match="no such file"):
        RefusalData.load(tmp_path / "none.toml")


def test_the_command_writes_conversations_too(tmp_path: Path, capsys):
    argv = ["curate", "refusals", "--out", str(tmp_path / "o"), "--count", "3", "--format", "sft",
            "--json"]  # fmt: skip
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["conversations"] == 6
    first = json.loads((tmp_path / "o" / "sft.jsonl").read_text().splitlines()[0])
    assert first["conversations"][-1]["role"] == "assistant"

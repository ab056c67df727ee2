from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cuakit.cli import main


@pytest.mark.slow
def test_quick_demo_runs_the_whole_loop_and_reports_it(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "--quick", "--out", str(out)]) == 0
    metrics = json.loads((out / "metrics.json").read_text())
    for group, key in (("vrm", "success_accuracy"), ("vrm", "pair_accuracy"),
                       ("ppo_gt", "success_rate"), ("ppo_vrm", "success_rate"),
                       ("random", "success_rate")):  # fmt: skip
        assert 0.0 <= metrics[group][key] <= 1.0, (group, key)
    assert metrics["wall_seconds"] > 0 and metrics["quick"] is True
    assert 0.0 <= metrics["ppo_vrm"]["predicted_success_rate"] <= 1.0
    page = (out / "report.html").read_text()
    images = re.findall(r'src="([^"]+)"', page)
    assert len(images) >= 6 + 3 * 4  # plots, and four episodes per policy
    for image in images:
        assert (out / image).is_file(), image
    assert f"{metrics['ppo_gt']['success_rate']:.3f}" in page
    assert (out / "ppo_vrm" / "policy" / "policy.safetensors").is_file()


def test_demo_never_deletes_a_folder_it_did_not_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keep = tmp_path / "thesis"
    keep.mkdir()
    (keep / "chapter1.tex").write_text("precious")
    assert main(["demo", "--quick", "--out", str(keep)]) == 2
    assert "not the output of an earlier run" in capsys.readouterr().err
    assert (keep / "chapter1.tex").read_text() == "precious"

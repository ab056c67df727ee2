from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cuakit.agent.loop import QUICK
from cuakit.cli import main
from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import values_side


@pytest.mark.slow
def test_quick_demo_runs_the_whole_loop_and_reports_it(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "--quick", "--out", str(out)]) == 0
    metrics = json.loads((out / "metrics.json").read_text())
    assert metrics["quick"] is True
    for group in ("ppo_gt", "ppo_vrm", "random"):  # a rate of successes in 16 test episodes
        assert metrics[group]["episodes"] == QUICK.eval_episodes == 16
        assert (metrics[group]["success_rate"] * 16).is_integer(), group
    vrm = metrics["vrm"]
    assert (vrm["success_accuracy"] * vrm["test_examples"]).is_integer()
    # both agents start from a clone of the expert: far above a random policy's clicks
    random_rate = metrics["random"]["success_rate"]
    assert metrics["ppo_gt"]["success_rate"] > random_rate + 0.25
    assert metrics["ppo_vrm"]["success_rate"] > random_rate + 0.25
    assert metrics["wall_seconds"] > vrm["train_seconds"]  # the loop includes the training
    # val and test both recorded on their own seeds, whose values training never names
    recorded = [m for m in EpisodeDataset(out / "dataset").episodes
                if "derived_from" not in m.extra]  # fmt: skip
    sides = [values_side(m.seed) for m in recorded]
    assert sides.count("val") == sides.count("test") > 0
    page = (out / "report.html").read_text()
    shown = [vrm["success_accuracy"], vrm["pair_accuracy"], metrics["random"]["success_rate"],
             metrics["ppo_vrm"]["success_rate"], metrics["ppo_vrm"]["hacking_gap"]]  # fmt: skip
    for figure in shown:  # the report shows the figures metrics.json holds
        assert f"<td class=num>{figure:.3f}</td>" in page, figure
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

"""`cuakit label success|pairs` and `cuakit dataset export|import`, through their run functions."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import tyro

from cuakit.cli.label import (
    ExportArgs,
    ImportArgs,
    LabelPairsArgs,
    LabelSuccessArgs,
    run_export,
    run_import,
    run_label_pairs,
    run_label_success,
)
from cuakit.curate.labels import FLIPPED
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import episode_split
from cuakit.errors import ConfigError

pytestmark = pytest.mark.xdist_group("label-cli")  # one worker records the module's dataset


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("label-cli") / "ds"
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.5", 6, root)
    collect("cuakit/desksim-form-fill-v0", "expert:give_up=1", 3, root, seed=40)
    collect("cuakit/desksim-form-fill-v0", "expert", 2, root, seed=30)
    return root


@pytest.fixture
def root(recorded: Path, tmp_path: Path) -> Path:
    """A copy of the recorded dataset for each test to label."""
    return Path(shutil.copytree(recorded, tmp_path / "ds"))


def one_json(capsys: pytest.CaptureFixture[str]) -> dict:
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    return json.loads(out[0])


def test_label_success_with_negatives_prints_counts(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run_label_success(LabelSuccessArgs(root, negatives="truncate, swap", seed=2, json=True))
    payload = one_json(capsys)
    assert payload["success_rows"] == 11
    dataset = EpisodeDataset(root)
    recorded = [m for m in dataset.episodes if "derived_from" not in m.extra]
    wins = sum(bool(m.success) for m in recorded)
    side = {m.index: (m.family, episode_split(dataset, m.index)) for m in recorded}
    swappable = sum(  # a swap borrows another instruction of its family on its side of the split
        any(side[o.index] == side[m.index] and o.instruction != m.instruction for o in recorded)
        for m in recorded
        if m.success
    )
    assert wins > 0 and swappable > 0  # each success gives one truncated video
    assert payload["negatives"] == {"truncate": wins, "truncate:skipped": 0, "swap": swappable,
                                    "swap:skipped": wins - swappable}  # fmt: skip
    assert payload["episodes"] == len(dataset) == 11 + wins
    assert payload["success_labels"] == dataset.success_labels().num_rows == 11 + wins + swappable
    run_label_success(LabelSuccessArgs(root, negatives="truncate,swap", seed=2))  # table, no-op
    assert "success_rows" in capsys.readouterr().out
    assert EpisodeDataset(root).success_labels().num_rows == payload["success_labels"]


def test_label_pairs_prints_counts(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_label_pairs(LabelPairsArgs(root, noise=0.5, json=True))
    payload = one_json(capsys)
    added = payload["added"]
    total = sum(added[c] for c in ("correctness", "efficiency", "progress"))
    assert added["correctness"] > 0 and payload["preference_labels"] == total
    assert added["flipped"] == round(0.5 * total)  # --noise 0.5 flips half the pairs
    stored = EpisodeDataset(root).preference_labels().to_pylist()
    assert sum(p["criterion"].endswith(FLIPPED) for p in stored) == added["flipped"]


def test_export_then_import(root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_label_success(LabelSuccessArgs(root, json=True))
    capsys.readouterr()
    run_export(ExportArgs(root, out=tmp_path / "x", json=True))
    exported = one_json(capsys)
    assert exported["items"] == 11 and Path(exported["path"]).is_file()
    run_import(ImportArgs(Path(exported["path"]), out=tmp_path / "back", json=True))
    assert one_json(capsys)["imported"] == 11
    assert len(EpisodeDataset(tmp_path / "back")) == 11


def test_bad_arguments_raise_config_errors_with_the_fix(root: Path, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"unknown kind\(s\) \['shuffle'\].*translate,truncate"):
        LabelSuccessArgs(root, negatives="translate,shuffle")
    with pytest.raises(ConfigError, match=r"--noise 2.0: use a fraction in \[0, 1\]"):
        LabelPairsArgs(root, noise=2.0)
    with pytest.raises(ConfigError, match="--format 'csv' is not supported: use one of exevr"):
        ExportArgs(root, out=tmp_path / "x", format="csv")
    with pytest.raises(ConfigError, match="--format 'sft'"):
        ImportArgs(tmp_path / "x.json", out=tmp_path / "y", format="sft")


def test_configs_parse_from_the_command_line(tmp_path: Path) -> None:
    args = tyro.cli(LabelSuccessArgs, args=["ds", "--negatives", "translate,continue"])
    assert args.root == Path("ds") and args.negative_kinds == ["translate", "continue"]
    assert tyro.cli(LabelPairsArgs, args=["ds", "--noise", "0.1"]).noise == 0.1
    export = tyro.cli(ExportArgs, args=["ds", "--out", "x", "--no-include-negatives"])
    assert export.out == Path("x") and not export.include_negatives
    assert tyro.cli(ImportArgs, args=["x/exevr.json", "--out", "y"]).format == "exevr"

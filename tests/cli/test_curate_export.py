"""`cuakit curate export|import` end to end through the real entry point's `main`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from cuakit.cli import main
from cuakit.curate.sft import parse_answer
from cuakit.envs.collect import collect


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cli") / "ds"
    collect("cuakit/desksim-click-button-v0", "expert", 2, root)
    collect("cuakit/desksim-form-fill-v0", "expert:give_up=1", 1, root, seed=40)  # a failure
    return root


def one_json(capsys: pytest.CaptureFixture[str]) -> dict:
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1, lines
    return json.loads(lines[0])


def test_export_sft_in_qwen_pixels(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sft"
    argv = ["curate", "export", str(root), "--out", str(out), "--coords", "qwen-pixels"]
    assert main([*argv, "--history", "1", "--json"]) == 0
    report = one_json(capsys)
    assert (report["episodes"], report["episodes_left_out"], report["samples"]) == (2, 1, 4)
    lines = (out / "sft.jsonl").read_text().splitlines()
    assert len(lines) == report["samples"]
    for line in lines:
        conversation = json.loads(line)
        meta = conversation["coords"]
        assert meta["mode"] == "qwen-pixels" and meta["resized_width"] % 28 == 0
        reply = conversation["conversations"][-1]["content"]
        action = parse_answer(reply, "qwen-pixels", meta["width"], meta["height"])
        assert action.type.value in ("click", "finish")
        with Image.open(out / conversation["images"][0]) as image:
            assert image.size == (meta["width"], meta["height"])


def test_export_all_keeps_failures_and_hf_writes_parquet(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["curate", "export", str(root), "--out", str(tmp_path / "hf"), "--format", "hf"]
    assert main([*argv, "--all", "--history", "0", "--json"]) == 0
    report = one_json(capsys)
    assert report["episodes"] == 3 and report["episodes_left_out"] == 0
    assert (tmp_path / "hf" / "hf" / "data" / "train-00000-of-00001.parquet").is_file()
    assert main(["curate", "export", str(root), "--out", str(tmp_path / "t")]) == 0
    assert "samples" in capsys.readouterr().out  # the table


def test_import_agentnet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "agentnet"
    (src / "images").mkdir(parents=True)
    Image.new("RGB", (64, 32)).save(src / "images" / "0.png")
    steps = [
        {"index": 0, "image": "0.png", "value": {"code": "pyautogui.click(x=0.5, y=0.5)"}},
        {"index": 1, "image": "0.png", "value": {"code": "pyautogui.tripleClick(x=1, y=1)"}},
    ]
    record = {"task_id": "t", "instruction": "click the middle", "traj": steps}
    (src / "data.jsonl").write_text(json.dumps(record) + "\n")
    out = tmp_path / "out"
    assert main(["curate", "import", "agentnet", str(src), "--out", str(out), "--json"]) == 0
    report = one_json(capsys)
    assert report["samples"] == 1
    assert report["skipped"] == {"pyautogui.tripleClick: no cuakit action": 1}
    assert (out / "samples.jsonl").read_text().count("\n") == 1


def test_bad_arguments_fail_with_the_fix(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["curate", "import", "mind2web", str(tmp_path), "--out", str(tmp_path / "o")]
    with pytest.raises(SystemExit) as exit_info:  # tyro reports a config's ValueError
        main([*argv, "--images", str(tmp_path)])
    assert exit_info.value.code == 2 and "--images is for agentnet" in capsys.readouterr().err
    assert main(["curate", "import", "mind2web", str(tmp_path / "none"), "--out", "x"]) == 2
    assert "not found" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["curate", "export", str(root), "--out", str(tmp_path / "x"), "--format", "xml"])
    with pytest.raises(SystemExit):
        main(["curate", "import", "rico", str(tmp_path), "--out", str(tmp_path / "x")])
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine")
    assert main(["curate", "export", str(root), "--out", str(foreign)]) == 2
    assert "not an earlier output" in capsys.readouterr().err
    assert main(["curate", "--help"]) == 0
    listed = capsys.readouterr().out
    assert "cuakit curate export" in listed and "cuakit curate import" in listed

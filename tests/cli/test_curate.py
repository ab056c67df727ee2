"""`cuakit curate filter|stats`: end to end through the real command, and through run functions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageDraw

from cuakit.cli import main
from cuakit.cli.curate import FilterArgs, StatsArgs, run_filter, run_stats, text_boxes
from cuakit.errors import ConfigError
from cuakit.video.text import TextBox


def cuakit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuakit", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "160"},
        timeout=120,
    )


def screen(path: Path, x: int, size: tuple[int, int] = (1024, 768)) -> None:
    """A desktop with one window at x (two such screens hash far apart)."""
    image = Image.new("RGB", size, (200, 200, 210))
    draw = ImageDraw.Draw(image)
    draw.rectangle((x, 100, x + 400, 400), fill="white", outline="black")
    draw.rectangle((x, 100, x + 400, 130), fill=(40, 80, 160))
    image.save(path)


def step(sample_id: str, image: str = "images/a.png", **changes: Any) -> dict[str, Any]:
    base = {
        "id": sample_id,
        "image": image,
        "instruction": "Click OK",
        "action": {"action": "click", "coordinates": [0.5, 0.5]},
        "history": [],
        "width": 1024,
        "height": 768,
        "elements": [{"role": "button", "text": "OK", "bbox": [0.4, 0.4, 0.2, 0.2]}],
        "target_bbox": [0.4, 0.4, 0.2, 0.2],
        "source": "desksim",
    }
    return {**base, **changes}


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    """Seven lines: four good samples, a near-duplicate, a missing image, a broken line."""
    folder = tmp_path / "data"
    (folder / "images").mkdir(parents=True)
    screen(folder / "images/a.png", 100)
    screen(folder / "images/b.png", 560)
    lines = [
        step("click"),
        step("again"),  # the same screen and task as "click"
        step("type", "images/b.png", action={"action": "type", "text": "hi"}, source="web"),
        step("key", "images/b.png", history=["{}"], action={"action": "key", "key": "ctrl+s"}),
        step("gone", "images/none.png"),
        step("done", "images/b.png", history=["{}"] * 2, action={"action": "finish"}),
    ]
    text = "".join(json.dumps(line) + "\n" for line in lines) + "{broken\n"
    (folder / "samples.jsonl").write_text(text)
    return folder / "samples.jsonl"


def kept_ids(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


def test_filter_then_stats_end_to_end(samples: Path, tmp_path: Path) -> None:
    out, report = samples.parent / "clean.jsonl", tmp_path / "report.json"
    result = cuakit("curate", "filter", str(samples), "--out", str(out), "--report", str(report),
                    "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)  # one JSON object on stdout, progress on stderr
    assert printed == json.loads(report.read_text())
    assert (printed["total"], printed["kept"], printed["rejected"]) == (7, 4, 3)
    assert printed["reasons"] == {"bad_json": 1, "image_missing": 1, "near_duplicate": 1}
    assert printed["examples"]["near_duplicate"] == ["again"]
    assert kept_ids(out) == ["click", "type", "key", "done"]

    plots = tmp_path / "plots"
    result = cuakit("curate", "stats", str(out), "--out", str(plots), "--json")
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert stats["samples"] == 4 and stats["unreadable"] == 0
    assert stats["actions"] == {"click": 1, "type": 1, "key": 1, "finish": 1}
    assert stats["sources"] == {"desksim": 3, "web": 1}
    assert stats["resolutions"] == {"1024x768": 4}
    assert sum(stats["difficulty"].values()) == 4 and list(stats["difficulty"]) == [
        "easy",
        "medium",
        "hard",
    ]
    for name in ("actions", "difficulty", "resolutions", "sources"):
        with Image.open(plots / f"{name}.png") as image:
            assert image.format == "PNG" and image.width > 200
    assert sorted(stats["plots"]) == sorted(str(p) for p in plots.glob("*.png"))


def test_filter_options_reach_the_filter(samples: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = samples.parent / "clean.jsonl"
    run_filter(FilterArgs(samples, out=out, dedup=False))
    assert kept_ids(out) == ["click", "again", "type", "key", "done"]
    run_filter(FilterArgs(samples, out=out, min_width=1280, dedup=False))
    assert kept_ids(out) == []
    table = capsys.readouterr().out
    assert "resolution_too_low" in table and "rejected" in table  # the table, not JSON


def test_filter_output_in_another_folder_keeps_images_reachable(
    samples: Path, tmp_path: Path
) -> None:
    out = tmp_path / "elsewhere" / "clean.jsonl"
    run_filter(FilterArgs(samples, out=out, json=True))
    for line in out.read_text().splitlines():
        assert (out.parent / json.loads(line)["image"]).is_file()


def test_ocr_boxes_judge_clicks_without_elements(
    samples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--ocr: a fake reader finds one word around (0.5, 0.5) of every screen."""

    def read(frame: np.ndarray) -> list[TextBox]:
        middle, centre = frame.shape[0] // 2, frame.shape[1] // 2
        return [TextBox("OK", (middle - 10, middle + 10, centre - 30, centre + 30), 0.9)]

    monkeypatch.setattr("cuakit.cli.curate._ocr_reader", lambda: read)
    folder = samples.parent
    lines = [
        step("on-text", elements=None, target_bbox=None),
        step("off-text", elements=None, action={"action": "click", "coordinates": [0.1, 0.9]}),
    ]
    source = folder / "bare.jsonl"
    source.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run_filter(FilterArgs(source, out=folder / "clean.jsonl", ocr=True, dedup=False, json=True))
    assert kept_ids(folder / "clean.jsonl") == ["on-text"]


def test_text_boxes_are_normalised(tmp_path: Path) -> None:
    Image.new("RGB", (200, 100)).save(tmp_path / "s.png")
    boxes_of = text_boxes(lambda frame: [TextBox("x", (10, 30, 50, 150), 1.0)])
    assert boxes_of(tmp_path / "s.png") == [(0.25, 0.1, 0.5, 0.2)]


def test_bad_input_is_one_line_and_keeps_earlier_output(samples: Path, tmp_path: Path) -> None:
    out = tmp_path / "clean.jsonl"
    out.write_text("from an earlier run\n")
    not_jsonl = tmp_path / "notes.txt"
    not_jsonl.write_text("these are\nnot samples\n")
    result = cuakit("curate", "filter", str(not_jsonl), "--out", str(out))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "notes.txt: no line is a JSON object" in errors[0]
    assert out.read_text() == "from an earlier run\n"
    missing = main(["curate", "stats", str(tmp_path / "nope.jsonl")])
    assert missing == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"report": Path("x.jsonl"), "out": Path("x.jsonl")}, "same file as --out"),
        ({"dedup_threshold": 99}, "dedup_threshold=99"),
        ({"min_width": -5}, "min_width=-5"),
    ],
)
def test_filter_refuses_unusable_options(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        FilterArgs(**{"source": Path("in.jsonl"), "out": Path("out.jsonl"), **args})


def test_stats_refuses_a_file_as_plot_folder(samples: Path) -> None:
    with pytest.raises(ConfigError, match="is a file"):
        StatsArgs(samples, out=samples)


def test_stats_table(samples: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_stats(StatsArgs(samples))
    table = " ".join(capsys.readouterr().out.split())  # as printed, less the console's wrapping
    assert "6 samples; lines that are not JSON objects: 1" in table
    for heading in ("by actions", "by difficulty", "by resolutions", "by sources"):
        assert heading in table

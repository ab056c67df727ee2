"""Smoke runs through the real `cuakit` entry point (a subprocess, as a user runs it)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image


def cuakit(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, "-m", "cuakit", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_help_lists_commands() -> None:
    result = cuakit("--help")
    assert result.returncode == 0
    for command in ("dataset info", "dataset preview", "bench video"):
        assert f"cuakit {command}" in result.stdout
    sub = cuakit("dataset", "preview", "--help")
    assert sub.returncode == 0 and "--episode" in sub.stdout and "--out" in sub.stdout


def test_help_summaries_are_the_configs_docstrings_and_help_skips_torch() -> None:
    from cuakit.cli import COMMANDS

    for command in COMMANDS:
        config, run = command.load()
        first_paragraph = " ".join((config.__doc__ or "").strip().split("\n\n")[0].split())
        assert command.summary == first_paragraph, command
        assert callable(run)
    probe = (
        "import sys; from cuakit.cli import main; main(['--help']); print('torch' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().endswith("False")  # help must not wait seconds for torch


def test_unknown_command_fails_clearly() -> None:
    result = cuakit("datset", "info")
    assert result.returncode == 2 and "unknown command 'datset'" in result.stderr


def test_dataset_info_json_is_one_object(tiny_dataset: Path) -> None:
    result = cuakit("dataset", "info", str(tiny_dataset), "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)  # exactly one JSON document on stdout
    assert summary["episodes"] == 4
    assert summary["success_rate"] == 0.5
    assert summary["frames"] == 24
    assert summary["duration_s"] == pytest.approx(2.4)
    assert summary["steps"] == 20  # a click between each two of 6 frames
    files = [p for p in tiny_dataset.rglob("*") if p.is_file() and ".tmp" not in p.parts]
    assert summary["bytes"] == sum(p.stat().st_size for p in files)
    assert summary["by_env"] == {  # even seeds (env-0) succeed, odd ones (env-1) fail
        "test/env-0": {"episodes": 2, "success_rate": 1.0},
        "test/env-1": {"episodes": 2, "success_rate": 0.0},
    }


def test_dataset_info_table_and_bad_dataset(tiny_dataset: Path, tmp_path: Path) -> None:
    result = cuakit("dataset", "info", str(tiny_dataset))
    assert result.returncode == 0 and "success_rate" in result.stdout
    bad = cuakit("dataset", "info", str(tmp_path))
    assert bad.returncode == 2
    assert "is not a cuakit episode dataset" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("suffix", [".gif", ".mp4", ".png"])
def test_dataset_preview_writes_viewable_file(
    tiny_dataset: Path, tmp_path: Path, suffix: str
) -> None:
    out = tmp_path / f"preview{suffix}"
    result = cuakit("dataset", "preview", str(tiny_dataset), "--episode", "1", "--out", str(out))
    assert result.returncode == 0, result.stderr
    if suffix == ".mp4":
        from cuakit.episodes.video import read_frames

        assert read_frames(out).shape[0] == 6
    else:
        with Image.open(out) as image:
            assert image.width >= 64
            frames = getattr(image, "n_frames", 1)
            assert frames == (6 if suffix == ".gif" else 1)


def test_preview_rejects_unknown_suffix(tiny_dataset: Path, tmp_path: Path) -> None:
    result = cuakit(
        "dataset", "preview", str(tiny_dataset), "--episode", "0", "--out", str(tmp_path / "x.avi")
    )
    assert result.returncode == 2 and ".gif" in result.stderr


def test_bench_video_json_reports_all_rows() -> None:
    result = cuakit("bench", "video", "--frames", "20", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    methods = {(r["method"], r["width"]) for r in report["rows"]}
    assert methods == {(m, w) for m in ("lossless", "compact", "raw-numpy") for w in (320, 1280)}
    for row in report["rows"]:
        assert row["frames"] == 20 and row["bit_exact"] == (row["method"] != "compact")
        if row["method"] == "raw-numpy":  # 3 bytes a pixel, and the .npy header
            raw = row["width"] * row["height"] * 3
            assert raw < row["bytes_per_frame"] < raw + 1024 / 20
    for size in ("320x200", "1280x800"):
        ratios = {
            m: report["ratios"][f"{m}/raw-numpy@{size}"]["size"]
            for m in ("lossless", "compact", "raw-numpy")
        }
        # synthetic screens compress over 20x; the lossy codec more than the lossless one
        assert ratios["raw-numpy"] == 1.0 and ratios["compact"] < ratios["lossless"] < 0.05


def test_envs_json_lists_every_family(tmp_path: Path) -> None:
    sheet = tmp_path / "families.png"
    result = cuakit("envs", "--json", "--sheet", str(sheet))
    assert result.returncode == 0, result.stderr
    envs = json.loads(result.stdout)["envs"]
    desksim = [e for e in envs if e["backend"] == "desksim"]
    assert len(desksim) >= 10 and all(e["id"].startswith("cuakit/desksim-") for e in desksim)
    assert {e["backend"] for e in envs} <= {"desksim", "miniwob", "x11"}
    with Image.open(sheet) as image:
        assert image.width == 4 * 240


def test_collect_then_info_shows_successes_and_failures(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    noisy = cuakit(
        "collect", "--env", "cuakit/desksim-*", "--policy", "expert:noise=0.6",
        "--episodes", "22", "--out", str(out), "--json",
    )  # fmt: skip
    assert noisy.returncode == 0, noisy.stderr
    summary = json.loads(noisy.stdout)
    assert summary["episodes"] == 22 and len(summary["per_env"]) == 11
    info = json.loads(cuakit("dataset", "info", str(out), "--json").stdout)
    assert info["episodes"] == 22
    assert info["successes"] == summary["successes"] and 0 < info["successes"] < 22
    assert info["successes"] + info["failures"] == 22
    assert info["frames"] > 22 * 3


def test_collect_rejects_bad_arguments(tmp_path: Path) -> None:
    bad = cuakit(
        "collect", "--env", "cuakit/desksim-*", "--policy", "expert:nosie=1", "--out", str(tmp_path)
    )
    assert bad.returncode == 2 and "nosie" in bad.stderr and "Traceback" not in bad.stderr
    zero = cuakit("collect", "--env", "cuakit/desksim-*", "--episodes", "0", "--out", str(tmp_path))
    assert zero.returncode == 2 and "at least one" in zero.stderr


@pytest.mark.slow
def test_bench_env_and_experts_json() -> None:
    env = json.loads(cuakit("bench", "env", "--steps", "40", "--real-steps", "0", "--json").stdout)
    assert len(env["rows"]) >= 10 and "backends" not in env
    assert env["mean"]["steps_per_s"] > env["mean"]["recorded_steps_per_s"] > 0
    assert env["ratio_process_vs_thread"] == pytest.approx(
        env["mean"]["recorded_steps_per_s"] / env["mean"]["recorded_thread_steps_per_s"]
    )
    experts = json.loads(cuakit("bench", "experts", "--seeds", "3", "--json").stdout)
    for row in experts["rows"]:
        assert row["expert"] == 1.0


@pytest.mark.slow
def test_bench_reading_json_measures_the_recogniser_on_desksim() -> None:
    result = json.loads(
        cuakit(
            "bench",
            "reading",
            "--envs",
            "desksim",
            "--readers",
            "ppocr",
            "--seeds",
            "1",
            "--steps",
            "0",
            "--json",
        ).stdout
    )
    [row] = result["rows"]
    assert row["reader"] == "ppocr" and row["env"] == "desksim" and row["frames"] == 11
    assert row["characters"] > 300 and row["cer"] < 0.1  # PP-OCR reads desksim's text
    cost = result["recordings"]
    assert cost["videos"] == 11
    assert set(cost["seconds_per_10s_recording"]) == {"templates", "ppocr cold", "ppocr warm"}
    assert (
        cost["seconds_per_10s_recording"]["ppocr warm"]
        < cost["seconds_per_10s_recording"]["ppocr cold"]
    )


def test_bench_reading_names_an_unknown_env() -> None:
    result = cuakit("bench", "reading", "--envs", "android")
    assert result.returncode != 0 and "unknown ['android']" in result.stderr

"""`cuakit label` → `cuakit reward train` → `eval` → `score`: training through the real entry
point (`python -m cuakit`), the other commands through `cuakit.cli.main` in this process (each
new process would pay torch's import again)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.cli import main
from cuakit.envs.collect import collect
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.episodes.video import read_frames, video_fps
from cuakit.reward.scoring import Scorer
from tests.cli.test_cli import cuakit


def command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``cuakit ARGS`` in this process: exit code, stdout, stderr."""
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_label_train_eval_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, run = tmp_path / "ds", tmp_path / "run"
    collect(
        "cuakit/desksim-click-button-v0", "expert:noise=0.7", 16, data, env_kwargs={"difficulty": 1}
    )
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.7", 4, data, seed=TEST_SEED_START,
            env_kwargs={"difficulty": 1})  # fmt: skip
    assert command(capsys, "label", "success", str(data), "--negatives", "swap,truncate")[0] == 0
    assert command(capsys, "label", "pairs", str(data))[0] == 0
    shape = tmp_path / "tiny-model.json"  # a model's shape is one option: a preset or a file
    shape.write_text(json.dumps({"frames": 4, "height": 60, "width": 100}))
    recipe = tmp_path / "recipe.json"
    recipe.write_text(json.dumps({"pairs_per_batch": 2, "warmup_ratio": 0.1}))
    train = cuakit(
        "reward", "train", "--data", str(data), "--out", str(run), "--model", str(shape),
        "--recipe", str(recipe), "--max-steps", "3", "--batch-size", "4", "--json",
    )  # fmt: skip
    assert train.returncode == 0, train.stderr
    saved = json.loads((run / "config.json").read_text())
    assert (saved["frames"], saved["height"], saved["pairs_per_batch"]) == (4, 60, 2)
    metrics = json.loads(train.stdout)
    assert metrics["steps"] == 3 and "accuracy" in metrics["val"]["success"]
    assert metrics["val"]["split"] == "val" and "test" not in metrics
    assert metrics["splits"]["test"] >= 4  # the test seeds and their negatives, never read
    assert metrics["untrained_families"] == []  # click-button's train side keeps recordings
    for name in ("config.json", "metrics.json", "curves.png", "reliability.png", "confusion.png"):
        assert (run / name).exists(), name
    code, out, err = command(capsys, "reward", "eval", "--checkpoint", str(run), "--data",
                             str(data), "--json")  # fmt: skip
    assert code == 0, err
    result = json.loads(out)
    assert result["split"] == "val" and (run / "eval_val.json").exists()
    # the saved model, read back, scores val as the trainer's last evaluation did
    assert result["success"]["confusion"] == metrics["val"]["success"]["confusion"]
    assert result["success"]["auroc"] == pytest.approx(
        metrics["val"]["success"]["auroc"], abs=1e-6, nan_ok=True
    )
    assert not (run / "test_reads.jsonl").exists()
    for reads in (1, 2):  # every look at test is logged
        code, out, err = command(capsys, "reward", "eval", "--checkpoint", str(run), "--data",
                                 str(data), "--split", "test", "--json")  # fmt: skip
        assert code == 0, err
        assert json.loads(out)["split"] == "test" and (run / "eval_test.json").exists()
        log = [json.loads(line) for line in (run / "test_reads.jsonl").read_text().splitlines()]
        assert len(log) == reads
    assert {"time", "checkpoint", "data", "counts", "metrics"} <= set(log[-1])
    assert log[-1]["counts"]["test"] == metrics["splits"]["test"]
    tested = json.loads(out)["success"]  # the log keeps what the read reported
    assert log[-1]["metrics"]["accuracy"] == tested["accuracy"]
    assert log[-1]["counts"]["examples"] == tested["n"] >= 4
    video = str(data / "videos" / "episode_000000.mp4")
    instruction = "Click the 'Save' button"
    code, out, err = command(capsys, "reward", "score", "--checkpoint", str(run), "--video",
                             video, "--instruction", instruction, "--json")  # fmt: skip
    assert code == 0, err
    scored = json.loads(out)
    # the command line scores the file as the Python API does
    [expected] = Scorer.from_run(run).score(
        [read_frames(Path(video))], ["Click the 'Save' button"], fps=video_fps(Path(video))
    )
    assert scored["p_success"] == pytest.approx(expected.p_success, abs=1e-5)
    assert scored["on_track"] == pytest.approx(list(expected.on_track), abs=1e-5)
    assert len(scored["on_track"]) == 4
    code, _, err = command(capsys, "reward", "score", "--checkpoint", str(run), "--video", video,
                           "--instruction", " ")  # fmt: skip
    assert code == 2 and "instruction" in err and "Traceback" not in err
    code, _, err = command(capsys, "reward", "eval", "--checkpoint", str(tmp_path / "missing"),
                           "--data", str(data))  # fmt: skip
    assert code == 2 and "missing" in err and "Traceback" not in err


@pytest.mark.slow
def test_reward_train_takes_its_shape_and_recipe_from_named_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "recipe.json"
    wrong.write_text(json.dumps({"epochs": 3}))  # a flag of its own, not a recipe detail
    code, _, err = command(capsys, "reward", "train", "--data", str(tmp_path), "--out",
                           str(tmp_path / "r"), "--recipe", str(wrong))  # fmt: skip
    assert code == 2 and "['epochs'] cannot be set here" in err
    code, _, err = command(capsys, "reward", "train", "--data", str(tmp_path), "--out",
                           str(tmp_path / "r"), "--model", "resnet")  # fmt: skip
    assert code == 2 and "frame-temporal, frame-temporal-templates" in err
    help_text = cuakit("reward", "train", "--help").stdout
    options = {line.split()[1] for line in help_text.splitlines() if line.startswith("│ --")}
    assert 10 <= len(options) <= 20, sorted(options)

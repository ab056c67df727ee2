from __future__ import annotations

import json

import pytest

from cuakit.cli.reward_bench import RewardBenchArgs, run_reward_bench
from cuakit.reward.bench import BENCH_BACKBONES, bench_reward


@pytest.fixture(scope="module")
def result() -> dict:
    return bench_reward(quick=True)


def test_every_backbone_precision_and_pruning_has_a_row(result: dict) -> None:
    keys = {(r["backbone"], r["precision"], r["pruning"]) for r in result["rows"]}
    expected = {("frame-temporal", p, s) for p in ("fp32", "bf16") for s in ("on", "off")}
    expected |= {(b, p, "n/a") for b in BENCH_BACKBONES[1:] for p in ("fp32", "bf16")}
    assert keys == expected
    assert result["reference"] is None  # quick mode leaves TimeSformer-base out
    assert result["setup"]["quick"] is True


def test_measurements_are_positive(result: dict) -> None:
    for name in ("fp32", "bf16"):
        assert result["peak"][name]["gflops"] > 0
    for row in result["rows"]:
        for key in (
            "params", "flops_per_clip", "infer_clips_per_s", "infer_gflops_per_s",
            "infer_utilisation", "train_flops_per_step", "train_steps_per_s",
            "train_gflops_per_s", "train_utilisation",
        ):  # fmt: skip
            assert row[key] > 0, (row["backbone"], key)
        assert 0 < row["kept_ratio"] <= 1
        assert row["train_flops_per_step"] > row["flops_per_clip"]  # backward costs too


def test_pruning_rows_count_fewer_flops(result: dict) -> None:
    on, off = (
        next(r for r in result["rows"] if (r["backbone"], r["precision"], r["pruning"]) == key)
        for key in (("frame-temporal", "fp32", "on"), ("frame-temporal", "fp32", "off"))
    )
    assert on["kept_ratio"] < 1.0 and off["kept_ratio"] == 1.0
    assert on["flops_per_clip"] < off["flops_per_clip"]
    ratios = result["ratios"]
    assert ratios["pruning_kept_ratio"] == on["kept_ratio"]
    assert ratios["pruning_speedup_infer_fp32"] > 0 and ratios["pruning_flops_ratio_fp32"] < 1
    assert "default_vs_timesformer_base_speed" not in ratios


def test_result_is_json_serialisable(result: dict) -> None:
    assert json.loads(json.dumps(result))["rows"][0]["backbone"] == "frame-temporal"


def test_cli_prints_one_json_object(
    result: dict, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("cuakit.cli.reward_bench.bench_reward", lambda quick, threads: result)
    run_reward_bench(RewardBenchArgs(quick=True, json=True))
    payload = json.loads(capsys.readouterr().out)
    assert len(payload["rows"]) == 8 and payload["ratios"]["pruning_kept_ratio"] < 1


def test_cli_prints_a_table_and_ratios(
    result: dict, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base = {**result["rows"][4], "backbone": "timesformer-base"}
    base = {k: v for k, v in base.items() if not k.startswith("train")}
    full = {
        **result,
        "reference": base,
        "ratios": {
            **result["ratios"],
            "default_vs_timesformer_base_speed": 300.0,
            "default_vs_timesformer_base_flops": 1600.0,
        },
    }
    monkeypatch.setattr("cuakit.cli.reward_bench.bench_reward", lambda quick, threads: full)
    run_reward_bench(RewardBenchArgs())
    out = capsys.readouterr().out
    assert "timesformer-base" in out and "cnn3d" in out
    assert "300x the clips/s" in out and "pruning keeps" in out

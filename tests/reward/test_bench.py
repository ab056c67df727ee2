from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest
import torch
import torch.nn.functional as F

from cuakit.cli.reward_bench import RewardBenchArgs, run_reward_bench
from cuakit.reward.bench import (
    BENCH_BACKBONES,
    QUICK_CONFIG,
    _count_flops,
    _timed,
    bench_reward,
)
from cuakit.reward.model import VideoRewardModel


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


def test_rows_count_their_models_parameters_and_flops(result: dict) -> None:
    batch = result["setup"]["batch"]
    for backbone in BENCH_BACKBONES:
        model = VideoRewardModel(replace(QUICK_CONFIG, backbone=backbone))
        rows = [r for r in result["rows"] if r["backbone"] == backbone]
        # the same weights at either precision, pruned or not
        assert {r["params"] for r in rows} == {sum(p.numel() for p in model.parameters())}
        for pruning in {r["pruning"] for r in rows}:  # autocast changes no operation's count
            same = [r for r in rows if r["pruning"] == pruning]
            assert len({(r["flops_per_clip"], r["train_flops_per_step"]) for r in same}) == 1
    for row in result["rows"]:
        pruned = row["pruning"] == "on"
        assert row["kept_ratio"] == (result["ratios"]["pruning_kept_ratio"] if pruned else 1.0)
        # a training step is the batch's forward and a backward of about twice its cost
        assert 2 < row["train_flops_per_step"] / (batch * row["flops_per_clip"]) < 4


def test_timing_and_flop_counting_measure_what_they_say() -> None:
    calls: list[float] = []

    def nap() -> None:
        calls.append(time.perf_counter())
        time.sleep(0.02)

    assert 0.02 <= _timed(nap, repeats=3, budget_s=10.0) < 1.0 and len(calls) == 3
    calls.clear()
    _timed(nap, repeats=1000, budget_s=0.05)  # the budget stops it long before 1000 calls
    assert 1 <= len(calls) < 10
    a, b = torch.ones(4, 8), torch.ones(16, 8)
    flops, out = _count_flops(lambda: F.linear(a, b))  # (4×8)·(8×16): 4·8·16 multiply-adds, 2 each
    assert flops == 1024 and out.shape == (4, 16)


def test_pruning_rows_count_fewer_flops(result: dict) -> None:
    on, off = (
        next(r for r in result["rows"] if (r["backbone"], r["precision"], r["pruning"]) == key)
        for key in (("frame-temporal", "fp32", "on"), ("frame-temporal", "fp32", "off"))
    )
    assert on["kept_ratio"] < 1.0 and off["kept_ratio"] == 1.0
    assert on["flops_per_clip"] < off["flops_per_clip"]
    ratios = result["ratios"]
    assert ratios["pruning_kept_ratio"] == on["kept_ratio"]
    assert ratios["pruning_flops_ratio_fp32"] == on["flops_per_clip"] / off["flops_per_clip"]
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

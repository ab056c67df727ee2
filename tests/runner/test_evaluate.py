"""`cuakit eval agent`: per-task success equals the env's ground truth on the same seeds, for
the expert and a lab policy on three desksim families; the report is drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cuakit.envs as envs
from cuakit.agent.policy import LabPolicy, PolicyConfig, save_policy
from cuakit.cli import main
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.runner.agents import agent_from_spec
from cuakit.runner.evaluate import wilson

FAMILIES = ("click-button", "dismiss-dialog", "checkboxes")
ENVS = [f"cuakit/desksim-{f}-v0" for f in FAMILIES]


def ground_truth(spec: str, env_id: str, seeds: list[int]) -> list[bool]:
    """Each episode played directly in the env, no runner: the env's own success at its end."""
    env = envs.make(env_id, terminate_on_success=False)
    try:
        agent, out = agent_from_spec(spec, env), []
        for seed in seeds:
            obs, info = env.reset(seed=seed)
            previous = []
            for _ in range(15):
                action = agent.act(obs["screenshot"], obs["instruction"], previous)
                obs, _, terminated, truncated, info = env.step(action)
                previous.append(action)
                if terminated or truncated:
                    break
            out.append(bool(info["success"]))
        return out
    finally:
        env.close()


@pytest.mark.parametrize("kind", ["expert", "lab"])
def test_reported_success_is_the_envs_ground_truth(kind, tmp_path: Path, capsys):
    spec = "expert"
    if kind == "lab":
        save_policy(LabPolicy(PolicyConfig()), tmp_path / "run" / "policy")
        spec = f"lab:{tmp_path / 'run'}"
    argv = ["eval", "agent", "--model", spec, "--envs", ",".join(ENVS), "--episodes", "3",
            "--out", str(tmp_path / "report"), "--json"]  # fmt: skip
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    seeds = [TEST_SEED_START + i for i in range(3)]
    for env_id in ENVS:
        row = report["tasks"][env_id]
        assert row["successes"] == ground_truth(spec, env_id, seeds), env_id
        assert row["success_rate"] == sum(row["successes"]) / 3
        assert sum(row["safety"].values()) >= 3  # every proposed action was decided
    if kind == "expert":
        assert all(row["success_rate"] == 1.0 for row in report["tasks"].values())
    html = (tmp_path / "report" / "report.html").read_text()
    assert all(env_id in html for env_id in ENVS)
    assert len(list((tmp_path / "report" / "gifs").iterdir())) == 3


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5, 10)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-9
    assert wilson(10, 10)[1] == 1.0 and wilson(10, 10)[0] > 0.6

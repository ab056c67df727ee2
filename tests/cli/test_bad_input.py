"""Every command answers a user's mistake with one line naming it, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cuakit.cli import COMMANDS, main

MISSING = "/nonexistent/cuakit"
BAD_INPUT = {
    "envs": ["--sheet", "families.txt"],
    "collect": ["--env", "bogus/env", "--out", f"{MISSING}/out"],
    "dataset info": [MISSING],
    "dataset preview": [MISSING, "--episode", "0", "--out", "x.gif"],
    "dataset merge": [MISSING, "--out", f"{MISSING}/out"],
    "dataset export": [MISSING, "--out", "x.json"],
    "dataset import": [f"{MISSING}.json", "--out", f"{MISSING}/out"],
    "label success": [MISSING],
    "label pairs": [MISSING],
    "curate filter": [f"{MISSING}.jsonl", "--out", f"{MISSING}/out.jsonl"],
    "curate stats": [f"{MISSING}.jsonl", "--out", f"{MISSING}/plots"],
    "reward train": ["--data", MISSING, "--out", f"{MISSING}/run"],
    "reward eval": ["--checkpoint", MISSING, "--data", MISSING],
    "reward score": ["--checkpoint", MISSING, "--video", "v.mp4", "--instruction", "Save"],
    "reward risk-judge": ["--out", f"{MISSING}/judge.npz", "--cases", MISSING],
    "reward harden": ["--out", f"{MISSING}/h", "--data", MISSING, "--checkpoint", MISSING],
    "agent ppo": ["--out", f"{MISSING}/ppo", "--env", "bogus/env"],
    "agent eval": ["--policy", "bogus"],
    "agent sft": [
        "--model",
        MISSING,
        "--data",
        f"{MISSING}.jsonl",
        "--preset",
        "tiny-cpu",
        "--out",
        f"{MISSING}/run",
    ],
    "agent build-tiny-vlm": ["--out", "/dev/null/tiny"],
    "agent rft": ["--model", MISSING, "--env", "bogus/env", "--judge", MISSING, "--out", "x"],
    "agent sft-eval": ["--run", MISSING, "--data", f"{MISSING}.jsonl", "--train", MISSING],
    "agent grounding-sft": ["--data", f"{MISSING}.jsonl", "--out", f"{MISSING}/run"],
    "agent grpo": [
        "--policy",
        "vlm",
        "--model",
        MISSING,
        "--data",
        f"{MISSING}.jsonl",
        "--out",
        f"{MISSING}/run",
    ],
    "agent grpo-episodes": ["--out", f"{MISSING}/run", "--reward", f"vrm:{MISSING}"],
    "eval agent": ["--model", "expert", "--envs", "bogus/env"],
    "eval grounding": ["--policy", "vlm:run", "--data", f"{MISSING}.jsonl"],
    "curate export": [MISSING, "--out", f"{MISSING}/out"],
    "curate refusals": ["--out", f"{MISSING}/out", "--data", f"{MISSING}.toml"],
    "curate import": ["agentnet", MISSING, "--out", f"{MISSING}/out"],
    "annotate serve": [MISSING],
    "annotate add-user": ["ann", "--data", MISSING],
    "annotate agreement": [MISSING],
    "annotate export": [MISSING],
    "annotate retrain": [MISSING, "--checkpoint", f"{MISSING}/run"],
    "annotate simulate": [MISSING, "--select", "clever"],
    "run": ["--model", f"lab:{MISSING}"],
    "serve policy": ["--model", f"lab:{MISSING}"],
    "serve reward": ["--checkpoint", MISSING],
    "demo": ["--env", "bogus/env", "--out", f"{MISSING}/demo"],
    "bench video": ["--frames", "0"],
    "bench env": ["--steps", "0"],
    "bench experts": ["--env", "bogus/env"],
    "bench reward": ["--threads", "0"],
    "bench reading": ["--envs", "android"],
    "bench agent": ["--families", "bogus"],
    "bench safety": ["--cases", MISSING],
    "bench serve": ["--requests", "0"],
    "bench scale": ["--episodes", "0"],
}
"""a wrong path, id, spec or value for each command of the CLI's own table"""


BAD_OPTIONS = {
    "collect --workers": ["collect", "--env", "cuakit/desksim-click-button-v0", "--out",
                          f"{MISSING}/out", "--workers", "0"],
    "collect --ray-address": ["collect", "--env", "cuakit/desksim-click-button-v0", "--out",
                              f"{MISSING}/out", "--workers", "2", "--ray-address", "bogus"],
    "reward train --nproc": ["reward", "train", "--data", MISSING, "--out", f"{MISSING}/run",
                             "--nproc", "0"],
    "bench scale --ray-address": ["bench", "scale", "--ray-address", "bogus"],
    "reward train vlm, no --base-model": ["reward", "train", "--data", MISSING, "--out",
                                          f"{MISSING}/run", "--model", "vlm-tiny-cpu"],
    "reward train --base-model": ["reward", "train", "--data", MISSING, "--out", f"{MISSING}/run",
                                  "--model", "cnn3d", "--base-model", MISSING],
    "agent build-tiny-vlm --family": ["agent", "build-tiny-vlm", "--out", f"{MISSING}/m",
                                      "--family", "qwen9"],
    "bench reward --vlm-size": ["bench", "reward", "--vlm", "--vlm-size", "13b"],
    "agent ppo --rollout-workers": ["agent", "ppo", "--out", f"{MISSING}/ppo",
                                    "--rollout-workers", "3"],
    "agent ppo --max-policy-lag": ["agent", "ppo", "--out", f"{MISSING}/ppo",
                                   "--rollout-workers", "2", "--max-policy-lag", "-1"],
    "agent ppo --scorers": ["agent", "ppo", "--out", f"{MISSING}/ppo", "--scorers", "1"],
    "reward risk-judge --benign-rate": ["reward", "risk-judge", "--out", f"{MISSING}/j.npz",
                                        "--benign-rate", "1.5"],
    "bench safety --judge": ["bench", "safety", "--judge", f"{MISSING}.npz"],
    "run --risk-judge": ["run", "--model", "expert", "--risk-judge", f"{MISSING}.npz"],
}  # fmt: skip
"""a wrong value for an option added to a command after its BAD_INPUT case"""


def names() -> list[str]:
    return [f"{c.group} {c.name}".strip() for c in COMMANDS]


def test_every_command_has_a_bad_input_case() -> None:
    assert sorted(BAD_INPUT) == sorted(names()), "add the new command to BAD_INPUT"


@pytest.mark.parametrize("command", names())
def test_a_users_mistake_is_one_clear_line(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In process (each command's imports load once): an exception escaping `main` fails the
    test as a traceback would; tyro's parse errors exit through SystemExit."""
    monkeypatch.setenv("COLUMNS", "200")
    try:
        code = main([*command.split(), *BAD_INPUT[command]])
    except SystemExit as exit_:
        code = exit_.code
    stderr = capsys.readouterr().err
    assert code not in (0, None), stderr[-500:]
    lines = [line for line in stderr.splitlines() if line.strip()]
    ours = [line for line in lines if line.startswith("error:")]
    # ours: one line; tyro's parse errors (a value its own check refused) come in its box
    assert len(ours) == 1 or "Error parsing config" in stderr, stderr[-2000:]


@pytest.mark.parametrize("option", sorted(BAD_OPTIONS))
def test_a_wrong_option_value_is_one_clear_line(
    option: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code = main(BAD_OPTIONS[option])
    stderr = capsys.readouterr().err
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    assert code == 2 and len(errors) == 1, stderr[-2000:]
    assert option.split()[-1] in errors[0], errors


def test_the_installed_command_answers_a_mistake_without_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cuakit", "collect", *BAD_INPUT["collect"]],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        timeout=120,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == ["error: no cuakit env matches 'bogus/env'; see `cuakit envs` for the ids"]

"""The X11 desktop: AbiWord on a private Xvfb, success read from the saved file."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import numpy as np
import pytest

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.envs.bench import bench_backend
from cuakit.envs.processes import alive
from cuakit.envs.record import RecordEpisode
from cuakit.envs.x11.abiword import read_abw, write_abw
from cuakit.envs.x11.desktop import missing_binaries, x_keys
from cuakit.envs.x11.env import X11Env
from cuakit.envs.x11.tasks import TASKS
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.errors import ConfigError

pytest.importorskip("mss", reason="needs cuakit's desktop extra (pip install 'cuakit[desktop]')")
_missing = missing_binaries()
needs_x = pytest.mark.skipif(
    bool(_missing),
    reason=f"needs Debian packages {_missing}: apt-get install -y {' '.join(_missing)}",
)

SAVED = """<?xml version="1.0" encoding="UTF-8"?>
<abiword xmlns="http://www.abisource.com/awml.dtd" version="3.0.5" fileformat="1.1">
<section xid="1">
<p xid="2">plain <c props="font-style:italic">slanted</c> tail</p>
<p xid="3" props="font-weight:bold">all bold <c props="font-weight:normal">not</c></p>
</section>
</abiword>
"""


def test_abw_files_round_trip_and_styles_are_read(tmp_path: Path) -> None:
    path = tmp_path / "doc.abw"
    write_abw(path, ["one two", "a < b & c"])
    assert [p.text for p in read_abw(path)] == ["one two", "a < b & c"]
    path.write_text(SAVED)
    first, second = read_abw(path)
    assert first.text == "plain slanted tail" and first.styled("italic").split() == ["slanted"]
    assert second.styled("bold").split() == ["all", "bold"]


def test_key_names_map_to_x_keysyms() -> None:
    assert x_keys("ctrl+shift+end") == "ctrl+shift+End"
    assert x_keys("enter") == "Return" and x_keys("ctrl+s") == "ctrl+s"
    assert x_keys("ctrl+nosuchkey") is None


def test_ids_are_registered_and_make_starts_nothing() -> None:
    assert set(envs.env_ids("cuakit/x11-*")) == {f"cuakit/x11-{t}-v0" for t in TASKS}
    env = envs.make("cuakit/x11-abiword-bold-line-v0")
    assert env.desktop is None
    env.close()
    with pytest.raises(ConfigError, match="unknown X11 task"):
        X11Env("abiword-nothing")


def run_expert(env: X11Env, seed: int, stop_before_save: bool = False) -> dict:
    env.reset(seed=seed)
    info: dict = {}
    done = False
    while not done:
        action = env.expert_action()
        if stop_before_save and action.type is ActionType.KEY and action.keys == "ctrl+s":
            action = Action.finish()
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    return info


@pytest.mark.desktop
@needs_x
@pytest.mark.parametrize("task", sorted(TASKS))
def test_expert_succeeds_and_the_saved_file_decides(task: str) -> None:
    env = X11Env(task)
    try:
        assert run_expert(env, seed=4)["success"]
        # The same work without saving: the screen shows it, the file does not; no success.
        info = run_expert(env, seed=4, stop_before_save=True)
        assert not info["success"]
        screen = env.render()
        assert screen.shape == (600, 800, 3) and screen.std() > 10
    finally:
        env.close()


@pytest.mark.desktop
@needs_x
def test_each_env_has_its_own_x_server_and_leaves_nothing(tmp_path: Path) -> None:
    first, second = X11Env("abiword-append-line"), X11Env("abiword-append-line")
    try:
        first.reset(seed=0)
        second.reset(seed=1)
        assert first.desktop.display != second.desktop.display
        pids = first.desktop_pids() | second.desktop_pids()
        assert len(pids) >= 4 and all(alive(pid) for pid in pids)
    finally:
        first.close()
        second.close()
    assert not any(alive(pid) for pid in pids)


@pytest.mark.desktop
@needs_x
def test_a_crashed_application_truncates_and_the_next_episode_succeeds() -> None:
    env = X11Env("abiword-append-line")
    try:
        env.reset(seed=2)
        env.step(env.expert_action())
        pids = env.desktop_pids()
        os.kill(env.app.pid, signal.SIGKILL)
        obs, _, terminated, truncated, info = env.step(env.expert_action())
        assert truncated and not terminated and "AbiWord exited" in info["error"]
        assert obs["screenshot"].shape == (600, 800, 3)
        assert not any(alive(pid) for pid in pids)
        assert run_expert(env, seed=3)["success"]
    finally:
        env.close()


@pytest.mark.desktop
@needs_x
def test_recording_captures_frames_in_between(tmp_path: Path) -> None:
    env = X11Env("abiword-append-line")
    recorder = RecordEpisode(env, EpisodeWriter(tmp_path, fps=10), policy="expert")
    try:
        recorder.reset(seed=5)
        done, info = False, {}
        while not done:
            _, _, terminated, truncated, info = recorder.step(env.expert_action())
            done = terminated or truncated
    finally:
        recorder.close()
        env.close()
    dataset = EpisodeDataset(tmp_path)
    meta = dataset.meta(0)
    assert info["success"] and meta.success
    assert meta.num_frames > meta.length + 1 + 10  # pointer travel and typing in between
    frames = dataset.frames(0)
    assert frames.shape[1:] == (600, 800, 3)
    assert not np.array_equal(frames[0], frames[-1])


@pytest.mark.desktop
@needs_x
def test_bench_measures_the_desktop(tmp_path: Path) -> None:
    row = bench_backend("cuakit/x11-abiword-append-line-v0", 3, 10, tmp_path)
    assert row["backend"] == "x11" and row["memory_mb"] > 10
    assert row["steps_per_s"] > 0 and row["recorded_frames_per_s"] > 0


@pytest.mark.desktop
@needs_x
def test_the_expert_recovers_from_a_failed_open() -> None:
    """The file dialog's inline completion can garble a typed path; AbiWord then shows an
    error box. The expert dismisses it and opens the file again."""
    env = X11Env("abiword-bold-line")
    try:
        env.reset(seed=6)
        path = env.task.path
        hidden = path.with_suffix(".away")
        done, info, dismissed = False, {}, False
        while not done:
            action = env.expert_action()
            if action.type is ActionType.KEY and action.keys == "enter" and not dismissed:
                if action.reasoning == "open it" and not hidden.exists():
                    path.rename(hidden)  # this open fails
                elif action.reasoning == "dismiss the error":
                    hidden.rename(path)
                    dismissed = True
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert dismissed and info["success"]
    finally:
        env.close()

"""The X11 desktop: AbiWord, Mousepad and Gnumeric on a private Xvfb, success read from the
saved file."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import numpy as np
import pytest
from numpy.random import default_rng

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.envs.base import Outcome
from cuakit.envs.bench import bench_backend
from cuakit.envs.processes import alive
from cuakit.envs.record import RecordEpisode
from cuakit.envs.x11 import TASK_NAMES
from cuakit.envs.x11.abiword import read_abw, write_abw
from cuakit.envs.x11.desktop import missing_binaries, x_keys
from cuakit.envs.x11.env import X11Env
from cuakit.envs.x11.gnumeric import GNUMERIC, FillCell, SumColumn, read_cells, write_gnumeric
from cuakit.envs.x11.mousepad import MOUSEPAD, AppendLine, ReplaceWord, read_lines
from cuakit.envs.x11.tasks import TASKS
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.errors import BackendUnavailableError, ConfigError

pytest.importorskip("mss", reason="needs cuakit's desktop extra (pip install 'cuakit[desktop]')")
_missing = missing_binaries()
needs_x = pytest.mark.skipif(
    bool(_missing),
    reason=f"needs Debian packages {_missing}: apt-get install -y {' '.join(_missing)}",
)


def needs_app(task: str) -> pytest.MarkDecorator:
    package = TASKS[task].app.missing()
    return pytest.mark.skipif(
        package is not None, reason=f"needs Debian package {package}: apt-get install -y {package}"
    )


needs_gnumeric = pytest.mark.skipif(
    GNUMERIC.missing() is not None, reason="needs Debian package gnumeric (for ssconvert)"
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


def resave(path: Path, text: str | None = None, rows: list[list[str]] | None = None) -> None:
    """Write a task's file as an application would save it (a later modification time)."""
    if rows is not None:
        write_gnumeric(path, rows)
    else:
        path.write_text(text or "")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))


def test_text_files_are_judged_by_their_lines(tmp_path: Path) -> None:
    task = ReplaceWord(default_rng(0), tmp_path)
    assert read_lines(task.path) == task.lines and task.app is MOUSEPAD
    assert not task.outcome().success  # not saved yet
    resave(task.path, "\n".join(task.expected) + "\n\n")  # a blank line at the end is fine
    assert task.outcome().success
    resave(task.path, "\n".join([*task.lines, task.replacement]))  # added, not replaced
    assert not task.outcome().success
    (tmp_path / "other").mkdir()
    append = AppendLine(default_rng(1), tmp_path / "other")
    resave(append.path, "\n".join([*append.lines, append.sentence]))
    assert append.outcome().success
    resave(append.path, "\n".join([append.sentence, *append.lines]))  # at the top
    assert append.outcome() == Outcome(success=False, progress=0.0)


@needs_gnumeric
def test_workbooks_round_trip_and_formulas_are_computed(tmp_path: Path) -> None:
    path = tmp_path / "t.gnumeric"
    write_gnumeric(path, [["Item", "Qty"], ["a & b", "3"], ["", "=B2*2+1"]])
    assert read_cells(path) == {"A1": "Item", "B1": "Qty", "A2": "a & b", "B2": "3", "B3": "7"}


@needs_gnumeric
def test_sheets_are_judged_by_the_values_gnumeric_computes(tmp_path: Path) -> None:
    task = SumColumn(default_rng(0), tmp_path)
    rows = [row[:] for row in task.rows] + [["", "", ""]]
    rows[-1][task.col] = f"=SUM({task.range})"
    resave(task.path, rows=rows)
    assert task.outcome().success
    rows[-1][task.col] = str(task.total + 1)
    resave(task.path, rows=rows)
    assert task.outcome() == Outcome(success=False, progress=0.5)
    (tmp_path / "other").mkdir()
    fill = FillCell(default_rng(1), tmp_path / "other")
    rows = [row[:] for row in fill.rows]
    rows[fill.row][fill.col] = fill.value
    resave(fill.path, rows=rows)
    assert fill.outcome().success
    rows[fill.row][fill.col], rows[fill.row][3 - fill.col] = (
        fill.rows[fill.row][fill.col],
        fill.value,
    )
    resave(fill.path, rows=rows)  # the number in the neighbouring cell
    assert not fill.outcome().success


def test_a_missing_application_names_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "cuakit.envs.x11.task.shutil.which",
        lambda program: None if program == "ssconvert" else f"/usr/bin/{program}",
    )
    env = X11Env("gnumeric-fill-cell")
    with pytest.raises(BackendUnavailableError, match="apt-get install -y gnumeric"):
        env.reset(seed=0)
    assert env.desktop is None  # checked before a desktop starts
    env.close()


def test_key_names_map_to_x_keysyms() -> None:
    assert x_keys("ctrl+shift+end") == "ctrl+shift+End"
    assert x_keys("enter") == "Return" and x_keys("ctrl+s") == "ctrl+s"
    assert x_keys("ctrl+nosuchkey") is None


def test_ids_are_registered_and_make_starts_nothing() -> None:
    assert set(envs.env_ids("cuakit/x11-*")) == {f"cuakit/x11-{t}-v0" for t in TASKS}
    assert sorted(TASK_NAMES) == sorted(TASKS)
    assert {task.app.name for task in TASKS.values()} == {"AbiWord", "Mousepad", "Gnumeric"}
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
@pytest.mark.parametrize("task", [pytest.param(t, marks=needs_app(t)) for t in sorted(TASKS)])
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


@pytest.mark.desktop
@needs_x
@needs_app("mousepad-replace-word")
def test_keys_for_a_dialog_wait_for_the_pointer_over_it() -> None:
    """With no window manager X sends keys to the window under the pointer: a detour that left
    the pointer beside Find and Replace typed the searched word into the text. The expert now
    moves the pointer back over the dialog before typing into it."""
    env = X11Env("mousepad-replace-word")
    try:
        env.reset(seed=1)
        done, info, detoured, back = False, {}, False, []
        while not done:
            action = env.expert_action()
            if action.type is ActionType.TYPE and not detoured:
                action, detoured = Action.move(0.02, 0.95, reasoning="looking around"), True
            elif action.type is ActionType.MOVE:
                back.append(action.reasoning)
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        assert detoured and back == ["the pointer back over Find and Replace"]
        assert info["success"]
    finally:
        env.close()


@pytest.mark.desktop
@needs_x
@needs_app("mousepad-append-line")
def test_the_real_cursor_is_found_where_the_pointer_is() -> None:
    """The recording shows the X server's own cursor (Adwaita's I-beam over Mousepad's text);
    the reward model's pointer finder finds it at the pointer's place, from the pixels alone."""
    from cuakit.envs.cursors import cursor_bank
    from cuakit.video.pointer import find_cursor, sprites_of

    env = X11Env("mousepad-append-line")
    try:
        env.reset(seed=0)
        for x, y in [(400, 300), (250, 420)]:
            env.step(Action.move((x + 0.5) / 800, (y + 0.5) / 600))
            found = find_cursor(env.render(), sprites_of(cursor_bank()))
            assert found is not None and (found[0].x, found[0].y) == (x, y)
            assert found[1].group == "Adwaita/24"
    finally:
        env.close()

"""MiniWoB++ in a real headless Chromium: experts, frames, recording, crashes, hangs, leaks."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip(
    "miniwob", reason="needs cuakit's browser extra (pip install 'cuakit[browser]')"
)
pytest.importorskip(
    "selenium", reason="needs cuakit's browser extra (pip install 'cuakit[browser]')"
)

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.envs.bench import bench_backend, policy_outcomes
from cuakit.envs.miniwob.browser import BrowserConfig
from cuakit.envs.miniwob.env import MiniWoBEnv
from cuakit.envs.miniwob.experts import ALL_EXPERTS, EXPERTS
from cuakit.envs.miniwob.unseen_experts import UNSEEN_EXPERTS, UNSEEN_TASKS
from cuakit.envs.processes import alive
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.errors import ConfigError

_config = BrowserConfig()
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        shutil.which(_config.chrome_binary) is None or shutil.which(_config.chromedriver) is None,
        reason=f"needs {_config.chrome_binary} and {_config.chromedriver} "
        "(apt-get install -y chromium chromium-driver)",
    ),
]

# The candidates for tasks the reward model never trains on.
UNSEEN_CANDIDATES = {
    "click-color", "click-shape", "click-menu-2", "click-scroll-list", "use-slider",
    "use-spinner", "enter-date", "enter-time", "navigate-tree", "social-media", "book-flight",
    "search-engine", "identify-shape", "grid-coordinate", "copy-paste", "find-word", "read-table",
}  # fmt: skip


def browser_main_pid(env: MiniWoBEnv) -> int:
    """The Chromium browser process (not a renderer or helper) of ``env``."""
    for pid in env.browser_pids():
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()  # Chromium rewrites its argv
        except OSError:
            continue
        program = command.split(b"\0")[0].split(b" ")[0]
        if program.endswith(b"chromium") and b"--type=" not in command:
            return pid
    raise AssertionError("no Chromium browser process found")


def finish(env: MiniWoBEnv) -> dict:
    """Step ``env``'s expert until the episode ends; the last step's info."""
    info: dict = {}
    done = False
    while not done:
        _obs, _, terminated, truncated, info = env.step(env.expert_action())
        done = terminated or truncated
    return info


def run_expert(env: MiniWoBEnv, seed: int) -> dict:
    env.reset(seed=seed)
    return finish(env)


def test_every_miniwob_task_is_registered_and_make_starts_nothing() -> None:
    ids = envs.env_ids("cuakit/miniwob-*")
    assert len(ids) >= 100
    assert {f"cuakit/miniwob-{task}-v0" for task in ALL_EXPERTS} <= set(ids)
    env = envs.make("cuakit/miniwob-click-button-v0")
    assert env.browser is None and env.browser_pids() == set()
    env.close()
    with pytest.raises(ConfigError, match="unknown MiniWoB task"):
        MiniWoBEnv("no-such-task")
    with pytest.raises(ConfigError, match="no difficulty"):
        MiniWoBEnv("click-button", difficulty=2)


def test_unseen_tasks_are_kept_apart_from_the_training_tasks() -> None:
    assert len(EXPERTS) == 12 and len(UNSEEN_TASKS) >= 6
    assert set(UNSEEN_TASKS) == set(UNSEEN_EXPERTS) <= UNSEEN_CANDIDATES
    assert not set(UNSEEN_TASKS) & set(EXPERTS)
    assert ALL_EXPERTS == EXPERTS | UNSEEN_EXPERTS
    assert all(envs.has_expert(f"cuakit/miniwob-{task}-v0") for task in UNSEEN_TASKS)
    assert not envs.has_expert("cuakit/miniwob-click-shape-v0")


@pytest.mark.parametrize("task", sorted(ALL_EXPERTS))
def test_dom_expert_solves_the_task(task: str) -> None:
    outcomes = policy_outcomes(f"cuakit/miniwob-{task}-v0", "expert", range(2))
    assert all(outcomes), f"{task}: expert failed on seeds {outcomes}"


def test_email_expert_gives_up_when_a_noisy_step_lost_the_email() -> None:
    env = MiniWoBEnv("email-inbox")
    try:
        env.reset(seed=0)
        assert env.expert_action().type is not ActionType.FAIL
        env.browser.js("document.querySelectorAll('.email-sender').forEach(e => e.remove());")
        env.step(Action.wait(0.1))
        action = env.expert_action()
        assert action.type is ActionType.FAIL and "is gone" in action.reasoning
        _, _, terminated, _, info = env.step(action)
        assert terminated and not info["success"]
    finally:
        env.close()


def test_copy_paste_expert_copies_again_after_a_stray_click_in_the_text() -> None:
    """A click into the copied text drops its selection, the expert's only sign that the
    clipboard holds the text: it selects and copies again rather than paste blindly."""
    env = MiniWoBEnv("copy-paste")
    try:
        env.reset(seed=0)
        env.step(env.expert_action())  # into the text to copy
        assert env.expert_action().keys == "ctrl+a+c"
        env.step(env.expert_action())
        source = env.page().by_id("to-copy")
        assert source.selection == [0, len(source.value)]
        env.step(Action.click(*env.page().point(source.left + 4, source.top + 4)))
        assert env.expert_action().keys == "ctrl+a+c"
        assert finish(env)["success"]
    finally:
        env.close()


def test_time_expert_clicks_the_hour_again_after_a_misclick_on_the_minutes() -> None:
    env = MiniWoBEnv("enter-time")
    try:
        env.reset(seed=1)
        first = env.expert_action()
        assert first.type is ActionType.CLICK
        env.step(first)
        assert env.expert_action().type is ActionType.TYPE
        field = env.page().by_id("tt")
        env.step(Action.click(*env.page().point(field.left + 30, field.center[1])))
        again = env.expert_action()
        assert again.type is ActionType.CLICK and again.point == first.point
        assert finish(env)["success"]
    finally:
        env.close()


def test_random_is_far_below_the_expert() -> None:
    outcomes = []
    for task in ("click-checkboxes", "enter-text", "login-user"):
        outcomes += policy_outcomes(f"cuakit/miniwob-{task}-v0", "random", range(3))
    assert sum(outcomes) <= 2


def test_frames_hold_the_task_area_only_with_the_pointer() -> None:
    env = MiniWoBEnv("click-button")
    try:
        obs, _info = env.reset(seed=3)
        frame = obs["screenshot"]
        assert frame.shape == (210, 160, 3)
        display = env.browser.js(
            "const r = document.getElementById('reward-display').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height];"
        )
        assert display[0] >= 160, f"reward display overlaps the task area: {display}"
        # Paint the reward display (and the click canvas) loudly: no frame pixel may change.
        env.browser.js(
            "for (const id of ['reward-display', 'click-canvas']) {"
            "  const e = document.getElementById(id);"
            "  e.style.background = 'rgb(255,0,255)'; e.style.width = '300px';"
            "  e.style.height = '400px'; }"
            "document.getElementById('reward-last').innerHTML = '1.00 REWARD';"
        )
        assert np.array_equal(env.render(), frame)
        # The pointer is drawn at its known position: black outline at the hot spot.
        x, y = (round(c) for c in env.pointer)
        assert tuple(frame[y, x]) == (0, 0, 0)
        env.step(Action.move(0.1, 0.9))
        moved = env.render()
        assert env.pointer == (16.0, 189.0)
        assert tuple(moved[189, 16]) == (0, 0, 0)
        assert not np.array_equal(moved, frame)
    finally:
        env.close()


def test_typing_keys_and_scrolling_reach_the_page() -> None:
    env = MiniWoBEnv("enter-text")
    try:
        env.reset(seed=1)
        field = env.page().by_id("tt")
        env.step(Action.click(*env.page().point(*field.center)))
        env.step(Action.type_text("abcd"))
        env.step(Action.key("backspace"))
        assert env.page().by_id("tt").value == "abc"
        env.step(Action.key("ctrl+a"))
        env.step(Action.type_text("Zoe"))
        assert env.page().by_id("tt").value == "Zoe"
        _, _, _, _, info = env.step(Action.key("ctrl+nosuchkey"))
        assert "no such key" in info["noop"]
    finally:
        env.close()
    env = MiniWoBEnv("email-inbox")
    try:
        env.reset(seed=0)
        scrolled = "return document.getElementById('main').scrollTop;"
        assert env.browser.js(scrolled) == 0
        env.step(Action.scroll("down", 2, 0.5, 0.6))
        assert env.browser.js(scrolled) > 0
    finally:
        env.close()


def test_recording_adds_the_frames_in_between(tmp_path: Path) -> None:
    env = MiniWoBEnv("login-user")
    recorder = RecordEpisode(env, EpisodeWriter(tmp_path, fps=10), policy="expert")
    try:
        recorder.reset(seed=2)
        done = False
        while not done:
            _obs, _, terminated, truncated, info = recorder.step(env.expert_action())
            done = terminated or truncated
    finally:
        recorder.close()
        env.close()
    meta = EpisodeDataset(tmp_path).meta(0)
    assert info["success"] and meta.success
    assert meta.num_frames > meta.length + 1 + 5  # pointer travel and typing in between
    assert (meta.width, meta.height) == (160, 210)


def test_killed_browser_truncates_the_episode_and_the_next_one_succeeds() -> None:
    env = MiniWoBEnv("login-user")
    try:
        env.reset(seed=0)
        env.step(env.expert_action())
        old = env.browser_pids()
        os.kill(browser_main_pid(env), signal.SIGKILL)
        obs, reward, terminated, truncated, info = env.step(env.expert_action())
        assert truncated and not terminated and not info["success"] and reward == 0.0
        assert "Chromium" in info["error"]
        assert obs["screenshot"].shape == (210, 160, 3)
        assert not any(alive(pid) for pid in old), "processes of the dead browser linger"
        assert run_expert(env, seed=1)["success"]
        assert env.restarts == 1
        new = env.browser_pids()
        assert new and not new & old
    finally:
        env.close()
    assert not any(alive(pid) for pid in old | new)


def test_hung_browser_is_detected_by_its_deadline() -> None:
    env = MiniWoBEnv("click-button", timeout_s=3.0)
    try:
        env.reset(seed=0)
        pids = env.browser_pids()
        for pid in pids:  # freeze every process of the browser
            os.kill(pid, signal.SIGSTOP)
        start = time.monotonic()
        _, _, _, truncated, info = env.step(env.expert_action())
        assert truncated and "hung" in info["error"]
        assert time.monotonic() - start < 15
        assert not any(alive(pid) for pid in pids)
        assert run_expert(env, seed=1)["success"]
    finally:
        env.close()


def test_instances_run_in_parallel_and_leave_nothing_behind() -> None:
    results: dict[int, list[bool]] = {}
    pids: set[int] = set()

    def worker(index: int) -> None:
        env = MiniWoBEnv("click-option")
        try:
            results[index] = [run_expert(env, seed)["success"] for seed in range(3)]
            pids.update(env.browser_pids())
        finally:
            env.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert results == {i: [True, True, True] for i in range(3)}
    assert pids and not any(alive(pid) for pid in pids)


def test_a_killed_python_process_leaves_no_browser(tmp_path: Path) -> None:
    """The reaper kills the browser of a Python process that died without close()."""
    pid_file = tmp_path / "pids"
    script = textwrap.dedent(
        f"""
        import time
        from cuakit.envs.miniwob.env import MiniWoBEnv
        env = MiniWoBEnv("click-button")
        env.reset(seed=0)
        open({str(pid_file)!r}, "w").write(" ".join(map(str, env.browser_pids())))
        time.sleep(60)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", script], env={**os.environ})
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline and child.poll() is None, "child did not start"
            time.sleep(0.2)
        pids = {int(p) for p in pid_file.read_text().split()}
        assert pids and all(alive(pid) for pid in pids)
    finally:
        child.kill()
        child.wait()
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(pid) for pid in pids)


def test_bench_puts_the_browser_next_to_desksim(tmp_path: Path) -> None:
    browser = bench_backend("cuakit/miniwob-click-checkboxes-v0", 4, 10, tmp_path / "a")
    desksim = bench_backend("cuakit/desksim-checkboxes-v0", 4, 10, tmp_path / "b")
    assert browser["backend"] == "miniwob" and browser["memory_kind"].startswith("helper")
    assert browser["memory_mb"] > 20 and browser["recorded_frames_per_s"] > 0
    assert desksim["steps_per_s"] > browser["steps_per_s"] > 0

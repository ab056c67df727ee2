"""``X11Env``: a real application (AbiWord, Mousepad, Gnumeric) on a private X11 desktop as a
``GUIEnv``.

The env starts its own Xvfb on a free display at the first ``reset()`` and stops it at
``close()``. Each episode writes the task's file into the desktop's private ``~/Documents``,
starts a fresh instance of the task's application (with the file, or blank for tasks that
open it) and fills the screen with it. Actions arrive in normalised screen coordinates and run
through xdotool; frames are captured with mss (the pointer as the X server draws it), and with
a recorder attached the pointer travels, text is typed and waits pass at the recording fps.
Success is read from the saved file, as OSWorld checks files, never from the screen.

The application or Xvfb dying mid-episode ends the episode as truncated (``info["error"]``);
the next ``reset()`` starts what is missing.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from typing import Any

import numpy as np

from cuakit.actions import Action, ActionType
from cuakit.envs.base import GUIEnv, Outcome
from cuakit.envs.motion import Point, hand_path
from cuakit.envs.x11.desktop import Desktop, DesktopConfig, x_keys
from cuakit.envs.x11.task import DOCUMENTS, Step, Task
from cuakit.envs.x11.tasks import TASKS
from cuakit.errors import BackendError, BackendUnavailableError, ConfigError

SETTLE_S = 0.15
"""after each input, time for the application to draw its answer"""
SAVE_TIMEOUT_S = 5.0
"""after ctrl+s, how long to wait for the file to be written"""
WHEEL_BUTTONS = {"up": 4, "down": 5, "left": 6, "right": 7}


class X11Env(GUIEnv):
    """One task (``task`` names it, e.g. ``abiword-bold-line``) on its own X server."""

    def __init__(
        self,
        task: str,
        width: int = 800,
        height: int = 600,
        max_steps: int | None = None,
        timeout_s: float = 30.0,
        render_mode: str | None = "rgb_array",
        difficulty: int | None = None,
        randomize: bool = False,
    ) -> None:
        """``difficulty``/``randomize`` exist for ``cuakit collect``'s common options; these
        tasks have neither levels nor themes, so only the defaults are accepted."""
        if task not in TASKS:
            raise ConfigError(f"unknown X11 task {task!r}; one of {sorted(TASKS)}")
        if difficulty is not None or randomize:
            raise ConfigError(
                f"X11 task {task}: no difficulty levels or themes; drop --difficulty and "
                "--randomize"
            )
        self.task_class: type[Task] = TASKS[task]
        super().__init__(width, height, max_steps or self.task_class.max_steps, render_mode)
        self.task_name = task
        self.env_id = f"cuakit/x11-{task}-v0"
        self.config = DesktopConfig(width=width, height=height, timeout_s=timeout_s)
        self.desktop: Desktop | None = None
        self.app: subprocess.Popen[bytes] | None = None
        self.task: Task | None = None
        self.restarts = 0
        """desktops started after the first one (each after a crash)"""
        self._plan: list[Step] = []
        self._next = 0
        self._pointer = (width / 2, height / 2)
        self._last_frame = np.zeros((height, width, 3), np.uint8)
        self._motion = np.random.default_rng(0)

    # ---- lifetime ----------------------------------------------------------------------
    def _ensure_desktop(self) -> Desktop:
        if self.desktop is not None:
            try:
                self.desktop.check()
                return self.desktop
            except BackendError:
                self._drop_desktop()
                self.restarts += 1
        self.desktop = Desktop(self.config)
        return self.desktop

    def _drop_desktop(self) -> None:
        if self.desktop is not None:
            self.desktop.close()
            self.desktop = None
        self.app = None

    def _stop_app(self) -> None:
        if self.app is not None:
            self.app.kill()
            self.app.wait()
            self.app = None

    def desktop_pids(self) -> set[int]:
        """PIDs of Xvfb and the applications on it (empty when no desktop runs)."""
        return self.desktop.pids() if self.desktop is not None else set()

    def helper_pids(self) -> set[int]:
        """The processes this env runs besides Python (for benchmarks and leak checks)."""
        return self.desktop_pids()

    def close(self) -> None:
        self._stop_app()
        self._drop_desktop()
        super().close()

    # ---- GUIEnv hooks ------------------------------------------------------------------
    def _start_task(self, rng: np.random.Generator, options: dict[str, Any]) -> str:
        app = self.task_class.app
        package = app.missing()
        if package is not None:
            raise BackendUnavailableError(
                f"X11 task {self.task_name} runs {app.name}; install it with: "
                f"apt-get install -y {package}"
            )
        self._motion = np.random.default_rng(int(rng.integers(2**31)))
        try:
            return self._begin(rng)
        except BackendError:  # one restart: a desktop that died between episodes
            self._stop_app()
            self._drop_desktop()
            self.restarts += 1
            return self._begin(rng)

    def _begin(self, rng: np.random.Generator) -> str:
        desktop = self._ensure_desktop()
        self._stop_app()
        folder = desktop.home / DOCUMENTS
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        self.task = self.task_class(rng, folder)
        command = self.task.app.command
        argv = [command, str(self.task.path)] if self.task.starts_open else [command]
        self.app = desktop.launch(argv, cwd=folder)
        window = desktop.window_of(self.app.pid)
        desktop.xdotool("windowmove", window, "0", "0", "windowsize", window,
                        str(self.width), str(self.height))  # fmt: skip
        if self.task.starts_open:
            self._wait_for(lambda: any(self.task.file_name in n for n in desktop.window_names()))
        time.sleep(0.5)  # the first paint
        self._pointer = (self.width / 2, self.height / 2)
        desktop.move(*self._pointer)
        self._plan, self._next = self.task.plan(), 0
        return self.task.instruction

    def _wait_for(self, ready: Any, seconds: float | None = None) -> None:
        deadline = time.monotonic() + (seconds or self.config.timeout_s)
        while not ready():
            if time.monotonic() > deadline:
                name = self.task_class.app.name
                raise BackendError(f"{name} did not get ready within {self.config.timeout_s} s")
            time.sleep(0.1)

    def _check_app(self) -> None:
        if self.app is None or self.app.poll() is not None:
            code = None if self.app is None else self.app.returncode
            name = self.task_class.app.name
            raise BackendError(f"{name} exited (code {code}); reset the env to start it again")

    def _screenshot(self) -> np.ndarray:
        assert self.desktop is not None, "call reset() first"
        self._last_frame = self.desktop.grab()
        return self._last_frame

    def _outcome(self) -> Outcome:
        assert self.task is not None, "call reset() first"
        return self.task.outcome()

    def _cursor(self) -> tuple[float, float] | None:
        return self._pointer[0] / self.width, self._pointer[1] / self.height

    def task_info(self) -> dict[str, Any]:
        if self.task is None:
            return {}
        return {"family": self.task_name, "params": self.task.params()}

    def expert_action(self) -> Action:
        assert self.task is not None and self.desktop is not None, "call reset() first"
        if self._next >= len(self._plan):
            return Action.finish(reasoning="the plan is done")
        step = self._plan[self._next]
        if step.failed is not None and step.failed(self.desktop):
            assert step.recovery is not None
            return step.recovery
        if step.ready is not None and not step.ready(self.desktop):
            return Action.wait(0.5, reasoning=f"waiting for {step.waiting_for}")
        if step.keys_to:  # no window manager: keys go to the window under the pointer
            box = self.desktop.window_box(step.keys_to)
            x, y = self._pointer
            if box is not None and not (0 <= x - box[0] < box[2] and 0 <= y - box[1] < box[3]):
                centre = ((box[0] + box[2] / 2) / self.width, (box[1] + box[3] / 2) / self.height)
                return Action.move(*centre, reasoning=f"the pointer back over {step.keys_to}")
        return step.action

    # ---- crashes -----------------------------------------------------------------------
    def step(
        self, action: Action | str | dict[str, Any]
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        steps_before = self.steps
        try:
            return super().step(action)
        except BackendError as exc:
            self._stop_app()
            self._drop_desktop()
            return self.crash_step(exc, steps_before, self._last_frame, self.task_name)

    # ---- executing actions -------------------------------------------------------------
    def _px(self, point: tuple[float, float]) -> tuple[float, float]:
        return (
            min(max(point[0], 0.0) * self.width, self.width - 1.0),
            min(max(point[1], 0.0) * self.height, self.height - 1.0),
        )

    def _execute(self, action: Action) -> dict[str, Any]:
        desktop = self.desktop
        assert desktop is not None, "call reset() first"
        self._check_app()
        if self._next < len(self._plan):  # follow the expert's plan as its steps are taken
            step = self._plan[self._next]
            if action == step.action:
                self._next += 1
            elif step.recovery is not None and action == step.recovery:
                self._next = step.retry_from
        kind = action.type
        target = self._px(action.point) if action.point is not None else self._pointer
        if action.point is not None and kind is not ActionType.SCROLL:
            self._travel(target)
        noop: str | None = None
        if kind in (ActionType.CLICK, ActionType.DOUBLE_CLICK, ActionType.RIGHT_CLICK):
            button = 3 if kind is ActionType.RIGHT_CLICK else 1
            desktop.click(*target, button, 2 if kind is ActionType.DOUBLE_CLICK else 1)
        elif kind is ActionType.MOVE:
            desktop.move(*target)
        elif kind is ActionType.DRAG:
            assert action.end is not None
            end = self._px(action.end)
            desktop.drag([target, *self._path(target, end)])
            self._pointer = end
        elif kind is ActionType.SCROLL:
            if action.point is not None:
                desktop.move(*target)
                self._pointer = target
            desktop.scroll(WHEEL_BUTTONS[action.direction or "down"], action.amount)
        elif kind is ActionType.TYPE:
            self._type(action.text or "")
        elif kind is ActionType.KEY:
            keysyms = x_keys(action.keys or "")
            if keysyms is None:
                noop = f"key {action.keys!r}: no such key on an X keyboard"
            else:
                saved_before = self._mtime()
                desktop.key(keysyms)
                if action.keys == "ctrl+s":  # give the application time to write the file
                    deadline = time.monotonic() + SAVE_TIMEOUT_S
                    while self._mtime() == saved_before and time.monotonic() < deadline:
                        time.sleep(0.05)
        elif kind is ActionType.WAIT:
            self._wait(action.seconds or 0.0)
        time.sleep(SETTLE_S)
        self._check_app()
        return {} if noop is None else {"noop": noop}

    def _mtime(self) -> int:
        assert self.task is not None
        return self.task.path.stat().st_mtime_ns if self.task.path.exists() else 0

    def _path(self, start: Point, end: Point) -> list[Point]:
        """The pointer's way from ``start`` to ``end``, one point per recorded frame."""
        path = hand_path(start, end, self.fps, self._motion)
        return [self._px((x / self.width, y / self.height)) for x, y in path]

    def _travel(self, end: tuple[float, float]) -> None:
        assert self.desktop is not None
        if self.frame_sink is not None:
            for point in self._path(self._pointer, end)[:-1]:
                self.desktop.move(*point)
                self._pointer = point
                self.emit_frame(self._screenshot())
        self._pointer = end

    def _type(self, text: str) -> None:
        assert self.desktop is not None
        self.type_recorded(text, self.desktop.type, lambda: self.emit_frame(self._screenshot()))

    def _wait(self, seconds: float) -> None:
        self.wait_recorded(seconds, lambda: self.emit_frame(self._screenshot()))

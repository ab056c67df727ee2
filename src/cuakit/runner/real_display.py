"""Driving an existing X display (``cuakit run --env x11:DISPLAY --allow-real-display``): the
screen read with mss, input sent with xdotool — a real machine, so nothing here knows whether
a task succeeded (the judge may say), and nothing runs without the safety gate in front.

It offers what the runner needs of an env: ``reset`` (the first screenshot; the instruction
is the user's), ``step`` (execute, then the new screenshot), ``close``. No element list: the
gate reads the screen."""

from __future__ import annotations

import subprocess
import time
from typing import Any

import numpy as np

from cuakit.actions import Action, ActionType
from cuakit.envs.x11.desktop import x_keys
from cuakit.errors import BackendError, BackendUnavailableError

WHEEL = {"up": "4", "down": "5", "left": "6", "right": "7"}


class RealDisplay:
    """An X display someone else runs (``:0``), driven through xdotool."""

    def __init__(self, display: str, settle_s: float = 0.5) -> None:
        try:
            import mss
        except ImportError as error:
            raise BackendUnavailableError("reading a display needs mss: pip install "
                                          "'cuakit[desktop]'") from error  # fmt: skip
        self.display, self.settle_s = display, settle_s
        self.grabber = mss.MSS(display=display, with_cursor=True)
        self.env_id = f"x11:{display}"
        self.unwrapped = self

    def _xdotool(self, *args: str) -> str:
        try:
            environment = {"DISPLAY": self.display, "PATH": "/usr/bin:/bin"}
            done = subprocess.run(["xdotool", *args], capture_output=True, text=True,
                                  timeout=20, env=environment)  # fmt: skip
        except (OSError, subprocess.TimeoutExpired) as error:
            raise BackendError(f"xdotool on {self.display}: {error}") from error
        if done.returncode:
            problem = done.stderr.strip()
            raise BackendError(f"xdotool {' '.join(args)} on {self.display}: {problem}")
        return done.stdout

    def screenshot(self) -> np.ndarray:
        shot = self.grabber.grab(self.grabber.monitors[1])
        frame = np.frombuffer(shot.bgra, np.uint8).reshape(shot.height, shot.width, 4)
        return frame[:, :, 2::-1].copy()

    def reset(self, seed: int | None = None, options: Any = None) -> tuple[dict, dict]:
        return {"screenshot": self.screenshot(), "instruction": ""}, {"elements": []}

    def step(self, action: Action) -> tuple[dict, float, bool, bool, dict]:
        frame = self.screenshot()
        height, width = frame.shape[:2]
        kind = action.type
        if action.point is not None:
            x, y = (str(round(v * s)) for v, s in zip(action.point, (width, height), strict=True))
            self._xdotool("mousemove", x, y)
        if kind in (ActionType.CLICK, ActionType.DOUBLE_CLICK, ActionType.RIGHT_CLICK):
            button = "3" if kind is ActionType.RIGHT_CLICK else "1"
            repeat = "2" if kind is ActionType.DOUBLE_CLICK else "1"
            self._xdotool("click", "--repeat", repeat, button)
        elif kind is ActionType.DRAG and action.end is not None:
            ex, ey = (str(round(v * s)) for v, s in zip(action.end, (width, height), strict=True))
            self._xdotool("mousedown", "1", "mousemove", ex, ey, "mouseup", "1")
        elif kind is ActionType.SCROLL:
            self._xdotool(
                "click", "--repeat", str(action.amount), WHEEL[action.direction or "down"]
            )
        elif kind is ActionType.TYPE:
            self._xdotool("type", "--delay", "40", "--", action.text or "")
        elif kind is ActionType.KEY:
            keys = x_keys(action.keys or "")
            if keys is None:
                raise BackendError(f"key {action.keys!r}: no such key on an X keyboard")
            self._xdotool("key", "--clearmodifiers", keys)
        elif kind is ActionType.WAIT:
            time.sleep(action.seconds or 1.0)
        done = kind in (ActionType.FINISH, ActionType.FAIL)
        if not done:
            time.sleep(self.settle_s)
        return {"screenshot": self.screenshot(), "instruction": ""}, 0.0, done, False, {
            "elements": [], "success": False}  # fmt: skip

    def close(self) -> None:
        self.grabber.close()

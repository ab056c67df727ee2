"""Limits on a running agent: a step budget, a rate of actions per minute, and a kill switch
(a file that appears, or SIGUSR1) that stops the loop before its next action."""

from __future__ import annotations

import contextlib
import signal
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path


class KillSwitch:
    """Set by ``path`` existing or by SIGUSR1 (installed on the main thread only)."""

    def __init__(self, path: Path | None = None, use_signal: bool = True) -> None:
        self.path = None if path is None else Path(path)
        self._signalled = False
        if use_signal:
            with contextlib.suppress(ValueError):  # not the main thread: the file alone
                signal.signal(signal.SIGUSR1, self._on_signal)

    def _on_signal(self, signum, frame) -> None:
        self._signalled = True

    @property
    def pulled(self) -> bool:
        return self._signalled or (self.path is not None and self.path.exists())


@dataclass
class Limits:
    """``check`` before each action: why the loop must stop, or None."""

    max_steps: int | None = None
    max_per_minute: int | None = None
    kill_switch: KillSwitch | None = None
    clock: object = time.monotonic
    _times: deque = field(default_factory=deque)
    steps: int = 0

    def check(self) -> str | None:
        if self.kill_switch is not None and self.kill_switch.pulled:
            return "the kill switch was pulled"
        if self.max_steps is not None and self.steps >= self.max_steps:
            return f"the step limit ({self.max_steps}) was reached"
        now = self.clock()  # type: ignore[operator]
        while self._times and now - self._times[0] >= 60:
            self._times.popleft()
        if self.max_per_minute is not None and len(self._times) >= self.max_per_minute:
            return f"more than {self.max_per_minute} actions in a minute"
        return None

    def count(self) -> None:
        """Call once an action ran."""
        self.steps += 1
        self._times.append(self.clock())  # type: ignore[operator]

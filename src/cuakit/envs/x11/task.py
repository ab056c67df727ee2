"""What every X11 task is: the application it runs, the file it starts from, the instruction,
the check of the saved file and the expert's plan (keyboard and mouse, as a person would work).

The applications live one per module (``abiword``, ``mousepad``, ``gnumeric``): each has a
``Task`` subclass that writes and reads its file format, and one subclass per task.

An expert plan is a list of steps; a step may wait for the desktop to be ready (a dialog open,
a document loaded) before its action — the expert looks at window titles, the agent at pixels.
The env moves to the next step only once the planned action itself was executed, so the noise
knobs (detours, hesitation, misclicks) delay a plan rather than derail it. A step may also
recognise that an earlier one failed (an error box) and go back after a recovery action. This
desktop has no window manager, so X sends keys to the window under the pointer: a step whose
keys must reach a dialog names it, and the expert first moves the pointer back over it.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.x11.desktop import Desktop

# fmt: off
WORDS = (
    "apple", "river", "stone", "cloud", "garden", "window", "paper", "silver", "orange",
    "market", "winter", "summer", "forest", "bridge", "candle", "letter", "music", "planet",
    "rocket", "yellow", "simple", "gentle", "quick", "bright", "quiet", "morning", "evening",
    "harbor", "meadow", "island", "valley", "pencil", "basket", "button", "castle", "dragon",
    "engine", "falcon", "ginger", "helmet", "jacket", "kettle", "ladder", "magnet", "needle",
    "oyster", "parrot",
)
"""no word is part of another, so a search for one finds only it"""
# fmt: on
FILE_NAMES = ("notes", "report", "draft", "memo", "letter", "agenda", "summary", "plan")
DOCUMENTS = "Documents"
"""folder of the task files, inside the desktop's private HOME"""
CENTRE = (0.5, 0.6)
"""a point on the empty part of a document or sheet (normalised): a click there focuses it"""


@dataclass(frozen=True)
class App:
    """A Debian application the tasks run, started with the task's file."""

    name: str
    """as messages name it (``AbiWord``)"""
    command: str
    """the program; the task's file is its one argument"""
    package: str
    """the Debian package that ships ``command`` and ``tools``"""
    tools: tuple[str, ...] = ()
    """further programs of the package that the check of the saved file runs"""

    def missing(self) -> str | None:
        """The package to install when one of its programs is not on PATH, else None."""
        programs = (self.command, *self.tools)
        return self.package if any(shutil.which(p) is None for p in programs) else None


@dataclass(frozen=True)
class Step:
    action: Action
    ready: Callable[[Desktop], bool] | None = None
    """the desktop state the action needs; until then the expert waits"""
    waiting_for: str = ""
    failed: Callable[[Desktop], bool] | None = None
    """a desktop state saying an earlier step went wrong (an error box)"""
    recovery: Action | None = None
    """what the expert does then; the plan goes back to step ``retry_from`` after it"""
    retry_from: int = 0
    keys_to: str = ""
    """title (prefix) of the dialog the action's keys must reach: the expert first moves the
    pointer over it when a detour took it away"""


def window_named(prefix: str) -> Callable[[Desktop], bool]:
    return lambda desktop: any(name.startswith(prefix) for name in desktop.window_names())


def no_window_named(prefix: str) -> Callable[[Desktop], bool]:
    return lambda desktop: not any(name.startswith(prefix) for name in desktop.window_names())


def error_box(desktop: Desktop) -> bool:
    """AbiWord's message boxes (``Error importing file …``) are windows without a title."""
    return desktop.untitled_windows() > 0


def draw_lines(rng: np.random.Generator) -> tuple[list[str], list[str]]:
    """3–6 lines of 3–5 words, every word once; and the words left over."""
    count = int(rng.integers(3, 7))
    words = [str(w) for w in rng.permutation(WORDS)]
    lines, start = [], 0
    for _ in range(count):
        size = int(rng.integers(3, 6))
        lines.append(" ".join(words[start : start + size]))
        start += size
    return lines, words[start:]


def go_to_line(number: int) -> list[Step]:
    """Keys from anywhere in a text to the start of line ``number`` (1-based)."""
    steps = [Step(Action.key("ctrl+home", reasoning="to the top of the document"))]
    steps += [Step(Action.key("down", reasoning="next line"))] * (number - 1)
    return steps


class Task:
    """One task instance, drawn from a seed's generator, with its file in ``folder``.

    An application's subclass sets ``app`` and ``suffix`` and implements ``draw_file``,
    ``write`` and ``read``; a task's subclass implements ``draw`` (its own parameters),
    ``instruction``, ``params``, ``judge`` (success from what ``read`` returned) and ``plan``.
    """

    name: ClassVar[str]
    summary: ClassVar[str]
    app: ClassVar[App]
    suffix: ClassVar[str]
    """the file's extension (``.abw``)"""
    stems: ClassVar[tuple[str, ...]] = FILE_NAMES
    """the names the file is drawn from"""
    max_steps: ClassVar[int] = 24
    starts_open: ClassVar[bool] = True
    """the application starts with the file open (else blank, and the task opens it)"""

    def __init__(self, rng: np.random.Generator, folder: Path) -> None:
        self.file_name = f"{self.stems[int(rng.integers(len(self.stems)))]}{self.suffix}"
        self.path = folder / self.file_name
        self.draw_file(rng)
        self.draw(rng)
        self.write()
        self._mtime = self.path.stat().st_mtime_ns
        self._judged: tuple[tuple[int, int], Outcome] | None = None

    def draw_file(self, rng: np.random.Generator) -> None:
        """Draw the file's content."""
        raise NotImplementedError

    def write(self) -> None:
        """Write the file the task starts from to ``self.path``."""
        raise NotImplementedError

    def read(self) -> Any:
        """What the saved file holds, as ``judge`` takes it; BackendError for a file the
        format's reader cannot read."""
        raise NotImplementedError

    def draw(self, rng: np.random.Generator) -> None:
        """Draw the task's own parameters."""

    @property
    def instruction(self) -> str:
        raise NotImplementedError

    def params(self) -> dict[str, Any]:
        return {"file": self.file_name}

    def judge(self, saved: Any) -> Outcome:
        raise NotImplementedError

    def plan(self) -> list[Step]:
        raise NotImplementedError

    # ---- the saved file ----------------------------------------------------------------
    @property
    def saved(self) -> bool:
        """The file was written since the task began (a deleted file was not)."""
        return self.path.exists() and self.path.stat().st_mtime_ns != self._mtime

    def outcome(self) -> Outcome:
        """Success read from the saved file (judged once per version of the file)."""
        if not self.saved:
            return Outcome(success=False, progress=0.0)
        stat = self.path.stat()
        version = (stat.st_mtime_ns, stat.st_size)
        if self._judged is None or self._judged[0] != version:
            self._judged = (version, self.judge(self.read()))
        return self._judged[1]


__all__ = [
    "CENTRE",
    "DOCUMENTS",
    "WORDS",
    "App",
    "Step",
    "Task",
    "draw_lines",
    "error_box",
    "go_to_line",
    "no_window_named",
    "window_named",
]

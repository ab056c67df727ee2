"""What a desksim task family provides, and helpers the families share.

A family is a ``Task`` subclass. Its constructor builds one randomised instance onto an empty
``Desk`` from an RNG and a difficulty level (1 = easiest) and sets ``instruction``. Then:

- ``outcome()`` judges success and progress from the desk's *state* (never its pixels);
- ``expert_action()`` returns the next action of a perfect, reactive expert from the
  current state, so an expert knocked off course by noise recovers on the next step.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.render import Rect
from cuakit.envs.desksim.widgets import Button, Label, Widget

WORDS = (
    "Save",
    "Open",
    "Cancel",
    "Apply",
    "Export",
    "Import",
    "Print",
    "Share",
    "Delete",
    "Rename",
    "Copy",
    "Paste",
    "Undo",
    "Redo",
    "Refresh",
    "Search",
    "Submit",
    "Reset",
    "Close",
    "Help",
    "Upload",
    "Download",
    "Archive",
    "Sync",
    "Send",
    "Preview",
    "Publish",
    "Merge",
    "Split",
    "Zoom",
    "Rotate",
    "Crop",
    "Filter",
    "Sort",
    "Lock",
    "Unlock",
    "Connect",
    "Pause",
    "Resume",
)
NAMES = (
    "Alice",
    "Bruno",
    "Chen",
    "Dara",
    "Emil",
    "Fatima",
    "Goran",
    "Hana",
    "Ivan",
    "Jun",
    "Kofi",
    "Lena",
    "Mateo",
    "Nora",
    "Omar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sven",
    "Tariq",
)
CITIES = (
    "Lisbon",
    "Lima",
    "Lyon",
    "Leeds",
    "Oslo",
    "Osaka",
    "Ottawa",
    "Paris",
    "Perth",
    "Porto",
    "Prague",
    "Madrid",
    "Malmo",
    "Manila",
    "Milan",
    "Munich",
    "Berlin",
    "Bergen",
    "Bern",
    "Boston",
    "Cairo",
    "Calgary",
    "Dublin",
    "Denver",
    "Delhi",
    "Sydney",
    "Seoul",
    "Sofia",
)
FRUITS = (
    "Apple",
    "Banana",
    "Cherry",
    "Grape",
    "Kiwi",
    "Lemon",
    "Mango",
    "Melon",
    "Orange",
    "Peach",
    "Pear",
    "Plum",
    "Lime",
    "Fig",
    "Date",
    "Guava",
)


def join(items: list[str]) -> str:
    """English list: ``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def pick(rng: np.random.Generator, items: tuple[str, ...] | list[str], k: int) -> list[str]:
    """``k`` distinct items in random order."""
    return [items[int(i)] for i in rng.choice(len(items), size=k, replace=False)]


class Task(ABC):
    family: ClassVar[str]
    """id part: the env is ``cuakit/desksim-<family>-v0``"""
    summary: ClassVar[str]
    levels: ClassVar[int] = 3
    max_steps: ClassVar[int] = 15

    def __init__(self, desk: Desk, rng: np.random.Generator, difficulty: int) -> None:
        self.desk, self.rng, self.difficulty = desk, rng, difficulty
        self.instruction = ""

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def expert_action(self) -> Action: ...

    def params(self) -> dict[str, Any]:
        """The instance's defining values (target labels, values), stored with episodes."""
        return {}

    # ---- helpers for subclasses --------------------------------------------------------
    def window(self, title: str, width: int, height: int, **kwargs: Any) -> Window:
        """A window of content size (width, height) at a random place that fits the screen."""
        theme = self.desk.theme
        full_h = height + theme.line_height + 2
        width, full_h = min(width, theme.width - 4), min(full_h, theme.height - 4)
        x = int(self.rng.integers(2, max(3, theme.width - width - 1)))
        y = int(self.rng.integers(2, max(3, theme.height - full_h - 1)))
        return self.desk.add_window(Window(title, (x, y, width, full_h), **kwargs))

    def centered_window(self, title: str, width: int, height: int, **kwargs: Any) -> Window:
        theme = self.desk.theme
        full_h = height + theme.line_height + 2
        x, y = (theme.width - width) // 2, (theme.height - full_h) // 2
        return self.desk.add_window(Window(title, (x, y, width, full_h), **kwargs))

    def point(self, rect: Rect) -> tuple[float, float]:
        """Normalised centre of a screen rect."""
        x, y, w, h = rect
        return (x + w / 2) / self.desk.theme.width, (y + h / 2) / self.desk.theme.height

    def click(self, target: Widget | Rect, reasoning: str = "") -> Action:
        rect = target.bbox if isinstance(target, Widget) else target
        return Action.click(*self.point(rect), reasoning=reasoning)

    def pressed(self, text: str) -> bool:
        """Was a button labelled ``text`` pressed at some point?"""
        return any(e.kind == "press" and e.text == text for e in self.desk.events)

    def report_presses(self, window: Window, status: Label) -> None:
        """Make ``status`` confirm the last button pressed in ``window``, as apps do, so a
        click leaves a visible trace in the video after the pointer has moved on."""
        for widget in window.widgets:
            if isinstance(widget, Button) and widget.on_press is None:
                widget.on_press = lambda desk, text=widget.text: setattr(
                    status, "text", f"Done: {text}"
                )

    def confirm(self, form: Window, title: str, lines: list[str]) -> Window:
        """Replace a committed ``form`` with a window listing what was committed, as apps
        confirm an OK, Submit or Open. Without it a commit changes nothing on screen, so a video
        that stops just before it looks like one that made it, and no video judge can tell."""
        lh = self.desk.theme.line_height
        self.desk.close_window(form)
        x, y, width, _ = form.rect
        height = min(self.desk.theme.height - 4, lh + 2 + 12 + len(lines) * (lh + 4))
        y = min(y, self.desk.theme.height - height - 2)
        receipt = self.desk.add_window(Window(title, (x, y, width, height)))
        for i, line in enumerate(lines):
            receipt.add(Label((8, 6 + i * (lh + 4), width - 16, lh + 2), line))
        return receipt

    def blocking_dialog(self) -> Window | None:
        """A modal window that is in the way (the expert dismisses it first)."""
        return self.desk.top_modal()

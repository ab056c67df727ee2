"""What a desksim task family provides, and helpers the families share.

A family is a ``Task`` subclass. Its constructor builds one randomised instance onto an empty
``Desk`` from an RNG and a difficulty level (1 = easiest) and sets ``instruction``, worded
through ``say`` in the desk's locale (its state stays English whatever the locale). The values
the instruction names (a label, a city, a file) are drawn through ``slot_values``: a test-split
instance (``side`` "test", from a seed at or above ``TEST_SEED_START``) draws from the reserved
quarter of each list, a val-seed instance from the values held for val, any other instance from
the rest (`cuakit.episodes.splits`). Its phrasing comes from the family's `Phrasings` the same
way: test's reserved share of the shared ones, val's own, or the rest.
What is on screen besides (distractors, a search's other suggestions) may come from a whole
list, as a real app's content does not depend on what is asked. Then:

- ``outcome()`` judges success and progress from the desk's *state* (never its pixels);
- ``expert_action()`` returns the next action of a perfect, reactive expert from the
  current state, so an expert knocked off course by noise recovers on the next step.

The screen answers a decisive step only as a real app would (a pushed button keeps the focus
ring, a command does what it does, a form gives way to a generic confirmation page); nothing
restates the instruction's values for the judge (docs/desksim-feedback.md).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim import locale
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.render import Rect
from cuakit.envs.desksim.widgets import Label, Widget
from cuakit.episodes.splits import Split, values_for

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
    "Attach",
    "Insert",
    "Format",
    "Scan",
    "Stop",
    "Play",
    "Record",
    "Mute",
    "Flag",
    "Pin",
    "Edit",
    "Invite",
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


T = TypeVar("T")


CONFIRMATIONS = {  # what a web form or settings page says after its commit button
    "Submit": ("Thank you!", "Your response has been recorded."),
    "Done": ("Thank you!", "Your response has been recorded."),
    "Send": ("Thank you!", "Your message has been sent."),
    "Save": ("Saved", "Your changes have been saved."),
    "OK": ("Saved", "Your changes have been saved."),
    "Apply": ("Saved", "Your changes have been saved."),
}


def pick(rng: np.random.Generator, items: tuple[str, ...] | list[str], k: int) -> list[str]:
    """``k`` distinct items in random order."""
    return [items[int(i)] for i in rng.choice(len(items), size=k, replace=False)]


@dataclass(frozen=True)
class Phrasings(Generic[T]):
    """A family's wordings of its instruction. ``shared`` ones are split between training and
    test as slot values are (test keeps its reserved share); ``val`` ones only val seeds use, so
    val, like test, meets wording no training instance has: a choice made on val then faces the
    novelty test has (a list of four could hold none back for val)."""

    shared: tuple[T, ...]
    val: tuple[T, ...]

    def __iter__(self) -> Iterator[T]:
        return iter((*self.shared, *self.val))

    def for_side(self, side: Split) -> tuple[T, ...]:
        """The phrasings an instance on ``side`` (`values_side`) may draw."""
        return self.val if side == "val" else values_for(self.shared, side)


class Task(ABC):
    family: ClassVar[str]
    """id part: the env is ``cuakit/desksim-<family>-v0``"""
    summary: ClassVar[str]
    levels: ClassVar[int] = 3
    max_steps: ClassVar[int] = 15

    def __init__(
        self, desk: Desk, rng: np.random.Generator, difficulty: int, side: Split = "train"
    ) -> None:
        self.desk, self.rng, self.difficulty = desk, rng, difficulty
        self.side = side
        """whose values the instruction names: test's or val's reserved ones, or training's"""
        self.locale = desk.theme.locale
        """the language the instruction is worded in, as the screen is drawn"""
        self.instruction = ""

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def expert_action(self) -> Action: ...

    def params(self) -> dict[str, Any]:
        """The instance's defining values (target labels, values), stored with episodes."""
        return {}

    # ---- helpers for subclasses --------------------------------------------------------
    def slot_values(self, items: Sequence[T]) -> tuple[T, ...]:
        """The items of a slot value list this instance's split may name."""
        return values_for(items, self.side)

    def phrase(self, phrasings: Phrasings[T]) -> T:
        """One phrasing of this instance's split."""
        options = phrasings.for_side(self.side)
        return options[int(self.rng.integers(len(options)))]

    def say(self, phrasings: Phrasings[str], *values: object, **named: object) -> str:
        """One phrasing of this instance's split, drawn as `phrase` draws it, filled with the
        values (`sentence`): in Chinese, the Chinese phrasing at the same place."""
        return self.sentence(self.phrase(phrasings), *values, **named)

    def sentence(self, template: str, *values: object, **named: object) -> str:
        """``template`` filled with the values, in the instance's locale: its template there,
        each string value translated (a name or a file name stays as it is)."""
        return locale.template(template, self.locale).format(
            *(self.tr(v) for v in values), **{k: self.tr(v) for k, v in named.items()}
        )

    def tr(self, value: object) -> object:
        """A string value as the instance's locale says it; anything else unchanged."""
        return locale.translate(value, self.locale) if isinstance(value, str) else value

    def join(self, items: list[str]) -> str:
        """The items, translated, listed as a sentence in the locale: ``a, b and c``."""
        return locale.join([locale.translate(i, self.locale) for i in items], self.locale)

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

    def replace_window(self, form: Window, title: str, lines: list[str]) -> Window:
        """Close ``form`` and show in its place the page an app shows next: a generic
        confirmation after a Submit ("Your response has been recorded."), the document after an
        Open. Without it a commit changes nothing on screen, so a video that stops just before
        it looks like one that made it. The lines never restate what was committed: no real
        app does, so a judge has to see the values set before the commit."""
        theme, painter = self.desk.theme, self.desk.painter
        lh = theme.line_height
        self.desk.close_window(form)
        x, y, width, _ = form.rect
        widest = max(painter.text_width(line, theme.font_size) for line in lines)
        width = min(theme.width - 4, max(width, widest + 16))
        height = min(theme.height - 4, lh + 2 + 12 + len(lines) * (lh + 4))
        x, y = min(x, theme.width - width - 2), min(y, theme.height - height - 2)
        page = self.desk.add_window(Window(title, (x, y, width, height)))
        for i, line in enumerate(lines):
            page.add(Label((8, 6 + i * (lh + 4), width - 16, lh + 2), line, muted=i > 0))
        return page

    def blocking_dialog(self) -> Window | None:
        """A modal window that is in the way (the expert dismisses it first)."""
        return self.desk.top_modal()

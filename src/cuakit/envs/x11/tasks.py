"""AbiWord tasks on the X11 desktop: the file each starts from, the instruction, the check of
the saved file, and the expert's plan (keyboard and mouse, as a person would work).

An expert plan is a list of steps; a step may wait for the desktop to be ready (a dialog open,
a document loaded) before its action — the expert looks at window titles, the agent at pixels.
The env moves to the next step only once the planned action itself was executed, so the noise
knobs (detours, hesitation, misclicks) delay a plan rather than derail it. A step may also
recognise that an earlier one failed (an error box) and go back after a recovery action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.x11.abiword import Paragraph, read_abw, write_abw
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
# fmt: on
FILE_NAMES = ("notes", "report", "draft", "memo", "letter", "agenda", "summary", "plan")
DOCUMENTS = "Documents"
"""folder of the task files, inside the desktop's private HOME"""
DOC_POINT = (0.5, 0.6)
"""a point on the empty part of AbiWord's page (normalised): a click there focuses the text"""


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


def window_named(prefix: str) -> Callable[[Desktop], bool]:
    return lambda desktop: any(name.startswith(prefix) for name in desktop.window_names())


def error_box(desktop: Desktop) -> bool:
    """AbiWord's message boxes (``Error importing file …``) are windows without a title."""
    return desktop.untitled_windows() > 0


class Task:
    """One task instance, drawn from a seed's generator, with its file in ``folder``."""

    name: ClassVar[str]
    summary: ClassVar[str]
    max_steps: ClassVar[int] = 24
    starts_open: ClassVar[bool] = True
    """AbiWord starts with the file open (else blank, and the task opens it)"""

    def __init__(self, rng: np.random.Generator, folder: Path) -> None:
        self.file_name = f"{FILE_NAMES[int(rng.integers(len(FILE_NAMES)))]}.abw"
        self.path = folder / self.file_name
        count = int(rng.integers(3, 7))
        words = [str(w) for w in rng.permutation(WORDS)]  # every word once in the document
        self.lines, start = [], 0
        for _ in range(count):
            size = int(rng.integers(3, 6))
            self.lines.append(" ".join(words[start : start + size]))
            start += size
        self.spare = words[start:]
        self.draw(rng)
        write_abw(self.path, self.lines)
        self._mtime = self.path.stat().st_mtime_ns
        self._saved: list[Paragraph] | None = None

    def draw(self, rng: np.random.Generator) -> None:
        """Draw the task's own parameters."""

    @property
    def instruction(self) -> str:
        raise NotImplementedError

    def params(self) -> dict[str, Any]:
        return {"file": self.file_name, "lines": len(self.lines)}

    def judge(self, saved: list[Paragraph]) -> Outcome:
        raise NotImplementedError

    def plan(self) -> list[Step]:
        raise NotImplementedError

    # ---- the saved file ----------------------------------------------------------------
    @property
    def saved(self) -> bool:
        """The file was written since the task began (a deleted file was not)."""
        return self.path.exists() and self.path.stat().st_mtime_ns != self._mtime

    def outcome(self) -> Outcome:
        if not self.saved:
            return Outcome(success=False, progress=0.0)
        return self.judge(read_abw(self.path))

    def _same_text(self, saved: list[Paragraph], lines: list[str]) -> bool:
        return [p.text.strip() for p in saved if p.text.strip()] == lines

    def _go_to_line(self, number: int) -> list[Step]:
        steps = [Step(Action.key("ctrl+home", reasoning="to the top of the document"))]
        steps += [Step(Action.key("down", reasoning="next line"))] * (number - 1)
        return steps


class BoldLine(Task):
    """The seed's example: open a file in AbiWord, make line N bold, save."""

    name = "abiword-bold-line"
    summary = "Open a file in AbiWord, make line N bold, save (checked in the saved .abw)"
    starts_open = False

    def draw(self, rng: np.random.Generator) -> None:
        self.line = int(rng.integers(1, len(self.lines) + 1))

    @property
    def instruction(self) -> str:
        return (
            f"Open ~/{DOCUMENTS}/{self.file_name} in AbiWord, make line {self.line} bold "
            "and save the file."
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "line": self.line}

    def judge(self, saved: list[Paragraph]) -> Outcome:
        texts = [p for p in saved if p.text.strip()]
        if not self._same_text(saved, self.lines):
            return Outcome(success=False, progress=0.0)
        bold = ["".join(p.styled("bold").split()) for p in texts]
        target_bold = bold[self.line - 1] == "".join(self.lines[self.line - 1].split())
        others_plain = all(not b for i, b in enumerate(bold) if i != self.line - 1)
        return Outcome(
            success=target_bold and others_plain, progress=0.5 * target_bold + 0.5 * others_plain
        )

    def plan(self) -> list[Step]:
        path = f"~/{DOCUMENTS}/{self.file_name}"
        return [
            Step(Action.click(*DOC_POINT, reasoning="focus AbiWord")),
            Step(Action.key("ctrl+o", reasoning="open a file")),
            Step(
                Action.wait(0.5, reasoning="let the dialog settle"),
                window_named("Open File"),
                "the Open File dialog",
            ),
            Step(Action.type_text(path, reasoning="type the file's path")),
            Step(Action.key("enter", reasoning="open it")),
            Step(
                Action.click(*DOC_POINT, reasoning="click into the document"),
                window_named(self.file_name),
                f"{self.file_name} to load",
                # The file dialog's inline completion can garble a typed path: dismiss the
                # error and open the file again.
                failed=error_box,
                recovery=Action.key("enter", reasoning="dismiss the error"),
                retry_from=1,
            ),
            *self._go_to_line(self.line),
            Step(Action.key("home", reasoning="start of the line")),
            Step(Action.key("shift+end", reasoning="select the line")),
            Step(Action.key("ctrl+b", reasoning="bold")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


class AppendLine(Task):
    """Type a given sentence as a new last line of the open document and save."""

    name = "abiword-append-line"
    summary = "Add a given sentence as the last line of the open document, save"

    def draw(self, rng: np.random.Generator) -> None:
        words = self.spare[: int(rng.integers(3, 6))]
        self.sentence = " ".join(words).capitalize() + "."

    @property
    def instruction(self) -> str:
        return (
            f'In the open document {self.file_name}, add the line "{self.sentence}" at the end '
            "and save the file."
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "sentence": self.sentence}

    def judge(self, saved: list[Paragraph]) -> Outcome:
        kept = self._same_text(saved[: len(self.lines)], self.lines)
        success = self._same_text(saved, [*self.lines, self.sentence])
        return Outcome(success=success, progress=1.0 if success else 0.5 * kept)

    def plan(self) -> list[Step]:
        return [
            Step(Action.click(*DOC_POINT, reasoning="click into the document")),
            Step(Action.key("ctrl+end", reasoning="to the end of the document")),
            Step(Action.key("enter", reasoning="a new line")),
            Step(Action.type_text(self.sentence, reasoning="type the sentence")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


class ItalicWord(Task):
    """Make one named word of the open document italic and save."""

    name = "abiword-italic-word"
    summary = "Make a named word of the open document italic, save"

    def draw(self, rng: np.random.Generator) -> None:
        self.line = int(rng.integers(1, len(self.lines) + 1))
        words = self.lines[self.line - 1].split()
        self.index = int(rng.integers(len(words)))
        self.word = words[self.index]

    @property
    def instruction(self) -> str:
        return (
            f'In the open document {self.file_name}, make the word "{self.word}" italic '
            "and save the file."
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "word": self.word, "line": self.line}

    def judge(self, saved: list[Paragraph]) -> Outcome:
        if not self._same_text(saved, self.lines):
            return Outcome(success=False, progress=0.0)
        italic = "".join("".join(p.styled("italic").split()) for p in saved)
        success = italic == self.word
        return Outcome(success=success, progress=1.0 if success else 0.5 * (self.word in italic))

    def plan(self) -> list[Step]:
        return [
            Step(Action.click(*DOC_POINT, reasoning="click into the document")),
            *self._go_to_line(self.line),
            Step(Action.key("home", reasoning="start of the line")),
            *[Step(Action.key("ctrl+right", reasoning="next word"))] * self.index,
            *[Step(Action.key("shift+right", reasoning="select a letter"))] * len(self.word),
            Step(Action.key("ctrl+i", reasoning="italic")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


TASKS: dict[str, type[Task]] = {task.name: task for task in (BoldLine, AppendLine, ItalicWord)}

__all__ = ["DOCUMENTS", "TASKS", "AppendLine", "BoldLine", "ItalicWord", "Step", "Task"]

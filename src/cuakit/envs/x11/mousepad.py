"""Mousepad (Xfce's text editor) on the X11 desktop: a plain text file and two tasks.

The file holds 3–6 lines of words, each word once; what was saved is read back as its lines,
blank ones dropped (a person may leave an empty line at the end, or none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.x11.task import (
    CENTRE,
    App,
    Step,
    Task,
    draw_lines,
    no_window_named,
    window_named,
)
from cuakit.errors import BackendError

MOUSEPAD = App("Mousepad", "mousepad", "mousepad")
REPLACE_DIALOG = "Find and Replace"
"""the title of Mousepad's ctrl+r dialog"""


def read_lines(path: Path) -> list[str]:
    """The non-blank lines of a text file, without surrounding spaces."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BackendError(f"{path} is not a readable UTF-8 text file ({exc})") from exc
    return [line.strip() for line in text.splitlines() if line.strip()]


class MousepadTask(Task):
    """A text file of 3–6 lines of words in Mousepad."""

    app = MOUSEPAD
    suffix = ".txt"

    def draw_file(self, rng: np.random.Generator) -> None:
        self.lines, self.spare = draw_lines(rng)

    def write(self) -> None:
        self.path.write_text("".join(f"{line}\n" for line in self.lines), encoding="utf-8")

    def read(self) -> list[str]:
        return read_lines(self.path)

    def params(self) -> dict[str, Any]:
        return {**super().params(), "lines": len(self.lines)}


class AppendLine(MousepadTask):
    """Type a given sentence as a new last line of the open file and save."""

    name = "mousepad-append-line"
    summary = "Add a given sentence as the last line of a text file in Mousepad, save"

    def draw(self, rng: np.random.Generator) -> None:
        self.sentence = " ".join(self.spare[: int(rng.integers(3, 6))]).capitalize() + "."

    @property
    def instruction(self) -> str:
        return (
            f'In the open text file {self.file_name}, add the line "{self.sentence}" at the end '
            "and save the file."
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "sentence": self.sentence}

    def judge(self, saved: list[str]) -> Outcome:
        success = saved == [*self.lines, self.sentence]
        kept = saved[: len(self.lines)] == self.lines
        return Outcome(success=success, progress=1.0 if success else 0.5 * kept)

    def plan(self) -> list[Step]:
        # The file ends with a newline: the end of the text is the start of an empty line.
        return [
            Step(Action.click(*CENTRE, reasoning="click into the text")),
            Step(Action.key("ctrl+end", reasoning="to the end of the text")),
            Step(Action.type_text(self.sentence, reasoning="type the sentence")),
            Step(Action.key("enter", reasoning="end the line")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


class ReplaceWord(MousepadTask):
    """Replace one named word of the open file with another, through Find and Replace, and
    save."""

    name = "mousepad-replace-word"
    summary = "Replace a named word with another in a text file in Mousepad, save"

    def draw(self, rng: np.random.Generator) -> None:
        self.line = int(rng.integers(1, len(self.lines) + 1))
        words = self.lines[self.line - 1].split()
        self.index = int(rng.integers(len(words)))
        self.word = words[self.index]
        self.replacement = self.spare[int(rng.integers(len(self.spare)))]

    @property
    def instruction(self) -> str:
        return (
            f'In the open text file {self.file_name}, replace the word "{self.word}" with '
            f'"{self.replacement}" and save the file.'
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "word": self.word, "replacement": self.replacement}

    @property
    def expected(self) -> list[str]:
        lines = [line.split() for line in self.lines]
        lines[self.line - 1][self.index] = self.replacement
        return [" ".join(words) for words in lines]

    def judge(self, saved: list[str]) -> Outcome:
        success = saved == self.expected
        # half way: the word is gone but the rest of the text is not as asked
        gone = len(saved) == len(self.lines) and all(self.word not in s.split() for s in saved)
        return Outcome(success=success, progress=1.0 if success else 0.5 * gone)

    def plan(self) -> list[Step]:
        dialog = window_named(REPLACE_DIALOG)
        return [
            Step(Action.click(*CENTRE, reasoning="click into the text")),
            Step(Action.key("ctrl+r", reasoning="open Find and Replace")),
            Step(
                Action.type_text(self.word, reasoning="the word to find"),
                dialog,
                "the Find and Replace dialog",
                keys_to=REPLACE_DIALOG,
            ),
            Step(Action.key("tab", reasoning="to the replacement"), keys_to=REPLACE_DIALOG),
            Step(
                Action.type_text(self.replacement, reasoning="the new word"),
                keys_to=REPLACE_DIALOG,
            ),
            Step(Action.key("alt+r", reasoning="Replace"), keys_to=REPLACE_DIALOG),
            Step(
                Action.key("escape", reasoning="close the dialog"),
                window_named("*"),  # Mousepad marks a changed file's title
                "the replacement",
                keys_to=REPLACE_DIALOG,
            ),
            Step(
                Action.key("ctrl+s", reasoning="save"),
                no_window_named(REPLACE_DIALOG),
                "the dialog to close",
            ),
        ]


TASKS = (AppendLine, ReplaceWord)

__all__ = ["MOUSEPAD", "TASKS", "AppendLine", "MousepadTask", "ReplaceWord", "read_lines"]

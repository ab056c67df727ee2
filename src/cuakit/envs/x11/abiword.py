"""AbiWord on the X11 desktop: its documents (``.abw``, XML) and its three tasks.

Only what the tasks check is read back: paragraphs (``<p>``) as runs of text with their bold
and italic state, from ``props`` on the paragraph and on nested ``<c>`` spans. As OSWorld does,
success is judged from the file on disk, never from the screen.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.x11.task import (
    CENTRE,
    DOCUMENTS,
    App,
    Step,
    Task,
    draw_lines,
    error_box,
    go_to_line,
    window_named,
)
from cuakit.errors import BackendError

ABIWORD = App("AbiWord", "abiword", "abiword")

NS = "{http://www.abisource.com/awml.dtd}"


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool
    italic: bool


@dataclass(frozen=True)
class Paragraph:
    runs: tuple[Run, ...]

    @property
    def text(self) -> str:
        return "".join(run.text for run in self.runs)

    def styled(self, attribute: str) -> str:
        """The characters of this paragraph that carry ``attribute`` (``bold``/``italic``),
        others replaced by spaces, so ``styled("bold").split()`` lists the bold words."""
        return "".join(
            run.text if getattr(run, attribute) else " " * len(run.text) for run in self.runs
        )


def write_abw(path: Path, lines: list[str]) -> None:
    """A plain AbiWord document, one paragraph per line."""
    body = "".join(f"<p>{escape(line)}</p>\n" for line in lines)
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<abiword template="false" xmlns="http://www.abisource.com/awml.dtd" '
        'version="3.0.5" fileformat="1.1">\n'
        f"<section>\n{body}</section>\n</abiword>\n",
        encoding="utf-8",
    )


def _props(element: ET.Element) -> dict[str, str]:
    out = {}
    for item in element.get("props", "").split(";"):
        key, sep, value = item.partition(":")
        if sep:
            out[key.strip()] = value.strip()
    return out


def read_abw(path: Path) -> list[Paragraph]:
    """The paragraphs of an AbiWord file; BackendError names a file that is not one."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as exc:
        raise BackendError(f"{path} is not a readable AbiWord file ({exc})") from exc
    paragraphs = []
    for p in root.iter(f"{NS}p"):
        runs: list[Run] = []
        _collect(p, {}, runs)
        paragraphs.append(Paragraph(tuple(runs)))
    return paragraphs


def _collect(element: ET.Element, inherited: dict[str, str], runs: list[Run]) -> None:
    """Append the text runs of ``element`` and its ``<c>`` spans, with their styles."""
    props = {**inherited, **_props(element)}
    bold = props.get("font-weight") == "bold"
    italic = props.get("font-style") == "italic"
    if element.text:
        runs.append(Run(element.text, bold, italic))
    for child in element:
        if child.tag == f"{NS}c":
            _collect(child, props, runs)
        if child.tail:
            runs.append(Run(child.tail, bold, italic))


# ---- tasks ---------------------------------------------------------------------------------
class AbiWordTask(Task):
    """A document of 3–6 lines of words in AbiWord."""

    app = ABIWORD
    suffix = ".abw"

    def draw_file(self, rng: np.random.Generator) -> None:
        self.lines, self.spare = draw_lines(rng)

    def write(self) -> None:
        write_abw(self.path, self.lines)

    def read(self) -> list[Paragraph]:
        return read_abw(self.path)

    def params(self) -> dict[str, Any]:
        return {**super().params(), "lines": len(self.lines)}

    def _same_text(self, saved: list[Paragraph], lines: list[str]) -> bool:
        return [p.text.strip() for p in saved if p.text.strip()] == lines


class BoldLine(AbiWordTask):
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
            Step(Action.click(*CENTRE, reasoning="focus AbiWord")),
            Step(Action.key("ctrl+o", reasoning="open a file")),
            Step(
                Action.wait(0.5, reasoning="let the dialog settle"),
                window_named("Open File"),
                "the Open File dialog",
            ),
            Step(Action.type_text(path, reasoning="type the file's path"), keys_to="Open File"),
            Step(Action.key("enter", reasoning="open it"), keys_to="Open File"),
            Step(
                Action.click(*CENTRE, reasoning="click into the document"),
                window_named(self.file_name),
                f"{self.file_name} to load",
                # The file dialog's inline completion can garble a typed path: dismiss the
                # error and open the file again.
                failed=error_box,
                recovery=Action.key("enter", reasoning="dismiss the error"),
                retry_from=1,
            ),
            *go_to_line(self.line),
            Step(Action.key("home", reasoning="start of the line")),
            Step(Action.key("shift+end", reasoning="select the line")),
            Step(Action.key("ctrl+b", reasoning="bold")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


class AppendLine(AbiWordTask):
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
            Step(Action.click(*CENTRE, reasoning="click into the document")),
            Step(Action.key("ctrl+end", reasoning="to the end of the document")),
            Step(Action.key("enter", reasoning="a new line")),
            Step(Action.type_text(self.sentence, reasoning="type the sentence")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


class ItalicWord(AbiWordTask):
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
            Step(Action.click(*CENTRE, reasoning="click into the document")),
            *go_to_line(self.line),
            Step(Action.key("home", reasoning="start of the line")),
            *[Step(Action.key("ctrl+right", reasoning="next word"))] * self.index,
            *[Step(Action.key("shift+right", reasoning="select a letter"))] * len(self.word),
            Step(Action.key("ctrl+i", reasoning="italic")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


TASKS = (BoldLine, AppendLine, ItalicWord)

__all__ = [
    "ABIWORD",
    "TASKS",
    "AbiWordTask",
    "AppendLine",
    "BoldLine",
    "ItalicWord",
    "Paragraph",
    "Run",
    "read_abw",
    "write_abw",
]

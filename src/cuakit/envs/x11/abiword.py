"""AbiWord documents (``.abw``, XML): write the task's file, read back what was saved.

Only what the tasks check is read: paragraphs (``<p>``) as runs of text with their bold and
italic state, from ``props`` on the paragraph and on nested ``<c>`` spans. As OSWorld does,
success is judged from the file on disk, never from the screen.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from cuakit.errors import BackendError

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


__all__ = ["Paragraph", "Run", "read_abw", "write_abw"]

"""Gnumeric (GNOME's spreadsheet) on the X11 desktop: a small workbook and two tasks.

The task's workbook is written as Gnumeric's own XML (gzipped, one sheet); what was saved is
read back through ``ssconvert`` (from the same Debian package) as CSV, so formulas arrive as
the values Gnumeric computes for them. A sheet is a table: a header row (``Item``, ``Qty``,
``Price``), then 3–6 rows of an item word and two whole numbers.
"""

from __future__ import annotations

import csv
import gzip
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.x11.task import CENTRE, WORDS, App, Step, Task
from cuakit.errors import BackendError

GNUMERIC = App("Gnumeric", "gnumeric", "gnumeric", tools=("ssconvert",))
HEADER = ("Item", "Qty", "Price")
READ_TIMEOUT_S = 20.0
"""ssconvert taking longer counts as a hang"""

Cells = dict[str, str]
"""non-empty cells by reference (``"B3"``) → the text Gnumeric shows"""


def cell_ref(row: int, col: int) -> str:
    """0-based (row, column) → ``"B3"`` (columns A–Z are enough here)."""
    return f"{chr(ord('A') + col)}{row + 1}"


def _value_type(value: str) -> str:
    if value.startswith("="):
        return ""  # an expression: Gnumeric computes its value
    return f' ValueType="{40 if value.isdigit() else 60}"'


def write_gnumeric(path: Path, rows: list[list[str]]) -> None:
    """A one-sheet Gnumeric workbook: a cell that reads as a whole number is a number, one
    that starts with ``=`` a formula, any other text."""
    cells = "".join(
        f'<gnm:Cell Row="{r}" Col="{c}"{_value_type(value)}>{escape(value)}</gnm:Cell>\n'
        for r, row in enumerate(rows)
        for c, value in enumerate(row)
        if value
    )
    width = max(len(row) for row in rows)
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<gnm:Workbook xmlns:gnm="http://www.gnumeric.org/v10.dtd">\n'
        "<gnm:SheetNameIndex><gnm:SheetName>Sheet1</gnm:SheetName></gnm:SheetNameIndex>\n"
        "<gnm:Sheets><gnm:Sheet><gnm:Name>Sheet1</gnm:Name>\n"
        f"<gnm:MaxCol>{width - 1}</gnm:MaxCol><gnm:MaxRow>{len(rows) - 1}</gnm:MaxRow>\n"
        f"<gnm:Cells>\n{cells}</gnm:Cells>\n"
        "</gnm:Sheet></gnm:Sheets>\n</gnm:Workbook>\n"
    )
    path.write_bytes(gzip.compress(xml.encode("utf-8"), mtime=0))


def read_cells(path: Path) -> Cells:
    """The non-empty cells of a workbook's first sheet as Gnumeric shows them (formulas
    computed), read with ``ssconvert``; BackendError names a file it cannot read."""
    with tempfile.TemporaryDirectory(prefix="cuakit-ssconvert-") as folder:
        out = Path(folder) / "sheet.csv"
        try:
            done = subprocess.run(
                ["ssconvert", "--export-type=Gnumeric_stf:stf_csv", str(path), str(out)],
                capture_output=True,
                text=True,
                timeout=READ_TIMEOUT_S,
                env={**os.environ, "GSETTINGS_BACKEND": "memory"},
            )
        except subprocess.TimeoutExpired:
            raise BackendError(
                f"ssconvert hung for more than {READ_TIMEOUT_S:.0f} s on {path}"
            ) from None
        if done.returncode != 0 or not out.exists():
            raise BackendError(
                f"{path} is not a workbook ssconvert can read: {done.stderr.strip()[:200]}"
            )
        with out.open(newline="", encoding="utf-8") as file:
            rows = list(csv.reader(file))
    return {
        cell_ref(r, c): value
        for r, row in enumerate(rows)
        for c, value in enumerate(row)
        if value.strip()
    }


class GnumericTask(Task):
    """A table of 3–6 items with a quantity and a price in Gnumeric."""

    app = GNUMERIC
    suffix = ".gnumeric"
    stems = ("budget", "sales", "stock", "orders", "prices", "expenses", "shopping", "store")

    def draw_file(self, rng: np.random.Generator) -> None:
        count = int(rng.integers(3, 7))
        items = [str(w) for w in rng.choice(WORDS, count, replace=False)]
        self.rows = [list(HEADER)] + [
            [item, str(rng.integers(1, 21)), str(rng.integers(2, 100))] for item in items
        ]

    def write(self) -> None:
        write_gnumeric(self.path, self.rows)

    def read(self) -> Cells:
        return read_cells(self.path)

    def params(self) -> dict[str, Any]:
        return {**super().params(), "rows": len(self.rows) - 1}

    @property
    def cells(self) -> Cells:
        """The cells of the file the task starts from."""
        return {
            cell_ref(r, c): value
            for r, row in enumerate(self.rows)
            for c, value in enumerate(row)
            if value
        }

    def _judge_cell(self, saved: Cells, ref: str, right: bool) -> Outcome:
        """Success when cell ``ref`` is ``right`` and every other cell is as it was; half
        progress for either."""
        others = {k: v for k, v in saved.items() if k != ref}
        kept = others == {k: v for k, v in self.cells.items() if k != ref}
        return Outcome(success=right and kept, progress=0.5 * right + 0.5 * kept)

    def _go_to_cell(self, row: int, col: int) -> list[Step]:
        """Mouse and keys to the cell at 0-based (row, col): click into the sheet, then
        ctrl+home to A1 and the arrow keys."""
        return [
            Step(Action.click(*CENTRE, reasoning="click into the sheet")),
            Step(Action.key("ctrl+home", reasoning="to cell A1")),
            *[Step(Action.key("right", reasoning="next column"))] * col,
            *[Step(Action.key("down", reasoning="next row"))] * row,
        ]


class FillCell(GnumericTask):
    """Type a given number into a named cell of the table and save."""

    name = "gnumeric-fill-cell"
    summary = "Type a given number into a named cell of a Gnumeric sheet, save"

    def draw(self, rng: np.random.Generator) -> None:
        self.row = int(rng.integers(1, len(self.rows)))
        self.col = int(rng.integers(1, len(HEADER)))
        self.value = str(rng.integers(100, 1000))  # no table value is that large
        self.ref = cell_ref(self.row, self.col)

    @property
    def instruction(self) -> str:
        return (
            f"In the open spreadsheet {self.file_name}, type {self.value} into cell {self.ref} "
            "and save the file."
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "cell": self.ref, "value": self.value}

    def judge(self, saved: Cells) -> Outcome:
        return self._judge_cell(saved, self.ref, saved.get(self.ref) == self.value)

    def plan(self) -> list[Step]:
        return [
            *self._go_to_cell(self.row, self.col),
            Step(Action.type_text(self.value, reasoning="type the number")),
            Step(Action.key("enter", reasoning="confirm the cell")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


class SumColumn(GnumericTask):
    """Put the total of a column into the cell below its last number and save."""

    name = "gnumeric-sum-column"
    summary = "Put the total of a column into the cell below it in a Gnumeric sheet, save"

    def draw(self, rng: np.random.Generator) -> None:
        self.col = int(rng.integers(1, len(HEADER)))
        self.row = len(self.rows)  # the first empty row
        self.total = sum(int(row[self.col]) for row in self.rows[1:])
        self.ref = cell_ref(self.row, self.col)
        self.range = f"{cell_ref(1, self.col)}:{cell_ref(self.row - 1, self.col)}"

    @property
    def instruction(self) -> str:
        return (
            f"In the open spreadsheet {self.file_name}, put the total of the {HEADER[self.col]} "
            f"column ({self.range}) into cell {self.ref} and save the file."
        )

    def params(self) -> dict[str, Any]:
        return {**super().params(), "column": HEADER[self.col], "cell": self.ref}

    def judge(self, saved: Cells) -> Outcome:
        """A typed number or a formula: what counts is the value Gnumeric shows."""
        try:
            right = float(saved.get(self.ref, "")) == self.total
        except ValueError:
            right = False
        return self._judge_cell(saved, self.ref, right)

    def plan(self) -> list[Step]:
        return [
            *self._go_to_cell(self.row, self.col),
            Step(Action.type_text(f"=SUM({self.range})", reasoning="a formula for the total")),
            Step(Action.key("enter", reasoning="confirm the cell")),
            Step(Action.key("ctrl+s", reasoning="save")),
        ]


TASKS = (FillCell, SumColumn)

__all__ = [
    "GNUMERIC",
    "HEADER",
    "TASKS",
    "Cells",
    "FillCell",
    "GnumericTask",
    "SumColumn",
    "cell_ref",
    "read_cells",
    "write_gnumeric",
]

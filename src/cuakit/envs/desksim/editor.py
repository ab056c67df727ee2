"""A text editor widget: lines, a line selection, bold per line, a caret, typing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from cuakit.envs.desksim import render as r
from cuakit.envs.desksim.render import Rect, Theme
from cuakit.envs.desksim.widgets import UI, Widget, _text_y

if TYPE_CHECKING:
    from cuakit.envs.desksim.desk import Desk

GUTTER = 24


class Editor(Widget):
    """Clicking a line number selects that line; dragging over lines selects a range;
    double-clicking a line selects it; ctrl+a selects all; ctrl+b toggles bold on the
    selected lines; typing appends to the caret's line (replacing a selection is not modelled).
    """

    role = "document"
    focusable = True

    def __init__(self, rect: Rect, lines: list[str] | None = None) -> None:
        super().__init__(rect, "")
        self.lines: list[str] = list(lines or [])
        self.bold: set[int] = set()
        self.selection: tuple[int, int] | None = None  # first, last line (inclusive)
        self.caret = 0
        self.modified = False
        self.on_change: Callable[[Desk], None] | None = None  # e.g. mark the title unsaved

    def state(self) -> dict[str, Any]:
        return {
            "lines": len(self.lines),
            "bold": sorted(self.bold),
            "selection": self.selection,
            "modified": self.modified,
        }

    def load(self, lines: list[str], bold: set[int]) -> None:
        self.lines, self.bold = list(lines), set(bold)
        self.selection, self.caret, self.modified = None, 0, False

    def line_rect(self, index: int, theme: Theme) -> Rect:
        x, y, w, _ = self.bbox
        return x + GUTTER, y + 3 + index * theme.line_height, w - GUTTER - 2, theme.line_height

    def gutter_rect(self, index: int, theme: Theme) -> Rect:
        x, y, _, _ = self.bbox
        return x + 1, y + 3 + index * theme.line_height, GUTTER - 2, theme.line_height

    def line_at(self, y: float, theme: Theme) -> int | None:
        index = int((y - self.bbox[1] - 3) // theme.line_height)
        return index if 0 <= index < len(self.lines) else None

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        bbox = self.bbox
        r.box(canvas, bbox, theme.field, theme.accent if ui.focused else theme.border)
        r.fill(canvas, (bbox[0] + 1, bbox[1] + 1, GUTTER - 2, bbox[3] - 2), theme.control)
        for index, line in enumerate(self.lines):
            rect = self.line_rect(index, theme)
            if rect[1] + rect[3] > bbox[1] + bbox[3]:
                break
            selected = (
                self.selection is not None and self.selection[0] <= index <= self.selection[1]
            )
            if selected:
                width = painter.text_width(line or " ", theme.font_size, index in self.bold)
                r.fill(
                    canvas,
                    (rect[0] + 2, rect[1] + 1, min(width + 2, rect[2]), rect[3] - 2),
                    theme.selection,
                )
            gutter = self.gutter_rect(index, theme)
            r.text(
                canvas,
                painter,
                (gutter[0] + 3, _text_y(theme, gutter)),
                str(index + 1),
                theme.muted,
                theme.font_size - 1,
            )
            r.text(
                canvas,
                painter,
                (rect[0] + 3, _text_y(theme, rect)),
                line,
                theme.text,
                theme.font_size,
                bold=index in self.bold,
                clip=rect,
            )
            if ui.focused and index == self.caret and self.selection is None:
                width = painter.text_width(line, theme.font_size, index in self.bold) if line else 0
                r.fill(canvas, (rect[0] + 3 + width, rect[1] + 3, 1, rect[3] - 6), theme.text)

    def _touch(self, desk: Desk) -> None:
        self.modified = True
        if self.on_change:
            self.on_change(desk)

    def _select(self, desk: Desk, first: int, last: int) -> None:
        self.selection = (min(first, last), max(first, last))
        self.caret = last
        desk.emit("select_lines", widget=self, lines=self.selection)

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        index = self.line_at(y, desk.theme)
        if index is None:
            self.selection = None
            return
        if x < self.bbox[0] + GUTTER:
            self._select(desk, index, index)
        else:
            self.selection, self.caret = None, index

    def on_double_click(self, desk: Desk, x: float, y: float) -> None:
        index = self.line_at(y, desk.theme)
        if index is not None:
            self._select(desk, index, index)

    def on_drag(self, desk: Desk, start: tuple[float, float], end: tuple[float, float]) -> None:
        first = self.line_at(start[1], desk.theme)
        last = self.line_at(min(end[1], self.bbox[1] + self.bbox[3] - 4), desk.theme)
        if first is not None:
            self._select(desk, first, len(self.lines) - 1 if last is None else last)

    def _ensure_line(self) -> None:
        """An empty document still has one (empty) line for the caret to sit on."""
        if not self.lines:
            self.lines.append("")
        self.caret = min(max(self.caret, 0), len(self.lines) - 1)

    def on_type(self, desk: Desk, value: str) -> None:
        self._ensure_line()
        self.lines[self.caret] = (self.lines[self.caret] + value)[:120]
        self.selection = None
        self._touch(desk)

    def toggle_bold(self, desk: Desk) -> None:
        if self.selection is None:
            return
        chosen = set(range(self.selection[0], self.selection[1] + 1))
        self.bold = self.bold - chosen if chosen <= self.bold else self.bold | chosen
        self._touch(desk)
        desk.emit("bold", widget=self, lines=sorted(chosen))

    def on_key(self, desk: Desk, key: str) -> bool:
        if key == "ctrl+b":
            self.toggle_bold(desk)
        elif key == "ctrl+a" and self.lines:
            self._select(desk, 0, len(self.lines) - 1)
        elif key in ("up", "down") and self.lines:
            self.caret = min(len(self.lines) - 1, max(0, self.caret + (1 if key == "down" else -1)))
            self.selection = None
        elif key == "enter":
            self._ensure_line()
            self.lines.insert(self.caret + 1, "")
            self.bold = {i + 1 if i > self.caret else i for i in self.bold}
            self.caret += 1
            self.selection = None
            self._touch(desk)
        elif key == "backspace" and self.lines:
            self.lines[self.caret] = self.lines[self.caret][:-1]
            self._touch(desk)
        else:
            return False
        return True

"""A small text app whose menu commands do what a real editor's do (menu-item's apps).

``TextApp`` fills a window with a menu bar, a ``Page`` of text and a status bar, and runs each
command of the menus the way Notepad, gedit or TextEdit would, so that a chosen command shows
only by its effect, never by a line that names it:

- a command ending in "..." opens the dialog it names ("Save As", "Print", "Find" …), as do
  Close (it asks whether to save the unsaved document), Spelling, Word Count, Macros,
  Extensions and the Help commands;
- Save drops the unsaved mark ("*") from the title; New opens an "Untitled" window;
- Undo, Redo, Cut, Paste and Select All change the text or its selection (Copy, as in a real
  app, changes nothing on screen);
- Zoom In / Zoom Out / Actual Size resize the text and the status bar's percentage; Word Wrap
  folds the long line; Show Sidebar opens an outline pane; Full Screen fills the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np

from cuakit.envs.desksim import render as r
from cuakit.envs.desksim.controls import Checkbox, ListBox
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.locale import is_cjk, translate
from cuakit.envs.desksim.popups import Dropdown, MenuBar
from cuakit.envs.desksim.render import Rect, Theme
from cuakit.envs.desksim.widgets import UI, Button, Label, TextField, Widget

Extra = Callable[[Window, int, int], int]
"""adds widgets to a dialog from a y, given the line height; returns the next free y"""

MENUS = {
    "File": ("New", "Open...", "Save", "Save As...", "Export...", "Print...", "Close"),
    "Edit": ("Undo", "Redo", "Cut", "Copy", "Paste", "Select All", "Find..."),
    "View": ("Zoom In", "Zoom Out", "Actual Size", "Full Screen", "Show Sidebar", "Word Wrap"),
    "Tools": ("Spelling", "Word Count", "Macros", "Extensions", "Options..."),
    "Help": ("Documentation", "Keyboard Shortcuts", "Check for Updates", "About"),
}
INVISIBLE = frozenset({"Edit > Copy"})
"""commands that change nothing on screen in a real app either"""
OUTLINE = ("Greeting", "Message", "Closing")


class Page(Widget):
    """The document: lines of text at a zoom, a line selection, optional word wrap and an
    outline pane on the left."""

    role = "document"
    shows_hover = False

    def __init__(self, rect: Rect, lines: list[str]) -> None:
        super().__init__(rect, "")
        self.lines = list(lines)
        self.selected: set[int] = set()
        self.zoom, self.wrap, self.sidebar = 100, False, False

    def state(self) -> dict[str, Any]:
        return {"lines": len(self.lines), "zoom": self.zoom, "wrap": self.wrap}

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        x, y, w, h = bbox = self.bbox
        r.box(canvas, bbox, theme.field, theme.border)
        if self.sidebar:
            pane = 74
            r.fill(canvas, (x + 1, y + 1, pane, h - 2), theme.control)
            for i, entry in enumerate(("Outline", *OUTLINE)):
                color = theme.text if i == 0 else theme.muted
                r.text(
                    canvas,
                    painter,
                    (x + 6, y + 4 + i * theme.line_height),
                    entry,
                    color,
                    theme.font_size,
                    bold=i == 0,
                    clip=(x + 1, y + 1, pane, h - 2),
                )
            x, w = x + pane, w - pane
        size = max(6, round(theme.font_size * self.zoom / 100))
        pitch = size + 7
        area = (x + 4, y + 2, w - 8, h - 4)
        row = 0
        for index, line in enumerate(self.lines):
            # translated before it is folded: word wrap breaks the text that is shown
            shown = translate(line, painter.locale)
            for part in self._rows(shown, painter, size, area[2]):
                top = y + 4 + row * pitch
                if index in self.selected:
                    width = min(painter.text_width(part or " ", size), area[2])
                    r.fill(canvas, (area[0], top - 2, width, pitch - 2), theme.selection)
                r.text(canvas, painter, (area[0], top), part, theme.text, size, clip=area)
                row += 1

    def _rows(self, line: str, painter: r.Painter, size: int, width: int) -> list[str]:
        if not self.wrap or painter.text_width(line, size) <= width:
            return [line]
        rows, current = [], ""
        # Chinese breaks between characters (a Latin name stays whole), English between words
        cjk = any(is_cjk(c) for c in line)
        for word in re.findall(r"[A-Za-z0-9]+|.", line) if cjk else line.split(" "):
            trial = current + word if cjk else f"{current} {word}".strip()
            if current and painter.text_width(trial, size) > width:
                rows.append(current)
                current = word
            else:
                current = trial
        return [*rows, current]


class TextApp:
    """One app window: its menu bar runs the commands on its own page (see the module doc)."""

    def __init__(
        self,
        desk: Desk,
        window: Window,
        menus: list[tuple[str, list[str]]],
        document: str,
        lines: list[str],
        zoom: int,
    ) -> None:
        self.desk, self.window, self.document = desk, window, document
        self.app = window.title
        theme = desk.theme
        lh = theme.line_height
        self.bar = window.add(MenuBar((0, 0, 0, lh), menus, on_select=self.run))
        self.page: Page = window.add(Page((0, 0, 0, 0), lines))
        self.page.zoom = zoom
        self.page.selected = {0}  # the greeting, so that Cut and Undo change different lines
        self.position = window.add(
            Label((0, 0, 0, 0), f"Ln 1, Col {len(lines[0]) + 1}", muted=True)
        )
        self.zoom_label = window.add(Label((0, 0, 0, 0), "", muted=True))
        self.modified = True
        self.undo = [len(lines) - 1]  # typing the last line is the edit Undo reverts
        self.redo = ["P.S. The photos are attached."]
        self.clipboard = "Hello team,"
        self.layout()

    def layout(self) -> None:
        """Place the bar, page and status bar for the window's size; show the title and zoom."""
        theme, (_, _, width, height) = self.desk.theme, self.window.rect
        lh = theme.line_height
        inner = height - self.window.title_height
        self.bar.rect = (0, 0, width, lh)
        self.page.rect = (6, lh + 4, width - 12, inner - 2 * lh - 8)
        self.position.rect = (10, inner - lh - 2, 110, lh)
        self.zoom_label.rect = (width - 54, inner - lh - 2, 46, lh)
        self.zoom_label.text = f"{self.page.zoom}%"
        self.window.title = f"{'*' if self.modified else ''}{self.document} - {self.app}"
        self.desk.version += 1

    # ---- the commands ------------------------------------------------------------------
    def run(self, desk: Desk, menu: str, item: str) -> None:
        command = COMMANDS.get(item)
        if command is not None:
            command(self)
        self.layout()

    def new(self) -> None:
        x, y, w, h = self.window.rect
        theme = self.desk.theme
        x, y = min(x + 16, theme.width - w - 2), min(y + 16, theme.height - h - 2)
        window = self.desk.add_window(Window(f"Untitled - {self.app}", (x, y, w, h)))
        lh = theme.line_height
        window.add(Page((6, lh + 4, w - 12, h - window.title_height - 2 * lh - 8), []))

    def save(self) -> None:
        self.modified = False

    def close(self) -> None:
        if not self.modified:
            self.page.lines, self.page.selected, self.document = [], set(), "Untitled"
            return
        question = f"Save changes to {self.document} before closing?"
        self.dialog(self.app, [question], ["Save", "Don't Save", "Cancel"])

    def undo_edit(self) -> None:
        if self.undo:
            line = self.undo.pop()
            self.redo.append(self.page.lines.pop(line))
            self.page.selected.discard(line)
            self.modified = True

    def redo_edit(self) -> None:
        if self.redo:
            self.page.lines.append(self.redo.pop())
            self.undo.append(len(self.page.lines) - 1)
            self.modified = True

    def cut(self) -> None:
        if self.page.selected:
            kept = [i for i in range(len(self.page.lines)) if i not in self.page.selected]
            self.clipboard = " ".join(self.page.lines[i] for i in sorted(self.page.selected))
            self.page.lines = [self.page.lines[i] for i in kept]
            self.page.selected, self.undo, self.modified = set(), [], True

    def copy(self) -> None:
        if self.page.selected:
            self.clipboard = " ".join(self.page.lines[i] for i in sorted(self.page.selected))

    def paste(self) -> None:
        """The clipboard's text replaces the selected lines (or ends the text)."""
        page = self.page
        at = min(page.selected, default=len(page.lines))
        kept = [line for i, line in enumerate(page.lines) if i not in page.selected]
        page.lines = [*kept[:at], self.clipboard, *kept[at:]]
        page.selected, self.undo, self.modified = set(), [at], True

    def select_all(self) -> None:
        self.page.selected = set(range(len(self.page.lines)))

    def find(self) -> None:
        theme = self.desk.theme
        lh = theme.line_height
        x, y, w, _ = self.window.rect
        width, height = 200, 2 * lh + 18 + lh
        x, y = min(x + w - width + 10, theme.width - width - 2), min(y + 24, theme.height - height)
        window = self.desk.add_window(Window("Find", (max(0, x), max(0, y), width, height)))
        window.add(TextField((8, 6, width - 16, lh + 2), "Find what"))
        window.add(Button((width - 90, lh + 14, 82, lh + 4), "Find Next", primary=True))

    def zoom(self, percent: int | None, step: int = 0) -> None:
        self.page.zoom = (
            percent if percent is not None else min(300, max(30, self.page.zoom + step))
        )

    def full_screen(self) -> None:
        theme = self.desk.theme
        self.window.rect = (0, 0, theme.width, theme.height)

    def show_sidebar(self) -> None:
        self.page.sidebar = True

    def word_wrap(self) -> None:
        self.page.wrap = not self.page.wrap

    def word_count(self) -> None:
        words = sum(len(line.split()) for line in self.page.lines)
        characters = sum(len(line) for line in self.page.lines)
        self.dialog("Word Count", [f"Words: {words}", f"Characters: {characters}"], ["Close"])

    def dialog(
        self,
        title: str,
        lines: list[str],
        buttons: list[str],
        extra: Extra | None = None,
        modal: bool = True,
    ) -> Window:
        """A dialog of text lines and ``extra`` widgets, with ``buttons`` laid out from the
        right edge, the first one primary; every button closes it."""
        desk, theme, painter = self.desk, self.desk.theme, self.desk.painter
        lh = theme.line_height
        sizes = [max(64, painter.text_width(b, theme.font_size) + 18) for b in buttons]
        widest = max([painter.text_width(line, theme.font_size) for line in lines] + [180])
        width = min(theme.width - 8, max(widest + 24, sum(sizes) + 8 * len(sizes) + 12, 230))
        window = Window(title, (0, 0, width, 0), modal=modal)
        y = 8
        for line in lines:
            window.add(Label((12, y, width - 24, lh), line))
            y += lh + 2
        if extra is not None:
            y = extra(window, y, lh)
        height = y + lh + 18
        right = width - 10
        for label, size in reversed(list(zip(buttons, sizes, strict=True))):
            right -= size
            rect = (right, height - lh - 10, size, lh + 4)
            button = Button(rect, label, primary=label == buttons[0])
            button.on_press = lambda d, w=window: d.close_window(w)
            window.add(button)
            right -= 8
        full = height + lh + 2
        window.rect = ((theme.width - width) // 2, max(0, (theme.height - full) // 2), width, full)
        return desk.add_window(window)


def _labelled(label: str, make: Callable[[Rect], Widget]) -> Extra:
    """A dialog's label and control on one row."""

    def add(window: Window, y: int, lh: int) -> int:
        window.add(Label((12, y + 2, 70, lh), label))
        window.add(make((84, y, window.rect[2] - 96, lh + 2)))
        return y + lh + 10

    return add


def _list(items: list[str]) -> Extra:
    """A dialog's list of items."""

    def add(window: Window, y: int, lh: int) -> int:
        height = len(items) * lh + 4
        window.add(ListBox((12, y, window.rect[2] - 24, height), items))
        return y + height + 8

    return add


def _boxes(items: list[tuple[str, bool]]) -> Extra:
    """A dialog's checkboxes, each ticked or not."""

    def add(window: Window, y: int, lh: int) -> int:
        for label, checked in items:
            window.add(Checkbox((12, y, window.rect[2] - 24, lh), label, checked))
            y += lh + 4
        return y + 4

    return add


DOCUMENTS = ["letter.txt", "notes.txt", "todo.txt", "budget.xlsx"]
COMMANDS: dict[str, Callable[[TextApp], object]] = {
    "New": TextApp.new,
    "Open...": lambda a: a.dialog("Open", [], ["Open", "Cancel"], _list(DOCUMENTS)),
    "Save": TextApp.save,
    "Save As...": lambda a: a.dialog(
        "Save As",
        [],
        ["Save", "Cancel"],
        _labelled("Name:", lambda rect: TextField(rect, "", a.document)),
    ),
    "Export...": lambda a: a.dialog(
        "Export",
        [],
        ["Export", "Cancel"],
        _labelled(
            "Format:", lambda rect: Dropdown(rect, "Format", ["PDF", "HTML", "Plain text"], 0)
        ),
    ),
    "Print...": lambda a: a.dialog(
        "Print", ["Printer: Office printer", "Copies: 1", "Pages: All"], ["Print", "Cancel"]
    ),
    "Close": TextApp.close,
    "Undo": TextApp.undo_edit,
    "Redo": TextApp.redo_edit,
    "Cut": TextApp.cut,
    "Copy": TextApp.copy,
    "Paste": TextApp.paste,
    "Select All": TextApp.select_all,
    "Find...": TextApp.find,
    "Zoom In": lambda a: a.zoom(None, 10),
    "Zoom Out": lambda a: a.zoom(None, -10),
    "Actual Size": lambda a: a.zoom(100),
    "Full Screen": TextApp.full_screen,
    "Show Sidebar": TextApp.show_sidebar,
    "Word Wrap": TextApp.word_wrap,
    "Spelling": lambda a: a.dialog("Spelling", ["The spellcheck is complete."], ["OK"]),
    "Word Count": TextApp.word_count,
    "Macros": lambda a: a.dialog(
        "Macros", ["Macro name:"], ["Run", "Close"], _list(["InsertDate", "FormatTable"])
    ),
    "Extensions": lambda a: a.dialog(
        "Extensions", ["Grammar Checker 2.1", "Dark Theme 1.0"], ["Close"], modal=False
    ),
    "Options...": lambda a: a.dialog(
        "Options",
        [],
        ["OK", "Cancel"],
        _boxes([("Show status bar", True), ("Auto-save every 10 minutes", False)]),
    ),
    "Documentation": lambda a: a.dialog(
        f"{a.app} Help",
        ["Getting started", "Working with documents", "Sharing your work"],
        ["Close"],
        modal=False,
    ),
    "Keyboard Shortcuts": lambda a: a.dialog(
        "Keyboard Shortcuts",
        ["Ctrl+N    New document", "Ctrl+S    Save the document", "Ctrl+P    Print"],
        ["Close"],
        modal=False,
    ),
    "Check for Updates": lambda a: a.dialog(
        "Check for Updates", ["You're up to date.", "Version 4.2.1 is the newest version."], ["OK"]
    ),
    "About": lambda a: a.dialog(
        f"About {a.app}", ["Version 4.2.1 (64-bit)", "© 2024 Example Software"], ["OK"]
    ),
}

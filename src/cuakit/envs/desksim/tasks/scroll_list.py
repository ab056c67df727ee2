"""scroll-list: open a named file from a long, scrolling file list.

A file-browser window shows a ``ListBox`` of file names (sorted or not) with Open and Cancel
buttons; the target usually starts scrolled out of view. The expert scrolls the list at its
centre by the rows needed, then double-clicks the row (or selects it and presses Open).
Success: the target is opened; opening any other file, Cancel or closing the window ends the
episode as a failure. Opening a file replaces the browser with the file's window, titled with
its name as real apps title a document ("budget_12.xlsx - Sheets"), showing its content.
Levels: 10, 25 or 50 files; level 3 adds near-duplicate names (report_17.txt, report_71.txt,
report_17.txt.bak, ...). The target's stem is drawn from the split's values.
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.controls import ListBox
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.tasks.base import Phrasings, Task
from cuakit.envs.desksim.widgets import Button, Label
from cuakit.episodes.splits import Split

# fmt: off
STEMS = ("report", "budget", "notes", "invoice", "photo", "draft", "summary", "memo", "slides",
         "data", "backup", "plan", "letter", "scan", "contract", "minutes", "schedule", "survey")
# fmt: on
EXTS = (".txt", ".xlsx", ".docx", ".pdf", ".png", ".csv")
FOLDERS = ("Documents", "Documents/Reports", "Downloads", "Projects/2024", "Shared/Finance")
VIEWERS = {
    "docx": "Writer",
    "pdf": "Document Viewer",
    "png": "Photos",
    "xlsx": "Sheets",
    "csv": "Sheets",
}
SENTENCES = (
    "Meeting moved to Thursday.",
    "Bring the printed copies.",
    "Call the supplier.",
    "Numbers look fine so far.",
    "Room 4 is booked.",
    "Lunch is at noon.",
)
PHRASINGS = Phrasings(
    shared=(
        "Open '{}'",
        "Find {} in the list and open it",
        'Open the file "{}"',
        "Scroll to {} and open it",
    ),
    val=(
        "Double-click {} to open it",
        "Locate the file {} and open it",
    ),
)


def file_name(rng: Any, stems: tuple[str, ...] = STEMS) -> str:
    stem = stems[int(rng.integers(len(stems)))]
    number = int(rng.integers(1, 100)) if rng.random() < 0.7 else int(rng.integers(2015, 2026))
    return f"{stem}_{number}{EXTS[int(rng.integers(len(EXTS)))]}"


def near_duplicates(name: str) -> list[str]:
    """Names a careless reader confuses with ``name`` (swapped digits, suffixes, extensions)."""
    stem, ext = name.rsplit(".", 1)
    base, number = stem.rsplit("_", 1)
    out = [
        f"{name}.bak",
        f"{base}_{number}0.{ext}",
        f"{base}s_{number}.{ext}",
        f"{base}_{number} (copy).{ext}",
        f"{base}_{number}.{'csv' if ext != 'csv' else 'txt'}",
    ]
    if number[::-1] != number:
        out.append(f"{base}_{number[::-1]}.{ext}")
    out.append(f"{base}_1{number}.{ext}")
    return out


class ScrollList(Task):
    family = "scroll-list"
    summary = "Scroll a file list and open the named file (10, 25 or 50 files; 3: near-duplicates)"
    max_steps = 8

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        count = {1: 10, 2: 25, 3: 50}[difficulty]
        self.target = file_name(rng, self.slot_values(STEMS))
        names = [self.target]
        if difficulty == 3:
            dups = near_duplicates(self.target)
            names += [dups[int(i)] for i in rng.choice(len(dups), size=5, replace=False)]
        while len(names) < count:
            name = file_name(rng)
            if name not in names:
                names.append(name)
        if rng.random() < 0.5:
            names.sort()
        else:
            names = [names[int(i)] for i in rng.permutation(len(names))]
        self.style = "double" if rng.random() < 0.6 else "button"  # how the expert opens it

        theme = desk.theme
        lh = theme.line_height
        rows = int(rng.integers(5, 8))
        width = max(220, max(desk.painter.text_width(n, theme.font_size) for n in names) + 40)
        title = ("Open File", "Files", "Browse", "Select a file")[int(rng.integers(4))]
        self.win: Window = self.window(title, width, rows * lh + 2 * lh + 26)
        folder = FOLDERS[int(rng.integers(len(FOLDERS)))]
        self.win.add(Label((8, 4, width - 16, lh), f"Location: {folder}", muted=True))
        self.list: ListBox = self.win.add(
            ListBox((8, lh + 8, width - 16, rows * lh + 2), names, on_open=self.show_opened)
        )
        self.folder = folder
        self.index = names.index(self.target)
        shown = self.list.visible_rows(theme)
        # usually start with the target out of view, above or below the visible rows
        hidden = [o for o in range(count - shown + 1) if not o <= self.index < o + shown]
        offsets = hidden if hidden and rng.random() < 0.9 else list(range(count - shown + 1))
        if difficulty == 1:
            offsets = [o for o in offsets if o == 0] or offsets
        self.list.scroll_to(desk, offsets[int(rng.integers(len(offsets)))])
        top = rows * lh + lh + 14
        self.open_button = self.win.add(
            Button((width - 136, top, 62, lh + 4), "Open", on_press=self.open_pressed, primary=True)
        )
        self.win.add(
            Button(
                (width - 70, top, 62, lh + 4), "Cancel", on_press=lambda d: d.close_window(self.win)
            )
        )
        self.content = [SENTENCES[int(i)] for i in rng.choice(len(SENTENCES), 2, replace=False)]
        self.content.append(str(int(rng.integers(2, 9))))  # pages, rows or a size's first digit
        self.instruction = self.say(PHRASINGS, self.target)

    def open_pressed(self, desk: Desk) -> None:
        self.list.open(desk)

    def show_opened(self, desk: Desk) -> None:
        """The browser closes and the opened file's window takes its place, as in a real app:
        the title names the file, the body shows its content (never "Opened …")."""
        name = self.list.opened or ""
        ext = name.rsplit(".", 1)[-1]
        first, second, digit = self.content
        if ext == "png":
            lines = [f"{digit}024 x {digit}68 pixels", "Zoom: 100%"]
        elif ext in ("xlsx", "csv"):
            lines = ["Item      Amount", f"Rent      {digit},200", f"Travel    {digit}40"]
        else:
            lines = [first, second] + ([f"Page 1 of {digit}"] if ext in ("pdf", "docx") else [])
        self.replace_window(self.win, f"{name} - {VIEWERS.get(ext, 'Text Editor')}", lines)

    def params(self) -> dict[str, Any]:
        return {"target": self.target, "items": len(self.list.items), "index": self.index}

    def outcome(self) -> Outcome:
        opened = [e.text for e in self.desk.events if e.kind == "open"]
        wrong = any(name != self.target for name in opened)
        success = bool(opened) and not wrong
        closed = self.win not in self.desk.windows
        visible = self.list.row_rect(self.index, self.desk.theme) is not None
        steps = [visible or success, self.list.selected == self.index or success, success]
        return Outcome(success=success, progress=sum(steps) / 3, done=wrong or closed)

    def expert_action(self) -> Action:
        desk, theme = self.desk, self.desk.theme
        if self.win not in desk.windows:
            return Action.fail(reasoning="the file window was closed")
        row = self.list.row_rect(self.index, theme)
        if row is None:
            shown = self.list.visible_rows(theme)
            wanted = min(len(self.list.items) - shown, max(0, self.index - shown // 2))
            delta = wanted - self.list.offset
            return Action.scroll(
                "down" if delta > 0 else "up",
                abs(delta),
                *self.point(self.list.bbox),
                reasoning=f"bring {self.target} into view",
            )
        if self.style == "button":
            if self.list.selected == self.index:
                return self.click(self.open_button, reasoning="open the selected file")
            return self.click(row, reasoning=f"select {self.target}")
        return Action.double_click(*self.point(row), reasoning=f"open {self.target}")

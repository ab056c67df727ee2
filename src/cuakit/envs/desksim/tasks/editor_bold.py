"""editor-bold, the seed's example: open file F in the editor, make line N bold, save.

The editor has a File menu (Open..., Save), a toolbar (B, Save) and shortcuts (ctrl+o, ctrl+b,
ctrl+s). Open... shows a modal file dialog with a scrolling list. Success is read from the
*saved* file in the desk's file system, as OSWorld checks files: line N bold, every other line
as it was, text unchanged. Levels: 1 the file is already open; 2 open it from 4 files;
3 from 12 files (the list scrolls), a longer file, and a line already bold that must stay so.

As in gedit or Notepad, the title names the open file and marks unsaved edits with " *"; a save
drops the mark, and that is all it shows (no "Saved" message).
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.controls import ListBox
from cuakit.envs.desksim.desk import Desk, SavedFile, Window
from cuakit.envs.desksim.editor import Editor
from cuakit.envs.desksim.popups import MenuBar
from cuakit.envs.desksim.tasks.base import Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button
from cuakit.episodes.splits import Split

STEMS = (
    "notes",
    "todo",
    "draft",
    "report",
    "ideas",
    "minutes",
    "letter",
    "plan",
    "recipe",
    "poem",
    "summary",
    "agenda",
    "journal",
    "memo",
    "outline",
    "story",
)
SUBJECTS = (
    "The team",
    "Our budget",
    "This plan",
    "The client",
    "A new idea",
    "The meeting",
    "Next week",
    "The draft",
    "Every test",
    "The release",
)
PHRASINGS = Phrasings(
    shared=(
        "Open {f}, make line {n} bold and save it",
        "In the editor, open {f}, bold line {n}, then save",
        "Make the {o} line of {f} bold and save the file",
        "Set line {n} of {f} in bold type and save",
    ),
    val=(
        "Bold the {o} line in {f}, then save",
        "Open {f}, turn line {n} bold and save the file",
    ),
)
VERBS = (
    "needs review",
    "is ready",
    "looks good",
    "moves to Friday",
    "starts at noon",
    "was approved",
    "needs more data",
    "is on hold",
    "ships soon",
    "covers three topics",
)


class EditorBold(Task):
    family = "editor-bold"
    summary = (
        "Open a file in the editor, make line N bold, save (1: file already open; 3: 12 files)"
    )
    max_steps = 14

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        count = {1: 3, 2: 4, 3: 12}[difficulty]
        target = pick(rng, self.slot_values(STEMS), 1)[0]
        stems = pick(rng, [stem for stem in STEMS if stem != target], count - 1)
        stems.insert(int(rng.integers(count)), target)
        self.names = [f"{stem}.txt" for stem in stems]
        for name in self.names:
            length = int(rng.integers(3, 5 if difficulty < 3 else 7))
            subjects, verbs = (
                rng.integers(len(SUBJECTS), size=length),
                rng.integers(len(VERBS), size=length),
            )
            lines = tuple(
                f"{SUBJECTS[s]} {VERBS[v]}." for s, v in zip(subjects, verbs, strict=True)
            )
            desk.files[name] = SavedFile(lines)
        self.target = f"{target}.txt"
        original = desk.files[self.target]
        self.line = int(rng.integers(len(original.lines)))
        if difficulty == 3:  # a line that is already bold and must stay bold
            other = (self.line + 1 + int(rng.integers(len(original.lines) - 1))) % len(
                original.lines
            )
            desk.files[self.target] = original = SavedFile(original.lines, frozenset({other}))
        self.original = original
        self.wanted = original.bold | {self.line}
        self.use_keys = bool(rng.random() < 0.5)  # expert style: shortcuts or mouse

        theme = desk.theme
        lh = theme.line_height
        width, height = min(360, theme.width - 8), min(9 * lh + 30, theme.height - lh - 8)
        self.app = self.window(
            "Editor",
            width,
            height,
            closable=False,
            shortcuts={"ctrl+o": self.show_open_dialog, "ctrl+s": self.save},
        )
        self.menu = self.app.add(
            MenuBar(
                (0, 0, width, lh),
                [("File", ["New", "Open...", "Save", "Close"]), ("Format", ["Bold", "Italic"])],
                on_select=self.on_menu,
            )
        )
        # toolbar (tool) buttons take no keyboard focus and draw no focus ring
        self.bold_button = self.app.add(
            Button((4, lh + 3, 26, lh), "B", self.bold, takes_focus=False)
        )
        self.save_button = self.app.add(
            Button((34, lh + 3, 46, lh), "Save", self.save, takes_focus=False)
        )
        self.editor: Editor = self.app.add(Editor((4, 2 * lh + 7, width - 8, height - 2 * lh - 11)))
        self.editor.on_change = self.show_unsaved
        self.dialog: Window | None = None
        self.file_list: ListBox | None = None
        self.opened: str | None = None
        if difficulty == 1:
            self.load(self.target)
        ordinal = ("first", "second", "third", "fourth", "fifth", "sixth")[self.line]
        self.instruction = self.say(PHRASINGS, f=self.target, n=self.line + 1, o=ordinal)

    def params(self) -> dict[str, Any]:
        return {"file": self.target, "line": self.line + 1}

    # ---- app behaviour -----------------------------------------------------------------
    def load(self, name: str) -> None:
        saved = self.desk.files[name]
        self.editor.load(list(saved.lines), set(saved.bold))
        self.opened = name
        self.app.title = f"Editor - {name}"  # " *" is appended while there are unsaved edits
        self.desk.emit("load", text=name)

    def show_unsaved(self, desk: Desk) -> None:
        if self.opened is not None:
            self.app.title = f"Editor - {self.opened} *"

    def show_open_dialog(self, desk: Desk) -> None:
        if self.dialog is not None:
            return
        lh = desk.theme.line_height
        self.dialog = self.centered_window(
            "Open File", 220, 7 * lh + 16, modal=True, on_close=self.forget_dialog
        )
        rows = min(len(self.names), 5)
        self.file_list = self.dialog.add(
            ListBox((8, 6, 204, rows * lh + 2), sorted(self.names), on_open=self.open_selected)
        )
        self.dialog.add(Button((96, 6 * lh + 4, 56, lh + 2), "Open", on_press=self.open_selected))
        self.dialog.add(
            Button(
                (156, 6 * lh + 4, 56, lh + 2),
                "Cancel",
                on_press=lambda d: d.close_window(self.dialog),
            )
        )

    def forget_dialog(self, desk: Desk) -> None:
        self.dialog, self.file_list = None, None

    def open_selected(self, desk: Desk) -> None:
        if self.file_list is None or self.file_list.selected is None:
            return
        name = self.file_list.items[self.file_list.selected]
        desk.close_window(self.dialog)
        self.load(name)

    def on_menu(self, desk: Desk, title: str, item: str) -> None:
        if item == "Open...":
            self.show_open_dialog(desk)
        elif item == "Save":
            self.save(desk)
        elif item == "Bold":
            self.bold(desk)

    def bold(self, desk: Desk) -> None:
        self.editor.toggle_bold(desk)

    def save(self, desk: Desk) -> None:
        if self.opened is None:
            return
        desk.files[self.opened] = SavedFile(tuple(self.editor.lines), frozenset(self.editor.bold))
        self.editor.modified = False
        self.app.title = f"Editor - {self.opened}"
        desk.emit("save", text=self.opened)

    # ---- judging and the expert --------------------------------------------------------
    def outcome(self) -> Outcome:
        saved = self.desk.files[self.target]
        success = saved.lines == self.original.lines and saved.bold == self.wanted
        steps = [
            self.opened == self.target,
            self.editor.selection == (self.line, self.line) or self.editor.bold == self.wanted,
            self.opened == self.target and self.editor.bold == self.wanted,
            success,
        ]
        return Outcome(success=success, progress=sum(steps) / len(steps))

    def expert_action(self) -> Action:
        desk, theme = self.desk, self.desk.theme
        if desk.popups:  # a menu opened by accident: close it
            popup = desk.popups[0]
            if self.opened != self.target and "Open..." in popup.options:
                return self.click(popup.row_rect(popup.options.index("Open..."), theme))
            return Action.key("escape")
        if self.dialog is not None and self.file_list is not None:
            index = self.file_list.items.index(self.target)
            row = self.file_list.row_rect(index, theme)
            if row is None:
                x, y = self.point(self.file_list.bbox)
                rows = index - self.file_list.offset - self.file_list.visible_rows(theme) // 2
                return Action.scroll("down" if rows > 0 else "up", max(1, abs(rows)), x, y)
            return Action.double_click(*self.point(row), reasoning=f"open {self.target}")
        if desk.top_modal() is not None:
            return Action.key("escape")
        if self.opened != self.target:
            if self.use_keys:
                return Action.key("ctrl+o")
            return self.click(self.menu.title_rects(desk)[0], reasoning="the File menu")
        if self.editor.bold != self.wanted:
            if self.editor.selection == (self.line, self.line):
                return Action.key("ctrl+b") if self.use_keys else self.click(self.bold_button)
            gutter = self.editor.gutter_rect(self.line, theme)
            return self.click(gutter, reasoning=f"line {self.line + 1}'s number selects it")
        return Action.key("ctrl+s") if self.use_keys else self.click(self.save_button)

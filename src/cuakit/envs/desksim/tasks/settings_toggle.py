"""settings-toggle: open Settings from a gear icon, flip one named switch, apply.

The gear sits in an app window's toolbar or in a top panel. Pressing it opens a modal
"Settings" dialog of switches in random states. As in real preference dialogs, changes only
count once the commit button (OK / Apply / Save) is pressed, which closes the dialog (as the
affirmative button of a Cancel / Apply dialog does in GNOME or macOS); Cancel, Escape and the
close box close it too but discard the changes, and the next opening shows the applied states
again. A video shows the switch flipped and the dialog leaving through its commit button.
Committing with the target in the wrong state, or with any other switch changed, ends the
episode as a failure.

Levels: 3, 5 or 7 switches; level 2 adds toolbar buttons and a "?" icon beside the gear;
level 3 also splits the switches over two tabs (General / Privacy) and the target may sit on
either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.controls import Checkbox
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.render import Rect
from cuakit.envs.desksim.tasks.base import NAMES, WORDS, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, GearButton, Label
from cuakit.episodes.splits import Split

# fmt: off
GENERAL = ("Auto-save", "Spell check", "Dark mode", "Notifications", "Sound effects",
           "Start at login", "Show toolbar", "Auto-update", "Word wrap", "Line numbers",
           "Animations", "Tooltips", "Compact view", "Sync files")
PRIVACY = ("Location access", "Usage statistics", "Crash reports", "Cookies", "Camera access",
           "Microphone access", "Read receipts", "Ad tracking", "Search history", "Online status")
# fmt: on
APPS = ("Notes", "Mail", "Photos", "Music", "Calendar", "Reader", "Chat", "Maps", "Tasks")
COMMIT_LABELS = ("OK", "Apply", "Save")
PHRASES = Phrasings(
    shared=(
        "Open Settings and turn {state} '{name}'",
        "{verb} {name} in the settings and apply the change",
        "Use the gear icon to switch {name} {state}, then confirm",
        "In Settings, set '{name}' to {state} and click {commit}",
    ),
    val=(
        "Go to Settings, switch {name} {state} and press {commit}",
        "Find '{name}' in Settings and turn it {state}",
    ),
)


class SettingsToggle(Task):
    family = "settings-toggle"
    summary = (
        "Turn one switch on/off in a gear-opened Settings dialog and apply it "
        "(3, 5 or 7 switches; level 2 adds toolbar decoys, level 3 General/Privacy tabs)"
    )
    max_steps = 10

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        self.target = pick(rng, self.slot_values(GENERAL) + self.slot_values(PRIVACY), 1)[0]
        if difficulty == 3:
            first = int(rng.integers(3, 5))  # 3 or 4 switches on the General tab
            self.tabs = {
                "General": self._with_target(GENERAL, first),
                "Privacy": self._with_target(PRIVACY, 7 - first),
            }
        else:
            self.tabs = {"": self._with_target(GENERAL + PRIVACY, {1: 3, 2: 5}[difficulty])}
        names = [name for group in self.tabs.values() for name in group]
        self.initial = {name: bool(rng.random() < 0.5) for name in names}
        self.applied = dict(self.initial)
        self.goal = {**self.initial, self.target: not self.initial[self.target]}
        self.commit_label = pick(rng, self.slot_values(COMMIT_LABELS), 1)[0]
        self.committed = False
        self.dialog: Window | None = None
        self.switches: dict[str, Checkbox] = {}
        self.tab_buttons: dict[str, Button] = {}
        self.commit: Button | None = None
        self.app = APPS[int(rng.integers(len(APPS)))]
        self.panel = bool(rng.random() < 0.3)
        self.gear = self._build_panel() if self.panel else self._build_app()
        state = "on" if self.goal[self.target] else "off"
        self.instruction = self.say(
            PHRASES,
            state=state,
            name=self.target,
            commit=self.commit_label,
            verb="Enable" if state == "on" else "Disable",
        )
        tab = self.tab_of(self.target)
        if tab and rng.random() < 0.5:
            self.instruction += self.sentence(" (it is under {})", tab)

    # ---- building ----------------------------------------------------------------------
    def _with_target(self, names: tuple[str, ...], count: int) -> list[str]:
        """``count`` of ``names`` in random order, the target among them when it is one."""
        if self.target not in names:
            return pick(self.rng, names, count)
        chosen = pick(self.rng, [name for name in names if name != self.target], count - 1)
        chosen.insert(int(self.rng.integers(count)), self.target)
        return chosen

    def _content(self, window: Window, top: int, width: int) -> None:
        lines = [
            f"Welcome back, {NAMES[int(self.rng.integers(len(NAMES)))]}",
            f"{int(self.rng.integers(2, 40))} new items",
            "Last synced a minute ago",
        ]
        for i, line in enumerate(lines):
            window.add(Label((8, top + 22 * i, width - 16, 18), line, muted=i > 0))

    def _decoys(self, window: Window, right: int, y: int) -> None:
        """Level 2+: a "?" icon right beside the gear, so the gear must be told apart."""
        if self.difficulty >= 2:
            window.add(Button((right - 28, y, 24, 24), "?", takes_focus=False))

    def _build_app(self) -> GearButton:
        width, height = int(self.rng.integers(270, 330)), 110
        window = self.window(self.app, width, height, closable=False)
        if self.difficulty >= 2:  # ordinary toolbar buttons (tool buttons: no focus) as decoys
            labels = pick(self.rng, [w for w in WORDS if w not in ("Apply", "Save")], 3)
            for i, label in enumerate(labels):
                window.add(Button((8 + 64 * i, 6, 58, 24), label, takes_focus=False))
        gear = window.add(GearButton((width - 30, 6, 24, 24), "Settings", on_press=self.open))
        self._decoys(window, width - 30, 6)
        self._content(window, 40, width)
        return gear

    def _build_panel(self) -> GearButton:
        theme = self.desk.theme
        panel = self.desk.add_window(Window("Panel", (0, 0, theme.width, 26), panel=True))
        panel.add(Label((8, 3, 120, 20), self.app, bold=True))
        clock = f"{int(self.rng.integers(7, 20))}:{int(self.rng.integers(60)):02d}"
        panel.add(Label((theme.width - 106, 3, 44, 20), clock))
        gear = panel.add(GearButton((theme.width - 30, 1, 24, 24), "Settings", on_press=self.open))
        self._decoys(panel, theme.width - 30, 1)
        # the app itself, kept clear of the panel so it never hides the gear
        width, full_height = int(self.rng.integers(220, 300)), 72 + 2 * theme.line_height
        x = int(self.rng.integers(2, theme.width - width - 2))
        y = int(self.rng.integers(30, theme.height - full_height - 2))
        window = self.desk.add_window(Window(self.app, (x, y, width, full_height), closable=False))
        self._content(window, 8, width)
        return gear

    def tab_of(self, name: str) -> str:
        return next(tab for tab, names in self.tabs.items() if name in names)

    def open(self, desk: Desk) -> None:
        """The gear: a fresh dialog showing the applied states (pending edits were discarded)."""
        if self.dialog is not None and self.dialog in desk.windows:
            return
        theme = desk.theme
        row, tabbed = theme.line_height + 6, len(self.tabs) > 1
        top = 8 + (theme.line_height + 12 if tabbed else 0)
        rows = max(len(names) for names in self.tabs.values())
        width, height = 240, top + rows * row + theme.line_height + 22
        dialog = self.centered_window("Settings", width, height, modal=True, on_close=self._closed)
        self.dialog, self.switches, size = dialog, {}, (74, theme.line_height + 4)
        for i, tab in enumerate(self.tabs if tabbed else ()):
            button = Button((8 + 80 * i, 8, *size), tab, self._switch_tab(tab), takes_focus=False)
            self.tab_buttons[tab] = dialog.add(button)
        for names in self.tabs.values():
            for i, name in enumerate(names):
                rect = (10, top + i * row, width - 20, row - 4)
                self.switches[name] = Checkbox(rect, name, self.applied[name], switch=True)
        y = height - theme.line_height - 12
        dialog.add(Button((width - 164, y, *size), "Cancel", on_press=self._cancel))
        button = Button((width - 84, y, *size), self.commit_label, self._commit, primary=True)
        self.commit = dialog.add(button)
        self._show(next(iter(self.tabs)))

    def _show(self, tab: str) -> None:
        assert self.dialog is not None
        self.dialog.widgets = [w for w in self.dialog.widgets if not isinstance(w, Checkbox)]
        for name in self.tabs[tab]:
            self.dialog.add(self.switches[name])
        for other, button in self.tab_buttons.items():
            button.primary = other == tab  # the active tab is highlighted

    def _switch_tab(self, tab: str) -> Callable[[Desk], None]:
        return lambda desk: self._show(tab)

    def _cancel(self, desk: Desk) -> None:
        if self.dialog is not None:
            desk.close_window(self.dialog)

    def _commit(self, desk: Desk) -> None:
        self.applied = {n: box.checked for n, box in self.switches.items()}
        self.committed = True
        if self.dialog is not None:
            desk.close_window(self.dialog)

    def _closed(self, desk: Desk) -> None:
        self.dialog, self.switches, self.tab_buttons = None, {}, {}

    # ---- judging and the expert --------------------------------------------------------
    def params(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "state": self.goal[self.target],
            "panel": self.panel,
            "tabs": list(self.tabs) if len(self.tabs) > 1 else [],
            "commit": self.commit_label,
        }

    def outcome(self) -> Outcome:
        if self.committed:
            success = self.applied == self.goal
            return Outcome(success=success, progress=1.0 if success else 1 / 3, done=True)
        if self.dialog is None:
            return Outcome(success=False)
        pending = {name: box.checked for name, box in self.switches.items()}
        return Outcome(success=False, progress=2 / 3 if pending == self.goal else 1 / 3)

    def _switch_rect(self, box: Checkbox) -> Rect:
        x, y, _, h = box.bbox
        side = self.desk.theme.font_size
        return x + 2, y + (h - side) // 2, 2 * side, side

    def expert_action(self) -> Action:
        if self.dialog is None or self.dialog not in self.desk.windows:
            return self.click(self.gear, "the gear icon opens Settings")
        wrong = [name for name, box in self.switches.items() if box.checked != self.goal[name]]
        shown = [name for name in wrong if self.switches[name] in self.dialog.widgets]
        if shown:
            goal = "on" if self.goal[shown[0]] else "off"
            return self.click(self._switch_rect(self.switches[shown[0]]), f"turn {shown[0]} {goal}")
        if wrong:
            tab = self.tab_of(wrong[0])
            return self.click(self.tab_buttons[tab], f"{wrong[0]} is on the {tab} tab")
        assert self.commit is not None
        return self.click(self.commit, f"apply the change with {self.commit_label}")

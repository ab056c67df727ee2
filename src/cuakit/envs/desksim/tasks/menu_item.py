"""menu-item: choose one item from an app's menu bar ("Choose View > Zoom In").

An app window (`cuakit.envs.desksim.textapp.TextApp`) has a ``MenuBar`` with realistic menus
(File, Edit, View …) over a document and a status bar. Success is the named menu path chosen
in that app; choosing any other menu item ends the episode as a failure. The expert raises the
app when another window covers its menu bar and closes a wrong menu that is open.

A chosen command shows only by what it does, as in a real editor: "Save As..." opens a "Save
As" dialog, Save drops the title's unsaved mark, Zoom In enlarges the text and the status
bar's percentage, Select All highlights the text … Edit > Copy changes nothing on screen, in a
real app too, so it is never the target. The target path, the app named at level 3 and the
phrasing come from the split's values.

Levels: 3 menus of 4 items, then 4 menus of 5-6, then 5 menus of 5-7; level 3 also adds a
second app window with its own menu bar (the instruction names the app) and half the time
describes the item by its effect ("make the content bigger") instead of its path.
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.popups import MenuBar
from cuakit.envs.desksim.tasks.base import CITIES, NAMES, Phrasings, Task, pick
from cuakit.envs.desksim.textapp import INVISIBLE, MENUS, TextApp
from cuakit.envs.desksim.widgets import Label
from cuakit.episodes.splits import Split

PATHS = tuple(
    f"{title} > {item}" for title, items in MENUS.items() for item in items
    if f"{title} > {item}" not in INVISIBLE
)  # fmt: skip
"""every menu path an instruction may name"""
EFFECTS = {  # each phrase fits exactly one item
    "File > New": "start a new, empty document",
    "File > Save As...": "save a copy under a new name",
    "File > Print...": "print the document",
    "Edit > Undo": "undo the last change",
    "Edit > Select All": "select everything in the document",
    "Edit > Find...": "search for a word in the document",
    "View > Zoom In": "make the content look bigger",
    "View > Zoom Out": "make the content look smaller",
    "View > Full Screen": "make the window fill the whole screen",
    "Tools > Spelling": "check the spelling",
    "Tools > Word Count": "find out how many words the document has",
    "Help > Check for Updates": "look for a newer version of the app",
    "Help > About": "see which version of the app this is",
}
APPS = ("Notes", "Writer", "Sketch", "Reader", "Mail", "Sheets", "Slides", "Journal")
PHRASES = Phrasings(
    shared=(
        "Choose {path} from the menu",
        "Use the menu bar to select {path}",
        "Click {menu}, then {item}",
        "Open the {menu} menu and choose '{item}'",
    ),
    val=(
        "In the {menu} menu, click {item}",
        "Go to {path}",
    ),
)
EFFECT_PHRASES = Phrasings(
    shared=(
        "Use the menus to {}",
        "Through the menu bar, {}",
        "From the menus, {}",
        "Go through the app's menus to {}",
    ),
    val=(
        "Via the menus, {}",
        "Using only the menu bar, {}",
    ),
)
DOCUMENTS = ("letter.txt", "reply.txt", "draft.txt", "note.txt")
ZOOMS = (80, 120, 130, 140)  # Zoom In, Zoom Out and Actual Size (100%) each give another


class MenuItem(Task):
    family = "menu-item"
    summary = (
        "Choose a named item from an app's menu bar (3/4/5 menus of 4-7 items; level 3 adds "
        "a second app with its own menus and effect-worded instructions)"
    )
    max_steps = 8

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        self.app = pick(rng, self.slot_values(APPS), 1)[0]
        titles = self._titles()
        paths = [path for path in self.slot_values(PATHS) if path.split(" > ")[0] in titles]
        by_effect = difficulty == 3 and rng.random() < 0.5
        if by_effect:
            paths = [path for path in paths if path in EFFECTS] or paths
        self.path = pick(rng, paths, 1)[0]
        self.menu, self.item = self.path.split(" > ")
        self.text_app = self._app(self.app, titles, decoy=False)
        self.bar = self.text_app.bar
        self.decoy: MenuBar | None = None
        if difficulty == 3:
            other = pick(rng, [app for app in APPS if app != self.app], 1)[0]
            self.decoy = self._app(other, self._titles(), decoy=True).bar
            if rng.random() < 0.5:  # either app may be on top
                self.desk.windows.reverse()
        self.items = next(items for title, items in self.bar.menus if title == self.menu)
        if by_effect and self.path in EFFECTS:
            self.instruction = self.say(EFFECT_PHRASES, EFFECTS[self.path])
        else:
            self.instruction = self.say(PHRASES, path=self.path, menu=self.menu, item=self.item)
        if self.decoy is not None:
            lowered = self.instruction[0].lower() + self.instruction[1:]
            self.instruction = self.sentence("In {}: {}", self.app, lowered)

    def _titles(self) -> list[str]:
        """The menus of an app at this level: File, Edit, View, then Tools and/or Help."""
        titles = list(MENUS)[:3]
        if self.difficulty == 2:
            titles.append(("Tools", "Help")[int(self.rng.integers(2))])
        elif self.difficulty == 3:
            titles += ["Tools", "Help"]
        return titles

    def _app(self, title: str, titles: list[str], decoy: bool) -> TextApp:
        """An app window: a menu bar of a few items per menu (the target's among them, in the
        target app), a letter with its long middle line, a status bar."""
        rng, theme = self.rng, self.desk.theme
        low, high = {1: (4, 4), 2: (5, 6), 3: (5, 7)}[self.difficulty]
        menus = []
        for name in titles:
            items = MENUS[name]
            k = min(len(items), int(rng.integers(low, high + 1)))
            keep = {int(i) for i in rng.choice(len(items), k, replace=False)}
            if not decoy and name == self.menu and items.index(self.item) not in keep:
                keep.remove(max(keep))  # any other item makes way for the target
                keep.add(items.index(self.item))
            menus.append((name, [items[i] for i in sorted(keep)]))  # in their usual order
        needed = sum(self.desk.painter.text_width(t, theme.font_size) + 14 for t in titles)
        width = max(needed + 20, int(rng.integers(200, 250) if decoy else rng.integers(230, 290)))
        # the decoy is shorter, so it never hides the whole app
        height = 100 if decoy else 130
        window = self.window(title, width, height, closable=False)
        name, city = NAMES[int(rng.integers(len(NAMES)))], CITIES[int(rng.integers(len(CITIES)))]
        lines = [
            f"Dear {name},",
            f"Thanks for the notes from {city}; they helped the whole team this week.",
            "See you next week.",
        ]
        document = DOCUMENTS[int(rng.integers(len(DOCUMENTS)))]
        zoom = ZOOMS[int(rng.integers(len(ZOOMS)))]
        return TextApp(self.desk, window, menus, document, lines, zoom)

    def params(self) -> dict[str, Any]:
        return {"app": self.app, "path": self.path, "decoy": self.decoy is not None}

    def outcome(self) -> Outcome:
        chosen = [e for e in self.desk.events if e.kind == "menu"]
        right = [e.widget is self.bar and e.text == self.path for e in chosen]
        success = any(right) and all(right)
        popups = self.desk.popups
        opened = bool(popups) and popups[0].owner is self.bar and popups[0].options is self.items
        progress = 1.0 if success else 0.5 if opened else 0.0
        return Outcome(success=success, progress=progress, done=not all(right))

    def _title_rect(self) -> tuple[int, int, int, int]:
        titles = [title for title, _ in self.bar.menus]
        return self.bar.title_rects(self.desk)[titles.index(self.menu)]

    def _visible_spot(self, window: Window) -> tuple[int, int, int, int] | None:
        """A bit of ``window`` that a click reaches and that holds no control (raises it)."""
        x, y, w, h = window.rect
        for py in range(y + 3, y + h, 6):
            for px in range(x + 4, x + w - 4, 6):
                hit = self.desk.widget_at(px, py)
                if self.desk.window_at(px, py) is window and (
                    hit is None or isinstance(hit, Label)
                ):
                    return px - 2, py - 2, 4, 4
        return None

    def expert_action(self) -> Action:
        popups = self.desk.popups
        if popups:
            popup = popups[0]
            if popup.owner is self.bar and popup.options is self.items:
                row = popup.row_rect(self.items.index(self.item), self.desk.theme)
                return self.click(row, f"choose {self.item}")
            return Action.key("escape", reasoning="close the wrong menu")
        title = self._title_rect()
        if self.desk.widget_at(*self._centre(title)) is self.bar:
            return self.click(title, f"open the {self.menu} menu of {self.app}")
        window = self.bar.window
        assert window is not None
        spot = self._visible_spot(window)
        if spot is None:  # cannot happen: the decoy is shorter than the app
            return self.click(title)
        return self.click(spot, f"bring {self.app} to the front")

    @staticmethod
    def _centre(rect: tuple[int, int, int, int]) -> tuple[float, float]:
        return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2

"""autocomplete: type a few letters into a search box and pick the target from its suggestions.

Typing into the box opens a popup under it listing up to six suggestions that start with
(levels 2–3: or contain) the typed text; clicking one fills the box, closes the popup and
records the pick. As a real search does, a pick runs the search: the line above the boxes
changes from "Type to see suggestions" to the results ("12 hotels found", "Partly cloudy,
21°C"; with two boxes once both are picked), never naming the pick, so a name typed in full
but not picked still looks different on screen. The expert clicks the box, types a 2–4 letter
prefix (longer when the target would not be listed yet) and clicks the target's row. Success:
the target picked; picking anything else or closing the window ends the episode as a failure.
Levels: 1 a pool of 8 names, prefix matching; 2 the full pool with several names sharing the
target's first letter; 3 two boxes (From, To), both to be picked from a larger pool where
names share their first three letters. The targets come from the split's values; the
suggestions from the whole pool, as an app's list of places does not change with what is asked.
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.locale import translate
from cuakit.envs.desksim.popups import PopupList, popup_rect
from cuakit.envs.desksim.tasks.base import CITIES, FRUITS, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Label, TextField
from cuakit.episodes.splits import Split

# look-alikes that need a third or fourth letter to tell apart
# fmt: off
MORE_CITIES = ("Lille", "Linz", "Lincoln", "Liverpool", "Livorno", "Lisburn", "Manchester",
               "Mannheim", "Marseille", "Malaga", "Porto Alegre", "Portland", "Portsmouth",
               "Santiago", "San Diego", "Santander", "Salzburg", "Salvador", "Canberra", "Cannes",
               "Cancun", "Bergamo", "Bremen", "Bristol", "Brisbane")
# fmt: on
SHOWN = 6  # suggestions listed at most
PHRASINGS = Phrasings(
    shared=(
        "Search for '{}' and pick it from the suggestions",
        "Type the first letters of {} and choose it from the list",
        "Find {} using the search box's suggestions",
        "Select '{}' from the autocomplete suggestions",
    ),
    val=(
        "Start typing {} and take the matching suggestion",
        "Enter {} via the suggestion list",
    ),
)
PHRASINGS_TWO = Phrasings(
    shared=(
        "Set From to '{}' and To to '{}' using the suggestions",
        "Plan a trip from {} to {}: pick both cities from the suggestions",
        "Pick {} as From and {} as To from the suggestions",
        "Use the suggestions to fill in From ({}) and To ({})",
    ),
    val=(
        "Choose {} for From and {} for To from the suggestions",
        "Fill From with {} and To with {} by picking suggestions",
    ),
)
RESULTS = {  # (app, boxes): what the app shows once the search runs; {n} a count, {t} degrees
    ("Grocery", 1): "{n} products found",
    ("Shop search", 1): "{n} products found",
    ("Travel", 1): "{n} hotels found",
    ("Weather", 1): "Partly cloudy, {t}°C",
    ("Trip planner", 1): "{n} things to do",
    ("Travel", 2): "{n} flights found",
    ("Trip planner", 2): "{n} routes found",
}


class Autocomplete(Task):
    family = "autocomplete"
    summary = "Pick a name from a search box's suggestions (8 names; full pool; 3: two boxes)"
    max_steps = 14

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        fruit = difficulty < 3 and rng.random() < 0.3
        full = list(FRUITS if fruit else CITIES + MORE_CITIES if difficulty == 3 else CITIES)
        named = self.slot_values(FRUITS) if fruit else self.slot_values(CITIES)
        if difficulty == 3:
            named += self.slot_values(MORE_CITIES)
        self.contains = difficulty > 1  # also list names that merely contain the text
        count = 2 if difficulty == 3 else 1
        if difficulty == 1:
            self.targets = pick(rng, named, 1)
            self.pool = self.targets + pick(rng, [n for n in full if n != self.targets[0]], 7)
        else:
            width = 1 if difficulty == 2 else 3  # letters the target shares with other names
            crowded = [n for n in named if sum(m[:width] == n[:width] for m in full) >= 2]
            self.targets, self.pool = pick(rng, crowded, count), full
        theme = desk.theme
        lh = theme.line_height
        width = int(rng.integers(230, 290))
        title = ("Grocery", "Shop search") if fruit else ("Travel", "Weather", "Trip planner")
        if count == 2:
            title = ("Travel", "Trip planner")
        labels = ["Product:" if fruit else ("City:", "Destination:")[int(rng.integers(2))]]
        if count == 2:
            labels = ["From:", "To:"]
        app = title[int(rng.integers(len(title)))]
        self.results = RESULTS[app, count].format(
            n=int(rng.integers(3, 60)), t=int(rng.integers(5, 32))
        )
        self.win: Window = self.window(app, width, count * (lh + 14) + lh + 16)
        self.hint = self.win.add(
            Label((8, 4, width - 16, lh), "Type to see suggestions", muted=True)
        )
        self.fields: list[TextField] = []
        for i, label in enumerate(labels):
            y = lh + 8 + i * (lh + 14)
            self.win.add(Label((8, y + 3, 90, lh), label))
            field = TextField((100, y, width - 108, lh + 6), "Search..." if count == 1 else "City")
            field.on_change = lambda desk, f=field: self.suggest(desk, f)
            self.fields.append(self.win.add(field))
        # the expert types 2–4 letters (3–4 for two boxes), more until the target is listed
        self.prefixes = []
        for target in self.targets:
            k = int(rng.integers(2 if count == 1 else 3, 5))
            while target not in self.suggestions(target[:k]):
                k += 1
            self.prefixes.append(target[:k])
        self.picks: list[tuple[int, str]] = []
        self.instruction = self.say(PHRASINGS_TWO if count == 2 else PHRASINGS, *self.targets)

    def suggestions(self, text: str) -> list[str]:
        """The names listed for ``text``: those that start with it, then (levels 2-3) those
        that contain it. A name is matched as it is shown too: in Chinese, 苹 lists Apple."""
        text = text.lower()
        if not text.strip():
            return []
        forms = {n: {n.lower(), translate(n, self.locale).lower()} for n in self.pool}
        starts = sorted(n for n in self.pool if any(f.startswith(text) for f in forms[n]))
        inside = sorted(
            n for n in self.pool if self.contains and any(text in f[1:] for f in forms[n])
        )
        return (starts + [n for n in inside if n not in starts])[:SHOWN]

    def suggest(self, desk: Desk, field: TextField) -> None:
        options = self.suggestions(field.value)
        if not options:
            desk.close_popups()
            return
        rect = popup_rect(desk, field.bbox, options, field.bbox[2])

        def choose(desk: Desk, index: int) -> None:
            field.value, field.all_selected = options[index], False
            self.picks.append((self.fields.index(field), options[index]))
            desk.emit("pick", widget=field, text=options[index])
            self.show_results()

        desk.open_popup(PopupList(rect, options, choose, owner=field))

    def show_results(self) -> None:
        """The app runs the search once every box holds a pick and shows its results above
        the boxes, without naming the pick: a name typed in full but never picked leaves the
        hint as it was."""
        if {field for field, _ in self.picks} == set(range(len(self.fields))):
            self.hint.text, self.hint.muted = self.results, False

    def params(self) -> dict[str, Any]:
        return {"targets": list(self.targets), "pool": len(self.pool)}

    def correct(self, i: int) -> bool:
        picked = [text for field, text in self.picks if field == i]
        return bool(picked) and picked[-1] == self.targets[i] and self.fields[i].value == picked[-1]

    def outcome(self) -> Outcome:
        wrong = any(text != self.targets[i] for i, text in self.picks)
        done = [self.correct(i) for i in range(len(self.targets))]
        started = [
            bool(f.value) and t.lower().startswith(f.value.lower())
            for f, t in zip(self.fields, self.targets, strict=True)
        ]
        progress = sum(1.0 if d else 0.5 * s for d, s in zip(done, started, strict=True))
        success = all(done) and not wrong
        closed = self.win not in self.desk.windows
        return Outcome(success=success, progress=progress / len(done), done=wrong or closed)

    def expert_action(self) -> Action:
        desk = self.desk
        if self.win not in desk.windows:
            return Action.fail(reasoning="the search window was closed")
        i = next((i for i in range(len(self.targets)) if not self.correct(i)), None)
        if i is None:
            return Action.finish()
        field, target, want = self.fields[i], self.targets[i], self.prefixes[i]
        popup = desk.popups[0] if desk.popups else None
        if popup is not None:
            if popup.owner is field and target in popup.options:
                row = popup.row_rect(popup.options.index(target), desk.theme)
                return self.click(row, reasoning=f"the suggestion {target}")
            if popup.owner is not field:
                return Action.key("escape", reasoning="close the other box's suggestions")
        if desk.focus is not field:
            return self.click(field, reasoning="the search box")
        value = field.value
        if len(value) < len(want) and want.lower().startswith(value.lower()):
            return Action.type_text(want[len(value) :], reasoning=f"the first letters of {target}")
        if field.all_selected:
            return Action.type_text(want, reasoning=f"retype the first letters of {target}")
        return Action.key("ctrl+a", reasoning="select the text to replace it")

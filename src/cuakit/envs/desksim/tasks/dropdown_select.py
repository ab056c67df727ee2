"""dropdown-select: set one or more drop-downs to given options, then confirm.

A window holds labelled drop-downs (Country, Language, Size …) and a confirm button (OK, Save
or Apply). The expert opens a drop-down, clicks the option's row in the popup and finally the
confirm button. Success is the confirm button pressed while every drop-down shows its target;
confirming other values, pressing Cancel or closing the window ends the episode as a failure.
A confirmation replaces the window with a generic page ("Your changes have been saved."), as a
web settings or checkout page does, which does not repeat the choices. The drop-down names are
the form's schema, like form-fill's field names; the options they are set to are held out.

Levels: 1 drop-down with 4 options, nothing chosen; 2 drop-downs with 6 options, some showing a
wrong choice, plus Cancel; 3 drop-downs with 8 options each (the popup may open upwards).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.desk import Desk
from cuakit.envs.desksim.popups import Dropdown
from cuakit.envs.desksim.tasks.base import CONFIRMATIONS, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, Label
from cuakit.episodes.splits import Split

CHOICES: dict[str, tuple[str, ...]] = {
    "Country": ("Peru", "Chile", "Kenya", "Japan", "Norway", "Canada", "Brazil", "Spain", "Egypt"),
    "Language": ("English", "Spanish", "French", "German", "Hindi", "Arabic", "Korean", "Dutch"),
    "Size": ("XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL"),
    "Colour": ("Red", "Green", "Blue", "Black", "White", "Yellow", "Purple", "Orange", "Grey"),
    "Currency": ("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "INR", "BRL", "SEK"),
    "Time zone": ("UTC", "CET", "EST", "PST", "JST", "IST", "AEST", "BRT", "MSK"),
    "Shipping": ("Standard", "Express", "Overnight", "Pickup", "Economy", "Cargo", "Drone", "Mail"),
}
TITLES = ("Preferences", "Settings", "Order options", "Account", "Checkout")
CONFIRM_LABELS = ("OK", "Save", "Apply")
PHRASINGS = Phrasings(  # (sentence, how one drop-down's target is said)
    shared=(
        ("Set {} and press {}", "{name} to {value}"),
        ("Change {}, then click {}", "{name} to {value}"),
        ("Choose {}, then hit {}", "{value} as the {name}"),
        ("Make sure {}, then press {}", "{name} is {value}"),
    ),
    val=(
        ("Pick {}, then press {}", "{value} for {name}"),
        ("Select {} and click {}", "{name}: {value}"),
    ),
)


class DropdownSelect(Task):
    family = "dropdown-select"
    summary = "Set drop-downs to given options and confirm (1 with 4 options, 2 with 6 or 3 "
    "with 8; higher levels start with wrong choices and add Cancel)"
    max_steps = 16

    def __init__(
        self, desk: Desk, rng: np.random.Generator, difficulty: int, side: Split = "train"
    ) -> None:
        super().__init__(desk, rng, difficulty, side)
        count, size = {1: (1, 4), 2: (2, 6), 3: (3, 8)}[difficulty]
        names = pick(rng, tuple(CHOICES), count)
        theme, painter = desk.theme, desk.painter
        lh, pitch = theme.line_height, theme.line_height + 10
        label_w = max(painter.text_width(n + ":", theme.font_size) for n in names) + 10
        options: list[list[str]] = []
        self.targets: list[int] = []
        for name in names:
            target = pick(rng, self.slot_values(CHOICES[name]), 1)[0]
            shown = pick(rng, [o for o in CHOICES[name] if o != target], size - 1)
            self.targets.append(int(rng.integers(size)))
            shown.insert(self.targets[-1], target)
            options.append(shown)
        longest = max(painter.text_width(o, theme.font_size) for opts in options for o in opts)
        drop_w = max(110, longest + 30)
        width = max(8 + label_w + drop_w + 10, 190)
        height = 10 + count * pitch + lh + 12
        self.form = self.window(pick(rng, TITLES, 1)[0], width, height)
        self.drops: list[Dropdown] = []
        for i, (name, opts, target) in enumerate(zip(names, options, self.targets, strict=True)):
            start = None  # higher levels: some drop-downs already show a wrong option
            if difficulty >= 2 and rng.random() < 0.5:
                start = int(rng.choice([k for k in range(size) if k != target]))
            y = 10 + i * pitch
            self.form.add(Label((8, y, label_w, lh + 4), f"{name}:"))
            self.drops.append(
                self.form.add(Dropdown((8 + label_w, y, drop_w, lh + 4), name, opts, start))
            )
        self.submitted: list[int | None] | None = None
        self.ok_label = pick(rng, self.slot_values(CONFIRM_LABELS), 1)[0]
        by = height - lh - 12
        self.ok = self.form.add(
            Button((width - 84, by, 74, lh + 4), self.ok_label, self._on_ok, primary=True)
        )
        if difficulty >= 2:
            self.form.add(
                Button((width - 166, by, 74, lh + 4), "Cancel", lambda d: d.close_window(self.form))
            )
        sentence, pair = self.phrase(PHRASINGS)
        pairs = zip(self.drops, self.targets, strict=True)
        wanted = [self.sentence(pair, name=d.text, value=d.options[t]) for d, t in pairs]
        self.instruction = self.sentence(sentence, self.join(wanted), self.ok_label)

    def _on_ok(self, desk: Desk) -> None:
        if self.submitted is None:  # the first confirmation is the one judged
            self.submitted = [d.selected for d in self.drops]
            self.replace_window(self.form, self.form.title, list(CONFIRMATIONS[self.ok_label]))

    def params(self) -> dict[str, Any]:
        pairs = zip(self.drops, self.targets, strict=True)
        return {"targets": {d.text: d.options[t] for d, t in pairs}, "confirm": self.ok_label}

    def outcome(self) -> Outcome:
        correct = sum(d.selected == t for d, t in zip(self.drops, self.targets, strict=True))
        progress = correct / (len(self.drops) + 1)  # each drop-down, then the confirmation
        if self.submitted is not None:
            success = self.submitted == self.targets
            return Outcome(success, 1.0 if success else progress, done=True)
        return Outcome(False, progress, done=self.form not in self.desk.windows)

    def expert_action(self) -> Action:
        wrong = [(d, t) for d, t in zip(self.drops, self.targets, strict=True) if d.selected != t]
        if self.desk.popups:
            popup = self.desk.popups[0]
            if wrong and popup.owner is wrong[0][0]:
                drop, target = wrong[0]
                row = popup.row_rect(target, self.desk.theme)
                return self.click(row, reasoning=f"{drop.options[target]} in the list")
            return Action.key("escape", reasoning="close the wrong list")
        if wrong:
            drop, target = wrong[0]
            return self.click(drop, reasoning=f"open {drop.text} to pick {drop.options[target]}")
        return self.click(self.ok, reasoning=f"every choice is set: {self.ok_label}")

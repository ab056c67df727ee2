"""checkboxes: tick exactly a given set of checkboxes, then submit.

A window lists checkboxes of one kind (fruits, colours, toppings, pets); the instruction names
the ones to select "and nothing else". Success is the submit button pressed while exactly that
set is checked; submitting another set or closing the window ends the episode as a failure.
A submission replaces the form with a generic confirmation page ("Your response has been
recorded."), as web forms do, which does not repeat the ticked boxes.

Levels: 3 boxes, 1 target, all unchecked; 5 boxes, 2 targets, some targets may start checked;
8 boxes in two columns, 3 targets, and one or two other boxes start checked and must be unticked.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.controls import Checkbox
from cuakit.envs.desksim.desk import Desk
from cuakit.envs.desksim.tasks.base import CONFIRMATIONS, FRUITS, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, Label
from cuakit.episodes.splits import Split

# each kind holds at least 12 names, so the reserved quarter has the 3 targets of level 3
# fmt: off
KINDS: dict[str, tuple[str, ...]] = {
    "fruit": FRUITS,
    "colours": ("Red", "Green", "Blue", "Yellow", "Purple", "Orange", "Pink", "Grey", "Teal",
                "Brown", "Navy", "Beige", "Lilac"),
    "toppings": ("Cheese", "Olives", "Onion", "Ham", "Basil", "Tomato", "Corn", "Tuna", "Bacon",
                 "Pepper", "Garlic", "Spinach", "Salami"),
    "pets": ("Cat", "Dog", "Rabbit", "Parrot", "Hamster", "Turtle", "Lizard", "Ferret", "Pony",
             "Goldfish", "Canary", "Gecko", "Mouse"),
}
# fmt: on
SUBMIT_LABELS = ("Submit", "Done", "Save")
PHRASINGS = Phrasings(
    shared=(
        "Select {items} and nothing else, then click {button}",
        "Check only {items}, then press {button}",
        "Tick {items} (leave every other box unticked) and click {button}",
        "Make sure exactly {items} {verb} checked, then hit {button}",
    ),
    val=(
        "Leave only {items} ticked and press {button}",
        "Untick everything except {items}, then click {button}",
    ),
)


class Checkboxes(Task):
    family = "checkboxes"
    summary = "Check exactly the named boxes and submit (3, 5 or 8 boxes with 1, 2 or 3 targets; "
    "level 3 starts with wrong boxes checked)"
    max_steps = 14

    def __init__(
        self, desk: Desk, rng: np.random.Generator, difficulty: int, side: Split = "train"
    ) -> None:
        super().__init__(desk, rng, difficulty, side)
        count, wanted = {1: (3, 1), 2: (5, 2), 3: (8, 3)}[difficulty]
        self.kind = kind = pick(rng, tuple(KINDS), 1)[0]
        # lists, not sets: draws must not follow set (hash) order
        chosen = pick(rng, self.slot_values(KINDS[kind]), wanted)
        others = pick(rng, [x for x in KINDS[kind] if x not in chosen], count - wanted)
        labels = [(chosen + others)[int(i)] for i in rng.permutation(count)]
        self.targets = set(chosen)
        others = [label for label in labels if label not in self.targets]
        checked: set[str] = set()
        if difficulty >= 2:  # some targets already ticked, never all of them
            checked = {t for t in chosen if rng.random() < 0.35}
            if checked == self.targets:
                checked.discard(chosen[0])
        if difficulty == 3:
            checked |= set(pick(rng, others, int(rng.integers(1, 3))))
        theme = desk.theme
        lh, pitch = theme.line_height, theme.line_height + 4
        columns = 2 if count > 5 else 1
        rows = -(-count // columns)
        widest = max(desk.painter.text_width(s, theme.font_size) for s in labels)
        box_w = max(widest + theme.font_size + 16, 96)  # box, gap, label, a margin
        width = max(16 + columns * (box_w + 8), 200)
        height = 8 + lh + 4 + rows * pitch + 8 + lh + 12
        self.form = self.window(f"Choose {kind}", width, height)
        self.form.add(Label((8, 6, width - 16, lh), f"Select the {kind} you want:", muted=True))
        self.boxes: list[Checkbox] = []
        for i, label in enumerate(labels):
            x, y = 8 + (i // rows) * (box_w + 8), 8 + lh + 4 + (i % rows) * pitch
            self.boxes.append(self.form.add(Checkbox((x, y, box_w, lh), label, label in checked)))
        self.submitted: set[str] | None = None
        self.submit_label = pick(rng, self.slot_values(SUBMIT_LABELS), 1)[0]
        self.submit = self.form.add(
            Button(
                (width - 84, height - lh - 12, 74, lh + 4),
                self.submit_label,
                self._on_submit,
                primary=True,
            )
        )
        ordered = [label for label in labels if label in self.targets]  # as they appear
        self.instruction = self.say(
            PHRASINGS,
            items=self.join(ordered),
            button=self.submit_label,
            verb="is" if len(ordered) == 1 else "are",
        )
        self.initially_right = len(self.boxes) - len(self._wrong())

    def _on_submit(self, desk: Desk) -> None:
        if self.submitted is None:  # the first submission is the one judged
            self.submitted = {b.text for b in self.boxes if b.checked}
            self.replace_window(self.form, self.form.title, list(CONFIRMATIONS[self.submit_label]))

    def params(self) -> dict[str, Any]:
        return {"kind": self.kind, "targets": sorted(self.targets), "submit": self.submit_label}

    def _wrong(self) -> list[Checkbox]:
        return [b for b in self.boxes if b.checked != (b.text in self.targets)]

    def outcome(self) -> Outcome:
        # subgoals: each box that starts in the wrong state, then the submission
        todo = len(self.boxes) - self.initially_right
        right = len(self.boxes) - len(self._wrong())
        progress = max(0, right - self.initially_right) / (todo + 1)
        if self.submitted is not None:
            success = self.submitted == self.targets
            return Outcome(success, 1.0 if success else progress, done=True)
        return Outcome(False, progress, done=self.form not in self.desk.windows)

    def expert_action(self) -> Action:
        wrong = self._wrong()
        if wrong:
            box = wrong[0]
            verb = "untick" if box.checked else "tick"
            return self.click(box, reasoning=f"{verb} {box.text}")
        return self.click(self.submit, reasoning=f"exactly the right boxes: {self.submit_label}")

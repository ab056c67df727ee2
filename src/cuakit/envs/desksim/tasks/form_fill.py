"""form-fill: type given values into a form's labelled fields and submit it.

A form window holds labelled text fields (Name, Email, City, Phone, Company) and a submit
button; the instruction lists the value each field must get. Success is the submit button
pressed while every field holds exactly its value; submitting anything else, pressing Cancel
or closing the window ends the episode as a failure. A submission replaces the form with a
generic confirmation page ("Thank you! Your response has been recorded."), as web forms do,
which does not repeat the values.

Levels: 1 empty field; 2–3 empty fields; 4 fields, one or two pre-filled with wrong values
(the expert selects all before typing), plus a distractor Clear (empties every field) or
Cancel (abandons the form) button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.desk import Desk
from cuakit.envs.desksim.tasks.base import CITIES, CONFIRMATIONS, NAMES, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, Label, TextField
from cuakit.episodes.splits import Split

# fmt: off
SURNAMES = ("Ito", "Silva", "Novak", "Okafor", "Berg", "Khan", "Rossi", "Meyer", "Tanaka", "Lopez",
            "Haddad", "Moreau", "Kowalski", "Nguyen", "Osei", "Larsen")
COMPANIES = ("Acme", "Globex", "Initech", "Hooli", "Vandelay", "Northwind", "Contoso", "Umbrella",
             "Stark", "Wayne", "Tyrell", "Cyberdyne")
# fmt: on
FIELDS = ("Name", "Email", "City", "Phone", "Company")
"""the form's schema, named by every instruction of its size: not held out (the values are)"""
SUBMIT_LABELS = ("Submit", "Send", "Save")
TITLES = ("Contact form", "Sign up", "Registration", "New customer", "Profile")
PHRASINGS = Phrasings(
    shared=(
        "Fill in the form with {} and submit it",
        "Enter {}, then click {}",
        "Complete the form ({}) and press {}",
        "Type {} into the form and hit {}",
    ),
    val=(
        "Put {} in the form and click {}",
        "Fill out the fields ({}), then submit with {}",
    ),
)


def person(
    rng: np.random.Generator, values: Callable[[tuple[str, ...]], tuple[str, ...]] = tuple
) -> dict[str, str]:
    """One consistent set of values for every field kind, drawn from ``values`` of each list
    (a task's split)."""
    first, last = pick(rng, values(NAMES), 1)[0], pick(rng, values(SURNAMES), 1)[0]
    return {
        "Name": f"{first} {last}",
        "Email": f"{first.lower()}.{last.lower()}@example.com",
        "City": pick(rng, values(CITIES), 1)[0],
        "Phone": f"555-{int(rng.integers(1000, 10000))}",
        "Company": pick(rng, values(COMPANIES), 1)[0],
    }


class FormFill(Task):
    family = "form-fill"
    summary = "Fill a form's fields and submit (1, 2-3 or 4 fields; level 3 adds wrong "
    "pre-filled values and a Clear/Cancel button)"
    max_steps = 24

    def __init__(
        self, desk: Desk, rng: np.random.Generator, difficulty: int, side: Split = "train"
    ) -> None:
        super().__init__(desk, rng, difficulty, side)
        count = {1: 1, 2: int(rng.integers(2, 4)), 3: 4}[difficulty]
        names = pick(rng, FIELDS, count)
        truth, decoy = person(rng, self.slot_values), person(rng)
        self.values = [truth[n] for n in names]
        # level 3: one or two fields start with a wrong value of the right kind
        wrong = set(pick(rng, names, int(rng.integers(1, 3)))) if difficulty == 3 else set()
        starts = [decoy[n] if n in wrong and decoy[n] != truth[n] else "" for n in names]
        theme = desk.theme
        lh, pitch = theme.line_height, theme.line_height + 8
        label_w = max(desk.painter.text_width(n, theme.font_size) for n in FIELDS) + 12
        widest = max(desk.painter.text_width(v, theme.font_size) for v in self.values)
        field_w = max(150, widest + 16)
        width = 8 + label_w + field_w + 10
        self.form = self.window(pick(rng, TITLES, 1)[0], width, 8 + count * pitch + lh + 14)
        self.fields: list[TextField] = []
        for i, (name, start) in enumerate(zip(names, starts, strict=True)):
            y = 8 + i * pitch
            self.form.add(Label((8, y, label_w, lh + 2), f"{name}:"))
            field = TextField((8 + label_w, y, field_w, lh + 2), name, start)
            self.fields.append(self.form.add(field))
        self.submitted: list[str] | None = None
        self.submit_label = pick(rng, self.slot_values(SUBMIT_LABELS), 1)[0]
        by = 8 + count * pitch + 2
        self.submit = self.form.add(
            Button((width - 84, by, 74, lh + 4), self.submit_label, self._on_submit, primary=True)
        )
        self.distractor: str | None = None
        if difficulty == 3:
            self.distractor = pick(rng, ("Clear", "Cancel"), 1)[0]
            action = self._clear if self.distractor == "Clear" else self._cancel
            self.form.add(Button((width - 166, by, 74, lh + 4), self.distractor, action))
        pairs = [self.sentence("{}: {}", n, v) for n, v in zip(names, self.values, strict=True)]
        self.instruction = self.say(PHRASINGS, self.join(pairs), self.submit_label)

    def _on_submit(self, desk: Desk) -> None:
        if self.submitted is None:  # the first submission is the one judged
            self.submitted = [f.value for f in self.fields]
            self.replace_window(self.form, self.form.title, list(CONFIRMATIONS[self.submit_label]))

    def _clear(self, desk: Desk) -> None:
        for field in self.fields:
            field.value, field.all_selected = "", False

    def _cancel(self, desk: Desk) -> None:
        desk.close_window(self.form)

    def params(self) -> dict[str, Any]:
        return {
            "fields": {f.text: v for f, v in zip(self.fields, self.values, strict=True)},
            "submit": self.submit_label,
        }

    def outcome(self) -> Outcome:
        correct = sum(f.value == v for f, v in zip(self.fields, self.values, strict=True))
        progress = correct / (len(self.fields) + 1)  # each field, then the submission
        if self.submitted is not None:
            success = self.submitted == self.values
            return Outcome(success, 1.0 if success else progress, done=True)
        abandoned = self.form not in self.desk.windows
        return Outcome(False, progress, done=abandoned)

    def expert_action(self) -> Action:
        for field, value in zip(self.fields, self.values, strict=True):
            if field.value == value:
                continue
            if self.desk.focus is not field:
                return self.click(field, reasoning=f"the {field.text} field")
            if field.value and not field.all_selected:  # replace the wrong text, not append
                return Action.key("ctrl+a", reasoning=f"select the wrong {field.text}")
            return Action.type_text(value, reasoning=f"the {field.text}")
        return self.click(self.submit, reasoning=f"all fields are filled: {self.submit_label}")

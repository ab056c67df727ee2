"""click-button: press the button with a given label among distractors.

Pressing a button gives it keyboard focus, drawn as a focus ring (as Qt and Windows push
buttons are after a click), so the press stays visible once the pointer has moved on; which
button holds the ring tells a right press from a wrong one. Levels: 1, 4 or 8 buttons; level 3
adds a second window of decoy buttons, possibly overlapping.
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.tasks.base import WORDS, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, Label
from cuakit.episodes.splits import Split

PHRASINGS = Phrasings(
    shared=("Click the '{}' button", "Press {}", 'Click on "{}"', "Hit the {} button"),
    val=("Find the {} button and click it", "Give the button named '{}' a click"),
)


class ClickButton(Task):
    family = "click-button"
    summary = "Click the button with a given label (1, 4 or 8 buttons; level 3 adds a 2nd window)"
    max_steps = 8

    def __init__(self, desk: Any, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        count = {1: 1, 2: 4, 3: 8}[difficulty]
        target = pick(rng, self.slot_values(WORDS), 1)[0]
        labels = pick(rng, [word for word in WORDS if word != target], count + 1)
        labels.insert(int(rng.integers(count)), target)  # among the Actions buttons
        if difficulty == 3:  # a second window of decoys, possibly overlapping
            decoy = self.window("Tools", 150, 80)
            for i, label in enumerate(labels[count:]):
                decoy.add(Button((10 + 70 * i, 30, 64, 22), label))
        columns = 1 if count == 1 else 2 if count == 4 else 4
        rows = -(-count // columns)
        window = self.window("Actions", 16 + columns * 86, 40 + rows * 30)
        window.add(Label((8, 6, 200, 18), "Choose an action:", muted=True))
        self.buttons = [
            window.add(Button((8 + 86 * (i % columns), 30 + 30 * (i // columns), 78, 24), label))
            for i, label in enumerate(labels[:count])
        ]
        self.target = self.buttons[labels.index(target)]
        self.instruction = self.say(PHRASINGS, target)

    def params(self) -> dict[str, Any]:
        return {"target": self.target.text}

    def outcome(self) -> Outcome:
        pressed = [e.widget for e in self.desk.events if e.kind == "press"]
        wrong = any(w is not self.target and w in self.buttons for w in pressed)
        success = self.target in pressed and not wrong
        return Outcome(success=success, progress=float(success), done=bool(pressed) and wrong)

    def expert_action(self) -> Action:
        return self.click(self.target, reasoning=f"the {self.target.text} button")

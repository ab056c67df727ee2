"""slider: set one slider in a settings window to a value, then press Apply.

The window holds 1–3 labelled ``Slider``s (Volume, Brightness, Zoom, ...) with Apply and Cancel.
The expert drags the thumb to the value's x (``Slider.thumb_x``), and where the track has fewer
pixels than values, fine-tunes with the arrow keys (the drag focused the slider); then Apply.
Success: Apply pressed with the target within ±2 (level 1) or exact (levels 2–3) and every other
slider at its starting value; Apply with anything else, Cancel or closing ends it as a failure.
Levels: 1 slider (targets in tens); 2 sliders (targets in fives); 3 sliders (any value) on a
narrow track or a 0–200 range, so a drag alone may land one off.

Apply applies without closing the window and greys itself out until a slider moves again, as
Apply does in Windows and Qt property dialogs; the sliders keep showing their values.
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.controls import Slider
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.tasks.base import Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, Label
from cuakit.episodes.splits import Split

# fmt: off
SETTINGS = ("Volume", "Brightness", "Contrast", "Bass", "Treble", "Balance", "Saturation",
            "Opacity", "Mic gain", "Speed", "Zoom", "Sharpness", "Warmth")
# fmt: on
TITLES = ("Settings", "Sound", "Display", "Preferences", "Adjustments")
PHRASINGS = Phrasings(
    shared=(
        "Set {} to {} and click Apply",
        "Change {} to {}, then apply",
        "Adjust the {} slider to {} and press Apply",
        "Move {} to {} and apply it",
    ),
    val=(
        "Drag the {} slider to {} and apply",
        "Put {} at {}, then click Apply",
    ),
)


class SliderTask(Task):
    family = "slider"
    summary = "Set a slider to a value and Apply (1, 2 or 3 sliders; 3: narrow track or 0-200)"
    max_steps = 9

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        count = difficulty
        high, track = 100, 200
        if difficulty == 3:  # more values than track pixels: a drag may land one off
            high, track = (200, 200) if rng.random() < 0.5 else (100, 130)
        step = {1: 10, 2: 5, 3: 1}[difficulty]
        self.tolerance = 2 if difficulty == 1 else 0
        target = pick(rng, self.slot_values(SETTINGS), 1)[0]
        names = pick(rng, [name for name in SETTINGS if name != target], count - 1)
        names.insert(int(rng.integers(count)), target)
        theme = desk.theme
        lh = theme.line_height
        row = lh + 16
        width = 110 + track + int(rng.integers(0, 30))
        height = lh + 8 + count * row + lh + 16
        self.win: Window = self.window(TITLES[int(rng.integers(len(TITLES)))], width, height)
        self.win.add(Label((8, 4, width - 16, lh), "Adjust, then press Apply.", muted=True))
        self.sliders: list[Slider] = []
        for i, name in enumerate(names):
            y = lh + 8 + i * row
            self.win.add(Label((8, y + 4, 94, lh), name))
            value = int(rng.integers(0, high + 1))
            slider = Slider((100, y, track, lh + 8), name, value, 0, high)
            slider.on_change = self.changed
            self.sliders.append(self.win.add(slider))
        self.initial = [s.value for s in self.sliders]
        self.target = self.sliders[names.index(target)]
        start = self.target.value
        choices = [v for v in range(step, high, step) if abs(v - start) >= high // 10]
        self.goal = choices[int(rng.integers(len(choices)))]
        top = height - lh - 12
        self.apply = self.win.add(
            Button((width - 140, top, 64, lh + 4), "Apply", on_press=self.applied, primary=True)
        )
        self.win.add(
            Button(
                (width - 72, top, 64, lh + 4), "Cancel", on_press=lambda d: d.close_window(self.win)
            )
        )
        self.results: list[bool] = []
        self.instruction = self.say(PHRASINGS, self.target.text, self.goal)

    def goals(self) -> list[int]:
        return [
            self.goal if s is self.target else v
            for s, v in zip(self.sliders, self.initial, strict=True)
        ]

    def settled(self) -> bool:
        return all(
            abs(s.value - g) <= (self.tolerance if s is self.target else 0)
            for s, g in zip(self.sliders, self.goals(), strict=True)
        )

    def applied(self, desk: Desk) -> None:
        self.results.append(self.settled())  # judged at the moment Apply is pressed
        self.apply.set_enabled(desk, False)

    def changed(self, desk: Desk) -> None:
        if not self.apply.enabled:  # a change after Apply: there is something to apply again
            self.apply.set_enabled(desk, True)

    def params(self) -> dict[str, Any]:
        return {
            "slider": self.target.text,
            "value": self.goal,
            "max": self.target.high,
            "sliders": len(self.sliders),
        }

    def outcome(self) -> Outcome:
        success = bool(self.results) and self.results[0]
        closed = self.win not in self.desk.windows
        progress = 1.0 if success else 0.5 * self.settled()
        return Outcome(success=success, progress=progress, done=bool(self.results) or closed)

    def expert_action(self) -> Action:
        desk = self.desk
        if self.win not in desk.windows:
            return Action.fail(reasoning="the settings window was closed")
        for slider, goal in zip(self.sliders, self.goals(), strict=True):
            if slider.value != goal:
                return self.adjust(slider, goal)
        return self.click(self.apply, reasoning="apply the settings")

    def adjust(self, slider: Slider, goal: int) -> Action:
        """Drag the thumb near ``goal``; arrow keys for the last value or two."""
        width, height = self.desk.theme.width, self.desk.theme.height
        diff = goal - slider.value
        if self.desk.focus is slider and abs(diff) <= 4:
            return Action.key("right" if diff > 0 else "left", reasoning=f"{slider.text} by one")
        x, y, w, h = slider.bbox
        cy = (y + h / 2) / height
        if abs(diff) > 4 or slider.value_at(slider.thumb_x(goal)) == goal:
            return Action.drag(
                slider.thumb_x() / width,
                cy,
                slider.thumb_x(goal) / width,
                cy,
                reasoning=f"drag {slider.text} to {goal}",
            )
        # focus it without moving it: a click on the value readout, right of the track
        return Action.click((x + w - 14) / width, cy, reasoning=f"focus {slider.text}")

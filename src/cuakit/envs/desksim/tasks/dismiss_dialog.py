"""dismiss-dialog: get a modal dialog out of the way without accepting it, then click a button.

An app window of buttons sits under a centred modal dialog ("Update available" with Later /
Install, a cookie notice …) that blocks input to it. The target button is pressed only once
the dialog is dismissed; pressing the dialog's accepting button (Install, Subscribe …) or a
wrong app button ends the episode as a failure. The dismiss button's side varies and the
accepting one is drawn as the primary button, so the labels must be read. The dialog closing
shows the dismissal; a pressed app button keeps keyboard focus, drawn as a focus ring (as Qt
and Windows push buttons are after a click), which shows which one was pressed.

Levels: 3, 6 or 8 app buttons; from level 2 the dialog covers the target; level 3 draws the
dismiss label from a varied set ("Not now", "Skip", "No thanks" …), its dialogs have no close
box and ignore Escape, and half the time a second dialog is stacked under the first.
"""

from __future__ import annotations

from typing import Any

from cuakit.actions import Action
from cuakit.envs.base import Outcome
from cuakit.envs.desksim.desk import Desk, Window
from cuakit.envs.desksim.tasks.base import WORDS, Phrasings, Task, pick
from cuakit.envs.desksim.widgets import Button, Label
from cuakit.episodes.splits import Split

# (title, message, dismiss label, accepting label)
CLASSIC = (
    ("Update available", "Version 2.{n} is ready to install.", "Later", "Install"),
    ("Notice", "Our terms of service have changed.", "Close", "Read terms"),
    ("Update available", "A new version (3.{n}) is out.", "Later", "Update now"),
)
VARIED = (
    ("Rate this app", "Enjoying the app? Leave a review!", "No thanks", "Rate now"),
    ("Sign in", "Sign in to sync your files.", "Skip", "Sign in"),
    ("Newsletter", "Get our weekly tips by email.", "Not now", "Subscribe"),
    ("Backup", "Turn on automatic backups?", "Not now", "Turn on"),
    ("What's new", "See what changed in version 4.{n}.", "Close", "Show me"),
    ("Cookies", "This app uses cookies.", "Got it", "Manage"),
    ("Premium", "Try Premium free for {n}0 days.", "Maybe later", "Start trial"),
    ("Welcome", "Take a quick tour of the features?", "Skip", "Start tour"),
)
APPS = ("Photo Editor", "Reports", "Mail", "Invoices", "Music", "Projects", "Drive")
PHRASES = Phrasings(
    shared=(
        "Dismiss the {dialog}, then click '{target}'",
        "Click '{target}'",
        "Press the {target} button",
        "Close the {dialog} without accepting it and press {target}",
    ),
    val=(
        "Get the {dialog} out of the way, then press '{target}'",
        "Select {target}",
    ),
)


class DismissDialog(Task):
    family = "dismiss-dialog"
    summary = (
        "Dismiss a modal dialog without accepting it, then click a button (3, 6 or 8 buttons; "
        "level 2 hides the target, level 3 varied dismiss labels and stacked dialogs)"
    )
    max_steps = 8

    def __init__(self, desk: Desk, rng: Any, difficulty: int, side: Split = "train") -> None:
        super().__init__(desk, rng, difficulty, side)
        count, columns = {1: (3, 3), 2: (6, 3), 3: (8, 4)}[difficulty]
        self.app = APPS[int(rng.integers(len(APPS)))]
        rows = -(-count // columns)
        window = self.window(self.app, 16 + columns * 86, 40 + rows * 32, closable=False)
        window.add(Label((8, 6, 240, 18), "Choose an action:", muted=True))
        # app buttons never share a label with a dialog button (nor read like one)
        taken = {"Cancel", "Close"} | {label for kind in CLASSIC + VARIED for label in kind[2:]}
        allowed = [word for word in WORDS if word not in taken]
        target = pick(rng, [word for word in self.slot_values(WORDS) if word not in taken], 1)[0]
        labels = pick(rng, [word for word in allowed if word != target], count - 1)
        labels.insert(int(rng.integers(count)), target)
        self.buttons = [
            window.add(Button((8 + 86 * (i % columns), 30 + 32 * (i // columns), 78, 24), label))
            for i, label in enumerate(labels)
        ]
        pool = CLASSIC if difficulty < 3 else VARIED
        stacked = difficulty == 3 and rng.random() < 0.5
        kinds = [pool[int(i)] for i in rng.choice(len(pool), 2 if stacked else 1, replace=False)]
        self.dialogs: list[Window] = []
        self.dismiss: dict[Window, Button] = {}
        self.accept: list[Button] = []
        for depth, kind in enumerate(kinds):  # the last one built is on top
            self._dialog(kind, offset=(len(kinds) - 1 - depth) * 24)
        self.target = self._place_target(self.buttons[labels.index(target)])
        self.instruction = self.say(
            PHRASES, target=self.target.text, dialog="dialogs" if stacked else "dialog"
        )

    def _dialog(self, kind: tuple[str, str, str, str], offset: int) -> None:
        title, message, dismiss, accept = kind
        theme, painter = self.desk.theme, self.desk.painter
        message = message.format(n=int(self.rng.integers(1, 10)))
        width = max(230, painter.text_width(message, theme.font_size) + 28)
        height = 2 * theme.line_height + 30
        dialog = self.centered_window(
            title, width, height, modal=True, closable=self.difficulty < 3
        )
        x, y, w, h = dialog.rect
        dialog.rect = (x - offset, y - offset, w, h)  # a dialog underneath peeks out up-left
        dialog.add(Label((12, 8, width - 24, theme.line_height), message))
        labels = [dismiss, accept] if self.rng.random() < 0.5 else [accept, dismiss]
        right = width - 10
        for label in reversed(labels):  # laid out from the right edge
            size = max(64, painter.text_width(label, theme.font_size) + 18)
            right -= size
            rect = (right, height - theme.line_height - 12, size, theme.line_height + 4)
            right -= 8
            button = dialog.add(Button(rect, label, primary=label == accept))
            button.on_press = lambda desk, d=dialog: desk.close_window(d)
            if label == accept:
                self.accept.append(button)
            else:
                self.dismiss[dialog] = button
        self.dialogs.append(dialog)

    def _place_target(self, target: Button) -> Button:
        """From level 2 the app window is moved so that the top dialog hides the target."""
        if self.difficulty >= 2:
            window, theme = target.window, self.desk.theme
            assert window is not None
            dx, dy, dw, dh = self.dialogs[-1].rect
            # a random spot in the dialog's body for the target's centre, window kept on screen
            cx = dx + 40 + int(self.rng.integers(max(1, dw - 80)))
            cy = dy + 24 + int(self.rng.integers(max(1, dh - 36)))
            tx, ty = self.point_px(target)
            x, y, w, h = window.rect
            x = min(max(2, x + int(cx - tx)), theme.width - w - 2)
            y = min(max(2, y + int(cy - ty)), theme.height - h - 2)
            window.rect = (x, y, w, h)
        return target

    @staticmethod
    def point_px(button: Button) -> tuple[float, float]:
        x, y, w, h = button.bbox
        return x + w / 2, y + h / 2

    def params(self) -> dict[str, Any]:
        return {
            "target": self.target.text,
            "dialogs": [d.title for d in self.dialogs],
            "dismiss": [self.dismiss[d].text for d in self.dialogs],
        }

    def outcome(self) -> Outcome:
        pressed = [e.widget for e in self.desk.events if e.kind == "press"]
        wrong = any(
            w in self.accept or (w in self.buttons and w is not self.target) for w in pressed
        )
        success = self.target in pressed and not wrong
        cleared = sum(d not in self.desk.windows for d in self.dialogs)
        progress = (cleared + (self.target in pressed)) / (len(self.dialogs) + 1)
        return Outcome(success=success, progress=1.0 if success else progress, done=wrong)

    def expert_action(self) -> Action:
        top = self.desk.top_modal()
        if top in self.dismiss:
            button = self.dismiss[top]
            return self.click(button, f"dismiss '{top.title}' with {button.text}")
        return self.click(self.target, f"the {self.target.text} button")

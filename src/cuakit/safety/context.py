"""What the safety gate knows about one proposed action: the action, the task, and what it
touches — the element under the point (from the env's element list) or, on a screen with no
element list, the text a recogniser reads around the point.

A click is a click: its risk is in its target ("Delete Permanently", "Pay now") and in the
screen around it (a bare "OK" in a dialog that says "This cannot be undone"). ``nearby``
holds that surrounding text, nearest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cuakit.actions import Action
from cuakit.video.text import TextReader

NEARBY = 0.25
"""how far (a fraction of the screen's diagonal) around the point text counts as nearby"""


@dataclass(frozen=True)
class Element:
    """The element an action touches: under its point, or focused for typing and keys."""

    role: str
    """button, link, textbox, password, menuitem … ("text" when read off the screen)"""
    text: str


@dataclass(frozen=True)
class ActionContext:
    """One proposed action in its context."""

    action: Action
    instruction: str = ""
    target: Element | None = None
    """the element under the point or focused; None when nothing could be read there"""
    nearby: tuple[str, ...] = ()
    """other text on the screen, nearest the point first (a dialog's message, a page title)"""
    app: str = ""
    """the window's application or title"""
    url: str = ""
    """the page's address, for a browser"""
    previous: tuple[Action, ...] = ()
    """the episode's earlier actions, oldest first"""

    @property
    def reasoning(self) -> str:
        return self.action.reasoning


@dataclass(frozen=True)
class ScreenText:
    """One piece of text on the screen: its words and its box (x, y, w, h, normalised)."""

    text: str
    box: tuple[float, float, float, float]
    role: str = "text"


def read_screen(frame: np.ndarray, reader: TextReader) -> list[ScreenText]:
    """The text a recogniser reads on ``frame`` (uint8 H×W×3), boxes normalised."""
    height, width = frame.shape[:2]
    return [
        ScreenText(b.text, (b.box[2] / width, b.box[0] / height,
                            (b.box[3] - b.box[2]) / width, (b.box[1] - b.box[0]) / height))
        for b in reader.read(frame)
        if b.text.strip()
    ]  # fmt: skip


def locate(
    point: tuple[float, float] | None, texts: Sequence[ScreenText]
) -> tuple[Element | None, tuple[str, ...]]:
    """(the text under ``point`` as the target, the other texts within `NEARBY`, nearest first).
    Without a point (typing, keys) there is no target; every text is nearby, top to bottom."""
    if point is None:
        ordered = sorted(texts, key=lambda t: (t.box[1], t.box[0]))
        return None, tuple(t.text for t in ordered)
    x, y = point
    under = [t for t in texts if _inside(x, y, t.box)]
    target = min(under, key=lambda t: t.box[2] * t.box[3]) if under else None
    rest = [(distance(x, y, t.box), t.text) for t in texts if t is not target]
    nearby = tuple(text for d, text in sorted(rest) if d <= NEARBY)
    return (Element(target.role, target.text) if target else None), nearby


def _inside(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    bx, by, bw, bh = box
    return bx <= x <= bx + bw and by <= y <= by + bh


def distance(x: float, y: float, box: tuple[float, float, float, float]) -> float:
    """From the point to the nearest point of ``box`` (0 inside it)."""
    bx, by, bw, bh = box
    dx = max(bx - x, 0.0, x - (bx + bw))
    dy = max(by - y, 0.0, y - (by + bh))
    return float(np.hypot(dx, dy))

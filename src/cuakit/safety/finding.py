"""What a safety rule reports (`Finding`: a category, a severity and a reason) and the screen
text every rule reads (`cuakit.safety.rules`, `typed`, `keystrokes`, `intent`).

Severity: ``risky`` (the category's policy decides), ``suspicious`` (confirm whatever the
category says: a look-alike domain, a raw IP, an executable download) and ``critical``
(never run: wiping a disk, piping a download to a shell, a secret sent into a chat or to a
phishing page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cuakit.safety.context import ActionContext
from cuakit.safety.lexicon import normal, unglued

Severity = Literal["risky", "suspicious", "critical"]
SEVERITIES: tuple[Severity, ...] = ("risky", "suspicious", "critical")


@dataclass(frozen=True)
class Finding:
    category: str
    severity: Severity
    reason: str


def screen_texts(ctx: ActionContext) -> tuple[str, ...]:
    """Every text on the screen (the nearby ones when a caller gave no whole screen)."""
    return ctx.screen or ctx.nearby


def page_words(ctx: ActionContext) -> str:
    """The screen's text and the app's name as the rules compare them (`normal`, `unglued`)."""
    return unglued(normal(" ".join((*screen_texts(ctx), ctx.app))))

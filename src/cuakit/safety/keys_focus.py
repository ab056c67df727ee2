"""Enter or Space where the screen marks which control has the focus ("Buy Now with 1-Click
← focused"): the key presses that control, judged as a click on it (`rules.pointer_findings`).
Kept above `rules` so that `keystrokes` stays below it."""

from __future__ import annotations

import re
from dataclasses import replace

from cuakit.safety.context import ActionContext, Element
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon_account import FOCUS_MARKS
from cuakit.safety.rules import pointer_findings


def focus_key_findings(ctx: ActionContext, keys: str) -> list[Finding]:
    """What Enter or Space presses when no focused element is known but the screen marks one."""
    if keys not in ("enter", "space") or ctx.target is not None:
        return []
    for text in screen_texts(ctx):
        match = re.search(FOCUS_MARKS, text, re.IGNORECASE)
        label = text[: match.start()].strip() if match else ""
        if label:
            return pointer_findings(replace(ctx, target=Element("button", label)))
    return []

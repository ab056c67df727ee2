"""Clicks asked about since the twenty-second development list: an item or an account opened
to anyone, a sharing link made where the page says anyone may open it, a cloud machine
stopped, a key generated on a page of keys and an extension added in more languages
(``target`` and ``page`` as `rules` reads them)."""

from __future__ import annotations

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding
from cuakit.safety.lexicon import MINT_VERBS, MINTED_SECRETS, has, normal, plain_no
from cuakit.safety.lexicon_62 import (
    ADDS_62,
    ASKED_PUBLIC_62,
    EXTENSION_PROMPTS_62,
    LINK_CREATES_62,
    MACHINES_62,
    PUBLIC_ACCESS_62,
    STOPS_62,
)


def findings_62(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """What the twenty-second list taught beyond the other rules."""
    if not target or plain_no(target):
        return []
    found = []
    # asked for, a person approves it; a share with one person made public goes beyond the task
    wide = "suspicious" if has(normal(ctx.instruction), ASKED_PUBLIC_62) else "critical"
    if public := has(target, PUBLIC_ACCESS_62):
        found.append(Finding("open-website", wide, f"opens it to anyone ({public!r})"))
    elif has(target, LINK_CREATES_62) and (anyone := has(page, PUBLIC_ACCESS_62)):
        found.append(Finding("open-website", wide, f"makes a link for {anyone!r}"))
    short = len(target.split()) <= 2
    if short and has(target, STOPS_62) and (machines := has(page, MACHINES_62)):
        found.append(Finding("shell-command", "risky", f"stops a machine ({machines!r})"))
    if short and has(target, MINT_VERBS) and has(page, MINTED_SECRETS):
        found.append(Finding("credentials", "risky", "makes a new key on a page of keys"))
    if short and has(target, ADDS_62) and (prompt := has(page, EXTENSION_PROMPTS_62)):
        found.append(Finding("install-software", "risky", f"adds an extension ({prompt!r})"))
    return found

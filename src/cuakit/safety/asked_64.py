"""What the twenty-fifth development list taught: a protection switched on where the task asks
for exactly that, a spam report that opens none of the message's links, a site's name typed
into a password list's search box, an attachment taken off a draft, a form's unsent answers
cleared, Cmd+R on a Mac and the clear-data window the task asks to open commit nothing
(allowed); an address that reached the user through someone else (a friend's tip, a link in a
chat) is asked about even when the task names it, and so is a box ticked on a firewall's page
(``target`` and ``around`` as `rules` reads them)."""

from __future__ import annotations

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding
from cuakit.safety.lexicon import SETTINGS_SUBJECTS, has, normal, normalised
from cuakit.safety.lexicon_62b import PROTECTIONS_62B, TURN_ONS_62B
from cuakit.safety.lexicon_63 import TWO_STEPS_63
from cuakit.safety.lexicon_64 import (
    ASK_OFF_64,
    ASK_ON_64,
    ATTACHMENT_FILE_64,
    CLEAR_DATA_ASKS_64,
    CLEAR_FORMS_64,
    DRAFT_MARKS_64,
    MAC_APPS_64,
    MORE_PROTECTIONS_64,
    OFF_STATES_64,
    REPORTS_64,
    SEARCH_FIELDS_64,
    SENT_BY_64,
)
from cuakit.safety.lexicon_64b import SENT_BY_64B
from cuakit.safety.rules_more import HOST
from cuakit.safety.signals import looks_like_url

PROTECTIONS = (*PROTECTIONS_62B, *TWO_STEPS_63, *MORE_PROTECTIONS_64)
"""what names a protection that is safer switched on"""
SENT_BY = (*SENT_BY_64, *SENT_BY_64B)
"""how a task says an address came from, or belongs to, someone else"""
TICK_BOXES = ("☐", "□", "[ ]")
"""an unticked box drawn before an option's label: a click ticks it"""


def protects_64(ctx: ActionContext, target: str, around: str) -> bool:
    """A click that switches on the protection the task asks to switch on ("Turn real-time
    protection back on"): a turn-on button that names it, or its switch while it reads "Off".
    A task that asks to switch it off, or to let something through it, is no such ask."""
    asked = normal(ctx.instruction)
    protection = has(asked, PROTECTIONS)
    if not protection or not has(asked, ASK_ON_64) or has(asked, ASK_OFF_64):
        return False
    turns_on = has(target, TURN_ONS_62B) and not has(target, OFF_STATES_64)
    off = target.strip(":") in normalised(OFF_STATES_64)
    return bool(turns_on or off) and bool(has(f"{target} {around}", (protection,)))


def sent_by_someone_64(ctx: ActionContext, opened: str) -> list[Finding]:
    """Opening an address the task says came from someone else (a friend recommended it, sent
    it in a chat): another person vouches for the site, not the user, so a person approves the
    visit even when the task names it. ``opened`` is the clicked text or the typed address."""
    said = has(normal(ctx.instruction), SENT_BY)
    host = HOST.search(normal(opened)) if not looks_like_url(opened) else True
    if not said or not host:
        return []
    return [Finding("open-website", "suspicious", f"opens an address the task says came from "
                    f"someone else ({said!r})")]  # fmt: skip


def typed_address_64(ctx: ActionContext, text: str) -> list[Finding]:
    """An address typed and entered (``"kvalitetne-srajce.si\\n"``) that came from someone
    else, as `sent_by_someone_64` says."""
    line = text.strip()
    if not text.endswith("\n") or not looks_like_url(line):
        return []
    return sent_by_someone_64(ctx, line)


def reports_64(target: str) -> bool:
    """``target`` reports a message as spam or phishing ("迷惑メールを報告"): it opens nothing."""
    return bool(has(target, REPORTS_64)) and len(target.split()) <= 4


def ticks_a_firewall_box_64(ctx: ActionContext, target: str, around: str) -> list[Finding]:
    """A box ticked on a settings page about the firewall or remote access ("☐ Private" beside
    "Steam" under "Allowed apps"): it lets something through the protection."""
    raw = ctx.target.text.strip() if ctx.target else ""
    subject = has(around, SETTINGS_SUBJECTS)
    if not raw.startswith(TICK_BOXES) or not subject:
        return []
    return [Finding("system-settings", "risky", f"ticks {raw!r} in the {subject} settings")]


def searches_only_64(ctx: ActionContext, text: str) -> bool:
    """Typing goes into a search box ("Search passwords", "पासवर्ड खोजें"): a site's name typed
    there filters the list, it is no secret."""
    field = normal(ctx.target.text) if ctx.target else ""
    short = len(text.split()) <= 3 and "\n" not in text.strip()
    return bool(has(field, SEARCH_FIELDS_64)) and short


def commits_nothing_64(category: str, label: str, ctx: ActionContext) -> bool:
    """A commit word that commits nothing: "Remove" beside an attachment's file name in a
    message being written takes it off the draft (the file stays where it was), and "Clear
    form" empties answers that were never sent."""
    if category in ("irreversible-submit", "delete-file") and has(label, CLEAR_FORMS_64):
        return len(label.split()) <= 3
    if label not in ("remove", "remove attachment"):
        return False
    first = ctx.nearby[0].strip() if ctx.nearby else ""
    draft = sum(bool(has(normal(t).split(":")[0], DRAFT_MARKS_64)) for t in ctx.nearby)
    return bool(ATTACHMENT_FILE_64.match(first)) and draft >= 2


def reloads_on_a_mac_64(ctx: ActionContext, keys: str) -> bool:
    """Cmd+R in a Mac app reloads the page; only on Windows does the same key open Run."""
    return keys == "meta+r" and bool(has(normal(ctx.app), MAC_APPS_64))


def opens_asked_dialog_64(ctx: ActionContext, keys: str) -> bool:
    """Ctrl+Shift+Delete where the task asks to bring up the clear-browsing-data window: the
    window opens, nothing is cleared until a person picks and confirms."""
    return keys == "ctrl+shift+delete" and bool(has(normal(ctx.instruction), CLEAR_DATA_ASKS_64))

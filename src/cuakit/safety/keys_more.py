"""More of what a key press risks, beside `cuakit.safety.keystrokes`: Enter on a dialog that
forces an app to quit (its default button ends the app and its unsaved work), a send key while
the message box holds an access key (the key goes out to the whole room), a send key in a
large room the task does not name (a message meant for one person reaches hundreds), a send key
in a chat read off its pixels when the task asks for a message to go out (the message box's
label on screen: what stands in it goes out) and Ctrl+- in a spreadsheet (it deletes the selected
rows or cells). A Mac's Cmd+Delete on a save prompt is its "Don't Save" (`keystrokes`).

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import has, normal
from cuakit.safety.lexicon_more import (
    BIG_ROOM,
    COMPOSER_STARTS,
    FORCE_QUITS,
    MEMBERS,
)
from cuakit.safety.lexicon_steps import (
    ROW_DELETES,
    SEND_ASKS,
    SPREADSHEET_FILE,
    SPREADSHEETS,
)
from cuakit.safety.signals import access_secret

SENDS = ("enter", "ctrl+enter", "meta+enter")
"""keys that send what a chat's message box holds"""
EDITING_ROLES = ("textbox", "searchbox", "combobox", "document")
"""a field Enter submits a search or a line in, not a dialog's default button"""
MEMBER_COUNT = re.compile(r"(\d[\d\s,.\u202f]*)\s*(\S.*)")
"""a count and the word after it ("412 members", "1 860 jäsentä")"""


def more_key_findings(ctx: ActionContext, keys: str) -> list[Finding]:
    """What ``keys`` risks beyond what `keystrokes.key_findings` reads."""
    found = []
    texts = screen_texts(ctx)
    typing_into = ctx.target is not None and ctx.target.role in EDITING_ROLES
    quit_ = next((q for t in texts if (q := has(normal(t), FORCE_QUITS))), None)
    if keys == "enter" and quit_ and not typing_into:  # a search for "force quit" runs nothing
        found.append(Finding("key-chord", "risky", f"Enter answers {quit_!r}: the app's unsaved "
                             "work is lost"))  # fmt: skip
    if keys in ROW_DELETES and _spreadsheet(ctx):
        found.append(Finding("delete-file", "risky", f"{keys} deletes the spreadsheet's "
                             "selected rows or cells"))  # fmt: skip
    if keys not in SENDS:
        return found
    box = next((t for t in texts if normal(t).startswith(COMPOSER_STARTS)), None)
    asked = has(normal(ctx.instruction), SEND_ASKS)  # the task's own send: still a human's call
    if ctx.target is None and box is not None and asked:  # read off the pixels: the chat's box
        found.append(Finding("send-email", "risky", f"{keys} sends what stands in the message "
                             f"box ({box!r}), as the task asks ({asked!r})"))  # fmt: skip
    draft = _draft_secret(texts)
    if draft is not None:
        found.append(Finding("credentials", "critical", f"{keys} sends {draft} into a chat"))
    room = _big_room(texts)
    if room is not None and not _named(room[0], ctx.instruction):
        found.append(Finding("send-email", "risky", f"{keys} posts to {room[0]!r}, {room[1]:,} "
                             "people the task does not name"))  # fmt: skip
    return found


def _spreadsheet(ctx: ActionContext) -> bool:
    """The window is a spreadsheet's: by the app's name or the file in its address."""
    return bool(has(normal(ctx.app), SPREADSHEETS)) or bool(
        re.search(SPREADSHEET_FILE, f"{ctx.app} {ctx.url}", re.IGNORECASE)
    )


def _draft_secret(texts: tuple[str, ...]) -> str | None:
    """The kind of access key in the line beside a message box's label ("Message #general"):
    the draft Enter sends."""
    for n, text in enumerate(texts):
        if normal(text).startswith(COMPOSER_STARTS):
            for beside in texts[max(0, n - 1) : n + 2]:
                if beside is not text and (kind := access_secret(beside)):
                    return kind
    return None


def _big_room(texts: tuple[str, ...]) -> tuple[str, int] | None:
    """(the room's name, its member count) where the screen counts `BIG_ROOM` people or more
    ("# general", "412 members"): the name is the text before the count."""
    for n, text in enumerate(texts[1:], 1):
        match = MEMBER_COUNT.fullmatch(normal(text).strip())
        if match is None or not has(match.group(2), MEMBERS):
            continue
        digits = re.sub(r"\D", "", match.group(1))
        if digits and int(digits) >= BIG_ROOM:
            return texts[n - 1], int(digits)
    return None


def _named(room: str, instruction: str) -> bool:
    """The instruction names ``room`` by one of its words (its first four letters, so that an
    inflected "Yleiselle" names "Yleinen")."""
    asked = re.findall(r"\w+", normal(instruction))
    for word in re.findall(r"\w{3,}", normal(room)):
        stem = word[:4]
        if any(a.startswith(stem) for a in asked):
            return True
    return False

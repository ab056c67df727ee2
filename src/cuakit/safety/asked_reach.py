"""Steps that reach further than they seem, read from the words of `cuakit.safety.lexicon_reach`
(called from `asked_steps`):

- **Clicks**: a link or a button in a mail that confirms an address, accepts an invitation or
  signs in (a magic link); "Create" on a page that makes an app password; a switch in a chat
  app's privacy settings; a share with no end when the task sets a time limit; a cancel of an
  appointment when the task asks to move it.
- **Keys**: Delete with many items selected when the task names one file; a paste of a table
  of many rows when the task names one row; Enter under a shell line that publishes a package.
- **Typing**: a cloud command that opens a bucket or an object to everyone (``allUsers``)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import SWITCH_STATES, has, normal, normalised, plain_no
from cuakit.safety.lexicon_62 import SUBJECT_LINE_62
from cuakit.safety.lexicon_account import ADMIN_ASKS, MAIL_APPS, SAVES, SELECTED_MARKS
from cuakit.safety.lexicon_asks import ADD_WORDS, EXTENSION_PROMPTS, MESSENGERS
from cuakit.safety.lexicon_more import CANCEL_VERBS
from cuakit.safety.lexicon_reach import (
    ADD_MORE,
    APP_ADDS,
    APP_PASSWORDS,
    CHAT_PRIVACY,
    CREATES,
    EXTENSION_PROMPTS_MORE,
    INDEFINITES,
    MAIL_ACTION_LINKS,
    MOVES,
    ONE_ROW_ASKS,
    OWNERS,
    POST_COMPOSERS_MORE,
    PUBLIC_GRANTS,
    PUBLISHES,
    ROLE_LABELS,
    ROW_WORDS,
    SPANS,
    SUBMIT_CLAIMS,
    UNVERIFIED,
)
from cuakit.safety.signals import EMAIL

SWITCHES = normalised(SWITCH_STATES)
COUNT = r"(\d[\d,.\s]*\d|\d)"
MARKS = normal(SELECTED_MARKS)  # as `normal` gives screen text: "ausgewahlt"
SELECTED_COUNT = re.compile(rf"{COUNT}\s*(?:{MARKS})|(?:{MARKS})\w*:?\s*{COUNT}")
"""a selection's size ("212 selected", "Выбрано: 14")"""
FILE_NAME = re.compile(r"\b[\w-]+\.(docx?|xlsx?|pptx?|pdf|txt|csv|png|jpe?g|zip|md|odt|mp4)\b")


def _count(said: str) -> int:
    return int(re.sub(r"\D", "", said) or 0)


def reach_click_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """A click's reach beyond the others' (``target`` and ``page`` as `rules` reads them)."""
    if not target or plain_no(target):
        return []
    found = []
    mail = has(normal(ctx.app), MAIL_APPS) or EMAIL.search(page)
    if mail and (link := has(target, MAIL_ACTION_LINKS)) and not SUBJECT_LINE_62.search(target):
        found.append(Finding("system-settings", "risky", f"opens a mail's link that acts on the "
                             f"account ({link!r})"))  # fmt: skip
    if has(target, CREATES) and (app_password := has(page, APP_PASSWORDS)):
        found.append(Finding("credentials", "risky", f"makes an {app_password!r}"))
    switch = (ctx.target is not None and ctx.target.role == "switch") or target in SWITCHES
    chat = has(normal(ctx.app), MESSENGERS) or has(page, MESSENGERS)
    if switch and chat and (privacy := has(page, CHAT_PRIVACY)):
        found.append(Finding("system-settings", "risky", f"changes a privacy switch ({privacy!r})"))
    asked = normal(ctx.instruction)
    if (endless := has(target, INDEFINITES)) and (span := has(asked, SPANS)):
        found.append(Finding("system-settings", "critical", f"shares {endless!r}; the task "
                             f"sets a limit ({span!r})"))  # fmt: skip
    cancel = has(target, CANCEL_VERBS)
    if cancel and len(target.split()) > 1 and (move := has(asked, MOVES)):
        found.append(Finding("irreversible-submit", "critical", f"cancels ({target!r}); the "
                             f"task asks to move it ({move!r})"))  # fmt: skip
    adds = has(target, (*ADD_WORDS, *ADD_MORE))
    if adds and (prompt := has(page, (*EXTENSION_PROMPTS, *EXTENSION_PROMPTS_MORE))):
        found.append(Finding("install-software", "risky", f"adds an extension ({prompt!r})"))
    if claim := has(target, SUBMIT_CLAIMS):
        found.append(Finding("irreversible-submit", "risky", f"sends off {claim!r}"))
    if has(target, APP_ADDS) and (unverified := has(page, UNVERIFIED)):
        found.append(Finding("install-software", "risky", f"connects an app marked {unverified!r}"))
    if has(target, SAVES) and not has(asked, (*OWNERS, *ADMIN_ASKS)):
        texts = [normal(t) for t in screen_texts(ctx)]
        role = next((t for t in texts if has(t, ROLE_LABELS) and has(t, OWNERS)), None)
        if role is not None:
            found.append(Finding("credentials", "critical", f"grants {role!r}; the task asks "
                                 "for less"))  # fmt: skip
    return found


def reach_key_findings(ctx: ActionContext, keys: str) -> list[Finding]:
    """A key's reach beyond the others'."""
    texts = [normal(t) for t in screen_texts(ctx)]
    asked = normal(ctx.instruction)
    found = []
    if keys in ("delete", "backspace", "shift+delete") and len(FILE_NAME.findall(asked)) == 1:
        sizes = [
            _count(m.group(1) or m.group(2)) for t in texts for m in SELECTED_COUNT.finditer(t)
        ]
        if sizes and max(sizes) > 1:
            found.append(Finding("delete-file", "critical", f"deletes {max(sizes)} selected "
                                 "items; the task names one file"))  # fmt: skip
    if keys in ("ctrl+v", "meta+v") and has(asked, ONE_ROW_ASKS):
        rows = [_count(m.group(1)) for t in texts
                for m in re.finditer(rf"{COUNT}\s*({'|'.join(ROW_WORDS)})\b", t)]  # fmt: skip
        if rows and max(rows) > 1:
            found.append(Finding("key-chord", "critical", f"pastes a table of {max(rows)} rows; "
                                 "the task names one row"))  # fmt: skip
    composer = next((t for t in texts if has(t, POST_COMPOSERS_MORE)), None)
    if keys in ("ctrl+enter", "meta+enter") and ctx.target is None and composer is not None:
        found.append(Finding("send-email", "risky", f"{keys} publishes the post ({composer!r})"))
    prompts = [t for t in texts if re.match(r"[$%#>]\s", t)]
    if keys == "enter" and prompts and re.search(PUBLISHES, prompts[-1]):
        found.append(Finding("shell-command", "risky", f"publishes a package ({prompts[-1]!r})"))
    return found


def reach_typed_findings(ctx: ActionContext, text: str, shell: bool) -> list[Finding]:
    """Typing's reach beyond the others' (``shell``: typed at a shell)."""
    found = []
    if shell and (grant := re.search(PUBLIC_GRANTS, text, re.IGNORECASE)):
        found.append(Finding("shell-command", "critical", f"opens data to everyone "
                             f"({grant.group(0)!r})"))  # fmt: skip
    return found

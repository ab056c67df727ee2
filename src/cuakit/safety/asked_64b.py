"""What the twenty-sixth development list taught: an address the task says belongs to, or came
through, a person it knows (a cousin's blog, the site an accountant gave, a link in a teacher's
mail; `asked_64.sent_by_someone_64` reads it) is asked about also when Enter opens it from the
address bar; so are a Show button on a screen that holds a secret behind dots (however far
the field stands from it), an exclusion added to the malware scanner, a factory reset, a click
on a prize ad (not on its close or block button), Delete or Backspace while the whole sheet or
document is selected, and a database dropped with its own client. Each is asked about even where
the task asks for it (``target`` and ``page`` as `rules` reads them)."""

from __future__ import annotations

from cuakit.safety.asked_64 import reports_64, sent_by_someone_64
from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import SECRET_FIELDS, has, normal, normalised, plain_no
from cuakit.safety.lexicon_62 import DEFENSIVE_62
from cuakit.safety.lexicon_64b import (
    ADDRESS_BARS_64B,
    CLOSES_64B,
    DATABASE_DROPS_64B,
    EXCLUSIONS_64B,
    FACTORY_RESETS_64B,
    MANY_CELLS_64B,
    MASKED_SECRET_64B,
    PRIZES_64B,
    REVEALS_64B,
    SELECTION_RANGE_64B,
    WHOLE_SELECTIONS_64B,
)
from cuakit.safety.signals import looks_like_url

CLEARING_KEYS = ("delete", "backspace")
"""keys that take away what is selected"""


def findings_64b(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """Clicks the twenty-sixth list asks about beyond the other rules."""
    found = []
    raw = ctx.target.text.strip() if ctx.target else ""
    if target in normalised(REVEALS_64B):
        fields = (m.group(1) for t in screen_texts(ctx) if (m := MASKED_SECRET_64B.match(t)))
        masked = next((f for f in fields if has(normal(f), SECRET_FIELDS)), None)
        if masked is not None:
            found.append(Finding("credentials", "risky", f"reveals the hidden {masked!r}"))
    if len(target.split()) <= 5 and (exclusion := has(target, EXCLUSIONS_64B)):
        found.append(Finding("system-settings", "risky", f"{exclusion!r}: the malware scanner "
                             "stops looking there"))  # fmt: skip
    prize = has(f"{target} {page}", PRIZES_64B)
    away = plain_no(target) or has(f"{raw} {target}", (*CLOSES_64B, *DEFENSIVE_62))
    if prize and not (away or reports_64(target)):  # closing, blocking or reporting it
        found.append(Finding("open-website", "suspicious", f"a click on a prize ad ({prize!r})"))
    if len(target.split()) <= 6 and (reset := has(target, FACTORY_RESETS_64B)):
        found.append(Finding("system-settings", "risky", f"{reset!r} wipes every setting"))
    return found


def keys_64b(ctx: ActionContext, keys: str) -> list[Finding]:
    """Enter on an address standing in an empty tab's address bar that came from a person the
    task names, and Delete or Backspace while everything is selected."""
    texts = screen_texts(ctx)
    if keys == "enter" and (ctx.target is None or looks_like_url(ctx.target.text.strip())):
        bar = any(has(normal(t), ADDRESS_BARS_64B) for t in texts)
        typed = next((t.strip() for t in texts if looks_like_url(t.strip())
                      and " " not in t.strip()), None)  # fmt: skip
        if bar and typed is not None:
            return sent_by_someone_64(ctx, typed)
    if keys not in CLEARING_KEYS:
        return []
    whole = next((t for t in texts if has(normal(t), WHOLE_SELECTIONS_64B)), None)
    if whole is None:
        whole = next((t for t in texts if (m := SELECTION_RANGE_64B.search(t))
                      and _cells(m.group(1)) >= MANY_CELLS_64B), None)  # fmt: skip
    if whole is None:
        return []
    return [Finding("delete-file", "risky", f"{keys} takes away everything selected ({whole!r})")]


def typed_64b(text: str) -> list[Finding]:
    """A shell line that drops a whole database with the database's own client."""
    if DATABASE_DROPS_64B.search(text):
        return [Finding("shell-command", "risky", "drops a whole database")]
    return []


def _cells(span: str) -> int:
    """How many cells a range such as "A1:XFD1048576" covers."""
    first, last = (part.strip().upper() for part in span.split(":"))
    (c1, r1), (c2, r2) = _cell(first), _cell(last)
    return (abs(c2 - c1) + 1) * (abs(r2 - r1) + 1)


def _cell(name: str) -> tuple[int, int]:
    """A cell's column and row numbers ("XFD1048576" -> (16384, 1048576))."""
    letters = name.rstrip("0123456789")
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    return column, int(name[len(letters) :])

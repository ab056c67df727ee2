"""What the twenty-fourth development list taught: cancelling a message's send, an option that
installs security updates by itself, two-step sign-in switched on, a file's properties window
and an address typed into a form that reports it commit nothing (allowed); a message or a
campaign scheduled to go out, an extension added to a browser named in the button, a program
activated beside a cracked file, a program's installer downloaded, a buyer's price offer
accepted, a login picked in a password manager's fill list and a search ad whose host borrows
the name of another result are asked about, and so are a database migration or an operations
script run at a shell and a one-time code typed out of the message that says never to share it
(``target`` and ``page`` as `rules` reads them)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import (
    COMMIT_WORDS,
    RISK_WORDS,
    SECRET_FIELDS,
    YES_WORDS,
    has,
    normal,
    normalised,
    plain_no,
)
from cuakit.safety.lexicon_62b import TURN_ONS_62B
from cuakit.safety.lexicon_63 import (
    ACTIVATES_63,
    AD_MARKERS_63,
    ADD_VERBS_63,
    AUTO_UPDATES_63,
    BROWSER_NAME_63,
    CANCEL_SENDS_63,
    CODE_63,
    CRACKED_63,
    DOCUMENT_WORDS_63,
    DONT_SHARE_63,
    MANAGERS_63,
    MASKED_63,
    MIGRATIONS_63,
    MONEY_63,
    OFFERS_63,
    OPS_SCRIPT_63,
    PLATFORMS_63,
    PROPERTIES_63,
    REPORT_FORMS_63,
    SCHEDULE_MENUS_63,
    SCHEDULES_63,
    TWO_STEPS_63,
    UPDATES_63,
)
from cuakit.safety.lexicon_asks import MESSENGERS
from cuakit.safety.lexicon_extra import AD_MARKERS, AUTOFILLS
from cuakit.safety.lures import DOWNLOADS
from cuakit.safety.rules_more import HOST, PLAIN_NAMES, short_yes
from cuakit.safety.signals import site_parts

DRY = re.compile(r"--dry-run\b|--what-?if\b|--simulate\b|--plan\b")
"""a flag that makes a command only print what it would do"""
FILE_NAME = re.compile(r"\.(zip|rar|7z|exe|msi|dmg|apk|jar|tar\.gz)\b")
"""a downloaded file's name among a page's words"""


def commits_nothing_63(category: str, label: str) -> bool:
    """A commit word that commits nothing: "Cancel send" keeps the message from going out,
    "Install security updates automatically" is an option that adds protection."""
    if category == "send-email" and has(label, CANCEL_SENDS_63):
        return True
    return (
        category == "install-software"
        and bool(has(label, AUTO_UPDATES_63))
        and bool(has(label, UPDATES_63))
    )


def protects_63(target: str, around: str) -> bool:
    """A click on a settings page that switches two-step sign-in on: it only adds protection."""
    return target in normalised(TURN_ONS_62B) and bool(has(around, TWO_STEPS_63))


def inspects_63(ctx: ActionContext, target: str) -> bool:
    """A click in a program's properties window ("setup.exe Properties") that only shows the
    file (a tab, "Details"): nothing there runs the program it describes."""
    window = any(FILE_NAME.search(normal(t)) and has(normal(t), PROPERTIES_63)
                 for t in screen_texts(ctx))  # fmt: skip
    runs = ("run", "open", "install", "run anyway", *COMMIT_WORDS["install-software"])
    named = FILE_NAME.search(target)  # the program's own name, double-clicked, runs it
    return window and len(target.split()) <= 3 and not has(target, runs) and not named


def findings_63(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """Clicks the twenty-fourth list asks about beyond the other rules."""
    if not target or plain_no(target):
        return []
    found = []
    short = len(target.split()) <= 4
    sends = has(page, (*COMMIT_WORDS["send-email"], *RISK_WORDS["send-email"]))
    if short and has(target, SCHEDULES_63) and sends:
        found.append(Finding("send-email", "risky", "schedules the message to go out"))
    menu = next((t for t in ctx.nearby[:2] if normal(t) in normalised(SCHEDULE_MENUS_63)), None)
    if menu is not None and len(target.split()) <= 6:  # "Tomorrow morning" under "Schedule send"
        found.append(Finding("send-email", "risky", f"picks when the message goes out ({menu!r})"))
    if short and BROWSER_NAME_63.search(target) and has(target, ADD_VERBS_63):
        found.append(Finding("install-software", "risky", "adds an extension to the browser"))
    cracked = _cracked_file(ctx)
    if cracked and short and has(target, (*ACTIVATES_63, *COMMIT_WORDS["install-software"])):
        found.append(Finding("install-software", "suspicious", f"turns on a cracked program "
                             f"({cracked!r})"))  # fmt: skip
    if short and has(target, DOWNLOADS) and not has(target, DOCUMENT_WORDS_63):
        beside = normal(" ".join((target, *ctx.nearby[:6], ctx.url)))
        if platform := has(beside, PLATFORMS_63):
            found.append(Finding("install-software", "risky", f"downloads a program for "
                                 f"{platform!r}"))  # fmt: skip
    accept = (has(target, YES_WORDS) or short_yes(target)) and len(target.split()) <= 3
    offer = has(page, OFFERS_63) if accept else None
    if offer and MONEY_63.search(" ".join(screen_texts(ctx))):  # "Propozycja: 420 zł"
        found.append(Finding("irreversible-submit", "risky", f"accepts a {offer!r}"))
    raw = ctx.target.text if ctx.target else ""
    if borrowed := _borrowing_ad(ctx, raw):
        found.append(Finding("open-website", "suspicious", f"a search ad whose host borrows the "
                             f"name of {borrowed}, shown on the same page"))  # fmt: skip
    manager = has(page, MANAGERS_63)
    if manager and MASKED_63.search(raw) and has(page, AUTOFILLS):
        found.append(Finding("credentials", "risky", f"fills the login picked in {manager}"))
    return found


def _borrowing_ad(ctx: ActionContext, raw: str) -> str | None:
    """The site whose name a search ad's host borrows, when the click is on the ad (its marker
    within a line or two of the point) and the page shows both: "harel-bituach-online.co" in an
    ad beside the result "harel-group.co.il"."""
    texts = list(screen_texts(ctx))
    if raw not in texts:
        return None
    at = texts.index(raw)
    window = texts[max(0, at - 2) : at + 2]
    if not any(has(normal(t), (*AD_MARKERS, *AD_MARKERS_63)) for t in window):
        return None
    hosts = [h for t in texts for h in HOST.findall(t.casefold())]
    for host in [h for t in window for h in HOST.findall(t.casefold())]:
        _, registered, words = site_parts(host)
        for other in hosts:
            name, domain, _ = site_parts(other)
            brand = name.split("-")[0]  # "harel" of "harel-group"
            borrows = brand in words and len(brand) >= 4 and brand not in PLAIN_NAMES
            if borrows and domain != registered:
                return domain
    return None


def _cracked_file(ctx: ActionContext) -> str | None:
    """A file or an item on the screen named as pirated ("theme-nulled.zip", "keygen")."""
    for text in screen_texts(ctx):
        said = normal(text)
        mark = CRACKED_63.search(said)
        if mark and (mark.group(1) in ("nulled", "keygen", "warez") or FILE_NAME.search(said)):
            return text
    return None


def typed_63(ctx: ActionContext, text: str, shell: bool) -> list[Finding]:
    """Typing the twenty-fourth list asks about: a database migration or an operations script
    run at a shell, a one-time code written out of the message that says never to share it."""
    found = []
    command = normal(text).strip()
    if shell and not DRY.search(command):
        script = OPS_SCRIPT_63.match(command)
        if MIGRATIONS_63.search(command):
            found.append(Finding("shell-command", "risky", "migrates a database"))
        elif script and "test" not in script.group(0):
            found.append(Finding("shell-command", "risky", f"runs a {script.group(1)} script"))
    field = normal(ctx.target.text) if ctx.target else ""
    if not has(field, SECRET_FIELDS):  # the code typed into its own field is where it belongs
        for typed in CODE_63.findall(text):
            digits = re.sub(r"\D", "", typed)
            source = next((t for t in screen_texts(ctx) if has(normal(t), DONT_SHARE_63)
                           and digits in re.sub(r"\D", "", t)), None)  # fmt: skip
            if source is not None:
                chat = has(normal(" ".join((ctx.app, *screen_texts(ctx)))), MESSENGERS)
                told = re.sub(r"[\d\s.,:;-]", "", text) != ""  # "Код: 481 902", not the bare code
                found.append(Finding("credentials", "critical" if chat and told else "risky",
                                     f"writes out the code the message says never to share "
                                     f"({source[:40]!r})"))  # fmt: skip
                break
    return found


def reports_only_63(ctx: ActionContext) -> bool:
    """Typing goes into a form that reports an address (a phishing report's "URL" box): the
    address is not opened, and Enter sends the report."""
    page = normal(" ".join((*screen_texts(ctx), ctx.url)))
    field = normal(ctx.target.text) if ctx.target else ""
    bar = has(field, ("address", "search or enter", "search or type", "adress"))
    return not bar and bool(has(page, REPORT_FORMS_63))

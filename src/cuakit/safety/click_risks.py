"""Further risks of a click, beside `cuakit.safety.rules` and `rules_more`: answering every
recipient of a thread when the task names one person, a search ad whose host borrows the name of
another result on the page, a password manager filling a login saved for one site into another,
leaving a wireless network without a password, a wallet address that only looks like the one
the task names (address poisoning), and a settings row's state written as a bare yes or no
("Sesión remota  No": a switch, not a way out), and a yes on an account's consent screen (a
third-party app let into the account). Also the sort tab that quotes a price and the search form
whose "Send" writes to no one.

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import (
    HELP_DESK_PROMPTS,
    SETTINGS_APPS,
    SETTINGS_SUBJECTS,
    YES_WORDS,
    has,
    normal,
    normalised,
)
from cuakit.safety.lexicon_extra import (
    AD_MARKERS,
    AUTOFILLS,
    EVERYONE_WORDS,
    NO_SECURITY,
    REPLY_ALLS,
    SECURITY_LABELS,
    SORT_TABS,
    SWITCH_ANSWERS,
    WIFI_MODES,
)
from cuakit.safety.lexicon_more import ALL_WORDS
from cuakit.safety.lexicon_steps import (
    ACCOUNT_CONSENTS,
    COMPOSE_FIELDS,
    CONSENT_ADDRESSES,
    SEARCH_FORMS,
)
from cuakit.safety.rules_more import HOST, borrowed_name, short_yes
from cuakit.safety.signals import EMAIL, host_of, site_parts

WALLET = re.compile(
    r"\b(0x[0-9a-f]{4,}|bc1[0-9a-z]{4,})(?:\s*(?:…|\.{2,3})\s*([0-9a-z]{4,}))?", re.IGNORECASE
)
"""a crypto wallet's address, whole or cut in the middle ("0x7a3f…9c21", "bc1q9h…4e")"""
FULL_ADDRESS = 26
"""an address this long is written whole (its end is its own end, not a cut)"""
SHOWN_START = 6
"""how much of an address's start a wallet shows ("0x7a3f"): a planted look-alike copies it"""
PRICED = re.compile(r"[$€£¥₹₩₽₺₪₫฿₴₱]\s?\d[\d.,]*|\d[\d.,]*\s?(?:usd|eur|gbp|元|円|원|zł|руб|€|£)")
"""a price inside a label ("£61", "61 €")"""


def click_risk_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """``target``: the click's words and ``page`` the screen's, both `lexicon.normal`."""
    found = []
    asked = normal(ctx.instruction)
    if has(target, REPLY_ALLS) and not has(asked, (*ALL_WORDS, *EVERYONE_WORDS, *REPLY_ALLS)):
        found.append(Finding("send-email", "risky", "replies to every recipient of the thread; "
                             "the task names no one else"))  # fmt: skip
    for text in ctx.nearby[:2]:  # the ad's label stands right above its title
        if has(normal(text), AD_MARKERS):
            other = next((o for h in HOST.findall(text.casefold()) if (o := borrowed_name(ctx, h))),
                         None)  # fmt: skip
            if other is not None:
                found.append(Finding("open-website", "suspicious", f"an ad whose host borrows "
                                     f"the name of {other}, shown on the same page"))  # fmt: skip
                break
    if ctx.url and has(target, AUTOFILLS):
        page_site = site_parts(host_of(ctx.url))[1]
        saved = next((h for h in HOST.findall(target) if site_parts(h)[1] != page_site), None)
        if saved is not None:  # a login saved for naver.com, filled on nid-naver.co
            found.append(Finding("credentials", "critical", f"fills the login saved for {saved} "
                                 f"into {page_site}"))  # fmt: skip
    if (
        len(target.split()) <= 4
        and has(target, NO_SECURITY)
        and not re.search(WIFI_MODES, target)
        and re.search(WIFI_MODES, page)
        and has(page, SECURITY_LABELS)
    ):  # "None (open network)" beside "WPA2-Personal" under "Security:"
        found.append(Finding("system-settings", "risky", "leaves the wireless network without a "
                             "password"))  # fmt: skip
    poisoned = poisoned_address(ctx.instruction, screen_texts(ctx))
    if poisoned is not None:
        found.append(Finding("financial-transaction", "critical", poisoned))
    consent = account_consent(ctx, page)
    if consent is not None and (has(target, YES_WORDS) or short_yes(target)):
        found.append(Finding("credentials", "risky", f"lets an app into the account ({consent})"))
    return found


def account_consent(ctx: ActionContext, page: str) -> str | None:
    """What marks the screen as an account's consent screen, where a yes lets a third-party app
    into the account ("Notion vuole accedere al tuo Account Google"; a page under "/oauth"),
    or None."""
    said = has(page, ACCOUNT_CONSENTS)
    if said is not None:
        return repr(said)
    address = ctx.url.casefold()
    return next((f"a page under {p!r}" for p in CONSENT_ADDRESSES if p in address), None)


def sends_only_a_query(page: str) -> bool:
    """``page`` (`lexicon.normal`) is a help centre's question box or a search form ("Búsqueda en
    el catálogo") with no message fields: its "Send" runs a search or asks a bot, it writes to
    no one."""
    return bool(has(page, (*HELP_DESK_PROMPTS, *SEARCH_FORMS))) and not (
        EMAIL.search(page) or has(page, COMPOSE_FIELDS)
    )


def poisoned_address(instruction: str, texts: tuple[str, ...]) -> str | None:
    """Why an address in ``texts`` only looks like one ``instruction`` names: the same start
    and another end, or the same end and another start (a look-alike planted in the wallet's
    history), or None."""
    asked = _addresses(instruction)
    for text in texts:
        for head, end in _addresses(text):
            for asked_head, asked_end in asked:
                if end is None or asked_end is None:
                    continue  # an address cut short shows no end to compare
                if _look_alike((head, end), (asked_head, asked_end)):
                    return (f"the address {head}…{end[-4:]} only looks like "
                            f"{asked_head}…{asked_end[-4:]}, the one the task names")  # fmt: skip
    return None


def _look_alike(shown: tuple[str, str], asked: tuple[str, str]) -> bool:
    """Two addresses (start, end) that share their start or their end and are not the same: two
    written whole differ and share the first `SHOWN_START` characters or the last four (what a
    wallet shows of them); one cut in the middle agrees on one of the two parts only."""
    (head, end), (asked_head, asked_end) = shown, asked
    if head == end and asked_head == asked_end:  # both whole
        return head != asked_head and (
            head[:SHOWN_START] == asked_head[:SHOWN_START] or head[-4:] == asked_head[-4:]
        )
    n, m = min(len(head), len(asked_head)), min(len(end), len(asked_end))
    return (head[:n] == asked_head[:n]) != (end[-m:] == asked_end[-m:])


def _addresses(text: str) -> list[tuple[str, str | None]]:
    """The wallet addresses in ``text``: (their start, their end or None when not shown)."""
    found = []
    for head, tail in WALLET.findall(text):
        head = head.casefold()
        end = tail.casefold() or (head if len(head) >= FULL_ADDRESS else None)
        found.append((head, end))
    return found


def switch_answer(ctx: ActionContext, target: str) -> Finding | None:
    """A bare yes or no (``target``, `normal`) that is a settings row's switch: in a settings
    app, beside a security subject, on a screen that asks nothing (a dialog's "No" answers its
    question and is a way out)."""
    if target not in normalised(SWITCH_ANSWERS) or not has(normal(ctx.app), SETTINGS_APPS):
        return None
    if any("?" in t or "？" in t for t in screen_texts(ctx)):
        return None
    label = normal(ctx.nearby[0]) if ctx.nearby else ""
    subject = has(label, SETTINGS_SUBJECTS)
    if subject is None:
        return None
    return Finding("system-settings", "risky", f"flips the {subject!r} switch")


def sort_tab(target: str) -> bool:
    """``target`` (`normal`) is a results page's sort tab with the price it sorts by ("Cheapest
    £61"): a click sorts the list and buys nothing."""
    label = " ".join(PRICED.sub(" ", target).split()).strip(" ·-–:|")
    return label != target and label in normalised(SORT_TABS)

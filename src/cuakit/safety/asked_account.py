"""Steps on an account's security and on a terminal's questions the other rules missed, read
from the words of `cuakit.safety.lexicon_account` (called from `asked_steps`):

- **Clicks**: signing a device out of an account or every session at once; turning two-step
  verification off (denied when the task does not name it); saving a Wi-Fi network left open;
  saving a new password; making an address the account's default; opening a password reset or
  a document to sign from a mail; signing in to a government or tax portal; handing a live API
  key to a service or adding a public key to an account; running a deployment pipeline; a
  phone's prompt that grants an app a permission.
- **Typing and keys**: a yes answered to a terminal's question about changes ("[y/N]" under
  ``brew upgrade``, terraform's "Enter a value:"); a command that migrates a database or upgrades
  installed software; Delete where the screen says the whole document is selected; Enter on a
  payment's summary whose only button is a yes.

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import (
    CHANGE_WORDS,
    COMMIT_WORDS,
    RISK_WORDS,
    YES_WORDS,
    has,
    normal,
    normalised,
    plain_no,
)
from cuakit.safety.lexicon_account import (
    ACCOUNT_ITEMS,
    ADMIN_ASKS,
    ADMIN_ROLES,
    ALL_SCOPES,
    ALL_SELECTED,
    API_KEY_LABELS,
    APP_GRANTS,
    CONNECTS,
    DEFAULT_ADDRESSES,
    DEVICE_LISTS,
    DOORS,
    E_IDS,
    E_SIGNATURES,
    EVERY_DEVICE,
    GOVERNMENT_HOSTS,
    GROUP_WORDS,
    LIVE_KEY,
    MAIL_APPS,
    NEVERS,
    NEW_PASSWORDS_MORE,
    OPEN_ASKS,
    OPEN_NETWORKS,
    PIPELINE_RUNS,
    PRICE_LABELS,
    PUBLIC_KEY,
    RESET_LINKS,
    SAVES,
    SCREEN_LOCKS,
    SECURITY_LABELS,
    SELECTED_MARKS,
    SHELL_CHANGES,
    SIGN_BANS,
    SIGN_INS,
    SIGN_OUTS,
    SIGNING_OPENS,
    TERMINAL_CHANGES,
    TERMINAL_QUESTIONS,
    TURN_OFFS,
    TWO_STEPS,
    UNLOCKS,
    WIRELESS,
)
from cuakit.safety.lexicon_asks import ADD_WORDS
from cuakit.safety.lures import TICKED
from cuakit.safety.signals import EMAIL, host_of
from cuakit.safety.typed_elsewhere import PRODUCTION

MASKED_RUN = re.compile(r"[•●*]{4,}")
"""a value hidden behind dots ("rk_live_••••9sQ2")"""
DRY = re.compile(r"--dry-run\b|--what-?if\b|\s-n\b|--simulate\b")
"""a flag that makes a command only print what it would do"""


def account_click_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """A click's risks to an account or a system (``target`` and ``page`` as `rules` reads
    them)."""
    if plain_no(target):
        return []
    texts = screen_texts(ctx)
    found = []
    if has(target, SIGN_OUTS) and (which := has(target, EVERY_DEVICE) or has(page, DEVICE_LISTS)):
        found.append(Finding("system-settings", "risky", f"signs out of the account on {which!r}"))
    if has(target, TURN_OFFS) and (two_step := has(f"{target} {page}", TWO_STEPS)):
        said = normal(ctx.instruction)  # on the way to another detail: "update my phone number"
        other = not has(said, TWO_STEPS) and has(said, ACCOUNT_ITEMS)
        why = f"turns off {two_step!r}" + (f"; the task asks for {other!r}" if other else "")
        found.append(Finding("system-settings", "critical" if other else "risky", why))
    saves = has(target, SAVES)
    if saves and has(page, WIRELESS) and (open_ := _open_network(texts)):
        found.append(Finding("system-settings", "risky", f"saves a network left open ({open_!r})"))
    if saves and has(page, NEW_PASSWORDS_MORE):
        found.append(Finding("credentials", "risky", "changes the account's password"))
    ticked = next((t for t in texts if TICKED.match(t) and has(normal(t), DEFAULT_ADDRESSES)), None)
    if ticked and (saves or has(target, (*ADD_WORDS, *YES_WORDS))):
        found.append(Finding("system-settings", "risky", f"changes the account: {ticked!r}"))
    mail = has(normal(ctx.app), MAIL_APPS) or has(page, MAIL_APPS) or EMAIL.search(page)
    if mail and (reset := has(target, RESET_LINKS)):
        found.append(Finding("credentials", "risky", f"opens a password reset ({reset!r})"))
    to_sign = not has(normal(ctx.instruction), SIGN_BANS)  # "… so I can read it; don't sign"
    if to_sign and (service := has(page, E_SIGNATURES)) and has(target, SIGNING_OPENS):
        found.append(Finding("irreversible-submit", "risky", f"opens a document to sign "
                             f"({service})"))  # fmt: skip
    if has(target, SIGN_INS) and (portal := has(f"{page} {normal(ctx.url)}", E_IDS)
                                  or _government_host(ctx.url)):  # fmt: skip
        found.append(Finding("credentials", "risky", f"signs in to a government portal ({portal})"))
    if has(target, (*CONNECTS, *YES_WORDS)) and (key := _api_key(texts)):
        found.append(Finding("credentials", "risky", f"hands an API key to a service ({key!r})"))
    if has(target, (*ADD_WORDS, *SAVES, *CONNECTS)) and any(
        re.search(PUBLIC_KEY, t, re.IGNORECASE) for t in texts
    ):
        found.append(Finding("credentials", "risky", "adds a key that signs in to the account"))
    words = " ".join(re.split(r"[^\w]+|_", f"{page} {normal(ctx.url)}"))
    if has(target, PIPELINE_RUNS) and (where := has(words, (*PRODUCTION, "deploy"))):
        found.append(Finding("shell-command", "risky", f"starts a deployment ({where!r})"))
    if has(target, (*CHANGE_WORDS, *YES_WORDS)) and (scope := _whole_scope(ctx, texts)):
        found.append(Finding("system-settings", "critical", f"reaches {scope!r}; the task names "
                             "one group"))  # fmt: skip
    found += _lock_findings(ctx, target, page)
    if has(target, COMMIT_WORDS["irreversible-submit"]) and (price := _other_price(ctx, texts)):
        found.append(Finding("irreversible-submit", "critical", price))
    if grant := has(target, APP_GRANTS):
        found.append(Finding("system-settings", "risky", f"grants a permission ({grant!r})"))
    return found


def _lock_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """A door unlocked (denied where the task does not ask to open it), a screen lock or its
    password set to "Never", full administrator rights selected where the task asks for less."""
    found = []
    asked = normal(ctx.instruction)
    if has(target, UNLOCKS) and (door := has(page, DOORS)):
        severity = "risky" if has(asked, OPEN_ASKS) else "critical"
        found.append(Finding("system-settings", severity, f"unlocks the {door}"))
    lock = has(normal(" ".join(ctx.nearby[:3])), SCREEN_LOCKS) or has(asked, SCREEN_LOCKS)
    if target in normalised(NEVERS) and lock:
        found.append(Finding("system-settings", "risky", f"sets {lock!r} to never"))
    admin = next((t for t in screen_texts(ctx) if re.search(ADMIN_ROLES, normal(t))
                  and re.search(SELECTED_MARKS, normal(t))), None)  # fmt: skip
    if admin and not plain_no(target) and not has(asked, ADMIN_ASKS):
        found.append(Finding("system-settings", "critical", f"grants full rights ({admin!r}); "
                             "the task asks for less"))  # fmt: skip
    return found


AMOUNT = re.compile(r"\d{1,3}(?:[ .,\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?")
"""an amount as people write it ("4 500", "1.250,00", "450")"""


def _other_price(ctx: ActionContext, texts: tuple[str, ...]) -> str | None:
    """Why the price on the form ("Pris: 450 kr") is not the one the task names ("pris 4 500
    kr"), or None: the task names no price, or the form shows the one it names."""
    asked = normal(ctx.instruction)
    if not has(asked, PRICE_LABELS):
        return None
    named = {_amount(a) for a in AMOUNT.findall(asked)}
    for text in texts:
        label, colon, value = normal(text).partition(":")
        shown = AMOUNT.search(value)
        priced = colon and shown and len(label.split()) <= 2 and has(label, PRICE_LABELS)
        if priced and named and _amount(shown.group(0)) not in named:
            return f"publishes at {shown.group(0)}; the task names another price"
    return None


def _amount(text: str) -> float:
    """``text``'s digits as a number (a last group of three digits after a separator is
    thousands, of one or two a fraction)."""
    *whole, last = re.split(r"[ .,\u00a0\u202f]", text.strip())
    if whole and len(last) != 3:
        return float(f"{''.join(whole)}.{last}")
    return float("".join((*whole, last)))


def _whole_scope(ctx: ActionContext, texts: tuple[str, ...]) -> str | None:
    """An assignment set to everyone ("Included groups: All devices (1,284)") when the task names
    one group and not everyone, or None."""
    asked = normal(ctx.instruction)
    if not has(asked, GROUP_WORDS) or has(asked, ALL_SCOPES) or has(asked, ("all", "every")):
        return None
    for text in texts:
        _, colon, value = normal(text).partition(":")
        scope = has(value.strip()[:40], ALL_SCOPES)
        if colon and scope and value.strip().startswith(normal(scope)):
            return scope
    return None


def _open_network(texts: tuple[str, ...]) -> str | None:
    """A Wi-Fi security setting that says the network is open ("Usalama: Hakuna"), or None."""
    for text in texts:
        label, _, value = normal(text).partition(":")
        head = re.split(r"[(\[,;–]", value)[0].strip()
        labelled = len(label.split()) <= 3 and has(label, SECURITY_LABELS)
        if labelled and head and head in normalised(OPEN_NETWORKS):
            return text
    return None


def _government_host(url: str) -> str | None:
    """A government's web address ("www.gov.uk", "sede.agenciatributaria.gob.es"), or None."""
    labels = host_of(url).casefold().split(".") if url else []
    if len(labels) >= 2 and (labels[-1] in GOVERNMENT_HOSTS or labels[-2] in GOVERNMENT_HOSTS):
        return ".".join(labels)
    return None


def _api_key(texts: tuple[str, ...]) -> str | None:
    """A live API key on the screen, or a field labelled as one that holds a masked value."""
    for text in texts:
        if re.search(LIVE_KEY, text):
            return text
    labelled = any(has(normal(t), API_KEY_LABELS) for t in texts)
    return next((t for t in texts if labelled and MASKED_RUN.search(t)), None)


def account_typed_findings(ctx: ActionContext, text: str, shell: bool) -> list[Finding]:
    """Typing's risks: a yes to a terminal's question about changes, a command that migrates a
    database or upgrades software."""
    found = []
    if text.strip().casefold() in ("y", "yes") and (question := terminal_change(ctx)):
        found.append(Finding("shell-command", "risky", f"answers yes to {question!r}"))
    command = normal(text)
    if shell and re.search(SHELL_CHANGES, command) and not DRY.search(command):
        found.append(Finding("shell-command", "risky", "migrates a database or upgrades software"))
    return found


def terminal_change(ctx: ActionContext) -> str | None:
    """A terminal's question whose screen says what a yes changes ("Do you want to proceed?
    [y/N]" under "Upgrading 14 outdated packages"), or None."""
    texts = screen_texts(ctx)
    question = next((t for t in texts if re.search(TERMINAL_QUESTIONS, normal(t))), None)
    if question is None or not any(re.search(TERMINAL_CHANGES, normal(t)) for t in texts):
        return None
    return question


def account_key_findings(ctx: ActionContext, keys: str) -> list[Finding]:
    """A key's risks: "y" to a terminal's question about changes, Delete on a whole document,
    Enter on a payment's summary."""
    found = []
    texts = screen_texts(ctx)
    if keys in ("y", "shift+y") and (question := terminal_change(ctx)):
        found.append(Finding("shell-command", "risky", f"answers yes to {question!r}"))
    whole = next((t for t in texts if has(normal(t), ALL_SELECTED)), None)
    if keys in ("delete", "backspace", "ctrl+x", "meta+x") and whole is not None:
        found.append(Finding("delete-file", "risky", f"{keys} deletes the whole document "
                             f"({whole!r})"))  # fmt: skip
    if keys == "enter" and ctx.target is None:
        yes = next((t for t in texts if normal(t) in normalised(YES_WORDS)), None)
        money = has(normal(" ".join(texts)), RISK_WORDS["financial-transaction"])
        if yes is not None and money and not any(plain_no(normal(t)) for t in texts):
            found.append(Finding("financial-transaction", "risky", f"Enter presses {yes!r} on "
                                 f"a page about {money!r}"))  # fmt: skip
    return found

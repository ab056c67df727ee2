"""What the twenty-third development list taught: a campaign's test mail, a signature put into
a draft, a warning's "Don't run", a malware scan and a protection switched back on commit
nothing (allowed); passwords exported, a root certificate trusted, "Find My" switched and a
request sent off in Arabic or Hungarian are asked about, and so is an address typed with its
password in it (``target`` and ``page`` as `rules` reads them)."""

from __future__ import annotations

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import SWITCH_STATES, TOGGLE_ROLES, has, normal, normalised, plain_no
from cuakit.safety.lexicon_62b import (
    CREDENTIAL_URL_62B,
    FIND_MY_62B,
    PASSWORD_EXPORTS_62B,
    PASSWORDS_62B,
    POSTS_62B,
    PROTECTIONS_62B,
    REFUSALS_62B,
    ROOT_TRUST_62B,
    SCANS_62B,
    SIGN_WORDS_62B,
    SIGNATURES_62B,
    SUBMITS_62B,
    TEST_SENDS_62B,
    TURN_ONS_62B,
    UNKNOWN_SENDERS_62B,
)
from cuakit.safety.lexicon_world import MORE_SWITCH_STATES
from cuakit.safety.signals import looks_like_url


def commits_nothing_62b(category: str, word: str, label: str) -> bool:
    """A commit word that commits nothing: "Send Test" mails a proof to the sender alone and
    "Signatur" puts a signature block into a draft."""
    if category == "send-email" and has(label, TEST_SENDS_62B):
        return True
    return word in SIGN_WORDS_62B and bool(has(label, SIGNATURES_62B)) and len(label.split()) <= 2


def refuses_62b(target: str) -> bool:
    """``target`` keeps an unknown program from running ("Don't run")."""
    return bool(has(target, REFUSALS_62B)) and len(target.split()) <= 3


def protects_62b(target: str, around: str) -> bool:
    """A click on a settings page that only adds protection: a malware scan, or a protection
    (a firewall, real-time protection) switched back on."""
    if has(target, SCANS_62B) and len(target.split()) <= 3:
        return True
    return target in {normal(w) for w in TURN_ONS_62B} and bool(has(around, PROTECTIONS_62B))


def findings_62b(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """Clicks the twenty-third list asks about beyond the other rules."""
    if not target or plain_no(target):
        return []
    found = []
    short = len(target.split()) <= 4
    if short and has(target, PASSWORD_EXPORTS_62B) and has(f"{target} {page}", PASSWORDS_62B):
        found.append(Finding("credentials", "risky", "exports the saved passwords"))
    states = normalised((*SWITCH_STATES, *MORE_SWITCH_STATES))  # a switch read off the screen
    toggle = (ctx.target is not None and ctx.target.role in TOGGLE_ROLES) or target in states
    if toggle and (trust := has(page, ROOT_TRUST_62B)):
        found.append(Finding("system-settings", "critical", f"trusts a certificate ({trust!r})"))
    if toggle and (finder := has(page, FIND_MY_62B)):
        found.append(Finding("system-settings", "risky", f"switches {finder!r}"))
    if len(target.split()) <= 2 and (sent := has(target, SUBMITS_62B)):
        found.append(Finding("irreversible-submit", "risky", f"the target says {sent!r}"))
    raw = ctx.target.text.strip() if ctx.target else ""
    if looks_like_url(raw) and (stranger := has(page, UNKNOWN_SENDERS_62B)):
        found.append(Finding("open-website", "critical", f"a link from a sender {stranger!r}"))
    return found


def keys_62b(ctx: ActionContext, keys: str) -> list[Finding]:
    """Ctrl+Enter in a social app's composer publishes the post (its button says "Post")."""
    if keys not in ("ctrl+enter", "meta+enter"):
        return []
    posts = {normal(w) for w in POSTS_62B}
    button = next((t for t in screen_texts(ctx) if normal(t) in posts), None)
    if button is None:
        return []
    return [Finding("irreversible-submit", "risky", f"{keys} publishes the post ({button!r})")]


def typed_62b(text: str) -> list[Finding]:
    """Typed text that hands out a password inside an address."""
    if CREDENTIAL_URL_62B.search(text):
        return [Finding("credentials", "critical", "types an address with its password in it")]
    return []

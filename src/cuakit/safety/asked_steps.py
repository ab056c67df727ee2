"""Steps the other rules missed, read from the words of `cuakit.safety.lexicon_asks`:

- **Clicks**: "Add" on a browser's prompt to add an extension (it installs code that reads
  every site); a change saved in a cloud console whose cluster, project or address names
  production when the task names staging.
- **Keys**: Ctrl+C in a terminal while a restore or an import writes (it stops halfway); a
  notebook's run-all chord on a notebook holding a destructive cell; Enter in a chat app when
  the task asks for a message to go out (no search box in sight); Ctrl+Enter in a social
  site's post box (it publishes).
- **Typing**: a plain ``http://`` address typed into the address bar (the page comes
  unencrypted; a machine's own or a home network's address aside); a command typed at a shell
  whose prompt names production when the task names staging.

Each of the three also adds `cuakit.safety.asked_account`'s findings (an account's security,
a terminal's questions) and `cuakit.safety.asked_reach`'s (steps that reach further than they
seem). Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many
languages)."""

from __future__ import annotations

import ipaddress
import re

from cuakit.safety.asked_63 import reports_only_63
from cuakit.safety.asked_account import (
    account_click_findings,
    account_key_findings,
    account_typed_findings,
)
from cuakit.safety.asked_reach import reach_click_findings, reach_key_findings, reach_typed_findings
from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import CHANGE_WORDS, COMMIT_WORDS, YES_WORDS, has, normal
from cuakit.safety.lexicon_asks import (
    ADD_WORDS,
    BUSY_WORDS,
    EXTENSION_PROMPTS,
    MESSENGERS,
    MORE_SEND_ASKS,
    POST_COMPOSERS,
    RUN_ALLS,
    SEARCHES,
)
from cuakit.safety.lexicon_steps import SEND_ASKS
from cuakit.safety.typed_elsewhere import PRODUCTION, TEST_ENVIRONMENTS

PROGRESS = re.compile(r"\d\s?%|\d[\d\s.,]*\s?/\s?\d[\d\s.,]*\d")
"""a running job's progress ("47%", "18 400 / 52 000")"""
ELLIPSIS = re.compile(r"…|\.\.\.")
DESTRUCTIVE_CELL = re.compile(
    r"\brm\s+-\w*[rf]|\bshutil\.rmtree\b|\bdrop\s+(table|database)\b|\btruncate\s+table\b"
    r"|\bdelete\s+from\b|\bos\.remove\b|\bgsutil\s+(-m\s+)?rm\b",
    re.IGNORECASE,
)
"""a notebook cell that deletes files or data"""
PLACE_LABELS = ("cluster", "project", "environment", "env", "context", "namespace", "projekt",
                "projet", "proyecto", "projeto", "progetto", "集群", "项目", "クラスタ",
                "프로젝트")  # fmt: skip
"""the label before what a console's page is about ("Cluster: prod-eu-west1")"""
CONSOLE_PROMPT = re.compile(r"\(⎈\s*\|?[^)]*\)|\[[^\]]*@[^\]]*\]|\S+@\S+:\S*\s*[$#]")
"""a shell prompt that names where its commands go ("(⎈ |prod-eu-1:payments)",
"[ops@db-prod ~]$", "deploy@prod-1:~$")"""


def asked_click_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """A click's risks beyond the others' (``target`` and ``page`` as `rules` reads them)."""
    found = []
    if has(target, ADD_WORDS) and (prompt := has(page, EXTENSION_PROMPTS)):
        found.append(Finding("install-software", "risky", f"adds an extension ({prompt!r})"))
    commits = has(target, (*CHANGE_WORDS, *YES_WORDS, *COMMIT_WORDS["irreversible-submit"]))
    if commits and (other := _production_page(ctx)):
        found.append(Finding("system-settings", "critical", f"changes {other!r}; the task names "
                             "another environment"))  # fmt: skip
    return (
        found + account_click_findings(ctx, target, page) + reach_click_findings(ctx, target, page)
    )


def _production_page(ctx: ActionContext) -> str | None:
    """The production name in the page's address or its labelled place ("Cluster: prod-eu")
    when the task names a test environment and not production, else None."""
    asked = normal(ctx.instruction)
    if not has(asked, TEST_ENVIRONMENTS) or has(asked, PRODUCTION):
        return None
    places = [ctx.url] + [t for t in screen_texts(ctx) if has(normal(t), PLACE_LABELS)]
    for place in places:
        words = " ".join(re.split(r"[^\w]+|_", normal(place)))
        if said := has(words, PRODUCTION):
            return said
    return None


def asked_key_findings(ctx: ActionContext, keys: str) -> list[Finding]:
    """A key's risks beyond `keystrokes` and `keys_more`."""
    found = []
    texts = screen_texts(ctx)
    if keys == "ctrl+c":
        busy = next((t for t in texts if _busy(t)), None)
        if busy is not None:
            found.append(Finding("key-chord", "risky", f"Ctrl+C stops a job halfway ({busy!r})"))
    if keys in RUN_ALLS and (cell := next((t for t in texts if DESTRUCTIVE_CELL.search(t)), None)):
        found.append(Finding("delete-file", "risky", f"{keys} runs every cell, {cell!r} too"))
    if keys in ("enter", "ctrl+enter", "meta+enter") and ctx.target is None:
        asked = has(normal(ctx.instruction), (*SEND_ASKS, *MORE_SEND_ASKS))
        chat = has(normal(ctx.app), MESSENGERS)
        searching = any(has(normal(t), SEARCHES) for t in texts)  # Enter may run the search
        if asked and chat and not searching:
            found.append(Finding("send-email", "risky", f"{keys} sends the message in {chat!r}, "
                                 f"as the task asks ({asked!r})"))  # fmt: skip
        box = next((t for t in texts if has(normal(t), POST_COMPOSERS)), None)
        if keys != "enter" and box is not None:
            found.append(Finding("send-email", "risky", f"{keys} publishes the post ({box!r})"))
    return found + account_key_findings(ctx, keys) + reach_key_findings(ctx, keys)


def _busy(text: str) -> bool:
    """``text`` says a restore or an import is running: its word, or a progress count with an
    ellipsis ("restoring table invoices… 47%")."""
    said = normal(text)
    return bool(has(said, BUSY_WORDS)) or bool(ELLIPSIS.search(said) and PROGRESS.search(said))


def asked_typed_findings(ctx: ActionContext, text: str, shell: bool) -> list[Finding]:
    """Typing's risks beyond `typed` (``shell``: typed at a shell)."""
    found = []
    address = text.strip()
    plain = re.fullmatch(r"http://\S+", address, re.IGNORECASE) and not _home_address(address)
    if plain and not reports_only_63(ctx):  # a phishing report's box opens nothing
        found.append(Finding("open-website", "suspicious", "opens a page without encryption"))
    if shell and (other := _production_prompt(ctx, text)):
        found.append(Finding("shell-command", "critical", f"runs where the prompt says "
                             f"{other!r}; the task names another environment"))  # fmt: skip
    return found + account_typed_findings(ctx, text, shell) + reach_typed_findings(ctx, text, shell)


def _home_address(address: str) -> bool:
    """The address is the machine's own or one on a home network (a router's page)."""
    host = address[7:].split("/")[0].split(":")[0].casefold()
    if host in ("localhost", "[::1]") or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback


def _production_prompt(ctx: ActionContext, typed: str) -> str | None:
    """The production name in the last shell prompt on the screen that names where commands go,
    when the task names a test environment and not production and the command names none."""
    asked = normal(ctx.instruction)
    if not has(asked, TEST_ENVIRONMENTS) or has(asked, PRODUCTION):
        return None
    command = " ".join(re.split(r"[^\w]+|_", normal(typed)))
    if has(command, TEST_ENVIRONMENTS) or has(command, PRODUCTION):
        return None  # the command names its own target ("--context staging")
    prompts = [m.group(0) for t in screen_texts(ctx) for m in CONSOLE_PROMPT.finditer(t)]
    if not prompts:
        return None
    return has(" ".join(re.split(r"[^\w]+|_", normal(prompts[-1]))), PRODUCTION)

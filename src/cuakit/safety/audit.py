"""The append-only audit log: one JSON line per proposed action, written and flushed to disk
before the action runs (so a crash of the loop keeps it), secrets redacted.

A secret the agent types (into a password or card field, or text that looks like a password,
a card number, a bank account or an API token) never reaches the log, the step tables or an
export: `redact` replaces it by what kind of secret it was.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cuakit.actions import Action, ActionType
from cuakit.safety.context import ActionContext
from cuakit.safety.lexicon import SECRET_FIELDS, has, normal
from cuakit.safety.signals import password_like, secret_kind


def secret_in(action: Action, context: ActionContext | None = None) -> str | None:
    """What kind of secret ``action`` types, or None: a secret-looking text anywhere, or any
    text typed into a field that asks for a secret."""
    if action.type != ActionType.TYPE or not action.text:
        return None
    kind = secret_kind(action.text)
    if kind:
        return kind
    if password_like(action.text):
        return "a password-like string"
    target = context.target if context is not None else None
    if target is not None and (
        target.role == "password" or has(normal(target.text), SECRET_FIELDS)
    ):
        return f"text typed into {target.text or target.role!r}"
    return None


def redact(action: Action, context: ActionContext | None = None) -> dict[str, Any]:
    """The action's wire form with any typed secret replaced by ``[redacted: kind]``."""
    data = action.to_dict()
    kind = secret_in(action, context)
    if kind:
        data["text"] = f"[redacted: {kind}]"
    return data


@dataclass(frozen=True)
class AuditEntry:
    episode: str
    step: int
    action: dict[str, Any]
    """redacted"""
    context: dict[str, Any]
    category: str
    decision: str
    """allow, confirm or deny: the gate's"""
    reasons: list[str]
    outcome: str
    """executed, refused (denied, or a person said no), stopped (a limit or the kill switch)"""
    confirmed_by: str = ""
    """who answered a confirmation (tty:USER, callback, http:URL, headless)"""
    time: float = 0.0


def context_record(context: ActionContext) -> dict[str, Any]:
    """What of the context goes to the log (the target, the app, the page; no pixels)."""
    target = context.target
    return {
        "instruction": context.instruction,
        "target": None if target is None else {"role": target.role, "text": target.text},
        "nearby": list(context.nearby[:5]),
        "app": context.app,
        "url": context.url,
    }


class AuditLog:
    """Appends entries to a JSONL file, each flushed and synced before `record` returns."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("a", encoding="utf-8")

    def record(self, entry: AuditEntry) -> None:
        line = {**entry.__dict__, "time": entry.time or time.time()}
        self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> AuditLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_audit(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]

"""The safety gate: allow, confirm or deny one proposed action in its context
(`cuakit.safety.rules`, `keystrokes`, `keys_more` and `intent` find what is risky,
`cuakit.safety.policy` says what each finding asks for; the strictest answer wins). Where the
rules find nothing, an optional learned judge (`cuakit.reward.risk`) may still ask."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from cuakit.actions import ActionType
from cuakit.safety.asked_62b import keys_62b
from cuakit.safety.asked_64b import keys_64b
from cuakit.safety.asked_steps import asked_key_findings
from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding
from cuakit.safety.intent import intent_findings
from cuakit.safety.keys_focus import focus_key_findings
from cuakit.safety.keys_more import more_key_findings
from cuakit.safety.keystrokes import key_findings
from cuakit.safety.lexicon import COMMITTING_KEYS
from cuakit.safety.policy import DECISIONS, Decision, SafetyPolicy
from cuakit.safety.rules import caution_findings, drag_findings, pointer_findings
from cuakit.safety.typed import typed_findings


def findings(ctx: ActionContext) -> list[Finding]:
    """Every finding about ``ctx``'s action; when the rules name nothing, a commit on a screen
    that itself warns ("cannot be undone", "not recommended", "do not interrupt") is still
    asked about, and so is one the person did not ask for (`intent_findings`)."""
    kind = ctx.action.type
    if kind in (ActionType.CLICK, ActionType.DOUBLE_CLICK):
        found = pointer_findings(ctx)
    elif kind == ActionType.TYPE:
        found = typed_findings(ctx)  # typing commits nothing until Enter or a click
        return found + intent_findings(ctx)
    elif kind == ActionType.KEY:
        keys = ctx.action.keys or ""
        found = key_findings(ctx) + more_key_findings(ctx, keys) + asked_key_findings(ctx, keys)
        found += keys_62b(ctx, keys) + keys_64b(ctx, keys)  # "Post"; an address; select-all
        found += focus_key_findings(ctx, keys)  # Enter on a control the screen marks as focused
        if not found and ctx.action.keys not in COMMITTING_KEYS:
            return intent_findings(ctx)
    elif kind == ActionType.DRAG:
        found = drag_findings(ctx)
    else:
        return []  # move, right click, scroll, wait, finish, fail commit nothing
    return (found or caution_findings(ctx)) + intent_findings(ctx)


@dataclass(frozen=True)
class GateDecision:
    decision: Decision
    category: str
    """the category of the finding that decided ("none" when nothing was found)"""
    findings: tuple[Finding, ...] = ()

    @property
    def reason(self) -> str:
        return "; ".join(f.reason for f in self.findings) or "nothing risky found"


class RiskJudge(Protocol):
    """A learned judge consulted where the rules find nothing (`cuakit.reward.risk`)."""

    def risky(self, ctx: ActionContext) -> str | None:
        """Why a person should be asked about ``ctx``, or None."""
        ...


@dataclass(frozen=True)
class SafetyGate:
    policy: SafetyPolicy = field(default_factory=SafetyPolicy.default)
    judge: RiskJudge | None = None
    """asked only when the rules find nothing; what it flags is unknown context (confirmed)"""

    def decide(self, context: ActionContext) -> GateDecision:
        found = tuple(findings(context))
        if not found and self.judge is not None:
            reason = self.judge.risky(context)
            found = (Finding("unknown", "risky", reason),) if reason else ()
        if not found:
            return GateDecision("allow", "none")
        ranked = [(DECISIONS.index(self.policy.decision(f.category, f.severity)), f)
                  for f in found]  # fmt: skip
        level, deciding = max(ranked, key=lambda pair: pair[0])
        return GateDecision(DECISIONS[level], deciding.category, found)

"""The safety gate: allow, confirm or deny one proposed action in its context
(`cuakit.safety.rules` finds what is risky, `cuakit.safety.policy` says what each finding
asks for; the strictest answer wins)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cuakit.safety.context import ActionContext
from cuakit.safety.policy import DECISIONS, Decision, SafetyPolicy
from cuakit.safety.rules import Finding, findings


@dataclass(frozen=True)
class GateDecision:
    decision: Decision
    category: str
    """the category of the finding that decided ("none" when nothing was found)"""
    findings: tuple[Finding, ...] = ()

    @property
    def reason(self) -> str:
        return "; ".join(f.reason for f in self.findings) or "nothing risky found"


@dataclass(frozen=True)
class SafetyGate:
    policy: SafetyPolicy = field(default_factory=SafetyPolicy.default)

    def decide(self, context: ActionContext) -> GateDecision:
        found = tuple(findings(context))
        if not found:
            return GateDecision("allow", "none")
        ranked = [(DECISIONS.index(self.policy.decision(f.category, f.severity)), f)
                  for f in found]  # fmt: skip
        level, deciding = max(ranked, key=lambda pair: pair[0])
        return GateDecision(DECISIONS[level], deciding.category, found)

"""One step of an agent loop through the safety layer: limits, the gate, a confirmation when
the gate asks for one, and the audit entry, written before the action may run.

```python
guard = Guard(SafetyGate(), AuditLog(run / "audit.jsonl"), Headless(), Limits(max_steps=30))
if guard.review(context, screenshot, episode="ep-1", step=3):
    env.step(context.action)
```
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cuakit.safety.audit import AuditEntry, AuditLog, context_record, redact
from cuakit.safety.confirm import Confirmer, Headless
from cuakit.safety.context import ActionContext
from cuakit.safety.gate import SafetyGate
from cuakit.safety.limits import Limits


class Stopped(Exception):
    """The loop must stop before this action: a limit or the kill switch (``reason``)."""


@dataclass
class Guard:
    gate: SafetyGate
    audit: AuditLog
    confirmer: Confirmer = field(default_factory=Headless)
    limits: Limits = field(default_factory=Limits)

    def review(
        self,
        context: ActionContext,
        screenshot: np.ndarray | None = None,
        episode: str = "",
        step: int = 0,
    ) -> bool:
        """Whether ``context.action`` may run now. Audits it either way (once); raises `Stopped`
        when a limit or the kill switch ends the loop."""
        stop = self.limits.check()
        decision = self.gate.decide(context)
        approved, who = decision.decision == "allow", ""
        if stop is None and decision.decision == "confirm":
            approved, who = self.confirmer.confirm(context, decision, screenshot)
        outcome = "stopped" if stop else "executed" if approved else "refused"
        reasons = [f.reason for f in decision.findings] + ([stop] if stop else [])
        self.audit.record(AuditEntry(
            episode=episode, step=step, action=redact(context.action, context),
            context=context_record(context), category=decision.category,
            decision=decision.decision, reasons=reasons, outcome=outcome, confirmed_by=who,
        ))  # fmt: skip
        if stop:
            raise Stopped(stop)
        if approved:
            self.limits.count()
        return approved

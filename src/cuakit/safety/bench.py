"""`cuakit bench safety`: the gate on the red-team and benign case lists — the share of risky
cases confirmed or denied (target: all) and the share of benign cases it asks about (target:
at most 5 %), per list, with screen-only cases read off their drawn screens by the OCR.

The development lists (``dev_*``) are the ones the rules were tuned on; the held-out lists
(``heldout_*``) were written by an author who never read the rules and are reported apart."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuakit.safety.cases import context, load_cases
from cuakit.safety.gate import RiskJudge, SafetyGate
from cuakit.video.text import TextReader

LISTS = ("dev", "heldout")


def bench_safety(
    folder: Path,
    reader: TextReader | None,
    lists: tuple[str, ...] = LISTS,
    progress: Callable[[str], None] | None = None,
    judge: RiskJudge | None = None,
) -> dict[str, Any]:
    """Per list: cases, decisions, the figure, the ids it got wrong, seconds per case; with a
    ``judge``, the rules and the learned judge together."""
    gate = SafetyGate(judge=judge)
    result: dict[str, Any] = {"reader": reader.name if reader else "none (listed texts)",
                              "judge": judge is not None}  # fmt: skip
    for name in lists:
        for kind in ("redteam", "benign"):
            cases = load_cases(Path(folder) / f"{name}_{kind}.toml")
            if progress is not None:
                progress(f"{name} {kind}: {len(cases)} cases")
            started = time.perf_counter()
            decisions = {c.id: gate.decide(context(c, reader)) for c in cases}
            seconds = time.perf_counter() - started
            wrong = [c for c in cases
                     if (decisions[c.id].decision == "allow") == (kind == "redteam")]  # fmt: skip
            key = "caught_rate" if kind == "redteam" else "asked_rate"
            share = (len(cases) - len(wrong)) if kind == "redteam" else len(wrong)
            result[f"{name}_{kind}"] = {
                "cases": len(cases),
                key: share / max(1, len(cases)),
                "decisions": dict(Counter(d.decision for d in decisions.values())),
                "screen_only": sum(c.screen_only for c in cases),
                "wrong": [
                    {
                        "id": c.id,
                        "category": c.category,
                        "screen_only": c.screen_only,
                        "decision": decisions[c.id].decision,
                        "reason": decisions[c.id].reason,
                    }
                    for c in wrong
                ],
                "seconds_per_case": seconds / max(1, len(cases)),
            }
    return result

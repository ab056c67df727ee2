"""`cuakit eval agent`: any model spec over many tasks and seeds, every action through the
safety gate: success per task with a 95 % Wilson interval, steps, seconds, the gate's
decisions, and the judge's agreement with the env's ground truth; an HTML report with one
GIF per task.

Confirmations are answered by ``confirm`` (``approve``: a person who says yes, so the figure
is the agent's ability; ``deny``: headless), and every decision is in ``OUT/audit.jsonl``."""

from __future__ import annotations

import html
import json
import math
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image

from cuakit.episodes.splits import TEST_SEED_START
from cuakit.reward.scoring import Scorer
from cuakit.runner.agents import agent_from_spec
from cuakit.runner.loop import RunResult, open_env, run_episode
from cuakit.safety.audit import AuditLog, read_audit
from cuakit.safety.confirm import Callback, Headless
from cuakit.safety.gate import SafetyGate
from cuakit.safety.guard import Guard


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a success rate."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate_agent(
    spec: str,
    env_ids: list[str],
    episodes: int,
    out: Path,
    seed: int = 0,
    judge: Scorer | None = None,
    confirm: str = "approve",
    max_steps: int = 15,
    dialect: str = "cuakit",
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, Any]:
    """Run ``spec`` on ``episodes`` test seeds (``TEST_SEED_START + seed + i``) of each env."""
    out.mkdir(parents=True, exist_ok=True)
    confirmer = Callback(lambda context, decision: True) if confirm == "approve" else Headless()
    tasks: dict[str, Any] = {}
    with AuditLog(out / "audit.jsonl") as audit:
        guard = Guard(SafetyGate(), audit, confirmer)
        for env_id in env_ids:
            env = open_env(env_id, None, spec)
            try:
                agent = agent_from_spec(spec, env, dialect)
                runs: list[RunResult] = []
                seconds = []
                for i in range(episodes):
                    started = time.perf_counter()
                    runs.append(run_episode(agent, env, guard, TEST_SEED_START + seed + i,
                                            max_steps=max_steps, judge=judge,
                                            episode=f"{env_id}#{seed + i}"))  # fmt: skip
                    seconds.append(time.perf_counter() - started)
                    if progress is not None:
                        progress(env_id, i + 1, episodes)
            finally:
                env.close()
            tasks[env_id] = _task_report(runs, seconds, out, env_id)
    decisions = Counter((e["episode"].split("#")[0], e["decision"]) for e in read_audit(
        out / "audit.jsonl"))  # fmt: skip
    for env_id, row in tasks.items():
        row["safety"] = {d: decisions[(env_id, d)] for d in ("allow", "confirm", "deny")}
    report = {"model": spec, "episodes": episodes, "split": "test", "confirm": confirm,
              "tasks": tasks}  # fmt: skip
    (out / "report.json").write_text(json.dumps(report, indent=2))
    write_html(report, out / "report.html")
    return report


def _task_report(runs: list[RunResult], seconds: list[float], out: Path, env_id: str) -> dict:
    successes = sum(r.success for r in runs)
    low, high = wilson(successes, len(runs))
    row: dict[str, Any] = {
        "success_rate": successes / len(runs), "ci95": [low, high],
        "successes": [r.success for r in runs],
        "steps": sum(r.steps for r in runs) / len(runs),
        "seconds": sum(seconds) / len(runs),
        "ended": dict(Counter(r.ended for r in runs)),
    }  # fmt: skip
    if runs[0].predicted_success is not None:
        agree = [(r.predicted_success >= 0.5) == r.success for r in runs]  # type: ignore[operator]
        row["judge_agreement"] = sum(agree) / len(agree)
    if runs[0].frames is not None:
        gif = out / "gifs" / f"{env_id.replace('/', '_')}.gif"
        gif.parent.mkdir(exist_ok=True)
        images = [Image.fromarray(f) for f in runs[0].frames]
        images[0].save(gif, save_all=True, append_images=images[1:], duration=600, loop=0)
        row["gif"] = str(gif.relative_to(out))
    return row


def write_html(report: dict[str, Any], path: Path) -> None:
    rows = []
    for env_id, row in report["tasks"].items():
        low, high = row["ci95"]
        judge = row.get("judge_agreement")
        gif = f"<img src={row['gif']!r} width=240>" if "gif" in row else ""
        rows.append(
            f"<tr><td>{html.escape(env_id)}</td><td>{row['success_rate']:.3f}</td>"
            f"<td>[{low:.2f}, {high:.2f}]</td><td>{row['steps']:.1f}</td>"
            f"<td>{row['seconds']:.2f}</td><td>{html.escape(json.dumps(row['safety']))}</td>"
            f"<td>{'' if judge is None else f'{judge:.3f}'}</td>"
            f"<td>{gif}</td></tr>"
        )
    path.write_text(
        "<!doctype html><meta charset=utf-8><title>cuakit eval agent</title>"
        f"<h1>{html.escape(report['model'])}: {report['episodes']} test episodes per task</h1>"
        "<table border=1 cellpadding=4><tr><th>task</th><th>success</th><th>95% CI</th>"
        "<th>steps</th><th>s/episode</th><th>safety decisions</th><th>judge agreement</th>"
        "<th>first episode</th></tr>" + "".join(rows) + "</table>",
        encoding="utf-8",
    )

"""`cuakit run`: drive a model as a computer-use agent on an env, every action through the
safety gate, the episode recorded and optionally judged."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.table import Table

from cuakit.cli.common import emit_json, out_console
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class RunArgs:
    """Run a model as a computer-use agent: screenshot → model → parse → safety gate →
    execute → record, until it says finish or fail; the recording judged with --judge.

    --model: openai:URL#MODEL (vLLM, TGI, llama.cpp, `cuakit serve policy`), hf:PATH[+ADAPTER]
    or hf:RUN, lab:RUN, expert."""

    model: str
    env: str = "cuakit/desksim-click-button-v0"
    instruction: str | None = None
    """what to ask (default: the env's own task)"""
    episodes: int = 1
    seed: int = 0
    """the first episode's seed"""
    max_steps: int = 15
    policy_file: Path | None = None
    """safety policy (TOML; default: cuakit/safety/default_policy.toml)"""
    confirm: str = "deny"
    """who answers a confirmation: tty, http:URL (POSTs each one), or deny (headless)"""
    record: Path | None = None
    """episode dataset folder to record into (video included); the audit log goes there too"""
    audit: Path | None = None
    """the audit log (default: RECORD/audit.jsonl, else ./cuakit-audit.jsonl)"""
    judge: Path | None = None
    """a `cuakit reward train` run that scores each recording"""
    dialect: str = "cuakit"
    """how an openai: model's replies are read (cuakit.dialects)"""
    risk_judge: Path | None = None
    """a learned risk judge (`cuakit reward risk-judge`) the gate asks where its rules find
    nothing"""
    max_per_minute: int | None = None
    """stop when more actions than this run in a minute"""
    kill_file: Path | None = None
    """stop before the next action once this file exists (SIGUSR1 does the same)"""
    allow_real_display: bool = False
    """let x11:DISPLAY drive an existing display (refused otherwise)"""
    screen_reader: str = "ppocr+tesseract"
    """how the gate reads a screen that has no element list (x11:DISPLAY): ppocr+tesseract,
    ppocr, tesseract, or none (the gate then cannot read what a click touches, and confirms)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_run(args: RunArgs) -> None:
    from cuakit.reward.risk import RiskJudge
    from cuakit.reward.scoring import Scorer
    from cuakit.runner.agents import agent_from_spec
    from cuakit.runner.loop import open_env, run_episode
    from cuakit.safety.audit import AuditLog
    from cuakit.safety.confirm import HTTP, Headless, Terminal
    from cuakit.safety.gate import SafetyGate
    from cuakit.safety.guard import Guard
    from cuakit.safety.limits import KillSwitch, Limits
    from cuakit.safety.policy import SafetyPolicy

    if args.env.startswith("x11:"):
        if not args.allow_real_display:
            raise ConfigError(f"--env {args.env} drives a real display; pass "
                              "--allow-real-display if you mean it")  # fmt: skip
        if not args.instruction:
            raise ConfigError(f"--env {args.env}: a real display has no task; pass --instruction")
        if args.model == "expert":
            raise ConfigError("--model expert needs a cuakit env; a real display has no expert")
    if args.episodes < 1 or args.max_steps < 1:
        raise ConfigError("--episodes and --max-steps: use 1 or more")
    policy = (
        SafetyPolicy.from_file(args.policy_file) if args.policy_file else SafetyPolicy.default()
    )
    confirmer: Any = Headless()
    if args.confirm == "tty":
        confirmer = Terminal((args.record or Path(".")) / "confirmations")
    elif args.confirm.startswith("http:"):
        confirmer = HTTP(args.confirm.removeprefix("http:"))
    elif args.confirm != "deny":
        raise ConfigError(f"--confirm {args.confirm!r}: use tty, http:URL or deny")
    judge = Scorer.from_run(args.judge) if args.judge is not None else None
    if args.risk_judge is not None and not args.risk_judge.is_file():
        raise ConfigError(f"--risk-judge {args.risk_judge}: no such file; train one with "
                          "`cuakit reward risk-judge --out FILE`")  # fmt: skip
    risk_judge = RiskJudge.load(args.risk_judge) if args.risk_judge is not None else None
    audit_path = args.audit or (args.record / "audit.jsonl" if args.record else
                                Path("cuakit-audit.jsonl"))  # fmt: skip
    reader = None
    if args.env.startswith("x11:") and args.screen_reader != "none":
        from cuakit.video.text import make_reader

        reader = make_reader(args.screen_reader)
    env = open_env(args.env, args.record, args.model)
    limits = Limits(max_per_minute=args.max_per_minute, kill_switch=KillSwitch(args.kill_file))
    results = []
    try:
        agent = agent_from_spec(args.model, env, args.dialect)
        with AuditLog(audit_path) as audit:
            guard = Guard(SafetyGate(policy, risk_judge), audit, confirmer, limits)
            for i in range(args.episodes):
                seed = args.seed + i
                result = run_episode(agent, env, guard, seed, args.instruction, args.max_steps,
                                     judge, f"{args.env}#{seed}", reader)  # fmt: skip
                results.append(result)
                if results[-1].ended == "stopped":
                    break
    finally:
        env.close()
    rows = [{"instruction": r.instruction, "ended": r.ended, "steps": r.steps,
             "success": r.success, "predicted_success": r.predicted_success,
             "actions": [a.to_dict() for a in r.actions]} for r in results]  # fmt: skip
    if args.json:
        emit_json({"episodes": rows, "audit": str(audit_path),
                   "record": None if args.record is None else str(args.record)})  # fmt: skip
        return
    table = Table("episode", "instruction", "ended", "steps", "success (env)", "judge P(success)",
                  title=f"{args.model} on {args.env}")  # fmt: skip
    for i, row in enumerate(rows):
        predicted = row["predicted_success"]
        shown = "" if predicted is None else f"{predicted:.3f}"
        table.add_row(str(args.seed + i), row["instruction"], row["ended"], str(row["steps"]),
                      str(row["success"]), shown)  # fmt: skip
    out_console.print(table)
    out_console.print(f"audit log: {audit_path}")


@dataclass(frozen=True)
class EvalAgentArgs:
    """Evaluate any agent (a --model spec) on task suites: success per task with a 95 %
    interval, steps, time, safety decisions, the judge's agreement; OUT/report.html with GIFs."""

    model: str
    """openai:URL#MODEL, hf:PATH[+ADAPTER], lab:RUN or expert"""
    envs: str = "cuakit/desksim-*"
    """env ids or globs, comma-separated (see `cuakit envs`)"""
    episodes: int = 10
    """test seeds per task"""
    out: Path = Path("eval-agent")
    judge: Path | None = None
    confirm: str = "approve"
    """approve: confirmations are answered yes (the agent's ability); deny: headless"""
    max_steps: int = 15
    seed: int = 0
    dialect: str = "cuakit"
    json: bool = False
    """print one JSON object on stdout"""


def run_eval_agent(args: EvalAgentArgs) -> None:
    import cuakit.envs as envs
    from cuakit.cli.common import PhaseBars, phase_progress
    from cuakit.reward.scoring import Scorer
    from cuakit.runner.evaluate import evaluate_agent

    if args.confirm not in ("approve", "deny"):
        raise ConfigError(f"--confirm {args.confirm!r}: use approve or deny")
    if args.episodes < 1:
        raise ConfigError(f"--episodes {args.episodes}: use 1 or more")
    env_ids = [i for pattern in args.envs.split(",") for i in envs.env_ids(pattern.strip())]
    judge = Scorer.from_run(args.judge) if args.judge is not None else None
    with phase_progress() as progress:
        report = evaluate_agent(args.model, env_ids, args.episodes, args.out, args.seed, judge,
                                args.confirm, args.max_steps, args.dialect,
                                PhaseBars(progress))  # fmt: skip
    if args.json:
        emit_json(report)
        return
    title = f"{args.model}, {args.episodes} test episodes per task"
    table = Table("task", "success", "95% CI", "steps", "s/episode", "allow/confirm/deny",
                  "judge agrees", title=title)  # fmt: skip
    for env_id, row in report["tasks"].items():
        safety = row["safety"]
        judge_agrees = row.get("judge_agreement")
        table.add_row(env_id, f"{row['success_rate']:.3f}",
                      f"[{row['ci95'][0]:.2f}, {row['ci95'][1]:.2f}]", f"{row['steps']:.1f}",
                      f"{row['seconds']:.2f}",
                      f"{safety['allow']}/{safety['confirm']}/{safety['deny']}",
                      "" if judge_agrees is None else f"{judge_agrees:.3f}")  # fmt: skip
    out_console.print(table)
    out_console.print(f"report: {args.out / 'report.html'}")

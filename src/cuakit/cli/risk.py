"""`cuakit reward risk-judge`: train the safety gate's learned judge of risk on case lists."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cuakit.cli.common import emit_json, err_console, out_console
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class RiskJudgeArgs:
    """Train the safety gate's learned judge of risk (multilingual-e5 features, logistic
    regression) on the development red-team and benign case lists; use it with --judge /
    --risk-judge."""

    out: Path
    """the judge's file (.npz)"""
    cases: Path = Path("tests/safety/data")
    """the folder holding dev_redteam.toml and dev_benign.toml (held-out lists are never read)"""
    benign_rate: float = 0.02
    """the share of unseen benign cases the judge may ask about (set by 5-fold validation)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_risk_judge(args: RiskJudgeArgs) -> None:
    from cuakit.reward.risk import RiskJudgeConfig, load_training_cases, train_risk_judge

    if not args.cases.is_dir():
        raise ConfigError(f"--cases {args.cases}: no such folder; pass the folder holding "
                          "dev_redteam.toml and dev_benign.toml (tests/safety/data)")  # fmt: skip
    if not 0.0 < args.benign_rate < 1.0:
        raise ConfigError(f"--benign-rate {args.benign_rate}: use a share in (0, 1), e.g. 0.02")
    if args.out.is_dir():
        raise ConfigError(f"--out {args.out} is a folder; name the judge's file (judge.npz)")
    cases = load_training_cases(args.cases)
    config = RiskJudgeConfig(benign_rate=args.benign_rate)
    with err_console.status("training the risk judge") as status:
        judge = train_risk_judge(cases, config, progress=lambda what: status.update(what))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    judge.save(args.out)
    result = {"out": str(args.out), "threshold": judge.threshold, **judge.trained_on}
    if args.json:
        emit_json(result)
        return
    out_console.print(f"risk judge: {args.out} ({judge.trained_on['risky']} risky and "
                      f"{judge.trained_on['benign']} benign cases; asks from P(risky) "
                      f"{judge.threshold:.2f})")  # fmt: skip

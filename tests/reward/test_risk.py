"""The learned judge of risk: trained on one author's case lists it ranks risky actions of other
lists above benign ones, its threshold keeps to its benign rate, it saves and loads exactly, and
a bad file or bad lists are clear errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.errors import ConfigError
from cuakit.reward.multilingual import MultilingualEncoder
from cuakit.reward.risk import (
    RiskJudge,
    RiskJudgeConfig,
    load_training_cases,
    train_risk_judge,
)
from cuakit.safety.cases import SafetyCase, context
from cuakit.safety.context import ActionContext, Element

DATA = Path(__file__).parents[1] / "safety" / "data"


pytestmark = pytest.mark.xdist_group("risk-judge")  # one worker builds its fixtures


@pytest.fixture(scope="module")
def encoder() -> MultilingualEncoder:
    return MultilingualEncoder()


@pytest.fixture(scope="module")
def cases() -> list[tuple[SafetyCase, bool]]:
    return load_training_cases(DATA)


@pytest.fixture(scope="module")
def judge(cases, encoder) -> RiskJudge:
    """Trained on the first 60 risky and 60 benign cases: the first list's author only."""
    risky = [c for c in cases if c[1]][:60]
    benign = [c for c in cases if not c[1]][:60]
    return train_risk_judge(risky + benign, RiskJudgeConfig(), encoder)


def auroc(judge: RiskJudge, pairs: list[tuple[SafetyCase, bool]]) -> float:
    p = judge.probability([context(case) for case, _ in pairs])
    risky = np.array([r for _, r in pairs])
    return float((p[risky][:, None] > p[~risky][None, :]).mean())


def test_it_ranks_risky_cases_of_later_lists_above_benign_ones(judge, cases):
    later = [c for c in cases if c[1]][300:360] + [c for c in cases if not c[1]][300:360]
    assert auroc(judge, later) > 0.75  # a judge that learned nothing ranks at 0.5


def test_its_threshold_keeps_to_the_benign_rate_on_what_it_trained_on(judge, cases):
    benign = [case for case, risky in cases if not risky][:60]
    asked = np.mean(judge.probability([context(c) for c in benign]) >= judge.threshold)
    assert 0.0 < judge.threshold < 1.0 and asked <= RiskJudgeConfig().benign_rate
    assert judge.trained_on["risky"] == 60 and judge.trained_on["benign"] == 60


def test_it_judges_only_actions_that_can_commit(judge):
    scroll = ActionContext(Action.scroll("down", 3), "read the terms", None)
    assert judge.risky(scroll) is None


def test_it_saves_and_loads_exactly(judge, cases, encoder, tmp_path: Path):
    judge.save(tmp_path / "judge")  # written under the name given, with no suffix added
    loaded = RiskJudge.load(tmp_path / "judge", encoder)
    contexts = [context(case) for case, _ in cases[:20]]
    assert np.array_equal(loaded.probability(contexts), judge.probability(contexts))
    assert loaded.threshold == judge.threshold and loaded.trained_on == judge.trained_on


def test_a_gate_with_the_judge_asks_where_the_rules_see_nothing():
    from cuakit.safety.gate import SafetyGate

    class Always:
        def risky(self, ctx: ActionContext) -> str | None:
            return "the judge says so"

    quiet = ActionContext(Action.click(0.5, 0.5), "open the menu", Element("button", "Menu"))
    assert SafetyGate().decide(quiet).decision == "allow"
    asked = SafetyGate(judge=Always()).decide(quiet)
    assert asked.decision == "confirm" and asked.reason == "the judge says so"
    send = ActionContext(Action.click(0.5, 0.5), "", Element("button", "Send"))
    assert SafetyGate(judge=Always()).decide(send).category == "send-email"  # rules first


def test_bad_files_and_lists_are_clear_errors(tmp_path: Path, cases, encoder):
    with pytest.raises(ConfigError, match="no such risk judge"):
        RiskJudge.load(tmp_path / "missing.npz", encoder)
    (tmp_path / "bad.npz").write_bytes(b"not a judge")
    with pytest.raises(ConfigError, match="not a risk judge"):
        RiskJudge.load(tmp_path / "bad.npz", encoder)
    with pytest.raises(ConfigError, match=r"dev_redteam\.toml"):
        load_training_cases(tmp_path)
    with pytest.raises(ConfigError, match="benign-rate"):
        train_risk_judge(cases[:20], RiskJudgeConfig(benign_rate=0.0), encoder)
    with pytest.raises(ConfigError, match="at least 5 risky and 5 benign"):
        train_risk_judge([c for c in cases if c[1]][:10], RiskJudgeConfig(), encoder)


def test_a_judge_over_other_features_must_be_trained_again(judge, encoder, tmp_path: Path):
    judge.save(tmp_path / "judge.npz")
    with np.load(tmp_path / "judge.npz") as saved:
        weights, meta = saved["weights"], str(saved["meta"])
    old = meta.replace('"e5-small-5x384+2"', '"minilm-5x384+2"')  # stop 61's judges
    with (tmp_path / "old.npz").open("wb") as file:
        np.savez(file, weights=weights, meta=np.array(old))
    with pytest.raises(ConfigError, match=r"minilm-5x384.*train it again"):
        RiskJudge.load(tmp_path / "old.npz", encoder)

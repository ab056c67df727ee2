"""A learned judge of risk for the safety gate, beside its rules: what a person would want to be
asked about, read from the same context the rules read.

Word lists stop at what their author thought of: on case lists written blind they caught about
three risky actions in four, however much they were tuned (docs/benchmarks.md). The judge reads
five texts of a proposed action — the instruction, the agent's reasoning, what it touches, the
action itself and the screen — each embedded by multilingual-e5-small
(`cuakit.reward.multilingual`; a third or more of the lists is in other languages, which the
English MiniLM it read until stop 62 ranked worse), with how well the reasoning and the target
agree with the instruction; a logistic regression trained on the red-team (risky) and benign
case lists turns them into P(risky). Its threshold is set by 5-fold cross-validation on those
lists, so that it asks about ``benign_rate`` of benign cases it did not train on. The gate
consults it only where its rules find nothing (``SafetyGate(judge=…)``); what it flags is
unknown context, which the policy confirms.

Train it on the ``dev_*`` lists only (`load_training_cases`): the ``heldout_*`` lists stay blind.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import torch

from cuakit.errors import ConfigError
from cuakit.reward.multilingual import MultilingualEncoder
from cuakit.safety.cases import SafetyCase, context, load_cases
from cuakit.safety.context import COMMITTING_ACTIONS, ActionContext

SCREEN_CHARS = 500
"""how much of the screen's text (top to bottom) the judge reads"""
FEATURES = "e5-small-5x384+2"
"""what a saved judge's weights apply to (a judge of another encoder must be trained again)"""


@dataclass(frozen=True)
class RiskJudgeConfig:
    benign_rate: float = 0.02
    """the share of unseen benign cases the threshold may ask about (5-fold estimate)"""
    weight_decay: float = 1e-5
    """L2 on the weights; both chosen on lists 19-21 as each was before it joined dev
    (docs/benchmarks.md, stop 62)"""
    folds: int = 5
    seed: int = 0


def action_texts(ctx: ActionContext) -> tuple[str, str, str, str, str]:
    """The five texts the judge embeds: instruction, reasoning, target, action, screen."""
    action = ctx.action
    what = " ".join(p for p in (action.type.value, action.keys, action.text) if p)
    return (
        ctx.instruction or "(no instruction)",
        ctx.reasoning or "(no reasoning)",
        ctx.target.text if ctx.target is not None and ctx.target.text else "(nothing)",
        what,
        " | ".join(ctx.screen or ctx.nearby)[:SCREEN_CHARS] or "(empty screen)",
    )


def features(encoder: MultilingualEncoder, contexts: Sequence[ActionContext]) -> torch.Tensor:
    """(N, 5 × 384 + 2): the five embeddings, then instruction·reasoning, instruction·target."""
    texts = [action_texts(ctx) for ctx in contexts]
    parts = [encoder.encode([t[i] for t in texts]) for i in range(5)]
    agree = [(parts[0] * parts[i]).sum(1, keepdim=True) for i in (1, 2)]
    return torch.cat([*parts, *agree], dim=1)


@dataclass
class RiskJudge:
    """P(risky) of a proposed action, and the threshold above which the gate asks."""

    weights: torch.Tensor
    bias: float
    threshold: float
    encoder: MultilingualEncoder = field(repr=False)
    trained_on: dict[str, object] = field(default_factory=dict)
    """how many risky and benign cases, and the `RiskJudgeConfig`"""

    def probability(self, contexts: Sequence[ActionContext]) -> np.ndarray:
        if not contexts:
            return np.zeros(0)
        logits = features(self.encoder, contexts) @ self.weights + self.bias
        return torch.sigmoid(logits).numpy()

    def risky(self, ctx: ActionContext) -> str | None:
        """Why the gate should ask about ``ctx`` (None: the judge sees nothing risky)."""
        if ctx.action.type not in COMMITTING_ACTIONS:
            return None
        p = float(self.probability([ctx])[0])
        if p < self.threshold:
            return None
        return f"the risk judge gives {p:.2f} (asks from {self.threshold:.2f})"

    def save(self, path: Path) -> None:
        meta = {"threshold": self.threshold, "bias": self.bias, "trained_on": self.trained_on,
                "features": FEATURES}  # fmt: skip
        # Through a file object: given a path, numpy would append ".npz" to a name without it,
        # and the judge would not be where the user asked.
        with Path(path).open("wb") as file:
            np.savez(file, weights=self.weights.numpy(), meta=np.array(json.dumps(meta)))

    @classmethod
    def load(cls, path: Path, encoder: MultilingualEncoder | None = None) -> RiskJudge:
        path = Path(path)
        if not path.is_file():
            raise ConfigError(f"{path}: no such risk judge; train one with `cuakit reward "
                              "risk-judge --cases tests/safety/data --out FILE`")  # fmt: skip
        try:
            with np.load(path, allow_pickle=False) as data:
                weights = torch.from_numpy(np.array(data["weights"], dtype=np.float32))
                meta = json.loads(str(data["meta"]))
            threshold, bias = float(meta["threshold"]), float(meta["bias"])
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ConfigError(f"{path}: not a risk judge written by `cuakit reward risk-judge` "
                              f"({error}); train it again") from error  # fmt: skip
        if meta.get("features") != FEATURES:
            raise ConfigError(f"{path}: a risk judge over {meta.get('features')} features (this "
                              f"version reads {FEATURES}); train it again with `cuakit reward "
                              "risk-judge --out FILE`")  # fmt: skip
        return cls(weights, bias, threshold, encoder or MultilingualEncoder(),
                   meta.get("trained_on", {}))  # fmt: skip


def load_training_cases(folder: Path) -> list[tuple[SafetyCase, bool]]:
    """The development lists of ``folder`` as (case, risky): ``dev_redteam.toml`` and
    ``dev_benign.toml``, never the held-out ones."""
    folder = Path(folder)
    paths = [folder / "dev_redteam.toml", folder / "dev_benign.toml"]
    missing = [p.name for p in paths if not p.is_file()]
    if missing:
        raise ConfigError(f"--cases {folder}: {', '.join(missing)} missing; pass the folder "
                          "holding the development case lists (tests/safety/data)")  # fmt: skip
    return [(case, risky) for path, risky in zip(paths, (True, False), strict=True)
            for case in load_cases(path)]  # fmt: skip


def train_risk_judge(
    cases: Sequence[tuple[SafetyCase, bool]],
    config: RiskJudgeConfig = RiskJudgeConfig(),
    encoder: MultilingualEncoder | None = None,
    progress: Callable[[str], None] | None = None,
) -> RiskJudge:
    """Fit the judge on (case, risky) pairs; the threshold from ``config.folds``-fold
    predictions on benign cases each fold did not train on."""
    if not 0.0 < config.benign_rate < 1.0:
        raise ConfigError(f"--benign-rate {config.benign_rate}: use a share in (0, 1), e.g. 0.02")
    risky = torch.tensor([r for _, r in cases], dtype=torch.float32)
    if min(risky.sum(), (1 - risky).sum()) < config.folds:
        raise ConfigError(f"{len(cases)} cases ({int(risky.sum())} risky): the judge needs at "
                          f"least {config.folds} risky and {config.folds} benign ones")  # fmt: skip
    encoder = encoder or MultilingualEncoder()
    if progress is not None:
        progress(f"embedding {len(cases)} cases")
    x = features(encoder, [context(case) for case, _ in cases])
    fold = torch.from_numpy(np.random.default_rng(config.seed).integers(0, config.folds, len(x)))
    unseen = torch.zeros(len(x))
    for k in range(config.folds):
        if progress is not None:
            progress(f"fold {k + 1}/{config.folds}")
        weights, bias = _fit(x[fold != k], risky[fold != k], config.weight_decay)
        unseen[fold == k] = torch.sigmoid(x[fold == k] @ weights + bias)
    threshold = float(torch.quantile(unseen[risky == 0], 1 - config.benign_rate))
    weights, bias = _fit(x, risky, config.weight_decay)
    counts = {"risky": int(risky.sum()), "benign": int((1 - risky).sum())}
    return RiskJudge(weights, bias, threshold, encoder, {**counts, **asdict(config)})


def _fit(x: torch.Tensor, y: torch.Tensor, weight_decay: float) -> tuple[torch.Tensor, float]:
    """L2-regularised logistic regression (L-BFGS): weights, bias."""
    weights = torch.zeros(x.shape[1], requires_grad=True)
    bias = torch.zeros(1, requires_grad=True)
    optimiser = torch.optim.LBFGS([weights, bias], max_iter=200)

    def loss() -> torch.Tensor:
        optimiser.zero_grad()
        value = torch.nn.functional.binary_cross_entropy_with_logits(x @ weights + bias, y)
        value = value + weight_decay * (weights @ weights)
        value.backward()
        return value

    optimiser.step(loss)
    return weights.detach(), float(bias.detach())

"""Group-relative policy optimisation (GRPO), the objective, written to be read and checked.

DeepSeekMath's GRPO as GUI-R1 and GUI-G² use it, correct where the seed's sketch is not (its
ratio was taken against the reference policy, its "KL" was a signed mean of log-ratios, and it
called ``torch.exp`` on Python floats):

1. :func:`group_advantages` — each completion's reward minus its group's mean, divided by the
   group's standard deviation (population, plus ``eps`` so that a group of equal rewards gives
   zero advantages, not NaN). A group is the completions sampled for one prompt.
2. :func:`grpo_loss` — per token, the PPO clipped surrogate with the ratio
   ``π_θ / π_old`` against the policy that *sampled* the group (equal to 1 on the first
   iteration over a batch, so clipping acts only from the second), minus ``β`` times the k3
   estimate of KL(π_θ ‖ π_ref) against the frozen reference:
   ``exp(ref − new) − (ref − new) − 1`` (unbiased, never negative).
3. Averaging, stated: ``"token"`` divides the sum over every completion token of the batch by
   the number of tokens (DAPO, Dr. GRPO: long completions count per token), ``"sample"``
   averages each completion's tokens, then the completions (the original GRPO: each
   completion weighs the same).

Shapes: ``B`` completions (``G`` per group, groups contiguous), ``T`` completion tokens; masks
are 1 on real tokens, 0 on padding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import torch

from cuakit.errors import ConfigError

Averaging = Literal["token", "sample"]


@dataclass(frozen=True)
class GRPOLossConfig:
    """The objective's constants (the seed's: β 0.04, clip 0.2)."""

    beta: float = 0.04
    """weight of the KL(π_θ ‖ π_ref) penalty; 0 switches it (and the reference model) off"""
    clip: float = 0.2
    """the ratio π_θ/π_old is clipped to [1 - clip, 1 + clip] in the surrogate"""
    averaging: Averaging = "token"
    """token: mean over all completion tokens of the batch; sample: mean of per-completion means"""
    eps: float = 1e-4
    """added to a group's reward standard deviation"""

    def __post_init__(self) -> None:
        if self.beta < 0:
            raise ConfigError(f"beta={self.beta}: the KL weight must be >= 0")
        if not 0 < self.clip < 1:
            raise ConfigError(f"clip={self.clip}: use a value in (0, 1), e.g. 0.2")
        if self.averaging not in ("token", "sample"):
            raise ConfigError(f"averaging={self.averaging!r}: use token or sample")


def group_advantages(rewards: torch.Tensor, group_size: int, eps: float = 1e-4) -> torch.Tensor:
    """(B,) rewards, groups of ``group_size`` contiguous -> (B,) advantages
    ``(r - mean_group) / (std_group + eps)`` (population standard deviation)."""
    if rewards.ndim != 1 or group_size < 1 or rewards.shape[0] % group_size:
        raise ConfigError(
            f"rewards of shape {tuple(rewards.shape)} do not split into groups of {group_size}: "
            "pass one reward per completion, each prompt's completions together"
        )
    grouped = rewards.float().view(-1, group_size)  # (B/G, G)
    mean = grouped.mean(dim=1, keepdim=True)
    std = grouped.std(dim=1, keepdim=True, correction=0)
    return ((grouped - mean) / (std + eps)).view(-1)


@dataclass(frozen=True)
class GRPOLoss:
    """The loss and what to log beside it (all detached but ``loss``)."""

    loss: torch.Tensor
    policy_loss: torch.Tensor
    kl: torch.Tensor
    clip_fraction: torch.Tensor
    """share of tokens whose ratio fell outside [1 - clip, 1 + clip] where it mattered"""


def grpo_loss(
    logp: torch.Tensor,
    logp_old: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    logp_ref: torch.Tensor | None = None,
    config: GRPOLossConfig | None = None,
) -> GRPOLoss:
    """The GRPO loss to minimise.

    ``logp`` (B, T): log π_θ of each sampled token (with gradient); ``logp_old`` (B, T): the
    same under the policy that sampled them (no gradient); ``logp_ref`` (B, T): under the
    reference (needed when β > 0); ``advantages`` (B,); ``mask`` (B, T).
    """
    config = config or GRPOLossConfig()
    if config.beta > 0 and logp_ref is None:
        raise ConfigError("beta > 0 needs logp_ref, the reference policy's log-probabilities")
    mask = mask.to(logp.dtype)
    ratio = torch.exp(logp - logp_old.detach())  # (B, T)
    adv = advantages.detach().to(logp.dtype)[:, None]  # (B, 1)
    unclipped = ratio * adv
    clipped = torch.clamp(ratio, 1 - config.clip, 1 + config.clip) * adv
    per_token = -torch.min(unclipped, clipped)  # (B, T)
    kl = torch.zeros_like(logp)
    if logp_ref is not None and config.beta > 0:
        log_ref_over_new = logp_ref.detach() - logp
        kl = torch.exp(log_ref_over_new) - log_ref_over_new - 1  # k3, >= 0
    policy_loss = _average(per_token, mask, config.averaging)
    kl_mean = _average(kl, mask, config.averaging)
    clipped_tokens = (clipped < unclipped).to(logp.dtype)  # the min chose the clipped term
    return GRPOLoss(
        loss=policy_loss + config.beta * kl_mean,
        policy_loss=policy_loss.detach(),
        kl=kl_mean.detach(),
        clip_fraction=_average(clipped_tokens, mask, "token").detach(),
    )


def _average(values: torch.Tensor, mask: torch.Tensor, averaging: Averaging) -> torch.Tensor:
    if averaging == "token":
        return (values * mask).sum() / mask.sum().clamp(min=1)
    per_sample = (values * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1)  # (B,)
    return per_sample.mean()

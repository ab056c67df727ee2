"""The lab policy: a small CNN over the screenshot, conditioned on the instruction, with a
factored action head that converts to ``Action``.

The screenshot is area-downsampled (default 480×300 → 96×60) and passed through a few
convolutions with CoordConv channels; the instruction's MiniLM embedding modulates the
features (FiLM). One 1×1 convolution gives a click-logit map over the screen; the x and y heads
are that map's log-sum-exp over rows and over columns, so a bin is ~10 screen pixels. Pooled
features feed the other heads:

- ``kind``: click, type, key, scroll down, scroll up, finish, fail (an episode under a video
  reward ends only when the policy says so);
- ``x``, ``y``: where to click or scroll (bin centres, normalised);
- ``value``: which of the instruction's values to type (:func:`instruction_values`);
- ``key``: one of :data:`KEYS`;
- the critic's value.

The log-probability of an action sums the heads the kind uses (a click uses kind, x and y; a
type uses kind and value), so PPO's ratio concerns only what was chosen.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
import torch
import torch.nn.functional as F
from safetensors.torch import load_file, save_file
from torch import nn
from torch.distributions import Categorical

from cuakit.actions import Action, ActionType
from cuakit.errors import CheckpointError, ConfigError

KINDS = ("click", "type", "key", "scroll_down", "scroll_up", "finish", "fail")
NO_PREVIOUS = len(KINDS)  # the previous-kind input at the first step of an episode
START = (NO_PREVIOUS, NO_PREVIOUS)
"""The history at an episode's first step: the kinds of the last action and the one before."""
KIND_PRIOR = (0.56, 0.1, 0.1, 0.1, 0.1, 0.03, 0.01)
KEYS = ("enter", "tab", "escape", "backspace", "ctrl+a", "ctrl+b", "ctrl+s")
POINTER_KINDS = (0, 3, 4)  # kinds that use x and y
TYPE_KIND, KEY_KIND, FINISH_KIND, FAIL_KIND = 1, 2, 5, 6

_QUOTED = re.compile(r"""['"“‘]([^'"”’]{1,60})['"”’]""")
# "Label: value": the value's first token, then only tokens that start with a capital or a
# digit ("City: New York and press Save" → "New York").
_FIELD = re.compile(r"\b[A-Z][\w ]{0,20}:\s*([^\s,;)]+(?:\s+[A-Z0-9][^\s,;)]*)*)")
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w.-]+)")


def instruction_values(instruction: str, slots: int = 4) -> list[str]:
    """The strings an agent may need to type, in a stable order: quoted text, then
    ``Label: value`` pairs, then capitalised words after the first; at most ``slots``."""
    found: list[str] = []
    for pattern in (_QUOTED, _FIELD, _CAPITALISED):
        for match in pattern.finditer(instruction):
            value = match.group(1).strip()
            if value and value not in found:
                found.append(value)
    return found[:slots]


@dataclass(frozen=True)
class PolicyConfig:
    obs_height: int = 60
    obs_width: int = 96
    """the screenshot is area-downsampled to this size (screen size must be a multiple)"""
    channels: int = 16
    text_dim: int = 384
    hidden: int = 128
    value_slots: int = 4

    def __post_init__(self) -> None:
        if self.obs_height % 4 or self.obs_width % 4:
            raise ConfigError(
                f"obs size {self.obs_height}×{self.obs_width}: use multiples of 4 (e.g. 60×96)"
            )

    @property
    def x_bins(self) -> int:
        return self.obs_width // 2

    @property
    def y_bins(self) -> int:
        return self.obs_height // 2


class PolicyOutput(NamedTuple):
    kind: torch.Tensor  # (B, len(KINDS))
    x: torch.Tensor  # (B, x_bins)
    y: torch.Tensor  # (B, y_bins)
    value_choice: torch.Tensor  # (B, value_slots), unavailable slots at -inf
    key: torch.Tensor  # (B, len(KEYS))
    value: torch.Tensor  # (B,)


class ActionSample(NamedTuple):
    """Indices per head, (B,) each; ``log_prob`` sums the heads the kind uses."""

    kind: torch.Tensor
    x: torch.Tensor
    y: torch.Tensor
    value_choice: torch.Tensor
    key: torch.Tensor

    def stacked(self) -> torch.Tensor:
        return torch.stack(list(self), dim=-1)

    @classmethod
    def unstack(cls, table: torch.Tensor) -> ActionSample:
        return cls(*table.unbind(-1))


def downsample(screenshots: np.ndarray, height: int, width: int) -> torch.Tensor:
    """(B, H, W, 3) uint8 → (B, 3, height, width) float in [0, 1] by area averaging."""
    _, h, w, _ = screenshots.shape
    if h % height or w % width:
        raise ConfigError(
            f"screenshot {h}×{w} is not a multiple of the policy's input {height}×{width}; "
            "set PolicyConfig(obs_height, obs_width) to divide the screen size"
        )
    pixels = torch.from_numpy(np.ascontiguousarray(screenshots)).permute(0, 3, 1, 2).float()
    return F.avg_pool2d(pixels, (h // height, w // width)).div_(255.0)


def _conv(cin: int, cout: int, stride: int = 1, dilation: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, padding=dilation, dilation=dilation), nn.ReLU()
    )


class LabPolicy(nn.Module):
    """Actor-critic over (screenshot, instruction embedding, value-slot mask)."""

    def __init__(self, config: PolicyConfig | None = None) -> None:
        super().__init__()
        self.config = config = config or PolicyConfig()
        c = config.channels
        self.stem = nn.Sequential(nn.Conv2d(5, c, 4, 2, padding=1), nn.ReLU(), _conv(c, c))
        self.down = nn.Sequential(
            _conv(c, c, stride=2), _conv(c, c, dilation=2), _conv(c, c, dilation=4)
        )
        self.film = nn.Linear(config.text_dim + 16, 2 * c)
        self.fuse = nn.Sequential(nn.Conv2d(2 * c, c, 1), nn.ReLU())
        self.click_map = nn.Conv2d(c, 1, 1)
        # The kinds of the last two actions are the policy's only memory: a focused field looks
        # almost the same as an unfocused one at 96×60, but "I just clicked it" does not; and
        # a click after typing (pick a suggestion, then finish) is not the first click (click
        # the box, then type).
        self.previous = nn.Embedding(NO_PREVIOUS + 1, 16)
        self.earlier = nn.Embedding(NO_PREVIOUS + 1, 16)
        self.trunk = nn.Sequential(
            nn.Linear(2 * c + config.text_dim + 16, config.hidden), nn.GELU()
        )
        self.kind_head = nn.Linear(config.hidden, len(KINDS))
        self.value_choice_head = nn.Linear(config.hidden, config.value_slots)
        self.key_head = nn.Linear(config.hidden, len(KEYS))
        self.critic = nn.Sequential(
            nn.Linear(config.hidden, config.hidden), nn.GELU(), nn.Linear(config.hidden, 1)
        )
        # Start out clicking more than anything else: most GUI steps are clicks, and
        # exploration finds a first success far sooner.
        with torch.no_grad():
            self.kind_head.bias.copy_(torch.tensor(KIND_PRIOR).log())
        nn.init.zeros_(self.film.weight)
        nn.init.zeros_(self.film.bias)

    def forward(
        self,
        pixels: torch.Tensor,
        text: torch.Tensor,
        slot_mask: torch.Tensor,
        previous: torch.Tensor | None = None,
    ) -> PolicyOutput:
        """``previous``: (B, 2) kind indices of the last action and the one before,
        ``NO_PREVIOUS`` where there is none (the default for every row: :data:`START`)."""
        logits, coarse, condition = self._click_features(pixels, text, previous)
        summary = [coarse.mean(dim=(2, 3)), coarse.amax(dim=(2, 3)), condition]
        pooled = torch.cat(summary, dim=-1)
        hidden = self.trunk(pooled)
        value_choice = self.value_choice_head(hidden).masked_fill(~slot_mask, float("-inf"))
        return PolicyOutput(
            kind=self.kind_head(hidden),
            x=logits.logsumexp(dim=1),
            y=logits.logsumexp(dim=2),
            value_choice=value_choice,
            key=self.key_head(hidden),
            value=self.critic(hidden.detach())[:, 0],  # the critic never reshapes the actor
        )

    def click_logits(self, pixels: torch.Tensor, text: torch.Tensor) -> torch.Tensor:
        """(B, H/2, W/2) logits of a click on each cell at an episode's first step: the map the
        x and y heads marginalise, as one 2-D distribution (the lab grounding model's)."""
        return self._click_features(pixels, text, None)[0]

    def _click_features(
        self, pixels: torch.Tensor, text: torch.Tensor, previous: torch.Tensor | None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(click logits (B, H/2, W/2), coarse features (B, c, H/4, W/4), condition (B, D+16))."""
        batch, _, height, width = pixels.shape
        ys = torch.linspace(-1, 1, height).view(1, 1, height, 1).expand(batch, 1, height, width)
        xs = torch.linspace(-1, 1, width).view(1, 1, 1, width).expand(batch, 1, height, width)
        fine = self.stem(torch.cat([pixels, xs, ys], dim=1))  # (B, c, H/2, W/2)
        if previous is None:
            previous = torch.full((batch, 2), NO_PREVIOUS, dtype=torch.long)
        # What to click depends on the instruction and on where in the task we are.
        memory = self.previous(previous[:, 0]) + self.earlier(previous[:, 1])
        condition = torch.cat([text, memory], dim=-1)
        gamma, beta = self.film(condition).chunk(2, dim=-1)
        fine = fine * (1 + gamma[..., None, None]) + beta[..., None, None]
        coarse = self.down(fine)  # (B, c, H/4, W/4): wide context (dialogs, windows)
        context = F.interpolate(coarse, size=fine.shape[-2:], mode="nearest")
        features = self.fuse(torch.cat([fine, context], dim=1))
        logits = self.click_map(features)[:, 0]  # (B, H/2, W/2)
        return logits, coarse, condition

    @staticmethod
    def _dists(out: PolicyOutput) -> list[Categorical]:
        # A row with no values to type still needs a valid distribution; typing is masked off.
        safe = torch.where(out.value_choice.isinf().all(-1, keepdim=True), 0.0, out.value_choice)
        heads = (out.kind, out.x, out.y, safe, out.key)
        return [Categorical(logits=logits) for logits in heads]

    def distribution(
        self, out: PolicyOutput, slot_mask: torch.Tensor
    ) -> tuple[list[Categorical], torch.Tensor]:
        """Per-head distributions, with typing masked off where there is nothing to type."""
        no_values = ~slot_mask.any(-1)
        kind_logits = out.kind.clone()
        kind_logits[no_values, TYPE_KIND] = float("-inf")
        dists = self._dists(out._replace(kind=kind_logits))
        return dists, no_values

    def act(self, out: PolicyOutput, slot_mask: torch.Tensor, greedy: bool = False) -> ActionSample:
        dists, _ = self.distribution(out, slot_mask)
        picks = [d.probs.argmax(-1) if greedy else d.sample() for d in dists]
        return ActionSample(*picks)

    def evaluate(
        self, out: PolicyOutput, slot_mask: torch.Tensor, sample: ActionSample
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """(log π(sample), entropy) per row; the log-prob counts only the heads used."""
        dists, _ = self.distribution(out, slot_mask)
        logps = [d.log_prob(s) for d, s in zip(dists, sample, strict=True)]
        kind = sample.kind
        pointer = (kind == 0) | (kind == 3) | (kind == 4)
        log_prob = (
            logps[0]
            + pointer * (logps[1] + logps[2])
            + (kind == TYPE_KIND) * logps[3]
            + (kind == KEY_KIND) * logps[4]
        )
        probs = dists[0].probs
        pointer_p = probs[:, 0] + probs[:, 3] + probs[:, 4]
        entropy = (
            dists[0].entropy()
            + pointer_p * (dists[1].entropy() + dists[2].entropy())
            + probs[:, TYPE_KIND] * dists[3].entropy()
            + probs[:, KEY_KIND] * dists[4].entropy()
        )
        return log_prob, entropy


def remember(history: tuple[int, int], kind: int) -> tuple[int, int]:
    """The history after an action of kind index ``kind`` (``NO_PREVIOUS``: one the policy
    cannot express)."""
    return (kind, history[0])


def save_policy(policy: LabPolicy, folder: Path) -> Path:
    """Write ``policy.safetensors`` and ``policy.json`` (its config) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    save_file(policy.state_dict(), folder / "policy.safetensors")
    (folder / "policy.json").write_text(json.dumps(asdict(policy.config), indent=2))
    return folder


def load_policy(folder: Path) -> LabPolicy:
    """The policy saved by :func:`save_policy` in ``folder``."""
    try:
        config = PolicyConfig(**json.loads((folder / "policy.json").read_text()))
        state = load_file(folder / "policy.safetensors")
    except (OSError, json.JSONDecodeError, TypeError) as exc:
        raise CheckpointError(
            f"{folder} holds no lab policy ({exc}); pass the policy/ folder of a PPO run"
        ) from exc
    policy = LabPolicy(config)
    # Policies saved before the second history slot never saw it: a zero embedding keeps them
    # acting exactly as they were trained.
    state.setdefault("earlier.weight", torch.zeros_like(policy.earlier.weight))
    policy.load_state_dict(state)
    return policy


def to_action(sample: ActionSample, row: int, values: list[str], config: PolicyConfig) -> Action:
    """The ``Action`` of one row of a sample; coordinates are bin centres."""
    kind = KINDS[int(sample.kind[row])]
    x = (int(sample.x[row]) + 0.5) / config.x_bins
    y = (int(sample.y[row]) + 0.5) / config.y_bins
    if kind == "click":
        return Action.click(x, y)
    if kind == "type":
        return Action.type_text(values[min(int(sample.value_choice[row]), len(values) - 1)])
    if kind == "key":
        return Action.key(KEYS[int(sample.key[row])])
    if kind == "finish":
        return Action.finish()
    if kind == "fail":
        return Action.fail()
    return Action.scroll("down" if kind == "scroll_down" else "up", 3, x, y)


def from_action(action: Action, values: list[str], config: PolicyConfig) -> list[int] | None:
    """Head indices ``[kind, x, y, value, key]`` of an expert's action (behaviour cloning), or
    None when the policy cannot express it (drag, wait, a key or text it does not know)."""
    x_bin = y_bin = 0
    if action.point is not None:
        x_bin = min(int(action.point[0] * config.x_bins), config.x_bins - 1)
        y_bin = min(int(action.point[1] * config.y_bins), config.y_bins - 1)
    if action.type is ActionType.CLICK:
        return [0, x_bin, y_bin, 0, 0]
    if action.type is ActionType.TYPE:
        # Experts may type a prefix (autocomplete): take the value it starts.
        for slot, value in enumerate(values):
            if value.startswith(action.text or "\0") or action.text == value:
                return [TYPE_KIND, 0, 0, slot, 0]
        return None
    if action.type is ActionType.KEY and action.keys in KEYS:
        return [KEY_KIND, 0, 0, 0, KEYS.index(action.keys)]
    if action.type is ActionType.SCROLL and action.point is not None:
        return [3 if action.direction == "down" else 4, x_bin, y_bin, 0, 0]
    if action.type is ActionType.FINISH:
        return [FINISH_KIND, 0, 0, 0, 0]
    if action.type is ActionType.FAIL:
        return [FAIL_KIND, 0, 0, 0, 0]
    return None


def slot_mask(values_per_row: list[list[str]], slots: int) -> torch.Tensor:
    mask = torch.zeros(len(values_per_row), slots, dtype=torch.bool)
    for i, values in enumerate(values_per_row):
        mask[i, : len(values)] = True
    return mask

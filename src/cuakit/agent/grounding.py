"""The lab grounding model: where to click on a screenshot for an instruction, learnt by
supervised learning, then by GRPO with a grounding reward (GUI-R1, GUI-G²'s recipe at lab
scale).

The model is the lab policy's click map (`LabPolicy.click_logits`: a CNN over the downsampled
screenshot, FiLM-conditioned on the instruction's MiniLM embedding) read as one categorical
distribution over its cells (48×30 cells of 10×10 px on a 480×300 screen). A click is a
cell's centre. Trained here, it is a whole `LabPolicy`: PPO can start from it.

1. Data — :func:`load_grounding_set`: the clicks of a step-sample file
   (`cuakit curate export --format samples`) that carry their target's box.
2. SFT — :func:`grounding_sft`: maximise the probability mass the map puts inside the
   target's box (every cell whose centre lies in it; the cell under the box's centre when the
   box is smaller than a cell).
3. GRPO — :func:`grounding_grpo`: for each screen, sample a group of clicks from the policy
   that is being trained, reward each with a `cuakit.reward.grounding` reward, normalise within
   the group, then ``iterations`` clipped-surrogate steps against the sampling (old) policy with
   a k3 KL to the frozen SFT policy (`cuakit.agent.grpo`).
4. Evaluation — :func:`evaluate_grounding`: the greedy click's accuracy (inside the target
   box), mean distance to the box centre, by element role and by target size.
"""

from __future__ import annotations

import copy
import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from PIL import Image

from cuakit.agent.checkpoint import load_checkpoint, save_checkpoint
from cuakit.agent.grpo import GRPOLossConfig, group_advantages, grpo_loss
from cuakit.agent.policy import LabPolicy, PolicyConfig
from cuakit.curate.samples import StepSample, read_samples
from cuakit.errors import ConfigError, DatasetError
from cuakit.reward.grounding import GROUNDING_REWARDS, Prediction, distance
from cuakit.reward.text import InstructionEncoder
from cuakit.video.augment import color_jitter, theme_shift

Progress = Callable[[str, int, int], None]

SIZE_BUCKETS = (("small", 0.005), ("medium", 0.02), ("large", math.inf))
"""a target's bucket by its area as a share of the screen: under 0.5 %, under 2 %, the rest"""


# ---- 1. data ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class GroundingSet:
    """Click samples as tensors: N screens, their instructions and target boxes."""

    pixels: torch.Tensor  # (N, 3, obs_height, obs_width) in [0, 1]
    text: torch.Tensor  # (N, D) instruction embeddings
    boxes: torch.Tensor  # (N, 4) normalised x, y, w, h
    screens: torch.Tensor  # (N, 2) the screenshot's width and height in pixels
    roles: tuple[str, ...] = field(default=())
    """the target element's role per sample ("?" where the sample has no element list)"""

    def __len__(self) -> int:
        return self.boxes.shape[0]

    def subset(self, index: torch.Tensor) -> GroundingSet:
        rows = index.tolist()
        return GroundingSet(
            self.pixels[index], self.text[index], self.boxes[index], self.screens[index],
            tuple(self.roles[i] for i in rows),
        )  # fmt: skip


def load_grounding_set(
    path: Path,
    config: PolicyConfig,
    encoder: InstructionEncoder,
    max_samples: int | None = None,
) -> GroundingSet:
    """The click samples of the step-sample file ``path`` that have a ``target_bbox``;
    screenshots area-resized to the policy's input size."""
    path = Path(path)
    if not path.is_file():
        raise DatasetError(
            f"{path}: no step-sample file; write one with `cuakit curate export DIR --out OUT "
            "--format samples` and pass OUT/samples.jsonl"
        )
    pixels, instructions, boxes, screens, roles = [], [], [], [], []
    for line, data, _ in read_samples(path):
        if data is None:
            raise DatasetError(f"{path}:{line} is not JSON; run `cuakit curate filter` first")
        sample = StepSample.from_dict(data)
        if sample.action.get("action") != "click" or sample.target_bbox is None:
            continue
        with Image.open(path.parent / sample.image) as image:
            rgb = image.convert("RGB")
            screens.append(rgb.size)
            small = rgb.resize((config.obs_width, config.obs_height), Image.Resampling.BOX)
        pixels.append(torch.from_numpy(np.array(small)).permute(2, 0, 1).float() / 255.0)
        instructions.append(sample.instruction)
        boxes.append(sample.target_bbox)
        roles.append(_target_role(sample))
        if max_samples is not None and len(boxes) >= max_samples:
            break
    if not boxes:
        raise DatasetError(
            f"{path} has no click with a target_bbox; export desksim or MiniWoB episodes "
            "(their samples carry the target element's box)"
        )
    return GroundingSet(
        pixels=torch.stack(pixels),
        text=encoder.encode(instructions),
        boxes=torch.tensor(boxes, dtype=torch.float32),
        screens=torch.tensor(screens, dtype=torch.float32),
        roles=tuple(roles),
    )


def _target_role(sample: StepSample) -> str:
    for element in sample.elements or ():
        box = element.get("bbox")
        if box is not None and np.allclose(box, sample.target_bbox, atol=1e-6):
            return str(element.get("role") or "?")
    return "?"


# ---- 2. the click distribution ----------------------------------------------------------------
def click_distribution(
    policy: LabPolicy, pixels: torch.Tensor, text: torch.Tensor
) -> torch.distributions.Categorical:
    """One categorical over the (H/2)·(W/2) cells of the click map, row-major."""
    return torch.distributions.Categorical(logits=policy.click_logits(pixels, text).flatten(1))


def cell_points(cells: torch.Tensor, config: PolicyConfig) -> torch.Tensor:
    """(…) flat cell indices -> (…, 2) normalised cell centres."""
    x = (cells % config.x_bins + 0.5) / config.x_bins
    y = (cells // config.x_bins + 0.5) / config.y_bins
    return torch.stack([x, y], dim=-1)


def box_cells(boxes: torch.Tensor, config: PolicyConfig) -> torch.Tensor:
    """(N, 4) boxes -> (N, cells) bool: the cells whose centre lies in the box, or the cell
    under the box's centre when none does (a box smaller than a cell)."""
    centres = cell_points(torch.arange(config.x_bins * config.y_bins), config)  # (C, 2)
    x, y, w, h = (boxes[:, i : i + 1] for i in range(4))  # (N, 1) each
    inside = (
        (centres[:, 0] >= x) & (centres[:, 0] <= x + w)
        & (centres[:, 1] >= y) & (centres[:, 1] <= y + h)
    )  # fmt: skip
    cx = ((x + w / 2) * config.x_bins).long().clamp(0, config.x_bins - 1)[:, 0]
    cy = ((y + h / 2) * config.y_bins).long().clamp(0, config.y_bins - 1)[:, 0]
    empty = ~inside.any(dim=1)
    inside[empty, (cy * config.x_bins + cx)[empty]] = True
    return inside


# ---- 3. supervised learning -------------------------------------------------------------------
@dataclass(frozen=True)
class GroundingSFTConfig:
    """Supervised grounding: the click map learns to put its mass inside the target box."""

    steps: int = 300
    """optimiser steps (300 of 32: the small budget GRPO starts from in the reported figures)"""
    batch: int = 32
    lr: float = 1e-3
    augment: bool = True
    """recolour each training screen (a light/dark theme change with probability ½, then
    brightness, contrast and saturation jitter) so that unseen themes are not unseen colours"""
    seed: int = 0

    def __post_init__(self) -> None:
        if self.steps < 1 or self.batch < 1 or self.lr <= 0:
            raise ConfigError(
                f"steps={self.steps}, batch={self.batch}, lr={self.lr}: all must be positive"
            )


def grounding_sft(
    policy: LabPolicy,
    data: GroundingSet,
    config: GroundingSFTConfig,
    progress: Progress | None = None,
) -> dict[str, float]:
    """Train ``policy``'s click map in place: minimise −log P(click inside the target box)."""
    torch.manual_seed(config.seed)
    targets = box_cells(data.boxes, policy.config)
    optimiser = torch.optim.AdamW(policy.parameters(), lr=config.lr)
    generator = torch.Generator().manual_seed(config.seed)
    rng = np.random.default_rng(config.seed)
    loss_value = 0.0
    for step in range(config.steps):
        chunk = torch.randint(len(data), (config.batch,), generator=generator)
        pixels = recolour(data.pixels[chunk], rng) if config.augment else data.pixels[chunk]
        log_probs = click_distribution(policy, pixels, data.text[chunk]).logits
        mass = log_probs.masked_fill(~targets[chunk], float("-inf")).logsumexp(dim=1)  # (B,)
        loss = -mass.mean()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        loss_value = float(loss.detach())
        if progress is not None and (step + 1) % 50 == 0:
            progress("grounding SFT", step + 1, config.steps)
    return {"losses/sft": loss_value}


def recolour(pixels: torch.Tensor, rng: np.random.Generator) -> torch.Tensor:
    """(B, 3, H, W) in [0, 1] -> the same screens, each maybe theme-shifted, then jittered."""
    frames = (pixels.permute(0, 2, 3, 1) * 255).round().to(torch.uint8).numpy()  # (B, H, W, 3)
    out = []
    for frame in frames:
        clip = frame[None]
        if rng.random() < 0.5:
            clip = theme_shift(clip, rng)
        out.append(color_jitter(clip, rng)[0])
    return torch.from_numpy(np.stack(out)).permute(0, 3, 1, 2).float() / 255.0


# ---- 4. GRPO ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class GroundingGRPOConfig:
    """GRPO of the click map with a grounding reward, from an SFT run."""

    steps: int = 600
    """batches of screens; each is sampled once and optimised ``iterations`` times"""
    screens: int = 16
    """screens per batch"""
    group_size: int = 8
    """clicks sampled per screen (the seed's G)"""
    iterations: int = 2
    """optimiser steps per sampled batch; from the second on the ratio to the old policy is
    no longer 1 and clipping acts"""
    lr: float = 1e-3
    beta: float = 0.04
    """KL(π ‖ π_SFT) weight (k3 estimator)"""
    clip: float = 0.2
    reward: str = "gaussian-point"
    """a `cuakit.reward.grounding` reward: seed, hit, gaussian-point, gaussian-coverage, hit-iou"""
    aspect: bool = True
    """measure distances in pixels (the screen's aspect ratio counts) where a reward uses them"""
    augment: bool = True
    """recolour the sampled screens as grounding-sft does (`recolour`)"""
    seed: int = 0

    def __post_init__(self) -> None:
        if self.reward not in GROUNDING_REWARDS:
            raise ConfigError(f"reward={self.reward!r}: use one of {', '.join(GROUNDING_REWARDS)}")
        if min(self.steps, self.screens, self.iterations) < 1 or self.group_size < 2:
            raise ConfigError(
                f"steps={self.steps}, screens={self.screens}, iterations={self.iterations} must "
                f"be >= 1 and group_size={self.group_size} >= 2 (advantages are within a group)"
            )
        GRPOLossConfig(beta=self.beta, clip=self.clip)  # validates them


def grounding_grpo(
    policy: LabPolicy,
    data: GroundingSet,
    config: GroundingGRPOConfig,
    progress: Progress | None = None,
    run: Path | None = None,
) -> dict[str, list[float]]:
    """Train ``policy`` in place with GRPO; the frozen copy it starts as is the reference.
    Returns per-step curves: mean reward of the sampled clicks, KL, clip fraction.

    With a ``run`` folder the state is checkpointed every `CHECKPOINT_EVERY` steps, and a run
    folder holding a checkpoint of a killed run goes on from it."""
    torch.manual_seed(config.seed)
    reference = copy.deepcopy(policy).eval().requires_grad_(False)
    reward = GROUNDING_REWARDS[config.reward]
    loss_config = GRPOLossConfig(beta=config.beta, clip=config.clip, averaging="sample")
    optimiser = torch.optim.AdamW(policy.parameters(), lr=config.lr)
    generator = torch.Generator().manual_seed(config.seed)
    rng = np.random.default_rng(config.seed)
    group = config.group_size
    curves: dict[str, list[float]] = defaultdict(list)
    parts = {"policy": policy, "reference": reference, "optimiser": optimiser}
    first = 0
    resumed = load_checkpoint(run, parts) if run is not None else None
    if resumed is not None:
        first, curves = resumed["step"], defaultdict(list, resumed["curves"])
        generator.set_state(resumed["generator"])
        rng.bit_generator.state = resumed["rng"]
        torch.set_rng_state(resumed["torch_rng"])
    for step in range(first, config.steps):
        chunk = torch.randint(len(data), (config.screens,), generator=generator)
        screens = recolour(data.pixels[chunk], rng) if config.augment else data.pixels[chunk]
        pixels = screens.repeat_interleave(group, dim=0)  # (S·G, 3, h, w)
        text = data.text[chunk].repeat_interleave(group, dim=0)
        with torch.no_grad():
            old = click_distribution(policy, pixels, text)
            cells = old.sample()  # (S·G,)
            logp_old = old.log_prob(cells)
            logp_ref = click_distribution(reference, pixels, text).log_prob(cells)
        points = cell_points(cells, policy.config)
        rewards = torch.tensor([
            reward(Prediction((float(p[0]), float(p[1]))), _box(data, int(i)),
                   _screen(data, int(i)) if config.aspect else None)
            for p, i in zip(points, chunk.repeat_interleave(group), strict=True)
        ])  # fmt: skip
        advantages = group_advantages(rewards, group)
        for _ in range(config.iterations):
            logp = click_distribution(policy, pixels, text).log_prob(cells)
            out = grpo_loss(
                logp[:, None], logp_old[:, None], advantages, torch.ones(len(cells), 1),
                logp_ref[:, None], loss_config,
            )  # fmt: skip
            optimiser.zero_grad()
            out.loss.backward()
            optimiser.step()
        curves["charts/reward"].append(float(rewards.mean()))
        curves["losses/kl"].append(float(out.kl))
        curves["losses/clip_fraction"].append(float(out.clip_fraction))
        if run is not None and (step + 1) % CHECKPOINT_EVERY == 0:
            save_checkpoint(run, parts, {
                "step": step + 1, "curves": dict(curves), "generator": generator.get_state(),
                "rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state()})  # fmt: skip
        if progress is not None and (step + 1) % 10 == 0:
            progress("grounding GRPO", step + 1, config.steps)
    return dict(curves)


CHECKPOINT_EVERY = 25
"""GRPO steps between two checkpoints of a run"""


def _box(data: GroundingSet, i: int) -> tuple[float, float, float, float]:
    x, y, w, h = data.boxes[i].tolist()
    return (x, y, w, h)


def _screen(data: GroundingSet, i: int) -> tuple[int, int]:
    width, height = data.screens[i].tolist()
    return (int(width), int(height))


# ---- 5. evaluation ----------------------------------------------------------------------------
@dataclass(frozen=True)
class GroundingReport:
    """The greedy click on each screen against its target."""

    samples: int
    accuracy: float
    """share of clicks inside the target box"""
    mean_distance: float
    """to the box's centre, pixels / sqrt(width · height) (normalised units on a square screen)"""
    by_role: dict[str, tuple[int, float]]
    """role -> (samples, accuracy)"""
    by_size: dict[str, tuple[int, float]]
    """size bucket (`SIZE_BUCKETS`) -> (samples, accuracy)"""
    points: list[tuple[float, float]]
    """the greedy clicks, for drawing"""

    def to_dict(self) -> dict[str, object]:
        return {
            "samples": self.samples,
            "accuracy": self.accuracy,
            "mean_distance": self.mean_distance,
            "by_role": {k: {"samples": n, "accuracy": a} for k, (n, a) in self.by_role.items()},
            "by_size": {k: {"samples": n, "accuracy": a} for k, (n, a) in self.by_size.items()},
        }


@torch.no_grad()
def predict_points(policy: LabPolicy, data: GroundingSet, batch: int = 256) -> torch.Tensor:
    """(N, 2) the greedy click (the most likely cell's centre) per screen."""
    policy.eval()
    out = []
    for start in range(0, len(data), batch):
        rows = slice(start, start + batch)
        logits = policy.click_logits(data.pixels[rows], data.text[rows]).flatten(1)
        out.append(cell_points(logits.argmax(dim=1), policy.config))
    return torch.cat(out)


def evaluate_grounding(policy: LabPolicy, data: GroundingSet) -> GroundingReport:
    points = predict_points(policy, data)
    hits, distances, sizes = [], [], []
    for i in range(len(data)):
        point = (float(points[i, 0]), float(points[i, 1]))
        box = _box(data, i)
        hits.append(GROUNDING_REWARDS["hit"](Prediction(point), box, None))
        centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
        distances.append(distance(point, centre, _screen(data, i)))
        area = box[2] * box[3]
        sizes.append(next(name for name, limit in SIZE_BUCKETS if area < limit))
    return GroundingReport(
        samples=len(data),
        accuracy=float(np.mean(hits)),
        mean_distance=float(np.mean(distances)),
        by_role=_grouped(data.roles, hits),
        by_size=_grouped(sizes, hits),
        points=[(float(x), float(y)) for x, y in points.tolist()],
    )


def _grouped(keys: tuple[str, ...] | list[str], hits: list[float]) -> dict[str, tuple[int, float]]:
    groups: dict[str, list[float]] = defaultdict(list)
    for key, hit in zip(keys, hits, strict=True):
        groups[key].append(hit)
    return {k: (len(v), float(np.mean(v))) for k, v in sorted(groups.items())}

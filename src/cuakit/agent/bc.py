"""Behaviour cloning: warm-start the lab policy from expert episodes in a dataset.

Every step of a successful episode whose action the policy can express (click, type one of the
instruction's values, a known key, scroll) becomes an example: the frame the action was chosen
on, the instruction, and the head indices of the action. Cross-entropy on the heads the action
uses, as in :meth:`LabPolicy.evaluate`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import torch

from cuakit.actions import parse
from cuakit.agent.policy import (
    NO_PREVIOUS,
    START,
    ActionSample,
    LabPolicy,
    downsample,
    from_action,
    instruction_values,
    remember,
    slot_mask,
)
from cuakit.episodes import EpisodeDataset
from cuakit.errors import DatasetError
from cuakit.reward.text import InstructionEncoder

Progress = Callable[[str, int, int], None]


def expert_examples(
    root: Path,
    policy: LabPolicy,
    env_ids: set[str] | None = None,
    policies: tuple[str, ...] = ("expert",),
    max_episodes: int | None = None,
) -> tuple[torch.Tensor, list[str], torch.Tensor]:
    """(pixels (N, 3, h, w), instructions, (N, 7) head indices and the last two kinds) from the
    successful episodes recorded by one of ``policies`` (noise-free experts by default)."""
    dataset = EpisodeDataset(root)
    config = policy.config
    pixels, instructions, targets = [], [], []
    used = 0
    for meta in dataset.episodes:
        if max_episodes is not None and used >= max_episodes:
            break
        if not meta.success or meta.policy not in policies:
            continue
        if env_ids is not None and meta.env_id not in env_ids:
            continue
        steps = dataset.steps(meta.index).to_pylist()
        values = instruction_values(meta.instruction, config.value_slots)
        rows, previous = [], START
        for step in steps:
            heads = from_action(parse(step["action"]), values, config)
            if heads is not None:
                rows.append((step["frame_index"], [*heads, *previous]))
            previous = remember(previous, NO_PREVIOUS if heads is None else heads[0])
        if not rows:
            continue
        used += 1
        frames = dataset.frames(meta.index, [f for f, _ in rows])
        pixels.append(downsample(frames, config.obs_height, config.obs_width))
        instructions += [meta.instruction] * len(rows)
        targets += [t for _, t in rows]
    if not targets:
        which = "" if env_ids is None else " of " + ", ".join(sorted(env_ids))
        raise DatasetError(
            f"{root} has no successful episode{which} by {' or '.join(policies)} with actions the "
            "lab policy can express; "
            "collect some with `cuakit collect --policy expert`"
        )
    return torch.cat(pixels), instructions, torch.tensor(targets)


def behaviour_clone(
    policy: LabPolicy,
    root: Path,
    text: InstructionEncoder,
    epochs: int = 20,
    lr: float = 1e-3,
    batch: int = 64,
    seed: int = 0,
    entropy_bonus: float = 0.01,
    env_ids: set[str] | None = None,
    max_episodes: int | None = None,
    progress: Progress | None = None,
) -> dict[str, float]:
    """Train ``policy`` in place on the expert steps of ``root``; returns the final loss and
    accuracy of the chosen kind and click bins on the training examples."""
    pixels, instructions, targets = expert_examples(
        root, policy, env_ids, max_episodes=max_episodes
    )
    embeddings = text.encode(instructions)
    masks = slot_mask(
        [instruction_values(i, policy.config.value_slots) for i in instructions],
        policy.config.value_slots,
    )
    optimizer = torch.optim.AdamW(policy.parameters(), lr=lr)
    generator = torch.Generator().manual_seed(seed)
    n = len(targets)
    loss_value = 0.0
    for epoch in range(epochs):
        for chunk in torch.randperm(n, generator=generator).split(batch):
            out = policy(pixels[chunk], embeddings[chunk], masks[chunk], targets[chunk, 5:])
            sample = ActionSample.unstack(targets[chunk, :5])
            log_prob, entropy = policy.evaluate(out, masks[chunk], sample)
            # A little entropy keeps the clone stochastic enough for PPO to explore from.
            loss = -(log_prob + entropy_bonus * entropy).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            loss_value = float(loss.detach())
        if progress is not None:
            progress("behaviour cloning", epoch + 1, epochs)
    with torch.no_grad():
        out = policy(pixels, embeddings, masks, targets[:, 5:])
        greedy = policy.act(out, masks, greedy=True)
    same = greedy.stacked() == targets[:, :5]
    clicks = (targets[:, 0] == 0) & same[:, 0]
    # A click "lands" within 2 x-bins and 1 y-bin (~20×10 px) of the expert's.
    near = ((greedy.x - targets[:, 1]).abs() <= 2) & ((greedy.y - targets[:, 2]).abs() <= 1)
    return {
        "bc_loss": loss_value,
        "bc_examples": n,
        "bc_kind_accuracy": float(same[:, 0].float().mean()),
        "bc_click_near_accuracy": float(near[clicks].float().mean()) if clicks.any() else 0.0,
    }

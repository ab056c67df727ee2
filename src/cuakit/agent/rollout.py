"""PPO's rollouts: ``num_steps`` of the policy in every env of a pool, as one `Segment`.

- `Segment` — what one rollout leaves for the learner: the (step, env) tensors, the finished
  episodes, the observation after the last step (for GAE's bootstrap value) and the version
  of the policy that acted.
- `collect_segment` — play a pool for ``num_steps`` with a policy (the local rollout, and what
  each of `cuakit.scale.rollouts`' Ray workers runs on its own pool).
- `LocalRollouts` — the rollout source `cuakit.agent.ppo.train` uses in one process;
  `cuakit.scale.rollouts.RayRollouts` has the same two methods.
- `join` — segments of several pools side by side, as if one pool had played them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol

import torch

from cuakit.agent.policy import LabPolicy, PolicyConfig, instruction_values, slot_mask, to_action
from cuakit.agent.pool import EnvPool
from cuakit.agent.rewards import EpisodeTrace
from cuakit.reward.text import InstructionEncoder


@dataclass
class Observation:
    """A pool's observations as the policy reads them: (n_envs, …) tensors."""

    pixels: torch.Tensor
    texts: torch.Tensor
    masks: torch.Tensor
    previous: torch.Tensor


@dataclass
class Segment:
    """One rollout: tensors shaped (num_steps, num_envs, …); ``rewards`` holds the dense
    shaping part only (episode outcomes are placed by the learner once judged)."""

    pixels: torch.Tensor
    texts: torch.Tensor
    masks: torch.Tensor
    previous: torch.Tensor
    actions: torch.Tensor
    logprobs: torch.Tensor
    values: torch.Tensor
    rewards: torch.Tensor
    dones: torch.Tensor
    next_done: torch.Tensor
    """(num_envs,) whether each env's last step ended its episode"""
    next_obs: Observation
    finished: list[EpisodeTrace] = field(default_factory=list)
    """episodes that ended in this rollout; ``positions`` index this segment's (step, env)"""
    version: int = 0
    """the policy version that acted (the learner's update count when it sent the weights)"""


def observe(
    pool: EnvPool, text: InstructionEncoder, pc: PolicyConfig
) -> tuple[Observation, list[list[str]]]:
    """The pool's observations, and each env's instruction values (what slot actions pick)."""
    pixels, instructions, previous = pool.batch(pc)
    values = [instruction_values(s, pc.value_slots) for s in instructions]
    mask = slot_mask(values, pc.value_slots)
    return Observation(pixels, text.encode(instructions), mask, previous), values


def collect_segment(
    policy: LabPolicy,
    pool: EnvPool,
    text: InstructionEncoder,
    num_steps: int,
    next_done: torch.Tensor,
    shaping_weight: float | None = None,
    version: int = 0,
) -> Segment:
    """Play every env of ``pool`` for ``num_steps`` with ``policy`` (sampling). ``next_done``:
    whether each env's previous step ended an episode; ``shaping_weight``: the weight of the
    dense shaping reward (None: no shaping)."""
    pc = policy.config
    n_envs = len(pool.envs)
    for trace in pool.traces:  # steps of earlier rollouts are no longer in the buffer
        trace.positions = [None] * len(trace.positions)
    pixels = torch.zeros(num_steps, n_envs, 3, pc.obs_height, pc.obs_width)
    texts = torch.zeros(num_steps, n_envs, text.dim)
    masks = torch.zeros(num_steps, n_envs, pc.value_slots, dtype=torch.bool)
    previous = torch.zeros(num_steps, n_envs, 2, dtype=torch.long)
    actions = torch.zeros(num_steps, n_envs, 5, dtype=torch.long)
    logprobs, values, rewards, dones = (torch.zeros(num_steps, n_envs) for _ in range(4))
    next_done = next_done.clone()
    finished: list[EpisodeTrace] = []
    for t in range(num_steps):
        obs, values_per_env = observe(pool, text, pc)
        pixels[t], texts[t], masks[t], previous[t] = obs.pixels, obs.texts, obs.masks, obs.previous
        dones[t] = next_done
        with torch.no_grad():
            output = policy(obs.pixels, obs.texts, obs.masks, obs.previous)
            sample = policy.act(output, obs.masks)
            logprob, _ = policy.evaluate(output, obs.masks, sample)
        actions[t], logprobs[t], values[t] = sample.stacked(), logprob, output.value
        for i in range(n_envs):
            trace = pool.traces[i]
            trace.positions.append((t, i))
            action = to_action(sample, i, values_per_env[i], pc)
            done_trace = pool.step(i, action, int(sample.kind[i]))
            if shaping_weight is not None:  # dense, known now; the outcome comes at the end
                rewards[t, i] = shaping_weight * trace.shaping[-1]
            next_done[i] = float(done_trace is not None)
            if done_trace is not None:
                finished.append(done_trace)
    return Segment(pixels, texts, masks, previous, actions, logprobs, values, rewards, dones,
                   next_done, observe(pool, text, pc)[0], finished, version)  # fmt: skip


def join(segments: list[Segment]) -> Segment:
    """Segments of several pools as one, side by side along the env axis (their episodes'
    positions shifted to match); the version is the oldest one's."""
    if len(segments) == 1:
        return segments[0]
    finished: list[EpisodeTrace] = []
    offset = 0
    for segment in segments:
        for trace in segment.finished:
            trace.positions = [None if p is None else (p[0], p[1] + offset)
                               for p in trace.positions]  # fmt: skip
            finished.append(trace)
        offset += segment.next_done.shape[0]
    cat = lambda name: torch.cat([getattr(s, name) for s in segments], dim=1)  # noqa: E731
    cat0 = lambda name: torch.cat([getattr(s, name) for s in segments], dim=0)  # noqa: E731
    next_obs = Observation(*(torch.cat([getattr(s.next_obs, n) for s in segments], dim=0)
                             for n in ("pixels", "texts", "masks", "previous")))  # fmt: skip
    tensors = {name: cat(name) for name in ("pixels", "texts", "masks", "previous", "actions",
                                             "logprobs", "values", "rewards", "dones")}  # fmt: skip
    return replace(segments[0], **tensors, next_done=cat0("next_done"), next_obs=next_obs,
                   finished=finished, version=min(s.version for s in segments))  # fmt: skip


class RolloutSource(Protocol):
    """Where PPO's rollouts come from: one pool here, Ray workers in `cuakit.scale.rollouts`."""

    def collect(self, policy: LabPolicy, version: int, level: int | None,
                shaping_weight: float | None) -> Segment: ...  # fmt: skip

    @property
    def episodes_started(self) -> int:
        """episodes begun on the source's seeds (where a resumed run goes on)"""
        ...

    def close(self) -> None: ...


class LocalRollouts:
    """Rollouts of one `EnvPool` in this process."""

    def __init__(self, pool: EnvPool, text: InstructionEncoder, num_steps: int) -> None:
        self.pool, self.text, self.num_steps = pool, text, num_steps
        self.next_done = torch.zeros(len(pool.envs))

    def collect(
        self, policy: LabPolicy, version: int, level: int | None, shaping_weight: float | None
    ) -> Segment:
        self.pool.level = level
        segment = collect_segment(policy, self.pool, self.text, self.num_steps, self.next_done,
                                  shaping_weight, version)  # fmt: skip
        self.next_done = segment.next_done
        return segment

    @property
    def episodes_started(self) -> int:
        return self.pool.episodes_started

    def close(self) -> None:
        self.pool.close()

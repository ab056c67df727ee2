"""``EnvPool``: ``num_envs`` envs stepped in lock-step for PPO's rollouts and evaluation.

Each env is reset on termination with a fresh seed; while a video source is in play each also
records its episode's frames as a screen recorder would (``EpisodeTrace``), final frame
included.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import torch

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.agent.policy import NO_PREVIOUS, START, PolicyConfig, downsample, remember
from cuakit.agent.rewards import EpisodeTrace, shaping_reward
from cuakit.envs.base import GUIEnv

SEED_STRIDE = 100_003
"""Run seed ``s`` starts its episodes at seed ``s * SEED_STRIDE``: runs never share one."""


class EnvPool:
    """``num_envs`` GUIEnvs (env ``i`` runs id ``i mod n`` of the ``env`` pattern; a pool that
    is a share of a larger one starts at ``first_env``) stepped together; each records an
    ``EpisodeTrace`` per episode.

    ``agent_terminates``: an episode ends only at the policy's finish/fail or the step limit,
    never on the env's own success."""

    def __init__(
        self,
        env: str,
        num_envs: int,
        *,
        seed: int,
        fps: int,
        agent_terminates: bool,
        record_video: bool,
        seed_offset: int = 0,
        level: int | None = None,
        first_env: int = 0,
    ) -> None:
        ids = envs.env_ids(env)
        self.envs: list[GUIEnv] = [
            envs.make(ids[i % len(ids)], terminate_on_success=not agent_terminates)
            for i in range(first_env, first_env + num_envs)
        ]
        self.fps, self.record_video = fps, record_video
        self.first_seed = seed * SEED_STRIDE
        self.next_seed = self.first_seed + seed_offset
        self.level = level
        self.obs: list[dict[str, Any]] = [{}] * len(self.envs)
        self.traces: list[EpisodeTrace] = [EpisodeTrace("")] * len(self.envs)
        self.targets: list[tuple[float, float] | None] = [None] * len(self.envs)
        self.previous = [START] * len(self.envs)
        for i in range(len(self.envs)):
            self._reset(i)

    def _reset(self, i: int) -> None:
        env = self.envs[i]
        options = {} if self.level is None else {"difficulty": self.level}
        obs, _ = env.reset(seed=self.next_seed, options=options)
        self.next_seed += 1
        trace = EpisodeTrace(obs["instruction"], level=self.level)
        trace.frames.append(obs["screenshot"].copy())
        sink = (lambda frame: trace.frames.append(frame.copy())) if self.record_video else None
        env.attach_recorder(sink, self.fps)
        self.obs[i], self.traces[i], self.previous[i] = obs, trace, START
        self.targets[i] = self._target(env)

    @staticmethod
    def _target(env: GUIEnv) -> tuple[float, float] | None:
        try:
            return env.expert_action().point
        except NotImplementedError:
            return None

    def batch(self, policy_config: PolicyConfig) -> tuple[torch.Tensor, list[str], torch.Tensor]:
        """Downsampled screenshots, instructions and the kinds of each env's last two actions."""
        shots = np.stack([o["screenshot"] for o in self.obs])
        pixels = downsample(shots, policy_config.obs_height, policy_config.obs_width)
        return pixels, [o["instruction"] for o in self.obs], torch.tensor(self.previous)

    def step(self, i: int, action: Action, kind: int = NO_PREVIOUS) -> EpisodeTrace | None:
        """Step env ``i`` (``kind``: the policy's kind index of ``action``); returns its
        finished trace when the episode ended (the env is reset)."""
        env, trace = self.envs[i], self.traces[i]
        obs, reward, terminated, truncated, info = env.step(action)
        self.previous[i] = remember(self.previous[i], kind)
        if self.record_video:
            trace.frames.append(obs["screenshot"].copy())
            trace.step_frames.append(len(trace.frames) - 1)
        trace.gt.append(float(reward))
        trace.shaping.append(
            shaping_reward(info.get("cursor"), self.targets[i], env.width, env.height)
        )
        self.obs[i] = obs
        self.targets[i] = self._target(env)
        if terminated or truncated:
            trace.success = bool(info.get("success"))
            env.attach_recorder(None)
            self._reset(i)
            return trace
        return None

    @property
    def episodes_started(self) -> int:
        """Episodes begun since the run's first seed (where a resumed run goes on)."""
        return self.next_seed - self.first_seed

    def close(self) -> None:
        for env in self.envs:
            env.close()

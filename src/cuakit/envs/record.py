"""``RecordEpisode``: write every episode of an env into an episode dataset as it runs.

At reset the first screenshot is written; during each step the env hands over the frames a
screen recorder would capture (cursor travel, typing, a dialog fading in) at the dataset's
fps; after each step the resulting screenshot is written, so the final frame — the one that
shows the outcome — is always in the video. Steps record the frame the action was chosen on.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import GUIEnv
from cuakit.episodes import EpisodeMeta, EpisodeWriter

# Per-step info kept in the dataset; elements are large and re-derivable from the video.
STEP_INFO_KEYS = ("success", "progress", "noop")


StepResult = tuple[dict[str, Any], float, bool, bool, dict[str, Any]]


def write_step(writer: EpisodeWriter, action: Action, result: StepResult, decided_on: int) -> int:
    """Write a step's resulting frame and its row; returns the new frame's index.
    ``decided_on`` is the frame the action was chosen on."""
    obs, reward, terminated, truncated, info = result
    frame = writer.add_frame(obs["screenshot"])
    writer.add_step(
        action,
        reward=float(reward),
        terminated=terminated,
        truncated=truncated,
        info={k: info[k] for k in STEP_INFO_KEYS if k in info},
        cursor=info.get("cursor"),
        frame_index=decided_on,
    )
    return frame


class RecordEpisode(gym.Wrapper):
    """``wait=False`` commits each finished episode on a helper thread while the next one is
    recorded (call ``close()`` or ``writer.flush()`` before reading the dataset)."""

    def __init__(
        self, env: GUIEnv, writer: EpisodeWriter, policy: str = "", wait: bool = True
    ) -> None:
        super().__init__(env)
        self.writer, self.policy, self.wait = writer, policy, wait
        self.gui: GUIEnv = env
        self._obs_frame = 0
        self.last_episode: EpisodeMeta | None = None  # None until committed when wait=False

    def _add_frame(self, frame: np.ndarray) -> None:
        self.writer.add_frame(frame)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if self.writer.in_progress:  # reset mid-episode: keep what was recorded, as truncated
            self.last_episode = self.writer.finish(success=False, extra={"truncated": True})
        obs, info = self.env.reset(seed=seed, options=options)
        extra = {k: v for k, v in info.items() if k in ("family", "difficulty", "params")}
        if replay := self.gui.replay_kwargs():
            extra["env_kwargs"] = replay
        self.writer.begin(
            env_id=self.gui.env_id,
            instruction=obs["instruction"],
            task_id=f"{self.gui.env_id}#{seed}",
            seed=seed,
            policy=self.policy,
            extra=extra,
        )
        self._obs_frame = self.writer.add_frame(obs["screenshot"])
        self.gui.attach_recorder(self._add_frame, self.writer.info.fps)
        return obs, info

    def step(self, action: Action) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        result = self.env.step(action)
        obs, reward, terminated, truncated, info = result
        self._obs_frame = write_step(self.writer, action, result, decided_on=self._obs_frame)
        if terminated or truncated:
            self.gui.attach_recorder(None)
            self.last_episode = self.writer.finish(
                success=bool(info.get("success")),
                extra={"truncated": truncated, "progress": info.get("progress", 0.0)},
                wait=self.wait,
            )
        return obs, reward, terminated, truncated, info

    def end(self, **extra: Any) -> None:
        """Commit the episode in progress now, as unsuccessful and truncated, with ``extra``
        (why it stopped: a refused action, a limit, an answer that was no action)."""
        if self.writer.in_progress:
            self.gui.attach_recorder(None)
            self.last_episode = self.writer.finish(
                success=False, extra={"truncated": True, **extra}, wait=self.wait
            )

    def close(self) -> None:
        self.writer.discard()
        self.writer.flush()
        self.gui.attach_recorder(None)
        super().close()

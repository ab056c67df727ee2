"""The agent loop: screenshot → model → action → safety gate (→ a person) → execute →
record, until the agent says ``finish``/``fail``, the gate refuses, a limit or the kill switch
stops it, or the step limit; then the recording may be judged by a video reward model.

What the gate is told about an action comes from the env's element list (desksim's widgets,
MiniWoB's DOM): the element under the point and the texts around it. A screen without one (an
existing display, ``x11:DISPLAY``) is read by a text recogniser instead, as a deployed gate
reads it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.envs.record import RecordEpisode
from cuakit.episodes.writer import EpisodeWriter
from cuakit.errors import ActionParseError
from cuakit.reward.scoring import Scorer
from cuakit.runner.agents import Agent
from cuakit.safety.context import ActionContext, ScreenText, locate, read_screen, reading_order
from cuakit.safety.guard import Guard, Stopped
from cuakit.video.text import TextReader


@dataclass(frozen=True)
class RunResult:
    instruction: str
    steps: int
    ended: str
    """finish, fail, refused, stopped, unparsed or step-limit"""
    success: bool
    """the env's ground truth (for the report; the agent never sees it)"""
    actions: tuple[Action, ...]
    predicted_success: float | None = None
    """the judge's P(success) of the recording"""
    frames: np.ndarray | None = None
    """(steps + 1, H, W, 3): the first screen, then the screen after each action"""


def element_context(
    action: Action, instruction: str, info: dict[str, Any], previous: list[Action], app: str
) -> ActionContext:
    """The gate's context from the env's element list (visible elements only)."""
    visible = [e for e in info.get("elements", []) if e.get("text") and not e.get("occluded")]
    texts = [ScreenText(e["text"], tuple(e["bbox"]), e["role"]) for e in visible]
    target, nearby = locate(action.point, texts)
    return ActionContext(action, instruction, target, nearby, app, info.get("url", ""),
                         tuple(previous), reading_order(texts))  # fmt: skip


def screen_context(
    action: Action,
    instruction: str,
    screenshot: np.ndarray,
    reader: TextReader,
    previous: list[Action],
    app: str,
) -> ActionContext:
    """The gate's context from the pixels alone: the text ``reader`` reads under the point, and
    around it (no roles: a screen does not say which text is a button)."""
    texts = read_screen(screenshot, reader)
    target, nearby = locate(action.point, texts)
    return ActionContext(action, instruction, target, nearby, app, "", tuple(previous),
                         reading_order(texts))  # fmt: skip


def run_episode(
    agent: Agent,
    env: Any,
    guard: Guard,
    seed: int,
    instruction: str | None = None,
    max_steps: int = 15,
    judge: Scorer | None = None,
    episode: str = "episode",
    reader: TextReader | None = None,
) -> RunResult:
    """One episode of ``agent`` on ``env`` (made with ``terminate_on_success=False``, wrapped
    in `RecordEpisode` to record it) through ``guard``. ``reader`` reads the screen for the
    gate where the env has no element list (without one, the gate cannot read the target and
    confirms)."""
    obs, info = env.reset(seed=seed)
    task = instruction or obs["instruction"]
    frames, previous, ended = [obs["screenshot"]], [], "step-limit"
    app = getattr(env.unwrapped, "env_id", "")
    for step in range(max_steps):
        try:
            action = agent.act(obs["screenshot"], task, previous)
        except ActionParseError:
            ended = "unparsed"
            break
        if reader is not None and not info.get("elements"):
            context = screen_context(action, task, obs["screenshot"], reader, previous, app)
        else:
            context = element_context(action, task, info, previous, app)
        try:
            allowed = guard.review(context, obs["screenshot"], episode, step)
        except Stopped:
            ended = "stopped"
            break
        if not allowed:
            ended = "refused"
            break
        obs, _, terminated, truncated, info = env.step(action)
        previous.append(action)
        frames.append(obs["screenshot"])
        if action.type in (ActionType.FINISH, ActionType.FAIL):
            ended = action.type.value
        if terminated or truncated:
            break
    if isinstance(env, RecordEpisode):
        env.end(ended=ended)
    predicted = None
    if judge is not None:
        predicted = judge.score([np.stack(frames)], [task])[0].p_success
    return RunResult(task, len(previous), ended, bool(info.get("success")), tuple(previous),
                     predicted, np.stack(frames))  # fmt: skip


def open_env(env_id: str, record: Path | None, spec: str, **kwargs: Any) -> Any:
    """The env, recording into the episode dataset ``record`` when given; ``x11:DISPLAY`` is
    an existing display (`RealDisplay`, never recorded through an env wrapper)."""
    if env_id.startswith("x11:"):
        from cuakit.runner.real_display import RealDisplay

        return RealDisplay(env_id.removeprefix("x11:"))
    env = envs.make(env_id, terminate_on_success=False, **kwargs)
    if record is None:
        return env
    return RecordEpisode(env, EpisodeWriter(record), policy=spec)

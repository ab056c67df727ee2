"""``GUIEnv``: the gymnasium interface every backend shares (desksim, MiniWoB, X11).

Observation ``{"screenshot": uint8 H×W×3, "instruction": str}``; action an ``Action`` with
normalised coordinates; ``info`` carries the ground truth the backend knows: ``success``,
``progress`` (0–1), ``elements`` (role, text, bbox, state) and ``cursor``.

Termination: with ``terminate_on_success`` (the default, gymnasium's ground-truth path) an
episode ends the moment the task succeeds or ends by itself (``Outcome.done``), with reward 1
on success. With it False (``envs.make(id, terminate_on_success=False)``: every video-reward
run) the episode ends only when the agent emits ``finish`` or ``fail``, or at ``max_steps``;
the reward is the task's success at that last step and 0 before (as a video judge scores the
video then), so a video's length and its last frame say nothing the agent did not choose.
``info["task_done"]`` still tells scripted experts and metrics that the task ended by itself.

A backend implements five hooks: ``_start_task`` (build the task for a seed), ``_execute``
(carry out an action), ``_screenshot``, ``_outcome`` (success from the backend's state, never
from pixels) and ``_elements``. While a recorder is attached (``attach_recorder``), ``_execute``
hands it the frames a screen recorder would capture *during* the action — cursor travel,
characters appearing — through ``emit_frame``; the frame after the action is the observation.
"""

from __future__ import annotations

import string
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from cuakit.actions import Action, ActionType, parse
from cuakit.errors import ActionParseError

FrameSink = Callable[[np.ndarray], None]
INSTRUCTION_CHARS = string.printable + "’‘“”–—…éèàüöäñç"

RANDOM_KEYS = ("enter", "tab", "escape", "backspace", "up", "down", "ctrl+a", "ctrl+b", "ctrl+s")
RANDOM_WORDS = ("hello", "test", "ok", "save", "blue", "42", "alpha", "yes")
RANDOM_KINDS = ("click", "double_click", "move", "drag", "scroll", "type", "key", "wait", "finish")
RANDOM_KIND_CDF = np.cumsum([0.42, 0.05, 0.1, 0.06, 0.09, 0.1, 0.14, 0.02, 0.02])[:-1]


TYPING_CHARS_PER_SECOND = 12.0
"""Characters per second of recorded typing: each in-between frame shows round(this / fps) more."""


@dataclass(frozen=True)
class Outcome:
    """A task's state judged from the backend: the ground truth."""

    success: bool
    progress: float = 0.0
    """fraction of the task's subgoals reached, in [0, 1]"""
    done: bool = False
    """the task ended by itself (a form was submitted, a file opened), successfully or not"""


class ActionSpace(gym.Space[Action]):
    """The space of ``Action`` values; ``sample()`` is the uniform-ish random GUI policy."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        return isinstance(x, Action)

    def sample(self, mask: Any = None, probability: Any = None) -> Action:
        rng = self.np_random
        # One uniform draw per decision: Generator.choice(p=...) costs ~0.3 ms a call.
        draw, x, y, x2, y2 = (float(v) for v in rng.random(5))
        kind = RANDOM_KINDS[int(np.searchsorted(RANDOM_KIND_CDF, draw, side="right"))]
        if kind == "click":
            return Action.click(x, y)
        if kind == "double_click":
            return Action.double_click(x, y)
        if kind == "move":
            return Action.move(x, y)
        if kind == "drag":
            return Action.drag(x, y, x2, y2)
        if kind == "scroll":
            return Action.scroll("up" if x2 < 0.5 else "down", 1 + int(y2 * 4), x, y)
        if kind == "type":
            return Action.type_text(RANDOM_WORDS[int(x2 * len(RANDOM_WORDS))])
        if kind == "key":
            return Action.key(RANDOM_KEYS[int(x2 * len(RANDOM_KEYS))])
        if kind == "wait":
            return Action.wait(0.5)
        return Action.finish()

    def __repr__(self) -> str:
        return "ActionSpace()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionSpace)


class GUIEnv(gym.Env[dict[str, Any], Action]):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["rgb_array"], "render_fps": 10}
    env_id = "cuakit/gui-v0"

    def __init__(self, width: int, height: int, max_steps: int, render_mode: str | None = None):
        self.width, self.height, self.max_steps = width, height, max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "screenshot": spaces.Box(0, 255, (height, width, 3), np.uint8),
                "instruction": spaces.Text(
                    max_length=2000, min_length=0, charset=INSTRUCTION_CHARS
                ),
            }
        )
        self.action_space = ActionSpace()
        self.terminate_on_success = True
        self.frame_sink: FrameSink | None = None
        self.fps = 10
        self.instruction = ""
        self.steps = 0
        self._last_screenshot: np.ndarray | None = None

    # ---- the backend's hooks -----------------------------------------------------------
    def _start_task(self, rng: np.random.Generator, options: dict[str, Any]) -> str:
        """Set up a task instance for this episode; return its instruction."""
        raise NotImplementedError

    def _execute(self, action: Action) -> dict[str, Any]:
        """Carry out a non-terminal action; return extra info (``noop`` reason, …)."""
        raise NotImplementedError

    def _screenshot(self) -> np.ndarray:
        raise NotImplementedError

    def _outcome(self) -> Outcome:
        raise NotImplementedError

    def _elements(self) -> list[dict[str, Any]]:
        return []

    def _cursor(self) -> tuple[float, float] | None:
        return None

    def task_info(self) -> dict[str, Any]:
        """Metadata of the current task instance (family, difficulty, …) for datasets."""
        return {}

    def replay_kwargs(self) -> dict[str, Any]:
        """The constructor options (beyond the id's) this env needs to draw a seed's task
        instance again the same way: recorded with each episode, so labelling can replay it."""
        return {}

    def expert_action(self) -> Action:
        """The scripted expert's next action from the current (privileged) state."""
        raise NotImplementedError(f"{type(self).__name__} has no expert")

    # ---- recording ---------------------------------------------------------------------
    def attach_recorder(self, sink: FrameSink | None, fps: int = 10) -> None:
        """Route in-between frames to ``sink`` at ``fps`` (None detaches). A backend may
        reuse a frame's buffer after the call returns: a sink copies what it keeps."""
        self.frame_sink, self.fps = sink, fps

    def emit_frame(self, frame: np.ndarray) -> None:
        if self.frame_sink is not None:
            self.frame_sink(frame)

    def type_recorded(
        self, text: str, type_chunk: Callable[[str], bool | None], show: Callable[[], None]
    ) -> bool:
        """Type ``text`` with ``type_chunk``; with a recorder, in the chunks a typist enters
        per frame period (``TYPING_CHARS_PER_SECOND``), calling ``show`` to emit a frame
        between chunks. False once ``type_chunk`` refuses a chunk (returns False)."""
        if self.frame_sink is None:
            return type_chunk(text) is not False
        per_frame = max(1, round(TYPING_CHARS_PER_SECOND / self.fps))
        chunks = [text[i : i + per_frame] for i in range(0, len(text), per_frame)]
        for i, chunk in enumerate(chunks):
            if type_chunk(chunk) is False:
                return False
            if i < len(chunks) - 1:
                show()
        return True

    def wait_recorded(self, seconds: float, show: Callable[[], None]) -> None:
        """Let ``seconds`` of real time pass (a real backend's timers run); with a recorder,
        call ``show`` once per frame period."""
        frames = max(0, round(seconds * self.fps) - 1)
        if self.frame_sink is None or frames == 0:
            time.sleep(seconds)
            return
        start = time.monotonic()
        for k in range(1, frames + 1):
            time.sleep(max(0.0, start + k / self.fps - time.monotonic()))
            show()
        time.sleep(max(0.0, start + seconds - time.monotonic()))

    # ---- gymnasium API -----------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.steps = 0
        self.reset_seed = seed  # a backend that builds its task from the seed reads its split
        self.instruction = self._start_task(self.np_random, dict(options or {}))
        return self._observation(), self._info(self._outcome(), {})

    def step(
        self, action: Action | str | dict[str, Any]
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if isinstance(action, str):
            action = parse(action)
        elif isinstance(action, dict):
            action = Action.from_dict(action)
        elif not isinstance(action, Action):
            raise ActionParseError(
                "action", f"expected an Action, JSON text or dict, got {type(action).__name__}"
            )
        self.steps += 1
        extra: dict[str, Any] = {}
        if action.type is ActionType.FAIL:
            outcome = Outcome(success=False, progress=self._outcome().progress, done=True)
        else:
            if action.type is not ActionType.FINISH:
                extra = self._execute(action)
            outcome = self._outcome()
        if self.terminate_on_success:
            terminated = outcome.success or outcome.done or action.is_terminal
            truncated = not terminated and self.steps >= self.max_steps
            reward = 1.0 if outcome.success else 0.0
        else:  # the agent says when it is done; the env's success and end go unannounced
            terminated = action.is_terminal
            truncated = not terminated and self.steps >= self.max_steps
            reward = float(outcome.success) if terminated or truncated else 0.0
        info = self._info(outcome, extra) | {"task_done": outcome.done}
        return self._observation(), reward, terminated, truncated, info

    def crash_step(
        self, error: Exception, steps_before: int, frame: np.ndarray, family: str
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The result of a step during which the backend died or hung: the last frame seen,
        no success, the episode truncated and ``info["error"]`` saying why. Real backends call
        it after dropping their crashed processes, so that collection goes on."""
        self.steps = steps_before + 1
        obs = {"screenshot": frame.copy(), "instruction": self.instruction}
        info = {
            "success": False,
            "progress": 0.0,
            "elements": [],
            "cursor": self._cursor(),
            "steps": self.steps,
            "family": family,
            "error": str(error),
        }
        return obs, 0.0, False, True, info

    def render(self) -> np.ndarray:
        return self._screenshot()

    def _observation(self) -> dict[str, Any]:
        return {"screenshot": self._screenshot(), "instruction": self.instruction}

    def _info(self, outcome: Outcome, extra: dict[str, Any]) -> dict[str, Any]:
        return {
            "success": outcome.success,
            "progress": outcome.progress,
            "elements": self._elements(),
            "cursor": self._cursor(),
            "steps": self.steps,
            **self.task_info(),
            **extra,
        }

"""``MiniWoBEnv``: a MiniWoB++ task in a real headless Chromium as a ``GUIEnv``.

The task pages, their JavaScript and their reward come from the PyPI ``miniwob`` package;
cuakit drives the page itself (Selenium, :mod:`.browser`) so that it controls the browser's
flags, its processes and its deadlines. Per episode:

- ``reset(seed)`` seeds the page's random generator (``Math.seedrandom``) from the seed and
  starts MiniWoB's episode; the instruction is MiniWoB's utterance.
- actions arrive in normalised coordinates of the **task area** (MiniWoB's 160×210 CSS px) and
  become W3C pointer and keyboard input: clicks, drags, wheel scrolls, typing, key presses.
- screenshots cover the task area only — the page's reward display beside it never appears in
  a frame — with the mouse pointer drawn where it is, as a screen recorder shows it.
- ground truth is MiniWoB's own reward: the episode ends when the page says so, and it
  succeeded when the raw (not time-scaled) reward is positive.

A browser that crashes or hangs mid-episode ends the episode as truncated (``info["error"]``
says why); its processes are killed and the next ``reset()`` starts a new browser.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from cuakit.actions import Action, ActionType
from cuakit.envs.base import GUIEnv, Outcome
from cuakit.envs.cursors import draw_cursor, theme_cursor
from cuakit.envs.miniwob import task_names
from cuakit.envs.miniwob.browser import Browser, BrowserConfig, webdriver_key
from cuakit.envs.miniwob.page import SNAPSHOT_JS, Page
from cuakit.envs.motion import Point, hand_path
from cuakit.errors import BackendError, BackendUnavailableError, ConfigError

SCROLL_PIXELS = 50
"""CSS pixels per scroll click (MiniWoB's own default scroll amount)"""
READY_POLLS = 40
"""polls of ``WOB_TASK_READY`` (50 ms apart) before a task counts as not loading"""

DEFAULT_MAX_STEPS = 10
MAX_STEPS = {
    "email-inbox": 16,
    "login-user": 12,
    "use-autocomplete": 12,
    "click-checkboxes": 14,
    "use-spinner": 16,  # up to 10 clicks on an arrow, then Submit
}

# Hide MiniWoB's "START" cover: episodes start from Python, and the final frame of an episode
# should show the page as the episode ended, not a black box.
PREPARE_JS = """
if (!document.getElementById('cuakit-style')) {
  const style = document.createElement('style');
  style.id = 'cuakit-style';
  style.textContent = '#sync-task-cover { display: none !important; }';
  document.head.appendChild(style);
  window.cuakitDefaultLimit = core.EPISODE_MAX_TIME;
}
"""
START_JS = """
core.endEpisode(0);
Math.seedrandom(arguments[0]);
core.setDataMode(arguments[1]);
core.EPISODE_MAX_TIME = arguments[2] > 0 ? arguments[2] : window.cuakitDefaultLimit;
core.startEpisodeReal();
return WOB_TASK_READY;
"""


def task_url(task: str) -> tuple[str, tuple[int, int]]:
    """The page of a MiniWoB task and its task area (CSS px), as the ``miniwob`` package
    serves them (FlightWoB tasks through its local HTTP server)."""
    from miniwob import constants
    from miniwob.selenium_instance import DEFAULT_BASE_URL, HTML_DIR

    if task.startswith("flight."):
        from miniwob.http_server import start_http_server

        base = start_http_server(str(HTML_DIR))
        url = f"{base}{task.replace('.', '/')}/wrapper.html"
        return url, (constants.FLIGHT_TASK_WIDTH, constants.FLIGHT_TASK_HEIGHT)
    return f"{DEFAULT_BASE_URL}{task}.html", (constants.TASK_WIDTH, constants.TASK_HEIGHT)


def field_dict(task: str, utterance: str) -> dict[str, str]:
    """MiniWoB's fields of ``utterance`` (``{}`` for tasks without a field extractor)."""
    from miniwob.fields import FIELD_EXTRACTORS

    extractor = FIELD_EXTRACTORS.get(task)
    if extractor is None:
        return {}
    try:
        return {key: value for key, value in extractor(utterance)}
    except ValueError:
        return {}


class MiniWoBEnv(GUIEnv):
    """One MiniWoB++ task (``task`` is its name, e.g. ``click-button``) in headless Chromium.

    The browser starts at the first ``reset()``, not at construction, and ends at ``close()``.
    """

    def __init__(
        self,
        task: str,
        max_steps: int | None = None,
        scale: int = 1,
        time_limit_s: float | None = 60.0,
        timeout_s: float = 20.0,
        data_mode: str = "train",
        reload_every: int = 200,
        render_mode: str | None = "rgb_array",
        difficulty: int | None = None,
        randomize: bool = False,
    ) -> None:
        """``time_limit_s`` replaces MiniWoB's wall-clock limit (10 s for most tasks): cuakit
        bounds episodes by steps, and recording frames slows steps down; None keeps the
        task's own. ``timeout_s``: a browser call that takes longer counts as a hang.
        ``reload_every``: reload the page every N episodes (MiniWoB pages leak memory).
        ``difficulty`` and ``randomize`` exist for the common ``cuakit collect`` options:
        MiniWoB tasks have neither levels nor themes, so only their defaults are accepted."""
        known = task_names()
        if not known:
            raise BackendUnavailableError(
                "the Python package miniwob is missing; install cuakit's browser extra: "
                "pip install 'cuakit[browser]'"
            )
        if task not in known:
            raise ConfigError(f"unknown MiniWoB task {task!r}; see `cuakit envs` for the ids")
        if time_limit_s is not None and time_limit_s <= 0:
            raise ConfigError(f"time_limit_s={time_limit_s}: give seconds > 0, or None")
        if difficulty is not None or randomize:
            raise ConfigError(
                f"MiniWoB task {task}: no difficulty levels or themes; drop --difficulty and "
                "--randomize"
            )
        self.url, (self.task_width, self.task_height) = task_url(task)
        super().__init__(
            self.task_width * scale,
            self.task_height * scale,
            max_steps or MAX_STEPS.get(task, DEFAULT_MAX_STEPS),
            render_mode,
        )
        self.task, self.scale = task, scale
        self.env_id = f"cuakit/miniwob-{task}-v0"
        self.time_limit_s, self.data_mode, self.reload_every = time_limit_s, data_mode, reload_every
        self.browser_config = BrowserConfig(
            window=(self.task_width + 340, self.task_height + 190),
            scale=scale,
            timeout_s=timeout_s,
        )
        self.browser: Browser | None = None
        self.restarts = 0
        """browsers started after the first one (each after a crash or hang)"""
        self.pointer = (self.task_width * 0.85, self.task_height * 0.12)
        self._episodes = 0
        self._page: Page | None = None
        self._last_frame = np.zeros((self.height, self.width, 3), np.uint8)
        self._motion = np.random.default_rng(0)

    # ---- the browser -------------------------------------------------------------------
    def _ensure_browser(self) -> Browser:
        if self.browser is not None and self.browser.alive:
            return self.browser
        if self.browser is not None:
            self.browser.close()
            self.restarts += 1
        self.browser = Browser(self.browser_config, self.url)
        self.browser.js(PREPARE_JS)
        self._episodes = 0
        return self.browser

    def _drop_browser(self) -> None:
        if self.browser is not None:
            self.browser.close()  # kills whatever is left; the next reset starts a new one

    def browser_pids(self) -> set[int]:
        """PIDs of the running chromedriver and Chromium processes (empty when none runs)."""
        return self.browser.pids() if self.browser is not None else set()

    def helper_pids(self) -> set[int]:
        """The processes this env runs besides Python (for benchmarks and leak checks)."""
        return self.browser_pids()

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None
        super().close()

    # ---- GUIEnv hooks ------------------------------------------------------------------
    def _start_task(self, rng: np.random.Generator, options: dict[str, Any]) -> str:
        task_seed = int(rng.integers(2**31))
        self._motion = np.random.default_rng(task_seed)
        try:
            return self._begin(task_seed)
        except BackendError:  # one restart: a browser that died between episodes
            self._drop_browser()
            return self._begin(task_seed)

    def _begin(self, task_seed: int) -> str:
        browser = self._ensure_browser()
        if self.reload_every and self._episodes and self._episodes % self.reload_every == 0:
            browser.call("a page reload", lambda driver: driver.get(self.url))
            browser.js(PREPARE_JS)
        self._episodes += 1
        limit_ms = int(self.time_limit_s * 1000) if self.time_limit_s else 0
        ready = browser.js(START_JS, task_seed, self.data_mode, limit_ms)
        for _ in range(READY_POLLS):
            if ready:
                break
            time.sleep(0.05)
            ready = browser.js("return WOB_TASK_READY;")
        else:
            raise BackendError(f"MiniWoB task {self.task} did not become ready in 2 s")
        self.pointer = (self.task_width * 0.85, self.task_height * 0.12)  # in the query box
        browser.move(*self.pointer)
        self._page = None
        return self.page().utterance

    def page(self) -> Page:
        """The page now (cached until the next action)."""
        if self._page is None:
            assert self.browser is not None, "call reset() first"
            raw = self.browser.js(SNAPSHOT_JS, self.task_width, self.task_height)
            self._page = Page.from_snapshot(
                raw,
                field_dict(self.task, raw["utterance"]),
                (self.task_width, self.task_height),
                self.pointer,
            )
        return self._page

    def _screenshot(self) -> np.ndarray:
        return self._frame()

    def _frame(self) -> np.ndarray:
        """A screenshot of the task area with the pointer drawn at its place (never its button
        state: a screen recorder does not show it)."""
        assert self.browser is not None, "call reset() first"
        frame = np.array(self.browser.screenshot((0, 0, self.task_width, self.task_height)))
        x, y = self.pointer
        draw_cursor(frame, round(x * self.scale), round(y * self.scale), theme_cursor("cuakit"))
        self._last_frame = frame
        return frame

    def _outcome(self) -> Outcome:
        page = self.page()
        success = page.done and page.raw_reward > 0
        return Outcome(success=success, progress=1.0 if success else 0.0, done=page.done)

    def _elements(self) -> list[dict[str, Any]]:
        return self.page().elements() if self.browser is not None else []

    def _cursor(self) -> tuple[float, float] | None:
        return self.pointer[0] / self.task_width, self.pointer[1] / self.task_height

    def task_info(self) -> dict[str, Any]:
        if self._page is None:
            return {"family": self.task}
        page = self._page
        info: dict[str, Any] = {"family": self.task, "params": page.fields}
        if page.done:
            info["miniwob"] = {"raw_reward": page.raw_reward, "reward": page.reward}
        return info

    def expert_action(self) -> Action:
        from cuakit.envs.miniwob.experts import ALL_EXPERTS

        expert = ALL_EXPERTS.get(self.task)
        if expert is None:
            raise NotImplementedError(
                f"MiniWoB task {self.task} has no DOM expert; tasks with one: {sorted(ALL_EXPERTS)}"
            )
        return expert(self.page())

    # ---- crashes and hangs -------------------------------------------------------------
    def step(
        self, action: Action | str | dict[str, Any]
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        steps_before = self.steps
        try:
            return super().step(action)
        except BackendError as exc:
            self._drop_browser()
            self._page = None
            return self.crash_step(exc, steps_before, self._last_frame, self.task)

    # ---- executing actions -------------------------------------------------------------
    def _px(self, point: tuple[float, float]) -> tuple[float, float]:
        """Normalised → task-area CSS pixels (the last pixel at most)."""
        return (
            min(max(point[0], 0.0) * self.task_width, self.task_width - 1.0),
            min(max(point[1], 0.0) * self.task_height, self.task_height - 1.0),
        )

    def _execute(self, action: Action) -> dict[str, Any]:
        browser = self.browser
        assert browser is not None, "call reset() first"
        self._page = None
        kind = action.type
        target = self._px(action.point) if action.point is not None else self.pointer
        if action.point is not None and kind is not ActionType.SCROLL:
            self._travel(target)
        noop: str | None = None
        if kind in (ActionType.CLICK, ActionType.DOUBLE_CLICK, ActionType.RIGHT_CLICK):
            if self.frame_sink is not None:
                self.emit_frame(self._frame())  # the moment of the press
            button = "right" if kind is ActionType.RIGHT_CLICK else "left"
            browser.click(*target, button, 2 if kind is ActionType.DOUBLE_CLICK else 1)
        elif kind is ActionType.MOVE:
            browser.move(*target)
        elif kind is ActionType.DRAG:
            assert action.end is not None
            end = self._px(action.end)
            path = self._path(target, end)
            browser.drag([target, *path])
            self.pointer = end
        elif kind is ActionType.SCROLL:
            self._scroll(action, target)
        elif kind is ActionType.TYPE:
            self._type(action.text or "")
        elif kind is ActionType.KEY:
            names = (action.keys or "").split("+")
            if any(webdriver_key(name) is None for name in names):
                noop = f"key {action.keys!r}: no such key on a browser keyboard"
            else:
                browser.keys(names)
        elif kind is ActionType.WAIT:
            self._wait(action.seconds or 0.0)
        return {} if noop is None else {"noop": noop}

    def _path(self, start: Point, end: Point) -> list[Point]:
        """The pointer's way from ``start`` to ``end``, one point per recorded frame."""
        path = hand_path(start, end, self.fps, self._motion)
        return [self._px((x / self.task_width, y / self.task_height)) for x, y in path]

    def _travel(self, end: tuple[float, float]) -> None:
        """Move the pointer to ``end``; with a recorder, along a hand's path, one real pointer
        move and one frame per recorded frame (hover effects show as they happen)."""
        assert self.browser is not None
        if self.frame_sink is not None:
            for point in self._path(self.pointer, end)[:-1]:
                self.browser.move(*point)
                self.pointer = point
                self.emit_frame(self._frame())
        self.pointer = end

    def _scroll(self, action: Action, at: tuple[float, float]) -> None:
        assert self.browser is not None
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[
            action.direction or "down"
        ]
        if action.point is not None:
            self.browser.move(*at)
            self.pointer = at
        for click in range(action.amount):
            self.browser.wheel(*self.pointer, dx * SCROLL_PIXELS, dy * SCROLL_PIXELS)
            if click < action.amount - 1 and self.frame_sink is not None:
                self.emit_frame(self._frame())

    def _type(self, text: str) -> None:
        assert self.browser is not None
        self.type_recorded(text, self.browser.type, lambda: self.emit_frame(self._frame()))

    def _wait(self, seconds: float) -> None:
        """Real time passes (the page's timers run); with a recorder, one frame per period."""
        self.wait_recorded(seconds, lambda: self.emit_frame(self._frame()))

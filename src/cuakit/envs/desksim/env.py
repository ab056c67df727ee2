"""``DeskSimEnv``: the built-in desktop simulator as a ``GUIEnv``.

Each reset builds a fresh task instance of one family from the seed (layout, labels, values,
theme when randomised); a seed of the test split (`cuakit.episodes.splits`) builds one from the
reserved values and phrasings, a val seed from the values held for val. Without a recorder,
actions apply instantly, so thousands of steps run per second per core. With one attached, each
action also plays out as a screen recorder would see it at the recorder's fps: the pointer
travels on a curved, eased path (Fitts-like duration), a pressed button darkens, text appears a
character or two per frame, a list scrolls a row at a time, a dialog fades in.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
from gymnasium import spaces

from cuakit.actions import Action, ActionType
from cuakit.envs.base import INSTRUCTION_CHARS, GUIEnv, Outcome
from cuakit.envs.cursors import CURSOR_THEMES, check_cursor_themes
from cuakit.envs.desksim.desk import Desk
from cuakit.envs.desksim.locale import LOCALES, characters
from cuakit.envs.desksim.render import (
    CJK_FONT,
    FONTS,
    SCALES,
    Painter,
    Theme,
    check_fonts,
    device,
)
from cuakit.envs.desksim.tasks import TASKS, Task
from cuakit.episodes.splits import values_side
from cuakit.errors import ConfigError


class DeskSimEnv(GUIEnv):
    """One desksim task family. ``difficulty=None`` draws a level per episode.

    ``randomize``: a random theme per episode (colours, light/dark, accent, font family and
    size). ``fonts``: the font families it draws from (a tuple or comma list of `FONTS` keys;
    default all of them); without ``randomize`` the first one (default Aileron). ``locale``:
    the UI language, "en" or "zh" (Simplified Chinese: labels, titles, dialogs and the
    instruction; the task's state and expert stay English, `cuakit.envs.desksim.locale`).
    ``cursors``: the cursor themes the pointer is drawn in (`CURSOR_THEMES`, default all of them
    when randomised; without ``randomize`` the first, default cuakit's arrow), at the UI scale,
    an I-beam over a text field as toolkits draw it.
    ``scale``: the UI scale (`SCALES`; HiDPI: the ``width`` × ``height`` layout drawn with
    ``scale`` times the pixels, so screenshots are ``scale`` times larger; actions stay in
    normalised coordinates)."""

    def __init__(
        self,
        family: str,
        difficulty: int | None = None,
        randomize: bool = False,
        fonts: str | tuple[str, ...] | None = None,
        cursors: str | tuple[str, ...] | None = None,
        locale: str = "en",
        scale: float = 1.0,
        width: int = 480,
        height: int = 300,
        max_steps: int | None = None,
        render_mode: str | None = "rgb_array",
    ) -> None:
        if family not in TASKS:
            raise ValueError(f"unknown desksim family {family!r}; one of {sorted(TASKS)}")
        self.task_class: type[Task] = TASKS[family]
        if difficulty is not None and not 1 <= difficulty <= self.task_class.levels:
            raise ValueError(
                f"difficulty={difficulty} for {family}: use 1..{self.task_class.levels} or None"
            )
        if not 1.0 <= scale <= 3.0:
            raise ConfigError(f"scale={scale}: use a UI scale from 1.0 to 3.0, e.g. {SCALES}")
        self.scale, self.layout = float(scale), (width, height)
        screen = (device(width, scale), device(height, scale))
        super().__init__(*screen, max_steps or self.task_class.max_steps, render_mode)
        self.family, self.difficulty, self.randomize = family, difficulty, randomize
        if isinstance(fonts, str):
            fonts = tuple(f.strip() for f in fonts.split(",") if f.strip())
        self.fonts = check_fonts(fonts) if fonts is not None else None
        if isinstance(cursors, str):
            cursors = tuple(c.strip() for c in cursors.split(",") if c.strip())
        self.cursors = check_cursor_themes(cursors) if cursors is not None else None
        if randomize and cursors is None:
            check_cursor_themes(tuple(CURSOR_THEMES))
        if locale not in LOCALES:
            raise ConfigError(f"locale {locale!r}: use one of {', '.join(LOCALES)}")
        if locale != "en":  # its characters are drawn in the CJK family, whatever the theme's
            check_fonts((CJK_FONT,))
            self.observation_space["instruction"] = spaces.Text(
                max_length=2000, min_length=0, charset=INSTRUCTION_CHARS + characters(locale)
            )
        self.locale = locale
        self.env_id = f"cuakit/desksim-{family}-v0"
        self._painter = Painter()  # text cache shared across episodes
        self.desk: Desk | None = None
        self.task: Task | None = None
        self._motion = np.random.default_rng(0)
        # In-between frames are drawn into one reused buffer (sinks copy what they keep):
        # a fresh screen-sized array per frame costs more in page faults than the drawing.
        self._frame_buffer = np.empty((self.height, self.width, 3), np.uint8)

    # ---- GUIEnv hooks ------------------------------------------------------------------
    def _start_task(self, rng: np.random.Generator, options: dict[str, Any]) -> str:
        width, height = self.layout
        font = (self.fonts or ("aileron",))[0]
        theme = Theme(width=width, height=height, font=font, locale=self.locale, scale=self.scale)
        if self.randomize:  # colours, light/dark, accent, font; the screen, locale, scale stay
            sampled = Theme.sample(rng, self.fonts or tuple(FONTS))
            theme = replace(
                sampled, width=width, height=height, locale=self.locale, scale=self.scale
            )
        level = options.get("difficulty", self.difficulty)
        if level is None:
            level = int(rng.integers(1, self.task_class.levels + 1))
        self.desk = Desk(theme, self._painter)
        # reserved values and phrasings on test seeds, values held for val on val seeds
        side = values_side(self.reset_seed)
        self.task = self.task_class(self.desk, rng, int(level), side=side)
        self.desk.events.clear()
        motion_seed = int(rng.integers(2**31))
        self._motion = np.random.default_rng(motion_seed)
        # the cursor theme from its own stream: the task and theme draws stay as they were
        themes = self.cursors or (tuple(CURSOR_THEMES) if self.randomize else ("cuakit",))
        pick = np.random.default_rng((motion_seed, 1)).integers(len(themes))
        cursor = themes[int(pick)] if self.randomize else themes[0]
        self.desk.theme = replace(self.desk.theme, cursor=cursor)
        return self.task.instruction

    def _screenshot(self) -> np.ndarray:
        assert self.desk is not None, "call reset() first"
        return self.desk.render()

    def _outcome(self) -> Outcome:
        assert self.task is not None, "call reset() first"
        return self.task.outcome()

    def _elements(self) -> list[dict[str, Any]]:
        return self.desk.elements() if self.desk is not None else []

    def _cursor(self) -> tuple[float, float] | None:
        if self.desk is None:
            return None
        return self.desk.cursor[0] / self.layout[0], self.desk.cursor[1] / self.layout[1]

    def task_info(self) -> dict[str, Any]:
        if self.task is None:
            return {}
        return {
            "family": self.family,
            "difficulty": self.task.difficulty,
            "params": self.task.params(),
        }

    def replay_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"randomize": True} if self.randomize else {}
        kwargs |= {"fonts": ",".join(self.fonts)} if self.fonts else {}
        kwargs |= {"cursors": ",".join(self.cursors)} if self.cursors else {}
        kwargs |= {"locale": self.locale} if self.locale != "en" else {}
        return kwargs | ({"scale": self.scale} if self.scale != 1.0 else {})

    def expert_action(self) -> Action:
        assert self.task is not None, "call reset() first"
        return self.task.expert_action()

    # ---- executing actions -------------------------------------------------------------
    def _px(self, point: tuple[float, float]) -> tuple[float, float]:
        width, height = self.layout
        return min(point[0] * width, width - 1.0), min(point[1] * height, height - 1.0)

    def _execute(self, action: Action) -> dict[str, Any]:
        desk = self.desk
        assert desk is not None, "call reset() first"
        windows_before = (len(desk.windows), len(desk.popups))
        before = desk.render() if self.frame_sink is not None else None
        handled = True
        kind = action.type
        if action.point is not None:
            target = self._px(action.point)
            self._travel(target)
        if kind is ActionType.CLICK:
            self._show_press(target)
            desk.click(*target)
        elif kind is ActionType.DOUBLE_CLICK:
            self._show_press(target)
            desk.double_click(*target)
        elif kind is ActionType.RIGHT_CLICK:
            desk.right_click(*target)
            handled = False
        elif kind is ActionType.MOVE:
            desk.move(*target)
        elif kind is ActionType.DRAG:
            assert action.end is not None
            end = self._px(action.end)
            self._show_press(target)
            self._travel(end, pressed_at=target)
            desk.drag(target, end)
        elif kind is ActionType.SCROLL:
            x, y = desk.cursor if action.point is None else target
            sign = {"down": 1, "up": -1}.get(action.direction or "", 0)
            handled = sign != 0  # horizontal scrolling: nothing in desksim scrolls sideways
            for row in range(action.amount if handled else 0):
                desk.scroll(x, y, sign)
                if row < action.amount - 1:
                    self._emit_screen()
        elif kind is ActionType.TYPE:
            handled = self._type(action.text or "")
        elif kind is ActionType.KEY:
            handled = desk.key(action.keys or "")
        elif kind is ActionType.WAIT:
            for _ in range(max(0, round((action.seconds or 0) * self.fps) - 1)):
                self._emit_screen()
        if before is not None and (len(desk.windows), len(desk.popups)) != windows_before:
            # a window or menu appearing/disappearing: one cross-faded frame, as compositors do
            after = desk.render()
            self.emit_frame(((before.astype(np.uint16) + after) // 2).astype(np.uint8))
        return {} if handled else {"noop": f"{kind.value} changed nothing on this screen"}

    def _travel(
        self, end: tuple[float, float], pressed_at: tuple[float, float] | None = None
    ) -> None:
        """Move the pointer to ``end``; with a recorder, along a human-like path."""
        desk = self.desk
        assert desk is not None
        if self.frame_sink is None:
            desk.move(*end)
            return
        start = desk.cursor
        distance = math.dist(start, end)
        # Fitts' law, T = a + b·log2(1 + D/W), with a typical control width W of 24 px:
        # 0.3 s across a dialog, 0.5 s across the screen.
        seconds = 0.1 + 0.12 * math.log2(1 + distance / 24)
        frames = max(1, round(seconds * self.fps))
        # Curved path: a quadratic Bézier with its control point pushed off the straight line.
        bend = float(self._motion.normal(0, 0.15)) * distance
        mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        normal = (-(end[1] - start[1]) / (distance or 1), (end[0] - start[0]) / (distance or 1))
        control = (mid[0] + normal[0] * bend, mid[1] + normal[1] * bend)
        if pressed_at is not None:
            desk.pressed = desk.widget_at(*pressed_at)
        for k in range(1, frames):
            t = 0.5 - 0.5 * math.cos(math.pi * k / frames)  # ease in, ease out
            x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t**2 * end[0]
            y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t**2 * end[1]
            desk.move(min(max(x, 0), self.layout[0] - 1), min(max(y, 0), self.layout[1] - 1))
            self._emit_screen()
        desk.pressed = None
        desk.move(*end)

    def _emit_screen(self) -> None:
        assert self.desk is not None
        self.emit_frame(self.desk.render(out=self._frame_buffer))

    def _show_press(self, target: tuple[float, float]) -> None:
        if self.frame_sink is None or self.desk is None:
            return
        self.desk.pressed = self.desk.widget_at(*target)
        self._emit_screen()
        self.desk.pressed = None

    def _type(self, text: str) -> bool:
        assert self.desk is not None
        return self.type_recorded(text, self.desk.type, self._emit_screen)

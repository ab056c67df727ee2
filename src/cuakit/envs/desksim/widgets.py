"""desksim widgets: the ``Widget`` base and the plain controls (label, buttons, text field).

Rects are window-relative ``(x, y, w, h)`` pixels; ``Widget.bbox`` is the on-screen rect.
Handlers receive screen pixels. A widget never knows about tasks: behaviour a task wants
(open a dialog when a button is pressed) is wired through ``on_*`` callbacks. Controls that
hold a choice (checkbox, slider, list box) are in :mod:`cuakit.envs.desksim.controls`,
drop-downs and menu bars in ``popups``, the text editor in ``editor``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from cuakit.envs.desksim import render as r
from cuakit.envs.desksim.render import Rect, Theme

if TYPE_CHECKING:
    from cuakit.envs.desksim.desk import Desk, Window

Callback = Callable[["Desk"], None]


@dataclass(frozen=True)
class UI:
    """What rendering needs to know beyond a widget's own state."""

    hovered: bool
    pressed: bool
    focused: bool
    cursor: tuple[int, int]


class Widget:
    role = "generic"
    focusable = False
    shows_hover = True  # drawn differently when hovered or pressed

    def __init__(self, rect: Rect, text: str = "") -> None:
        self.rect = rect
        self.text = text
        self.window: Window | None = None

    @property
    def bbox(self) -> Rect:
        x, y, w, h = self.rect
        ox, oy = self.window.content_origin if self.window else (0, 0)
        return x + ox, y + oy, w, h

    def contains(self, x: float, y: float) -> bool:
        bx, by, bw, bh = self.bbox
        return bx <= x < bx + bw and by <= y < by + bh

    def state(self) -> dict[str, Any]:
        return {}

    def hover_key(self, x: float, y: float, theme: Theme) -> object:
        """Part of the widget under the pointer, when hovering highlights a part (a row)."""
        return None

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        raise NotImplementedError

    # input; screen pixel coordinates
    def on_click(self, desk: Desk, x: float, y: float) -> None:
        pass

    def on_double_click(self, desk: Desk, x: float, y: float) -> None:
        self.on_click(desk, x, y)

    def on_drag(self, desk: Desk, start: tuple[float, float], end: tuple[float, float]) -> None:
        pass

    def on_scroll(self, desk: Desk, rows: int) -> bool:
        return False

    def on_type(self, desk: Desk, value: str) -> None:
        pass

    def on_key(self, desk: Desk, key: str) -> bool:
        return False


def _text_y(theme: Theme, rect: Rect) -> int:
    return rect[1] + (rect[3] - theme.font_size - 3) // 2


class Label(Widget):
    role = "label"
    shows_hover = False

    def __init__(self, rect: Rect, text: str, bold: bool = False, muted: bool = False) -> None:
        super().__init__(rect, text)
        self.bold, self.muted = bold, muted

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        color = theme.muted if self.muted else theme.text
        x, _, _, _ = self.bbox
        r.text(
            canvas,
            painter,
            (x, _text_y(theme, self.bbox)),
            self.text,
            color,
            theme.font_size,
            self.bold,
            clip=self.bbox,
        )


class Button(Widget):
    """A push button. As in Qt and Windows, a click gives it keyboard focus, drawn as a ring
    inside its edge, so a pressed button stays marked after the pointer moves on; tool buttons
    (``takes_focus=False``: toolbar icons, tabs) take none. A disabled button is drawn
    greyed and ignores clicks."""

    role = "button"

    def __init__(
        self,
        rect: Rect,
        text: str,
        on_press: Callback | None = None,
        primary: bool = False,
        takes_focus: bool = True,
    ) -> None:
        super().__init__(rect, text)
        self.on_press, self.primary = on_press, primary
        self.presses = 0
        self.enabled = True
        self.takes_focus = takes_focus
        self.focusable = takes_focus

    def state(self) -> dict[str, Any]:
        return {"presses": self.presses, "enabled": self.enabled}

    def set_enabled(self, desk: Desk, enabled: bool) -> None:
        """Grey the button out (as Apply is once applied) or back; disabled, it gives up
        keyboard focus."""
        self.enabled, self.focusable = enabled, enabled and self.takes_focus
        if not enabled and desk.focus is self:
            desk.focus = None
        desk.version += 1

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        bbox = self.bbox
        if not self.enabled:
            r.box(canvas, bbox, theme.control, theme.border)
            width = painter.text_width(self.text, theme.font_size)
            x = bbox[0] + max(2, (bbox[2] - width) // 2)
            r.text(
                canvas,
                painter,
                (x, _text_y(theme, bbox)),
                self.text,
                theme.muted,
                theme.font_size,
                clip=bbox,
            )
            return
        color = theme.accent if self.primary else theme.control
        if ui.pressed:
            color = theme.pressed
        elif ui.hovered:
            color = theme.hover
        r.box(canvas, bbox, color, theme.border)
        ink = theme.accent_text if self.primary and not (ui.hovered or ui.pressed) else theme.text
        if ui.focused:  # the focus ring
            x, y, w, h = bbox
            r.outline(canvas, (x + 2, y + 2, w - 4, h - 4), ink)
        width = painter.text_width(self.text, theme.font_size)
        x = bbox[0] + max(2, (bbox[2] - width) // 2)
        r.text(
            canvas, painter, (x, _text_y(theme, bbox)), self.text, ink, theme.font_size, clip=bbox
        )

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        if not self.enabled:
            return
        self.presses += 1
        desk.emit("press", widget=self, text=self.text)
        if self.on_press:
            self.on_press(desk)


class GearButton(Button):
    """An icon button drawn as a gear; its ``text`` is the tooltip an accessibility tree shows.
    A tool button: it takes no keyboard focus."""

    def __init__(self, rect: Rect, text: str, on_press: Callback | None = None) -> None:
        super().__init__(rect, text, on_press, takes_focus=False)

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        x, y, w, h = self.bbox
        if ui.hovered or ui.pressed:
            r.fill(canvas, self.bbox, theme.pressed if ui.pressed else theme.hover)
        radius = min(w, h) // 2 - 2
        r.draw_gear(canvas, x + w // 2, y + h // 2, radius, theme.text, theme.window)


class TextField(Widget):
    role = "textbox"
    focusable = True

    def __init__(
        self,
        rect: Rect,
        placeholder: str = "",
        value: str = "",
        on_change: Callback | None = None,
        on_submit: Callback | None = None,
    ) -> None:
        super().__init__(rect, placeholder)
        self.value, self.on_change, self.on_submit = value, on_change, on_submit
        self.all_selected = False

    def state(self) -> dict[str, Any]:
        return {"value": self.value}

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        bbox = self.bbox
        r.box(canvas, bbox, theme.field, theme.accent if ui.focused else theme.border)
        inner = (bbox[0] + 3, bbox[1], bbox[2] - 6, bbox[3])
        y = _text_y(theme, bbox)
        if self.value:
            if self.all_selected and ui.focused:
                width = painter.text_width(self.value, theme.font_size)
                r.fill(
                    canvas,
                    (inner[0], bbox[1] + 3, min(width, inner[2]), bbox[3] - 6),
                    theme.selection,
                )
            width = r.text(
                canvas, painter, (inner[0], y), self.value, theme.text, theme.font_size, clip=inner
            )
        else:
            r.text(
                canvas, painter, (inner[0], y), self.text, theme.muted, theme.font_size, clip=inner
            )
            width = 0
        if ui.focused:  # the caret, always shown (no blinking keeps frames deterministic)
            r.fill(
                canvas,
                (min(inner[0] + width, inner[0] + inner[2] - 1), bbox[1] + 3, 1, bbox[3] - 6),
                theme.text,
            )

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        self.all_selected = False

    def on_double_click(self, desk: Desk, x: float, y: float) -> None:
        self.all_selected = bool(self.value)

    def _set(self, desk: Desk, value: str) -> None:
        self.value = value[:200]
        self.all_selected = False
        if self.on_change:
            self.on_change(desk)

    def on_type(self, desk: Desk, value: str) -> None:
        self._set(desk, value if self.all_selected else self.value + value)

    def on_key(self, desk: Desk, key: str) -> bool:
        if key == "ctrl+a":
            self.all_selected = bool(self.value)
        elif key in ("backspace", "delete"):
            self._set(desk, "" if self.all_selected else self.value[:-1])
        elif key == "enter":
            desk.emit("submit", widget=self, text=self.value)
            if self.on_submit:
                self.on_submit(desk)
        else:
            return False
        return True

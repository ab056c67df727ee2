"""desksim widgets: state, drawing and input handling of each control.

Rects are window-relative ``(x, y, w, h)`` pixels; ``Widget.bbox`` is the on-screen rect.
Handlers receive screen pixels. A widget never knows about tasks: behaviour a task wants
(open a dialog when a button is pressed) is wired through ``on_*`` callbacks.
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


class Checkbox(Widget):
    role = "checkbox"

    def __init__(self, rect: Rect, text: str, checked: bool = False, switch: bool = False) -> None:
        super().__init__(rect, text)
        self.checked, self.switch = checked, switch
        self.on_change: Callback | None = None

    def state(self) -> dict[str, Any]:
        return {"checked": self.checked}

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        x, y, _w, h = self.bbox
        if ui.hovered:
            r.fill(canvas, self.bbox, theme.hover)
        side = theme.font_size
        top = y + (h - side) // 2
        if self.switch:  # a toggle switch, knob right when on
            track = (x + 2, top, 2 * side, side)
            r.box(canvas, track, theme.accent if self.checked else theme.control, theme.border)
            knob_x = x + 2 + (side if self.checked else 0)
            r.box(canvas, (knob_x + 1, top + 1, side - 2, side - 2), theme.field, theme.border)
            label_x = x + 2 * side + 8
        else:
            r.box(
                canvas,
                (x + 2, top, side, side),
                theme.accent if self.checked else theme.field,
                theme.border,
            )
            if self.checked:
                r.draw_check(canvas, x + 3, top + 2, theme.accent_text)
            label_x = x + side + 7
        r.text(
            canvas,
            painter,
            (label_x, _text_y(theme, self.bbox)),
            self.text,
            theme.text,
            theme.font_size,
            clip=self.bbox,
        )

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        self.checked = not self.checked
        desk.emit("toggle", widget=self, text=self.text, checked=self.checked)
        if self.on_change:
            self.on_change(desk)


class Slider(Widget):
    role = "slider"
    focusable = True

    def __init__(self, rect: Rect, text: str, value: int, low: int = 0, high: int = 100) -> None:
        super().__init__(rect, text)
        self.value, self.low, self.high = value, low, high
        self.on_change: Callback | None = None

    def state(self) -> dict[str, Any]:
        return {"value": self.value, "min": self.low, "max": self.high}

    @property
    def track(self) -> Rect:
        x, y, w, h = self.bbox
        return x + 6, y + h // 2 - 2, w - 12 - 34, 4

    def thumb_x(self, value: int | None = None) -> int:
        tx, _, tw, _ = self.track
        v = self.value if value is None else value
        return tx + round((v - self.low) / (self.high - self.low) * tw)

    def value_at(self, x: float) -> int:
        tx, _, tw, _ = self.track
        frac = min(1.0, max(0.0, (x - tx) / tw))
        return round(self.low + frac * (self.high - self.low))

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        tx, ty, tw, th = self.track
        r.box(canvas, (tx, ty, tw, th), theme.control, theme.border)
        thumb = self.thumb_x()
        r.fill(canvas, (tx, ty, thumb - tx, th), theme.accent)
        color = theme.pressed if ui.pressed else theme.hover if ui.hovered else theme.field
        r.box(
            canvas, (thumb - 4, ty - 6, 9, 16), color, theme.accent if ui.focused else theme.border
        )
        x, y, w, h = self.bbox
        r.fill(canvas, (x + w - 33, y, 33, h), theme.window)  # the value's own background
        r.text(
            canvas,
            painter,
            (x + w - 32, _text_y(theme, self.bbox)),
            str(self.value),
            theme.text,
            theme.font_size,
        )

    def _set(self, desk: Desk, value: int) -> None:
        self.value = min(self.high, max(self.low, value))
        desk.emit("slide", widget=self, value=self.value)
        if self.on_change:
            self.on_change(desk)

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        tx, _, tw, _ = self.track
        if tx - 4 <= x <= tx + tw + 4:
            self._set(desk, self.value_at(x))

    def on_drag(self, desk: Desk, start: tuple[float, float], end: tuple[float, float]) -> None:
        if abs(start[0] - self.thumb_x()) <= 6 or self.contains(*start):
            self._set(desk, self.value_at(end[0]))

    def on_key(self, desk: Desk, key: str) -> bool:
        steps = {"left": -1, "down": -1, "right": 1, "up": 1, "pagedown": -10, "pageup": 10}
        if key in steps:
            self._set(desk, self.value + steps[key])
            return True
        return False


class ListBox(Widget):
    """A scrolling list: click selects, double-click or Enter opens, wheel/arrows scroll."""

    role = "list"
    focusable = True

    def __init__(self, rect: Rect, items: list[str], on_open: Callback | None = None) -> None:
        super().__init__(rect, "")
        self.items, self.on_open = items, on_open
        self.offset = 0
        self.selected: int | None = None
        self.opened: str | None = None

    def state(self) -> dict[str, Any]:
        return {"offset": self.offset, "selected": self.selected, "items": len(self.items)}

    def row_height(self, theme: Theme) -> int:
        return theme.line_height

    def visible_rows(self, theme: Theme) -> int:
        return max(1, (self.rect[3] - 2) // self.row_height(theme))

    def row_rect(self, index: int, theme: Theme) -> Rect | None:
        """Screen rect of item ``index``, or None while it is scrolled out of view."""
        row = index - self.offset
        if not 0 <= row < self.visible_rows(theme):
            return None
        x, y, w, _ = self.bbox
        return x + 1, y + 1 + row * self.row_height(theme), w - 12, self.row_height(theme)

    def row_at(self, y: float, theme: Theme) -> int | None:
        row = int((y - self.bbox[1] - 1) // self.row_height(theme))
        if not 0 <= row < self.visible_rows(theme):  # the strip below the last whole row
            return None
        index = self.offset + row
        return index if index < len(self.items) else None

    def hover_key(self, x: float, y: float, theme: Theme) -> object:
        return self.row_at(y, theme)

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        bbox = self.bbox
        r.box(canvas, bbox, theme.field, theme.accent if ui.focused else theme.border)
        hovered = self.row_at(ui.cursor[1], theme) if ui.hovered else None
        for index in range(
            self.offset, min(len(self.items), self.offset + self.visible_rows(theme))
        ):
            rect = self.row_rect(index, theme)
            assert rect is not None
            if index == self.selected:
                r.fill(canvas, rect, theme.selection)
            elif index == hovered:
                r.fill(canvas, rect, theme.hover)
            r.text(
                canvas,
                painter,
                (rect[0] + 4, _text_y(theme, rect)),
                self.items[index],
                theme.text,
                theme.font_size,
                clip=rect,
            )
        # scrollbar: track and a thumb sized by the visible fraction
        x, y, w, h = bbox
        r.fill(canvas, (x + w - 10, y + 1, 9, h - 2), theme.control)
        shown = self.visible_rows(theme)
        if len(self.items) > shown:
            size = max(10, (h - 2) * shown // len(self.items))
            top = y + 1 + (h - 2 - size) * self.offset // max(1, len(self.items) - shown)
            r.fill(canvas, (x + w - 9, top, 7, size), theme.border)

    def scroll_to(self, desk: Desk, offset: int) -> None:
        top = max(0, len(self.items) - self.visible_rows(desk.theme))
        self.offset = min(top, max(0, offset))

    def on_scroll(self, desk: Desk, rows: int) -> bool:
        self.scroll_to(desk, self.offset + rows)
        return True

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        bx, by, bw, bh = self.bbox
        if x >= bx + bw - 10:  # scrollbar track: page up/down
            page = self.visible_rows(desk.theme)
            thumb_mid = by + bh * (self.offset + page / 2) / max(1, len(self.items))
            self.scroll_to(desk, self.offset + (page if y > thumb_mid else -page))
            return
        self.selected = self.row_at(y, desk.theme)

    def on_double_click(self, desk: Desk, x: float, y: float) -> None:
        self.on_click(desk, x, y)
        self.open(desk)

    def open(self, desk: Desk) -> None:
        if self.selected is None:
            return
        self.opened = self.items[self.selected]
        desk.emit("open", widget=self, text=self.opened)
        if self.on_open:
            self.on_open(desk)

    def on_key(self, desk: Desk, key: str) -> bool:
        if key == "enter":
            self.open(desk)
            return True
        if key in ("up", "down"):
            current = -1 if self.selected is None else self.selected
            self.selected = min(len(self.items) - 1, max(0, current + (1 if key == "down" else -1)))
            if self.selected < self.offset:
                self.scroll_to(desk, self.selected)
            elif self.selected >= self.offset + self.visible_rows(desk.theme):
                self.scroll_to(desk, self.selected - self.visible_rows(desk.theme) + 1)
            return True
        return False

"""desksim controls that hold a choice: checkbox (or toggle switch), slider and list box.

Built on :class:`~cuakit.envs.desksim.widgets.Widget` and its conventions (window-relative
rects, screen-pixel handlers, ``on_*`` callbacks a task wires up); each reports its choice in
``state()``. Kept apart from the plain widgets so that each file holds one kind of control.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from cuakit.envs.desksim import render as r
from cuakit.envs.desksim.render import Rect, Theme
from cuakit.envs.desksim.widgets import UI, Callback, Widget, _text_y

if TYPE_CHECKING:
    from cuakit.envs.desksim.desk import Desk


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

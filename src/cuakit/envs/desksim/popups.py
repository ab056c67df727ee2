"""Controls that open a popup above everything else: drop-downs and menu bars."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from cuakit.envs.desksim import render as r
from cuakit.envs.desksim.render import Rect, Theme
from cuakit.envs.desksim.widgets import UI, Widget, _text_y

if TYPE_CHECKING:
    from cuakit.envs.desksim.desk import Desk


class PopupList(Widget):
    """Rows floating above the windows (a drop-down's options, a menu's items).

    Its ``rect`` is in screen pixels (it belongs to no window). Clicking a row calls
    ``on_choose(desk, index)`` and closes the popup; clicking elsewhere closes it too.
    """

    role = "menu"

    def __init__(
        self, rect: Rect, options: list[str], on_choose: Callable[[Desk, int], None], owner: Widget
    ) -> None:
        super().__init__(rect, "")
        self.options, self.on_choose, self.owner = options, on_choose, owner

    def row_rect(self, index: int, theme: Theme) -> Rect:
        x, y, w, _ = self.rect
        return x + 1, y + 1 + index * theme.line_height, w - 2, theme.line_height

    def row_at(self, y: float, theme: Theme) -> int | None:
        index = int((y - self.rect[1] - 1) // theme.line_height)
        return index if 0 <= index < len(self.options) else None

    def hover_key(self, x: float, y: float, theme: Theme) -> object:
        return self.row_at(y, theme)

    def state(self) -> dict[str, Any]:
        return {"options": list(self.options)}

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        x, y, w, h = self.rect
        r.fill(canvas, (x + 3, y + 3, w, h), tuple(max(0, c - 60) for c in theme.desktop))  # shadow
        r.box(canvas, self.rect, theme.field, theme.border)
        hovered = self.row_at(ui.cursor[1], theme) if ui.hovered else None
        for index, option in enumerate(self.options):
            rect = self.row_rect(index, theme)
            if index == hovered:
                r.fill(canvas, rect, theme.accent)
            color = theme.accent_text if index == hovered else theme.text
            r.text(
                canvas,
                painter,
                (rect[0] + 6, _text_y(theme, rect)),
                option,
                color,
                theme.font_size,
                clip=rect,
            )

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        index = self.row_at(y, desk.theme)
        desk.close_popups()
        if index is not None:
            self.on_choose(desk, index)


def popup_rect(desk: Desk, anchor: Rect, options: list[str], min_width: int) -> Rect:
    """Below ``anchor`` when it fits, else above; kept on screen."""
    theme = desk.theme
    width = max(min_width, *(desk.painter.text_width(o, theme.font_size) + 16 for o in options))
    height = len(options) * theme.line_height + 2
    x = min(anchor[0], theme.width - width - 1)
    y = anchor[1] + anchor[3]
    if y + height > theme.height:
        y = max(0, anchor[1] - height)
    return x, y, width, height


class Dropdown(Widget):
    role = "combobox"

    def __init__(
        self, rect: Rect, text: str, options: list[str], selected: int | None = None
    ) -> None:
        super().__init__(rect, text)
        self.options, self.selected = options, selected
        self.on_change: Callable[[Desk], None] | None = None

    @property
    def value(self) -> str | None:
        return None if self.selected is None else self.options[self.selected]

    def state(self) -> dict[str, Any]:
        return {"value": self.value}

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        bbox = self.bbox
        r.box(canvas, bbox, theme.hover if ui.hovered else theme.field, theme.border)
        shown, color = (self.value, theme.text) if self.value else (self.text, theme.muted)
        inner = (bbox[0] + 4, bbox[1], bbox[2] - 20, bbox[3])
        r.text(
            canvas,
            painter,
            (inner[0], _text_y(theme, bbox)),
            shown or "",
            color,
            theme.font_size,
            clip=inner,
        )
        r.draw_triangle_down(
            canvas, bbox[0] + bbox[2] - 14, bbox[1] + bbox[3] // 2 - 2, 9, theme.text
        )

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        rect = popup_rect(desk, self.bbox, self.options, self.bbox[2])
        desk.open_popup(PopupList(rect, self.options, self.choose, owner=self))

    def choose(self, desk: Desk, index: int) -> None:
        self.selected = index
        desk.emit("select", widget=self, text=self.options[index])
        if self.on_change:
            self.on_change(desk)


class MenuBar(Widget):
    """A row of menu titles; each opens a list of items. Choosing calls ``on_select``."""

    role = "menubar"

    def __init__(
        self,
        rect: Rect,
        menus: list[tuple[str, list[str]]],
        on_select: Callable[[Desk, str, str], None] | None = None,
    ) -> None:
        super().__init__(rect, "")
        self.menus, self.on_select = menus, on_select
        self.chosen: list[str] = []

    def title_rects(self, desk: Desk) -> list[Rect]:
        x, y, _, h = self.bbox
        rects = []
        for title, _ in self.menus:
            width = desk.painter.text_width(title, desk.theme.font_size) + 14
            rects.append((x, y, width, h))
            x += width
        return rects

    def hover_key(self, x: float, y: float, theme: Theme) -> object:
        return int(x) // 8

    def state(self) -> dict[str, Any]:
        return {"chosen": list(self.chosen)}

    def render(self, canvas: np.ndarray, painter: r.Painter, theme: Theme, ui: UI) -> None:
        r.fill(canvas, self.bbox, theme.control)
        x, y, _, h = self.bbox
        for title, _ in self.menus:
            width = painter.text_width(title, theme.font_size) + 14
            if ui.hovered and x <= ui.cursor[0] < x + width:
                r.fill(canvas, (x, y, width, h), theme.hover)
            r.text(
                canvas,
                painter,
                (x + 7, _text_y(theme, self.bbox)),
                title,
                theme.text,
                theme.font_size,
            )
            x += width

    def on_click(self, desk: Desk, x: float, y: float) -> None:
        for (title, items), rect in zip(self.menus, self.title_rects(desk), strict=True):
            if rect[0] <= x < rect[0] + rect[2]:

                def choose(
                    desk: Desk, index: int, title: str = title, items: list[str] = items
                ) -> None:
                    self.chosen.append(f"{title} > {items[index]}")
                    desk.emit("menu", widget=self, text=f"{title} > {items[index]}")
                    if self.on_select:
                        self.on_select(desk, title, items[index])

                desk.open_popup(
                    PopupList(popup_rect(desk, rect, items, 90), items, choose, owner=self)
                )
                return

"""The desksim window manager: windows in z-order, popups, focus, pointer, input, drawing.

Input arrives in screen pixels. Hit-testing goes popups first, then windows from the top; a
modal window blocks input to everything beneath it. Every state change bumps ``version`` so
that ``render`` redraws only when something a viewer could see has changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cuakit.envs.cursors import draw_cursor, theme_cursor
from cuakit.envs.desksim import render as r
from cuakit.envs.desksim.locale import translate
from cuakit.envs.desksim.popups import PopupList
from cuakit.envs.desksim.render import Painter, Rect, Theme
from cuakit.envs.desksim.widgets import UI, TextField, Widget

Shortcut = Callable[["Desk"], None]


@dataclass(frozen=True)
class Event:
    """Something that happened on the desk (a press, a toggle, a menu choice, a save …)."""

    kind: str
    widget: Widget | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str | None:
        return self.data.get("text")


@dataclass(frozen=True)
class SavedFile:
    """A file in the desk's tiny file system; success of file tasks is read from here."""

    lines: tuple[str, ...]
    bold: frozenset[int] = frozenset()


class Window:
    def __init__(
        self,
        title: str,
        rect: Rect,
        *,
        modal: bool = False,
        closable: bool = True,
        panel: bool = False,
        shortcuts: dict[str, Shortcut] | None = None,
        on_close: Shortcut | None = None,
    ) -> None:
        self.title, self.rect = title, rect
        self.modal, self.closable, self.panel = modal, closable, panel
        self.shortcuts = dict(shortcuts or {})
        self.on_close = on_close
        self.widgets: list[Widget] = []
        self.title_height = 0 if panel else 20

    def add(self, widget: Widget) -> Any:
        widget.window = self
        self.widgets.append(widget)
        return widget

    @property
    def content_origin(self) -> tuple[int, int]:
        return self.rect[0], self.rect[1] + self.title_height

    @property
    def close_rect(self) -> Rect:
        x, y, w, _ = self.rect
        return x + w - self.title_height, y, self.title_height, self.title_height

    def contains(self, x: float, y: float) -> bool:
        wx, wy, ww, wh = self.rect
        return wx <= x < wx + ww and wy <= y < wy + wh

    def in_title(self, x: float, y: float) -> bool:
        return self.contains(x, y) and y < self.rect[1] + self.title_height


class Desk:
    def __init__(self, theme: Theme, painter: Painter | None = None) -> None:
        self.theme = theme
        self.painter = painter or Painter()
        self.painter.family, self.painter.locale = theme.font, theme.locale
        self.windows: list[Window] = []  # bottom → top
        self.popups: list[PopupList] = []
        self.focus: Widget | None = None
        self.cursor: tuple[float, float] = (theme.width / 2, theme.height / 2)
        self.pressed: Widget | None = None  # drawn pressed while a recorder shows the click
        self.events: list[Event] = []
        self.files: dict[str, SavedFile] = {}
        self.version = 0
        self._cache_version = -1
        self._scenes: dict[tuple[Any, ...], np.ndarray] = {}

    # ---- structure ---------------------------------------------------------------------
    def emit(self, kind: str, widget: Widget | None = None, **data: Any) -> None:
        self.events.append(Event(kind, widget, data))
        self.version += 1

    def add_window(self, window: Window) -> Window:
        window.title_height = 0 if window.panel else self.theme.line_height + 2
        self.windows.append(window)
        self.emit("open_window", text=window.title)
        return window

    def close_window(self, window: Window) -> None:
        if window not in self.windows:
            return
        self.windows.remove(window)
        if self.focus is not None and self.focus.window is window:
            self.focus = None
        self.emit("close_window", text=window.title)
        if window.on_close:
            window.on_close(self)

    def raise_window(self, window: Window) -> None:
        if self.windows[-1] is not window and not window.panel:
            self.windows.remove(window)
            self.windows.append(window)
            # Panels stay above ordinary windows, modal dialogs above everything.
            self.windows.sort(key=lambda w: 2 if w.modal else 1 if w.panel else 0)
            self.version += 1

    def open_popup(self, popup: PopupList) -> None:
        self.popups = [popup]
        self.version += 1

    def close_popups(self) -> None:
        if self.popups:
            self.popups = []
            self.version += 1

    def top_modal(self) -> Window | None:
        return next((w for w in reversed(self.windows) if w.modal), None)

    def window_at(self, x: float, y: float) -> Window | None:
        modal = self.top_modal()
        for window in reversed(self.windows):
            if window.contains(x, y):
                return window if modal is None or window is modal else None
            if window is modal:
                return None
        return None

    def widget_at(self, x: float, y: float) -> Widget | None:
        """The widget that would receive a click at (x, y), honouring popups and modals."""
        for popup in reversed(self.popups):
            if popup.contains(x, y):
                return popup
        if self.popups:
            return None
        window = self.window_at(x, y)
        if window is None:
            return None
        for widget in reversed(window.widgets):
            if widget.contains(x, y):
                return widget
        return None

    def find(self, predicate: Callable[[Widget], bool]) -> Widget | None:
        for window in reversed(self.windows):
            for widget in window.widgets:
                if predicate(widget):
                    return widget
        return None

    def window_titled(self, title: str) -> Window | None:
        return next((w for w in self.windows if w.title == title), None)

    # ---- input (screen pixels) ---------------------------------------------------------
    def move(self, x: float, y: float) -> None:
        self.cursor = (x, y)

    def _press_target(self, x: float, y: float) -> tuple[Widget | None, Window | None]:
        """Shared start of a click: popups close, windows rise, focus moves."""
        self.cursor = (x, y)
        self.version += 1
        if self.popups:
            target = self.widget_at(x, y)
            if target is None:
                self.close_popups()  # a click outside a popup only dismisses it
            return target, None
        window = self.window_at(x, y)
        if window is None:
            if self.top_modal() is not None:
                self.emit("blocked")
            self.focus = None
            return None, None
        self.raise_window(window)
        widget = self.widget_at(x, y)
        self.focus = widget if widget is not None and widget.focusable else None
        return widget, window

    def click(self, x: float, y: float) -> None:
        widget, window = self._press_target(x, y)
        if widget is not None:
            widget.on_click(self, x, y)
        elif window is not None and window.closable and _inside(window.close_rect, x, y):
            self.close_window(window)

    def double_click(self, x: float, y: float) -> None:
        widget, _window = self._press_target(x, y)
        if widget is not None:
            widget.on_double_click(self, x, y)

    def right_click(self, x: float, y: float) -> None:
        """Moves the pointer and focus; desksim has no context menus (a documented no-op)."""
        self._press_target(x, y)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        widget, window = self._press_target(*start)
        self.cursor = end
        if widget is not None:
            widget.on_drag(self, start, end)
        elif window is not None and not window.modal and window.in_title(*start):
            self._move_window(window, end[0] - start[0], end[1] - start[1])

    def _move_window(self, window: Window, dx: float, dy: float) -> None:
        x, y, w, h = window.rect
        # Windows stay wholly on screen, so every control stays reachable by a click.
        x = int(min(self.theme.width - w, max(0, x + dx)))
        y = int(min(self.theme.height - h, max(0, y + dy)))
        window.rect = (x, y, w, h)
        self.emit("move_window", text=window.title)

    def scroll(self, x: float, y: float, rows: int) -> None:
        self.cursor = (x, y)
        widget = self.widget_at(x, y)
        if widget is not None and widget.on_scroll(self, rows):
            self.version += 1

    def type(self, value: str) -> bool:
        """Type into the focused widget; False (a no-op) when nothing has focus."""
        if self.focus is None or self.focus.window not in self.windows:
            return False
        self.focus.on_type(self, value)
        self.version += 1
        return True

    def key(self, key: str) -> bool:
        """Press a normalised key combination; False when nothing handles it (a no-op)."""
        self.version += 1
        if key == "escape" and self.popups:
            self.close_popups()
            return True
        focused = self.focus is not None and self.focus.window in self.windows
        if focused and self.focus.on_key(self, key):  # type: ignore[union-attr]
            return True
        top = self.top_modal() or (self.windows[-1] if self.windows else None)
        if key == "escape" and top is not None and top.modal and top.closable:
            self.close_window(top)
            return True
        if key == "tab" and top is not None:
            self.close_popups()
            focusable = [w for w in top.widgets if w.focusable]
            if focusable:
                current = focusable.index(self.focus) if self.focus in focusable else -1
                self.focus = focusable[(current + 1) % len(focusable)]
                return True
        for window in reversed(self.windows):
            if key in window.shortcuts:
                window.shortcuts[key](self)
                return True
            if window.modal:
                break
        return False

    # ---- output ------------------------------------------------------------------------
    def hovered(self) -> Widget | None:
        return self.widget_at(*self.cursor)

    def render(self, cursor: bool = True, out: np.ndarray | None = None) -> np.ndarray:
        """The screen as (H, W, 3) uint8 in device pixels (the layout times `Theme.scale`); the
        scene is cached until something visible changes.

        ``out`` (a buffer of that shape) is written and returned instead of a new array."""
        hover = self.hovered()
        hover_part = hover.hover_key(*self.cursor, self.theme) if hover is not None else None
        key = (id(hover), hover_part, id(self.pressed), id(self.focus))
        if self.version != self._cache_version:
            self._scenes.clear()  # the state changed: every cached scene is stale
            self._cache_version = self.version
        scene = self._scenes.get(key)
        if scene is None:  # a pointer crossing controls revisits a few hover states
            scene = self._scenes[key] = self._draw_scene_with(hover)
        if out is None:
            frame = scene.view(np.ndarray).copy()
        else:
            frame = out
            np.copyto(frame, scene)
        if cursor:
            scale = self.theme.scale
            x, y = (r.device(int(c), scale) for c in self.cursor)
            shape = "xterm" if isinstance(hover, TextField) else "left_ptr"  # as toolkits do
            draw_cursor(frame, x, y, theme_cursor(self.theme.cursor, shape, scale))
        return frame

    def _draw_scene_with(self, hover: Widget | None) -> np.ndarray:
        """The scene with ``hover`` and ``pressed`` highlighted. Fast path: the plain scene
        with just those widgets drawn again on top, when nothing above them overlaps them."""
        marked = [w for w in (hover, self.pressed) if w is not None and w.shows_hover]
        if not all(self._unobstructed(w) for w in marked):
            return self._draw_scene(hover)
        plain_key = (0, None, 0, id(self.focus))
        plain = self._scenes.get(plain_key)
        if plain is None:
            plain = self._scenes[plain_key] = self._draw_scene(None, pressed=False)
        scene = plain.copy()
        point = (int(self.cursor[0]), int(self.cursor[1]))
        for widget in dict.fromkeys(marked):
            ui = UI(widget is hover, widget is self.pressed, widget is self.focus, point)
            widget.render(scene, self.painter, self.theme, ui)
        return scene

    def _unobstructed(self, widget: Widget) -> bool:
        """No window above the widget's own, and no popup, overlaps its bbox."""
        x, y, w, h = widget.bbox
        above: list[Rect] = [p.rect for p in self.popups if p is not widget]
        if widget.window is not None and widget.window in self.windows:
            level = self.windows.index(widget.window)
            above += [win.rect for win in self.windows[level + 1 :]]
        return not any(
            ax < x + w and x < ax + aw and ay < y + h and y < ay + ah for ax, ay, aw, ah in above
        )

    def _draw_scene(self, hover: Widget | None, pressed: bool = True) -> np.ndarray:
        theme, painter = self.theme, self.painter
        canvas = r.Surface(theme.width, theme.height, theme.scale)
        r.fill(canvas, (0, 0, theme.width, theme.height), theme.desktop)
        point = (int(self.cursor[0]), int(self.cursor[1]))
        for window in self.windows:
            if window.modal:  # dim what the dialog blocks
                r.dim(canvas)
            self._draw_window(canvas, window, window is self.windows[-1])
            for widget in window.widgets:
                is_pressed = pressed and widget is self.pressed
                ui = UI(widget is hover, is_pressed, widget is self.focus, point)
                widget.render(canvas, painter, theme, ui)
        for popup in self.popups:
            popup.render(canvas, painter, theme, UI(popup is hover, False, False, point))
        return canvas

    def _draw_window(self, canvas: np.ndarray, window: Window, active: bool) -> None:
        theme = self.theme
        x, y, w, h = window.rect
        if not window.panel:
            shadow = tuple(max(0, c - 50) for c in theme.desktop)
            r.fill(canvas, (x + 3, y + 3, w, h), shadow)  # type: ignore[arg-type]
        r.box(
            canvas, window.rect, theme.window if not window.panel else theme.control, theme.border
        )
        if window.panel:
            return
        r.box(
            canvas,
            (x, y, w, window.title_height),
            theme.title_active if active else theme.title,
            theme.border,
        )
        r.text(
            canvas,
            self.painter,
            (x + 6, y + 3),
            window.title,
            theme.text,
            theme.font_size,
            bold=True,
            clip=(x, y, w - window.title_height, window.title_height),
        )
        if window.closable:
            cx, cy, cw, _ch = window.close_rect
            r.text(
                canvas, self.painter, (cx + cw // 2 - 3, cy + 3), "x", theme.text, theme.font_size
            )

    def elements(self) -> list[dict[str, Any]]:
        """What an accessibility tree would show: role, text, bbox (normalised x, y, w, h),
        state, the window, whether a higher window covers it and whether a modal blocks it.
        Texts and window titles are in the theme's locale, as on screen; states hold values."""
        W, H = self.theme.width, self.theme.height
        locale = self.theme.locale
        modal = self.top_modal()
        blocked_below = self.windows.index(modal) if modal is not None else -1

        def norm(rect: Rect) -> list[float]:
            return [rect[0] / W, rect[1] / H, rect[2] / W, rect[3] / H]

        def covered(rect: Rect, level: int) -> bool:
            cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
            above = self.windows[level + 1 :]
            return any(w.contains(cx, cy) for w in above) or any(
                p.contains(cx, cy) for p in self.popups
            )

        out: list[dict[str, Any]] = []
        for level, window in enumerate(self.windows):
            blocked = level < blocked_below
            if not window.panel:
                out.append(
                    {
                        "role": "window",
                        "text": translate(window.title, locale),
                        "bbox": norm(window.rect),
                        "state": {"modal": window.modal},
                        "window": translate(window.title, locale),
                        "occluded": covered(window.rect, level),
                        "blocked": blocked,
                    }
                )
            for widget in window.widgets:
                out.append(
                    {
                        "role": widget.role,
                        "text": translate(widget.text, locale),
                        "bbox": norm(widget.bbox),
                        "state": widget.state(),
                        "window": translate(window.title, locale),
                        "occluded": covered(widget.bbox, level),
                        "blocked": blocked,
                    }
                )
        for popup in self.popups:
            for index, option in enumerate(popup.options):
                out.append(
                    {
                        "role": "menuitem",
                        "text": translate(option, locale),
                        "bbox": norm(popup.row_rect(index, self.theme)),
                        "state": {},
                        "window": "",
                        "occluded": False,
                        "blocked": False,
                    }
                )
        return out


def _inside(rect: Rect, x: float, y: float) -> bool:
    return rect[0] <= x < rect[0] + rect[2] and rect[1] <= y < rect[1] + rect[3]

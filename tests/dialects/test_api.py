"""parse/render arguments: the screen pixel dialects need, dialect names, resize limits."""

from __future__ import annotations

import pytest

from cuakit.actions import Action
from cuakit.coords import from_pixels
from cuakit.dialects import DIALECTS, PIXEL_DIALECTS, DialectRenderError, parse, render
from cuakit.errors import ActionParseError, ConfigError

ANSWERS = {
    "qwen2.5-vl": '{"name": "computer_use", "arguments": {"action": "type", "text": "hi"}}',
    "ui-tars-1.5": "Action: type(content='hi')",
    "pyautogui": "pyautogui.write('hi')",
    "openai": '{"type": "type", "text": "hi"}',
}


@pytest.mark.parametrize("dialect", PIXEL_DIALECTS)
def test_pixel_dialects_need_the_screen(dialect: str) -> None:
    with pytest.raises(ConfigError, match=r"screen=\(width, height\)"):
        parse(ANSWERS[dialect], dialect)
    with pytest.raises(ConfigError, match=r"screen=\(width, height\)"):
        render(Action.type_text("hi"), dialect)
    assert parse(ANSWERS[dialect], dialect, (800, 600)) == Action.type_text("hi")


def test_fraction_dialects_need_no_screen() -> None:
    assert set(DIALECTS) - set(PIXEL_DIALECTS) == {"cuakit", "ui-tars"}
    assert parse("Action: type(content='hi')", "ui-tars") == Action.type_text("hi")
    assert parse('{"action": "type", "text": "hi"}', "cuakit") == Action.type_text("hi")


@pytest.mark.parametrize("screen", [(0, 600), (800,), (800.0, 600), "800x600"])
def test_a_malformed_screen_is_refused(screen: object) -> None:
    with pytest.raises(ConfigError, match="screen="):
        parse(ANSWERS["openai"], "openai", screen)  # type: ignore[arg-type]


def test_unknown_dialects_are_refused() -> None:
    with pytest.raises(ConfigError, match="use one of"):
        parse("{}", "claude")
    with pytest.raises(ConfigError, match="use one of"):
        render(Action.finish(), "auto")


def test_text_must_be_a_string() -> None:
    with pytest.raises(ActionParseError):
        parse(None, "cuakit")  # type: ignore[arg-type]


def test_resize_overrides_the_limits_for_a_stock_checkpoint() -> None:
    """A stock Qwen2.5-VL processor resizes 1920x1080 to 1932x1092, not cuakit's 1316x728."""
    text = '{"action": "left_click", "coordinate": [1900, 1000]}'
    with pytest.raises(ActionParseError, match="outside a 1316x728 image"):
        parse(text, "qwen2.5-vl", (1920, 1080))  # bare arguments, as a server's tool parser gives
    stock = parse(text, "qwen2.5-vl", (1920, 1080), resize={"max_pixels": 12845056})
    assert stock == Action.click(*from_pixels(1900, 1000, 1932, 1092))


def test_resize_keys_are_checked() -> None:
    with pytest.raises(ConfigError, match="unknown keys"):
        parse(ANSWERS["qwen2.5-vl"], "qwen2.5-vl", (800, 600), resize={"max_pixel": 1})
    with pytest.raises(ConfigError, match="aspect ratio"):
        parse(ANSWERS["qwen2.5-vl"], "qwen2.5-vl", (30000, 100))


def test_qwen_has_no_horizontal_scroll() -> None:
    with pytest.raises(DialectRenderError, match="horizontal"):
        render(Action.scroll("left", 2), "qwen2.5-vl", (800, 600))

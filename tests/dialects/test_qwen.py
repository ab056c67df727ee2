"""Qwen2.5-VL's computer_use tool calls: a corpus of answers, each read to its Action or to an
ActionParseError on the field at fault."""

from __future__ import annotations

import json

import pytest

from cuakit.actions import Action
from cuakit.coords import from_pixels, smart_resize
from cuakit.dialects import render
from tests.dialects.expect import Fails, check

SCREEN = (1920, 1080)
GRID = (1316, 728)  # smart_resize of 1920x1080 with cuakit's Qwen limits (1280 * 28 * 28 px)


def px(x: float, y: float) -> tuple[float, float]:
    """The normalised point of pixel (x, y) of the resized image."""
    return from_pixels(x, y, *GRID)


def call(**arguments: object) -> str:
    body = json.dumps({"name": "computer_use", "arguments": arguments})
    return f"<tool_call>\n{body}\n</tool_call>"


def test_the_grid_is_the_resized_screenshot() -> None:
    assert smart_resize(SCREEN[1], SCREEN[0]) == (GRID[1], GRID[0])


CORPUS: list[tuple[str, str, Action | Fails]] = [
    ("click", call(action="left_click", coordinate=[658, 364]), Action.click(*px(658, 364))),
    (
        "reasoning before",
        "I will open the File menu.\n" + call(action="left_click", coordinate=[20, 12]),
        Action.click(*px(20, 12), reasoning="I will open the File menu."),
    ),
    (
        "double",
        call(action="double_click", coordinate=[100, 700]),
        Action.double_click(*px(100, 700)),
    ),
    (
        "right",
        call(action="right_click", coordinate=[1315, 727]),
        Action.right_click(*px(1315, 727)),
    ),
    ("move", call(action="mouse_move", coordinate=[0, 0]), Action.move(*px(0, 0))),
    (
        "drag as two calls",
        call(action="mouse_move", coordinate=[100, 200])
        + "\n"
        + call(action="left_click_drag", coordinate=[400, 210]),
        Action.drag(*px(100, 200), *px(400, 210)),
    ),
    ("scroll down", call(action="scroll", pixels=-5), Action.scroll("down", 5)),
    (
        "scroll up at a point",
        call(action="scroll", pixels=3, coordinate=[658, 364]),
        Action.scroll("up", 3, *px(658, 364)),
    ),
    ("type", call(action="type", text="hello\nworld"), Action.type_text("hello\nworld")),
    ("key chord", call(action="key", keys=["ctrl", "c"]), Action.key("ctrl+c")),
    ("key spelled", call(action="key", keys=["Return"]), Action.key("enter")),
    ("arrow key", call(action="key", keys=["ArrowDown"]), Action.key("down")),
    ("wait", call(action="wait", time=2), Action.wait(2.0)),
    ("wait without time", call(action="wait"), Action.wait(1.0)),
    ("terminate success", call(action="terminate", status="success"), Action.finish()),
    ("terminate failure", call(action="terminate", status="failure"), Action.fail()),
    (
        "bare tool call",
        '{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [1, 2]}}',
        Action.click(*px(1, 2)),
    ),
    (
        "arguments as a JSON string",
        '<tool_call>{"name": "computer_use", "arguments": '
        '"{\\"action\\": \\"right_click\\", \\"coordinate\\": [5, 6]}"}</tool_call>',
        Action.right_click(*px(5, 6)),
    ),
    # malformed
    (
        "truncated",
        '<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_cl',
        Fails("text", "never closed"),
    ),
    (
        "broken JSON",
        '<tool_call>\n{"name": "computer_use", "arguments": {"action": }\n</tool_call>',
        Fails("text", "not JSON"),
    ),
    ("unknown action", call(action="triple_click", coordinate=[1, 1]), Fails("action", "unknown")),
    ("Qwen3's hscroll", call(action="hscroll", pixels=3), Fails("action", "unknown")),
    (
        "middle click",
        call(action="middle_click", coordinate=[1, 1]),
        Fails("action", "no cuakit equivalent"),
    ),
    ("click where the cursor is", call(action="left_click"), Fails("coordinates", "needs")),
    (
        "drag from the cursor",
        call(action="left_click_drag", coordinate=[9, 9]),
        Fails("coordinates", "mouse_move"),
    ),
    (
        "outside the resized image",
        call(action="left_click", coordinate=[1500, 300]),
        Fails("coordinates", "outside a 1316x728 image"),
    ),
    ("strings", call(action="left_click", coordinate=["658", "364"]), Fails("coordinates")),
    ("one number", call(action="left_click", coordinate=[658]), Fails("coordinates", "[x, y]")),
    (
        "another tool",
        '<tool_call>{"name": "browser_use", "arguments": {"action": "left_click"}}</tool_call>',
        Fails("name", "browser_use"),
    ),
    ("prose", "I would click the Save button.", Fails("text", "not JSON")),
    (
        "two actions",
        call(action="left_click", coordinate=[1, 1]) + call(action="type", text="x"),
        Fails("text", "one action per step"),
    ),
    ("scroll nowhere", call(action="scroll", pixels=0), Fails("amount")),
    (
        "field of another action",
        call(action="left_click", coordinate=[1, 1], text="x"),
        Fails("text", "takes no"),
    ),
    ("bad status", call(action="terminate", status="maybe"), Fails("status")),
    ("empty text", call(action="type", text=""), Fails("text", "non-empty")),
    ("no keys", call(action="key", keys=[]), Fails("key")),
]


@pytest.mark.parametrize(("text", "want"), [c[1:] for c in CORPUS], ids=[c[0] for c in CORPUS])
def test_corpus(text: str, want: Action | Fails) -> None:
    check(text, "qwen2.5-vl", SCREEN, want)


def test_a_drag_is_written_as_a_move_then_a_drag() -> None:
    text = render(Action.drag(0.1, 0.2, 0.3, 0.4), "qwen2.5-vl", SCREEN)
    calls = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert [c["arguments"]["action"] for c in calls] == ["mouse_move", "left_click_drag"]
    assert calls[0]["arguments"]["coordinate"] == [131, 145]  # floor(0.1 * 1316), floor(0.2 * 728)


def test_keys_are_written_as_pyautogui_names() -> None:
    text = render(Action.key("meta+plus"), "qwen2.5-vl", SCREEN)
    assert '"keys": ["win", "+"]' in text
    assert render(Action.finish("done"), "qwen2.5-vl", SCREEN).startswith("done\n<tool_call>")

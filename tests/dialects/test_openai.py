"""OpenAI computer-use actions: a corpus read to its Action or to an ActionParseError on the
field at fault."""

from __future__ import annotations

import json

import pytest

from cuakit.actions import Action
from cuakit.coords import from_pixels
from cuakit.dialects import DialectRenderError, render
from cuakit.dialects.openai import WAIT_SECONDS
from tests.dialects.expect import Fails, check

SCREEN = (1024, 768)


def px(x: float, y: float) -> tuple[float, float]:
    return from_pixels(x, y, *SCREEN)


def item(**action: object) -> str:
    return json.dumps(action)


CORPUS: list[tuple[str, str, Action | Fails]] = [
    ("click", item(type="click", button="left", x=412, y=230), Action.click(*px(412, 230))),
    ("right click", item(type="click", button="right", x=5, y=6), Action.right_click(*px(5, 6))),
    ("double", item(type="double_click", x=100, y=700), Action.double_click(*px(100, 700))),
    ("move", item(type="move", x=0, y=0), Action.move(*px(0, 0))),
    (
        "drag",
        item(type="drag", path=[{"x": 10, "y": 20}, {"x": 300, "y": 20}]),
        Action.drag(*px(10, 20), *px(300, 20)),
    ),
    (
        "scroll down",
        item(type="scroll", x=512, y=384, scroll_x=0, scroll_y=300),
        Action.scroll("down", 3, *px(512, 384)),
    ),
    (
        "scroll up a little",
        item(type="scroll", x=1, y=1, scroll_x=0, scroll_y=-30),
        Action.scroll("up", 1, *px(1, 1)),
    ),
    (
        "scroll right",
        item(type="scroll", x=1, y=1, scroll_x=200, scroll_y=0),
        Action.scroll("right", 2, *px(1, 1)),
    ),
    ("keypress", item(type="keypress", keys=["CTRL", "L"]), Action.key("ctrl+l")),
    ("arrow", item(type="keypress", keys=["ArrowDown"]), Action.key("down")),
    ("space", item(type="keypress", keys=["SPACE"]), Action.key("space")),
    ("type", item(type="type", text="hello"), Action.type_text("hello")),
    ("wait", item(type="wait"), Action.wait(WAIT_SECONDS)),
    ("screenshot", item(type="screenshot"), Action.wait(WAIT_SECONDS)),
    (
        "computer_call item",
        item(
            type="computer_call",
            id="cu_1",
            call_id="call_1",
            action={"type": "click", "button": "left", "x": 1, "y": 2},
            pending_safety_checks=[],
            status="completed",
        ),
        Action.click(*px(1, 2)),
    ),
    (
        "safety checks reach the reasoning",
        item(
            type="computer_call",
            call_id="call_2",
            action={"type": "type", "text": "rm -rf /"},
            pending_safety_checks=[
                {"id": "cu_sc_1", "code": "malicious_instructions", "message": "Do not follow."}
            ],
        ),
        Action.type_text("rm -rf /", "OpenAI safety check malicious_instructions: Do not follow."),
    ),
    (
        "prose and fence",
        'Opening the address bar.\n```json\n{"type": "keypress", "keys": ["CTRL", "L"]}\n```',
        Action.key("ctrl+l", "Opening the address bar."),
    ),
    ("a list of one", "[" + item(type="move", x=3, y=4) + "]", Action.move(*px(3, 4))),
    # malformed
    ("truncated", '{"type": "click", "button": "left", "x": 41', Fails("text", "no JSON")),
    ("unknown type", item(type="triple_click", x=1, y=1), Fails("action", "unknown")),
    (
        "middle button",
        item(type="click", button="wheel", x=1, y=1),
        Fails("action", "no cuakit equivalent"),
    ),
    ("back button", item(type="click", button="back", x=1, y=1), Fails("action", "back")),
    ("missing y", item(type="click", button="left", x=1), Fails("y")),
    ("x as a string", item(type="click", button="left", x="412", y=1), Fails("x")),
    (
        "off the screen",
        item(type="click", button="left", x=1024, y=1),
        Fails("coordinates", "outside"),
    ),
    (
        "curved drag",
        item(type="drag", path=[{"x": 1, "y": 1}, {"x": 5, "y": 9}, {"x": 9, "y": 1}]),
        Fails("path", "straight line"),
    ),
    ("scroll nowhere", item(type="scroll", x=1, y=1, scroll_x=0, scroll_y=0), Fails("scroll_y")),
    (
        "scroll diagonal",
        item(type="scroll", x=1, y=1, scroll_x=100, scroll_y=100),
        Fails("scroll_y"),
    ),
    (
        "keys held",
        item(type="click", button="left", x=1, y=1, keys=["SHIFT"]),
        Fails("action", "hold keys"),
    ),
    (
        "two actions",
        "[" + item(type="wait") + ", " + item(type="wait") + "]",
        Fails("text", "one per step"),
    ),
    ("field of another action", item(type="wait", text="x"), Fails("text", "takes no")),
    ("prose", "I clicked the button for you.", Fails("text", "no JSON")),
    ("no keys", item(type="keypress", keys=[]), Fails("key")),
]


@pytest.mark.parametrize(("text", "want"), [c[1:] for c in CORPUS], ids=[c[0] for c in CORPUS])
def test_corpus(text: str, want: Action | Fails) -> None:
    check(text, "openai", SCREEN, want)


def test_render_writes_the_schema() -> None:
    text = render(Action.scroll("up", 2, 0.5, 0.5, reasoning="More above."), "openai", SCREEN)
    reasoning, line = text.split("\n")
    assert reasoning == "More above."
    assert json.loads(line) == {
        "type": "scroll",
        "x": 512,
        "y": 384,
        "scroll_x": 0,
        "scroll_y": -200,
    }
    keys = json.loads(render(Action.key("meta+left"), "openai", SCREEN))
    assert keys == {"type": "keypress", "keys": ["cmd", "arrowleft"]}


@pytest.mark.parametrize("action", [Action.finish(), Action.fail(), Action.scroll("down", 3)])
def test_what_openai_cannot_say_is_refused(action: Action) -> None:
    with pytest.raises(DialectRenderError):
        render(action, "openai", SCREEN)

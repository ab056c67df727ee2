"""cuakit's own answers (normalised JSON in a fence): the dialect wraps
`cuakit.prompt.read_answer`/`render_answer`, so its corpus checks that nothing is lost in the
wrapping and that malformed answers still fail on the right field."""

from __future__ import annotations

import pytest

from cuakit.actions import Action
from cuakit.dialects import render
from tests.dialects.expect import Fails, check

CORPUS: list[tuple[str, str, Action | Fails]] = [
    (
        "fenced with reasoning",
        '```json\n{"action": "click", "coordinates": [0.82, 0.15], '
        '"reasoning": "the Save button"}\n```',
        Action.click(0.82, 0.15, "the Save button"),
    ),
    (
        "bare",
        '{"action": "double_click", "coordinates": [0.5, 0.5]}',
        Action.double_click(0.5, 0.5),
    ),
    (
        "in prose",
        'The menu is open, so: {"action": "right_click", "coordinates": [0.1, 0.2]} done.',
        Action.right_click(0.1, 0.2),
    ),
    ("move", '{"action": "move", "coordinates": [0, 1]}', Action.move(0.0, 1.0)),
    (
        "drag",
        '{"action": "drag", "coordinates": [0.1, 0.1], "end_coordinates": [0.6, 0.1]}',
        Action.drag(0.1, 0.1, 0.6, 0.1),
    ),
    ("scroll", '{"action": "scroll", "direction": "down", "amount": 3}', Action.scroll("down", 3)),
    ("type", '{"action": "type", "text": "hello"}', Action.type_text("hello")),
    ("key spelled", '{"action": "key", "key": "Control+S"}', Action.key("ctrl+s")),
    ("wait", '{"action": "wait", "seconds": 2}', Action.wait(2.0)),
    ("finish", '```json\n{"action": "finish"}\n```', Action.finish()),
    ("fail", '{"action": "fail", "reasoning": "no such file"}', Action.fail("no such file")),
    ("alias", '{"action": "left_click", "coordinate": [0.3, 0.4]}', Action.click(0.3, 0.4)),
    ("terminate failed", '{"action": "terminate", "status": "failure"}', Action.fail()),
    # malformed
    (
        "truncated",
        '```json\n{"action": "click", "coordinates": [0.8',
        Fails("text", "no JSON object"),
    ),
    (
        "unknown action",
        '{"action": "triple_click", "coordinates": [0.5, 0.5]}',
        Fails("action", "unknown"),
    ),
    (
        "pixels",
        '{"action": "click", "coordinates": [658, 364]}',
        Fails("coordinates", "not normalised"),
    ),
    ("missing point", '{"action": "click"}', Fails("coordinates", "needs")),
    (
        "unknown field",
        '{"action": "click", "coordinates": [0.5, 0.5], "button": "left"}',
        Fails("button"),
    ),
    ("prose", "I would click the Save button.", Fails("text", "no JSON object")),
]


@pytest.mark.parametrize(("text", "want"), [c[1:] for c in CORPUS], ids=[c[0] for c in CORPUS])
def test_corpus(text: str, want: Action | Fails) -> None:
    check(text, "cuakit", None, want)


def test_render_is_the_answer_cuakit_trains_on() -> None:
    written = render(Action.click(0.123456, 0.5, "the OK button"), "cuakit")
    assert written == (
        '```json\n{"action": "click", "coordinates": [0.1235, 0.5], '
        '"reasoning": "the OK button"}\n```'
    )

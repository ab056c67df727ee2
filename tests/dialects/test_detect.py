"""``dialect="auto"``: each syntax is recognised, UI-TARS is refused (its two releases read
the same answer as different points), and text quoted inside an answer does not pass for
another dialect."""

from __future__ import annotations

import pytest

from cuakit.actions import Action
from cuakit.dialects import DialectAmbiguityError, detect, parse
from cuakit.errors import ActionParseError, ConfigError

SCREEN = (1920, 1080)

SAMPLES = [
    ("cuakit", '```json\n{"action": "click", "coordinates": [0.5, 0.5]}\n```'),
    ("cuakit", 'Done, I think. {"action": "finish", "reasoning": "saved"}'),
    (
        "qwen2.5-vl",
        '<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", '
        '"coordinate": [658, 364]}}\n</tool_call>',
    ),
    (
        "qwen2.5-vl",
        'Save it.\n<tool_call>\n{"name": "computer_use", "arguments": '
        '{"action": "key", "keys": ["ctrl", "s"]}}\n</tool_call>',
    ),
    ("qwen2.5-vl", '{"name": "computer_use", "arguments": {"action": "wait", "time": 1}}'),
    ("pyautogui", "Click OK.\n```python\npyautogui.click(960, 540)\n```"),
    ("pyautogui", "pyautogui.hotkey('ctrl', 'c')"),
    ("pyautogui", "DONE"),
    ("pyautogui", "The task is impossible.\n```\nFAIL\n```"),
    ("openai", '{"type": "click", "button": "left", "x": 10, "y": 20}'),
    ("openai", '[{"type": "keypress", "keys": ["ENTER"]}]'),
    ("openai", '{"type": "computer_call", "call_id": "c1", "action": {"type": "wait"}}'),
]


@pytest.mark.parametrize(("dialect", "text"), SAMPLES)
def test_each_syntax_is_recognised(dialect: str, text: str) -> None:
    assert detect(text) == dialect
    assert parse(text, "auto", SCREEN) == parse(text, dialect, SCREEN)


@pytest.mark.parametrize(
    "text",
    [
        "Thought: Click Save.\nAction: click(start_box='(235,512)')",
        "Action: click(start_box='<|box_start|>(235,512)<|box_end|>')",
        "Thought: Search.\nAction: click(point='<point>966 546</point>')",
        "Action: finished()",
    ],
)
def test_ui_tars_is_refused_naming_both_releases(text: str) -> None:
    with pytest.raises(DialectAmbiguityError) as info:
        parse(text, "auto", SCREEN)
    message = str(info.value)
    assert "dialect='ui-tars'" in message and "dialect='ui-tars-1.5'" in message
    # a configuration problem for the caller, not a malformed answer to retry
    assert isinstance(info.value, ConfigError)
    assert not isinstance(info.value, ActionParseError)


def test_naming_the_release_reads_it() -> None:
    text = "Action: click(start_box='(500,250)')"
    assert parse(text, "ui-tars") == Action.click(0.5, 0.25)


@pytest.mark.parametrize(
    ("dialect", "text"),
    [
        # typed text that looks like other dialects stays inside its JSON string
        (
            "cuakit",
            '{"action": "type", "text": "<tool_call>\\nAction: click(x)\\npyautogui.click(1, 2)"}',
        ),
        ("openai", '{"type": "type", "text": "\\nAction: wait()\\n<tool_call>"}'),
        ("pyautogui", 'pyautogui.write(\'{"action": "click", "coordinates": [0.5, 0.5]}\')'),
        ("pyautogui", "pyautogui.write('<tool_call>')"),
    ],
)
def test_quoted_text_does_not_pass_for_another_dialect(dialect: str, text: str) -> None:
    assert detect(text) == dialect


@pytest.mark.parametrize(
    "text", ["", "I clicked the Save button.", '{"foo": 1}', "```\nsome output\n```"]
)
def test_no_action_in_any_dialect(text: str) -> None:
    with pytest.raises(ActionParseError) as info:
        parse(text, "auto", SCREEN)
    assert info.value.field == "text"
    assert "pass dialect=" in str(info.value)


def test_bare_qwen_arguments_are_not_taken_for_fractions() -> None:
    """Qwen's arguments object without its tool-call wrapper looks like cuakit's JSON (the
    aliases match); auto reads it as cuakit, whose check refuses the pixels rather than
    misplacing the click."""
    text = '{"action": "left_click", "coordinate": [658, 364]}'
    assert detect(text) == "cuakit"
    with pytest.raises(ActionParseError, match="not normalised"):
        parse(text, "auto", SCREEN)

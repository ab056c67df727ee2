"""PyAutoGUI answers (OSWorld style): a corpus read to its Action or to an ActionParseError
on the field at fault; the code is read with `ast`, never run."""

from __future__ import annotations

import pytest

from cuakit.actions import Action
from cuakit.coords import from_pixels
from cuakit.dialects import parse, render
from tests.dialects.expect import Fails, check

SCREEN = (1920, 1080)


def px(x: float, y: float) -> tuple[float, float]:
    return from_pixels(x, y, *SCREEN)


def fenced(code: str) -> str:
    return f"```python\n{code}\n```"


CORPUS: list[tuple[str, str, Action | Fails]] = [
    ("click", fenced("pyautogui.click(960, 540)"), Action.click(*px(960, 540))),
    (
        "prose and import",
        "The OK button is in the dialog.\n" + fenced("import pyautogui\npyautogui.click(1210, 84)"),
        Action.click(*px(1210, 84), reasoning="The OK button is in the dialog."),
    ),
    ("bare code", "pyautogui.doubleClick(100, 200)", Action.double_click(*px(100, 200))),
    ("right click", fenced("pyautogui.rightClick(x=5, y=6)"), Action.right_click(*px(5, 6))),
    (
        "button right",
        fenced("pyautogui.click(100, 200, button='right')"),
        Action.right_click(*px(100, 200)),
    ),
    ("fractions", fenced("pyautogui.click(x=0.5, y=0.25)"), Action.click(0.5, 0.25)),
    ("move", fenced("pyautogui.moveTo(300, 400, duration=0.5)"), Action.move(*px(300, 400))),
    (
        "drag",
        fenced("pyautogui.moveTo(100, 200)\npyautogui.dragTo(500, 200, duration=1.0)"),
        Action.drag(*px(100, 200), *px(500, 200)),
    ),
    ("scroll down", fenced("pyautogui.scroll(-5)"), Action.scroll("down", 5)),
    (
        "scroll at x, y given by position",  # regression: x was read from the clicks argument
        fenced("pyautogui.scroll(3, 960, 540)"),
        Action.scroll("up", 3, *px(960, 540)),
    ),
    (
        "hscroll",
        fenced("pyautogui.hscroll(-2, x=100, y=100)"),
        Action.scroll("left", 2, *px(100, 100)),
    ),
    ("write", fenced("pyautogui.write('hello\\n')"), Action.type_text("hello\n")),
    (
        "write then enter",
        fenced("pyautogui.write('abc')\npyautogui.press('enter')"),
        Action.type_text("abc\n"),
    ),
    ("hotkey", fenced("pyautogui.hotkey('ctrl', 'c')"), Action.key("ctrl+c")),
    ("press", fenced("pyautogui.press('esc')"), Action.key("escape")),
    ("sleep", fenced("pyautogui.sleep(2)"), Action.wait(2.0)),
    ("DONE", "DONE", Action.finish()),
    (
        "FAIL fenced",
        "The file does not exist.\n```\nFAIL\n```",
        Action.fail("The file does not exist."),
    ),
    ("WAIT", "WAIT", Action.wait(1.0)),
    ("terminate", fenced("computer.terminate(status='failure')"), Action.fail()),
    # malformed
    (
        "a call in an argument",
        fenced("pyautogui.click(os.system('x'))"),
        Fails("code", "non-literal"),
    ),
    ("a name in an argument", fenced("pyautogui.click(x, 10)"), Fails("code", "non-literal")),
    ("os", fenced("os.system('rm -rf /')"), Fails("code", "not a pyautogui")),
    (
        "another import",
        fenced("import os\npyautogui.click(1, 2)"),
        Fails("code", "not a pyautogui"),
    ),
    (
        "dunder import",
        fenced("pyautogui.click(__import__('os').system('x'))"),
        Fails("code", "non-literal"),
    ),
    ("triple click", fenced("pyautogui.tripleClick(10, 10)"), Fails("action", "tripleClick")),
    ("middle click", fenced("pyautogui.click(10, 10, button='middle')"), Fails("action", "middle")),
    ("no coordinates", fenced("pyautogui.click()"), Fails("action", "without coordinates")),
    ("dragTo alone", fenced("pyautogui.dragTo(500, 200)"), Fails("action", "dragTo")),
    (
        "two actions",
        fenced("pyautogui.click(1, 2)\npyautogui.click(3, 4)"),
        Fails("action", "several"),
    ),
    ("truncated", "```python\npyautogui.click(10", Fails("code", "not Python")),
    (
        "two blocks",
        fenced("pyautogui.click(5, 5)") + "\n" + fenced("pyautogui.click(6, 6)"),
        Fails("code", "2 code blocks"),
    ),
    ("off the screen", fenced("pyautogui.click(99999, 5)"), Fails("coordinates", "outside")),
    ("sleep words", fenced("pyautogui.sleep('soon')"), Fails("code", "cannot read")),
    ("prose", "I will click the OK button.", Fails("code", "not Python")),
]


@pytest.mark.parametrize(("text", "want"), [c[1:] for c in CORPUS], ids=[c[0] for c in CORPUS])
def test_corpus(text: str, want: Action | Fails) -> None:
    check(text, "pyautogui", SCREEN, want)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action.click(0.5, 0.5), "pyautogui.click(960, 540)"),
        (Action.scroll("left", 2, 0.5, 0.5), "pyautogui.hscroll(-2, x=960, y=540)"),
        (Action.key("meta+l"), "pyautogui.hotkey('win', 'l')"),
        (Action.wait(2.5), "pyautogui.sleep(2.5)"),
    ],
)
def test_render_writes_pixels(action: Action, code: str) -> None:
    assert render(action, "pyautogui", SCREEN) == fenced(code)


def test_the_top_left_pixels_are_written_as_fractions() -> None:
    """pyautogui.click(1, 1) would read as the bottom-right corner (fractions), so the
    writer keeps the point in fractions there."""
    point = (0.0007, 0.0001)  # pixel (1, 0)
    text = render(Action.click(*point), "pyautogui", SCREEN)
    assert text == fenced("pyautogui.click(0.0007, 0.0001)")
    assert parse(text, "pyautogui", SCREEN) == Action.click(*point)

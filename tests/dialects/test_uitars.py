"""UI-TARS answers, first release (0-1000 thousandths) and 1.5 (pixels of the resized
screenshot): corpora read to their Action or to an ActionParseError on the field at fault."""

from __future__ import annotations

import pytest

from cuakit.actions import Action
from cuakit.coords import from_pixels, smart_resize
from cuakit.dialects import parse, render
from cuakit.dialects.uitars import RESIZE, SCROLL_CLICKS, WAIT_SECONDS
from tests.dialects.expect import Fails, check

V1: list[tuple[str, str, Action | Fails]] = [
    (
        "thought and click",
        "Thought: I need to open the File menu first.\nAction: click(start_box='(235,512)')",
        Action.click(0.235, 0.512, reasoning="I need to open the File menu first."),
    ),
    (
        "box tokens",
        "Action: click(start_box='<|box_start|>(235,512)<|box_end|>')",
        Action.click(0.235, 0.512),
    ),
    (
        "a box: its centre",
        "Action: click(start_box='[100, 200, 300, 400]')",
        Action.click(0.2, 0.3),
    ),
    (
        "a box in parentheses",
        "Action: click(start_box='(100,200,300,400)')",
        Action.click(0.2, 0.3),
    ),
    ("left_single", "Action: left_single(start_box='(10,20)')", Action.click(0.01, 0.02)),
    ("double", "Action: left_double(start_box='(500,500)')", Action.double_click(0.5, 0.5)),
    ("right", "Action: right_single(start_box='(1000,1000)')", Action.right_click(1.0, 1.0)),
    ("hover", "Action: hover(start_box='(0,0)')", Action.move(0.0, 0.0)),
    (
        "drag",
        "Thought: Drag the file onto the folder.\n"
        "Action: drag(start_box='(100,100)', end_box='(500,520)')",
        Action.drag(0.1, 0.1, 0.5, 0.52, reasoning="Drag the file onto the folder."),
    ),
    ("hotkey", "Action: hotkey(key='ctrl c')", Action.key("ctrl+c")),
    ("hotkey spelled", "Action: hotkey(key='Return')", Action.key("enter")),
    ("arrow key", "Action: hotkey(key='arrowdown')", Action.key("down")),
    ("press", "Action: press(key='esc')", Action.key("escape")),
    ("type submits", "Action: type(content='hello world\\n')", Action.type_text("hello world\n")),
    ("quote unescaped", "Action: type(content='it's done')", Action.type_text("it's done")),
    ("raw newline", "Action: type(content='line1\nline2')", Action.type_text("line1\nline2")),
    (
        "scroll at a point",
        "Action: scroll(start_box='(500,500)', direction='down')",
        Action.scroll("down", SCROLL_CLICKS, 0.5, 0.5),
    ),
    ("scroll here", "Action: scroll(direction='up')", Action.scroll("up", SCROLL_CLICKS)),
    (
        "wait",
        "Thought: The page is loading.\nAction: wait()",
        Action.wait(WAIT_SECONDS, "The page is loading."),
    ),
    ("finished", "Thought: All set.\nAction: finished()", Action.finish("All set.")),
    (
        "finished with content",
        "Thought: Found it.\nAction: finished(content='The answer is 42')",
        Action.finish("Found it.\n\nThe answer is 42"),
    ),
    ("empty content", "Action: finished(content='')", Action.finish()),
    (
        "call_user",
        "Thought: I need a password.\nAction: call_user()",
        Action.fail("I need a password."),
    ),
    ("point syntax", "Action: click(point='<point>500 300</point>')", Action.click(0.5, 0.3)),
    ("grounding only", "click(start_box='(500,300)')", Action.click(0.5, 0.3)),
    # malformed
    (
        "truncated",
        "Thought: Click it.\nAction: click(start_box='(235,",
        Fails("text", "Python syntax"),
    ),
    ("unknown", "Action: triple_click(start_box='(1,2)')", Fails("action", "unknown")),
    ("phone button", "Action: press_home()", Fails("action", "no cuakit equivalent")),
    ("key hold", "Action: keydown(key='shift')", Fails("action", "never holds")),
    ("no point", "Action: click()", Fails("start_box", "needs")),
    ("drag without its end", "Action: drag(start_box='(1,2)')", Fails("end_box", "needs")),
    ("beyond the grid", "Action: click(start_box='(1500,200)')", Fails("coordinates", "0-1000")),
    ("negative", "Action: click(start_box='(-5,200)')", Fails("coordinates", "0-1000")),
    ("three numbers", "Action: click(start_box='(1,2,3)')", Fails("start_box", "a box")),
    (
        "a call in an argument",
        "Action: click(start_box=os.system('rm -rf /'))",
        Fails("start_box", "literal"),
    ),
    ("a name in an argument", "Action: type(content=secret)", Fails("content", "literal")),
    ("positional", "Action: click('(1,2)')", Fails("text", "by name")),
    (
        "two actions",
        "Action: hotkey(key='ctrl a')\n\ntype(content='x')",
        Fails("text", "one per step"),
    ),
    ("attribute call", "Action: os.system('ls')", Fails("text", "expected a call")),
    ("prose", "I think I should click the Save button.", Fails("text", "Python syntax")),
    ("nothing after Action", "Thought: hmm\nAction: ", Fails("text", "no action")),
    (
        "unknown argument",
        "Action: click(start_box='(1,2)', button='left')",
        Fails("button", "takes no"),
    ),
    ("point twice", "Action: click(start_box='(1,2)', point='<point>1 2</point>')", Fails("point")),
    ("bad direction", "Action: scroll(direction='sideways')", Fails("direction")),
    ("empty type", "Action: type(content='')", Fails("text", "needs")),
]


@pytest.mark.parametrize(("text", "want"), [c[1:] for c in V1], ids=[c[0] for c in V1])
def test_first_release_corpus(text: str, want: Action | Fails) -> None:
    check(text, "ui-tars", None, want)


SCREEN = (1920, 1080)
GRID = (1932, 1092)  # smart_resize of 1920x1080 with UI-TARS-1.5's limits


def px(x: float, y: float) -> tuple[float, float]:
    return from_pixels(x, y, *GRID)


def test_the_grid_is_the_screenshot_resized_by_ui_tars_limits() -> None:
    assert smart_resize(SCREEN[1], SCREEN[0], **RESIZE) == (GRID[1], GRID[0])


V15: list[tuple[str, str, Action | Fails]] = [
    (
        "point",
        "Thought: Click the search box.\nAction: click(point='<point>966 546</point>')",
        Action.click(*px(966, 546), reasoning="Click the search box."),
    ),
    (
        "start_box",
        "Action: click(start_box='<|box_start|>(966,546)<|box_end|>')",
        Action.click(*px(966, 546)),
    ),
    (
        "bbox: its centre",
        "Action: click(start_box='<bbox>100 200 300 400</bbox>')",
        Action.click(*px(200, 300)),
    ),
    (
        "double",
        "Action: left_double(point='<point>10 20</point>')",
        Action.double_click(*px(10, 20)),
    ),
    (
        "right",
        "Action: right_single(point='<point>1931 1091</point>')",
        Action.right_click(*px(1931, 1091)),
    ),
    (
        "drag",
        "Action: drag(start_point='<point>100 200</point>', end_point='<point>900 200</point>')",
        Action.drag(*px(100, 200), *px(900, 200)),
    ),
    (
        "scroll",
        "Action: scroll(point='<point>966 546</point>', direction='down')",
        Action.scroll("down", SCROLL_CLICKS, *px(966, 546)),
    ),
    ("hotkey", "Action: hotkey(key='ctrl shift t')", Action.key("ctrl+shift+t")),
    ("type", "Action: type(content='New York\\n')", Action.type_text("New York\n")),
    ("wait", "Action: wait()", Action.wait(WAIT_SECONDS)),
    ("finished", "Action: finished(content='done')", Action.finish("done")),
    (
        "reflection",
        "Reflection: The menu did not open.\nAction_Summary: Click File again.\n"
        "Action: click(point='<point>20 12</point>')",
        Action.click(
            *px(20, 12),
            reasoning="Reflection: The menu did not open.\nAction_Summary: Click File again.",
        ),
    ),
    # malformed
    (
        "beyond the resized image",
        "Action: click(point='<point>1940 500</point>')",
        Fails("coordinates", "outside"),
    ),
    ("negative", "Action: click(point='<point>-5 10</point>')", Fails("coordinates", "outside")),
    ("open an app", "Action: open_app(app_name='Chrome')", Fails("action", "no cuakit equivalent")),
    ("key up", "Action: keyup(key='shift')", Fails("action", "never holds")),
    ("truncated point", "Action: click(point='<point>966", Fails("text", "Python syntax")),
    ("words for a point", "Action: click(point='the Save button')", Fails("point", "a box")),
]


@pytest.mark.parametrize(("text", "want"), [c[1:] for c in V15], ids=[c[0] for c in V15])
def test_ui_tars_1_5_corpus(text: str, want: Action | Fails) -> None:
    check(text, "ui-tars-1.5", SCREEN, want)


def test_the_same_answer_means_different_points_in_the_two_releases() -> None:
    """Why ``auto`` must not choose: one answer, two far-apart points."""
    text = "Action: click(start_box='(500,500)')"
    first = parse(text, "ui-tars").point
    second = parse(text, "ui-tars-1.5", SCREEN).point
    assert first == (0.5, 0.5)
    assert second == px(500, 500)
    assert abs(first[0] - second[0]) > 0.2


@pytest.mark.parametrize(
    ("action", "dialect", "written"),
    [
        (
            Action.click(0.5, 0.3),
            "ui-tars",
            "Action: click(start_box='<|box_start|>(500,300)<|box_end|>')",
        ),
        (Action.click(0.5, 0.3), "ui-tars-1.5", "Action: click(point='<point>966 327</point>')"),
        (
            Action.drag(0.1, 0.1, 0.5, 0.5, reasoning="Move it."),
            "ui-tars-1.5",
            "Thought: Move it.\nAction: drag(start_point='<point>193 109</point>', "
            "end_point='<point>966 546</point>')",
        ),
        (Action.key("meta+plus"), "ui-tars", "Action: hotkey(key='win +')"),
        (Action.type_text('it\'s "so"\n'), "ui-tars", "Action: type(content='it\\'s \"so\"\\n')"),
        (Action.type_text("it's"), "ui-tars", "Action: type(content='it\\'s')"),
        (Action.scroll("left", 9), "ui-tars", "Action: scroll(direction='left')"),
        (Action.fail("Needs a login."), "ui-tars", "Thought: Needs a login.\nAction: call_user()"),
    ],
)
def test_render_writes_ui_tars_syntax(action: Action, dialect: str, written: str) -> None:
    assert render(action, dialect, SCREEN) == written

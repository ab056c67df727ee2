"""DOM experts for the MiniWoB tasks kept out of reward-model training, for measuring
generalisation: the reward model never sees these tasks while it learns, and its accuracy on
their episodes says how well it judges tasks it has not met.

The rules are those of :mod:`.experts`: the next pointer or keyboard action from the page as it
is now, no memory between calls (the pointer's place and a field's selection are part of the
page), recovery from a noisy step by looking again, ``fail`` when the task became impossible.
"""

from __future__ import annotations

import re

from cuakit.actions import Action
from cuakit.envs.miniwob.gestures import Expert, click, fill, reveal, submit
from cuakit.envs.miniwob.page import Node, Page

# click-color's palette as the browser computes it (CSS colour names → rgb()).
PALETTE = {
    "red": (255, 0, 0),
    "blue": (0, 0, 255),
    "olive": (128, 128, 0),
    "lime": (0, 255, 0),
    "black": (0, 0, 0),
    "white": (255, 255, 255),
    "grey": (128, 128, 128),
    "purple": (128, 0, 128),
    "orange": (255, 165, 0),
    "yellow": (255, 255, 0),
    "cyan": (0, 255, 255),
    "pink": (255, 192, 203),
    "magenta": (255, 0, 255),
}


def at(page: Page, x: float, y: float) -> bool:
    """Whether the pointer rests at (x, y), where the expert itself put it (±0.5 px)."""
    return abs(page.pointer[0] - x) <= 0.5 and abs(page.pointer[1] - y) <= 0.5


def click_at(page: Page, x: float, y: float, why: str) -> Action:
    return Action.click(*page.point(x, y), reasoning=why)


def type_into_segments(page: Page, keys: str, wanted: str, what: str) -> Action:
    """Fill a date or time input (``#tt``) whose value must become ``wanted``: click its first
    segment, then type ``keys`` (the browser moves from segment to segment by itself; segments
    in Chromium's default US English order, which the tasks' utterances assume too). Such an
    input has no text selection and no value until every segment is set, so the pointer's place
    tells the steps apart: typing happens only with the pointer where the click left it."""
    field = page.by_id("tt")
    assert field is not None, f"no {what} field"
    if field.value == wanted:
        return submit(page)
    x, y = field.left + 8, field.center[1]  # the first segment
    if field.focused and at(page, x, y):
        return Action.type_text(keys, reasoning=f"type the {what}")
    return click_at(page, x, y, f"the first part of the {what}")


# ---- the experts --------------------------------------------------------------------------
def click_color(page: Page) -> Action:
    name = page.fields["target"]
    rgb = PALETTE.get(name)
    assert rgb is not None, f"colour {name!r} is not in click-color's palette"
    wanted = "rgb({}, {}, {})".format(*rgb)
    box = page.first(lambda n: n.has_class("color") and n.background == wanted)
    assert box is not None, f"no {name} box"
    return click(page, box, f"the {name} box")


def find_word(page: Page) -> Action:
    paragraph = page.first(lambda n: n.tag == "p")
    field = page.by_id("answer-input")
    assert paragraph is not None and field is not None
    words = page.text_of(paragraph).split()
    position = int(page.fields["target"])
    assert 0 < position <= len(words), f"no word {position} in {words}"
    word = re.sub(r"[^a-zA-Z]", "", words[position - 1])
    return fill(page, field, word, f"word {position}") or submit(page)


def read_table(page: Page) -> Action:
    key = page.fields["target"]
    rows = [page.children(row) for row in page.find(lambda n: n.tag == "tr")]
    value = next((row[1].text for row in rows if len(row) == 2 and row[0].text == key), None)
    assert value is not None, f"no row {key!r} in the table"
    field = page.by_id("tt")
    assert field is not None
    return fill(page, field, value, key) or submit(page)


def copy_paste(page: Page) -> Action:
    """Select all of the textarea and copy it in one chord (ctrl held, A then C), so that a
    selected textarea means "copied"; the browser keeps that selection after the click into the
    text box, which is how the paste step knows the clipboard holds the text."""
    source, box = page.by_id("to-copy"), page.by_id("answer-input")
    assert source is not None and box is not None
    text, value = str(source.value or ""), str(box.value or "")
    copied = bool(text) and source.selection == [0, len(text)]
    if value == text:
        return submit(page)
    if source.focused:
        if copied:
            return reveal(page, box) or click(page, box, "into the text box")
        return Action.key("ctrl+a+c", reasoning="select all of the text and copy it")
    if not copied:
        return reveal(page, source) or click(page, source, "into the text to copy")
    if not box.focused:
        return reveal(page, box) or click(page, box, "into the text box")
    if value and box.selection != [0, len(value)]:
        return Action.key("ctrl+a", reasoning="select the wrong text")
    return Action.key("ctrl+v", reasoning="paste")


def grid_coordinate(page: Page) -> Action:
    name = f"({page.fields['x']},{page.fields['y']})"
    point = page.by_id(name)
    assert point is not None, f"no grid point {name}"
    return click(page, point, f"the point {name}")


def use_spinner(page: Page) -> Action:
    field = page.by_id("spinner")
    assert field is not None
    try:
        now, wanted = int(str(field.value)), int(page.fields["target"])
    except ValueError:  # the spinner blocks typing, so this should not happen
        return Action.fail(reasoning=f"the spinner holds {field.value!r}, not a number")
    if now == wanted:
        return submit(page)
    side = "up" if wanted > now else "down"
    arrow = page.first(lambda n: n.has_class(f"ui-spinner-{side}"))
    assert arrow is not None, f"no {side} arrow"
    return click(page, arrow, f"{side} to {wanted}")


def enter_time(page: Page) -> Action:
    time = page.fields["target"]  # 8:19AM
    match = re.fullmatch(r"(\d{1,2}):(\d{2})([AP])M", time)
    assert match is not None, f"not a time: {time!r}"
    hour, minute, half = int(match[1]), match[2], match[3]
    hour24 = hour % 12 + (12 if half == "P" else 0)
    return type_into_segments(page, f"{hour:02d}{minute}{half}", f"{hour24:02d}:{minute}", "time")


def enter_date(page: Page) -> Action:
    date = page.fields["target"]  # 01/28/2019
    match = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", date)
    assert match is not None, f"not a date: {date!r}"
    month, day, year = match.groups()
    return type_into_segments(page, f"{month}{day}{year}", f"{year}-{month}-{day}", "date")


def identify_shape(page: Page) -> Action:
    svg = page.by_id("area_svg") or page.first(lambda n: n.tag == "svg")
    assert svg is not None, "no figure"
    figure = next((n for n in page.descendants(svg) if n.tag != "t"), None)
    assert figure is not None, "the figure is empty"
    if figure.tag == "text":
        label = "Number" if (figure.text or "").isdigit() else "Letter"
    else:
        label = {"rect": "Rectangle", "circle": "Circle", "polygon": "Triangle"}[figure.tag]
    button = page.first(lambda n: n.tag == "button" and n.text == label)
    assert button is not None, f"no {label} button"
    return click(page, button, f"it is a {label.lower()}")


def navigate_tree(page: Page) -> Action:
    """Open folders top to bottom until the name shows; a collapsed folder's content is not on
    the page (nor on the screen)."""
    target = page.fields["target"]
    name = page.first(lambda n: n.tag == "span" and n.text == target)
    if name is not None:
        return reveal(page, name) or click(page, name, f"{target}")

    def collapsed(node: Node) -> bool:
        item = page.parent(node)
        closed = ("expandable", "lastExpandable")
        return item is not None and any(item.has_class(c) for c in closed)

    folder = page.first(lambda n: n.has_class("folder") and collapsed(n))
    if folder is None:
        return Action.fail(reasoning=f"every folder is open and {target} is not there")
    return reveal(page, folder) or click(page, folder, f"open the folder {folder.text}")


UNSEEN_EXPERTS: dict[str, Expert] = {
    "click-color": click_color,
    "find-word": find_word,
    "read-table": read_table,
    "copy-paste": copy_paste,
    "grid-coordinate": grid_coordinate,
    "use-spinner": use_spinner,
    "enter-time": enter_time,
    "enter-date": enter_date,
    "identify-shape": identify_shape,
    "navigate-tree": navigate_tree,
}
"""The held-out tasks' experts (``env.expert_action()`` finds them; training data does not)."""

UNSEEN_TASKS: tuple[str, ...] = tuple(UNSEEN_EXPERTS)
"""MiniWoB tasks kept out of reward-model training, to report its accuracy on unseen tasks."""


__all__ = ["UNSEEN_EXPERTS", "UNSEEN_TASKS"]

"""Building blocks of the MiniWoB DOM experts: the next pointer or keyboard action that does
one small thing on the page (click a node, scroll it into view, fill a text field, submit), or
None when that thing is done already. Coordinates are the page's CSS pixels."""

from __future__ import annotations

from collections.abc import Callable

from cuakit.actions import Action
from cuakit.envs.miniwob.page import Node, Page

Expert = Callable[[Page], Action]
"""A DOM expert: the page now → the next action."""


def click(page: Page, node: Node, why: str) -> Action:
    return Action.click(*page.point(*node.center), reasoning=why)


def reveal(page: Page, node: Node) -> Action | None:
    """A scroll that brings ``node`` wholly into view, or None when it is in view already."""
    if node.whole:
        return None
    area = page.by_id("area")
    x, y = area.center if area is not None else (page.width / 2, page.height / 2)
    direction = "down" if node.center[1] > y else "up"
    clicks = int(min(4, max(1, abs(node.center[1] - y) // 50)))
    return Action.scroll(direction, clicks, *page.point(x, y), reasoning="scroll to it")


def fill(page: Page, node: Node, text: str, what: str) -> Action | None:
    """The next action that makes text field ``node`` hold ``text``; None when it does."""
    value = str(node.value or "")
    if value == text:
        return None
    if not node.focused:
        return reveal(page, node) or click(page, node, f"focus the {what} field")
    whole = node.selection is not None and node.selection == [0, len(value)] and value
    if text.startswith(value) and not whole:
        return Action.type_text(text[len(value) :], reasoning=f"type the {what}")
    if whole:
        return Action.type_text(text, reasoning=f"replace the {what}")
    return Action.key("ctrl+a", reasoning=f"select the wrong {what}")


def submit(page: Page, label: str = "Submit") -> Action:
    button = page.by_id("subbtn") or page.first(lambda n: n.tag == "button" and n.text == label)
    assert button is not None, f"no {label} button on the page"
    return reveal(page, button) or click(page, button, f"press {label}")


def labelled(page: Page, tag: str) -> list[tuple[Node, str]]:
    """Inputs of type ``tag`` with the text of the label around them."""
    out = []
    for node in page.find(lambda n: n.tag == tag):
        label = page.parent(node)
        out.append((node, page.text_of(label).strip() if label is not None else ""))
    return out


__all__ = ["Expert", "click", "fill", "labelled", "reveal", "submit"]

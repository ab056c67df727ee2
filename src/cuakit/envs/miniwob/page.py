"""What the MiniWoB page holds at one moment, read in one round trip: the task's state (done,
raw reward), its utterance and the DOM as MiniWoB's own ``core.getDOMInfo()`` reports it,
flattened, with a hit test per element (is it what a user sees at its centre?).

Coordinates are CSS pixels of the task area (MiniWoB's 160×210, top-left at the page's
origin); ``Page.point`` converts them to the normalised coordinates of an ``Action``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SNAPSHOT_JS = r"""
const W = arguments[0], H = arguments[1];
// Elements copied with their attributes (a widget cloning a menu item) share a MiniWoB ref,
// and getDOMInfo's ref → element table keeps only one of them: give all copies fresh refs.
const seen = {};
document.querySelectorAll('[data-wob_ref]').forEach(e => {
  const key = e.dataset.wob_ref + '/' + e.dataset.wob_eps;
  if (seen[key]) { delete seen[key].dataset.wob_ref; delete e.dataset.wob_ref; }
  else seen[key] = e;
});
const root = core.getDOMInfo();
const nodes = [];
function shows(el, x, y) {
  if (!(x >= 0 && y >= 0 && x < W && y < H)) return false;
  const hit = document.elementFromPoint(x, y);
  return !!el && !!hit && (hit === el || el.contains(hit));
}
function walk(node, parent, parentEl) {
  const el = core.previousDOMInfo[node.ref];
  const item = {
    index: nodes.length, ref: node.ref, parent: parent, tag: node.tag.toLowerCase(),
    text: node.text === undefined ? null : String(node.text),
    value: node.value === undefined || node.value === null ? null : node.value,
    id: node.id || '', classes: typeof node.classes === 'string' ? node.classes : '',
    left: node.left, top: node.top, width: node.width, height: node.height,
    focused: !!node.focused, leaf: node.children.length === 0,
    background: node.bgColor || '', options: null, selection: null,
  };
  const target = el || parentEl, cx = node.left + node.width / 2;
  item.visible = shows(target, cx, node.top + node.height / 2);
  const band = Math.max(0, Math.min(node.height / 2 - 1, 5)), cy = node.top + node.height / 2;
  item.whole = item.visible && shows(target, cx, cy - band) && shows(target, cx, cy + band);
  const editable = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
  if (editable) {  // time, date and number inputs have no text selection (null or a throw)
    try {
      if (el.selectionStart !== null) item.selection = [el.selectionStart, el.selectionEnd];
    } catch (e) { }
  }
  if (el instanceof HTMLSelectElement) {
    item.options = Array.from(el.options).map(o => o.text);
    item.value = el.selectedIndex >= 0 ? el.options[el.selectedIndex].text : '';
  }
  nodes.push(item);
  node.children.forEach(child => walk(child, item.index, el || parentEl));
}
walk(root, -1, null);
return {
  done: !!WOB_DONE_GLOBAL, reward: WOB_REWARD_GLOBAL, raw_reward: WOB_RAW_REWARD_GLOBAL,
  reason: WOB_REWARD_REASON === null ? null : String(WOB_REWARD_REASON),
  utterance: core.getUtterance(), nodes: nodes,
};
"""
"""One call: MiniWoB's state globals, the utterance and the flattened DOM with hit tests."""

# Roles of DOM elements, as an accessibility tree would name them (cuakit's element roles).
_TAG_ROLES = {
    "button": "button",
    "input_button": "button",
    "input_submit": "button",
    "input_text": "textbox",
    "input_password": "textbox",
    "input_": "textbox",
    "input_number": "textbox",
    "input_email": "textbox",
    "input_search": "textbox",
    "textarea": "textbox",
    "input_checkbox": "checkbox",
    "input_radio": "radio",
    "select": "combobox",
    "a": "link",
    "label": "label",
    "t": "text",
    "h1": "heading",
    "h2": "heading",
    "h3": "heading",
    "h4": "heading",
    "img": "image",
    "canvas": "canvas",
    "svg": "canvas",
}
_CLASS_ROLES = (
    ("ui-tabs-anchor", "tab"),
    ("ui-menu-item-wrapper", "menuitem"),
    ("ui-menu-item", "menuitem"),
    ("alink", "link"),
    ("ui-button", "button"),
    ("ui-dialog-titlebar-close", "button"),
    ("email-thread", "listitem"),
    ("trash", "button"),
    ("star", "button"),
)
_ID_ROLES = (
    "open-search",
    "search-cancel",
    "close-email",
    "send-reply",
    "close-reply",
    "send-forward",
    "close-forward",
)


@dataclass(frozen=True)
class Node:
    """One DOM element (or MiniWoB text pseudo-element, tag ``t``) in task-area CSS pixels."""

    index: int
    """position in ``Page.nodes`` (document order, parents before children)"""
    ref: int
    """MiniWoB's element ref (negative for text pieces)"""
    parent: int
    """``index`` of the parent element (-1 for the root)"""
    tag: str
    """lower-case tag; inputs carry their type (``input_checkbox``), text pieces are ``t``"""
    text: str | None
    """text of a leaf element, None for containers"""
    value: str | bool | None
    """an input's value (checked for checkboxes/radios), a select's chosen option text"""
    id: str
    classes: str
    left: float
    top: float
    width: float
    height: float
    focused: bool
    leaf: bool
    background: str
    """computed CSS background colour (``rgb(255, 0, 0)``), as MiniWoB's DOM info reports it"""
    visible: bool
    """what a user sees at the element's centre, inside the task area"""
    whole: bool
    """visible across a band of ±5 px around its centre: clear of a scrolled region's edge"""
    options: list[str] | None
    """a select's option texts"""
    selection: list[int] | None
    """[start, end] of a text input's or textarea's selected text, else None; the browser
    keeps it when focus leaves the field (drawn only while the field has focus)"""

    @property
    def center(self) -> tuple[float, float]:
        return self.left + self.width / 2, self.top + self.height / 2

    def has_class(self, name: str) -> bool:
        return name in self.classes.split()

    @property
    def role(self) -> str:
        for name, role in _CLASS_ROLES:
            if self.has_class(name):
                return role
        if self.id in _ID_ROLES:
            return "button"
        return _TAG_ROLES.get(self.tag, "group" if not self.leaf else "text")


@dataclass(frozen=True)
class Page:
    """The page at one moment; ``width``/``height`` are the task area's CSS pixels."""

    done: bool
    raw_reward: float
    reward: float
    reason: str | None
    utterance: str
    fields: dict[str, str]
    """the task's fields parsed from the utterance by MiniWoB's field extractor"""
    nodes: list[Node]
    width: int
    height: int
    pointer: tuple[float, float]
    """where the mouse pointer is, in CSS pixels"""

    @classmethod
    def from_snapshot(
        cls,
        raw: dict[str, Any],
        fields: dict[str, str],
        size: tuple[int, int],
        pointer: tuple[float, float],
    ) -> Page:
        return cls(
            done=bool(raw["done"]),
            raw_reward=float(raw["raw_reward"] or 0.0),
            reward=float(raw["reward"] or 0.0),
            reason=raw["reason"],
            utterance=raw["utterance"],
            fields=fields,
            nodes=[Node(**node) for node in raw["nodes"]],
            width=size[0],
            height=size[1],
            pointer=pointer,
        )

    # ---- queries -----------------------------------------------------------------------
    def find(self, predicate: Callable[[Node], bool]) -> list[Node]:
        return [node for node in self.nodes if predicate(node)]

    def first(self, predicate: Callable[[Node], bool]) -> Node | None:
        """The first visible match, else the first match, else None."""
        matches = self.find(predicate)
        return next((n for n in matches if n.visible), matches[0] if matches else None)

    def by_id(self, element_id: str) -> Node | None:
        return self.first(lambda n: n.id == element_id)

    def children(self, node: Node) -> list[Node]:
        return [n for n in self.nodes if n.parent == node.index]

    def parent(self, node: Node) -> Node | None:
        return self.nodes[node.parent] if node.parent >= 0 else None

    def inside(self, node: Node, ancestor: Node) -> bool:
        index = node.parent
        while index > ancestor.index:  # parents come before their children
            index = self.nodes[index].parent
        return index == ancestor.index

    def descendants(self, node: Node) -> list[Node]:
        """Everything inside ``node``, in document order (a contiguous run after it)."""
        out = []
        for other in self.nodes[node.index + 1 :]:
            if not self.inside(other, node):
                break
            out.append(other)
        return out

    def text_of(self, node: Node) -> str:
        """All text inside ``node``, in document order, joined by spaces."""
        if node.text is not None:
            return node.text
        return " ".join(n.text for n in self.descendants(node) if n.text)

    @property
    def focused(self) -> Node | None:
        return next((n for n in self.nodes if n.focused), None)

    def point(self, x: float, y: float) -> tuple[float, float]:
        """CSS pixels of the task area → normalised coordinates, clamped into [0, 1]."""
        return min(max(x / self.width, 0.0), 1.0), min(max(y / self.height, 0.0), 1.0)

    def elements(self) -> list[dict[str, Any]]:
        """cuakit's element list (role, text, normalised bbox, state, occluded, blocked):
        controls and text leaves, not layout containers."""
        out = []
        for node in self.nodes:
            role = node.role
            if role == "group" or (role == "text" and not node.text):
                continue
            state: dict[str, Any] = {"focused": node.focused}
            if isinstance(node.value, bool):
                state["checked"] = node.value
            elif node.value is not None:
                state["value"] = node.value
            out.append(
                {
                    "role": role,
                    "text": self.text_of(node) if role != "textbox" else "",
                    "bbox": [
                        node.left / self.width,
                        node.top / self.height,
                        node.width / self.width,
                        node.height / self.height,
                    ],
                    "state": state,
                    "occluded": not node.visible,
                    "blocked": False,
                }
            )
        return out


__all__ = ["SNAPSHOT_JS", "Node", "Page"]

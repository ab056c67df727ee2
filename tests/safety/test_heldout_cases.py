"""The safety lists are well formed: schema, actions, and screens an OCR can read.

``data/heldout_redteam.toml`` (every case must be confirmed or denied) and
``data/heldout_benign.toml`` (every case should be allowed) were written by an author who never
read the safety gate's rules, and are never used to tune them. ``data/dev_redteam.toml`` and
``data/dev_benign.toml`` are the development lists of the same form, the ones the rules are
tuned on (they include the held-out lists of stops 46, 48 (two), 49 (four), 50, 51, 52, 53, 54,
55, 56, 57, 58, 59, 60, 61 (three), 62 (three), 63 and 64, each reported once and then moved there).
This test checks only the form of all four, never a gate.

Conventions the files follow (and this test enforces):

- ``action`` is cuakit's canonical wire form (what ``Action.to_dict`` writes, without
  ``reasoning``, which lives in the case's own ``reasoning`` key);
- ``element`` is the element under the point (click, double_click, right_click, move, drag
  start), or the focused element for type and key actions; it is required for click-like
  actions and for typing unless ``screen_only`` is true, and absent when it is (a screen-only
  case gives the gate nothing but the screen, so it must not carry an element to leak);
- ``screen`` lists what is drawn on a 1280x800 screen, boxes ``[x, y, w, h]`` normalised;
  boxes do not overlap (each text is drawn in its own box, so OCR can read it), and each is
  wide enough for its text;
- the target of a click-like action in a screen-only case is the screen entry whose box holds
  the point; when a case has both an element and a screen, the element's text is drawn in a
  box that holds the point.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cuakit.actions import Action, ActionType

DATA = Path(__file__).parent / "data"
SETS = ("heldout", "dev")
KINDS = ("redteam", "benign")
FILES = {(s, kind): DATA / f"{s}_{kind}.toml" for s in SETS for kind in KINDS}

RISK_CATEGORIES = (
    "send-email",
    "delete-file",
    "financial-transaction",
    "install-software",
    "open-website",
    "credentials",
    "system-settings",
    "irreversible-submit",
    "shell-command",
    "key-chord",
)
CATEGORIES = {"redteam": set(RISK_CATEGORIES), "benign": {*RISK_CATEGORIES, "other"}}
EXPECT = {"redteam": {"confirm", "deny"}, "benign": {"allow"}}
ID_PATTERN = {
    ("heldout", "redteam"): re.compile(r"rt-h-\d{3}"),
    ("heldout", "benign"): re.compile(r"bn-h-\d{3}"),
    ("dev", "redteam"): re.compile(r"rt-d-\d{3,4}"),
    ("dev", "benign"): re.compile(r"bn-d-\d{3,4}"),
}
MIN_CASES = {"heldout": 36, "dev": 40}
MIN_PER_RISK_CATEGORY = 3

REQUIRED_KEYS = {"id", "category", "expect", "instruction", "reasoning", "action", "note"}
OPTIONAL_KEYS = {"app", "url", "screen_only", "element", "screen"}
ROLES = {
    "button",
    "link",
    "menuitem",
    "tab",
    "listitem",
    "treeitem",
    "icon",
    "textbox",
    "password",
    "combobox",
    "checkbox",
    "radio",
    "switch",
    "slider",
    "label",
    "text",
    "heading",
    "document",
    "image",
}
CLICK_LIKE = {
    ActionType.CLICK,
    ActionType.DOUBLE_CLICK,
    ActionType.RIGHT_CLICK,
    ActionType.MOVE,
    ActionType.DRAG,
}
SCREEN_PX = (1280, 800)
PX_PER_CHAR = 6.0  # narrowest plausible glyph advance at a readable size; wide (CJK) chars x2
MIN_BOX_PX_HEIGHT = 16
MIN_SCREEN_ONLY_TEXTS = 3


def _load(key: tuple[str, str]) -> list[dict[str, Any]]:
    with FILES[key].open("rb") as f:
        data = tomllib.load(f)
    assert set(data) == {"case"}, f"{FILES[key].name}: only [[case]] tables, got {set(data)}"
    return data["case"]


CASES = {key: _load(key) for key in FILES}
ALL = [(kind, case) for (_, kind), cases in CASES.items() for case in cases]


def _text_units(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _inside(point: tuple[float, float], box: list[float]) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _check_screen(screen: Any) -> None:
    assert isinstance(screen, list) and screen, "screen: a non-empty list"
    for entry in screen:
        assert set(entry) <= {"text", "box", "role"} and {"text", "box"} <= set(entry), entry
        text, box = entry["text"], entry["box"]
        assert isinstance(text, str) and text.strip() == text and text, entry
        assert isinstance(box, list) and len(box) == 4, entry
        assert all(isinstance(v, (int, float)) for v in box), entry
        x, y, w, h = box
        assert w > 0 and h > 0 and x >= 0 and y >= 0, entry
        assert x + w <= 1 + 1e-9 and y + h <= 1 + 1e-9, f"box leaves the screen: {entry}"
        assert h * SCREEN_PX[1] >= MIN_BOX_PX_HEIGHT, f"box too low to read: {entry}"
        assert w * SCREEN_PX[0] >= PX_PER_CHAR * _text_units(text), f"text too wide: {entry}"
        if "role" in entry:
            assert entry["role"] in ROLES, entry
    for i, a in enumerate(screen):
        for b in screen[i + 1 :]:
            assert not _overlap(a["box"], b["box"]), f"boxes overlap: {a} / {b}"


def _holding(screen: list[dict[str, Any]], point: tuple[float, float]) -> list[dict[str, Any]]:
    return [entry for entry in screen if _inside(point, entry["box"])]


@pytest.mark.parametrize(("which", "kind"), list(FILES), ids=[f"{s}-{k}" for s, k in FILES])
def test_file_sizes_and_ids(which: str, kind: str) -> None:
    cases = CASES[which, kind]
    assert len(cases) >= MIN_CASES[which]
    ids = [case["id"] for case in cases]
    assert all(ID_PATTERN[which, kind].fullmatch(i) for i in ids), ids
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    screen_only = sum(bool(case.get("screen_only", False)) for case in cases)
    assert 3 * screen_only >= len(cases), f"{screen_only} of {len(cases)} screen-only"


def test_ids_unique_across_files() -> None:
    ids = [case["id"] for _, case in ALL]
    assert len(set(ids)) == len(ids)


def test_dev_cases_are_not_copies_of_held_out_ones() -> None:
    held_out = {case["instruction"] for kind in KINDS for case in CASES["heldout", kind]}
    shared = sorted(
        case["instruction"]
        for kind in KINDS
        for case in CASES["dev", kind]
        if case["instruction"] in held_out
    )
    # The message names only the shared instructions, never the rest of the held-out lists.
    assert not shared, f"dev instructions that also appear in the held-out lists: {shared}"


@pytest.mark.parametrize("which", SETS)
def test_every_risk_category_is_covered(which: str) -> None:
    counts = Counter(case["category"] for case in CASES[which, "redteam"])
    thin = {c: counts[c] for c in RISK_CATEGORIES if counts[c] < MIN_PER_RISK_CATEGORY}
    assert not thin, f"red-team categories with fewer than {MIN_PER_RISK_CATEGORY}: {thin}"


@pytest.mark.parametrize(("kind", "case"), ALL, ids=[case["id"] for _, case in ALL])
def test_case_schema(kind: str, case: dict[str, Any]) -> None:
    keys = set(case)
    assert keys >= REQUIRED_KEYS, f"missing {REQUIRED_KEYS - keys}"
    assert keys <= REQUIRED_KEYS | OPTIONAL_KEYS, f"unknown {keys - REQUIRED_KEYS - OPTIONAL_KEYS}"
    assert case["category"] in CATEGORIES[kind]
    assert case["expect"] in EXPECT[kind]
    for key in ("instruction", "note"):
        assert isinstance(case[key], str) and case[key].strip(), key
    assert isinstance(case["reasoning"], str)
    for key in ("app", "url"):
        if key in case:
            assert isinstance(case[key], str) and case[key].strip(), key
    if "url" in case:
        assert re.match(r"[a-z][a-z0-9+.-]*:\S+$", case["url"]), case["url"]
    screen_only = case.get("screen_only", False)
    assert isinstance(screen_only, bool)

    wire = case["action"]
    assert "reasoning" not in wire, "the model's reasoning goes in the case's reasoning key"
    action = Action.from_dict(wire)
    assert action.to_dict() == wire, f"not the canonical wire form: {action.to_dict()}"

    element = case.get("element")
    if element is not None:
        assert set(element) == {"role", "text"}, element
        assert element["role"] in ROLES, element
        assert isinstance(element["text"], str) and element["text"].strip(), element
    screen = case.get("screen")
    if screen is not None:
        _check_screen(screen)

    if screen_only:
        assert element is None, "a screen-only case carries no element"
        assert screen is not None and len(screen) >= MIN_SCREEN_ONLY_TEXTS, "screen too sparse"
    elif action.type in CLICK_LIKE or action.type is ActionType.TYPE:
        assert element is not None, f"{action.type.value} needs an element unless screen-only"

    if action.type in CLICK_LIKE:
        assert action.point is not None
        if screen is not None:
            holding = _holding(screen, action.point)
            assert holding, f"no screen box holds the point {action.point}"
            if element is not None:
                assert any(e["text"] == element["text"] for e in holding), (
                    f"the element's text {element['text']!r} is not drawn under the point"
                )
        if action.end is not None and screen is not None:
            assert _holding(screen, action.end), f"no screen box holds the drop {action.end}"

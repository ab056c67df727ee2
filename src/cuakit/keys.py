"""Key combinations as one canonical string: ``"Control+S"`` -> ``"ctrl+s"``.

Models spell keys many ways (``cmd``, ``Return``, ``Ctrl+Shift+T``); a key
:class:`~cuakit.actions.Action` stores the canonical form, so equal combinations compare equal
and each executor maps one spelling to its own key codes. Bottom layer: it imports nothing
from cuakit but ``errors`` and ``_values``.
"""

from __future__ import annotations

from cuakit._values import invert, show
from cuakit.errors import ActionParseError

MODIFIERS = ("ctrl", "alt", "shift", "meta")
"""Modifiers in the order a normalised combination lists them."""

_KEY_ALIASES = invert(
    {
        "ctrl": ("control", "ctl"),
        "alt": ("option", "opt"),
        "meta": ("cmd", "command", "super", "win", "windows"),
        "enter": ("return",),
        "escape": ("esc",),
        "delete": ("del",),
        "pageup": ("pgup",),
        "pagedown": ("pgdn",),
        "plus": ("+",),
    }
)


def normalize_keys(keys: str) -> str:
    """Normalise a key combination: ``"Control+S"`` -> ``"ctrl+s"``.

    Names are lowercased and de-aliased (control->ctrl, cmd/command/super/win->meta,
    return->enter, esc->escape, del->delete, pgup->pageup, pgdn->pagedown); modifiers come
    first in the order ctrl, alt, shift, meta, other keys follow in the order given. The plus
    key is written ``plus`` (``"ctrl++"`` is read as ``"ctrl+plus"``). Idempotent.
    """
    if not isinstance(keys, str):
        raise ActionParseError("key", f"expected a string such as 'ctrl+s', got {show(keys)}")
    parts = [part.strip() for part in keys.split("+")]
    if len(parts) >= 2 and parts[-1] == "" and parts[-2] == "":  # "ctrl++" or "+"
        parts = [*parts[:-2], "plus"]
    names: list[str] = []
    for part in parts:
        name = _KEY_ALIASES.get(part.lower(), part.lower())
        if not name or not name.isprintable() or any(c.isspace() for c in name):
            raise ActionParseError("key", f"bad key name {part!r} in {keys!r}; e.g. 'ctrl+s'")
        if name in names:
            raise ActionParseError("key", f"{name!r} appears twice in {keys!r}; list it once")
        names.append(name)
    mods = [m for m in MODIFIERS if m in names]
    return "+".join(mods + [n for n in names if n not in MODIFIERS])

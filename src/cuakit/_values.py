"""Helpers for reading loosely typed input, shared by the bottom layer (actions, keys, coords).

Models and users hand these modules JSON values: the number tests refuse ``bool`` (a JSON
``true`` is not a coordinate), :func:`show` keeps a bad value short in an error message, and
:func:`invert` turns a table of aliases into a lookup. One copy here keeps the error messages
of the three modules alike.
"""

from __future__ import annotations

import numbers


def show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def is_int(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def invert(groups: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """``{"canonical": ("alias", ...)}`` -> ``{"alias": "canonical"}``."""
    return {alias: name for name, aliases in groups.items() for alias in aliases}

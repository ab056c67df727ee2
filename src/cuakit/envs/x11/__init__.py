"""A real X11 desktop: ``cuakit/x11-<task>-v0`` runs AbiWord tasks on a private Xvfb, with
input through xdotool, frames through mss and success read from the saved file.

Needs the ``desktop`` extra (``mss``) and Debian's ``xvfb``, ``xdotool`` and ``abiword``;
importing this package needs none of them, the first ``reset()`` does.
"""

from __future__ import annotations

import importlib.util

TASK_NAMES = ("abiword-bold-line", "abiword-append-line", "abiword-italic-word")


def task_names() -> list[str]:
    """The X11 tasks, when the ``desktop`` extra is installed (``[]`` without it)."""
    return list(TASK_NAMES) if importlib.util.find_spec("mss") is not None else []


__all__ = ["TASK_NAMES", "task_names"]

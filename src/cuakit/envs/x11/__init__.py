"""A real X11 desktop: ``cuakit/x11-<task>-v0`` runs a task in a Debian application (AbiWord,
Mousepad or Gnumeric) on a private Xvfb, with input through xdotool, frames through mss and
success read from the saved file.

Needs the ``desktop`` extra (``mss``), Debian's ``xvfb`` and ``xdotool``, and the task's
application (``abiword``, ``mousepad``, ``gnumeric``); importing this package needs none of
them, the first ``reset()`` does.
"""

from __future__ import annotations

import importlib.util

TASK_NAMES = (
    "abiword-bold-line",
    "abiword-append-line",
    "abiword-italic-word",
    "mousepad-append-line",
    "mousepad-replace-word",
    "gnumeric-fill-cell",
    "gnumeric-sum-column",
)
"""every name in ``tasks.TASKS``, listed here so that registering the ids imports nothing"""


def task_names() -> list[str]:
    """The X11 tasks, when the ``desktop`` extra is installed (``[]`` without it)."""
    return list(TASK_NAMES) if importlib.util.find_spec("mss") is not None else []


__all__ = ["TASK_NAMES", "task_names"]

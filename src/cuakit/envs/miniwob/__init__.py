"""MiniWoB++ in a real headless Chromium: ``cuakit/miniwob-<task>-v0`` for every task the PyPI
``miniwob`` package ships, with DOM experts for a dozen reward-model training tasks
(:mod:`.experts`) and for the tasks kept out of that training (:mod:`.unseen_experts`).

Needs the ``browser`` extra (``miniwob``, ``selenium``) and Debian's ``chromium`` and
``chromium-driver``; importing this package needs neither, the first ``reset()`` does.
"""

from __future__ import annotations

import importlib.util


def task_names() -> list[str]:
    """Every MiniWoB task the installed ``miniwob`` package registers (``[]`` without it)."""
    if importlib.util.find_spec("miniwob") is None:
        return []
    import gymnasium as gym
    import miniwob  # noqa: F401  (registers its gymnasium ids, imports no browser code)

    prefix, suffix = "miniwob/", "-v1"
    return [
        env_id[len(prefix) : -len(suffix)]
        for env_id in gym.registry
        if env_id.startswith(prefix) and env_id.endswith(suffix)
    ]


__all__ = ["task_names"]

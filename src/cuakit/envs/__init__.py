"""Environments: ``GUIEnv`` and its backends, registered with gymnasium as ``cuakit/...`` ids.

```python
import cuakit.envs
env = cuakit.envs.make("cuakit/desksim-click-button-v0", difficulty=2)
obs, info = env.reset(seed=0)
```
"""

from __future__ import annotations

import fnmatch
from typing import Any

import gymnasium as gym

from cuakit.envs.base import ActionSpace, GUIEnv, Outcome
from cuakit.envs.desksim import FAMILIES
from cuakit.envs.miniwob import task_names as miniwob_tasks
from cuakit.envs.x11 import task_names as x11_tasks
from cuakit.errors import ConfigError

DESKSIM_ENTRY = "cuakit.envs.desksim:DeskSimEnv"
MINIWOB_ENTRY = "cuakit.envs.miniwob.env:MiniWoBEnv"
X11_ENTRY = "cuakit.envs.x11.env:X11Env"


def _register() -> list[str]:
    """desksim ids always; MiniWoB ids when the ``miniwob`` package is installed (listing its
    tasks starts no browser); X11 ids when the ``desktop`` extra is."""
    ids = []
    entries = [
        (f"cuakit/desksim-{t.family}-v0", DESKSIM_ENTRY, {"family": t.family}) for t in FAMILIES
    ]
    entries += [(f"cuakit/miniwob-{t}-v0", MINIWOB_ENTRY, {"task": t}) for t in miniwob_tasks()]
    entries += [(f"cuakit/x11-{t}-v0", X11_ENTRY, {"task": t}) for t in x11_tasks()]
    for env_id, entry_point, kwargs in entries:
        if env_id not in gym.registry:
            gym.register(env_id, entry_point=entry_point, kwargs=kwargs)
        ids.append(env_id)
    return ids


ENV_IDS: tuple[str, ...] = tuple(_register())


def env_ids(pattern: str = "*") -> list[str]:
    """Registered cuakit env ids matching a glob such as ``cuakit/desksim-*``."""
    matches = [env_id for env_id in ENV_IDS if fnmatch.fnmatch(env_id, pattern)]
    if not matches:
        raise ConfigError(f"no cuakit env matches {pattern!r}; see `cuakit envs` for the ids")
    return matches


def has_expert(env_id: str) -> bool:
    """Whether the env's task has a scripted expert: every desksim and X11 task, and the
    MiniWoB tasks with a DOM expert (``cuakit.envs.miniwob.experts.ALL_EXPERTS``: the training
    tasks and the unseen ones)."""
    if env_id.startswith("cuakit/miniwob-"):
        from cuakit.envs.miniwob.experts import ALL_EXPERTS

        return gym.spec(env_id).kwargs["task"] in ALL_EXPERTS
    return True


def make(env_id: str, terminate_on_success: bool = True, **kwargs: Any) -> GUIEnv:
    """Build a cuakit env by id (no gymnasium wrappers: the env itself, typed).
    ``terminate_on_success=False``: episodes end at the agent's ``finish``/``fail`` or the
    step limit, never on the env's own success (see ``GUIEnv``)."""
    if env_id not in ENV_IDS:
        raise ValueError(f"unknown env id {env_id!r}; see `cuakit envs` for the ids")
    spec = gym.spec(env_id)
    env = gym.make(spec, disable_env_checker=True, **kwargs).unwrapped
    assert isinstance(env, GUIEnv)
    env.terminate_on_success = terminate_on_success
    return env


__all__ = ["ENV_IDS", "ActionSpace", "GUIEnv", "Outcome", "env_ids", "has_expert", "make"]

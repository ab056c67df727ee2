"""The X11 tasks by name, over three Debian applications: AbiWord (``abiword``), Mousepad
(``mousepad``) and Gnumeric (``gnumeric``). What a task is: ``cuakit.envs.x11.task``; each
application's file format and tasks: its own module."""

from __future__ import annotations

from cuakit.envs.x11 import abiword, gnumeric, mousepad
from cuakit.envs.x11.task import DOCUMENTS, App, Step, Task

TASKS: dict[str, type[Task]] = {
    task.name: task for module in (abiword, mousepad, gnumeric) for task in module.TASKS
}

__all__ = ["DOCUMENTS", "TASKS", "App", "Step", "Task"]

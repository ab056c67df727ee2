"""desksim: the built-in desktop simulator (windows, controls, dialogs, an editor)."""

from cuakit.envs.desksim.env import DeskSimEnv
from cuakit.envs.desksim.tasks import FAMILIES, TASKS

__all__ = ["FAMILIES", "TASKS", "DeskSimEnv"]

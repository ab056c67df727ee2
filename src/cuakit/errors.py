"""Typed errors. Every message names the input at fault and what to do about it."""

from __future__ import annotations


class CuakitError(Exception):
    """Base class of every error cuakit raises on purpose."""


class ActionParseError(CuakitError, ValueError):
    """Model output or JSON that is not a valid action.

    ``field`` names the offending field (``"action"``, ``"coordinates"``, ...) or ``"text"``
    when no JSON object could be found at all.
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"invalid action: {field}: {problem}")


class DatasetError(CuakitError):
    """An episode dataset on disk that cannot be read or written as asked."""


class DatasetFormatError(DatasetError):
    """``meta/info.json`` missing, malformed, or of a format version this cuakit cannot read."""


class VideoError(DatasetError):
    """An episode video that is missing, unreadable, or shorter than its metadata says."""


class LabelError(DatasetError):
    """A label row that fails its table's schema or names an episode that does not exist."""


class ConfigError(CuakitError, ValueError):
    """A command-line or config value that cannot be used (a policy spec, an env id, …)."""


class RewardInputError(CuakitError, ValueError):
    """Input the reward model cannot judge: an empty instruction, an unreadable clip, …"""


class FrameError(CuakitError, ValueError):
    """An image that is not a ``uint8 (H, W, 3)`` RGB frame, or frames that do not fit."""


class CheckpointError(CuakitError):
    """A checkpoint that is missing, corrupt, or from another backbone or format version."""


class BackendError(CuakitError):
    """A real env backend (Chromium, Xvfb, an application) that crashed, hung or misbehaved.

    The env that raises it has already killed the backend's processes; the next ``reset()``
    starts fresh ones."""


class BackendUnavailableError(BackendError):
    """A real env backend that cannot start here: a system binary or Python package is
    missing. The message names it and the command that installs it."""

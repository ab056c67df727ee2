"""A trainer's state between two units of work (a PPO rollout, a GRPO step), so that a run
whose process was killed — preemption is normal on clusters — goes on where it stopped.

``RUN/checkpoint/state.pt`` holds the ``state_dict`` of each stateful part (policy, optimiser)
and whatever else the trainer passes (counters, history, RNG state, pickled helpers such as a
running normaliser). It is written atomically: a kill mid-write leaves the previous one whole.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

import torch

from cuakit.errors import ConfigError

CHECKPOINT = "checkpoint/state.pt"


class Stateful(Protocol):
    def state_dict(self) -> dict[str, Any]: ...

    def load_state_dict(self, state: dict[str, Any]) -> Any: ...


def save_checkpoint(out: Path, parts: dict[str, Stateful], state: dict[str, Any]) -> None:
    """``parts``' state dicts and ``state`` as the run's checkpoint."""
    path = Path(out) / CHECKPOINT
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    payload = {"parts": {name: part.state_dict() for name, part in parts.items()}, **state}
    torch.save(payload, partial)
    os.replace(partial, path)


def load_checkpoint(out: Path, parts: dict[str, Stateful]) -> dict[str, Any] | None:
    """Restore ``parts`` from the run's checkpoint and return its other state; None when the
    run has none (a fresh run)."""
    path = Path(out) / CHECKPOINT
    if not path.exists():
        return None
    try:  # our own file: it may hold pickled helpers, so not weights_only
        state = torch.load(path, weights_only=False)
        for name, part in parts.items():
            part.load_state_dict(state["parts"][name])
    except (RuntimeError, KeyError, EOFError, ValueError, TypeError) as exc:
        raise ConfigError(
            f"{path} cannot be resumed ({exc}); delete {path.parent} to start over"
        ) from None
    del state["parts"]
    return state


def last_trainer_checkpoint(folder: Path) -> str | None:
    """The newest complete ``checkpoint-N`` a Hugging Face / TRL trainer wrote in ``folder``
    (its ``trainer_state.json`` is written last), for ``trainer.train(resume_from_checkpoint=…)``;
    None when there is none."""
    done = [(int(path.name.removeprefix("checkpoint-")), path)
            for path in Path(folder).glob("checkpoint-*")
            if path.name.removeprefix("checkpoint-").isdigit()
            and (path / "trainer_state.json").is_file()]  # fmt: skip
    return str(max(done)[1]) if done else None

"""Reward-model checkpoints: a folder holding ``model.safetensors`` and ``config.json``::

    {"format": "cuakit-reward-model", "format_version": 18, "backbone": "...", "config": {...}}

`write` saves one; `read_config` checks a folder and gives back its config (a version-17
checkpoint loads when the options removed since were off, else it says which one and why).
A training checkpoint adds the optimiser's tensors and the trainer's state beside the model
(`write_training_state`, `read_training_state`).
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from cuakit.episodes.format import atomic_write_bytes
from cuakit.errors import CheckpointError, ConfigError
from cuakit.reward.config import (
    FORMAT_NAME,
    FORMAT_VERSION,
    READS_VERSIONS,
    REMOVED_OPTIONS,
    VLM_BACKBONE,
    RewardModelConfig,
)

CONFIG_FILE = "config.json"
WEIGHTS_FILE = "model.safetensors"
OPTIMIZER_FILE = "optimizer.safetensors"
TRAINER_STATE_FILE = "trainer_state.json"


def write(
    directory: str | Path,
    config: RewardModelConfig,
    state: dict[str, torch.Tensor],
    extra: dict[str, Any] | None = None,
) -> Path:
    """Write ``state`` and ``config`` (plus ``extra`` keys in config.json) into ``directory``."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    meta: dict[str, Any] = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "backbone": config.backbone,
        "config": asdict(config),
        **(extra or {}),
    }
    save_file({k: v.detach().contiguous() for k, v in state.items()}, str(directory / WEIGHTS_FILE))
    (directory / CONFIG_FILE).write_text(json.dumps(meta, indent=2, default=str) + "\n")
    return directory


def read_config(directory: str | Path) -> tuple[RewardModelConfig, dict[str, Any]]:
    """(config, the whole config.json) of a checkpoint folder; `CheckpointError` saying what to
    do when the folder, a file, the format or the config is not usable."""
    directory = Path(directory)
    if not directory.is_dir():
        raise CheckpointError(
            f"no checkpoint folder at {directory}: pass a folder written by save_pretrained"
        )
    config_path = directory / CONFIG_FILE
    meta = None
    if config_path.is_file():
        try:
            meta = json.loads(config_path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise CheckpointError(f"{config_path} is not valid JSON ({exc}): re-save") from exc
    if isinstance(meta, dict) and meta.get("backbone") == VLM_BACKBONE:
        raise CheckpointError(
            f"{directory} holds a vlm judge (a LoRA adapter on a Qwen VL), not a small reward "
            "model: load it with VLMJudge.from_pretrained (Scorer.from_run picks the right one)"
        )
    for path in (config_path, directory / WEIGHTS_FILE):
        if not path.is_file():
            raise CheckpointError(
                f"{path} is missing: the checkpoint is incomplete; save it again with "
                "VideoRewardModel.save_pretrained"
            )
    if not isinstance(meta, dict) or meta.get("format") != FORMAT_NAME:
        raise CheckpointError(
            f"{config_path} is not a cuakit reward model (format "
            f"{meta.get('format') if isinstance(meta, dict) else None!r}, expected "
            f"{FORMAT_NAME!r})"
        )
    version = meta.get("format_version")
    if version not in READS_VERSIONS:
        raise CheckpointError(
            f"{config_path}: format_version {version!r}, this cuakit reads versions "
            f"{', '.join(map(str, READS_VERSIONS))}; load it with the cuakit that wrote it"
        )
    raw = meta.get("config")
    if not isinstance(raw, dict):
        raise CheckpointError(f"{config_path}: unusable config ({raw!r})")
    raw = dict(raw)
    if version == 17:
        raw.setdefault("reader", "templates")  # format 17 predates recognisers
    for name, value in REMOVED_OPTIONS.items():
        if name in raw and raw.pop(name) != value:
            raise CheckpointError(
                f"{config_path}: trained with {name}={not value}, an option removed in format "
                f"{FORMAT_VERSION} because it measured no gain (docs/benchmarks.md); retrain "
                "the model with this cuakit"
            )
    unknown = sorted(set(raw) - {f.name for f in fields(RewardModelConfig)})
    if unknown:
        raise CheckpointError(f"{config_path}: unusable config ({unknown!r} unknown)")
    try:
        return RewardModelConfig(**raw), meta
    except (TypeError, ConfigError) as exc:
        raise CheckpointError(f"{config_path}: invalid config: {exc}") from exc


def saved_backbone(directory: str | Path) -> str | None:
    """The ``backbone`` a checkpoint folder's config.json names (None when it names none or
    cannot be read: the loader then says what is wrong)."""
    try:
        meta = json.loads((Path(directory) / CONFIG_FILE).read_text())
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        return None
    return meta.get("backbone") if isinstance(meta, dict) else None


def read_weights(directory: str | Path) -> dict[str, torch.Tensor]:
    path = Path(directory) / WEIGHTS_FILE
    try:
        return load_file(str(path))
    except (SafetensorError, OSError) as exc:
        raise CheckpointError(
            f"{path} cannot be read ({exc}): the file is corrupt or truncated; "
            "save the checkpoint again"
        ) from exc


def write_training_state(
    folder: Path, optimizer: torch.optim.Optimizer, state: dict[str, Any]
) -> None:
    """The optimiser's tensors and ``state`` (JSON: step, epoch, scheduler …) beside a saved
    model in ``folder``."""
    saved = optimizer.state_dict()
    tensors = {
        f"{param}.{name}": value.contiguous()
        for param, values in saved["state"].items()
        for name, value in values.items()
        if isinstance(value, torch.Tensor)
    }
    save_file(tensors, str(folder / f"{OPTIMIZER_FILE}.tmp"))
    (folder / f"{OPTIMIZER_FILE}.tmp").replace(folder / OPTIMIZER_FILE)
    state = state | {"param_groups": saved["param_groups"]}
    # Written last and atomically: its presence marks a complete, resumable checkpoint.
    atomic_write_bytes(folder / TRAINER_STATE_FILE, json.dumps(state, default=float).encode())


def read_training_state(folder: Path, optimizer: torch.optim.Optimizer) -> dict[str, Any] | None:
    """``folder``'s trainer state, ``optimizer`` loaded from it; None when ``folder`` holds no
    complete training checkpoint."""
    if not (folder / TRAINER_STATE_FILE).exists():
        return None
    try:
        state = json.loads((folder / TRAINER_STATE_FILE).read_text())
        tensors = load_file(str(folder / OPTIMIZER_FILE))
    except (OSError, ValueError) as exc:
        raise CheckpointError(
            f"{folder} cannot be resumed ({exc}); delete it to start over"
        ) from exc
    optimizer_state: dict[str, Any] = {"state": {}, "param_groups": state["param_groups"]}
    for key, value in tensors.items():
        param, name = key.split(".", 1)
        optimizer_state["state"].setdefault(int(param), {})[name] = value
    optimizer.load_state_dict(optimizer_state)
    return state


@contextlib.contextmanager
def swapped_in(folder: Path) -> Iterator[Path]:
    """Write a checkpoint into the yielded ``FOLDER.partial/``; on success it replaces
    ``folder`` whole (the old one renamed to ``FOLDER.old/`` first, then deleted), so a kill at
    any moment leaves one complete checkpoint (`recovered` finds it)."""
    partial = folder.with_name(folder.name + ".partial")
    old = folder.with_name(folder.name + ".old")
    shutil.rmtree(partial, ignore_errors=True)
    yield partial
    shutil.rmtree(old, ignore_errors=True)
    if folder.exists():
        folder.rename(old)
    partial.rename(folder)
    shutil.rmtree(old, ignore_errors=True)


def recovered(folder: Path) -> Path:
    """``folder``, restored from ``FOLDER.old/`` when a kill fell between `swapped_in`'s two
    renames."""
    old = folder.with_name(folder.name + ".old")
    if not folder.exists() and old.exists():
        old.rename(folder)
    return folder

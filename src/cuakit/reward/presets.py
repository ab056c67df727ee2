"""``cuakit reward train``'s two files: ``--model`` (a preset name or a JSON file of the model's
shape) and ``--recipe`` (a JSON file of the optimiser's details), applied to a `RewardConfig`."""

from __future__ import annotations

import json
import typing
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import tyro

from cuakit.errors import ConfigError
from cuakit.reward.config import VLM_BACKBONE
from cuakit.reward.trainer import RewardConfig

MODEL_FIELDS = ("backbone", "frames", "height", "width", "prune", "words", "reader", "duration",
                "slots_only", "vlm_preset")  # fmt: skip
"""the `RewardConfig` fields a ``--model`` preset or file sets"""
MODEL_PRESETS: dict[str, dict[str, Any]] = {
    "frame-temporal": {},
    "frame-temporal-templates": {"reader": "templates"},
    "cnn3d": {"backbone": "cnn3d"},
    "timesformer": {"backbone": "timesformer"},
    # the vision-language judge (`cuakit.reward.vlm_judge.VLM_PRESETS`), with --base-model PATH
    "vlm-tiny-cpu": {"backbone": "vlm", "vlm_preset": "tiny-cpu"},
    "exevrm-qwen2.5-vl-7b": {"backbone": "vlm", "vlm_preset": "exevrm-qwen2.5-vl-7b"},
}
"""``--model`` names: the changes each makes to the default `RewardConfig`"""


def hidden_fields() -> set[str]:
    """The `RewardConfig` fields the command line does not show (annotated ``Hidden``)."""
    hints = typing.get_type_hints(RewardConfig, include_extras=True)
    return {
        name
        for name, hint in hints.items()
        if any(meta is tyro.conf.Suppress for meta in getattr(hint, "__metadata__", ()))
    }


def with_files(config: RewardConfig, model: str, recipe: Path | None) -> RewardConfig:
    """``config`` with the model fields of ``model`` (a `MODEL_PRESETS` name or a JSON file of
    `MODEL_FIELDS`) and the hidden fields of ``recipe`` (a JSON file) applied."""
    changes: dict[str, Any] = {}
    for what, spec, allowed in (
        ("--model", model, set(MODEL_FIELDS)),
        ("--recipe", recipe, {f.name for f in fields(RewardConfig)} - set(MODEL_FIELDS)),
    ):
        if spec is None or spec == "":
            continue
        if what == "--model" and str(spec) in MODEL_PRESETS:
            changes.update(MODEL_PRESETS[str(spec)])
            continue
        path = Path(spec)
        if not path.is_file():
            names = ", ".join(MODEL_PRESETS) if what == "--model" else "a JSON file"
            raise ConfigError(f"{what} {spec}: no such file; pass {names}")
        try:
            values = json.loads(path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{what} {path}: not JSON ({exc})") from exc
        if not isinstance(values, dict):
            raise ConfigError(f"{what} {path}: expected a JSON object of field: value")
        hidden = hidden_fields()
        wrong = sorted(set(values) - (allowed & hidden))
        if wrong:
            raise ConfigError(
                f"{what} {path}: {wrong} cannot be set here; it sets {sorted(allowed & hidden)} "
                "(the other options are flags of their own)"
            )
        changes.update(values)
    config = replace(config, **changes)
    if config.backbone != VLM_BACKBONE and config.base_model:
        raise ConfigError(
            f"--base-model is for the vlm judge; {config.backbone} trains from scratch: use "
            "--model vlm-tiny-cpu or exevrm-qwen2.5-vl-7b, or drop --base-model"
        )
    return config

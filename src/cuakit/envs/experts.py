"""Policies that drive envs for data collection: scripted experts with noise knobs, random.

A spec string picks one on the command line:

- ``expert`` — the noise-free scripted expert of the env's task;
- ``expert:noise=0.3`` — every knob scaled from one level; single knobs override it
  (``expert:noise=0.2,give_up=0.5``);
- ``random`` — ``ActionSpace.sample()``.

The knobs span recorded videos from perfect to failed: ``misclick`` (click beside the target),
``detour`` (wander somewhere first), ``hesitation`` (wait or hover), ``wrong_target`` (click
another control), ``give_up`` (per episode: fail at a random step).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import ActionSpace, GUIEnv
from cuakit.errors import ConfigError

POINTER_ROLES = {
    "button",
    "checkbox",
    "textbox",
    "menuitem",
    "combobox",
    "list",
    "slider",
    "menubar",
    "radio",
    "link",
    "tab",
}


class Policy(Protocol):
    spec: str

    def reset(self, seed: int) -> None: ...

    def act(self, env: GUIEnv, obs: dict[str, Any], info: dict[str, Any]) -> Action: ...


@dataclass(frozen=True)
class NoiseKnobs:
    misclick: float = 0.0
    """per step: click 3–10% of the screen away from the target"""
    detour: float = 0.0
    """per step: first move the pointer somewhere unrelated"""
    hesitation: float = 0.0
    """per step: wait, or hover near the target, before acting"""
    wrong_target: float = 0.0
    """per step: click another visible control instead of the target"""
    give_up: float = 0.0
    """per episode: give up (a ``fail`` action) at a random early step"""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not 0.0 <= value <= 1.0:
                raise ConfigError(f"noise knob {field.name}={value} must be in [0, 1]")

    @classmethod
    def from_level(cls, noise: float) -> NoiseKnobs:
        """All knobs from one level in [0, 1]; 0.3 gives a mix of successes and failures."""
        if not 0.0 <= noise <= 1.0:
            raise ConfigError(f"noise={noise} must be in [0, 1]")
        return cls(
            misclick=0.4 * noise,
            detour=0.3 * noise,
            hesitation=0.3 * noise,
            wrong_target=0.25 * noise,
            give_up=0.3 * noise,
        )


class ExpertPolicy:
    """The env's scripted expert (``env.expert_action()``) with noise injected per step."""

    def __init__(self, knobs: NoiseKnobs | None = None, spec: str = "expert") -> None:
        self.knobs, self.spec = knobs or NoiseKnobs(), spec
        self.rng = np.random.default_rng(0)
        self.give_up_at: int | None = None

    def reset(self, seed: int) -> None:
        self.rng = np.random.default_rng([seed, 7])
        gives_up = self.rng.random() < self.knobs.give_up
        self.give_up_at = int(self.rng.integers(0, 5)) if gives_up else None

    def act(self, env: GUIEnv, obs: dict[str, Any], info: dict[str, Any]) -> Action:
        # The expert knows the state, so it says it is done the moment it is (an env that
        # leaves termination to the agent runs until this finish).
        if info.get("success"):
            return Action.finish(reasoning="the task is done")
        if info.get("task_done"):
            return Action.fail(reasoning="the task ended without success")
        if self.give_up_at is not None and env.steps >= self.give_up_at:
            return Action.fail(reasoning="giving up")
        ideal = env.expert_action()
        knobs, rng = self.knobs, self.rng
        if ideal.point is not None and rng.random() < knobs.misclick:
            angle, radius = rng.uniform(0, 2 * np.pi), rng.uniform(0.03, 0.1)
            x = float(np.clip(ideal.point[0] + radius * np.cos(angle), 0, 1))
            y = float(np.clip(ideal.point[1] + radius * np.sin(angle), 0, 1))
            return replace(ideal, point=(x, y), reasoning="misclick")
        if rng.random() < knobs.detour:
            return Action.move(float(rng.random()), float(rng.random()), reasoning="looking around")
        if rng.random() < knobs.hesitation:
            if ideal.point is not None and rng.random() < 0.5:
                return Action.move(*ideal.point, reasoning="hovering")
            return Action.wait(float(rng.choice([0.5, 1.0])), reasoning="hesitating")
        if rng.random() < knobs.wrong_target:
            others = [
                e
                for e in info.get("elements", [])
                if e["role"] in POINTER_ROLES and not e["occluded"] and not e["blocked"]
            ]
            if others:
                x, y, w, h = others[int(rng.integers(len(others)))]["bbox"]
                return Action.click(
                    min(1.0, x + w / 2), min(1.0, y + h / 2), reasoning="wrong target"
                )
        return ideal


class RandomPolicy:
    """Uniform-ish random GUI actions (``ActionSpace.sample``), seeded per episode."""

    spec = "random"

    def __init__(self) -> None:
        self.space = ActionSpace()

    def reset(self, seed: int) -> None:
        self.space.seed(seed)

    def act(self, env: GUIEnv, obs: dict[str, Any], info: dict[str, Any]) -> Action:
        return self.space.sample()


def policy_from_spec(spec: str) -> Policy:
    """Parse ``expert``, ``expert:noise=0.3,misclick=0.5`` or ``random``."""
    name, _, args = spec.partition(":")
    if name == "random" and not args:
        return RandomPolicy()
    if name != "expert":
        raise ConfigError(
            f"policy spec {spec!r}: unknown policy {name!r}; use expert, expert:noise=0.3 or random"
        )
    values: dict[str, float] = {}
    for item in filter(None, args.split(",")):
        key, sep, raw = item.partition("=")
        known = {"noise"} | {f.name for f in fields(NoiseKnobs)}
        if not sep or key.strip() not in known:
            raise ConfigError(
                f"policy spec {spec!r}: {item!r} is not one of {sorted(known)} = number"
            )
        try:
            values[key.strip()] = float(raw)
        except ValueError:
            raise ConfigError(f"policy spec {spec!r}: {raw!r} is not a number") from None
    base = NoiseKnobs.from_level(values.pop("noise", 0.0))
    knobs = NoiseKnobs(**{**base.__dict__, **values})
    return ExpertPolicy(knobs, spec=spec)

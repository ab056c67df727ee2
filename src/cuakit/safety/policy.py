"""The safety policy: per category, a risk level and whether a person must confirm, and what
a suspicious or critical finding does whatever its category. A TOML file; cuakit ships
`default_policy.toml` (the seed's table plus the categories the gate also finds)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from cuakit.errors import ConfigError

Decision = Literal["allow", "confirm", "deny"]
DECISIONS: tuple[Decision, ...] = ("allow", "confirm", "deny")
RISKS = ("low", "medium", "high", "critical")


@dataclass(frozen=True)
class CategoryRule:
    risk: str
    confirm: bool


@dataclass(frozen=True)
class SafetyPolicy:
    categories: dict[str, CategoryRule]
    suspicious: Decision = "confirm"
    critical: Decision = "deny"

    def decision(self, category: str, severity: str) -> Decision:
        """What one finding asks for; a category the policy does not name is confirmed."""
        if severity == "critical":
            return self.critical
        if severity == "suspicious":
            return self.suspicious
        rule = self.categories.get(category)
        return "confirm" if rule is None or rule.confirm else "allow"

    @classmethod
    def default(cls) -> SafetyPolicy:
        text = resources.files("cuakit.safety").joinpath("default_policy.toml").read_text()
        return cls.from_toml(text, "the default policy")

    @classmethod
    def from_file(cls, path: Path) -> SafetyPolicy:
        if not Path(path).is_file():
            raise ConfigError(f"--policy-file {path}: no such file; start from "
                              "cuakit/safety/default_policy.toml")  # fmt: skip
        return cls.from_toml(Path(path).read_text(encoding="utf-8"), str(path))

    @classmethod
    def from_toml(cls, text: str, where: str) -> SafetyPolicy:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{where}: not TOML ({error})") from error
        categories = {}
        for name, rule in data.get("categories", {}).items():
            risk, confirm = rule.get("risk"), rule.get("confirm")
            if risk not in RISKS or not isinstance(confirm, bool):
                raise ConfigError(
                    f"{where}: [categories.{name}] needs risk = one of {', '.join(RISKS)} and "
                    f"confirm = true or false (got risk={risk!r}, confirm={confirm!r})"
                )
            categories[name] = CategoryRule(risk, confirm)
        severity = data.get("severity", {})
        for key in ("suspicious", "critical"):
            if severity.get(key, "confirm") not in ("confirm", "deny"):
                raise ConfigError(f"{where}: [severity] {key} must be confirm or deny (a "
                                  f"{key} finding is never allowed)")  # fmt: skip
        return cls(categories, severity.get("suspicious", "confirm"),
                   severity.get("critical", "deny"))  # fmt: skip

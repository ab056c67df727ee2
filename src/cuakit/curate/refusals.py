"""Refusal data for SFT: unsafe instructions on real desksim screens answered by ``fail``
with the risk named, mixed with benign look-alikes (desksim's own instructions, preferring
those that share a word with the unsafe ones) answered by the task's expert.

The categories, templates and slot values live in one data file (`refusals.toml`, or one the
user passes). A sample's ``extra["refusal"]`` names its category (None for a benign one).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.curate.samples import IMAGES_DIR, SAMPLES_FILE, StepSample, write_samples
from cuakit.errors import ConfigError

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class RefusalCategory:
    name: str
    risk: str
    """what would go wrong, as the refusal says it"""
    unsafe: tuple[str, ...]


@dataclass(frozen=True)
class RefusalData:
    categories: tuple[RefusalCategory, ...]
    slots: dict[str, tuple[str, ...]]
    lookalike_words: tuple[str, ...]

    @classmethod
    def load(cls, path: Path | None = None) -> RefusalData:
        """The packaged data file, or ``path``; a template naming a slot the file does not
        fill is a `ConfigError`."""
        if path is not None and not Path(path).is_file():
            raise ConfigError(
                f"--data {path}: no such file; start from cuakit/curate/refusals.toml"
            )
        text = (Path(path).read_text(encoding="utf-8") if path is not None else
                resources.files("cuakit.curate").joinpath("refusals.toml").read_text())  # fmt: skip
        where = str(path or "refusals.toml")
        try:
            raw = tomllib.loads(text)
            categories = tuple(RefusalCategory(c["name"], c["risk"], tuple(c["unsafe"]))
                               for c in raw["category"])  # fmt: skip
            slots = {k: tuple(v) for k, v in raw.get("slots", {}).items()}
        except (tomllib.TOMLDecodeError, KeyError, TypeError) as error:
            raise ConfigError(f"{where}: not a refusal data file ({error!r})") from error
        for category in categories:
            for template in category.unsafe:
                missing = set(re.findall(r"\{(\w+)\}", template)) - set(slots)
                if missing:
                    raise ConfigError(
                        f"{where}: {category.name}: {template!r} uses {sorted(missing)}, "
                        "which [slots] does not fill"
                    )
        return cls(categories, slots, tuple(raw.get("lookalike_words", ())))

    def fill(self, template: str, rng: np.random.Generator) -> str:
        return re.sub(r"\{(\w+)\}", lambda m: str(rng.choice(self.slots[m.group(1)])), template)


def refusal_action(category: RefusalCategory) -> Action:
    return Action.fail(
        reasoning=f"I will not do this: {category.risk}. Please do it yourself if you mean it."
    )


def write_refusals(
    out: Path,
    count: int,
    data: RefusalData | None = None,
    seed: int = 0,
    families: tuple[str, ...] = ("click-button", "dismiss-dialog", "form-fill", "menu-item"),
    progress: Progress | None = None,
) -> dict[str, Any]:
    """``count`` unsafe samples and ``count`` benign ones in ``out`` (samples.jsonl, images/);
    screens from desksim's training seeds. Returns a report."""
    data = data or RefusalData.load()
    if count < 1:
        raise ConfigError(f"--count {count}: write at least 1 pair")
    rng = np.random.default_rng(seed)
    (out / IMAGES_DIR).mkdir(parents=True, exist_ok=True)
    samples: list[StepSample] = []
    benign = _benign(count, data, families, seed, out, progress)
    for i in range(count):
        category = data.categories[i % len(data.categories)]
        instruction = data.fill(str(rng.choice(category.unsafe)), rng)
        screen = benign[i].image  # a real screen; the unsafe request does not fit it either way
        samples.append(StepSample(
            id=f"refusal/{category.name}/{i}", image=screen, instruction=instruction,
            action=refusal_action(category).to_dict(), width=benign[i].width,
            height=benign[i].height, source="refusals", extra={"refusal": category.name},
        ))  # fmt: skip
        if progress is not None:
            progress("unsafe", i + 1, count)
    order = rng.permutation(2 * count)
    mixed = [(samples + benign)[int(k)] for k in order]
    written = write_samples(out / SAMPLES_FILE, mixed)
    lookalikes = sum(_shares_word(s.instruction, data) for s in benign)
    return {"samples": written, "unsafe": count, "benign": count, "benign_lookalikes": lookalikes,
            "categories": {c.name: sum(1 for s in samples if s.extra["refusal"] == c.name)
                           for c in data.categories}}  # fmt: skip


def _shares_word(instruction: str, data: RefusalData) -> bool:
    words = set(re.findall(r"\w+", instruction.casefold()))
    return bool(words & set(data.lookalike_words))


def _benign(
    count: int,
    data: RefusalData,
    families: tuple[str, ...],
    seed: int,
    out: Path,
    progress: Progress | None,
) -> list[StepSample]:
    """``count`` first steps of desksim expert episodes, look-alikes first: of every three
    candidate instances the one sharing a word with the unsafe requests is kept."""
    found: list[StepSample] = []
    tried = 0
    known = {task.family for task in envs.FAMILIES}
    for family in families:
        if family not in known:
            raise ConfigError(f"--families {family}: not a desksim family; see `cuakit envs`")
    while len(found) < count:
        family = families[tried % len(families)]
        env = envs.make(f"cuakit/desksim-{family}-v0", terminate_on_success=False)
        try:
            obs, _ = env.reset(seed=seed + tried)
            action = env.unwrapped.expert_action()
        finally:
            env.close()
        tried += 1
        if not _shares_word(obs["instruction"], data) and tried % 3:
            continue  # two in three non-look-alikes are skipped
        image = f"{IMAGES_DIR}/benign_{len(found):05d}.png"
        Image.fromarray(obs["screenshot"]).save(out / image)
        height, width = obs["screenshot"].shape[:2]
        found.append(StepSample(
            id=f"refusal/benign/{family}/{seed + tried - 1}", image=image,
            instruction=obs["instruction"], action=action.to_dict(), width=width, height=height,
            source=family, extra={"refusal": None},
        ))  # fmt: skip
        if progress is not None:
            progress("benign", len(found), count)
    return found

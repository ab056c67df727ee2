"""The test split of every desksim family: seeds at or above ``TEST_SEED_START`` name only
reserved values in reserved phrasings, other seeds never name them, both build and the expert
solves both at every level. Val seeds (``VAL_SEED_START`` on) name the values held for val in
val's own phrasings, which neither training nor test seeds use."""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Sequence

import pytest

from cuakit.envs.desksim import FAMILIES, DeskSimEnv
from cuakit.envs.desksim.tasks import (
    autocomplete,
    base,
    checkboxes,
    dismiss_dialog,
    dropdown_select,
    editor_bold,
    form_fill,
    menu_item,
    scroll_list,
    settings_toggle,
    slider,
)
from cuakit.episodes.splits import TEST_SEED_START, VAL_SEED_START, held_for_val, reserved
from tests.envs.desksim.test_tasks import run_expert

FAMILY_NAMES = [task.family for task in FAMILIES]
SEEDS = 200
DIALOG_LABELS = {"Cancel", "Close"} | {
    label for kind in dismiss_dialog.CLASSIC + dismiss_dialog.VARIED for label in kind[2:]
}


def slots(family: str, params: dict) -> list[tuple[str, Sequence[str]]]:
    """The values an instance's instruction names, each with the list it is drawn from."""
    if family in ("click-button", "dismiss-dialog"):
        return [(params["target"], base.WORDS)]
    if family == "settings-toggle":
        names = settings_toggle.GENERAL
        names = names if params["target"] in names else settings_toggle.PRIVACY
        return [(params["target"], names), (params["commit"], settings_toggle.COMMIT_LABELS)]
    if family == "form-fill":
        pairs: list[tuple[str, Sequence[str]]] = [(params["submit"], form_fill.SUBMIT_LABELS)]
        for field, value in params["fields"].items():
            if field == "Name":
                first, last = value.split(" ")
                pairs += [(first, base.NAMES), (last, form_fill.SURNAMES)]
            elif field in ("City", "Company"):
                pairs.append((value, base.CITIES if field == "City" else form_fill.COMPANIES))
        return pairs
    if family == "checkboxes":
        kind = checkboxes.KINDS[params["kind"]]
        return [(t, kind) for t in params["targets"]] + [
            (params["submit"], checkboxes.SUBMIT_LABELS)
        ]
    if family == "menu-item":
        return [(params["path"], menu_item.PATHS), (params["app"], menu_item.APPS)]
    if family == "scroll-list":
        return [(params["target"].rsplit("_", 1)[0], scroll_list.STEMS)]
    if family == "editor-bold":
        return [(params["file"].removesuffix(".txt"), editor_bold.STEMS)]
    if family == "autocomplete":
        lists = (base.FRUITS, base.CITIES, autocomplete.MORE_CITIES)
        return [(t, next(names for names in lists if t in names)) for t in params["targets"]]
    if family == "slider":
        return [(params["slider"], slider.SETTINGS)]
    assert family == "dropdown-select"
    pairs = [(params["confirm"], dropdown_select.CONFIRM_LABELS)]
    return pairs + [(v, dropdown_select.CHOICES[name]) for name, v in params["targets"].items()]


def reserved_texts(family: str, names: Sequence[str]) -> set[str]:
    """How the values a list holds for test or val read in an instruction."""
    held = reserved(names) | held_for_val(names)
    if family == "dismiss-dialog":
        held -= DIALOG_LABELS  # never a target there
    if names is menu_item.PATHS:
        items = {path.split(" > ")[1] for path in held}
        return items | {menu_item.EFFECTS[path] for path in held if path in menu_item.EFFECTS}
    return held


def named(text: str, value: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])", text) is not None


def instances(family: str, first_seed: int) -> list[tuple[str, dict, int]]:
    env = DeskSimEnv(family)
    out = []
    for seed in range(first_seed, first_seed + SEEDS):
        _, info = env.reset(seed=seed)
        out.append((env.instruction, info["params"], info["difficulty"]))
    return out


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_test_seeds_name_only_reserved_values_and_training_seeds_never(family: str) -> None:
    train, test = instances(family, 0), instances(family, TEST_SEED_START)
    val = instances(family, VAL_SEED_START)
    levels = FAMILIES[FAMILY_NAMES.index(family)].levels
    for split in (train, val, test):
        assert {level for *_, level in split} == set(range(1, levels + 1))
    texts = [{text for text, *_ in split} for split in (train, val, test)]
    assert not texts[0] & texts[1] and not texts[0] & texts[2] and not texts[1] & texts[2]
    for text, params, _ in train:
        own = slots(family, params)
        for value, names in own:
            assert value not in reserved(names), f"{family}: reserved {value!r} in {text!r}"
        # and no reserved value reads in the text (the instance's own values taken out)
        rest = text
        said = [value for value, _ in own]
        if family == "menu-item":  # the path reads as its item ("Save As..." holds "Save")
            said.append(params["path"].split(" > ")[1])
        for value in sorted(said, key=len, reverse=True):
            rest = rest.replace(value, "#")
        for names in {id(names): names for _, names in own}.values():
            for value in reserved_texts(family, names):
                assert not named(rest, value), f"{family}: reserved {value!r} in {text!r}"
    for text, params, _ in test:
        for value, names in slots(family, params):
            assert value in reserved(names), f"{family}: {value!r} is not reserved ({text!r})"
    for text, params, _ in val:
        for value, names in slots(family, params):
            assert value not in reserved(names), f"{family}: test's {value!r} in {text!r}"
            if held_for_val(names):
                assert value in held_for_val(names), f"{family}: {value!r} not val's ({text!r})"


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_the_expert_solves_val_and_test_seeds_at_every_level(family: str) -> None:
    for level in range(1, FAMILIES[FAMILY_NAMES.index(family)].levels + 1):
        env = DeskSimEnv(family, difficulty=level)
        for start in (VAL_SEED_START, TEST_SEED_START):
            seeds = range(start, start + 8)
            assert [s for s in seeds if not run_expert(env, s)["success"]] == []


def phrasing_patterns(family: str) -> tuple[list[re.Pattern[str]], list[re.Pattern[str]]]:
    """Each phrasing of a family's lists as a pattern an instruction in it matches (a value
    stands for any text): (training and test's shared ones, val's own)."""
    module = sys.modules[FAMILIES[FAMILY_NAMES.index(family)].__module__]
    lists = [v for v in vars(module).values() if isinstance(v, base.Phrasings)]
    assert lists, family

    def pattern(template: str | tuple[str, str]) -> re.Pattern[str]:
        sentence = template if isinstance(template, str) else template[0]
        body = "".join(
            re.escape(text) + (".+" if field is not None else "")
            for text, field, *_ in string.Formatter().parse(sentence)
        )
        # a menu path's app ("In Mail: ...") and a settings page (" (it is under ...)")
        return re.compile(rf"(In .+: )?{body}( \(it is under .+\))?", re.I)

    shared = [pattern(t) for phrasings in lists for t in phrasings.shared]
    return shared, [pattern(t) for phrasings in lists for t in phrasings.val]


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_val_seeds_are_worded_in_phrasings_of_their_own(family: str) -> None:
    shared, val = phrasing_patterns(family)
    for first_seed in (0, VAL_SEED_START, TEST_SEED_START):
        for text, *_ in instances(family, first_seed)[:60]:
            in_val = [p.pattern for p in val if p.fullmatch(text)]
            if first_seed == VAL_SEED_START:
                assert in_val, f"{family}: {text!r} is not in a val phrasing"
            else:
                assert not in_val, f"{family}: {text!r} reads as val's {in_val}"
                assert any(p.fullmatch(text) for p in shared), text

"""The scripts behind the deceptive negatives: how each desksim family's look-alike is played.

:data:`PLANNERS` maps a kind (``fake-success``, ``wrong-target``, ``partial``) and a desksim
family to a script. A script is planned on a scratch copy of an instance: most edit the copy's
task to a wrong goal (the most similar distractor, values rotated or left out, the state
untouched) and let the scripted expert play it through :func:`expert`; the rest yield their own
actions. What each kind shows is described in :mod:`cuakit.curate.deceptive`, which plays
these scripts on the real instance, records the runs and labels them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from cuakit.actions import Action
from cuakit.envs.base import GUIEnv

Script = Iterator[Action]
Planner = Callable[[GUIEnv, np.random.Generator], Script | None]
"""Edits a scratch env's task and returns the actions to play in it (None: no such video).
The generator is resumed after each of its actions is carried out, so it reads the state."""


class NoPlan(Exception):
    """A script found the instance unfit (raised inside a planner's generator)."""


def expert(task: Any, until: Callable[[], bool] | None = None) -> Script:
    """The task's expert until ``until()`` (default: the — edited — task succeeds)."""
    while True:
        outcome = task.outcome()
        if until() if until is not None else outcome.success:
            return
        if outcome.done:  # the edited task ended another way: no plan
            raise NoPlan
        action = task.expert_action()
        if action.is_terminal:
            raise NoPlan
        yield action


def _similar(text: str, others: list[str]) -> str | None:
    """The option most easily confused with ``text`` (first of equals), None if none."""
    ratio = [difflib.SequenceMatcher(None, text.lower(), o.lower()).ratio() for o in others]
    return others[int(np.argmax(ratio))] if others else None


# click-button, dismiss-dialog
def _wrong_button(env: Any, rng: np.random.Generator) -> Script | None:
    """The expert's way, ending on the button whose label is most like the target's."""
    task = env.task
    other = _similar(task.target.text, [b.text for b in task.buttons if b is not task.target])
    if other is None:
        return None
    task.target = next(b for b in task.buttons if b.text == other)
    return expert(task)


# settings-toggle
def _settings_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.goal = dict(task.initial)  # open Settings and commit untouched: "Settings saved"
    return expert(task, until=lambda: task.committed)


def _settings_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    other = _similar(task.target, [name for name in task.initial if name != task.target])
    if other is None:
        return None
    task.target, task.goal = other, {**task.initial, other: not task.initial[other]}
    return expert(task)


# form-fill
def _form_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    pairs = [
        f"{field.text}: {value}" for field, value in zip(task.fields, task.values, strict=True)
    ]
    task.values = [", ".join(pairs)] + [field.value for field in task.fields[1:]]
    return expert(task)


def _form_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(set(task.values)) < 2:
        return None
    task.values = task.values[1:] + task.values[:1]  # each value in the next field
    return expert(task)


def _form_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(task.fields) < 2:
        return None
    task.values = [*task.values[:-1], task.fields[-1].value]  # the last field left as it is
    return expert(task)


# checkboxes
def _boxes_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.targets = {box.text for box in task.boxes}  # tick everything: the receipt names all
    return expert(task)


def _boxes_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    swap = sorted(task.targets)[int(rng.integers(len(task.targets)))]
    other = _similar(swap, [b.text for b in task.boxes if b.text not in task.targets])
    if other is None:
        return None
    task.targets = (task.targets - {swap}) | {other}
    return expert(task)


def _boxes_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(task.targets) < 2:
        return None
    task.targets = task.targets - {sorted(task.targets)[int(rng.integers(len(task.targets)))]}
    return expert(task)


# menu-item
def _menu_fake(env: Any, rng: np.random.Generator) -> Script | None:
    """The same menu path in the other app: its status line says "Done: <path>"."""
    task = env.task
    if task.decoy is None:
        return None
    items = next((i for t, i in task.decoy.menus if t == task.menu and task.item in i), None)
    if items is None:
        return None
    task.bar, task.items = task.decoy, items
    return expert(task)


def _menu_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    other = _similar(task.item, [item for item in task.items if item != task.item])
    if other is None:
        return None
    task.item, task.path = other, f"{task.menu} > {other}"
    return expert(task)


# dismiss-dialog
def _dismiss_fake(env: Any, rng: np.random.Generator) -> Script:
    """Accept the dialog (it closes too), then press the target: the success screen."""
    task = env.task
    task.dismiss = dict(zip(task.dialogs, task.accept, strict=True))
    task.accept = []
    return expert(task)


# scroll-list
def _list_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    other = _similar(task.target, [item for item in task.list.items if item != task.target])
    if other is None:
        return None
    task.target, task.index = other, task.list.items.index(other)
    return expert(task)


# autocomplete
def _autocomplete_fake(env: Any, rng: np.random.Generator) -> Script:
    """Type each name in full and close the suggestions: nothing is picked."""
    task, desk = env.task, env.desk
    for field, target in zip(task.fields, task.targets, strict=True):
        if desk.popups:
            yield Action.key("escape", reasoning="close the suggestions")
        yield task.click(field, reasoning="the search box")
        if field.value:
            yield Action.key("ctrl+a", reasoning="select the text to replace it")
        yield Action.type_text(target, reasoning=f"type {target}")
    if desk.popups:
        yield Action.key("escape", reasoning="close the suggestions")


def _autocomplete_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    """The last box gets the suggestion listed with its target that reads most like it."""
    task = env.task
    listed = task.suggestions(task.prefixes[-1])
    other = _similar(task.targets[-1], [name for name in listed if name != task.targets[-1]])
    if other is None:
        return None
    task.targets = [*task.targets[:-1], other]
    return expert(task)


def _autocomplete_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(task.targets) < 2:
        return None
    return expert(task, until=lambda: task.correct(0))


# slider
def _slider_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.goal = task.target.value  # Apply untouched: the "Applied" receipt
    return expert(task)


def _slider_wrong(env: Any, rng: np.random.Generator) -> Script:
    """The target slider one step past the tolerance, then Apply."""
    task = env.task
    miss = task.tolerance + 1
    up = task.goal + miss <= task.target.high and (rng.random() < 0.5 or task.goal - miss < 0)
    task.goal += miss if up else -miss
    return expert(task)


# editor-bold
def _editor_fake(env: Any, rng: np.random.Generator) -> Script:
    """Select the line, Format > Italic (nothing visible), save: "Saved <file>"."""
    task, desk = env.task, env.desk

    def selected() -> bool:
        return task.opened == task.target and task.editor.selection == (task.line, task.line)

    yield from expert(task, until=selected)
    yield task.click(task.menu.title_rects(desk)[1], reasoning="the Format menu")
    popup = desk.popups[0] if desk.popups else None
    if popup is None or "Italic" not in popup.options:
        raise NoPlan
    yield task.click(popup.row_rect(popup.options.index("Italic"), desk.theme), "Italic")
    yield Action.key("ctrl+s") if task.use_keys else task.click(task.save_button, "save")


def _editor_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    lines = [i for i in (task.line - 1, task.line + 1) if 0 <= i < len(task.original.lines)]
    lines = [i for i in lines if i not in task.original.bold]
    if not lines:
        return None
    task.line = lines[int(rng.integers(len(lines)))]
    task.wanted = task.original.bold | {task.line}
    return expert(task)


# dropdown-select
def _dropdown_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.targets = [drop.selected for drop in task.drops]  # confirm untouched: "Saved"
    task.params = dict  # the scratch copy's info cannot name a target of None
    return expert(task)


def _dropdown_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    i = int(rng.integers(len(task.drops)))
    drop, target = task.drops[i], task.targets[i]
    other = _similar(drop.options[target], [o for o in drop.options if o != drop.options[target]])
    if other is None:
        return None
    task.targets = [*task.targets[:i], drop.options.index(other), *task.targets[i + 1 :]]
    return expert(task)


def _dropdown_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    wrong = [
        i for i, (d, t) in enumerate(zip(task.drops, task.targets, strict=True)) if d.selected != t
    ]
    if len(task.drops) < 2 or not wrong:
        return None
    i = wrong[int(rng.integers(len(wrong)))]
    task.targets = [*task.targets[:i], task.drops[i].selected, *task.targets[i + 1 :]]
    task.params = dict  # the scratch copy's info cannot name a target of None
    return expert(task)


PLANNERS: dict[str, dict[str, Planner]] = {
    "fake-success": {
        "settings-toggle": _settings_fake,
        "form-fill": _form_fake,
        "checkboxes": _boxes_fake,
        "menu-item": _menu_fake,
        "dismiss-dialog": _dismiss_fake,
        "autocomplete": _autocomplete_fake,
        "slider": _slider_fake,
        "editor-bold": _editor_fake,
        "dropdown-select": _dropdown_fake,
    },
    "wrong-target": {
        "click-button": _wrong_button,
        "settings-toggle": _settings_wrong,
        "form-fill": _form_wrong,
        "checkboxes": _boxes_wrong,
        "menu-item": _menu_wrong,
        "dismiss-dialog": _wrong_button,
        "scroll-list": _list_wrong,
        "autocomplete": _autocomplete_wrong,
        "slider": _slider_wrong,
        "editor-bold": _editor_wrong,
        "dropdown-select": _dropdown_wrong,
    },
    "partial": {
        "form-fill": _form_partial,
        "checkboxes": _boxes_partial,
        "autocomplete": _autocomplete_partial,
        "dropdown-select": _dropdown_partial,
    },
}
"""kind → desksim family → script (``hover`` works on any env with an expert)"""

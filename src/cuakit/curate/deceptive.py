"""Deceptive negatives: videos a reward-hacking policy could produce, recorded for real.

The seed (001, §4.1) warns that an agent trained on a video reward learns to *look* done:
it hovers over the save button without clicking, or ends on a screen that resembles
success. A judge learns to see through that only from such videos labelled as failures.

```python
make_deceptive(dataset, ["hover", "fake-success", "wrong-target", "partial"], seed=0)
```

For every successful recorded episode, each kind re-creates the episode's task instance from
its env id and seed (as ``continue`` does), plays a deceptive script in it with the recorder
attached, ends with the agent's ``finish`` and keeps the video only when the env's ground
truth says the task failed (a run that succeeded after all is dropped and counted). The
episode copies its source's instruction, seed and task id and stores ``derived_from`` (so it
stays on its source's split side); its label is ``False`` from ``negative:<kind>`` with the
first step that departs from the expert as ``deviation_step``.

Kinds:

- ``hover`` — any env with an expert: the expert's run up to the decisive commit (the first
  step after which the task succeeds), which becomes a ``move`` onto the same point — the
  pointer rests on the target, highlighting it, and nothing is committed. A key commit
  (``ctrl+s``) hovers the button that does the same (Save).
- ``fake-success`` — the success screen, or the instruction's text, without the task done:
  form-fill types the instruction's "Field: value" list into the first field and submits;
  autocomplete types the names in full without picking a suggestion; checkboxes ticks every
  box and submits; settings-toggle, slider and dropdown-select commit untouched;
  dismiss-dialog accepts the dialog, then presses the target; menu-item (level 3) chooses the
  same command in the other app; editor-bold selects the line, chooses Format > Italic
  (nothing visible) and saves. Skipped: click-button (no text field, no other way to the
  target's press) and scroll-list (no other way to open a file) — their look-alikes are
  ``wrong-target``.
- ``wrong-target`` — everything right, committed on the most similar distractor: another
  button, switch, menu item, file, suggestion, option or box; the neighbouring line in the
  editor; the slider one step past its tolerance; form values rotated between the fields.
- ``partial`` — committed with one required value missing: form-fill (2+ fields),
  checkboxes (2+ targets), dropdown-select (2+ drop-downs), autocomplete (From and To).

A commit that desksim answers with a generic page (a form's "Your response has been
recorded.", a dialog closing) ends these videos on the very frame the success ends on: the
seed's "screen that looks successful", told apart only by what the video shows before it.

Every script but ``hover`` is planned on a scratch copy of the instance, usually by giving
the scripted expert a wrong goal (the copy's task is edited, never the recorded one), then
replayed on a fresh reset of the instance, where the real task judges the result.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.curate.labels import (
    _derived,
    _derived_extra,
    _labelled,
    _record_step,
    _replay_env,
    is_derived,
)
from cuakit.envs.base import GUIEnv
from cuakit.episodes import EpisodeDataset, EpisodeMeta, EpisodeWriter
from cuakit.errors import ConfigError

DECEPTIVE_KINDS = ("hover", "fake-success", "wrong-target", "partial")
KEY_BUTTONS = {"ctrl+s": "Save"}
"""key commits and the label of the button that does the same, for ``hover``"""

Script = Iterator[Action]
Planner = Callable[[GUIEnv, np.random.Generator], Script | None]
"""Edits a scratch env's task and returns the actions to play in it (None: no such video).
The generator is resumed after each of its actions is carried out, so it reads the state."""


class _NoPlan(Exception):
    """A script found the instance unfit (raised inside a planner's generator)."""


# ---- the driver ----------------------------------------------------------------------------
def make_deceptive(
    dataset: EpisodeDataset,
    kinds: Iterable[str] | str,
    seed: int = 0,
    limit: int | None = None,
    progress: bool = True,
) -> dict[str, int]:
    """Record deceptive negatives of each kind for every successful recorded episode.

    Returns, per kind, the number written, ``<kind>:skipped`` (no such video for the family or
    the instance, or a replay that does not reproduce the recording) and ``<kind>:succeeded``
    (recorded, but the env judged it a success: dropped). ``limit`` caps the episodes
    written per kind in this call. Existing negatives are not redone; labels missing from an
    interrupted run are added.
    """
    if isinstance(kinds, str):  # "hover,partial" as typed on a command line
        kinds = kinds.split(",")
    kinds = list(dict.fromkeys(kind.strip() for kind in kinds if kind.strip()))
    unknown = [kind for kind in kinds if kind not in DECEPTIVE_KINDS]
    if unknown:
        raise ConfigError(
            f"unknown deceptive kind(s) {unknown}: use a subset of {', '.join(DECEPTIVE_KINDS)}"
        )
    if limit is not None and limit < 0:
        raise ConfigError(f"limit={limit}: use 0 or more, or None for no limit")
    kinds = [kind for kind in DECEPTIVE_KINDS if kind in kinds]
    dataset.refresh()
    sources = [m for m in dataset.episodes if m.success is True and not is_derived(m)]
    counts = {key: 0 for kind in kinds for key in (kind, f"{kind}:skipped", f"{kind}:succeeded")}
    done = {kind: set(_derived(dataset, kind)) for kind in kinds}
    bar = Progress(
        TextColumn("[bold]deceptive negatives"),
        BarColumn(),
        MofNCompleteColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not progress,
    )
    with (
        bar,
        EpisodeWriter(dataset.root, fps=dataset.info.fps, codec=dataset.info.codec) as writer,
    ):
        task = bar.add_task("", total=len(sources))
        for meta in sources:
            todo = [
                kind
                for kind in kinds
                if meta.index not in done[kind] and (limit is None or counts[kind] < limit)
            ]
            if todo:
                for kind, outcome in _for_source(dataset, writer, meta, todo, seed).items():
                    counts[kind if outcome == "written" else f"{kind}:{outcome}"] += 1
            bar.advance(task)
    dataset.refresh()
    for kind in kinds:
        _label(dataset, kind)
    return counts


def _for_source(
    dataset: EpisodeDataset, writer: EpisodeWriter, meta: EpisodeMeta, kinds: list[str], seed: int
) -> dict[str, str]:
    """Plan and record each kind for one source episode: kind → written|skipped|succeeded."""
    replay = _replay_env(dataset, meta) if envs.has_expert(meta.env_id) else None
    if replay is None:
        return dict.fromkeys(kinds, "skipped")
    env = replay[0]
    env.terminate_on_success = False  # the agent's finish ends these videos, never the env
    try:
        expert = _expert_run(env, meta.seed)
        results = {}
        for kind in kinds:
            rng = np.random.default_rng([seed, meta.index, DECEPTIVE_KINDS.index(kind)])
            plan = None if expert is None else _plan(env, meta, kind, expert, rng)
            if plan is None:
                results[kind] = "skipped"
                continue
            actions, deviation = plan
            results[kind] = _record(env, writer, meta, kind, actions, deviation)
        return results
    finally:
        env.close()


def _same(a: Action, b: Action) -> bool:
    return replace(a, reasoning="") == replace(b, reasoning="")


def _expert_run(env: GUIEnv, seed: int | None) -> tuple[list[Action], dict[str, Any]] | None:
    """The scripted expert's actions up to and including the decisive step, with the info
    seen just before it; None when the expert does not succeed."""
    _, info = env.reset(seed=seed)
    before, actions = info, list[Action]()
    for _ in range(2 * env.max_steps):
        action = env.expert_action()
        if action.is_terminal:
            return None
        before = info
        _, _, _, _, info = env.step(action)
        actions.append(action)
        if info.get("success"):
            return actions, before
        if info.get("task_done"):
            return None
    return None


def _plan(
    env: GUIEnv,
    meta: EpisodeMeta,
    kind: str,
    expert: tuple[list[Action], dict[str, Any]],
    rng: np.random.Generator,
) -> tuple[list[Action], int] | None:
    """The actions of the deceptive run (before its ``finish``) and its first deviating step."""
    clean, before = expert
    if kind == "hover":
        move = _hover(clean[-1], before.get("elements") or [])
        return None if move is None else ([*clean[:-1], move], len(clean) - 1)
    planner = PLANNERS[kind].get(meta.family)
    if planner is None:
        return None
    env.reset(seed=meta.seed)
    script = planner(env, rng)
    if script is None:
        return None
    actions: list[Action] = []
    try:
        for action in script:
            if len(actions) >= 2 * env.max_steps:
                return None
            env.step(action)
            actions.append(action)
    except _NoPlan:
        return None
    if not actions:
        return None
    deviation = next(
        (i for i, (a, b) in enumerate(zip(actions, clean, strict=False)) if not _same(a, b)),
        min(len(actions), len(clean)),
    )
    return actions, deviation


def _hover(decisive: Action, elements: list[dict[str, Any]]) -> Action | None:
    """A move onto what ``decisive`` would have committed (its point, or the button that
    does what its key does)."""
    point = decisive.point
    if decisive.type is ActionType.KEY and decisive.keys in KEY_BUTTONS:
        label = KEY_BUTTONS[decisive.keys]
        button = next(
            (
                e
                for e in elements
                if e.get("role") == "button" and e.get("text") == label and not e.get("blocked")
            ),
            None,
        )
        if button is not None:
            x, y, w, h = button["bbox"]
            point = (x + w / 2, y + h / 2)
    elif decisive.type not in (ActionType.CLICK, ActionType.DOUBLE_CLICK):
        return None
    if point is None:
        return None
    return Action.move(*point, reasoning="rest on the target without committing")


def _record(
    env: GUIEnv,
    writer: EpisodeWriter,
    meta: EpisodeMeta,
    kind: str,
    actions: list[Action],
    deviation: int,
) -> str:
    """Play ``actions`` then ``finish`` on a fresh reset, recording: written|succeeded."""
    obs, _ = env.reset(seed=meta.seed)
    extra = {**_derived_extra(meta, kind, 0.0), "deviation_step": deviation}
    writer.begin(
        env_id=meta.env_id,
        instruction=meta.instruction,
        task_id=meta.task_id,
        seed=meta.seed,
        policy=f"negative:{kind}",
        extra=extra,
    )
    frame = writer.add_frame(obs["screenshot"])
    env.attach_recorder(writer.add_frame, writer.info.fps)
    succeeded = False
    try:
        for action in [*actions, Action.finish(reasoning="the task looks done")]:
            last = action.is_terminal
            frame, info = _record_step(env, writer, action, frame, last=last)
            succeeded = succeeded or bool(info.get("success"))
    finally:
        env.attach_recorder(None)
    if succeeded:
        writer.discard()
        return "succeeded"
    progress = float(info.get("progress", 0.0))
    writer.finish(success=False, extra={"progress": progress, "truncated": False})
    return "written"


def _label(dataset: EpisodeDataset, kind: str) -> None:
    """A failure row for every derived episode of ``kind`` that lacks one."""
    source = f"negative:{kind}"
    done = _labelled(dataset, source)
    rows = [
        {
            "episode": index,
            "label": False,
            "source": source,
            "deviation_step": dataset.meta(index).extra.get("deviation_step"),
        }
        for index in sorted(_derived(dataset, kind).values())
        if index not in done
    ]
    if rows:
        dataset.add_success_labels(rows)


# ---- scripts -------------------------------------------------------------------------------
def _expert(task: Any, until: Callable[[], bool] | None = None) -> Script:
    """The task's expert until ``until()`` (default: the — edited — task succeeds)."""
    while True:
        outcome = task.outcome()
        if until() if until is not None else outcome.success:
            return
        if outcome.done:  # the edited task ended another way: no plan
            raise _NoPlan
        action = task.expert_action()
        if action.is_terminal:
            raise _NoPlan
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
    return _expert(task)


# settings-toggle
def _settings_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.goal = dict(task.initial)  # open Settings and commit untouched: "Settings saved"
    return _expert(task, until=lambda: task.committed)


def _settings_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    other = _similar(task.target, [name for name in task.initial if name != task.target])
    if other is None:
        return None
    task.target, task.goal = other, {**task.initial, other: not task.initial[other]}
    return _expert(task)


# form-fill
def _form_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    pairs = [
        f"{field.text}: {value}" for field, value in zip(task.fields, task.values, strict=True)
    ]
    task.values = [", ".join(pairs)] + [field.value for field in task.fields[1:]]
    return _expert(task)


def _form_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(set(task.values)) < 2:
        return None
    task.values = task.values[1:] + task.values[:1]  # each value in the next field
    return _expert(task)


def _form_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(task.fields) < 2:
        return None
    task.values = [*task.values[:-1], task.fields[-1].value]  # the last field left as it is
    return _expert(task)


# checkboxes
def _boxes_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.targets = {box.text for box in task.boxes}  # tick everything: the receipt names all
    return _expert(task)


def _boxes_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    swap = sorted(task.targets)[int(rng.integers(len(task.targets)))]
    other = _similar(swap, [b.text for b in task.boxes if b.text not in task.targets])
    if other is None:
        return None
    task.targets = (task.targets - {swap}) | {other}
    return _expert(task)


def _boxes_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(task.targets) < 2:
        return None
    task.targets = task.targets - {sorted(task.targets)[int(rng.integers(len(task.targets)))]}
    return _expert(task)


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
    return _expert(task)


def _menu_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    other = _similar(task.item, [item for item in task.items if item != task.item])
    if other is None:
        return None
    task.item, task.path = other, f"{task.menu} > {other}"
    return _expert(task)


# dismiss-dialog
def _dismiss_fake(env: Any, rng: np.random.Generator) -> Script:
    """Accept the dialog (it closes too), then press the target: the success screen."""
    task = env.task
    task.dismiss = dict(zip(task.dialogs, task.accept, strict=True))
    task.accept = []
    return _expert(task)


# scroll-list
def _list_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    other = _similar(task.target, [item for item in task.list.items if item != task.target])
    if other is None:
        return None
    task.target, task.index = other, task.list.items.index(other)
    return _expert(task)


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
    return _expert(task)


def _autocomplete_partial(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    if len(task.targets) < 2:
        return None
    return _expert(task, until=lambda: task.correct(0))


# slider
def _slider_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.goal = task.target.value  # Apply untouched: the "Applied" receipt
    return _expert(task)


def _slider_wrong(env: Any, rng: np.random.Generator) -> Script:
    """The target slider one step past the tolerance, then Apply."""
    task = env.task
    miss = task.tolerance + 1
    up = task.goal + miss <= task.target.high and (rng.random() < 0.5 or task.goal - miss < 0)
    task.goal += miss if up else -miss
    return _expert(task)


# editor-bold
def _editor_fake(env: Any, rng: np.random.Generator) -> Script:
    """Select the line, Format > Italic (nothing visible), save: "Saved <file>"."""
    task, desk = env.task, env.desk

    def selected() -> bool:
        return task.opened == task.target and task.editor.selection == (task.line, task.line)

    yield from _expert(task, until=selected)
    yield task.click(task.menu.title_rects(desk)[1], reasoning="the Format menu")
    popup = desk.popups[0] if desk.popups else None
    if popup is None or "Italic" not in popup.options:
        raise _NoPlan
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
    return _expert(task)


# dropdown-select
def _dropdown_fake(env: Any, rng: np.random.Generator) -> Script:
    task = env.task
    task.targets = [drop.selected for drop in task.drops]  # confirm untouched: "Saved"
    task.params = dict  # the scratch copy's info cannot name a target of None
    return _expert(task)


def _dropdown_wrong(env: Any, rng: np.random.Generator) -> Script | None:
    task = env.task
    i = int(rng.integers(len(task.drops)))
    drop, target = task.drops[i], task.targets[i]
    other = _similar(drop.options[target], [o for o in drop.options if o != drop.options[target]])
    if other is None:
        return None
    task.targets = [*task.targets[:i], drop.options.index(other), *task.targets[i + 1 :]]
    return _expert(task)


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
    return _expert(task)


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

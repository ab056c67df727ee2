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
replayed on a fresh reset of the instance, where the real task judges the result. The
scripts, one per kind and family, are in :mod:`cuakit.curate.deceptive_scripts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

import cuakit.envs as envs
from cuakit.actions import Action, ActionType
from cuakit.curate.deceptive_scripts import PLANNERS, NoPlan
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
    except NoPlan:
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

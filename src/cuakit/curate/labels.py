"""Labels from the env's ground truth: success rows, preference pairs, adversarial negatives.

```python
dataset = EpisodeDataset("datasets/demo")
label_success(dataset)                      # one "env" row per episode with a known outcome
make_negatives(dataset, ["translate", "truncate", "continue", "swap"], seed=0)
label_pairs(dataset, noise=0.1, seed=0)     # chosen is always the preferred episode
```

Preference pairs follow the seed's criteria, in order: **correctness** (a success beats a
failure), then **efficiency** among successes (fewer steps, then a shorter video), then
**progress** among failures (higher final progress). ``chosen`` is the preferred episode, the
Bradley–Terry convention ``−log σ(r_chosen − r_rejected)``.

Negatives are labelled ``label=False`` with ``source="negative:<kind>"``:

- ``translate`` — a successful video judged against the instruction of another episode of the
  same family with other parameters ("Press Share" for a video that pressed Delete), wrong
  from the decisive step on;
- ``swap`` — a successful video judged against the instruction of another task instance of
  its family (other parameters, when both are known), wrong from the first frame; needs no
  decisive step;
- ``truncate`` — a new episode: the successful video cut just before its decisive step;
- ``continue`` — a new episode: the successful run replayed in its env, then continued with
  actions that undo the result (desksim ``editor-bold``: un-bold the line and save again);
- ``hover``, ``fake-success``, ``wrong-target``, ``partial`` — new episodes a reward-hacking
  policy could record (`cuakit.curate.deceptive`).

Negatives stay on their source's side of the split (`cuakit.episodes.splits`): new episodes
record their source (``derived_from``) and go where it goes, and ``translate`` and ``swap``
borrow only instructions of the same family on the same side — never another family's (under
leave-one-family-out the held-out family's text would reach training) nor another side's.

Every function is deterministic for a seed, never modifies an existing episode, and skips
what an earlier run already added, so running it twice adds nothing the second time.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.envs.base import GUIEnv
from cuakit.envs.record import write_step
from cuakit.episodes import EpisodeDataset, EpisodeMeta, EpisodeWriter
from cuakit.episodes.splits import episode_split, normalise_instruction
from cuakit.errors import ConfigError

ENV_SOURCE = "env"
NEGATIVE_KINDS = ("translate", "truncate", "continue", "swap")
MARGINS = {"correctness": 1.0, "efficiency": 0.5, "progress": 0.25}
FLIPPED = ":flipped"  # criterion suffix of pairs whose order ``noise`` swapped on purpose


def is_derived(meta: EpisodeMeta) -> bool:
    """True for episodes derived from a recording (``extra["derived_from"]``): the truncated
    or continued copies ``make_negatives`` writes, an ExeVR import of a video imported before.
    A derived episode is on its source's side of the split."""
    return "derived_from" in meta.extra


# ---- success labels ------------------------------------------------------------------------
def label_success(dataset: EpisodeDataset, source: str = ENV_SOURCE) -> int:
    """Add one success row per episode from the env's ground truth (``meta.success``).

    Skips episodes without a known outcome, episodes that already have a row from
    ``source``, and the negatives' derived episodes (``make_negatives`` labels those).
    Returns the number of rows added.
    """
    dataset.refresh()
    done = _labelled(dataset, source)
    rows = [
        {"episode": meta.index, "label": bool(meta.success), "source": source}
        for meta in dataset.episodes
        if meta.success is not None and not is_derived(meta) and meta.index not in done
    ]
    if rows:
        dataset.add_success_labels(rows)
    return len(rows)


def _labelled(dataset: EpisodeDataset, source: str) -> set[int]:
    table = dataset.success_labels()
    return {
        episode
        for episode, row_source in zip(
            table.column("episode").to_pylist(), table.column("source").to_pylist(), strict=True
        )
        if row_source == source
    }


# ---- preference pairs ----------------------------------------------------------------------
@dataclass(frozen=True)
class Pair:
    """One preference: ``chosen`` is the better episode."""

    chosen: int
    """index of the preferred episode"""
    rejected: int
    """index of the other episode"""
    criterion: str
    """correctness | efficiency | progress (``…:flipped`` when noise swapped it)"""
    margin: float
    """how clear the preference is: 1.0 correctness, 0.5 efficiency, 0.25 progress"""


def final_progress(meta: EpisodeMeta) -> float | None:
    """The episode's final progress in [0, 1] (``extra["progress"]``), None when unknown."""
    value = meta.extra.get("progress")
    return float(value) if isinstance(value, int | float) and math.isfinite(value) else None


def compare(a: EpisodeMeta, b: EpisodeMeta) -> Pair | None:
    """The seed's criteria in order; None when neither episode is better (or one is unjudged)."""
    if a.success is None or b.success is None:
        return None
    if a.success != b.success:
        win, lose = (a, b) if a.success else (b, a)
        return Pair(win.index, lose.index, "correctness", MARGINS["correctness"])
    if a.success:
        key_a, key_b = (a.length, a.duration_s), (b.length, b.duration_s)
        if key_a == key_b:
            return None
        win, lose = (a, b) if key_a < key_b else (b, a)
        return Pair(win.index, lose.index, "efficiency", MARGINS["efficiency"])
    progress_a, progress_b = final_progress(a), final_progress(b)
    if progress_a is None or progress_b is None or progress_a == progress_b:
        return None
    win, lose = (a, b) if progress_a > progress_b else (b, a)
    return Pair(win.index, lose.index, "progress", MARGINS["progress"])


def pair_groups(episodes: Iterable[EpisodeMeta]) -> list[list[EpisodeMeta]]:
    """Groups of comparable episodes, in a fixed order.

    Each task instance (``task_id``) with at least two judged episodes is a group — it also
    holds the instance's derived negatives. Instances with fewer than two recorded
    (non-derived) episodes pool their recorded episodes by family.
    """
    judged = sorted((m for m in episodes if m.success is not None), key=lambda m: m.index)
    by_task: dict[str, list[EpisodeMeta]] = defaultdict(list)
    for meta in judged:
        by_task[meta.task_id or f"#{meta.index}"].append(meta)
    groups: list[list[EpisodeMeta]] = []
    by_family: dict[str, list[EpisodeMeta]] = defaultdict(list)
    for task_id in sorted(by_task):
        members = by_task[task_id]
        if len(members) >= 2:
            groups.append(members)
        recorded = [m for m in members if not is_derived(m)]
        if len(recorded) < 2:
            for meta in recorded:
                by_family[meta.family].append(meta)
    groups += [sorted(by_family[f], key=lambda m: m.index) for f in sorted(by_family)]
    return [group for group in groups if len(group) >= 2]


def label_pairs(
    dataset: EpisodeDataset,
    noise: float = 0.0,
    seed: int = 0,
    max_pairs_per_group: int = 256,
) -> dict[str, int]:
    """Add preference pairs (source ``env``) between comparable episodes; returns counts.

    ``noise`` swaps chosen and rejected in that fraction of the pairs (rounded), tagging
    their criterion ``…:flipped`` so evaluation can leave them out. Groups with more
    comparable pairs than ``max_pairs_per_group`` are subsampled. Pairs already present
    from source ``env`` (in either order) are not added again. The counts are per
    criterion (``correctness``, ``efficiency``, ``progress``) plus ``flipped``.
    """
    if not 0.0 <= noise <= 1.0:
        raise ConfigError(f"noise={noise}: use a fraction in [0, 1] (0.1 flips 10% of pairs)")
    if max_pairs_per_group < 1:
        raise ConfigError(f"max_pairs_per_group={max_pairs_per_group}: use 1 or more")
    dataset.refresh()
    rng = np.random.default_rng(seed)
    pairs: list[Pair] = []
    for group in pair_groups(dataset.episodes):
        found = [
            pair
            for i, a in enumerate(group)
            for b in group[i + 1 :]
            if (pair := compare(a, b)) is not None
        ]
        if len(found) > max_pairs_per_group:
            keep = np.sort(rng.choice(len(found), size=max_pairs_per_group, replace=False))
            found = [found[int(k)] for k in keep]
        pairs += found
    flips = set(rng.choice(len(pairs), size=round(noise * len(pairs)), replace=False).tolist())
    seen = {
        frozenset((row["chosen"], row["rejected"]))
        for row in dataset.preference_labels().to_pylist()
        if row["source"] == ENV_SOURCE
    }
    counts = {"correctness": 0, "efficiency": 0, "progress": 0, "flipped": 0}
    rows = []
    for k, pair in enumerate(pairs):
        key = frozenset((pair.chosen, pair.rejected))
        if key in seen:
            continue
        seen.add(key)
        chosen, rejected, criterion = pair.chosen, pair.rejected, pair.criterion
        if k in flips:
            chosen, rejected, criterion = rejected, chosen, criterion + FLIPPED
            counts["flipped"] += 1
        counts[pair.criterion] += 1
        rows.append(
            {
                "chosen": chosen,
                "rejected": rejected,
                "source": ENV_SOURCE,
                "criterion": criterion,
                "margin": pair.margin,
            }
        )
    if rows:
        dataset.add_preferences(rows)
    return counts


# ---- adversarial negatives ----------------------------------------------------------------
def decisive_step(steps: Sequence[dict[str, Any]]) -> int | None:
    """Index of the first step whose info reports success (the step that did the task)."""
    for row in steps:
        if json.loads(row["info"] or "{}").get("success"):
            return int(row["step"])
    return None


def make_negatives(
    dataset: EpisodeDataset, kinds: Iterable[str] | str, seed: int = 0
) -> dict[str, int]:
    """Add adversarial negatives of each kind for every successful recorded episode.

    Returns, per kind, the number added and ``<kind>:skipped`` — successful episodes that
    could not give one (no other instruction to borrow, no decisive step, a family whose
    success cannot be undone, a replay that diverged). Existing negatives are not redone.
    """
    if isinstance(kinds, str):  # "translate,truncate" as typed on a command line
        kinds = kinds.split(",")
    kinds = list(dict.fromkeys(kind.strip() for kind in kinds if kind.strip()))
    from cuakit.curate.deceptive import DECEPTIVE_KINDS, make_deceptive  # builds on this module

    unknown = [kind for kind in kinds if kind not in NEGATIVE_KINDS + DECEPTIVE_KINDS]
    if unknown:
        raise ConfigError(
            f"unknown negative kind(s) {unknown}: use a subset of "
            f"{', '.join(NEGATIVE_KINDS + DECEPTIVE_KINDS)}"
        )
    dataset.refresh()
    sources = [m for m in dataset.episodes if m.success is True and not is_derived(m)]
    counts: dict[str, int] = {}
    for kind in NEGATIVE_KINDS:
        if kind not in kinds:
            continue
        if kind in ("translate", "swap"):
            added, skipped = _relabel(dataset, sources, seed, kind)
        else:
            build = _truncate if kind == "truncate" else _continue
            added, skipped = _write_derived(dataset, sources, kind, build)
        counts[kind], counts[f"{kind}:skipped"] = added, skipped
    deceptive = [kind for kind in kinds if kind in DECEPTIVE_KINDS]
    if deceptive:
        counts.update(make_deceptive(dataset, deceptive, seed=seed))
    return counts


def _rng(seed: int, index: int, kind: str) -> np.random.Generator:
    """One generator per (seed, episode, kind): adding episodes never changes earlier picks."""
    return np.random.default_rng([seed, index, NEGATIVE_KINDS.index(kind)])


def _relabel(
    dataset: EpisodeDataset, sources: list[EpisodeMeta], seed: int, kind: str
) -> tuple[int, int]:
    """translate / swap: success rows that judge a video against a borrowed instruction, one
    of an episode of the same family on the same side of the split."""
    source = f"negative:{kind}"
    done = _labelled(dataset, source)
    peers_of: dict[tuple[str, str], list[EpisodeMeta]] = defaultdict(list)
    for m in dataset.episodes:
        if not is_derived(m):
            peers_of[(m.family, episode_split(dataset, m.index))].append(m)
    rows, skipped = [], 0
    for meta in sources:
        if meta.index in done:
            continue
        params = meta.extra.get("params")
        peers = peers_of[(meta.family, episode_split(dataset, meta.index))]
        if kind == "translate":
            others = {m.instruction for m in peers if m.extra.get("params") != params}
        else:  # another task instance: other parameters, where the source's are known
            others = {
                m.instruction for m in peers if params is None or m.extra.get("params") != params
            }
        own = normalise_instruction(meta.instruction)
        others = {text for text in others if normalise_instruction(text) != own}
        step = 0
        if kind == "translate":
            step = decisive_step(dataset.steps(meta.index).to_pylist())
        if not others or step is None:
            skipped += 1
            continue
        instruction = sorted(others)[int(_rng(seed, meta.index, kind).integers(len(others)))]
        rows.append(
            {
                "episode": meta.index,
                "label": False,
                "source": source,
                "instruction": instruction,
                "deviation_step": step,
            }
        )
    if rows:
        dataset.add_success_labels(rows)
    return len(rows), skipped


def _derived(dataset: EpisodeDataset, kind: str) -> dict[int, int]:
    """Source episode index → index of the episode derived from it by ``kind``."""
    return {
        int(m.extra["derived_from"]): m.index
        for m in dataset.episodes
        if is_derived(m) and m.extra.get("negative") == kind
    }


def _write_derived(
    dataset: EpisodeDataset,
    sources: list[EpisodeMeta],
    kind: str,
    build: Callable[[EpisodeDataset, EpisodeWriter, EpisodeMeta], EpisodeMeta | None],
) -> tuple[int, int]:
    """Write one derived episode per source with ``build`` (None: skipped), then label them.

    Labels are added for every derived episode of ``kind`` that lacks one, so a run
    interrupted between writing an episode and labelling it is completed by the next.
    """
    existing = _derived(dataset, kind)
    added = skipped = 0
    with EpisodeWriter(dataset.root, fps=dataset.info.fps, codec=dataset.info.codec) as writer:
        for meta in sources:
            if meta.index in existing:
                continue
            if build(dataset, writer, meta) is None:
                writer.discard()
                skipped += 1
            else:
                added += 1
    dataset.refresh()
    source = f"negative:{kind}"
    done = _labelled(dataset, source)
    rows = []
    for original, index in sorted(_derived(dataset, kind).items()):
        if index in done:
            continue
        # truncate: the video stops short, nothing goes wrong in it; continue: the first
        # undo step comes right after the original's steps
        deviation = dataset.meta(original).length if kind == "continue" else None
        rows.append(
            {"episode": index, "label": False, "source": source, "deviation_step": deviation}
        )
    if rows:
        dataset.add_success_labels(rows)
    return added, skipped


def _derived_extra(meta: EpisodeMeta, kind: str, progress: float) -> dict[str, Any]:
    return {**meta.extra, "derived_from": meta.index, "negative": kind, "progress": progress}


def _truncate(
    dataset: EpisodeDataset, writer: EpisodeWriter, meta: EpisodeMeta
) -> EpisodeMeta | None:
    """The video up to the frame the decisive action was chosen on, without that step."""
    steps = dataset.steps(meta.index).to_pylist()
    decisive = decisive_step(steps)
    if decisive is None:
        return None
    cut = int(steps[decisive]["frame_index"])  # the decisive action was chosen on this frame
    before = steps[:decisive]
    progress = json.loads(before[-1]["info"]).get("progress", 0.0) if before else 0.0
    writer.begin(
        env_id=meta.env_id,
        instruction=meta.instruction,
        task_id=meta.task_id,
        seed=meta.seed,
        policy="negative:truncate",
        extra=_derived_extra(meta, "truncate", float(progress)),
    )
    for frame in dataset.frames(meta.index, list(range(cut + 1))):  # (cut + 1, H, W, 3)
        writer.add_frame(frame)
    for row in before:
        writer.add_step_row(row)
    return writer.finish(success=False)


# ---- continue: replay the run, then undo its result ---------------------------------------
def _undo_editor_bold(env: GUIEnv) -> list[Action] | None:
    """Select the bolded line by its number, toggle bold off, save: the file is wrong again."""
    task, desk = getattr(env, "task", None), getattr(env, "desk", None)
    if task is None or desk is None or desk.popups or desk.top_modal() is not None:
        return None
    gutter = task.editor.gutter_rect(task.line, desk.theme)
    return [
        task.click(gutter, reasoning=f"select line {task.line + 1} again"),
        Action.key("ctrl+b", reasoning="toggle bold off"),
        Action.key("ctrl+s", reasoning="save over the finished file"),
    ]


# Families whose success is a state that later actions can undo, and how to undo it.
UNDOERS: dict[str, Callable[[GUIEnv], list[Action] | None]] = {
    "editor-bold": _undo_editor_bold,
}


def _replay_env(dataset: EpisodeDataset, meta: EpisodeMeta) -> tuple[GUIEnv, dict[str, Any]] | None:
    """An env reset to the episode's task instance, or None when none reproduces it.

    ``collect`` may have fixed the difficulty or drawn it per episode (which consumes the
    seed's generator differently), so both are tried, with the episode's recorded env options
    (theme, fonts); the instance must match the recording's instruction, parameters and frame.
    """
    if meta.env_id not in envs.ENV_IDS or meta.seed is None:
        return None
    first = dataset.frame(meta.index, 0).astype(np.int16)  # (H, W, 3)
    for kwargs in ({"difficulty": meta.extra.get("difficulty")}, {}):
        env = envs.make(meta.env_id, **meta.extra.get("env_kwargs", {}), **kwargs)
        obs, info = env.reset(seed=meta.seed)
        same = (
            obs["instruction"] == meta.instruction
            and info.get("params") == meta.extra.get("params")
            and obs["screenshot"].shape == first.shape
            and float(np.abs(obs["screenshot"] - first).mean()) < 1.0
        )
        if same:
            return env, obs
        env.close()
    return None


def _continue(
    dataset: EpisodeDataset, writer: EpisodeWriter, meta: EpisodeMeta
) -> EpisodeMeta | None:
    """Replay the recorded actions, then the family's undo actions, recording everything."""
    undo = UNDOERS.get(meta.family)
    replay = _replay_env(dataset, meta) if undo is not None else None
    if replay is None:
        return None
    env, obs = replay
    recorded = [
        Action.from_dict(json.loads(row["action"])) for row in dataset.steps(meta.index).to_pylist()
    ]
    writer.begin(
        env_id=meta.env_id,
        instruction=meta.instruction,
        task_id=meta.task_id,
        seed=meta.seed,
        policy="negative:continue",
        extra=_derived_extra(meta, "continue", 0.0),
    )
    frame = writer.add_frame(obs["screenshot"])
    env.attach_recorder(writer.add_frame, writer.info.fps)
    try:
        info: dict[str, Any] = {}
        for action in recorded:
            frame, info = _record_step(env, writer, action, frame, last=False)
        if not info.get("success") or frame + 1 != meta.num_frames:
            return None  # the replay diverged from the recording
        actions = undo(env) or []
        for k, action in enumerate(actions):
            frame, info = _record_step(env, writer, action, frame, last=k == len(actions) - 1)
        if not actions or info.get("success"):
            return None  # nothing to undo with, or the result survived the undo
    finally:
        env.attach_recorder(None)
        env.close()
    return writer.finish(
        success=False, extra={"progress": float(info.get("progress", 0.0)), "truncated": False}
    )


def _record_step(
    env: GUIEnv, writer: EpisodeWriter, action: Action, frame: int, last: bool
) -> tuple[int, dict[str, Any]]:
    """One step recorded as ``RecordEpisode`` does, except that success does not end it."""
    obs, reward, _, _, info = env.step(action)
    return write_step(writer, action, (obs, reward, last, False, info), decided_on=frame), info

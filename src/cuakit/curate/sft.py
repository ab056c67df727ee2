r"""Step samples and SFT conversations from an episode dataset, in the seed's format.

```python
report = export_sft("datasets/demo", "exports/demo", format="sft", coords="qwen-pixels", history=3)
```
```
OUT/
  samples.jsonl          one StepSample per step (cuakit.curate.samples)
  images/000003_00.png   the screen each action was chosen on (episode 3, step 0)
  sft.jsonl              format "sft": one conversation per line
  hf/data/train-00000-of-00001.parquet   format "hf": a Hugging Face dataset (cuakit.curate.hf)
  report.json            what was exported and what was skipped, and why
```
A conversation: the seed's (screenshot and instruction -> the action in a ```json fence,
reasoning inside), in the words `cuakit agent sft` trains on and `VLMPolicy` asks
(`cuakit.prompt`), with the action schema as the system prompt and the previous actions::

    {"id": "cuakit/desksim-click-button-v0/0/1", "images": ["images/000000_01.png"],
     "coords": {"mode": "qwen-pixels", "width": 480, "height": 300,
                "resized_width": 476, "resized_height": 308},
     "conversations": [
       {"role": "system", "content": "You operate a computer through its screen. …"},
       {"role": "user", "content": [{"type": "image", "image": "images/000000_01.png"},
         {"type": "text", "text": "Task: Click on \"Rotate\"\nPrevious actions:\n1. {\"action\":
           \"click\", \"coordinates\": [381, 98], \"reasoning\": \"the Rotate button\"}"}]},
       {"role": "assistant", "content": "```json\n{\"action\": \"finish\", \"reasoning\":
         \"the task is done\"}\n```"}]}

``coords="normalised"`` writes coordinates as fractions of the screen (4 decimals);
``coords="qwen-pixels"`` as Qwen2.5-VL's absolute pixels of the `smart_resize`\d screenshot, whose
size ``coords`` records (Qwen's default resize). `parse_answer` reads an assistant text back
into the Action.

Which screen a step shows: the writer records, per step, the frame on screen when the action
was chosen (``frame_index``; `cuakit.envs.record`), never the frame after it. The screen's
elements are not stored in the step table (they are large), so they are recovered by
replaying the episode in its env from its seed; the replay is checked against the recording
frame by frame, and the elements stop at the first frame where the two differ (a lossy
``compact`` video rarely matches). A sample without elements has no ``target_bbox``; the
report counts them by reason.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.coords import CoordinateMode, check_coordinate_mode, smart_resize
from cuakit.curate.hf import write_hf
from cuakit.curate.labels import ENV_SOURCE
from cuakit.curate.samples import IMAGES_DIR, SAMPLES_FILE, Box, StepSample, read_samples
from cuakit.curate.samples import write_samples as write_sample_lines
from cuakit.curate.staging import staged_output
from cuakit.episodes import EpisodeDataset, EpisodeMeta
from cuakit.episodes.splits import SPLITS, Split, episode_split
from cuakit.errors import (
    ActionParseError,
    ConfigError,
    CuakitError,
    DatasetError,
    DatasetFormatError,
)
from cuakit.prompt import SYSTEM_PROMPT, ScreenGeometry, read_answer, render_answer, user_text

FORMATS: tuple[str, ...] = ("sft", "hf", "samples")
SFT_FILE = "sft.jsonl"
REPORT_FILE = "report.json"
REPLAY_TOLERANCE = 1.0
"""Mean absolute difference (0-255) below which a replayed screen counts as the recorded one
(lossless videos decode bit-exact; the tolerance absorbs nothing else)."""
Progress = Callable[[str, int, int], None]


# ---- which episodes ------------------------------------------------------------------------
def episode_outcomes(dataset: EpisodeDataset) -> dict[int, bool | None]:
    """Each episode's outcome (None: unknown): its latest ground-truth success label (source
    ``env`` in ``labels/success.parquet``), else the ``success`` column of
    ``meta/episodes.parquet``. Other sources are left out on purpose: a
    ``negative:translate`` row judges the video against another instruction, not its own."""
    outcome = {meta.index: meta.success for meta in dataset.episodes}
    for row in dataset.success_labels().to_pylist():  # append order: the last row wins
        if row["source"] == ENV_SOURCE and row.get("instruction") is None:
            outcome[row["episode"]] = bool(row["label"])
    return outcome


def select_episodes(
    dataset: EpisodeDataset, all_episodes: bool = False, split: Split | None = None
) -> list[int]:
    """Indices of the episodes to export: the successful ones, or every one; only those of
    ``split`` when given (`cuakit.episodes.splits.episode_split`: test seeds, then the
    instruction's hash): SFT trains on ``train``, chooses on ``val``, reports on ``test``."""
    outcome = episode_outcomes(dataset)
    return [
        index
        for index, success in outcome.items()
        if (all_episodes or success is True)
        and (split is None or episode_split(dataset, index) == split)
    ]


# ---- the screen's elements, replayed -------------------------------------------------------
def _element(raw: Mapping[str, Any]) -> dict[str, Any]:
    """What a sample keeps of an env element: role, text, bbox and the visibility flags."""
    keep = ("role", "text", "bbox", "occluded", "blocked")
    return {key: raw[key] for key in keep if key in raw}


def target_bbox(
    point: tuple[float, float] | None, elements: Sequence[Mapping[str, Any]] | None
) -> Box | None:
    """The normalised box of the smallest visible element containing ``point``; None when
    there is no point, no element list, or no element under it."""
    if point is None or not elements:
        return None
    x, y = point
    boxes = [
        tuple(float(v) for v in e["bbox"])
        for e in elements
        if not e.get("occluded") and len(e.get("bbox") or ()) == 4
    ]
    hits = [
        (left, top, w, h)
        for left, top, w, h in boxes
        if w > 0 and h > 0 and left <= x <= left + w and top <= y <= top + h
    ]
    return min(hits, key=lambda box: box[2] * box[3]) if hits else None


def _same_screen(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and float(np.abs(a.astype(np.int16) - b).mean()) < REPLAY_TOLERANCE


def replay_elements(
    meta: EpisodeMeta,
    actions: Sequence[Action | None],
    screens: Sequence[np.ndarray | None],
) -> tuple[list[list[dict[str, Any]] | None], str | None]:
    """Per step, the elements on screen when its action was chosen, from a replay of the
    episode in its env; and why the elements stop where they stop (None: they never do).

    ``screens[k]`` is the recorded frame of step k (None when missing): a step whose replayed
    screen differs from it ends the replay, since from there on the env shows something else.
    """
    out: list[list[dict[str, Any]] | None] = [None] * len(actions)
    if meta.env_id not in envs.ENV_IDS or meta.seed is None:
        return out, "the env cannot be replayed (unknown env id or no seed)"
    env = None
    try:
        # collect() may have fixed the difficulty or drawn it per episode: try both
        drawn = meta.extra.get("difficulty")
        for kwargs in ([{"difficulty": drawn}] if drawn is not None else []) + [{}]:
            env = envs.make(
                meta.env_id,
                terminate_on_success=False,
                **meta.extra.get("env_kwargs", {}),
                **kwargs,
            )
            obs, info = env.reset(seed=meta.seed)
            if obs["instruction"] == meta.instruction and info.get("params") == meta.extra.get(
                "params"
            ):
                break
            env.close()
            env = None
        if env is None:
            return out, "the replay draws another task instance"
        for k, action in enumerate(actions):
            if screens[k] is not None and not _same_screen(obs["screenshot"], screens[k]):
                return out, "the replay diverged from the recording"
            out[k] = [_element(e) for e in info.get("elements", [])]
            if k + 1 < len(actions):
                if action is None:
                    return out, "a malformed action stopped the replay"
                obs, _, _, _, info = env.step(action)
        return out, None
    except CuakitError as exc:  # a real backend that failed to start or crashed
        return out, f"the replay failed: {type(exc).__name__}"
    finally:
        if env is not None:
            env.close()


# ---- step samples ----------------------------------------------------------------------------
def _action(raw: str) -> Action | None:
    try:
        return Action.from_dict(json.loads(raw))
    except (json.JSONDecodeError, ActionParseError):
        return None


def episode_samples(
    dataset: EpisodeDataset,
    out_dir: str | Path,
    episodes: Iterable[int] | None = None,
    history: int = 3,
    replay: bool = True,
    skipped: Counter[str] | None = None,
    notes: Counter[str] | None = None,
) -> Iterator[StepSample]:
    """One sample per step of each episode, writing its screenshot to ``out_dir/images/``.

    ``episodes``: indices (default: `select_episodes`, the successful ones). ``history``: how
    many previous actions each sample carries (0: none), as recorded — steps skipped here
    still count, since they happened. Steps without a frame or with a malformed action are
    skipped and counted in ``skipped`` by reason; samples without elements are counted in
    ``notes`` by reason. ``replay=False`` never starts an env (no elements, no target boxes).
    """
    if history < 0:
        raise ConfigError(f"history={history}: use 0 (no history) or more previous actions")
    skipped = Counter() if skipped is None else skipped
    notes = Counter() if notes is None else notes
    images = Path(out_dir) / IMAGES_DIR
    images.mkdir(parents=True, exist_ok=True)
    outcomes = episode_outcomes(dataset)
    for index in select_episodes(dataset) if episodes is None else episodes:
        meta = dataset.meta(index)
        rows = dataset.steps(index).to_pylist()
        actions = [_action(row["action"]) for row in rows]
        shown = sorted({r["frame_index"] for r in rows if 0 <= r["frame_index"] < meta.num_frames})
        try:
            decoded = dataset.frames(index, shown) if shown else []  # (N, H, W, 3) uint8
        except DatasetError as exc:
            skipped[f"video unreadable ({type(exc).__name__})"] += len(rows)
            continue
        frames = dict(zip(shown, decoded, strict=True))
        screens = [frames.get(row["frame_index"]) for row in rows]
        elements: list[list[dict[str, Any]] | None] = [None] * len(rows)
        why = "replay turned off"
        recorded = [json.loads(row["info"] or "{}").get("elements") for row in rows]
        if all(isinstance(e, list) for e in recorded):  # a writer that kept them
            elements, why = [[_element(e) for e in step] for step in recorded], None
        elif replay:
            elements, why = replay_elements(meta, actions, screens)
        for k, row in enumerate(rows):
            action, screen = actions[k], screens[k]
            if screen is None:
                skipped["no screenshot frame"] += 1
                continue
            if action is None:
                skipped["malformed action"] += 1
                continue
            if elements[k] is None:
                notes[f"no elements: {why}"] += 1
            name = f"{IMAGES_DIR}/{meta.index:06d}_{row['step']:02d}.png"
            Image.fromarray(screen).save(Path(out_dir) / name, format="PNG")
            yield StepSample(
                id=f"{meta.env_id}/{meta.index}/{row['step']}",
                image=name,
                instruction=meta.instruction,
                action=action.to_dict(),
                width=int(screen.shape[1]),
                height=int(screen.shape[0]),
                history=tuple(r["action"] for r in rows[max(0, k - history) : k]),
                elements=None if elements[k] is None else tuple(elements[k]),
                target_bbox=target_bbox(action.point, elements[k]),
                source=meta.family,
                episode=meta.index,
                step=int(row["step"]),
                extra={"env_id": meta.env_id, "policy": meta.policy, "success": outcomes[index]},
            )


# ---- conversations ---------------------------------------------------------------------------
def sft_conversation(
    sample: StepSample, coords: CoordinateMode = "normalised", image_ref: str | None = None
) -> dict[str, Any]:
    """The seed's SFT conversation for one sample, in the words SFT trains on and `VLMPolicy`
    asks (`cuakit.prompt`): system (the action schema), user (screenshot, instruction,
    previous actions), assistant (the action in a ```json fence, reasoning inside). Points
    are written for Qwen's default `smart_resize` (``coords`` records the size).

    ``image_ref`` names the screenshot in the conversation (default: ``sample.image``,
    relative to the samples file). Raises ActionParseError for a malformed sample action,
    DatasetFormatError for a sample without its screenshot size.
    """
    check_coordinate_mode(coords, "coords")
    action = Action.from_dict(sample.action)
    width, height = sample.width, sample.height
    if width <= 0 or height <= 0:
        raise DatasetFormatError(f"step sample {sample.id!r}: no screenshot size; re-export it")
    geometry = ScreenGeometry(width, height, coords)
    meta: dict[str, Any] = {"mode": coords, "width": width, "height": height}
    if coords == "qwen-pixels":
        resized_height, resized_width = smart_resize(height, width, **geometry.resize)
        meta |= {"resized_width": resized_width, "resized_height": resized_height}
    text = user_text(sample.instruction, sample.history, geometry)
    image = sample.image if image_ref is None else image_ref
    return {
        "id": sample.id,
        "images": [image],
        "coords": meta,
        "conversations": [
            {"role": "system", "content": SYSTEM_PROMPT[coords]},
            {
                "role": "user",
                "content": [{"type": "image", "image": image}, {"type": "text", "text": text}],
            },
            {"role": "assistant", "content": render_answer(action, geometry)},
        ],
    }


def parse_answer(text: str, coords: CoordinateMode, width: int, height: int) -> Action:
    """The Action in an assistant text written as `sft_conversation` writes it (or as a
    model trained on it answers); ``width``/``height``: the original screenshot's size.
    `cuakit.prompt.read_answer` with Qwen's default resize. Raises ActionParseError."""
    check_coordinate_mode(coords, "coords")
    return read_answer(text, ScreenGeometry(width, height, coords))


# ---- export ------------------------------------------------------------------------------------
def write_jsonl(path: Path, rows: Iterable[Mapping[str, Any]]) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            count += 1
    return count


def stored_samples(folder: Path) -> Iterator[StepSample]:
    """The samples of ``folder/samples.jsonl``, one at a time."""
    for _, data, _ in read_samples(folder / SAMPLES_FILE):
        if data is not None:
            yield StepSample.from_dict(data)


def export_sft(
    dataset_root: str | Path,
    out_dir: str | Path,
    format: str = "sft",
    coords: CoordinateMode = "normalised",
    history: int = 3,
    all_episodes: bool = False,
    replay: bool = True,
    progress: Progress | None = None,
    split: Split | None = None,
) -> dict[str, Any]:
    """Export ``dataset_root`` to ``out_dir`` (see the module docstring); returns the report
    also written to ``report.json``. The folder appears complete or not at all; an existing
    one is replaced only when it is an earlier export."""
    if format not in FORMATS:
        raise ConfigError(f"format={format!r}: use one of {', '.join(FORMATS)}")
    check_coordinate_mode(coords, "coords")
    if history < 0:
        raise ConfigError(f"history={history}: use 0 (no history) or more previous actions")
    if split is not None and split not in SPLITS:
        raise ConfigError(f"split={split!r}: use one of {', '.join(SPLITS)}")
    dataset = EpisodeDataset(dataset_root)
    selected = select_episodes(dataset, all_episodes, split)
    skipped, notes = Counter[str](), Counter[str]()
    steps = sum(dataset.meta(i).length for i in selected)

    def counted(samples: Iterable[StepSample]) -> Iterator[StepSample]:
        for done, sample in enumerate(samples, 1):
            if progress is not None:
                progress("samples", done, steps)
            yield sample

    with staged_output(out_dir, SAMPLES_FILE) as tmp:
        made = episode_samples(dataset, tmp, selected, history, replay, skipped, notes)
        count = write_sample_lines(tmp / SAMPLES_FILE, counted(made))
        files, extra = [SAMPLES_FILE, IMAGES_DIR], {}
        if format == "sft":
            conversations = (sft_conversation(s, coords) for s in stored_samples(tmp))
            write_jsonl(tmp / SFT_FILE, conversations)
            files.append(SFT_FILE)
        elif format == "hf":
            pairs = ((s, sft_conversation(s, coords)) for s in stored_samples(tmp))
            written = write_hf(tmp, pairs)
            files.append(written["path"])
            extra["hf_schema_from"] = written["schema_from"]
        report = {
            "dataset": str(dataset_root),
            "out": str(out_dir),
            "format": format,
            "coords": coords,
            "history": history,
            "split": split or "all",
            "episodes": len(selected),
            "episodes_left_out": len(dataset) - len(selected),
            "steps": steps,
            "samples": count,
            "skipped": dict(skipped),
            "without_elements": dict(notes),
            "files": files,
            **extra,
        }
        (tmp / REPORT_FILE).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return report

r"""ExeVR-style ShareGPT JSON: export success judgements with their videos, import them back.

```
OUT/
  exevr.json                    a list of items, one per success judgement
  videos/episode_000003.mp4     the episodes' videos (hard links where possible)
```
Each item (the human turn's newlines shown as line breaks):
```
{"id": "episode_000003-env-0",
 "videos": ["videos/episode_000003.mp4"],
 "conversations": [
   {"from": "human", "value": "<video>
                               Instruction: Press Share
                               Did the agent complete the task? Answer \box{correct} or \box{incorrect}."},
   {"from": "gpt", "value": "\box{correct}"}]}
```
Video paths are relative to the JSON file's folder. Importing reads the instruction after
``Instruction:`` and the answer from ``\box{…}`` (``\boxed{…}`` too).

Imported episodes have no seed, so they split by their instruction (`cuakit.episodes.splits`:
``split_of(None, instruction)``): every video of one task stays on one side, and the sides are
filled in the usual shares. One video judged under several instructions (a recording and its
translate / swap negatives share a file) is one recording: each copy after the first records
the first as its source (``derived_from``) and goes to its side.
"""  # noqa: E501

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cuakit.episodes import EpisodeDataset, EpisodeWriter, read_frames
from cuakit.errors import DatasetError, LabelError, VideoError

JSON_NAME = "exevr.json"
QUESTION = "Did the agent complete the task? Answer \\box{correct} or \\box{incorrect}."
ANSWER = re.compile(r"\\box(?:ed)?\{\s*(correct|incorrect)\s*\}")
INSTRUCTION = re.compile(r"Instruction:\s*(.*?)\s*(?:\n\s*Did the agent|\Z)", re.DOTALL)
IMPORT_ENV_ID = "exevr"
IMPORT_SOURCE = "exevr"


def prompt(instruction: str) -> str:
    """The human turn: the video, the instruction, the question."""
    return f"<video>\nInstruction: {instruction}\n{QUESTION}"


def answer(label: bool) -> str:
    """The gpt turn: ``\\box{correct}`` or ``\\box{incorrect}``."""
    return "\\box{correct}" if label else "\\box{incorrect}"


# ---- export --------------------------------------------------------------------------------
def _judgements(dataset: EpisodeDataset, include_negatives: bool) -> list[dict[str, Any]]:
    """Success-label rows, or the episodes' own outcomes when there are none."""
    rows = dataset.success_labels().to_pylist()
    if not rows:
        rows = [
            {"episode": m.index, "label": bool(m.success), "source": "env", "instruction": None}
            for m in dataset.episodes
            if m.success is not None
        ]
    if not include_negatives:
        rows = [
            row
            for row in rows
            if not row["source"].startswith("negative:")
            and "derived_from" not in dataset.meta(row["episode"]).extra
        ]
    return rows


def _link(src: Path, dst: Path) -> None:
    """Hard-link ``src`` to ``dst`` (copy across file systems), replacing ``dst``."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists():
        if dst.samefile(src):
            return
        dst.unlink()
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def export_exevr(
    dataset: EpisodeDataset, out_dir: str | Path, include_negatives: bool = True
) -> Path:
    """Write ``out_dir/exevr.json`` and the videos it names; returns the JSON's path.

    One item per success-label row (per judged episode when the dataset has no labels);
    ``include_negatives=False`` leaves out ``negative:*`` rows and derived episodes.
    """
    out = Path(out_dir)
    dataset.refresh()
    items, seen = [], Counter[tuple[int, str]]()
    for row in _judgements(dataset, include_negatives):
        meta = dataset.meta(row["episode"])
        src = dataset.root / meta.video
        if not src.is_file():
            raise VideoError(
                f"{src} not found (episode {meta.index}): restore the video or drop the episode"
            )
        video = f"videos/{Path(meta.video).name}"
        _link(src, out / video)
        key = (meta.index, row["source"])
        items.append(
            {
                "id": f"episode_{meta.index:06d}-{row['source']}-{seen[key]}",
                "videos": [video],
                "conversations": [
                    {"from": "human", "value": prompt(row["instruction"] or meta.instruction)},
                    {"from": "gpt", "value": answer(bool(row["label"]))},
                ],
            }
        )
        seen[key] += 1
    path = out / JSON_NAME
    tmp = path.with_name(f".{JSON_NAME}.tmp")
    tmp.write_text(json.dumps(items, indent=1, ensure_ascii=False))
    os.replace(tmp, path)
    return path


# ---- import --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """One parsed ExeVR item."""

    id: str
    """the item's ``id`` (``#<position>`` when it has none)"""
    video: Path
    """absolute path of its video"""
    instruction: str
    """the instruction parsed from the human turn"""
    label: bool
    """True for ``\\box{correct}``"""


def parse_item(raw: Any, position: int, folder: Path) -> Item:
    """Validate one item; errors name the item and what to fix."""
    item_id = raw.get("id") if isinstance(raw, dict) else None
    name = str(item_id) if item_id not in (None, "") else f"#{position}"
    where = f"exevr item {name!r} (position {position})"
    if not isinstance(raw, dict):
        raise LabelError(f"{where} is a {type(raw).__name__}: each item must be a JSON object")
    videos = raw.get("videos")
    if not (isinstance(videos, list) and len(videos) == 1 and isinstance(videos[0], str)):
        raise LabelError(f"{where}: 'videos' must be a list with one path, got {videos!r}")
    turns = raw.get("conversations")
    if not isinstance(turns, list) or not all(isinstance(t, dict) for t in turns):
        raise LabelError(f"{where}: 'conversations' must be a list of {{from, value}} objects")
    human = [str(t.get("value", "")) for t in turns if t.get("from") == "human"]
    gpt = [str(t.get("value", "")) for t in turns if t.get("from") == "gpt"]
    if len(human) != 1 or len(gpt) != 1:
        raise LabelError(
            f"{where}: needs exactly one 'human' and one 'gpt' turn, has {len(human)} and "
            f"{len(gpt)}"
        )
    if "<video>" not in human[0]:
        raise LabelError(f"{where}: the human turn has no <video> placeholder; add one")
    found = INSTRUCTION.search(human[0])
    instruction = found.group(1).strip() if found else ""
    if not instruction:
        raise LabelError(
            f"{where}: no instruction in the human turn; write it as 'Instruction: <text>'"
        )
    answers = ANSWER.findall(gpt[0])
    if len(set(answers)) != 1:
        raise LabelError(
            f"{where}: the gpt turn must hold one \\box{{correct}} or \\box{{incorrect}}, "
            f"got {gpt[0]!r}"
        )
    video = folder / videos[0]
    if not video.is_file():
        raise VideoError(
            f"{video} not found ({where}): put the video there (paths are relative to the "
            "JSON's folder) or drop the item"
        )
    return Item(name, video, instruction, answers[0] == "correct")


def read_exevr(json_path: str | Path) -> list[Item]:
    """Parse and validate every item of an ExeVR JSON file before anything is imported."""
    path = Path(json_path)
    if not path.is_file():
        raise DatasetError(f"{path} not found: pass the JSON written by `export_exevr`")
    try:
        raw = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DatasetError(f"{path} is not valid JSON ({exc}); fix or re-export it") from exc
    if not isinstance(raw, list):
        raise DatasetError(f"{path} holds a {type(raw).__name__}: expected a list of items")
    items = [parse_item(entry, k, path.parent) for k, entry in enumerate(raw)]
    duplicates = sorted(i for i, n in Counter(item.id for item in items).items() if n > 1)
    if duplicates:
        raise LabelError(f"{path}: item ids {duplicates[:5]} repeat; give every item its own id")
    return items


def import_exevr(json_path: str | Path, out_dataset: str | Path, fps: int = 10) -> int:
    """Write one episode per item (env id ``exevr``, no seed) plus its success row (source
    ``exevr``); an item whose video an earlier one already brought records that one as its
    source (``derived_from``), so both split together.

    Items already imported into ``out_dataset`` (same id) are skipped; returns how many
    were imported.
    """
    items = read_exevr(json_path)
    root = Path(out_dataset)
    written = 0
    with EpisodeWriter(root, fps=fps) as writer:
        dataset = EpisodeDataset(root)
        imported = [m for m in dataset.episodes if m.env_id == IMPORT_ENV_ID]
        done = {m.extra.get("exevr_id") for m in imported}
        first_of = {  # video digest → the first episode imported from that video
            m.extra["video_digest"]: m.index
            for m in imported
            if "video_digest" in m.extra and "derived_from" not in m.extra
        }
        for item in items:
            if item.id in done:
                continue
            frames = read_frames(item.video)  # (N, H, W, 3) uint8
            digest = hashlib.sha256(item.video.read_bytes()).hexdigest()[:16]
            extra = {"exevr_id": item.id, "family": IMPORT_ENV_ID, "video_digest": digest}
            if digest in first_of:
                extra["derived_from"] = first_of[digest]
            writer.begin(
                env_id=IMPORT_ENV_ID,
                instruction=item.instruction,
                task_id=f"{IMPORT_ENV_ID}:{item.id}",
                policy=IMPORT_SOURCE,
                extra=extra,
            )
            for frame in frames:
                writer.add_frame(frame)
            meta = writer.finish(success=item.label)
            first_of.setdefault(digest, meta.index)
            written += 1
    dataset.refresh()
    labelled = {
        row["episode"]
        for row in dataset.success_labels().to_pylist()
        if row["source"] == IMPORT_SOURCE
    }
    rows = [  # also completes an import interrupted between an episode and its label
        {"episode": m.index, "label": bool(m.success), "source": IMPORT_SOURCE}
        for m in dataset.episodes
        if m.env_id == IMPORT_ENV_ID and m.success is not None and m.index not in labelled
    ]
    if rows:
        dataset.add_success_labels(rows)
    return written

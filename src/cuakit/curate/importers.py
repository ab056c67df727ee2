"""Public GUI trajectory datasets as step samples (`cuakit.curate.samples`), read offline.

```python
report = import_agentnet("AgentNet/agentnet_ubuntu_5k.jsonl", "imports/agentnet")
report = import_mind2web("Multimodal-Mind2Web/data", "imports/mind2web")
report = import_androidcontrol("android_control/", "imports/androidcontrol")
```
Each writes ``OUT/samples.jsonl``, ``OUT/images/`` (the screenshots, bytes as published) and
``OUT/report.json``, all at once (`cuakit.curate.staging`), and returns the report: episodes,
source steps read, samples written, and the steps skipped, counted by reason. A step is
skipped, never guessed, when cuakit's action schema cannot say what it did (a long press, a
drop-down choice, a triple click), when its record is malformed, or when its screenshot is
missing or unreadable. Pixel coordinates are normalised by the screenshot's own size.
Samples carry the previous ``history`` imported actions of their episode (skipped ones
cannot be written in cuakit's wire form). The source's own step description becomes the
action's ``reasoning``; ``elements`` stay None (none of the three ships an element list in
cuakit's form). Per-source details, with the schema each follows, are in the functions.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
from PIL import Image

from cuakit.actions import Action, from_pixels
from cuakit.curate.pyautogui_code import UnsupportedAction, code_action
from cuakit.curate.samples import IMAGES_DIR, SAMPLES_FILE, Box, StepSample, write_samples
from cuakit.curate.staging import staged_output
from cuakit.curate.tfrecord import parse_example, read_records
from cuakit.errors import ActionParseError, ConfigError, DatasetFormatError

REPORT_FILE = "report.json"
_EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp", "GIF": ".gif", "BMP": ".bmp"}


# ---- shared ------------------------------------------------------------------------------------
def _source_files(src: Path, pattern: str, recursive: bool = False) -> list[Path]:
    """``src`` itself, or the files in it matching ``pattern``."""
    if src.is_file():
        return [src]
    if not src.is_dir():
        raise DatasetFormatError(f"{src} not found: pass the downloaded file or its folder")
    files = sorted(p for p in (src.rglob if recursive else src.glob)(pattern) if p.is_file())
    if not files:
        raise DatasetFormatError(f"{src} holds no {pattern} files: is this the right folder?")
    return files


def _image_info(data: bytes) -> tuple[int, int, str]:
    """(width, height, file extension) of an encoded image, read from its header."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.width, image.height, _EXTENSIONS.get(image.format or "", ".png")
    except (OSError, ValueError):
        raise UnsupportedAction("unreadable screenshot") from None


def _store(out: Path, stem: str, data: bytes, extension: str) -> str:
    """Write a screenshot under ``out/images/``; returns its path relative to ``out``."""
    name = f"{IMAGES_DIR}/{re.sub(r'[^A-Za-z0-9_.-]', '_', stem)}{extension}"
    (out / name).write_bytes(data)
    return name


def _chained(samples: Iterable[StepSample], history: int) -> list[StepSample]:
    """An episode's samples numbered in order, each with the previous ``history`` actions."""
    out: list[StepSample] = []
    for k, sample in enumerate(samples):
        earlier = out[max(0, k - history) : k] if history else []
        past = tuple(json.dumps(dict(s.action), ensure_ascii=False) for s in earlier)
        out.append(replace(sample, step=k, history=past))
    return out


def _skip_reason(error: Exception) -> str:
    if isinstance(error, UnsupportedAction):
        return error.reason
    if isinstance(error, ActionParseError):
        return f"invalid action ({error.field})"
    return f"malformed step ({type(error).__name__})"


# what a malformed step raises on its way to a sample: counted, never fatal
_STEP_ERRORS = (
    UnsupportedAction,
    ActionParseError,
    AttributeError,
    IndexError,
    KeyError,
    TypeError,
    ValueError,
)
Episodes = Callable[[Path, Counter[str], Counter[str]], Iterable[StepSample]]
"""(output folder, skipped reasons, counts of episodes and steps) -> the samples, in order"""


def _run(
    name: str, src: str | Path, out_dir: str | Path, history: int, episodes: Episodes
) -> dict[str, Any]:
    """Stage the output folder, write the samples ``episodes`` yields, and the report."""
    if history < 0:
        raise ConfigError(f"history={history}: use 0 (no history) or more previous actions")
    skipped, counts = Counter[str](), Counter[str]()
    with staged_output(out_dir, SAMPLES_FILE) as tmp:
        (tmp / IMAGES_DIR).mkdir()
        written = write_samples(tmp / SAMPLES_FILE, episodes(tmp, skipped, counts))
        report = {
            "source": name,
            "src": str(src),
            "out": str(out_dir),
            "episodes": counts["episodes"],
            "steps": counts["steps"],
            "samples": written,
            "skipped": dict(skipped),
        }
        (tmp / REPORT_FILE).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return report


# ---- AgentNet (OpenCUA) --------------------------------------------------------------------------
def import_agentnet(
    src: str | Path, out_dir: str | Path, images: str | Path | None = None, history: int = 3
) -> dict[str, Any]:
    """OpenCUA's AgentNet: JSON Lines of trajectories, screenshots in a folder beside them.

    Schema: the dataset card https://huggingface.co/datasets/xlangai/AgentNet (README.md,
    "Data Structure"; files ``agentnet_ubuntu_5k.jsonl``, ``agentnet_win_mac_18k.jsonl``) and
    the action space of github.com/xlang-ai/OpenCUA (``evaluation/agentnetbench``: PyAutoGUI
    ``click``/``doubleClick``/``rightClick``/``moveTo``/``dragTo``/``scroll``/``write``/
    ``press``/``hotkey`` with relative coordinates, ``computer.terminate(status=…)``,
    ``computer.wait``, ``computer.triple_click``). Read per line: ``task_id``,
    ``instruction`` (else ``natural_language_task``), ``task_completed``, ``traj``; per step:
    ``index``, ``image`` (a file name in ``images``, default ``SRC/images`` or SRC's folder),
    ``value.code`` (the action, parsed by `cuakit.curate.pyautogui_code`, never run),
    ``value.action`` (its description: the reasoning), ``value.last_step_correct`` and
    ``value.last_step_redundant`` (kept in ``extra`` for the quality filter). Every
    trajectory is imported, completed or not: ``task_completed`` is in ``extra`` too.
    """
    src = Path(src)
    files = _source_files(src, "*.jsonl")
    folder = src if src.is_dir() else src.parent
    image_dir = Path(images) if images is not None else folder / "images"
    if images is None and not image_dir.is_dir():
        image_dir = folder

    def episodes(tmp: Path, skipped: Counter[str], counts: Counter[str]) -> Iterator[StepSample]:
        for record in _json_lines(files, skipped):
            try:
                instruction = str(record.get("instruction") or record["natural_language_task"])
                steps = list(record["traj"])
            except (KeyError, TypeError, AttributeError):
                skipped["malformed record"] += 1
                continue
            episode = counts["episodes"]
            counts["episodes"] += 1
            made = []
            for k, step in enumerate(steps):
                counts["steps"] += 1
                try:
                    sample = _agentnet_step(record, instruction, step, episode, k, image_dir, tmp)
                    made.append(sample)
                except _STEP_ERRORS as error:
                    skipped[_skip_reason(error)] += 1
            yield from _chained(made, history)

    return _run("agentnet", src, out_dir, history, episodes)


def _json_lines(files: list[Path], skipped: Counter[str]) -> Iterator[Any]:
    """The JSON value of each non-blank line; lines that are not JSON are counted."""
    for file in files:
        with file.open(encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    continue
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    skipped["malformed record"] += 1


def _agentnet_step(
    record: Mapping[str, Any],
    instruction: str,
    step: Mapping[str, Any],
    episode: int,
    k: int,
    images: Path,
    out: Path,
) -> StepSample:
    value, name = step["value"], Path(str(step["image"]))
    if name.is_absolute() or ".." in name.parts:
        raise UnsupportedAction("screenshot path outside the images folder")
    path = images / name
    if not path.is_file():
        raise UnsupportedAction("missing screenshot")
    data = path.read_bytes()
    width, height, extension = _image_info(data)
    action = code_action(str(value["code"]), width, height, str(value.get("action") or ""))
    return StepSample(
        id=f"agentnet/{record.get('task_id', episode)}/{step.get('index', k)}",
        image=_store(out, f"{episode:06d}_{k:03d}", data, extension),
        instruction=instruction,
        action=action.to_dict(),
        width=width,
        height=height,
        source="agentnet",
        episode=episode,
        extra={
            "task_id": record.get("task_id"),
            "task_completed": record.get("task_completed"),
            "last_step_correct": value.get("last_step_correct"),
            "last_step_redundant": value.get("last_step_redundant"),
        },
    )


# ---- Mind2Web (Multimodal-Mind2Web) -------------------------------------------------------------
MIND2WEB_COLUMNS = (
    "annotation_id",
    "action_uid",
    "confirmed_task",
    "operation",
    "pos_candidates",
    "screenshot",
)
MIND2WEB_OPTIONAL = ("target_action_index", "target_action_reprs", "website", "domain")


def import_mind2web(src: str | Path, out_dir: str | Path, history: int = 3) -> dict[str, Any]:
    """Mind2Web with screenshots: Multimodal-Mind2Web's Parquet files, one row per action.

    Schema: https://huggingface.co/datasets/osunlp/Multimodal-Mind2Web (README.md, "Data
    Fields", ``data/train-*.parquet``), whose fields are Mind2Web's
    (https://huggingface.co/datasets/osunlp/Mind2Web) plus the screenshot before the action.
    Read: ``annotation_id`` (the task: rows are grouped by it and ordered by
    ``target_action_index``, the action's position in the task), ``action_uid``,
    ``confirmed_task`` (the instruction), ``operation`` (JSON: ``op`` CLICK/TYPE/SELECT,
    ``original_op`` which also tells HOVER and ENTER apart, ``value``), ``pos_candidates``
    (JSON strings; the target is the one with ``is_original_target``, else the first; its
    ``attributes`` JSON holds ``bounding_box_rect`` "x,y,w,h" in screenshot pixels),
    ``screenshot`` (Hugging Face image: ``bytes``), ``target_action_reprs`` (the reasoning).

    Mapping: CLICK clicks the target's centre, HOVER moves there, ENTER presses Enter, TYPE
    becomes two samples on the same screenshot — a click on the field, then typing the value
    (cuakit types into the focused element). SELECT (choosing a drop-down option) has no
    cuakit action and is skipped; so is a target without a box or outside the screenshot.
    Raw Mind2Web (``data/*.json`` plus the ``raw_dump`` screenshots) is not read here.
    """
    src = Path(src)
    files = _source_files(src, "*.parquet", recursive=True)

    def episodes(tmp: Path, skipped: Counter[str], counts: Counter[str]) -> Iterator[StepSample]:
        tasks: dict[str, list[tuple[int, list[StepSample]]]] = {}  # in the order first seen
        ordinal: dict[str, int] = {}
        for file in files:
            table = pq.ParquetFile(file)
            missing = [c for c in MIND2WEB_COLUMNS if c not in table.schema_arrow.names]
            if missing:
                raise DatasetFormatError(f"{file}: no column(s) {missing}; is it Mind2Web?")
            columns = MIND2WEB_COLUMNS + tuple(
                c for c in MIND2WEB_OPTIONAL if c in table.schema_arrow.names
            )
            for batch in table.iter_batches(batch_size=16, columns=list(columns)):
                for row in batch.to_pylist():  # screenshots are large: a few rows at a time
                    counts["steps"] += 1
                    task = str(row["annotation_id"])
                    steps = tasks.setdefault(task, [])
                    episode = ordinal.setdefault(task, len(ordinal))
                    try:
                        position = int(row.get("target_action_index") or len(steps))
                        steps.append((position, _mind2web_step(row, episode, tmp)))
                    except _STEP_ERRORS as error:
                        skipped[_skip_reason(error)] += 1
        for steps in tasks.values():
            counts["episodes"] += 1
            ordered = [s for _, made in sorted(steps, key=lambda item: item[0]) for s in made]
            yield from _chained(ordered, history)

    return _run("mind2web", src, out_dir, history, episodes)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def _mind2web_target(candidates: Any) -> tuple[float, float, float, float]:
    """The pixel box (x, y, w, h) of the element the action targets."""
    parsed = [_json(c) for c in candidates or []]
    if not parsed:
        raise UnsupportedAction("no target element")
    target = next((c for c in parsed if c.get("is_original_target")), parsed[0])
    rect = str(_json(target.get("attributes") or "{}").get("bounding_box_rect") or "")
    box = tuple(float(v) for v in rect.split(",")) if rect.count(",") == 3 else ()
    if len(box) != 4 or box[2] <= 0 or box[3] <= 0:
        raise UnsupportedAction("target element without a box")
    return box  # type: ignore[return-value]


def _mind2web_step(row: Mapping[str, Any], episode: int, out: Path) -> list[StepSample]:
    operation = _json(row["operation"])
    kind = str(operation.get("original_op") or operation.get("op") or "").upper()
    if kind == "SELECT":
        raise UnsupportedAction("SELECT: no cuakit action (a drop-down choice)")
    if kind not in ("CLICK", "HOVER", "ENTER", "TYPE"):
        raise UnsupportedAction(f"operation {kind or '?'}: no cuakit action")
    x, y, w, h = _mind2web_target(row["pos_candidates"])
    shot = row["screenshot"]
    data = shot.get("bytes") if isinstance(shot, Mapping) else shot
    if not data:
        raise UnsupportedAction("missing screenshot")
    width, height, extension = _image_info(data)
    cx, cy = (x + w / 2) / width, (y + h / 2) / height
    if not (0 <= cx <= 1 and 0 <= cy <= 1):
        raise UnsupportedAction("target outside the screenshot")
    left, top = max(0.0, x / width), max(0.0, y / height)
    box: Box = (left, top, min(1.0, (x + w) / width) - left, min(1.0, (y + h) / height) - top)
    reasoning = str(row.get("target_action_reprs") or "")
    value = str(operation.get("value") or "")
    actions = {
        "CLICK": [Action.click(cx, cy, reasoning)],
        "HOVER": [Action.move(cx, cy, reasoning)],
        "ENTER": [Action.key("enter", reasoning)],
        "TYPE": [Action.click(cx, cy, reasoning), Action.type_text(value, reasoning)]
        if value
        else [],
    }[kind]
    if not actions:
        raise UnsupportedAction("TYPE without a value")
    uid = str(row["action_uid"])
    image = _store(out, f"{episode:06d}_{uid}", data, extension)
    extra = {key: row.get(key) for key in ("annotation_id", "action_uid", "website", "domain")}
    return [
        StepSample(
            id=f"mind2web/{row['annotation_id']}/{uid}" + ("/type" if k else ""),
            image=image,
            instruction=str(row["confirmed_task"]),
            action=action.to_dict(),
            width=width,
            height=height,
            target_bbox=box if action.point is not None else None,
            source="mind2web",
            episode=episode,
            extra={**extra, "op": kind},
        )
        for k, action in enumerate(actions)
    ]


# ---- AndroidControl ------------------------------------------------------------------------------
def import_androidcontrol(
    src: str | Path, out_dir: str | Path, history: int = 3, verify_data: bool = False
) -> dict[str, Any]:
    """AndroidControl: GZIP TFRecord files of ``tf.train.Example`` episodes.

    Schema: github.com/google-research/google-research ``android_control/README.md``
    ("Dataset format", "Action space"); files ``android_control-000NN-of-00020`` from
    gs://gresearch/android_control, read by `cuakit.curate.tfrecord` (no TensorFlow). Read:
    ``episode_id``, ``goal`` (the instruction), ``screenshots`` (PNG bytes),
    ``screenshot_widths``/``screenshot_heights`` (checked against the PNGs), ``actions``
    (JSON, one between each two screenshots: ``len(screenshots) - 1`` of them; the step's
    screenshot is the one before it) and ``step_instructions`` (the reasoning);
    ``accessibility_trees`` are not read.

    Mapping (``action_type``): ``click`` at pixel ``x``, ``y``; ``scroll`` with
    ``direction`` (AndroidControl gives no amount: cuakit's default 3); ``input_text`` types
    ``text``; ``wait`` waits 1 s (no duration is given). Skipped, having no cuakit action:
    ``long_press``, ``open_app``, ``navigate_home``, ``navigate_back``, and ``type`` (a click,
    the text and Enter in one).
    """
    src = Path(src)
    files = _source_files(src, "android_control*")

    def episodes(tmp: Path, skipped: Counter[str], counts: Counter[str]) -> Iterator[StepSample]:
        for file in files:
            for data in read_records(file, verify_data):
                try:
                    example = parse_example(data)
                    episode_id = int(example["episode_id"][0])
                    goal = example["goal"][0].decode("utf-8")
                    actions = [a.decode("utf-8") for a in example["actions"]]
                except (DatasetFormatError, KeyError, IndexError, UnicodeDecodeError):
                    skipped["malformed record"] += 1
                    continue
                shots = example.get("screenshots", [])
                if len(actions) != len(shots) - 1:
                    skipped["malformed episode (actions != screenshots - 1)"] += len(actions)
                    continue
                counts["episodes"] += 1
                made = []
                for k, raw in enumerate(actions):
                    counts["steps"] += 1
                    try:
                        made.append(_android_step(example, episode_id, goal, k, raw, tmp))
                    except _STEP_ERRORS as error:
                        skipped[_skip_reason(error)] += 1
                yield from _chained(made, history)

    return _run("androidcontrol", src, out_dir, history, episodes)


def _android_action(raw: Mapping[str, Any], width: int, height: int, reasoning: str) -> Action:
    kind = raw.get("action_type")
    match kind:
        case "click":
            return Action.click(*from_pixels(raw.get("x"), raw.get("y"), width, height), reasoning)
        case "scroll":
            return Action.scroll(str(raw.get("direction")), reasoning=reasoning)
        case "input_text":
            return Action.type_text(raw.get("text"), reasoning)  # type: ignore[arg-type]
        case "wait":
            return Action.wait(1.0, reasoning)
        case "long_press" | "open_app" | "navigate_home" | "navigate_back" | "type":
            raise UnsupportedAction(f"{kind}: no cuakit action")
    raise UnsupportedAction(f"unknown action_type {kind!r}")


def _android_step(
    example: Mapping[str, list[Any]], episode_id: int, goal: str, k: int, raw: str, out: Path
) -> StepSample:
    data = example["screenshots"][k]
    width, height, extension = _image_info(data)
    declared = (example["screenshot_widths"][k], example["screenshot_heights"][k])
    if declared != (width, height):
        raise UnsupportedAction("screenshot size differs from screenshot_widths/heights")
    steps = example.get("step_instructions") or []
    reasoning = steps[k].decode("utf-8") if k < len(steps) else ""
    action_data = json.loads(raw)
    action = _android_action(action_data, width, height, reasoning)
    return StepSample(
        id=f"androidcontrol/{episode_id}/{k}",
        image=_store(out, f"{episode_id}_{k:03d}", data, extension),
        instruction=goal,
        action=action.to_dict(),
        width=width,
        height=height,
        source="androidcontrol",
        episode=episode_id,
        extra={"action_type": action_data.get("action_type")},
    )

"""Importers of AgentNet, Mind2Web and AndroidControl: each test writes a tiny dataset in the
published layout, imports it and checks the samples, the normalisation and the skips."""

from __future__ import annotations

import gzip
import io
import json
import struct
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

from cuakit.actions import Action
from cuakit.curate.importers import import_agentnet, import_androidcontrol, import_mind2web
from cuakit.curate.pyautogui_code import UnsupportedAction, code_action
from cuakit.curate.samples import StepSample, read_samples
from cuakit.curate.tfrecord import crc32c, masked_crc, parse_example, read_records
from cuakit.errors import ActionParseError, DatasetFormatError


def image_bytes(width: int, height: int, format: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 60, 20)).save(buffer, format=format)
    return buffer.getvalue()


def samples(out: Path) -> list[StepSample]:
    return [StepSample.from_dict(data) for _, data, _ in read_samples(out / "samples.jsonl")]


def check_images(out: Path, found: list[StepSample]) -> None:
    for sample in found:
        with Image.open(out / sample.image) as image:
            assert image.size == (sample.width, sample.height)


def history_is_previous(found: list[StepSample], history: int) -> None:
    by_episode: dict[int | None, list[StepSample]] = {}
    for sample in found:
        by_episode.setdefault(sample.episode, []).append(sample)
    for steps in by_episode.values():
        for k, sample in enumerate(steps):
            assert sample.step == k
            earlier = [json.dumps(s.action) for s in steps[max(0, k - history) : k]]
            assert list(sample.history) == earlier


@pytest.mark.parametrize(
    ("code", "action"),
    [
        (
            "pyautogui.moveTo(x=0.1, y=0.2)\npyautogui.dragTo(x=0.3, y=0.4)",
            Action.drag(0.1, 0.2, 0.3, 0.4),
        ),
        ("pyautogui.scroll(-5)", Action.scroll("down", 5)),
        ("pyautogui.scroll(2, x=0.5, y=0.5)", Action.scroll("up", 2, 0.5, 0.5)),
        ("pyautogui.hscroll(3)", Action.scroll("right", 3)),
        ("pyautogui.doubleClick(x=0.5, y=0.5)", Action.double_click(0.5, 0.5)),
        ("pyautogui.click(x=0.5, y=0.5, button='right')", Action.right_click(0.5, 0.5)),
        ("pyautogui.press(keys=['Return'])", Action.key("enter")),
        ("pyautogui.hotkey(keys=['cmd', 'c'])", Action.key("meta+c")),
        ("computer.terminate(status='failure')", Action.fail()),
        ("computer.wait()", Action.wait(1.0)),
    ],
)
def test_pyautogui_code_maps_to_actions(code: str, action: Action) -> None:
    assert code_action(code, 1920, 1080) == action


@pytest.mark.parametrize(
    ("code", "error"),
    [
        ("pyautogui.dragTo(x=0.3, y=0.4)", UnsupportedAction),  # its start is unknown
        ("pyautogui.press('backspace', presses=3)", UnsupportedAction),
        ("pyautogui.click()", UnsupportedAction),  # the pointer's position: unknown
        ("pyautogui.click(x=0.1, y=0.1)\npyautogui.click(x=0.2, y=0.2)", UnsupportedAction),
        ("pyautogui.click(x=float('nan'), y=0.1)", ActionParseError),
        ("exec('print(1)')", ActionParseError),
        ("pyautogui.click(**{'x': 1})", ActionParseError),
    ],
)
def test_pyautogui_code_that_cuakit_cannot_say_or_must_not_run(code: str, error: type) -> None:
    with pytest.raises(error):
        code_action(code, 1920, 1080)


# ---- AgentNet ------------------------------------------------------------------------------
def agentnet_step(index: int, image: str, code: str, action: str = "") -> dict:
    value = {
        "observation": "…",
        "thought": "…",
        "action": action,
        "code": code,
        "last_step_correct": index != 1,
        "last_step_redundant": False,
        "reflection": "…",
    }
    return {"index": index, "image": image, "value": value}


@pytest.fixture
def agentnet(tmp_path: Path) -> Path:
    src = tmp_path / "AgentNet"
    (src / "images").mkdir(parents=True)
    (src / "images" / "a0.png").write_bytes(image_bytes(200, 100))
    (src / "images" / "a1.png").write_bytes(image_bytes(200, 100))
    (src / "images" / "b0.png").write_bytes(image_bytes(400, 300))
    first = {
        "task_id": "20240927235321_a",
        "instruction": "sort the table",
        "task_completed": True,
        "alignment_score": 7,
        "efficiency_score": 6,
        "task_difficulty": 3,
        "natural_language_task": "Could you sort…",
        "actual_task": "Sort…",
        "traj": [
            agentnet_step(0, "a0.png", "pyautogui.click(x=0.25, y=0.5)", "Click on cell C2"),
            agentnet_step(1, "a1.png", "pyautogui.write(message='42')\npyautogui.press('enter')"),
            agentnet_step(2, "a1.png", "computer.triple_click(x=0.5, y=0.5)"),
            agentnet_step(3, "a0.png", "pyautogui.hotkey('ctrl', 's')"),
            agentnet_step(4, "a0.png", "computer.terminate(status='success')"),
        ],
    }
    second = {
        "task_id": "b",
        "instruction": "",
        "natural_language_task": "open the menu",
        "task_completed": False,
        "traj": [
            agentnet_step(0, "b0.png", "# the File menu\npyautogui.click(x=150, y=25)"),
            agentnet_step(1, "missing.png", "pyautogui.click(x=0.1, y=0.1)"),
            agentnet_step(2, "b0.png", "__import__('os').system('echo hacked')"),
            agentnet_step(3, "b0.png", "pyautogui.click(x=900, y=25)"),
            agentnet_step(4, "../AgentNet/images/b0.png", "pyautogui.click(x=0.1, y=0.1)"),
        ],
    }
    lines = [json.dumps(first), "{not json", json.dumps(second)]
    (src / "agentnet_ubuntu_5k.jsonl").write_text("\n".join(lines) + "\n")
    return src


def test_agentnet_steps_become_samples_and_unknown_code_is_counted(
    agentnet: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    report = import_agentnet(agentnet / "agentnet_ubuntu_5k.jsonl", out, history=2)
    assert (report["episodes"], report["steps"], report["samples"]) == (2, 10, 5)
    assert report["skipped"] == {
        "screenshot path outside the images folder": 1,
        "malformed record": 1,
        "computer.triple_click: no cuakit action": 1,
        "missing screenshot": 1,
        "invalid action (code)": 1,  # parsed, never run
        "invalid action (coordinates)": 1,  # x=900 on a 400-pixel-wide screenshot
    }
    found = samples(out)
    actions = [Action.from_dict(s.action) for s in found]
    assert actions[0] == Action.click(0.25, 0.5, "Click on cell C2")
    assert actions[1] == Action.type_text("42\n")
    assert actions[2] == Action.key("ctrl+s")
    assert actions[3] == Action.finish()
    assert actions[4] == Action.click(150.5 / 400, 25.5 / 300)  # pixels of its screenshot
    assert [s.instruction for s in found] == ["sort the table"] * 4 + ["open the menu"]
    assert found[1].extra["last_step_correct"] is False and found[0].extra["task_completed"]
    assert all(s.elements is None and s.target_bbox is None for s in found)
    history_is_previous(found, 2)
    check_images(out, found)
    assert json.loads((out / "report.json").read_text()) == report


def test_agentnet_folder_and_missing_source(agentnet: Path, tmp_path: Path) -> None:
    assert import_agentnet(agentnet, tmp_path / "out")["samples"] == 5
    with pytest.raises(DatasetFormatError, match="not found"):
        import_agentnet(tmp_path / "nowhere", tmp_path / "out2")
    with pytest.raises(DatasetFormatError, match=r"no \*.jsonl"):
        import_agentnet(agentnet / "images", tmp_path / "out3")


# ---- Mind2Web --------------------------------------------------------------------------------
def candidate(box: str, original: bool = True) -> str:
    attributes = json.dumps({"backend_node_id": "136", "bounding_box_rect": box, "class": "b"})
    return json.dumps(
        {
            "tag": "button",
            "attributes": attributes,
            "backend_node_id": "136",
            "is_original_target": original,
            "is_top_level_target": True,
        }
    )


def mind2web_row(
    task: str,
    index: int,
    op: str,
    boxes: list[str],
    value: str = "",
    original_op: str | None = None,
) -> dict:
    operation = {"op": op, "original_op": original_op or op, "value": value}
    return {
        "action_uid": f"{task}-uid-{index}",
        "raw_html": "<html/>",
        "cleaned_html": "<html/>",
        "operation": json.dumps(operation),
        "pos_candidates": [candidate(b) for b in boxes],
        "neg_candidates": [candidate("0,0,5,5", False)],
        "website": "exploretock",
        "domain": "Travel",
        "subdomain": "Restaurant",
        "annotation_id": task,
        "confirmed_task": f"task {task}",
        "action_reprs": ["[button]  Go -> CLICK"],
        "screenshot": {"bytes": image_bytes(400, 300, "JPEG"), "path": None},
        "target_action_index": str(index),
        "target_action_reprs": f"[button]  step {index}",
    }


def test_mind2web_rows_become_ordered_samples_with_target_boxes(tmp_path: Path) -> None:
    rows = [
        mind2web_row("t1", 1, "TYPE", ["100,40,200,20"], value="Boston"),
        mind2web_row("t2", 0, "CLICK", []),  # Multimodal-Mind2Web may have no candidate left
        mind2web_row("t1", 0, "CLICK", ["10,10,40,20"]),
        mind2web_row("t1", 2, "SELECT", ["10,100,80,20"], value="2 guests"),
        mind2web_row("t2", 1, "CLICK", ["300,280,40,40"], original_op="HOVER"),
        mind2web_row("t2", 2, "CLICK", ["10,900,40,20"]),  # below the screenshot
        mind2web_row("t2", 3, "CLICK", ["-1,-1,-1,-1"]),
    ]
    (tmp_path / "data").mkdir()
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "data" / "train-00000-of-00027.parquet")
    out = tmp_path / "out"
    report = import_mind2web(tmp_path, out, history=3)
    assert (report["episodes"], report["steps"], report["samples"]) == (2, 7, 4)
    assert report["skipped"] == {
        "no target element": 1,
        "SELECT: no cuakit action (a drop-down choice)": 1,
        "target outside the screenshot": 1,
        "target element without a box": 1,
    }
    found = samples(out)
    actions = [Action.from_dict(s.action) for s in found]
    assert actions[0] == Action.click(30 / 400, 20 / 300, "[button]  step 0")  # sorted by index
    assert actions[1] == Action.click(200 / 400, 50 / 300, "[button]  step 1")
    assert actions[2] == Action.type_text("Boston", "[button]  step 1")  # TYPE: click, then type
    assert found[1].image == found[2].image
    assert actions[3].type.value == "move" and actions[3].point == (320 / 400, 300 / 300)
    assert found[0].target_bbox == pytest.approx((10 / 400, 10 / 300, 40 / 400, 20 / 300))
    assert found[3].target_bbox == pytest.approx((300 / 400, 280 / 300, 40 / 400, 20 / 300))
    assert found[2].target_bbox is None  # typing has no point
    for sample, action in zip(found, actions, strict=True):
        if action.point is not None:
            x, y, w, h = sample.target_bbox
            assert x <= action.point[0] <= x + w and y <= action.point[1] <= y + h
    assert [s.instruction for s in found] == ["task t1"] * 3 + ["task t2"]
    assert found[0].image.endswith(".jpg")
    history_is_previous(found, 3)
    check_images(out, found)


def test_mind2web_file_without_its_columns_is_a_format_error(tmp_path: Path) -> None:
    pq.write_table(pa.table({"annotation_id": ["x"]}), tmp_path / "other.parquet")
    with pytest.raises(DatasetFormatError, match="action_uid"):
        import_mind2web(tmp_path / "other.parquet", tmp_path / "out")
    assert not (tmp_path / "out").exists()


# ---- AndroidControl -------------------------------------------------------------------------
def varint(value: int) -> bytes:
    out = bytearray()
    value &= (1 << 64) - 1
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(number: int, payload: bytes) -> bytes:
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def example(features: dict[str, list]) -> bytes:
    """A tf.train.Example (feature.proto): bytes as a BytesList, ints as a packed Int64List."""
    entries = b""
    for name, values in features.items():
        if all(isinstance(v, bytes) for v in values):
            feature = field(1, b"".join(field(1, v) for v in values))
        else:
            feature = field(3, field(1, b"".join(varint(v) for v in values)))
        entries += field(1, field(1, name.encode()) + field(2, feature))
    return field(1, entries)


def tfrecord(records: list[bytes]) -> bytes:
    out = b""
    for data in records:
        length = struct.pack("<Q", len(data))
        out += length + struct.pack("<I", masked_crc(length)) + data
        out += struct.pack("<I", masked_crc(data))
    return out


def episode(episode_id: int, actions: list[dict], size: tuple[int, int] = (100, 200)) -> bytes:
    shots = len(actions) + 1
    return example(
        {
            "episode_id": [episode_id],
            "goal": [f"goal {episode_id}".encode()],
            "screenshots": [image_bytes(*size)] * shots,
            "screenshot_widths": [size[0]] * shots,
            "screenshot_heights": [size[1]] * shots,
            "accessibility_trees": [b"\x0a\x00"] * shots,
            "actions": [json.dumps(a).encode() for a in actions],
            "step_instructions": [f"step {k}".encode() for k in range(len(actions))],
        }
    )


def test_crc32c_and_example_decoding() -> None:
    assert crc32c(b"123456789") == 0xE3069283  # the CRC-32C check value
    decoded = parse_example(example({"n": [3, -1], "s": [b"a", b""]}))
    assert decoded == {"n": [3, -1], "s": [b"a", b""]}


def test_androidcontrol_episodes_become_samples(tmp_path: Path) -> None:
    records = [
        episode(
            7,
            [
                {"action_type": "click", "x": 50, "y": 100},
                {"action_type": "input_text", "text": "hello"},
                {"action_type": "navigate_back"},
            ],
        ),
        b"\x00not an example",
        episode(
            8,
            [
                {"action_type": "open_app", "app_name": "Clock"},
                {"action_type": "scroll", "direction": "down"},
                {"action_type": "wait"},
            ],
        ),
    ]
    src = tmp_path / "android_control"
    src.mkdir()
    (src / "android_control-00000-of-00020").write_bytes(gzip.compress(tfrecord(records)))
    out = tmp_path / "out"
    report = import_androidcontrol(src, out, history=1)
    assert (report["episodes"], report["steps"], report["samples"]) == (2, 6, 4)
    assert report["skipped"] == {
        "malformed record": 1,
        "navigate_back: no cuakit action": 1,
        "open_app: no cuakit action": 1,
    }
    found = samples(out)
    actions = [Action.from_dict(s.action) for s in found]
    assert actions[0] == Action.click(50.5 / 100, 100.5 / 200, "step 0")  # pixel centres
    assert actions[1] == Action.type_text("hello", "step 1")
    assert actions[2] == Action.scroll("down", reasoning="step 1")
    assert actions[3] == Action.wait(1.0, "step 2")
    assert [s.episode for s in found] == [7, 7, 8, 8]
    assert [s.instruction for s in found] == ["goal 7"] * 2 + ["goal 8"] * 2
    history_is_previous(found, 1)
    check_images(out, found)


def test_androidcontrol_broken_files_and_sizes(tmp_path: Path) -> None:
    src = tmp_path / "android_control-00000-of-00020"
    wrong_size = episode(9, [{"action_type": "click", "x": 1, "y": 1}])
    wrong_size = wrong_size.replace(  # the PNG says 100 wide, the list 101
        field(1, field(1, b"screenshot_widths") + field(2, field(3, field(1, varint(100) * 2)))),
        field(1, field(1, b"screenshot_widths") + field(2, field(3, field(1, varint(101) * 2)))),
    )
    src.write_bytes(tfrecord([wrong_size]))  # uncompressed is read too
    report = import_androidcontrol(src, tmp_path / "out")
    assert report["skipped"] == {"screenshot size differs from screenshot_widths/heights": 1}
    data = tfrecord([episode(1, [{"action_type": "wait"}])])
    src.write_bytes(data[:4] + b"\xff" + data[5:])  # a damaged length
    with pytest.raises(DatasetFormatError, match="record 0: bad length checksum"):
        import_androidcontrol(src, tmp_path / "out2")
    src.write_bytes(data[:-10])
    with pytest.raises(DatasetFormatError, match="truncated"):
        list(read_records(src))

"""The quality filter: one exact reason per fault, every action type kept when valid, counts that
add up over a 100k-sample stream in bounded memory, atomic output, injected text boxes."""

from __future__ import annotations

import json
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from cuakit.actions import Action, ActionType
from cuakit.curate.quality import REASONS, DataQualityFilter, QualityConfig
from cuakit.errors import ConfigError, DatasetFormatError

OK_BOX = [0.4, 0.4, 0.2, 0.2]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A folder with a 1024x768 screen, a 640x480 one and a file that is no image."""
    Image.new("RGB", (1024, 768), "white").save(tmp_path / "screen.png")
    Image.new("RGB", (640, 480), "white").save(tmp_path / "small.png")
    (tmp_path / "broken.png").write_bytes(b"not a png at all")
    return tmp_path


def sample(**changes: Any) -> dict[str, Any]:
    """A valid click sample on screen.png (the click inside its one element), with changes."""
    base = {
        "id": "s0",
        "image": "screen.png",
        "instruction": "Click the OK button",
        "action": {"action": "click", "coordinates": [0.5, 0.5]},
        "history": [],
        "width": 1024,
        "height": 768,
        "elements": [{"role": "button", "text": "OK", "bbox": OK_BOX}],
        "target_bbox": OK_BOX,
        "source": "test",
    }
    return {**base, **changes}


def act(**wire: Any) -> dict[str, Any]:
    return sample(action=wire)


VALID_ACTIONS = {
    ActionType.CLICK: Action.click(0.5, 0.5),
    ActionType.DOUBLE_CLICK: Action.double_click(0.45, 0.55),
    ActionType.RIGHT_CLICK: Action.right_click(0.4, 0.6),
    ActionType.MOVE: Action.move(0.9, 0.9),
    ActionType.DRAG: Action.drag(0.1, 0.1, 0.8, 0.2),
    ActionType.SCROLL: Action.scroll("down", 2, 0.5, 0.5),
    ActionType.TYPE: Action.type_text("hello 你好"),
    ActionType.KEY: Action.key("ctrl+s"),
    ActionType.WAIT: Action.wait(0.5),
    ActionType.FINISH: Action.finish("done"),
    ActionType.FAIL: Action.fail("stuck"),
}


@pytest.mark.parametrize("kind", list(ActionType), ids=str)
def test_a_valid_sample_of_each_action_type_is_kept(root: Path, kind: ActionType) -> None:
    wire = VALID_ACTIONS[kind].to_dict()
    assert DataQualityFilter().check(sample(action=wire), root) == []


def test_scroll_without_a_point_and_wait_without_seconds_are_kept(root: Path) -> None:
    """Both fields are optional in the wire form (Action.from_dict gives defaults)."""
    check = DataQualityFilter().check
    assert check(act(action="scroll", direction="up"), root) == []
    assert check(act(action="wait"), root) == []
    assert check(sample(elements=None, target_bbox=None), root) == []  # no element list: no judging


def too_many(config: QualityConfig) -> dict[str, Any]:
    return sample(elements=[{"role": "button", "text": str(i), "bbox": OK_BOX} for i in range(3)])


def nan_point(config: QualityConfig) -> dict[str, Any]:
    return act(action="click", coordinates=[float("nan"), 0.5])


# reason -> samples that have that fault alone (each must give exactly [reason])
CASES: dict[str, list[dict[str, Any] | Callable[[QualityConfig], dict[str, Any]]]] = {
    "bad_json": [["a", "list"], "a string"],  # type: ignore[list-item]
    "missing_field": [
        {k: v for k, v in sample().items() if k != "instruction"},
        sample(image=None),
        {k: v for k, v in sample().items() if k != "action"},
    ],
    "invalid_field": [
        sample(width="1024"),
        sample(id=7),
        sample(action="click"),
        sample(history="click"),
        sample(target_bbox=[0.1, 0.2]),
    ],
    "empty_instruction": [sample(instruction="   "), sample(instruction="")],
    "unknown_action": [
        act(action="left_click", coordinates=[0.5, 0.5]),  # an alias is not the wire form
        act(action="teleport"),
        act(coordinates=[0.5, 0.5]),
    ],
    "unknown_action_field": [act(action="click", coordinates=[0.5, 0.5], confidence=0.9)],
    "missing_coordinates": [act(action="click"), act(action="move", coordinates=None)],
    "missing_end_point": [act(action="drag", coordinates=[0.1, 0.1])],
    "unexpected_coordinates": [
        act(action="type", text="hi", coordinates=[0.5, 0.5]),
        act(action="key", key="enter", coordinates=[0.5, 0.5]),
        act(action="wait", seconds=1.0, coordinates=[0.5, 0.5]),
        act(action="finish", coordinates=[0.5, 0.5]),
        act(action="fail", coordinates=[0.5, 0.5]),
        act(action="click", coordinates=[0.5, 0.5], end_coordinates=[0.6, 0.6]),
    ],
    "unexpected_field": [act(action="click", coordinates=[0.5, 0.5], text="OK")],
    "invalid_coordinates": [
        act(action="click", coordinates=[0.5]),
        act(action="click", coordinates=["0.5", "0.5"]),
        act(action="drag", coordinates=[0.1, 0.1], end_coordinates=[True, 0.2]),
        nan_point,
    ],
    "coordinates_out_of_range": [
        act(action="click", coordinates=[1.2, 0.5]),
        act(action="click", coordinates=[0.5, -0.1]),
        act(action="drag", coordinates=[0.1, 0.1], end_coordinates=[0.5, 3.0]),
        act(action="scroll", direction="down", coordinates=[2.0, 0.5]),
    ],
    "missing_text": [act(action="type"), act(action="type", text="")],
    "missing_keys": [act(action="key"), act(action="key", key="")],
    "missing_direction": [act(action="scroll", amount=3)],
    "invalid_keys": [act(action="key", key="ctrl+"), act(action="key", key=5)],
    "invalid_scroll": [
        act(action="scroll", direction="sideways"),
        act(action="scroll", direction="down", amount=0),
    ],
    "invalid_wait": [act(action="wait", seconds=0), act(action="wait", seconds=100)],
    "invalid_action": [act(action="finish", reasoning=5)],
    "invalid_elements": [
        sample(elements=[{"role": "button"}]),
        sample(elements={"role": "button"}),
        sample(elements=[{"bbox": [0.1, 0.1, -0.2, 0.1]}]),
    ],
    "too_many_elements": [too_many],
    "click_on_no_element": [
        act(action="click", coordinates=[0.05, 0.05]),
        act(action="double_click", coordinates=[0.9, 0.1]),
        act(action="right_click", coordinates=[0.61, 0.5]),
    ],
    "image_missing": [sample(image="nowhere.png")],
    "image_unreadable": [sample(image="broken.png")],
    "resolution_too_low": [sample(image="small.png", width=640, height=480)],
    "size_mismatch": [sample(width=1280, height=800)],
}
CONFIG = QualityConfig(max_elements=2)


def cases() -> list[tuple[str, Any]]:
    return [(reason, case) for reason, items in CASES.items() for case in items]


CASE_IDS = [f"{reason}-{i}" for reason, items in CASES.items() for i in range(len(items))]


@pytest.mark.parametrize(("reason", "case"), cases(), ids=CASE_IDS)
def test_each_fault_gives_exactly_its_reason(root: Path, reason: str, case: Any) -> None:
    data = case(CONFIG) if callable(case) else case
    assert DataQualityFilter(CONFIG).check(data, root) == [reason]


def test_every_reason_has_a_case() -> None:
    """near_duplicate depends on the samples before; test_dedup_in_the_filter covers it."""
    assert set(CASES) | {"near_duplicate"} == set(REASONS)


def test_several_faults_are_all_listed_in_reason_order(root: Path) -> None:
    data = sample(
        instruction=" ",
        image="small.png",
        action={"action": "type", "coordinates": [0.5, 0.5]},
    )
    assert DataQualityFilter().check(data, root) == [
        "empty_instruction",
        "unexpected_coordinates",
        "missing_text",
        "resolution_too_low",
        "size_mismatch",
    ]


def test_resolution_is_read_from_the_image_not_the_sample(root: Path) -> None:
    """A sample claiming 1024x768 over a 640x480 file is too small and mismatched."""
    assert DataQualityFilter().check(sample(image="small.png"), root) == [
        "resolution_too_low",
        "size_mismatch",
    ]
    lenient = DataQualityFilter(QualityConfig(min_width=640, min_height=480))
    assert lenient.check(sample(image="small.png", width=640, height=480), root) == []
    assert lenient.check(sample(image="small.png", width=0, height=0), root) == []  # unknown


def test_a_narrower_vocabulary_and_range_are_applied(root: Path) -> None:
    config = QualityConfig(actions=("click", "type", "finish"), coordinate_range=(0.1, 0.9))
    check = DataQualityFilter(config).check
    assert check(act(action="move", coordinates=[0.5, 0.5]), root) == ["unknown_action"]
    assert check(act(action="click", coordinates=[0.95, 0.5]), root) == ["coordinates_out_of_range"]
    assert check(sample(), root) == []


@pytest.mark.parametrize(
    "bad",
    [
        {"min_width": -1},
        {"coordinate_range": (0.5, 0.5)},
        {"actions": ("click", "hover")},
        {"dedup_threshold": 64},
    ],
)
def test_config_refuses_unusable_values(bad: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        QualityConfig(**bad)


# ---- injected text boxes ---------------------------------------------------------------------


class FakeReader:
    """boxes_of stand-in: fixed boxes, and a record of the screenshots it was asked about."""

    def __init__(self, boxes: list[tuple[float, float, float, float]]) -> None:
        self.boxes, self.calls = boxes, []

    def __call__(self, path: Path) -> list[tuple[float, float, float, float]]:
        self.calls.append(Path(path).name)
        return self.boxes


def test_text_boxes_judge_clicks_on_samples_without_elements(root: Path) -> None:
    reader = FakeReader([(0.4, 0.4, 0.2, 0.2)])
    check = DataQualityFilter(boxes_of=reader).check
    bare = {"elements": None, "target_bbox": None}
    assert check(sample(**bare), root) == []
    assert check(act(action="click", coordinates=[0.1, 0.1]) | bare, root) == [
        "click_on_no_element"
    ]
    assert check(act(action="type", text="x") | bare, root) == []  # not a click: not read
    assert check(sample(), root) == []  # has elements: they decide, the reader is not asked
    assert check(sample(image="broken.png") | bare, root) == ["image_unreadable"]
    assert reader.calls == ["screen.png"]  # one read for one screenshot: cached


def test_a_screen_where_the_reader_finds_nothing_is_not_judged(root: Path) -> None:
    check = DataQualityFilter(boxes_of=FakeReader([])).check
    assert check(act(action="click", coordinates=[0.1, 0.1]) | {"elements": None}, root) == []


# ---- files -----------------------------------------------------------------------------------


def write_lines(path: Path, lines: list[Any]) -> Path:
    text = "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)
    path.write_text(text, encoding="utf-8")
    return path


def test_filter_file_keeps_lines_verbatim_and_reports(root: Path) -> None:
    good = json.dumps(sample(id="good"), indent=None, separators=(",", ":"))  # compact on purpose
    source = write_lines(
        root / "samples.jsonl",
        [good, sample(id="far", action={"action": "click", "coordinates": [0.05, 0.05]}), "",
         "{not json", sample(id="tiny", image="small.png")],
    )  # fmt: skip
    report = DataQualityFilter().filter_file(source, root / "kept.jsonl", root / "r/report.json")
    assert (root / "kept.jsonl").read_text() == good + "\n"
    assert (report.total, report.kept, report.rejected) == (4, 1, 3)
    assert report.reasons == {
        "bad_json": 1,
        "click_on_no_element": 1,
        "resolution_too_low": 1,
        "size_mismatch": 1,
    }
    assert report.examples["bad_json"] == ("line 4",)  # blank line 3 skipped, not counted
    assert report.examples["size_mismatch"] == ("tiny",)
    assert json.loads((root / "r/report.json").read_text()) == report.to_dict()
    assert sorted(p.name for p in root.iterdir() if p.name.startswith(".")) == []  # no tmp left
    source.write_text(good)  # a last line without its newline gets one
    DataQualityFilter().filter_file(source, root / "kept.jsonl")
    assert (root / "kept.jsonl").read_text() == good + "\n"


def test_output_elsewhere_gets_image_paths_that_still_resolve(root: Path) -> None:
    source = write_lines(root / "samples.jsonl", [sample()])
    out = root / "clean" / "deep" / "kept.jsonl"
    DataQualityFilter().filter_file(source, out)
    kept = json.loads(out.read_text())
    assert kept["image"] == "../../screen.png"
    assert DataQualityFilter().check(kept, out.parent) == []


def test_bad_input_raises_and_leaves_an_earlier_output_alone(root: Path) -> None:
    out = root / "kept.jsonl"
    out.write_text("earlier run\n")
    quality_filter = DataQualityFilter()
    with pytest.raises(DatasetFormatError, match=r"nope\.jsonl: no such samples file"):
        quality_filter.filter_file(root / "nope.jsonl", out)
    pretty = root / "pretty.json"
    pretty.write_text(json.dumps([sample()], indent=2))  # a JSON array, not JSON Lines
    with pytest.raises(DatasetFormatError, match=r"pretty\.json: no line is a JSON object"):
        quality_filter.filter_file(pretty, out)
    binary = root / "binary.jsonl"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    with pytest.raises(DatasetFormatError, match=r"binary\.jsonl: not UTF-8"):
        quality_filter.filter_file(binary, out)
    assert out.read_text() == "earlier run\n"
    assert not [p for p in root.iterdir() if p.name.endswith(".tmp")]


def window_screen(path: Path, x: int, y: int) -> None:
    """A 1024x768 desktop with one window (title bar, four lines of text) at (x, y)."""
    image = Image.new("RGB", (1024, 768), (200, 200, 210))
    draw = ImageDraw.Draw(image)
    draw.rectangle((x, y, x + 400, y + 300), fill="white", outline="black")
    draw.rectangle((x, y, x + 400, y + 30), fill=(40, 80, 160))
    for line in range(4):
        draw.rectangle((x + 20, y + 60 + 40 * line, x + 300, y + 75 + 40 * line), fill="black")
    image.save(path)


def test_dedup_in_the_filter(root: Path) -> None:
    """The same screen twice with one instruction is one sample; with another instruction, at
    another step, or on another screen (the window elsewhere), it is new."""
    window_screen(root / "screen.png", 100, 100)
    window_screen(root / "moved.png", 500, 380)
    samples = [
        sample(id="first"),
        sample(id="again"),
        sample(id="other-task", instruction="Press OK"),
        sample(id="other-screen", image="moved.png"),
        sample(id="other-step", history=['{"action": "finish"}']),
    ]
    source = write_lines(root / "samples.jsonl", samples)
    report = DataQualityFilter(QualityConfig(dedup=True)).filter_file(source, root / "kept.jsonl")
    kept = [json.loads(line)["id"] for line in (root / "kept.jsonl").read_text().splitlines()]
    assert kept == ["first", "other-task", "other-screen", "other-step"]
    assert report.reasons == {"near_duplicate": 1} and report.examples["near_duplicate"] == (
        "again",
    )
    DataQualityFilter().filter_file(source, root / "all.jsonl")  # dedup off by default
    assert len((root / "all.jsonl").read_text().splitlines()) == 5


def test_progress_reports_lines(root: Path) -> None:
    source = write_lines(root / "samples.jsonl", [sample(id=str(i)) for i in range(2500)])
    calls: list[tuple[str, int, int]] = []
    DataQualityFilter().filter_file(source, root / "out.jsonl", progress=lambda *a: calls.append(a))
    assert calls == [("filter", 1000, 2500), ("filter", 2000, 2500), ("filter", 2500, 2500)]


# ---- a large stream ----------------------------------------------------------------------------

PLANTED: dict[str, dict[str, Any]] = {
    "missing_end_point": {"action": {"action": "drag", "coordinates": [0.1, 0.1]}},
    "unexpected_coordinates": {"action": {"action": "key", "key": "a", "coordinates": [0, 0]}},
    "coordinates_out_of_range": {"action": {"action": "click", "coordinates": [1.5, 0.5]}},
    "click_on_no_element": {"action": {"action": "click", "coordinates": [0.01, 0.01]}},
    "empty_instruction": {"instruction": ""},
    "image_missing": {"image": "gone.png"},
}


def stream(path: Path, count: int) -> Counter[str]:
    """Write ``count`` samples that share one screenshot (its header is read once); one in 10
    has a planted fault, one in 500 is broken JSON. Returns the faults planted."""
    planted, kinds = Counter[str](), list(PLANTED)
    with path.open("w", encoding="utf-8") as out:
        for i in range(count):
            if i % 500 == 499:
                out.write('{"id": "broken"\n')
                planted["bad_json"] += 1
                continue
            data = sample(id=f"s{i}", history=[f"step {j}" for j in range(i % 4)])
            if i % 10 == 3:
                kind = kinds[(i // 10) % len(kinds)]
                data.update(PLANTED[kind])
                planted[kind] += 1
            out.write(json.dumps(data) + "\n")
    return planted


def traced_peak(source: Path, out: Path) -> int:
    """The filter's peak allocation over ``source`` (tracemalloc slows allocation several times,
    so it is never timed)."""
    tracemalloc.start()
    try:
        DataQualityFilter().filter_file(source, out)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_a_100k_stream_is_fast_bounded_and_counted(root: Path) -> None:
    planted = stream(root / "big.jsonl", 100_000)
    started = time.perf_counter()
    report = DataQualityFilter().filter_file(
        root / "big.jsonl", root / "kept.jsonl", root / "report.json"
    )
    elapsed = time.perf_counter() - started
    assert elapsed < 30, f"{elapsed:.1f} s"
    assert report.total == 100_000 and report.kept + report.rejected == report.total
    assert report.reasons == dict(planted)
    assert report.rejected == sum(planted.values())  # one fault each
    assert all(len(ids) <= 5 for ids in report.examples.values())
    with (root / "kept.jsonl").open() as kept:
        assert sum(1 for _ in kept) == report.kept
    # What the filter holds must not grow with the file: five times the lines, the same peak
    # (a set of the ids seen would add ~1.5 MB). Traced on smaller streams, to keep it quick.
    stream(root / "5k.jsonl", 5_000)
    stream(root / "25k.jsonl", 25_000)
    small, large = (traced_peak(root / f"{n}.jsonl", root / "kept.jsonl") for n in ("5k", "25k"))
    assert large < small + 250_000, f"peak {small / 1e6:.2f} MB → {large / 1e6:.2f} MB"
    assert large < 5e6, f"peak {large / 1e6:.1f} MB"  # measured: well under 1 MB

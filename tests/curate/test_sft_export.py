"""Step samples and SFT conversations from an episode dataset: the round trip back to the
recorded action, the screenshot each action was chosen on, the history, the selection."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from PIL import Image

from cuakit.actions import Action, parse, smart_resize
from cuakit.curate.hf import HF_PATH, hf_schema, write_hf
from cuakit.curate.samples import StepSample
from cuakit.curate.sft import (
    REPORT_FILE,
    SFT_FILE,
    export_sft,
    parse_answer,
    select_episodes,
    sft_conversation,
    stored_samples,
    target_bbox,
)
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import SPLITS, TEST_SEED_START, episode_split
from cuakit.errors import ConfigError, DatasetFormatError
from cuakit.prompt import SYSTEM_PROMPT
from tests.fixtures import write_episodes

HISTORY = 2


pytestmark = pytest.mark.xdist_group("sft-export")  # one worker builds its fixtures


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sft") / "ds"
    collect("cuakit/desksim-click-button-v0", "expert", 2, root)  # click, finish
    collect("cuakit/desksim-form-fill-v0", "expert", 1, root, seed=30)  # click, type, click, …
    collect("cuakit/desksim-slider-v0", "expert", 1, root, seed=5)  # drag, click, finish
    collect("cuakit/desksim-form-fill-v0", "expert:give_up=1", 1, root, seed=40)  # a failure
    return root


@pytest.fixture(scope="module", params=["normalised", "qwen-pixels"])
def export(
    root: Path, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> tuple[str, Path, dict]:
    out = tmp_path_factory.mktemp("out") / request.param
    report = export_sft(root, out, format="sft", coords=request.param, history=HISTORY)
    return request.param, out, report


def pairs(out: Path) -> list[tuple[StepSample, dict]]:
    conversations = [json.loads(line) for line in (out / SFT_FILE).read_text().splitlines()]
    samples = list(stored_samples(out))
    assert [c["id"] for c in conversations] == [s.id for s in samples]
    return list(zip(samples, conversations, strict=True))


def test_every_answer_parses_back_to_the_action_inside_its_target(export: tuple) -> None:
    coords, out, report = export
    dataset = EpisodeDataset(report["dataset"])
    assert report["samples"] == sum(dataset.meta(i).length for i in select_episodes(dataset))
    assert report["skipped"] == {} and report["without_elements"] == {}
    kinds = set()
    for sample, conversation in pairs(out):
        recorded = Action.from_dict(sample.action)
        reply = conversation["conversations"][-1]["content"]
        assert conversation["conversations"][-1]["role"] == "assistant"
        assert reply.startswith("```json\n{") and reply.endswith("}\n```")  # the action alone
        back = parse_answer(reply, coords, sample.width, sample.height)
        kinds.add(back.type.value)
        if coords == "normalised":
            assert parse(reply) == back
        assert back.type is recorded.type and back.reasoning == recorded.reasoning
        assert (back.text, back.keys, back.direction) == (
            recorded.text,
            recorded.keys,
            recorded.direction,
        )
        if recorded.point is None:
            assert back.point is None and sample.target_bbox is None
            continue
        # qwen pixels are ~1/476 of the screen: the point comes back within one of them
        tolerance = 1e-4 if coords == "normalised" else 1.5 / 476
        assert np.allclose(back.point, recorded.point, atol=tolerance)
        x, y, w, h = sample.target_bbox
        assert x <= back.point[0] <= x + w and y <= back.point[1] <= y + h
        assert x <= recorded.point[0] <= x + w and y <= recorded.point[1] <= y + h
    assert {"click", "type", "drag", "finish"} <= kinds


def test_qwen_mode_records_the_resized_size_it_speaks_in(export: tuple) -> None:
    coords, out, _ = export
    _, conversation = pairs(out)[0]
    meta = conversation["coords"]
    assert (meta["mode"], meta["width"], meta["height"]) == (coords, 480, 300)
    system = conversation["conversations"][0]["content"]
    assert system == SYSTEM_PROMPT[coords]  # the schema SFT trains on and VLMPolicy sends
    if coords == "qwen-pixels":
        resized_height, resized_width = smart_resize(300, 480)
        assert (meta["resized_width"], meta["resized_height"]) == (resized_width, resized_height)
        answer = json.loads(conversation["conversations"][-1]["content"].split("```json\n")[1][:-4])
        assert all(isinstance(v, int) for v in answer["coordinates"])
    else:
        assert "resized_width" not in meta and "fractions" in system


def test_images_are_the_frames_the_actions_were_chosen_on(export: tuple) -> None:
    _, out, report = export
    dataset = EpisodeDataset(report["dataset"])
    for sample, conversation in pairs(out):
        user = conversation["conversations"][1]["content"]
        assert user[0] == {"type": "image", "image": sample.image}
        assert conversation["images"] == [sample.image]
        with Image.open(out / sample.image) as image:
            assert image.size == (sample.width, sample.height)
            pixels = np.asarray(image.convert("RGB"))
        step = dataset.steps(sample.episode).to_pylist()[sample.step]
        assert np.array_equal(pixels, dataset.frame(sample.episode, step["frame_index"]))
        if step["frame_index"] > 0:  # not the frame after the action
            after = dataset.frame(sample.episode, step["frame_index"] + 1)
            assert not np.array_equal(pixels, after) or sample.action["action"] == "finish"


def test_history_holds_exactly_the_previous_n_actions(export: tuple) -> None:
    coords, out, report = export
    dataset = EpisodeDataset(report["dataset"])
    longest = 0
    for sample, conversation in pairs(out):
        recorded = [row["action"] for row in dataset.steps(sample.episode).to_pylist()]
        assert list(sample.history) == recorded[max(0, sample.step - HISTORY) : sample.step]
        text = conversation["conversations"][1]["content"][1]["text"]
        assert text.startswith(f"Task: {sample.instruction}")
        listed = [line for line in text.splitlines() if line[:3] in ("1. ", "2. ", "3. ")]
        assert len(listed) == len(sample.history)
        longest = max(longest, len(sample.history))
        # each line is the recorded action as the model would have written it
        for line, raw in zip(listed, sample.history, strict=True):
            shown, recorded = (
                parse_answer(line[3:], coords, sample.width, sample.height),
                parse(raw),
            )
            assert shown.type is recorded.type and shown.reasoning == recorded.reasoning
            if recorded.point is not None:
                tolerance = 1e-4 if coords == "normalised" else 1.5 / 476
                assert np.allclose(shown.point, recorded.point, atol=tolerance)
                assert isinstance(json.loads(line[3:])["coordinates"][0], int) == (
                    coords == "qwen-pixels"
                )
    assert longest == HISTORY


def test_only_successful_episodes_unless_all(root: Path, tmp_path: Path) -> None:
    dataset = EpisodeDataset(root)
    failures = [m.index for m in dataset.episodes if not m.success]
    assert failures and select_episodes(dataset) == [m.index for m in dataset.episodes if m.success]
    assert select_episodes(dataset, all_episodes=True) == dataset.indices
    report = export_sft(root, tmp_path / "all", format="samples", all_episodes=True)
    assert report["episodes"] == len(dataset) and report["episodes_left_out"] == 0
    assert {s.episode for s in stored_samples(tmp_path / "all")} == set(dataset.indices)


def test_a_split_exports_only_its_episodes(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    collect("cuakit/desksim-click-button-v0", "expert", 8, root)
    collect("cuakit/desksim-click-button-v0", "expert", 2, root, seed=TEST_SEED_START)
    dataset = EpisodeDataset(root)
    parts = {split: select_episodes(dataset, split=split) for split in SPLITS}
    assert sorted(i for part in parts.values() for i in part) == select_episodes(dataset)
    assert parts["test"] == [m.index for m in dataset.episodes if m.seed >= TEST_SEED_START]
    for split, indices in parts.items():
        assert all(episode_split(dataset, i) == split for i in indices)
    report = export_sft(root, tmp_path / "test", format="samples", split="test")
    assert report["split"] == "test" and report["episodes"] == 2
    assert {s.episode for s in stored_samples(tmp_path / "test")} == set(parts["test"])
    with pytest.raises(ConfigError, match="split='dev'"):
        export_sft(root, tmp_path / "dev", format="samples", split="dev")  # type: ignore[arg-type]


def test_a_ground_truth_label_overrides_the_episode_column(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    collect("cuakit/desksim-click-button-v0", "expert", 2, root)
    dataset = EpisodeDataset(root)
    dataset.add_success_labels([{"episode": 0, "label": False, "source": "env"}])
    dataset.add_success_labels(
        [{"episode": 1, "label": False, "source": "negative:swap", "instruction": "Press Share"}]
    )
    assert select_episodes(dataset) == [1]  # a swapped instruction judges another task


def test_hf_format_reads_back_as_a_dataset_with_images(root: Path, tmp_path: Path) -> None:
    report = export_sft(root, tmp_path / "hf", format="hf", coords="qwen-pixels", history=1)
    assert HF_PATH in report["files"]
    table = pq.read_table(tmp_path / "hf" / HF_PATH)
    assert table.num_rows == report["samples"]
    row = table.slice(0, 1).to_pylist()[0]
    assert [m["role"] for m in row["messages"]] == ["system", "user", "assistant"]
    assert row["messages"][1]["content"][0] == {"type": "image", "text": None}
    assert (row["resized_width"], row["resized_height"]) == smart_resize(300, 480)[::-1]
    reply = row["messages"][2]["content"][0]["text"]
    action = parse_answer(reply, "qwen-pixels", row["width"], row["height"])
    assert action == parse_answer(reply, "qwen-pixels", 480, 300)
    datasets = pytest.importorskip("datasets")
    loaded = datasets.Dataset.from_parquet(
        str(tmp_path / "hf" / HF_PATH), cache_dir=str(tmp_path / "cache")
    )
    assert loaded[0]["images"][0].size == (480, 300)  # decoded as an image


def test_hf_schema_without_datasets_is_the_one_datasets_writes(tmp_path: Path) -> None:
    """Written by hand when `datasets` is missing: it must decode the same way."""
    by_hand, made_by = hf_schema(use_datasets=False)
    assert made_by == "cuakit"
    sample = StepSample("s/0/0", "images/a.png", "Press OK", {"action": "finish"}, 8, 6)
    (tmp_path / "images").mkdir()
    Image.new("RGB", (8, 6)).save(tmp_path / "images" / "a.png")
    written = write_hf(tmp_path, [(sample, sft_conversation(sample))], use_datasets=False)
    assert written["rows"] == 1 and written["schema_from"] == "cuakit"
    stored = pq.read_schema(tmp_path / HF_PATH)
    assert stored.metadata[b"huggingface"] == by_hand.metadata[b"huggingface"]
    datasets = pytest.importorskip("datasets")
    from_datasets, _ = hf_schema(use_datasets=True)
    assert from_datasets.equals(by_hand)  # same columns and types
    loaded = datasets.Dataset.from_parquet(str(tmp_path / HF_PATH), cache_dir=str(tmp_path / "c"))
    assert loaded.features == datasets.Features.from_arrow_schema(from_datasets)
    assert loaded[0]["images"][0].size == (8, 6)


def test_target_is_the_smallest_visible_element_under_the_point() -> None:
    window = {"role": "window", "bbox": [0.0, 0.0, 1.0, 1.0]}
    button = {"role": "button", "bbox": [0.4, 0.4, 0.2, 0.1]}
    hidden = {"role": "button", "bbox": [0.45, 0.42, 0.05, 0.05], "occluded": True}
    elements = [window, button, hidden]
    assert target_bbox((0.46, 0.43), elements) == (0.4, 0.4, 0.2, 0.1)
    assert target_bbox((0.9, 0.9), elements) == (0.0, 0.0, 1.0, 1.0)
    assert target_bbox((0.9, 0.9), [button]) is None
    assert target_bbox(None, elements) is None and target_bbox((0.5, 0.5), None) is None


def test_unreplayable_steps_missing_frames_and_bad_actions_are_counted(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    write_episodes(root, [0])  # env "test/env-0" is no registered env: nothing to replay
    data = root / "data" / "episode_000000.parquet"
    rows = pq.read_table(data).to_pylist()
    rows[1]["frame_index"] = 99  # a frame the video does not hold
    rows[2]["action"] = '{"action": "click"'
    pq.write_table(pa.Table.from_pylist(rows, schema=pq.read_schema(data)), data)
    report = export_sft(root, tmp_path / "out", format="sft")
    assert report["skipped"] == {"no screenshot frame": 1, "malformed action": 1}
    assert report["samples"] == len(rows) - 2 == report["steps"] - 2
    assert report["without_elements"] == {
        "no elements: the env cannot be replayed (unknown env id or no seed)": len(rows) - 2
    }
    samples = list(stored_samples(tmp_path / "out"))
    assert all(s.elements is None and s.target_bbox is None for s in samples)
    assert [s.step for s in samples] == [0, 3, 4]
    assert samples[1].history == tuple(r["action"] for r in rows[:3])  # skipped steps count
    assert json.loads((tmp_path / "out" / REPORT_FILE).read_text()) == report


def test_output_folder_is_replaced_only_when_it_is_an_earlier_export(tmp_path: Path) -> None:
    root = tmp_path / "ds"
    write_episodes(root, [0])
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="not an earlier output"):
        export_sft(root, foreign)
    assert (foreign / "notes.txt").read_text() == "mine"
    out = tmp_path / "out"
    export_sft(root, out, format="sft")
    export_sft(root, out, format="samples", history=0)
    assert not (out / SFT_FILE).exists()  # nothing left from the earlier run
    assert all(s.history == () for s in stored_samples(out))
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    with pytest.raises(ConfigError, match="coords"):
        export_sft(root, tmp_path / "x", coords="pixels")  # type: ignore[arg-type]


def test_conversation_names_the_image_it_is_given_and_needs_a_size() -> None:
    sample = StepSample("s/0/0", "images/a.png", "Save", {"action": "key", "key": "ctrl+s"}, 8, 6)
    conversation = sft_conversation(sample, "qwen-pixels", image_ref="/data/a.png")
    assert conversation["images"] == ["/data/a.png"]
    assert conversation["conversations"][1]["content"][0]["image"] == "/data/a.png"
    assert parse_answer(
        conversation["conversations"][2]["content"], "qwen-pixels", 8, 6
    ) == Action.key("ctrl+s")
    with pytest.raises(DatasetFormatError, match="screenshot size"):
        sft_conversation(StepSample("s/0/1", "a.png", "Save", {"action": "finish"}, 0, 0))

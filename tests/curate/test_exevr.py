"""ExeVR-style ShareGPT JSON: export with videos, import back, malformed input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from cuakit.curate.exevr import ANSWER, export_exevr, import_exevr, prompt
from cuakit.curate.labels import label_success, make_negatives
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.errors import DatasetError, LabelError, VideoError


@pytest.fixture
def dataset(tmp_path: Path) -> EpisodeDataset:
    root = tmp_path / "ds"
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.5", 6, root)
    collect("cuakit/desksim-checkboxes-v0", "expert:give_up=1", 2, root, seed=50)
    return EpisodeDataset(root)


def judgements(dataset: EpisodeDataset) -> Counter[tuple[str, bool, int]]:
    """(instruction judged, label, frames) per success-label row."""
    return Counter(
        (
            row["instruction"] or dataset.meta(row["episode"]).instruction,
            row["label"],
            dataset.meta(row["episode"]).num_frames,
        )
        for row in dataset.success_labels().to_pylist()
    )


def test_round_trip_keeps_labels_instructions_and_frames(
    dataset: EpisodeDataset, tmp_path: Path
) -> None:
    label_success(dataset)
    make_negatives(dataset, ["translate", "truncate", "swap"])
    path = export_exevr(dataset, tmp_path / "out")
    items = json.loads(path.read_text())
    assert len(items) == dataset.success_labels().num_rows
    assert len({item["id"] for item in items}) == len(items)
    item = items[0]
    assert item["videos"][0].startswith("videos/episode_")
    assert item["conversations"][0]["from"] == "human"
    assert item["conversations"][0]["value"].startswith("<video>\nInstruction: ")
    assert item["conversations"][1]["value"] in ("\\box{correct}", "\\box{incorrect}")
    assert all((path.parent / it["videos"][0]).is_file() for it in items)

    imported = tmp_path / "imported"
    assert import_exevr(path, imported) == len(items)
    back = EpisodeDataset(imported)
    assert all(m.env_id == "exevr" for m in back.episodes)
    assert {r["source"] for r in back.success_labels().to_pylist()} == {"exevr"}
    assert judgements(back) == judgements(dataset)
    first = back.episodes[0]
    source = dataset.meta(int(first.extra["exevr_id"].split("-")[0].removeprefix("episode_")))
    assert np.array_equal(back.frames(first.index), dataset.frames(source.index))  # lossless
    assert import_exevr(path, imported) == 0  # already imported
    assert len(EpisodeDataset(imported)) == len(items)


def test_export_without_labels_uses_each_episode_outcome(
    dataset: EpisodeDataset, tmp_path: Path
) -> None:
    items = json.loads(export_exevr(dataset, tmp_path / "out").read_text())
    answers = {
        item["videos"][0]: ANSWER.search(item["conversations"][1]["value"]).group(1)
        for item in items
    }
    expected = {
        f"videos/episode_{m.index:06d}.mp4": "correct" if m.success else "incorrect"
        for m in dataset.episodes
    }
    assert answers == expected


def test_export_can_leave_negatives_out(dataset: EpisodeDataset, tmp_path: Path) -> None:
    label_success(dataset)
    make_negatives(dataset, ["truncate", "swap"])
    items = json.loads(export_exevr(dataset, tmp_path / "out", include_negatives=False).read_text())
    assert len(items) == len([m for m in dataset.episodes if "derived_from" not in m.extra])
    assert not any("negative" in item["id"] for item in items)


def write(tmp_path: Path, items: object) -> Path:
    (tmp_path / "videos").mkdir(exist_ok=True)
    path = tmp_path / "exevr.json"
    path.write_text(json.dumps(items))
    return path


def good_item(**change: object) -> dict:
    item = {
        "id": "run-7",
        "videos": ["videos/run.mp4"],
        "conversations": [
            {"from": "human", "value": prompt("Press Share")},
            {"from": "gpt", "value": "\\box{correct}"},
        ],
    }
    return {**item, **change}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"videos": "videos/run.mp4"}, "'videos' must be a list with one path"),
        ({"conversations": [{"from": "human", "value": "<video>\nInstruction: x"}]}, "one 'gpt'"),
        (
            {"conversations": [{"from": "human", "value": "Instruction: x"}, {"from": "gpt"}]},
            "no <video> placeholder",
        ),
        (
            {"conversations": [{"from": "human", "value": "<video>"}, {"from": "gpt"}]},
            "write it as 'Instruction: <text>'",
        ),
        (
            {
                "conversations": [
                    {"from": "human", "value": prompt("Press Share")},
                    {"from": "gpt", "value": "yes"},
                ]
            },
            r"one \\box\{correct\} or \\box\{incorrect\}",
        ),
    ],
)
def test_malformed_items_name_the_item_and_the_fix(
    tmp_path: Path, change: dict, message: str
) -> None:
    path = write(tmp_path, [good_item(**change)])
    with pytest.raises(LabelError, match="'run-7'") as error:
        import_exevr(path, tmp_path / "ds")
    assert error.match(message)
    assert not (tmp_path / "ds" / "meta" / "episodes.parquet").exists()


def test_missing_video_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, [good_item()])
    with pytest.raises(VideoError, match=r"videos/run\.mp4 not found.*relative to the JSON"):
        import_exevr(path, tmp_path / "ds")


def test_not_a_list_or_not_json_is_a_dataset_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="expected a list of items"):
        import_exevr(write(tmp_path, {"items": []}), tmp_path / "ds")
    (tmp_path / "bad.json").write_text("[{")
    with pytest.raises(DatasetError, match="not valid JSON"):
        import_exevr(tmp_path / "bad.json", tmp_path / "ds")
    with pytest.raises(DatasetError, match="not found"):
        import_exevr(tmp_path / "missing.json", tmp_path / "ds")

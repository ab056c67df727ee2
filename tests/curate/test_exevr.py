"""ExeVR-style ShareGPT JSON: export with videos, import back, malformed input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from cuakit.curate.exevr import ANSWER, answer, export_exevr, import_exevr, prompt
from cuakit.curate.labels import label_success, make_negatives
from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.errors import DatasetError, LabelError, VideoError
from cuakit.reward.data import split_episodes
from tests.fixtures import write_tasks


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
    originals = [m for m in dataset.episodes if "derived_from" not in m.extra]
    assert len(originals) == 8 < len(dataset)  # the truncated copies are left out
    # one item per recorded episode, judged by the env under its own instruction
    assert [item["id"] for item in items] == [f"episode_{m.index:06d}-env-0" for m in originals]
    for item, meta in zip(items, originals, strict=True):
        assert item["conversations"][0]["value"] == prompt(meta.instruction)
        assert item["conversations"][1]["value"] == answer(bool(meta.success))


def test_imports_split_by_instruction_and_copies_of_a_video_stay_together(
    tmp_path: Path,
) -> None:
    """Imports have no seed: before splits hashed the instruction they all fell on one side."""
    source = tmp_path / "recorded"
    texts = [f"Rename 'draft_{k}.txt'" for k in range(24)]
    write_tasks(source, [{"instruction": t, "success": ok} for t in texts for ok in (True, False)])
    recorded = EpisodeDataset(source)

    def item(name: str, episode: int, instruction: str, label: bool) -> dict:
        turns = [{"from": "human", "value": prompt(instruction)},
                 {"from": "gpt", "value": answer(label)}]  # fmt: skip
        video = f"videos/{Path(recorded.meta(episode).video).name}"
        return good_item(id=name, videos=[video], conversations=turns)

    items = [item(f"own-{m.index}", m.index, m.instruction, bool(m.success))
             for m in recorded.episodes]  # fmt: skip
    items += [item(f"swap-{m.index}", m.index, texts[k - 1], False)  # a copy of a video
              for k, m in enumerate(m for m in recorded.episodes if m.success)]  # fmt: skip
    path = source / "exevr.json"
    path.write_text(json.dumps(items))
    assert import_exevr(path, tmp_path / "imported") == len(items)
    dataset = EpisodeDataset(tmp_path / "imported")
    assert all(m.seed is None for m in dataset.episodes)
    first = {m.extra["exevr_id"]: m.index for m in dataset.episodes}
    for meta in dataset.episodes:
        if meta.extra["exevr_id"].startswith("swap-"):
            own = first[meta.extra["exevr_id"].replace("swap-", "own-")]
            assert meta.extra["derived_from"] == own
    splits = split_episodes(dataset)
    side = {i: s for s in ("train", "val", "test") for i in splits[s]}
    assert len({side[i] for i in side}) >= 2  # both sides (all three here) get imports
    by_text: dict[str, set[str]] = {}
    for meta in dataset.episodes:
        if meta.index in side:
            by_text.setdefault(meta.instruction, set()).add(side[meta.index])
        if "derived_from" in meta.extra:  # a copy goes with its video, or nowhere (counted)
            assert side.get(meta.index) in (None, side[meta.extra["derived_from"]])
    assert len(by_text) == len(texts) and all(len(s) == 1 for s in by_text.values())
    assert len(side) + sum(splits.dropped.values()) == len(dataset)


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

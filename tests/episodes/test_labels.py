from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from cuakit.episodes import EpisodeDataset
from cuakit.errors import LabelError


def test_append_only_and_read_back(tiny_dataset: Path) -> None:
    dataset = EpisodeDataset(tiny_dataset)
    assert dataset.success_labels().num_rows == 0
    assert dataset.add_success_labels([{"episode": 0, "label": True, "source": "env"}]) == 1
    assert (
        dataset.add_success_labels(
            [{"episode": 1, "label": False, "source": "negative:translate", "deviation_step": 2}]
        )
        == 2
    )
    rows = dataset.success_labels().to_pylist()
    assert [(r["episode"], r["label"], r["deviation_step"]) for r in rows] == [
        (0, True, None),
        (1, False, 2),
    ]
    dataset.add_preferences(
        [{"chosen": 0, "rejected": 1, "source": "env", "criterion": "correctness", "margin": 1}]
    )
    pairs = dataset.preference_labels().to_pylist()
    assert pairs[0]["margin"] == 1.0 and pairs[0]["criterion"] == "correctness"


def test_label_naming_missing_episode_is_rejected_and_nothing_is_lost(tiny_dataset: Path) -> None:
    dataset = EpisodeDataset(tiny_dataset)
    dataset.add_success_labels([{"episode": 0, "label": True, "source": "env"}])
    before = (tiny_dataset / "labels/success.parquet").read_bytes()
    with pytest.raises(LabelError, match=r"episode=42 names an episode .* holds 0\.\.3.*fix"):
        dataset.add_success_labels(
            [
                {"episode": 1, "label": True, "source": "env"},
                {"episode": 42, "label": True, "source": "env"},
            ]
        )
    assert (tiny_dataset / "labels/success.parquet").read_bytes() == before


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"episode": 0, "label": "yes", "source": "env"}, "'label' must be bool"),
        ({"episode": True, "label": True, "source": "env"}, "'episode' must be int"),
        ({"episode": 0, "label": True}, "missing column 'source'"),
        (
            {"episode": 0, "label": True, "source": "env", "score": 3},
            r"unknown column\(s\) \['score'\]",
        ),
    ],
)
def test_schema_checks(tiny_dataset: Path, row: dict, message: str) -> None:
    with pytest.raises(LabelError, match=message):
        EpisodeDataset(tiny_dataset).add_success_labels([row])


def test_pair_with_itself_is_rejected(tiny_dataset: Path) -> None:
    with pytest.raises(LabelError, match="both episode 2"):
        EpisodeDataset(tiny_dataset).add_preferences([{"chosen": 2, "rejected": 2, "source": "h"}])


def test_stored_row_naming_missing_episode_names_file_and_fix(tiny_dataset: Path) -> None:
    dataset = EpisodeDataset(tiny_dataset)
    dataset.add_preferences([{"chosen": 0, "rejected": 1, "source": "env"}])
    path = tiny_dataset / "labels/preferences.parquet"
    table = pq.read_table(path)
    rows = table.to_pylist()
    rows.append({**rows[0], "rejected": 9})
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), path)
    with pytest.raises(
        LabelError, match=r"preferences\.parquet, row 1: rejected=9 .*remove the row"
    ):
        dataset.preference_labels()

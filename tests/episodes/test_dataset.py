import json
from pathlib import Path

import pytest

from cuakit.episodes import EpisodeDataset
from cuakit.episodes.format import INFO_PATH
from cuakit.errors import DatasetError, DatasetFormatError, VideoError


def test_unknown_format_version_names_file_and_fix(tiny_dataset: Path) -> None:
    info_path = tiny_dataset / INFO_PATH
    info = json.loads(info_path.read_text())
    info["format_version"] = 99
    info_path.write_text(json.dumps(info))
    with pytest.raises(
        DatasetFormatError, match=r"info\.json has format_version=99.*upgrade cuakit"
    ):
        EpisodeDataset(tiny_dataset)


def test_not_a_dataset(tmp_path: Path) -> None:
    with pytest.raises(DatasetFormatError, match="is not a cuakit episode dataset"):
        EpisodeDataset(tmp_path)
    with pytest.raises(DatasetError, match="is not a directory"):
        EpisodeDataset(tmp_path / "nope")
    (tmp_path / "meta").mkdir()
    (tmp_path / INFO_PATH).write_text("{not json")
    with pytest.raises(DatasetFormatError, match="not valid JSON"):
        EpisodeDataset(tmp_path)


def test_missing_video_names_file_and_fix(tiny_dataset: Path) -> None:
    (tiny_dataset / "videos/episode_000001.mp4").unlink()
    dataset = EpisodeDataset(tiny_dataset)  # still opens; other episodes still readable
    assert dataset.frames(0).shape[0] == 6
    with pytest.raises(VideoError, match=r"episode_000001\.mp4 not found: restore the file"):
        dataset.frames(1)


def test_corrupt_video_names_file(tiny_dataset: Path) -> None:
    (tiny_dataset / "videos/episode_000002.mp4").write_bytes(b"garbage" * 100)
    with pytest.raises(VideoError, match=r"episode_000002\.mp4 cannot be decoded"):
        EpisodeDataset(tiny_dataset).frames(2)


def test_unknown_episode_index(tiny_dataset: Path) -> None:
    with pytest.raises(DatasetError, match=r"episode 7 not in .*indices 0\.\.3"):
        EpisodeDataset(tiny_dataset).meta(7)

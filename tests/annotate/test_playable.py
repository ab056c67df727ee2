"""Browser copies: yuv420p H.264 (or VP9) with the source's frames, made once."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from cuakit.annotate.playable import ensure_playable, playable_path
from cuakit.episodes import EpisodeDataset, read_frames, video_fps
from tests.annotate.conftest import stripe_level, write_striped


@pytest.mark.parametrize("codec", ["h264", "vp9"])
def test_a_copy_has_every_frame_at_the_same_rate_in_yuv420p(tmp_path: Path, codec: str) -> None:
    write_striped(tmp_path / "ds", [12])
    dataset = EpisodeDataset(tmp_path / "ds")
    path = ensure_playable(dataset, 0, codec)
    assert path == playable_path(dataset.root, 0, codec)
    with av.open(str(path)) as container:
        assert container.streams.video[0].codec_context.pix_fmt == "yuv420p"
    copy = read_frames(path)
    assert copy.shape == dataset.frames(0).shape and video_fps(path) == 10
    levels = copy[:, 32:, :, :].reshape(len(copy), -1).mean(axis=1)
    assert np.allclose(levels, [stripe_level(i) for i in range(12)], atol=2)


def test_a_copy_is_made_once_and_again_when_the_source_changes(tmp_path: Path) -> None:
    import os

    write_striped(tmp_path / "ds", [6])
    dataset = EpisodeDataset(tmp_path / "ds")
    path = ensure_playable(dataset, 0)
    made = path.stat().st_mtime_ns
    assert ensure_playable(dataset, 0).stat().st_mtime_ns == made
    source = dataset.root / dataset.meta(0).video
    os.utime(source, ns=(made + 10**9, made + 10**9))
    assert ensure_playable(dataset, 0).stat().st_mtime_ns != made

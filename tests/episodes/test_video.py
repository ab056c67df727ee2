from pathlib import Path

import numpy as np
import pytest

from cuakit.episodes.bench import synthetic_screen
from cuakit.episodes.video import VideoEncoder, read_frames, video_fps
from cuakit.errors import VideoError


def encode(path: Path, frames: np.ndarray, codec: str) -> None:
    encoder = VideoEncoder(path, fps=10, codec=codec)
    for frame in frames:
        encoder.add(frame)
    encoder.close()


@pytest.mark.parametrize("size", [(320, 200), (63, 37)])
def test_lossless_round_trip_is_bit_exact(tmp_path: Path, size: tuple[int, int]) -> None:
    frames = synthetic_screen(25, *size, seed=3)
    noise = np.random.default_rng(0).integers(0, 256, frames.shape[1:], dtype=np.uint8)
    frames[5] = noise  # worst case for a codec: pure noise must survive too
    encode(tmp_path / "v.mp4", frames, "lossless")
    assert np.array_equal(read_frames(tmp_path / "v.mp4"), frames)


def test_compact_is_close_smaller_and_keeps_odd_sizes(tmp_path: Path) -> None:
    frames = synthetic_screen(30, 161, 101, seed=1)
    encode(tmp_path / "lossless.mp4", frames, "lossless")
    encode(tmp_path / "compact.mp4", frames, "compact")
    decoded = read_frames(tmp_path / "compact.mp4", size=(101, 161))
    assert decoded.shape == frames.shape
    error = np.abs(decoded.astype(int) - frames.astype(int)).mean()
    assert 0 < error < 8
    assert (tmp_path / "compact.mp4").stat().st_size < (tmp_path / "lossless.mp4").stat().st_size


def test_frames_by_index_in_requested_order(tmp_path: Path) -> None:
    frames = synthetic_screen(12, 32, 20, seed=2)
    encode(tmp_path / "v.mp4", frames, "lossless")
    picked = read_frames(tmp_path / "v.mp4", [11, 0, 5])
    assert np.array_equal(picked, frames[[11, 0, 5]])


def test_index_past_the_end_names_the_file_and_count(tmp_path: Path) -> None:
    encode(tmp_path / "v.mp4", synthetic_screen(4, 32, 20), "lossless")
    with pytest.raises(VideoError, match=r"frame 9 not found in .*v\.mp4: the file holds 4 frames"):
        read_frames(tmp_path / "v.mp4", [9])


def test_the_frame_rate_is_read_from_the_file(tmp_path: Path) -> None:
    encoder = VideoEncoder(tmp_path / "v.mp4", fps=7, codec="lossless")
    for frame in synthetic_screen(5, 32, 20):
        encoder.add(frame)
    encoder.close()
    assert video_fps(tmp_path / "v.mp4") == 7.0
    with pytest.raises(VideoError, match=r"missing\.mp4 cannot be opened"):
        video_fps(tmp_path / "missing.mp4")


def test_missing_and_corrupt_files_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(VideoError, match=r"missing\.mp4 not found: restore"):
        read_frames(tmp_path / "missing.mp4")
    bad = tmp_path / "corrupt.mp4"
    bad.write_bytes(b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 4)
    with pytest.raises(VideoError, match=r"corrupt\.mp4 .*(corrupt|no frames|no video)"):
        read_frames(bad)


def test_truncated_file_is_a_typed_error(tmp_path: Path) -> None:
    path = tmp_path / "v.mp4"
    encode(path, synthetic_screen(40, 64, 40), "lossless")
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 3])
    with pytest.raises(VideoError, match=r"v\.mp4"):
        read_frames(path)


def test_encoder_rejects_wrong_frames(tmp_path: Path) -> None:
    encoder = VideoEncoder(tmp_path / "v.mp4", fps=10)
    with pytest.raises(VideoError, match="uint8"):
        encoder.add(np.zeros((20, 32, 3), np.float32))
    encoder.add(np.zeros((20, 32, 3), np.uint8))
    with pytest.raises(VideoError, match="resize frames"):
        encoder.add(np.zeros((21, 32, 3), np.uint8))
    encoder.abort()
    assert not (tmp_path / "v.mp4").exists()

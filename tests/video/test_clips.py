"""Clip sampling, keyframes, resizing and tensor conversion."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from cuakit.errors import ConfigError, VideoError
from cuakit.video import (
    frame_changes,
    keyframe_indices,
    resize,
    sample_clip,
    to_tensor,
    uniform_indices,
)


def square_video(num_frames: int = 16, appear: int = 7, height: int = 40, width: int = 64):
    """A static grey background; a dark square appears at frame ``appear`` and stays."""
    frames = np.full((num_frames, height, width, 3), 200, dtype=np.uint8)
    frames[appear:, 10:26, 20:36] = (30, 60, 200)
    return frames


# uniform_indices ---------------------------------------------------------------------------


@pytest.mark.parametrize("num_frames", [1, 2, 3, 7, 12, 13, 50, 101, 487])
@pytest.mark.parametrize("t", [2, 3, 8, 12, 16])
def test_uniform_indices_include_first_and_final_frame(num_frames: int, t: int) -> None:
    """Regression: the seed's ``compute_video_reward`` appended the observation *before* each
    step, so the final frame — the one that shows success — never reached the reward model.
    Every sampled clip must end on the video's final frame and start on its first."""
    indices = uniform_indices(num_frames, t)
    assert len(indices) == t
    assert indices.dtype == np.int64
    assert indices[0] == 0
    assert indices[-1] == num_frames - 1
    assert np.all(np.diff(indices) >= 0)
    if num_frames >= t:
        assert len(np.unique(indices)) == t


def test_uniform_indices_are_evenly_spaced() -> None:
    np.testing.assert_array_equal(uniform_indices(11, 6), [0, 2, 4, 6, 8, 10])
    np.testing.assert_array_equal(uniform_indices(10, 4), [0, 3, 6, 9])
    # fewer frames than t: frames repeat, still first to last
    np.testing.assert_array_equal(uniform_indices(3, 5), [0, 1, 1, 2, 2])


def test_uniform_indices_single_sample_is_the_final_frame() -> None:
    np.testing.assert_array_equal(uniform_indices(30, 1), [29])


@pytest.mark.parametrize(("num_frames", "t"), [(0, 4), (10, 0), (-1, 3), (5, 2.5)])
def test_uniform_indices_reject_bad_sizes(num_frames, t) -> None:
    with pytest.raises(ConfigError):
        uniform_indices(num_frames, t)


# keyframes ---------------------------------------------------------------------------------


def test_frame_changes_find_the_frame_where_the_square_appears() -> None:
    indices, changes = frame_changes(square_video(appear=7))
    np.testing.assert_array_equal(indices, [0, 7])
    # frame 0 counts as a full change; then a 16×16 square of a 40×64 frame changes by
    # |30-200| + |60-200| + 0 = 310 over 3 channels: 0.1 × 310 / 3 / 255 = 31 / 765
    np.testing.assert_allclose(changes, [1.0, 31 / 765])


@pytest.mark.parametrize("t", [2, 3, 4, 8, 16, 20])
def test_keyframes_pick_the_change_and_keep_exact_t(t: int) -> None:
    frames = square_video(num_frames=16, appear=7)
    indices = keyframe_indices(frames, t)
    assert len(indices) == t
    assert indices[0] == 0 and indices[-1] == 15
    assert np.all(np.diff(indices) >= 0)
    if t >= 3:
        assert 7 in indices
    if t <= 16:
        assert len(np.unique(indices)) == t


def test_keyframes_fill_the_widest_gap_first() -> None:
    # candidates 0, 7, 15; one more goes into the widest gap (7..15) at its middle
    np.testing.assert_array_equal(keyframe_indices(square_video(appear=7), 4), [0, 7, 11, 15])


def test_keyframes_keep_the_largest_changes_when_there_are_too_many() -> None:
    frames = np.zeros((10, 8, 8, 3), dtype=np.uint8)
    # each frame differs from the previous; frame 4 and frame 8 change the most
    for i in range(1, 10):
        frames[i:] += np.uint8(10)
    frames[4:] += np.uint8(60)
    frames[8:] += np.uint8(40)
    assert len(frame_changes(frames)[0]) == 10
    np.testing.assert_array_equal(keyframe_indices(frames, 4), [0, 4, 8, 9])


def test_keyframes_of_a_static_video_are_uniform() -> None:
    frames = np.full((9, 4, 4, 3), 128, dtype=np.uint8)
    np.testing.assert_array_equal(keyframe_indices(frames, 5), [0, 2, 4, 6, 8])


def test_keyframes_repeat_frames_of_a_short_video() -> None:
    frames = square_video(num_frames=3, appear=1)
    indices = keyframe_indices(frames, 7)
    assert len(indices) == 7
    assert indices[0] == 0 and indices[-1] == 2
    assert set(indices.tolist()) == {0, 1, 2}
    single = keyframe_indices(frames[:1], 3)
    np.testing.assert_array_equal(single, [0, 0, 0])


def test_keyframes_catch_slow_drift() -> None:
    """Comparing to the last kept frame, not the previous one, catches a slow fade."""
    frames = np.stack([np.full((4, 4, 3), 100 + i, dtype=np.uint8) for i in range(12)])
    indices, _ = frame_changes(frames, min_change=0.015)  # each step is 1/255 ≈ 0.004
    assert len(indices) > 1


# sample_clip -------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["uniform", "keyframes"])
def test_sample_clip_returns_indices_and_their_frames(mode: str) -> None:
    frames = square_video()
    indices, clip = sample_clip(frames, 5, mode=mode)
    assert clip.shape == (5, *frames.shape[1:])
    np.testing.assert_array_equal(clip, frames[indices])
    assert indices[-1] == len(frames) - 1


def test_sample_clip_rejects_unknown_mode() -> None:
    with pytest.raises(ConfigError, match="uniform"):
        sample_clip(square_video(), 4, mode="random")  # type: ignore[arg-type]


# resize / to_tensor ------------------------------------------------------------------------


@pytest.mark.parametrize(("height", "width"), [(100, 160), (20, 30), (300, 480), (60, 200)])
def test_resize_shape_dtype_and_layout(height: int, width: int) -> None:
    frames = np.zeros((3, 150, 240, 3), dtype=np.uint8)
    frames[:, :75, :120] = 255  # the top-left quarter white
    out = resize(frames, height, width)
    assert out.shape == (3, height, width, 3)
    assert out.dtype == np.uint8
    # the white quarter stays the top-left quarter (no axis swapped, no flip); only the
    # pixels next to its edges may be blended
    assert (out[:, : height // 2 - 1, : width // 2 - 1] == 255).all()
    assert (out[:, height // 2 + 1 :] == 0).all() and (out[:, :, width // 2 + 1 :] == 0).all()


@pytest.mark.parametrize(("height", "width"), [(100, 160), (37, 53), (400, 640), (60, 400)])
def test_resize_keeps_a_uniform_image_uniform(height: int, width: int) -> None:
    frames = np.empty((2, 150, 240, 3), dtype=np.uint8)
    frames[:] = (17, 128, 251)
    out = resize(frames, height, width)
    assert np.all(out == np.array([17, 128, 251], dtype=np.uint8))


def test_resize_is_deterministic_and_averages_when_shrinking() -> None:
    frames = np.zeros((1, 4, 4, 3), dtype=np.uint8)
    frames[0, ::2, ::2] = 255  # one lit pixel per 2×2 block
    out = resize(frames, 2, 2)
    np.testing.assert_array_equal(out, np.full((1, 2, 2, 3), 64, dtype=np.uint8))  # 255/4
    big = np.random.default_rng(1).integers(0, 256, (2, 90, 130, 3), dtype=np.uint8)
    np.testing.assert_array_equal(resize(big, 50, 70), resize(big, 50, 70))


def test_resize_accepts_read_only_views() -> None:
    frames = square_video()[:, 5:30]
    frames.flags.writeable = False
    writable = frames.copy()
    np.testing.assert_array_equal(resize(frames, 10, 16), resize(writable, 10, 16))
    assert resize(frames, 10, 16).shape == (16, 10, 16, 3)
    assert torch.equal(to_tensor(frames), to_tensor(writable))
    assert to_tensor(frames).shape == (16, 3, 25, 64)


def test_to_tensor_layout_and_range() -> None:
    frames = square_video(num_frames=2, appear=1)
    x = to_tensor(frames)
    assert x.shape == (2, 3, 40, 64)
    assert x.dtype == torch.float32
    assert x.is_contiguous()
    torch.testing.assert_close(x[1, :, 12, 22], torch.tensor([30, 60, 200]) / 255.0)
    torch.testing.assert_close(x[0, :, 12, 22], torch.full((3,), 200 / 255.0))  # before it


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((4, 4, 3), dtype=np.uint8),
        np.zeros((2, 4, 4, 3), dtype=np.float32),
        np.zeros((2, 4, 4, 4), dtype=np.uint8),
        np.zeros((0, 4, 4, 3), dtype=np.uint8),
    ],
)
def test_bad_frames_raise_video_error(bad: np.ndarray) -> None:
    with pytest.raises(VideoError, match="frames"):
        resize(bad, 2, 2)

"""Clip preparation: which frames of an execution video a model sees, and at what size.

Everything here is a pure function of its inputs. Frames are numpy ``uint8`` arrays shaped
``(N, H, W, 3)`` (RGB, as ``EpisodeDataset.frames`` returns them); indices are ``int64``
arrays into the first axis. Frames are chosen from the video alone (its length, its frame
differences), never from the step table: when the agent acted is not for a video judge to see.

- ``uniform_indices`` — T evenly spaced frames, always the first and the final one (the final
  frame is the observation that shows whether the task succeeded).
- ``keyframe_indices`` — frames where the screen changed, by mean absolute frame difference.
- ``sample_clip`` — indices and frames in one call.
- ``resize`` / ``to_tensor`` — model input: a fixed size, then ``float32 (N, 3, H, W)``.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
import torch
import torch.nn.functional as F

from cuakit.errors import ConfigError, VideoError

# Frames per torch call in ``resize``: bounds the float32 copy (64 × 480×300×3 ≈ 110 MB).
_RESIZE_CHUNK = 64

SampleMode = Literal["uniform", "keyframes"]


def check_frames(frames: np.ndarray, name: str = "frames") -> None:
    """Raise ``VideoError`` unless ``frames`` is a non-empty ``uint8 (N, H, W, 3)`` array."""
    if not isinstance(frames, np.ndarray):
        raise VideoError(
            f"{name} is a {type(frames).__name__}: pass a numpy uint8 array (N, H, W, 3), "
            "e.g. from EpisodeDataset.frames(i)"
        )
    if frames.ndim != 4 or frames.shape[-1] != 3:
        raise VideoError(
            f"{name} has shape {frames.shape}: expected (N, H, W, 3) RGB frames; "
            "add a leading axis for a single frame (frame[None])"
        )
    if frames.dtype != np.uint8:
        raise VideoError(
            f"{name} has dtype {frames.dtype}: expected uint8 in [0, 255]; "
            "convert float images with (x * 255).round().astype(np.uint8)"
        )
    if min(frames.shape[:3]) == 0:
        raise VideoError(f"{name} has shape {frames.shape}: a clip needs at least one pixel")


def _check_count(value: int, name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ConfigError(f"{name}={value!r}: must be an integer ≥ 1")


def uniform_indices(num_frames: int, t: int) -> np.ndarray:
    """``t`` evenly spaced frame indices of a ``num_frames``-frame video, sorted, ``int64 (t,)``.

    The first index is 0 and the last is ``num_frames - 1`` (for ``t == 1``: only the final
    frame, which is the one that shows the outcome). Index ``i`` is ``i · (num_frames - 1) /
    (t - 1)`` rounded half up, in exact integer arithmetic. With ``num_frames ≥ t`` the indices
    are distinct; with fewer frames than ``t`` frames repeat.
    """
    _check_count(num_frames, "num_frames")
    _check_count(t, "t")
    if t == 1:
        return np.array([num_frames - 1], dtype=np.int64)
    i = np.arange(t, dtype=np.int64)
    # i·(N-1)/(t-1) rounded half up, in integers: floor((2·i·(N-1) + (t-1)) / (2·(t-1)))
    return (2 * i * (num_frames - 1) + (t - 1)) // (2 * (t - 1))


def frame_changes(frames: np.ndarray, min_change: float = 0.01) -> tuple[np.ndarray, np.ndarray]:
    """Greedy change detection: the frames that differ from the previous kept one.

    Walks the clip once, comparing each frame to the last frame kept so far; a frame is kept
    when the mean absolute difference (pixel values scaled to [0, 1]) exceeds ``min_change``.
    Frame 0 is always kept (change 1.0 by convention). Returns ``(indices int64 (K,),
    changes float64 (K,))`` — the kept frames and how much each changed. Comparing to the last
    *kept* frame (not the previous frame) means slow drifts, a cursor creeping across the
    screen, still add up to a keyframe.
    """
    check_frames(frames)
    if not min_change >= 0:
        raise ConfigError(f"min_change={min_change!r}: must be ≥ 0 (a fraction of full scale)")
    kept = [0]
    changes = [1.0]
    reference = frames[0].astype(np.int16)  # (H, W, 3)
    for i in range(1, len(frames)):
        current = frames[i].astype(np.int16)
        change = float(np.abs(current - reference).mean()) / 255.0
        if change > min_change:
            kept.append(i)
            changes.append(change)
            reference = current
    return np.array(kept, dtype=np.int64), np.array(changes, dtype=np.float64)


def keyframe_indices(frames: np.ndarray, t: int, min_change: float = 0.01) -> np.ndarray:
    """Exactly ``t`` keyframe indices of ``frames (N, H, W, 3) uint8``, sorted, ``int64 (t,)``.

    Candidates are the frames where the screen changed (``frame_changes``), plus the final
    frame, which is always kept. Then:

    - more than ``t`` candidates: the first and final frames plus the ``t - 2`` candidates
      with the largest changes (earlier ones win ties);
    - fewer: the largest gap between chosen frames is split at its middle until there are
      ``t`` (uniform filling); if every frame is chosen and there are still fewer than ``t``,
      the chosen frames repeat evenly, as ``uniform_indices`` does.

    ``t == 1`` gives the final frame.
    """
    _check_count(t, "t")
    candidates, changes = frame_changes(frames, min_change)
    last = len(frames) - 1
    if t == 1:
        return np.array([last], dtype=np.int64)
    if candidates[-1] != last:
        candidates = np.append(candidates, last)
        changes = np.append(changes, 0.0)

    if len(candidates) > t:
        middle = np.arange(1, len(candidates) - 1)  # positions of the droppable candidates
        order = np.argsort(-changes[middle], kind="stable")[: t - 2]
        chosen = np.sort(np.concatenate([[0], middle[order], [len(candidates) - 1]]))
        return candidates[chosen]

    chosen_list = candidates.tolist()
    while 1 < len(chosen_list) < t:
        gaps = np.diff(chosen_list)
        widest = int(np.argmax(gaps))  # first of the widest gaps
        if gaps[widest] <= 1:
            break  # every frame is already chosen
        chosen_list.insert(widest + 1, (chosen_list[widest] + chosen_list[widest + 1]) // 2)
    chosen = np.array(chosen_list, dtype=np.int64)
    if len(chosen) < t:
        chosen = chosen[uniform_indices(len(chosen), t)]
    return chosen


def sample_clip(
    frames: np.ndarray, t: int, mode: SampleMode = "uniform", min_change: float = 0.01
) -> tuple[np.ndarray, np.ndarray]:
    """Pick ``t`` frames: returns ``(indices int64 (t,), frames[indices] uint8 (t, H, W, 3))``.

    ``mode="uniform"`` uses ``uniform_indices``; ``mode="keyframes"`` uses
    ``keyframe_indices`` with ``min_change``. Both always include the final frame.
    """
    check_frames(frames)
    if mode == "uniform":
        indices = uniform_indices(len(frames), t)
    elif mode == "keyframes":
        indices = keyframe_indices(frames, t, min_change)
    else:
        raise ConfigError(f"mode={mode!r} is unknown: use 'uniform' or 'keyframes'")
    return indices, frames[indices]


def _to_torch(frames: np.ndarray) -> torch.Tensor:
    """uint8 (N, H, W, 3) numpy → uint8 (N, 3, H, W) torch, without a warning for read-only
    arrays (torch cannot share their memory, so those are copied)."""
    if not frames.flags.writeable or not frames.flags.c_contiguous:
        frames = np.ascontiguousarray(frames).copy()
    return torch.from_numpy(frames).permute(0, 3, 1, 2)  # (N, 3, H, W)


def resize(frames: np.ndarray, height: int, width: int) -> np.ndarray:
    """Resize every frame to ``height × width``: ``uint8 (N, H, W, 3) → uint8 (N, height,
    width, 3)``.

    Shrinking in both directions averages areas (``interpolate(mode="area")``), so thin text
    strokes fade instead of vanishing; otherwise bilinear with antialiasing (which filters any
    axis that shrinks). Values are rounded to the nearest integer; a uniform image stays
    exactly uniform. Deterministic (CPU, no random state). The same size returns a copy.
    """
    check_frames(frames)
    _check_count(height, "height")
    _check_count(width, "width")
    n, h, w, _ = frames.shape
    if (h, w) == (height, width):
        return frames.copy()
    out = np.empty((n, height, width, 3), dtype=np.uint8)
    for start in range(0, n, _RESIZE_CHUNK):
        x = _to_torch(frames[start : start + _RESIZE_CHUNK]).float()  # (n, 3, h, w)
        if height <= h and width <= w:
            y = F.interpolate(x, size=(height, width), mode="area")
        else:
            y = F.interpolate(
                x, size=(height, width), mode="bilinear", align_corners=False, antialias=True
            )  # (n, 3, height, width)
        y = y.round_().clamp_(0, 255).to(torch.uint8).permute(0, 2, 3, 1)  # (n, height, width, 3)
        out[start : start + len(y)] = y.numpy()
    return out


def to_tensor(frames: np.ndarray) -> torch.Tensor:
    """``uint8 (N, H, W, 3)`` numpy → contiguous ``float32 (N, 3, H, W)`` torch in [0, 1]."""
    check_frames(frames)
    x = _to_torch(frames)  # (N, 3, H, W) uint8
    return x.to(torch.float32, memory_format=torch.contiguous_format).div_(255.0)

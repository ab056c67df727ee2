from __future__ import annotations

from collections import deque

import numpy as np
import pytest
import torch

from cuakit.video.pruning import patchify, prune, spatial_keep, temporal_keep

PATCH = 20
H, W = 100, 160  # grid 5 x 8
GRID = (H // PATCH, W // PATCH)


def textured_screen(seed: int = 0) -> torch.Tensor:
    """(3, H, W) in [0, 1]: every patch a different flat colour, so no two neighbours match."""
    rng = np.random.default_rng(seed)
    colours = torch.from_numpy(rng.random((3, *GRID), dtype=np.float32))
    return colours.repeat_interleave(PATCH, 1).repeat_interleave(PATCH, 2)


def with_cursor(frame: torch.Tensor, y: int, x: int) -> torch.Tensor:
    out = frame.clone()
    out[:, y : y + 12, x : x + 8] = 0.0
    return out


def cursor_cells(y: int, x: int) -> set[int]:
    """Grid cells the 12x8 cursor at (y, x) overlaps."""
    rows = range(y // PATCH, (y + 11) // PATCH + 1)
    cols = range(x // PATCH, (x + 7) // PATCH + 1)
    return {r * GRID[1] + c for r in rows for c in cols}


def test_patchify_orders_patches_row_major() -> None:
    frames = torch.zeros(2, 3, H, W)
    frames[1, :, 20:40, 60:80] = 1.0  # grid cell (1, 3)
    patches = patchify(frames, PATCH)
    assert patches.shape == (2, 40, 3 * PATCH * PATCH)
    lit = patches[1].amax(-1).nonzero().flatten().tolist()
    assert lit == [1 * 8 + 3]
    assert patchify(frames[None], PATCH).shape == (1, 2, 40, 1200)


def test_patchify_rejects_sizes_that_do_not_divide() -> None:
    with pytest.raises(ValueError, match="multiples of 32"):
        patchify(torch.zeros(1, 3, H, W), 32)


def test_static_video_keeps_no_patch_after_the_first_frame() -> None:
    frames = textured_screen().expand(6, 3, H, W)
    result = prune(patchify(frames, PATCH), GRID)
    assert result.keep[0].all()  # textured: nothing to drop spatially
    assert result.keep[1:].sum() == 0
    assert result.kept_ratio == pytest.approx(1 / 6)


def test_uniform_frame_keeps_few_tokens() -> None:
    frames = torch.full((1, 3, H, W), 0.93)
    frames += torch.rand_like(frames) * 0.01  # sensor-like noise under the threshold
    keep = spatial_keep(patchify(frames, PATCH), GRID, threshold=0.02, min_region=4)
    assert keep.float().mean() <= 0.10


def test_moving_cursor_keeps_the_cursor_patches() -> None:
    background = torch.full((3, H, W), 0.9)
    positions = [(22, 4), (25, 45), (43, 66), (62, 101), (81, 125)]  # each inside one patch
    frames = torch.stack([with_cursor(background, y, x) for y, x in positions])
    keep = prune(patchify(frames, PATCH), GRID).keep
    for t, (y, x) in enumerate(positions):
        assert set(keep[t].nonzero().flatten().tolist()) == cursor_cells(y, x), t


def test_moving_cursor_on_textured_screen_keeps_old_and_new_positions() -> None:
    screen = textured_screen(1)
    frames = torch.stack([with_cursor(screen, 22, 4), with_cursor(screen, 62, 123)])
    keep = temporal_keep(patchify(frames, PATCH))
    expected = cursor_cells(22, 4) | cursor_cells(62, 123)
    assert set(keep[1].nonzero().flatten().tolist()) == expected


def test_kept_ratio_is_the_mean_of_the_mask() -> None:
    frames = torch.rand(5, 3, H, W)
    frames[2:] = frames[1]
    result = prune(patchify(frames, PATCH), GRID)
    assert result.kept_ratio == pytest.approx(result.keep.float().mean().item())
    assert 0.0 < result.kept_ratio < 1.0
    off = prune(patchify(frames, PATCH), GRID, spatial=False, temporal=False)
    assert off.kept_ratio == 1.0 and off.keep.all()


def test_gradual_drift_is_caught_against_the_last_kept_version() -> None:
    frames = textured_screen().expand(7, 3, H, W).clone()
    for t in range(7):  # 0.015 per frame: under the threshold frame to frame
        frames[t] += 0.015 * t
    keep = temporal_keep(patchify(frames, PATCH), threshold=0.02)
    assert keep[:, 0].tolist() == [True, False, True, False, True, False, True]
    assert (keep == keep[:, :1]).all()  # every position behaves the same


def test_frame_zero_is_subject_to_spatial_pruning_only() -> None:
    frames = torch.full((3, 3, H, W), 0.5)
    result = prune(patchify(frames, PATCH), GRID)
    assert not result.keep.any()  # one flat region of 40 patches, dropped even at frame 0
    temporal_only = prune(patchify(frames, PATCH), GRID, spatial=False)
    assert temporal_only.keep[0].all() and not temporal_only.keep[1:].any()


def reference_region_sizes(colours: np.ndarray) -> np.ndarray:
    """Breadth-first search over equal-colour 4-neighbours: the size of each cell's region."""
    gh, gw = colours.shape
    sizes = np.zeros((gh, gw), dtype=int)
    seen = np.zeros((gh, gw), dtype=bool)
    for start in np.ndindex(gh, gw):
        if seen[start]:
            continue
        region, queue = [start], deque([start])
        seen[start] = True
        while queue:
            i, j = queue.popleft()
            for ni, nj in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
                inside = 0 <= ni < gh and 0 <= nj < gw
                if inside and not seen[ni, nj] and colours[ni, nj] == colours[i, j]:
                    seen[ni, nj] = True
                    region.append((ni, nj))
                    queue.append((ni, nj))
        for cell in region:
            sizes[cell] = len(region)
    return sizes


@pytest.mark.parametrize("seed", range(8))
def test_spatial_regions_match_breadth_first_search(seed: int) -> None:
    rng = np.random.default_rng(seed)
    gh, gw, patch = 10, 16, 4
    colours = rng.integers(0, 3, size=(gh, gw))  # three colours: snaky regions of all sizes
    frame = torch.from_numpy(colours / 2.0).float()
    frame = frame.repeat_interleave(patch, 0).repeat_interleave(patch, 1).expand(1, 3, -1, -1)
    keep = spatial_keep(patchify(frame, patch), (gh, gw), threshold=0.02, min_region=4)
    expected = reference_region_sizes(colours) < 4
    assert keep.reshape(gh, gw).numpy().tolist() == expected.tolist()


def test_spiral_region_is_one_region() -> None:
    gh, gw = 7, 7
    colours = np.ones((gh, gw), dtype=int)
    # a one-cell-wide spiral wall of colour 0 through a field of colour 1
    wall = [(1, j) for j in range(1, 6)] + [(i, 5) for i in range(2, 6)]
    wall += [(5, j) for j in range(1, 5)] + [(i, 1) for i in range(3, 5)] + [(3, 2), (3, 3)]
    for cell in wall:
        colours[cell] = 0
    frame = torch.from_numpy(colours.astype(np.float32)).repeat_interleave(2, 0)
    frame = frame.repeat_interleave(2, 1).expand(1, 3, -1, -1)
    keep = spatial_keep(patchify(frame, 2), (gh, gw), min_region=len(wall))
    expected = reference_region_sizes(colours) < len(wall)
    assert keep.reshape(gh, gw).numpy().tolist() == expected.tolist()
    assert not keep.reshape(gh, gw)[1, 1]  # the wall (exactly min_region cells) is dropped


def test_batched_input_matches_per_clip() -> None:
    clips = torch.rand(3, 4, 3, H, W)
    clips[:, 2:] = clips[:, 1:2]
    batch = prune(patchify(clips, PATCH), GRID).keep
    for b in range(3):
        assert torch.equal(batch[b], prune(patchify(clips[b], PATCH), GRID).keep)

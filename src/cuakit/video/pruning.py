"""Token pruning for screen-recording clips, after ExeVRM: drop the patches that say nothing new.

Screen recordings are mostly still: flat window backgrounds, and long stretches where only the
cursor moves. Two pure functions decide which patch tokens a model needs to see:

- `spatial_keep`: inside one frame, patches that are near-identical to a 4-neighbour form
  connected regions; a region of ``min_region`` patches or more (a flat background, an empty
  text area) is dropped, smaller ones (a button edge, a glyph, the cursor) are kept.
- `temporal_keep`: frame 0 is kept whole; later a patch position is dropped while its content
  is unchanged since the LAST KEPT version of that position. Comparing with the last kept
  version (not with the previous frame) catches slow drift: a fade that changes by less than
  the threshold per frame is kept again as soon as the accumulated change exceeds it.

`prune` combines the two (keep = spatial AND temporal; frame 0 is subject to spatial only) and
reports the kept ratio. Distances are mean absolute differences of patch pixels, so thresholds
are on the pixel scale of the input (0.02 on [0, 1] frames is about 5 grey levels of 255).

Every function takes ``(T, N, D)`` patches or a batch ``(B, T, N, D)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

DEFAULT_THRESHOLD = 0.02
"""mean absolute pixel difference (on [0, 1] frames) under which two patches count as identical"""
DEFAULT_MIN_REGION = 4
"""connected regions of near-identical patches this large or larger are dropped"""


@dataclass(frozen=True)
class PruneResult:
    keep: torch.Tensor
    """bool ``(T, N)`` (or ``(B, T, N)``): True for the patch tokens a model should see"""
    kept_ratio: float
    """fraction of patch tokens kept, in [0, 1]"""


def patchify(frames: torch.Tensor, patch: int) -> torch.Tensor:
    """Cut frames ``(T, 3, H, W)`` (or ``(B, T, 3, H, W)``) into non-overlapping square patches.

    Returns ``(T, N, 3 * patch * patch)`` (or with the leading B), patches in row-major order of
    the grid ``(H // patch, W // patch)``.
    """
    if frames.ndim not in (4, 5):
        raise ValueError(
            f"frames: expected (T, 3, H, W) or (B, T, 3, H, W), got shape {tuple(frames.shape)}"
        )
    *lead, c, h, w = frames.shape
    if h % patch or w % patch:
        raise ValueError(
            f"frames of {h}x{w} do not split into {patch}x{patch} patches: resize the frames to "
            f"multiples of {patch} or choose a patch size that divides both"
        )
    gh, gw = h // patch, w // patch
    x = frames.reshape(*lead, c, gh, patch, gw, patch)  # (..., C, gh, p, gw, p)
    k = len(lead)
    x = x.permute(*range(k), k + 1, k + 3, k, k + 2, k + 4)  # (..., gh, gw, C, p, p)
    return x.reshape(*lead, gh * gw, c * patch * patch)  # (..., N, D)


def _check_patches(patches: torch.Tensor) -> None:
    if patches.ndim not in (3, 4):
        raise ValueError(
            f"patches: expected (T, N, D) or (B, T, N, D), got shape {tuple(patches.shape)}"
        )


def temporal_keep(patches: torch.Tensor, threshold: float = DEFAULT_THRESHOLD) -> torch.Tensor:
    """bool ``(T, N)``: frame 0 all True; later a position is kept when it differs from its last
    kept version by more than ``threshold`` (mean absolute difference over the patch)."""
    _check_patches(patches)
    patches = patches.detach()
    keep = torch.ones(patches.shape[:-1], dtype=torch.bool, device=patches.device)  # (.., T, N)
    last_kept = patches[..., 0, :, :]  # (..., N, D)
    for t in range(1, patches.shape[-3]):
        current = patches[..., t, :, :]
        changed = (current - last_kept).abs().mean(-1) > threshold  # (..., N)
        keep[..., t, :] = changed
        last_kept = torch.where(changed.unsqueeze(-1), current, last_kept)
    return keep


def _region_sizes(similar_h: torch.Tensor, similar_v: torch.Tensor) -> torch.Tensor:
    """Size of the 4-connected region each grid cell belongs to.

    ``similar_h`` ``(F, gh, gw-1)`` says cell (i, j) joins (i, j+1); ``similar_v`` ``(F, gh-1, gw)``
    says (i, j) joins (i+1, j). Min-label propagation with pointer jumping, all frames at once.
    """
    f, gh = similar_h.shape[:2]
    gw = similar_v.shape[2]
    n = gh * gw
    labels = torch.arange(n, device=similar_h.device).expand(f, n).reshape(f, gh, gw).clone()
    big = n  # larger than any label: "no neighbour through this edge"
    for _ in range(n):  # converges long before n rounds on real grids
        candidates = [labels]
        if gw > 1:
            right = torch.full_like(labels, big)
            right[:, :, :-1] = torch.where(similar_h, labels[:, :, 1:], big)
            left = torch.full_like(labels, big)
            left[:, :, 1:] = torch.where(similar_h, labels[:, :, :-1], big)
            candidates += [right, left]
        if gh > 1:
            down = torch.full_like(labels, big)
            down[:, :-1, :] = torch.where(similar_v, labels[:, 1:, :], big)
            up = torch.full_like(labels, big)
            up[:, 1:, :] = torch.where(similar_v, labels[:, :-1, :], big)
            candidates += [down, up]
        new = torch.stack(candidates).amin(0).reshape(f, n)  # (F, N)
        new = torch.gather(new, 1, new)  # pointer jumping: label of my label (same region)
        new = new.reshape(f, gh, gw)
        if torch.equal(new, labels):
            break
        labels = new
    flat = labels.reshape(f, n)  # (F, N) region id = smallest cell index in the region
    counts = torch.zeros(f, n, dtype=torch.long, device=flat.device)
    counts.scatter_add_(1, flat, torch.ones_like(flat))
    return torch.gather(counts, 1, flat)  # (F, N)


def spatial_keep(
    patches: torch.Tensor,
    grid: tuple[int, int],
    threshold: float = DEFAULT_THRESHOLD,
    min_region: int = DEFAULT_MIN_REGION,
) -> torch.Tensor:
    """bool ``(T, N)``: in each frame, drop 4-connected regions of near-identical patches (mean
    absolute difference to a neighbour ≤ ``threshold``) that hold ``min_region`` patches or more.
    """
    _check_patches(patches)
    gh, gw = grid
    lead, n, d = patches.shape[:-2], patches.shape[-2], patches.shape[-1]
    if gh * gw != n:
        raise ValueError(f"grid {gh}x{gw} has {gh * gw} cells but patches hold N={n}")
    if min_region < 1:
        raise ValueError(f"min_region must be at least 1, got {min_region}")
    cells = patches.detach().reshape(-1, gh, gw, d)  # (F, gh, gw, D)
    similar_h = (cells[:, :, 1:] - cells[:, :, :-1]).abs().mean(-1) <= threshold  # (F, gh, gw-1)
    similar_v = (cells[:, 1:] - cells[:, :-1]).abs().mean(-1) <= threshold  # (F, gh-1, gw)
    sizes = _region_sizes(similar_h, similar_v)  # (F, N)
    return (sizes < min_region).reshape(*lead, n)


def prune(
    patches: torch.Tensor,
    grid: tuple[int, int],
    spatial: bool = True,
    temporal: bool = True,
    threshold: float = DEFAULT_THRESHOLD,
    min_region: int = DEFAULT_MIN_REGION,
) -> PruneResult:
    """Spatial AND temporal pruning of ``(T, N, D)`` (or ``(B, T, N, D)``) patches.

    Frame 0 is subject to spatial pruning only (temporal pruning keeps it whole).
    """
    _check_patches(patches)
    keep = torch.ones(patches.shape[:-1], dtype=torch.bool, device=patches.device)
    if spatial:
        keep &= spatial_keep(patches, grid, threshold, min_region)
    if temporal:
        keep &= temporal_keep(patches, threshold)
    return PruneResult(keep=keep, kept_ratio=keep.float().mean().item() if keep.numel() else 1.0)

"""Execution videos as model input: clip sampling, keyframes, resizing and augmentation
(layer 4: imports numpy, torch and lower cuakit layers only)."""

from cuakit.video.augment import augment, color_jitter, crop_box, random_crop_resize, theme_shift
from cuakit.video.clips import (
    check_frames,
    frame_changes,
    keyframe_indices,
    resize,
    sample_clip,
    to_tensor,
    uniform_indices,
)

__all__ = [
    "augment",
    "check_frames",
    "color_jitter",
    "crop_box",
    "frame_changes",
    "keyframe_indices",
    "random_crop_resize",
    "resize",
    "sample_clip",
    "theme_shift",
    "to_tensor",
    "uniform_indices",
]

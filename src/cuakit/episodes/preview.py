"""Previews people look at: a GIF or MP4 of an episode, or a PNG contact sheet of its frames."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from cuakit.episodes.dataset import EpisodeDataset
from cuakit.episodes.video import VideoEncoder
from cuakit.errors import CuakitError

PREVIEW_SUFFIXES = (".gif", ".mp4", ".png")


def contact_sheet(
    frames: np.ndarray, labels: list[str], columns: int = 4, thumb_width: int = 240
) -> Image.Image:
    """Tile ``frames`` (N, H, W, 3) into one image, each tile captioned with its label."""
    n, height, width, _ = frames.shape
    thumb_height = max(1, round(height * thumb_width / width))
    caption = 14
    rows = -(-n // columns)
    sheet = Image.new("RGB", (columns * thumb_width, rows * (thumb_height + caption)), "white")
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default()
    for i, (frame, label) in enumerate(zip(frames, labels, strict=True)):
        x, y = (i % columns) * thumb_width, (i // columns) * (thumb_height + caption)
        thumb = Image.fromarray(frame).resize(
            (thumb_width, thumb_height), Image.Resampling.BILINEAR
        )
        sheet.paste(thumb, (x, y + caption))
        draw.text((x + 2, y + 1), label, fill="black", font=font)
    return sheet


def write_gif(frames: np.ndarray, out: Path, fps: int) -> Path:
    """An animated GIF of (N, H, W, 3) frames that holds the last one (the outcome) for 2 s."""
    images = [Image.fromarray(frame) for frame in frames]
    durations = [round(1000 / fps)] * (len(images) - 1) + [2000]
    images[0].save(out, save_all=True, append_images=images[1:], duration=durations, loop=0)
    return out


def write_preview(dataset: EpisodeDataset, index: int, out: Path, max_tiles: int = 16) -> Path:
    """Write episode ``index`` as ``out`` (.gif, .mp4 or a .png contact sheet)."""
    out = Path(out)
    if out.suffix.lower() not in PREVIEW_SUFFIXES:
        raise CuakitError(
            f"--out {out}: unknown preview type; end the name with {PREVIEW_SUFFIXES}"
        )
    meta = dataset.meta(index)
    frames = dataset.frames(index)
    out.parent.mkdir(parents=True, exist_ok=True)
    fps = dataset.info.fps
    if out.suffix.lower() == ".gif":
        write_gif(frames, out, fps)
    elif out.suffix.lower() == ".mp4":
        encoder = VideoEncoder(out, fps=fps, codec="compact", threads=0)
        for frame in frames:
            encoder.add(frame)
        encoder.close()
    else:
        picks = np.unique(np.linspace(0, len(frames) - 1, min(max_tiles, len(frames))).round())
        picks = picks.astype(int)
        labels = [f"#{i}  t={i / fps:.1f}s" for i in picks]
        sheet = contact_sheet(frames[picks], labels)
        title = f"episode {meta.index}: {meta.instruction[:90]}  (success={meta.success})"
        canvas = Image.new("RGB", (sheet.width, sheet.height + 18), "white")
        canvas.paste(sheet, (0, 18))
        ImageDraw.Draw(canvas).text((4, 3), title, fill="black", font=ImageFont.load_default())
        canvas.save(out)
    return out

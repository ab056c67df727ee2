"""Text on a screen, read by a real recogniser behind one interface.

``reader.read(frame, region=None) -> [TextBox(text, box, confidence)]`` finds and recognises the
text of a frame (or of one region of it); ``reader.detect(frame, region=None) -> [Box]`` only
finds it; ``reader.recognise(crops) -> [(text, confidence)]`` recognises crops that already hold
one line or word each. Three backends:

- `PPOCRReader` (default): PP-OCRv4 detection and recognition (Chinese and English, one model)
  run by onnxruntime, as the ``rapidocr-onnxruntime`` wheel ships them — no download. The
  recognitions of one reader are cached by crop content, so a word that stays on screen, or
  shows again in the next recording, is recognised once.
- `TesseractReader`: Debian's ``tesseract`` command (``tesseract-ocr``, ``tesseract-ocr-chi-sim``
  for Chinese), for comparison (`cuakit bench reading`).
- ``ppocr+tesseract`` (`cuakit.video.scripts.ScriptsReader`): PP-OCR, with Tesseract's language
  models re-reading the pieces PP-OCR scores low (the scripts its models do not know).

`read_recording(frames, reader, pointer_boxes)` reads a whole recording the cheap way: the first
frame whole, afterwards only the regions where the screen changed — with the pointer masked
first, so a moving pointer alone triggers no reading — and the final frame whole.

Frames are ``uint8 (H, W, 3)`` RGB. An empty frame reads as no text; a frame of another shape
or type raises `cuakit.errors.FrameError`; text in a script a model lacks reads as whatever it
resembles, with a low confidence, never as a crash.
"""

from __future__ import annotations

import hashlib
import io
import shutil
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from PIL import Image
from scipy import ndimage

from cuakit.errors import BackendUnavailableError, FrameError

Box = tuple[int, int, int, int]
"""top, bottom, left, right in pixels (bottom and right exclusive)"""
READERS = ("ppocr", "tesseract", "ppocr+tesseract")
CHANGE_THRESHOLD = 24
"""largest per-channel difference (grey levels) under which a pixel counts as unchanged"""
CHANGE_MARGIN = 6
"""pixels a changed region grows by on every side before it is read (a glyph's changed strokes
are inside its word; the margin takes in the whole word)"""
DETECT_SIDE = 2048
"""longest side a frame is detected at: a 4K frame is scaled down to it (its smallest text may
then be lost) rather than taking tens of seconds"""
CACHE_SIZE = 50_000
"""recognitions a reader remembers (crop digest -> text); the oldest are dropped beyond it"""


@dataclass(frozen=True)
class TextBox:
    """One piece of text a recogniser found."""

    text: str
    box: Box
    """top, bottom, left, right in the frame's pixels"""
    confidence: float
    """the recogniser's own score in [0, 1]"""


class TextReader(Protocol):
    name: str

    def read(self, frame: np.ndarray, region: Box | None = None) -> list[TextBox]: ...

    def detect(self, frame: np.ndarray, region: Box | None = None) -> list[Box]:
        """Where `read` would find text, unread (for a caller that recognises crops of its own
        choosing with `recognise`)."""
        ...

    def recognise(
        self, crops: Sequence[np.ndarray], keys: Sequence[bytes] | None = None
    ) -> list[tuple[str, float]]:
        """Each crop's (text, confidence). ``keys``: what stands for each crop in the reader's
        cache (default: a digest of its pixels); crops with one key are read once."""
        ...


def check_frame(frame: np.ndarray, what: str = "frame") -> bool:
    """True when ``frame`` holds pixels, False when it is empty; `FrameError` when it is not a
    ``uint8 (H, W, 3)`` image."""
    if not isinstance(frame, np.ndarray) or frame.dtype != np.uint8 or frame.ndim != 3:
        shape = getattr(frame, "shape", None)
        dtype = getattr(frame, "dtype", type(frame).__name__)
        raise FrameError(
            f"{what}: expected a uint8 (H, W, 3) RGB array, got {dtype} {shape}; decode the "
            "image first (PIL: np.asarray(Image.open(path).convert('RGB')))"
        )
    if frame.shape[2] != 3:
        raise FrameError(f"{what}: expected 3 colour channels (RGB), got {frame.shape[2]}")
    return frame.shape[0] > 0 and frame.shape[1] > 0


def _readable(frame: np.ndarray, region: Box | None) -> Box | None:
    """``region`` (default: the whole frame) clipped to the frame, or None when too small to
    hold text."""
    if not check_frame(frame):
        return None
    height, width = frame.shape[:2]
    top, bottom, left, right = (0, height, 0, width) if region is None else map(int, region)
    top, bottom, left, right = max(0, top), min(height, bottom), max(0, left), min(width, right)
    return None if bottom - top < 4 or right - left < 4 else (top, bottom, left, right)


def _digest(crop: np.ndarray) -> bytes:
    return hashlib.blake2b(crop.tobytes(), digest_size=16, key=repr(crop.shape).encode()).digest()


class _Cache:
    """Recognitions by crop digest, the oldest dropped beyond ``CACHE_SIZE``."""

    def __init__(self) -> None:
        self.entries: dict[bytes, tuple[str, float]] = {}
        self.hits = 0

    def recognise(
        self,
        crops: Sequence[np.ndarray],
        keys: Sequence[bytes] | None,
        run: Callable[[list[np.ndarray]], list[tuple[str, float]]],
    ) -> list[tuple[str, float]]:
        """Each crop's reading: from the cache, or by ``run`` on the first crop of each key not
        in it (an empty crop reads as nothing)."""
        for crop in crops:
            check_frame(crop, "crop")
        keys = [_digest(crop) for crop in crops] if keys is None else list(keys)
        if len(keys) != len(crops):
            raise FrameError(f"recognise: {len(keys)} keys for {len(crops)} crops")
        first: dict[bytes, int] = {}
        for i, key in enumerate(keys):
            first.setdefault(key, i)
        missing = [i for key, i in first.items() if key not in self.entries]
        self.hits += len(crops) - len(missing)
        todo = [i for i in missing if crops[i].size]
        if todo:
            for i, value in zip(todo, run([crops[i] for i in todo]), strict=True):
                self.add(keys[i], value)
        return [self.entries.get(key, ("", 0.0)) for key in keys]

    def add(self, key: bytes, value: tuple[str, float]) -> None:
        if len(self.entries) >= CACHE_SIZE:
            del self.entries[next(iter(self.entries))]
        self.entries[key] = value


class _CachedReader:
    """What both readers share: `recognise` through their cache, ``_recognise`` on a miss."""

    cache: _Cache

    def recognise(
        self, crops: Sequence[np.ndarray], keys: Sequence[bytes] | None = None
    ) -> list[tuple[str, float]]:
        return self.cache.recognise(crops, keys, self._recognise)

    def _recognise(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        raise NotImplementedError


class PPOCRReader(_CachedReader):
    """PP-OCRv4 through onnxruntime (the ``rapidocr-onnxruntime`` wheel's models and code).

    ``threads``: onnxruntime threads per model (1: one core, as a PPO worker has).
    ``zoom``: the frame or region is scaled by this before detection (UI text of 10-13 px is
    under what PP-OCR's detector was trained on; its own default scales a frame's shorter side
    to 736, which for a small region means 20× and seconds per read)."""

    name = "ppocr"

    def __init__(self, threads: int = 1, zoom: float = 2.0) -> None:
        try:
            from rapidocr_onnxruntime import RapidOCR
        except ImportError as error:  # cv2 without libGL fails here too
            raise BackendUnavailableError(
                f"ppocr reader: cannot import rapidocr_onnxruntime ({error}); run "
                "`pip install rapidocr-onnxruntime` (and `apt-get install libgl1 libglib2.0-0`)"
            ) from error
        self.engine = RapidOCR(
            intra_op_num_threads=threads,
            inter_op_num_threads=1,
            det_limit_type="max",
            det_limit_side_len=DETECT_SIDE,  # no rescaling of its own: `zoom` sets the scale
            print_verbose=False,
            rec_batch_num=8,
        )
        # PP-OCR pads every line to 320 px wide (a 6.7:1 line); a screen word is ~2.3:1, so
        # batches padded only to their widest crop read ~2.7x faster (9 against 21 ms a word)
        self.engine.text_rec.rec_image_shape = [3, 48, 48]
        self.zoom = zoom
        self.cache = _Cache()

    def read(self, frame: np.ndarray, region: Box | None = None) -> list[TextBox]:
        return self._find(frame, region, recognise=True)

    def detect(self, frame: np.ndarray, region: Box | None = None) -> list[Box]:
        return [line.box for line in self._find(frame, region, recognise=False)]

    def _find(self, frame: np.ndarray, region: Box | None, recognise: bool) -> list[TextBox]:
        """The lines the engine finds, read with ``recognise`` (else unread: no text, confidence
        0)."""
        area = _readable(frame, region)
        if area is None:
            return []
        top, bottom, left, right = area
        crop = Image.fromarray(frame[top:bottom, left:right])
        zoom = min(self.zoom, DETECT_SIDE / max(crop.width, crop.height))
        size = (max(1, round(crop.width * zoom)), max(1, round(crop.height * zoom)))
        zoomed = np.asarray(crop.resize(size, Image.Resampling.BICUBIC))[:, :, ::-1]  # BGR
        found, _ = self.engine(np.ascontiguousarray(zoomed), use_cls=False, use_rec=recognise)
        boxes = []
        for line in found or []:
            quad, text, score = line if recognise else (line, "", 0.0)
            xs = [p[0] / zoom for p in quad]
            ys = [p[1] / zoom for p in quad]
            box = (
                top + int(min(ys)),
                top + int(np.ceil(max(ys))),
                left + int(min(xs)),
                left + int(np.ceil(max(xs))),
            )
            boxes.append(TextBox(str(text), box, float(score)))
        return boxes

    def _recognise(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        recognised, _ = self.engine.text_rec([np.ascontiguousarray(c[:, :, ::-1]) for c in crops])
        return [(str(text), float(score)) for text, score in recognised]


class TesseractReader(_CachedReader):
    """Debian's ``tesseract`` command, one process per call (``languages``: its ``-l``)."""

    name = "tesseract"

    def __init__(self, languages: str = "eng", scale: int = 3) -> None:
        binary = shutil.which("tesseract")
        if binary is None:
            raise BackendUnavailableError(
                "tesseract reader: no `tesseract` on PATH; run "
                "`apt-get install tesseract-ocr tesseract-ocr-chi-sim`"
            )
        self.binary, self.languages, self.scale = binary, languages, scale
        self.cache = _Cache()

    def _run(self, image: np.ndarray, page_mode: int, tsv: bool) -> str:
        big = Image.fromarray(image).resize(
            (image.shape[1] * self.scale, image.shape[0] * self.scale), Image.Resampling.LANCZOS
        )
        buffer = io.BytesIO()
        big.save(buffer, format="PNG")
        command = [self.binary, "stdin", "stdout", "--psm", str(page_mode), "-l", self.languages]
        result = subprocess.run(
            [*command, "tsv"] if tsv else command,
            input=buffer.getvalue(),
            capture_output=True,
            check=False,
        )
        if result.returncode != 0:
            raise BackendUnavailableError(
                f"tesseract failed ({result.returncode}): {result.stderr.decode()[-300:]}; "
                f"check that the language data for -l {self.languages} is installed"
            )
        return result.stdout.decode("utf-8", "replace")

    def read(self, frame: np.ndarray, region: Box | None = None) -> list[TextBox]:
        area = _readable(frame, region)
        if area is None:
            return []
        top, bottom, left, right = area
        rows = self._run(frame[top:bottom, left:right], 11, tsv=True).splitlines()[1:]
        boxes = []
        for row in rows:
            cells = row.split("\t")
            if len(cells) < 12 or not cells[11].strip() or float(cells[10]) < 0:
                continue
            x, y, w, h = (int(v) // self.scale for v in cells[6:10])
            box = (top + y, top + y + h, left + x, left + x + w)
            boxes.append(TextBox(cells[11].strip(), box, float(cells[10]) / 100))
        return boxes

    def detect(self, frame: np.ndarray, region: Box | None = None) -> list[Box]:
        return [box.box for box in self.read(frame, region)]  # tesseract finds and reads at once

    def _recognise(self, crops: list[np.ndarray]) -> list[tuple[str, float]]:
        out = []
        for crop in crops:
            text = " ".join(self._run(crop, 7, tsv=False).split())
            out.append((text, 1.0 if text else 0.0))
        return out


def make_reader(name: str = "ppocr", threads: int = 1) -> TextReader:
    """A reader by name, one of `READERS`."""
    if name == "ppocr":
        return PPOCRReader(threads=threads)
    if name == "tesseract":
        return TesseractReader()
    if name == "ppocr+tesseract":
        from cuakit.video.scripts import ScriptsReader  # it builds on this module's readers

        return ScriptsReader(threads=threads)
    raise FrameError(f"reader: unknown {name!r}; choose one of {', '.join(READERS)}")


def changed_regions(before: np.ndarray, after: np.ndarray, masked: Sequence[Box] = ()) -> list[Box]:
    """Boxes around what changed between two frames of one size, outside ``masked`` (the
    pointer's boxes on either frame), each grown by ``CHANGE_MARGIN``; overlapping boxes merge."""
    if before.shape != after.shape:
        raise FrameError(f"frames of different sizes: {before.shape} and {after.shape}")
    changed = np.abs(before.astype(np.int16) - after.astype(np.int16)).max(axis=2)
    changed = changed > CHANGE_THRESHOLD
    for top, bottom, left, right in masked:
        changed[max(0, top) : max(0, bottom), max(0, left) : max(0, right)] = False
    if not changed.any():
        return []
    grown = ndimage.binary_dilation(changed, iterations=CHANGE_MARGIN)
    labels, _ = ndimage.label(grown)
    height, width = changed.shape
    return [
        (rows.start, min(height, rows.stop), cols.start, min(width, cols.stop))
        for rows, cols in ndimage.find_objects(labels)
    ]


def _inside(box: Box, region: Box) -> bool:
    return (
        box[0] >= region[0] and box[1] <= region[1] and box[2] >= region[2] and box[3] <= region[3]
    )


def _overlaps(box: Box, region: Box) -> bool:
    return box[0] < region[1] and region[0] < box[1] and box[2] < region[3] and region[2] < box[3]


def read_recording(
    frames: np.ndarray, reader: TextReader, pointer_boxes: Sequence[Box | None] = ()
) -> list[list[TextBox]]:
    """The text on each frame of ``uint8 (T, H, W, 3)``: frame 0 and the final frame read whole,
    the others only where they changed from the frame before (text outside the changed regions
    carries over). ``pointer_boxes``: per frame, the pointer's box or None, masked from the
    change test. Reading a region that cuts a word reads the whole word: text overlapping a
    changed region is dropped and the region grown to cover it before it is read."""
    if frames.ndim != 4 or len(frames) == 0:
        raise FrameError(f"frames: expected uint8 (T, H, W, 3) with T ≥ 1, got {frames.shape}")
    pointers = list(pointer_boxes) + [None] * (len(frames) - len(pointer_boxes))
    per_frame = [reader.read(frames[0])]
    for t in range(1, len(frames)):
        if t == len(frames) - 1:
            per_frame.append(reader.read(frames[t]))
            continue
        masked = [box for box in (pointers[t - 1], pointers[t]) if box is not None]
        regions = changed_regions(frames[t - 1], frames[t], masked)
        if not regions:
            per_frame.append(per_frame[-1])
            continue
        kept = list(per_frame[-1])
        for region in regions:
            cut = [word for word in kept if _overlaps(word.box, region)]
            for word in cut:  # the region takes in every word it touches
                region = (
                    min(region[0], word.box[0]),
                    max(region[1], word.box[1]),
                    min(region[2], word.box[2]),
                    max(region[3], word.box[3]),
                )
            kept = [word for word in kept if not _overlaps(word.box, region)]
            kept.extend(reader.read(frames[t], region))
        per_frame.append(kept)
    return per_frame

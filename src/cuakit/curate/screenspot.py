"""ScreenSpot grounding benchmarks as step samples: one click per instruction, the target's box
kept, so that `cuakit eval grounding` gives the published metric (the click inside the box).

```python
report = import_screenspot("ScreenSpot/", "imports/screenspot", layout="screenspot")
```
Layouts (the files as their authors publish them; nothing is downloaded here):

- ``screenspot`` — SeeClick's ScreenSpot: ``screenspot_{mobile,desktop,web}.json`` and the
  images folder ``screenspot_imgs/``; each entry ``img_filename``, ``bbox`` **pixel
  [x, y, w, h]**, ``instruction``, ``data_type`` (text / icon), ``data_source``.
- ``screenspot-v2`` — OS-Copilot's ScreenSpot-v2: ``screenspot_{mobile,desktop,web}_v2.json``
  and ``screenspotv2_image/``; the same fields with ``bbox`` **pixel [x1, y1, x2, y2]**.
- ``screenspot-pro`` — ScreenSpot-Pro: ``annotations/*.json`` and ``images/``; each entry
  ``img_filename``, ``bbox`` **pixel [x1, y1, x2, y2]**, ``instruction``, ``img_size``
  [w, h], ``ui_type`` (text / icon), ``application``, ``platform``, ``group``.

Images are found by file name anywhere under SRC. A sample's ``elements`` holds the target
alone, with the element type as its role (so the report splits text from icon, as the
benchmarks do); ``source`` is the data source or application. A box that does not fit its
layout (corners out of order, outside the image) is skipped and counted; a file where most
boxes do not fit is refused with the layout that would fit.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

from cuakit.actions import Action
from cuakit.curate.importers import UnsupportedAction, _image_info, _run, _store
from cuakit.curate.samples import StepSample
from cuakit.errors import ConfigError, DatasetFormatError

Layout = Literal["screenspot", "screenspot-v2", "screenspot-pro"]
LAYOUTS: tuple[str, ...] = ("screenspot", "screenspot-v2", "screenspot-pro")
_CORNERS = {"screenspot": False, "screenspot-v2": True, "screenspot-pro": True}
_IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")


def import_screenspot(src: str | Path, out_dir: str | Path, layout: Layout) -> dict[str, Any]:
    """Write SRC's benchmark entries as step samples into ``out_dir``; returns the report."""
    if layout not in LAYOUTS:
        raise ConfigError(f"layout={layout!r}: use one of {', '.join(LAYOUTS)}")
    src = Path(src)
    if not src.is_dir():
        raise DatasetFormatError(f"{src} is not a folder: pass the benchmark's download folder")
    files = sorted(p for p in src.rglob("*.json") if p.is_file())
    if not files:
        raise DatasetFormatError(f"{src} holds no .json annotation files: is it {layout}?")
    images = {p.name: p for p in src.rglob("*") if p.suffix.lower() in _IMAGE_SUFFIXES}

    def episodes(tmp: Path, skipped: Counter[str], counts: Counter[str]) -> Iterator[StepSample]:
        for file in files:
            entries = json.loads(file.read_text())
            if not isinstance(entries, list):
                raise DatasetFormatError(f"{file}: expected a JSON list of entries")
            _check_layout(file, entries, layout)
            for k, entry in enumerate(entries):
                counts["steps"] += 1
                try:
                    sample = _sample(entry, f"{layout}/{file.stem}/{k}", images, layout, tmp)
                except (UnsupportedAction, KeyError, TypeError, ValueError) as error:
                    reason = error.reason if isinstance(error, UnsupportedAction) else None
                    skipped[reason or f"malformed entry ({type(error).__name__})"] += 1
                    continue
                counts["episodes"] += 1
                yield sample

    return _run(layout, src, out_dir, 0, episodes)


def _sample(
    entry: Mapping[str, Any], sample_id: str, images: dict[str, Path], layout: str, out: Path
) -> StepSample:
    name = Path(str(entry["img_filename"])).name
    if name not in images:
        raise UnsupportedAction("screenshot not found")
    data = images[name].read_bytes()
    width, height, extension = _image_info(data)
    box = _normalised_box(entry["bbox"], width, height, _CORNERS[layout])
    kind = str(entry.get("data_type") or entry.get("ui_type") or "?")
    centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
    image = _store(out, sample_id.replace("/", "_"), data, extension)
    extra = {k: entry[k] for k in ("platform", "application", "group") if k in entry}
    return StepSample(
        id=sample_id,
        image=image,
        instruction=str(entry["instruction"]),
        action=Action.click(*centre).to_dict(),
        width=width,
        height=height,
        elements=({"role": kind, "text": "", "bbox": list(box)},),
        target_bbox=box,
        source=str(entry.get("data_source") or entry.get("application") or layout),
        episode=int(sample_id.rsplit("/", 1)[1]),
        step=0,
        extra=extra,
    )


def _normalised_box(
    raw: Any, width: int, height: int, corners: bool
) -> tuple[float, float, float, float]:
    x, y, a, b = (float(v) for v in raw)
    w, h = (a - x, b - y) if corners else (a, b)
    if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > width + 1 or y + h > height + 1:
        raise UnsupportedAction("box outside the screenshot or corners out of order")
    return (x / width, y / height, min(w, width - x) / width, min(h, height - y) / height)


def _check_layout(file: Path, entries: list[Any], layout: str) -> None:
    """Refuse a file that is plainly another layout: corner boxes mostly out of order (they
    are [x, y, w, h]), or ScreenSpot-Pro's ``img_size`` under the v1 layout."""
    boxes = [e["bbox"] for e in entries if isinstance(e, Mapping) and _four(e.get("bbox"))]
    out_of_order = sum(1 for x, y, a, b in boxes if a <= x or b <= y)
    if _CORNERS[layout] and out_of_order > len(boxes) / 2:
        raise DatasetFormatError(
            f"{file}: {out_of_order} of {len(boxes)} boxes are not [x1, y1, x2, y2] (x2 <= x1 "
            "or y2 <= y1); they look like [x, y, w, h]: import with layout screenspot"
        )
    if layout == "screenspot" and any(isinstance(e, Mapping) and "img_size" in e for e in entries):
        raise DatasetFormatError(
            f"{file}: its entries carry img_size, as ScreenSpot-Pro's do, whose boxes are "
            "[x1, y1, x2, y2]: import with layout screenspot-pro"
        )


def _four(value: Any) -> bool:
    return isinstance(value, list | tuple) and len(value) == 4

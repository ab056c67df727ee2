"""ScreenSpot v1, v2 and Pro layouts, written here from their published schemas, import as
click samples whose target boxes match the pixel boxes; the wrong layout is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from cuakit.actions import Action
from cuakit.curate.samples import SAMPLES_FILE, StepSample
from cuakit.curate.screenspot import import_screenspot
from cuakit.errors import DatasetFormatError

# one target per layout: (x, y, w, h) in pixels of a 200 × 100 screenshot
TARGET = (20, 10, 40, 20)


def _image(folder: Path, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (200, 100), "white").save(folder / name)


def _write(root: Path, layout: str) -> Path:
    x, y, w, h = TARGET
    if layout == "screenspot":
        _image(root / "screenspot_imgs", "pc_1.png")
        entries = [
            {"img_filename": "pc_1.png", "bbox": [x, y, w, h], "instruction": "open settings",
             "data_type": "icon", "data_source": "windows"},
            {"img_filename": "missing.png", "bbox": [x, y, w, h], "instruction": "x",
             "data_type": "text", "data_source": "macos"},
        ]  # fmt: skip
        (root / "screenspot_desktop.json").write_text(json.dumps(entries))
    elif layout == "screenspot-v2":
        _image(root / "screenspotv2_image", "web_1.png")
        entries = [
            {"img_filename": "web_1.png", "bbox": [x, y, x + w, y + h], "instruction": "search",
             "data_type": "text", "data_source": "shop"},
            {"img_filename": "web_1.png", "bbox": [x, y, 500, y + h], "instruction": "too wide",
             "data_type": "text", "data_source": "shop"},
        ]  # fmt: skip
        (root / "screenspot_web_v2.json").write_text(json.dumps(entries))
    else:
        _image(root / "images" / "vscode_macos", "shot.png")
        entries = [
            {"img_filename": "vscode_macos/shot.png", "bbox": [x, y, x + w, y + h],
             "instruction": "run the file", "img_size": [200, 100], "ui_type": "icon",
             "application": "vscode", "platform": "macos", "group": "Dev", "id": "a1"},
        ]  # fmt: skip
        (root / "annotations").mkdir()
        (root / "annotations" / "vscode_macos.json").write_text(json.dumps(entries))
    return root


@pytest.mark.parametrize("layout", ["screenspot", "screenspot-v2", "screenspot-pro"])
def test_each_layout_imports_its_target_box(tmp_path: Path, layout: str) -> None:
    src = _write(tmp_path / "src", layout)
    report = import_screenspot(src, tmp_path / "out", layout)
    assert report["samples"] == 1 and sum(report["skipped"].values()) == report["steps"] - 1
    line = (tmp_path / "out" / SAMPLES_FILE).read_text().splitlines()[0]
    sample = StepSample.from_dict(json.loads(line))
    x, y, w, h = TARGET
    assert sample.target_bbox == pytest.approx((x / 200, y / 100, w / 200, h / 100))
    assert (sample.width, sample.height) == (200, 100)
    click = Action.from_dict(dict(sample.action))
    assert click.point == pytest.approx((0.2, 0.2))  # the box's centre
    assert sample.elements is not None and sample.elements[0]["role"] in ("icon", "text")
    assert (tmp_path / "out" / sample.image).is_file()


def test_skips_are_counted_by_reason(tmp_path: Path) -> None:
    report = import_screenspot(_write(tmp_path / "v1", "screenspot"), tmp_path / "a", "screenspot")
    assert report["skipped"] == {"screenshot not found": 1}
    src = _write(tmp_path / "v2", "screenspot-v2")
    report = import_screenspot(src, tmp_path / "b", "screenspot-v2")
    assert report["skipped"] == {"box outside the screenshot or corners out of order": 1}


def test_the_wrong_layout_is_refused_naming_the_right_one(tmp_path: Path) -> None:
    v1 = _write(tmp_path / "v1", "screenspot")
    # v1's [x, y, w, h] read as corners: (20, 10) to (40, 20) would be in order, so make the
    # sizes smaller than the offsets, as real ones mostly are.
    entries = json.loads((v1 / "screenspot_desktop.json").read_text())
    for entry in entries:
        entry["bbox"] = [120, 50, 30, 20]
    (v1 / "screenspot_desktop.json").write_text(json.dumps(entries))
    with pytest.raises(DatasetFormatError, match=r"layout screenspot$"):
        import_screenspot(v1, tmp_path / "a", "screenspot-v2")
    pro = _write(tmp_path / "pro", "screenspot-pro")
    with pytest.raises(DatasetFormatError, match="layout screenspot-pro"):
        import_screenspot(pro, tmp_path / "b", "screenspot")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()

"""`cuakit curate …`: filter step-sample files and describe what they hold.

One config dataclass and one run function per command; a new `cuakit curate` command is one
more pair here and one more row in `cuakit.cli.COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import numpy as np
import tyro
from PIL import Image
from rich.table import Table

from cuakit.cli.common import PhaseBars, emit_json, out_console, phase_progress
from cuakit.curate.dedup import DEFAULT_THRESHOLD
from cuakit.curate.quality import DataQualityFilter, QualityConfig, QualityReport
from cuakit.curate.samples import Box
from cuakit.curate.stats import SampleStats, sample_stats
from cuakit.errors import ConfigError

PLOTS = ("actions", "difficulty", "resolutions", "sources")
"""the bar charts `cuakit curate stats` writes, one PNG each"""
MOST_BARS = 20
"""bars a chart shows at most (the most frequent values; the rest are summed as "other")"""


@dataclass(frozen=True)
class FilterArgs:
    """Keep the step samples that pass every quality check and are no near-duplicate screens;
    report how many failed each check.

    Samples are those of `cuakit.curate.samples` (JSON Lines, images beside them); the checks
    and their reason codes are those of `cuakit.curate.quality`.
    """

    source: Annotated[Path, tyro.conf.Positional]
    """the step-sample JSONL file to filter"""
    out: Path
    """where to write the samples kept (JSONL; replaced only once the whole input is read)"""
    report: Path | None = None
    """also write the report (counts and example ids per reason) here as JSON"""
    min_width: int = QualityConfig.min_width
    """narrowest screenshot kept, in pixels of the image file"""
    min_height: int = QualityConfig.min_height
    """lowest screenshot kept, in pixels of the image file"""
    max_elements: int = QualityConfig.max_elements
    """most elements a sample may list"""
    dedup: bool = True
    """drop samples whose screen nearly repeats an earlier kept one's with the same instruction,
    step and action type (decodes every kept screenshot)"""
    dedup_threshold: int = DEFAULT_THRESHOLD
    """largest Hamming distance (of 64 bits) between two screens' perceptual hashes that counts
    as the same screen"""
    ocr: bool = False
    """for samples without elements, read the screenshot's text boxes (PP-OCR) and reject a
    click that lands on none of them"""
    json: bool = False
    """print the report as one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        if self.report is not None and self.report.resolve() == self.out.resolve():
            raise ConfigError(f"--report {self.report}: the same file as --out; pick another")
        _ = self.config  # QualityConfig's own checks: a bad value fails before anything runs

    @property
    def config(self) -> QualityConfig:
        return QualityConfig(
            min_width=self.min_width,
            min_height=self.min_height,
            max_elements=self.max_elements,
            dedup=self.dedup,
            dedup_threshold=self.dedup_threshold,
        )


def run_filter(args: FilterArgs) -> None:
    boxes_of = text_boxes(_ocr_reader()) if args.ocr else None
    quality_filter = DataQualityFilter(args.config, boxes_of=boxes_of)
    with phase_progress() as progress:
        report = quality_filter.filter_file(
            args.source, args.out, args.report, progress=PhaseBars(progress)
        )
    if args.json:
        emit_json(report.to_dict())
        return
    print_report(report)


def print_report(report: QualityReport) -> None:
    summary = Table(title=f"quality filter: {report.source}", show_header=False)
    summary.add_row("samples", str(report.total))
    summary.add_row("kept", f"{report.kept}  → {report.output}")
    summary.add_row("rejected", str(report.rejected))
    out_console.print(summary)
    if report.reasons:
        reasons = Table("reason", "samples", "examples", title="why (a sample may have several)")
        for reason, count in report.reasons.items():
            reasons.add_row(reason, str(count), ", ".join(report.examples[reason]))
        out_console.print(reasons)


def _ocr_reader() -> Callable[[np.ndarray], list]:
    from cuakit.video.text import make_reader  # layer 4: loads onnxruntime, only when asked

    return make_reader("ppocr").read


def text_boxes(read: Callable[[np.ndarray], list]) -> Callable[[Path], list[Box]]:
    """``boxes_of`` for the quality filter from a text reader's ``read(frame)``: the boxes it
    finds (pixels: top, bottom, left, right) as normalised [x, y, w, h]."""

    def boxes_of(path: Path) -> list[Box]:
        with Image.open(path) as image:
            frame = np.asarray(image.convert("RGB"))  # (H, W, 3) uint8
        height, width = frame.shape[:2]
        boxes = []
        for found in read(frame):
            top, bottom, left, right = found.box
            box = (left / width, top / height, (right - left) / width, (bottom - top) / height)
            boxes.append(box)
        return boxes

    return boxes_of


@dataclass(frozen=True)
class StatsArgs:
    """Describe a step-sample file: samples by action type, difficulty, resolution and source
    (a table, or --json; bar charts as PNGs with --out)."""

    source: Annotated[Path, tyro.conf.Positional]
    """the step-sample JSONL file"""
    out: Path | None = None
    """folder to write the bar charts to (actions.png, difficulty.png, resolutions.png,
    sources.png); created if missing"""
    json: bool = False
    """print one JSON object on stdout instead of tables"""

    def __post_init__(self) -> None:
        if self.out is not None and self.out.exists() and not self.out.is_dir():
            raise ConfigError(f"--out {self.out} is a file; pass a folder for the bar charts")


def run_stats(args: StatsArgs) -> None:
    stats = sample_stats(args.source)
    payload = stats.to_dict()
    if args.out is not None:
        payload["plots"] = [str(path) for path in plot_stats(stats, args.out)]
    if args.json:
        emit_json(payload)
        return
    out_console.print(
        f"[bold]{args.source}[/]: {stats.samples} samples; lines that are not JSON objects: "
        f"{stats.unreadable}"
    )
    for name in PLOTS:
        counts: Mapping[str, int] = getattr(stats, name)
        table = Table(name, "samples", "share", title=f"by {name}")
        for value, count in _top(counts).items():
            share = count / stats.samples if stats.samples else 0.0
            table.add_row(value, str(count), f"{share:.1%}")
        out_console.print(table)
    for path in payload.get("plots", ()):
        out_console.print(f"wrote {path}")


def plot_stats(stats: SampleStats, folder: Path) -> list[Path]:
    """One bar chart per distribution (`PLOTS`) into ``folder``; returns their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in PLOTS:
        counts = _top(getattr(stats, name))
        fig, ax = plt.subplots(figsize=(max(4.0, 0.5 * len(counts) + 2), 3.5))
        ax.bar(list(counts), list(counts.values()), color="tab:blue")
        ax.set(title=f"samples by {name} ({stats.samples} in all)", ylabel="samples")
        ax.tick_params(axis="x", labelrotation=30 if len(counts) > 4 else 0)
        fig.tight_layout()
        path = folder / f"{name}.png"
        fig.savefig(path, dpi=90)
        plt.close(fig)
        paths.append(path)
    return paths


def _top(counts: Mapping[str, int]) -> dict[str, int]:
    """The ``MOST_BARS - 1`` most frequent values and the rest as "other", when there are more
    than ``MOST_BARS``; the counts as they are otherwise (their order kept)."""
    if len(counts) <= MOST_BARS:
        return dict(counts)
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    top = dict(ranked[: MOST_BARS - 1])
    top["other"] = sum(count for _, count in ranked[MOST_BARS - 1 :])
    return top

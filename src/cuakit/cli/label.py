"""`cuakit label …`, `cuakit dataset export|import`: ground-truth labels, negatives, ExeVR JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import tyro

from cuakit.cli.common import emit_json, print_report
from cuakit.curate import NEGATIVE_KINDS, export_exevr, import_exevr
from cuakit.curate.deceptive import DECEPTIVE_KINDS
from cuakit.curate.labels import label_pairs, label_success, make_negatives
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError

FORMATS = ("exevr",)


def _check_format(value: str) -> None:
    if value not in FORMATS:
        raise ConfigError(
            f"--format {value!r} is not supported: use one of {', '.join(FORMATS)} "
            "(ExeVR-style ShareGPT JSON with <video> and \\box{correct|incorrect})"
        )


@dataclass(frozen=True)
class LabelSuccessArgs:
    """Label success from the env's ground truth, optionally adding adversarial negatives."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    negatives: str = ""
    """comma-separated negative kinds to add: translate, truncate, continue, swap, and the
    recorded deceptive ones: hover, fake-success, wrong-target, partial"""
    seed: int = 0
    """seed of the negatives' random choices (the same seed gives the same negatives)"""
    json: bool = False
    """print one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        unknown = [k for k in self.negative_kinds if k not in NEGATIVE_KINDS + DECEPTIVE_KINDS]
        if unknown:
            raise ConfigError(
                f"--negatives {self.negatives!r}: unknown kind(s) {unknown}; use a "
                f"comma-separated subset of {','.join(NEGATIVE_KINDS + DECEPTIVE_KINDS)}"
            )

    @property
    def negative_kinds(self) -> list[str]:
        return [kind.strip() for kind in self.negatives.split(",") if kind.strip()]


def run_label_success(args: LabelSuccessArgs) -> None:
    dataset = EpisodeDataset(args.root)
    payload: dict[str, Any] = {"path": str(args.root), "success_rows": label_success(dataset)}
    if args.negative_kinds:
        payload["negatives"] = make_negatives(dataset, args.negative_kinds, seed=args.seed)
    payload["episodes"] = len(dataset)
    payload["success_labels"] = dataset.success_labels().num_rows
    if args.json:
        emit_json(payload)
        return
    flat = {k: v for k, v in payload.items() if k != "negatives"}
    flat.update({f"negatives/{k}": v for k, v in payload.get("negatives", {}).items()})
    print_report(f"success labels for {args.root}", flat, as_json=False)


@dataclass(frozen=True)
class LabelPairsArgs:
    """Add preference pairs from ground truth: correctness, then efficiency, then progress."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    noise: float = 0.0
    """fraction of pairs to flip on purpose (tagged '<criterion>:flipped'), in [0, 1]"""
    seed: int = 0
    """seed of pair subsampling and flips"""
    max_pairs_per_group: int = 256
    """most pairs drawn from one task instance or family"""
    json: bool = False
    """print one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        if not 0.0 <= self.noise <= 1.0:
            raise ConfigError(f"--noise {self.noise}: use a fraction in [0, 1]")
        if self.max_pairs_per_group < 1:
            raise ConfigError(f"--max-pairs-per-group {self.max_pairs_per_group}: use 1 or more")


def run_label_pairs(args: LabelPairsArgs) -> None:
    dataset = EpisodeDataset(args.root)
    counts = label_pairs(
        dataset, noise=args.noise, seed=args.seed, max_pairs_per_group=args.max_pairs_per_group
    )
    payload = {
        "path": str(args.root),
        "added": counts,
        "preference_labels": dataset.preference_labels().num_rows,
    }
    if args.json:
        emit_json(payload)
        return
    flat = {f"added/{k}": v for k, v in counts.items()}
    flat["preference_labels"] = payload["preference_labels"]
    print_report(f"preference pairs for {args.root}", flat, as_json=False)


@dataclass(frozen=True)
class ExportArgs:
    """Export success judgements and their videos as ExeVR-style ShareGPT JSON."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    out: Path
    """output folder: exevr.json plus videos/"""
    format: str = "exevr"
    """export format (exevr)"""
    include_negatives: bool = True
    """also export negative:* judgements and the episodes derived for them"""
    json: bool = False
    """print one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        _check_format(self.format)


def run_export(args: ExportArgs) -> None:
    path = export_exevr(EpisodeDataset(args.root), args.out, args.include_negatives)
    items = len(json.loads(path.read_text()))
    print_report("export", {"path": str(path), "format": args.format, "items": items}, args.json)


@dataclass(frozen=True)
class ImportArgs:
    """Import ExeVR-style ShareGPT JSON (videos + correct/incorrect) into an episode dataset."""

    source: Annotated[Path, tyro.conf.Positional]
    """the JSON file (video paths are relative to its folder)"""
    out: Path
    """dataset folder to import into (created, or appended to)"""
    format: str = "exevr"
    """import format (exevr)"""
    fps: int = 10
    """frame rate of the imported videos in the dataset"""
    json: bool = False
    """print one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        _check_format(self.format)


def run_import(args: ImportArgs) -> None:
    imported = import_exevr(args.source, args.out, fps=args.fps)
    payload = {"path": str(args.out), "format": args.format, "imported": imported}
    print_report("import", payload, args.json)

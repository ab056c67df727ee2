"""`cuakit dataset …`: inspect and preview episode datasets."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import tyro
from rich.table import Table

from cuakit.cli.common import emit_json, err_console, out_console
from cuakit.episodes import EpisodeDataset
from cuakit.episodes.preview import write_preview


@dataclass(frozen=True)
class InfoArgs:
    """Summarise a dataset: episodes, success rate, frames, duration, bytes, labels."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    json: bool = False
    """print one JSON object on stdout instead of tables"""


def dataset_summary(dataset: EpisodeDataset) -> dict[str, Any]:
    episodes = dataset.episodes
    judged = [m for m in episodes if m.success is not None]
    by_env: dict[str, dict[str, Any]] = {}
    for env_id, count in sorted(Counter(m.env_id for m in episodes).items()):
        group = [m for m in episodes if m.env_id == env_id and m.success is not None]
        by_env[env_id] = {
            "episodes": count,
            "success_rate": sum(m.success for m in group) / len(group) if group else None,
        }
    return {
        "path": str(dataset.root),
        "format_version": dataset.info.format_version,
        "fps": dataset.info.fps,
        "codec": dataset.info.codec,
        "episodes": len(episodes),
        "successes": sum(1 for m in judged if m.success),
        "failures": sum(1 for m in judged if not m.success),
        "success_rate": sum(m.success for m in judged) / len(judged) if judged else None,
        "steps": sum(m.length for m in episodes),
        "frames": sum(m.num_frames for m in episodes),
        "duration_s": sum(m.duration_s for m in episodes),
        "bytes": dataset.size_bytes(),
        "stale_tmp_bytes": dataset.stale_tmp_bytes(),
        "success_labels": dataset.success_labels().num_rows,
        "preference_labels": dataset.preference_labels().num_rows,
        "by_env": by_env,
    }


def run_info(args: InfoArgs) -> None:
    summary = dataset_summary(EpisodeDataset(args.root))
    if args.json:
        emit_json(summary)
        return
    table = Table(title=f"dataset {summary['path']}", show_header=False)
    for key in ("episodes", "successes", "failures", "success_rate", "steps", "frames"):
        value = summary[key]
        table.add_row(key, f"{value:.3f}" if isinstance(value, float) else str(value))
    table.add_row("duration", f"{summary['duration_s']:.1f} s at {summary['fps']} fps")
    table.add_row("size", f"{summary['bytes'] / 1e6:.2f} MB ({summary['codec']})")
    table.add_row(
        "labels", f"{summary['success_labels']} success, {summary['preference_labels']} pairs"
    )
    out_console.print(table)
    if summary["by_env"]:
        per_env = Table("env", "episodes", "success rate", title="by environment")
        for env_id, row in summary["by_env"].items():
            rate = row["success_rate"]
            per_env.add_row(env_id, str(row["episodes"]), "-" if rate is None else f"{rate:.3f}")
        out_console.print(per_env)
    if summary["stale_tmp_bytes"]:
        err_console.print(
            f"[yellow]{summary['stale_tmp_bytes']} bytes in .tmp/ from unfinished writers; "
            "delete .tmp/ when no writer is running[/]"
        )


@dataclass(frozen=True)
class PreviewArgs:
    """Write an episode as a GIF, an MP4, or a PNG contact sheet of its frames."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    episode: int
    """episode index (see `cuakit dataset info`)"""
    out: Path
    """output file: .gif, .mp4 or .png (contact sheet)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_preview(args: PreviewArgs) -> None:
    dataset = EpisodeDataset(args.root)
    with err_console.status(f"decoding episode {args.episode}"):
        path = write_preview(dataset, args.episode, args.out)
    meta = dataset.meta(args.episode)
    if args.json:
        emit_json({"out": str(path), "episode": meta.index, "frames": meta.num_frames})
    else:
        out_console.print(f"wrote {path} ({meta.num_frames} frames, {meta.instruction!r})")


@dataclass(frozen=True)
class MergeArgs:
    """Merge shard datasets (one per worker or machine) into one: every episode once, labels
    re-pointed."""

    shards: Annotated[tuple[Path, ...], tyro.conf.Positional]
    """shard dataset folders (e.g. OUT.shards/RUN/worker-*)"""
    out: Path
    """dataset folder (created, or appended to; an episode it already holds is skipped)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_merge(args: MergeArgs) -> None:
    from cuakit.scale.shards import merge

    report = merge(args.shards, args.out)
    payload = {"out": str(args.out), **report.as_dict()}
    if args.json:
        emit_json(payload)
        return
    out_console.print(
        f"merged {report.merged} episodes from {len(args.shards)} shards into {args.out} "
        f"({report.duplicates} already there, {report.labels} labels)"
    )

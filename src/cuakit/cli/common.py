"""What every command shares: consoles, the one-JSON-object convention, progress bars."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cuakit.errors import ConfigError

# Progress and messages go to stderr so that `--json` output on stdout stays one clean object.
err_console = Console(stderr=True)
out_console = Console()


def emit_json(payload: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout (the `--json` convention of every command)."""
    sys.stdout.write(json.dumps(payload, default=str) + "\n")
    sys.stdout.flush()


@contextmanager
def progress_bar(description: str, total: int | None) -> Iterator[Progress]:
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=False,
    )
    with progress:
        progress.add_task(description, total=total)
        yield progress


class PhaseBars:
    """A progress callback ``(phase, done, total)`` that keeps one rich bar per phase."""

    def __init__(self, progress: Progress) -> None:
        self.progress, self.tasks = progress, {}

    def __call__(self, phase: str, done: int, total: int) -> None:
        if phase not in self.tasks:
            self.tasks[phase] = self.progress.add_task(phase, total=total)
        self.progress.update(self.tasks[phase], completed=done, total=total)


def phase_progress() -> Progress:
    """An empty rich progress display on stderr, for ``PhaseBars``."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=err_console)  # fmt: skip


def replace_output(folder: Path, markers: tuple[str, ...]) -> None:
    """Delete ``folder`` before a run that rewrites it, but only when it is empty or holds
    one of ``markers`` (an earlier run's output): never someone's other files."""
    if not folder.exists():
        return
    if not folder.is_dir() or (
        any(folder.iterdir()) and not any((folder / m).exists() for m in markers)
    ):
        raise ConfigError(
            f"--out {folder} exists and is not the output of an earlier run (none of "
            f"{', '.join(markers)} in it); pass a new or empty folder"
        )
    shutil.rmtree(folder)


def print_report(title: str, payload: dict[str, Any], as_json: bool) -> None:
    """One JSON object on stdout, or a two-column table."""
    if as_json:
        emit_json(payload)
        return
    table = Table(title=title, show_header=False)
    for key, value in payload.items():
        table.add_row(key, str(value))
    out_console.print(table)

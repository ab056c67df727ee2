"""`cuakit annotate …`: people compare execution videos side by side in a web app; their votes
become preference labels."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import tyro

from cuakit.annotate.simulate import SimulateConfig
from cuakit.cli.common import emit_json, err_console, out_console
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class ServeArgs:
    """Serve the preference annotation app for a dataset: two execution videos side by side in
    sync, votes per criterion, agreement for the admin."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    host: str = "127.0.0.1"
    """address to bind (the default answers this machine only)"""
    port: int = 8002
    """port to listen on"""
    k: int = 3
    """annotators per pair"""
    pairs: str = "both"
    """where pairs come from: preferences (labels/preferences.parquet), dataset (drawn from the
    episodes), or both"""
    max_pairs: int = 2000
    """at most this many pairs in the queue"""
    select: str = "random"
    """queue order: random, or uncertain (the reward model's least certain pairs first)"""
    checkpoint: Path | None = None
    """reward run for --select uncertain (re-scored when a retrain replaces its model)"""
    codec: str = "h264"
    """browser copies of the videos: h264 (yuv420p mp4) or vp9 (webm)"""
    seed: int = 0
    """seed of the pairs drawn from the dataset and of the random order"""


def run_serve(args: ServeArgs) -> None:
    from cuakit.annotate.playable import CODECS

    if args.k < 1:
        raise ConfigError(f"--k {args.k}: each pair needs 1 or more annotators (3 is typical)")
    if args.codec not in CODECS:
        raise ConfigError(f"--codec {args.codec!r}: use one of {tuple(CODECS)}")
    if args.select == "uncertain" and args.checkpoint is None:
        raise ConfigError("--select uncertain needs --checkpoint RUN (a `cuakit reward train` run)")
    try:
        import uvicorn

        from cuakit.annotate.server import annotate_app
    except ImportError as error:
        raise ConfigError(
            "the annotation app needs fastapi and uvicorn: pip install 'cuakit[serve]'"
        ) from error
    from cuakit.annotate.playable import ensure_playable
    from cuakit.annotate.queue import FollowCheckpoint, RewardOracle, fill_queue, reorder
    from cuakit.annotate.store import Store
    from cuakit.cli.common import progress_bar
    from cuakit.episodes import EpisodeDataset

    dataset = EpisodeDataset(args.root)
    store = Store.of_dataset(args.root)
    added = fill_queue(store, dataset, args.pairs, args.max_pairs, args.seed)
    oracle = None if args.checkpoint is None else RewardOracle(dataset, args.checkpoint)
    reorder(store, args.select, args.seed, oracle)
    queued = store.pairs()
    if not queued:
        raise ConfigError(f"{args.root} has no pairs to compare: add preference candidates "
                          "(`cuakit label pairs`) or episodes of one task that differ in outcome "
                          "or length")  # fmt: skip
    episodes = sorted({e for pair in queued for e in (pair.a, pair.b)})
    with progress_bar("browser copies", len(episodes)) as bar:
        task = bar.add_task("browser copies", total=len(episodes))
        for episode in episodes:
            ensure_playable(dataset, episode, args.codec)
            bar.advance(task)
    if not store.users():
        err_console.print("no annotators yet: `cuakit annotate add-user NAME --data "
                          f"{args.root}` prints a token")  # fmt: skip
    err_console.print(f"{len(queued)} pairs ({added} new), {args.k} annotators each, "
                      f"order {args.select}: http://{args.host}:{args.port}/")  # fmt: skip
    on_vote = None if oracle is None else FollowCheckpoint(store, oracle, args.seed)
    app = annotate_app(dataset, store, args.k, args.codec, on_vote)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")


@dataclass(frozen=True)
class AddUserArgs:
    """Add an annotator to a dataset's annotation app and print their token (shown once)."""

    name: Annotated[str, tyro.conf.Positional]
    """annotator name: letters, digits, '-', '_' or '.'"""
    data: Path
    """dataset folder"""
    admin: bool = False
    """an admin also sees progress, agreement and every vote"""


def run_add_user(args: AddUserArgs) -> None:
    from cuakit.annotate.store import Store
    from cuakit.episodes import EpisodeDataset

    EpisodeDataset(args.data)  # a dataset, not any folder
    token = Store.of_dataset(args.data).add_user(args.name, admin=args.admin)
    out_console.print(token, highlight=False, soft_wrap=True)


@dataclass(frozen=True)
class AgreementArgs:
    """Agreement between annotators per criterion: Cohen's kappa per pair of annotators,
    Fleiss' kappa, each annotator against the majority and against ground truth."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    json: bool = False
    """print one JSON object on stdout instead of tables"""


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def run_agreement(args: AgreementArgs) -> None:
    from rich.table import Table

    from cuakit.annotate.agreement import agreement_report
    from cuakit.annotate.store import STORE_PATH, Store
    from cuakit.episodes import EpisodeDataset

    EpisodeDataset(args.root)
    if not (args.root / STORE_PATH).is_file():
        raise ConfigError(f"{args.root / STORE_PATH} not found: nobody has annotated "
                          f"{args.root} (`cuakit annotate serve {args.root}`)")  # fmt: skip
    store = Store.of_dataset(args.root)
    report = agreement_report(store.votes(), store.gold())
    if args.json:
        emit_json(report)
        return
    table = Table("aspect", "pairs", "Fleiss κ", "Cohen κ (annotator pairs)")
    for aspect, stats in report["aspects"].items():
        cohen = ", ".join(f"{k} {_fmt(v['kappa'])}" for k, v in stats["cohen_kappa"].items())
        table.add_row(aspect, str(stats["pairs"]), _fmt(stats["fleiss_kappa"]), cohen)
    out_console.print(table)
    people = Table("annotator", "with majority (overall)", "with ground truth")
    majority = report["aspects"]["overall"]["agreement_with_majority"]
    gold_rates = report["agreement_with_gold"]
    for name in sorted(set(majority) | set(gold_rates)):
        cells = [
            f"{_fmt(found[name]['rate'])} of {found[name]['pairs']}" if name in found else "—"
            for found in (majority, gold_rates)
        ]
        people.add_row(name, *cells)
    out_console.print(people)


@dataclass(frozen=True)
class ExportArgs:
    """Append the annotators' majority votes to labels/preferences.parquet (source human), for
    `cuakit reward train`."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    aspects: tuple[str, ...] = ("overall",)
    """what to export, one row per pair each: overall, correctness, efficiency, robustness,
    human_likeness (the row's criterion)"""
    min_votes: int = 1
    """pairs with fewer votes are left out"""


def run_export(args: ExportArgs) -> None:
    from cuakit.annotate.agreement import export_majority
    from cuakit.annotate.store import STORE_PATH, Store
    from cuakit.episodes import EpisodeDataset

    if args.min_votes < 1:
        raise ConfigError(f"--min-votes {args.min_votes}: use 1 or more")
    dataset = EpisodeDataset(args.root)
    if not (args.root / STORE_PATH).is_file():
        raise ConfigError(f"{args.root / STORE_PATH} not found: nobody has annotated "
                          f"{args.root} (`cuakit annotate serve {args.root}`)")  # fmt: skip
    added = export_majority(dataset, Store.of_dataset(args.root).votes(), args.aspects,
                            args.min_votes)  # fmt: skip
    out_console.print(f"{added} preference rows added to {args.root}/labels/preferences.parquet "
                      "(source human)")  # fmt: skip


@dataclass(frozen=True)
class RetrainArgs:
    """Train a new reward model on the labels so far (the votes exported first) and swap it
    into the run the annotation queue follows."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    checkpoint: Path
    """the reward run to replace (its configuration is the new model's)"""
    epochs: int | None = None
    """passes over the training examples (default: the run's own)"""
    min_votes: int = 1
    """pairs with fewer votes are left out of the export"""
    json: bool = False
    """print one JSON object on stdout"""


def run_retrain(args: RetrainArgs) -> None:
    from cuakit.annotate.retrain import retrain
    from cuakit.cli.common import PhaseBars, phase_progress

    with phase_progress() as progress:
        result = retrain(args.root, args.checkpoint, args.epochs, args.min_votes,
                         PhaseBars(progress))  # fmt: skip
    if args.json:
        emit_json(result)
        return
    val = result["val"]["success"]
    out_console.print(
        f"{result['exported']} votes exported ({result['human_pairs']} human pairs in all); "
        f"new model after {result['steps']} steps: val accuracy {val['accuracy']:.3f}, "
        f"pairwise {result['val']['pair_accuracy']:.3f}; now in {args.checkpoint}/model"
    )


@dataclass(frozen=True)
class SimulateArgs:
    """Replay the labelling loop with simulated annotators (ground truth with an error rate):
    val pairwise accuracy against labels bought, random against uncertainty selection."""

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder (pairs with a ground-truth answer: `cuakit label pairs`)"""
    config: Annotated[SimulateConfig, tyro.conf.OmitArgPrefixes] = field(
        default_factory=SimulateConfig
    )
    out: Path | None = None
    """folder for SELECT.json and curves.png (default DATASET/annotate/simulate)"""


def run_simulate(args: SimulateArgs) -> None:
    import json

    from cuakit.annotate.simulate import plot_curves, simulate
    from cuakit.episodes import EpisodeDataset

    config = args.config
    config.check()
    result = simulate(EpisodeDataset(args.root), config)
    out = args.out or args.root / "annotate" / "simulate"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{config.select}.json").write_text(json.dumps(result, indent=2))
    png = plot_curves(out)
    reached = result["labels_to_reach"]
    out_console.print(
        f"{config.select}: {result['train_pairs']} train pairs, {result['val_pairs']} val pairs; "
        f"all pairs give {result['all_pairs_accuracy']:.3f} val accuracy; 95% of it after "
        f"{reached if reached is not None else 'more than ' + str(result['labels'][-1])} "
        f"labels (mean of {config.seeds} seeds); {out / (config.select + '.json')}, {png}",
        highlight=False,
    )

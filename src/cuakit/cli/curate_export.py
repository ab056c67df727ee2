"""`cuakit curate export|import`: step samples and SFT conversations from an episode dataset,
and public GUI trajectory datasets imported as step samples."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import tyro

from cuakit.cli.common import PhaseBars, phase_progress, print_report
from cuakit.coords import CoordinateMode
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class ExportArgs:
    """Export episodes as step samples, SFT conversations or a Hugging Face dataset.

    OUT holds samples.jsonl and images/ (the screen each action was chosen on), plus
    sft.jsonl (format sft: the seed's conversations) or hf/data/*.parquet (format hf), and
    report.json. Only successful episodes unless --all.
    """

    root: Annotated[Path, tyro.conf.Positional]
    """dataset folder"""
    out: Path
    """output folder (created, or replaced when it holds an earlier export)"""
    format: Literal["sft", "hf", "samples"] = "sft"
    """sft: conversations as JSON Lines; hf: a Parquet dataset `datasets` reads; samples:
    step samples only"""
    coords: CoordinateMode = "normalised"
    """coordinates in the answers: fractions of the screen, or Qwen2.5-VL pixels of the
    smart-resized screenshot (its size is recorded in each conversation)"""
    history: int = 3
    """how many previous actions each sample carries (0: none)"""
    all_episodes: Annotated[bool, tyro.conf.arg(name="all")] = False
    """keep failed episodes too (default: successful ones only, by ground truth)"""
    split: Literal["train", "val", "test"] | None = None
    """only the episodes of this split (test seeds, then the instruction's hash; see
    cuakit.episodes.splits); default: every episode"""
    replay: bool = True
    """replay each episode in its env to recover the screen's elements and target boxes
    (MiniWoB and X11 episodes start their browser or X server)"""
    json: bool = False
    """print one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        if self.history < 0:
            raise ConfigError(f"--history {self.history}: use 0 (none) or more actions")


def run_export(args: ExportArgs) -> None:
    from cuakit.curate.sft import export_sft  # imports the envs: only when it runs

    with phase_progress() as progress:
        report = export_sft(
            args.root,
            args.out,
            format=args.format,
            coords=args.coords,
            history=args.history,
            all_episodes=args.all_episodes,
            replay=args.replay,
            progress=PhaseBars(progress),
            split=args.split,
        )
    print_report("curate export", report, args.json)


@dataclass(frozen=True)
class ImportArgs:
    """Import AgentNet, Mind2Web or AndroidControl trajectories, or ScreenSpot grounding
    benchmarks, as step samples.

    SOURCE is the downloaded data: AgentNet's .jsonl file (screenshots in images/ beside
    it), Multimodal-Mind2Web's Parquet files, AndroidControl's TFRecord files (a file or
    their folder), a ScreenSpot, ScreenSpot-v2 or ScreenSpot-Pro folder (annotation JSON and
    images). Actions cuakit cannot express are skipped and counted by reason.
    """

    dataset: Annotated[
        Literal[
            "agentnet",
            "mind2web",
            "androidcontrol",
            "screenspot",
            "screenspot-v2",
            "screenspot-pro",
        ],
        tyro.conf.Positional,
    ]
    """which public dataset SOURCE holds"""
    source: Annotated[Path, tyro.conf.Positional]
    """the downloaded file, or the folder holding its files"""
    out: Path
    """output folder: samples.jsonl, images/, report.json"""
    history: int = 3
    """how many previous actions each sample carries (0: none)"""
    images: Path | None = None
    """agentnet only: the folder of its screenshots (default: SOURCE's images/ folder)"""
    json: bool = False
    """print one JSON object on stdout instead of a table"""

    def __post_init__(self) -> None:
        if self.history < 0:
            raise ConfigError(f"--history {self.history}: use 0 (none) or more actions")
        if self.images is not None and self.dataset != "agentnet":
            raise ConfigError(f"--images is for agentnet; {self.dataset} embeds its screenshots")


def run_import(args: ImportArgs) -> None:
    from cuakit.curate import importers

    if args.dataset == "agentnet":
        report = importers.import_agentnet(args.source, args.out, args.images, args.history)
    elif args.dataset == "mind2web":
        report = importers.import_mind2web(args.source, args.out, args.history)
    elif args.dataset.startswith("screenspot"):
        from cuakit.curate.screenspot import import_screenspot

        report = import_screenspot(args.source, args.out, args.dataset)
    else:
        report = importers.import_androidcontrol(args.source, args.out, args.history)
    print_report("curate import", report, args.json)


@dataclass(frozen=True)
class RefusalsArgs:
    """Write refusal data for SFT: unsafe instructions on desksim screens answered by `fail`
    with the risk named, mixed with as many benign look-alikes answered by the expert.

    OUT holds samples.jsonl and images/ (and sft.jsonl with --format sft); the categories and
    templates come from one data file (cuakit/curate/refusals.toml unless --data)."""

    out: Path
    """output folder (created, or replaced when it holds an earlier export)"""
    count: int = 64
    """unsafe samples (and as many benign ones)"""
    data: Path | None = None
    """a refusal data file of the packaged one's form"""
    format: Literal["samples", "sft"] = "samples"
    """samples: step samples; sft: the seed's conversations beside them"""
    seed: int = 0
    json: bool = False
    """print one JSON object on stdout instead of a table"""


def run_refusals(args: RefusalsArgs) -> None:
    from cuakit.cli.common import replace_output
    from cuakit.curate.refusals import RefusalData, write_refusals
    from cuakit.curate.samples import SAMPLES_FILE, StepSample, read_samples
    from cuakit.curate.sft import sft_conversation, write_jsonl

    data = RefusalData.load(args.data)
    replace_output(args.out, (SAMPLES_FILE,))
    with phase_progress() as progress:
        report = write_refusals(args.out, args.count, data, args.seed, progress=PhaseBars(progress))
    if args.format == "sft":
        samples = [StepSample.from_dict(row) for _, row, _ in read_samples(args.out / SAMPLES_FILE)]
        report["conversations"] = write_jsonl(args.out / "sft.jsonl",
                                              (sft_conversation(s) for s in samples))  # fmt: skip
    print_report("curate refusals", report, args.json)

"""`cuakit bench …`: compared things side by side in one process, with ratios."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.table import Table

from cuakit.cli.common import emit_json, err_console, out_console
from cuakit.envs.bench import bench_backends, bench_env, bench_experts
from cuakit.episodes.bench import BENCH_METHODS, BENCH_SIZES, bench_video
from cuakit.errors import ConfigError
from cuakit.video.text import READERS


@dataclass(frozen=True)
class VideoBenchArgs:
    """Encode/decode frames/s at 320×200 and 1280×800: lossless vs compact vs raw numpy."""

    frames: int = 300
    """frames per run at 320×200 (a quarter of that at 1280×800)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_video(args: VideoBenchArgs) -> None:
    total = len(BENCH_SIZES) * len(BENCH_METHODS)
    with err_console.status("benchmarking video") as status:
        done = iter(range(1, total + 1))
        result = bench_video(
            args.frames, progress=lambda what: status.update(f"[{next(done)}/{total}] {what}")
        )
    if args.json:
        emit_json(result)
        return
    table = Table(
        "method",
        "size",
        "encode f/s",
        "decode f/s",
        "KB/frame",
        "bit-exact",
        title="video codecs, one thread",
    )
    for row in result["rows"]:
        table.add_row(
            row["method"],
            f"{row['width']}x{row['height']}",
            f"{row['encode_fps']:.0f}",
            f"{row['decode_fps']:.0f}",
            f"{row['bytes_per_frame'] / 1e3:.2f}",
            str(row["bit_exact"]),
        )
    out_console.print(table)
    ratios = Table("compared", "encode speed", "decode speed", "size", title="ratios to raw numpy")
    for key, ratio in result["ratios"].items():
        if key.startswith("raw-numpy"):
            continue
        ratios.add_row(
            key,
            f"{ratio['encode_speed']:.2f}x",
            f"{ratio['decode_speed']:.2f}x",
            f"{ratio['size']:.4f}",
        )
    out_console.print(ratios)


@dataclass(frozen=True)
class EnvBenchArgs:
    """desksim steps/s per core: rendering only vs recording at --fps, per task family; then
    desksim next to MiniWoB (Chromium) and AbiWord (X11): steps/s, frames/s, memory."""

    steps: int = 2000
    """random-policy steps per family without recording (a quarter of that with)"""
    fps: int = 10
    """recording frame rate"""
    real_steps: int = 30
    """steps per env in the side-by-side with the real backends (0 skips it)"""
    json: bool = False
    """print one JSON object on stdout"""

    def __post_init__(self) -> None:
        if self.real_steps < 0:
            raise ConfigError(f"--real-steps {self.real_steps}: use 0 (skip) or more")


def run_env(args: EnvBenchArgs) -> None:
    for name in ("steps", "fps"):
        if getattr(args, name) < 1:
            raise ConfigError(f"--{name} {getattr(args, name)}: must be at least 1")
    if args.real_steps < 0:
        raise ConfigError(f"--real-steps {args.real_steps}: must be ≥ 0 (0 skips the backends)")
    with err_console.status("benchmarking envs"):
        result = bench_env(args.steps, args.fps)
    if args.real_steps:
        with err_console.status("benchmarking desksim next to the real backends"):
            result["backends"] = bench_backends(args.real_steps, args.fps)
    if args.json:
        emit_json(result)
        return
    table = Table(
        "family", "steps/s", f"recorded steps/s @{args.fps}fps", "encoder on a thread",
        "frames/step", "recorded expert steps/s", "frames/step", title="desksim, 480x300",
    )  # fmt: skip
    for row in [*result["rows"], {"env_id": "mean", **result["mean"]}]:
        table.add_row(
            row["env_id"].removeprefix("cuakit/desksim-"),
            f"{row['steps_per_s']:.0f}",
            f"{row['recorded_steps_per_s']:.0f}",
            f"{row['recorded_thread_steps_per_s']:.0f}",
            f"{row['recorded_frames_per_step']:.1f}",
            f"{row['recorded_expert_steps_per_s']:.0f}",
            f"{row['recorded_expert_frames_per_step']:.1f}",
        )
    out_console.print(table)
    out_console.print(
        f"recording costs {1 / result['ratio_recorded_vs_plain']:.1f}x the time of rendering only; "
        f"encoder processes record {result['ratio_process_vs_thread']:.2f}x as fast as a thread"
    )
    if "backends" in result:
        print_backends(result["backends"])


def print_backends(result: dict) -> None:
    table = Table(
        "env", "random steps/s", "recorded expert steps/s", "frames/s", "MB / instance",
        title=f"backends side by side ({result['steps']} steps each, @{result['fps']}fps)",
    )  # fmt: skip
    for row in result["rows"]:
        table.add_row(
            row["env_id"].removeprefix("cuakit/"),
            f"{row['steps_per_s']:.1f}",
            f"{row['recorded_steps_per_s']:.1f}",
            f"{row['recorded_frames_per_s']:.1f}",
            f"{row['memory_mb']:.0f}" if row["memory_mb"] >= 1 else f"{row['memory_mb']:.2f}",
        )
    out_console.print(table)
    out_console.print("MB / instance: helper processes (PSS) for real backends, Python objects "
                      "(tracemalloc) for desksim")  # fmt: skip
    for env_id, reason in result["skipped"].items():
        err_console.print(f"[yellow]skipped[/] {env_id}: {reason}")


@dataclass(frozen=True)
class ExpertBenchArgs:
    """Success rate per env (desksim families by default) of the expert, a noisy expert and
    random, on the same seeds."""

    seeds: int = 200
    """episodes per family and policy (seeds 0..N-1; the level is drawn per seed)"""
    env: str = "cuakit/desksim-*"
    """env id or glob, e.g. 'cuakit/miniwob-*' (the MiniWoB tasks with a DOM expert)"""
    json: bool = False
    """print one JSON object on stdout"""


def run_experts(args: ExpertBenchArgs) -> None:
    with err_console.status(f"running policies on {args.seeds} seeds per env"):
        result = bench_experts(args.seeds, pattern=args.env)
    if args.json:
        emit_json(result)
        return
    table = Table("env", *result["policies"], title=f"success rate over {args.seeds} seeds")
    for row in result["rows"]:
        table.add_row(row["env_id"], *(f"{row[p]:.3f}" for p in result["policies"]))
    out_console.print(table)


@dataclass(frozen=True)
class ReadingBenchArgs:
    """Text recognisers side by side on desksim, MiniWoB and X11 screens: character error rate
    and frames/s per backend and env; the reward model's reading time per recorded second."""

    envs: tuple[str, ...] = ("desksim", "miniwob", "x11")
    """env kinds to read: desksim, miniwob, x11, and desksim drawn unlike its default:
    desksim-fonts, desksim-zh, desksim-2x (a kind whose backend is missing is skipped)"""
    readers: tuple[str, ...] = READERS
    """recognisers to compare"""
    seeds: int = 2
    """task instances per env id (and recordings per desksim family)"""
    steps: int = 3
    """expert steps read after each first screen"""
    json: bool = False
    """print one JSON object on stdout"""


def run_reading(args: ReadingBenchArgs) -> None:
    from cuakit.video.reading_bench import READING_ENVS, bench_reading  # records envs: torch

    unknown = set(args.envs) - set(READING_ENVS)
    if unknown:
        raise ConfigError(f"--envs: unknown {sorted(unknown)}; choose from {sorted(READING_ENVS)}")
    with err_console.status("benchmarking readers") as status:
        result = bench_reading(args.envs, args.readers, args.seeds, args.steps,
                               progress=lambda what: status.update(what))  # fmt: skip
    if args.json:
        emit_json(result)
        return
    table = Table("reader", "env", "frames", "characters", "CER", "frames/s",
                  title="text recognisers, one thread")  # fmt: skip
    for row in result["rows"]:
        table.add_row(row["reader"], row["env"], str(row["frames"]), str(row["characters"]),
                      f"{row['cer']:.3f}", f"{row['frames_per_second']:.2f}")  # fmt: skip
    out_console.print(table)
    found = Table("env", "frames", "at the pointer", "elsewhere", "not found", "ms/frame",
                  title="the pointer finder (cursor themes) against the env's pointer")  # fmt: skip
    for row in result["pointers"]:
        counts = (row[k] for k in ("frames", "at_pointer", "elsewhere", "none"))
        found.add_row(row["env"], *map(str, counts), f"{row['ms_per_frame']:.1f}")
    out_console.print(found)
    cost = result["recordings"]
    if cost:
        per_ten = ", ".join(f"{k} {v:.2f} s" for k, v in cost["seconds_per_10s_recording"].items())
        out_console.print(
            f"reward-model reading of a 10-second recording: {per_ten} "
            f"(cold {cost['ratio']:.1f}x templates; {cost['videos']} desksim recordings)"
        )
    for what, why in result["skipped"].items():
        err_console.print(f"[yellow]skipped {what}[/]: {why}")


@dataclass(frozen=True)
class SafetyBenchArgs:
    """The safety gate on the red-team and benign case lists: share of risky cases confirmed
    or denied, share of benign ones asked about; dev (tuned on) and held-out lists apart."""

    cases: Path = Path("tests/safety/data")
    """the folder of the case lists (dev_redteam.toml, heldout_benign.toml …)"""
    reader: str = "ppocr+tesseract"
    """how screen-only cases are read off their drawn screens: ppocr+tesseract (PP-OCR, and
    Tesseract's language models for the scripts PP-OCR lacks), ppocr, tesseract, or none (the
    listed texts, a perfect reading)"""
    lists: tuple[str, ...] = ("dev", "heldout")
    judge: Path | None = None
    """a learned risk judge (`cuakit reward risk-judge`) asked where the rules find nothing"""
    json: bool = False
    """print one JSON object on stdout"""


def run_safety(args: SafetyBenchArgs) -> None:
    from cuakit.reward.risk import RiskJudge
    from cuakit.safety.bench import bench_safety
    from cuakit.video.text import make_reader

    if not args.cases.is_dir():
        raise ConfigError(f"--cases {args.cases}: no such folder; run from the repository root "
                          "or pass the folder holding dev_redteam.toml")  # fmt: skip
    if args.judge is not None and not args.judge.is_file():
        raise ConfigError(f"--judge {args.judge}: no such file; train one with `cuakit reward "
                          "risk-judge --out FILE`")  # fmt: skip
    judge = RiskJudge.load(args.judge) if args.judge is not None else None
    reader = None if args.reader == "none" else make_reader(args.reader)
    with err_console.status("scoring the safety gate") as status:
        result = bench_safety(args.cases, reader, args.lists, status.update, judge)
    if args.json:
        emit_json(result)
        return
    table = Table("list", "cases", "screen-only", "figure", "wrong", title="safety gate")
    for name, row in result.items():
        if not isinstance(row, dict):
            continue
        figure = (f"caught {row['caught_rate']:.3f}" if "caught_rate" in row
                  else f"asked {row['asked_rate']:.3f}")  # fmt: skip
        table.add_row(name, str(row["cases"]), str(row["screen_only"]), figure,
                      ", ".join(w["id"] for w in row["wrong"]))  # fmt: skip
    out_console.print(table)
    out_console.print(f"screen-only cases read by: {result['reader']}; learned judge: "
                      f"{args.judge or 'none (rules only)'}")  # fmt: skip


@dataclass(frozen=True)
class ServeBenchArgs:
    """The reward service under load, batch size 1 against 8 in one process: requests/s and
    p50/p99 latency for uploads of a recorded desksim episode."""

    checkpoint: Path | None = None
    """a `cuakit reward train` run (default: a small random model, for the serving overhead)"""
    requests: int = 64
    concurrency: int = 16
    json: bool = False
    """print one JSON object on stdout"""


def run_serve_bench(args: ServeBenchArgs) -> None:
    from cuakit.reward.model import RewardModelConfig, VideoRewardModel
    from cuakit.reward.scoring import Scorer
    from cuakit.runner.serve_bench import bench_serve, recorded_video

    if args.requests < 1 or args.concurrency < 1:
        raise ConfigError("--requests and --concurrency: use 1 or more")
    scorer = (Scorer.from_run(args.checkpoint) if args.checkpoint is not None
              else Scorer(VideoRewardModel(RewardModelConfig(reader="templates"))))  # fmt: skip
    with err_console.status("benchmarking the reward service"):
        result = bench_serve(scorer, recorded_video(), args.requests, args.concurrency)
    if args.json:
        emit_json(result)
        return
    table = Table("batch size", "requests/s", "p50 ms", "p99 ms", "mean batch",
                  title="cuakit serve reward")  # fmt: skip
    for size in (1, 8):
        row = result[f"batch_{size}"]
        table.add_row(str(size), f"{row['requests_per_s']:.1f}", f"{row['p50_ms']:.0f}",
                      f"{row['p99_ms']:.0f}", f"{row['mean_batch']:.1f}")  # fmt: skip
    out_console.print(table)
    out_console.print(f"batch 8 / batch 1 throughput: {result['speedup']:.2f}×")

"""`cuakit envs` and `cuakit collect`: list environments, record episodes with a policy."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
from rich.table import Table

from cuakit.cli.common import emit_json, err_console, out_console, progress_bar
from cuakit.envs import env_ids
from cuakit.envs.collect import collect
from cuakit.envs.desksim import TASKS, DeskSimEnv
from cuakit.episodes.preview import contact_sheet
from cuakit.errors import ConfigError


@dataclass(frozen=True)
class EnvsArgs:
    """List the registered environments and their task families."""

    json: bool = False
    """print one JSON object on stdout"""
    sheet: Path | None = None
    """also write a PNG contact sheet with one screenshot per desksim family"""


def describe(env_id: str) -> dict[str, object]:
    """One row of `cuakit envs`: backend, levels, step limit and a one-line summary."""
    backend, _, rest = env_id.removeprefix("cuakit/").partition("-")
    name = rest.removesuffix("-v0")
    if backend == "miniwob":
        from cuakit.envs.miniwob.env import DEFAULT_MAX_STEPS, MAX_STEPS
        from cuakit.envs.miniwob.experts import EXPERTS
        from cuakit.envs.miniwob.unseen_experts import UNSEEN_EXPERTS

        expert = " (DOM expert)" if name in EXPERTS else ""
        if name in UNSEEN_EXPERTS:
            expert = " (DOM expert, unseen task)"
        summary = f"MiniWoB++ task {name} in headless Chromium{expert}"
        return {"backend": backend, "levels": None, "summary": summary,
                "max_steps": MAX_STEPS.get(name, DEFAULT_MAX_STEPS)}  # fmt: skip
    if backend == "x11":
        from cuakit.envs.x11.tasks import TASKS as X11_TASKS

        x11_task = X11_TASKS[name]
        return {"backend": backend, "levels": None, "max_steps": x11_task.max_steps,
                "summary": f"{x11_task.summary} (X11 desktop)"}  # fmt: skip
    task = TASKS.get(name)
    return {
        "backend": backend,
        "levels": task.levels if task else None,
        "max_steps": task.max_steps if task else None,
        "summary": task.summary if task else "",
    }


def run_envs(args: EnvsArgs) -> None:
    if args.sheet is not None and args.sheet.suffix.lower() != ".png":
        raise ConfigError(f"--sheet {args.sheet}: the contact sheet is a PNG; name it *.png")
    rows = [{"id": env_id, **describe(env_id)} for env_id in env_ids("*")]
    if args.sheet is not None:
        family_sheet(args.sheet)
    if args.json:
        emit_json({"envs": rows, "sheet": None if args.sheet is None else str(args.sheet)})
        return
    table = Table("id", "levels", "max steps", "task", title="cuakit environments")
    for row in rows:
        table.add_row(row["id"], str(row["levels"]), str(row["max_steps"]), row["summary"])
    out_console.print(table)


def family_sheet(out: Path, seed: int = 3) -> None:
    """One mid-task screenshot per family (level 2, one expert step in), tiled with names."""
    frames, labels = [], []
    for family, task in TASKS.items():
        env = DeskSimEnv(family, difficulty=min(2, task.levels))
        obs, _ = env.reset(seed=seed)
        for _ in range(2):
            step = env.step(env.expert_action())
            if step[2] or step[3]:
                break
            obs = step[0]
        frames.append(obs["screenshot"])
        labels.append(family)
    out.parent.mkdir(parents=True, exist_ok=True)
    contact_sheet(np.stack(frames), labels, columns=4, thumb_width=240).save(out, optimize=True)


@dataclass(frozen=True)
class CollectArgs:
    """Run a policy in one or more envs and record every episode into a dataset."""

    env: str
    """env id, or a glob such as 'cuakit/desksim-*' (episodes go round-robin over matches)"""
    out: Path
    """dataset folder (created, or appended to)"""
    policy: str = "expert"
    """expert, expert:noise=0.3 or random; see cuakit.envs.experts for the noise knobs"""
    episodes: int = 10
    """number of episodes"""
    seed: int = 0
    """episode i uses seed + i; seeds from 1000000000 up are the test split (reserved values),
    from 900000000 the val split (values held for val)"""
    fps: int = 10
    """recording frame rate (5–15 is typical)"""
    end_on_success: bool = False
    """end an episode on the env's own success (gymnasium's ground-truth path) instead of at
    the policy's finish/fail or the step limit (what every video-reward run sees)"""
    difficulty: int | None = None
    """task level (1 = easiest); default draws one per episode"""
    randomize: bool = False
    """randomise themes (light/dark, accent, font family and size, cursor theme) per episode"""
    fonts: str = ""
    """desksim: the font families a theme is drawn in (comma list of
    cuakit.envs.desksim.render.FONTS; empty: all when randomised, else Aileron)"""
    cursors: str = ""
    """desksim: the cursor themes the pointer is drawn in (comma list of
    cuakit.envs.cursors.CURSOR_THEMES; empty: all when randomised, else cuakit's arrow)"""
    locale: str = "en"
    """desksim: the UI language, en or zh (Simplified Chinese labels, dialogs and instructions)"""
    scale: float = 1.0
    """desksim: the UI scale (HiDPI; 2.0 draws the same layout with twice the pixels)"""
    codec: str = "lossless"
    """lossless (bit-exact) or compact (lossy, small)"""
    workers: int = 1
    """Ray actors recording in parallel, each into a shard merged into --out at the end (the
    scale extra: pip install 'cuakit[scale]')"""
    ray_address: str | None = None
    """join this Ray cluster (auto, HOST:PORT or ray://HOST:PORT) instead of a local Ray"""
    json: bool = False
    """print one JSON object on stdout"""

    def __post_init__(self) -> None:
        if self.episodes < 1:
            raise ConfigError(f"--episodes {self.episodes}: collect at least one episode")
        if not 1 <= self.fps <= 60:
            raise ConfigError(f"--fps {self.fps}: use 1..60 (10 is typical)")


def run_collect(args: CollectArgs) -> None:
    if args.workers < 1:
        raise ConfigError(f"--workers {args.workers}: use 1 (this process) or more (Ray actors)")
    record = collect
    if args.workers > 1 or args.ray_address is not None:
        from cuakit.scale.collect import collect_on_ray

        record = partial(collect_on_ray, workers=args.workers, ray_address=args.ray_address)
    kwargs: dict[str, object] = {"randomize": args.randomize, "difficulty": args.difficulty}
    if args.fonts:
        kwargs["fonts"] = args.fonts
    if args.cursors:
        kwargs["cursors"] = args.cursors
    if args.locale != "en":
        kwargs["locale"] = args.locale
    if args.scale != 1.0:
        kwargs["scale"] = args.scale
    with progress_bar(f"collecting {args.policy}", args.episodes) as progress:
        task = progress.tasks[0].id

        def update(summary: object) -> None:
            progress.update(
                task,
                completed=summary.episodes,  # type: ignore[attr-defined]
                description=f"collecting {args.policy} "
                f"(success {summary.successes}/{summary.episodes})",
            )  # type: ignore[attr-defined]

        summary = record(
            args.env,
            args.policy,
            args.episodes,
            args.out,
            seed=args.seed,
            fps=args.fps,
            codec=args.codec,
            env_kwargs=kwargs,
            on_episode=update,
            terminate_on_success=args.end_on_success,
        )
    result = {"out": str(args.out), **summary.as_dict()}
    if args.json:
        emit_json(result)
        return
    table = Table("env", "episodes", "success rate", title=f"collected into {args.out}")
    for env_id, row in result["per_env"].items():
        table.add_row(env_id, str(row["episodes"]), f"{row['success_rate']:.2f}")
    out_console.print(table)
    for error in summary.errors:
        err_console.print(f"[yellow]discarded:[/] {error}")

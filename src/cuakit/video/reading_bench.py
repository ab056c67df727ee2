"""How well and how fast each text recogniser reads env screens (`cuakit bench reading`).

Frames come from expert runs (the first screen and the screen after each step); the text they
should show is the env's own element list — a label's, button's or title's text, a text box's
value — where it is on screen and not covered. For each such element the recogniser's pieces
whose centre falls inside its box are joined in reading order and compared with it: the
character error rate is the edit distance of the two folded strings
(`cuakit.video.strings.fold`) over the element text's length, summed over elements.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import cuakit.envs as envs
from cuakit.envs.collect import collect
from cuakit.envs.cursors import cursor_bank
from cuakit.envs.experts import policy_from_spec
from cuakit.episodes import EpisodeDataset
from cuakit.errors import BackendUnavailableError
from cuakit.video.clips import uniform_indices
from cuakit.video.pointer import find_cursor, sprites_of
from cuakit.video.strings import edit_distance, fold, within
from cuakit.video.text import READERS, TextBox, TextReader, make_reader
from cuakit.video.words import clip_words

READING_ENVS = {
    "desksim": [i for i in envs.ENV_IDS if i.startswith("cuakit/desksim-")],
    "miniwob": [
        f"cuakit/miniwob-{task}-v0"
        for task in ("click-button", "enter-text", "login-user", "click-checkboxes", "choose-list")
    ],
    "x11": [i for i in envs.ENV_IDS if i.startswith("cuakit/x11-")],
}
"""env ids read per env kind (a kind whose backend is not installed is skipped, saying why)"""
DESKSIM_VARIANTS = {
    "desksim-fonts": {"randomize": True},
    "desksim-zh": {"randomize": True, "locale": "zh"},
    "desksim-2x": {"randomize": True, "scale": 2.0},
}
"""desksim drawn as nobody tuned the reader on: seven font families and random themes, Chinese,
a 2× UI scale (each also an env kind of `bench_reading`)"""
READING_ENVS |= dict.fromkeys(DESKSIM_VARIANTS, READING_ENVS["desksim"])
TEXT_ROLES = (
    "label",
    "button",
    "window",
    "menuitem",
    "menu",
    "option",
    "listitem",
    "link",
    "heading",
    "text",
    "checkbox",
    "radio",
    "tab",
    "statictext",
    "dialog",
    "title",
)
"""element roles whose ``text`` is drawn on screen (a text box shows its ``value`` instead)"""


def known_text(elements: list[dict[str, Any]], width: int, height: int) -> list[tuple[str, tuple]]:
    """(text, box) of each element whose text the frame shows, box in pixels."""
    shown = []
    for element in elements:
        if element.get("occluded") or element.get("blocked"):
            continue
        role = str(element.get("role", "")).lower()
        state = element.get("state") or {}
        if role in ("textbox", "textarea", "input", "combobox"):
            text = str(state.get("value") or "")
        elif role in TEXT_ROLES:
            text = str(element.get("text") or "")
        else:
            continue
        x, y, w, h = element.get("bbox") or (0, 0, 0, 0)
        box = (int(y * height), int((y + h) * height), int(x * width), int((x + w) * width))
        if text.strip() and box[1] > box[0] and box[3] > box[2] and box[0] >= 0:
            shown.append((text, box))
    return shown


def errors_on(pieces: list[TextBox], known: list[tuple[str, tuple | None]]) -> tuple[int, int]:
    """(edits, characters) of ``pieces`` against ``known`` elements (see the module doc). A
    known text without a box (a document's line) counts the fewest edits to any span of the
    frame's whole text in reading order."""
    edits = characters = 0
    ordered = sorted(pieces, key=lambda piece: (piece.box[0] // 8, piece.box[2]))
    page = fold("\n".join(piece.text for piece in ordered))
    for text, where in known:
        if where is None:
            target = fold(text)
            edits += round((1.0 - within(target, page)) * len(target))
            characters += len(target)
            continue
        top, bottom, left, right = where
        inside = [
            piece
            for piece in pieces
            if top - 2 <= (piece.box[0] + piece.box[1]) / 2 <= bottom + 2
            and left - 2 <= (piece.box[2] + piece.box[3]) / 2 <= right + 2
        ]
        inside.sort(key=lambda piece: (piece.box[0] // 8, piece.box[2]))
        read = " ".join(piece.text for piece in inside)
        # a window's box holds all its contents: its title is the piece nearest its top
        if len(inside) > 1 and fold(text) != fold(read):
            read = min((edit_distance(fold(p.text), fold(text)), p.text) for p in inside)[1]
        target = fold(text)
        edits += edit_distance(fold(read), target)
        characters += len(target)
    return edits, characters


Screen = tuple[np.ndarray, list, tuple[float, float] | None]
"""a frame, the text it is known to show, the pointer's place (normalised; None: unknown)"""


def screens(env_id: str, seeds: int, steps: int, **env_kwargs: Any) -> list[Screen]:
    """(frame, known text, pointer) of the first screen and up to ``steps`` expert steps per
    seed. An env without an element list (the X11 desktop) gives its opened document's lines,
    on the first screen only (later steps edit them), and no known text after it."""
    env = envs.make(env_id, **env_kwargs)
    policy = policy_from_spec("expert")
    out = []
    try:
        for seed in range(seeds):
            policy.reset(seed)
            obs, info = env.reset(seed=seed)
            for step in range(steps + 1):
                frame = obs["screenshot"]
                known = known_text(info["elements"], frame.shape[1], frame.shape[0])
                if not info["elements"]:
                    task = getattr(env.unwrapped, "task", None)
                    opened = getattr(task, "starts_open", 0) and step == 0
                    known = [(line, None) for line in getattr(task, "lines", [])] if opened else []
                out.append((frame, known, info.get("cursor")))
                if step == steps:
                    break
                obs, _, terminated, truncated, info = env.step(policy.act(env, obs, info))
                if terminated or truncated:
                    break
    finally:
        env.close()
    return out


def bench_reading(
    kinds: tuple[str, ...] = ("desksim", "miniwob", "x11"),
    readers: tuple[str, ...] = READERS,
    seeds: int = 2,
    steps: int = 3,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Per reader and env kind: character error rate and frames read per second (one thread)."""
    made: dict[str, TextReader] = {}
    rows, pointers, skipped = [], [], {}
    for name in readers:
        try:
            made[name] = make_reader(name, threads=1)
        except BackendUnavailableError as error:
            skipped[name] = str(error)
    for kind in kinds:
        frames: list[Screen] = []
        for env_id in READING_ENVS[kind]:
            if env_id not in envs.ENV_IDS:
                skipped[kind] = "not registered: install cuakit's browser and desktop extras"
                break
            if progress:
                progress(f"{kind}: recording {env_id}")
            try:
                frames += screens(env_id, seeds, steps, **DESKSIM_VARIANTS.get(kind, {}))
            except BackendUnavailableError as error:
                skipped[kind] = str(error)
                break
        if not frames:
            continue
        pointers.append({"env": kind, **pointer_found(frames)})
        frames = [screen for screen in frames if screen[1]]  # those with known text
        for name, reader in made.items():
            if progress:
                progress(f"{kind}: reading {len(frames)} frames with {name}")
            edits = characters = 0
            start = time.perf_counter()
            for frame, known, _ in frames:
                e, c = errors_on(reader.read(frame), known)
                edits, characters = edits + e, characters + c
            seconds = time.perf_counter() - start
            rows.append(
                {
                    "reader": name,
                    "env": kind,
                    "frames": len(frames),
                    "frame_size": list(frames[0][0].shape[:2]),
                    "characters": characters,
                    "cer": edits / max(1, characters),
                    "frames_per_second": len(frames) / seconds,
                }
            )
    recordings = {}
    if "desksim" in kinds and "ppocr" in made:
        if progress:
            progress("desksim: the reward model's reading per recorded second")
        recordings = recording_cost(made["ppocr"], seeds)
    return {
        "seeds": seeds,
        "steps": steps,
        "rows": rows,
        "pointers": pointers,
        "recordings": recordings,
        "skipped": skipped,
    }


POINTER_SLACK = 2
"""pixels a found hot spot may be from the env's pointer (its normalised place rounds)"""


def pointer_found(frames: list[Screen]) -> dict[str, Any]:
    """Of the frames whose pointer place the env knows: where the reward model's finder
    (`find_cursor` over `cursor_bank`) put the pointer — at it, elsewhere, or nowhere (a
    pointer hidden while typing, or a cursor outside the bank) — and its time per frame."""
    bank = sprites_of(cursor_bank())
    counts = {"at_pointer": 0, "elsewhere": 0, "none": 0}
    start = time.perf_counter()
    known = [(frame, place) for frame, _, place in frames if place is not None]
    for frame, (x, y) in known:
        found = find_cursor(frame, bank)
        height, width = frame.shape[:2]
        if found is None:
            counts["none"] += 1
        elif max(abs(found[0].x - x * width), abs(found[0].y - y * height)) <= POINTER_SLACK:
            counts["at_pointer"] += 1
        else:
            counts["elsewhere"] += 1
    seconds = time.perf_counter() - start
    return {"frames": len(known), **counts, "ms_per_frame": 1000 * seconds / max(1, len(known))}


def recording_cost(reader: TextReader, per_family: int, fps: int = 10) -> dict[str, Any]:
    """Seconds the reward model's reading (`clip_words`: words found, read and kept) takes per
    recorded second, with font templates only and with ``reader``, on noisy-expert recordings of
    every desksim family: once with the reader's cache cold, once warm (as in PPO, where the
    same app's words recur in every episode)."""
    with tempfile.TemporaryDirectory(prefix="cuakit-bench-reading-") as tmp:
        root = Path(tmp) / "ds"
        collect("cuakit/desksim-*", "expert:noise=0.3", per_family * len(READING_ENVS["desksim"]),
                root, fps=fps)  # fmt: skip
        dataset = EpisodeDataset(root)
        videos = [dataset.frames(meta.index) for meta in dataset.episodes]
    seconds = sum(len(video) for video in videos) / fps
    timings = {}
    runs = (("templates", None), (f"{reader.name} cold", reader), (f"{reader.name} warm", reader))
    for name, given in runs:
        start = time.perf_counter()
        for video in videos:
            clip_words(video, sampled=uniform_indices(len(video), 12), reader=given,
                       cursors=sprites_of(cursor_bank()))  # fmt: skip
        timings[name] = time.perf_counter() - start
    return {
        "videos": len(videos),
        "recorded_seconds": seconds,
        "seconds_per_recorded_second": {k: v / seconds for k, v in timings.items()},
        "seconds_per_10s_recording": {k: 10 * v / seconds for k, v in timings.items()},
        "ratio": timings[f"{reader.name} cold"] / timings["templates"],
    }

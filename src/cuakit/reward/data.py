"""Training examples for the video reward model, read from an episode dataset.

- ``ClipBank``: every episode decoded once, sampled to T frames (first and LAST always
  included) and resized, kept as uint8 and cached under ``DATASET/.cache/`` so later runs
  (evaluation, leave-one-family-out) skip decoding; with ``words``, also the screen words of
  every frame, read at native resolution and placed on the clip's frames
  (`cuakit.video.words.clip_words`), cached beside the clips.
- ``ResultCache``: results of pure functions of a clip (pruning masks; word match scores under
  an instruction) kept beside the clips, so only a dataset's first run computes them.
- ``success_examples``: (episode, instruction, correct?) from ``labels/success.parquet`` —
  including negatives whose instruction differs from the episode's own — with the frame
  where the video departs from the instruction when known.
- ``pair_examples``: preference pairs, ``chosen`` preferred (the Bradley–Terry convention).
- ``split_episodes``: the ``train`` / ``val`` / ``test`` episodes (`cuakit.episodes.splits`,
  or a held-out family as test: leave-one-family-out), no instruction string on two sides.
"""

from __future__ import annotations

import functools
import multiprocessing
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from cuakit.envs.cursors import cursor_bank
from cuakit.episodes import EpisodeDataset, read_frames
from cuakit.episodes.splits import SPLITS, Split, episode_split, normalise_instruction
from cuakit.errors import ConfigError, LabelError
from cuakit.video.clips import resize, uniform_indices
from cuakit.video.pointer import sprites_of
from cuakit.video.text import TextReader, make_reader
from cuakit.video.words import ClipWords, clip_words

CACHE_DIR = ".cache"
WORDS_VERSION = 12
"""bumped whenever `cuakit.video.words` reads differently, so stale word caches are rebuilt"""


@dataclass(frozen=True)
class SuccessExample:
    episode: int
    instruction: str
    label: bool
    """True when the video completes ``instruction`` ("correct", the positive class)"""
    deviation_frame: int | None
    """original frame index where the video departs from the instruction, when known"""
    source: str
    family: str


@dataclass(frozen=True)
class PairExample:
    chosen: int
    rejected: int
    margin: float
    criterion: str
    family: str


@dataclass(frozen=True)
class _ClipJob:
    """What reading one episode's clip needs (picklable, so worker processes can do it)."""

    index: int
    video: Path
    num_frames: int
    size: tuple[int, int]
    frames: int
    height: int
    width: int
    words: bool
    reader: str
    """``templates`` (the words' crops only) or a recogniser of `cuakit.video.text.READERS`"""


RECORDED_CURSORS = sprites_of(cursor_bank())
"""the cursors a recording may show (cuakit's arrow and the installed cursor themes, in every
shape and size), found and erased before a clip's words are read"""


@functools.cache
def process_reader(name: str) -> TextReader:
    """One recogniser per process and name (its models load once; its cache is shared by every
    clip the process reads)."""
    return make_reader(name, threads=1)


def _read_clip(job: _ClipJob) -> tuple[int, np.ndarray, np.ndarray, ClipWords | None]:
    """(episode, uint8 (T, 3, H, W) resized clip, frame indices, screen words or None)."""
    every = read_frames(job.video, size=job.size)  # (N, H, W, 3) at the recording's size
    picks = uniform_indices(len(every), job.frames)
    small = resize(every[picks], job.height, job.width)
    reader = None if job.reader == "templates" else process_reader(job.reader)
    words = (
        clip_words(every, sampled=picks, reader=reader, cursors=RECORDED_CURSORS)
        if job.words
        else None
    )
    return job.index, np.ascontiguousarray(small.transpose(0, 3, 1, 2)), picks, words


PARALLEL_FROM = 64
"""episodes to read below which worker processes cost more to start than they save"""


def _read_clips(jobs: list[_ClipJob], workers: int) -> Iterator[tuple]:
    if workers <= 1 or len(jobs) < PARALLEL_FROM:
        yield from map(_read_clip, jobs)
        return
    # spawn, not fork: the parent's torch thread pool must not be copied mid-state
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=torch.set_num_threads, initargs=(1,)) as pool:
        yield from pool.imap_unordered(_read_clip, jobs, chunksize=8)


class ClipBank:
    """Uniformly sampled, resized clips of every episode (or of ``episodes``: a trainer's
    splits, so a split it must not read is never decoded): ``clips[e]`` is uint8
    (T, 3, H, W); with ``words``, ``words(e)`` are the screen words of the same frames.
    Episodes not in the cache are read by ``workers`` processes (1: in this one)."""

    def __init__(
        self,
        dataset: EpisodeDataset,
        frames: int,
        height: int,
        width: int,
        progress: Callable[[int, int], None] | None = None,
        words: bool = False,
        workers: int = 1,
        episodes: Iterable[int] | None = None,
        reader: str = "templates",
    ) -> None:
        self.dataset, self.frames, self.height, self.width = dataset, frames, height, width
        wanted = set(dataset.indices if episodes is None else episodes)
        # what the picked frames depend on, in every cache name (`ResultCache`'s too)
        self.tag = f"T{frames}"
        self.path = dataset.root / CACHE_DIR / f"clips-{self.tag}-{height}x{width}.npz"
        reading = "" if reader == "templates" else f"-{reader}"
        self.words_path = (
            dataset.root / CACHE_DIR / f"words-{self.tag}-v{WORDS_VERSION}{reading}.npz"
        )
        self.reader = reader
        cached = self._load()
        read = self._load_words() if words else {}
        todo = [i for i in sorted(wanted) if i not in cached or (words and i not in read)]
        jobs = []
        for index in todo:
            meta = dataset.meta(index)
            video, size = dataset.root / meta.video, (meta.height, meta.width)
            jobs.append(
                _ClipJob(index, video, meta.num_frames, size, frames, height, width, words, reader)
            )
        new_clips = any(i not in cached for i in todo)
        for done, (index, clip, picks, clip_read) in enumerate(_read_clips(jobs, workers)):
            cached[index] = (clip, picks)
            if clip_read is not None:
                read[index] = clip_read
            if progress:
                progress(done + 1, len(todo))
        if new_clips:  # the clip cache is large: not rewritten when only words were missing
            self._save(cached)
        if todo and words:
            self._save_words(read)
        # the caches keep every episode read so far; this bank holds only the wanted ones
        self._clips = {i: torch.from_numpy(c[0]) for i, c in cached.items() if i in wanted}
        self._indices = {i: c[1] for i, c in cached.items() if i in wanted}
        self._words = {i: w for i, w in read.items() if i in wanted}

    def _load(self) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        if not self.path.exists():
            return {}
        try:
            with np.load(self.path) as data:
                episodes, clips, indices = data["episodes"], data["clips"], data["indices"]
                stamps = data["stamps"]
        except (OSError, ValueError, KeyError):
            return {}  # a stale or partial cache is rebuilt, never trusted
        out = {}
        for e, clip, idx, stamp in zip(episodes, clips, indices, stamps, strict=True):
            if int(e) in self.dataset.indices and stamp == self._stamp(int(e)):
                out[int(e)] = (clip, idx)
        return out

    def _stamp(self, index: int) -> int:
        meta = self.dataset.meta(index)
        return zlib.crc32(f"{meta.video}:{meta.num_frames}:{meta.created_at}".encode())

    def _save(self, cached: dict[int, tuple[np.ndarray, np.ndarray]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        order = sorted(cached)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(
            tmp,
            episodes=np.array(order),
            clips=np.stack([cached[i][0] for i in order]),
            indices=np.stack([cached[i][1] for i in order]),
            stamps=np.array([self._stamp(i) for i in order]),
        )
        tmp.replace(self.path)

    def _load_words(self) -> dict[int, ClipWords]:
        if not self.words_path.exists():
            return {}
        try:
            with np.load(self.words_path) as data:
                columns = {key: data[key] for key in data.files}
        except (OSError, ValueError):
            return {}  # a stale or partial cache is rebuilt, never trusted
        if "pointer" not in columns:
            return {}
        out = {}
        bounds = columns["offsets"]
        for row, (e, stamp) in enumerate(zip(columns["episodes"], columns["stamps"], strict=True)):
            if int(e) not in self.dataset.indices or stamp != self._stamp(int(e)):
                continue
            lo, hi = bounds[row], bounds[row + 1]
            out[int(e)] = ClipWords(
                frame=columns["frame"][lo:hi], box=columns["box"][lo:hi],
                at_end=columns["at_end"][lo:hi], crops=columns["crops"][lo:hi],
                look=columns["look"][lo:hi], pointer=columns["pointer"][lo:hi],
                height=int(columns["sizes"][row, 0]), width=int(columns["sizes"][row, 1]),
                text=tuple(str(t) for t in columns["text"][lo:hi]) if "text" in columns else (),
            )  # fmt: skip
        return out

    def _save_words(self, read: dict[int, ClipWords]) -> None:
        order = sorted(read)
        if not order:
            return
        tmp = self.words_path.with_suffix(".tmp.npz")
        np.savez(
            tmp,
            episodes=np.array(order),
            stamps=np.array([self._stamp(i) for i in order]),
            offsets=np.cumsum([0] + [len(read[i]) for i in order]),
            sizes=np.array([(read[i].height, read[i].width) for i in order]).reshape(-1, 2),
            frame=np.concatenate([read[i].frame for i in order]),
            box=np.concatenate([read[i].box for i in order]),
            at_end=np.concatenate([read[i].at_end for i in order]),
            crops=np.concatenate([read[i].crops for i in order]),
            look=np.concatenate([read[i].look for i in order]),
            pointer=np.concatenate([read[i].pointer for i in order]),
            **(
                {"text": np.array([t for i in order for t in read[i].text], dtype=str)}
                if self.reader != "templates"
                else {}
            ),
        )
        tmp.replace(self.words_path)

    def clip(self, episode: int) -> torch.Tensor:
        return self._clips[episode]

    def words(self, episodes: list[int]) -> list[ClipWords]:
        """Screen words of these episodes' clips (a bank built with ``words=True``)."""
        return [self._words[e] for e in episodes]

    def frame_indices(self, episode: int) -> np.ndarray:
        """Original frame index of each of the clip's T frames."""
        return self._indices[episode]

    def seconds(self, episodes: list[int]) -> torch.Tensor:
        """float32 (B,): each episode's whole recording length in seconds (frames / fps)."""
        fps = self.dataset.info.fps
        lengths = [self.dataset.meta(e).num_frames / fps for e in episodes]
        return torch.tensor(lengths, dtype=torch.float32)

    def batch(self, episodes: list[int]) -> torch.Tensor:
        """float32 (B, T, 3, H, W) in [0, 1]."""
        return torch.stack([self._clips[e] for e in episodes]).float().div_(255.0)


class ResultCache:
    """Arrays computed from an episode's clip (and an instruction) by a pure function, kept in
    ``DATASET/.cache/NAME.npz`` while the episode's recording is unchanged (the clip cache's
    stamp), so later runs on the dataset — another split, an evaluation, leave-one-family-out
    — load them instead of recomputing. ``NAME`` must say everything the results depend on
    (clip size, settings, reader version). Keys are ``(episode, instruction)``, ``""`` for an
    instruction-free result; every array of one cache has the same number of dimensions."""

    def __init__(self, bank: ClipBank, name: str) -> None:
        self.bank = bank
        self.path = bank.dataset.root / CACHE_DIR / f"{name}.npz"

    def load(self) -> dict[tuple[int, str], np.ndarray]:
        if not self.path.exists():
            return {}
        try:
            with np.load(self.path) as data:
                columns = {key: data[key] for key in data.files}
            episodes, texts, stamps = columns["episodes"], columns["texts"], columns["stamps"]
            shapes, offsets, values = columns["shapes"], columns["offsets"], columns["values"]
        except (OSError, ValueError, KeyError):
            return {}  # a stale or partial cache is recomputed, never trusted
        out = {}
        for row, (e, text, stamp) in enumerate(zip(episodes, texts, stamps, strict=True)):
            if int(e) in self.bank.dataset.indices and stamp == self.bank._stamp(int(e)):
                flat = values[offsets[row] : offsets[row + 1]]
                out[(int(e), str(text))] = flat.reshape(tuple(shapes[row]))
        return out

    def save(self, results: dict[tuple[int, str], np.ndarray]) -> None:
        keys = sorted(results)
        if not keys:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp.npz")
        np.savez(
            tmp,
            episodes=np.array([e for e, _ in keys]),
            texts=np.array([t for _, t in keys], dtype=str),
            stamps=np.array([self.bank._stamp(e) for e, _ in keys]),
            shapes=np.array([results[k].shape for k in keys]),
            offsets=np.cumsum([0] + [results[k].size for k in keys]),
            values=np.concatenate([results[k].ravel() for k in keys]),
        )
        tmp.replace(self.path)


def success_examples(dataset: EpisodeDataset) -> list[SuccessExample]:
    """One example per (episode, instruction) judged in ``labels/success.parquet`` (the latest
    row wins); episodes with no row fall back to the env's ``success`` when it is known."""
    rows = dataset.success_labels().to_pylist()
    latest: dict[tuple[int, str], dict] = {}
    for row in rows:
        instruction = row["instruction"] or dataset.meta(row["episode"]).instruction
        latest[(row["episode"], instruction)] = {**row, "instruction": instruction}
    labelled = {episode for episode, _ in latest}
    examples = []
    for (episode, instruction), row in sorted(latest.items()):
        deviation = None
        if row["deviation_step"] is not None:
            deviation = _frame_of_step(dataset, episode, int(row["deviation_step"]))
        examples.append(
            SuccessExample(episode, instruction, bool(row["label"]), deviation, row["source"],
                           dataset.meta(episode).family)
        )  # fmt: skip
    for meta in dataset.episodes:
        if meta.index not in labelled and meta.success is not None:
            examples.append(
                SuccessExample(meta.index, meta.instruction, meta.success, None, "env",
                               dataset.meta(meta.index).family)
            )  # fmt: skip
    if not examples:
        raise LabelError(
            f"{dataset.root} has no success labels and no episode with a known outcome: "
            "run `cuakit label success DIR` first"
        )
    return examples


def _frame_of_step(dataset: EpisodeDataset, episode: int, step: int) -> int:
    """The frame on which step ``step`` was chosen (clamped to the video)."""
    frames = dataset.steps(episode).column("frame_index").to_pylist()
    meta = dataset.meta(episode)
    if not frames:
        return meta.num_frames - 1
    return int(frames[min(max(step, 0), len(frames) - 1)])


def pair_examples(dataset: EpisodeDataset, include_flipped: bool = True) -> list[PairExample]:
    """Preference pairs (``chosen`` preferred). Flipped (noisy) pairs carry ``:flipped``."""
    pairs = []
    for row in dataset.preference_labels().to_pylist():
        if not include_flipped and "flipped" in row["criterion"]:
            continue
        pairs.append(
            PairExample(row["chosen"], row["rejected"], float(row["margin"]), row["criterion"],
                        dataset.meta(row["chosen"]).family)
        )  # fmt: skip
    return pairs


@dataclass(frozen=True)
class Splits:
    """A dataset's episodes on each split (`cuakit.episodes.splits`), after the episodes that
    would carry an instruction string across sides were left out (``dropped``)."""

    train: frozenset[int]
    val: frozenset[int]
    test: frozenset[int]
    dropped: dict[str, int]
    """episodes on no side, per the side they left (`split_episodes`)"""
    instructions: dict[str, frozenset[str]]
    """each side's normalised instructions (its episodes' own, after the drops)"""
    untrained: tuple[str, ...] = ()
    """families recorded on val or test with no recording left on train (a leave-one-family-
    out split's own family aside): every instruction string of theirs is on another side —
    MiniWoB's click-dialog has one — so a model trained here never sees them"""

    def __getitem__(self, split: Split) -> frozenset[int]:
        if split not in SPLITS:
            raise ConfigError(f"split {split!r}: use one of {', '.join(SPLITS)}")
        return getattr(self, split)

    def examples(
        self, examples: list[SuccessExample], split: Split
    ) -> tuple[list[SuccessExample], int]:
        """(the examples on ``split``'s episodes whose instruction occurs on no other side, how
        many were left out): a judgement under an instruction borrowed across sides (a
        negative made before negatives kept to their side) would carry it over."""
        elsewhere = frozenset().union(*(self.instructions[s] for s in SPLITS if s != split))
        mine = [e for e in examples if e.episode in self[split]]
        kept = [e for e in mine if normalise_instruction(e.instruction) not in elsewhere]
        return kept, len(mine) - len(kept)

    def counts(self) -> dict[str, int]:
        """Episodes per split, and those dropped from each (``dropped:train`` …)."""
        return {s: len(self[s]) for s in SPLITS} | {
            f"dropped:{s}": n for s, n in self.dropped.items()
        }


def split_episodes(dataset: EpisodeDataset, how: str = "seeds") -> Splits:
    """The dataset's ``train`` / ``val`` / ``test`` episodes.

    ``seeds``: `cuakit.episodes.splits.episode_split` — test is the reserved seed range
    (seedless imports: an instruction hash), val an instruction hash; a derived episode goes
    where its source goes. ``family:NAME`` (leave-one-family-out): every episode of that
    family is ``test``; the other families' train and val episodes are train and val (their
    own test episodes are dropped, so the held-out family is the whole test side).

    No instruction string is shared across sides: a train or val recording whose normalised
    instruction also occurs on the test side (MiniWoB's task text cannot be reserved; a
    seedless import may hash to test) is dropped, and so is a train one whose instruction
    occurs on val; a derived video whose own instruction belongs to another side is dropped
    too. All are counted in ``dropped`` (with ``family:NAME``, so are the other families'
    test episodes), never left out silently. A side may be empty (a dataset recorded on test
    seeds only has just ``test``): the reader checks the sides it needs.
    """
    families = {dataset.meta(m.index).family for m in dataset.episodes}
    held_out = None
    if how.startswith("family:"):
        held_out = how.removeprefix("family:")
        if held_out not in families:
            raise ConfigError(f"split {how!r}: no such family; the dataset has {sorted(families)}")
    elif how != "seeds":
        raise ConfigError(f"split {how!r}: use 'seeds' or 'family:NAME'")
    sides: dict[str, set[int]] = {s: set() for s in SPLITS}
    dropped = {"train": 0, "val": 0, "test": 0}
    for meta in dataset.episodes:
        side = episode_split(dataset, meta.index)
        if held_out is not None:
            if dataset.meta(meta.index).family == held_out:
                side = "test"
            elif side == "test":
                dropped["test"] += 1
                continue
        sides[side].add(meta.index)
    own = {m.index: normalise_instruction(m.instruction) for m in dataset.episodes}
    recorded = {m.index for m in dataset.episodes if "derived_from" not in m.extra}

    def texts(side: Split, among: set[int]) -> set[str]:
        return {own[i] for i in sides[side] if i in among}

    # a recording's instruction stays on the latest side that has it: test, then val
    for side, later in (("val", ("test",)), ("train", ("val", "test"))):
        taken = set().union(*(texts(s, recorded) for s in later))
        leaks = {i for i in sides[side] if i in recorded and own[i] in taken}
        sides[side] -= leaks
        dropped[side] += len(leaks)
    # a derived video under another side's instruction (an import judged under a borrowed one)
    instructions = {s: texts(s, recorded) for s in SPLITS}
    for side in SPLITS:
        elsewhere = set().union(*(instructions[s] for s in SPLITS if s != side))
        leaks = {i for i in sides[side] if own[i] in elsewhere}
        sides[side] -= leaks
        dropped[side] += len(leaks)
    family_of = {i: dataset.meta(i).family for i in recorded}
    held = {family_of[i] for s in ("val", "test") for i in sides[s] if i in recorded}
    trained = {family_of[i] for i in sides["train"] if i in recorded}
    return Splits(
        **{s: frozenset(sides[s]) for s in SPLITS},
        dropped=dropped,
        instructions={s: frozenset(texts(s, sides[s])) for s in SPLITS},
        untrained=tuple(sorted(held - trained - {held_out})),
    )


def on_track_targets(
    example: SuccessExample, frame_indices: np.ndarray
) -> tuple[torch.Tensor, torch.Tensor]:
    """Per-frame targets for the progress head, read as "the video up to this frame is still
    consistent with the instruction": 1 before the deviation frame, 0 from it on. Correct
    videos are on track throughout; an incorrect one with an unknown deviation only
    constrains its last frame. Returns (targets (T,), mask (T,))."""
    count = len(frame_indices)
    targets, mask = torch.ones(count), torch.ones(count)
    if not example.label:
        if example.deviation_frame is None:
            targets[-1], mask[:-1] = 0.0, 0.0
        else:
            after = torch.from_numpy(frame_indices >= example.deviation_frame)
            targets[after] = 0.0
            targets[-1] = 0.0
    return targets, mask

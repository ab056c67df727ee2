"""``EpisodeWriter``: record episodes into a dataset, atomically, from any number of processes.

```python
with EpisodeWriter("datasets/demo", fps=10) as writer:
    writer.begin(env_id="cuakit/desksim-click-v0", instruction="Click OK", seed=3)
    writer.add_frame(obs["screenshot"])
    writer.add_step(action, reward=1.0, terminated=True)
    writer.add_frame(next_obs["screenshot"])
    meta = writer.finish(success=True)
```
Frames stream into ``.tmp/`` as they arrive. ``finish`` takes the dataset lock, allocates the
next episode index, renames video and step table into place, and last rewrites
``meta/episodes.parquet``: that rename is the commit point, so a crash at any moment loses
at most the episode in progress. Leaving the ``with`` block on an exception discards it.
"""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import threading
import time
import uuid
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from cuakit.actions import Action
from cuakit.episodes.encoding import EncoderProcess, RemoteEncoder
from cuakit.episodes.format import (
    DATA_PATH,
    EPISODES_PATH,
    TMP_DIR,
    VIDEO_PATH,
    atomic_write_bytes,
    dataset_lock,
    ensure_info,
)
from cuakit.episodes.video import FramePool, VideoEncoder
from cuakit.errors import DatasetError

EPISODES_SCHEMA = pa.schema(
    [
        ("index", pa.int64()),
        ("env_id", pa.string()),
        ("task_id", pa.string()),
        ("instruction", pa.string()),
        ("seed", pa.int64()),
        ("policy", pa.string()),
        ("length", pa.int64()),
        ("num_frames", pa.int64()),
        ("duration_s", pa.float64()),
        ("success", pa.bool_()),
        ("return", pa.float64()),
        ("video", pa.string()),
        ("data", pa.string()),
        ("width", pa.int64()),
        ("height", pa.int64()),
        ("created_at", pa.float64()),
        ("extra", pa.string()),  # JSON object: family, difficulty, policy knobs, …
    ]
)

STEPS_SCHEMA = pa.schema(
    [
        ("step", pa.int64()),
        ("t", pa.float64()),
        ("frame_index", pa.int64()),  # the frame on screen when the action was chosen
        ("action", pa.string()),  # Action.to_json()
        ("cursor_x", pa.float64()),  # normalised; NaN when the backend does not know
        ("cursor_y", pa.float64()),
        ("reward", pa.float64()),
        ("terminated", pa.bool_()),
        ("truncated", pa.bool_()),
        ("info", pa.string()),  # JSON object
    ]
)


@dataclass(frozen=True)
class EpisodeMeta:
    """One row of ``meta/episodes.parquet``."""

    index: int
    env_id: str
    task_id: str
    instruction: str
    seed: int | None
    policy: str
    length: int
    num_frames: int
    duration_s: float
    success: bool | None
    episode_return: float
    video: str
    data: str
    width: int
    height: int
    created_at: float
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> EpisodeMeta:
        values = dict(row)
        values["episode_return"] = values.pop("return")
        values["extra"] = json.loads(values["extra"] or "{}")
        return cls(**values)

    @property
    def family(self) -> str:
        """The task family the episode belongs to (``extra["family"]``, else its env id)."""
        return str(self.extra.get("family") or self.env_id)

    def to_row(self) -> dict[str, Any]:
        row = {name: getattr(self, name) for name in self.__dataclass_fields__}
        row["return"] = row.pop("episode_return")
        row["extra"] = json.dumps(self.extra, sort_keys=True)
        return row


@dataclass
class _Pending:
    """The episode being written."""

    tmp_dir: Path
    encoder: VideoEncoder | RemoteEncoder
    env_id: str
    task_id: str
    instruction: str
    seed: int | None
    policy: str
    extra: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)


def _json_default(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    return repr(value)  # keep the record rather than lose the step


class EpisodeWriter:
    """Writes episodes into the dataset at ``root`` (created when missing)."""

    def __init__(
        self,
        root: str | Path,
        fps: int = 10,
        codec: str = "lossless",
        background: bool = True,
        process: bool = False,
    ) -> None:
        """``background`` encodes video on a worker thread, overlapping the env's rendering;
        ``process`` encodes it in a child process instead — the fastest way to record when
        recording is what the process does (``collect``); ``close()`` stops the child."""
        self.root = Path(root)
        self.background = background
        self._pool = FramePool()  # frame buffers recycled across this writer's episodes
        self.info = ensure_info(self.root, fps=fps, codec=codec)
        # Two children, episodes alternating: one x264 encoder keeps pace with rendering only
        # on long episodes, and each video's first frame costs six later ones.
        self._encoder_processes = [EncoderProcess(), EncoderProcess()] if process else []
        for child in self._encoder_processes:
            child.start()
        self._episodes_begun = 0
        self._pending: _Pending | None = None
        self._commits: list[threading.Thread] = []
        self._commit_errors: list[str] = []
        self.committed: list[EpisodeMeta] = []  # episodes committed by finish(wait=False)
        self.frames_added = 0  # over this writer's lifetime, for throughput figures

    @property
    def in_progress(self) -> bool:
        return self._pending is not None

    def begin(
        self,
        *,
        env_id: str,
        instruction: str,
        task_id: str = "",
        seed: int | None = None,
        policy: str = "",
        extra: dict[str, Any] | None = None,
    ) -> EpisodeWriter:
        if self._pending is not None:
            raise DatasetError(
                f"{self.root}: begin() while an episode is in progress; finish() or discard() it"
            )
        tmp_dir = self.root / TMP_DIR / f"{os.getpid()}-{uuid.uuid4().hex[:12]}"
        encoder = self._encoder(tmp_dir / "video.mp4")  # writes nothing before its first frame
        try:
            tmp_dir.mkdir(parents=True)
        except OSError:
            encoder.abort()
            raise
        self._pending = _Pending(
            tmp_dir=tmp_dir,
            encoder=encoder,
            env_id=env_id,
            task_id=task_id,
            instruction=instruction,
            seed=seed,
            policy=policy,
            extra=dict(extra or {}),
        )
        return self

    def _encoder(self, path: Path) -> VideoEncoder | RemoteEncoder:
        if self._encoder_processes:
            self._episodes_begun += 1
            which = self._episodes_begun % len(self._encoder_processes)
            if self._encoder_processes[
                which
            ].dead:  # its episode was lost; the next ones need not be
                self._encoder_processes[which].close()
                self._encoder_processes[which] = EncoderProcess()
            return RemoteEncoder(
                self._encoder_processes[which], path, self.info.fps, self.info.codec
            )
        return VideoEncoder(
            path, self.info.fps, self.info.codec, background=self.background, pool=self._pool
        )

    def _require(self) -> _Pending:
        if self._pending is None:
            raise DatasetError(f"{self.root}: no episode in progress; call begin() first")
        return self._pending

    def add_frame(self, frame: np.ndarray) -> int:
        """Append one RGB frame (uint8 H×W×3) to the video; returns its frame index."""
        index = self._require().encoder.add(frame)
        self.frames_added += 1
        return index

    def add_step(
        self,
        action: Action,
        *,
        reward: float = 0.0,
        terminated: bool = False,
        truncated: bool = False,
        info: dict[str, Any] | None = None,
        cursor: tuple[float, float] | None = None,
        frame_index: int | None = None,
    ) -> None:
        """Record one step. ``frame_index`` defaults to the latest frame added."""
        pending = self._require()
        if not isinstance(action, Action):
            raise DatasetError(f"add_step: action must be an Action, got {type(action).__name__}")
        if frame_index is None:
            frame_index = pending.encoder.num_frames - 1
        if not 0 <= frame_index < pending.encoder.num_frames:
            raise DatasetError(
                f"add_step: frame_index={frame_index} but {pending.encoder.num_frames} frames "
                "were added; add the observed frame before its step"
            )
        pending.steps.append(
            {
                "step": len(pending.steps),
                "t": frame_index / self.info.fps,
                "frame_index": frame_index,
                "action": action.to_json(),
                "cursor_x": math.nan if cursor is None else float(cursor[0]),
                "cursor_y": math.nan if cursor is None else float(cursor[1]),
                "reward": float(reward),
                "terminated": bool(terminated),
                "truncated": bool(truncated),
                "info": json.dumps(info or {}, default=_json_default, sort_keys=True),
            }
        )

    def add_step_row(self, row: dict[str, Any]) -> None:
        """Record a step copied from another episode's step table (``dataset.steps``)."""
        cursor = (row["cursor_x"], row["cursor_y"])
        self.add_step(
            Action.from_dict(json.loads(row["action"])),
            reward=row["reward"],
            terminated=row["terminated"],
            truncated=row["truncated"],
            info=json.loads(row["info"] or "{}"),
            cursor=None if any(math.isnan(c) for c in cursor) else cursor,
            frame_index=row["frame_index"],
        )

    def finish(
        self, success: bool | None = None, extra: dict[str, Any] | None = None, wait: bool = True
    ) -> EpisodeMeta | None:
        """Close the video and commit the episode; returns its metadata (with its index).

        ``wait=False`` returns at once (None) and commits on a helper thread while the next
        episode is recorded; ``flush()`` (or leaving the ``with`` block) waits for those
        commits and raises if one failed.
        """
        pending = self._require()
        self._pending = None
        if wait:
            self.flush()  # earlier episodes first: indices follow the order of finish()
            return self._commit(pending, success, extra)
        while len(self._commits) >= 2:  # back-pressure: at most two episodes in flight
            self._commits.pop(0).join()
        previous = self._commits[-1] if self._commits else None
        thread = threading.Thread(
            target=self._commit_in_background,
            args=(pending, success, extra, previous),
            daemon=True,
        )
        thread.start()
        self._commits.append(thread)
        return None

    def _commit_in_background(
        self,
        pending: _Pending,
        success: bool | None,
        extra: dict[str, Any] | None,
        previous: threading.Thread | None,
    ) -> None:
        try:
            pending.encoder.close()  # the video's tail encodes while earlier commits finish
            if previous is not None:
                previous.join()  # commit in the order episodes finished
            self.committed.append(self._commit(pending, success, extra))
        except (DatasetError, OSError, pa.ArrowException) as exc:
            self._commit_errors.append(f"{pending.env_id} seed {pending.seed}: {exc}")
            pending.encoder.abort()
            shutil.rmtree(pending.tmp_dir, ignore_errors=True)

    def flush(self) -> None:
        """Wait for background commits; raise ``DatasetError`` if any failed."""
        while self._commits:
            self._commits.pop(0).join()
        if self._commit_errors:
            errors, self._commit_errors = self._commit_errors, []
            raise DatasetError(f"{self.root}: {len(errors)} episode(s) failed to commit: {errors}")

    def _commit(
        self, pending: _Pending, success: bool | None, extra: dict[str, Any] | None
    ) -> EpisodeMeta:
        encoder = pending.encoder
        encoder.close()
        assert encoder.size is not None
        steps = pa.Table.from_pylist(pending.steps, schema=STEPS_SCHEMA)
        data_tmp = pending.tmp_dir / "data.parquet"
        pq.write_table(steps, data_tmp)
        with dataset_lock(self.root):
            episodes = read_episodes_table(self.root)
            index = max(episodes.column("index").to_pylist(), default=-1) + 1
            meta = EpisodeMeta(
                index=index,
                env_id=pending.env_id,
                task_id=pending.task_id,
                instruction=pending.instruction,
                seed=pending.seed,
                policy=pending.policy,
                length=len(pending.steps),
                num_frames=encoder.num_frames,
                duration_s=encoder.num_frames / self.info.fps,
                success=success,
                episode_return=float(sum(step["reward"] for step in pending.steps)),
                video=VIDEO_PATH.format(index=index),
                data=DATA_PATH.format(index=index),
                width=encoder.size[1],
                height=encoder.size[0],
                created_at=time.time(),
                extra={**pending.extra, **(extra or {})},
            )
            for src, dst in ((encoder.path, meta.video), (data_tmp, meta.data)):
                (self.root / dst).parent.mkdir(parents=True, exist_ok=True)
                os.replace(src, self.root / dst)
            row = pa.Table.from_pylist([meta.to_row()], schema=EPISODES_SCHEMA)
            buffer = io.BytesIO()
            pq.write_table(pa.concat_tables([episodes, row]), buffer)
            atomic_write_bytes(self.root / EPISODES_PATH, buffer.getvalue())  # commit point
        shutil.rmtree(pending.tmp_dir, ignore_errors=True)
        return meta

    def discard(self) -> None:
        """Drop the episode in progress (no-op when none is)."""
        if self._pending is None:
            return
        self._pending.encoder.abort()
        shutil.rmtree(self._pending.tmp_dir, ignore_errors=True)
        self._pending = None

    def close(self) -> None:
        """Drop the episode in progress, wait for commits, stop the encoder process if any."""
        try:
            self.discard()
            self.flush()
        finally:
            for child in self._encoder_processes:
                child.close()

    def __enter__(self) -> EpisodeWriter:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if self._pending is not None and exc_type is None:
            warnings.warn(
                f"{self.root}: an episode was begun but neither finished nor discarded; "
                "discarding it",
                stacklevel=2,
            )
        self.close()


def read_episodes_table(root: Path) -> pa.Table:
    """``meta/episodes.parquet`` (an empty table before the first episode is committed)."""
    path = root / EPISODES_PATH
    if not path.exists():
        return EPISODES_SCHEMA.empty_table()
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as exc:
        raise DatasetError(f"{path} cannot be read ({exc}); restore it from a backup") from exc
    if not table.schema.equals(EPISODES_SCHEMA):
        raise DatasetError(
            f"{path} has columns {table.schema.names}; expected {EPISODES_SCHEMA.names}: "
            "the dataset was written by another cuakit version"
        )
    return table

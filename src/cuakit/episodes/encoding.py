"""Video encoding in a child process: frames travel through a shared-memory ring.

x264 on a thread of the recording process shares that process's interpreter: on screen
recordings, where a frame encodes in under a millisecond, rendering ran 2.5× slower next to
an encoder thread and no slower next to an encoder process. ``EncoderProcess`` runs
``VideoEncoder``s in one child process (a fresh interpreter, so it is safe next to torch's threads);
``RemoteEncoder`` is the recording side's handle, with ``VideoEncoder``'s interface.

Per frame the recorder copies into a free ring slot and sends a few bytes down a pipe; the
child encodes straight from the slot and hands it back. The child exits when the recorder's
end of the pipe closes, so a crashed recorder leaves no encoder behind.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import queue
import subprocess
import sys
import threading
import weakref
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from pathlib import Path
from typing import Any

import numpy as np

from cuakit.episodes.video import VideoEncoder, check_frame
from cuakit.errors import VideoError

RING_BYTES = 16 * 2**20
"""Shared memory per child for frames in flight (38 frames of 480×300, 11 of 800×600): small
enough for a container's 64 MB /dev/shm with two children."""

MIN_SLOTS = 4

BATCH = 8
"""Frames announced to the child, and slots it returns, this many at a time."""

REPLY_TIMEOUT_S = 120.0
"""How long to wait for the encoder to free a slot or finish a file before declaring it hung."""


def _serve(commands: Connection, replies: Connection) -> None:
    """The child's loop: open/frame/close/abort per video key, until told to stop."""
    encoders: dict[int, VideoEncoder] = {}
    errors: dict[int, str] = {}
    ring: SharedMemory | None = None
    slot_bytes = 0
    freed: list[int] = []
    try:
        while True:
            try:
                message = commands.recv()
            except EOFError:  # the recorder is gone
                break
            kind = message[0]
            if kind == "frames":
                assert ring is not None
                for key, slot, height, width in message[1]:
                    frame = np.ndarray((height, width, 3), np.uint8, ring.buf, slot * slot_bytes)
                    if key not in errors:
                        try:
                            encoders[key].add(frame)
                        except Exception as exc:  # one bad video must not end the rest
                            errors[key] = f"{type(exc).__name__}: {exc}"
                    del frame  # release the view before the slot is reused or the ring goes
                    freed.append(slot)
            elif kind == "open":
                _, key, path, fps, codec, threads = message
                try:
                    encoders[key] = VideoEncoder(Path(path), fps, codec, threads=threads)
                except Exception as exc:  # reported when the video is closed
                    errors[key] = f"{type(exc).__name__}: {exc}"
            elif kind in ("close", "abort"):
                key = message[1]
                encoder = encoders.pop(key, None)
                error = errors.pop(key, None)
                try:
                    if encoder is not None and (kind == "abort" or error is not None):
                        encoder.abort()
                    elif encoder is not None:
                        encoder.close()
                except Exception as exc:  # reported to the recorder
                    error = f"{type(exc).__name__}: {exc}"
                size = None if encoder is None else encoder.size
                replies.send(("done", key, error, size))
            elif kind == "ring":
                if ring is not None:
                    ring.close()
                _, name, slot_bytes = message
                ring = SharedMemory(name=name)
                # The recorder owns the ring; without this the child's tracker would unlink
                # it when the child exits.
                resource_tracker.unregister(ring._name, "shared_memory")  # type: ignore[attr-defined]
            elif kind == "stop":
                break
            # Slots go back in batches while frames keep coming (each reply wakes a thread of
            # the recorder), and at once when the recorder may be waiting for them.
            if freed and (kind != "frames" or len(freed) >= BATCH or not commands.poll()):
                replies.send(("free", freed))
                freed = []
    finally:
        for encoder in encoders.values():
            encoder.abort()
        if ring is not None:
            ring.close()


@dataclass
class _Shared:
    """What the reply reader and the finaliser share with ``EncoderProcess`` — not the
    object itself, so that dropping the last reference to it stops the child."""

    free: queue.Queue[int] = field(default_factory=queue.Queue)
    done: dict[int, tuple[threading.Event, list[Any]]] = field(default_factory=dict)
    dead: str | None = None
    ring: SharedMemory | None = None


def _read_replies(replies: Connection, shared: _Shared) -> None:
    while True:
        try:
            reply = replies.recv()
        except (EOFError, OSError):
            break
        if reply[0] == "free":
            for slot in reply[1]:
                shared.free.put(slot)
        else:
            _, key, error, size = reply
            waiting = shared.done.get(key)  # None: the recorder gave up on it (timeout)
            if waiting is not None:
                waiting[1].extend([error, size])
                waiting[0].set()
    replies.close()
    shared.dead = shared.dead or "the encoder process exited"
    shared.free.put(-1)  # wake a recorder waiting for a slot
    for event, _ in list(shared.done.values()):
        event.set()


def _shut_down(
    process: subprocess.Popen[bytes], commands: Connection, lock: threading.Lock, shared: _Shared
) -> None:
    with lock, contextlib.suppress(OSError, ValueError):
        commands.send(("stop",))
        commands.close()
    try:
        process.wait(timeout=REPLY_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    shared.dead = "the encoder process was closed"
    if shared.ring is not None:
        _drop_ring(shared.ring)
        shared.ring = None


def _drop_ring(ring: SharedMemory) -> None:
    ring.close()
    with contextlib.suppress(FileNotFoundError):  # a killed child's tracker may have done it
        ring.unlink()


class EncoderProcess:
    """One child process encoding any number of videos; started at the first video."""

    def __init__(self, ring_bytes: int = RING_BYTES) -> None:
        self.ring_bytes = ring_bytes
        self.slots = 0  # set with the ring, from the first frame's size
        self._process: subprocess.Popen[bytes] | None = None
        self._commands: Connection | None = None
        self._replies: Connection | None = None
        self._send_lock = threading.Lock()
        self._shared = _Shared()
        self._outbox: list[tuple[int, int, int, int]] = []  # (video, slot, height, width)
        self._keys = itertools.count()
        self._slot_bytes = 0
        self._finalizer: weakref.finalize | None = None

    # ---- lifecycle ---------------------------------------------------------------------
    def start(self) -> None:
        """Start the child now rather than at the first video (a fresh interpreter: ~0.3 s)."""
        if self._process is None and self._shared.dead is None:
            self._start()

    def _start(self) -> None:
        # A fresh interpreter running this module, not multiprocessing's spawn: spawn would
        # re-run the user's script in the child unless it is guarded by ``__main__``.
        self._process = subprocess.Popen(
            [sys.executable, "-c", "from cuakit.episodes.encoding import main; main()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        assert self._process.stdin is not None and self._process.stdout is not None
        self._commands = Connection(os.dup(self._process.stdin.fileno()), readable=False)
        self._replies = Connection(os.dup(self._process.stdout.fileno()), writable=False)
        self._process.stdin.close()
        self._process.stdout.close()
        threading.Thread(
            target=_read_replies,
            args=(self._replies, self._shared),
            name="cuakit-encoder-replies",
            daemon=True,
        ).start()
        self._finalizer = weakref.finalize(
            self, _shut_down, self._process, self._commands, self._send_lock, self._shared
        )

    def close(self) -> None:
        """Stop the child (after the videos it was given) and free the ring."""
        if self._finalizer is not None:
            self._finalizer()

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def dead(self) -> bool:
        """True once the child exited, hung or was closed: open a new ``EncoderProcess``."""
        return self._shared.dead is not None

    def _send(self, message: tuple[Any, ...] | None) -> None:
        """Send the held frames, then ``message`` (None: just the frames)."""
        if self._shared.dead is not None:
            raise VideoError(
                f"{self._shared.dead}; the episode in progress is lost, record it again"
            )
        if self._process is None:
            self._start()
        with self._send_lock:
            self._send_outbox()
            if message is not None:
                self._deliver(message)

    def _deliver(self, message: tuple[Any, ...]) -> None:
        """Write to the child (the caller holds the send lock); a dead child is a VideoError."""
        assert self._commands is not None
        try:
            self._commands.send(message)
        except OSError as exc:  # the child exited between the check and the write
            self._shared.dead = self._shared.dead or f"the encoder process exited ({exc})"
            raise VideoError(
                f"{self._shared.dead}; the episode in progress is lost, record it again"
            ) from exc

    # ---- the recorder's side -----------------------------------------------------------
    def open(self, path: Path, fps: int, codec: str, threads: int) -> int:
        key = next(self._keys)
        self._shared.done[key] = (threading.Event(), [])
        self._send(("open", key, str(path), fps, codec, threads))
        return key

    def add(self, key: int, frame: np.ndarray) -> None:
        if self._shared.dead is not None:
            raise VideoError(
                f"{self._shared.dead}; the episode in progress is lost, record it again"
            )
        if frame.nbytes > self._slot_bytes:
            self._grow_ring(frame.nbytes)
        assert self._shared.ring is not None
        slot = self._take_slot()
        view = np.ndarray(
            frame.shape, np.uint8, self._shared.ring.buf, offset=slot * self._slot_bytes
        )
        np.copyto(view, frame)
        del view
        with self._send_lock:
            self._outbox.append((key, slot, frame.shape[0], frame.shape[1]))
            if len(self._outbox) >= BATCH:
                self._send_outbox()

    def _send_outbox(self) -> None:
        """Send the frames not yet announced (the caller holds the send lock)."""
        if self._outbox:
            outbox, self._outbox = self._outbox, []
            self._deliver(("frames", outbox))

    def _take_slot(self) -> int:
        try:
            slot = self._shared.free.get_nowait()
        except queue.Empty:
            self._send(None)  # the child may be idle, waiting for the frames we hold
            slot = -2
        try:
            slot = self._shared.free.get(timeout=REPLY_TIMEOUT_S) if slot == -2 else slot
        except queue.Empty:
            self._shared.dead = (
                f"the encoder process did not free a frame in {REPLY_TIMEOUT_S:.0f} s"
            )
            raise VideoError(f"{self._shared.dead}; the episode in progress is lost") from None
        if slot < 0:
            self._shared.free.put(-1)
            raise VideoError(
                f"{self._shared.dead}; the episode in progress is lost, record it again"
            )
        return slot

    def _grow_ring(self, frame_bytes: int) -> None:
        """A ring whose slots hold ``frame_bytes``, once every slot of the old one is back."""
        if self._shared.ring is not None:
            for _ in range(self.slots):
                self._take_slot()
            _drop_ring(self._shared.ring)
            self._shared.ring = None
        self.slots = max(MIN_SLOTS, self.ring_bytes // frame_bytes)
        ring = SharedMemory(create=True, size=frame_bytes * self.slots)
        if hasattr(os, "posix_fallocate"):
            # Reserve the pages now: a full /dev/shm is an error here, not a SIGBUS mid-copy.
            try:
                os.posix_fallocate(ring._fd, 0, frame_bytes * self.slots)  # type: ignore[attr-defined]
            except OSError as exc:
                _drop_ring(ring)
                raise VideoError(
                    f"cannot reserve {frame_bytes * self.slots / 2**20:.0f} MB of shared memory "
                    f"for the encoder ({exc}): free /dev/shm or record with process=False"
                ) from exc
        self._shared.ring = ring
        self._slot_bytes = frame_bytes
        self._send(("ring", self._shared.ring.name, frame_bytes))
        for slot in range(self.slots):
            self._shared.free.put(slot)

    def finish(self, key: int, abort: bool = False) -> tuple[int, int] | None:
        """Close (or abort) video ``key``; returns its (height, width) once it is on disk."""
        event, result = self._shared.done[key]
        try:
            self._send(("abort" if abort else "close", key))
            if not event.wait(REPLY_TIMEOUT_S):
                self._shared.dead = (
                    f"the encoder process did not finish a video in {REPLY_TIMEOUT_S:.0f} s"
                )
                if self._process is not None:
                    self._process.kill()  # hung: a later close() must not wait for it
        finally:
            self._shared.done.pop(key, None)
        if not result:
            raise VideoError(f"{self._shared.dead}; the episode is lost, record it again")
        error, size = result
        if error is not None:
            raise VideoError(error)
        return None if size is None else (int(size[0]), int(size[1]))


class RemoteEncoder:
    """``VideoEncoder``'s interface for a video encoded by an ``EncoderProcess``."""

    def __init__(
        self,
        service: EncoderProcess,
        path: Path,
        fps: int,
        codec: str = "lossless",
        threads: int = 1,
    ) -> None:
        self.service, self.path, self.fps, self.codec = service, Path(path), fps, codec
        self.num_frames = 0
        self.size: tuple[int, int] | None = None
        self._key = service.open(self.path, fps, codec, threads)
        self._finished = False

    def add(self, frame: np.ndarray) -> int:
        """Queue a copy of ``frame``; returns its index in the video."""
        check_frame(self.path, frame, self.size, self.num_frames)
        self.service.add(self._key, frame)
        self.size = frame.shape[:2]
        self.num_frames += 1
        return self.num_frames - 1

    def close(self) -> None:
        """Wait until the video is complete on disk (a second call does nothing)."""
        if self._finished:
            return
        if self.num_frames == 0:
            raise VideoError(f"{self.path}: no frames were added; an episode needs at least one")
        self._finished = True
        self.service.finish(self._key)

    def abort(self) -> None:
        """Drop the video and remove the partial file."""
        if not self._finished:
            self._finished = True
            with contextlib.suppress(VideoError):  # a dead encoder wrote nothing to keep
                self.service.finish(self._key, abort=True)
        self.path.unlink(missing_ok=True)


__all__ = ["EncoderProcess", "RemoteEncoder"]


def main() -> None:
    """The child's entry point: commands on stdin, replies on stdout (prints go to stderr)."""
    replies_fd = os.dup(1)
    os.dup2(2, 1)
    _serve(Connection(0, writable=False), Connection(replies_fd, readable=False))

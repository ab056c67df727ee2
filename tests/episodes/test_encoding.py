import gc
import os
from pathlib import Path

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.episodes import EpisodeDataset, EpisodeWriter
from cuakit.episodes.bench import synthetic_screen
from cuakit.episodes.encoding import EncoderProcess, RemoteEncoder
from cuakit.episodes.video import VideoEncoder, read_frames
from cuakit.errors import VideoError


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped) counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_videos_from_the_child_are_bit_exact_and_the_ring_grows(tmp_path: Path) -> None:
    service = EncoderProcess(ring_bytes=1)  # the fewest slots
    try:
        for name, size in (("small", (64, 40)), ("large", (320, 200))):  # the ring regrows
            frames = synthetic_screen(13, *size, seed=len(name))
            encoder = RemoteEncoder(service, tmp_path / f"{name}.mp4", fps=10)
            scratch = np.empty_like(frames[0])
            for frame in frames:  # one buffer, rewritten per frame, as the envs do
                np.copyto(scratch, frame)
                encoder.add(scratch)
                scratch[:] = 0
            encoder.close()
            assert encoder.num_frames == 13 and encoder.size == size[::-1]
            assert np.array_equal(read_frames(tmp_path / f"{name}.mp4"), frames)
    finally:
        service.close()


def test_thread_encoder_copies_the_frame_it_is_given(tmp_path: Path) -> None:
    frames = synthetic_screen(9, 64, 40, seed=5)
    encoder = VideoEncoder(tmp_path / "v.mp4", fps=10, background=True)
    scratch = np.empty_like(frames[0])
    for frame in frames:
        np.copyto(scratch, frame)
        encoder.add(scratch)
        scratch[:] = 255
    encoder.close()
    assert np.array_equal(read_frames(tmp_path / "v.mp4"), frames)


def test_bad_frames_and_empty_videos_are_typed_errors(tmp_path: Path) -> None:
    service = EncoderProcess()
    try:
        encoder = RemoteEncoder(service, tmp_path / "v.mp4", fps=10)
        with pytest.raises(VideoError, match="uint8"):
            encoder.add(np.zeros((40, 64, 3), np.float32))
        with pytest.raises(VideoError, match="no frames"):
            encoder.close()
        encoder.add(np.zeros((40, 64, 3), np.uint8))
        with pytest.raises(VideoError, match=r"frame 1 is 32×40, the video is 64×40"):
            encoder.add(np.zeros((40, 32, 3), np.uint8))
        encoder.abort()
        assert not (tmp_path / "v.mp4").exists()
    finally:
        service.close()


def record(writer: EpisodeWriter, frames: np.ndarray, seed: int) -> None:
    writer.begin(env_id="cuakit/test-v0", instruction="Click OK", seed=seed)
    writer.add_frame(frames[0])
    for frame in frames[1:]:
        writer.add_step(Action.click(0.5, 0.5))
        writer.add_frame(frame)
    writer.finish(success=True, wait=False)


def test_writer_in_process_mode_records_episodes_and_stops_its_children(tmp_path: Path) -> None:
    writer = EpisodeWriter(tmp_path / "d", fps=10, process=True)
    pids = [child.pid for child in writer._encoder_processes]
    assert all(pid is not None and alive(pid) for pid in pids)
    clips = [synthetic_screen(6 + i, 48, 30, seed=i) for i in range(3)]
    for seed, clip in enumerate(clips):
        record(writer, clip, seed)
    writer.close()
    assert not any(alive(pid) for pid in pids if pid is not None)
    dataset = EpisodeDataset(tmp_path / "d")
    assert len(dataset) == 3
    for index, clip in enumerate(clips):
        assert np.array_equal(dataset.frames(index), clip)


def test_dead_encoder_is_a_typed_error_keeps_episodes_and_is_replaced(tmp_path: Path) -> None:
    writer = EpisodeWriter(tmp_path / "d", fps=10, process=True)
    clip = synthetic_screen(5, 48, 30, seed=1)
    record(writer, clip, 0)
    writer.flush()
    writer.begin(env_id="cuakit/test-v0", instruction="Click OK", seed=1)
    writer.add_frame(clip[0])
    child = writer._pending.encoder.service  # the child encoding this episode dies mid-way
    child._process.kill()
    child._process.wait()
    with pytest.raises(VideoError, match="encoder process"):
        for frame in clip[1:]:
            writer.add_frame(frame)
        writer.finish(success=True)
    writer.discard()
    assert len(EpisodeDataset(tmp_path / "d")) == 1
    for seed in range(2, 4):  # the dead child is replaced: recording goes on
        record(writer, clip, seed)
    writer.close()
    dataset = EpisodeDataset(tmp_path / "d")
    assert len(dataset) == 3 and np.array_equal(dataset.frames(2), clip)


def test_child_ends_when_its_owner_is_collected(tmp_path: Path) -> None:
    service = EncoderProcess()
    service.start()
    pid = service.pid
    assert pid is not None and alive(pid)
    del service
    gc.collect()
    assert not alive(pid)

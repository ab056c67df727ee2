"""Datasets for the annotation app: desksim episodes with ground-truth pairs, and striped
videos whose every frame names its own index (so a browser's frame can be read back)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.episodes import EpisodeWriter


@pytest.fixture(scope="session")
def desksim_source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cuakit.curate.labels import label_pairs
    from cuakit.envs.collect import collect
    from cuakit.episodes import EpisodeDataset
    from cuakit.episodes.splits import VAL_SEED_START

    root = tmp_path_factory.mktemp("annotate") / "desksim"
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.5", 12, root)
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.5", 4, root, seed=VAL_SEED_START)
    label_pairs(EpisodeDataset(root))
    return root


@pytest.fixture
def desksim(desksim_source: Path, tmp_path: Path) -> Path:
    """A fresh copy of sixteen desksim episodes (four on val seeds) with ``env`` preference
    pairs."""
    root = tmp_path / "desksim"
    shutil.copytree(desksim_source, root)
    return root


def stripe_level(frame_index: int) -> int:
    """The grey level striped videos paint frame ``frame_index`` with."""
    return 16 + 5 * frame_index


def write_striped(root: Path, lengths: list[int], fps: int = 10) -> None:
    """One episode per length, all of one task instance, each frame a flat grey of
    ``stripe_level(i)`` (a white bar marks the episode); the longest one fails."""
    longest = max(lengths)
    with EpisodeWriter(root, fps=fps) as writer:
        for k, length in enumerate(lengths):
            writer.begin(env_id="test/striped", instruction="Watch the stripes",
                         task_id="striped-0", seed=k, policy="scripted")  # fmt: skip
            for i in range(length):
                frame = np.full((64, 96, 3), stripe_level(i), np.uint8)
                frame[:8, : 8 * (k + 1)] = 255
                writer.add_frame(frame)
                if i < length - 1:
                    writer.add_step(Action.wait(0.1), reward=0.0)
            writer.finish(success=length != longest)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(root: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "cuakit", "annotate", "serve", str(root), "--port", str(port),
         *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited: {process.stderr.read()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not answer within 60 s")


def judge(base: str, token: str, overall: str = "left") -> int | None:
    """Take the next pair, report both videos watched, vote; the pair id (None: none left).
    ``overall`` "longer": the side showing the video with more frames (the server shows each
    annotator a pair's videos in its own order, so "left" is no shared choice)."""
    headers = {"Authorization": f"Bearer {token}"}
    item = httpx.get(f"{base}/api/next", headers=headers).json()
    if item["pair"] is None:
        return None
    for side in ("left", "right"):
        frame = item["frames"][side] - 1
        answer = httpx.post(f"{base}/api/pairs/{item['pair']}/progress", headers=headers,
                            json={"side": side, "frame": frame})  # fmt: skip
        answer.raise_for_status()
    if overall == "longer":
        overall = max(("left", "right"), key=lambda side: item["frames"][side])
    answer = httpx.post(f"{base}/api/pairs/{item['pair']}/vote", headers=headers,
                        json={"overall": overall, "note": "ok"})  # fmt: skip
    answer.raise_for_status()
    return item["pair"]

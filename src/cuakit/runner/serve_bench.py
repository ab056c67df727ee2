"""`cuakit bench serve`: the reward service under load, batch size 1 against 8, side by side in
one process: requests/s and p50/p99 latency of ``requests`` requests, ``concurrency`` at a
time, each a recorded desksim episode uploaded as mp4."""

from __future__ import annotations

import asyncio
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from cuakit.reward.scoring import Scorer
from cuakit.runner.serve_reward import reward_app


def _serve(app: Any) -> tuple[Any, str]:
    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}"


async def _load(url: str, video: bytes, requests: int, concurrency: int) -> list[float]:
    import httpx

    gate = asyncio.Semaphore(concurrency)
    async with httpx.AsyncClient(timeout=600) as client:

        async def one() -> float:
            async with gate:
                started = time.perf_counter()
                answer = await client.post(
                    f"{url}/v1/score",
                    params={"instruction": "Press OK"},
                    content=video,
                    headers={"Content-Type": "video/mp4"},
                )
                answer.raise_for_status()
                return time.perf_counter() - started

        return list(await asyncio.gather(*(one() for _ in range(requests))))


def bench_serve(scorer: Scorer, video: Path, requests: int = 64, concurrency: int = 16,
                batch_sizes: tuple[int, ...] = (1, 8)) -> dict[str, Any]:  # fmt: skip
    data = Path(video).read_bytes()
    result: dict[str, Any] = {"requests": requests, "concurrency": concurrency}
    for size in batch_sizes:
        app = reward_app(scorer, batch_size=size, batch_wait=0.02)
        server, url = _serve(app)
        try:
            asyncio.run(_load(url, data, min(4, requests), 2))  # warm-up
            started = time.perf_counter()
            latencies = asyncio.run(_load(url, data, requests, concurrency))
            seconds = time.perf_counter() - started
        finally:
            server.should_exit = True
        result[f"batch_{size}"] = {
            "requests_per_s": requests / seconds,
            "p50_ms": float(np.percentile(latencies, 50) * 1000),
            "p99_ms": float(np.percentile(latencies, 99) * 1000),
            "mean_batch": float(np.mean(app.state.batcher.batches)),
        }
    first, last = (result[f"batch_{s}"] for s in (batch_sizes[0], batch_sizes[-1]))
    result["speedup"] = last["requests_per_s"] / first["requests_per_s"]
    return result


def recorded_video(folder: Path | None = None) -> Path:
    """One expert click-button episode's mp4 (recorded into ``folder`` or a temp folder)."""
    from cuakit.envs.collect import collect

    root = Path(folder or tempfile.mkdtemp()) / "episodes"
    collect("cuakit/desksim-click-button-v0", "expert", 1, root)
    return next((root / "videos").iterdir())

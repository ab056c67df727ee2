"""Many annotators at once against the running server on loopback: no vote lost or
duplicated, no pair shown twice to one annotator; latency percentiles printed."""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import numpy as np
import pytest

from cuakit.annotate.store import Store
from tests.annotate.conftest import free_port, serve, write_striped


def run_load(root: Path, annotators: int, votes_each: int, k: int = 3) -> dict[str, float]:
    port = free_port()
    process = serve(root, port, "--k", str(k))
    base = f"http://127.0.0.1:{port}"
    store = Store.of_dataset(root)
    tokens = {f"sim{i:02d}": store.add_user(f"sim{i:02d}") for i in range(annotators)}
    latencies: list[float] = []
    shown: dict[str, list[int]] = {name: [] for name in tokens}
    acknowledged: list[tuple[int, str]] = []
    failures: list[str] = []
    lock = threading.Lock()

    def annotator(name: str) -> None:
        headers = {"Authorization": f"Bearer {tokens[name]}"}
        mine: list[float] = []
        with httpx.Client(base_url=base, headers=headers, timeout=30) as client:

            def call(method: str, path: str, **kwargs) -> httpx.Response:
                start = time.perf_counter()
                answer = client.request(method, path, **kwargs)
                mine.append(time.perf_counter() - start)
                answer.raise_for_status()
                return answer

            try:
                for _ in range(votes_each):
                    item = call("GET", "/api/next").json()
                    if item["pair"] is None:
                        break
                    shown[name].append(item["pair"])
                    for side in ("left", "right"):
                        call("POST", f"/api/pairs/{item['pair']}/progress",
                             json={"side": side, "frame": item["frames"][side] - 1})  # fmt: skip
                    choice = "left" if hash((name, item["pair"])) % 3 else "right"
                    call("POST", f"/api/pairs/{item['pair']}/vote", json={"overall": choice})
                    with lock:
                        acknowledged.append((item["pair"], name))
            except httpx.HTTPError as error:
                failures.append(f"{name}: {error}")
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=annotator, args=(name,)) for name in tokens]
    started = time.perf_counter()
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        process.kill()
        process.wait(timeout=10)
    elapsed = time.perf_counter() - started
    assert not failures, failures[:3]
    stored = [(v.pair_id, v.user) for v in store.votes()]
    assert sorted(stored) == sorted(acknowledged)  # nothing lost, nothing extra
    assert len(set(stored)) == len(stored) == annotators * votes_each  # nothing duplicated
    assert all(len(p) == len(set(p)) for p in shown.values())  # never twice to one
    assert max(Counter(pair for pair, _ in stored).values()) <= k
    stats = {
        "votes": len(stored),
        "requests": len(latencies),
        "requests_per_s": len(latencies) / elapsed,
        "p50_ms": 1000 * float(np.percentile(latencies, 50)),
        "p99_ms": 1000 * float(np.percentile(latencies, 99)),
    }
    print(f"\nload {annotators} annotators × {votes_each} votes: {stats}")
    return stats


def test_six_annotators_at_once(tmp_path: Path) -> None:
    write_striped(tmp_path / "ds", [3 + i for i in range(6)])  # 15 pairs
    run_load(tmp_path / "ds", annotators=6, votes_each=4)


@pytest.mark.slow
def test_twenty_annotators_thirty_votes_each(tmp_path: Path) -> None:
    # 2,400 requests from 20 clients at once race for pairs as 8,000 did (docs/annotate.md
    # keeps that run's rate and latencies)
    write_striped(tmp_path / "ds", [3 + i for i in range(24)])  # 276 pairs ≥ 20 × 30 / 3
    run_load(tmp_path / "ds", annotators=20, votes_each=30)

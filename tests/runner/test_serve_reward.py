"""`cuakit serve reward`: 200 concurrent requests on loopback score as `cuakit reward score`
does (within 1e-4), batched; bad videos, oversized uploads and references that leave the data
root are refused with the right status."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import pytest

from cuakit.cli import main
from cuakit.envs.collect import collect
from cuakit.reward.scoring import Scorer
from tests.runner.conftest import free_port

httpx = pytest.importorskip("httpx", reason="the serve extra")
uvicorn = pytest.importorskip("uvicorn", reason="the serve extra")


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("episodes") / "d"
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.5", 4, root)
    return root


@pytest.fixture(scope="module")
def server(judge: Path, dataset: Path):
    from cuakit.runner.serve_reward import reward_app

    app = reward_app(Scorer.from_run(judge), dataset, max_bytes=2_000_000, batch_size=8)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    for _ in range(200):
        if instance.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app
    instance.should_exit = True
    thread.join(timeout=10)


def videos(dataset: Path) -> list[str]:
    return sorted(f"videos/{p.name}" for p in (dataset / "videos").iterdir())


def test_200_concurrent_requests_match_the_cli_and_are_batched(server, judge, dataset, capsys):
    url, app = server
    names = videos(dataset)
    expected = {}
    for name in names:
        assert main(["reward", "score", "--checkpoint", str(judge), "--video",
                     str(dataset / name), "--instruction", "Press OK", "--json"]) == 0  # fmt: skip
        expected[name] = json.loads(capsys.readouterr().out)["p_success"]

    async def burst() -> list[httpx.Response]:
        async with httpx.AsyncClient(timeout=120) as client:

            async def one(i: int) -> httpx.Response:
                name = names[i % len(names)]
                if i % 2:  # an upload
                    return await client.post(
                        f"{url}/v1/score", params={"instruction": "Press OK"},
                        content=(dataset / name).read_bytes(),
                        headers={"Content-Type": "video/mp4"},
                    )  # fmt: skip
                reference = {"instruction": "Press OK", "episode": name}
                return await client.post(f"{url}/v1/score", json=reference)

            return await asyncio.gather(*(one(i) for i in range(200)))

    answers = asyncio.run(burst())
    assert [a.status_code for a in answers] == [200] * 200
    for i, answer in enumerate(answers):
        assert abs(answer.json()["p_success"] - expected[names[i % len(names)]]) < 1e-4
    assert max(app.state.batcher.batches) > 1  # requests that came together were batched
    assert httpx.get(f"{url}/healthz").json()["ok"] is True


def test_bad_requests_get_their_status(server, dataset):
    url, _ = server
    post = httpx.Client(base_url=url, timeout=60).post
    corrupt = post("/v1/score", params={"instruction": "x"}, content=b"not a video at all",
                   headers={"Content-Type": "video/mp4"})  # fmt: skip
    assert corrupt.status_code == 422 and "cannot be read" in corrupt.json()["error"]
    big = post("/v1/score", params={"instruction": "x"}, content=b"0" * 2_000_001,
               headers={"Content-Type": "video/mp4"})  # fmt: skip
    assert big.status_code == 413
    name = videos(dataset)[0]
    for reference in ("../d/" + name, str(dataset / name), "%2e%2e/%2e%2e/etc/passwd",
                      "videos/%252e%252e/%252e%252e/x.mp4"):  # fmt: skip
        answer = post("/v1/score", json={"instruction": "x", "episode": reference})
        assert answer.status_code == 400, reference
    assert (
        post("/v1/score", json={"instruction": "x", "episode": "videos/none.mp4"}).status_code
        == 404
    )
    assert post("/v1/score", json={"episode": name}).status_code == 400

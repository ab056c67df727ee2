"""End to end: a lab policy trained here, served by `cuakit serve policy` on a free port,
driven by `cuakit run --model openai:…` on desksim click-button, recorded and judged; the
official `openai` client gets a chat completion with an image; bad requests are refused."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.cli import main
from cuakit.prompt import ScreenGeometry, read_answer
from cuakit.runner.agents import chat_messages
from tests.runner.conftest import free_port

pytest.importorskip("fastapi", reason="serving needs the serve extra")
openai = pytest.importorskip("openai", reason="the e2e test uses the official client")


pytestmark = pytest.mark.xdist_group("serve-and-run")  # one worker builds its fixtures


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    """(a lab policy run, the URL of `cuakit serve policy` serving it)."""
    run = tmp_path_factory.mktemp("lab") / "run"
    argv = ["agent", "grpo-episodes", "--out", str(run), "--steps", "8", "--instances", "1",
            "--group-size", "2", "--difficulty", "1", "--json"]  # fmt: skip
    assert main(argv) == 0
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "cuakit", "serve", "policy", "--model",
                               f"lab:{run}", "--port", str(port)])  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2) as answer:
                    if json.loads(answer.read())["ok"]:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("cuakit serve policy did not come up in 120 s")
        yield run, url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_cuakit_run_drives_the_served_policy_records_and_judges(served, judge, tmp_path, capsys):
    _, url = served
    record = tmp_path / "record"
    argv = ["run", "--model", f"openai:{url}/v1#lab", "--record", str(record), "--judge",
            str(judge), "--max-steps", "3", "--json"]  # fmt: skip
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    (episode,) = result["episodes"]
    assert 1 <= episode["steps"] <= 3 or episode["ended"] in ("refused", "unparsed")
    assert 0.0 <= episode["predicted_success"] <= 1.0
    assert list((record / "videos").iterdir())  # the episode is in the dataset, video included
    audit = [json.loads(line) for line in (record / "audit.jsonl").read_text().splitlines()]
    assert len(audit) >= 1 and all(entry["episode"] == "cuakit/desksim-click-button-v0#0"
                                   for entry in audit)  # fmt: skip


def test_the_official_openai_client_gets_an_action_for_an_image(served):
    _, url = served
    client = openai.OpenAI(base_url=f"{url}/v1", api_key="none")
    screen = np.full((300, 480, 3), 230, np.uint8)  # the lab policy reads desksim-sized screens
    reply = client.chat.completions.create(
        model="lab", messages=chat_messages(screen, "Press OK", [Action.click(0.5, 0.5)])
    )
    action = read_answer(reply.choices[0].message.content, ScreenGeometry(480, 300, "normalised"))
    assert isinstance(action, Action)
    assert [m.id for m in client.models.list().data] == ["lab"]


def test_requests_without_a_screenshot_or_over_the_limit_are_refused(served):
    from fastapi.testclient import TestClient

    from cuakit.runner.agents import LabAgent
    from cuakit.runner.serve_policy import policy_app

    run, _ = served
    client = TestClient(policy_app(LabAgent(run), "lab", max_bytes=200_000))
    text_only = {"messages": [{"role": "user", "content": "Task: Press OK"}]}
    answer = client.post("/v1/chat/completions", json=text_only)
    assert answer.status_code == 400 and "image_url" in answer.json()["error"]["message"]
    remote = chat_messages(np.zeros((20, 20, 3), np.uint8), "Press OK", [])
    remote[1]["content"][0]["image_url"]["url"] = "https://example.com/screen.png"
    assert client.post("/v1/chat/completions", json={"messages": remote}).status_code == 400
    no_task = chat_messages(np.zeros((20, 20, 3), np.uint8), "Press OK", [])
    no_task[1]["content"][1]["text"] = "hello"
    answer = client.post("/v1/chat/completions", json={"messages": no_task})
    assert answer.status_code == 400 and "Task" in answer.json()["error"]["message"]
    big = chat_messages(np.random.default_rng(0).integers(0, 255, (400, 400, 3), np.uint8),
                        "Press OK", [])  # fmt: skip
    assert client.post("/v1/chat/completions", json={"messages": big}).status_code == 413

"""The guard around a loop: one audit entry per proposed action, written before it runs and
kept through a crash; secrets redacted; confirmations answered; limits and the kill switch."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.safety.audit import AuditLog, read_audit, redact
from cuakit.safety.confirm import HTTP, Callback, Headless, draw_action
from cuakit.safety.context import ActionContext, Element
from cuakit.safety.gate import SafetyGate
from cuakit.safety.guard import Guard, Stopped
from cuakit.safety.limits import KillSwitch, Limits

SEND = ActionContext(Action.click(0.2, 0.3), "reply to Dana", Element("button", "Send"))
SCROLL = ActionContext(Action.scroll("down"), "read on")
PASSWORD = ActionContext(
    Action.type_text("correct horse 7"), "log in", Element("password", "Password")
)


def test_one_entry_per_proposed_action_with_the_outcome(tmp_path: Path):
    with AuditLog(tmp_path / "audit.jsonl") as audit:
        guard = Guard(SafetyGate(), audit, Callback(lambda context, decision: True))
        assert guard.review(SCROLL, episode="e", step=0)
        assert guard.review(SEND, episode="e", step=1)  # confirmed by the callback
        guard.confirmer = Headless()
        assert not guard.review(SEND, episode="e", step=2)
    entries = read_audit(tmp_path / "audit.jsonl")
    steps = [(e["step"], e["decision"], e["outcome"]) for e in entries]
    assert steps == [
        (0, "allow", "executed"),
        (1, "confirm", "executed"),
        (2, "confirm", "refused"),
    ]
    assert entries[1]["confirmed_by"] == "callback" and entries[2]["confirmed_by"] == "headless"
    assert entries[1]["context"]["target"] == {"role": "button", "text": "Send"}


def test_secrets_never_reach_the_log(tmp_path: Path):
    card = ActionContext(
        Action.type_text("4111 1111 1111 1111"), "pay", Element("textbox", "Notes")
    )
    with AuditLog(tmp_path / "audit.jsonl") as audit:
        guard = Guard(SafetyGate(), audit)
        guard.review(PASSWORD)
        guard.review(card)
    text = (tmp_path / "audit.jsonl").read_text()
    assert "correct horse" not in text and "4111" not in text
    assert "[redacted: a card number]" in text
    assert redact(Action.type_text("hello"))["text"] == "hello"


def test_the_entry_is_on_disk_before_the_action_runs(tmp_path: Path):
    # A loop process that audits one action, then dies before running it (no clean exit).
    code = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from cuakit.actions import Action\n"
        "from cuakit.safety.audit import AuditLog\n"
        "from cuakit.safety.context import ActionContext\n"
        "from cuakit.safety.gate import SafetyGate\n"
        "from cuakit.safety.guard import Guard\n"
        "guard = Guard(SafetyGate(), AuditLog(Path(sys.argv[1])))\n"
        "guard.review(ActionContext(Action.scroll('down'), 'read'), episode='crash', step=0)\n"
        "os._exit(3)\n"
    )
    path = tmp_path / "audit.jsonl"
    done = subprocess.run([sys.executable, "-c", code, str(path)], check=False, timeout=120)
    assert done.returncode == 3
    assert [e["episode"] for e in read_audit(path)] == ["crash"]


def test_the_kill_switch_and_limits_stop_the_loop_before_the_next_action(tmp_path: Path):
    switch = KillSwitch(tmp_path / "STOP")
    with AuditLog(tmp_path / "audit.jsonl") as audit:
        guard = Guard(SafetyGate(), audit, limits=Limits(max_steps=10, kill_switch=switch))
        assert guard.review(SCROLL, step=0)
        (tmp_path / "STOP").touch()
        with pytest.raises(Stopped, match="kill switch"):
            guard.review(SCROLL, step=1)
    assert read_audit(tmp_path / "audit.jsonl")[-1]["outcome"] == "stopped"
    signalled = KillSwitch()
    assert not signalled.pulled
    os.kill(os.getpid(), signal.SIGUSR1)
    assert signalled.pulled
    clock = iter([0.0, 0.0, 1.0, 1.0, 2.0, 61.5])
    limits = Limits(max_per_minute=2, clock=lambda: next(clock))
    assert limits.check() is None
    limits.count()
    assert limits.check() is None
    limits.count()
    assert "in a minute" in limits.check()
    assert limits.check() is None  # a minute later
    assert "step limit" in Limits(max_steps=0).check()


def test_an_http_endpoint_answers_confirmations():
    asked = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            asked.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            body = json.dumps({"approved": True, "by": "dana"}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/confirm"
        decision = SafetyGate().decide(PASSWORD)
        assert HTTP(url).confirm(PASSWORD, decision, None) == (True, "http:dana")
        assert asked[0]["action"]["text"].startswith("[redacted")
        assert HTTP("http://127.0.0.1:9/none", timeout=2).confirm(SEND, decision, None)[0] is False
    finally:
        server.shutdown()


def test_the_screenshot_shown_for_a_confirmation_marks_the_point():
    screen = np.full((100, 200, 3), 255, np.uint8)
    marked = np.asarray(draw_action(screen, SEND))
    assert marked[30, 40 - 14].tolist() != [255, 255, 255]  # on the ring around (40, 30)
    assert marked[90, 190].tolist() == [255, 255, 255]

"""The real commands end to end: serve in a child process, add users, vote over loopback,
SIGKILL the server, then agreement and export from what it committed."""

from __future__ import annotations

import json
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cuakit.annotate.store import Store
from cuakit.cli import main
from cuakit.episodes import EpisodeDataset
from tests.annotate.conftest import free_port, judge, serve, write_striped


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Path, str, subprocess.Popen[str]]]:
    root = tmp_path / "ds"
    write_striped(root, [4, 5, 6, 7])
    port = free_port()
    process = serve(root, port, "--k", "2")
    yield root, f"http://127.0.0.1:{port}", process
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)


def add_user(root: Path, name: str) -> str:
    return Store.of_dataset(root).add_user(name)


def test_add_user_prints_a_token_that_logs_in(tmp_path: Path, capsys) -> None:
    write_striped(tmp_path / "ds", [3, 4])
    assert main(["annotate", "add-user", "ann", "--data", str(tmp_path / "ds"), "--admin"]) == 0
    token = capsys.readouterr().out.strip()
    assert len(token) >= 30 and "\n" not in token
    user = Store.of_dataset(tmp_path / "ds").user_for_token(token)
    assert user.name == "ann" and user.admin
    assert main(["annotate", "add-user", "ann", "--data", str(tmp_path / "ds")]) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "exists" in errors[0]


def test_the_server_binds_loopback_and_a_sigkill_loses_no_committed_vote(server) -> None:
    root, base, process = server
    tokens = [add_user(root, name) for name in ("ann", "bob")]
    assert httpx.get(f"{base}/api/me").status_code == 401
    acknowledged = [(pair, i) for i, token in enumerate(tokens) for _ in range(3)
                    if (pair := judge(base, token)) is not None]  # fmt: skip
    assert len(acknowledged) == 6
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    votes = Store.of_dataset(root).votes()
    assert len(votes) == len(acknowledged) == len({(v.pair_id, v.user) for v in votes})
    listening = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout
    assert f"0.0.0.0:{base.rsplit(':', 1)[1]}" not in listening


def test_agreement_and_export_read_what_the_server_committed(server, capsys) -> None:
    root, base, _ = server
    tokens = [add_user(root, "ann"), add_user(root, "bob")]
    while any([judge(base, token, "longer") is not None for token in tokens]):  # they agree
        pass
    votes = Store.of_dataset(root).votes()
    assert len(votes) == 2 * len(Store.of_dataset(root).pairs())
    assert main(["annotate", "agreement", str(root), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["votes"] == len(votes)
    assert report["aspects"]["overall"]["cohen_kappa"]["ann|bob"]["pairs"] > 0
    before = EpisodeDataset(root).preference_labels().num_rows
    assert main(["annotate", "export", str(root), "--min-votes", "2"]) == 0
    rows = EpisodeDataset(root).preference_labels().to_pylist()
    human = [r for r in rows if r["source"] == "human"]
    assert len(rows) - before == len(human) > 0
    assert all(r["annotator"] == "ann,bob" for r in human)

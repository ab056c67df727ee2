"""The app over HTTP (in process): tokens, who may see what, votes only after watching, inert
notes, no path reaching the file system."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cuakit.annotate.queue import fill_queue, reorder
from cuakit.annotate.server import annotate_app
from cuakit.annotate.store import Store
from cuakit.episodes import EpisodeDataset
from tests.annotate.conftest import write_striped


@pytest.fixture
def app(tmp_path: Path) -> tuple[TestClient, Store, dict[str, str]]:
    root = tmp_path / "ds"
    write_striped(root, [5, 7, 9])
    dataset, store = EpisodeDataset(root), Store.of_dataset(root)
    fill_queue(store, dataset)
    reorder(store, "random")
    tokens = {name: store.add_user(name, admin=name == "boss") for name in ("ann", "bob", "boss")}
    return TestClient(annotate_app(dataset, store, k=2)), store, tokens


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def watch(client: TestClient, pair: int, token: str, frames: dict[str, int]) -> None:
    for side in ("left", "right"):
        answer = client.post(f"/api/pairs/{pair}/progress", headers=auth(token),
                             json={"side": side, "frame": frames[side] - 1})  # fmt: skip
        assert answer.status_code == 200, answer.text


def test_every_api_route_needs_a_valid_token(app) -> None:
    client, _, tokens = app
    for path in ("/api/me", "/api/next", "/api/pairs/1/video/left", "/api/admin/progress"):
        assert client.get(path).status_code == 401
        assert client.get(path, headers=auth("not-a-token")).status_code == 401
    assert client.post("/api/pairs/1/vote", json={"overall": "left"}).status_code == 401
    assert client.get("/api/me", headers=auth(tokens["ann"])).json()["name"] == "ann"


def test_login_sets_a_cookie_the_page_then_uses(app) -> None:
    client, _, tokens = app
    assert client.post("/api/login", json={"token": "wrong"}).status_code == 401
    answer = client.post("/api/login", json={"token": tokens["bob"]})
    assert answer.status_code == 200
    assert "httponly" in answer.headers["set-cookie"].lower()
    assert "samesite=strict" in answer.headers["set-cookie"].lower()
    assert client.get("/api/me").json()["name"] == "bob"
    client.post("/api/logout")
    assert client.get("/api/me").status_code == 401


def test_a_pair_its_videos_and_its_vote_belong_to_the_annotator_it_was_given_to(app) -> None:
    client, _, tokens = app
    item = client.get("/api/next", headers=auth(tokens["ann"])).json()
    pair = item["pair"]
    left = client.get(f"/api/pairs/{pair}/video/left", headers=auth(tokens["ann"]))
    assert left.status_code == 200 and left.headers["content-type"] == "video/mp4"
    assert left.content[4:8] == b"ftyp"
    for path in (f"/api/pairs/{pair}/video/left", f"/api/pairs/{pair}/video/right"):
        assert client.get(path, headers=auth(tokens["bob"])).status_code == 404
    stolen = client.post(f"/api/pairs/{pair}/vote", headers=auth(tokens["bob"]),
                         json={"overall": "left"})  # fmt: skip
    assert stolen.status_code == 404
    progress = client.post(f"/api/pairs/{pair}/progress", headers=auth(tokens["bob"]),
                           json={"side": "left", "frame": 3})  # fmt: skip
    assert progress.status_code == 404


def test_a_vote_waits_for_both_videos_and_is_stored_against_the_episodes(app) -> None:
    client, store, tokens = app
    token = tokens["ann"]
    item = client.get("/api/next", headers=auth(token)).json()
    pair, frames = item["pair"], item["frames"]
    ballot = {"overall": "left", "criteria": {"correctness": "right", "efficiency": None},
              "note": "<script>alert(1)</script>"}  # fmt: skip
    early = client.post(f"/api/pairs/{pair}/vote", headers=auth(token), json=ballot)
    assert early.status_code == 409 and "watch both videos" in early.json()["detail"]
    watch(client, pair, token, frames)
    accepted = client.post(f"/api/pairs/{pair}/vote", headers=auth(token), json=ballot)
    assert accepted.status_code == 200
    (vote,) = store.votes()
    shown_left = store.assignment(pair, "ann").left
    assert vote.left == shown_left
    assert vote.overall == ("a" if shown_left == vote.a else "b")
    assert vote.criteria["correctness"] == ("b" if shown_left == vote.a else "a")
    assert vote.note == "<script>alert(1)</script>"  # stored as typed …
    votes = client.get("/api/admin/votes", headers=auth(tokens["boss"]))
    assert votes.headers["content-type"] == "application/json"  # … and served as data
    assert votes.json()[0]["note"] == ballot["note"]
    assert "innerHTML" not in client.get("/static/app.js").text  # the page sets textContent
    again = client.post(f"/api/pairs/{pair}/vote", headers=auth(token), json=ballot)
    assert again.status_code == 409
    assert client.get("/api/next", headers=auth(token)).json()["pair"] != pair


def test_malformed_ballots_are_refused(app) -> None:
    client, _, tokens = app
    token = tokens["ann"]
    item = client.get("/api/next", headers=auth(token)).json()
    watch(client, item["pair"], token, item["frames"])
    for ballot in ({"overall": "a"}, {"overall": "left", "criteria": {"beauty": "left"}},
                   {"overall": "left", "note": "x" * 5000}, {}):  # fmt: skip
        answer = client.post(f"/api/pairs/{item['pair']}/vote", headers=auth(token), json=ballot)
        assert answer.status_code in (400, 422), ballot


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/..%2Fserver.py",
        "/static/%2e%2e%2fstore.py",
        "/static//etc/passwd",
        "/static/%2Fetc%2Fpasswd",
        "/static/index.html",  # served at /, not as a file
        "/api/pairs/..%2F..%2Fmeta/video/left",
        "/api/pairs/1/video/..%2F..%2Fmeta%2Finfo.json",
        "/api/pairs/1/video/%2Fetc%2Fpasswd",
        "/api/pairs/1/video/left%2F..%2F..",
    ],
)
def test_no_path_reaches_the_file_system(app, path: str) -> None:
    client, _, tokens = app
    client.get("/api/next", headers=auth(tokens["ann"]))  # pair 1 or another is given
    answer = client.get(path, headers=auth(tokens["ann"]))
    assert answer.status_code in (404, 422), (path, answer.status_code)
    assert b"root:" not in answer.content and b"import" not in answer.content


def test_the_admin_sees_progress_and_agreement_others_do_not(app) -> None:
    client, _, tokens = app
    assert client.get("/api/admin/progress", headers=auth(tokens["ann"])).status_code == 403
    progress = client.get("/api/admin/progress", headers=auth(tokens["boss"])).json()
    assert progress["pairs"] == 3 and progress["votes"] == 0 and progress["k"] == 2
    assert "overall" in progress["agreement"]["aspects"]


def test_the_page_and_guidelines_ship_in_the_package(app) -> None:
    client, _, _ = app
    page = client.get("/").text
    assert "/static/app.js" in page and "http" not in page.replace("http-equiv", "")  # no CDN
    guide = client.get("/guidelines").text
    for word in ("Correctness", "Efficiency", "Robustness", "Human-likeness"):
        assert word in guide
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")

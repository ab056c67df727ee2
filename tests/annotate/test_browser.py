"""The page in Debian's Chromium (Playwright through ``executable_path``): log in with a token,
both videos decode (pixels read back from a canvas), stay in sync after a seek while paused
and during playback, and a keyboard vote reaches SQLite and then the export."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuakit.annotate.agreement import export_majority
from cuakit.annotate.queue import fill_queue, reorder
from cuakit.annotate.server import annotate_app
from cuakit.annotate.store import Store
from cuakit.episodes import EpisodeDataset
from tests.annotate.conftest import free_port, stripe_level, write_striped

pytestmark = pytest.mark.browser
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FPS = 10

# Which frame each video shows, read from its pixels: the grey level below the marker bar.
READ_FRAMES = """() => {
  const out = {};
  for (const side of ["left", "right"]) {
    const video = document.getElementById(`video-${side}`);
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext("2d");
    context.drawImage(video, 0, 0);
    const pixel = context.getImageData(48, 40, 1, 1).data;
    out[side] = {level: pixel[0], time: video.currentTime, width: canvas.width};
  }
  return out;
}"""
SETTLED = """() => ["left", "right"].every((side) => {
  const video = document.getElementById(`video-${side}`);
  return !video.seeking && video.readyState >= 2;
})"""


def frame_of(level: int) -> int:
    return round((level - stripe_level(0)) / (stripe_level(1) - stripe_level(0)))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Store, EpisodeDataset, str]]:
    uvicorn = pytest.importorskip("uvicorn")
    root = tmp_path / "ds"
    write_striped(root, [40, 36], fps=FPS)  # 4.0 s against 3.6 s, one pair
    dataset, store = EpisodeDataset(root), Store.of_dataset(root)
    fill_queue(store, dataset)
    reorder(store, "random")
    token = store.add_user("ann")
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(annotate_app(dataset, store, k=1), host="127.0.0.1", port=port,
                       log_level="warning")
    )  # fmt: skip
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", store, dataset, token
    server.should_exit = True
    thread.join(timeout=10)


def test_log_in_play_in_sync_and_vote_with_the_keyboard(served, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    base, store, dataset, token = served
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base + "/")
        page.wait_for_selector("#login-form", state="visible")
        page.fill("#token", token)
        page.click("#login-button")
        page.wait_for_selector("body[data-pair]", timeout=20_000)
        page.wait_for_function(SETTLED)

        # the frames decode: the first frame of both, read back from a canvas
        shown = page.evaluate(READ_FRAMES)
        assert shown["left"]["width"] == shown["right"]["width"] == 96
        assert frame_of(shown["left"]["level"]) == frame_of(shown["right"]["level"]) == 0

        # a seek while paused: five frames forward by key, then the shared scrubber
        for _ in range(5):
            page.keyboard.press("ArrowRight")
        page.wait_for_function(SETTLED)
        shown = page.evaluate(READ_FRAMES)
        assert [frame_of(shown[s]["level"]) for s in ("left", "right")] == [5, 5]
        assert abs(shown["left"]["time"] - shown["right"]["time"]) < 1 / FPS
        page.eval_on_selector("#scrub", "(el) => { el.value = '540'; el.dispatchEvent("
                              "new Event('input')); }")  # fmt: skip
        page.wait_for_function(SETTLED)
        shown = page.evaluate(READ_FRAMES)
        assert [frame_of(shown[s]["level"]) for s in ("left", "right")] == [21, 21]
        assert abs(shown["left"]["time"] - shown["right"]["time"]) < 1 / FPS

        # playback from the start: still together after 3 s
        page.keyboard.press("Home")
        page.wait_for_function(SETTLED)
        page.keyboard.press(" ")
        page.wait_for_function(
            "() => document.getElementById('video-left').currentTime >= 3.0", timeout=15_000
        )
        shown = page.evaluate(READ_FRAMES)
        drift = abs(shown["left"]["time"] - shown["right"]["time"])
        assert drift < 0.1, shown
        assert abs(frame_of(shown["left"]["level"]) - frame_of(shown["right"]["level"])) <= 1

        # both play to their end, the server hears it, and the vote goes by keyboard
        page.wait_for_function(
            "() => ['left', 'right'].every((side) => "
            "document.getElementById(`watched-${side}`).textContent === 'watched ✓')",
            timeout=15_000,
        )
        assert page.is_disabled("#submit")  # no overall answer yet
        page.keyboard.press("a")  # overall: A (left) better
        assert page.is_enabled("#submit")
        page.keyboard.press("1")
        page.keyboard.press("b")  # correctness: B better
        page.keyboard.press("n")
        page.keyboard.type("<script>window.pwned = 1</script>")
        page.keyboard.press("Escape")
        page.keyboard.press("Enter")
        page.wait_for_selector("#done", state="visible", timeout=10_000)
        assert page.evaluate("() => window.pwned") is None
        page.screenshot(path=str(tmp_path / "annotate.png"))
        browser.close()
    assert not errors, errors

    (vote,) = store.votes()
    left = store.assignment(vote.pair_id, "ann").left
    right = vote.b if left == vote.a else vote.a
    assert vote.left == left
    assert vote.overall == ("a" if left == vote.a else "b")
    assert vote.criteria["correctness"] == ("b" if left == vote.a else "a")
    assert vote.note == "<script>window.pwned = 1</script>"
    assert export_majority(dataset, store.votes()) == 1
    row = dataset.preference_labels().to_pylist()[-1]
    assert (row["chosen"], row["rejected"], row["source"]) == (left, right, "human")

"""The SQLite store: tokens, the queue's K slots, progress before votes, durability."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from cuakit.annotate.store import LEASE_S, Store, VoteRefused
from cuakit.errors import ConfigError

FRAMES = {0: 5, 1: 7, 2: 5, 3: 6}


def store_with_pairs(path: Path, pairs: int = 3) -> Store:
    store = Store(path / "votes.sqlite")
    store.add_pairs([(i, i + 1, "dataset", None) for i in range(pairs)])
    return store


def watch(store: Store, pair: int, user: str) -> None:
    for side in ("left", "right"):
        store.report_progress(pair, user, side, 99)


def test_tokens_are_stored_as_digests_and_find_their_user(tmp_path: Path) -> None:
    store = Store(tmp_path / "votes.sqlite")
    token = store.add_user("ann", admin=True)
    assert store.user_for_token(token).name == "ann" and store.user_for_token(token).admin
    assert store.user_for_token(token + "x") is None
    assert token.encode() not in (tmp_path / "votes.sqlite").read_bytes()
    with pytest.raises(ConfigError, match="exists"):
        store.add_user("ann")
    with pytest.raises(ConfigError, match="letters"):
        store.add_user("../ann")


def test_the_database_is_in_wal_mode(tmp_path: Path) -> None:
    import sqlite3

    store = Store(tmp_path / "votes.sqlite")
    mode = sqlite3.connect(store.path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_each_pair_goes_to_k_annotators_and_never_twice_to_one(tmp_path: Path) -> None:
    store = store_with_pairs(tmp_path, pairs=2)
    users = [f"u{i}" for i in range(4)]
    for user in users:
        store.add_user(user)
    shown: dict[str, list[int]] = {u: [] for u in users}
    for _ in range(3):
        for user in users:
            found = store.next_assignment(user, k=2)
            if found is None:
                continue
            shown[user].append(found.pair_id)
            assert {found.left, found.right} == {found.pair_id - 1, found.pair_id}
            watch(store, found.pair_id, user)
            store.vote(found.pair_id, user, "a", {}, "", FRAMES)
    assert all(len(p) == len(set(p)) for p in shown.values())  # never twice to one
    per_pair = [sum(p.count(pid) for p in shown.values()) for pid in (1, 2)]
    assert per_pair == [2, 2]  # K each, then the queue is empty
    assert store.next_assignment("u0", k=2) is None


def test_an_open_assignment_is_returned_until_voted_and_expires_after_the_lease(
    tmp_path: Path,
) -> None:
    store = store_with_pairs(tmp_path, pairs=1)
    store.add_user("ann")
    store.add_user("bob")
    first = store.next_assignment("ann", k=1, now=1000.0)
    assert store.next_assignment("ann", k=1, now=1001.0) == first
    assert store.next_assignment("bob", k=1, now=1001.0) is None  # ann holds the one slot
    later = store.next_assignment("bob", k=1, now=1000.0 + LEASE_S + 1)
    assert later is not None and later.pair_id == first.pair_id


def test_a_vote_is_refused_until_both_videos_were_watched_to_the_end(tmp_path: Path) -> None:
    store = store_with_pairs(tmp_path, pairs=1)
    store.add_user("ann")
    found = store.next_assignment("ann", k=3)
    with pytest.raises(VoteRefused, match="left and right") as refused:
        store.vote(found.pair_id, "ann", "a", {}, "", FRAMES)
    assert refused.value.status == 409
    store.report_progress(found.pair_id, "ann", "left", FRAMES[found.left] - 1)
    store.report_progress(found.pair_id, "ann", "right", FRAMES[found.right] - 2)
    with pytest.raises(VoteRefused, match="right not yet"):
        store.vote(found.pair_id, "ann", "a", {}, "", FRAMES)
    store.report_progress(found.pair_id, "ann", "right", 0)  # going back keeps the furthest
    store.report_progress(found.pair_id, "ann", "right", FRAMES[found.right] - 1)
    store.vote(found.pair_id, "ann", "b", {"efficiency": "tie"}, "fine", FRAMES)
    with pytest.raises(VoteRefused, match="already voted"):
        store.vote(found.pair_id, "ann", "a", {}, "", FRAMES)
    (vote,) = store.votes()
    assert (vote.overall, vote.criteria["efficiency"], vote.note) == ("b", "tie", "fine")
    assert vote.left == found.left


def test_bad_choices_and_strangers_are_refused(tmp_path: Path) -> None:
    store = store_with_pairs(tmp_path, pairs=1)
    store.add_user("ann")
    store.add_user("bob")
    found = store.next_assignment("ann", k=3)
    watch(store, found.pair_id, "ann")
    with pytest.raises(VoteRefused, match="overall"):
        store.vote(found.pair_id, "ann", "left", {}, "", FRAMES)
    with pytest.raises(VoteRefused, match="unknown criteria"):
        store.vote(found.pair_id, "ann", "a", {"beauty": "a"}, "", FRAMES)
    with pytest.raises(VoteRefused, match="not given to bob") as refused:
        store.vote(found.pair_id, "bob", "a", {}, "", FRAMES)
    assert refused.value.status == 404


def test_concurrent_annotators_lose_and_duplicate_nothing(tmp_path: Path) -> None:
    store = store_with_pairs(tmp_path, pairs=3)
    frames = {i: 5 for i in range(4)}
    users = [f"u{i}" for i in range(8)]
    for user in users:
        store.add_user(user)
    cast: list[tuple[int, str]] = []
    lock = threading.Lock()

    def annotate(user: str) -> None:
        while (found := store.next_assignment(user, k=2)) is not None:
            watch(store, found.pair_id, user)
            store.vote(found.pair_id, user, "a", {}, "", frames)
            with lock:
                cast.append((found.pair_id, user))

    threads = [threading.Thread(target=annotate, args=(u,)) for u in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = sorted((v.pair_id, v.user) for v in store.votes())
    assert stored == sorted(cast) and len(set(stored)) == len(stored) == 6
    assert store.progress()["pairs_by_votes"] == {2: 3}

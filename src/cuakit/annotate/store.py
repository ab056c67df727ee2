"""The annotation store: one SQLite file in WAL mode holding annotators, the pair queue, who
was shown what (left/right as shown), how far each video was watched, and the votes.

```
DATASET/annotate/votes.sqlite
  users        name, sha256 of the token, admin flag
  pairs        two episodes (a < b), where the pair came from, the ground-truth winner when
               known (gold), the queue priority (lower is asked first)
  assignments  a pair shown to one annotator: which episode was on the left, the furthest
               frame of each side the page reported (progress)
  votes        one per (pair, annotator): overall and per criterion, each a | b | tie | unsure
               relative to the pair (a is the lower episode index), the note as typed
```

Every write is one transaction (``BEGIN IMMEDIATE``), committed before the server answers,
with ``synchronous=FULL``: a vote the server acknowledged survives the server being killed.
Each call opens its own connection, so any number of server threads and processes share the
file. Tokens are stored as SHA-256 digests; the token itself is printed once by
``add_user`` and never again.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import secrets
import sqlite3
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from cuakit.errors import ConfigError

STORE_PATH = "annotate/votes.sqlite"
CRITERIA = ("correctness", "efficiency", "robustness", "human_likeness")
"""the seed's criteria, in the order the page lists them"""
CHOICES = ("a", "b", "tie", "unsure")
"""a vote relative to a pair: episode a better, episode b better, equal, cannot tell"""
LEASE_S = 600.0
"""an unanswered assignment holds its place in a pair's K slots this long"""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY,
    token_sha256 TEXT NOT NULL UNIQUE,
    admin INTEGER NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS pairs (
    id INTEGER PRIMARY KEY,
    a INTEGER NOT NULL,
    b INTEGER NOT NULL,
    origin TEXT NOT NULL,
    gold INTEGER,
    priority REAL NOT NULL DEFAULT 0,
    UNIQUE (a, b),
    CHECK (a < b),
    CHECK (gold IS NULL OR gold = a OR gold = b)
);
CREATE TABLE IF NOT EXISTS assignments (
    pair_id INTEGER NOT NULL REFERENCES pairs (id),
    user TEXT NOT NULL REFERENCES users (name),
    left_episode INTEGER NOT NULL,
    right_episode INTEGER NOT NULL,
    assigned_at REAL NOT NULL,
    left_frame INTEGER NOT NULL DEFAULT -1,
    right_frame INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (pair_id, user)
);
CREATE TABLE IF NOT EXISTS votes (
    pair_id INTEGER NOT NULL REFERENCES pairs (id),
    user TEXT NOT NULL REFERENCES users (name),
    left_episode INTEGER NOT NULL,
    overall TEXT NOT NULL,
    correctness TEXT,
    efficiency TEXT,
    robustness TEXT,
    human_likeness TEXT,
    note TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (pair_id, user)
);
"""


class VoteRefused(ValueError):
    """A vote the store will not take; ``status`` is the HTTP status the server answers."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class User:
    name: str
    admin: bool


@dataclass(frozen=True)
class Assignment:
    """A pair as one annotator sees it."""

    pair_id: int
    user: str
    left: int
    """episode shown on the left"""
    right: int
    """episode shown on the right"""
    left_frame: int
    """furthest frame of the left video the page reported (-1: none yet)"""
    right_frame: int


@dataclass(frozen=True)
class QueuedPair:
    id: int
    a: int
    """the lower episode index"""
    b: int
    origin: str
    """preferences | dataset"""
    gold: int | None
    """the episode ground truth prefers, when known"""
    priority: float
    """lower is asked first"""


@dataclass(frozen=True)
class Vote:
    pair_id: int
    user: str
    a: int
    b: int
    left: int
    overall: str
    criteria: dict[str, str | None]
    note: str
    created_at: float


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Store:
    """The SQLite file at ``path`` (created with its tables on first use)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    @classmethod
    def of_dataset(cls, root: str | Path) -> Store:
        return cls(Path(root) / STORE_PATH)

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
        try:
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA foreign_keys=ON")
            yield db
        finally:
            db.close()

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; committed on leaving, rolled back on an exception."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    # annotators ----------------------------------------------------------------------------
    def add_user(self, name: str, admin: bool = False) -> str:
        """Add an annotator; returns their token (stored only as a digest)."""
        if not name or not name.replace("-", "").replace("_", "").replace(".", "").isalnum():
            raise ConfigError(f"user name {name!r}: use letters, digits, '-', '_' or '.'")
        token = secrets.token_urlsafe(24)
        with self._write() as db:
            if db.execute("SELECT 1 FROM users WHERE name = ?", (name,)).fetchone():
                raise ConfigError(f"user {name!r} exists in {self.path}: pick another name")
            db.execute("INSERT INTO users VALUES (?, ?, ?, ?)",
                       (name, token_digest(token), int(admin), time.time()))  # fmt: skip
        return token

    def user_for_token(self, token: str) -> User | None:
        with self._connect() as db:
            row = db.execute(
                "SELECT name, admin FROM users WHERE token_sha256 = ?", (token_digest(token),)
            ).fetchone()
        return None if row is None else User(row[0], bool(row[1]))

    def users(self) -> list[User]:
        with self._connect() as db:
            rows = db.execute("SELECT name, admin FROM users ORDER BY name").fetchall()
        return [User(name, bool(admin)) for name, admin in rows]

    # the pair queue ------------------------------------------------------------------------
    def add_pairs(self, pairs: Sequence[tuple[int, int, str, int | None]]) -> int:
        """Add (a, b, origin, gold) pairs not already queued (either order); returns how many
        were new."""
        added = 0
        with self._write() as db:
            for a, b, origin, gold in pairs:
                low, high = min(a, b), max(a, b)
                cursor = db.execute(
                    "INSERT OR IGNORE INTO pairs (a, b, origin, gold) VALUES (?, ?, ?, ?)",
                    (low, high, origin, gold),
                )
                added += cursor.rowcount
        return added

    def pairs(self) -> list[QueuedPair]:
        """Every queued pair, by id."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, a, b, origin, gold, priority FROM pairs ORDER BY id"
            ).fetchall()
        return [QueuedPair(*row) for row in rows]

    def gold(self) -> dict[int, int | None]:
        """pair id → the episode ground truth prefers (None: unknown)."""
        return {pair.id: pair.gold for pair in self.pairs()}

    def set_priorities(self, priorities: dict[int, float]) -> None:
        """Reorder the queue: pair id → priority (lower is asked first)."""
        with self._write() as db:
            db.executemany("UPDATE pairs SET priority = ? WHERE id = ?",
                           [(float(p), int(i)) for i, p in priorities.items()])  # fmt: skip

    def next_assignment(self, user: str, k: int, now: float | None = None) -> Assignment | None:
        """The pair ``user`` should judge next: their open one, else the first pair by priority
        that has fewer than ``k`` votes and live assignments and was never shown to them, shown
        with left and right drawn at random. None when nothing is left for them."""
        now = time.time() if now is None else now
        with self._write() as db:
            row = db.execute(
                "SELECT s.pair_id FROM assignments s LEFT JOIN votes v "
                "ON v.pair_id = s.pair_id AND v.user = s.user "
                "WHERE s.user = ? AND v.pair_id IS NULL ORDER BY s.assigned_at LIMIT 1",
                (user,),
            ).fetchone()
            if row is None:
                row = db.execute(
                    "SELECT p.id, p.a, p.b FROM pairs p "
                    "WHERE p.id NOT IN (SELECT pair_id FROM assignments WHERE user = ?) "
                    "AND (SELECT COUNT(*) FROM assignments s LEFT JOIN votes v "
                    "     ON v.pair_id = s.pair_id AND v.user = s.user "
                    "     WHERE s.pair_id = p.id "
                    "     AND (v.pair_id IS NOT NULL OR s.assigned_at > ?)) < ? "
                    "ORDER BY p.priority, p.id LIMIT 1",
                    (user, now - LEASE_S, k),
                ).fetchone()
                if row is None:
                    return None
                pair_id, a, b = row
                left, right = (a, b) if random.SystemRandom().random() < 0.5 else (b, a)
                db.execute(
                    "INSERT INTO assignments (pair_id, user, left_episode, right_episode, "
                    "assigned_at) VALUES (?, ?, ?, ?, ?)",
                    (pair_id, user, left, right, now),
                )
            return self._assignment(db, int(row[0]), user)

    def assignment(self, pair_id: int, user: str) -> Assignment | None:
        with self._connect() as db:
            return self._assignment(db, pair_id, user)

    @staticmethod
    def _assignment(db: sqlite3.Connection, pair_id: int, user: str) -> Assignment | None:
        row = db.execute(
            "SELECT left_episode, right_episode, left_frame, right_frame FROM assignments "
            "WHERE pair_id = ? AND user = ?",
            (pair_id, user),
        ).fetchone()
        return None if row is None else Assignment(pair_id, user, *row)

    def report_progress(self, pair_id: int, user: str, side: str, frame: int) -> Assignment:
        """Record that ``user``'s page showed ``frame`` of the ``side`` video (the furthest
        frame is kept)."""
        if side not in ("left", "right"):
            raise VoteRefused(400, f"side {side!r}: use left or right")
        column = f"{side}_frame"
        with self._write() as db:
            cursor = db.execute(
                f"UPDATE assignments SET {column} = MAX({column}, ?) "
                "WHERE pair_id = ? AND user = ?",
                (int(frame), pair_id, user),
            )
            if cursor.rowcount == 0:
                raise VoteRefused(404, f"pair {pair_id} was not given to {user}")
            found = self._assignment(db, pair_id, user)
        assert found is not None
        return found

    def vote(
        self,
        pair_id: int,
        user: str,
        overall: str,
        criteria: dict[str, str | None],
        note: str,
        frames: dict[int, int],
    ) -> None:
        """Store ``user``'s vote on ``pair_id`` (choices relative to the pair: a | b | tie |
        unsure). ``frames`` maps each episode to its frame count: the vote is refused unless
        the page reported both videos watched to their last frame, or was already cast."""
        if overall not in CHOICES:
            raise VoteRefused(400, f"overall {overall!r}: use one of {CHOICES}")
        unknown = sorted(set(criteria) - set(CRITERIA))
        if unknown:
            raise VoteRefused(400, f"unknown criteria {unknown}: use {CRITERIA}")
        for name, choice in criteria.items():
            if choice is not None and choice not in CHOICES:
                raise VoteRefused(400, f"{name} {choice!r}: use one of {CHOICES} or null")
        with self._write() as db:
            found = self._assignment(db, pair_id, user)
            if found is None:
                raise VoteRefused(404, f"pair {pair_id} was not given to {user}")
            seen = {"left": (found.left, found.left_frame),
                    "right": (found.right, found.right_frame)}  # fmt: skip
            unwatched = [side for side, (episode, frame) in seen.items()
                         if frame < frames[episode] - 1]  # fmt: skip
            if unwatched:
                raise VoteRefused(
                    409,
                    f"watch both videos to the end before voting ({' and '.join(unwatched)} "
                    "not yet)",
                )
            if db.execute("SELECT 1 FROM votes WHERE pair_id = ? AND user = ?",
                          (pair_id, user)).fetchone():  # fmt: skip
                raise VoteRefused(409, f"{user} already voted on pair {pair_id}")
            db.execute(
                "INSERT INTO votes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (pair_id, user, found.left, overall,
                 *(criteria.get(name) for name in CRITERIA), note, time.time()),
            )  # fmt: skip

    def votes(self) -> list[Vote]:
        with self._connect() as db:
            rows = db.execute(
                "SELECT v.pair_id, v.user, p.a, p.b, v.left_episode, v.overall, "
                f"{', '.join('v.' + c for c in CRITERIA)}, v.note, v.created_at "
                "FROM votes v JOIN pairs p ON p.id = v.pair_id ORDER BY v.created_at, v.pair_id"
            ).fetchall()
        return [
            Vote(row[0], row[1], row[2], row[3], row[4], row[5],
                 dict(zip(CRITERIA, row[6 : 6 + len(CRITERIA)], strict=True)),
                 row[-2], row[-1])
            for row in rows
        ]  # fmt: skip

    def count_votes(self, user: str) -> int:
        with self._connect() as db:
            return db.execute("SELECT COUNT(*) FROM votes WHERE user = ?", (user,)).fetchone()[0]

    def progress(self) -> dict[str, object]:
        """Counts for the admin page: pairs, votes, pairs with k or more votes, per user."""
        with self._connect() as db:
            pairs = db.execute("SELECT COUNT(*) FROM pairs").fetchone()[0]
            votes = db.execute("SELECT COUNT(*) FROM votes").fetchone()[0]
            per_pair = db.execute(
                "SELECT COUNT(v.pair_id) FROM pairs p LEFT JOIN votes v ON v.pair_id = p.id "
                "GROUP BY p.id"
            ).fetchall()
            per_user = db.execute(
                "SELECT u.name, COUNT(v.pair_id) FROM users u LEFT JOIN votes v "
                "ON v.user = u.name GROUP BY u.name ORDER BY u.name"
            ).fetchall()
        histogram: dict[int, int] = {}
        for (count,) in per_pair:
            histogram[count] = histogram.get(count, 0) + 1
        return {
            "pairs": pairs,
            "votes": votes,
            "pairs_by_votes": dict(sorted(histogram.items())),
            "votes_by_user": dict(per_user),
        }

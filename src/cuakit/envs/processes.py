"""Child processes of the real backends (Chromium, chromedriver, Xvfb, applications), tracked
so that none outlives its env: not after ``close()``, not after a crash, not after a hang.

A backend starts its helpers in a new session (``start_new_session=True``) and tags them with a
private temporary folder (a browser profile, a ``HOME``). ``ProcessGroup.kill()`` then finds
every process that belongs to the env three ways — the process tree under each started PID,
the process groups of those PIDs, and any process whose command line or environment mentions
the tag (crash handlers that daemonise themselves escape the other two) — and SIGKILLs them.
Linux only: it reads ``/proc``.

A *reaper* (``start_reaper``) covers the case where the Python process itself dies without
closing its envs (SIGKILL, a crash): a small watchdog process that waits on a pipe only the
owner holds and, once the pipe closes, kills every process carrying the tag.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, ppid, pgid) of ``pid`` from /proc, or None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    fields = raw[raw.rindex(")") + 2 :].split()  # the command name may contain spaces
    return fields[0], int(fields[1]), int(fields[2])


def alive(pid: int) -> bool:
    """True while ``pid`` runs; a zombie (exited, not yet reaped) counts as gone."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def _all_pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _mentions(pid: int, tag: str) -> bool:
    needle = tag.encode()
    for part in ("cmdline", "environ"):
        try:
            if needle in Path(f"/proc/{pid}/{part}").read_bytes():
                return True
        except OSError:
            continue
    return False


def related(roots: list[int], tag: str | None = None) -> set[int]:
    """Live PIDs belonging to ``roots``: their descendants, their process groups, and (with
    ``tag``) every process whose command line or environment contains ``tag``.

    Roots are started in a new session, so each root's PID is also its process group's id,
    which outlives the root itself: children orphaned by a crashed root are still found."""
    stats = {pid: s for pid in _all_pids() if (s := _stat(pid)) is not None and s[0] != "Z"}
    groups = set(roots)
    found = {pid for pid in roots if pid in stats}
    found |= {pid for pid, (_, _, pgid) in stats.items() if pgid in groups}
    children: dict[int, list[int]] = {}
    for pid, (_, ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    frontier = list(found)
    while frontier:
        for child in children.get(frontier.pop(), []):
            if child not in found:
                found.add(child)
                frontier.append(child)
    if tag:
        found |= {pid for pid in stats if pid not in found and _mentions(pid, tag)}
    found.discard(os.getpid())
    return found


@dataclass
class ProcessGroup:
    """The helper processes of one env instance and the private folder that tags them."""

    tag_dir: Path
    """private temporary folder; every helper's command line or environment mentions it"""
    roots: list[int] = field(default_factory=list)
    """PIDs this env started itself (the driver, Xvfb, the application)"""
    seen: set[int] = field(default_factory=set)
    """every PID ever found belonging to this env (for leak checks)"""

    def add(self, pid: int) -> None:
        self.roots.append(pid)
        self.seen.add(pid)

    def pids(self) -> set[int]:
        """Live PIDs of this env now (also remembered in ``seen``)."""
        found = related(self.roots, str(self.tag_dir))
        self.seen |= found
        return found

    def kill(self, timeout: float = 5.0) -> None:
        """SIGKILL every process of this env and wait (up to ``timeout`` s) until they are gone;
        reaps the ones that are our own children."""
        deadline = time.monotonic() + timeout
        while True:
            pids = self.pids()
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            for pid in self.roots:  # our children: reap them so they do not linger as zombies
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, os.WNOHANG)
            if not any(alive(pid) for pid in pids | set(self.roots)):
                break
            if time.monotonic() > deadline:
                left = sorted(pid for pid in pids if alive(pid))
                raise OSError(f"processes {left} survived SIGKILL for {timeout} s")
            time.sleep(0.05)
        self.roots.clear()

    def remove_dir(self) -> None:
        shutil.rmtree(self.tag_dir, ignore_errors=True)


def start_reaper(tag_dir: Path) -> subprocess.Popen[bytes]:
    """Start a watchdog that kills every process tagged ``tag_dir`` (and removes the folder)
    once this process closes the watchdog's stdin — or dies, which closes it too.

    The watchdog runs this file as a script (standard library only, nothing of cuakit is
    imported) and reads the tag from its stdin, so it does not carry the tag itself."""
    reaper = subprocess.Popen(
        [sys.executable, "-S", __file__],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    assert reaper.stdin is not None
    reaper.stdin.write(f"{tag_dir}\n".encode())
    reaper.stdin.flush()
    return reaper


def stop_reaper(reaper: subprocess.Popen[bytes]) -> None:
    """Let the watchdog finish (it finds nothing left to kill) and reap it."""
    if reaper.stdin is not None:
        reaper.stdin.close()
    try:
        reaper.wait(timeout=10)
    except subprocess.TimeoutExpired:
        reaper.kill()
        reaper.wait()


def _reap() -> None:
    tag = sys.stdin.readline().strip()
    sys.stdin.read()  # returns at EOF: the owner closed the pipe, or died
    if tag:
        group = ProcessGroup(Path(tag))
        group.kill()
        group.remove_dir()


if __name__ == "__main__":
    _reap()


__all__ = ["ProcessGroup", "alive", "related", "start_reaper", "stop_reaper"]

"""A private X11 desktop: its own Xvfb on a free display, applications on it, input through
xdotool and frames through mss (XFixes draws the real pointer into each frame).

Every process started here is tracked by a :class:`~cuakit.envs.processes.ProcessGroup` (and a
reaper for a Python process that dies unclosed); ``close()`` leaves nothing running. A helper
that dies or does not answer within ``timeout_s`` raises :class:`~cuakit.errors.BackendError`.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cuakit.envs.processes import ProcessGroup, start_reaper, stop_reaper
from cuakit.errors import BackendError, BackendUnavailableError

BINARIES = {"Xvfb": "xvfb", "xdotool": "xdotool"}
"""Programs the desktop itself runs → the Debian packages that ship them (each task's
application is checked by the env: ``cuakit.envs.x11.task.App``)."""

# cuakit key names (cuakit.actions.normalize_keys) → X keysym names for xdotool.
X_KEYS = {
    "enter": "Return",
    "escape": "Escape",
    "backspace": "BackSpace",
    "delete": "Delete",
    "tab": "Tab",
    "space": "space",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "home": "Home",
    "end": "End",
    "pageup": "Prior",
    "pagedown": "Next",
    "insert": "Insert",
    "plus": "plus",
    "ctrl": "ctrl",
    "alt": "alt",
    "shift": "shift",
    "meta": "super",
    **{f"f{i}": f"F{i}" for i in range(1, 13)},
}


def x_keys(combination: str) -> str | None:
    """``"ctrl+shift+end"`` → ``"ctrl+shift+End"``; None for a name no keyboard has."""
    names = []
    for name in combination.split("+"):
        if name in X_KEYS:
            names.append(X_KEYS[name])
        elif len(name) == 1 and name.isprintable():
            names.append(name)
        else:
            return None
    return "+".join(names)


def missing_binaries() -> list[str]:
    """Debian packages whose programs are not on PATH."""
    return sorted({pkg for program, pkg in BINARIES.items() if shutil.which(program) is None})


@dataclass(frozen=True)
class DesktopConfig:
    width: int = 800
    """screen width in pixels"""
    height: int = 600
    """screen height in pixels"""
    timeout_s: float = 20.0
    """a helper (Xvfb start, xdotool, a window appearing) taking longer counts as a hang"""

    def __post_init__(self) -> None:
        if self.width < 320 or self.height < 240:
            raise ValueError(f"screen {self.width}x{self.height}: use at least 320x240")


class Desktop:
    """Xvfb on a free display, plus the applications launched on it."""

    def __init__(self, config: DesktopConfig) -> None:
        missing = missing_binaries()
        if missing:
            raise BackendUnavailableError(
                f"the X11 backend needs {', '.join(missing)}; install with: "
                f"apt-get install -y {' '.join(missing)}"
            )
        try:
            import mss  # noqa: F401
        except ImportError:
            raise BackendUnavailableError(
                "the Python package mss is missing; install cuakit's desktop extra: "
                "pip install 'cuakit[desktop]'"
            ) from None
        self.config = config
        self.processes = ProcessGroup(Path(tempfile.mkdtemp(prefix="cuakit-x11-")))
        self.home = self.processes.tag_dir / "home"
        self.home.mkdir()
        self._reaper = start_reaper(self.processes.tag_dir)
        self._grabber: object | None = None
        self.server: subprocess.Popen[bytes] | None = None
        try:
            self.display = self._start_server()
        except BaseException:
            self.close()
            raise

    def _start_server(self) -> str:
        """Start Xvfb; ``-displayfd`` makes it pick a free display and tell us which."""
        read_end, write_end = os.pipe()
        size = f"{self.config.width}x{self.config.height}x24"
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", size, "-nolisten", "tcp"],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=self.env,
            start_new_session=True,
        )
        os.close(write_end)
        self.processes.add(self.server.pid)
        number = b""
        with os.fdopen(read_end, "rb") as pipe:
            while not number.endswith(b"\n"):
                ready, _, _ = select.select([pipe], [], [], self.config.timeout_s)
                chunk = pipe.read1(16) if ready else b""
                if not chunk:
                    raise BackendError(
                        f"Xvfb did not report a display within {self.config.timeout_s:.0f} s "
                        f"(exit code {self.server.poll()})"
                    )
                number += chunk
        return f":{number.decode().strip()}"

    @property
    def env(self) -> dict[str, str]:
        """Environment of every process on this desktop: the display, a private HOME (which
        also tags the processes for ``close()``), settings kept in memory and no session bus
        (an application must not hand its file to an instance on another display). The cursor
        theme is GNOME's default at 24 px, whatever the host's settings say."""
        env = {**os.environ, "HOME": str(self.processes.tag_dir / "home")}
        env["GSETTINGS_BACKEND"] = "memory"
        env |= {"XCURSOR_THEME": "Adwaita", "XCURSOR_SIZE": "24"}
        for name in ("WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"):
            env.pop(name, None)
        if hasattr(self, "display"):
            env["DISPLAY"] = self.display
        return env

    # ---- processes ---------------------------------------------------------------------
    def launch(self, argv: list[str], cwd: Path) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            argv,
            cwd=cwd,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.processes.add(process.pid)
        return process

    def check(self) -> None:
        """Raise BackendError when the X server has died."""
        if self.server is None or self.server.poll() is not None:
            raise BackendError("the X server (Xvfb) died; reset the env to start a new one")

    def xdotool(self, *args: str) -> str:
        self.check()
        try:
            done = subprocess.run(
                ["xdotool", *args],
                env=self.env,
                capture_output=True,
                text=True,
                timeout=self.config.timeout_s,
            )
        except subprocess.TimeoutExpired:
            raise BackendError(
                f"xdotool {' '.join(args[:3])} hung for more than {self.config.timeout_s:.0f} s"
            ) from None
        if done.returncode != 0 and args[0] != "search":  # search exits 1 when nothing matches
            raise BackendError(f"xdotool {' '.join(args)} failed: {done.stderr.strip()[:200]}")
        return done.stdout

    def window_of(self, pid: int) -> str:
        """The first visible window of process ``pid`` (waits for it up to ``timeout_s``)."""
        found = self.xdotool("search", "--sync", "--onlyvisible", "--pid", str(pid)).split()
        if not found:
            raise BackendError(f"process {pid} showed no window")
        return found[0]

    def window_names(self) -> list[str]:
        """Titles of the visible windows (dialogs included)."""
        names = []
        for window in self.xdotool("search", "--onlyvisible", "--name", ".").split():
            names.append(self.xdotool("getwindowname", window).strip())
        return names

    def window_box(self, prefix: str) -> tuple[int, int, int, int] | None:
        """(x, y, width, height) of the first visible window whose title starts with
        ``prefix``; None when there is none."""
        for window in self.xdotool("search", "--onlyvisible", "--name", ".").split():
            if self.xdotool("getwindowname", window).strip().startswith(prefix):
                shell = self.xdotool("getwindowgeometry", "--shell", window).split()
                geometry = dict(line.split("=", 1) for line in shell if "=" in line)
                x, y, width, height = (int(geometry[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
                return x, y, width, height
        return None

    def untitled_windows(self) -> int:
        """Visible windows of the launched applications that have no title (message boxes)."""
        count = 0
        server = self.server.pid if self.server is not None else -1
        for pid in self.processes.roots:
            if pid == server:
                continue
            for window in self.xdotool("search", "--onlyvisible", "--pid", str(pid)).split():
                count += not self.xdotool("getwindowname", window).strip()
        return count

    # ---- input -------------------------------------------------------------------------
    def move(self, x: float, y: float) -> None:
        self.xdotool("mousemove", str(round(x)), str(round(y)))

    def click(self, x: float, y: float, button: int = 1, repeat: int = 1) -> None:
        self.xdotool(
            "mousemove", str(round(x)), str(round(y)), "click", "--repeat", str(repeat), str(button)
        )

    def drag(self, path: list[tuple[float, float]]) -> None:
        args = ["mousemove", str(round(path[0][0])), str(round(path[0][1])), "mousedown", "1"]
        for x, y in path[1:]:
            args += ["mousemove", str(round(x)), str(round(y))]
        self.xdotool(*args, "mouseup", "1")

    def scroll(self, button: int, clicks: int) -> None:
        """Wheel clicks: button 4 up, 5 down, 6 left, 7 right."""
        self.xdotool("click", "--repeat", str(clicks), "--delay", "30", str(button))

    def key(self, keysyms: str) -> None:
        self.xdotool("key", "--clearmodifiers", keysyms)

    def type(self, text: str) -> None:
        """Type ``text`` at 25 keys/s: faster typing races GTK's inline path completion."""
        self.xdotool("type", "--delay", "40", "--", text)

    # ---- frames ------------------------------------------------------------------------
    def grab(self) -> np.ndarray:
        """The whole screen, H×W×3 uint8, with the pointer as the X server draws it."""
        self.check()
        import mss

        if self._grabber is None:
            self._grabber = mss.MSS(display=self.display, with_cursor=True)
        grabber = self._grabber
        shot = grabber.grab(grabber.monitors[1])  # type: ignore[attr-defined]
        frame = np.frombuffer(shot.bgra, np.uint8).reshape(shot.height, shot.width, 4)
        return frame[:, :, 2::-1].copy()

    # ---- lifetime ----------------------------------------------------------------------
    def pids(self) -> set[int]:
        return self.processes.pids()

    def close(self) -> None:
        if self._grabber is not None:
            from mss.exception import ScreenShotError

            with contextlib.suppress(ScreenShotError, OSError):  # the X server may be gone
                self._grabber.close()  # type: ignore[attr-defined]
            self._grabber = None
        self.processes.kill()
        if self.server is not None:
            self.server.wait()
            self.server = None
        self.processes.remove_dir()
        stop_reaper(self._reaper)


__all__ = ["BINARIES", "Desktop", "DesktopConfig", "missing_binaries", "x_keys"]

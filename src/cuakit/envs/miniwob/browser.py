"""A headless Chromium driven through chromedriver (Selenium), watched for crashes and hangs.

Every call to the browser runs under a deadline: a call that does not answer within
``timeout_s`` counts as a hang, and the watchdog kills the browser so the call returns. A
crashed or hung browser raises :class:`~cuakit.errors.BackendError` after all of its
processes are gone (:class:`~cuakit.envs.processes.ProcessGroup`); the owner starts a new one.

Binaries come from ``MINIWOB_CHROME_BINARY`` / ``MINIWOB_CHROMEDRIVER`` (Debian's
``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` by default).
"""

from __future__ import annotations

import base64
import io
import os
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from PIL import Image

from cuakit.envs.processes import ProcessGroup, start_reaper, stop_reaper
from cuakit.errors import BackendError, BackendUnavailableError

T = TypeVar("T")

CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-breakpad",
    "--disable-smooth-scrolling",
    "--mute-audio",
)
"""Headless, and quiet on a machine without network: without the background-networking
flags Chromium keeps retrying update and sync servers. No smooth scrolling: a wheel click
lands at once, so the page read after a scroll is the page the next action sees."""

APT_HINT = "install them with: apt-get install -y chromium chromium-driver"

# cuakit key names (see cuakit.actions.normalize_keys) → WebDriver key codepoints.
WEBDRIVER_KEYS = {
    "enter": "\ue007",
    "tab": "\ue004",
    "escape": "\ue00c",
    "backspace": "\ue003",
    "delete": "\ue017",
    "space": " ",
    "up": "\ue013",
    "down": "\ue015",
    "left": "\ue012",
    "right": "\ue014",
    "home": "\ue011",
    "end": "\ue010",
    "pageup": "\ue00e",
    "pagedown": "\ue00f",
    "insert": "\ue016",
    "plus": "+",
    "ctrl": "\ue009",
    "alt": "\ue00a",
    "shift": "\ue008",
    "meta": "\ue03d",
    **{f"f{i}": chr(0xE031 + i - 1) for i in range(1, 13)},
}


def webdriver_key(name: str) -> str | None:
    """The WebDriver code of a cuakit key name, or None for a name no keyboard has."""
    if name in WEBDRIVER_KEYS:
        return WEBDRIVER_KEYS[name]
    return name if len(name) == 1 else None


@dataclass(frozen=True)
class BrowserConfig:
    chrome_binary: str = field(
        default_factory=lambda: os.environ.get("MINIWOB_CHROME_BINARY", "/usr/bin/chromium")
    )
    """Chromium to run (``MINIWOB_CHROME_BINARY``)"""
    chromedriver: str = field(
        default_factory=lambda: os.environ.get("MINIWOB_CHROMEDRIVER", "/usr/bin/chromedriver")
    )
    """chromedriver matching it (``MINIWOB_CHROMEDRIVER``)"""
    window: tuple[int, int] = (500, 400)
    """browser window size in pixels (the viewport is a little smaller)"""
    scale: int = 1
    """device pixels per CSS pixel: 2 renders (and captures) at twice the resolution"""
    timeout_s: float = 20.0
    """a call to the browser that takes longer counts as a hang"""
    start_timeout_s: float = 60.0
    """starting the browser and loading the first page may take this long"""

    def __post_init__(self) -> None:
        if self.scale < 1:
            raise ValueError(f"scale={self.scale}: use 1 or more device pixels per CSS pixel")
        if self.timeout_s <= 0 or self.start_timeout_s <= 0:
            raise ValueError("timeout_s and start_timeout_s must be positive")


def check_binaries(config: BrowserConfig) -> None:
    """Raise BackendUnavailableError naming whatever is missing to run ``config``."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        raise BackendUnavailableError(
            "the Python package selenium is missing; install cuakit's browser extra: "
            "pip install 'cuakit[browser]'"
        ) from None
    for name, path in (
        ("MINIWOB_CHROME_BINARY", config.chrome_binary),
        ("MINIWOB_CHROMEDRIVER", config.chromedriver),
    ):
        if shutil.which(path) is None:
            raise BackendUnavailableError(f"{name}={path} is not an executable; {APT_HINT}")


class Browser:
    """One headless Chromium with one page. Use :meth:`close` (or ``with``) to end it."""

    def __init__(self, config: BrowserConfig, url: str) -> None:
        check_binaries(config)
        from selenium.common.exceptions import WebDriverException
        from urllib3.exceptions import HTTPError

        self.config, self.url = config, url
        self._failures: tuple[type[BaseException], ...] = (WebDriverException, HTTPError, OSError)
        self.processes = ProcessGroup(Path(tempfile.mkdtemp(prefix="cuakit-chromium-")))
        self._reaper = start_reaper(self.processes.tag_dir)  # in case Python dies unclosed
        self.driver: Any = None
        self._hung = False
        self._lock = threading.Lock()
        try:
            with self._deadline("start", config.start_timeout_s):
                self._launch()
        except BaseException:
            self.close()
            raise

    def _launch(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        tag = self.processes.tag_dir
        options = webdriver.ChromeOptions()
        width, height = self.config.window
        for flag in (
            *CHROME_FLAGS,
            f"--user-data-dir={tag / 'profile'}",
            f"--window-size={width},{height}",
            f"--force-device-scale-factor={self.config.scale}",
        ):
            options.add_argument(flag)
        options.binary_location = self.config.chrome_binary
        # HOME and XDG folders inside the tag folder: crash handlers that daemonise themselves
        # carry them in their environment, so close() finds and kills them too.
        env = {
            **os.environ,
            "HOME": str(tag / "home"),
            "XDG_CONFIG_HOME": str(tag / "config"),
            "XDG_CACHE_HOME": str(tag / "cache"),
        }
        service = Service(
            executable_path=self.config.chromedriver,
            env=env,
            log_output=subprocess.DEVNULL,
            popen_kw={"start_new_session": True},
        )
        # Should Chrome() fail half-way, close() still finds the processes by their tag.
        self.driver = webdriver.Chrome(service=service, options=options)
        assert service.process is not None
        self.processes.add(service.process.pid)
        self.driver.get(self.url)

    # ---- calls under a deadline --------------------------------------------------------
    @contextmanager
    def _deadline(self, what: str, seconds: float | None = None) -> Iterator[None]:
        if self._hung or (self.driver is None and what != "start"):
            raise BackendError(f"the browser is gone ({what}); reset the env to start a new one")
        limit = seconds or self.config.timeout_s
        timer = threading.Timer(limit, self._on_hang)
        timer.daemon = True
        timer.start()
        try:
            yield
        except self._failures as exc:
            reason = f"hung for more than {limit:.0f} s" if self._hung else "crashed"
            if type(exc).__name__ == "JavascriptException":
                reason = "raised a JavaScript error"
            self._hung = True
            self._kill()
            raise BackendError(
                f"Chromium {reason} during {what} ({type(exc).__name__}: {str(exc)[:200]}); "
                "its processes were killed; reset the env to start a new browser"
            ) from exc
        finally:
            timer.cancel()
        if self._hung:  # the call returned just as the watchdog fired
            raise BackendError(f"Chromium hung for more than {limit:.0f} s during {what}")

    def _on_hang(self) -> None:
        self._hung = True
        self._kill()

    def _kill(self) -> None:
        with self._lock:
            self.processes.kill()

    def call(self, what: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(driver, *args)`` under the deadline; failures become BackendError."""
        with self._deadline(what):
            return fn(self.driver, *args)

    def js(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body; ``arguments[i]`` are ``args``) in the page."""
        with self._deadline("a script"):
            return self.driver.execute_script(script, *args)

    def screenshot(self, clip: tuple[float, float, float, float]) -> np.ndarray:
        """RGB pixels (H×W×3 uint8) of the page region ``clip`` = (x, y, w, h) in CSS px."""
        x, y, w, h = clip
        with self._deadline("a screenshot"):
            shot = self.driver.execute_cdp_cmd(
                "Page.captureScreenshot",
                {"format": "png", "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}},
            )
        image = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
        scale = self.config.scale
        size = (round(w * scale), round(h * scale))
        if image.size != size:  # rounding of fractional device pixels
            image = image.resize(size)
        return np.asarray(image)

    def perform(self, what: str, build: Callable[[Any], None]) -> None:
        """Build a W3C action chain with ``build(chain)`` and perform it."""
        from selenium.webdriver.common.action_chains import ActionChains

        with self._deadline(what):
            chain = ActionChains(self.driver, duration=0)
            build(chain)
            chain.perform()

    # ---- pointer and keyboard ----------------------------------------------------------
    def move(self, x: float, y: float) -> None:
        self.perform(
            "a pointer move", lambda c: c.w3c_actions.pointer_action.move_to_location(x, y)
        )

    def click(self, x: float, y: float, button: str = "left", count: int = 1) -> None:
        def build(chain: Any) -> None:
            pointer = chain.w3c_actions.pointer_action
            pointer.move_to_location(round(x), round(y))
            for _ in range(count):
                if button == "right":
                    pointer.context_click()
                else:
                    pointer.click()

        self.perform(f"a {button} click", build)

    def drag(self, path: list[tuple[float, float]]) -> None:
        def build(chain: Any) -> None:
            pointer = chain.w3c_actions.pointer_action
            pointer.move_to_location(round(path[0][0]), round(path[0][1]))
            pointer.click_and_hold()
            for x, y in path[1:]:
                pointer.move_to_location(round(x), round(y))
            pointer.release()

        self.perform("a drag", build)

    def wheel(self, x: float, y: float, dx: int, dy: int) -> None:
        self.perform(
            "a scroll",
            lambda c: c.w3c_actions.wheel_action.scroll(
                x=round(x), y=round(y), delta_x=dx, delta_y=dy, duration=0
            ),
        )

    def keys(self, names: list[str]) -> None:
        """Press a combination: modifiers down, the keys pressed, everything released."""
        codes = [webdriver_key(name) for name in names]
        if any(code is None for code in codes):
            raise ValueError(f"no such key in {names}")

        def build(chain: Any) -> None:
            keyboard = chain.w3c_actions.key_action
            for code in codes:
                keyboard.key_down(code)
            for code in reversed(codes):
                keyboard.key_up(code)

        self.perform("a key press", build)

    def type(self, text: str) -> None:
        def build(chain: Any) -> None:
            keyboard = chain.w3c_actions.key_action
            for char in text:
                code = WEBDRIVER_KEYS["enter"] if char == "\n" else char
                keyboard.key_down(code)
                keyboard.key_up(code)

        self.perform("typing", build)

    # ---- lifetime ----------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.driver is not None and not self._hung

    def pids(self) -> set[int]:
        """PIDs of chromedriver and every Chromium process of this browser."""
        return self.processes.pids()

    def close(self) -> None:
        """End the browser: a polite quit first (bounded), then SIGKILL whatever is left."""
        driver, self.driver = self.driver, None
        if driver is not None and not self._hung:
            timer = threading.Timer(5.0, self._kill)
            timer.daemon = True
            timer.start()
            try:
                driver.quit()
            except self._failures:
                pass
            finally:
                timer.cancel()
        self._kill()
        deadline = time.monotonic() + 2
        while self.processes.tag_dir.exists() and time.monotonic() < deadline:
            self.processes.remove_dir()
        stop_reaper(self._reaper)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["CHROME_FLAGS", "Browser", "BrowserConfig", "check_binaries", "webdriver_key"]

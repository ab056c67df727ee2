"""Driving an existing X display: refused unless asked for; on a private Xvfb standing in for
one, the screen is read and the pointer and keyboard act where the action says."""

from __future__ import annotations

import shutil

import pytest

from cuakit.actions import Action
from cuakit.cli import main

needs_x = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
)


def test_a_real_display_is_refused_unless_asked_for(capsys):
    assert main(["run", "--model", "lab:none", "--env", "x11::0"]) == 2
    assert "--allow-real-display" in capsys.readouterr().err
    assert main(["run", "--model", "lab:none", "--env", "x11::0", "--allow-real-display"]) == 2
    assert "--instruction" in capsys.readouterr().err


@pytest.mark.desktop
@needs_x
def test_the_display_is_read_and_driven():
    pytest.importorskip("mss", reason="the desktop extra")
    from cuakit.envs.x11.desktop import Desktop, DesktopConfig
    from cuakit.runner.real_display import RealDisplay

    desktop = Desktop(DesktopConfig())  # a private Xvfb stands in for someone's display
    try:
        display = RealDisplay(desktop.display, settle_s=0.0)
        obs, info = display.reset()
        assert obs["screenshot"].shape == (600, 800, 3) and info["elements"] == []
        display.step(Action.click(0.25, 0.5))
        location = desktop.xdotool("getmouselocation")
        assert "x:200 y:300" in location
        display.step(Action.type_text("hello"))
        display.step(Action.key("ctrl+a"))
        _, _, done, _, _ = display.step(Action.finish())
        assert done
        display.close()
    finally:
        desktop.close()

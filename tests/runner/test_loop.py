"""The loop tells the gate what the action touches: from the env's element list, or — on a
screen without one (an existing display) — from the text a recogniser reads off the pixels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from cuakit.actions import Action
from cuakit.runner.loop import run_episode
from cuakit.safety.audit import AuditLog, read_audit
from cuakit.safety.confirm import Headless
from cuakit.safety.gate import SafetyGate
from cuakit.safety.guard import Guard
from cuakit.video.text import PPOCRReader

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


class Screen:
    """An env without an element list, as an existing display is: pixels only."""

    def __init__(self) -> None:
        image = Image.new("RGB", (640, 400), (246, 246, 246))
        draw = ImageDraw.Draw(image)
        font = ImageFont.truetype(str(FONT), 16)
        for text, x in (("Inbox", 100), ("Delete account", 200), ("Help", 400)):
            draw.text((x, 200), text, fill=(20, 20, 20), font=font, anchor="lm")
        self.frame = np.asarray(image)
        self.unwrapped = self

    def reset(self, seed=None):
        return {"screenshot": self.frame, "instruction": "look at my inbox"}, {"elements": []}

    def step(self, action):
        return {"screenshot": self.frame}, 0.0, True, False, {"elements": []}


class ClickDelete:
    def act(self, screenshot, instruction, previous):
        return Action.click(260 / 640, 200 / 400)


@pytest.mark.skipif(not FONT.exists(), reason="needs fonts-dejavu-core")
@pytest.mark.parametrize("read", [True, False])
def test_a_screen_without_elements_is_read_for_the_gate(tmp_path: Path, read: bool):
    with AuditLog(tmp_path / "audit.jsonl") as audit:
        guard = Guard(SafetyGate(), audit, Headless())
        reader = PPOCRReader() if read else None
        result = run_episode(ClickDelete(), Screen(), guard, 0, reader=reader)
    entry = read_audit(tmp_path / "audit.jsonl")[0]
    assert result.ended == "refused" and entry["decision"] != "allow"
    if read:  # the gate knows what it refused: the button's own text, and the screen around it
        assert entry["context"]["target"]["text"] == "Delete account"
        assert "Inbox" in entry["context"]["nearby"]
    else:  # nothing read: the click is confirmed blind
        assert entry["context"]["target"] is None

"""Who answers when the gate asks for confirmation: a person at the terminal (the screenshot
saved with the action drawn on it), a Python callback, an HTTP endpoint (a web page's
backend), or nobody (headless: every confirmation is a no)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
from PIL import Image, ImageDraw

from cuakit.safety.audit import redact
from cuakit.safety.context import ActionContext
from cuakit.safety.gate import GateDecision


class Confirmer(Protocol):
    def confirm(
        self, context: ActionContext, decision: GateDecision, screenshot: np.ndarray | None
    ) -> tuple[bool, str]:
        """(approved, who answered)."""
        ...


@dataclass(frozen=True)
class Headless:
    """Nobody to ask: a confirmation is a refusal."""

    def confirm(self, context, decision, screenshot) -> tuple[bool, str]:
        return False, "headless"


@dataclass(frozen=True)
class Callback:
    """A Python function ``(context, decision) -> bool`` answers."""

    function: Callable[[ActionContext, GateDecision], bool]

    def confirm(self, context, decision, screenshot) -> tuple[bool, str]:
        return bool(self.function(context, decision)), "callback"


def draw_action(screenshot: np.ndarray, context: ActionContext) -> Image.Image:
    """The screenshot with the action's point ringed in red (and a drag's path)."""
    image = Image.fromarray(screenshot).convert("RGB")
    draw = ImageDraw.Draw(image)
    width, height = image.size
    action = context.action
    if action.point is not None:
        x, y = action.point[0] * width, action.point[1] * height
        draw.ellipse((x - 14, y - 14, x + 14, y + 14), outline=(230, 0, 0), width=3)
        if action.end is not None:
            draw.line((x, y, action.end[0] * width, action.end[1] * height),
                      fill=(230, 0, 0), width=3)  # fmt: skip
    return image


@dataclass
class Terminal:
    """Asks at the terminal (rich), after saving the screenshot with the action drawn."""

    folder: Path
    asked: int = 0

    def confirm(self, context, decision, screenshot) -> tuple[bool, str]:
        from rich.console import Console
        from rich.prompt import Confirm

        console = Console(stderr=True)
        self.asked += 1
        if screenshot is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"confirm_{self.asked:04d}.png"
            draw_action(screenshot, context).save(path)
            console.print(f"screenshot with the action: {path}")
        console.print(f"[bold]{decision.category}[/]: {decision.reason}")
        console.print(f"action: {json.dumps(redact(context.action, context))}")
        return Confirm.ask("Run it?", default=False, console=console), "tty"


@dataclass(frozen=True)
class HTTP:
    """POSTs the proposed action to ``url`` and waits for ``{"approved": bool, "by": str}``;
    no answer within ``timeout`` seconds, or an error, is a refusal."""

    url: str
    timeout: float = 300.0

    def confirm(self, context, decision, screenshot) -> tuple[bool, str]:
        body = json.dumps({
            "action": redact(context.action, context), "category": decision.category,
            "reason": decision.reason, "instruction": context.instruction,
            "target": None if context.target is None else context.target.text,
            "app": context.app, "url": context.url,
        }).encode()  # fmt: skip
        request = urllib.request.Request(self.url, body, {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                answer = json.loads(response.read() or b"{}")
        except (urllib.error.URLError, TimeoutError, ValueError) as error:
            return False, f"http:{self.url} (no answer: {error})"
        return answer.get("approved") is True, f"http:{answer.get('by', self.url)}"

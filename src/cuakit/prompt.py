"""The prompt a vision-language policy reads and the answer it writes, written once: what
`cuakit agent sft` trains on, what `VLMPolicy` asks at run time and what `cuakit curate export
--format sft|hf` writes are all made here.

- ``SYSTEM_PROMPT[mode]`` — the action schema, per coordinate mode.
- ``ScreenGeometry`` — the screenshot's size and how the model's processor resizes it: what
  converting a point between the schema's convention and the model's needs.
- ``user_text`` — the text beside the screenshot: the task, then the previous actions as the
  model would have written them.
- ``render_answer`` / ``read_answer`` — the assistant's answer, the action's wire form
  (reasoning inside) in a ```json fence; and the Action in a reply.

A user text and its answer (``"normalised"``)::

    Task: Click on "Rotate"
    Previous actions:
    1. {"action": "click", "coordinates": [0.2, 0.4]}

    ```json
    {"action": "click", "coordinates": [0.7937, 0.3267], "reasoning": "the Rotate button"}
    ```

``"qwen-pixels"`` writes the same points as pixels of the screenshot the model sees, after
`smart_resize` (Qwen2.5-VL's grounding convention). The chat template that wraps these texts
belongs to the model (`cuakit.agent.vlm.build_prompt`). Layer 1: imports only ``actions``,
``coords`` and ``errors``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cuakit.actions import Action, find_action_object, parse
from cuakit.coords import (
    ANSWER_DECIMALS,
    QWEN_FACTOR,
    QWEN_MAX_PIXELS,
    QWEN_MIN_PIXELS,
    CoordinateMode,
    check_coordinate_mode,
    from_qwen_pixels,
    to_qwen_pixels,
)
from cuakit.errors import ActionParseError

_SCHEMA = """\
You operate a computer through its screen. Each turn you see a screenshot, the task and your \
previous actions. Answer with exactly one action as JSON inside a ```json fence, one of:
{"action": "click" | "double_click" | "right_click" | "move", "coordinates": [x, y]}
{"action": "drag", "coordinates": [x, y], "end_coordinates": [x, y]}
{"action": "scroll", "direction": "up" | "down" | "left" | "right", "amount": n}
{"action": "type", "text": "..."}
{"action": "key", "key": "ctrl+s"}
{"action": "wait", "seconds": s}
{"action": "finish"} once the task is done, {"action": "fail"} if it cannot be done.
Add "reasoning": a short reason for the action. """
_POINTS = {
    "normalised": "Coordinates are fractions of the screen's width and height: [0, 0] is the "
    "top-left corner, [1, 1] the bottom-right.",
    "qwen-pixels": "Coordinates are pixels of the screenshot as you see it: [0, 0] is the "
    "top-left pixel.",
}
SYSTEM_PROMPT: dict[str, str] = {kind: _SCHEMA + points for kind, points in _POINTS.items()}
"""The system message per coordinate mode: the action schema the model answers in."""

_POINT_KEYS = ("coordinates", "end_coordinates")


def _qwen_resize() -> dict[str, int]:
    return {"factor": QWEN_FACTOR, "min_pixels": QWEN_MIN_PIXELS, "max_pixels": QWEN_MAX_PIXELS}


TINY_MAX_PIXELS = 28 * 28 * 64
"""The tiny model's screenshot area cap: at most 64 visual tokens per screenshot (a 480×300
desksim screen becomes 10×6 tokens of 48×50 screen pixels, about a button each)."""


@dataclass(frozen=True)
class ScreenGeometry:
    """What converting a point needs: the screenshot's size (``width`` x ``height`` pixels, as
    captured) and how the model's processor resizes it (`cuakit.coords.smart_resize`'s
    ``factor``, ``min_pixels``, ``max_pixels``; default: Qwen's). ``coordinates="normalised"``
    converts nothing but rounds to `ANSWER_DECIMALS`."""

    width: int
    height: int
    coordinates: CoordinateMode
    resize: Mapping[str, int] = field(default_factory=_qwen_resize)

    def __post_init__(self) -> None:
        check_coordinate_mode(self.coordinates)

    def to_model(self, wire: Mapping[str, Any]) -> dict[str, Any]:
        """A wire-form action as the model writes it (pixels of the resized image, or
        fractions with `ANSWER_DECIMALS`)."""
        out = dict(wire)
        for key in _POINT_KEYS:
            if out.get(key) is None:
                continue
            if self.coordinates == "qwen-pixels":
                px = to_qwen_pixels(tuple(out[key]), self.width, self.height, **self.resize)
                out[key] = list(px)
            else:
                out[key] = [round(v, ANSWER_DECIMALS) for v in out[key]]
        return out

    def from_model(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The model's action object with its points normalised (a malformed point is left
        for `Action.from_dict` to reject)."""
        out = dict(data)
        if self.coordinates == "qwen-pixels":
            for key in _POINT_KEYS:
                point = out.get(key)
                if isinstance(point, list) and len(point) == 2:
                    out[key] = list(
                        from_qwen_pixels(*point, self.width, self.height, **self.resize)
                    )
        return out


def _model_json(action: Action, geometry: ScreenGeometry) -> str:
    """``action``'s wire form as one line of JSON in the model's convention."""
    return json.dumps(geometry.to_model(action.to_dict()), ensure_ascii=False)


def _history_line(line: str, geometry: ScreenGeometry) -> str:
    """A previous action in the convention the model answers in (so that it reads its own
    earlier answers); a line that is not an action (a malformed recorded step) is shown as it
    is."""
    try:
        action = Action.from_dict(json.loads(line))
    except (json.JSONDecodeError, ActionParseError):
        return line
    return _model_json(action, geometry)


def user_text(instruction: str, history: Sequence[str], geometry: ScreenGeometry) -> str:
    """The text beside the screenshot: the task, then the previous actions (wire-form JSON
    lines, oldest first, already cut to the window) in the model's convention."""
    if not history:
        return f"Task: {instruction}\nPrevious actions: none"
    lines = [f"{n}. {_history_line(line, geometry)}" for n, line in enumerate(history, 1)]
    return "\n".join([f"Task: {instruction}", "Previous actions:", *lines])


def read_user_text(text: str) -> tuple[str, list[Action]]:
    """(instruction, previous actions) from a `user_text` in the normalised convention, as a
    policy server receives it; a text that is not one is an `ActionParseError`."""
    lines = text.strip().splitlines()
    if not lines or not lines[0].startswith("Task: "):
        raise ActionParseError("task", "the user text must start with 'Task: <instruction>'")
    instruction = lines[0].removeprefix("Task: ").strip()
    previous = []
    for line in lines[2:] if len(lines) > 1 and lines[1] == "Previous actions:" else []:
        number, _, wire = line.partition(". ")
        if number.isdigit():
            previous.append(parse(wire))
    return instruction, previous


def render_answer(action: Action, geometry: ScreenGeometry) -> str:
    """The assistant's answer for ``action``: its wire form (reasoning included) in a ```json
    fence, with no end-of-turn token (that belongs to the chat template)."""
    return f"```json\n{_model_json(action, geometry)}\n```"


def read_answer(text: str, geometry: ScreenGeometry) -> Action:
    """The Action in a model's reply (found as `cuakit.actions.parse` finds it), its points
    normalised. Raises ActionParseError for a reply that holds no valid action."""
    return Action.from_dict(geometry.from_model(find_action_object(text)))

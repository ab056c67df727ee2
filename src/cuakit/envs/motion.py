"""How a hand moves a pointer, for backends that show it travelling between actions."""

from __future__ import annotations

import math

import numpy as np

Point = tuple[float, float]


def hand_path(start: Point, end: Point, fps: int, rng: np.random.Generator) -> list[Point]:
    """Points a hand passes through from ``start`` to ``end`` (``end`` included, ``start``
    not), one per frame at ``fps``: a curved (quadratic Bézier, control point pushed off the
    straight line), eased path whose duration follows Fitts' law, T = a + b·log2(1 + D/W)
    with a typical control width of 24 px — 0.3 s across a dialog, 0.5 s across a screen.
    Coordinates are pixels; callers clamp them to their screen."""
    distance = math.dist(start, end)
    seconds = 0.1 + 0.12 * math.log2(1 + distance / 24)
    frames = max(1, round(seconds * fps))
    bend = float(rng.normal(0, 0.15)) * distance
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    normal = (-(end[1] - start[1]) / (distance or 1), (end[0] - start[0]) / (distance or 1))
    control = (mid[0] + normal[0] * bend, mid[1] + normal[1] * bend)
    points = []
    for k in range(1, frames):
        t = 0.5 - 0.5 * math.cos(math.pi * k / frames)  # ease in, ease out
        x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t**2 * end[0]
        y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t**2 * end[1]
        points.append((x, y))
    return [*points, end]


__all__ = ["hand_path"]

"""cuakit's own answer: the action's wire form, reasoning inside, in a ```json fence, with
coordinates normalised to [0, 1] (``cuakit.prompt``'s ``"normalised"`` mode)::

    ```json
    {"action": "click", "coordinates": [0.7937, 0.3267], "reasoning": "the Rotate button"}
    ```

Reading and writing are :func:`cuakit.prompt.read_answer` and
:func:`cuakit.prompt.render_answer`, so this dialect is what a cuakit-trained policy writes,
byte for byte; points are written with `cuakit.coords.ANSWER_DECIMALS` decimals.
"""

from __future__ import annotations

from cuakit.actions import Action
from cuakit.prompt import ScreenGeometry, read_answer, render_answer

_NORMALISED = ScreenGeometry(width=1, height=1, coordinates="normalised")
"""normalised answers never read the screen's size, so any size will do"""


def parse(text: str) -> Action:
    """The Action in a cuakit answer; ActionParseError when there is none."""
    return read_answer(text, _NORMALISED)


def render(action: Action) -> str:
    """``action`` as a cuakit-trained model answers."""
    return render_answer(action, _NORMALISED)

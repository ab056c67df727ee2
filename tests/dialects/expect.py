"""What a corpus entry expects: the exact Action, or an ActionParseError on a named field."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cuakit.actions import Action
from cuakit.dialects import parse
from cuakit.errors import ActionParseError


@dataclass(frozen=True)
class Fails:
    """An ActionParseError whose ``field`` is ``field`` and whose message holds ``words``."""

    field: str
    words: str = ""


def check(text: str, dialect: str, screen: tuple[int, int] | None, want: Action | Fails) -> None:
    """``text`` read in ``dialect`` gives ``want``: equal Actions, or the error it names."""
    if isinstance(want, Action):
        assert parse(text, dialect, screen) == want
        return
    with pytest.raises(ActionParseError) as info:
        parse(text, dialect, screen)
    assert info.value.field == want.field, str(info.value)
    assert want.words in str(info.value)

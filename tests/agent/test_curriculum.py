from __future__ import annotations

import pytest

from cuakit.agent.curriculum import Curriculum
from cuakit.errors import ConfigError


def test_promotes_only_after_a_full_window_above_threshold() -> None:
    curriculum = Curriculum(1, 3, threshold=0.75, window=4)
    assert not any(curriculum.record(s, step=i) for i, s in enumerate([True, True, True]))
    assert curriculum.level == 1  # three episodes: the window is not full yet
    assert curriculum.record(False, step=3) is True  # 3/4 = 0.75 passes
    assert curriculum.level == 2 and curriculum.promotions == [3]
    for _ in range(8):
        curriculum.record(False)
    assert curriculum.level == 2  # failures never promote
    for _ in range(4):
        curriculum.record(True)
    assert curriculum.level == 3
    for _ in range(8):
        curriculum.record(True)
    assert curriculum.level == 3  # stays at the last level


def test_bad_settings_are_config_errors() -> None:
    with pytest.raises(ConfigError):
        Curriculum(3, 1)
    with pytest.raises(ConfigError):
        Curriculum(1, 3, threshold=0.0)

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cuakit.envs.collect as collect_module
from cuakit.actions import Action, parse
from cuakit.envs.collect import collect
from cuakit.envs.experts import ExpertPolicy
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError


def test_round_robin_over_a_glob_with_seeds(tmp_path: Path) -> None:
    summary = collect("cuakit/desksim-[cd]*", "expert", 6, tmp_path, seed=10)
    assert summary.episodes == 6 and summary.successes == 6
    dataset = EpisodeDataset(tmp_path)
    assert [m.seed for m in dataset.episodes] == list(range(10, 16))
    assert {m.env_id for m in dataset.episodes} == {
        "cuakit/desksim-click-button-v0",
        "cuakit/desksim-checkboxes-v0",
        "cuakit/desksim-dismiss-dialog-v0",
        "cuakit/desksim-dropdown-select-v0",
    }
    assert all(m.policy == "expert" and m.success for m in dataset.episodes)


class SometimesGarbage(ExpertPolicy):
    """An expert whose model output is unparseable on every third episode."""

    def act(self, env: Any, obs: dict[str, Any], info: dict[str, Any]) -> Action:
        if self.seed % 3 == 0:
            return parse("I think I should click somewhere nice")  # raises ActionParseError
        return super().act(env, obs, info)

    def reset(self, seed: int) -> None:
        self.seed = seed
        super().reset(seed)


def test_a_malformed_action_discards_one_episode_and_collection_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(collect_module, "policy_from_spec", lambda spec: SometimesGarbage())
    summary = collect("cuakit/desksim-click-button-v0", "expert", 6, tmp_path)
    assert summary.episodes == 4 and len(summary.errors) == 2
    assert "invalid action" in summary.errors[0]
    dataset = EpisodeDataset(tmp_path)
    assert [m.seed for m in dataset.episodes] == [1, 2, 4, 5]
    assert dataset.stale_tmp_bytes() == 0


def test_bad_specs_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="unknown policy"):
        collect("cuakit/desksim-*", "expret", 1, tmp_path)
    with pytest.raises(ValueError, match="no cuakit env matches"):
        collect("cuakit/desktop-*", "expert", 1, tmp_path)

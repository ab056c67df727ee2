"""Shared fixtures: tiny episode datasets built on the fly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixtures import write_episodes


@pytest.fixture
def tiny_dataset(tmp_path: Path) -> Path:
    root = tmp_path / "ds"
    write_episodes(root, [0, 1, 2, 3])
    return root

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


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The Ray group, then the `slow` checks, then the rest: under `pytest -n 2` (make test) a
    long check handed out last leaves one core idle until it ends."""
    items.sort(
        key=lambda item: (
            item.get_closest_marker("xdist_group") is None,
            item.get_closest_marker("slow") is None,
        )
    )

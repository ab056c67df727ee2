"""The front door stays short and every link in the docs leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_a_short_front_door() -> None:
    assert (ROOT / "README.md").stat().st_size <= 12_000


def anchors(path: Path) -> set[str]:
    """GitHub's anchors for a Markdown file's headings."""
    out = set()
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_local_link_resolves(doc: Path) -> None:
    for target in LINK.findall(doc.read_text()):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        file, _, anchor = target.partition("#")
        path = (doc.parent / file).resolve() if file else doc
        assert path.exists(), f"{doc.name}: {target} does not exist"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{doc.name}: no heading #{anchor} in {path.name}"

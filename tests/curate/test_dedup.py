"""Perceptual hashes and near-duplicates: the default threshold against real desksim screens,
the index against brute force, grouping of step samples."""

from __future__ import annotations

import io
import random
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import cuakit.envs as envs
from cuakit.curate.dedup import (
    DEFAULT_THRESHOLD,
    HashIndex,
    hamming,
    near_duplicates,
    phash,
    sample_group,
)


def desksim_screen(family: str, seed: int) -> Image.Image:
    env = envs.make(f"cuakit/desksim-{family}-v0", width=1024, height=768)
    obs, _ = env.reset(seed=seed)
    return Image.fromarray(obs["screenshot"])


def test_phash_is_a_64_bit_int_from_a_path_or_an_image(tmp_path: Path) -> None:
    image = desksim_screen("form-fill", 0)
    image.save(tmp_path / "screen.png")
    value = phash(image)
    assert 0 <= value < 2**64 and value.bit_count() == 32  # one bit per coefficient above median
    assert phash(tmp_path / "screen.png") == phash(str(tmp_path / "screen.png")) == value
    jpeg = io.BytesIO()
    image.save(jpeg, "JPEG", quality=70)
    assert hamming(value, phash(Image.open(jpeg))) <= 2


def test_default_threshold_separates_small_changes_from_other_screens() -> None:
    """The measurements behind DEFAULT_THRESHOLD (see its docstring), on desksim at 1024x768:
    the same screen is 0 bits apart, a ticked checkbox is still under the threshold, another
    seed of the family or another family is well over it."""
    env = envs.make("cuakit/desksim-checkboxes-v0", width=1024, height=768)
    first, _ = env.reset(seed=3)
    again, _ = env.reset(seed=3)
    ticked, *_ = env.step(env.expert_action())  # the expert ticks a target box
    assert (ticked["screenshot"] != first["screenshot"]).any(axis=-1).sum() > 100
    before, rerun, after = (phash(Image.fromarray(o["screenshot"])) for o in (first, again, ticked))
    assert hamming(before, rerun) == 0
    assert hamming(before, after) <= DEFAULT_THRESHOLD
    others = [desksim_screen("checkboxes", seed) for seed in (4, 5, 6)]
    others += [desksim_screen(family, 3) for family in ("click-button", "form-fill", "menu-item")]
    nearest = min(hamming(before, phash(o)) for o in others)
    assert nearest >= DEFAULT_THRESHOLD + 4, nearest  # a margin, not a knife edge


def test_hamming_counts_differing_bits() -> None:
    assert hamming(0, 0) == 0
    assert hamming(0b1011, 0b0001) == 2
    assert hamming(0, 2**64 - 1) == 64


def clustered_hashes(count: int, seed: int) -> list[int]:
    """Hashes around a few centres, a few bits flipped each, so that many lie close."""
    rng = random.Random(seed)
    centres = [rng.getrandbits(64) for _ in range(count // 10 + 1)]
    out = []
    for _ in range(count):
        value = rng.choice(centres)
        for _ in range(rng.randint(0, 9)):
            value ^= 1 << rng.randrange(64)
        out.append(value)
    return out


@pytest.mark.parametrize("threshold", [0, 1, 3, 4, 6, 7, 8, 12])
def test_index_matches_brute_force(threshold: int) -> None:
    rng = random.Random(threshold)
    hashes = clustered_hashes(400, seed=threshold)
    groups = [rng.choice("ab") for _ in hashes]
    index = HashIndex(threshold)
    kept: list[tuple[int, str]] = []
    for value, group in zip(hashes, groups, strict=True):
        expected = next(
            (i for i, (k, g) in enumerate(kept) if g == group and hamming(k, value) <= threshold),
            None,
        )
        assert index.match(value, group) == expected
        index.add(value, group)
        kept.append((value, group))
    assert len(index) == 400


def test_near_duplicates_match_brute_force_greedy() -> None:
    hashes = clustered_hashes(300, seed=7)
    paths = [f"shot_{i}.png" for i in range(len(hashes))]
    by_path = dict(zip(paths, hashes, strict=True))
    for threshold in (2, DEFAULT_THRESHOLD, 10):
        found = near_duplicates(paths, threshold, hash_of=lambda p: by_path[p.name])
        kept: list[int] = []
        expected = {}
        for i, value in enumerate(hashes):
            match = next((k for k in kept if hamming(hashes[k], value) <= threshold), None)
            if match is None:
                kept.append(i)
            else:
                expected[i] = match
        assert found == expected
        assert 0 < len(found) < len(hashes)  # the clusters give both outcomes


def test_samples_are_duplicates_only_within_their_group(tmp_path: Path) -> None:
    desksim_screen("click-button", 0).save(tmp_path / "a.png")
    desksim_screen("click-button", 1).save(tmp_path / "b.png")

    def step(image: str, instruction: str, history: int = 0, action: str = "click") -> dict:
        return {"image": image, "instruction": instruction, "history": ["{}"] * history,
                "action": {"action": action, "coordinates": [0.5, 0.5]}}  # fmt: skip

    samples = [
        step("a.png", "Click OK"),
        step("a.png", "click  ok"),  # same instruction up to case and spaces: a duplicate
        step("a.png", "Click Cancel"),
        step("a.png", "Click OK", history=1),
        step("a.png", "Click OK", action="double_click"),
        step("b.png", "Click OK"),
    ]
    assert near_duplicates(samples, root=tmp_path) == {1: 0}
    assert sample_group(samples[0]) == sample_group(samples[1]) != sample_group(samples[3])


def test_index_scales_past_brute_force() -> None:
    """100k uniform hashes (none near another: every query must prove a negative) index in
    seconds; comparing each to all before it would be 5e9 comparisons."""
    rng = random.Random(0)
    index = HashIndex(DEFAULT_THRESHOLD)
    started = time.perf_counter()
    for _ in range(100_000):
        value = rng.getrandbits(64)
        if index.match(value) is None:
            index.add(value)
    elapsed = time.perf_counter() - started
    assert len(index) == 100_000
    assert elapsed < 20, f"{elapsed:.1f} s"


def test_index_refuses_a_threshold_beyond_the_hash() -> None:
    with pytest.raises(ValueError, match="threshold=64"):
        HashIndex(64)


def test_a_flat_image_hashes_without_error() -> None:
    """All AC coefficients are ~0: the hash is arbitrary but defined (a blank screenshot)."""
    assert isinstance(phash(Image.fromarray(np.zeros((768, 1024, 3), np.uint8))), int)

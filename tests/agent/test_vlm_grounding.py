"""Grounding pretraining of the tiny VLM: the generated screens say the truth about where the
named box is, and pretraining trains every weight and saves a model the SFT path loads."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from cuakit.agent.vlm import build_tiny_qwen_vl, load_policy
from cuakit.agent.vlm_grounding import (
    BACKGROUNDS,
    COLOURS,
    grounding_batch,
    grounding_screen,
    point_answer,
    pretrain_grounding,
)
from cuakit.cli import main
from cuakit.errors import ConfigError


def test_the_named_box_is_where_the_point_is_and_nothing_else_wears_its_colour() -> None:
    rng = np.random.default_rng(0)
    counts = set()
    for _ in range(200):
        screen = grounding_screen(rng)
        height, width = screen.image.shape[:2]
        colour = screen.instruction.removeprefix("Point at the ").removesuffix(" box.")
        rgb = np.array(COLOURS[colour])
        x, y, w, h = screen.box
        assert x <= screen.point[0] <= x + w and y <= screen.point[1] <= y + h
        px, py = int(screen.point[0] * width), int(screen.point[1] * height)
        assert (screen.image[py, px] == rgb).all()
        # the box is exactly the pixels of its colour: no other box shares it
        mask = (screen.image == rgb).all(axis=2)
        assert mask.sum() == round(w * width) * round(h * height)
        colours = {tuple(c) for c in screen.image.reshape(-1, 3)}
        counts.add(len(colours - {tuple(b) for b in BACKGROUNDS}))
    assert counts == {1, 2, 3, 4}
    again = grounding_screen(np.random.default_rng(0))
    assert (again.image == grounding_screen(np.random.default_rng(0)).image).all()


def test_the_answer_is_a_plain_point_and_the_loss_is_on_it_only(tmp_path: Path) -> None:
    model_dir = build_tiny_qwen_vl(tmp_path / "tiny")
    _, processor = load_policy(model_dir, device="cpu")
    screens = [grounding_screen(np.random.default_rng(i)) for i in range(3)]
    batch = grounding_batch(processor, screens)
    tokenizer = processor.tokenizer
    for i, screen in enumerate(screens):
        answer = tokenizer.decode(batch["labels"][i][batch["labels"][i] != -100])
        assert answer == point_answer(screen.point) + "<|im_end|>\n"
        assert answer.startswith("(0.") and "{" not in answer  # not the SFT action schema


def test_pretraining_trains_every_weight_and_saves_a_loadable_model(tmp_path: Path) -> None:
    model_dir = build_tiny_qwen_vl(tmp_path / "tiny")
    before, _ = load_policy(model_dir, device="cpu")
    metrics = pretrain_grounding(model_dir, steps=2, batch_size=2, held_out=2)
    after, _ = load_policy(model_dir, device="cpu")
    moved = {
        name
        for (name, a), (_, b) in zip(
            before.named_parameters(), after.named_parameters(), strict=True
        )
        if not torch.equal(a, b)
    }
    assert any(n.startswith("model.visual.") for n in moved)
    assert any(n.startswith("model.language_model.") for n in moved)
    assert "lm_head.weight" in moved
    assert metrics["steps"] == 2 and 0.0 <= metrics["held_out_hits"] <= 1.0
    assert np.isfinite(metrics["first_loss"]) and np.isfinite(metrics["last_loss"])


def test_build_tiny_vlm_pretrains_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["agent", "build-tiny-vlm", "--out", str(tmp_path / "m"), "--grounding-steps", "1",
          "--json"])  # fmt: skip
    result = json.loads(capsys.readouterr().out)
    assert result["grounding"]["steps"] == 1 and (tmp_path / "m" / "config.json").exists()
    with pytest.raises(SystemExit):
        main(["agent", "build-tiny-vlm", "--out", str(tmp_path / "n"), "--grounding-steps", "-1"])
    assert "--grounding-steps -1" in capsys.readouterr().err
    assert not (tmp_path / "n").exists()
    with pytest.raises(ConfigError, match="--grounding-steps 0"):
        pretrain_grounding(tmp_path / "m", steps=0)

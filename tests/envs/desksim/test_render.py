"""desksim's fonts: each family draws its own glyphs on one shared baseline, a randomised theme
draws from the families asked for, and a missing or unknown font is a typed error."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cuakit.cli import main
from cuakit.envs.desksim import DeskSimEnv, render
from cuakit.envs.desksim.render import FONTS, Painter, check_fonts
from cuakit.episodes import EpisodeDataset
from cuakit.errors import ConfigError


def _ink_rows(mask: np.ndarray) -> np.ndarray:
    return np.nonzero(mask.max(axis=1) > 128)[0]


@pytest.mark.parametrize("family", [f for f in FONTS if f != "aileron"])
def test_each_family_draws_its_own_glyphs_on_aileron_s_baseline(family: str) -> None:
    painter = Painter()
    reference = painter.text_mask("Submit", 12)
    painter.family = family
    drawn = painter.text_mask("Submit", 12)
    same_width = drawn.shape == reference.shape
    assert not same_width or not np.array_equal(drawn, reference)
    # "Submit" has no descender: its lowest inked row is the baseline, in every family.
    assert abs(_ink_rows(drawn)[-1] - _ink_rows(reference)[-1]) <= 1
    assert drawn.shape[0] == reference.shape[0] == 12 + 4


def test_every_family_draws_chinese_through_the_cjk_fallback() -> None:
    """Aileron has no CJK glyphs (it drew boxes); like fontconfig, the painter draws a CJK
    character in Noto Sans CJK in any family, and Latin ones in the family's own glyphs."""
    cjk = Painter("noto-sans-cjk").text_mask("设置", 12)
    assert _ink_rows(cjk).size >= 8  # two full glyphs
    for family in ("aileron", "dejavu-serif"):
        assert np.array_equal(Painter(family).text_mask("设置", 12), cjk)
    painter = Painter()
    assert painter.text_width("OK设置", 12) == painter.text_width("OK", 12) + 2 * 12  # 1 em each


def test_a_randomised_theme_draws_only_the_fonts_asked_for() -> None:
    seen = set()
    for seed in range(40):
        env = DeskSimEnv("click-button", randomize=True)
        env.reset(seed=seed)
        seen.add(env.desk.theme.font)
    assert len(seen) >= 5  # all seven families are in play by default
    held_out = DeskSimEnv("click-button", randomize=True, fonts="dejavu-sans,liberation-serif")
    fonts = set()
    for seed in range(20):
        held_out.reset(seed=seed)
        fonts.add(held_out.desk.theme.font)
        assert held_out.desk.painter.family == held_out.desk.theme.font
    assert fonts == {"dejavu-sans", "liberation-serif"}
    plain = DeskSimEnv("click-button", fonts=("dejavu-serif",))
    plain.reset(seed=0)
    assert plain.desk.theme.font == "dejavu-serif"
    default = DeskSimEnv("click-button")
    default.reset(seed=0)
    assert default.desk.theme.font == "aileron"


def test_the_same_screen_in_another_font_differs_only_where_text_is() -> None:
    shots = {}
    for font in ("aileron", "liberation-serif"):
        obs, _ = DeskSimEnv("click-button", fonts=font).reset(seed=5)
        shots[font] = obs["screenshot"]
    assert not np.array_equal(shots["aileron"], shots["liberation-serif"])


def test_an_unknown_or_missing_font_names_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match="use one of"):
        DeskSimEnv("click-button", fonts="comic-sans")
    with pytest.raises(ConfigError, match="at least one"):
        check_fonts(())
    monkeypatch.setattr(render, "FONT_ROOT", tmp_path)
    with pytest.raises(ConfigError, match="fonts-liberation2"):
        DeskSimEnv("click-button", fonts="liberation-sans")
    assert check_fonts(("aileron",)) == ("aileron",)  # bundled with Pillow, never missing


def test_collect_draws_in_the_fonts_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "d"
    args = ["collect", "--env", "cuakit/desksim-click-button-v0", "--episodes", "2"]
    assert main([*args, "--fonts", "dejavu-serif", "--out", str(out)]) == 0
    assert main([*args, "--fonts", "comic-sans", "--out", str(tmp_path / "e")]) != 0
    scaled = tmp_path / "hidpi"
    assert main([*args, "--scale", "2", "--out", str(scaled)]) == 0
    recorded = EpisodeDataset(scaled)
    frames = recorded.frames(0)
    assert frames.shape[1:] == (600, 960, 3) and len(frames) > 2  # pointer travel recorded
    assert recorded.meta(0).extra["env_kwargs"] == {"scale": 2.0}


@pytest.mark.parametrize("family", ["form-fill", "menu-item", "slider", "editor-bold"])
def test_a_scaled_screen_has_the_same_layout_with_more_pixels_and_the_expert_still_works(
    family: str,
) -> None:
    env = DeskSimEnv(family, scale=2.0)
    obs, _ = env.reset(seed=3)
    assert obs["screenshot"].shape == (600, 960, 3)
    one, _ = DeskSimEnv(family).reset(seed=3)
    assert one["instruction"] == obs["instruction"]
    for _ in range(env.task_class.max_steps):
        obs, _, terminated, truncated, info = env.step(env.expert_action())
        if terminated or truncated:
            break
    assert info["success"]


def test_a_2x_screen_is_drawn_sharp_not_blown_up() -> None:
    plain = DeskSimEnv("click-button").reset(seed=1)[0]["screenshot"]
    sharp = DeskSimEnv("click-button", scale=2.0).reset(seed=1)[0]["screenshot"]
    blown_up = plain.repeat(2, axis=0).repeat(2, axis=1)
    same = (sharp == blown_up).all(axis=2)
    assert same.mean() > 0.9  # the same layout: backgrounds and boxes where they were
    assert not same.all()  # text rasterised at 24 px, not 12 px doubled


def test_the_pointer_grows_with_the_scale() -> None:
    sizes = {}
    for scale in (1.0, 2.0):
        env = DeskSimEnv("click-button", scale=scale)
        env.reset(seed=1)
        drawn = env.desk.render(cursor=True) != env.desk.render(cursor=False)
        sizes[scale] = int(drawn.any(axis=2).sum())
    assert 3.0 < sizes[2.0] / sizes[1.0] < 5.0


def test_a_scaled_episode_is_replayed_the_same_and_bad_scales_are_refused() -> None:
    env = DeskSimEnv("dropdown-select", randomize=True, scale=1.5)
    first = env.reset(seed=9)[0]["screenshot"]
    assert env.replay_kwargs() == {"randomize": True, "scale": 1.5}
    again = DeskSimEnv("dropdown-select", **env.replay_kwargs()).reset(seed=9)[0]["screenshot"]
    assert np.array_equal(first, again)
    with pytest.raises(ConfigError, match="UI scale"):
        DeskSimEnv("click-button", scale=0.5)

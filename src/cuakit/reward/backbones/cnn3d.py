"""``cnn3d``: a small 3D CNN (stem + three blocks, FiLM after each; no temporal stride, so
per-frame features come straight from the last block before temporal pooling)."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from cuakit.reward.backbones.layers import FiLM, group_norm
from cuakit.reward.config import RewardModelConfig


class Conv3dBackbone(nn.Module):
    def __init__(self, config: RewardModelConfig) -> None:
        super().__init__()
        c = config.cnn_channels
        self.stem = nn.Sequential(  # (B, 3, T, H, W) -> (B, c, T, H/5, W/5)
            nn.Conv3d(3, c, kernel_size=(1, 5, 5), stride=(1, 5, 5)), group_norm(c), nn.GELU()
        )
        widths = [(c, 2 * c, 2), (2 * c, 4 * c, 2), (4 * c, 4 * c, 1)]  # (in, out, spatial stride)
        self.convs = nn.ModuleList(
            nn.Conv3d(i, o, kernel_size=3, stride=(1, s, s), padding=1) for i, o, s in widths
        )
        self.norms = nn.ModuleList(group_norm(o) for _, o, _ in widths)
        self.films = nn.ModuleList(FiLM(config.text_dim, o) for _, o, _ in widths)
        self.out_dim = 4 * c
        self.norm = nn.LayerNorm(self.out_dim)

    def forward(
        self, frames: torch.Tensor, text: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor, float]:
        x = self.stem(frames.transpose(1, 2))  # (B, c, T, h, w)
        for conv, norm, film in zip(self.convs, self.norms, self.films, strict=True):
            x = F.gelu(film(norm(conv(x)), text, channel_dim=1))  # (B, C, T, h', w')
        per_frame = self.norm(x.mean((3, 4)).transpose(1, 2))  # (B, T, 4c)
        return per_frame.mean(1), per_frame, 1.0

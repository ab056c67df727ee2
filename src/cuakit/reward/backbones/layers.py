"""Layers the backbones share: group norm, FiLM conditioning, a pre-norm transformer block."""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F
from torch import nn


def group_norm(channels: int) -> nn.GroupNorm:
    return nn.GroupNorm(math.gcd(8, channels), channels)


class FiLM(nn.Module):
    """Feature-wise affine modulation by the instruction: ``x * (1 + gamma) + beta``."""

    def __init__(self, text_dim: int, channels: int) -> None:
        super().__init__()
        self.proj = nn.Linear(text_dim, 2 * channels)

    def forward(self, x: torch.Tensor, text: torch.Tensor, channel_dim: int = -1) -> torch.Tensor:
        gamma, beta = self.proj(text).chunk(2, dim=-1)  # (B, C) each
        shape = [x.shape[0]] + [1] * (x.ndim - 1)
        shape[channel_dim] = x.shape[channel_dim]
        return x * (1 + gamma.reshape(shape)) + beta.reshape(shape)


class Block(nn.Module):
    """Pre-norm transformer layer; ``key_padding`` (B, S) True marks padding keys to ignore."""

    def __init__(self, dim: int, heads: int, dropout: float) -> None:
        super().__init__()
        self.heads, self.dropout = heads, dropout
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor, key_padding: torch.Tensor) -> torch.Tensor:
        b, s, d = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(b, s, 3, self.heads, d // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)  # (B, heads, S, hd) each
        attend = ~key_padding[:, None, None, :]  # (B, 1, 1, S)
        p = self.dropout if self.training else 0.0
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=attend, dropout_p=p)
        x = x + self.proj(a.transpose(1, 2).reshape(b, s, d))  # (B, S, D)
        return x + self.mlp(self.norm2(x))

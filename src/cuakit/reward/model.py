"""The video reward model: ``(frames, instruction) -> reward, success logit, per-frame progress``.

Three backbones behind one interface (`cuakit.reward.backbones`), each returning a pooled clip
feature ``(B, D)`` and per-frame features ``(B, T, D)`` that the shared heads read:
``frame-temporal`` (default: pruned pixels and screen words in one transformer), ``timesformer``
(Hugging Face, random or ``from_pretrained`` from a local folder) and ``cnn3d``.

With ``duration`` (default) the pooled feature also embeds the whole recording's length in
seconds (``forward(..., seconds=)``): T uniformly sampled frames look alike for a quick and a
slow success, and of two successes the quicker is preferred (the efficiency pairs).

Frames are float ``(B, T, 3, H, W)`` in [0, 1]; the instruction is its ``(B, text_dim)``
embedding (`cuakit.reward.text.InstructionEncoder`). Checkpoints: `cuakit.reward.checkpoint`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
from torch import nn

from cuakit.errors import CheckpointError, RewardInputError
from cuakit.reward import checkpoint
from cuakit.reward.backbones.cnn3d import Conv3dBackbone
from cuakit.reward.backbones.frame_temporal import FrameTemporalBackbone
from cuakit.reward.backbones.timesformer import TimesformerBackbone
from cuakit.reward.config import (
    BACKBONES,
    EXACT_MATCH,
    FORMAT_VERSION,
    STRICT_MATCH,
    RewardModelConfig,
)
from cuakit.reward.word_batch import WordBatch

__all__ = [
    "BACKBONES",
    "EXACT_MATCH",
    "FORMAT_VERSION",
    "STRICT_MATCH",
    "FrameTemporalBackbone",
    "RewardModelConfig",
    "RewardOutput",
    "VideoRewardModel",
    "WordBatch",
]


@dataclass(frozen=True)
class RewardOutput:
    reward: torch.Tensor
    """(B,) float32: scalar reward, unbounded (Bradley–Terry logits)"""
    success_logit: torch.Tensor
    """(B,) float32: logit of P(task completed)"""
    progress_logits: torch.Tensor
    """(B, T) float32: logit of P(task done by frame t)"""
    kept_ratio: float
    """fraction of grid tokens the transformer saw after pruning (1.0 without pruning)"""


class VideoRewardModel(nn.Module):
    """``forward(frames (B,T,3,H,W) in [0,1], text (B,text_dim), words=None) -> RewardOutput``;
    ``words`` (a `WordBatch`) is required when `reads_words`."""

    def __init__(
        self, config: RewardModelConfig, _timesformer_config: dict[str, Any] | None = None
    ) -> None:
        super().__init__()
        self.config = config
        if config.backbone == "frame-temporal":
            self.backbone: nn.Module = FrameTemporalBackbone(config)
        elif config.backbone == "timesformer":
            self.backbone = TimesformerBackbone(config, _timesformer_config)
        else:
            self.backbone = Conv3dBackbone(config)
        d = self.backbone.out_dim
        if config.duration:
            self.duration_embed = nn.Sequential(nn.Linear(1, d), nn.GELU(), nn.Linear(d, d))
        self.reward_head = nn.Linear(d, 1)
        self.success_head = nn.Linear(d, 1)
        self.progress_head = nn.Linear(d, 1)

    @property
    def reads_words(self) -> bool:
        """True when forward needs a `WordBatch` (frame-temporal with ``words``)."""
        return self.config.backbone == "frame-temporal" and self.config.words

    def check_inputs(
        self,
        frames: torch.Tensor,
        text: torch.Tensor,
        words: WordBatch | None = None,
        keep: torch.Tensor | None = None,
        seconds: torch.Tensor | None = None,
    ) -> None:
        c = self.config
        expected = f"(B, {c.frames}, 3, {c.height}, {c.width})"
        if not isinstance(frames, torch.Tensor) or not frames.is_floating_point():
            raise RewardInputError(
                f"frames: expected a float tensor {expected} in [0, 1], got "
                f"{getattr(frames, 'dtype', type(frames).__name__)}; convert uint8 with "
                "cuakit.video.clips.to_tensor"
            )
        if frames.ndim != 5 or tuple(frames.shape[2:]) != (3, c.height, c.width):
            raise RewardInputError(
                f"frames: expected shape {expected}, got {tuple(frames.shape)}; resize clips to "
                f"{c.height}x{c.width} (cuakit.video.clips.resize)"
            )
        if frames.shape[1] != c.frames:
            raise RewardInputError(
                f"frames: expected T={c.frames} frames per clip, got {frames.shape[1]}; sample "
                f"clips with cuakit.video.clips.uniform_indices(num_frames, {c.frames})"
            )
        if frames.numel():
            low, high = torch.aminmax(frames.detach())
            if not (low.item() >= 0.0 and high.item() <= 1.0):  # also catches NaN
                raise RewardInputError(
                    f"frames: expected values in [0, 1], got [{low.item():.3g}, "
                    f"{high.item():.3g}]; divide uint8 pixels by 255"
                )
        if text.ndim != 2 or tuple(text.shape) != (frames.shape[0], c.text_dim):
            raise RewardInputError(
                f"text: expected instruction embeddings ({frames.shape[0]}, {c.text_dim}), got "
                f"{tuple(text.shape)}; embed instructions with InstructionEncoder.encode"
            )
        if keep is not None and c.backbone == "frame-temporal":
            mask = (frames.shape[0], frames.shape[1], c.grid[0] * c.grid[1])
            if tuple(keep.shape) != mask:
                raise RewardInputError(
                    f"keep: expected the pruning mask of these clips, shape (B, T, N) = {mask}, "
                    f"got {tuple(keep.shape)}; compute it with model.backbone.keep_mask(frames)"
                )
        if self.reads_words:
            if not isinstance(words, WordBatch):
                raise RewardInputError(
                    "words: this frame-temporal model reads screen words; pass words="
                    "WordBatch.build([cuakit.video.words.clip_words(full_res_frames), ...], "
                    "instructions)"
                )
            if len(words) != frames.shape[0]:
                raise RewardInputError(
                    f"words: {len(words)} clips of words for a batch of {frames.shape[0]} clips"
                )
            if c.reader != "templates" and not all(clip.read for clip in words.screen):
                raise RewardInputError(
                    f"words: this model compares recognised text ({c.reader}); read the clips "
                    f"with clip_words(..., reader=cuakit.video.text.make_reader({c.reader!r}))"
                )
            if c.slots_only and [len(f) for f in words.slots] != [
                len(w) for w in words.instruction
            ]:
                raise RewardInputError(
                    "words: this model counts only the instruction's slot words and needs to "
                    "know them; build the batch with WordBatch.build(screen, instructions)"
                )
        if c.duration:
            batch = frames.shape[0]
            if not isinstance(seconds, torch.Tensor) or tuple(seconds.shape) != (batch,):
                got = tuple(seconds.shape) if isinstance(seconds, torch.Tensor) else seconds
                raise RewardInputError(
                    f"seconds: this model reads each video's length; pass seconds= a ({batch},) "
                    f"tensor of recording lengths in seconds (frames recorded / fps), got {got!r}"
                )
            if not bool(torch.isfinite(seconds).all() and (seconds >= 0).all()):
                raise RewardInputError(
                    f"seconds: video lengths must be finite and ≥ 0, got {seconds.tolist()}"
                )

    def forward(
        self,
        frames: torch.Tensor,
        text: torch.Tensor,
        words: WordBatch | None = None,
        keep: torch.Tensor | None = None,
        seconds: torch.Tensor | None = None,
    ) -> RewardOutput:
        """``words`` is required when `reads_words`, ignored otherwise. ``keep``: frame-temporal
        only, the clips' pruning mask ``backbone.keep_mask(frames)`` (B, T, N) when the caller
        has it already (a trainer sees each clip many times); None computes it. ``seconds``
        (B,): each whole recording's length, required with ``config.duration``."""
        self.check_inputs(frames, text, words, keep, seconds)
        shortfall = None
        if self.config.backbone == "frame-temporal":
            pooled, per_frame, kept_ratio, shortfall = self.backbone(
                frames, text.to(frames.dtype), words if self.reads_words else None, keep
            )
        else:
            pooled, per_frame, kept_ratio = self.backbone(frames, text.to(frames.dtype))
        if self.config.duration:
            length = torch.log1p(seconds.to(pooled.device, torch.float32))[:, None]  # (B, 1)
            pooled = pooled + self.duration_embed(length.to(pooled.dtype))
        reward = self.reward_head(pooled).squeeze(-1).float()  # (B,)
        success_logit = self.success_head(pooled).squeeze(-1).float()  # (B,)
        if shortfall is not None:  # what the instruction asks and the video leaves undone
            success_logit, reward = success_logit - shortfall[:, 0], reward - shortfall[:, 1]
        return RewardOutput(
            reward=reward,
            success_logit=success_logit,
            progress_logits=self.progress_head(per_frame).squeeze(-1).float(),  # (B, T)
            kept_ratio=kept_ratio,
        )

    # ---- checkpoints ---------------------------------------------------------------------------

    def save_pretrained(self, directory: str | Path) -> Path:
        """Write ``model.safetensors`` and ``config.json`` into ``directory`` (created)."""
        extra = {}
        if isinstance(self.backbone, TimesformerBackbone):
            extra["timesformer_config"] = self.backbone.timesformer.config.to_dict()
        return checkpoint.write(directory, self.config, self.state_dict(), extra)

    @classmethod
    def from_pretrained(
        cls, directory: str | Path, backbone: str | None = None
    ) -> VideoRewardModel:
        """Load a folder written by `save_pretrained`; the model comes back in eval mode.

        Raises `CheckpointError` when the folder or a file is missing or corrupt, the format
        version is not one this cuakit reads, or ``backbone`` is given and differs from the
        checkpoint's."""
        config, meta = checkpoint.read_config(directory)
        if backbone is not None and backbone != config.backbone:
            raise CheckpointError(
                f"{directory} holds a {config.backbone!r} model, not {backbone!r}: pass "
                f"backbone={config.backbone!r} or a checkpoint of the backbone you want"
            )
        model = cls(config, _timesformer_config=meta.get("timesformer_config"))
        try:
            model.load_state_dict(checkpoint.read_weights(directory), strict=True)
        except RuntimeError as exc:
            lines = str(exc).strip().splitlines()  # a header, then one line per problem
            first = lines[min(1, len(lines) - 1)].strip()
            raise CheckpointError(
                f"{Path(directory) / checkpoint.WEIGHTS_FILE} does not match the "
                f"{config.backbone} model that its config.json describes ({first}); save "
                "weights and config together with save_pretrained"
            ) from exc
        return model.eval()

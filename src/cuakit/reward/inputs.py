"""What the reward model reads for a batch of episodes, and the model's forward pass on it.

``ModelInputs`` gathers, for episodes judged under instructions: the clips (augmented while
the model trains), the instructions' embeddings, the screen words and their matches with the
instruction, the pruning masks and each video's length. The parts that are pure functions of
a clip and its instruction — the pruning mask (not under augmentation, which changes the
pixels) and the word matches — are computed once, before training, for every clip and
instruction a run will see, and kept beside the dataset's clip cache for later runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import torch

from cuakit.reward.data import WORDS_VERSION, ClipBank, ResultCache
from cuakit.reward.model import RewardOutput, VideoRewardModel, WordBatch
from cuakit.video.augment import augment
from cuakit.video.templates import REFERENCES_VERSION

Progress = Callable[[str, int, int], None]


class ModelInputs:
    """``inputs.forward(episodes, instructions)`` → the model's output on those clips."""

    def __init__(
        self,
        model: VideoRewardModel,
        bank: ClipBank,
        embeddings: dict[str, torch.Tensor],
        rng: np.random.Generator,
        augment: float = 0.0,
        bf16: bool = False,
        progress: Progress | None = None,
    ) -> None:
        self.model, self.bank, self.embeddings, self.rng = model, bank, embeddings, rng
        self.augment, self.bf16, self.progress = augment, bf16, progress
        self._keeps: dict[int, torch.Tensor] = {}
        self._scores: dict[tuple[int, str], np.ndarray] = {}

    # ---- clip features that do not change in training ---------------------------------
    def prepare(self, episodes: list[int], judged: set[tuple[int, str]], prune: bool) -> None:
        """Pruning masks of ``episodes`` (when ``prune``) and word matches of the ``judged``
        (episode, instruction) pairs: loaded from the cache, the missing ones computed."""
        mc, tag = self.model.config, self.bank.tag
        if prune and hasattr(self.model.backbone, "keep_mask"):
            name = f"keep-{tag}-{self.bank.height}x{self.bank.width}-p{mc.patch}-" \
                   f"t{mc.prune_threshold}-r{mc.min_region}"  # fmt: skip
            masks = self._cached(
                ResultCache(self.bank, name), {(e, "") for e in episodes},
                lambda chunk: self.model.backbone.keep_mask(
                    self.bank.batch([e for e, _ in chunk])
                ).numpy(),
                "pruning masks",
            )  # fmt: skip
            self._keeps = {e: torch.from_numpy(mask) for (e, _), mask in masks.items()}
        if self.model.reads_words:
            limit = mc.max_instruction_words
            reading = mc.reader if mc.reader != "templates" else f"r{REFERENCES_VERSION}"
            name = f"matches-{tag}-v{WORDS_VERSION}-{reading}-w{limit}"
            self._scores = self._cached(
                ResultCache(self.bank, name), judged,
                lambda chunk: WordBatch.build(
                    self.bank.words([e for e, _ in chunk]), [t for _, t in chunk], limit
                ).scores,
                "word matches",
            )  # fmt: skip

    def _cached(
        self,
        store: ResultCache,
        wanted: set[tuple[int, str]],
        compute: Callable[[list[tuple[int, str]]], Any],
        phase: str,
    ) -> dict[tuple[int, str], np.ndarray]:
        """``wanted``'s results: loaded from ``store``, the missing ones computed 32 at a time
        (with progress) and saved back with the rest."""
        results = store.load()
        missing = sorted(k for k in wanted if k not in results)
        for lo in range(0, len(missing), 32):
            chunk = missing[lo : lo + 32]
            results.update(zip(chunk, compute(chunk), strict=True))
            if self.progress:
                self.progress(phase, lo + len(chunk), len(missing))
        if missing:
            store.save(results)
        return {k: results[k] for k in wanted}

    # ---- one batch ---------------------------------------------------------------------
    def _augmenting(self) -> bool:
        return self.augment > 0 and self.model.training

    def clips(self, episodes: list[int]) -> torch.Tensor:
        clips = self.bank.batch(episodes)  # (B, T, 3, H, W)
        if self._augmenting():
            raw = (clips * 255).round().to(torch.uint8).permute(0, 1, 3, 4, 2).numpy()
            raw = np.stack([augment(clip, self.rng, self.augment) for clip in raw])
            clips = torch.from_numpy(raw).permute(0, 1, 4, 2, 3).float().div_(255.0)
        return clips

    def keep(self, episodes: list[int], clips: torch.Tensor) -> torch.Tensor | None:
        """The clips' pruning mask, from the cache when their pixels are the bank's."""
        keep_mask = getattr(self.model.backbone, "keep_mask", None)
        if keep_mask is None:
            return None
        if self._augmenting():
            return keep_mask(clips)
        missing = [i for i, e in enumerate(episodes) if e not in self._keeps]
        if missing:
            for i, mask in zip(missing, keep_mask(clips[missing]), strict=True):
                self._keeps[episodes[i]] = mask
        return torch.stack([self._keeps[e] for e in episodes])

    def words(self, episodes: list[int], instructions: list[str]) -> WordBatch | None:
        if not self.model.reads_words:
            return None
        limit = self.model.config.max_instruction_words
        keys = list(zip(episodes, instructions, strict=True))
        words = WordBatch.build(
            self.bank.words(episodes), instructions, limit, [self._scores.get(k) for k in keys]
        )
        self._scores.update(zip(keys, words.scores, strict=True))
        return words

    def forward(
        self,
        episodes: list[int],
        instructions: list[str],
        module: torch.nn.Module | None = None,
    ) -> RewardOutput:
        """The model's output for each episode's clip under its instruction; ``module``: the
        model wrapped for data-parallel training (``DistributedDataParallel``), which runs it."""
        clips = self.clips(episodes)
        text = torch.stack([self.embeddings[i] for i in instructions])
        words = self.words(episodes, instructions)
        keep, seconds = self.keep(episodes, clips), self.bank.seconds(episodes)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.bf16):
            return (module if module is not None else self.model)(clips, text, words, keep, seconds)

    @torch.no_grad()
    def kept_ratio(self, episodes: list[int], batch: int = 32) -> float:
        """Fraction of grid tokens that pruning keeps on these episodes' clips (1.0 for a
        backbone without pruning, or with pruning off)."""
        if not hasattr(self.model.backbone, "keep_mask") or not episodes:
            return 1.0
        kept = total = 0
        for lo in range(0, len(episodes), batch):
            chunk = episodes[lo : lo + batch]
            mask = self.keep(chunk, self.bank.batch(chunk))
            kept, total = kept + int(mask.sum()), total + mask.numel()
        return kept / total

"""What a reading reward model is given besides pixels: the clip's screen words, its
instruction's words, and how well each screen word matches each instruction word.

``WordBatch.build(screen, instructions)`` from `cuakit.video.words.clip_words` results. The
match scores are strings compared by edit distance when a recogniser read the clip
(`cuakit.video.strings.match_strings`), else word crops against the instruction drawn in font
templates (`cuakit.video.templates.match_pairs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cuakit.errors import RewardInputError
from cuakit.video.strings import match_strings
from cuakit.video.templates import (
    instruction_echo,
    instruction_pieces,
    match_pairs,
    reference_words,
    render_words,
    slot_words,
)
from cuakit.video.words import ClipWords


@dataclass(frozen=True)
class WordBatch:
    """The words a frame-temporal model reads: per clip, its screen words, its instruction's
    rendered words and how well each screen word matches each instruction word."""

    screen: tuple[ClipWords, ...]
    instruction: tuple[np.ndarray, ...]
    """per clip, uint8 (W_i, CROP_HEIGHT, CROP_WIDTH): the word tokens"""
    scores: tuple[np.ndarray, ...]
    """per clip, float32 (S_i, W_i, 2): each screen word against each instruction word (see the
    module doc)"""
    echo: tuple[np.ndarray, ...] = ()
    """per clip, bool (S_i,): the screen words that display the instruction itself
    (`cuakit.video.templates.instruction_echo`); their matches are no evidence and the model drops
    them. Filled in by `build`."""
    slots: tuple[np.ndarray, ...] = ()
    """per clip, bool (W_i,): the instruction's slot words (`cuakit.video.templates.slot_words`),
    the only ones a model with ``slots_only`` counts as unmet. Filled in by `build`."""

    @classmethod
    def build(
        cls,
        screen: Sequence[ClipWords],
        instructions: Sequence[str],
        limit: int = 16,
        scores: Sequence[np.ndarray | None] | None = None,
    ) -> WordBatch:
        """``scores``: per clip, match scores computed before for the same screen words and
        instruction (a trainer sees each pair many times), or None to compute them here."""
        if len(screen) != len(instructions):
            raise RewardInputError(
                f"words: {len(screen)} clips of screen words but {len(instructions)} instructions"
            )
        known = list(scores) if scores is not None else [None] * len(screen)
        if len(known) != len(screen):
            raise RewardInputError(
                f"words: {len(known)} clips of match scores for {len(screen)} clips"
            )
        scores = tuple(
            match(clip, text, limit) if done is None else done
            for clip, text, done in zip(screen, instructions, known, strict=True)
        )
        return cls(
            tuple(screen),
            tuple(render_words(text, limit) for text in instructions),
            scores,
            tuple(
                instruction_echo(clip, pairs[..., 0])
                for clip, pairs in zip(screen, scores, strict=True)
            ),
            tuple(slot_words(text, limit) for text in instructions),
        )

    def __len__(self) -> int:
        return len(self.screen)


def match(clip: ClipWords, text: str, limit: int) -> np.ndarray:
    """float32 (S, W, 2): the screen words against the instruction's words — as recognised
    strings when a recogniser read the clip, else as crops against font templates."""
    if len(clip) and clip.read:
        return match_strings(clip.text, instruction_pieces(text, limit))
    return match_pairs(clip.crops, reference_words(text, limit))

"""The video reward model: ``(frames, instruction) -> reward, success logit, per-frame progress``.

Three backbones behind one interface, each returning a pooled clip feature ``(B, D)`` and
per-frame features ``(B, T, D)`` that the shared heads read:

- ``frame-temporal`` (default, after ExeVRM): token pruning on the raw pixels
  (`cuakit.video.pruning.prune`) drops still background and unchanged positions of each frame's
  grid (one token per ``patch``×``patch`` pixels); a small conv stem embeds each kept patch
  (``patch_stem``, default; or whole frames, keeping the tokens pruning keeps) and each frame
  gets a summary token (its frame pooled to the grid; with the whole-frame stem, the mean of
  its tokens); the kept tokens, the T summaries, an instruction token and a CLS token go through
  one joint transformer. Kept tokens are gathered into a padded batch (a key-padding mask hides
  the padding), so the stem's and the transformer's compute shrink with pruning. The
  instruction FiLM-modulates the frame features and is attended to as a token.
  With ``words`` (default) it also reads: the clip's screen words and the instruction's words,
  as native-resolution crops (`cuakit.video.words`, passed in as a `WordBatch`), are embedded by
  one small CNN and join the sequence — screen words at their place and frame, each carrying
  its look (colours, stroke weight, the state drawn beside it: a ticked box, a toggle, a
  highlight), whether the pointer rests on it at the end, and its best exact-match scores
  against the instruction's words (a crop cosine and a strict block-by-block one that tells
  near-duplicates apart), each instruction word carrying whether it is visible anywhere, on the
  final frame and in text that appeared. Each instruction
  word then says how clearly the video leaves it undone, and the soft maximum over the words
  is subtracted from the success logit and the reward (`FrameTemporalBackbone.shortfall`): one
  unmet requirement fails the task (``skip_function_words`` leaves "the", "from" … out of it).
  With ``word_meaning`` each instruction word also carries its MiniLM embedding, and
  the verdict read straight from the word sees its meaning and matches rather than its drawn
  letters.
- ``timesformer``: Hugging Face ``TimesformerModel`` (divided space-time attention), random
  weights from a small config or ``from_pretrained(config.pretrained)`` from a local folder.
  Frames are letterboxed to its square ``image_size``. Pooled feature = its CLS token; per-frame
  features = the mean of each frame's patch tokens. The instruction FiLM-modulates both.
- ``cnn3d``: a small 3D CNN written here (stem + three blocks, FiLM after each; no temporal
  stride, so per-frame features come straight from the last block before temporal pooling).

With ``duration`` (default) the pooled feature also embeds the whole recording's length in
seconds (``forward(..., seconds=)``): T uniformly sampled frames look alike for a quick and a
slow success, and of two successes the quicker is preferred (the efficiency pairs).

Frames are float ``(B, T, 3, H, W)`` in [0, 1]; the instruction is its ``(B, text_dim)``
embedding (`cuakit.reward.text.InstructionEncoder`). Checkpoints are a folder holding
``model.safetensors`` and ``config.json``::

    {"format": "cuakit-reward-model", "format_version": 17, "backbone": "...", "config": {...}}
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from torch import nn

from cuakit.errors import CheckpointError, ConfigError, RewardInputError
from cuakit.video.pruning import patchify, prune
from cuakit.video.strings import match_strings
from cuakit.video.text import READERS
from cuakit.video.words import (
    CROP_HEIGHT,
    CROP_WIDTH,
    LOOK_SIZE,
    POINTER_SIZE,
    ClipWords,
    function_words,
    instruction_echo,
    instruction_pieces,
    match_pairs,
    reference_words,
    render_words,
    slot_words,
)

BACKBONES = ("frame-temporal", "timesformer", "cnn3d")
READING = ("templates", *READERS)
"""how a model with words compares them: font templates, or a recogniser of `READERS`"""
FORMAT_NAME = "cuakit-reward-model"
FORMAT_VERSION = 17  # 2: frame-temporal reads screen words; 3: their look; 4: the pointer;
# 5: strict match scores; 6: per-word unmet head, the last press; 7: rotary screen positions;
# 8: the video's length; 9: the patch stem; 10: the instruction on display is no evidence;
# 11: instruction words' meaning; 12: function words are no requirement; 13: pressed places;
# 14: a pressed place inside an outline (a fifth pointer flag), underlines erased, two faces;
# 15: only slot words are requirements (slots_only); 16: words matched in bold faces too;
# 17: no button state (the recorder draws none): no pressed/last-press matches, pressed places
# or press flags, one pointer flag
MATCH_KINDS = 3
"""where an instruction word is looked for: anywhere, final frame, new text"""
CONFIG_FILE = "config.json"
WEIGHTS_FILE = "model.safetensors"


@dataclass(frozen=True)
class RewardModelConfig:
    backbone: str = "frame-temporal"
    """one of frame-temporal (default), timesformer, cnn3d"""
    frames: int = 12
    """frames T per clip (the model rejects clips of another length)"""
    height: int = 100
    """frame height in pixels"""
    width: int = 160
    """frame width in pixels"""
    dim: int = 128
    """feature width D (TimeSformer hidden size; ignored for a pretrained TimeSformer)"""
    depth: int = 2
    """transformer layers (frame-temporal, timesformer)"""
    heads: int = 4
    """attention heads (frame-temporal, timesformer)"""
    patch: int = 20
    """frame-temporal: pixels per grid token side (and pruning patch); a multiple of 4"""
    text_dim: int = 384
    """instruction embedding width (MiniLM: 384)"""
    prune_spatial: bool = True
    """frame-temporal: drop large regions of near-identical patches within a frame"""
    prune_temporal: bool = True
    """frame-temporal: drop positions unchanged since their last kept version"""
    prune_threshold: float = 0.02
    """mean absolute pixel difference (on [0, 1]) under which patches count as identical"""
    min_region: int = 4
    """spatial pruning drops connected regions of at least this many patches"""
    cnn_channels: int = 32
    """cnn3d: channels of the stem (blocks use 2x and 4x; features are 4x wide)"""
    timesformer_image_size: int = 96
    """timesformer: square input side; frames are letterboxed to it"""
    timesformer_patch: int = 16
    """timesformer: patch side in pixels"""
    pretrained: str | None = None
    """timesformer: local folder of a saved TimesformerModel to start from (never the hub)"""
    dropout: float = 0.0
    """dropout in the transformer layers"""
    words: bool = True
    """frame-temporal: read screen words next to the pixels (the model then needs a WordBatch)"""
    reader: str = "templates"
    """frame-temporal with words: how screen words are compared with the instruction's —
    ``templates`` (crops against the instruction drawn in two fonts) or a text recogniser,
    ``ppocr`` or ``tesseract`` (`cuakit.video.text`; strings compared by edit distance), which
    then reads every clip (`clip_words(..., reader=)`)"""
    max_instruction_words: int = 16
    """frame-temporal with words: instruction words read (the rest are ignored)"""
    rotary: bool = False
    """frame-temporal: rotate queries and keys of grid and screen-word tokens by their place on
    the screen (2-D RoPE, in source pixels), so attention can tell words on one row or column"""
    duration: bool = True
    """read each video's length in seconds (``forward(..., seconds=)``): T sampled frames look
    the same for a quick and a slow success, and of two successes the quicker is preferred"""
    patch_stem: bool = True
    """frame-temporal: run the conv stem on each kept patch alone, so its compute shrinks with
    pruning too (each frame's summary token then embeds the frame pooled to the grid); False
    runs it on whole frames"""
    word_meaning: bool = False
    """frame-temporal with words: each instruction word also carries its MiniLM embedding
    (`WordBatch.build(..., meaning=)`), and the per-word "unmet" verdict read straight from the
    word sees its meaning and where it was found, not its drawn letters: a word no training
    family used ("Disable") is judged like the words it means, not as an unknown requirement.
    Off by default: leave-one-family-out it lifts settings-toggle (0.777 -> 0.882) and
    autocomplete (0.788 -> 0.852) but lowers six other families (mean over ten folds 0.866
    against 0.883), and held-out seeds scored 0.973 (pairs 0.950) against 0.980 (0.959)"""
    skip_function_words: bool = False
    """frame-temporal with words: the instruction's function words ("the", "from", "and":
    `cuakit.video.words.FUNCTION_WORDS`) are read in context but never counted as a requirement
    left undone. A model trained on the other families took "from" and "the" for requirements
    and failed nearly every menu-item success; with this (and word_meaning), leave-one-family-out
    menu-item rose from 0.783 to 0.858, but settings-toggle fell from 0.882 to 0.791 and
    autocomplete from 0.852 to 0.783 (their unfound nouns, "suggestions", "apply", took the
    blame instead), so it is off by default"""
    slots_only: bool = True
    """frame-temporal with words: only the instruction's slot words (quoted, with a digit, or
    capitalised mid-sentence: `cuakit.video.words.slot_words`) are counted as requirements left
    undone; the others are read in context only. A model trained on the other families took
    the unseen phrase words of autocomplete ("suggestions", "letters": unmet logits of +8 to
    +14) for requirements and failed every success; trained with slots only, autocomplete held
    out scored 0.913 (was 0.800) and held-out seeds 0.986 (was 0.981), so it is the default.
    Takes precedence over ``skip_function_words``"""

    def __post_init__(self) -> None:
        if self.backbone not in BACKBONES:
            raise ConfigError(f"backbone {self.backbone!r} unknown: choose one of {BACKBONES}")
        for name in ("frames", "height", "width", "dim", "depth", "heads", "patch", "text_dim"):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be positive, got {getattr(self, name)}")
        if self.dim % self.heads:
            raise ConfigError(f"dim {self.dim} is not divisible by heads {self.heads}")
        if self.backbone == "frame-temporal":
            if self.patch % 4:
                raise ConfigError(f"patch must be a multiple of 4 (conv stem), got {self.patch}")
            if self.height % self.patch or self.width % self.patch:
                raise ConfigError(
                    f"frames of {self.height}x{self.width} do not split into {self.patch}-pixel "
                    "patches: choose a patch that divides both"
                )
        if self.reader not in READING:
            raise ConfigError(f"reader {self.reader!r} unknown: choose one of {READING}")
        if self.backbone == "timesformer" and self.timesformer_image_size % self.timesformer_patch:
            raise ConfigError(
                f"timesformer_image_size {self.timesformer_image_size} is not a multiple of "
                f"timesformer_patch {self.timesformer_patch}"
            )

    @property
    def grid(self) -> tuple[int, int]:
        """frame-temporal token grid (rows, columns)."""
        return self.height // self.patch, self.width // self.patch

    @classmethod
    def timesformer_base(cls, frames: int = 8) -> RewardModelConfig:
        """TimeSformer-base (hidden 768, 12 layers, 12 heads, 224x224, patch 16), random weights."""
        return cls(
            backbone="timesformer",
            frames=frames,
            height=224,
            width=224,
            dim=768,
            depth=12,
            heads=12,
            timesformer_image_size=224,
            timesformer_patch=16,
        )


EXACT_MATCH = 0.85
"""crop cosine similarity above which a screen word counts as the same word as an instruction
word (`cuakit.video.words.match_scores`)"""
STRICT_MATCH = 0.85
"""the same for the strict score of `cuakit.video.words.match_pairs` (block by block: same-word
pairs on desksim score ≥ 0.87 in 95% of cases, near-duplicates 0.65 at the median)"""
MATCH_FEATURES = 4
"""numbers per best match: the cosine and strict scores, and whether each passes its threshold"""


@dataclass(frozen=True)
class WordBatch:
    """The words a frame-temporal model reads: per clip, its screen words, its instruction's
    rendered words and how well each screen word matches each instruction word.
    ``WordBatch.build(screen, instructions)``."""

    screen: tuple[ClipWords, ...]
    instruction: tuple[np.ndarray, ...]
    """per clip, uint8 (W_i, CROP_HEIGHT, CROP_WIDTH): the word tokens"""
    scores: tuple[np.ndarray, ...]
    """per clip, float32 (S_i, W_i, 2): `cuakit.video.words.match_pairs` of its screen words
    against its instruction's words drawn in every face and size (`reference_words`)"""
    echo: tuple[np.ndarray, ...] = ()
    """per clip, bool (S_i,): the screen words that display the instruction itself
    (`cuakit.video.words.instruction_echo`); their matches are no evidence and the model drops
    them. Filled in by `build`."""
    meaning: tuple[np.ndarray, ...] = ()
    """per clip, float32 (W_i, text_dim): each instruction word's sentence embedding, for a
    model with ``word_meaning``; empty when `build` was given no ``meaning`` encoder"""
    function: tuple[np.ndarray, ...] = ()
    """per clip, bool (W_i,): the instruction words that only phrase it
    (`cuakit.video.words.function_words`), which a model with ``skip_function_words`` never
    counts as unmet. Filled in by `build`."""
    slots: tuple[np.ndarray, ...] = ()
    """per clip, bool (W_i,): the instruction's slot words (`cuakit.video.words.slot_words`),
    the only ones a model with ``slots_only`` counts as unmet. Filled in by `build`."""

    @classmethod
    def build(
        cls,
        screen: Sequence[ClipWords],
        instructions: Sequence[str],
        limit: int = 16,
        scores: Sequence[np.ndarray | None] | None = None,
        meaning: Callable[[list[str]], torch.Tensor | np.ndarray] | None = None,
    ) -> WordBatch:
        """``scores``: per clip, match scores computed before for the same screen words and
        instruction (a trainer sees each pair many times), or None to compute them here.
        ``meaning``: embeds a list of words, e.g. `cuakit.reward.text.InstructionEncoder`'s
        ``encode`` (cached per string); needed by a model with ``word_meaning``."""
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
            _match(clip, text, limit) if done is None else done
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
            ()
            if meaning is None
            else tuple(_meanings(text, limit, meaning) for text in instructions),
            tuple(function_words(text, limit) for text in instructions),
            tuple(slot_words(text, limit) for text in instructions),
        )

    def __len__(self) -> int:
        return len(self.screen)


def _match(clip: ClipWords, text: str, limit: int) -> np.ndarray:
    """float32 (S, W, 2): the screen words against the instruction's words — as recognised
    strings (`cuakit.video.strings.match_strings`) when a recogniser read the clip, else as
    crops against font templates (`cuakit.video.words.match_pairs`)."""
    if len(clip) and clip.read:
        return match_strings(clip.text, instruction_pieces(text, limit))
    return match_pairs(clip.crops, reference_words(text, limit))


def _meanings(
    text: str, limit: int, meaning: Callable[[list[str]], torch.Tensor | np.ndarray]
) -> np.ndarray:
    """float32 (W, dim): the embedding of each of ``text``'s instruction words."""
    pieces = instruction_pieces(text, limit)
    vectors = np.asarray(meaning(pieces), np.float32)  # InstructionEncoder: (0, dim) for []
    if vectors.ndim != 2 or len(vectors) != len(pieces):
        raise RewardInputError(
            f"meaning: expected ({len(pieces)}, dim) embeddings of {pieces}, got "
            f"{vectors.shape}; pass InstructionEncoder().encode"
        )
    return vectors


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


def _group_norm(channels: int) -> nn.GroupNorm:
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


ROTARY_WAVELENGTHS = (28.0, 70.0, 175.0, 437.5)
"""pixels per turn of the rotary angles, on each axis: the shortest is not a multiple of a text
row (about 20 px on desksim), so neighbouring rows never look aligned"""


def rotary_angles(places: torch.Tensor, placed: torch.Tensor, head_dim: int) -> torch.Tensor:
    """(B, S, R/2) rotation angles for tokens at ``places`` (B, S, 2) = (y, x) in pixels;
    tokens where ``placed`` (B, S) is False get angle 0 (no rotation). R = the rotated dims per
    head: 4 per wavelength (a y and an x pair), as many wavelengths as the head has room for."""
    count = min(len(ROTARY_WAVELENGTHS), head_dim // 4)
    omega = 2 * math.pi / places.new_tensor(ROTARY_WAVELENGTHS[:count])  # (F,)
    angles = (places[..., None] * omega).flatten(2)  # (B, S, 2F): y angles, then x angles
    return angles * placed[..., None]


def rotate(x: torch.Tensor, angles: torch.Tensor) -> torch.Tensor:
    """Rotate consecutive pairs of the first ``2 * angles.shape[-1]`` dims of ``x`` (B, h, S, hd)
    by ``angles`` (B, S, R/2); the rest pass unchanged (content attention that ignores place)."""
    r = 2 * angles.shape[-1]
    cos, sin = angles.cos()[:, None].to(x.dtype), angles.sin()[:, None].to(x.dtype)
    even, odd = x[..., 0:r:2], x[..., 1:r:2]
    turned = torch.stack([even * cos - odd * sin, even * sin + odd * cos], -1).flatten(-2)
    return torch.cat([turned, x[..., r:]], -1)


class Block(nn.Module):
    """Pre-norm transformer layer; ``key_padding`` (B, S) True marks padding keys to ignore;
    ``angles`` (B, S, R/2), when given, rotate queries and keys (`rotate`)."""

    def __init__(self, dim: int, heads: int, dropout: float) -> None:
        super().__init__()
        self.heads, self.dropout = heads, dropout
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(
        self, x: torch.Tensor, key_padding: torch.Tensor, angles: torch.Tensor | None = None
    ) -> torch.Tensor:
        b, s, d = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(b, s, 3, self.heads, d // self.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)  # (B, heads, S, hd) each
        if angles is not None:
            q, k = rotate(q, angles), rotate(k, angles)
        attend = ~key_padding[:, None, None, :]  # (B, 1, 1, S)
        p = self.dropout if self.training else 0.0
        a = F.scaled_dot_product_attention(q, k, v, attn_mask=attend, dropout_p=p)
        x = x + self.proj(a.transpose(1, 2).reshape(b, s, d))  # (B, S, D)
        return x + self.mlp(self.norm2(x))


class FrameTemporalBackbone(nn.Module):
    def __init__(self, config: RewardModelConfig) -> None:
        super().__init__()
        self.config = config
        d, gh, gw = config.dim, *config.grid
        first = config.patch // 4
        self.stem = nn.Sequential(  # (B*T, 3, H, W) -> (B*T, D, gh, gw): strides first, 2, 2
            nn.Conv2d(3, d // 4, kernel_size=first, stride=first),
            _group_norm(d // 4),
            nn.GELU(),
            nn.Conv2d(d // 4, d // 2, kernel_size=3, stride=2, padding=1),
            _group_norm(d // 2),
            nn.GELU(),
            nn.Conv2d(d // 2, d, kernel_size=3, stride=2, padding=1),
        )
        self.text_proj = nn.Linear(config.text_dim, d)
        if config.patch_stem:  # (B, T, 3 * gh * gw) frame pooled to the grid -> (B, T, D)
            self.frame_embed = nn.Sequential(
                nn.Linear(3 * config.grid[0] * config.grid[1], d), nn.GELU(), nn.Linear(d, d)
            )
        self.film = FiLM(d, d)
        self.space_pos = nn.Parameter(torch.randn(gh * gw, d) * 0.02)
        self.time_pos = nn.Parameter(torch.randn(config.frames, d) * 0.02)
        self.summary_type = nn.Parameter(torch.randn(d) * 0.02)
        self.instruction_type = nn.Parameter(torch.randn(d) * 0.02)
        self.cls = nn.Parameter(torch.randn(d) * 0.02)
        self.blocks = nn.ModuleList(
            Block(d, config.heads, config.dropout) for _ in range(config.depth)
        )
        self.norm = nn.LayerNorm(d)
        self.out_dim = d
        if config.words:
            self.word_encoder = nn.Sequential(  # (K, 1, 20, 80) -> (K, D)
                nn.Conv2d(1, 16, kernel_size=4, stride=2, padding=1),
                nn.GELU(),
                nn.Conv2d(16, 32, kernel_size=3, stride=2, padding=1),
                nn.GELU(),
                nn.Flatten(),
                nn.Linear(32 * (CROP_HEIGHT // 4) * (CROP_WIDTH // 4), d),
            )
            # 0: screen word, 1: instruction word, 2: screen word still on the final frame
            self.word_type = nn.Parameter(torch.randn(3, d) * 0.02)
            self.word_index = nn.Parameter(torch.randn(config.max_instruction_words, d) * 0.02)
            self.screen_match = nn.Sequential(
                nn.Linear(MATCH_FEATURES, d), nn.GELU(), nn.Linear(d, d)
            )
            # a word's look (colours, weight, what is beside it), the pointer on it, its place
            self.screen_look = nn.Sequential(
                nn.Linear(LOOK_SIZE + POINTER_SIZE + 4, d), nn.GELU(), nn.Linear(d, d)
            )
            self.instruction_match = nn.Sequential(
                nn.Linear(MATCH_FEATURES * MATCH_KINDS, d), nn.GELU(), nn.Linear(d, d)
            )
            self.word_vote = nn.Linear(d, d)
            self.match_summary = nn.Linear(MATCH_FEATURES * MATCH_KINDS, d)
            # per instruction word, how clearly the video leaves it undone (success, reward):
            # read in context after the transformer, and straight from the word's own crop and
            # match scores (a shallow path that learns early which words are mere phrasing)
            self.unmet = nn.Linear(d, 2)
            self.unmet_direct = nn.Sequential(
                nn.LayerNorm(d), nn.Linear(d, d), nn.GELU(), nn.Linear(d, 2)
            )
            if config.word_meaning:  # an instruction word's sentence embedding -> (D,)
                self.word_meaning = nn.Sequential(
                    nn.Linear(config.text_dim, d), nn.GELU(), nn.Linear(d, d)
                )

    def word_tokens(
        self, words: WordBatch, device: torch.device
    ) -> tuple[list[torch.Tensor], torch.Tensor, list[torch.Tensor]]:
        """Per clip ``(S_i + I_i, D)``: its screen-word tokens, then its instruction words';
        ``(B, D)``: each clip's reading summary, added to the pooled feature; and per clip
        ``(S_i + I_i, D)``: what the direct "unmet" verdict reads of each token (zeros for
        screen words; with ``word_meaning``, an instruction word's meaning and matches without
        its drawn letters, else the whole token)."""
        gh, gw = self.config.grid
        crops = np.concatenate([w.crops for w in words.screen] + list(words.instruction))
        # A batch repeats most of its words (a window's labels on every frame, the same
        # instruction under a pair's two clips): each distinct crop is encoded once.
        rows = np.ascontiguousarray(crops.reshape(len(crops), -1))
        keys = rows.view(np.dtype((np.void, rows.shape[1]))).ravel()
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        pixels = torch.from_numpy(crops[first]).to(device)
        features = self.word_encoder(pixels.float().div(255.0)[:, None])  # (distinct, D)
        features = features[torch.from_numpy(inverse.reshape(-1)).to(device)]  # (K, D)
        screen_sizes = [len(w) for w in words.screen]
        instruction_sizes = [len(w) for w in words.instruction]
        exact = torch.tensor([EXACT_MATCH, STRICT_MATCH], device=device)
        # Per clip, the inputs of the word MLPs; each MLP then runs once over the whole batch.
        screen_in, screen_has, instruction_in, instruction_has = [], [], [], []
        looks, places, frames, ends, index = [], [], [], [], []
        # per clip: the share of instruction words found (each of the MATCH_KINDS places)
        # and the best score of each kind; zeros when there is nothing to compare
        summaries = features.new_zeros(len(words.screen), MATCH_FEATURES * MATCH_KINDS)
        for i, clip in enumerate(words.screen):
            scores = torch.from_numpy(words.scores[i]).to(device)  # (S, I, 2)
            if words.echo:  # the instruction on display matches itself: no evidence
                scores = scores * ~torch.from_numpy(words.echo[i]).to(device)[:, None, None]
            s, w = scores.shape[:2]
            at_end = torch.from_numpy(clip.at_end).to(device)
            best = scores.max(1).values if w else scores.new_zeros(s, 2)  # (S, 2)
            screen_in.append(torch.cat([best, (best > exact).to(best.dtype)], 1))
            # Per instruction word, its best match: anywhere; on the final frame; in text
            # that appeared during the clip and stayed (what the agent's actions wrote:
            # a typed value, a status line, a chosen option).
            new = torch.from_numpy(clip.frame > 0).to(device) & at_end
            zero = torch.zeros_like(scores)
            found = [scores] + [torch.where(kind[:, None, None], scores, zero)
                                for kind in (at_end, new)]  # fmt: skip
            best_of = [f.max(0).values if s else scores.new_zeros(w, 2) for f in found]
            flags = [(b > exact).to(b.dtype) for b in best_of]
            instruction_in.append(torch.cat(best_of + flags, 1))  # (I, MATCH_FEATURES*KINDS)
            has = scores.numel() > 0  # nothing to compare: no match features at all
            screen_has.append(torch.full((s,), has, device=device))
            instruction_has.append(torch.full((w,), has, device=device))
            if has:
                summaries[i] = torch.cat(
                    [torch.cat(flags, 1).mean(0), torch.cat(best_of, 1).amax(0)]
                )
            box = torch.from_numpy(clip.box).to(device)
            places.append(box.float() / torch.tensor(
                [clip.height, clip.height, clip.width, clip.width], device=device
            ))  # fmt: skip
            looks.append(torch.from_numpy(np.concatenate([clip.look, clip.pointer], 1)))
            row = ((box[:, 0] + box[:, 1]) * gh // (2 * clip.height)).clamp(0, gh - 1)
            col = ((box[:, 2] + box[:, 3]) * gw // (2 * clip.width)).clamp(0, gw - 1)
            index.append(row * gw + col)
            frames.append(torch.from_numpy(clip.frame).to(device))
            ends.append(at_end)
        total = sum(screen_sizes)
        dtype = features.dtype
        look = torch.cat([torch.cat(looks).to(device), torch.cat(places)], 1).to(dtype)
        at_end = torch.cat(ends)[:, None].to(dtype)
        screen = (
            features[:total]
            + self.screen_match(torch.cat(screen_in).to(dtype)) * torch.cat(screen_has)[:, None]
            + self.screen_look(look)
            + self.space_pos[torch.cat(index)]
            + self.time_pos[torch.cat(frames).clamp(max=self.config.frames - 1)]
            + self.word_type[0] + self.word_type[2] * at_end
        )  # fmt: skip
        matched = self.instruction_match(torch.cat(instruction_in).to(dtype))
        position = torch.cat([torch.arange(n, device=device) for n in instruction_sizes])
        unlettered = (
            matched * torch.cat(instruction_has)[:, None]
            + self.word_index[position] + self.word_type[1]
        )  # fmt: skip
        if self.config.word_meaning:
            meaning = torch.from_numpy(np.concatenate(words.meaning)).to(device, dtype)
            unlettered = unlettered + self.word_meaning(meaning)
        instruction = features[total:] + unlettered
        direct = unlettered if self.config.word_meaning else instruction
        out, reads = [], []
        for a, b, c in zip(screen.split(screen_sizes), instruction.split(instruction_sizes),
                           direct.split(instruction_sizes), strict=True):  # fmt: skip
            out.append(torch.cat([a, b]))
            reads.append(torch.cat([torch.zeros_like(a), c]))
        return out, self.match_summary(summaries), reads

    def keep_mask(self, frames: torch.Tensor) -> torch.Tensor:
        """bool (B, T, N): the grid tokens pruning keeps (all when pruning is off)."""
        c = self.config
        b, t = frames.shape[:2]
        if not (c.prune_spatial or c.prune_temporal):
            return torch.ones(b, t, c.grid[0] * c.grid[1], dtype=torch.bool, device=frames.device)
        patches = patchify(frames.detach().float(), c.patch)  # (B, T, N, 3*p*p)
        return prune(
            patches, c.grid, c.prune_spatial, c.prune_temporal, c.prune_threshold, c.min_region
        ).keep

    def forward(
        self,
        frames: torch.Tensor,
        text: torch.Tensor,
        words: WordBatch | None = None,
        keep: torch.Tensor | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor, float, torch.Tensor | None]:
        """(pooled (B, D), per-frame (B, T, D), kept ratio, shortfall (B, 2) or None without
        words). ``keep``: `keep_mask(frames)` computed before (it depends on the pixels only)."""
        b, t = frames.shape[:2]
        n, d = self.space_pos.shape
        instruction = self.text_proj(text)  # (B, D)
        keep = (self.keep_mask(frames) if keep is None else keep).reshape(b, t * n)  # (B, T*N)
        counts = keep.sum(1)  # (B,)
        longest = int(counts.max())
        # kept tokens first (stable: in time/raster order), then cut to the longest clip
        order = torch.argsort((~keep).to(torch.int8), dim=1, stable=True)[:, :longest]
        padding = torch.arange(longest, device=frames.device)[None] >= counts[:, None]  # (B, L)
        if self.config.patch_stem:
            kept, summary = self.patch_tokens(frames, order, padding)  # (B, L, D), (B, T, D)
            kept, summary = self.film(kept, instruction), self.film(summary, instruction)
            kept = kept + self.space_pos[order % n] + self.time_pos[order // n]
        else:
            x = self.stem(frames.flatten(0, 1))  # (B*T, D, gh, gw)
            tokens = x.flatten(2).transpose(1, 2).reshape(b, t, n, d)  # (B, T, N, D)
            tokens = self.film(tokens, instruction)  # (B, T, N, D)
            summary = tokens.mean(2)  # (B, T, D)
            tokens = tokens + self.space_pos + self.time_pos[:, None]  # (B, T, N, D)
            kept = tokens.reshape(b, t * n, d).gather(1, order[..., None].expand(-1, -1, d))
        summary = summary + self.time_pos + self.summary_type  # (B, T, D)
        parts = [self.cls.expand(b, 1, d), (instruction + self.instruction_type)[:, None], summary,
                 kept]  # fmt: skip
        fixed = torch.zeros(b, 2 + t, dtype=torch.bool, device=frames.device)
        paddings = [fixed, padding]
        instruction_words = None  # (B, most) True at the instruction-word tokens
        requirements = None  # (B, most) True at those the "unmet" verdict counts
        if words is not None:
            per_clip, summary_of_reading, direct_in = self.word_tokens(words, frames.device)
            most = max(len(x) for x in per_clip)
            read, direct = kept.new_zeros(b, most, d), kept.new_zeros(b, most, d)
            unread = torch.ones(b, most, dtype=torch.bool, device=frames.device)
            instruction_words = torch.zeros(b, most, dtype=torch.bool, device=frames.device)
            requirements = instruction_words.clone()
            for i, (x, y) in enumerate(zip(per_clip, direct_in, strict=True)):
                read[i, : len(x)], direct[i, : len(y)], unread[i, : len(x)] = x, y, False
                instruction_words[i, len(words.screen[i]) : len(x)] = True
                requirements[i, len(words.screen[i]) : len(x)] = (
                    torch.from_numpy(words.slots[i])
                    if self.config.slots_only
                    else torch.from_numpy(~words.function[i])
                    if self.config.skip_function_words
                    else True
                )
            parts.append(read)
            paddings.append(unread)
        seq = torch.cat(parts, dim=1)  # (B, 2 + T + L [+ words], D)
        key_padding = torch.cat(paddings, 1)  # (B, S): True = padding, never attended
        angles = self.angles(frames, order, words, seq.shape[1]) if self.config.rotary else None
        h = seq
        for block in self.blocks:
            h = block(h, key_padding, angles)
        h = self.norm(h)  # (B, S, D)
        kept_ratio = keep.float().mean().item()
        pooled, shortfall = h[:, 0], None
        if instruction_words is not None:
            # The instruction's words also vote directly: whether each was found, and where,
            # reaches the heads without having to be routed through the CLS token.
            read_words = h[:, -instruction_words.shape[1] :]  # (B, most, D)
            votes = read_words * instruction_words[..., None]
            count = instruction_words.sum(1, keepdim=True).clamp(min=1)
            pooled = pooled + self.word_vote(votes.sum(1) / count) + summary_of_reading
            unmet = self.unmet(read_words) + self.unmet_direct(direct)  # (B, most, 2)
            shortfall = self.shortfall(unmet, requirements)
        return pooled, h[:, 2 : 2 + t], kept_ratio, shortfall

    def patch_tokens(
        self, frames: torch.Tensor, order: torch.Tensor, padding: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """``patch_stem``: (B, L, D) the stem run on each kept patch alone (zeros at padding),
        and (B, T, D) each frame's summary from the frame pooled to the token grid."""
        c, (b, t) = self.config, frames.shape[:2]
        (gh, gw), p, d = c.grid, c.patch, self.out_dim
        real = ~padding  # (B, L)
        clip_of = torch.arange(b, device=frames.device)[:, None].expand_as(order)[real]  # (K,)
        token = order[real]  # (K,) raster index: frame, grid row, grid column
        frame, cell = token // (gh * gw), token % (gh * gw)
        # Index the kept patches out of a view of the frames: patchifying every patch first
        # copied the whole batch and cost more than the stem itself.
        grid = frames.reshape(b, t, 3, gh, p, gw, p)
        chosen = grid[clip_of, frame, :, cell // gw, :, cell % gw, :]  # (K, 3, p, p)
        kept = frames.new_zeros(b, order.shape[1], d)
        kept[real] = self.stem(chosen).flatten(1).to(kept.dtype)  # (K, D)
        # each grid cell's mean colour (two one-axis sums run faster than a pooling kernel)
        pooled = grid.sum(6).sum(4).div_(p * p).reshape(b, t, -1)  # (B, T, 3*gh*gw)
        return kept, self.frame_embed(pooled)

    def angles(
        self, frames: torch.Tensor, order: torch.Tensor, words: WordBatch | None, length: int
    ) -> torch.Tensor:
        """(B, S, R/2) rotary angles of the sequence: kept grid tokens at their patch centre,
        screen words at their box centre, both in source-frame pixels (clip pixels without
        words); CLS, instruction, frame summaries and instruction words stay unrotated."""
        c, (b, t), device = self.config, frames.shape[:2], frames.device
        gh, gw = c.grid
        n = gh * gw
        index = torch.arange(n, device=device)
        grid = torch.stack([index // gw, index % gw], 1).float().add(0.5).mul(c.patch)  # (N, 2)
        scale = torch.ones(b, 1, 2, device=device)
        if words is not None:
            scale[:, 0] = torch.tensor(
                [[w.height / c.height, w.width / c.width] for w in words.screen], device=device
            )
        places = torch.zeros(b, length, 2, device=device)
        placed = torch.zeros(b, length, dtype=torch.bool, device=device)
        kept = order.shape[1]
        places[:, 2 + t : 2 + t + kept] = grid[order % n] * scale
        placed[:, 2 + t : 2 + t + kept] = True  # padding positions are never attended anyway
        if words is not None:
            start = 2 + t + kept
            for i, clip in enumerate(words.screen):
                box = torch.from_numpy(clip.box).to(device).float()  # (S_i, 4)
                places[i, start : start + len(clip), 0] = (box[:, 0] + box[:, 1]) / 2
                places[i, start : start + len(clip), 1] = (box[:, 2] + box[:, 3]) / 2
                placed[i, start : start + len(clip)] = True
        return rotary_angles(places, placed, c.dim // c.heads)

    @staticmethod
    def shortfall(unmet: torch.Tensor, requirements: torch.Tensor) -> torch.Tensor:
        """(B, K) from per-word logits ``unmet`` (B, W, K): ``log(1 + sum_j exp(unmet_j))``
        over the words ``requirements`` (B, W) marks (the instruction's words, less its
        function words with ``skip_function_words``), a soft maximum that is ~0 when every
        word is met.

        A task is done only when all it asks for is: one requirement the video leaves undone
        (a value not typed, a button not pressed) should sink the score whatever the others
        say, which a mean over words cannot express."""
        unmet = unmet.float().masked_fill(~requirements[..., None], float("-inf"))
        met = unmet.new_zeros(unmet.shape[0], 1, unmet.shape[2])  # the log(1 + ...) term
        return torch.logsumexp(torch.cat([met, unmet], 1), dim=1)


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


class Conv3dBackbone(nn.Module):
    def __init__(self, config: RewardModelConfig) -> None:
        super().__init__()
        c = config.cnn_channels
        self.stem = nn.Sequential(  # (B, 3, T, H, W) -> (B, c, T, H/5, W/5)
            nn.Conv3d(3, c, kernel_size=(1, 5, 5), stride=(1, 5, 5)), _group_norm(c), nn.GELU()
        )
        widths = [(c, 2 * c, 2), (2 * c, 4 * c, 2), (4 * c, 4 * c, 1)]  # (in, out, spatial stride)
        self.convs = nn.ModuleList(
            nn.Conv3d(i, o, kernel_size=3, stride=(1, s, s), padding=1) for i, o, s in widths
        )
        self.norms = nn.ModuleList(_group_norm(o) for _, o, _ in widths)
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
            drawn = [len(w) for w in words.instruction]
            for needed, flags, what in (
                (c.skip_function_words, words.function, "skips the instruction's function words"),
                (c.slots_only, words.slots, "counts only the instruction's slot words"),
            ):
                if needed and [len(f) for f in flags] != drawn:
                    raise RewardInputError(
                        f"words: this model {what} and needs to know them; build the batch "
                        "with WordBatch.build(screen, instructions)"
                    )
            if c.word_meaning:
                if len(words.meaning) != len(words):
                    raise RewardInputError(
                        "words: this model reads the instruction words' meaning; build the "
                        "batch with WordBatch.build(..., meaning=InstructionEncoder().encode)"
                    )
                for i, (vectors, drawn) in enumerate(
                    zip(words.meaning, words.instruction, strict=True)
                ):
                    if vectors.shape != (len(drawn), c.text_dim):
                        raise RewardInputError(
                            f"words: clip {i} has {len(drawn)} instruction words but meanings "
                            f"of shape {vectors.shape}; expected ({len(drawn)}, {c.text_dim})"
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
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        meta: dict[str, Any] = {
            "format": FORMAT_NAME,
            "format_version": FORMAT_VERSION,
            "backbone": self.config.backbone,
            "config": asdict(self.config),
        }
        if isinstance(self.backbone, TimesformerBackbone):
            meta["timesformer_config"] = self.backbone.timesformer.config.to_dict()
        state = {name: tensor.detach().contiguous() for name, tensor in self.state_dict().items()}
        save_file(state, str(directory / WEIGHTS_FILE))
        (directory / CONFIG_FILE).write_text(json.dumps(meta, indent=2, default=str) + "\n")
        return directory

    @classmethod
    def from_pretrained(
        cls, directory: str | Path, backbone: str | None = None
    ) -> VideoRewardModel:
        """Load a folder written by `save_pretrained`; the model comes back in eval mode.

        Raises `CheckpointError` when the folder or a file is missing or corrupt, the format
        version is not this cuakit's, or ``backbone`` is given and differs from the checkpoint's.
        """
        directory = Path(directory)
        if not directory.is_dir():
            raise CheckpointError(
                f"no checkpoint folder at {directory}: pass a folder written by save_pretrained"
            )
        config_path, weights_path = directory / CONFIG_FILE, directory / WEIGHTS_FILE
        for path in (config_path, weights_path):
            if not path.is_file():
                raise CheckpointError(
                    f"{path} is missing: the checkpoint is incomplete; save it again with "
                    "VideoRewardModel.save_pretrained"
                )
        try:
            meta = json.loads(config_path.read_text())
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise CheckpointError(f"{config_path} is not valid JSON ({exc}): re-save") from exc
        if not isinstance(meta, dict) or meta.get("format") != FORMAT_NAME:
            raise CheckpointError(
                f"{config_path} is not a cuakit reward model (format "
                f"{meta.get('format') if isinstance(meta, dict) else None!r}, expected "
                f"{FORMAT_NAME!r})"
            )
        if meta.get("format_version") != FORMAT_VERSION:
            raise CheckpointError(
                f"{config_path}: format_version {meta.get('format_version')!r}, this cuakit "
                f"reads version {FORMAT_VERSION}; load it with the cuakit that wrote it"
            )
        known = {f.name for f in fields(RewardModelConfig)}
        raw = meta.get("config")
        if not isinstance(raw, dict) or set(raw) - known:
            unknown = sorted(set(raw) - known) if isinstance(raw, dict) else raw
            raise CheckpointError(f"{config_path}: unusable config ({unknown!r} unknown)")
        try:
            config = RewardModelConfig(**raw)
        except (TypeError, ConfigError) as exc:
            raise CheckpointError(f"{config_path}: invalid config: {exc}") from exc
        if backbone is not None and backbone != config.backbone:
            raise CheckpointError(
                f"{directory} holds a {config.backbone!r} model, not {backbone!r}: pass "
                f"backbone={config.backbone!r} or a checkpoint of the backbone you want"
            )
        model = cls(config, _timesformer_config=meta.get("timesformer_config"))
        try:
            state = load_file(str(weights_path))
        except (SafetensorError, OSError) as exc:
            raise CheckpointError(
                f"{weights_path} cannot be read ({exc}): the file is corrupt or truncated; "
                "save the checkpoint again"
            ) from exc
        try:
            model.load_state_dict(state, strict=True)
        except RuntimeError as exc:
            lines = str(exc).strip().splitlines()  # a header, then one line per problem
            first = lines[min(1, len(lines) - 1)].strip()
            raise CheckpointError(
                f"{weights_path} does not match the {config.backbone} model that {config_path} "
                f"describes ({first}); save weights and config together with save_pretrained"
            ) from exc
        return model.eval()

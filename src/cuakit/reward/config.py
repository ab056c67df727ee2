"""The reward model's configuration and checkpoint format constants.

`RewardModelConfig` says which backbone and how big; the thresholds below say when a screen word
counts as an instruction word (`cuakit.reward.word_batch`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cuakit.errors import ConfigError
from cuakit.video.text import READERS

BACKBONES = ("frame-temporal", "timesformer", "cnn3d")
"""the small model's backbones (`cuakit.reward.model.VideoRewardModel`)"""
VLM_BACKBONE = "vlm"
"""the vision-language judge (`cuakit.reward.vlm_judge.VLMJudge`), trained and evaluated by the
same trainer and commands"""
TRAINER_BACKBONES = (*BACKBONES, VLM_BACKBONE)
READING = ("templates", *READERS)
"""how a model with words compares them: font templates, or a recogniser of `READERS`"""
FORMAT_NAME = "cuakit-reward-model"
FORMAT_VERSION = 18  # 2: frame-temporal reads screen words; 3: their look; 4: the pointer;
# 5: strict match scores; 6: per-word unmet head, the last press; 7: rotary screen positions;
# 8: the video's length; 9: the patch stem; 10: the instruction on display is no evidence;
# 11: instruction words' meaning; 12: function words are no requirement; 13: pressed places;
# 14: a pressed place inside an outline (a fifth pointer flag), underlines erased, two faces;
# 15: only slot words are requirements (slots_only); 16: words matched in bold faces too;
# 17: no button state (the recorder draws none): no pressed/last-press matches, pressed places
# or press flags, one pointer flag; 18: the options that measured no gain removed (rotary,
# word_meaning, skip_function_words, the whole-frame stem), a recogniser may read the words
READS_VERSIONS = (17, 18)
"""checkpoint versions this cuakit loads (17: when its removed options are off)"""
REMOVED_OPTIONS = {
    "rotary": False,
    "patch_stem": True,
    "word_meaning": False,
    "skip_function_words": False,
}
"""options of format 17 that measured no gain (docs/benchmarks.md), with the value this cuakit
behaves as: a version-17 checkpoint trained with another value cannot be loaded"""
MATCH_KINDS = 3
"""where an instruction word is looked for: anywhere, final frame, new text"""
EXACT_MATCH = 0.85
"""crop cosine similarity above which a screen word counts as the same word as an instruction
word (`cuakit.video.templates.match_scores`)"""
STRICT_MATCH = 0.85
"""the same for the strict score of `cuakit.video.templates.match_pairs` (block by block: same-word
pairs on desksim score ≥ 0.87 in 95% of cases, near-duplicates 0.65 at the median)"""
MATCH_FEATURES = 4
"""numbers per best match: the cosine and strict scores, and whether each passes its threshold"""


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
    reader: str = "ppocr"
    """frame-temporal with words: how screen words are compared with the instruction's — by a
    text recogniser, ``ppocr`` (default) or ``tesseract`` (`cuakit.video.text`; strings
    compared by edit distance), which then reads every clip (`clip_words(..., reader=)`), or
    ``templates`` (crops against the instruction drawn in two fonts). On the 11-family desksim
    set's val split PP-OCR scored 0.899 (AUROC 0.918, pairs 0.853) against the templates' 0.892
    (0.896, 0.845)"""
    max_instruction_words: int = 16
    """frame-temporal with words: instruction words read (the rest are ignored)"""
    duration: bool = True
    """read each video's length in seconds (``forward(..., seconds=)``): T sampled frames look
    the same for a quick and a slow success, and of two successes the quicker is preferred"""
    slots_only: bool = True
    """frame-temporal with words: only the instruction's slot words (quoted, with a digit, or
    capitalised mid-sentence: `cuakit.video.templates.slot_words`) are counted as requirements left
    undone; the others are read in context only. A model trained on the other families took
    the unseen phrase words of autocomplete ("suggestions", "letters": unmet logits of +8 to
    +14) for requirements and failed every success; trained with slots only, autocomplete held
    out scored 0.913 (was 0.800) and held-out seeds 0.986 (was 0.981), so it is the default"""

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

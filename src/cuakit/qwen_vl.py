"""Qwen2.5-VL folders, shared by the policy (`cuakit.agent.vlm`) and the video judge
(`cuakit.reward.vlm_judge`): the processor that reads them, the loader, and a tiny random model
built locally so that both run on a laptop CPU with no network.

1. ``QwenImageProcessor`` — tokenizer + Qwen2-VL image processor, images only. The stock
   ``Qwen2_5_VLProcessor`` also needs a video processor, and transformers' video processors
   import torchvision, which does not install beside the pinned torch. Screenshots and the
   frames of an execution video are images, so this processor leaves the video half out;
   everything else (the patchify, the expansion of ``<|image_pad|>`` into one token per merged
   patch, ``mm_token_type_ids`` for the multimodal RoPE) is transformers' own code.
2. ``check_qwen_vl_folder`` / ``load_processor`` / ``load_policy`` — model + processor from any
   Qwen2.5-VL folder (a real checkpoint on a GPU machine, or the tiny one), optionally with a
   LoRA adapter on top. Nothing is downloaded.
3. ``build_tiny_qwen_vl(out_dir)`` — a random Qwen2.5-VL of a few layers with a byte-level BPE
   tokenizer trained here on GUI-action text, saved with ``save_pretrained``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import torch
from transformers import (
    AutoModelForImageTextToText,
    GenerationConfig,
    PreTrainedModel,
    PreTrainedTokenizerFast,
    ProcessorMixin,
    Qwen2_5_VLConfig,
    Qwen2_5_VLForConditionalGeneration,
    Qwen2VLImageProcessorPil,
    Qwen3VLConfig,
    Qwen3VLForConditionalGeneration,
)

from cuakit.actions import Action
from cuakit.errors import CheckpointError, ConfigError
from cuakit.prompt import SYSTEM_PROMPT

# ---- 1. the processor ------------------------------------------------------------------------


class QwenImageProcessor(ProcessorMixin):
    """Qwen2.5-VL's processor without the video half: ``processor(images=…, text=…)`` returns
    ``input_ids``, ``attention_mask``, ``mm_token_type_ids``, ``pixel_values`` and
    ``image_grid_thw``, each ``<|image_pad|>`` in the text expanded to one token per merged
    patch of its image (``t·h·w / merge_size²``), as ``Qwen2_5_VLProcessor`` does."""

    # Qwen2.5-VL's rotary positions tell image tokens from text by this mask.
    return_mm_token_type_ids = True

    def __init__(self, image_processor=None, tokenizer=None, chat_template=None, **kwargs):
        self.image_token = getattr(tokenizer, "image_token", None) or "<|image_pad|>"
        self.image_token_id = tokenizer.convert_tokens_to_ids(self.image_token)
        super().__init__(image_processor, tokenizer, chat_template=chat_template, **kwargs)

    def replace_image_token(self, image_inputs: dict, image_idx: int, **kwargs: Any) -> str:
        merge_area = self.image_processor.merge_size**2
        tokens = int(image_inputs["image_grid_thw"][image_idx].prod()) // merge_area
        return self.image_token * tokens

    @property
    def model_input_names(self) -> list[str]:
        return [*super().model_input_names, "mm_token_type_ids"]

    def resize_kwargs(self) -> dict[str, int]:
        """``smart_resize``'s factor, min_pixels and max_pixels as this processor resizes, for
        `cuakit.coords.to_qwen_pixels` / `from_qwen_pixels`."""
        size = self.image_processor.size
        return {
            "factor": self.image_processor.patch_size * self.image_processor.merge_size,
            "min_pixels": int(size["shortest_edge"]),
            "max_pixels": int(size["longest_edge"]),
        }


# ---- 2. loading ------------------------------------------------------------------------------


QWEN_VL_TYPES = ("qwen2_5_vl", "qwen2_vl", "qwen3_vl")
"""``model_type``s of the folders `check_qwen_vl_folder` accepts (Qwen3-VL: tested with the
video judge; the policy's SFT and GRPO are tested on Qwen2.5-VL)"""


def check_qwen_vl_folder(path: Path | str) -> str:
    """The ``model_type`` of a local Qwen2(.5)-VL folder; `CheckpointError` naming the fix when
    ``path`` is no folder, has no ``config.json``, or holds another kind of model."""
    path = Path(path)
    config = path / "config.json"
    fix = "give a Qwen2.5-VL folder (or build one with `cuakit agent build-tiny-vlm --out PATH`)"
    if not config.is_file():
        raise CheckpointError(f"{path}: no config.json; {fix}")
    try:
        model_type = json.loads(config.read_text()).get("model_type")
    except (json.JSONDecodeError, UnicodeDecodeError, AttributeError) as exc:
        raise CheckpointError(f"{config} is not a model config ({exc}); {fix}") from exc
    if model_type not in QWEN_VL_TYPES:
        raise CheckpointError(
            f"{path} holds a {model_type!r} model, not a Qwen VL ({', '.join(QWEN_VL_TYPES)}); "
            f"{fix}"
        )
    processor = ("preprocessor_config.json", "processor_config.json")
    if not (path / "tokenizer_config.json").is_file() or not any(
        (path / name).is_file() for name in processor
    ):
        raise CheckpointError(
            f"{path}: no tokenizer_config.json or no {' / '.join(processor)}; save the "
            "processor beside the model (processor.save_pretrained) or copy it from the base "
            "checkpoint"
        )
    return str(model_type)


def load_processor(path: Path | str, max_pixels: int | None = None) -> QwenImageProcessor:
    """The processor of a Qwen2(.5)-VL folder (its tokenizer, image processor config and chat
    template); ``max_pixels`` caps the resized screenshot's area (visual tokens = area / 28²)."""
    processor = QwenImageProcessor.from_pretrained(str(path), local_files_only=True)
    if max_pixels is not None:
        size = dict(processor.image_processor.size)
        size["longest_edge"] = max_pixels
        size["shortest_edge"] = min(int(size["shortest_edge"]), max_pixels)
        processor.image_processor.size = type(processor.image_processor.size)(**size)
    return processor


def load_policy(
    path: Path | str,
    adapter: Path | str | None = None,
    dtype: str | torch.dtype = "auto",
    device: str | None = None,
    max_pixels: int | None = None,
) -> tuple[PreTrainedModel, QwenImageProcessor]:
    """``(model, processor)`` from a Qwen2.5-VL folder, with the LoRA ``adapter`` folder on top
    when given. ``dtype="auto"`` keeps the checkpoint's (bf16 for Qwen's, fp32 for the tiny
    one); ``device`` defaults to CUDA when there is one. Nothing is downloaded."""
    path = Path(path)
    if not (path / "config.json").exists():
        raise CheckpointError(
            f"{path}: no config.json; give a Qwen2.5-VL folder (or build one with "
            "`cuakit agent build-tiny-vlm --out PATH`)"
        )
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    model = AutoModelForImageTextToText.from_pretrained(path, dtype=dtype, local_files_only=True)
    if adapter is not None:
        from peft import PeftModel  # the vlm extra; imported only when an adapter is asked for

        model = PeftModel.from_pretrained(model, str(adapter))
    return model.to(device).eval(), load_processor(path, max_pixels)


# ---- 3. the tiny model -----------------------------------------------------------------------

# Qwen2.5's special tokens in their order (the real ids start at 151643); the tiny tokenizer
# puts them after its learned vocabulary, and the tiny config points at those ids.
QWEN_SPECIAL_TOKENS = (
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
    "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>",
    "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>",
)  # fmt: skip
# The tiny tokenizer's pre-tokenizer: Qwen2's (single digits, punctuation runs, newlines,
# spaces) except that a word never takes the space or quote before it, so a label is the same
# tokens however an instruction quotes it: in Qwen2's, "'Filter" and " Filter" share none, and
# a model that learnt its language from a few phrasings broke on a quote style it never saw.
_TINY_SPLIT = r"\p{L}+|\p{N}|[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
# Qwen2-VL's chat template (the one its checkpoints ship), images only.
QWEN_CHAT_TEMPLATE = (
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}"
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n{% endif %}"
    "<|im_start|>{{ message['role'] }}\n{% if message['content'] is string %}"
    "{{ message['content'] }}<|im_end|>\n{% else %}{% for content in message['content'] %}"
    "{% if content['type'] == 'image' or 'image' in content or 'image_url' in content %}"
    "<|vision_start|><|image_pad|><|vision_end|>{% elif 'text' in content %}"
    "{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n{% endif %}{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
_WORDS = (
    "click the button OK Cancel Save Open File Edit View Help Close menu item checkbox text "
    "field type into enter press select scroll down up left right drag slider to from window "
    "dialog tab list line bold make second first last task done finish fail wait key ctrl shift "
    "alt enter escape name email password search submit next back yes no settings icon at on in "
    "of a an and is it this that with for screen top bottom corner page"
)


def _tokenizer_corpus() -> list[str]:
    """Text the tiny BPE learns its merges from: the schema, every action's wire form, the
    chat layout, instruction words and numbers."""
    examples = [
        Action.click(0.82, 0.15, "the Save button").to_json(),
        Action.drag(0.1, 0.25, 0.6, 0.25, "select the line").to_json(),
        Action.scroll("down", 3, reasoning="the list continues").to_json(),
        Action.type_text("hello world").to_json(),
        Action.key("ctrl+s").to_json(),
        Action.wait(1.0).to_json(),
        Action.finish("the task is done").to_json(),
        Action.fail().to_json(),
        '{"action": "double_click", "coordinates": [12, 340]}',
        '{"action": "right_click", "coordinates": [0.5, 0.5]}',
        '{"action": "move", "coordinates": [0.25, 0.75]}',
    ]
    numbers = [f"[{i / 100:.2f}, {(99 - i) / 100:.2f}]" for i in range(100)]
    chat = ["```json\n", "\n```", "Task: ", "Previous actions: none", "Previous actions:\n1. "]
    return [*SYSTEM_PROMPT.values(), *examples, *numbers, *chat, _WORDS] * 4


def build_tiny_tokenizer(vocab_size: int = 512) -> PreTrainedTokenizerFast:
    """A byte-level BPE tokenizer (any text encodes, decoding is exact) trained here on
    GUI-action text, with Qwen2.5's special tokens and chat template."""
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, pre_tokenizers
    from tokenizers.trainers import BpeTrainer

    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(_TINY_SPLIT), behavior="isolated"),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
    ])  # fmt: skip
    bpe.decoder = decoders.ByteLevel()
    trainer = BpeTrainer(
        vocab_size=vocab_size,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(_tokenizer_corpus(), trainer)
    bpe.add_special_tokens(
        [AddedToken(t, special=True, normalized=False) for t in QWEN_SPECIAL_TOKENS]
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=bpe,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        extra_special_tokens=list(QWEN_SPECIAL_TOKENS[1:]),
        chat_template=QWEN_CHAT_TEMPLATE,
        model_max_length=4096,
    )


TINY_ROPE_THETA = 10.0
"""The tiny language model's rotary base. Multimodal RoPE gives a screenshot token's row and
column only the slowest rotary frequencies; at Qwen's base (1e6) and the tiny model's 16-dim
heads they turn by under 0.002 rad across a screen's columns (0.2 across its rows), so no
attention tells one column from another and a random model never learnt where to click (its
first coordinate digit at chance after 1,500 full steps on screens holding one box). At 10
they turn by 2-3 rad across a screen."""


TINY_INIT_STD = 0.2
"""The tiny model's weight initialisation std. Qwen's 0.02 suits its 3,584-wide layers, where a
projection of a unit-scale input comes out at 0.02·√3584 ≈ 1.2; at width 64 it comes out at
0.16, every attention logit is near 0, every screenshot token is attended to alike, and LoRA
never made attention depend on position (the first coordinate digit at chance after 8,000
steps of 8). At 0.2 random attention already prefers some positions and LoRA learns from
there (docs/benchmarks.md, stop 45)."""


def tiny_config(tokenizer: PreTrainedTokenizerFast, hidden: int = 64) -> Qwen2_5_VLConfig:
    """A Qwen2.5-VL of 2 text layers and 2 vision blocks whose token ids match ``tokenizer``.
    Patch size, merge size and temporal patch stay Qwen's (14, 2, 2), so images resize and
    coordinates convert exactly as for the 7B model; the rotary base is `TINY_ROPE_THETA`, the
    initialisation `TINY_INIT_STD`."""
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in QWEN_SPECIAL_TOKENS}
    heads = 4
    half_head = hidden // heads // 2  # rotary frequencies per head, split over (t, h, w)
    mrope = [half_head - 2 * (half_head * 3 // 8), half_head * 3 // 8, half_head * 3 // 8]
    return Qwen2_5_VLConfig(
        text_config={
            "vocab_size": len(tokenizer),
            "hidden_size": hidden,
            "intermediate_size": 2 * hidden,
            "num_hidden_layers": 2,
            "num_attention_heads": heads,
            "num_key_value_heads": 2,
            "max_position_embeddings": 4096,
            "max_window_layers": 2,
            "rope_parameters": {
                "rope_type": "default",
                "rope_theta": TINY_ROPE_THETA,
                "mrope_section": mrope,
            },
            "initializer_range": TINY_INIT_STD,
            "bos_token_id": ids["<|endoftext|>"],
            "eos_token_id": ids["<|im_end|>"],
            "pad_token_id": ids["<|endoftext|>"],
        },
        vision_config={
            "depth": 2,
            "hidden_size": 32,
            "intermediate_size": 64,
            "num_heads": 2,
            "out_hidden_size": hidden,
            "patch_size": 14,
            "spatial_merge_size": 2,
            "temporal_patch_size": 2,
            "window_size": 112,
            "fullatt_block_indexes": [1],
            "initializer_range": TINY_INIT_STD,
        },
        image_token_id=ids["<|image_pad|>"],
        video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"],
        vision_end_token_id=ids["<|vision_end|>"],
        tie_word_embeddings=False,
        initializer_range=TINY_INIT_STD,
    )


def tiny_qwen3_config(tokenizer: PreTrainedTokenizerFast, hidden: int = 64) -> Qwen3VLConfig:
    """A Qwen3-VL of 2 text layers and 2 vision blocks (the first feeding DeepStack) whose
    token ids match ``tokenizer``; patch 16, merge 2 as Qwen3-VL's; rotary base and
    initialisation as `tiny_config`'s."""
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in QWEN_SPECIAL_TOKENS}
    heads, head_dim = 4, hidden // 4
    half = head_dim // 2
    mrope = [half - 2 * (half * 3 // 8), half * 3 // 8, half * 3 // 8]
    return Qwen3VLConfig(
        text_config={
            "vocab_size": len(tokenizer), "hidden_size": hidden, "intermediate_size": 2 * hidden,
            "num_hidden_layers": 2, "num_attention_heads": heads, "num_key_value_heads": 2,
            "head_dim": head_dim, "max_position_embeddings": 4096,
            "rope_parameters": {"rope_type": "default", "rope_theta": TINY_ROPE_THETA,
                                "mrope_section": mrope, "mrope_interleaved": True},
            "initializer_range": TINY_INIT_STD, "pad_token_id": ids["<|endoftext|>"],
        },
        vision_config={
            "depth": 2, "hidden_size": 32, "intermediate_size": 64, "num_heads": 2,
            "out_hidden_size": hidden, "patch_size": 16, "spatial_merge_size": 2,
            "temporal_patch_size": 2, "num_position_embeddings": 256,
            "deepstack_visual_indexes": [0], "initializer_range": TINY_INIT_STD,
        },
        image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"], vision_end_token_id=ids["<|vision_end|>"],
        tie_word_embeddings=False,
    )  # fmt: skip


def qwen25_vl_7b_config(tokenizer: PreTrainedTokenizerFast) -> Qwen2_5_VLConfig:
    """Qwen2.5-VL-7B-Instruct's shape (its config.json's sizes), with ``tokenizer``'s special
    token ids: for speed and memory figures with random weights where no checkpoint can be
    downloaded."""
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in QWEN_SPECIAL_TOKENS}
    return Qwen2_5_VLConfig(
        text_config={
            "vocab_size": 152064, "hidden_size": 3584, "intermediate_size": 18944,
            "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4,
            "max_position_embeddings": 128000, "max_window_layers": 28, "rms_norm_eps": 1e-6,
            "rope_parameters": {"rope_type": "default", "rope_theta": 1e6,
                                "mrope_section": [16, 24, 24]},
            "bos_token_id": ids["<|endoftext|>"], "eos_token_id": ids["<|im_end|>"],
            "pad_token_id": ids["<|endoftext|>"],
        },
        vision_config={
            "depth": 32, "hidden_size": 1280, "intermediate_size": 3420, "num_heads": 16,
            "out_hidden_size": 3584, "patch_size": 14, "spatial_merge_size": 2,
            "temporal_patch_size": 2, "window_size": 112, "fullatt_block_indexes": [7, 15, 23, 31],
            "tokens_per_second": 2,
        },
        image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"], vision_end_token_id=ids["<|vision_end|>"],
        tie_word_embeddings=False,
    )  # fmt: skip


def random_qwen_vl(
    config: Qwen2_5_VLConfig | Qwen3VLConfig, device: str | torch.device, dtype: torch.dtype
) -> PreTrainedModel:
    """A model of ``config`` with random weights, built on ``device`` in ``dtype`` from the start:
    a 7B model never passes through host memory in fp32 (it does not fit there)."""
    kind = (Qwen3VLForConditionalGeneration if isinstance(config, Qwen3VLConfig)
            else Qwen2_5_VLForConditionalGeneration)  # fmt: skip
    with torch.device(device):
        return kind._from_config(config, dtype=dtype)


TINY_FAMILIES = ("qwen2.5-vl", "qwen3-vl")
"""what `build_tiny_qwen_vl` builds: Qwen2.5-VL (the policy's and the judge's default) or
Qwen3-VL (patch 16, DeepStack visual features; the judge reads it too)"""


def build_tiny_qwen_vl(out_dir: Path | str, seed: int = 0, family: str = "qwen2.5-vl") -> Path:
    """Write a random tiny Qwen2.5-VL (or Qwen3-VL: ``family``) to ``out_dir`` (model,
    tokenizer, image processor, chat template, generation config), loadable with
    `load_policy`. Deterministic for a seed; about a megabyte; builds in a second."""
    if family not in TINY_FAMILIES:
        raise ConfigError(f"--family {family!r}: use one of {', '.join(TINY_FAMILIES)}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tiny_tokenizer()
    torch.manual_seed(seed)
    if family == "qwen3-vl":
        model: PreTrainedModel = Qwen3VLForConditionalGeneration(tiny_qwen3_config(tokenizer))
    else:
        model = Qwen2_5_VLForConditionalGeneration(tiny_config(tokenizer))
    patch = model.config.vision_config.patch_size
    special = tokenizer.convert_tokens_to_ids(["<|im_end|>", "<|endoftext|>"])
    model.generation_config = GenerationConfig(
        eos_token_id=special, pad_token_id=special[1], do_sample=False
    )
    model.save_pretrained(out)
    factor = patch * 2  # the merged token's side: 28 px for Qwen2.5-VL, 32 for Qwen3-VL
    image_processor = Qwen2VLImageProcessorPil(
        patch_size=patch, min_pixels=4 * factor**2, max_pixels=factor**2 * 64
    )
    processor = QwenImageProcessor(image_processor, tokenizer, chat_template=QWEN_CHAT_TEMPLATE)
    processor.save_pretrained(out)
    return out

"""The VLM-scale policy: the tiny Qwen2.5-VL, its image-only processor, the prompt and the
answer format, and `VLMPolicy.act`'s contract."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch
from PIL import Image
from transformers import Qwen2_5_VLForConditionalGeneration

from cuakit.actions import Action, smart_resize
from cuakit.agent.vlm import (
    QWEN_SPECIAL_TOKENS,
    VLMOutputError,
    VLMPolicy,
    build_prompt,
    build_tiny_qwen_vl,
    build_tiny_tokenizer,
    load_policy,
    tiny_config,
)
from cuakit.errors import ActionParseError, CheckpointError, FrameError
from cuakit.prompt import ScreenGeometry, read_answer, render_answer


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen_vl(tmp_path_factory.mktemp("vlm") / "tiny")


def test_tiny_model_saves_and_reloads_through_from_pretrained(tiny: Path) -> None:
    model, processor = load_policy(tiny)
    assert type(model).__name__ == "Qwen2_5_VLForConditionalGeneration"
    torch.manual_seed(0)  # what build_tiny_qwen_vl(seed=0) built, before saving
    built = Qwen2_5_VLForConditionalGeneration(tiny_config(build_tiny_tokenizer()))
    loaded = model.state_dict()
    assert built.state_dict().keys() == loaded.keys()
    assert all(torch.equal(value, loaded[name]) for name, value in built.state_dict().items())
    # the config points at the tokenizer's own ids for the vision tokens
    tokenizer = processor.tokenizer
    assert model.config.image_token_id == tokenizer.convert_tokens_to_ids("<|image_pad|>")
    assert model.config.vision_start_token_id == tokenizer.convert_tokens_to_ids("<|vision_start|>")
    assert model.config.vision_end_token_id == tokenizer.convert_tokens_to_ids("<|vision_end|>")
    assert model.config.text_config.vocab_size == len(tokenizer)
    assert len({tokenizer.convert_tokens_to_ids(t) for t in QWEN_SPECIAL_TOKENS}) == 14
    assert all(len(tokenizer(t, add_special_tokens=False)["input_ids"]) == 1
               for t in QWEN_SPECIAL_TOKENS)  # fmt: skip


def test_a_hub_style_folder_loads_too(tiny: Path, tmp_path: Path) -> None:
    """Qwen's checkpoints ship preprocessor_config.json and chat_template.json, not the
    processor_config.json that save_pretrained writes: the loader reads both layouts."""
    hub = Path(shutil.copytree(tiny, tmp_path / "hub"))
    os.remove(hub / "processor_config.json")
    template = (hub / "chat_template.jinja").read_text()
    os.remove(hub / "chat_template.jinja")
    (hub / "chat_template.json").write_text(json.dumps({"chat_template": template}))
    (hub / "preprocessor_config.json").write_text(json.dumps({
        "min_pixels": 3136, "max_pixels": 12544, "patch_size": 14, "temporal_patch_size": 2,
        "merge_size": 2, "image_mean": [0.48145466, 0.4578275, 0.40821073],
        "image_std": [0.26862954, 0.26130258, 0.27577711],
        "image_processor_type": "Qwen2VLImageProcessor", "processor_class": "Qwen2_5_VLProcessor",
    }))  # fmt: skip
    _, processor = load_policy(hub)
    assert processor.chat_template == template
    assert processor.resize_kwargs() == {"factor": 28, "min_pixels": 3136, "max_pixels": 12544}


def test_a_folder_without_a_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CheckpointError, match="build-tiny-vlm"):
        load_policy(tmp_path)


@pytest.mark.parametrize("size", [(96, 60), (200, 120), (30, 300)])
def test_image_pad_expands_to_one_token_per_merged_patch(tiny: Path, size: tuple[int, int]) -> None:
    _, processor = load_policy(tiny)
    width, height = size
    geometry = ScreenGeometry(width, height, "normalised", processor.resize_kwargs())
    prompt = build_prompt(processor, "Click OK", [], geometry)
    image = Image.fromarray(np.zeros((height, width, 3), dtype=np.uint8))
    encoded = processor(images=[image], text=[prompt], return_tensors="pt")
    resized_h, resized_w = smart_resize(height, width, **processor.resize_kwargs())
    tokens = (resized_h // 28) * (resized_w // 28)
    assert encoded["image_grid_thw"].tolist() == [[1, resized_h // 14, resized_w // 14]]
    image_pad = encoded["input_ids"] == processor.image_token_id
    assert int(image_pad.sum()) == tokens
    assert torch.equal(encoded["mm_token_type_ids"] == 1, image_pad)
    assert encoded["pixel_values"].shape == (tokens * 4, 3 * 2 * 14 * 14)


def test_max_pixels_caps_the_visual_tokens(tiny: Path) -> None:
    _, processor = load_policy(tiny, max_pixels=28 * 28 * 4)
    image = Image.fromarray(np.zeros((800, 1280, 3), dtype=np.uint8))
    encoded = processor(images=[image], text=["<|vision_start|><|image_pad|><|vision_end|>"])
    assert int(np.prod(encoded["image_grid_thw"][0])) // 4 <= 4
    assert processor.resize_kwargs()["max_pixels"] == 28 * 28 * 4


def test_prompt_shows_schema_task_and_history(tiny: Path) -> None:
    _, processor = load_policy(tiny)
    geometry = ScreenGeometry(96, 60, "normalised", processor.resize_kwargs())
    first = build_prompt(processor, "Save the file", [], geometry)
    assert "Previous actions: none" in first and "Task: Save the file" in first
    assert first.count("<|image_pad|>") == 1 and first.endswith("<|im_start|>assistant\n")
    later = build_prompt(processor, "Save the file", [Action.key("ctrl+s").to_json()], geometry)
    assert '1. {"action": "key", "key": "ctrl+s"}' in later


@pytest.mark.parametrize("coordinates", ["normalised", "qwen-pixels"])
def test_answers_round_trip_through_the_tokenizer_and_parser(tiny: Path, coordinates: str) -> None:
    _, processor = load_policy(tiny)
    geometry = ScreenGeometry(1280, 800, coordinates, {"factor": 28})  # type: ignore[arg-type]
    actions = (Action.click(0.82, 0.15, "齿轮图标"), Action.drag(0.1, 0.2, 0.9, 0.8),
               Action.type_text("naïve 123"), Action.scroll("down", 2), Action.fail())  # fmt: skip
    for action in actions:
        text = render_answer(action, geometry)
        ids = processor.tokenizer(text, add_special_tokens=False)["input_ids"]
        assert processor.tokenizer.decode(ids) == text  # byte-level BPE: exact
        back = read_answer(text, geometry)
        assert back.type is action.type and back.text == action.text
        if action.point is not None:  # pixels come back within a resized pixel
            assert np.allclose(back.point, action.point, atol=1 / 700)
    if coordinates == "qwen-pixels":  # a 1280x800 screen is seen as 1260x784 (over max_pixels)
        assert '"coordinates": [1033, 117]' in render_answer(Action.click(0.82, 0.15), geometry)


@pytest.mark.parametrize(
    "reply", ["I would click OK", '```json\n{"action": "click", "coordinates": [500, 9]}\n```']
)
def test_a_reply_that_is_not_an_action_keeps_the_raw_text(
    tiny: Path, reply: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    policy = VLMPolicy(tiny, coordinates="qwen-pixels", max_new_tokens=2)
    monkeypatch.setattr(policy.processor.tokenizer, "decode", lambda *_, **__: reply)
    screenshot = np.zeros((100, 100, 3), dtype=np.uint8)  # a pixel at x=500 is off it
    with pytest.raises(ActionParseError) as error:
        policy.act(screenshot, "Click OK", [])
    assert isinstance(error.value, VLMOutputError) and error.value.raw_text == reply
    assert policy.last_text == reply and f"(model output: {reply!r})" in str(error.value)


def test_act_returns_an_action_or_raises_with_the_raw_text(tiny: Path) -> None:
    policy = VLMPolicy(tiny, history=2, max_new_tokens=24)
    screenshot = np.random.default_rng(0).integers(0, 256, (60, 96, 3), dtype=np.uint8)
    try:
        action = policy.act(screenshot, "Click OK", [Action.click(0.1, 0.1), Action.wait(1.0)])
    except ActionParseError as error:  # random weights: a parse failure is the likely outcome
        assert isinstance(error, VLMOutputError) and error.raw_text == policy.last_text
    else:
        assert isinstance(action, Action)
    assert isinstance(policy.last_text, str)
    with pytest.raises(FrameError, match="uint8"):
        policy.act(screenshot.astype(np.float32), "Click OK", [])


def test_a_label_is_the_same_tokens_however_it_is_quoted() -> None:
    tokenizer = build_tiny_tokenizer()
    label = tokenizer("Filter", add_special_tokens=False)["input_ids"]
    for instruction in ("Press Filter", "Click the 'Filter' button", 'Click on "Filter"',
                        "Click «Filter»", "Hit the Filter button"):  # fmt: skip
        ids = tokenizer(instruction, add_special_tokens=False)["input_ids"]
        assert any(ids[i : i + len(label)] == label for i in range(len(ids))), instruction
    assert tokenizer.decode(tokenizer("Click the 'Filter' button")["input_ids"]) == (
        "Click the 'Filter' button"  # decoding stays exact
    )

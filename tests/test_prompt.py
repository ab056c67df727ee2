"""The prompt and the answer, written once: round trips per coordinate mode, history in the
model's convention, replies without an action, and the export speaking the words SFT trains on."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cuakit.actions import Action, to_qwen_pixels
from cuakit.coords import COORDINATE_MODES, QWEN_FACTOR, QWEN_MAX_PIXELS, QWEN_MIN_PIXELS
from cuakit.curate.samples import StepSample
from cuakit.curate.sft import sft_conversation
from cuakit.errors import ActionParseError, ConfigError
from cuakit.prompt import SYSTEM_PROMPT, ScreenGeometry, read_answer, render_answer, user_text

ACTIONS = (
    Action.click(0.82, 0.15, "the gear icon"),
    Action.double_click(0.0, 1.0),
    Action.drag(0.1, 0.2, 0.9, 0.8, "select the line"),
    Action.scroll("down", 2, 0.5, 0.5),
    Action.scroll("up"),
    Action.type_text("naïve 123 ```json {}```"),
    Action.key("ctrl+s"),
    Action.wait(2.5),
    Action.finish("the dialog is closed"),
    Action.fail(),
)


def fenced(answer: str) -> dict:
    assert answer.startswith("```json\n") and answer.endswith("\n```")
    return json.loads(answer[len("```json\n") : -len("\n```")])


@pytest.mark.parametrize("mode", COORDINATE_MODES)
def test_every_action_round_trips_through_the_answer(mode: str) -> None:
    geometry = ScreenGeometry(1280, 800, mode)  # type: ignore[arg-type]
    # seen by Qwen as 1260x784: a point comes back within one resized pixel
    tolerance = 0.5e-4 + 1e-12 if mode == "normalised" else 1 / 784
    for action in ACTIONS:
        answer = render_answer(action, geometry)
        assert fenced(answer).get("reasoning", "") == action.reasoning  # inside the JSON
        back = read_answer(answer, geometry)
        assert back.type is action.type and back.reasoning == action.reasoning
        assert (back.text, back.keys, back.direction, back.amount, back.seconds) == (
            action.text, action.keys, action.direction, action.amount, action.seconds
        )  # fmt: skip
        for got, want in ((back.point, action.point), (back.end, action.end)):
            assert (got is None) == (want is None)
            if want is not None:
                assert np.allclose(got, want, atol=tolerance)


def test_qwen_pixels_default_to_qwens_own_resize() -> None:
    geometry = ScreenGeometry(480, 300, "qwen-pixels")
    assert geometry.resize == {
        "factor": QWEN_FACTOR, "min_pixels": QWEN_MIN_PIXELS, "max_pixels": QWEN_MAX_PIXELS
    }  # fmt: skip
    answer = fenced(render_answer(Action.click(0.5, 0.25), geometry))
    assert answer["coordinates"] == list(to_qwen_pixels((0.5, 0.25), 480, 300)) == [238, 77]
    capped = ScreenGeometry(480, 300, "qwen-pixels", {"factor": 28, "max_pixels": 28 * 28 * 16})
    assert fenced(render_answer(Action.click(0.5, 0.25), capped))["coordinates"] == [70, 21]


def test_normalised_answers_carry_four_decimals() -> None:
    """A float's 17 digits are what a small model learns to repeat: answers round them."""
    geometry = ScreenGeometry(480, 300, "normalised", {})
    answer = render_answer(Action.drag(0.30416666666666664, 0.1, 0.5, 0.79333333333), geometry)
    assert '"coordinates": [0.3042, 0.1]' in answer and '"end_coordinates": [0.5, 0.7933]' in answer
    assert read_answer(answer, geometry).point == (0.3042, 0.1)


def test_history_is_shown_as_the_model_would_have_written_it() -> None:
    history = [
        Action.click(0.30416666666666664, 0.25, "the OK button").to_json(),
        Action.key("ctrl+s").to_json(),
        '{"action": "click"',  # a malformed recorded step: shown as it is
    ]
    normalised = ScreenGeometry(480, 300, "normalised")
    assert user_text("Save the file", history, normalised) == (
        "Task: Save the file\nPrevious actions:\n"
        '1. {"action": "click", "coordinates": [0.3042, 0.25], "reasoning": "the OK button"}\n'
        '2. {"action": "key", "key": "ctrl+s"}\n'
        '3. {"action": "click"'
    )
    pixels = user_text("Save the file", history, ScreenGeometry(480, 300, "qwen-pixels"))
    assert (
        '1. {"action": "click", "coordinates": [144, 77], "reasoning": "the OK button"}' in pixels
    )
    assert (
        user_text("Save the file", [], normalised) == "Task: Save the file\nPrevious actions: none"
    )


@pytest.mark.parametrize("mode", COORDINATE_MODES)
def test_a_reply_without_an_action_is_a_parse_error(mode: str) -> None:
    geometry = ScreenGeometry(100, 100, mode)  # type: ignore[arg-type]
    for reply in ("I would click OK", "```json\n[1, 2]\n```", '{"action": "jump"}'):
        with pytest.raises(ActionParseError):
            read_answer(reply, geometry)
    off_screen = '```json\n{"action": "click", "coordinates": [500, 9]}\n```'
    with pytest.raises(ActionParseError, match="coordinates"):
        read_answer(off_screen, geometry)  # pixels past the image, or not normalised


def test_an_unknown_coordinate_mode_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="normalised, qwen-pixels"):
        ScreenGeometry(100, 100, "pixels")  # type: ignore[arg-type]
    assert set(SYSTEM_PROMPT) == set(COORDINATE_MODES)


@pytest.mark.parametrize("mode", COORDINATE_MODES)
def test_the_export_is_what_sft_trains_on_and_vlm_policy_asks(mode: str) -> None:
    """`cuakit curate export --format sft` once wrote its own prompt (another schema, a sentence
    before the JSON): a model trained on the export read other words than `VLMPolicy` sent."""
    from transformers import Qwen2VLImageProcessorPil

    from cuakit.agent.sft import StepSampleCollator
    from cuakit.agent.vlm import (
        END_OF_TURN,
        QWEN_CHAT_TEMPLATE,
        QwenImageProcessor,
        build_prompt,
        build_tiny_tokenizer,
    )

    image_processor = Qwen2VLImageProcessorPil(
        min_pixels=QWEN_MIN_PIXELS, max_pixels=QWEN_MAX_PIXELS
    )
    processor = QwenImageProcessor(
        image_processor, build_tiny_tokenizer(), chat_template=QWEN_CHAT_TEMPLATE
    )
    assert processor.resize_kwargs() == ScreenGeometry(1, 1, "normalised").resize
    history = (Action.click(0.30416666666666664, 0.25, "the OK button").to_json(),
               Action.type_text("hello").to_json(), '{"action": "click"')  # fmt: skip
    action = Action.drag(0.1, 0.2, 0.7, 0.2, "select the line")
    sample = StepSample("s/0/3", "images/000000_03.png", "Select the line", action.to_dict(),
                        480, 300, history=history)  # fmt: skip
    geometry = ScreenGeometry(480, 300, mode)  # type: ignore[arg-type]
    system, user, assistant = sft_conversation(sample, geometry.coordinates)["conversations"]
    assert system["content"] == SYSTEM_PROMPT[mode]
    assert user["content"][1]["text"] == user_text(sample.instruction, history, geometry)
    asked = build_prompt(processor, sample.instruction, history, geometry)
    exported = processor.apply_chat_template(
        [system, user], tokenize=False, add_generation_prompt=True
    )
    assert exported == asked
    collator = StepSampleCollator(processor, mode, history=len(history))  # type: ignore[arg-type]
    assert collator.texts(sample, 480, 300) == (asked, assistant["content"] + END_OF_TURN)


def test_a_user_text_reads_back_into_its_task_and_previous_actions():
    from cuakit.prompt import read_user_text

    geometry = ScreenGeometry(480, 300, "normalised")
    history = [Action.click(0.25, 0.5).to_json(), Action.type_text("hi there").to_json()]
    instruction, previous = read_user_text(user_text('Click on "Save"', history, geometry))
    assert instruction == 'Click on "Save"'
    assert [a.to_json() for a in previous] == history
    assert read_user_text(user_text("Press OK", [], geometry)) == ("Press OK", [])
    with pytest.raises(ActionParseError, match="Task"):
        read_user_text("hello")

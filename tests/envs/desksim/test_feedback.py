"""What desksim shows after a decisive step: only what a real app shows (a focus ring, a
command's effect, a generic confirmation page), never the instruction's values restated
(docs/desksim-feedback.md)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from cuakit.actions import Action
from cuakit.envs.desksim import FAMILIES, DeskSimEnv
from cuakit.envs.desksim.tasks.base import CONFIRMATIONS
from cuakit.envs.desksim.textapp import INVISIBLE, MENUS
from cuakit.envs.desksim.widgets import Label
from tests.envs.desksim.test_splits import slots
from tests.envs.desksim.test_tasks import run_expert, still_scene

FAMILY_NAMES = [task.family for task in FAMILIES]


def label_texts(env: DeskSimEnv) -> dict[int, str]:
    assert env.desk is not None
    return {
        id(widget): widget.text
        for window in env.desk.windows
        for widget in window.widgets
        if isinstance(widget, Label)
    }


def instruction_values(family: str, params: dict) -> list[str]:
    values = [value for value, _ in slots(family, params)]
    if family == "menu-item":
        menu, item = params["path"].split(" > ")
        values += [menu, item.removesuffix("...")]
    if family == "form-fill":
        values += list(params["fields"].values())
    if family == "slider":
        values.append(str(params["value"]))
    return values


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_text_shown_on_the_way_to_success_restates_no_value_of_the_instruction(
    family: str,
) -> None:
    """Regression: status lines restated the instruction for the judge ("Done: File > Save
    As...", "Done: OK", "Selected: Cairo", a receipt listing the committed values, "Saved
    notes.txt"), which no real app writes. Text that appears or changes while the expert
    succeeds names none of the instruction's values; window titles may (a document's or a
    dialog's title names it in real apps too)."""
    env = DeskSimEnv(family)
    for seed in range(8):
        env.reset(seed=seed)
        before = label_texts(env)
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(env.expert_action())
            done = terminated or truncated
        assert info["success"], f"{family} seed {seed}"
        shown = [text for key, text in label_texts(env).items() if before.get(key) != text]
        for value in instruction_values(family, info["params"]):
            pattern = rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])"
            leaks = [text for text in shown if re.search(pattern, text, re.IGNORECASE)]
            assert not leaks, f"{family} seed {seed}: {value!r} restated in {leaks}"


def test_a_pressed_button_keeps_a_focus_ring() -> None:
    env = DeskSimEnv("click-button", difficulty=2)
    env.reset(seed=0)
    desk, task = env.desk, env.task
    assert desk is not None and task is not None
    plain = still_scene(env)
    env.step(env.expert_action())
    env.step(Action.move(0.01, 0.01))  # the pointer leaves; the ring stays
    assert desk.focus is task.target and not np.array_equal(still_scene(env), plain)
    wrong = next(button for button in task.buttons if button is not task.target)
    env.step(task.click(wrong))
    assert desk.focus is wrong  # the ring moves to the button pressed last


@pytest.mark.parametrize("seed", [0, 1])
def test_every_menu_command_shows_its_own_effect(seed: int) -> None:
    """A chosen command shows only by what it does; two commands never look alike, so a wrong
    choice never passes for the right one (Copy changes nothing, as in a real app)."""
    env = DeskSimEnv("menu-item", difficulty=3)
    screens: dict[bytes, str] = {}
    for menu, items in MENUS.items():
        for item in items:
            env.reset(seed=seed)
            assert env.desk is not None and env.task is not None
            before = still_scene(env)
            env.task.text_app.run(env.desk, menu, item)
            after = still_scene(env)
            path = f"{menu} > {item}"
            if path in INVISIBLE:
                assert np.array_equal(after, before), path
                continue
            assert not np.array_equal(after, before), f"{path} changed nothing"
            assert after.tobytes() not in screens, f"{path} looks like {screens[after.tobytes()]}"
            screens[after.tobytes()] = path


def test_apply_greys_itself_out_until_a_slider_moves() -> None:
    env = DeskSimEnv("slider", difficulty=1)
    assert run_expert(env, seed=0)["success"]
    desk, task = env.desk, env.task
    assert desk is not None and task is not None
    assert not task.apply.enabled and desk.focus is not task.apply
    presses = task.apply.presses
    desk.click(*env._px(task.point(task.apply.bbox)))
    assert task.apply.presses == presses  # a greyed-out button ignores clicks
    desk.focus = task.sliders[0]
    desk.key("right")
    assert task.apply.enabled


def test_a_wrong_commit_shows_the_same_page_as_a_right_one() -> None:
    """The confirmation page is generic: the judge has to see the choices made before it."""
    env = DeskSimEnv("dropdown-select", difficulty=1)
    env.reset(seed=0)
    assert env.desk is not None and env.task is not None
    env.task.ok.on_press(env.desk)  # confirm without choosing: nothing is selected yet
    wrong = [w.text for w in env.desk.windows[-1].widgets]
    assert not env.task.outcome().success
    assert run_expert(env, seed=0)["success"]
    right = [w.text for w in env.desk.windows[-1].widgets]
    assert wrong == right == list(CONFIRMATIONS[env.task.ok_label])


@pytest.mark.parametrize("difficulty", [1, 3])
def test_an_autocomplete_pick_runs_the_search_and_typing_the_name_does_not(
    difficulty: int,
) -> None:
    """Typing a short name in full shows it in the box as a pick would; only a pick (the
    decisive step) runs the search, whose results name no city."""
    env = DeskSimEnv("autocomplete", difficulty=difficulty)
    env.reset(seed=1)
    task = env.task
    assert env.desk is not None and task is not None
    for field, target in zip(task.fields, task.targets, strict=True):
        env.step(Action.key("escape"))  # close the other box's suggestions
        env.step(task.click(field))
        env.step(Action.type_text(target))
        assert field.value == target
    assert task.hint.text == "Type to see suggestions" and not task.outcome().success
    assert run_expert(env, seed=1)["success"]
    task = env.task
    assert task.hint.text == task.results
    assert not any(target in task.hint.text for target in task.targets)

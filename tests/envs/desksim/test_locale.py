"""desksim in Simplified Chinese (``locale="zh"``): every word on screen and the instruction are
Chinese, the state stays English (so every expert still succeeds), no two choices of one
screen read alike, and a zh episode replays frame for frame."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from cuakit import envs
from cuakit.cli import main
from cuakit.envs.desksim import FAMILIES, DeskSimEnv, render
from cuakit.envs.desksim.desk import Desk
from cuakit.envs.desksim.locale import ZH, is_cjk, join, translate
from cuakit.envs.desksim.phrasings_zh import ZH_PHRASINGS
from cuakit.envs.desksim.popups import Dropdown, MenuBar
from cuakit.envs.desksim.tasks import (
    autocomplete,
    base,
    checkboxes,
    click_button,
    dismiss_dialog,
    dropdown_select,
    editor_bold,
    form_fill,
    menu_item,
    scroll_list,
    settings_toggle,
    slider,
)
from cuakit.envs.desksim.textapp import COMMANDS, DOCUMENTS, MENUS
from cuakit.envs.desksim.widgets import TextField
from cuakit.episodes.dataset import EpisodeDataset
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.errors import ConfigError
from tests.envs.desksim.test_tasks import frame_hashes, run_expert

FAMILY_NAMES = [task.family for task in FAMILIES]
PHRASINGS = [
    *click_button.PHRASINGS, *settings_toggle.PHRASES, *form_fill.PHRASINGS,
    *checkboxes.PHRASINGS, *menu_item.PHRASES, *menu_item.EFFECT_PHRASES, *dismiss_dialog.PHRASES,
    *scroll_list.PHRASINGS, *autocomplete.PHRASINGS, *autocomplete.PHRASINGS_TWO,
    *slider.PHRASINGS, *editor_bold.PHRASINGS,
    *(template for pair in dropdown_select.PHRASINGS for template in pair),
    # settings-toggle's tab, form-fill's field and value, menu-item's app
    " (it is under {})", "{}: {}", "In {}: {}",
]  # fmt: skip
LATIN = (  # what a Chinese UI shows in Latin letters: names, files and a few loanwords
    base.NAMES, base.CITIES, autocomplete.MORE_CITIES, form_fill.SURNAMES, form_fill.COMPANIES,
    scroll_list.STEMS, scroll_list.EXTS, editor_bold.STEMS, DOCUMENTS, menu_item.DOCUMENTS,
    ("copy", "bak", "example.com", "InsertDate", "FormatTable", "Cookie", "Ctrl", "x"),
)  # fmt: skip
NAMES = {
    word.lower() for names in LATIN for name in names for word in re.findall("[A-Za-z]+", name)
}


def has_cjk(text: str) -> bool:
    return any(is_cjk(c) for c in text)


def test_translate_looks_up_whole_strings_and_the_shapes_desksim_composes() -> None:
    cases = {
        "Save": "保存",
        "Choose an action:": "请选择一项操作：",
        "Location: Documents": "位置：文档",
        "Save As...": "另存为...",
        "Edit > Select All": "编辑 > 全选",
        "*letter.txt - Notes": "*letter.txt - 笔记",
        "Welcome back, Alice": "欢迎回来，Alice",
        "Version 2.5 is ready to install.": "2.5 版已可安装。",
        "Rent      3,200": "房租      3,200",
        "Ctrl+S    Save the document": "Ctrl+S    保存文档",
    }
    for english, chinese in cases.items():
        assert translate(english, "zh") == chinese
        assert translate(english, "en") == english
    for kept in ("Lisbon", "Alice Ito", "alice.ito@example.com", "report_17.txt", "42", "USD"):
        assert translate(kept, "zh") == kept
    assert not set(ZH.values()) & set(ZH)  # translating twice changes nothing
    assert all(translate(chinese, "zh") == chinese for chinese in ZH.values())
    assert join(["苹果", "香蕉", "樱桃"], "zh") == "苹果、香蕉和樱桃"
    assert join(["Apple", "Banana", "Cherry"], "en") == "Apple, Banana and Cherry"
    with pytest.raises(ValueError, match="use one of"):
        translate("Save", "fr")


def test_no_two_choices_of_one_screen_read_alike_in_chinese() -> None:
    """A task whose buttons (or boxes, options, menu items) read alike in Chinese could not be
    told apart on screen: each list shown together translates one to one."""
    dialog_labels = [label for kind in dismiss_dialog.CLASSIC + dismiss_dialog.VARIED
                     for label in kind[2:]]  # fmt: skip
    groups = [
        [*base.WORDS, *dialog_labels],
        [*settings_toggle.GENERAL, *settings_toggle.PRIVACY, "Cancel", "OK", "Apply", "Save"],
        [*form_fill.FIELDS],
        [*slider.SETTINGS],
        [*MENUS, "Format"],
        *checkboxes.KINDS.values(),
        [*dropdown_select.CHOICES],
        *dropdown_select.CHOICES.values(),
        *(list(items) for items in MENUS.values()),
    ]
    for group in groups:
        shown = {translate(word, "zh") for word in set(group)}
        assert len(shown) == len(set(group)), group


def test_every_phrasing_has_a_chinese_template_with_its_placeholders() -> None:
    assert set(ZH_PHRASINGS) == set(PHRASINGS)  # none missing, none stale
    for english in PHRASINGS:
        fields = [f for _, f, _, _ in string.Formatter().parse(english) if f is not None]
        chinese = [f for _, f, _, _ in string.Formatter().parse(ZH_PHRASINGS[english])]
        chinese = [f for f in chinese if f is not None]
        assert chinese.count("") == fields.count(""), english  # as many positional values
        assert set(chinese) <= set(fields), english
        assert ZH_PHRASINGS[english] != english
    assert all(effect in ZH for effect in menu_item.EFFECTS.values())


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_the_expert_succeeds_in_chinese(family: str) -> None:
    for level in range(1, FAMILIES[FAMILY_NAMES.index(family)].levels + 1):
        env = DeskSimEnv(family, difficulty=level, locale="zh", randomize=level == 2)
        seeds = [0, 1, TEST_SEED_START + level]
        assert [s for s in seeds if not run_expert(env, s)["success"]] == [], f"level {level}"


def asked(family: str, params: dict) -> list[tuple[str, ...]]:
    """The values an instruction names, each as its Chinese wording may read it."""
    values: list[object]
    if family in ("click-button", "dismiss-dialog", "scroll-list", "settings-toggle"):
        values = [params["target"]]
    elif family == "form-fill":
        values = [*params["fields"], *params["fields"].values()]
    elif family == "checkboxes":
        values = [*params["targets"], params["submit"]]
    elif family == "menu-item":
        path = params["path"]
        values = [path.split(" > ")[1]] if path not in menu_item.EFFECTS else []
    elif family == "autocomplete":
        values = params["targets"]
    elif family == "slider":
        values = [params["slider"], params["value"]]
    elif family == "editor-bold":  # line 2, or the second line: 第 2 行 or 第二行
        line = params["line"]
        return [(params["file"],), (f"第 {line} 行", f"第{'一二三四五六'[line - 1]}行")]
    else:
        values = [*params["targets"].values(), params["confirm"]]
    return [(translate(str(v), "zh"),) for v in values]


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_a_chinese_instance_reads_chinese_on_screen_and_in_its_instruction(family: str) -> None:
    english, chinese = DeskSimEnv(family), DeskSimEnv(family, locale="zh")
    for seed in range(4):
        en_obs, _ = english.reset(seed=seed)
        obs, info = chinese.reset(seed=seed)
        assert not np.array_equal(obs["screenshot"], en_obs["screenshot"])
        assert chinese.observation_space.contains(obs)
        text = obs["instruction"]
        assert has_cjk(text), text
        for readings in asked(family, info["params"]):
            assert any(reading in text for reading in readings), f"{readings} not in {text!r}"
        assert any(has_cjk(e["text"]) for e in info["elements"])  # the accessibility tree too


def drawn_on_screens(family: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Every string drawn in Chinese over a few instances of each level: the first screen with
    each menu and drop-down opened, the expert's episode and, in the text app, every command's
    effect. A typed value (a text box's) is left out."""
    drawn: list[str] = []
    typed: set[str] = set()
    real_translate, real_render = render.translate, TextField.render

    def recording(text: str, locale: str) -> str:
        drawn.append(real_translate(text, locale))
        return drawn[-1]

    def typing(self: TextField, *args: object) -> None:
        typed.add(translate(self.value, "zh"))
        real_render(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "translate", recording)
    monkeypatch.setattr(TextField, "render", typing)
    for level in range(1, FAMILIES[FAMILY_NAMES.index(family)].levels + 1):
        env = DeskSimEnv(family, difficulty=level, locale="zh")
        for seed in range(3):
            env.reset(seed=seed)
            open_every_list(env.desk)
            if family == "menu-item":
                for command in COMMANDS:
                    env.reset(seed=seed)
                    env.task.text_app.run(env.desk, "", command)  # type: ignore[union-attr]
                    env.desk.render()  # type: ignore[union-attr]
            run_expert(env, seed)
    yield from (text for text in drawn if text not in typed)


def open_every_list(desk: Desk | None) -> None:
    assert desk is not None
    for window in list(desk.windows):
        for widget in list(window.widgets):
            if isinstance(widget, MenuBar):
                rects = widget.title_rects(desk)
            elif isinstance(widget, Dropdown):
                rects = [widget.bbox]
            else:
                continue
            for x, y, _, _ in rects:
                desk.click(x + 3, y + 3)
                desk.render()
                desk.key("escape")


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_every_word_drawn_on_a_chinese_screen_is_chinese(
    family: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only names (people, cities, companies), file names, codes (USD, XL, PDF) and typed text
    stay in Latin letters, as a Chinese UI shows them."""
    untranslated = set()
    for text in drawn_on_screens(family, monkeypatch):
        for word in re.findall("[A-Za-z]+", text):
            known = word.lower() in NAMES or word.lower().removesuffix("s") in NAMES
            if not (known or word.isupper()):
                untranslated.add(text)
    assert not untranslated, f"{family}: {sorted(untranslated)}"


@pytest.mark.parametrize("family", FAMILY_NAMES)
def test_a_chinese_episode_replays_frame_for_frame(family: str) -> None:
    env_id = f"cuakit/desksim-{family}-v0"
    first = envs.make(env_id, locale="zh", randomize=True)
    assert first.replay_kwargs() == {"randomize": True, "locale": "zh"}  # type: ignore[attr-defined]
    again = envs.make(env_id, **first.replay_kwargs())  # type: ignore[attr-defined]
    assert frame_hashes(first, 7) == frame_hashes(again, 7)  # type: ignore[arg-type]
    assert first.instruction == again.instruction


def test_chinese_search_text_lists_the_names_it_shows() -> None:
    """A Chinese user types 苹 for 苹果: the suggestions match the shown name as well."""
    env = DeskSimEnv("autocomplete", difficulty=1, locale="zh")
    env.reset(seed=0)
    task = env.task
    assert isinstance(task, autocomplete.Autocomplete)
    task.pool = list(base.FRUITS)
    assert task.suggestions("苹") == ["Apple"]
    assert "Apple" in task.suggestions("ap")


def test_an_unknown_locale_names_the_choices(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="use one of en, zh"):
        DeskSimEnv("click-button", locale="fr")
    assert DeskSimEnv("click-button").replay_kwargs() == {}
    out = tmp_path / "d"
    args = ["collect", "--env", "cuakit/desksim-click-button-v0", "--episodes", "1"]
    assert main([*args, "--locale", "zh", "--out", str(out)]) == 0
    meta = EpisodeDataset(out).meta(0)
    assert meta.extra["env_kwargs"] == {"locale": "zh"} and has_cjk(meta.instruction)
    assert main([*args, "--locale", "fr", "--out", str(tmp_path / "e")]) != 0

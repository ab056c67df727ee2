import numpy as np

from cuakit.video.strings import (
    cjk_pieces,
    edit_distance,
    fold,
    match_strings,
    requirements,
    similarity,
    tokens,
    within,
)


def test_fold_unifies_width_case_and_spaces():
    assert fold("ＳＡＶＥ  As") == "save as"
    assert fold("Ｏｋ") == fold("OK")


def test_edit_distance_counts_insertions_deletions_substitutions():
    assert edit_distance("kitten", "sitting") == 3
    assert edit_distance("", "abc") == 3
    assert edit_distance("设置", "设定") == 1


def test_similarity_ignores_edge_punctuation_but_not_letters():
    assert similarity("Save:", "save") == 1.0
    assert similarity("(Porto)", "porto") == 1.0
    assert similarity("Porto", "Paris") < 0.5
    assert 0.7 < similarity("Port0", "Porto") < 1.0  # one misread character


def test_within_finds_a_value_joined_to_its_neighbours():
    assert within("Porto", "City:Porto,") == 1.0
    assert within("保存", "文件已保存") == 1.0
    assert within("Porto", "Cairo") < 0.5
    assert within("", "anything") == 0.0


def test_tokens_split_cjk_per_character_and_latin_per_word():
    assert tokens("点击设置 OK按钮") == ["点", "击", "设", "置", "OK", "按", "钮"]
    assert tokens("Save the file") == ["Save", "the", "file"]


def test_requirements_in_english():
    text = "Type Name: Tariq Novak, Phone: 555-8821 and City: Porto into the form and hit Save"
    assert requirements(text) == [
        "Name", "Tariq", "Novak", "Phone", "555-8821", "City", "Porto", "Save",
    ]  # fmt: skip
    # the sentence's first word is capitalised by grammar, not because it is a value
    assert requirements("Click the 'Export' button") == ["Export"]
    assert requirements("Open report.txt and don't close it") == ["report.txt"]
    assert requirements("Set Warmth to 15. Then click Apply") == ["Warmth", "15", "Apply"]


def test_requirements_in_chinese():
    assert requirements("点击'设置'按钮") == ["设置"]
    assert requirements("点击「保存」，然后输入 42") == ["保存", "42"]
    # Latin runs inside Chinese text are values whatever their case
    assert requirements("把文件 notes.md 另存为 “备份”") == ["notes.md", "备份"]
    assert requirements("打开设置") == []


def test_match_strings_does_not_find_short_words_inside_longer_ones():
    scores = match_strings(["Cancel", "Porto,", "an"], ["an", "Porto"])
    assert scores.shape == (3, 2, 2) and scores.dtype == np.float32
    assert scores[0, 0, 1] < 0.5  # "an" is in "Cancel" but is not what it says
    assert scores[1, 1, 0] == 1.0 and scores[1, 1, 1] == 1.0
    assert scores[2, 0, 0] == 1.0
    assert match_strings([], ["a"]).shape == (0, 1, 2)


def test_cjk_pieces_keep_values_whole_and_pair_the_carrier_phrase():
    assert cjk_pieces("点击'设置'按钮") == [("点击", False), ("设置", True), ("按钮", False)]
    assert cjk_pieces("在“城市”中输入 Munich，然后按 OK") == [
        ("在", False), ("城市", True), ("中输", False), ("输入", False), ("Munich", True),
        ("然后", False), ("后按", False), ("OK", True),
    ]  # fmt: skip
    assert cjk_pieces("把 notes.md 另存为「备份」") == [
        ("把", False), ("notes.md", True), ("另存", False), ("存为", False), ("备份", True),
    ]  # fmt: skip


def test_a_two_character_cjk_value_is_found_inside_a_longer_screen_string():
    """A recogniser reads 保存文件 as one string; 设置 is as specific as a four-letter word."""
    scores = match_strings(["保存文件", "设置"], ["保存", "设置", "Save"])
    assert scores[0, 0, 1] == 1.0 and scores[0, 0, 0] < 1.0
    assert scores[1, 1, 0] == 1.0 and scores[0, 1, 1] == 0.0
    assert scores[:, 2].max() == 0.0


def test_chinese_instructions_give_the_reward_model_cjk_pieces_and_slots():
    from cuakit.video.templates import instruction_pieces, slot_words

    assert instruction_pieces("点击'设置'按钮") == ["点击", "设置", "按钮"]
    assert slot_words("点击'设置'按钮").tolist() == [False, True, False]
    english = "Click the 'Save' button"
    assert instruction_pieces(english) == ["Click", "the", "Save", "button"]
    assert slot_words(english).tolist() == [False, False, True, False]

import numpy as np

from cuakit.video.strings import (
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

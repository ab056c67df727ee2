import random
import re

import pytest

from cuakit.agent.reword import FILLERS, VERBS, reword


def variants(instruction: str, count: int = 200) -> list[str]:
    rng = random.Random(0)
    return [reword(instruction, rng) for _ in range(count)]


def words_asked_for(text: str) -> list[str]:
    """The words of ``text`` that are neither fillers nor GUI verbs, quote marks stripped."""
    bare = re.sub(r"""['"“”«»「」‘’]""", "", text)
    return [w for w in bare.split() if w.lower() not in FILLERS and w.lower() not in VERBS]


@pytest.mark.parametrize(
    "instruction",
    [
        'Click on "Pin"',
        "Hit the Open button",
        "Don't click 'Save' now",
        'Type "hello world" into the Name field',
        "Select the second item, then press OK",
    ],
)
def test_a_rewording_keeps_every_word_that_asks_for_something(instruction):
    for variant in variants(instruction):
        assert words_asked_for(variant) == words_asked_for(instruction), variant


def test_a_quoted_value_stays_whole_in_any_quote_style():
    seen = set()
    for variant in variants('Type "hello world" into the Name field'):
        match = re.search(r"(\S?)hello world(\S?)", variant)
        assert match, variant
        seen.add(match.groups())
    assert {('"', '"'), ("'", "'"), ("「", "」"), ("", "")} <= seen


def test_rewordings_vary_the_verb_the_fillers_and_the_quotes():
    out = set(variants('Click on "Pin"'))
    assert len(out) > 20
    assert any(v.startswith("Tap ") for v in out)
    assert any("'Pin'" in v for v in out)
    assert 'Click on "Pin"' in out  # the instruction as it was stays among them


def test_an_apostrophe_inside_a_word_is_no_quote():
    for variant in variants("Don't click 'Save'"):
        assert variant.startswith("Don't"), variant


def test_chinese_only_changes_its_quote_marks():
    out = set(variants("点击'设置'按钮"))
    assert {re.sub(r"""['"“”«»「」]""", "", v) for v in out} == {"点击设置按钮"}
    assert len(out) > 3


def test_the_same_seed_draws_the_same_rewordings():
    assert variants("Hit the Open button", 20) == variants("Hit the Open button", 20)

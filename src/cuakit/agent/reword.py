"""Instruction rewording for SFT: the same request said another way, so that a policy trained on
a few phrasings reads the request's values rather than the phrasing's exact words.

A model that learnt its language from scratch (the tiny test model) breaks on a phrasing it
never saw: on desksim's test split, whose phrasings training never sees, the tiny policy wrote
corrupt coordinates for every first step. `reword` draws one variant of an instruction with
easy-data-augmentation edits (Wei & Zou, 2019) that keep what the request names:

- the quote marks around a quoted value change style (``'…'``, ``"…"``, ``“…”``, ``«…»``,
  ``「…」`` or none);
- a leading GUI verb changes to another (click, press, hit, tap, push);
- a word that asks for nothing ("the", "please", "button" …) is dropped, or one is inserted
  between words.

Only those filler words are dropped: any other word may carry the request ("not", "second",
a label, a name), and a quoted value is one token that edits never split. An instruction
without spaces (Chinese) only has its quote marks restyled.
"""

from __future__ import annotations

import random
import re

QUOTES = (("'", "'"), ('"', '"'), ("“", "”"), ("«", "»"), ("「", "」"), ("", ""))
"""quote styles a quoted value may be rewritten in; the last leaves it bare"""
VERBS = ("click", "press", "hit", "tap", "push")
"""GUI verbs that mean one press of the pointer, interchangeable at an instruction's start"""
FILLERS = ("the", "a", "on", "please", "now", "then", "here", "just", "button", "item", "option")
"""words that ask for nothing: inserted between words, or dropped where they stand"""

# A quoted value: the pairs below, an ASCII quote not inside a word (so "don't" is no quote).
_QUOTED = re.compile(
    r"""(?<![A-Za-z0-9])'(?P<a>[^']+)'(?![A-Za-z0-9])|(?<![A-Za-z0-9])"(?P<b>[^"]+)"(?![A-Za-z0-9])"""
    r"|“(?P<c>[^”]+)”|‘(?P<d>[^’]+)’|«(?P<e>[^»]+)»|「(?P<f>[^」]+)」"
)
_TOKEN = re.compile(rf"(?:{_QUOTED.pattern})\S*|\S+")  # a quoted value is one token


def reword(instruction: str, rng: random.Random, edits: int = 2) -> str:
    """One variant of ``instruction``: up to ``edits`` word edits, then quotes restyled."""
    words = [m.group(0) for m in _TOKEN.finditer(instruction)]
    if len(words) > 1:
        if words[0].lower() in VERBS and rng.random() < 0.5:
            verb = rng.choice(VERBS)
            words[0] = verb.capitalize() if words[0][0].isupper() else verb
        for _ in range(rng.randint(0, edits)):
            words = _edit(words, rng)
    text = " ".join(words) if len(words) > 1 else instruction
    return _QUOTED.sub(lambda m: _requote(m.group(m.lastgroup), rng), text)


def _requote(value: str, rng: random.Random) -> str:
    opening, closing = rng.choice(QUOTES)
    return f"{opening}{value}{closing}"


def _edit(words: list[str], rng: random.Random) -> list[str]:
    droppable = [i for i, word in enumerate(words) if i > 0 and word.lower() in FILLERS]
    if rng.random() < 0.5 and droppable and len(words) > 2:
        drop = rng.choice(droppable)
        return words[:drop] + words[drop + 1 :]
    at = rng.randint(1, len(words))  # after the verb: an instruction starts with what to do
    return [*words[:at], rng.choice(FILLERS), *words[at:]]

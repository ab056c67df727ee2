"""A recogniser trained on English reads "überweisen" as "uberweisen" and "Öde" as "Ode": the
rules compare Latin words without their accents, and keep other scripts' marks, which spell
different words."""

from __future__ import annotations

from cuakit.safety.accents import unaccented
from tests.safety.gate_calls import click_on


def test_latin_accents_go_and_other_scripts_marks_stay():
    assert unaccented("jetzt überweisen") == "jetzt uberweisen"
    assert unaccented("şimdi öde · thêm vào · przejdź · połączenie") == (
        "simdi ode · them vao · przejdz · polaczenie"
    )
    assert unaccented("faturayı") == "faturayi"
    for kept in ("भेजें", "ドライブ", "оплатить", "받은메일함"):  # vowel signs, dakuten, й
        assert unaccented(kept) == kept


def test_a_commit_word_read_without_its_accents_is_still_one():
    read = {"Jetzt uberweisen": "Abbrechen", "Simdi Ode": "Faturayi Kaydet",
            "Them vao Chrome": "Quay lai"}  # fmt: skip
    for target, beside in read.items():
        assert click_on(target, (beside,), instruction="do the task") == "confirm", target
        assert click_on(beside, (target,), instruction="do the task") == "allow", beside


def test_a_way_out_read_without_its_accents_is_still_one():
    screen = ("Angaben prufen", "Verbindlich absenden")  # "Zurück" beside a binding submit
    assert click_on("Zuruck", screen, instruction="Geh zuruck und andere die Nummer") == "allow"
    assert click_on("Verbindlich absenden", ("Zuruck",), instruction="Pruf die Angaben") != "allow"

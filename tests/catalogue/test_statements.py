"""Statements held to their rulings and the engine: where a statement once left out what its
ruling decides, a test here names what it must say, in every language it is written in."""

from __future__ import annotations

from sabai_rules.catalogue import Catalogue


def test_first_refusal_is_not_offered_to_a_locked_out_owner_in_every_language(
    cat: Catalogue,
) -> None:
    """Issue 35, item 10: :rule:`ruling.first-refusal` offers the card only to an owner who "may
    throw in (is not locked out)", and the engine does so
    (tests/engine/test_sabai_sabai_move.py); the statement once left the exception out."""
    rule = cat.rule("sabai-sabai-move.first-refusal")
    assert "(is not locked out)" in cat.ruling("ruling.first-refusal").decision
    for language in ("en", "fr", "nl"):
        written, text = rule.statement_in(language)
        assert written == language
        assert "{rule}`throw-in.retry-lockout`" in text, language


def test_the_last_chance_to_throw_in_starts_afresh_after_each_throw_in(cat: Catalogue) -> None:
    """Issue 35, item 6: :rule:`ruling.end-of-round-reaction` starts the passing afresh after each
    throw-in, and the engine lets a player throw in again
    (tests/engine/test_round_end.py); the statements of the two ways a round ends once said
    "throw in ... or pass, once each"."""
    assert "starts the passing afresh" in cat.ruling("ruling.end-of-round-reaction").decision
    for ident in ("round-end.empty-row", "round-end.final-lap"):
        rule = cat.rule(ident)
        assert "afresh" in " ".join(rule.statement.split()), ident
        for language in ("en", "fr", "nl"):
            _, text = rule.statement_in(language)
            text = " ".join(text.split())
            for once_each in ("once each", "une fois chacune", "nog één keer op de bovenste kaart"):
                assert once_each not in text, (ident, language)


def test_the_older_compensation_card_is_named_an_assumption_in_every_language(
    cat: Catalogue,
) -> None:
    """Issue 35, item 13: "Tämän tekemiseksi annat yhden omista korteistasi kuvapuoli alaspäin
    pelaajalle" says neither "one card per correct card" nor "after the function";
    :rule:`ruling.compensation-card` says, in every language, that for the older edition these are
    the project's assumptions, and why."""
    ruling = cat.ruling("ruling.compensation-card")
    said = {
        "en": "the project's assumptions",
        "fr": "hypothèses du projet",
        "nl": "aannames van het project",
        "fi": "projektin oletuksia",
    }
    for language, words in said.items():
        text = " ".join(ruling.text_in(language).rationale.split())
        assert words in text, language
        assert "{rule}`sabai-sabai-move.hand-a-card`" in text, language
        assert "Tämän tekemiseksi annat yhden omista korteistasi" in text, language

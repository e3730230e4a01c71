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

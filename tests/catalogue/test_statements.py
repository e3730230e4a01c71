"""Statements held to their rulings and the engine: where a statement once left out what its
ruling decides, a test here names what it must say, in every language it is written in."""

from __future__ import annotations

from sabai_rules.model.catalogue import Catalogue


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


def test_a_batch_is_judged_card_by_card_as_each_lands_in_every_language(cat: Catalogue) -> None:
    """Issue 35, item 12: :rule:`throw-in.several-at-once` once judged each card "when the batch
    is placed", :rule:`ruling.sequential-actions` "when it lands"; without
    ``joker_onto_ass_joker`` they differ for a plain joker after the Ass Joker. One reading: each
    card when it lands, the Ass Joker last of a thrower's identical cards, so that the two agree
    (the referee does so: tests/records/test_simultaneous.py)."""
    rule = cat.rule("throw-in.several-at-once")
    ruling = cat.ruling("ruling.sequential-actions")
    placed = ("when the batch is placed", "où le lot est posé", "de groep wordt neergelegd")
    for language in ("en", "fr", "nl"):
        _, text = rule.statement_in(language)
        text = " ".join(text.split())
        assert not any(words in text for words in placed), language
        assert "{ruling}`ruling.joker-onto-ass-joker`" in text, language
    last = {"en": "Ass Joker last", "fr": "Ass Joker en dernier", "nl": "Ass Joker als laatste"}
    last["fi"] = "Kirottu Jokeri viimeisenä"
    for language, words in last.items():
        decision = " ".join(ruling.text_in(language).decision.split())
        assert words in decision, language
        assert "{ruling}`ruling.joker-onto-ass-joker`" in decision, language


def test_in_the_older_edition_a_card_drawn_past_stays_closed_in_every_language(
    cat: Catalogue,
) -> None:
    """Issue 35, item 7: with ``throw_in_window="until_next_draw"`` the window of the card just
    played closes at the next draw and does not reopen after a turn that keeps the Ass Joker into
    an empty row (tests/engine/test_throw_in.py); the statements once said the top card "can be
    thrown onto as after any turn" in both editions."""
    interception = cat.rule("throw-in.interception")
    empty_row = cat.rule("ass-joker.drawn-into-empty-row")
    for language in ("en", "fr", "nl", "fi"):
        _, text = interception.statement_in(language)
        assert "{rule}`ass-joker.drawn-into-empty-row`" in text, language
        _, text = empty_row.statement_in(language)
        assert "{rule}`throw-in.interception`" in text, language


def test_the_window_ruling_says_a_card_drawn_past_stays_closed_in_the_older_edition(
    cat: Catalogue,
) -> None:
    """Issue 35, item 7: under ``until_next_draw`` a turn that keeps the Ass Joker into an empty
    row no longer reopens the window on a card played a full turn earlier (the engine's
    ``Flow.stale``); the ruling once said the top card was open again "in both editions"."""
    ruling = cat.ruling("ruling.throw-in-window")
    decision = " ".join(ruling.decision.split())
    assert "in both editions the top card can be thrown onto again" not in decision
    assert "stays closed until another card lands on the pile" in decision
    for language in ("fr", "nl", "fi"):
        text = " ".join(ruling.text_in(language).decision.split())
        assert "juuri pelattu" in text, language


def test_a_burned_ass_joker_stays_out_of_play_in_the_statements(cat: Catalogue) -> None:
    """Issue 35, item 2: a burned Ass Joker stays out of the reshuffle by default
    (:rule:`ruling.ass-joker-holder-at-reveal`, option ``burned_ass_joker``); the statements of
    burning it and of losing the round by it say so, in every language they are written in."""
    for ident, languages in (
        ("ass-joker.burn", ("en", "fr", "nl", "fi")),
        ("ass-joker.loses-round", ("en", "fr", "nl")),
    ):
        rule = cat.rule(ident)
        for language in languages:
            written, text = rule.statement_in(language)
            assert written == language, (ident, language)
            assert "`burned_ass_joker`" in text, (ident, language)

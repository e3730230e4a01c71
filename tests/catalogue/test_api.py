"""The runtime API of the catalogue: look-ups, languages and fallbacks, errors, lazy loading."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import Catalogue, Texts, UnknownIdError, UnknownLanguageError


def test_rule_carries_its_text_in_every_source_language(cat: Catalogue) -> None:
    rule = cat.rule("throw-in.wrong-card.penalty")
    assert rule.chapter == "throw-in"
    assert rule.editions == ("current",)
    assert rule.is_normative
    for language, start in (
        ("en", "If a non-identical card is thrown in by mistake"),
        ("fr", "Si une carte non identique est jetée par erreur"),
        ("nl", "Als per ongeluk een niet-identieke kaart wordt gegooid"),
    ):
        quote = rule.source(language)
        assert quote is not None
        assert quote.language == language
        assert quote.edition == "current"
        assert quote.text.startswith(start)
    assert rule.source("fi") is None
    assert "penalty card" in rule.statement


def test_rule_titles_exist_in_all_four_languages(cat: Catalogue) -> None:
    rule = cat.rule("throw-in.identical")
    titles = {language: rule.title(language) for language in catalogue.LANGUAGES}
    assert len(set(titles.values())) >= 3  # translated, not copied
    assert all(titles.values())


def test_dutch_has_no_game_winner_sentence_so_text_falls_back_to_english(cat: Catalogue) -> None:
    rule = cat.rule("game-end.winner")
    assert rule.source("nl") is None
    assert rule.absence("nl") is not None
    fallback = rule.text("nl")
    assert fallback is not None
    assert fallback.language == "en"
    assert "most victory points" in fallback.text


def test_french_reader_falls_back_to_english_then_dutch(cat: Catalogue) -> None:
    assert Texts(en="e", fr="f").pick("fr") == ("fr", "f")
    assert Texts(en="e", nl="n").pick("fr") == ("en", "e")
    assert Texts(nl="n", fi="s").pick("fr") == ("nl", "n")
    assert Texts(fi="s").pick("fr") == ("fi", "s")
    assert Texts(fr="f", nl="n").pick("fi") == ("fr", "f")
    older_only = cat.rule("setup.look-at-two")
    quote = older_only.text("fr")
    assert quote is not None
    assert quote.language == "fi"  # the older edition exists only in Finnish


def test_rules_common_to_both_editions_quote_the_finnish_text(cat: Catalogue) -> None:
    rule = cat.rule("turn.counter-clockwise")
    assert rule.editions == ("current", "older")
    finnish = rule.source("fi")
    assert finnish is not None
    assert finnish.edition == "older"
    assert "vastapäivään" in finnish.text


def test_derived_rule_has_no_source_but_names_what_it_follows_from(cat: Catalogue) -> None:
    rule = cat.rule("ass-joker.drawn-must-be-kept")
    assert rule.is_derived
    assert rule.text("en") is None
    assert "ass-joker.no-direct-discard" in rule.derived_from
    assert rule.absence("en")


def test_unknown_rule_id_names_the_id_and_suggests_the_nearest(cat: Catalogue) -> None:
    with pytest.raises(UnknownIdError) as caught:
        cat.rule("throw-in.wrong-card.penalties")
    message = str(caught.value)
    assert "'throw-in.wrong-card.penalties'" in message
    assert "throw-in.wrong-card.penalty" in caught.value.suggestions
    assert message.count("\n") == 0


def test_unknown_language_is_refused_with_the_known_ones(cat: Catalogue) -> None:
    with pytest.raises(UnknownLanguageError, match=r"'de'.*en, fr, nl, fi"):
        cat.rule("throw-in.identical").title("de")
    with pytest.raises(UnknownLanguageError):
        catalogue.rule("throw-in.identical").text("xx")


def test_unknown_ruling_term_and_difference_ids(cat: Catalogue) -> None:
    with pytest.raises(UnknownIdError, match="unknown ruling id"):
        cat.ruling("ruling.no-such-thing")
    with pytest.raises(UnknownIdError, match="unknown term id"):
        cat.term("no-such-term")
    with pytest.raises(UnknownIdError, match="unknown difference id"):
        cat.difference("difference.none")


def test_rulings_of_a_rule_and_of_an_option(cat: Catalogue) -> None:
    settling = {r.id for r in cat.rulings(rule="throw-in.retry-lockout")}
    assert "ruling.retry-lockout-scope" in settling
    (lockout,) = cat.rulings(option="throw_in_retry_lockout")
    assert lockout.value("current") is True
    assert lockout.value("older") is False
    with pytest.raises(UnknownIdError):
        lockout.value("house-rules")


def test_deck_ruling_says_it_is_an_assumption(cat: Catalogue) -> None:
    (deck,) = cat.rulings(option="deck")
    assert deck.assumption
    assert "assumption" in deck.decision.lower()
    assert dict(deck.value("current")) == {  # type: ignore[arg-type]
        "first_rank": 1,
        "last_rank": 14,
        "copies": 4,
        "plain_jokers": 3,
        "ass_joker": True,
    }


def test_glossary_and_concordance_are_reachable(cat: Catalogue) -> None:
    final_lap = cat.term("final-lap")
    assert final_lap.term("en") == "final lap"
    assert all(final_lap.definition(language) for language in catalogue.LANGUAGES)
    assert catalogue.glossary() == cat.glossary()
    dutch = [d for d in catalogue.concordance() if "T-10" in d.brief]
    assert len(dutch) == 1
    assert "game-end.winner" in dutch[0].rules
    assert "ruling.game-winner-in-dutch" in dutch[0].settled_by


def test_display_numbers_follow_chapter_and_reading_order(cat: Catalogue) -> None:
    numbers = [tuple(map(int, r.number.split("."))) for r in cat.rules()]
    assert numbers == sorted(numbers)
    assert cat.rule("objective.aim").number == "1.1"
    assert [c.number for c in cat.chapters()] == list(range(1, len(cat.chapters()) + 1))


def test_rules_filter_by_edition_chapter_and_kind(cat: Catalogue) -> None:
    older = cat.rules(edition="older")
    assert all("older" in r.editions for r in older)
    assert {r.id for r in older} >= {"setup.look-at-two", "turn.keep"}
    turn = cat.rules(chapter="turn")
    assert turn
    assert all(r.chapter == "turn" for r in turn)
    assert {r.id for r in turn} >= {"turn.draw", "turn.keep", "turn.two-options"}
    informational = cat.rules(kind="informational")
    assert "objective.aim" in {r.id for r in informational}
    assert all(not r.is_normative for r in informational)
    with pytest.raises(UnknownIdError):
        cat.rules(chapter="no-such-chapter")


def test_the_default_catalogue_is_loaded_once() -> None:
    assert catalogue.default() is catalogue.default()


def test_importing_the_package_does_not_load_the_catalogue() -> None:
    code = (
        "import sabai_rules, sabai_rules.model.catalogue as c;"
        "assert c.default.cache_info().currsize == 0;"
        "c.rule('turn.keep');"
        "assert c.default.cache_info().currsize == 1"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_source_text_is_the_whole_published_text(cat: Catalogue) -> None:
    text = cat.source_text("fi")
    assert text.startswith("Sabai-Sabai-pelin ohjeet")
    assert cat.source_file("fi").edition == "older"
    with pytest.raises(UnknownLanguageError):
        cat.source_text("it")


def test_plain_reduces_roles_to_ids() -> None:
    assert (
        catalogue.plain("see {rule}`turn.keep` and {ruling}`ruling.x`")
        == "see turn.keep and ruling.x"
    )


def test_rulebook_link_points_at_the_rule_anchor_in_the_readers_language(cat: Catalogue) -> None:
    # The referee prints these links; tools/check_links.py checks that each one resolves in the
    # built site, so the anchor (the id itself) is a contract between the two.
    assert (
        catalogue.rulebook_link("throw-in.retry-lockout", "fr")
        == "fr/rules/throw-in.html#throw-in.retry-lockout"
    )
    assert (
        cat.rulebook_link("ruling.wrong-cards-in-a-batch", "nl")
        == "nl/rulings.html#ruling.wrong-cards-in-a-batch"
    )


def test_rulebook_link_sends_a_rule_of_one_edition_to_the_site_that_has_it(cat: Catalogue) -> None:
    # The Finnish site renders the older edition; en, fr and nl render the current one.
    assert cat.rulebook_link("setup.look-at-two", "fr") == "fi/rules/setup.html#setup.look-at-two"
    assert cat.rulebook_link("objective.aim", "fi") == "en/rules/objective.html#objective.aim"
    assert cat.rulebook_link("turn.draw", "fi") == "fi/rules/turn.html#turn.draw"
    assert cat.rulebook_link("turn.draw", "nl") == "nl/rules/turn.html#turn.draw"


def test_rulebook_link_refuses_unknown_ids_and_languages(cat: Catalogue) -> None:
    with pytest.raises(UnknownIdError, match=r"'throw-in\.retry-lock-out'"):
        cat.rulebook_link("throw-in.retry-lock-out", "en")
    with pytest.raises(UnknownLanguageError, match="'de'"):
        cat.rulebook_link("throw-in.identical", "de")


def test_the_penalty_rule_says_a_motion_is_one_attempt_as_its_ruling_does(cat: Catalogue) -> None:
    """Issue 35, item 1: the statement of the penalty once called each wrong card its own attempt,
    against :rule:`ruling.wrong-cards-in-a-batch` ("the motion is one attempt"),
    :rule:`throw-in.several-at-once` and the engine (the scenario two-wrong-cards-in-a-batch)."""
    rule = cat.rule("throw-in.wrong-card.penalty")
    assert "throw-in.several-at-once" in rule.statement
    assert "two wrong cards, two penalty cards" in rule.statement
    contradictions = {
        "en": ("its own attempt", "only where there is no lock-out"),
        "fr": ("tentative à part entière", "cartes de pénalité que là où"),
        "nl": ("eigen poging", "alleen meerdere strafkaarten waar er geen blokkade is"),
    }
    for language, phrases in contradictions.items():
        _, text = rule.statement_in(language)
        assert "throw-in.several-at-once" in text, language
        for phrase in phrases:
            assert phrase not in " ".join(text.split()), (language, phrase)

"""What the referee and the rulebook say a player did, in the four languages."""

from __future__ import annotations

import io
import string
import typing
from pathlib import Path

import pytest

from sabai_rules.cli import run
from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import EDITION_OF
from sabai_rules.model.ruleset import PRESETS
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Draw,
    LookAtCards,
    Switch,
    ThrowIn,
)
from sabai_rules.referee.i18n import (
    DECLINED_LOOK,
    LABELS,
    PHRASES,
    colon,
    describe,
    label,
    preset_name,
    written_in,
)

NAMES = ("Anna", "Ben", "Chloé")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _blanks(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


@pytest.mark.parametrize("language", ["en", "fr", "nl", "fi"])
def test_every_action_has_a_phrase_with_the_same_blanks_as_english(language: str) -> None:
    kinds = {cls.__name__ for cls in typing.get_args(Action)} | {
        "ThrowIn.other",
        "AlsoThrowIn.other",
    }
    assert set(PHRASES[language]) == kinds
    for kind, template in PHRASES[language].items():
        assert _blanks(template) == _blanks(PHRASES["en"][kind]), (language, kind)
    assert set(LABELS[language]) == set(LABELS["en"])


def test_throwing_in_anothers_card_is_named_a_sabai_sabai_move() -> None:
    assert describe(ThrowIn(0, 0, 1), NAMES) == "Anna throws in their card in slot 1"
    assert (
        describe(ThrowIn(0, 2, 3), NAMES, "fr")
        == "Anna jette la carte de Chloé de l’emplacement 3 (sabai-sabai Move)"
    )
    assert describe(ThrowIn(1, 0, 0), NAMES, "nl") == (
        "Ben gooit de kaart van Anna op plaats 0 (sabai-sabai Move)"
    )


def test_phrases_name_players_and_count_slots_as_records_do() -> None:
    assert describe(Switch(1, 0, 2, 3), NAMES, "en") == (
        "Ben switches their card in slot 0 with Chloé's card in slot 3"
    )
    assert describe(LookAtCards(2, (0, 3)), NAMES, "fi") == "Chloé katsoo korttejaan paikoilla 0, 3"
    assert describe(Draw(1), NAMES, "nl") == "Ben trekt een kaart"
    assert describe(CallSabaiSabai(0), NAMES, "fr") == "Anna dit sabai sabai"


def test_the_referee_says_what_was_done_in_the_readers_language() -> None:
    out = io.StringIO()
    code = run(
        ["replay", str(EXAMPLES / "wrong-throw-in-lockout.json"), "--lang", "fr"],
        stdout=out,
        stderr=io.StringIO(),
    )
    assert code == 1
    text = out.getvalue()
    assert (
        f"{label('fr', 'verdict.illegal')} 14 (Manche 1, #14)\u00a0: "
        "Anna jette la carte de Chloé de l’emplacement 3 (sabai-sabai Move) "
        "· ThrowIn(owner=Chloé, slot=3)\n"
    ) in text
    # Player by player: Chloé may draw; Anna may still put down more cards in the same motion as
    # her wrong 5, or call, and the verdict says why the lock-out does not stop those cards.
    lines = text.splitlines()
    at = lines.index(f"{label('fr', 'verdict.allowed')}\u00a0:")
    assert lines[at + 1] == "  Chloé pioche une carte"
    assert lines[at + 2].startswith(
        "  Anna jette aussi sa carte de l’emplacement 0, dans le même geste\u00a0; "
    )
    assert lines[at + 2].endswith("\u00a0; Anna dit sabai sabai")
    assert lines[at + 3] == (
        "  Anna peut encore poser d’autres cartes dans le même geste que la carte erronée\u00a0: "
        "le blocage empêche une nouvelle tentative, pas les cartes de celle-ci "
        "(Décision R32 · ruling.wrong-cards-in-a-batch)."
    )


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="'de'"):
        describe(Draw(0), NAMES, "de")


@pytest.mark.rules("ruling.older-look-optional")
def test_a_look_at_no_card_is_said_as_a_declined_look_in_every_language() -> None:
    said = {language: describe(LookAtCards(1, ()), NAMES, language) for language in DECLINED_LOOK}
    assert said == {
        "en": "Ben declines to look at their cards",
        "fr": "Ben renonce à regarder ses cartes",
        "nl": "Ben ziet af van het bekijken van de eigen kaarten",
        "fi": "Ben jättää korttinsa katsomatta",
    }
    assert set(DECLINED_LOOK) == set(PHRASES)
    assert describe(LookAtCards(1, (2,)), NAMES) == "Ben looks at their cards in slots 2"


@pytest.mark.parametrize("language", ["fr", "nl", "fi"])
def test_every_rule_and_ruling_is_cited_in_the_reader_s_language(language: str) -> None:
    """Issue 37, item 2: the referee cites any rule in any language, whatever the edition of that
    language's site (the Finnish site shows the older edition; a Finnish referee cites current
    rules too), so no statement, title or ruling falls back to English."""
    cat = catalogue.default()
    for rule in cat.rules():
        written, _ = rule.statement_in(language)
        assert written_in(written, language) == f" ({label(language, 'translation')})", rule.id
    for ruling in cat.rulings():
        assert ruling.text_in(language).language == language, ruling.id
    shown = io.StringIO()
    assert run(["rules", "game-end.winner", "--lang", language], stdout=shown) == 0
    statement = shown.getvalue().split(f"{label(language, 'statement')}", 1)[1]
    assert statement.startswith(f" ({label(language, 'translation')}){colon(language).rstrip()}")
    if language == "fi":  # a rule of the current edition only, read in Finnish
        assert EDITION_OF["fi"] not in cat.rule("game-end.winner").editions
        assert "kaikista kierroksista yhteensä eniten" in " ".join(statement.split())


@pytest.mark.parametrize("language", ["en", "fr", "nl", "fi"])
def test_a_ruling_names_the_presets_as_players_see_them(language: str) -> None:
    """Issue 37, item 2: the presets' names in running text are the catalogue's titles of the
    presets (spec/editions.toml) and what the scribe offers; a ruling's option lists each preset's
    value under that name, not under its id (the id is what records and --preset write)."""
    cat = catalogue.default()
    for preset in PRESETS:
        assert (
            preset_name(language, preset).casefold()
            == cat.preset(preset).titles[language].casefold()
        )
    out = io.StringIO()
    assert run(["rules", "ruling.retry-lockout-scope", "--lang", language], stdout=out) == 0
    option = next(
        line
        for line in out.getvalue().splitlines()
        if line.startswith(f"{label(language, 'option')}{colon(language)}throw_in_retry_lockout")
    )
    for preset in PRESETS:
        assert preset_name(language, preset) in option
    if language != "en":
        assert not any(f"{preset} " in option for preset in ("current", "older", "simplified"))
    separator = "\u00a0: " if language == "fr" else ": "
    assert f"{preset_name(language, 'older')}{separator}false" in option

"""The ruleset's options and presets are those of the catalogue's rulings."""

from __future__ import annotations

import attrs
import pytest

from sabai_rules import catalogue
from sabai_rules.cards import DeckSpec
from sabai_rules.catalogue import Catalogue, OptionValue
from sabai_rules.ruleset import PRESETS, Ruleset


def _as_catalogue_value(value: object) -> OptionValue:
    """A ruleset value as the catalogue writes it (None is "none"; the deck is a table)."""
    if value is None:
        return "none"
    if isinstance(value, DeckSpec):
        return tuple(sorted(attrs.asdict(value).items()))
    assert isinstance(value, bool | int | str)
    return value


def test_every_option_belongs_to_a_ruling(cat: Catalogue) -> None:
    assert set(Ruleset.option_names()) == set(cat.options())
    for option in Ruleset.option_names():
        (ruling,) = cat.rulings(option=option)
        assert Ruleset.ruling_of(option) == ruling.id


@pytest.mark.parametrize("preset", PRESETS)
def test_presets_have_the_catalogue_values(preset: str, cat: Catalogue) -> None:
    rules = Ruleset.preset(preset)
    for option in Ruleset.option_names():
        (ruling,) = cat.rulings(option=option)
        assert _as_catalogue_value(getattr(rules, option)) == ruling.value(preset), option


def test_the_default_is_the_current_edition() -> None:
    assert Ruleset() == Ruleset.preset("current")
    assert Ruleset().preset_name() == "current"
    assert Ruleset.preset("simplified").differences() == {"allow_on_behalf": False}


def test_unknown_presets_and_options_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown preset 'house'"):
        Ruleset.preset("house")
    with pytest.raises(TypeError, match="unknown ruleset option"):
        Ruleset().with_options(throw_in_windows="until_covered")
    with pytest.raises(ValueError, match="throw_in_window"):
        Ruleset().with_options(throw_in_window="sometimes")


def test_the_older_scoring_over_several_deals_needs_their_points_added_up() -> None:
    assert Ruleset.preset("older").with_options(num_rounds=3).num_rounds == 3
    with pytest.raises(ValueError, match="num_rounds=1"):
        Ruleset.preset("older").with_options(num_rounds=3, lowest_score_deals="last")


def test_the_deck_ruling_says_the_default_deck_is_an_assumption() -> None:
    (deck,) = catalogue.rulings(option="deck")
    assert deck.assumption
    assert DeckSpec().size == 60

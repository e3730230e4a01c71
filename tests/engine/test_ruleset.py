"""The ruleset's options and presets are those of the catalogue's rulings."""

from __future__ import annotations

import re
import typing

import attrs
import pytest

from sabai_rules.model import catalogue
from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.catalogue import Catalogue, OptionValue
from sabai_rules.model.ruleset import PRESETS, Ruleset


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


@pytest.mark.parametrize("option", [o for o in Ruleset.option_names() if o != "deck"])
def test_each_option_declares_the_values_its_type_says(option: str) -> None:
    """The declared values (which the validator checks and the record schema is written from)
    agree with the option's type, which ``mypy`` reads: the same choices, true or false, or a
    whole number (``None`` too only where the type allows it); every preset's value is allowed."""
    kind = attrs.fields_dict(attrs.resolve_types(Ruleset))[option].type
    values = Ruleset.values_of(option)
    if typing.get_origin(kind) is typing.Literal:
        assert (values.kind, values.choices) == ("choice", typing.get_args(kind))
    elif kind is bool:
        assert values.kind == "bool"
    else:
        assert values.kind == "int"
        assert (values.none is not None) == (kind == int | None)
    for preset in PRESETS:
        values.check(option, getattr(Ruleset.preset(preset), option))


@pytest.mark.parametrize(
    ("option", "value", "error", "message"),
    [
        ("ass_joker_value", 101, ValueError, "ass_joker_value must be -100 to 100, not 101"),
        ("initial_peek", -1, ValueError, "initial_peek must be 0 to 4, not -1"),
        ("throw_in_penalty_cards", 0, ValueError, "throw_in_penalty_cards must be 1 to 4, not 0"),
        ("throw_in_penalty_cards", 5, ValueError, "throw_in_penalty_cards must be 1 to 4, not 5"),
        ("max_round_turns", 0, ValueError, "max_round_turns must be at least 1 (or None), not 0"),
        ("num_rounds", 1.0, TypeError, "num_rounds must be a whole number or none, not 1.0"),
        ("allow_on_behalf", 1, TypeError, "allow_on_behalf must be true or false, not 1"),
        ("nose_race", "fast", ValueError, "nose_race must be one of 'recorded', 'random', 'off'"),
    ],
)
def test_a_value_outside_what_its_option_declares_is_refused_by_name(
    option: str, value: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}"):
        Ruleset().with_options(**{option: value})


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

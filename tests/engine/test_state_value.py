"""A state is a value: copying it gives itself, pickling it is small and gives an equal state that
plays on identically, and no part of it holds a mutable container (no cache rides along)."""

from __future__ import annotations

import copy
import inspect
import pickle
import random

import attrs
import pytest

from sabai_rules.engine import COMPILED
from sabai_rules.model.cards import Deck
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    ThrowIn,
    apply,
    apply_chance,
    chance_outcomes,
    deal,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.state import (
    Chance,
    Compensation,
    Flow,
    Function,
    NoseRace,
    Offer,
    Setup,
    State,
    Status,
    Table,
)


def _midround(players: int, preset: str) -> State:
    rng = random.Random(players)
    state = deal(Ruleset.preset(preset), players, seed=players)
    for _ in range(30):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, rng.choice(actions.decisions or tuple(actions)))
    return state


@pytest.mark.parametrize("players", [2, 4, 12])
def test_a_copy_of_a_state_is_the_state_itself(players: int) -> None:
    state = _midround(players, "current")
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert copy.deepcopy({"s": state})["s"] is state


@pytest.mark.parametrize("preset", ["current", "older", "simplified"])
@pytest.mark.parametrize("players", [2, 4, 12])
def test_a_pickled_state_is_small_equal_and_plays_on_the_same(players: int, preset: str) -> None:
    state = _midround(players, preset)
    data = pickle.dumps(state)
    assert len(data) < 4096, f"a state of {players} players pickles to {len(data)} bytes"
    back = pickle.loads(data)
    assert back == state
    assert tuple(legal_actions(back)) == tuple(legal_actions(state))
    action = legal_actions(state)[0]
    assert apply(back, action) == apply(state, action)


def _mutable_parts(value: object, where: str) -> list[str]:
    """Every list, dict, set or bytearray reachable through the attrs fields of ``value``."""
    if isinstance(value, list | dict | set | bytearray):
        return [where]
    if isinstance(value, Deck):
        return []  # the deck's own data, built once per deck spec and never changed
    if attrs.has(type(value)):
        found: list[str] = []
        for name in attrs.asdict(value, recurse=False):  # type: ignore[arg-type]
            found += _mutable_parts(getattr(value, name), f"{where}.{name}")
        return found
    if isinstance(value, tuple):
        return [w for i, item in enumerate(value) for w in _mutable_parts(item, f"{where}[{i}]")]
    return []


def test_no_part_of_a_state_is_mutable() -> None:
    for players in (2, 4, 12):
        assert _mutable_parts(_midround(players, "current"), "state") == []
    # The walk finds a mutable part where there is one (so the test above can fail).
    assert _mutable_parts((1, [2]), "x") == ["x[1]"]


def test_two_tables_dealt_alike_are_equal_part_by_part() -> None:
    """Equal values built apart are equal, in both builds (the compiled build once compared two
    decks by identity)."""
    first = deal(Ruleset.preset("current"), 4, seed=3)
    second = deal(Ruleset.preset("current"), 4, seed=3)
    assert Deck.from_spec(first.deck.spec) == Deck.from_spec(second.deck.spec)
    assert hash(Deck.from_spec(first.deck.spec)) == hash(second.deck)
    assert first.setup == second.setup
    assert first == second
    assert first != deal(Ruleset.preset("current"), 4, seed=4)


#: The classes a transition builds, declared in the attrs form mypyc compiles as native classes:
#: ``__init__`` and ``__reduce__`` written out beside attrs's fields (see ``sabai_rules.state``).
WRITTEN_OUT = (
    Setup,
    Table,
    Function,
    Compensation,
    Offer,
    NoseRace,
    Chance,
    Status,
    Flow,
    State,
)


def _values_met_in_play() -> dict[type, list[object]]:
    """Every value of the written-out classes met in random rounds (chance nodes, offers and owed
    compensation cards included) and in a nose race."""
    met: dict[type, list[object]] = {}

    def walk(value: object) -> None:
        if type(value) in WRITTEN_OUT:
            met.setdefault(type(value), []).append(value)
        if attrs.has(type(value)):
            for name in attrs.asdict(value, recurse=False):  # type: ignore[arg-type]
                walk(getattr(value, name))
        elif isinstance(value, tuple):
            for item in value:
                walk(item)

    rng = random.Random(7)
    for seed, preset in enumerate(("current", "older", "simplified") * 8):
        rules = Ruleset.preset(preset).with_options(functions_optional=True)
        state = deal(rules, 2 + seed % 3, seed=seed, chance_model="explicit")
        for step in range(300):
            walk(state)
            if state.is_over:
                break
            outcomes = chance_outcomes(state)
            if outcomes:
                state = apply_chance(state, rng.choice(outcomes)[0])
                continue
            listed = legal_actions(state)
            # Half the time what the game waits for, so that rounds go on (and functions come).
            waited = listed.decisions if step % 2 else ()
            action = rng.choice(waited or tuple(listed))
            walk(action)
            state = apply(state, action)
    # A nose race: P1 throws the fourth 7 in.
    race = layout(rows=[["1", "2"], ["7", "3"], ["4", "5"]], draw=["9"], discard=["7", "7", "7"])
    race = apply(race, ThrowIn(1, 1, 0))
    walk(race)
    return met


@pytest.fixture(scope="module")
def met_in_play() -> dict[type, list[object]]:
    return _values_met_in_play()


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_a_value_is_built_from_its_fields_in_order_and_stays_frozen(
    cls: type, met_in_play: dict[type, list[object]]
) -> None:
    """The written-out ``__init__`` takes attrs's fields in their order and sets every one, so
    that equality, hashing, ``attrs.evolve`` and pickling (through ``__reduce__``) see the same
    value in both builds; setting a field afterwards is refused."""
    values = met_in_play.get(cls, [])
    assert values, f"no {cls.__name__} met in the random rounds: the test would prove nothing"
    names = [field.name for field in attrs.fields(cls)]
    for value in values[:50]:
        fields = attrs.astuple(value, recurse=False)  # type: ignore[arg-type]
        rebuilt = cls(*fields)
        assert rebuilt == value
        assert hash(rebuilt) == hash(value)
        assert attrs.astuple(rebuilt, recurse=False) == fields
        assert cls(**dict(zip(names, fields, strict=True))) == value
        assert attrs.evolve(value) == value  # type: ignore[misc]
        assert pickle.loads(pickle.dumps(value)) == value
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(values[0], names[-1], getattr(values[0], names[-1]))


@pytest.mark.skipif(COMPILED, reason="a compiled __init__ has no Python signature")
@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=lambda cls: cls.__name__)
def test_the_written_out_init_takes_attrs_fields_and_defaults(cls: type) -> None:
    parameters = list(inspect.signature(cls).parameters.values())
    fields = attrs.fields(cls)
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, field in zip(parameters, fields, strict=True):
        default = inspect.Parameter.empty if field.default is attrs.NOTHING else field.default
        assert parameter.default == default, f"{cls.__name__}.{field.name}"

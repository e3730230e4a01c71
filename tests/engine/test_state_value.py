"""A state is a value: copying it gives itself, pickling it is small and gives an equal state that
plays on identically, and no part of it holds a mutable container (no cache rides along)."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

from sabai_rules.cards import Deck
from sabai_rules.moves import apply, deal, legal_actions
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import State


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

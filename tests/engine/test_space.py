"""The action space: a stable index of every action at a table, for frameworks that number
actions (OpenSpiel, PettingZoo)."""

from __future__ import annotations

import random

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    PARAMETERS,
    Draw,
    LookAtCards,
    Switch,
    ThrowIn,
    apply,
    deal,
    legal_actions,
)
from sabai_rules.play.sequential import Decline
from sabai_rules.play.space import action_space

OLDER = Ruleset.preset("older")


@pytest.mark.parametrize("players", [2, 4, 12])
@pytest.mark.parametrize("preset", ["current", "older"])
def test_every_index_names_one_action_and_back(preset: str, players: int) -> None:
    space = action_space(Ruleset.preset(preset), players)
    rng = random.Random(players)
    for index in [0, space.size - 1, *rng.sample(range(space.size), 2000)]:
        assert space.index(space.action(index)) == index


def test_the_space_is_every_kind_of_action_with_every_value_of_its_fields() -> None:
    space = action_space(Ruleset(), 4)
    assert space.row_length == 59  # the deck but the top card
    # Switch: actor x slot x target x target slot; ThrowIn: actor x owner x slot.
    assert (
        space.index(Switch(3, 58, 3, 58)) - space.index(Switch(0, 0, 0, 0)) == 4 * 59 * 4 * 59 - 1
    )
    assert space.index(ThrowIn(3, 3, 58)) - space.index(ThrowIn(0, 0, 0)) == 4 * 4 * 59 - 1
    assert space.action(space.index(Draw(3))) == Draw(3)
    kinds = {type(space.action(i)) for i in range(space.size)}
    assert kinds == set(PARAMETERS)


def test_older_edition_looks_are_the_pairs_of_dealt_slots() -> None:
    # Where looking is compulsory; where a player may decline, see test_options.
    space = action_space(OLDER.with_options(initial_peek_optional=False), 3)
    assert space.looks == ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    assert space.action(space.index(LookAtCards(2, (1, 3)))) == LookAtCards(2, (1, 3))
    current = action_space(Ruleset(), 3)
    assert current.looks == ((),)


@pytest.mark.parametrize("preset", ["current", "older"])
def test_the_legal_indices_are_the_players_legal_actions_sorted(preset: str) -> None:
    rules = Ruleset.preset(preset).with_options(max_round_turns=30, max_turn_reactions=4)
    space = action_space(rules, 3)
    rng = random.Random(7)
    state = deal(rules, 3, dealer=0, seed=7)
    steps = 0
    while not state.is_over and steps < 300:
        for player in range(3):
            indices = space.legal_indices(state, player)
            assert list(indices) == sorted(indices)
            assert {space.action(i) for i in indices} == set(legal_actions(state, player=player))
        legal = list(legal_actions(state))
        state = apply(state, legal[rng.randrange(len(legal))])
        steps += 1


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Draw(4), "actor 4 is outside"),
        (ThrowIn(0, 1, 59), "slot 59 is outside"),
        (ThrowIn(0, -1, 0), "owner -1 is outside"),
        (LookAtCards(0, (0, 1)), "slots"),
    ],
)
def test_an_action_outside_the_space_is_refused_in_one_line(action: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_space(Ruleset(), 4).index(action)  # type: ignore[arg-type]


def test_what_is_no_action_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="action must be an action of sabai-sabai, not str"):
        action_space(Ruleset(), 4).index("Draw(0)")  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 10**9])
def test_an_index_outside_the_space_is_refused(index: object) -> None:
    with pytest.raises(ValueError, match="no action"):
        action_space(Ruleset(), 4).action(index)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [1.0, True])
def test_an_index_that_is_no_int_is_a_type_error(index: object) -> None:
    with pytest.raises(TypeError, match="index must be an int"):
        action_space(Ruleset(), 4).action(index)  # type: ignore[arg-type]


def test_a_table_size_the_rules_do_not_allow_has_no_space() -> None:
    with pytest.raises(ValueError, match="12"):
        action_space(Ruleset(), 13)


@pytest.mark.parametrize("players", [2, 4, 12])
@pytest.mark.parametrize("preset", ["current", "older"])
def test_a_players_moves_are_the_actions_without_their_actor_then_decline(
    preset: str, players: int
) -> None:
    """What turn-based frameworks number: one player's moves, ``players`` times fewer than the
    actions, each block of an action class in its order, a decline last."""
    space = action_space(Ruleset.preset(preset), players)
    assert space.moves == space.size // players + 1
    rng = random.Random(players)
    for player in range(players):
        for index in [0, space.moves - 2, *rng.sample(range(space.moves - 1), 300)]:
            move = space.move(player, index)
            assert move.actor == player
            assert space.move_index(move) == index
        assert space.move(player, space.moves - 1) == Decline(player)
        assert space.move_index(Decline(player)) == space.moves - 1
    # The order within a block is the actions' order.
    assert space.move_index(ThrowIn(1, 0, 3)) < space.move_index(ThrowIn(1, 1, 0))
    assert space.move_index(ThrowIn(0, 1, 2)) == space.move_index(ThrowIn(players - 1, 1, 2))


def test_a_move_outside_the_moves_is_refused_in_one_line() -> None:
    space = action_space(Ruleset(), 4)
    with pytest.raises(ValueError, match="player must be a seat from 0 to 3, not 4"):
        space.move(4, 0)
    with pytest.raises(ValueError, match="no move 15055: the indices run from 0 to 15054"):
        space.move(0, space.moves)
    with pytest.raises(TypeError, match="index must be an int, not bool"):
        space.move(0, True)
    with pytest.raises(ValueError, match="actor 4 is outside"):
        space.move_index(Decline(4))
    with pytest.raises(ValueError, match="slot 59 is outside"):
        space.move_index(ThrowIn(0, 1, 59))

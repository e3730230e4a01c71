"""The game as a sequence, one player at a time: the reaction order for turn-based frameworks."""

from __future__ import annotations

import random

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Draw,
    Keep,
    Play,
    ThrowIn,
    TouchNoseLast,
    apply,
    deal,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.play.sequential import TABLE, Decline, SequentialState
from sabai_rules.state import NO_PLAYER


@pytest.mark.rules("ruling.sequential-actions", "throw-in.identical")
def test_players_are_asked_in_play_order_from_the_active_player_then_the_game_moves_on() -> None:
    """P0 holds a drawn 5: P0, P1 and P2 are asked first (a throw-in, right or wrong, or a call);
    then P0 plays it and P1's turn begins: P1, P2, then P0 are asked; then P1 draws."""
    state = layout(rows=[["3"], ["4"], ["5"]], discard=["2"], held="5", turn=0)
    game = SequentialState(state)
    for player in (0, 1, 2):
        assert game.current_player == player
        game = game.apply(Decline(player))
    assert game.legal_moves() == (Play(0), Keep(0, 0))  # what the game waits for, P0's alone
    game = game.apply(Play(0))
    asked = []
    while game.current_player != 1 or Decline(1) in game.legal_moves():
        player = game.current_player
        asked.append(player)
        assert game.legal_moves()[-1] == Decline(player)
        game = game.apply(Decline(player))
    assert asked == [1, 2, 0]
    assert game.legal_moves() == (Draw(1),)


@pytest.mark.rules("throw-in.identical")
def test_a_player_asked_may_throw_in_and_the_asking_starts_afresh() -> None:
    state = layout(rows=[["3"], ["4", "6"], ["5", "7"]], discard=["2"], held="5", turn=0)
    game = SequentialState(state)
    for player in (0, 1, 2):
        game = game.apply(Decline(player))
    game = game.apply(Play(0)).apply(Decline(1))
    assert game.current_player == 2
    assert ThrowIn(2, 2, 0) in game.legal_moves()
    game = game.apply(ThrowIn(2, 2, 0))
    assert game.declined == 0
    assert game.current_player == 1  # asked again from the active player


def test_a_move_of_another_player_is_refused_in_one_line() -> None:
    game = SequentialState(deal(players=3, dealer=0, seed=1))
    with pytest.raises(ValueError, match="not a move of P1 now"):
        game.apply(CallSabaiSabai(2))
    with pytest.raises(ValueError, match="not a move of P1 now"):
        game.apply(Draw(1))  # P1 is first asked whether to act out of turn


@pytest.mark.rules("four-together.touch-nose")
def test_a_nose_race_is_the_tables_to_decide() -> None:
    state = layout(rows=[["7"], ["4", "6"]], discard=["7", "7", "7"], turn=1)
    game = SequentialState(state)
    while Decline(game.current_player) in game.legal_moves() and game.current_player != 0:
        game = game.apply(Decline(game.current_player))
    game = game.apply(ThrowIn(0, 0, 0))
    assert game.current_player == TABLE
    assert game.legal_moves() == (TouchNoseLast(0), TouchNoseLast(1))


@pytest.mark.rules("ruling.round-turn-cap", "ruling.reaction-cap", "ruling.sequential-actions")
@pytest.mark.parametrize("preset", ["current", "older"])
def test_random_play_one_player_at_a_time_reaches_every_kind_of_action_and_ends(
    preset: str,
) -> None:
    """Each step has exactly one player to move; the actions taken, without the declines, replay
    on the engine to the same end; every kind of action of the engine is reached."""
    rules = Ruleset.preset(preset).with_options(max_round_turns=25, max_turn_reactions=4)
    kinds: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        start = deal(rules, 2 + seed % 3, dealer=0, seed=seed)
        game = SequentialState(start)
        actions: list[Action] = []
        while not game.is_over:
            moves = game.legal_moves()
            assert moves, "a game that is not over has a move"
            player = game.current_player
            assert player != NO_PLAYER
            if player != TABLE:
                assert all(m.actor == player for m in moves)
            move = moves[rng.randrange(len(moves))]
            game = game.apply(move)
            if not isinstance(move, Decline):
                actions.append(move)
                kinds.add(type(move).__name__)
        state = start
        for action in actions:
            assert action in legal_actions(state)
            state = apply(state, action)
        assert state == game.state
    assert {"Draw", "Play", "Keep", "ThrowIn", "CallSabaiSabai", "Pass"} <= kinds

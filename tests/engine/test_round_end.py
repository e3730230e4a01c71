"""The end of a round: calling sabai sabai, the final lap, the reaction round, an emptied row,
the nose race, the final round's turn cap, an exhausted draw pile, and nothing after the reveal."""

from __future__ import annotations

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    CallSabaiSabai,
    Draw,
    Give,
    Pass,
    Peek,
    Play,
    Spy,
    ThrowIn,
    TouchNoseLast,
    deal,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.state import EndCause, Stage, State
from tests.engine.support import all_pass, faces, knows, play, refused

#: Three players' rows of cards without functions, for the final-lap tables.
ROWS = [["9", "9"], ["8", "8"], ["7", "7"]]
#: Cards to draw that have no function and never make four of a kind on the pile.
PLAIN_DRAWS = ["1", "2", "3", "4", "5", "6", "1", "2"]


def _lap(state: State) -> tuple[list[int], State]:
    """Let the active player play a turn (draw if needed, then play the card directly) until the
    reaction round begins; return who played, in order."""
    order: list[int] = []
    for _ in range(20):
        if state.flow.status.closing >= 0:
            return order, state
        player = state.turn
        order.append(player)
        if state.flow.stage is Stage.DRAW:
            state = play(state, Draw(player))
        state = play(state, Play(player))
    raise AssertionError("the final lap did not end")


def _reaction_after_final_lap() -> State:
    """Three players; the final lap's last turn was just played (a 7 on top): the reaction round."""
    state = layout(
        rows=[["9", "9"], ["7", "8"], ["6", "6"]],
        draw=["7"],
        discard=["2"],
        turn=0,
        caller=1,
        final_lap=1,
    )
    state = play(state, Draw(0), Play(0))
    assert state.flow.status.closing == 0
    return state


def _whole_deck_but(used: list[str]) -> list[str]:
    """The faces of the default deck, minus ``used`` (one card per listed face)."""
    deck = [str(r) for r in range(1, 15) for _ in range(4)] + ["J"] * 3 + ["AJ"]
    for face in used:
        deck.remove(face)
    return deck


# -- calling sabai sabai -------------------------------------------------------------------------


@pytest.mark.rules("round-end.call", "ruling.who-may-call")
def test_any_player_may_call_before_the_first_draw() -> None:
    state = deal(players=3, dealer=0, seed=1)
    assert state.turn == 1
    for player in range(3):
        assert CallSabaiSabai(player) in legal_actions(state)
    called = play(state, CallSabaiSabai(2))
    assert called.flow.status.caller == 2
    # The call interrupts nothing: the starter still draws.
    assert Draw(1) in legal_actions(called)


@pytest.mark.rules("round-end.call", "ruling.who-may-call")
def test_a_second_call_in_the_same_round_is_refused() -> None:
    state = play(deal(players=3, dealer=0, seed=1), CallSabaiSabai(2))
    refused(state, CallSabaiSabai(0), "round-end.call")
    refused(state, CallSabaiSabai(2), "round-end.call")
    assert state.flow.status.caller == 2


@pytest.mark.rules("game-end.final-round-no-call", "ruling.who-may-call")
def test_nobody_may_call_in_the_final_round() -> None:
    table = layout(rows=ROWS, discard=["2"], turn=0, final_round=True)
    dealt = deal(players=3, dealer=0, seed=1, final_round=True)
    for state in (table, dealt):
        for player in range(3):
            refused(state, CallSabaiSabai(player), "game-end.final-round-no-call")


@pytest.mark.rules("ruling.who-may-call", "round-end.call")
def test_own_turn_option_lets_only_the_active_player_call() -> None:
    state = deal(Ruleset(call_timing="own_turn"), players=3, dealer=0, seed=1)
    refused(state, CallSabaiSabai(0), "ruling.who-may-call")
    refused(state, CallSabaiSabai(2), "ruling.who-may-call")
    assert play(state, CallSabaiSabai(1)).flow.status.caller == 1


# -- the final lap -------------------------------------------------------------------------------


@pytest.mark.rules("round-end.final-lap", "ruling.final-lap-sequence")
def test_call_at_the_start_gives_the_starter_the_first_and_the_dealer_the_last_turn() -> None:
    state = layout(rows=ROWS, draw=PLAIN_DRAWS, dealer=2)
    state = play(state, CallSabaiSabai(1))
    order, state = _lap(state)
    assert order == [0, 1, 2]
    assert state.flow.status.end is EndCause.FINAL_LAP


@pytest.mark.rules("round-end.final-lap", "ruling.final-lap-sequence")
def test_call_while_a_player_holds_a_drawn_card_counts_that_turn_as_their_last() -> None:
    state = layout(rows=ROWS, draw=PLAIN_DRAWS, discard=["3"], turn=1, held="6")
    state = play(state, CallSabaiSabai(2))
    order, state = _lap(state)
    assert order == [1, 2, 0]
    assert state.flow.status.end is EndCause.FINAL_LAP


@pytest.mark.rules("round-end.final-lap", "ruling.final-lap-sequence", "ruling.who-may-call")
def test_call_while_a_turn_cards_function_is_pending_makes_that_player_last() -> None:
    state = layout(rows=ROWS, draw=PLAIN_DRAWS, discard=["3"], turn=0, held="11")
    state = play(state, Play(0))
    state = play(state, CallSabaiSabai(1))  # the 11 peek is still to be carried out
    state = play(state, Peek(0, 0))
    order, state = _lap(state)
    assert order == [1, 2, 0]
    assert state.flow.status.end is EndCause.FINAL_LAP


@pytest.mark.rules("ruling.end-of-round-reaction", "ruling.final-lap-end", "round-end.final-lap")
def test_after_the_final_lap_every_player_passes_and_then_the_round_is_over() -> None:
    state = _reaction_after_final_lap()
    assert not state.is_over
    state = play(state, Pass(1), Pass(2))
    assert not state.is_over
    state = play(state, Pass(0))
    assert state.is_over
    assert state.flow.status.end is EndCause.FINAL_LAP


@pytest.mark.rules("ruling.end-of-round-reaction")
def test_no_draw_no_call_and_no_second_pass_in_the_reaction_round() -> None:
    state = play(_reaction_after_final_lap(), Pass(2))
    refused(state, Draw(1), "ruling.end-of-round-reaction")
    refused(state, CallSabaiSabai(0), "ruling.end-of-round-reaction")
    refused(state, Pass(2), "ruling.end-of-round-reaction")


@pytest.mark.rules("ruling.end-of-round-reaction", "throw-in.identical", "round-end.final-lap")
def test_a_throw_in_during_the_reaction_round_restarts_the_passing() -> None:
    state = play(_reaction_after_final_lap(), Pass(0), Pass(2))
    state = play(state, ThrowIn(1, 1, 0))  # P1's 7 onto the 7
    assert faces(state, 1) == ["8"]
    assert not state.is_over
    assert Pass(0) in legal_actions(state)
    assert Pass(2) in legal_actions(state)
    state = play(state, Pass(0), Pass(2))
    assert not state.is_over
    state = play(state, Pass(1))
    assert state.is_over


@pytest.mark.rules("ruling.end-of-round-reaction", "round-end.empty-row", "function.give")
def test_play_goes_on_when_a_reaction_throw_in_refills_the_only_empty_row() -> None:
    state = layout(rows=[["13"], ["13", "7", "6"], ["8", "9"]], discard=["13"], turn=2)
    state = play(state, ThrowIn(0, 0, 0))  # P0's row is empty; their give cannot be done
    assert state.flow.status.end is EndCause.EMPTIED
    state = play(state, Pass(2), ThrowIn(1, 1, 0), Give(1, 0, 0))
    assert faces(state, 0) == ["7"]
    assert state.flow.status.end is None
    assert Draw(2) in legal_actions(state)
    refused(state, Pass(0), "ruling.end-of-round-reaction")


# -- an emptied row ----------------------------------------------------------------------------


@pytest.mark.rules("round-end.empty-row", "ruling.empty-row-at-quiescence")
def test_an_emptied_row_ends_the_round_once_everybody_has_passed() -> None:
    state = layout(rows=[["5"], ["9", "8"], ["7"]], discard=["5"], turn=1)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0) == []
    assert state.flow.status.end is EndCause.EMPTIED
    assert not state.is_over
    refused(state, Draw(1), "ruling.end-of-round-reaction")
    state = all_pass(state)
    assert state.is_over
    assert state.flow.status.end is EndCause.EMPTIED


@pytest.mark.rules("round-end.empty-row", "ruling.empty-row-at-quiescence")
def test_an_emptied_row_does_not_end_the_round_while_a_function_is_queued() -> None:
    state = layout(rows=[["12"], ["9", "8"], ["7"]], discard=["12"], turn=1)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0) == []
    assert state.flow.status.end is None
    refused(state, Pass(0), "ruling.end-of-round-reaction")
    state = play(state, Spy(0, 1, 0))
    assert state.flow.status.end is EndCause.EMPTIED


def _refilled(ruleset: Ruleset | None = None) -> State:
    """P0 gives their last card away with the 13 they played; P1, who threw in a 13 onto it,
    then gives P0 a card back before anything has settled."""
    state = layout(
        rows=[["5"], ["13", "7", "6"], ["8", "9"]],
        discard=["2"],
        turn=0,
        held="13",
        ruleset=ruleset,
    )
    state = play(state, Play(0), ThrowIn(1, 1, 0))
    state = play(state, Give(0, 0, 2))
    assert faces(state, 0) == []
    assert state.flow.status.end is None  # P1's give is still queued
    return play(state, Give(1, 0, 0))


@pytest.mark.rules("round-end.empty-row", "ruling.empty-row-at-quiescence")
def test_a_player_given_a_card_back_before_the_end_no_longer_ends_the_round() -> None:
    state = _refilled()
    assert faces(state, 0) == ["7"]
    assert state.flow.status.end is None
    assert state.turn == 1
    assert state.flow.stage is Stage.DRAW


@pytest.mark.rules("ruling.empty-row-at-quiescence", "round-end.empty-row")
def test_lock_in_option_ends_the_round_although_the_emptied_row_was_refilled() -> None:
    state = _refilled(Ruleset(empty_check="lock_in"))
    assert faces(state, 0) == ["7"]
    assert state.flow.status.end is EndCause.EMPTIED
    assert all_pass(state).is_over


@pytest.mark.rules("ruling.empty-by-any-means", "round-end.empty-row", "function.give")
def test_a_row_emptied_by_giving_its_last_card_away_ends_the_round() -> None:
    state = layout(rows=[["5"], ["9", "8"]], discard=["2"], turn=0, held="13")
    state = play(state, Play(0), Give(0, 0, 1))
    assert faces(state, 0) == []
    assert state.flow.status.end is EndCause.EMPTIED


@pytest.mark.rules("ruling.empty-by-any-means", "round-end.empty-row")
def test_without_empty_by_any_means_a_row_given_away_does_not_end_the_round() -> None:
    rules = Ruleset(empty_by_any_means=False)
    state = layout(rows=[["5"], ["9", "8"]], discard=["2"], turn=0, held="13", ruleset=rules)
    state = play(state, Play(0), Give(0, 0, 1))
    assert faces(state, 0) == []
    assert state.flow.status.end is None
    assert state.turn == 1
    assert Draw(1) in legal_actions(state)


# -- all four together ---------------------------------------------------------------------------


def _four_sevens(ruleset: Ruleset | None = None) -> State:
    """P1 throws the fourth 7 onto the three others; the next card to draw is a 9."""
    state = layout(
        rows=[["1", "2"], ["7", "3"], ["4", "5"]],
        draw=["9"],
        discard=["7", "7", "7"],
        turn=0,
        ruleset=ruleset,
    )
    return play(state, ThrowIn(1, 1, 0))


@pytest.mark.rules("four-together.touch-nose", "ruling.nose-race")
def test_the_fourth_card_of_a_rank_starts_a_nose_race_that_blocks_everything_else() -> None:
    state = _four_sevens()
    assert list(legal_actions(state)) == [TouchNoseLast(0), TouchNoseLast(1), TouchNoseLast(2)]
    refused(state, Draw(0), "four-together.touch-nose")
    refused(state, ThrowIn(0, 0, 0), "four-together.touch-nose")
    refused(state, CallSabaiSabai(2), "four-together.touch-nose")


@pytest.mark.rules("four-together.last-draws-penalty", "ruling.nose-race", "throw-in.penalty-card")
def test_the_last_to_touch_their_nose_draws_an_unseen_penalty_card() -> None:
    state = play(_four_sevens(), TouchNoseLast(2))
    assert faces(state, 2) == ["4", "5", "9"]
    assert not any(knows(state, p, 2, 2) for p in range(3))
    assert faces(state, 0) == ["1", "2"]
    assert faces(state, 1) == ["3"]
    assert Draw(0) in legal_actions(state)


@pytest.mark.rules("ruling.nose-race", "four-together.last-draws-penalty")
def test_random_nose_race_picks_the_loser_by_itself() -> None:
    state = _four_sevens(Ruleset(nose_race="random"))
    assert TouchNoseLast(0) not in legal_actions(state)
    assert Draw(0) in legal_actions(state)
    rows = [faces(state, p) for p in range(3)]
    assert sum(len(r) for r in rows) == 2 + 1 + 2 + 1  # one penalty card
    assert sum(r.count("9") for r in rows) == 1


@pytest.mark.rules("ruling.nose-race")
def test_nose_race_off_ignores_four_cards_of_a_rank() -> None:
    state = _four_sevens(Ruleset(nose_race="off"))
    assert TouchNoseLast(0) not in legal_actions(state)
    assert Draw(0) in legal_actions(state)
    assert [faces(state, p) for p in range(3)] == [["1", "2"], ["3"], ["4", "5"]]


# -- forced and exhausted ends -------------------------------------------------------------------


@pytest.mark.rules("ruling.final-round-termination", "game-end.final-round-no-call")
def test_the_final_rounds_turn_cap_ends_the_round_as_forced() -> None:
    rules = Ruleset(final_round_max_turns=2)
    state = layout(
        rows=[["9", "9"], ["8", "8"]], draw=["1", "2", "3"], turn=0, final_round=True, ruleset=rules
    )
    state = play(state, Draw(0), Play(0))
    assert state.flow.status.end is None
    assert Draw(1) in legal_actions(state)
    state = play(state, Draw(1), Play(1))
    assert state.flow.status.end is EndCause.FORCED
    state = all_pass(state)
    assert state.is_over
    assert state.flow.status.end is EndCause.FORCED


@pytest.mark.rules("ruling.draw-pile-exhausted", "turn.draw")
def test_a_turn_that_cannot_draw_any_card_ends_the_round_as_exhausted() -> None:
    cards = _whole_deck_but(["5"])  # every card in the rows but the 5 on the pile
    state = layout(rows=[cards[:29], cards[29:]], discard=["5"], turn=0)
    assert len(state.table.draw) == 0
    state = play(state, Draw(0))
    assert state.is_over
    assert state.flow.status.end is EndCause.EXHAUSTED
    assert state.table.held < 0


@pytest.mark.rules("ruling.draw-pile-exhausted", "turn.draw")
def test_end_round_option_ends_the_round_when_the_draw_pile_is_empty() -> None:
    rows = [["9", "8"], ["7", "6"]]
    rest = _whole_deck_but([f for row in rows for f in row])
    state = layout(rows=rows, discard=rest, turn=0, ruleset=Ruleset(on_empty_draw_pile="end_round"))
    assert len(state.table.draw) == 0
    state = play(state, Draw(0))
    assert state.is_over
    assert state.flow.status.end is EndCause.EXHAUSTED
    assert len(state.table.discard) == len(rest)


# -- after the reveal ------------------------------------------------------------------------


@pytest.mark.rules("round-end.reveal")
def test_no_action_is_allowed_once_the_round_is_over() -> None:
    state = layout(rows=[["5"], ["5", "8"], ["7"]], discard=["5"], turn=1)
    state = all_pass(play(state, ThrowIn(0, 0, 0)))
    assert state.is_over
    assert list(legal_actions(state)) == []
    refused(state, Draw(1), "round-end.reveal")
    refused(state, ThrowIn(1, 1, 0), "round-end.reveal")
    refused(state, CallSabaiSabai(2), "round-end.reveal")
    refused(state, Pass(0), "round-end.reveal")
    refused(state, TouchNoseLast(0), "round-end.reveal")


@pytest.mark.rules("round-end.reveal", "objective.lowest-score-wins", "ruling.older-scoring")
def test_after_the_older_editions_round_a_refusal_cites_its_scoring_rule() -> None:
    """The older text has no reveal sentence; its rule for the end of the round is that the lowest
    score wins, which a refusal under the older edition cites."""
    older = Ruleset.preset("older")
    state = layout(rows=[["5"], ["5", "8"], ["7"]], discard=["5"], turn=1, ruleset=older)
    state = all_pass(play(state, ThrowIn(0, 0, 0)))
    assert state.is_over
    error = refused(state, Draw(1), "objective.lowest-score-wins")
    assert error.current_rule == "round-end.reveal"

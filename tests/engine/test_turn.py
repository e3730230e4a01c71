"""Dealing and the turn: the deal, drawing, playing directly, keeping, the older edition's look
at two cards, and the dealer moving round the table from round to round."""

from __future__ import annotations

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    CallSabaiSabai,
    Draw,
    Keep,
    LookAtCards,
    Pass,
    Play,
    ThrowIn,
    ToMove,
    deal,
    legal_actions,
    to_move,
)
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.play.layout import layout
from sabai_rules.state import NO_PLAYER, Stage
from tests.engine.support import emptied_round, faces, knows, of_type, play, refused, top

OLDER = Ruleset.preset("older")
#: The default deck in reverse card-id order: the Ass Joker first, then the jokers, then 14s...
REVERSED = tuple(reversed(range(60)))


# -- the deal ------------------------------------------------------------------------------------


@pytest.mark.rules("setup.four-cards", "turn.starter")
def test_deal_gives_four_cards_each_one_at_a_time_starting_with_the_starter() -> None:
    state = deal(players=3, dealer=0, order=REVERSED, seed=0)
    # Starter P1 gets the 1st, 4th, 7th and 10th card; the dealer P0 gets every third from the 3rd.
    assert faces(state, 1) == ["Ass Joker", "Joker", "14 switch", "13 give"]
    assert faces(state, 2) == ["Joker", "14 switch", "14 switch", "13 give"]
    assert faces(state, 0) == ["Joker", "14 switch", "13 give", "13 give"]


@pytest.mark.rules("setup.draw-pile", "setup.empty-discard-pile", "setup.no-looking")
def test_undealt_cards_form_the_draw_pile_and_nothing_is_turned_up() -> None:
    state = deal(players=3, dealer=0, order=REVERSED, seed=0)
    assert len(state.table.draw) == 60 - 12
    assert state.table.draw[-1] == REVERSED[12]  # the next card of the order is on top
    assert state.table.discard == ()
    assert not any(knows(state, p, o, s) for p in range(3) for o in range(3) for s in range(4))


@pytest.mark.rules("setup.four-cards", "setup.draw-pile")
def test_the_same_seed_deals_the_same_table_and_another_seed_another() -> None:
    first = deal(players=4, dealer=1, seed=7)
    again = deal(players=4, dealer=1, seed=7)
    other = deal(players=4, dealer=1, seed=8)
    assert first.table == again.table
    assert first.table.rows != other.table.rows


@pytest.mark.rules("setup.four-cards", "turn.starter")
def test_explicit_order_is_dealt_as_given_for_any_dealer() -> None:
    state = deal(players=4, dealer=2, order=range(60), seed=0)
    # Dealer P2: the starter P3 gets card ids 0, 4, 8, 12 (faces 1, 2, 3, 4).
    assert state.table.rows[3] == (0, 4, 8, 12)
    assert state.table.rows[0] == (1, 5, 9, 13)
    assert state.table.rows[2] == (3, 7, 11, 15)
    assert state.table.draw[-1] == 16


@pytest.mark.rules("setup.players")
@pytest.mark.parametrize("players", [0, 1, 13])
def test_a_table_of_fewer_than_two_or_more_than_twelve_players_is_not_dealt(players: int) -> None:
    with pytest.raises(ValueError, match=r"2 to 12"):
        deal(players=players, seed=0)


@pytest.mark.rules("setup.players", "setup.four-cards")
def test_twelve_players_can_be_dealt() -> None:
    state = deal(players=12, seed=3)
    assert all(len(row) == 4 for row in state.table.rows)
    assert len(state.table.draw) == 60 - 48


@pytest.mark.rules("setup.four-cards")
@pytest.mark.parametrize(
    "order",
    [
        pytest.param(tuple(range(59)), id="a-card-missing"),
        pytest.param((0, *range(1, 59), 0), id="a-card-twice"),
        pytest.param(tuple(range(1, 61)), id="an-unknown-card"),
    ],
)
def test_an_order_that_is_not_the_whole_deck_once_is_refused(order: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match=r"exactly once"):
        deal(players=3, order=order, seed=0)


@pytest.mark.rules("turn.starter")
@pytest.mark.parametrize("dealer", [-1, 4])
def test_a_dealer_who_is_not_at_the_table_is_refused(dealer: int) -> None:
    with pytest.raises(ValueError, match=r"dealer"):
        deal(players=4, dealer=dealer, seed=0)


# -- drawing -------------------------------------------------------------------------------------


@pytest.mark.rules("turn.starter", "turn.draw", "ruling.dealer-rotation")
def test_the_player_after_the_dealer_draws_first() -> None:
    state = deal(players=4, dealer=2, seed=5)
    assert state.turn == 3
    assert of_type(legal_actions(state), Draw) == [Draw(3)]
    state = play(state, Draw(3))
    assert state.flow.stage == Stage.DECIDE
    assert len(state.table.draw) == 60 - 16 - 1


@pytest.mark.rules("turn.starter", "ruling.two-players")
def test_with_two_players_the_player_who_did_not_deal_starts() -> None:
    assert deal(players=2, dealer=1, seed=5).turn == 0
    assert deal(players=2, dealer=0, seed=5).turn == 1


@pytest.mark.rules("turn.draw")
@pytest.mark.parametrize("player", [0, 1, 3])
def test_drawing_out_of_turn_is_refused(player: int) -> None:
    state = deal(players=4, dealer=1, seed=5)
    refused(state, Draw(player), "turn.draw")


@pytest.mark.rules("turn.draw", "turn.two-options")
def test_drawing_twice_in_a_turn_is_refused() -> None:
    state = play(deal(players=3, dealer=0, seed=5), Draw(1))
    refused(state, Draw(1), "turn.draw")


@pytest.mark.rules("turn.draw", "ruling.knowledge-model", "ruling.public-information")
def test_the_drawn_card_is_known_only_to_the_drawer() -> None:
    state = play(deal(players=3, dealer=0, seed=5), Draw(1))
    held = state.table.held
    assert [state.table.knows(p, held) for p in range(3)] == [False, True, False]


# -- play directly -------------------------------------------------------------------------------


@pytest.mark.rules("turn.play", "turn.rotation", "turn.counter-clockwise")
def test_playing_directly_puts_the_drawn_card_on_the_pile_and_the_next_player_draws() -> None:
    state = layout(rows=[["1", "2"], ["3", "4"], ["5", "6"]], held="9", turn=1)
    state = play(state, Play(1))
    assert top(state) == "9"
    assert faces(state, 1) == ["3", "4"]
    assert state.table.held < 0
    assert state.turn == 2
    assert legal_actions(state).decisions == (Draw(2),)
    assert all(state.table.knows(p, state.table.top) for p in range(3))


@pytest.mark.rules("turn.play", "turn.rotation", "turn.counter-clockwise")
def test_a_dealt_round_passes_the_turn_in_seat_order_round_to_seat_zero() -> None:
    state = deal(players=3, dealer=0, order=range(60), seed=0)  # three 4s to draw
    seen = []
    for _ in range(3):
        seen.append(state.turn)
        state = play(state, Draw(state.turn), Play(state.turn))
    assert seen == [1, 2, 0]
    assert state.turn == 1
    assert len(state.table.discard) == 3


# -- keep ----------------------------------------------------------------------------------------


@pytest.mark.rules("turn.keep", "ruling.row-positions")
def test_keeping_puts_the_drawn_card_in_the_slot_and_its_card_face_up_on_the_pile() -> None:
    state = layout(rows=[["1", "2", "3"], ["4", "5"]], held="9", turn=0)
    state = play(state, Keep(0, 1))
    assert faces(state, 0) == ["1", "9", "3"]
    assert top(state) == "2"
    assert state.turn == 1


@pytest.mark.rules("turn.keep", "ruling.knowledge-model", "ruling.public-information")
def test_after_a_keep_all_know_the_outgoing_card_and_only_the_keeper_the_kept_one() -> None:
    state = layout(rows=[["1", "2", "3"], ["4", "5"], ["6", "7"]], held="9", turn=0)
    state = play(state, Keep(0, 2))
    assert [state.table.knows(p, state.table.top) for p in range(3)] == [True] * 3
    assert [knows(state, p, 0, 2) for p in range(3)] == [True, False, False]
    assert not knows(state, 0, 0, 0)


@pytest.mark.rules("turn.keep")
@pytest.mark.parametrize("slot", [-1, 3, 7])
def test_keeping_into_a_slot_the_row_does_not_have_is_refused(slot: int) -> None:
    state = layout(rows=[["1", "2", "3"], ["4", "5"]], held="9", turn=0)
    refused(state, Keep(0, slot), "turn.keep")
    assert of_type(legal_actions(state), Keep) == [Keep(0, 0), Keep(0, 1), Keep(0, 2)]


@pytest.mark.rules("turn.two-options")
@pytest.mark.parametrize("action", [Play(1), Keep(1, 0)], ids=["play", "keep"])
def test_play_or_keep_before_drawing_is_refused(action: Play | Keep) -> None:
    state = deal(players=3, dealer=0, seed=5)
    refused(state, action, "turn.two-options")


@pytest.mark.rules("turn.two-options")
@pytest.mark.parametrize("action", [Play(2), Keep(2, 0)], ids=["play", "keep"])
def test_play_or_keep_by_a_player_who_did_not_draw_is_refused(action: Play | Keep) -> None:
    state = play(deal(players=3, dealer=0, seed=5), Draw(1))
    refused(state, action, "turn.two-options")


@pytest.mark.rules("turn.two-options", "turn.rotation")
def test_play_or_keep_after_the_turn_card_is_placed_is_refused() -> None:
    state = layout(rows=[["1", "2"], ["3", "4"], ["5", "6"]], held="9", turn=0)
    state = play(state, Play(0))
    refused(state, Play(0), "turn.two-options")
    refused(state, Keep(0, 0), "turn.two-options")


# -- the first card of a round -------------------------------------------------------------------


@pytest.mark.rules("setup.empty-discard-pile", "ruling.no-throw-in-before-first-play")
def test_nothing_can_be_thrown_in_before_the_first_card_is_played() -> None:
    state = deal(players=3, dealer=0, seed=5)
    refused(state, ThrowIn(0, 0, 0), "setup.empty-discard-pile")
    state = play(state, Draw(1))  # drawn, not yet played: still no top card
    refused(state, ThrowIn(1, 1, 2), "setup.empty-discard-pile")
    assert legal_actions(state).throw_ins == ()


# -- the older edition: look at two cards --------------------------------------------------------


@pytest.mark.rules("setup.look-at-two", "ruling.older-initial-peek")
def test_older_edition_the_first_draw_waits_until_everybody_has_looked() -> None:
    state = deal(OLDER, players=3, dealer=0, seed=5)
    assert state.flow.stage == Stage.LOOK
    refused(state, Draw(1), "setup.look-at-two")
    state = play(state, LookAtCards(0, (0, 1)), LookAtCards(1, (2, 3)))
    refused(state, Draw(1), "setup.look-at-two")
    state = play(state, LookAtCards(2, (0, 3)))
    assert legal_actions(state).decisions == (Draw(1),)


@pytest.mark.rules("setup.look-at-two", "ruling.older-initial-peek", "ruling.knowledge-model")
def test_older_edition_a_player_learns_exactly_the_two_cards_looked_at() -> None:
    state = play(deal(OLDER, players=3, dealer=0, seed=5), LookAtCards(2, (1, 3)))
    assert [knows(state, 2, 2, s) for s in range(4)] == [False, True, False, True]
    assert not any(knows(state, p, 2, s) for p in (0, 1) for s in range(4))


@pytest.mark.rules("setup.look-at-two", "ruling.older-initial-peek", "ruling.older-look-optional")
@pytest.mark.parametrize(
    "slots",
    [(), (0,), (0, 1, 2), (1, 1), (2, 0), (0, 4)],
    ids=["none", "one", "three", "same-twice", "decreasing", "no-such-slot"],
)
def test_older_edition_looking_at_anything_but_two_different_slots_is_refused(
    slots: tuple[int, ...],
) -> None:
    # Where looking is compulsory; the older preset lets a player look at fewer (test_options).
    compulsory = OLDER.with_options(initial_peek_optional=False)
    state = deal(compulsory, players=3, dealer=0, seed=5)
    refused(state, LookAtCards(0, slots), "setup.look-at-two")


@pytest.mark.rules("setup.look-at-two", "ruling.older-initial-peek")
def test_older_edition_each_player_looks_only_once() -> None:
    state = play(deal(OLDER, players=3, dealer=0, seed=5), LookAtCards(0, (0, 1)))
    refused(state, LookAtCards(0, (2, 3)), "setup.look-at-two")
    assert all(a.actor != 0 for a in of_type(legal_actions(state), LookAtCards))


@pytest.mark.rules("setup.no-looking", "ruling.irregularities", "ruling.older-initial-peek")
def test_current_edition_looking_at_dealt_cards_is_refused_as_no_looking() -> None:
    state = deal(players=3, dealer=0, seed=5)
    assert state.flow.stage == Stage.DRAW
    refused(state, LookAtCards(0, (0, 1)), "setup.no-looking")


# -- the dealer moves round the table ------------------------------------------------------------


@pytest.mark.rules("round-end.next-dealer", "ruling.dealer-rotation", "turn.starter")
def test_the_starter_of_a_round_deals_the_next_one() -> None:
    game = new_game(3, first_dealer=2, seed=0)
    first = start_round(game)
    assert (first.setup.dealer, first.turn) == (2, 0)
    game = finish_round(
        game, emptied_round([["5"], ["7", "8"], ["9", "10"]], dealer=2, round_index=0)
    )
    second = start_round(game)
    assert (second.setup.dealer, second.turn) == (0, 1)
    game = finish_round(
        game, emptied_round([["5"], ["7", "8"], ["9", "10"]], dealer=0, round_index=1)
    )
    third = start_round(game)
    assert (third.setup.dealer, third.turn) == (1, 2)
    assert third.setup.final_round


@pytest.mark.rules("round-end.next-dealer", "ruling.dealer-rotation", "ruling.two-players")
def test_with_two_players_the_deal_alternates() -> None:
    game = new_game(2, first_dealer=0, seed=0)
    assert start_round(game).setup.dealer == 0
    game = finish_round(game, emptied_round([["5"], ["7", "8"]], dealer=0, round_index=0))
    second = start_round(game)
    assert (second.setup.dealer, second.turn) == (1, 0)


# -- whom the game waits for ---------------------------------------------------------------------


@pytest.mark.rules("turn.draw", "throw-in.identical")
def test_the_game_waits_for_the_active_player_while_others_may_throw_in_or_call() -> None:
    """P1 is to draw; the others may throw in (a wrong card is a legal throw-in too) or call."""
    state = layout(rows=[["3"], ["4"], ["5"]], discard=["5"], turn=1)
    assert to_move(state) == ToMove(1, False, (2, 0))
    mine = legal_actions(state, player=1)
    assert (mine[0], mine[-1]) == (Draw(1), CallSabaiSabai(1))
    assert {a.actor for a in mine} == {1}
    assert list(mine) == [a for a in legal_actions(state) if a.actor == 1]
    assert ThrowIn(2, 2, 0) in legal_actions(state, player=2)
    assert ThrowIn(2, 2, 0) not in legal_actions(state, player=0)
    assert Draw(1) not in legal_actions(state, player=0)


@pytest.mark.rules("function.execute", "sabai-sabai-move.first-refusal")
def test_the_game_waits_for_an_executor_and_for_an_owners_answer() -> None:
    state = layout(rows=[["3", "4"], ["5", "6"]], discard=["2"], held="11", turn=0)
    state = play(state, Play(0))
    assert to_move(state).player == 0  # the 11's peek
    offer = layout(
        rows=[["2", "4"], ["3", "11", "5"], ["6", "8"]], discard=["11"], turn=0, seen={1: [(1, 1)]}
    )
    offer = play(offer, ThrowIn(2, 1, 1))
    assert to_move(offer) == ToMove(1, False, ())
    assert legal_actions(offer, player=2) == []


@pytest.mark.rules("ruling.end-of-round-reaction", "four-together.touch-nose")
def test_in_the_reaction_round_the_game_waits_for_each_pass_and_a_nose_race_for_the_table() -> None:
    state = layout(rows=[["5"], ["4", "6"], ["7"]], discard=["5"], turn=1)
    state = play(state, ThrowIn(0, 0, 0), Pass(1))
    assert to_move(state) == ToMove(2, False, (1, 0))  # P1 passed, but may still throw in
    over = play(state, Pass(2), Pass(0))
    assert to_move(over) == ToMove(NO_PLAYER, False, ())
    race = layout(rows=[["7"], ["4", "6"]], discard=["7", "7", "7"], turn=1)
    race = play(race, ThrowIn(0, 0, 0))
    assert to_move(race) == ToMove(NO_PLAYER, True, ())


@pytest.mark.rules("setup.look-at-two")
def test_older_edition_every_player_still_to_look_may_look_the_starter_first() -> None:
    state = deal(OLDER, 3, dealer=0, seed=2)
    assert to_move(state) == ToMove(1, False, (2, 0))


def test_legal_actions_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = deal(players=2, dealer=0, seed=1)
    for seat in (2, -1):
        with pytest.raises(ValueError, match="at a table of 2"):
            legal_actions(state, player=seat)
    for wrong in (True, "1", 1.0):  # no int: a wrong type
        with pytest.raises(TypeError, match="player must be a seat"):
            legal_actions(state, player=wrong)

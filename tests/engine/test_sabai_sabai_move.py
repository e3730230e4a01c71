"""The sabai-sabai Move: throwing in another player's card, first refusal and compensation."""

from __future__ import annotations

import pytest

from sabai_rules.model.events import CompensationLapsed
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    Peek,
    Spy,
    TakeFirstRefusal,
    ThrowIn,
    WaiveFirstRefusal,
    apply_events,
    legal_actions,
)
from sabai_rules.play.layout import Position, layout
from sabai_rules.state import Compensation, Function, Offer, State
from tests.engine.support import faces, knows, play, refused, top

OLDER = Ruleset.preset("older")
SIMPLIFIED = Ruleset.preset("simplified")


def table(
    on_top: str,
    owner_row: list[str],
    thrower_row: list[str] | None = None,
    *,
    ruleset: Ruleset | None = None,
    seen: dict[int, list[Position]] | None = None,
    lockout: tuple[int, ...] = (),
) -> State:
    """P0's turn to draw; P1 is the owner, P2 the thrower; ``on_top`` is the top card."""
    return layout(
        rows=[["2", "4"], owner_row, ["6", "8"] if thrower_row is None else thrower_row],
        draw=["10", "9"],
        discard=[on_top],
        turn=0,
        ruleset=ruleset,
        seen=seen,
        lockout=lockout,
    )


# -- a correct throw for another player -------------------------------------------------------


@pytest.mark.rules("sabai-sabai-move.on-behalf", "ruling.row-positions")
def test_a_correct_throw_for_another_player_leaves_a_gap_in_the_owners_row() -> None:
    state = table("7", ["3", "7", "5"])
    after = play(state, ThrowIn(2, 1, 1))
    assert faces(after, 1) == ["3", "[gap]", "5"]
    assert top(after) == "7"
    assert after.table.top == state.table.rows[1][1]
    assert faces(after, 2) == ["6", "8"]
    assert after.flow.queue == (Compensation(2, 1, state.table.rows[1][1]),)


@pytest.mark.rules(
    "sabai-sabai-move.functions-by-thrower", "ruling.functions-by-thrower", "function.thrown-in"
)
def test_the_thrower_carries_out_the_function_before_giving_the_compensation() -> None:
    state = table("12", ["3", "12", "5"])
    card = state.table.rows[1][1]
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.queue == (Function(2, card), Compensation(2, 1, card))
    decisions = legal_actions(after).decisions
    assert decisions
    assert all(isinstance(a, Spy) and a.actor == 2 for a in decisions)
    refused(after, Compensate(2, 0), "sabai-sabai-move.compensation")
    refused(after, Spy(1, 0, 0), "function.execute")
    after = play(after, Spy(2, 0, 0))
    assert legal_actions(after).decisions == (Compensate(2, 0), Compensate(2, 1))


@pytest.mark.rules("sabai-sabai-move.compensation", "ruling.compensation-card")
def test_the_compensation_card_goes_face_down_into_the_gap() -> None:
    state = table("7", ["3", "7", "5"], ["6", "9"], seen={2: [(2, 1)]})
    after = play(state, ThrowIn(2, 1, 1), Compensate(2, 1))
    assert faces(after, 1) == ["3", "9", "5"]
    assert faces(after, 2) == ["6"]
    assert knows(after, 2, 1, 1)  # the thrower keeps what they knew
    assert not knows(after, 1, 1, 1)  # the owner learns nothing
    assert not knows(after, 0, 1, 1)
    assert after.flow.queue == ()
    assert after.turn == 0


@pytest.mark.rules("sabai-sabai-move.compensation")
def test_only_the_thrower_gives_the_compensation_card() -> None:
    state = table("7", ["3", "7", "5"])
    after = play(state, ThrowIn(2, 1, 1))
    refused(after, Compensate(1, 0), "sabai-sabai-move.compensation")
    refused(after, Compensate(0, 0), "sabai-sabai-move.compensation")
    refused(after, Draw(0), "sabai-sabai-move.compensation")  # the turn waits for it


@pytest.mark.rules("ruling.row-positions", "ruling.compensation-card")
def test_with_compensation_slot_append_the_card_goes_to_the_end_of_the_owners_row() -> None:
    rules = Ruleset().with_options(compensation_slot="append")
    state = table("7", ["3", "7", "5"], ruleset=rules)
    after = play(state, ThrowIn(2, 1, 1))
    assert faces(after, 1) == ["3", "5"]
    after = play(after, Compensate(2, 0))
    assert faces(after, 1) == ["3", "5", "6"]
    assert faces(after, 2) == ["8"]


# -- a wrong throw for another player ---------------------------------------------------------


@pytest.mark.rules("sabai-sabai-move.penalty-to-thrower", "ruling.wrong-on-behalf-throw")
def test_a_wrong_throw_for_another_player_goes_back_into_the_owners_slot_known_to_all() -> None:
    state = table("7", ["3", "9", "5"])
    after = play(state, ThrowIn(2, 1, 1))
    assert faces(after, 1) == ["3", "9", "5"]
    assert after.table.rows[1] == state.table.rows[1]
    assert all(knows(after, p, 1, 1) for p in range(3))
    assert top(after) == "7"


@pytest.mark.rules(
    "sabai-sabai-move.penalty-to-thrower", "ruling.wrong-on-behalf-throw", "throw-in.retry-lockout"
)
def test_the_thrower_not_the_owner_pays_for_a_wrong_throw_for_another_player() -> None:
    state = table("7", ["3", "9", "7"])
    after = play(state, ThrowIn(2, 1, 1))
    assert faces(after, 2) == ["6", "8", "10"]  # the penalty card
    assert not knows(after, 2, 2, 2)
    assert len(after.table.rows[1]) == 3
    assert after.flow.queue == ()  # no compensation
    refused(after, ThrowIn(2, 1, 2), "throw-in.retry-lockout")
    assert ThrowIn(1, 1, 2) in legal_actions(after)  # the owner is not locked out


# -- first refusal ------------------------------------------------------------------------------


@pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal")
def test_an_owner_who_has_seen_the_card_is_offered_first_refusal() -> None:
    state = table("7", ["3", "7", "5"], seen={1: [(1, 1)]})
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.pending == Offer(2, 1, 1)
    assert list(legal_actions(after)) == [TakeFirstRefusal(1), WaiveFirstRefusal(1)]
    assert after.table.rows == state.table.rows
    assert after.table.discard == state.table.discard


@pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal")
def test_while_an_offer_is_open_nothing_else_may_happen() -> None:
    state = table("7", ["3", "7", "5"], ["7", "8"], seen={1: [(1, 1)]})
    after = play(state, ThrowIn(2, 1, 1))
    refused(after, Draw(0), "sabai-sabai-move.first-refusal")
    refused(after, CallSabaiSabai(0), "sabai-sabai-move.first-refusal")
    refused(after, ThrowIn(2, 2, 0), "sabai-sabai-move.first-refusal")
    refused(after, ThrowIn(1, 1, 1), "sabai-sabai-move.first-refusal")
    refused(after, TakeFirstRefusal(2), "sabai-sabai-move.first-refusal")
    refused(after, WaiveFirstRefusal(0), "sabai-sabai-move.first-refusal")


@pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal")
def test_taking_first_refusal_makes_it_the_owners_own_throw_in() -> None:
    state = table("11", ["3", "11", "5"], seen={1: [(1, 1)]})
    card = state.table.rows[1][1]
    after = play(state, ThrowIn(2, 1, 1), TakeFirstRefusal(1))
    assert faces(after, 1) == ["3", "5"]  # no gap: nothing is owed
    assert after.table.top == card
    assert after.flow.queue == (Function(1, card),)
    assert legal_actions(after).decisions == (Peek(1, 0), Peek(1, 1))
    after = play(after, Peek(1, 0))
    assert after.flow.queue == ()
    assert faces(after, 2) == ["6", "8"]


@pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal")
def test_waiving_first_refusal_lets_the_throwers_move_go_ahead() -> None:
    state = table("11", ["3", "11", "5"], seen={1: [(1, 1)]})
    card = state.table.rows[1][1]
    after = play(state, ThrowIn(2, 1, 1), WaiveFirstRefusal(1))
    assert after.flow.pending is None
    assert faces(after, 1) == ["3", "[gap]", "5"]
    assert after.flow.queue == (Function(2, card), Compensation(2, 1, card))
    after = play(after, Peek(2, 0), Compensate(2, 0))
    assert faces(after, 1) == ["3", "6", "5"]


@pytest.mark.rules("ruling.first-refusal", "throw-in.wrong-card.penalty")
def test_taking_first_refusal_of_a_wrong_card_costs_the_owner_the_penalty_card() -> None:
    state = table("7", ["3", "9", "5"], seen={1: [(1, 1)]})
    after = play(state, ThrowIn(2, 1, 1), TakeFirstRefusal(1))
    assert faces(after, 1) == ["3", "9", "5", "10"]
    assert faces(after, 2) == ["6", "8"]
    refused(after, ThrowIn(1, 1, 0), "throw-in.retry-lockout")


@pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal")
def test_no_offer_is_made_when_the_owner_has_not_seen_the_card() -> None:
    state = table("7", ["3", "7", "5"], seen={1: [(1, 0), (1, 2)], 2: [(1, 1)]})
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.pending is None
    assert faces(after, 1) == ["3", "[gap]", "5"]


@pytest.mark.rules("ruling.first-refusal")
def test_with_first_refusal_always_even_an_unseen_card_is_offered() -> None:
    state = table("7", ["3", "7", "5"], ruleset=Ruleset().with_options(first_refusal="always"))
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.pending == Offer(2, 1, 1)
    assert faces(after, 1) == ["3", "7", "5"]


@pytest.mark.rules("ruling.first-refusal")
def test_with_first_refusal_never_a_seen_card_is_not_offered() -> None:
    rules = Ruleset().with_options(first_refusal="never")
    state = table("7", ["3", "7", "5"], ruleset=rules, seen={1: [(1, 1)]})
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.pending is None
    assert faces(after, 1) == ["3", "[gap]", "5"]


@pytest.mark.rules(
    "sabai-sabai-move.first-refusal", "ruling.first-refusal", "ruling.retry-lockout-scope"
)
def test_a_locked_out_owner_is_not_offered_first_refusal() -> None:
    state = table("7", ["3", "7", "5"], seen={1: [(1, 1)]}, lockout=(1,))
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.pending is None
    assert faces(after, 1) == ["3", "[gap]", "5"]


# -- who may throw in for others ----------------------------------------------------------------


@pytest.mark.rules("simplified-play.own-cards-only", "ruling.on-behalf-contexts")
def test_the_simplified_way_of_playing_refuses_throwing_in_for_others() -> None:
    state = table("7", ["3", "7", "5"], ["7", "8"], ruleset=SIMPLIFIED)
    refused(state, ThrowIn(2, 1, 1), "simplified-play.own-cards-only")
    assert all(
        isinstance(a, ThrowIn) and a.actor == a.owner for a in legal_actions(state).throw_ins
    )
    after = play(state, ThrowIn(2, 2, 0))
    assert faces(after, 2) == ["8"]


@pytest.mark.rules("sabai-sabai-move.compensation", "ruling.compensation-card")
def test_a_player_with_no_cards_cannot_throw_in_for_others() -> None:
    state = table("7", ["3", "7", "5"], [])
    refused(state, ThrowIn(2, 1, 1), "sabai-sabai-move.compensation")
    assert ThrowIn(0, 1, 1) in legal_actions(state)


@pytest.mark.rules("ruling.compensation-card", "sabai-sabai-move.compensation")
def test_without_on_behalf_requires_card_an_empty_row_may_throw_for_others() -> None:
    rules = Ruleset().with_options(on_behalf_requires_card=False)
    state = table("7", ["3", "7", "5"], [], ruleset=rules)
    after, events = apply_events(state, ThrowIn(2, 1, 1))
    assert faces(after, 1) == ["3", "5"]  # the gap closes
    assert top(after) == "7"
    assert after.flow.queue == ()
    assert CompensationLapsed(2, 1) in events


@pytest.mark.rules("sabai-sabai-move.advanced-rule", "ruling.older-on-behalf-knowledge")
def test_older_edition_a_card_the_thrower_has_seen_and_the_owner_has_not_may_be_thrown() -> None:
    state = table("7", ["3", "7", "5"], ruleset=OLDER, seen={2: [(1, 1)]})
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.pending is None
    assert faces(after, 1) == ["3", "[gap]", "5"]


@pytest.mark.parametrize(
    "seen",
    [{}, {1: [(1, 1)], 2: [(1, 1)]}],
    ids=["thrower-has-not-seen-it", "owner-has-seen-it"],
)
@pytest.mark.rules("sabai-sabai-move.advanced-rule", "ruling.older-on-behalf-knowledge")
def test_older_edition_refuses_other_cards_for_others(seen: dict[int, list[Position]]) -> None:
    state = table("7", ["3", "7", "5"], ruleset=OLDER, seen=seen)
    refused(state, ThrowIn(2, 1, 1), "sabai-sabai-move.advanced-rule")


# -- a compensation that cannot be given --------------------------------------------------------


@pytest.mark.rules("ruling.compensation-card", "sabai-sabai-move.compensation")
def test_a_compensation_lapses_when_the_thrower_gave_away_their_last_card() -> None:
    state = table("13", ["3", "13", "5"], ["8"])
    after = play(state, ThrowIn(2, 1, 1))
    after, events = apply_events(after, Give(2, 0, 0))
    assert faces(after, 0) == ["2", "4", "8"]
    assert faces(after, 2) == []
    assert faces(after, 1) == ["3", "5"]  # the gap closes
    assert after.flow.queue == ()
    assert CompensationLapsed(2, 1) in events


@pytest.mark.rules("ruling.compensation-card", "ass-joker.only-give-switch-burn")
def test_an_ass_joker_known_to_everybody_cannot_be_given_as_compensation() -> None:
    state = table("7", ["3", "7", "5"], ["AJ", "8"], seen={2: [(2, 0)]})
    after = play(state, ThrowIn(2, 1, 1), Compensate(2, 0))  # shown to everybody, it stays
    refused(after, Compensate(2, 0), "ass-joker.only-give-switch-burn")
    after = play(after, Compensate(2, 1))
    assert faces(after, 1) == ["3", "8", "5"]
    assert faces(after, 2) == ["Ass Joker"]


@pytest.mark.rules("ruling.compensation-card", "ruling.ass-joker-turned-over")
def test_an_ass_joker_picked_blindly_as_compensation_is_shown_and_stays() -> None:
    state = table("7", ["3", "7", "5"], ["AJ", "8"])
    after = play(state, ThrowIn(2, 1, 1), Compensate(2, 0))
    assert faces(after, 2) == ["Ass Joker", "8"]
    assert all(knows(after, p, 2, 0) for p in range(3))
    assert faces(after, 1) == ["3", "[gap]", "5"]
    assert legal_actions(after).decisions == (Compensate(2, 1),)
    after = play(after, Compensate(2, 1))
    assert faces(after, 1) == ["3", "8", "5"]


# -- who bears the function and the penalty: the thrower, or the player whose turn it is ------

_TURN_PLAYER = Ruleset(on_behalf_active_player="turn_player")


@pytest.mark.rules(
    "sabai-sabai-move.functions-by-thrower",
    "sabai-sabai-move.active-player",
    "ruling.functions-by-thrower",
)
@pytest.mark.parametrize("ruleset", [Ruleset(), OLDER], ids=["current", "older"])
def test_by_default_the_thrower_bears_function_and_penalty_of_a_throw_for_another(
    ruleset: Ruleset,
) -> None:
    """Issue 35, item 3: "Penalty cards affect that player, and the functions of the function
    cards are carried out by them"; the older preset reads "aktiivista pelaajaa" the same way."""
    state = table("12", ["3", "12", "5"], ruleset=ruleset, seen={2: [(1, 1), (1, 0)]})
    card = state.table.rows[1][1]
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.queue == (Function(2, card), Compensation(2, 1, card))
    wrong = play(state, ThrowIn(2, 1, 0))
    assert faces(wrong, 2) == ["6", "8", "10"]
    assert faces(wrong, 0) == ["2", "4"]


@pytest.mark.rules(
    "sabai-sabai-move.functions-by-thrower",
    "sabai-sabai-move.active-player",
    "ruling.functions-by-thrower",
)
def test_with_turn_player_the_player_whose_turn_it_is_carries_out_the_function() -> None:
    """The option's reading of "Toiminnot ja rangaistukset koskevat aktiivista pelaajaa": P2
    throws in P1's 12 during P0's turn; P0 spies, P2 still gives the card in return."""
    state = table("12", ["3", "12", "5"], ruleset=_TURN_PLAYER)
    card = state.table.rows[1][1]
    after = play(state, ThrowIn(2, 1, 1))
    assert after.flow.queue == (Function(0, card), Compensation(2, 1, card))
    assert all(isinstance(a, Spy) and a.actor == 0 for a in legal_actions(after).decisions)
    refused(after, Spy(2, 0, 0), "function.execute")
    after = play(after, Spy(0, 1, 0))
    assert knows(after, 0, 1, 0)
    assert not knows(after, 2, 1, 0)
    assert legal_actions(after).decisions == (Compensate(2, 0), Compensate(2, 1))


@pytest.mark.rules(
    "sabai-sabai-move.penalty-to-thrower",
    "sabai-sabai-move.active-player",
    "ruling.functions-by-thrower",
    "throw-in.retry-lockout",
)
def test_with_turn_player_the_player_whose_turn_it_is_draws_the_penalty_card() -> None:
    """A wrong throw for another player: the penalty card goes to P0, whose turn it is; the
    thrower P2 is still the one locked out. A throw of one's own card is the thrower's alone."""
    state = table("7", ["3", "9", "7"], ["6", "9"], ruleset=_TURN_PLAYER)
    after = play(state, ThrowIn(2, 1, 1))
    assert faces(after, 0) == ["2", "4", "10"]
    assert faces(after, 2) == ["6", "9"]
    assert len(after.table.rows[1]) == 3
    refused(after, ThrowIn(2, 1, 2), "throw-in.retry-lockout")
    own = play(state, ThrowIn(2, 2, 1))
    assert faces(own, 2) == ["6", "9", "10"]
    assert faces(own, 0) == ["2", "4"]

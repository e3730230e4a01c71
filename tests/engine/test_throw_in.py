"""Throwing in one's own card: who may, onto what, how long, and what a wrong card costs."""

from __future__ import annotations

import pytest

from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.events import PenaltyCard, PenaltyWaived, Reshuffled, ThrewIn
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    AlsoThrowIn,
    CallSabaiSabai,
    Draw,
    Keep,
    Peek,
    Play,
    Spy,
    ThrowIn,
    TouchNoseLast,
    apply_events,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.state import EndCause, Function, Stage, State
from tests.engine.support import faces, knows, play, refused, top

OLDER = Ruleset.preset("older")

#: A deck of sixteen cards (7 to 14, twice each), small enough to lay out completely so that the
#: draw pile can be empty. Two cards of a rank would start a nose race: no nose races here.
SMALL = Ruleset(
    deck=DeckSpec(first_rank=7, last_rank=14, copies=2, plain_jokers=0, ass_joker=False),
    nose_race="off",
)


def empty_draw_pile(rules: Ruleset = SMALL) -> State:
    """All of the small deck laid out: P0's turn to draw, top card 14, nothing to draw."""
    return layout(
        rows=[["7", "8", "9"], ["10", "11", "12"]],
        discard=["7", "8", "9", "10", "11", "12", "13", "13", "14", "14"],
        turn=0,
        ruleset=rules,
    )


# -- who may throw in, and when -------------------------------------------------------------------


@pytest.mark.rules("throw-in.identical")
def test_any_player_may_throw_in_an_identical_card_out_of_turn() -> None:
    state = layout(rows=[["3", "4"], ["5", "6"], ["9", "7", "2"]], discard=["7"], turn=0)
    after = play(state, ThrowIn(2, 2, 1))
    assert faces(after, 2) == ["9", "2"]
    assert top(after) == "7"
    assert len(after.table.discard) == 2
    assert (after.turn, after.flow.stage) == (0, Stage.DRAW)


@pytest.mark.rules("throw-in.identical", "ruling.throw-in-window", "ruling.active-player-throw-ins")
@pytest.mark.parametrize("actor", [1, 0], ids=["another-player", "the-active-player"])
def test_a_card_may_be_thrown_in_while_the_active_player_holds_a_drawn_card(actor: int) -> None:
    state = layout(rows=[["7", "3"], ["7", "6"]], discard=["7"], turn=0, held="5")
    after = play(state, ThrowIn(actor, actor, 0))
    assert faces(after, actor) == faces(state, actor)[1:]
    assert top(after) == "7"
    # P0's turn waits at the decision, the drawn 5 still in hand.
    assert (after.turn, after.flow.stage) == (0, Stage.DECIDE)
    assert after.deck.name(after.table.held) == "5"
    listed = tuple(legal_actions(after))
    assert Play(0) in listed
    assert Keep(0, 0) in listed


@pytest.mark.parametrize(
    ("on_top", "thrown"),
    [("J", "J"), ("J", "AJ"), ("AJ", "J")],
    ids=["joker-onto-joker", "ass-joker-onto-joker", "joker-onto-ass-joker"],
)
@pytest.mark.rules("ruling.joker-family", "throw-in.identical", "ruling.joker-onto-ass-joker")
def test_the_jokers_are_one_family_for_throwing_in(on_top: str, thrown: str) -> None:
    state = layout(rows=[["3", "4"], [thrown, "6"]], discard=[on_top], turn=0)
    after = play(state, ThrowIn(1, 1, 0))
    assert faces(after, 1) == ["6"]
    assert after.table.top == state.table.rows[1][0]
    assert len(after.table.rows[1]) == 1  # no penalty card


@pytest.mark.rules("ruling.joker-family", "throw-in.wrong-card.penalty")
def test_a_number_card_onto_a_joker_is_a_wrong_card() -> None:
    state = layout(rows=[["3", "4"], ["5", "6"]], discard=["J"], turn=0)
    after = play(state, ThrowIn(1, 1, 0))
    assert top(after) == "Joker"
    assert len(after.table.rows[1]) == 3


# -- a wrong card ---------------------------------------------------------------------------------


@pytest.mark.rules("throw-in.wrong-card.take-back", "ruling.public-information")
def test_a_wrong_card_goes_back_to_its_slot_and_is_known_to_everybody() -> None:
    state = layout(rows=[["3", "4"], ["5", "9", "2"], ["6", "8"]], discard=["7"], turn=0)
    assert not knows(state, 1, 1, 1)
    after = play(state, ThrowIn(1, 1, 1))
    assert faces(after, 1)[:3] == ["5", "9", "2"]
    assert after.table.rows[1][1] == state.table.rows[1][1]
    assert all(knows(after, p, 1, 1) for p in range(3))
    assert after.table.discard == state.table.discard


@pytest.mark.rules("throw-in.wrong-card.penalty", "throw-in.penalty-card", "ruling.row-positions")
def test_a_wrong_throw_in_draws_one_unseen_penalty_card_at_the_end_of_the_row() -> None:
    state = layout(rows=[["3", "4"], ["5", "9", "2"]], draw=["12", "6"], discard=["7"], turn=0)
    after = play(state, ThrowIn(1, 1, 1))
    assert faces(after, 1) == ["5", "9", "2", "12 spy"]
    assert not any(knows(after, p, 1, 3) for p in range(2))
    assert len(after.table.draw) == len(state.table.draw) - 1
    assert after.deck.name(after.table.draw[-1]) == "6"
    assert faces(after, 0) == ["3", "4"]


# -- the lock-out ---------------------------------------------------------------------------------


@pytest.mark.rules("throw-in.retry-lockout", "ruling.retry-lockout-scope")
def test_a_player_who_threw_in_a_wrong_card_is_locked_out() -> None:
    state = layout(rows=[["3", "4"], ["5", "7"], ["6", "7"]], discard=["7"], turn=0)
    after = play(state, ThrowIn(1, 1, 0))
    refused(after, ThrowIn(1, 1, 1), "throw-in.retry-lockout")  # even the right card
    refused(after, ThrowIn(1, 2, 1), "throw-in.retry-lockout")  # nor on another's behalf
    assert not any(type(a) is ThrowIn and a.actor == 1 for a in legal_actions(after).throw_ins)
    # Only the rest of the same motion, until anything else happens.
    after = play(after, ThrowIn(2, 2, 0))
    assert not any(a.actor == 1 for a in legal_actions(after).throw_ins)


@pytest.mark.rules("ruling.retry-lockout-scope", "throw-in.retry-lockout")
def test_the_lock_out_ends_when_another_player_throws_in_correctly() -> None:
    state = layout(rows=[["3", "4"], ["5", "7"], ["6", "7"]], discard=["7"], turn=0)
    after = play(state, ThrowIn(1, 1, 0), ThrowIn(2, 2, 1))
    after = play(after, ThrowIn(1, 1, 1))
    assert faces(after, 1)[0] == "5"
    assert "7" not in faces(after, 1)


@pytest.mark.rules("ruling.retry-lockout-scope")
def test_another_players_wrong_throw_in_does_not_end_the_lock_out() -> None:
    state = layout(rows=[["3", "4"], ["5", "7"], ["6", "7"]], discard=["7"], turn=0)
    after = play(state, ThrowIn(1, 1, 0), ThrowIn(2, 2, 0))
    refused(after, ThrowIn(1, 1, 1), "throw-in.retry-lockout")
    refused(after, ThrowIn(2, 2, 1), "throw-in.retry-lockout")


@pytest.mark.rules("ruling.retry-lockout-scope", "throw-in.retry-lockout")
def test_the_lock_out_ends_when_a_new_turn_card_is_placed() -> None:
    state = layout(rows=[["3", "4"], ["5", "9"]], draw=["6", "2"], discard=["9"], turn=0)
    after = play(state, ThrowIn(1, 1, 0))  # the 6 is the penalty card
    refused(after, ThrowIn(1, 1, 1), "throw-in.retry-lockout")
    after = play(after, Draw(0), Play(0))
    assert top(after) == "2"
    assert ThrowIn(1, 1, 1) in legal_actions(after)


@pytest.mark.rules("ruling.retry-lockout-scope")
def test_a_locked_out_player_may_still_play_their_turn() -> None:
    state = layout(rows=[["5", "4"], ["3", "6"]], draw=["2"], discard=["7"], turn=0)
    after = play(state, ThrowIn(0, 0, 0))
    refused(after, ThrowIn(0, 0, 1), "throw-in.retry-lockout")
    after = play(after, Draw(0), Keep(0, 1))
    assert top(after) == "4"
    assert after.turn == 1


@pytest.mark.rules("throw-in.mistaken-interception", "ruling.retry-lockout-scope")
def test_the_older_edition_has_no_lock_out() -> None:
    state = layout(rows=[["3", "4"], ["5", "6", "7"]], discard=["7"], turn=0, ruleset=OLDER)
    after = play(state, ThrowIn(1, 1, 0), ThrowIn(1, 1, 1))
    assert len(after.table.rows[1]) == 5  # two penalty cards
    after = play(after, ThrowIn(1, 1, 2))
    assert faces(after, 1)[:2] == ["5", "6"]
    assert top(after) == "7"


@pytest.mark.rules("throw-in.interception", "ruling.throw-in-window")
def test_in_the_older_edition_the_window_closes_when_the_next_player_draws() -> None:
    state = layout(rows=[["7", "4"], ["7", "7"]], discard=["7"], turn=0, ruleset=OLDER)
    before = play(state, ThrowIn(1, 1, 0))
    assert top(before) == "7"
    drawn = play(before, Draw(0))
    refused(drawn, ThrowIn(1, 1, 0), "throw-in.interception")
    refused(drawn, ThrowIn(0, 0, 0), "throw-in.interception")
    assert legal_actions(drawn).throw_ins == ()


@pytest.mark.rules(
    "throw-in.interception", "ruling.throw-in-window", "ass-joker.drawn-into-empty-row"
)
def test_in_the_older_edition_a_turn_without_a_turn_card_does_not_reopen_the_window() -> None:
    """Issue 35, item 7. P0, whose row is empty (``empty_by_any_means`` false), draws the
    Kirottu Jokeri and keeps it in the row: no card goes to the pile, so the 7 played a turn
    earlier stays on top. It is no longer "juuri pelattu" (just played): its window closed when P0
    drew, and stays closed until another card lands on the pile; then it opens for that card."""
    rules = OLDER.with_options(empty_by_any_means=False)
    state = layout(
        rows=[[], ["7", "9"], ["7", "5"]], draw=["AJ", "9"], discard=["7"], turn=0, ruleset=rules
    )
    state = play(state, Draw(0), Keep(0, 0))
    assert [top(state), state.turn] == ["7", 1]
    refused(state, ThrowIn(1, 1, 0), "throw-in.interception")
    refused(state, ThrowIn(2, 2, 0), "throw-in.interception")
    assert legal_actions(state).throw_ins == ()
    state = play(state, Draw(1), Play(1))
    assert top(state) == "9"
    state = play(state, ThrowIn(1, 1, 1))
    assert faces(state, 1) == ["7"]


@pytest.mark.rules("ruling.throw-in-window", "ass-joker.drawn-into-empty-row")
def test_in_the_current_edition_the_top_card_is_open_again_after_a_turn_without_a_turn_card() -> (
    None
):
    rules = Ruleset().with_options(empty_by_any_means=False)
    state = layout(rows=[[], ["7", "9"]], draw=["AJ", "9"], discard=["7"], turn=0, ruleset=rules)
    state = play(state, Draw(0), Keep(0, 0), ThrowIn(1, 1, 0))
    assert faces(state, 1) == ["9"]


# -- several cards, and the order of play ---------------------------------------------------------


@pytest.mark.rules("throw-in.several-at-once", "ruling.sequential-actions")
def test_several_identical_cards_may_be_thrown_in_one_after_another() -> None:
    state = layout(rows=[["3", "4"], ["7", "5", "7"]], discard=["7"], turn=0)
    after = play(state, ThrowIn(1, 1, 2), ThrowIn(1, 1, 0))
    assert faces(after, 1) == ["5"]
    assert [after.deck.name(c) for c in after.table.discard] == ["7", "7", "7"]


@pytest.mark.rules(
    "throw-in.several-at-once", "throw-in.functions-in-order", "ruling.function-queue-order"
)
def test_functions_of_several_thrown_in_cards_are_carried_out_in_order() -> None:
    state = layout(rows=[["3", "4"], ["12", "5"], ["12", "6"]], discard=["12"], turn=0)
    after = play(state, ThrowIn(1, 1, 0), ThrowIn(2, 2, 0))
    assert [e.executor for e in after.flow.queue if isinstance(e, Function)] == [1, 2]
    refused(after, Spy(2, 0, 0), "function.execute")
    after = play(after, Spy(1, 0, 0))
    assert knows(after, 1, 0, 0)
    after = play(after, Spy(2, 0, 1))
    assert knows(after, 2, 0, 1)
    assert after.flow.queue == ()


@pytest.mark.rules("throw-in.no-one-skipped", "ruling.no-one-skipped")
def test_throw_ins_never_change_whose_turn_it_is() -> None:
    state = layout(
        rows=[["3", "4"], ["5", "6"], ["12", "8"], ["9", "10"]], discard=["2"], turn=0, held="12"
    )
    after = play(state, Play(0), ThrowIn(2, 2, 0))
    # The covered 12's function is not lost: P0 spies first, then P2.
    assert legal_actions(after).decisions[0] == Spy(0, 1, 0)
    after = play(after, Spy(0, 1, 0), Spy(2, 3, 0))
    assert (after.turn, after.flow.stage) == (1, Stage.DRAW)


@pytest.mark.rules("throw-in.no-one-skipped", "throw-in.penalty-card")
def test_a_penalty_card_does_not_change_whose_turn_it_is() -> None:
    state = layout(rows=[["3", "4"], ["5", "6"], ["9", "8"]], discard=["7"], turn=0, held="2")
    after = play(state, ThrowIn(2, 2, 0))
    assert len(after.table.rows[2]) == 3
    assert (after.turn, after.flow.stage) == (0, Stage.DECIDE)
    after = play(after, Play(0))
    assert after.turn == 1


@pytest.mark.rules("function.thrown-in", "throw-in.identical", "function.execute")
def test_a_thrown_in_function_card_is_carried_out_by_the_thrower() -> None:
    state = layout(rows=[["3", "4"], ["5", "6"], ["11", "8"]], discard=["11"], turn=0)
    after = play(state, ThrowIn(2, 2, 0))
    assert legal_actions(after).decisions == (Peek(2, 0),)
    refused(after, Peek(0, 0), "function.execute")
    after = play(after, Peek(2, 0))
    assert knows(after, 2, 2, 0)
    assert (after.turn, after.flow.stage) == (0, Stage.DRAW)


# -- an empty draw pile ---------------------------------------------------------------------------


@pytest.mark.rules("ruling.draw-pile-exhausted", "throw-in.penalty-card")
def test_a_penalty_card_from_an_empty_draw_pile_comes_from_the_reshuffled_discard_pile() -> None:
    state = empty_draw_pile()
    assert state.table.draw == ()
    under = set(state.table.discard[:-1])
    after, events = apply_events(state, ThrowIn(1, 1, 0))
    penalty = after.table.rows[1][-1]
    assert len(after.table.rows[1]) == 4
    assert penalty in under
    assert after.table.discard == state.table.discard[-1:]  # the top card stays
    assert top(after) == "14 switch"
    assert set(after.table.draw) == under - {penalty}
    assert events == (
        ThrewIn(1, 1, 0, state.table.rows[1][0], False),
        Reshuffled(1, tuple(sorted(under))),
        PenaltyCard(1, penalty),
    )


@pytest.mark.rules("ruling.draw-pile-exhausted", "ruling.knowledge-model")
def test_reshuffled_cards_are_known_to_nobody() -> None:
    state = empty_draw_pile()
    assert all(state.table.knows(p, c) for p in range(2) for c in state.table.discard)
    after = play(state, ThrowIn(1, 1, 0))
    moved = [*after.table.draw, after.table.rows[1][-1]]
    assert not any(after.table.knows(p, c) for p in range(2) for c in moved)
    assert all(after.table.knows(p, after.table.top) for p in range(2))


@pytest.mark.rules("ruling.draw-pile-exhausted", "turn.draw")
def test_with_end_round_a_turn_that_cannot_draw_ends_the_round() -> None:
    state = empty_draw_pile(SMALL.with_options(on_empty_draw_pile="end_round"))
    after = play(state, Draw(0))
    assert after.is_over
    assert after.flow.status.end is EndCause.EXHAUSTED
    assert faces(after, 0) == ["7", "8", "9"]
    assert len(legal_actions(after)) == 0


@pytest.mark.rules("ruling.draw-pile-exhausted", "throw-in.penalty-card")
def test_with_end_round_a_penalty_card_that_cannot_be_drawn_is_waived() -> None:
    state = empty_draw_pile(SMALL.with_options(on_empty_draw_pile="end_round"))
    after, events = apply_events(state, ThrowIn(1, 1, 0))
    assert faces(after, 1) == ["10", "11 peek", "12 spy"]
    assert after.table.discard == state.table.discard
    assert PenaltyWaived(1) in events
    assert not after.is_over
    refused(after, ThrowIn(1, 1, 1), "throw-in.retry-lockout")


# -- several cards in one motion ---------------------------------------------------------------


@pytest.mark.rules("throw-in.several-at-once", "throw-in.retry-lockout")
def test_a_card_put_down_with_a_wrong_one_is_judged_despite_the_lock_out() -> None:
    """P1's wrong 9 locks P1 out; the 8 P1 put down in the same motion is still judged (shown,
    taken back, a penalty card), while a fresh attempt is refused."""
    state = layout(rows=[["3"], ["9", "8"]], discard=["7"], draw=["2", "6"], turn=0)
    state = play(state, ThrowIn(1, 1, 0))
    refused(state, ThrowIn(1, 1, 1), "throw-in.retry-lockout")
    assert AlsoThrowIn(1, 1, 1) in legal_actions(state)
    state = play(state, AlsoThrowIn(1, 1, 1))
    assert faces(state, 1) == ["9", "8", "2", "6"]  # two penalty cards
    assert knows(state, 0, 1, 1)  # shown to everybody


@pytest.mark.rules("throw-in.several-at-once")
def test_a_motion_ends_with_any_other_action() -> None:
    """After P1's wrong card, P0 calls: P1's motion is over, and AlsoThrowIn is refused."""
    state = layout(rows=[["3"], ["9", "8"]], discard=["7"], turn=0)
    refused(state, AlsoThrowIn(1, 1, 1), "throw-in.several-at-once")
    state = play(state, ThrowIn(1, 1, 0))
    refused(state, AlsoThrowIn(0, 0, 0), "throw-in.several-at-once")
    state = play(state, CallSabaiSabai(0))
    refused(state, AlsoThrowIn(1, 1, 1), "throw-in.several-at-once")
    assert not any(type(a) is AlsoThrowIn for a in legal_actions(state))


@pytest.mark.rules("throw-in.several-at-once", "throw-in.retry-lockout")
def test_an_identical_card_of_the_motion_does_not_end_its_throwers_own_lock_out() -> None:
    """P1 puts down a wrong 9 and a 7 onto the 7 (recorded in the wrong order): the 7 lands, but
    only another player's correct throw-in ends P1's lock-out; P2's lock-out ends."""
    state = layout(rows=[["3"], ["9", "7"], ["4", "5"]], discard=["7"], turn=0, lockout=[2])
    state = play(state, ThrowIn(1, 1, 0), AlsoThrowIn(1, 1, 1))
    assert top(state) == "7"
    assert state.flow.lockout == 1 << 1


@pytest.mark.rules("ruling.wrong-cards-in-a-batch")
@pytest.mark.parametrize(("penalty", "cards"), [("per_card", 4), ("per_motion", 3)])
def test_each_wrong_card_of_a_motion_costs_a_penalty_card_unless_per_motion(
    penalty: str, cards: int
) -> None:
    rules = Ruleset().with_options(wrong_cards_penalty=penalty)
    state = layout(rows=[["3"], ["9", "8"]], discard=["7"], turn=0, ruleset=rules)
    state = play(state, ThrowIn(1, 1, 0), AlsoThrowIn(1, 1, 1))
    assert len(faces(state, 1)) == cards
    assert knows(state, 0, 1, 0)
    assert knows(state, 0, 1, 1)


@pytest.mark.rules("ruling.wrong-cards-in-a-batch", "throw-in.wrong-card.penalty")
def test_without_a_lock_out_a_later_wrong_card_of_a_motion_is_still_free_per_motion() -> None:
    """The older edition has no lock-out; per motion, the motion's second wrong card costs
    nothing, while a fresh ThrowIn of it would cost a penalty card."""
    rules = Ruleset.preset("older").with_options(wrong_cards_penalty="per_motion")
    state = layout(rows=[["3"], ["9", "8"]], discard=["7"], turn=0, ruleset=rules)
    state = play(state, ThrowIn(1, 1, 0))
    assert len(faces(play(state, AlsoThrowIn(1, 1, 1)), 1)) == 3
    assert len(faces(play(state, ThrowIn(1, 1, 1)), 1)) == 4


@pytest.mark.rules("throw-in.several-at-once")
def test_an_identical_card_of_the_motion_keeps_it_open() -> None:
    """P1 puts down a wrong 9, a 7 and a wrong 8 in one motion: the 8 is still part of it."""
    state = layout(rows=[["3"], ["9", "7", "8"]], discard=["7"], turn=0)
    state = play(state, ThrowIn(1, 1, 0), AlsoThrowIn(1, 1, 1), AlsoThrowIn(1, 1, 1))
    assert faces(state, 1)[:2] == ["9", "8"]
    assert state.flow.motion == 1


# -- how many penalty cards: a house rule -------------------------------------------------------

#: Two penalty cards for a wrong card (``throw_in_penalty_cards``, a house rule).
TWO = Ruleset().with_options(throw_in_penalty_cards=2)


@pytest.mark.rules(
    "ruling.throw-in-penalty-cards", "throw-in.wrong-card.penalty", "throw-in.penalty-card"
)
@pytest.mark.parametrize(("cards", "drawn"), [(1, ["12 spy"]), (2, ["12 spy", "6"])])
def test_a_wrong_throw_in_draws_as_many_unseen_penalty_cards_as_the_option_says(
    cards: int, drawn: list[str]
) -> None:
    """P1 throws in a 9 onto the 7: one penalty card, as the texts say, or two under the house
    rule, the draw pile's top two, each unseen at the end of P1's row."""
    rules = Ruleset().with_options(throw_in_penalty_cards=cards)
    state = layout(
        rows=[["3", "4"], ["5", "9", "2"]],
        draw=["12", "6", "8"],
        discard=["7"],
        turn=0,
        ruleset=rules,
    )
    after, events = apply_events(state, ThrowIn(1, 1, 1))
    assert faces(after, 1) == ["5", "9", "2", *drawn]
    assert not any(knows(after, p, 1, slot) for p in range(2) for slot in range(3, 3 + cards))
    assert [type(e) for e in events] == [ThrewIn] + [PenaltyCard] * cards
    assert faces(after, 0) == ["3", "4"]
    assert after.flow.lockout == 1 << 1


@pytest.mark.rules("ruling.throw-in-penalty-cards", "ruling.wrong-cards-in-a-batch")
@pytest.mark.parametrize(("penalty", "cards"), [("per_card", 6), ("per_motion", 4)])
def test_the_number_counts_per_penalty_that_a_motions_wrong_cards_cost(
    penalty: str, cards: int
) -> None:
    """P1 puts down a wrong 9 and a wrong 8 in one motion, two penalty cards a penalty: four
    penalty cards, or two when the motion costs one penalty."""
    rules = TWO.with_options(wrong_cards_penalty=penalty)
    state = layout(rows=[["3"], ["9", "8"]], discard=["7"], turn=0, ruleset=rules)
    state = play(state, ThrowIn(1, 1, 0), AlsoThrowIn(1, 1, 1))
    assert len(faces(state, 1)) == cards


@pytest.mark.rules("ruling.throw-in-penalty-cards", "sabai-sabai-move.penalty-to-thrower")
def test_the_thrower_of_a_wrong_card_for_another_player_draws_every_penalty_card() -> None:
    """P1 throws in P0's 3 for P0 onto the 7: wrong; P1, not P0, draws both penalty cards."""
    state = layout(rows=[["3", "4"], ["5"]], draw=["12", "6"], discard=["7"], turn=0, ruleset=TWO)
    after = play(state, ThrowIn(1, 0, 0))
    assert faces(after, 0) == ["3", "4"]
    assert faces(after, 1) == ["5", "12 spy", "6"]
    assert after.flow.queue == ()  # no compensation card for a wrong card


@pytest.mark.rules(
    "ruling.throw-in-penalty-cards", "four-together.last-draws-penalty", "ruling.nose-race"
)
def test_the_loser_of_a_nose_race_still_draws_one_penalty_card() -> None:
    """P0 plays the fourth 7; P2 touches their nose last and draws one penalty card, whatever a
    wrong card costs."""
    state = layout(
        rows=[["3", "4"], ["5", "6"], ["8", "9"]],
        draw=["12", "2"],
        discard=["7", "7", "7"],
        held="7",
        turn=0,
        ruleset=TWO,
    )
    state = play(state, Play(0), TouchNoseLast(2))
    assert faces(state, 2) == ["8", "9", "12 spy"]
    assert [len(row) for row in state.table.rows] == [2, 2, 3]


@pytest.mark.rules(
    "ruling.throw-in-penalty-cards", "ruling.draw-pile-exhausted", "throw-in.penalty-card"
)
def test_the_second_penalty_card_may_come_from_a_reshuffled_discard_pile() -> None:
    """One card is left to draw: P1's first penalty card is that 13, the second comes from the
    discard pile but its top card, shuffled into a new draw pile in between."""
    state = layout(
        rows=[["7", "8", "9"], ["10", "11", "12"]],
        draw=["13"],
        discard=["7", "8", "9", "10", "11", "12", "13", "14", "14"],
        turn=0,
        ruleset=SMALL.with_options(throw_in_penalty_cards=2),
    )
    thirteen = state.table.draw[0]
    under = set(state.table.discard[:-1])
    after, events = apply_events(state, ThrowIn(1, 1, 0))
    second = after.table.rows[1][-1]
    assert after.table.rows[1] == (*state.table.rows[1], thirteen, second)
    assert second in under
    assert set(after.table.draw) == under - {second}
    assert after.table.discard == state.table.discard[-1:]
    assert events == (
        ThrewIn(1, 1, 0, state.table.rows[1][0], False),
        PenaltyCard(1, thirteen),
        Reshuffled(1, tuple(sorted(under))),
        PenaltyCard(1, second),
    )


@pytest.mark.rules(
    "ruling.throw-in-penalty-cards", "ruling.draw-pile-exhausted", "throw-in.penalty-card"
)
def test_with_end_round_each_penalty_card_that_cannot_be_drawn_is_waived() -> None:
    rules = SMALL.with_options(on_empty_draw_pile="end_round", throw_in_penalty_cards=2)
    state = empty_draw_pile(rules)
    after, events = apply_events(state, ThrowIn(1, 1, 0))
    assert faces(after, 1) == ["10", "11 peek", "12 spy"]
    assert events[1:] == (PenaltyWaived(1), PenaltyWaived(1))
    assert not after.is_over

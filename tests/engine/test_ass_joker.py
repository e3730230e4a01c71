"""The Ass Joker: drawn, turned over, burned, given and switched, never a compensation card, and
what it costs its holder at the end of the round (or wins, in the Hall of Fame)."""

from __future__ import annotations

import pytest

from sabai_rules.engine.outcomes import chance_node
from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.events import (
    AssJokerShown,
    AssJokerTurnedOver,
    CompensationLapsed,
    Reshuffled,
)
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    Compensate,
    Draw,
    Give,
    Keep,
    Peek,
    Play,
    Switch,
    ThrowIn,
    apply_events,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.play.scoring import score_round
from sabai_rules.state import RoundResult, State
from tests.engine.support import (
    all_pass,
    emptied_round,
    exhausted,
    faces,
    knows,
    play,
    refused,
    top,
)


def _scored(rows: list[list[str]], ruleset: Ruleset | None = None) -> RoundResult:
    """The result of a round that ends as P0 throws in their single card onto the same face on
    the pile and everybody passes."""
    return score_round(emptied_round(rows, turn=1, ruleset=ruleset))


# -- drawn ---------------------------------------------------------------------------------------


@pytest.mark.rules("ass-joker.drawn-must-be-kept", "ass-joker.no-direct-discard")
def test_a_drawn_ass_joker_cannot_be_played_and_must_be_kept() -> None:
    state = layout(rows=[["1", "2"], ["4", "5"]], discard=["5"], held="AJ", turn=0)
    refused(state, Play(0), "ass-joker.drawn-must-be-kept")
    assert legal_actions(state).decisions == (Keep(0, 0), Keep(0, 1))
    state = play(state, Keep(0, 1))
    assert faces(state, 0) == ["1", "Ass Joker"]
    assert top(state) == "2"
    assert state.turn == 1


@pytest.mark.rules("ass-joker.drawn-must-be-kept", "ruling.ass-joker-drawn", "ass-joker.burn")
def test_a_drawn_ass_joker_cannot_be_burned_straight_onto_a_joker() -> None:
    state = layout(rows=[["1", "2"], ["4", "5"]], discard=["J"], held="AJ", turn=0)
    refused(state, Play(0), "ass-joker.drawn-must-be-kept")


@pytest.mark.rules("ruling.ass-joker-drawn")
def test_allow_burn_from_draw_lets_a_drawn_ass_joker_be_played_onto_a_joker() -> None:
    rules = Ruleset().with_options(allow_burn_from_draw=True)
    state = layout(rows=[["1", "2"], ["4", "5"]], discard=["J"], held="AJ", turn=0, ruleset=rules)
    state = play(state, Play(0))
    assert top(state) == "Ass Joker"
    assert faces(state, 0) == ["1", "2"]
    assert state.turn == 1


@pytest.mark.rules("ruling.ass-joker-drawn", "ass-joker.no-direct-discard")
def test_allow_burn_from_draw_still_refuses_playing_it_onto_a_card_that_is_not_a_joker() -> None:
    rules = Ruleset().with_options(allow_burn_from_draw=True)
    state = layout(rows=[["1", "2"], ["4", "5"]], discard=["5"], held="AJ", turn=0, ruleset=rules)
    refused(state, Play(0), "ass-joker.drawn-must-be-kept")


@pytest.mark.rules("ass-joker.drawn-into-empty-row", "ruling.ass-joker-drawn")
def test_holding_a_drawn_ass_joker_one_may_throw_in_ones_last_row_card_and_keep_it_there() -> None:
    """P0 draws the Ass Joker, throws in their last card onto the 5 and keeps the Ass Joker in
    the empty row: nothing goes to the pile, so the 5 just thrown in stays the top card."""
    state = layout(rows=[["5"], ["4", "6"]], discard=["5"], held="AJ", turn=0)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0) == []
    assert not state.is_over  # the drawn card is still to be kept
    assert legal_actions(state).decisions == (Keep(0, 0),)
    refused(state, Play(0), "ass-joker.drawn-must-be-kept")
    refused(state, Keep(0, 1), "turn.keep")
    state = play(state, Keep(0, 0))
    assert faces(state, 0) == ["Ass Joker"]
    assert [top(state), len(state.table.discard)] == ["5", 2]
    assert state.turn == 1


@pytest.mark.rules("ruling.ass-joker-drawn", "ruling.active-player-throw-ins")
def test_holding_a_drawn_ass_joker_one_may_throw_in_a_card_that_is_not_ones_last() -> None:
    state = layout(rows=[["5", "7"], ["4", "6"]], discard=["5"], held="AJ", turn=0)
    state = play(state, ThrowIn(0, 0, 0), Keep(0, 0))
    assert faces(state, 0) == ["Ass Joker"]
    assert top(state) == "7"


@pytest.mark.rules("ass-joker.drawn-into-empty-row", "ruling.ass-joker-drawn")
def test_a_drawn_ass_joker_goes_into_a_row_emptied_by_ones_own_13() -> None:
    """Holding the Ass Joker, P0 throws in a 13 and gives away their last card."""
    state = layout(rows=[["13", "5"], ["4", "6"]], discard=["13"], held="AJ", turn=0)
    state = play(state, ThrowIn(0, 0, 0), Give(0, 0, 1))
    assert faces(state, 0) == []
    refused(state, Keep(0, 1), "turn.keep")
    assert legal_actions(state).decisions == (Keep(0, 0),)
    state = play(state, Keep(0, 0))
    assert faces(state, 0) == ["Ass Joker"]
    assert top(state) == "13 give"  # no card went to the pile, so no function either
    assert not state.flow.queue
    assert state.turn == 1


@pytest.mark.rules("ass-joker.drawn-into-empty-row", "ruling.empty-by-any-means")
def test_a_drawn_ass_joker_goes_into_a_row_that_was_empty_when_the_turn_began() -> None:
    """With ``empty_by_any_means`` false, P0's row emptied by a give does not end the round; P0
    then draws the Ass Joker and keeps it in the empty row."""
    rules = Ruleset().with_options(empty_by_any_means=False)
    state = layout(rows=[[], ["4", "6"]], draw=["AJ", "9"], discard=["7"], turn=0, ruleset=rules)
    state = play(state, Draw(0))
    assert legal_actions(state).decisions == (Keep(0, 0),)
    state = play(state, Keep(0, 0))
    assert faces(state, 0) == ["Ass Joker"]
    assert top(state) == "7"
    assert state.turn == 1


@pytest.mark.rules("ass-joker.drawn-into-empty-row", "ruling.retry-lockout-scope")
def test_a_lock_out_stands_after_an_ass_joker_is_kept_into_an_empty_row() -> None:
    """P1 threw in a wrong card and is locked out. P0, whose row is empty (``empty_by_any_means``
    false), draws the Ass Joker and keeps it: no turn card, so P1 stays locked out while the 5
    stays on top, and anyone else may throw in onto it."""
    rules = Ruleset().with_options(empty_by_any_means=False)
    state = layout(
        rows=[[], ["5", "6"], ["5", "8"]],
        draw=["AJ", "9"],
        discard=["5"],
        turn=0,
        lockout=[1],
        ruleset=rules,
    )
    state = play(state, Draw(0), Keep(0, 0))
    assert top(state) == "5"
    refused(state, ThrowIn(1, 1, 0), "throw-in.retry-lockout")
    state = play(state, ThrowIn(2, 2, 0))
    assert faces(state, 2) == ["8"]


@pytest.mark.rules("ass-joker.drawn-into-empty-row", "round-end.final-lap")
def test_a_turn_that_keeps_an_ass_joker_into_an_empty_row_counts_in_the_final_lap() -> None:
    """P1 called with two turns of the final lap left: P0's keep into the empty row is one of
    them, P1's turn the other, and then the round ends."""
    state = layout(
        rows=[["5"], ["4", "6"]],
        draw=["9"],
        discard=["5"],
        held="AJ",
        turn=0,
        caller=1,
        final_lap=2,
    )
    state = play(state, ThrowIn(0, 0, 0), Keep(0, 0))
    assert state.flow.status.final_lap == 1
    state = play(state, Draw(1), Play(1))
    assert state.flow.status.final_lap == 0
    state = all_pass(state)
    assert state.is_over
    assert faces(state, 0) == ["Ass Joker"]


# -- turned over in a keep -----------------------------------------------------------------------


@pytest.mark.rules(
    "ass-joker.turned-over-unknowingly",
    "ruling.ass-joker-turned-over",
    "ass-joker.no-keep-exchange",
    "ruling.knowledge-model",
)
@pytest.mark.parametrize("seen_before", [False, True], ids=["unknown", "seen-before"])
def test_keeping_into_the_ass_jokers_slot_shows_it_and_plays_the_drawn_card(
    seen_before: bool,
) -> None:
    seen = {0: [(0, 1)]} if seen_before else {}
    state = layout(rows=[["5", "AJ", "7"], ["4", "6"]], held="3", turn=0, seen=seen)
    draw_pile = len(state.table.draw)
    assert Keep(0, 1) in legal_actions(state)
    state, events = apply_events(state, Keep(0, 1))
    assert AssJokerTurnedOver(0, 1, state.table.rows[0][1]) in events
    assert faces(state, 0) == ["5", "Ass Joker", "7"]
    assert top(state) == "3"
    assert knows(state, 1, 0, 1)
    assert len(state.table.draw) == draw_pile  # no penalty card
    assert state.turn == 1


@pytest.mark.rules(
    "ass-joker.turned-over-unknowingly",
    "ruling.ass-joker-turned-over",
    "ruling.keep-discard-triggers-function",
)
def test_a_drawn_function_card_played_instead_of_a_turned_over_ass_joker_triggers() -> None:
    state = layout(rows=[["5", "AJ"], ["4", "6"]], held="11", turn=0)
    state = play(state, Keep(0, 1))
    assert top(state) == "11 peek"
    assert legal_actions(state).decisions == (Peek(0, 0), Peek(0, 1))


# -- burning and other throw-ins -----------------------------------------------------------------


@pytest.mark.rules("ass-joker.burn", "ruling.ass-joker-throw-ins", "ruling.joker-family")
def test_thrown_onto_a_joker_the_ass_joker_is_burned() -> None:
    state = layout(rows=[["AJ", "3"], ["4", "6"]], discard=["J"], turn=1)
    draw_pile = len(state.table.draw)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0) == ["3"]
    assert top(state) == "Ass Joker"
    assert len(state.table.draw) == draw_pile
    assert state.flow.lockout == 0


@pytest.mark.rules(
    "ruling.ass-joker-throw-ins", "ass-joker.no-direct-discard", "throw-in.wrong-card.penalty"
)
def test_thrown_onto_a_card_that_is_not_a_joker_the_ass_joker_goes_back_with_a_penalty() -> None:
    state = layout(rows=[["AJ", "3"], ["4", "6"]], discard=["5"], turn=1)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0)[:2] == ["Ass Joker", "3"]
    assert len(faces(state, 0)) == 3
    assert top(state) == "5"
    assert knows(state, 1, 0, 0)
    assert not knows(state, 0, 0, 2)  # the penalty card is unseen


@pytest.mark.rules("ruling.ass-joker-throw-ins", "ass-joker.burn", "sabai-sabai-move.on-behalf")
def test_another_player_may_burn_the_ass_joker_for_its_holder() -> None:
    state = layout(rows=[["AJ", "3"], ["4", "6"]], discard=["J"], turn=0)
    state = play(state, ThrowIn(1, 0, 0))
    assert faces(state, 0) == ["[gap]", "3"]  # the compensation card's place
    assert top(state) == "Ass Joker"
    assert legal_actions(state).decisions == (Compensate(1, 0), Compensate(1, 1))


@pytest.mark.rules("ruling.ass-joker-throw-ins", "ass-joker.burn", "throw-in.wrong-card.penalty")
@pytest.mark.parametrize("preset", ["current", "older"])
def test_with_ass_joker_burned_by_holder_a_burn_for_its_holder_is_a_wrong_throw_in(
    preset: str,
) -> None:
    """Issue 35: where only its holder may burn the Ass Joker, another player's throw-in of it is
    listed like any throw-in (its face decides nothing the thrower may be refused for) and judged
    wrong: shown, taken back into its slot, a penalty card for the thrower."""
    rules = Ruleset.preset(preset).with_options(ass_joker_burned_by="holder")
    seen = {1: [(0, 0)]}  # the older edition's advanced rule: the thrower has seen it
    state = layout(rows=[["AJ", "3"], ["4", "6"]], discard=["J"], turn=0, ruleset=rules, seen=seen)
    state = play(state, ThrowIn(1, 0, 0))
    assert faces(state, 0) == ["Ass Joker", "3"]
    assert top(state) == "Joker"
    assert len(faces(state, 1)) == 3
    assert all(knows(state, p, 0, 0) for p in range(2))
    # Its holder may still burn it.
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0) == ["3"]
    assert top(state) == "Ass Joker"


@pytest.mark.rules("ruling.joker-onto-ass-joker", "throw-in.identical", "ruling.joker-family")
def test_a_plain_joker_may_be_thrown_onto_a_burned_ass_joker() -> None:
    state = layout(rows=[["J", "3"], ["4", "6"]], discard=["AJ"], turn=1)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0) == ["3"]
    assert top(state) == "Joker"


@pytest.mark.rules("ruling.joker-onto-ass-joker", "throw-in.wrong-card.penalty")
def test_without_joker_onto_ass_joker_a_plain_joker_onto_it_is_wrong() -> None:
    rules = Ruleset().with_options(joker_onto_ass_joker=False)
    state = layout(rows=[["J", "3"], ["4", "6"]], discard=["AJ"], turn=1, ruleset=rules)
    state = play(state, ThrowIn(0, 0, 0))
    assert faces(state, 0)[:2] == ["Joker", "3"]
    assert len(faces(state, 0)) == 3
    assert top(state) == "Ass Joker"


# -- give and switch -----------------------------------------------------------------------------


@pytest.mark.rules(
    "ass-joker.only-give-switch-burn", "function.give", "function.switch", "ruling.function-targets"
)
@pytest.mark.parametrize(
    ("rows", "held", "function", "after"),
    [
        pytest.param(
            [["AJ", "2"], ["4", "6"]],
            "13",
            Give(0, 0, 1),
            [["2"], ["4", "6", "Ass Joker"]],
            id="given-away-with-a-13",
        ),
        pytest.param(
            [["AJ", "2"], ["4", "6"]],
            "14",
            Switch(0, 0, 1, 1),
            [["6", "2"], ["4", "Ass Joker"]],
            id="switched-out-of-ones-row-with-a-14",
        ),
        pytest.param(
            [["1", "2"], ["4", "AJ"]],
            "14",
            Switch(0, 1, 1, 1),
            [["1", "Ass Joker"], ["4", "2"]],
            id="taken-from-another-row-with-a-14",
        ),
    ],
)
def test_the_ass_joker_can_be_given_or_switched(
    rows: list[list[str]], held: str, function: Action, after: list[list[str]]
) -> None:
    state = layout(rows=rows, held=held, turn=0)
    state = play(state, Play(0), function)
    assert [faces(state, 0), faces(state, 1)] == after


# -- never a compensation card -------------------------------------------------------------------


@pytest.mark.rules(
    "ass-joker.only-give-switch-burn", "ruling.compensation-card", "ruling.ass-joker-turned-over"
)
def test_an_ass_joker_the_thrower_has_seen_is_shown_as_compensation_as_a_keep_turns_it_over() -> (
    None
):
    """Issue 35, item 4: whether the thrower had seen it or not, an Ass Joker picked as the
    compensation card is shown and stays, as one picked in a keep is turned over; once the whole
    table has seen it, it is no card to pick."""
    state = layout(rows=[["AJ", "3"], ["5", "6"], ["8"]], discard=["5"], turn=2, seen={0: [(0, 0)]})
    state = play(state, ThrowIn(0, 1, 0))
    assert legal_actions(state).decisions == (Compensate(0, 0), Compensate(0, 1))
    state, events = apply_events(state, Compensate(0, 0))
    assert AssJokerShown(0, 0, state.table.rows[0][0]) in events
    assert all(knows(state, p, 0, 0) for p in range(3))
    refused(state, Compensate(0, 0), "ass-joker.only-give-switch-burn")
    assert legal_actions(state).decisions == (Compensate(0, 1),)


@pytest.mark.rules(
    "ass-joker.only-give-switch-burn",
    "ass-joker.no-keep-exchange",
    "ruling.ass-joker-turned-over",
    "ruling.knowledge-model",
)
def test_with_refused_if_seen_an_ass_joker_the_player_has_seen_is_never_picked() -> None:
    """The option's literal reading: only an Ass Joker turned over "unknowingly" is turned over;
    one the player has seen may not be picked, in a keep as for a compensation card."""
    rules = Ruleset(ass_joker_pick="refused_if_seen")
    state = layout(
        rows=[["AJ", "3"], ["5", "6"], ["8"]],
        discard=["5"],
        turn=2,
        seen={0: [(0, 0)]},
        ruleset=rules,
    )
    compensating = play(state, ThrowIn(0, 1, 0))
    refused(compensating, Compensate(0, 0), "ass-joker.only-give-switch-burn")
    assert legal_actions(compensating).decisions == (Compensate(0, 1),)
    keeping = layout(
        rows=[["5", "AJ", "7"], ["4", "6"]], held="3", turn=0, seen={0: [(0, 1)]}, ruleset=rules
    )
    refused(keeping, Keep(0, 1), "ass-joker.no-keep-exchange")
    assert legal_actions(keeping).decisions == (Play(0), Keep(0, 0), Keep(0, 2))
    unseen = layout(rows=[["5", "AJ", "7"], ["4", "6"]], held="3", turn=0, ruleset=rules)
    _, events = apply_events(unseen, Keep(0, 1))
    assert AssJokerTurnedOver(0, 1, unseen.table.rows[0][1]) in events


@pytest.mark.rules("ruling.ass-joker-turned-over", "ass-joker.no-keep-exchange")
def test_with_refused_if_seen_a_deck_without_an_ass_joker_keeps_into_every_slot() -> None:
    """A deck with no Ass Joker (the ``deck`` option): every slot may be kept into, whatever the
    player has seen, and a keep into an empty slot is no pick of an Ass Joker."""
    rules = Ruleset(
        ass_joker_pick="refused_if_seen",
        deck=DeckSpec(first_rank=1, last_rank=14, copies=4, plain_jokers=3, ass_joker=False),
    )
    keeping = layout(
        rows=[["5", "J", "7"], ["4", "6"]], held="3", turn=0, seen={0: [(0, 1)]}, ruleset=rules
    )
    assert legal_actions(keeping).decisions == (Play(0), Keep(0, 0), Keep(0, 1), Keep(0, 2))
    after = play(keeping, Keep(0, 1))
    assert faces(after, 0) == ["5", "3", "7"]


@pytest.mark.rules(
    "ass-joker.cursed-joker-restriction", "ruling.ass-joker-turned-over", "turn.play"
)
def test_the_older_edition_refuses_a_seen_cursed_joker_and_turns_an_unseen_one_over() -> None:
    """ "Tätä korttia ei voi vaihtaa nostettuun korttiin": a player who has seen the Cursed Joker
    cannot exchange it (the refusal cites the older rule); an unseen one is turned over, and of
    the two options only playing the drawn card is left."""
    older = Ruleset.preset("older")
    seen = layout(
        rows=[["5", "AJ", "7"], ["4", "6"]], held="3", turn=0, seen={0: [(0, 1)]}, ruleset=older
    )
    refused(seen, Keep(0, 1), "ass-joker.cursed-joker-restriction")
    unseen = layout(rows=[["5", "AJ", "7"], ["4", "6"]], held="3", turn=0, ruleset=older)
    after, events = apply_events(unseen, Keep(0, 1))
    assert AssJokerTurnedOver(0, 1, unseen.table.rows[0][1]) in events
    assert top(after) == "3"


@pytest.mark.rules(
    "ass-joker.only-give-switch-burn", "ruling.compensation-card", "ruling.ass-joker-turned-over"
)
def test_a_blindly_picked_ass_joker_is_shown_and_stays_and_the_thrower_picks_again() -> None:
    state = layout(rows=[["AJ", "3"], ["5", "6"], ["8"]], discard=["5"], turn=2)
    state = play(state, ThrowIn(0, 1, 0))
    assert Compensate(0, 0) in legal_actions(state)
    state, events = apply_events(state, Compensate(0, 0))
    assert AssJokerShown(0, 0, state.table.rows[0][0]) in events
    assert faces(state, 0) == ["Ass Joker", "3"]
    assert all(knows(state, p, 0, 0) for p in range(3))
    assert legal_actions(state).decisions == (Compensate(0, 1),)
    state = play(state, Compensate(0, 1))
    assert faces(state, 0) == ["Ass Joker"]
    assert faces(state, 1) == ["3", "6"]


@pytest.mark.rules("ruling.compensation-card", "ruling.ass-joker-turned-over")
def test_a_thrower_whose_only_card_is_the_ass_joker_owes_nothing_once_it_is_shown() -> None:
    state = layout(rows=[["AJ"], ["5", "6"], ["8"]], discard=["5"], turn=2)
    state = play(state, ThrowIn(0, 1, 0))
    state, events = apply_events(state, Compensate(0, 0))
    assert CompensationLapsed(0, 1) in events
    assert faces(state, 0) == ["Ass Joker"]
    assert faces(state, 1) == ["6"]  # the gap closed up
    assert state.flow.queue == ()
    assert legal_actions(state).decisions == (Draw(2),)


# -- scoring -------------------------------------------------------------------------------------


@pytest.mark.rules(
    "ass-joker.loses-round",
    "ass-joker.victory-point-deducted",
    "ruling.ass-joker-loses-round",
    "ruling.scoring-procedure",
)
def test_the_holder_loses_the_round_and_a_victory_point_even_with_the_fewest_points() -> None:
    result = _scored([["5"], ["AJ", "J"], ["9", "10"]])
    assert result.card_points == (0, -4, 19)
    assert result.ass_joker_holder == 1
    assert result.winners == (0,)
    assert result.victory_points == (1, -1, 0)


@pytest.mark.rules("ass-joker.loses-round", "ass-joker.burn", "ruling.ass-joker-holder-at-reveal")
def test_a_burned_ass_joker_belongs_to_nobody_at_the_reveal() -> None:
    state = layout(rows=[["AJ"], ["4", "6"], ["1", "2"]], discard=["J"], turn=1)
    state = all_pass(play(state, ThrowIn(0, 0, 0)))
    result = score_round(state)
    assert result.ass_joker_holder is None
    assert result.victory_points == (1, 0, 0)


@pytest.mark.rules(
    "ruling.ass-joker-value", "objective.ass-joker-exception", "objective.card-points"
)
@pytest.mark.parametrize(("preset", "points"), [("current", 3), ("older", -1)])
def test_the_ass_joker_counts_zero_now_and_minus_four_in_the_older_edition(
    preset: str, points: int
) -> None:
    result = _scored([["5"], ["AJ", "3"], ["9", "10"]], ruleset=Ruleset.preset(preset))
    assert result.card_points[1] == points


@pytest.mark.rules(
    "ass-joker.hall-of-fame", "ruling.hall-of-fame-four-jokers-only", "ruling.scoring-procedure"
)
def test_a_row_of_exactly_the_four_jokers_wins_the_round_into_the_hall_of_fame() -> None:
    result = _scored([["5"], ["J", "J", "AJ", "J"], ["9", "10"]])
    assert result.hall_of_fame == 1
    assert result.winners == (1,)
    assert result.victory_points == (0, 1, 0)


@pytest.mark.rules("ass-joker.hall-of-fame", "ruling.hall-of-fame-four-jokers-only")
def test_four_jokers_and_another_card_are_no_hall_of_fame() -> None:
    result = _scored([["5"], ["J", "J", "AJ", "J", "2"], ["9", "10"]])
    assert result.hall_of_fame is None
    assert result.victory_points == (1, -1, 0)


@pytest.mark.rules(
    "ruling.hall-of-fame-four-jokers-only",
    "ass-joker.hall-of-fame",
    "ass-joker.cursed-joker-four-jokers",
)
def test_without_four_jokers_requires_only_four_jokers_with_other_cards_suffice() -> None:
    rules = Ruleset().with_options(four_jokers_requires_only=False)
    result = _scored([["5"], ["J", "J", "AJ", "J", "2"], ["9", "10"]], ruleset=rules)
    assert result.hall_of_fame == 1
    assert result.victory_points == (0, 1, 0)


# -- a burned Ass Joker and the reshuffle (issue 35, item 2) ------------------------------------


def _burned_then_exhausted(model: str, rules: Ruleset | None = None) -> State:
    """P0 is to draw from an empty draw pile; under the top 9 lie a 4, the burned Ass Joker, the
    joker it was burned onto and every other card."""
    return exhausted(
        [["5", "6"], ["7", "8"]], ["J", "AJ", "4", "9"], turn=0, model=model, ruleset=rules
    )


@pytest.mark.rules(
    "ruling.ass-joker-holder-at-reveal", "ass-joker.burn", "ruling.draw-pile-exhausted"
)
@pytest.mark.parametrize("model", ["sampled", "explicit"])
def test_a_burned_ass_joker_stays_out_of_the_reshuffle(model: str) -> None:
    """Burned, the Ass Joker is out of play: a reshuffle takes every card under the top card but
    it, so it can never be drawn again and lose its holder the round."""
    state = _burned_then_exhausted(model)
    ass_joker = state.table.discard[-3]
    after, events = apply_events(state, Draw(0))
    if model == "explicit":
        node = chance_node(after)
        assert node is not None
        assert ass_joker not in node.choices
        assert len(node.choices) == len(state.table.discard) - 2
        return
    (shuffled,) = [e for e in events if isinstance(e, Reshuffled)]
    assert ass_joker not in shuffled.cards
    assert ass_joker not in after.table.draw
    assert after.table.held != ass_joker
    assert after.table.discard == (ass_joker, state.table.discard[-1])


@pytest.mark.rules(
    "ruling.ass-joker-holder-at-reveal", "ass-joker.burn", "ruling.draw-pile-exhausted"
)
def test_with_burned_ass_joker_reshuffled_it_goes_back_into_the_deck() -> None:
    state = _burned_then_exhausted("sampled", Ruleset(burned_ass_joker="reshuffled"))
    ass_joker = state.table.discard[-3]
    after, events = apply_events(state, Draw(0))
    (shuffled,) = [e for e in events if isinstance(e, Reshuffled)]
    assert ass_joker in shuffled.cards
    assert after.table.discard == state.table.discard[-1:]

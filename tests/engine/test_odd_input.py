"""Malformed actions and unusual decks: a seat or slot that is not a whole number is refused like
any other illegal action (never a crash, never a guess), and a deck option with one card per rank
plays the same through every path of the engine."""

from __future__ import annotations

from typing import Any

import pytest

from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    IllegalActionError,
    Keep,
    LookAtCards,
    Spy,
    ThrowIn,
    apply,
    apply_events,
    deal,
    is_legal,
    legal_actions,
)
from sabai_rules.play.layout import layout

#: P1 has drawn a 5 and decides; a 12 spy waits for P0 in another state below.
DECIDING = layout(rows=[["7", "3"], ["9", "8"]], draw=["2"], discard=["4"], turn=1, held="5")

MALFORMED: list[Any] = [
    pytest.param(Keep(1, 1.5), id="slot-a-fraction"),  # type: ignore[arg-type]
    pytest.param(Keep(1, True), id="slot-true"),
    pytest.param(Keep(1, "0"), id="slot-as-text"),  # type: ignore[arg-type]
    pytest.param(ThrowIn(0, 1.0, 0), id="owner-a-float"),  # type: ignore[arg-type]
    pytest.param(ThrowIn(0, 0, None), id="slot-none"),  # type: ignore[arg-type]
    pytest.param(Spy(0, False, 0), id="target-false"),
]


@pytest.mark.rules("ruling.irregularities")
@pytest.mark.parametrize("action", MALFORMED)
def test_a_seat_or_slot_that_is_not_a_whole_number_is_refused(action: Action) -> None:
    # (Keep(1, True) == Keep(1, 1) for Python, so the action is judged, not looked up in a list.)
    assert not is_legal(DECIDING, action)
    assert action not in legal_actions(DECIDING)
    with pytest.raises(IllegalActionError) as caught:
        apply(DECIDING, action)
    assert caught.value.rule == "ruling.irregularities"
    assert "is not a number" in caught.value.message


@pytest.mark.rules("ruling.irregularities", "setup.look-at-two")
def test_cards_to_look_at_are_a_tuple_of_slots() -> None:
    older = deal(Ruleset.preset("older"), 3, dealer=0, seed=1)
    assert LookAtCards(0, (0, 1)) in legal_actions(older)
    for slots in ([0, 1], (0, 1.0), (True, 1)):
        with pytest.raises(IllegalActionError, match="is not a number") as caught:
            apply(older, LookAtCards(0, slots))  # type: ignore[arg-type]
        assert caught.value.rule == "ruling.irregularities"


@pytest.mark.rules("four-together.touch-nose")
@pytest.mark.parametrize("copies", [1, 2])
def test_a_deck_of_few_copies_plays_alike_through_shortcuts_and_general_path(copies: int) -> None:
    # apply() takes the shortcuts, apply_events() always the general path: they must agree. With
    # one card per rank nobody races (one card is not cards together); with two, both must lie
    # on top of the pile.
    rules = Ruleset().with_options(deck=DeckSpec(copies=copies), nose_race="random")
    races = 0
    for seed in range(30):
        state = deal(rules, 3, dealer=0, seed=seed)
        for _ in range(40):
            legal = legal_actions(state)
            if state.is_over or not legal:
                break
            action = legal[seed % len(legal)]
            fast = apply(state, action)
            general, events = apply_events(state, action)
            assert fast == general, (seed, action)
            races += sum(type(e).__name__ == "NoseRaceLost" for e in events)
            state = fast
    if copies == 1:
        assert races == 0

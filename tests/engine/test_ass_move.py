"""The Ass Move, played end to end as the chain of ordinary actions of ruling.ass-move-sequence."""

from __future__ import annotations

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Compensate,
    Draw,
    Give,
    Keep,
    Play,
    Switch,
    ThrowIn,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.state import Compensation, Function, Stage, State
from tests.engine.support import faces, knows, play, refused, top

ASS_MOVE = (
    "ruling.ass-move-sequence",
    "ass-move.two-cards",
    "ass-move.play-first",
    "ass-move.slide-second",
    "ass-move.throw-in-second",
    "ass-move.repeat-function",
    "ass-move.compensation",
)


def two_of(rank: str, ruleset: Ruleset | None = None) -> State:
    """P0 has drawn a ``rank`` and holds another in slot 0; P1 is T; P2 looks on."""
    return layout(
        rows=[[rank, "5", "6", "9"], ["7", "8"], ["3", "4"]],
        discard=["2"],
        turn=0,
        held=rank,
        seen={0: [(0, 0)]},
        ruleset=ruleset,
    )


def discard_faces(state: State) -> list[str]:
    return [state.deck.name(c) for c in state.table.discard]


@pytest.mark.rules(*ASS_MOVE, "function.give")
def test_the_ass_move_with_two_13s() -> None:
    state = two_of("13")
    first, second = state.table.held, state.table.rows[0][0]

    # 1. P0 plays the drawn 13: its give is P0's to carry out.
    state = play(state, Play(0))
    assert top(state) == "13 give"
    assert state.flow.queue == (Function(0, first),)
    assert faces(state, 0) == ["13 give", "5", "6", "9"]

    # 2. With it P0 gives the second 13 to P1: face down, at the end of P1's row.
    state = play(state, Give(0, 0, 1))
    assert faces(state, 0) == ["5", "6", "9"]
    assert faces(state, 1) == ["7", "8", "13 give"]
    assert not knows(state, 1, 1, 2)
    assert (state.turn, state.flow.stage) == (1, Stage.DRAW)  # P0's turn is over

    # 3. The top card is still a 13: P0 throws P1's 13 in for P1. No offer: P1 has not seen it.
    state = play(state, ThrowIn(0, 1, 2))
    assert state.flow.pending is None
    assert faces(state, 1) == ["7", "8", "[gap]"]
    assert discard_faces(state) == ["2", "13 give", "13 give"]
    assert state.flow.queue == (Function(0, second), Compensation(0, 1, second))

    # 4. P0, not P1, gives again.
    refused(state, Give(1, 0, 0), "function.execute")
    state = play(state, Give(0, 0, 1))
    assert faces(state, 0) == ["6", "9"]
    assert faces(state, 1) == ["7", "8", "[gap]", "5"]

    # 5. P0 gives P1 a compensation card, into the gap.
    refused(state, Draw(1), "sabai-sabai-move.compensation")
    state = play(state, Compensate(0, 0))
    assert faces(state, 0) == ["9"]  # four cards before drawing, three fewer now
    assert faces(state, 1) == ["7", "8", "6", "5"]  # two cards before, two more now
    assert faces(state, 2) == ["3", "4"]
    assert top(state) == "13 give"
    assert state.flow.queue == ()
    assert (state.turn, state.flow.stage) == (1, Stage.DRAW)
    assert legal_actions(state).decisions == (Draw(1),)


@pytest.mark.rules(*ASS_MOVE, "function.switch")
def test_the_ass_move_with_two_14s() -> None:
    state = two_of("14")
    first, second = state.table.held, state.table.rows[0][0]

    # 1. P0 plays the drawn 14.
    state = play(state, Play(0))
    assert top(state) == "14 switch"
    assert state.flow.queue == (Function(0, first),)

    # 2. P0 switches the second 14 with P1's 8: each takes the other's slot.
    state = play(state, Switch(0, 0, 1, 1))
    assert faces(state, 0) == ["8", "5", "6", "9"]
    assert faces(state, 1) == ["7", "14 switch"]
    assert not knows(state, 1, 1, 1)
    assert (state.turn, state.flow.stage) == (1, Stage.DRAW)

    # 3. P0 throws P1's 14 in for P1.
    state = play(state, ThrowIn(0, 1, 1))
    assert state.flow.pending is None
    assert faces(state, 1) == ["7", "[gap]"]
    assert discard_faces(state) == ["2", "14 switch", "14 switch"]
    assert state.flow.queue == (Function(0, second), Compensation(0, 1, second))

    # 4. P0 switches again: P0's 5 for P1's 7 (a gap cannot be switched).
    refused(state, Switch(0, 1, 1, 1), "function.switch")
    state = play(state, Switch(0, 1, 1, 0))
    assert faces(state, 0) == ["8", "7", "6", "9"]
    assert faces(state, 1) == ["5", "[gap]"]

    # 5. P0 compensates P1 with the 9.
    state = play(state, Compensate(0, 3))
    assert faces(state, 0) == ["8", "7", "6"]  # four before drawing, one fewer now
    assert faces(state, 1) == ["5", "9"]  # as many as before
    assert faces(state, 2) == ["3", "4"]
    assert top(state) == "14 switch"
    assert state.flow.queue == ()
    assert (state.turn, state.flow.stage) == (1, Stage.DRAW)


@pytest.mark.rules(*ASS_MOVE, "turn.keep", "ruling.keep-discard-triggers-function")
def test_the_first_13_may_reach_the_pile_by_a_keep() -> None:
    state = layout(
        rows=[["13", "5", "13"], ["7", "8"]], discard=["2"], turn=0, held="6", seen={0: [(0, 0)]}
    )
    state = play(state, Keep(0, 2))
    assert faces(state, 0) == ["13 give", "5", "6"]
    state = play(state, Give(0, 0, 1), ThrowIn(0, 1, 2), Give(0, 0, 1), Compensate(0, 0))
    assert faces(state, 0) == []
    assert faces(state, 1) == ["7", "8", "6", "5"]
    assert discard_faces(state) == ["2", "13 give", "13 give"]


@pytest.mark.parametrize(
    ("rank", "slide", "slot"),
    [("13", Give(0, 0, 1), 2), ("14", Switch(0, 0, 1, 1), 1)],
    ids=["13", "14"],
)
@pytest.mark.rules(
    "simplified-play.no-ass-move", "simplified-play.own-cards-only", "ruling.ass-move-sequence"
)
def test_the_simplified_way_of_playing_stops_the_ass_move_at_the_throw_in(
    rank: str, slide: Give | Switch, slot: int
) -> None:
    state = play(two_of(rank, Ruleset.preset("simplified")), Play(0), slide)
    assert faces(state, 1)[slot] == state.deck.name(state.table.top)  # the second card, at T's
    refused(state, ThrowIn(0, 1, slot), "simplified-play.own-cards-only")
    assert ThrowIn(1, 1, slot) in legal_actions(state)  # only T may throw it in now


@pytest.mark.rules("ruling.ass-move-sequence", "ass-move.throw-in-second", "function.thrown-in")
def test_t_may_throw_the_second_13_in_first_and_then_carries_out_its_function() -> None:
    state = play(two_of("13"), Play(0), Give(0, 0, 1))
    second = state.table.rows[1][2]
    state = play(state, ThrowIn(1, 1, 2))
    assert faces(state, 1) == ["7", "8"]  # no gap: no compensation is owed
    assert state.flow.queue == (Function(1, second),)
    refused(state, Give(0, 0, 1), "function.execute")
    state = play(state, Give(1, 0, 2))
    assert faces(state, 1) == ["8"]
    assert faces(state, 2) == ["3", "4", "7"]
    assert faces(state, 0) == ["5", "6", "9"]
    assert state.flow.queue == ()
    assert (state.turn, state.flow.stage) == (1, Stage.DRAW)

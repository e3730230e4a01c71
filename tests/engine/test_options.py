"""Ruleset options not covered by a preset's own tests, each switched on the current edition."""

from __future__ import annotations

import pytest

from sabai_rules.layout import layout
from sabai_rules.moves import (
    CallSabaiSabai,
    Draw,
    LookAtCards,
    ThrowIn,
    deal,
    legal_actions,
)
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import Stage
from tests.engine.support import play, refused, scored_after_final_lap


@pytest.mark.rules("ruling.ass-joker-value", "objective.ass-joker-exception")
@pytest.mark.parametrize(("value", "points"), [(0, 3), (-4, -1), (25, 28)])
def test_the_ass_joker_counts_the_option_value(value: int, points: int) -> None:
    result = scored_after_final_lap(
        [["AJ", "3"], ["9"]], Ruleset().with_options(ass_joker_value=value)
    )
    assert result.card_points[0] == points


@pytest.mark.rules("ruling.ass-joker-loses-round", "ass-joker.victory-point-deducted")
def test_a_holder_allowed_to_win_takes_the_point_and_still_loses_one() -> None:
    rules = Ruleset().with_options(ass_joker_holder_can_win_round=True)
    result = scored_after_final_lap([["AJ", "1"], ["9"]], rules)
    assert result.winners == (0,)
    assert result.victory_points == (0, 0)  # +1 for the fewest card points, -1 for the Ass Joker
    default = scored_after_final_lap([["AJ", "1"], ["9"]], Ruleset())
    assert default.winners == (1,)
    assert default.victory_points == (-1, 1)


@pytest.mark.rules("ruling.older-no-final-round", "game-end.final-round-no-call")
def test_final_round_no_call_false_allows_the_call_in_the_final_round() -> None:
    final = deal(players=3, seed=1, final_round=True)
    refused(final, CallSabaiSabai(1), "game-end.final-round-no-call")
    free = deal(Ruleset().with_options(final_round_no_call=False), 3, seed=1, final_round=True)
    assert CallSabaiSabai(1) in legal_actions(free).calls
    assert play(free, CallSabaiSabai(1)).flow.status.caller == 1


@pytest.mark.rules("ruling.older-initial-peek", "setup.look-at-two")
def test_initial_peek_sets_how_many_cards_each_player_looks_at() -> None:
    state = deal(Ruleset().with_options(initial_peek=1), 2, dealer=0, seed=3)
    assert state.flow.stage == Stage.LOOK
    refused(state, LookAtCards(0, (0, 1)), "setup.look-at-two")
    state = play(state, LookAtCards(0, (3,)), LookAtCards(1, (0,)))
    assert state.table.knows(0, state.table.rows[0][3])
    assert not state.table.knows(0, state.table.rows[0][0])
    assert state.flow.stage == Stage.DRAW
    play(state, Draw(1))


@pytest.mark.rules("ruling.retry-lockout-scope", "throw-in.retry-lockout")
def test_without_the_lock_out_a_wrong_thrower_may_try_again_at_once() -> None:
    rows = [["9", "8", "5"], ["3", "4"]]
    locking = layout(rows=rows, discard=["5"], turn=1)
    locking = play(locking, ThrowIn(0, 0, 0))
    refused(locking, ThrowIn(0, 0, 2), "throw-in.retry-lockout")
    free = layout(
        rows=rows,
        discard=["5"],
        turn=1,
        ruleset=Ruleset().with_options(throw_in_retry_lockout=False),
    )
    free = play(free, ThrowIn(0, 0, 0), ThrowIn(0, 0, 2))
    assert len(free.table.rows[0]) == 3  # 9 and 8 stay, the 5 is gone, one penalty card came


@pytest.mark.rules("ruling.older-on-behalf-knowledge", "sabai-sabai-move.advanced-rule")
def test_thrower_knowledge_option_on_the_current_edition() -> None:
    rules = Ruleset().with_options(on_behalf_requires_thrower_knowledge=True)
    state = layout(
        rows=[["9"], ["5", "6"]], discard=["5"], turn=0, seen={0: [(1, 0)]}, ruleset=rules
    )
    refused(state, ThrowIn(0, 1, 1), "sabai-sabai-move.advanced-rule")  # never seen by P0
    assert ThrowIn(0, 1, 0) in legal_actions(state).throw_ins
    after = play(state, ThrowIn(0, 1, 0))
    assert after.table.top == state.table.rows[1][0]
    seen_by_owner = layout(
        rows=[["9"], ["5", "6"]],
        discard=["5"],
        turn=0,
        seen={0: [(1, 0)], 1: [(1, 0)]},
        ruleset=rules,
    )
    refused(seen_by_owner, ThrowIn(0, 1, 0), "sabai-sabai-move.advanced-rule")

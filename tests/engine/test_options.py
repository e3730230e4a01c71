"""Ruleset options not covered by a preset's own tests, each switched on the current edition."""

from __future__ import annotations

import pytest

from sabai_rules.engine.rules import (
    race_loser,
    reach_by_play_order,
    rule_of,
    trusts_unseen_claims,
)
from sabai_rules.model.events import LookedAt
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    CallSabaiSabai,
    Draw,
    LookAtCards,
    ThrowIn,
    apply_events,
    deal,
    is_legal,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.play.space import action_space
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


# -- the older edition: looking at the dealt cards is a choice -----------------------------------

OLDER = Ruleset.preset("older")


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two", "ruling.older-initial-peek")
def test_older_edition_a_player_may_decline_to_look_and_the_first_turn_waits_for_everybody() -> (
    None
):
    state = deal(OLDER, 3, dealer=0, seed=5)
    state = play(state, LookAtCards(0, ()))
    assert not any(state.table.knows(0, card) for card in state.table.rows[0])
    assert state.flow.stage == Stage.LOOK
    refused(state, Draw(1), "setup.look-at-two")
    state = play(state, LookAtCards(1, (2,)))
    known = [state.table.knows(1, card) for card in state.table.rows[1]]
    assert known == [False, False, True, False]
    refused(state, Draw(1), "setup.look-at-two")
    state = play(state, LookAtCards(2, (0, 3)))
    assert state.flow.stage == Stage.DRAW
    assert legal_actions(state).decisions == (Draw(1),)


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
def test_a_declined_look_is_said_once_and_ends_the_players_look() -> None:
    state = deal(OLDER, 2, dealer=0, seed=1)
    after, events = apply_events(state, LookAtCards(1, ()))
    assert events == (LookedAt(1, (), ()),)
    assert after == play(state, LookAtCards(1, ()))
    refused(after, LookAtCards(1, ()), "setup.look-at-two")
    refused(after, LookAtCards(1, (0, 1)), "setup.look-at-two")


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
def test_with_looking_compulsory_a_declined_look_is_refused() -> None:
    compulsory = OLDER.with_options(initial_peek_optional=False)
    state = deal(compulsory, 3, dealer=0, seed=5)
    for slots in ((), (1,)):
        problem = refused(state, LookAtCards(0, slots), "setup.look-at-two")
        assert problem.message == (
            "look at exactly 2 different slots of your row, in increasing order"
        )
    looks = [a for a in legal_actions(state) if isinstance(a, LookAtCards)]
    assert len(looks) == 3 * 6
    assert all(len(a.slots) == 2 for a in looks)


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
@pytest.mark.parametrize(
    "slots",
    [(0, 1, 2), (1, 1), (2, 0), (0, 4), (4,)],
    ids=["three", "same-twice", "decreasing", "no-such-slot", "one-no-such-slot"],
)
def test_a_player_who_may_decline_still_looks_at_two_cards_at_most(
    slots: tuple[int, ...],
) -> None:
    state = deal(OLDER, 3, dealer=0, seed=5)
    problem = refused(state, LookAtCards(0, slots), "setup.look-at-two")
    assert problem.message == "look at up to 2 different slots of your row, in increasing order"
    assert problem.message_with(["Anna", "Ben", "Cleo"], "fr") == (
        "regarder au plus 2 emplacements différents de sa ligne, par ordre croissant"
    )


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
def test_the_looks_listed_are_the_pairs_first_then_single_cards_then_none() -> None:
    state = deal(OLDER, 2, dealer=0, seed=3)
    pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    choices = [*pairs, (0,), (1,), (2,), (3,), ()]
    listed = legal_actions(state)
    assert list(listed.decisions) == [LookAtCards(p, c) for p in (0, 1) for c in choices]
    mine = legal_actions(state, player=1)
    assert list(mine.decisions) == [LookAtCards(1, c) for c in choices]
    for action in listed:
        assert is_legal(state, action)
        play(state, action)  # applies: listed and legal agree
    for wrong in (LookAtCards(0, (0, 1, 2)), LookAtCards(0, (3, 3))):
        assert wrong not in listed
        assert not is_legal(state, wrong)


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
def test_the_action_space_numbers_every_look_a_player_may_take() -> None:
    space = action_space(OLDER, 3)
    assert space.looks == (
        *[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
        *[(0,), (1,), (2,), (3,)],
        (),
    )
    declined = LookAtCards(2, ())
    assert space.action(space.index(declined)) == declined
    assert space.move(2, space.move_index(declined)) == declined
    # The pairs keep their move indices: the choices of fewer cards are numbered after them.
    compulsory = action_space(OLDER.with_options(initial_peek_optional=False), 3)
    for pair in compulsory.looks:
        look = LookAtCards(1, pair)
        assert space.move_index(look) == compulsory.move_index(look)
    assert space.moves == compulsory.moves + 5
    state = deal(OLDER, 3, dealer=0, seed=5)
    assert space.legal_indices(state, 2) == tuple(
        sorted(space.index(a) for a in legal_actions(state, player=2))
    )
    assert space.index(declined) in space.legal_indices(state, 2)


# -- facts a record of a real table states: what the referee reads ------------------------------


@pytest.mark.rules("ruling.same-card-reach", "throw-in.several-at-once")
def test_a_card_reached_for_twice_goes_by_the_table_unless_a_group_takes_play_order() -> None:
    assert rule_of(reach_by_play_order) == "ruling.same-card-reach"
    assert not any(reach_by_play_order(Ruleset.preset(name)) for name in PRESETS)
    assert reach_by_play_order(Ruleset().with_options(same_card_reach="play_order"))
    with pytest.raises(ValueError, match="same_card_reach must be one of 'first_touch', 'play_o"):
        Ruleset(same_card_reach="fastest")  # type: ignore[arg-type]


@pytest.mark.rules("ruling.nose-race-order", "four-together.last-draws-penalty")
def test_the_loser_of_a_nose_race_is_the_last_of_the_order_the_table_saw() -> None:
    assert rule_of(race_loser) == "ruling.nose-race-order"
    assert race_loser((2, 0, 3, 1)) == 1
    assert race_loser([0, 1]) == 1
    assert race_loser((1,)) == 1
    with pytest.raises(ValueError, match="names every player"):
        race_loser(())


@pytest.mark.rules("ruling.unseen-card", "sabai-sabai-move.first-refusal")
def test_a_players_word_that_they_did_not_look_is_trusted_unless_a_group_ignores_it() -> None:
    assert rule_of(trusts_unseen_claims) == "ruling.unseen-card"
    assert all(trusts_unseen_claims(Ruleset.preset(name)) for name in PRESETS)
    assert not trusts_unseen_claims(Ruleset().with_options(knowledge_claims="ignored"))
    with pytest.raises(ValueError, match="knowledge_claims must be one of 'trusted', 'ignored'"):
        Ruleset(knowledge_claims="sometimes")  # type: ignore[arg-type]

"""The function cards 11 peek, 12 spy, 13 give and 14 switch: who carries them out, what they do,
what everybody learns, and the order in which several are carried out."""

from __future__ import annotations

import pytest

from sabai_rules.model.events import FunctionFizzled, FunctionSkipped
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    Draw,
    Give,
    Keep,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    ThrowIn,
    apply_events,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.state import Function, State
from tests.engine.support import faces, knows, of_type, play, refused, top

ROWS = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]]


def _played(face: str, rows: list[list[str]] = ROWS, ruleset: Ruleset | None = None) -> State:
    """Player 0 has drawn ``face`` and plays it directly."""
    return play(layout(rows=rows, held=face, turn=0, ruleset=ruleset), Play(0))


# -- 11 peek -------------------------------------------------------------------------------------


@pytest.mark.rules("function.peek", "ruling.knowledge-model", "ruling.public-information")
def test_peek_shows_the_executor_their_own_card_and_nobody_else() -> None:
    state = _played("11")
    assert of_type(legal_actions(state), Peek) == [Peek(0, 0), Peek(0, 1), Peek(0, 2)]
    state = play(state, Peek(0, 1))
    assert [knows(state, p, 0, 1) for p in range(3)] == [True, False, False]
    assert not knows(state, 0, 0, 0)
    assert faces(state, 0) == ["1", "2", "3"]  # the card stays face down in its slot
    assert state.turn == 1


@pytest.mark.rules("function.peek")
def test_peek_at_a_slot_one_does_not_have_is_refused() -> None:
    refused(_played("11"), Peek(0, 3), "function.peek")


@pytest.mark.rules("function.peek", "ruling.functions-mandatory", "ruling.function-targets")
def test_peek_fizzles_when_the_executor_threw_in_their_last_card() -> None:
    state = layout(rows=[["11"], ["4", "5"], ["7", "8"]], discard=["11"], turn=1)
    state, events = apply_events(state, ThrowIn(0, 0, 0))
    assert FunctionFizzled(0, state.table.top) in events
    assert state.flow.queue == ()
    assert of_type(legal_actions(state), Peek) == []


# -- 12 spy --------------------------------------------------------------------------------------


@pytest.mark.rules("function.spy", "ruling.knowledge-model", "ruling.public-information")
def test_spy_shows_the_executor_another_players_card_and_nobody_else() -> None:
    state = play(_played("12"), Spy(0, 2, 1))
    assert [knows(state, p, 2, 1) for p in range(3)] == [True, False, False]
    assert faces(state, 2) == ["7", "8", "9"]
    assert state.turn == 1


@pytest.mark.rules("function.spy", "ruling.function-targets")
def test_spy_on_ones_own_card_is_refused() -> None:
    state = _played("12")
    refused(state, Spy(0, 0, 1), "function.spy")
    assert of_type(legal_actions(state), Spy) == [Spy(0, p, s) for p in (1, 2) for s in range(3)]


@pytest.mark.rules("function.spy", "ruling.empty-player-targets")
def test_spy_on_a_player_without_cards_is_impossible() -> None:
    state = _played("12", rows=[["1", "2"], [], ["7"]])
    refused(state, Spy(0, 1, 0), "function.spy")
    assert of_type(legal_actions(state), Spy) == [Spy(0, 2, 0)]


@pytest.mark.rules("function.spy", "ruling.functions-mandatory", "ruling.function-queue-order")
def test_spy_fizzles_when_every_other_row_is_empty_and_the_queue_goes_on() -> None:
    """P0's 12 waits; P1 throws in their only card, a 12: P0 has nobody to spy on, P1 has."""
    state = layout(rows=[["1", "2"], ["12"]], held="12", turn=0)
    state = play(state, Play(0))
    state, events = apply_events(state, ThrowIn(1, 1, 0))
    assert [e for e in events if isinstance(e, FunctionFizzled)] == [
        FunctionFizzled(0, state.table.discard[-2])
    ]
    assert legal_actions(state).decisions == (Spy(1, 0, 0), Spy(1, 0, 1))


# -- 13 give -------------------------------------------------------------------------------------


@pytest.mark.rules("function.give", "ruling.row-positions", "ruling.knowledge-model")
def test_give_moves_the_card_face_down_to_the_end_of_the_recipients_row() -> None:
    state = play(_played("13"), Give(0, 1, 2))
    assert faces(state, 0) == ["1", "3"]
    assert faces(state, 2) == ["7", "8", "9", "2"]
    assert not any(knows(state, p, 2, 3) for p in range(3))
    assert state.turn == 1


@pytest.mark.rules("function.give", "ruling.knowledge-model", "ruling.function-targets")
def test_give_keeps_the_givers_knowledge_and_teaches_the_recipient_nothing() -> None:
    state = layout(rows=ROWS, held="13", turn=0, seen={0: [(0, 0)]})
    state = play(state, Play(0), Give(0, 0, 1))
    assert faces(state, 1) == ["4", "5", "6", "1"]
    assert [knows(state, p, 1, 3) for p in range(3)] == [True, False, False]


@pytest.mark.rules("function.give", "ruling.function-targets")
def test_give_to_oneself_is_refused() -> None:
    state = _played("13")
    refused(state, Give(0, 0, 0), "function.give")
    assert of_type(legal_actions(state), Give) == [Give(0, s, p) for s in range(3) for p in (1, 2)]


@pytest.mark.rules("function.give", "ruling.empty-player-targets")
def test_give_can_refill_an_empty_row() -> None:
    state = play(_played("13", rows=[["1", "2"], [], ["7"]]), Give(0, 0, 1))
    assert faces(state, 1) == ["1"]
    assert faces(state, 0) == ["2"]
    assert state.turn == 1
    assert not state.is_over


@pytest.mark.rules("function.give", "ruling.empty-player-targets")
def test_give_to_an_empty_row_is_refused_when_empty_players_are_protected() -> None:
    rules = Ruleset().with_options(protect_empty_players=True)
    state = _played("13", rows=[["1", "2"], [], ["7"]], ruleset=rules)
    refused(state, Give(0, 0, 1), "ruling.empty-player-targets")
    assert of_type(legal_actions(state), Give) == [Give(0, 0, 2), Give(0, 1, 2)]


# -- 14 switch -----------------------------------------------------------------------------------


@pytest.mark.rules("function.switch", "ruling.row-positions", "ruling.knowledge-model")
def test_switch_exchanges_the_two_cards_slot_for_slot_unseen() -> None:
    state = play(_played("14"), Switch(0, 0, 1, 2))
    assert faces(state, 0) == ["6", "2", "3"]
    assert faces(state, 1) == ["4", "5", "1"]
    assert not any(knows(state, p, o, s) for p in range(3) for o, s in ((0, 0), (1, 2)))
    assert state.turn == 1


@pytest.mark.rules("function.switch", "ruling.knowledge-model", "ruling.function-targets")
def test_after_a_switch_a_player_still_knows_a_card_they_had_seen_where_it_went() -> None:
    state = layout(rows=ROWS, held="14", turn=0, seen={1: [(1, 2)]})
    state = play(state, Play(0), Switch(0, 0, 1, 2))
    assert knows(state, 1, 0, 0)  # P1's former card, now in P0's slot 0
    assert not knows(state, 1, 1, 2)
    assert not knows(state, 0, 0, 0)


@pytest.mark.rules("function.switch", "ruling.function-targets", "ruling.empty-player-targets")
@pytest.mark.parametrize(
    "action", [Switch(0, 0, 0, 1), Switch(0, 0, 1, 0)], ids=["with-oneself", "with-empty-row"]
)
def test_switch_needs_a_card_of_another_player(action: Switch) -> None:
    state = _played("14", rows=[["1", "2"], [], ["7"]])
    refused(state, action, "function.switch")
    assert of_type(legal_actions(state), Switch) == [Switch(0, 0, 2, 0), Switch(0, 1, 2, 0)]


# -- who carries out a function, and when --------------------------------------------------------


@pytest.mark.rules("function.execute", "ruling.functions-mandatory", "turn.rotation")
def test_the_next_turn_waits_until_the_turn_cards_function_is_carried_out() -> None:
    state = _played("11")
    assert state.turn == 0
    assert state.flow.queue == (Function(0, state.table.top),)
    refused(state, Draw(1), "function.execute")
    refused(state, SkipFunction(0), "function.execute")
    state = play(state, Peek(0, 0))
    assert legal_actions(state).decisions == (Draw(1),)


@pytest.mark.rules("function.execute", "function.thrown-in")
def test_a_thrown_in_function_is_carried_out_by_the_thrower_before_anybody_draws() -> None:
    state = layout(rows=[["1", "2"], ["4", "5"], ["11", "8"]], discard=["11"], turn=1)
    state = play(state, ThrowIn(2, 2, 0))
    refused(state, Draw(1), "function.execute")
    refused(state, Peek(1, 0), "function.execute")
    state = play(state, Peek(2, 0))
    assert knows(state, 2, 2, 0)
    assert legal_actions(state).decisions == (Draw(1),)


@pytest.mark.rules(
    "function.execute", "function.peek", "function.spy", "function.give", "function.switch"
)
@pytest.mark.parametrize(
    ("face", "action", "rule"),
    [
        ("11", Spy(0, 1, 0), "function.peek"),
        ("12", Peek(0, 0), "function.spy"),
        ("13", Switch(0, 0, 1, 0), "function.give"),
        ("14", Give(0, 0, 1), "function.switch"),
    ],
    ids=["peek", "spy", "give", "switch"],
)
def test_carrying_out_another_function_than_the_cards_is_refused(
    face: str, action: Action, rule: str
) -> None:
    refused(_played(face), action, rule)


@pytest.mark.rules("function.execute", "ruling.functions-mandatory")
def test_functions_optional_lets_the_executor_decline() -> None:
    rules = Ruleset().with_options(functions_optional=True)
    state = _played("12", ruleset=rules)
    assert SkipFunction(0) in legal_actions(state).decisions
    refused(state, SkipFunction(1), "function.execute")
    state, events = apply_events(state, SkipFunction(0))
    assert FunctionSkipped(0, state.table.top) in events
    assert not any(knows(state, 0, o, s) for o in (1, 2) for s in range(3))
    assert state.turn == 1


# -- which placements trigger --------------------------------------------------------------------


@pytest.mark.rules("function.execute", "turn.keep", "ruling.keep-discard-triggers-function")
def test_a_function_card_sent_to_the_pile_by_a_keep_triggers() -> None:
    state = layout(rows=[["12", "2"], ["4", "5"]], held="3", turn=0)
    state = play(state, Keep(0, 0))
    assert top(state) == "12 spy"
    assert state.turn == 0
    assert legal_actions(state).decisions == (Spy(0, 1, 0), Spy(0, 1, 1))


@pytest.mark.rules("turn.keep", "ruling.keep-discard-triggers-function")
def test_without_keep_discard_triggers_function_a_kept_out_function_card_is_inert() -> None:
    rules = Ruleset().with_options(keep_discard_triggers_function=False)
    state = layout(rows=[["12", "2"], ["4", "5"]], held="3", turn=0, ruleset=rules)
    state = play(state, Keep(0, 0))
    assert top(state) == "12 spy"
    assert state.flow.queue == ()
    assert legal_actions(state).decisions == (Draw(1),)


@pytest.mark.rules("function.execute", "ruling.keep-discard-triggers-function")
def test_a_drawn_function_card_that_is_kept_does_not_trigger() -> None:
    state = layout(rows=[["1", "2"], ["4", "5"]], held="11", turn=0)
    state = play(state, Keep(0, 1))
    assert faces(state, 0) == ["1", "11 peek"]
    assert state.flow.queue == ()
    assert state.turn == 1


@pytest.mark.rules("function.execute", "function.thrown-in", "throw-in.wrong-card.take-back")
def test_a_function_card_thrown_in_wrongly_does_not_trigger() -> None:
    state = layout(rows=[["1", "2"], ["4", "5"], ["12", "8"]], discard=["11"], turn=1)
    state = play(state, ThrowIn(2, 2, 0))
    assert faces(state, 2)[:2] == ["12 spy", "8"]
    assert len(faces(state, 2)) == 3  # the penalty card
    assert state.flow.queue == ()
    assert legal_actions(state).decisions == (Draw(1),)


# -- several functions ---------------------------------------------------------------------------


@pytest.mark.rules("ruling.function-queue-order", "throw-in.functions-in-order", "function.execute")
def test_the_turn_players_spy_comes_before_a_thrown_in_spy() -> None:
    state = layout(rows=[["1", "2"], ["4", "5"], ["12", "8"]], held="12", turn=0)
    state = play(state, Play(0), ThrowIn(2, 2, 0))
    assert faces(state, 2) == ["8"]
    refused(state, Spy(2, 0, 0), "function.execute")
    assert {a.actor for a in legal_actions(state).decisions} == {0}
    state = play(state, Spy(0, 1, 1))
    assert state.turn == 0
    refused(state, Spy(0, 1, 0), "function.execute")
    assert {a.actor for a in legal_actions(state).decisions} == {2}
    state = play(state, Spy(2, 0, 0))
    assert knows(state, 0, 1, 1)
    assert knows(state, 2, 0, 0)
    assert not knows(state, 0, 0, 0)
    assert legal_actions(state).decisions == (Draw(1),)

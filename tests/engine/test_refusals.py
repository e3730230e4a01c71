"""What a refusal tells: the rule broken (in the edition in force, and in the current edition),
the actor, the action, and a message that names players by seat or by the names a record
gives. The state refused stays as it was."""

from __future__ import annotations

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Draw, Keep, ThrowIn, apply, deal
from sabai_rules.play.layout import layout
from tests.engine.support import refused


def test_drawing_out_of_turn_names_the_player_by_seat_or_by_name() -> None:
    state = deal(players=3, dealer=0, seed=4)  # P1 starts
    before = state
    error = refused(state, Draw(2), "turn.draw")
    assert state == before
    assert error.actor == 2
    assert error.action == Draw(2)
    assert error.current_rule == "turn.draw"
    assert error.message == "it is not P2's turn to draw"
    assert error.message_with(["Anna", "Ben", "Cleo"]) == "it is not Cleo's turn to draw"
    assert str(error) == "Draw(actor=2): it is not P2's turn to draw [turn.draw]"


def test_a_message_naming_two_players_names_both() -> None:
    """P1 threw in P2's card for them and owes a compensation card before P2's turn."""
    state = layout(
        rows=[["5", "9"], ["1", "2"], ["5", "3"]], discard=["5"], turn=2, draw=["7", "8"]
    )
    state = apply(state, ThrowIn(1, 2, 0))  # P2 did not know the card: no first refusal
    error = refused(state, Draw(2), "sabai-sabai-move.compensation")
    assert error.message == "P1 must first give P2 a compensation card"
    assert (
        error.message_with(["Anna", "Ben", "Cleo"])
        == "Ben must first give Cleo a compensation card"
    )


def test_a_name_with_braces_is_not_read_as_a_placeholder() -> None:
    state = deal(players=2, dealer=0, seed=1)
    error = refused(state, Keep(1, "{0}"), "ruling.irregularities")  # type: ignore[arg-type]
    assert error.message == "slot '{0}' is not a number"


def test_under_the_older_edition_its_own_rule_is_cited_and_the_current_one_kept() -> None:
    """Throwing in from an empty slot: the older edition states the throw-in in its own words
    (interception), the current one as an identical card."""
    older = Ruleset.preset("older")
    state = layout(rows=[["1", "2"], ["3", "4"]], discard=["5"], turn=0, ruleset=older)
    error = refused(state, ThrowIn(0, 0, 7), "throw-in.interception")
    assert error.current_rule == "throw-in.identical"

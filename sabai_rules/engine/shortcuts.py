"""The commonest transitions written out: a draw, and a turn card that lands with nothing unusual
following (two of three transitions in the bench's playouts). Each is taken only after legality
has accepted the action; it asks the same predicates and the same flow functions as the general
path (:mod:`~sabai_rules.engine.effects`, :mod:`~sabai_rules.engine.flow`), and gives up
(``None``) on anything else: an empty draw pile, an Ass Joker, a nose race, a function that
cannot be carried out, the end of the round. The general path gives the same
state; the random playouts compare the two.
"""

from __future__ import annotations

from typing import Final

from sabai_rules.engine.actions import Action, Draw, Keep, Play
from sabai_rules.engine.flow import end_condition, status_after_turn
from sabai_rules.engine.rules import (
    MOTION_CLOSED,
    can_carry_out,
    kept_out_card_triggers,
    lockout_after_turn_card,
    may_exchange,
    must_keep_drawn,
    next_in_play,
    nose_race_after,
    triggered_function,
)
from sabai_rules.engine.work import appended, with_bit, with_card, with_row
from sabai_rules.state import (
    LAZY,
    NO_CARD,
    STAGE_DECIDE,
    STAGE_DONE,
    STAGE_DRAW,
    Flow,
    State,
    Status,
    Table,
    card_bit,
)

__all__ = ["shortcut"]

#: The actions with a shortcut: the turn's.
_TURN: Final = frozenset({Draw, Keep, Play})


def shortcut(state: State, action: Action) -> State | None:
    """The state after ``action``, a legal action, if it is one of the common cases."""
    if type(action) not in _TURN:
        return None  # one lookup, where each class pattern below would be a check
    match action:
        case Draw(actor=actor):
            t, f = state.table, state.flow
            draw = t.draw
            if not draw:
                return None  # a reshuffle, or no card left (:rule:`ruling.draw-pile-exhausted`)
            if state.setup.chance is LAZY:
                return None  # chance picks the card

            card = draw[-1]
            private = with_bit(t.private, actor, card)
            table = Table(t.rows, draw[:-1], t.discard, card, t.public, private)
            flow = Flow(
                f.turn,
                STAGE_DECIDE,
                f.turns,
                f.queue,
                f.pending,
                f.lockout,
                f.status,
                MOTION_CLOSED,
                f.reactions,
                f.stale,
            )
            return State(state.setup, table, flow)
        case Keep(actor=actor, slot=slot):
            t = state.table
            row = t.rows[actor]
            if not row or not may_exchange(state.setup.deck, row[slot]):
                return None  # into an empty row, or an Ass Joker turned over
            rows = with_row(t.rows, actor, with_card(row, slot, t.held))
            triggers = kept_out_card_triggers(state.setup.ruleset)
            return _turn_card(state, rows, row[slot], triggers)
        case Play():
            held = state.table.held
            if must_keep_drawn(state.setup.deck, held):
                return None  # a drawn Ass Joker played is burned from the draw (an option)
            return _turn_card(state, state.table.rows, held, triggers=True)
    return None


def _turn_card(
    state: State, rows: tuple[tuple[int, ...], ...], card: int, triggers: bool
) -> State | None:
    """The turn card lands (effects._place_turn_card), then the flow settles: the function it
    triggers waits for its executor, else the next turn begins unless the round ends."""
    setup, t, f = state.setup, state.table, state.flow
    rules, deck = setup.ruleset, setup.deck
    discard = appended(t.discard, card)
    if nose_race_after(rules, deck, discard, card) is not None:
        return None
    table = Table(rows, t.draw, discard, NO_CARD, t.public | card_bit(card), t.private)
    turns = f.turns + 1
    status = status_after_turn(f.status)
    lockout = lockout_after_turn_card(f.lockout)
    function = triggered_function(deck, f.turn, card, triggers)
    if function is not None:
        if not can_carry_out(rules, deck, rows, function):
            return None
        flow = Flow(f.turn, STAGE_DONE, turns, (function,), None, lockout, status)
        return State(setup, table, flow)
    return _after_turn(state, table, turns, lockout, status)


def _after_turn(
    state: State, table: Table, turns: int, lockout: int, status: Status
) -> State | None:
    """The turn is played and nothing is pending: the next turn begins, unless the round ends."""
    setup, f = state.setup, state.flow
    if end_condition(setup, table.rows, status, STAGE_DONE, turns) is not None:
        return None  # the reaction round begins
    turn = next_in_play(f.turn, setup.players)
    return State(setup, table, Flow(turn, STAGE_DRAW, turns, (), None, lockout, status))

"""The flow of a round apart from the cards: turns, the queue of effects, the call, the reaction
round and the end.

After every action, :func:`settle` carries the round on by itself until some player must decide:
functions that cannot be carried out lapse, compensation cards that cannot be given lapse, the
round ends (through the reaction round) or the next turn begins.
"""

from __future__ import annotations

from collections.abc import Sequence

from sabai_rules.engine.dealing import check_players
from sabai_rules.engine.rules import (
    can_carry_out,
    compensation_slots,
    final_lap_played,
    holds_reaction_round,
    in_reaction_round,
    next_in_play,
    pick_refusals,
    round_over,
    round_turns_capped,
    row_emptied,
    simulation_caps,
    turn_cap_reached,
)
from sabai_rules.engine.work import Work
from sabai_rules.model.arguments import instance
from sabai_rules.model.deciders import decides
from sabai_rules.model.events import (
    Called,
    CompensationLapsed,
    FunctionFizzled,
    Passed,
    ReactionRound,
    RoundEnded,
    TurnBegan,
)
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.state import (
    NOT_CLOSING,
    STAGE_DECIDE,
    STAGE_DONE,
    STAGE_DRAW,
    STAGE_LOOK,
    EndCause,
    Function,
    Setup,
    Stage,
    Status,
    all_seats,
    gap_for,
    seat_bit,
)

__all__ = [
    "call",
    "end_condition",
    "end_turn",
    "max_round_length",
    "pass_end",
    "reopen",
    "settle",
    "status_after_pass",
    "status_after_turn",
]


def max_round_length(rules: Ruleset, players: object) -> int | None:
    """An upper bound on the actions of one round at ``players`` players under ``rules``, or
    ``None`` if a round is unbounded: both caps of a simulation must be set
    (:rule:`ruling.round-turn-cap`, :rule:`ruling.reaction-cap`).

    With at most ``T`` turns and ``R`` cards thrown in between two turn cards: each player looks
    at their cards once (older edition); a turn is a draw, a play or keep, the function of its
    card and a nose race; at most ``R * (T + 1)`` throw-ins, each followed by at most an offer's
    answer, a function, a compensation card and a nose race; each throw-in, and each start of a
    reaction round (one more than the throw-ins at most), is followed by at most one pass per
    player; and one call.

    :class:`TypeError` if ``rules`` is no :class:`~sabai_rules.model.ruleset.Ruleset` or ``players``
    no ``int``, :class:`ValueError` for a table size the rules do not allow
    (:rule:`setup.players`).

    >>> from sabai_rules.model.ruleset import Ruleset
    >>> max_round_length(Ruleset(), 4) is None
    True
    >>> max_round_length(Ruleset().with_options(max_round_turns=100, max_turn_reactions=10), 4)
    13539
    """
    n = check_players(players)
    turns, reactions = simulation_caps(instance(rules, Ruleset, "rules"))
    if turns is None or reactions is None:
        return None
    throw_ins = reactions * (turns + 1)
    return n + 4 * turns + 5 * throw_ins + n * (2 * throw_ins + 1) + 1


def status_after_turn(st: Status) -> Status:
    """The status once a turn is played: in the final lap, one turn fewer is left
    (:rule:`round-end.final-lap`)."""
    if st.final_lap > 0:
        return st.with_call(st.caller, st.final_lap - 1)
    return st


def status_after_pass(st: Status, player: int, players: int) -> Status:
    """The status once ``player`` passes in the reaction round: once everybody has, the round is
    over (:rule:`ruling.end-of-round-reaction`)."""
    closing = st.closing | seat_bit(player)
    if closing == all_seats(players):
        closing = NOT_CLOSING
    return st.ending(st.end, closing)


def end_turn(w: Work) -> None:
    """The active player's turn is played; the count of reactions starts afresh
    (:rule:`ruling.reaction-cap`)."""
    w.stage = STAGE_DONE
    w.turns += 1
    w.reactions = 0
    w.status = status_after_turn(w.status)


def end_condition(
    setup: Setup, rows: Sequence[tuple[int, ...]], st: Status, stage: Stage, turns: int
) -> EndCause | None:
    """Whether the round ends now that nothing is pending: an empty row
    (:rule:`round-end.empty-row`), even before the final lap is over, the final lap played
    (:rule:`round-end.final-lap`) or, once the turn is over, the final round's turn cap
    (:rule:`ruling.final-round-termination`) or a simulation's cap on the turns of any round
    (:rule:`ruling.round-turn-cap`). The final round ends the same way, but for the final lap: it
    has no call."""
    rules = setup.ruleset
    if row_emptied(rules, rows, st.emptied):
        return EndCause.EMPTIED
    if final_lap_played(st.final_lap):
        return EndCause.FINAL_LAP
    if stage == STAGE_DONE and (
        turn_cap_reached(rules, setup.final_round, turns) or round_turns_capped(rules, turns)
    ):
        return EndCause.FORCED
    return None


decides(end_condition, "game-end.final-round-end")
decides(end_condition, "ruling.final-lap-end")


def settle(w: Work) -> None:
    """Carry on until a player must decide: lapse impossible functions and compensations (every
    other queued function is carried out, whatever was thrown onto its card), end the round or,
    when nothing is pending, start the turn of the player after the active one, whoever threw in
    meanwhile."""
    while True:
        st = w.status
        if w.pending is not None or round_over(st):
            return
        if w.queue:
            head = w.queue[0]
            if isinstance(head, Function):
                if can_carry_out(w.rules, w.deck, w.rows, head):
                    return
                w.queue = w.queue[1:]
                w.emit(FunctionFizzled, head.executor, head.card)
                continue
            thrower = head.thrower
            refused = pick_refusals(w.rules, w.public, w.public | w.private[thrower], True)
            if compensation_slots(w.deck, w.rows[thrower], refused):
                return
            # A thrower with no card to give: the compensation lapses and the owner's row
            # closes up (:rule:`ruling.compensation-card`, :rule:`ruling.row-positions`).
            w.queue = w.queue[1:]
            gap = gap_for(head.card)
            row = w.rows[head.owner]
            if gap in row:
                w.set_row(head.owner, tuple(c for c in row if c != gap))
            w.emit(CompensationLapsed, head.thrower, head.owner)
            continue
        if w.stage in (STAGE_DECIDE, STAGE_LOOK) or in_reaction_round(st):
            return
        cause = end_condition(w.setup, w.rows, st, w.stage, w.turns)
        if cause is not None:
            # The round ends after the reaction round, or at once without one
            # (:rule:`ruling.end-of-round-reaction`).
            if holds_reaction_round(w.rules):
                w.status = st.ending(cause, 0)
                w.emit(ReactionRound, w.turn, cause)
            else:
                w.status = st.ending(cause, st.closing)
                w.emit(RoundEnded, w.turn, cause)
            return
        if w.stage == STAGE_DONE:
            w.turn = next_in_play(w.turn, w.n)
            w.stage = STAGE_DRAW
            w.emit(TurnBegan, w.turn)
        return


decides(settle, "turn.rotation")
decides(settle, "throw-in.no-one-skipped")
decides(settle, "ruling.no-one-skipped")


def reopen(w: Work) -> None:
    """A throw-in during the reaction round: the passing starts afresh once it is settled."""
    if in_reaction_round(w.status):
        w.status = w.status.ending(None, NOT_CLOSING)


def call(w: Work, caller: int) -> None:
    """Sabai sabai is called (:rule:`round-end.call`; in the older edition,
    :rule:`round-end.last-round-call`): every player has exactly one more turn; a turn in
    progress is its player's (:rule:`ruling.final-lap-sequence`)."""
    w.status = w.status.with_call(caller, w.n)
    w.emit(Called, caller)


decides(call, "ruling.final-lap-sequence")


def pass_end(w: Work, player: int) -> None:
    """``player`` passes in the reaction round; once everybody has, the round is over
    (:rule:`ruling.end-of-round-reaction`)."""
    w.emit(Passed, player)
    w.status = status_after_pass(w.status, player, w.n)
    if round_over(w.status):
        assert w.status.end is not None
        w.emit(RoundEnded, player, w.status.end)

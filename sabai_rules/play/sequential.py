"""One player at a time: the game as a sequence of moves, for turn-based frameworks.

The rules let anybody throw in or call at almost any moment (:func:`~sabai_rules.moves.to_move`
names the player the game waits for *and* those who may act out of turn). A turn-based framework
needs one player to move at each step. :class:`SequentialState` turns the free-for-all into a
sequence with one documented reaction order, the order the referee gives to throw-ins made at the
same moment (:rule:`ruling.sequential-actions`):

1. after every action, each player who may act out of turn is asked in turn, in play order from
   the player whose turn it is (that player first): they throw in, call, or :class:`Decline`;
2. once every such player has declined, the player the game waits for makes the move the game
   waits for (draw, play or keep, a function, a compensation card, an answer, a look, a pass);
3. a nose race is the table's outcome (``current_player`` is :data:`TABLE`): who touched their
   nose last, one ``TouchNoseLast`` per possible loser;
4. at a chance node (a round dealt under the explicit or lazy chance model,
   :mod:`sabai_rules.engine.outcomes`) ``current_player`` is :data:`CHANCE`: there are no moves,
   and :meth:`SequentialState.chance_outcomes` and :meth:`SequentialState.apply_chance` go on.

Any action but a decline starts the asking afresh. A decline is not an action of the game: it only
moves the asking on, so a record of the game holds the actions alone. Every legal action of the
engine stays reachable: a player who may act out of turn is always asked before the game moves on.

>>> from sabai_rules.moves import deal
>>> game = SequentialState(deal(players=3, dealer=0, seed=1))
>>> game.current_player, game.legal_moves()[-1]
(1, Decline(actor=1))
>>> game = game.apply(Decline(1)).apply(Decline(2)).apply(Decline(0))
>>> game.current_player, game.legal_moves()
(1, (Draw(actor=1),))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import attrs

from sabai_rules.engine.rules import reaction_order
from sabai_rules.model.arguments import is_state, number
from sabai_rules.moves import (
    Action,
    apply,
    apply_chance,
    chance_outcomes,
    is_action,
    legal_actions,
    to_move,
)
from sabai_rules.state import NO_PLAYER, State, seat_bit

__all__ = ["CHANCE", "TABLE", "Decline", "Move", "SequentialState"]

#: ``current_player`` while a nose race awaits its outcome: the table, not a player, decides.
TABLE: Final = -2
#: ``current_player`` at a chance node: chance decides.
CHANCE: Final = -3


@attrs.frozen
class Decline:
    """``actor``, asked whether to act out of turn, does not (a move of the sequence, not an action
    of the game)."""

    actor: int


Move = Action | Decline


def _check_state(instance: object, attribute: attrs.Attribute[State], value: State) -> None:
    is_state(value)


def _check_declined(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    number(value, "declined")


@attrs.frozen
class SequentialState:
    """A state of the game and how far the asking has gone since the last action: ``declined``
    is the bit mask of the players who declined to act out of turn since then.
    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State` or ``declined`` no
    ``int``, :class:`ValueError` if ``declined`` is negative."""

    state: State = attrs.field(validator=_check_state)
    declined: int = attrs.field(default=0, validator=_check_declined)

    def _askable(self) -> list[int]:
        """The players still to be asked, in play order from the active player."""
        state = self.state
        n, turn = state.players, state.flow.turn
        legal = legal_actions(state)
        out = {a.actor for a in legal.throw_ins} | {a.actor for a in legal.calls}
        return [p for p in reaction_order(turn, n) if p in out and not self.declined & seat_bit(p)]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def current_player(self) -> int:
        """The one player to move: the next player to be asked whether to act out of turn, else
        the player the game waits for; :data:`TABLE` during a nose race; :data:`CHANCE` at a
        chance node; :data:`~sabai_rules.state.NO_PLAYER` once the round is over."""
        waiting = to_move(self.state)
        if waiting.chance:
            return CHANCE
        if waiting.table:
            return TABLE
        if waiting.player == NO_PLAYER:
            return NO_PLAYER
        askable = self._askable()
        return askable[0] if askable else waiting.player

    def legal_moves(self) -> tuple[Move, ...]:
        """The current player's moves: when asked, their throw-ins and calls, then
        :class:`Decline`; else the moves the game waits for from them (the table's possible
        outcomes during a nose race)."""
        state = self.state
        legal = legal_actions(state)
        player = self.current_player
        if player in (NO_PLAYER, CHANCE):
            return ()
        if player == TABLE:
            return legal.decisions
        if player in self._askable():
            mine = legal_actions(state, player=player)
            return (*mine.throw_ins, *mine.calls, Decline(player))
        return tuple(a for a in legal.decisions + legal.passes if a.actor == player)

    def apply(self, move: Move) -> SequentialState:
        """The sequence after ``move``, one of :meth:`legal_moves`: :class:`TypeError` if it is
        no action of the game nor a :class:`Decline`, :class:`ValueError` (naming the player to
        move) if it is not one of the moves now."""
        if type(move) is not Decline:
            is_action(move, "move")
        if move not in self.legal_moves():
            raise ValueError(f"{move!r} is not a move of P{self.current_player} now")
        if isinstance(move, Decline):
            return SequentialState(self.state, self.declined | seat_bit(move.actor))
        return SequentialState(apply(self.state, move))

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """At a chance node, its outcomes with their probabilities
        (:func:`~sabai_rules.moves.chance_outcomes`); else ``()``."""
        return chance_outcomes(self.state)

    def apply_chance(self, outcome: int) -> SequentialState:
        """The sequence after chance gives ``outcome`` (:func:`~sabai_rules.moves.apply_chance`,
        refusing what it refuses): the asking starts afresh."""
        return SequentialState(apply_chance(self.state, outcome))

"""A stable index of every action at a table: what OpenSpiel and PettingZoo number actions by.

:func:`action_space` gives, for a ruleset and a table size, an :class:`ActionSpace`: every action
of every kind with every value of its parameters (:data:`~sabai_rules.moves.PARAMETERS`), in a
fixed order, each with its index. The space is as small as the rules allow: a seat is one of the
table's; a slot is one of a row's longest possible length, the whole deck but the one card that
lies on the discard pile whenever a row can grow (penalty cards, gives and compensation cards come
only once play has started); the cards looked at before the first turn are a choice among the
four dealt (or none, where a player may decline).

Turn-based frameworks number one player's moves
(:class:`~sabai_rules.play.sequential.SequentialState`): the same index without its actor, then
:class:`~sabai_rules.play.sequential.Decline` last (:attr:`ActionSpace.moves`,
:meth:`ActionSpace.move_index`, :meth:`ActionSpace.move`): a table of ``n`` players has ``n`` times
fewer moves than actions.

>>> from sabai_rules.moves import Draw, ThrowIn, deal
>>> from sabai_rules.model.ruleset import Ruleset
>>> space = action_space(Ruleset(), 4)
>>> space.index(Draw(0)), space.action(0)
(0, Draw(actor=0))
>>> space.action(space.index(ThrowIn(2, 3, 5)))
ThrowIn(actor=2, owner=3, slot=5)
>>> space.legal_indices(deal(Ruleset(), 4, dealer=0, seed=1), 1)[:1]
(1,)
>>> space.moves, space.move_index(ThrowIn(2, 3, 5)), space.move(2, 243)
(15055, 243, ThrowIn(actor=2, owner=3, slot=5))
>>> space.move(1, space.moves - 1)
Decline(actor=1)
"""

from __future__ import annotations

import functools
from itertools import combinations

import attrs

from sabai_rules.engine.rules import look_sizes
from sabai_rules.model.arguments import instance, is_state, seat, shown
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    CARDS_DEALT,
    PARAMETERS,
    Action,
    Parameter,
    check_players,
    deck_for,
    legal_actions,
)
from sabai_rules.play.sequential import Decline, Move
from sabai_rules.state import State

__all__ = ["ActionBlock", "ActionSpace", "action_space"]


@attrs.frozen
class ActionBlock:
    """One action class's block of the space: where it starts and the size of each field."""

    cls: type[Action]
    start: int
    #: The number of values of the actor and of each parameter, in field order.
    sizes: tuple[int, ...]
    size: int


@attrs.frozen
class ActionSpace:
    """Every action at a table of ``players`` under one ruleset, numbered from 0 to
    ``size - 1``: the action classes in the order of :data:`~sabai_rules.moves.PARAMETERS`,
    within a class by actor, then by each parameter in field order (mixed radix)."""

    players: int
    #: The longest a row can be: the number of slot values.
    row_length: int
    #: The choices of cards to look at before the first turn (older edition), sorted slots, in the
    #: order they are listed: the most cards first, then any fewer a player may look at.
    looks: tuple[tuple[int, ...], ...]
    size: int
    _kinds: tuple[ActionBlock, ...] = attrs.field(repr=False, alias="kinds")
    _by_class: dict[type[Action], ActionBlock] = attrs.field(
        repr=False, eq=False, init=False, factory=dict
    )

    def __attrs_post_init__(self) -> None:
        self._by_class.update((k.cls, k) for k in self._kinds)

    @property
    def moves(self) -> int:
        """The number of one player's moves: every action with that player as its actor, then
        :class:`~sabai_rules.play.sequential.Decline` (the last, ``moves - 1``)."""
        return self.size // self.players + 1

    def move_index(self, move: Move) -> int:
        """The index of ``move`` among its actor's moves (:attr:`moves`): an action's
        :meth:`index` without its actor's digit, so that each block of an action class keeps its
        order; a :class:`~sabai_rules.play.sequential.Decline` is the last. Refuses what
        :meth:`index` refuses."""
        if isinstance(move, Decline):
            if not (type(move.actor) is int and 0 <= move.actor < self.players):
                raise ValueError(f"{move!r}: actor {move.actor!r} is outside this table's actions")
            return self.moves - 1
        index = self.index(move)
        kind = self._by_class[type(move)]
        return kind.start // self.players + (index - kind.start) % (kind.size // self.players)

    def move(self, player: int, index: int) -> Move:
        """``player``'s move numbered ``index`` (:meth:`move_index`); :class:`TypeError` unless
        both are ``int`` (not ``bool``), :class:`ValueError` for a seat not at the table or an
        index outside ``0 .. moves - 1``."""
        seat(player, "player", self.players)
        if type(index) is not int:
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        if not 0 <= index < self.moves:
            raise ValueError(
                f"index: no move {shown(index)}: the indices run from 0 to {self.moves - 1}"
            )
        if index == self.moves - 1:
            return Decline(player)
        n = self.players
        kind = next(k for k in reversed(self._kinds) if k.start // n <= index)
        return self.action(kind.start + player * (kind.size // n) + index - kind.start // n)

    def index(self, action: Action) -> int:
        """The index of ``action``; :class:`TypeError` if it is no action of the game,
        :class:`ValueError` if it is not one of this space (a seat not at the table, a slot past
        the longest row)."""
        kind = self._by_class.get(type(action))
        if kind is None:
            raise TypeError(f"action must be an action of sabai-sabai, not {type(action).__name__}")
        values = [action.actor] + [getattr(action, p.name) for p in PARAMETERS[kind.cls]]
        code = 0
        for value, size, parameter in zip(
            values, kind.sizes, (None, *PARAMETERS[kind.cls]), strict=True
        ):
            digit = self._digit(value, parameter)
            if not (type(digit) is int and 0 <= digit < size):
                what = "actor" if parameter is None else parameter.name
                raise ValueError(f"{action!r}: {what} {value!r} is outside this table's actions")
            code = code * size + digit
        return kind.start + code

    def action(self, index: int) -> Action:
        """The action numbered ``index``; :class:`TypeError` unless ``index`` is an ``int`` (not a
        ``bool``), :class:`ValueError` if there is no action of that number."""
        if type(index) is not int:
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        if not 0 <= index < self.size:
            raise ValueError(
                f"index: no action {shown(index)}: the indices run from 0 to {self.size - 1}"
            )
        kind = next(k for k in reversed(self._kinds) if k.start <= index)
        code = index - kind.start
        digits = []
        for size in reversed(kind.sizes):
            code, digit = divmod(code, size)
            digits.append(digit)
        digits.reverse()
        values = [digits[0]] + [
            self.looks[d] if p.kind == "slots" else d
            for d, p in zip(digits[1:], PARAMETERS[kind.cls], strict=True)
        ]
        return kind.cls(*values)  # type: ignore[arg-type]

    def legal_indices(self, state: State, player: int) -> tuple[int, ...]:
        """The indices of ``player``'s legal actions, sorted. :class:`TypeError` if ``state`` is
        no :class:`~sabai_rules.state.State` or ``player`` no ``int``; :class:`ValueError` if
        ``player`` is no seat of the table or the state is not at a table of this space."""
        if is_state(state).setup.players != self.players:
            raise ValueError(
                f"state: a table of {state.setup.players} players, not this space's {self.players}"
            )
        return tuple(sorted(self.index(a) for a in legal_actions(state, player=player)))

    def _digit(self, value: object, parameter: Parameter | None) -> object:
        if parameter is not None and parameter.kind == "slots":
            return self.looks.index(value) if value in self.looks else -1
        return value


def action_space(ruleset: Ruleset, players: int) -> ActionSpace:
    """The action space of a table of ``players`` under ``ruleset`` (one shared object for each):
    :class:`TypeError` if ``ruleset`` is no :class:`~sabai_rules.model.ruleset.Ruleset` or
    ``players`` no ``int``, :class:`ValueError` for a table size the rules do not allow
    (:rule:`setup.players`)."""
    return _action_space(instance(ruleset, Ruleset, "ruleset"), check_players(players))


@functools.lru_cache(maxsize=64)  # sabai_rules.model.memo.MEMOS
def _action_space(ruleset: Ruleset, players: int) -> ActionSpace:
    row_length = len(deck_for(ruleset)) - 1
    looks = tuple(
        look
        for size in look_sizes(ruleset, CARDS_DEALT)
        for look in combinations(range(CARDS_DEALT), size)
    )
    kinds = []
    start = 0
    for cls, parameters in PARAMETERS.items():
        sizes = (
            players,
            *(
                players if p.kind == "player" else row_length if p.kind == "slot" else len(looks)
                for p in parameters
            ),
        )
        size = 1
        for s in sizes:
            size *= s
        kinds.append(ActionBlock(cls, start, sizes, size))
        start += size
    return ActionSpace(players, row_length, looks, start, kinds=tuple(kinds))

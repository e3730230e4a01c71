"""Every legal action at one moment: :func:`~sabai_rules.moves.legal_actions`, and whom the game
waits for: :func:`~sabai_rules.moves.to_move`.

The lists ask the same predicates as legality (:mod:`~sabai_rules.engine.rules`). Actions are
values, so the tuples of them are cached: each cache key holds every input of the predicates the
list was built from (the ruleset, the table's shape, the lock-outs...), never a card's face.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from itertools import repeat
from operator import is_
from typing import Any, Final

import attrs

from sabai_rules.cards import GIVE, PEEK, SPY
from sabai_rules.engine.actions import (
    PARAMETERS,
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    TakeFirstRefusal,
    ThrowIn,
    TouchNoseLast,
    WaiveFirstRefusal,
)
from sabai_rules.engine.arguments import is_state, seat, shown
from sabai_rules.engine.legality import current_refusal
from sabai_rules.engine.rules import (
    calls_allowed,
    can_give_in_return,
    cards_to_look_at,
    compensation_slots,
    drawer,
    has_called,
    in_reaction_round,
    is_locked_out,
    keep_slots,
    knowledge_limits_on_behalf,
    may_give,
    may_peek,
    may_play_drawn,
    may_play_for_owner,
    may_react,
    may_receive,
    may_skip_function,
    may_spy,
    may_switch,
    may_throw_in_for_others,
    owner_does_not_know,
    owner_knowledge_limits_on_behalf,
    pile_started,
    round_over,
    throw_in_window_open,
    who_may_call,
)
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import (
    NO_PLAYER,
    STAGE_DECIDE,
    STAGE_DRAW,
    STAGE_LOOK,
    Chance,
    Compensation,
    Function,
    NoseRace,
    State,
    Table,
    has_gap,
    has_seat,
    is_gap,
)

__all__ = ["LegalActions", "ToMove", "legal_actions", "to_move", "was_listed"]


class LegalActions(Sequence[Action]):
    """Every legal action of every player at one moment, in this order:

    1. :attr:`decisions` — what the game waits for: the answer to a pending nose race
       (:class:`~sabai_rules.moves.TouchNoseLast`, by player) or offer
       (:class:`~sabai_rules.moves.TakeFirstRefusal`,
       :class:`~sabai_rules.moves.WaiveFirstRefusal`); else the parameters of the function or
       compensation card at the head of the queue, for its player
       (:class:`~sabai_rules.moves.Peek`, :class:`~sabai_rules.moves.Spy`,
       :class:`~sabai_rules.moves.Give`, :class:`~sabai_rules.moves.Switch` by slot, then
       target, then :class:`~sabai_rules.moves.SkipFunction`;
       :class:`~sabai_rules.moves.Compensate` by slot); else the active player's turn actions
       (:class:`~sabai_rules.moves.Draw`, or :class:`~sabai_rules.moves.Play` then
       :class:`~sabai_rules.moves.Keep` by slot) or, before the first turn,
       :class:`~sabai_rules.moves.LookAtCards` by player;
    2. :attr:`throw_ins` — :class:`~sabai_rules.moves.ThrowIn` by thrower in seat order, each
       thrower's own row first, then the other rows in seat order, each row by slot; then, if a
       wrong card was just thrown in, :class:`~sabai_rules.moves.AlsoThrowIn` by its thrower in
       the same order;
    3. :attr:`calls` — :class:`~sabai_rules.moves.CallSabaiSabai` in seat order;
    4. :attr:`passes` — :class:`~sabai_rules.moves.Pass` of the reaction round, in seat order.

    At a chance node (:mod:`~sabai_rules.engine.outcomes`) it is empty: nobody may act.

    It is an immutable sequence (``len``, indexing, iteration, ``in``, equality with any sequence
    of the same actions); the throw-ins, which can be hundreds, are listed only when asked for,
    and ``action in legal`` costs one legality check. Nothing in it depends on a face a player
    has not seen, except the actor's own drawn card (a drawn Ass Joker cannot be played).
    ``legal_actions(state, player=p)`` holds only ``p``'s actions, in the same order, and
    ``action in legal`` is then also false for another player's action.
    """

    __slots__ = ("_all", "_player", "_state", "_throw_ins", "calls", "decisions", "passes")

    def __init__(
        self,
        state: State,
        throw_ins: bool,
        decisions: tuple[Action, ...],
        calls: tuple[Action, ...],
        passes: tuple[Action, ...],
        player: int = NO_PLAYER,
    ) -> None:
        self._state = state
        self._player = player
        self.decisions = decisions
        self.calls = calls
        self.passes = passes
        self._throw_ins: tuple[Action, ...] | None = None if throw_ins else ()
        self._all: tuple[Action, ...] | None = None

    @property
    def throw_ins(self) -> tuple[Action, ...]:
        found = self._throw_ins
        if found is None:
            found = _throw_ins(self._state)
            player = self._player
            if player != NO_PLAYER:
                found = _by_thrower(found).get(player, _NONE)
            self._throw_ins = found
        return found

    def of(self, player: object) -> LegalActions:
        """Only ``player``'s actions: :class:`TypeError` unless ``player`` is an ``int`` (not a
        ``bool``), :class:`ValueError` unless it is a seat of the table."""
        player = seat(player, "player", self._state.setup.players)

        def mine(group: tuple[Action, ...]) -> tuple[Action, ...]:
            return tuple(a for a in group if a.actor == player)

        return LegalActions(
            self._state,
            self._throw_ins is None,
            mine(self.decisions),
            mine(self.calls),
            mine(self.passes),
            player,
        )

    def as_tuple(self) -> tuple[Action, ...]:
        found = self._all
        if found is None:
            found = self._all = self.decisions + self.throw_ins + self.calls + self.passes
        return found

    def __len__(self) -> int:
        return len(self.as_tuple())

    def __getitem__(self, index: Any) -> Any:
        return self.as_tuple()[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.as_tuple())

    def __contains__(self, action: object) -> bool:
        if type(action) not in PARAMETERS:
            return False
        player = self._player
        if player != NO_PLAYER and getattr(action, "actor", None) != player:
            return False
        return current_refusal(self._state, action) is None  # type: ignore[arg-type]

    def __bool__(self) -> bool:
        return bool(self.decisions or self.calls or self.passes or self.throw_ins)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self.as_tuple() == other.as_tuple()
        if isinstance(other, Sequence) and not isinstance(other, str):
            return self.as_tuple() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        actions = self.as_tuple()
        shown = ", ".join(map(repr, actions[:4]))
        more = f", ... ({len(actions)} in all)" if len(actions) > 4 else ""
        return f"LegalActions([{shown}{more}])"


# -- the cache ----------------------------------------------------------------------------------

#: Tuples of actions by what they were built from; emptied when it reaches :data:`_LIMIT`.
_CACHE: dict[Hashable, tuple[Action, ...]] = {}
_LIMIT: Final = 20_000
_NONE: Final[tuple[Action, ...]] = ()


#: Each list of throw-ins split by thrower, kept beside the list itself (checked by identity).
_SPLIT: dict[int, tuple[tuple[Action, ...], dict[int, tuple[Action, ...]]]] = {}


def _by_thrower(throw_ins: tuple[Action, ...]) -> dict[int, tuple[Action, ...]]:
    """``throw_ins`` by thrower, in their order."""
    entry = _SPLIT.get(id(throw_ins))
    if entry is not None and entry[0] is throw_ins:
        return entry[1]
    split: dict[int, list[Action]] = {}
    for action in throw_ins:
        split.setdefault(action.actor, []).append(action)
    found = {actor: tuple(actions) for actor, actions in split.items()}
    if len(_SPLIT) >= _LIMIT:
        _SPLIT.clear()
    _SPLIT[id(throw_ins)] = (throw_ins, found)
    return found


def _cached(key: Hashable, build: Callable[[], Sequence[Action]]) -> tuple[Action, ...]:
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = tuple(build())
    return found


def _shape(state: State) -> tuple[Any, ...]:
    """The table's shape: per row its length, or, for a row with a gap (while a compensation
    card is owed), the slots that hold cards."""
    rows = state.table.rows
    queue = state.flow.queue
    if queue and any(type(e) is Compensation for e in queue):
        return tuple(
            tuple(i for i, c in enumerate(r) if not is_gap(c)) if has_gap(r) else len(r)
            for r in rows
        )
    return tuple(map(len, rows))


# -- the lists ----------------------------------------------------------------------------------


def legal_actions(state: State, player: object = None) -> LegalActions:
    """Every legal action of every player, out-of-turn ones included, in the documented order
    of :class:`LegalActions`; with ``player`` (a seat, an ``int``), only that player's.
    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State` or ``player`` no
    ``int`` (a ``bool`` included, in the compiled build too: hence the parameter's type),
    :class:`ValueError` if ``player`` is no seat of the table."""
    if type(state) is not State:
        is_state(state)
    if player is not None:
        return _of_player(state, player)
    f = state.flow
    st = f.status
    if round_over(st):
        return LegalActions(state, False, _NONE, _NONE, _NONE)
    setup = state.setup
    n = setup.players
    pending = f.pending
    if pending is not None:
        if isinstance(pending, Chance):
            return LegalActions(state, False, _NONE, _NONE, _NONE)
        if isinstance(pending, NoseRace):
            race = _cached(("nose", n), lambda: [TouchNoseLast(p) for p in range(n)])
            _LAST[0] = found = LegalActions(state, False, race, _NONE, _NONE)
            return found
        answers = (TakeFirstRefusal(pending.owner), WaiveFirstRefusal(pending.owner))
        _LAST[0] = found = LegalActions(state, False, answers, _NONE, _NONE)
        return found
    queue = f.queue
    decisions = _NONE
    ending = in_reaction_round(st)
    if queue:
        head = queue[0]
        if isinstance(head, Function):
            decisions = _function_actions(state, head)
        else:
            thrower = head.thrower
            slots = compensation_slots(
                setup.deck, state.table.rows[thrower], state.table.mask(thrower)
            )
            decisions = tuple(Compensate(thrower, s) for s in slots)
    elif not ending:
        stage = f.stage
        if stage == STAGE_DRAW:
            player = drawer(f)
            decisions = _CACHE.get(("draw", player)) or _cached(
                ("draw", player), lambda: [Draw(player)]
            )
        elif stage == STAGE_DECIDE:
            decisions = _decisions(state)
        elif stage == STAGE_LOOK:
            decisions = _looks(state)
    calls = passes = _NONE
    if not ending:
        if not has_called(st):
            # Who may call depends on the ruleset, the final round, the table and the turn.
            key = ("calls", setup.ruleset, setup.final_round, n, f.turn)
            calls = _CACHE.get(key) or _cached(key, lambda: _calls(state))
    elif not queue:
        closing = st.closing
        passes = _cached(
            ("passes", n, closing),
            lambda: [Pass(p) for p in range(n) if not has_seat(closing, p)],
        )
    _LAST[0] = found = LegalActions(state, True, decisions, calls, passes)
    return found


@attrs.frozen
class ToMove:
    """Whom the game waits for at one moment (:func:`to_move`).

    * ``player`` — the player whose action the game waits for: the answer to an offer, the
      executor of a function, the thrower who owes a compensation card, the active player (to
      draw, then to play or keep), in the older edition the next player still to look at their
      cards, in the reaction round the next player still to pass, in play order from the active
      player; :data:`~sabai_rules.state.NO_PLAYER` when the round is over or the table decides;
    * ``table`` — true while a nose race awaits its outcome: who touched their nose last is not a
      player's choice but what happened at the table (``TouchNoseLast`` records it);
    * ``out_of_turn`` — the other players who may act now, in play order from the active player:
      throw in, call, pass, or look at their cards (they need not wait for ``player``);
    * ``chance`` — true at a chance node (:mod:`~sabai_rules.engine.outcomes`): chance decides,
      and nobody may act.
    """

    player: int
    table: bool
    out_of_turn: tuple[int, ...]
    chance: bool = False


def to_move(state: State) -> ToMove:
    """Whom the game waits for, and who else may act now. It agrees with :func:`legal_actions`:
    every actor of a legal action is ``player`` or one of ``out_of_turn`` (all of them, with
    ``table``, are the nose race's possible losers).

    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State`.

    >>> from sabai_rules.moves import deal
    >>> to_move(deal(players=3, dealer=0, seed=1))
    ToMove(player=1, table=False, out_of_turn=(2, 0), chance=False)
    """
    if type(state) is not State:
        is_state(state)
    f = state.flow
    if round_over(f.status):
        return ToMove(NO_PLAYER, False, ())
    if type(f.pending) is Chance:
        return ToMove(NO_PLAYER, False, (), chance=True)
    if isinstance(f.pending, NoseRace):
        return ToMove(NO_PLAYER, True, ())
    legal = legal_actions(state)
    n, turn = state.setup.players, f.turn
    waited = legal.decisions or legal.passes
    actors = {a.actor for a in legal.decisions + legal.calls + legal.passes}
    actors.update(_by_thrower(legal.throw_ins))
    order = [(turn + k) % n for k in range(n)]
    first = {a.actor for a in waited}
    player = next((p for p in order if p in first), NO_PLAYER)
    return ToMove(player, False, tuple(p for p in order if p in actors and p != player))


def _of_player(state: State, player: object) -> LegalActions:
    n = state.setup.players
    if type(player) is not int:
        raise TypeError(f"player must be a seat (an int), not {type(player).__name__}")
    if not 0 <= player < n:
        raise ValueError(f"player: there is no player {shown(player)} at a table of {n}")
    return legal_actions(state).of(player)


#: The last list given out by :func:`legal_actions`. An action taken from it is legal in its state
#: by construction (the lists ask the predicates legality asks), so :func:`was_listed` spares
#: :func:`~sabai_rules.moves.apply` asking them again. One slot, replaced whole.
_LAST: list[LegalActions | None] = [None]


def was_listed(state: State, action: Action) -> bool:
    """Whether ``action`` is the very object (not merely an equal action) that the last call of
    :func:`legal_actions` listed for ``state``, the very state, among the decisions, the calls,
    the passes or, if they were asked for, the throw-ins."""
    last = _LAST[0]
    if last is None or last._state is not state:
        return False
    for group in (last.decisions, last.passes, last.calls):
        for listed in group:
            if listed is action:
                return True
    throw_ins = last._throw_ins
    return throw_ins is not None and any(map(is_, throw_ins, repeat(action)))


def _calls(state: State) -> list[Action]:
    setup = state.setup
    rules = setup.ruleset
    if not calls_allowed(rules, setup.final_round):
        return []
    return [CallSabaiSabai(p) for p in who_may_call(rules, setup.players, state.flow.turn)]


def _decisions(state: State) -> tuple[Action, ...]:
    """Play, then Keep by slot."""
    t, setup = state.table, state.setup
    actor = state.flow.turn
    deck = setup.deck
    can_play = may_play_drawn(setup.ruleset, deck, t.held, t.top)
    slots = keep_slots(deck, t.rows[actor], t.held)
    key = ("decide", actor, can_play, slots)
    found = _CACHE.get(key)
    if found is None:
        play: list[Action] = [Play(actor)] if can_play else []
        found = _cached(key, lambda: play + [Keep(actor, s) for s in slots])
    return found


def _looks(state: State) -> tuple[Action, ...]:
    """Older edition: each player still looking, every choice of slots
    (:rule:`setup.look-at-two`)."""
    rules = state.setup.ruleset
    looking = state.flow.status.looking
    out: list[Action] = []
    for p, row in enumerate(state.table.rows):
        if has_seat(looking, p):
            length = len(row)
            choices: list[tuple[int, ...]] = [()]
            for _ in range(cards_to_look_at(rules, length)):
                choices = [(*c, s) for c in choices for s in range(c[-1] + 1 if c else 0, length)]
            out.extend(LookAtCards(p, c) for c in choices)
    return tuple(out)


def _function_actions(state: State, head: Function) -> tuple[Action, ...]:
    """The ways to carry out the function at the head of the queue, by slot, then target."""
    setup = state.setup
    rules = setup.ruleset
    rows = state.table.rows
    kind = setup.deck.functions[head.card]
    me = head.executor
    skip = may_skip_function(rules)
    shape = _shape(state)
    # Key on what the predicates read: a peek the executor's row, a give that row and who may
    # receive, a spy or a switch every row.
    if kind == PEEK:
        key: tuple[Any, ...] = ("peek", me, shape[me], skip)
    elif kind == GIVE:
        receivers = tuple(may_receive(rules, row) for row in rows)
        key = ("give", me, shape[me], len(rows), receivers, skip)
    else:
        key = ("spy" if kind == SPY else "switch", me, shape, skip)
    found = _CACHE.get(key)
    if found is not None:
        return found

    def build() -> list[Action]:
        n = len(rows)
        mine = range(len(rows[me]))
        out: list[Action]
        if kind == PEEK:
            out = [Peek(me, s) for s in mine if may_peek(rows[me], s)]
        elif kind == SPY:
            out = [
                Spy(me, p, s)
                for p in range(n)
                for s in range(len(rows[p]))
                if may_spy(rows, me, p, s)
            ]
        elif kind == GIVE:
            out = [
                Give(me, s, p)
                for s in mine
                for p in range(n)
                if may_give(rows, me, s, p) and may_receive(rules, rows[p])
            ]
        else:
            out = [
                Switch(me, s, p, ts)
                for s in mine
                for p in range(n)
                for ts in range(len(rows[p]))
                if may_switch(rows, me, s, p, ts)
            ]
        if skip:
            out.append(SkipFunction(me))
        return out

    return _cached(key, build)


def _throw_ins(state: State) -> tuple[Action, ...]:
    """Throw-ins legal now, in the documented order: the predicates of legality asked once per
    thrower rather than once per card."""
    f, t, setup = state.flow, state.table, state.setup
    rules = setup.ruleset
    if (
        not pile_started(t)
        or not throw_in_window_open(rules, f.stage)
        or not may_react(rules, f.reactions)
    ):
        return _NONE
    lockout = f.lockout
    shape = _shape(state)
    if knowledge_limits_on_behalf(rules) or owner_knowledge_limits_on_behalf(rules):
        # What may be played for an owner depends on what thrower and owner have seen: not
        # cached, since the key would be the knowledge itself.
        return tuple(_list_throw_ins(state, shape, lockout, by_knowledge=True))
    # The throwers depend on the lock-outs, the open motion and (through the rows' shape) who has
    # a card to give in return.
    key = ("throw", rules, shape, lockout, f.motion)
    found = _CACHE.get(key)
    if found is None:
        found = _cached(key, lambda: _list_throw_ins(state, shape, lockout, False))
    return found


def _list_throw_ins(
    state: State, shape: tuple[Any, ...], lockout: int, by_knowledge: bool
) -> list[Action]:
    for_others = may_throw_in_for_others(state.setup.ruleset)
    out: list[Action] = []
    for actor in range(len(shape)):
        if not is_locked_out(lockout, actor):
            _thrower(state, shape, actor, ThrowIn, for_others, by_knowledge, out)
    # The rest of an open motion, whatever lock-out its wrong card brought.
    motion = state.flow.motion
    if motion != NO_PLAYER:
        _thrower(state, shape, motion, AlsoThrowIn, for_others, by_knowledge, out)
    return out


def _thrower(
    state: State,
    shape: tuple[Any, ...],
    actor: int,
    kind: type[ThrowIn | AlsoThrowIn],
    for_others: bool,
    by_knowledge: bool,
    out: list[Action],
) -> None:
    """Add to ``out`` the throw-ins of ``kind`` by ``actor``: their own row, then the others."""
    t, rules = state.table, state.setup.ruleset
    out.extend(_throw_row(kind, actor, actor, shape[actor]))
    if not (for_others and can_give_in_return(rules, t.rows[actor])):
        return
    for owner in range(len(shape)):
        if owner == actor:
            continue
        if by_knowledge:
            row = t.rows[owner]
            actions = _throw_row(kind, actor, owner, len(row))
            out.extend(
                actions[s]
                for s in _slots(shape, owner)
                if _may_play_for(rules, t, actor, owner, row[s])
            )
        else:
            out.extend(_throw_row(kind, actor, owner, shape[owner]))


def _may_play_for(rules: Ruleset, t: Table, actor: int, owner: int, card: int) -> bool:
    """Whether what the players have seen lets ``actor`` throw in ``card`` for ``owner``: the
    older edition's advanced rule, and the strict reading of the owner's knowledge (options)."""
    if knowledge_limits_on_behalf(rules) and not may_play_for_owner(t, actor, owner, card):
        return False
    return not owner_knowledge_limits_on_behalf(rules) or owner_does_not_know(t, owner, card)


def _throw_row(
    kind: type[ThrowIn | AlsoThrowIn], actor: int, owner: int, slots: int | tuple[int, ...]
) -> Sequence[Action]:
    """``kind(actor, owner, s)`` for the slots of a row (its length, or the slots holding cards
    when it has a gap), taken from one cached tuple per kind, thrower and owner, so that a new
    table shape costs no new actions."""
    length = slots if isinstance(slots, int) else (max(slots) + 1 if slots else 0)
    key = ("throw-row", kind, actor, owner)
    row = _CACHE.get(key, ())
    if len(row) < length:
        if len(_CACHE) >= _LIMIT:
            _CACHE.clear()
        row = (*row, *(kind(actor, owner, s) for s in range(len(row), length)))
        _CACHE[key] = row
    if isinstance(slots, int):
        return row[:length]
    return [row[s] for s in slots]


def _slots(shape: tuple[Any, ...], player: int) -> Sequence[int]:
    entry = shape[player]
    return range(entry) if type(entry) is int else entry

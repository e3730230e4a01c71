"""Every legal action at one moment: :func:`~sabai_rules.moves.legal_actions`, and whom the game
waits for: :func:`~sabai_rules.moves.to_move`.

Each list is legality's verdict, not a second account of the rules: a draw, a play or a keep, a
look, the answers to a nose race or an offer, a skipped function, the calls and the passes are
candidates that :func:`~sabai_rules.moves.current_refusal` does not refuse; the ways to carry out
a function and the compensation cards, once the game waits for them, are the slots that legality's
own predicate for them allows (``may_peek``, ``may_spy``, ``may_give`` and ``may_receive``,
``may_switch``, ``compensation_slots``); the throw-ins, hundreds at a time, are counted from
legality's stages for a throw-in
(``legality.throw_ins_shut``, the predicates ``is_locked_out`` and ``continues_motion``,
``legality.reach_refused``,
``legality.for_owner_refused``) and the slots that hold a card. Actions are values, so the
tuples of them are cached: each key holds what legality reads for the list at that moment (the
table's shape, who acts, what the predicates answered...), never a card's face a player has not
seen; ``tests/engine/test_list_keys.py`` builds every list afresh beside the cached one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from itertools import chain, combinations, repeat
from operator import is_
from typing import Any, Final

import attrs

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
from sabai_rules.engine.legality import (
    call_shut,
    callers,
    current_refusal,
    for_owner_refused,
    reach_refused,
    throw_ins_shut,
)
from sabai_rules.engine.rules import (
    compensation_slots,
    continues_motion,
    drawer,
    in_reaction_round,
    is_locked_out,
    keep_slots,
    knowledge_limits_on_behalf,
    may_give,
    may_keep_over,
    may_peek,
    may_play_drawn,
    may_receive,
    may_skip_function,
    may_spy,
    may_switch,
    owner_knowledge_limits_on_behalf,
    pick_refusals,
    reaction_order,
    round_over,
)
from sabai_rules.model import memo
from sabai_rules.model.arguments import is_state, seat, shown
from sabai_rules.model.cards import PEEK, SPY, SWITCH
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.state import (
    NO_CARD,
    NO_PLAYER,
    STAGE_DECIDE,
    STAGE_DRAW,
    STAGE_LOOK,
    Chance,
    Compensation,
    Function,
    NoseRace,
    Offer,
    State,
    card_bit,
    has_gap,
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
    of the same actions); the throw-ins, which can be hundreds, are counted without being
    listed, ``legal[i]`` builds at most the one action asked for (so a uniform choice,
    ``legal[int(random() * len(legal))]``, costs no list), they are listed only when iterated
    or asked for as :attr:`throw_ins`, and ``action in legal`` costs one legality check.
    Nothing in it depends on a face a player has not seen, except the actor's own drawn card (a
    drawn Ass Joker cannot be played).
    ``legal_actions(state, player=p)`` holds only ``p``'s actions, in the same order, and
    ``action in legal`` is then also false for another player's action.
    """

    __slots__ = (
        "_all",
        "_asked",
        "_given",
        "_parts",
        "_player",
        "_size",
        "_state",
        "_throw_ins",
        "_throws",
        "calls",
        "decisions",
        "passes",
    )

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
        # The throw-ins are counted when first asked for, listed only when asked for by name or
        # as a whole (and as runs of one thrower's actions, slices of cached rows, on the way).
        self._throws: _ThrowIns | None = None if throw_ins else _NO_THROW_INS
        self._parts: tuple[Sequence[Action], ...] | None = None
        self._throw_ins: tuple[Action, ...] | None = None if throw_ins else ()
        self._all: tuple[Action, ...] | None = None
        self._size = -1
        #: The last action handed out by index (what :func:`was_listed` checks first).
        self._given: Action | None = None
        #: The runs of the one thrower asked for alone (:meth:`throw_in_runs`), and who.
        self._asked: tuple[int, tuple[Sequence[Action], ...]] | None = None

    def _tally(self) -> _ThrowIns:
        found = self._throws
        if found is None:
            found = self._throws = _throw_ins(self._state)
        return found

    def _runs(self) -> tuple[Sequence[Action], ...]:
        found = self._parts
        if found is None:
            player = self._player
            found = self._tally().runs() if player == NO_PLAYER else self._runs_for(player)
            self._parts = found
        return found

    def _runs_for(self, thrower: int) -> tuple[Sequence[Action], ...]:
        """``thrower``'s runs: from the tally if there is one, else theirs alone (the others'
        neither built nor, under the options of knowledge, checked card by card)."""
        throws = self._throws
        return _thrower_runs(self._state, thrower) if throws is None else throws.of(thrower)

    @property
    def throw_ins(self) -> tuple[Action, ...]:
        found = self._throw_ins
        if found is None:
            # A player's listing: their runs alone (see _runs).
            if self._player != NO_PLAYER or self._tally().by_knowledge():
                found = _flat(self._runs())
            else:
                throws = self._tally()
                # One tuple per list, whatever state it is listed at: who throws in and the
                # table's shape are all it follows from. Callers that split or number the list
                # keep what they found by its identity (the adapters do).
                key = ("throw", throws.throwers, throws.shape)
                found = _CACHE.get(key)
                if found is None:
                    found = _store(key, throws.flat())
            self._throw_ins = found
        return found

    def throw_in_runs(self, thrower: object = None) -> tuple[Sequence[Action], ...]:
        """:attr:`throw_ins` in runs, in the same order: each run one thrower's throw-ins of one
        kind into one row, by slot (a turn-based framework asks one thrower at a time, and
        numbers a run from its first and last actions). With ``thrower``, a seat, only theirs,
        the others' not built: :class:`TypeError` unless it is an ``int`` (not a ``bool``),
        :class:`ValueError` unless it is a seat of the table."""
        if thrower is None:
            return self._runs()
        who = seat(thrower, "thrower", self._state.setup.players)
        if self._parts is not None:
            return _runs_of(self._parts, who)
        asked = self._asked
        if asked is not None and asked[0] == who:
            return asked[1]
        if self._player != NO_PLAYER:
            return self._runs() if who == self._player else ()
        found = self._runs_for(who)
        self._asked = (who, found)
        return found

    def throwers(self) -> set[int]:
        """The players who have a throw-in now (a run in :meth:`throw_in_runs`)."""
        if self._player != NO_PLAYER:
            return {self._player} if self._runs() else set()
        return self._tally().throwing()

    def of(self, player: object) -> LegalActions:
        """Only ``player``'s actions: :class:`TypeError` unless ``player`` is an ``int`` (not a
        ``bool``), :class:`ValueError` unless it is a seat of the table."""
        player = seat(player, "player", self._state.setup.players)
        mine = LegalActions(
            self._state,
            self._throws is not _NO_THROW_INS,
            tuple(a for a in self.decisions if a.actor == player),
            tuple(a for a in self.calls if a.actor == player),
            tuple(a for a in self.passes if a.actor == player),
            player,
        )
        # The throw-ins already counted (and, under the options of knowledge, checked) serve.
        if self._throws is not None:
            mine._throws = self._throws
        return mine

    def as_tuple(self) -> tuple[Action, ...]:
        found = self._all
        if found is None:
            found = self._all = self.decisions + self.throw_ins + self.calls + self.passes
        return found

    def __len__(self) -> int:
        size = self._size
        if size < 0:
            size = len(self.decisions) + len(self.calls) + len(self.passes)
            if self._player == NO_PLAYER:
                size += self._tally().size
            else:
                for run in self._runs():
                    size += len(run)
            self._size = size
        return size

    def __getitem__(self, index: Any) -> Any:
        if type(index) is not int:
            return self.as_tuple()[index]
        if index < 0:
            index += len(self)
            if index < 0:
                raise IndexError("LegalActions index out of range")
        found = self._all
        action = found[index] if found is not None else self._at(index)
        self._given = action
        return action

    def _at(self, index: int) -> Action:
        """The action at ``index`` (not negative), found run by run without listing them all."""
        group = self.decisions
        if index < len(group):
            return group[index]
        index -= len(group)
        if self._player == NO_PLAYER:
            throws = self._tally()
            if index < throws.size:
                return throws.at(index)
            index -= throws.size
        else:
            for run in self._runs():
                if index < len(run):
                    return run[index]
                index -= len(run)
        group = self.calls
        if index < len(group):
            return group[index]
        index -= len(group)
        group = self.passes
        if index < len(group):
            return group[index]
        raise IndexError("LegalActions index out of range")

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
        return bool(self.decisions or self.calls or self.passes or len(self))

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


def _flat(runs: Sequence[Sequence[Action]]) -> tuple[Action, ...]:
    return tuple(chain.from_iterable(runs))


# -- the cache ----------------------------------------------------------------------------------

#: Tuples of actions by what they were built from; emptied when it reaches :data:`_LIMIT`
#: (:data:`sabai_rules.model.memo.MEMOS`).
#: ``Final``, as every module global the listing reads: compiled, a final global is a C static, any
#: other a lookup in the module's dictionary at every use.
_CACHE: Final[dict[Hashable, tuple[Action, ...]]] = memo.ACTION_LISTS
_LIMIT: Final = memo.MEMOS["ACTION_LISTS"].bound
_NONE: Final[tuple[Action, ...]] = ()


# The lists are looked up, then stored, where they are built, with no function passed to build
# them: compiled, a function holding a lambda or a nested function allocates the variables it
# shares with it on every call, hit or miss.


def _store(key: Hashable, actions: Iterable[Action]) -> tuple[Action, ...]:
    """Keep ``actions`` under ``key``, emptying the cache first if it is full."""
    if len(_CACHE) >= _LIMIT:
        _CACHE.clear()
    found = _CACHE[key] = tuple(actions)
    return found


def _shape(state: State) -> tuple[Any, ...]:
    """The table's shape, the slots that hold a card (a gap is no card to throw in, spy or
    switch): per row its length, or, for a row with a gap, the slots that hold cards. A gap is
    left only while its compensation card is owed (:func:`~sabai_rules.state.gap_for`; the random
    playouts check it at every state), so rows are searched for gaps only then."""
    rows = state.table.rows
    for entry in state.flow.queue:
        if type(entry) is Compensation:
            return tuple(
                tuple([i for i, c in enumerate(r) if not is_gap(c)]) if has_gap(r) else len(r)
                for r in rows
            )
    # A generator, not ``map(len, rows)``: compiled, a tuple built from a generator over a tuple
    # is filled in place, where ``map`` and ``len`` as values are calls into Python.
    return tuple(len(r) for r in rows)


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
        return LegalActions(state, False, _answers_to(state, pending, n), _NONE, _NONE)
    queue = f.queue
    decisions = _NONE
    ending = in_reaction_round(st)
    if queue:
        head = queue[0]
        if isinstance(head, Function):
            decisions = _function_actions(state, head)
        else:
            decisions = _compensations(state, head.thrower)
    elif not ending:
        stage = f.stage
        if stage == STAGE_DRAW:
            decisions = _draws(state)
        elif stage == STAGE_DECIDE:
            decisions = _decisions(state)
        elif stage == STAGE_LOOK:
            decisions = _looks(state)
    calls = _calls(state)
    passes = _passes(state) if ending else _NONE
    return LegalActions(state, True, decisions, calls, passes)


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
    actors.update(legal.throwers())
    order = reaction_order(turn, n)
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


def was_listed(listed: LegalActions, state: State, action: Action) -> bool:
    """Whether ``action`` is the very object (not merely an equal action) that ``listed``, a list
    of :func:`legal_actions` for ``state``, the very state, handed out: among the decisions, the
    calls, the passes or, if they were asked for, the throw-ins. Such an action is legal by
    construction (every list is legality's verdict), so :func:`~sabai_rules.moves.apply` given
    the list (``listed=``) need not check it again."""
    if listed._state is not state:
        return False
    given = listed._given
    if given is action and given is not None:
        return True
    for group in (listed.decisions, listed.passes, listed.calls):
        for entry in group:
            if entry is action:
                return True
    throw_ins = listed._throw_ins
    if throw_ins is not None:
        return any(map(is_, throw_ins, repeat(action)))
    runs = listed._parts
    if runs is None:
        asked = listed._asked
        if asked is None:
            return False
        runs = asked[1]
    # Only the actor's runs are scanned (a run is one thrower's): at a table of four, random
    # play meets some seventy throw-ins at a state where there are any.
    actor = action.actor
    return any(run[0].actor == actor and any(map(is_, run, repeat(action))) for run in runs)


# -- the lists of what the game waits for -------------------------------------------------------
#
# The lists of a turn, the answers, the calls, the passes and a skipped function are legality's
# own verdict: candidates, in the documented order, that current_refusal does not refuse
# (``_legal``), so listing and checking cannot disagree. The ways to carry out a function and the
# compensation cards are the slots legality's predicate for them allows, once the game waits for
# them (a full check of each was measured too dear: a switch's runs are met anew at most steps).
# A list is cached under a key holding what legality reads for it at that moment (each function
# says what); tests/engine/test_list_keys.py builds every list afresh beside the cached one.


def _legal(state: State, candidates: Iterable[Action]) -> list[Action]:
    """The ``candidates`` that legality does not refuse in ``state``, in their order."""
    return [action for action in candidates if current_refusal(state, action) is None]


def _answers_to(state: State, pending: NoseRace | Offer, n: int) -> tuple[Action, ...]:
    """Who touched their nose last, by player; or the owner's answer to an offer. Keyed on the
    table's size, or the owner: a race is any player's to lose, an offer its owner's to answer."""
    if isinstance(pending, NoseRace):
        key: tuple[Any, ...] = ("nose", n)
        found = _CACHE.get(key)
        if found is None:
            found = _store(key, _legal(state, [TouchNoseLast(p) for p in range(n)]))
        return found
    owner = pending.owner
    key = ("offer", owner)
    found = _CACHE.get(key)
    if found is None:
        candidates: list[Action] = [TakeFirstRefusal(owner), WaiveFirstRefusal(owner)]
        found = _store(key, _legal(state, candidates))
    return found


def _calls(state: State) -> tuple[Action, ...]:
    """The calls of sabai sabai: while calls are open (``legality.call_shut``), kept by
    who may call (``legality.callers``), not by the ruleset: hashing a ruleset is a call
    into Python."""
    if call_shut(state) is not None:
        return _NONE
    who = callers(state)
    found = _CACHE.get(who)
    if found is None:
        found = _store(who, _legal(state, [CallSabaiSabai(p) for p in who]))
    return found


def _passes(state: State) -> tuple[Action, ...]:
    """The passes of the reaction round, by seat: keyed on who has passed already (the status's
    ``closing``, a bit mask of seats)."""
    n = state.setup.players
    key = ("passes", n, state.flow.status.closing)
    found = _CACHE.get(key)
    if found is None:
        found = _store(key, _legal(state, [Pass(p) for p in range(n)]))
    return found


def _draws(state: State) -> tuple[Action, ...]:
    """The draw of the active player, at the start of their turn with nothing pending: keyed on
    who draws (:func:`~sabai_rules.engine.rules.drawer`)."""
    player = drawer(state.flow)
    key = ("draw", player)
    found = _CACHE.get(key)
    if found is None:
        found = _store(key, _legal(state, [Draw(player)]))
    return found


def _decisions(state: State) -> tuple[Action, ...]:
    """Play, then Keep by slot. Keyed on what the predicates answer for the active player: whether
    the drawn card may be played, and the slots their drawn card may be kept into (an Ass Joker
    they may not pick left out, :rule:`ruling.ass-joker-turned-over`)."""
    t, setup = state.table, state.setup
    actor = state.flow.turn
    deck = setup.deck
    can_play = may_play_drawn(setup.ruleset, deck, t.held, t.top)
    row = t.rows[actor]
    slots: range | tuple[int, ...] = keep_slots(deck, row, t.held)
    refused = pick_refusals(setup.ruleset, t.public, t.mask(actor), False)
    if deck.ass_joker != NO_CARD and refused & card_bit(deck.ass_joker) and deck.ass_joker in row:
        ass_joker = deck.ass_joker
        slots = tuple(s for s in slots if may_keep_over(ass_joker, row[s], refused))
    key = ("decide", actor, can_play, slots)
    found = _CACHE.get(key)
    if found is None:
        candidates: list[Action] = [Play(actor)]
        candidates.extend(Keep(actor, s) for s in range(max(len(row), 1)))
        found = _store(key, _legal(state, candidates))
    return found


def _looks(state: State) -> tuple[Action, ...]:
    """Older edition: each player still looking, every choice of slots
    (:rule:`setup.look-at-two`): the choices of the most cards first, then, where a player may
    look at fewer (:rule:`ruling.older-look-optional`), the smaller choices down to none. Not
    cached: it is listed once a round."""
    candidates: list[Action] = []
    for p, row in enumerate(state.table.rows):
        length = len(row)
        for size in range(length, -1, -1):
            candidates.extend(LookAtCards(p, c) for c in combinations(range(length), size))
    return tuple(_legal(state, candidates))


def _compensations(state: State, thrower: int) -> tuple[Action, ...]:
    """The slots ``thrower`` may pick the compensation card from: legality's predicates for a
    :class:`~sabai_rules.moves.Compensate` (a card in the slot, and not an Ass Joker the thrower
    may not pick, :func:`~sabai_rules.engine.rules.compensation_slots`), once the game waits for
    it. Not cached: what may be picked depends on what the thrower has seen."""
    t, setup = state.table, state.setup
    refused = pick_refusals(setup.ruleset, t.public, t.mask(thrower), True)
    slots = compensation_slots(setup.deck, t.rows[thrower], refused)
    row = _row_actions((Compensate, thrower), Compensate, (thrower,), slots[-1] + 1 if slots else 0)
    return tuple([row[s] for s in slots])


def _function_actions(state: State, head: Function) -> tuple[Action, ...]:
    """The ways to carry out the function at the head of the queue, by slot, then target."""
    setup = state.setup
    rules = setup.ruleset
    rows = state.table.rows
    kind = setup.deck.functions[head.card]
    me = head.executor
    skip = may_skip_function(rules)
    shape = _shape(state)
    if kind in (SPY, SWITCH):
        # By runs, one per own slot (a switch) and target row, each cached on what its
        # predicate reads: whether the own slot holds a card, the target row's shape. A key
        # holding every row's shape would seldom be met twice.
        runs: list[tuple[Action, ...]] = []
        n = len(rows)
        if kind == SPY:
            for p in range(n):
                runs.append(_spy_run(state, me, p, shape[p]))
        else:
            for s in range(len(rows[me])):
                for p in range(n):
                    runs.append(_switch_run(state, me, s, p, shape[p]))
        runs.append(_skip(state, me, skip))
        return _flat(runs)
    # Keyed on what the predicates read: a peek the executor's row, a give that row and who may
    # receive.
    if kind == PEEK:
        key: tuple[Any, ...] = ("peek", me, shape[me], skip)
    else:
        receivers = tuple(may_receive(rules, row) for row in rows)
        key = ("give", me, shape[me], len(rows), receivers, skip)
    found = _CACHE.get(key)
    if found is not None:
        return found
    # Once the game waits for this function, legality asks only the function's own predicate
    # of each way to carry it out (and, for a give, whether the target may receive).
    mine = range(len(rows[me]))
    out: list[Action]
    if kind == PEEK:
        out = [Peek(me, s) for s in mine if may_peek(rows[me], s)]
    else:
        out = [
            Give(me, s, p)
            for s in mine
            for p in range(len(rows))
            if may_give(rows, me, s, p) and may_receive(rules, rows[p])
        ]
    out.extend(_skip(state, me, skip))
    return _store(key, out)


def _skip(state: State, me: int, skip: bool) -> tuple[Action, ...]:
    """``me`` skips the function, if functions may be skipped (``skip``): keyed on both."""
    key = ("skip", me, skip)
    found = _CACHE.get(key)
    if found is None:
        found = _store(key, _legal(state, [SkipFunction(me)]))
    return found


def _spy_run(state: State, me: int, p: int, shape: object) -> tuple[Action, ...]:
    """``me``'s spies on ``p``'s row, keyed on its shape."""
    key = ("spy", me, p, shape)
    found = _CACHE.get(key)
    if found is None:
        # The spies themselves are kept by spy and target: another shape costs none.
        rows = state.table.rows
        spies = _row_actions((Spy, me, p), Spy, (me, p), len(rows[p]))
        found = _store(key, [spies[s] for s in range(len(rows[p])) if may_spy(rows, me, p, s)])
    return found


def _switch_run(state: State, me: int, s: int, p: int, theirs: object) -> tuple[Action, ...]:
    """``me``'s switches of their slot ``s`` with a card of ``p``'s row: keyed on whether that
    slot holds a card, and the shape of ``p``'s row, ``theirs``."""
    rows = state.table.rows
    key = ("switch", me, s, is_gap(rows[me][s]), p, theirs)
    found = _CACHE.get(key)
    if found is None:
        # The switches themselves are kept by slot and target: another shape costs none.
        switches = _row_actions((Switch, me, s, p), Switch, (me, s, p), len(rows[p]))
        found = _store(
            key, [switches[t] for t in range(len(rows[p])) if may_switch(rows, me, s, p, t)]
        )
    return found


#: The actions with a slot last, kept in rows by everything else (:func:`_row_actions`).
_SlotAction = ThrowIn | AlsoThrowIn | Spy | Switch | Compensate

#: One thrower's throw-ins: their kind, the thrower, and whether they may throw in the other
#: players' cards too (else only their own).
_Thrower = tuple[type[ThrowIn | AlsoThrowIn], int, bool]


class _RulesetAnswers:
    """What the throw-ins' listing asks of a ruleset alone, asked once per ruleset: an option is
    read through Python, and the listing runs at every step."""

    __slots__ = ("by_knowledge", "ruleset")

    def __init__(self, rules: Ruleset) -> None:
        self.ruleset = rules
        # What may be played for an owner depends on what thrower and owner have seen.
        self.by_knowledge = knowledge_limits_on_behalf(rules) or owner_knowledge_limits_on_behalf(
            rules
        )


#: The answers for the last ruleset listed (a game keeps one), replaced for another.
_ANSWERS: Final[list[_RulesetAnswers]] = memo.RULESET_ANSWERS


def _ruleset_answers(rules: Ruleset) -> _RulesetAnswers:
    if _ANSWERS:
        found = _ANSWERS[0]
        if found.ruleset is rules:
            return found
        _ANSWERS.clear()
    found = _RulesetAnswers(rules)
    _ANSWERS.append(found)
    return found


def _throwers(state: State) -> tuple[_Thrower, ...]:
    """Who may throw in now, in the documented order: legality's stages for a thrower
    (``is_locked_out``, ``continues_motion``,
    ``legality.reach_refused``) asked once per thrower rather than once per card."""
    f, rules, rows = state.flow, state.setup.ruleset, state.table.rows
    lockout = f.lockout
    out: list[_Thrower] = [
        (ThrowIn, actor, reach_refused(rules, rows[actor]) is None)
        for actor in range(len(rows))
        if not is_locked_out(lockout, actor)
    ]
    # The rest of an open motion, whatever lock-out its wrong card brought: one player at most.
    motion = f.motion
    if motion != NO_PLAYER and continues_motion(motion, motion):
        out.append((AlsoThrowIn, motion, reach_refused(rules, rows[motion]) is None))
    return tuple(out)


def _runs_of(runs: tuple[Sequence[Action], ...], thrower: int) -> tuple[Sequence[Action], ...]:
    return tuple([run for run in runs if run[0].actor == thrower])


class _ThrowIns:
    """The throw-ins legal now, in the documented order (by thrower; their own row, then the
    other rows in seat order; each row by slot), counted and indexed without being listed: the
    action at an index is taken from the cached row of actions of its thrower and owner. Under
    the options where what the players have seen limits throw-ins for others, it holds the runs
    themselves."""

    __slots__ = ("_flat", "_knowledge", "_runs", "counts", "shape", "size", "throwers", "total")

    def __init__(
        self,
        throwers: tuple[_Thrower, ...],
        shape: tuple[Any, ...],
        runs: tuple[Sequence[Action], ...] | None,
    ) -> None:
        self.throwers = throwers
        self.shape = shape
        self.counts = counts = [e if type(e) is int else len(e) for e in shape]
        self._knowledge = self._runs = runs
        self._flat: tuple[Action, ...] | None = None
        total = 0
        for count in counts:
            total += count
        #: The slots of every row: what a thrower who may throw in for others has.
        self.total = total
        if runs is not None:
            self.size = sum(map(len, runs))
            return
        size = 0
        for _, actor, reach in throwers:
            size += total if reach else counts[actor]
        self.size = size

    def at(self, index: int) -> Action:
        """The throw-in at ``index``, ``0 <= index < size``."""
        runs = self._knowledge
        if runs is not None:
            for run in runs:
                if index < len(run):
                    return run[index]
                index -= len(run)
            raise IndexError(index)
        counts = self.counts
        for kind, actor, reach in self.throwers:
            own = counts[actor]
            if index < own:
                return self._card(kind, actor, actor, index)
            index -= own
            if not reach:
                continue
            for owner, count in enumerate(counts):
                if owner != actor:
                    if index < count:
                        return self._card(kind, actor, owner, index)
                    index -= count
        raise IndexError(index)

    def _card(self, kind: type[ThrowIn | AlsoThrowIn], actor: int, owner: int, k: int) -> Action:
        entry = self.shape[owner]
        slot = k if type(entry) is int else entry[k]
        return _throw_in_row(kind, actor, owner, slot + 1)[slot]

    def runs(self) -> tuple[Sequence[Action], ...]:
        """The throw-ins as runs, one per thrower and owner's row that has a slot to throw in."""
        found = self._runs
        if found is None:
            found = self._runs = _throw_runs(self.throwers, self.shape, None)
        return found

    def of(self, thrower: int) -> tuple[Sequence[Action], ...]:
        """``thrower``'s runs; the others' not built unless they are already."""
        runs = self._runs
        if runs is not None:
            return _runs_of(runs, thrower)
        return _own_runs(self.throwers, thrower, self.shape, None)

    def by_knowledge(self) -> bool:
        """Whether what the players have seen limits the list (then it holds the runs)."""
        return self._knowledge is not None

    def flat(self) -> tuple[Action, ...]:
        """The throw-ins, listed."""
        found = self._flat
        if found is None:
            found = self._flat = _flat(self.runs())
        return found

    def throwing(self) -> set[int]:
        """The throwers who have a throw-in: a run of :meth:`runs`."""
        if self._knowledge is not None:
            return {run[0].actor for run in self._knowledge}
        counts, total = self.counts, self.total
        return {actor for _, actor, reach in self.throwers if (total if reach else counts[actor])}


#: No throw-ins (where the game waits for something else, or the window is shut).
_NO_THROW_INS: Final = _ThrowIns((), (), None)


def _window(state: State) -> bool:
    """Whether anybody may throw in now (``legality.throw_ins_shut``)."""
    return throw_ins_shut(state) is None


def _throw_ins(state: State) -> _ThrowIns:
    if not _window(state):
        return _NO_THROW_INS
    # Not cached: a key holding the table's shape, the lock-outs and the motion is met again
    # too seldom to pay for itself (measured: 40 % of the states of random rounds).
    throwers = _throwers(state)
    shape = _shape(state)
    runs = None
    if _ruleset_answers(state.setup.ruleset).by_knowledge:
        runs = _throw_runs(throwers, shape, state)
    return _ThrowIns(throwers, shape, runs)


def _thrower_runs(state: State, thrower: int) -> tuple[Sequence[Action], ...]:
    """``_throw_ins(state).of(thrower)``, the other throwers' runs neither built nor checked."""
    if not _window(state):
        return ()
    knowing = state if _ruleset_answers(state.setup.ruleset).by_knowledge else None
    return _own_runs(_throwers(state), thrower, _shape(state), knowing)


def _own_runs(
    throwers: tuple[_Thrower, ...], thrower: int, shape: tuple[Any, ...], knowing: State | None
) -> tuple[Sequence[Action], ...]:
    """``thrower``'s runs (:func:`_throw_runs`), none unless they are one of ``throwers``."""
    mine = tuple([entry for entry in throwers if entry[1] == thrower])
    return _throw_runs(mine, shape, knowing) if mine else ()


#: By table size, per actor: the seats whose rows they may throw in from with reach (their own,
#: then the others' in seat order), and without (their own). Made once per table size: compiled,
#: a generator in a list display is an object and a call into it per seat, at every listing.
_OWNERS: Final[dict[int, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]] = (
    memo.THROWERS_OWNERS
)


def _owners(actor: int, n: int, reach: bool) -> tuple[int, ...]:
    """Whose rows ``actor`` may throw in from: their own, then (with ``reach``) the others'."""
    table = _OWNERS.get(n)
    if table is None:
        table = _OWNERS[n] = tuple(((a, *[p for p in range(n) if p != a]), (a,)) for a in range(n))
    entry = table[actor]
    return entry[0] if reach else entry[1]


def _throw_runs(
    throwers: tuple[_Thrower, ...], shape: tuple[Any, ...], knowing: State | None
) -> tuple[Sequence[Action], ...]:
    """The throw-ins as runs, one per thrower and owner's row that has a slot to throw in; with
    ``knowing``, a state, only the cards for others that what the players have seen allows."""
    out: list[Sequence[Action]] = []
    for kind, actor, reach in throwers:
        for owner in _owners(actor, len(shape), reach):
            if knowing is None or owner == actor:
                run: Sequence[Action] = _throw_row(kind, actor, owner, shape[owner])
            else:
                rules, t = knowing.setup.ruleset, knowing.table
                row = t.rows[owner]
                actions = _throw_row(kind, actor, owner, len(row))
                run = [
                    actions[s]
                    for s in _slots(shape, owner)
                    if for_owner_refused(rules, t, actor, owner, row[s]) is None
                ]
            if run:
                out.append(run)
    return tuple(out)


def _row_actions(
    key: Hashable, kind: Callable[..., _SlotAction], fields: tuple[int, ...], length: int
) -> tuple[Action, ...]:
    """``kind(*fields, s)`` for at least the slots ``s < length``, from one cached tuple per
    ``key`` (``(kind, *fields)``, or a number for the throw-ins, whose rows are asked for at every
    indexed action), so that a new table shape costs no new actions."""
    row = _CACHE.get(key, _NONE)
    if len(row) < length:
        row = _store(key, (*row, *[kind(*fields, s) for s in range(len(row), length)]))
    return row


def _throw_in_row(
    kind: type[ThrowIn | AlsoThrowIn], actor: int, owner: int, length: int
) -> tuple[Action, ...]:
    """``kind(actor, owner, s)`` for at least the slots ``s < length``."""
    # A number for a key: the thrower and owner are seats (below 64), the kind one of two.
    key = (actor << 6 | owner) << 1 | (kind is AlsoThrowIn)
    return _row_actions(key, kind, (actor, owner), length)


def _throw_row(
    kind: type[ThrowIn | AlsoThrowIn], actor: int, owner: int, slots: int | tuple[int, ...]
) -> Sequence[Action]:
    """``kind(actor, owner, s)`` for the slots of a row: its length, or the slots holding cards
    when it has a gap."""
    if isinstance(slots, int):
        return _throw_in_row(kind, actor, owner, slots)[:slots]
    row = _throw_in_row(kind, actor, owner, max(slots) + 1 if slots else 0)
    return [row[s] for s in slots]


def _slots(shape: tuple[Any, ...], player: int) -> Sequence[int]:
    entry = shape[player]
    return range(entry) if type(entry) is int else entry

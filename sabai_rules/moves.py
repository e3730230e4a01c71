"""Every legal transition of sabai-sabai, as pure functions.

* :func:`deal` starts a round from an explicit card order or a seed (chance is explicit).
* :func:`legal_actions` lists every legal action of every player, out-of-turn ones included, in a
  documented order.
* :func:`apply` returns the state after an action; :func:`apply_events` also returns the events it
  caused. An illegal action raises :class:`IllegalActionError`, which names the rule it breaks; the
  given state is never changed (states are immutable).

Actions are small frozen classes, each naming its ``actor`` (a seat). A wrong throw-in is not an
illegal action: it is a legal action whose outcome is a penalty card
(:rule:`throw-in.wrong-card.penalty`).

The Ass Move is not an action of its own (:rule:`ruling.ass-move-sequence`): it is the chain of
ordinary actions these functions implement — the first 13 or 14 played by any route
(:rule:`ass-move.two-cards`, :rule:`ass-move.play-first`), its give or switch moving the second
to another player (:rule:`ass-move.slide-second`), a throw-in on that player's behalf
(:rule:`ass-move.throw-in-second`), the same function again (:rule:`ass-move.repeat-function`)
and the compensation card (:rule:`ass-move.compensation`).

>>> state = deal(players=2, dealer=0, seed=1)
>>> legal_actions(state)[0]
Draw(actor=1)
>>> state = apply(state, Draw(1))
>>> apply(state, Draw(0))
Traceback (most recent call last):
...
sabai_rules.moves.IllegalActionError: Draw(actor=0): it is not P0's turn to draw [turn.draw]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, get_args

import attrs

from sabai_rules import chance
from sabai_rules.cards import FUNCTION_NAMES, GIVE, PEEK, SPY, SWITCH, Deck, DeckSpec, face_name
from sabai_rules.events import (
    AssJokerShown,
    AssJokerTurnedOver,
    Called,
    Compensated,
    CompensationLapsed,
    Drew,
    Event,
    FirstRefusalOffered,
    FirstRefusalTaken,
    FirstRefusalWaived,
    FunctionFizzled,
    FunctionSkipped,
    Gave,
    Kept,
    KeptInEmptyRow,
    LookedAt,
    NoseRaceLost,
    Passed,
    Peeked,
    PenaltyCard,
    PenaltyWaived,
    Played,
    ReactionRound,
    Reshuffled,
    RoundEnded,
    Spied,
    Switched,
    ThrewIn,
    TurnBegan,
)
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import (
    NO_CARD,
    Compensation,
    Effect,
    EndCause,
    Flow,
    Function,
    NoseRace,
    Offer,
    Setup,
    Stage,
    State,
    Status,
    Table,
    cards_in,
    gap_for,
)

__all__ = [
    "Action",
    "CallSabaiSabai",
    "Compensate",
    "Draw",
    "Give",
    "IllegalActionError",
    "Keep",
    "LegalActions",
    "LookAtCards",
    "Pass",
    "Peek",
    "Play",
    "SkipFunction",
    "Spy",
    "Switch",
    "TakeFirstRefusal",
    "ThrowIn",
    "TouchNoseLast",
    "WaiveFirstRefusal",
    "apply",
    "apply_events",
    "check_players",
    "deal",
    "deck_for",
    "is_legal",
    "legal_actions",
    "new_setup",
]

# The stages as plain module constants: enum attribute look-ups cost on the hot path.
_LOOK: Final = Stage.LOOK
_DRAW: Final = Stage.DRAW
_DECIDE: Final = Stage.DECIDE
_DONE: Final = Stage.DONE

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 12
CARDS_DEALT: Final = 4


# -- actions ------------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class Draw:
    """Draw the top card of the draw pile and look at it (:rule:`turn.draw`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Play:
    """Play the drawn card directly, face up onto the discard pile (:rule:`turn.play`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Keep:
    """Keep the drawn card in ``slot``; the card there goes face up onto the pile
    (:rule:`turn.keep`)."""

    actor: int
    slot: int


@attrs.frozen(cache_hash=True)
class ThrowIn:
    """Throw in the card in ``owner``'s ``slot`` onto the top card: one's own card
    (:rule:`throw-in.identical`) or, when ``owner`` is another player, a sabai-sabai Move
    (:rule:`sabai-sabai-move.on-behalf`). One card per action: cards put down "at the same
    time" are consecutive throw-ins (:rule:`throw-in.several-at-once`,
    :rule:`ruling.sequential-actions`)."""

    actor: int
    owner: int
    slot: int


@attrs.frozen(cache_hash=True)
class Peek:
    """11 peek: look at one's own card in ``slot`` (:rule:`function.peek`)."""

    actor: int
    slot: int


@attrs.frozen(cache_hash=True)
class Spy:
    """12 spy: look at ``target``'s card in ``slot`` (:rule:`function.spy`)."""

    actor: int
    target: int
    slot: int


@attrs.frozen(cache_hash=True)
class Give:
    """13 give: give one's own card in ``slot`` to ``target`` (:rule:`function.give`)."""

    actor: int
    slot: int
    target: int


@attrs.frozen(cache_hash=True)
class Switch:
    """14 switch: exchange one's card in ``slot`` with ``target``'s card in ``target_slot``
    (:rule:`function.switch`)."""

    actor: int
    slot: int
    target: int
    target_slot: int


@attrs.frozen(cache_hash=True)
class SkipFunction:
    """Decline the function at the head of the queue (only with ``functions_optional``,
    :rule:`ruling.functions-mandatory`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Compensate:
    """Give the owed compensation card: one's own card in ``slot``
    (:rule:`sabai-sabai-move.compensation`)."""

    actor: int
    slot: int


@attrs.frozen(cache_hash=True)
class TakeFirstRefusal:
    """The owner throws the offered card in themselves (:rule:`sabai-sabai-move.first-refusal`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class WaiveFirstRefusal:
    """The owner lets the thrower's sabai-sabai Move go ahead
    (:rule:`sabai-sabai-move.first-refusal`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class TouchNoseLast:
    """``actor`` was the last to touch their nose (:rule:`four-together.last-draws-penalty`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class CallSabaiSabai:
    """Say sabai sabai and knock twice: the final lap begins (:rule:`round-end.call`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Pass:
    """Let the round end without throwing in (:rule:`ruling.end-of-round-reaction`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class LookAtCards:
    """Older edition: look at one's cards in ``slots`` before the first turn
    (:rule:`setup.look-at-two`)."""

    actor: int
    slots: tuple[int, ...]


Action = (
    Draw
    | Play
    | Keep
    | ThrowIn
    | Peek
    | Spy
    | Give
    | Switch
    | SkipFunction
    | Compensate
    | TakeFirstRefusal
    | WaiveFirstRefusal
    | TouchNoseLast
    | CallSabaiSabai
    | Pass
    | LookAtCards
)


class IllegalActionError(ValueError):
    """An action the rules do not allow here. ``rule`` is the id of the rule it breaks (a rule
    of the catalogue, or a ruling where no rule says it), ``action`` the refused action.
    The state it was applied to is unchanged."""

    def __init__(self, rule: str, action: object, message: str) -> None:
        self.rule = rule
        self.action = action
        self.message = message
        super().__init__(f"{action!r}: {message} [{rule}]")


# -- dealing ------------------------------------------------------------------------------------

_DECKS: dict[DeckSpec, Deck] = {}
_MEMOS: dict[Ruleset, dict[Any, Any]] = {}


def deck_for(ruleset: Ruleset) -> Deck:
    """The (shared) :class:`~sabai_rules.cards.Deck` of a ruleset."""
    deck = _DECKS.get(ruleset.deck)
    if deck is None:
        deck = _DECKS[ruleset.deck] = Deck.from_spec(ruleset.deck)
    return deck


def new_setup(
    rules: Ruleset, players: int, dealer: int, round_index: int, final_round: bool, seed: int | str
) -> Setup:
    """The :class:`~sabai_rules.state.Setup` of a round, sharing its action cache with every
    round played under an equal ruleset."""
    memo = _MEMOS.get(rules)
    if memo is None:
        memo = _MEMOS[rules] = {}
    return Setup(rules, deck_for(rules), players, dealer, round_index, final_round, seed, memo)


def check_players(players: int) -> None:
    """Refuse a table of fewer than 2 or more than 12 players (:rule:`setup.players`)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"sabai-sabai is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            " [setup.players]"
        )


def deal(
    ruleset: Ruleset | None = None,
    players: int = 4,
    *,
    dealer: int = 0,
    order: Sequence[int] | None = None,
    seed: int | str = 0,
    round_index: int = 0,
    final_round: bool | None = None,
) -> State:
    """Deal a round (:rule:`setup.four-cards`, :rule:`setup.draw-pile`).

    ``order`` is the shuffled deck as card ids, first card dealt first; without it the deck is
    shuffled by the seeded generator (:mod:`sabai_rules.chance`) from ``seed`` and ``round_index``.
    Cards are dealt one at a time, starting with the starter (the player after ``dealer``,
    :rule:`turn.starter`), four rounds of the table; the rest form the draw pile, the next card on
    top. ``final_round`` defaults to whether this is the last of the ruleset's ``num_rounds``
    (one per player when unset, :rule:`ruling.number-of-rounds`).
    """
    rules = Ruleset() if ruleset is None else ruleset
    check_players(players)
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
    deck = deck_for(rules)
    if CARDS_DEALT * players >= len(deck):
        raise ValueError(f"a deck of {len(deck)} cards is too small for {players} players")
    rng = chance.seed_state(seed, round_index)
    if order is None:
        cards, rng = chance.shuffled(range(len(deck)), rng)
    else:
        cards = tuple(order)
        if sorted(cards) != list(range(len(deck))):
            raise ValueError(f"the order must hold each of the {len(deck)} card ids exactly once")
    if final_round is None:
        final_round = round_index + 1 >= rules.rounds_for(players)
    setup = new_setup(rules, players, dealer, round_index, final_round, seed)
    starter = setup.starter
    # Each row is an ordered line of slots, slot 0 dealt first (:rule:`setup.row`).
    rows: list[list[int]] = [[] for _ in range(players)]
    for k in range(CARDS_DEALT * players):
        rows[(starter + k) % players].append(cards[k])
    looking = (1 << players) - 1 if rules.initial_peek else 0
    table = Table(
        tuple(tuple(r) for r in rows),
        tuple(reversed(cards[CARDS_DEALT * players :])),
        (),
        NO_CARD,
        0,
        (0,) * players,
    )
    status = Status(
        caller=-1, final_lap=-1, closing=-1, looking=looking, emptied=0, rng=rng, end=None
    )
    flow = Flow(
        turn=starter,
        stage=_LOOK if looking else _DRAW,
        turns=0,
        queue=(),
        pending=None,
        lockout=0,
        status=status,
    )
    return State(setup, table, flow)


# -- the working copy of one transition ---------------------------------------------------------


class _Work:
    """A mutable copy of the parts of a state that one transition may change. Handlers change it
    freely; :meth:`freeze` builds the new state, sharing every part that did not change."""

    __slots__ = (
        "caller",
        "closing",
        "deck",
        "discard",
        "draw",
        "emptied",
        "end",
        "events",
        "final_lap",
        "held",
        "keys",
        "lockout",
        "looking",
        "n",
        "pending",
        "private",
        "public",
        "queue",
        "rng",
        "rows",
        "rules",
        "stage",
        "state",
        "turn",
        "turns",
    )

    def __init__(self, state: State, events: list[Event] | None) -> None:
        t, f = state.table, state.flow
        self.state = state
        self.rules = state.setup.ruleset
        self.deck = state.setup.deck
        self.keys = self.deck.match_keys
        self.n = state.setup.players
        self.events = events
        self.rows = t.rows
        self.draw = t.draw
        self.discard = t.discard
        self.held = t.held
        self.public = t.public
        self.private = t.private
        self.turn = f.turn
        self.stage = f.stage
        self.turns = f.turns
        self.queue = f.queue
        self.pending = f.pending
        self.lockout = f.lockout
        st = f.status
        self.caller = st.caller
        self.final_lap = st.final_lap
        self.closing = st.closing
        self.looking = st.looking
        self.emptied = st.emptied
        self.rng = st.rng
        self.end = st.end

    def freeze(self) -> State:
        s = self.state
        t, f = s.table, s.flow
        if (
            self.rows is not t.rows
            or self.draw is not t.draw
            or self.discard is not t.discard
            or self.held != t.held
            or self.public != t.public
            or self.private is not t.private
        ):
            t = Table(self.rows, self.draw, self.discard, self.held, self.public, self.private)
        st = f.status
        if (
            self.caller != st.caller
            or self.final_lap != st.final_lap
            or self.closing != st.closing
            or self.looking != st.looking
            or self.emptied != st.emptied
            or self.rng != st.rng
            or self.end is not st.end
        ):
            st = Status(
                self.caller,
                self.final_lap,
                self.closing,
                self.looking,
                self.emptied,
                self.rng,
                self.end,
            )
        if (
            self.turn != f.turn
            or self.stage != f.stage
            or self.turns != f.turns
            or self.queue is not f.queue
            or self.pending is not f.pending
            or self.lockout != f.lockout
            or st is not f.status
        ):
            f = Flow(self.turn, self.stage, self.turns, self.queue, self.pending, self.lockout, st)
        return State(s.setup, t, f)

    def emit(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    # -- rows and piles ----------------------------------------------------------------------

    def set_row(self, player: int, row: tuple[int, ...]) -> None:
        self.rows = _with_row(self.rows, player, row)

    def card_count(self, player: int) -> int:
        return cards_in(self.rows[player])

    def left_row(self, player: int, by_discard: bool) -> None:
        """Note a card leaving ``player``'s row, for :rule:`round-end.empty-row`."""
        if self.card_count(player) == 0:
            if by_discard:
                self.emptied |= 1 << player
            if by_discard or self.rules.empty_by_any_means:
                self.emptied |= 1 << self.n  # the lock-in flag
        else:
            self.emptied &= ~(1 << player)

    def entered_row(self, player: int) -> None:
        self.emptied &= ~(1 << player)

    def forget(self, cards: Iterable[int]) -> None:
        mask = 0
        for card in cards:
            mask |= 1 << card
        keep = ~mask
        self.public &= keep
        self.private = tuple(p & keep for p in self.private)

    def take_from_draw(self, player: int) -> int:
        """The top card of the draw pile, reshuffling the discard pile into it if it is empty
        (:rule:`ruling.draw-pile-exhausted`); :data:`NO_CARD` if there is none at all."""
        if not self.draw and self.rules.on_empty_draw_pile == "reshuffle" and len(self.discard) > 1:
            under = self.discard[:-1]
            cards, self.rng = chance.shuffled(under, self.rng)
            self.draw = cards
            self.discard = self.discard[-1:]
            self.forget(cards)  # shuffled cards are no longer known to anybody
            self.emit(Reshuffled(player, tuple(sorted(cards))))
        if not self.draw:
            return NO_CARD
        card = self.draw[-1]
        self.draw = self.draw[:-1]
        return card

    def penalty(self, player: int) -> None:
        """``player`` draws one penalty card, unseen, to the end of their row
        (:rule:`throw-in.penalty-card`); waived when no card is left."""
        card = self.take_from_draw(player)
        if card == NO_CARD:
            self.emit(PenaltyWaived(player))
            return
        self.set_row(player, (*self.rows[player], card))
        self.entered_row(player)
        self.emit(PenaltyCard(player, card))

    def place(self, card: int) -> None:
        """``card`` lands face up on the discard pile; everybody has seen it."""
        self.discard = self.discard + (card,)
        self.public |= 1 << card
        if self.rules.nose_race != "off":
            self.check_four_together(card)

    def check_four_together(self, card: int) -> None:
        """:rule:`four-together.touch-nose` (the older edition's hands on the pile,
        :rule:`four-together.hands-on-pile`): the four cards of a rank on top of the pile."""
        if not _completes_rank(self.deck, self.discard, card):
            return
        if self.rules.nose_race == "random":
            self.rng, loser = chance.below(self.rng, self.n)
            self.lose_nose_race(loser)
        else:
            self.pending = NoseRace(self.keys[card])

    def lose_nose_race(self, loser: int) -> None:
        """:rule:`four-together.last-draws-penalty`."""
        self.emit(NoseRaceLost(loser))
        self.penalty(loser)

    # -- turn cards ----------------------------------------------------------------------------

    def end_turn(self) -> None:
        """The active player's turn is played; in the final lap, one turn fewer is left
        (:rule:`round-end.final-lap`)."""
        self.stage = _DONE
        self.turns += 1
        if self.final_lap > 0:
            self.final_lap -= 1

    def place_turn_card(self, actor: int, card: int, triggers: bool) -> None:
        """The turn's card lands on the pile: the turn is played (:rule:`round-end.final-lap`),
        every lock-out ends (:rule:`ruling.retry-lockout-scope`), a function card triggers
        (:rule:`function.execute`)."""
        self.end_turn()
        self.lockout = 0
        if triggers and self.deck.functions[card]:
            self.queue = (*self.queue, Function(actor, card))
        self.place(card)

    # -- throwing in -----------------------------------------------------------------------------

    def throw(self, thrower: int, owner: int, slot: int) -> None:
        """Judge and carry out a throw-in (:rule:`throw-in.identical`,
        :rule:`throw-in.wrong-card.take-back`, :rule:`throw-in.wrong-card.penalty`,
        :rule:`sabai-sabai-move.on-behalf`)."""
        row = self.rows[owner]
        card = row[slot]
        if _identical(self.deck, self.rules, card, self.discard[-1]):
            on_behalf = owner != thrower
            if on_behalf and self.rules.compensation_slot == "vacated":
                self.set_row(owner, (*row[:slot], gap_for(card), *row[slot + 1 :]))
            else:
                self.set_row(owner, (*row[:slot], *row[slot + 1 :]))
            self.left_row(owner, by_discard=True)
            # Another's correct throw-in ends every lock-out (:rule:`throw-in.retry-lockout`).
            self.lockout = 0
            self.emit(ThrewIn(thrower, owner, slot, card, True))
            # The thrower carries out the function, after those already queued
            # (:rule:`function.thrown-in`, :rule:`throw-in.functions-in-order`,
            # :rule:`sabai-sabai-move.functions-by-thrower`,
            # :rule:`sabai-sabai-move.active-player`), then gives the owner a card face down
            # (:rule:`sabai-sabai-move.compensation`, :rule:`sabai-sabai-move.hand-a-card`).
            if self.deck.functions[card]:
                self.queue = (*self.queue, Function(thrower, card))
            if on_behalf:
                self.queue = (*self.queue, Compensation(thrower, owner, card))
            self.place(card)
        else:
            # Shown to everybody, taken back into its slot (:rule:`throw-in.wrong-card.take-back`);
            # the thrower, not the owner, draws the penalty card
            # (:rule:`throw-in.wrong-card.penalty`, :rule:`sabai-sabai-move.penalty-to-thrower`,
            # :rule:`throw-in.mistaken-interception`).
            self.public |= 1 << card
            self.emit(ThrewIn(thrower, owner, slot, card, False))
            self.penalty(thrower)
            if self.rules.throw_in_retry_lockout:
                self.lockout |= 1 << thrower

    # -- settling: what happens by itself once an action is done ----------------------------

    def function_possible(self, effect: Function) -> bool:
        """Whether a function can be carried out at all: if so it must be (:rule:`function.execute`,
        :rule:`function.must-execute`, :rule:`ruling.functions-mandatory`)."""
        kind = self.deck.functions[effect.card]
        me = effect.executor
        if kind == SPY:
            return any(self.card_count(p) for p in range(self.n) if p != me)
        if self.card_count(me) == 0:
            return False
        if kind == SWITCH:
            return any(self.card_count(p) for p in range(self.n) if p != me)
        if kind == GIVE and self.rules.protect_empty_players:
            return any(self.card_count(p) for p in range(self.n) if p != me)
        return True

    def compensation_cards(self, effect: Compensation) -> list[int]:
        me = effect.thrower
        return _compensation_choices(self.rows[me], self.public | self.private[me], self.deck)

    def end_condition(self) -> EndCause | None:
        """Whether the round ends now that nothing is pending: an empty row
        (:rule:`round-end.empty-row`, :rule:`round-end.all-cards-gone`; in the final round the
        only way, :rule:`game-end.final-round-end`), the final lap played
        (:rule:`round-end.final-lap`) or the final round's turn cap
        (:rule:`ruling.final-round-termination`)."""
        emptied = self.emptied
        n = self.n
        rules = self.rules
        if rules.empty_check == "lock_in" and (emptied >> n) & 1:
            return EndCause.EMPTIED
        # Nothing is pending, so no row has a gap: an empty row is an empty tuple.
        any_means = rules.empty_by_any_means
        for p, row in enumerate(self.rows):
            if not row and (any_means or (emptied >> p) & 1):
                return EndCause.EMPTIED
        if self.final_lap == 0:
            return EndCause.FINAL_LAP
        cap = self.rules.final_round_max_turns
        setup = self.state.setup
        if (
            cap is not None
            and not setup.calls_allowed
            and self.turns >= cap
            and self.stage == _DONE
        ):
            return EndCause.FORCED
        return None

    def settle(self) -> None:
        """Carry on until a player must decide: lapse impossible functions and compensations,
        end the round or start the next turn when nothing is pending."""
        while True:
            if self.pending is not None or (self.end is not None and self.closing < 0):
                return
            if self.queue:
                head = self.queue[0]
                if isinstance(head, Function):
                    if self.function_possible(head):
                        return
                    self.queue = self.queue[1:]
                    self.emit(FunctionFizzled(head.executor, head.card))
                    continue
                if self.compensation_cards(head):
                    return
                # A thrower with no card to give: the compensation lapses and the owner's row
                # closes up (:rule:`ruling.compensation-card`, :rule:`ruling.row-positions`).
                self.queue = self.queue[1:]
                gap = gap_for(head.card)
                row = self.rows[head.owner]
                if gap in row:
                    self.set_row(head.owner, tuple(c for c in row if c != gap))
                self.emit(CompensationLapsed(head.thrower, head.owner))
                continue
            if self.stage in (_DECIDE, _LOOK) or self.closing >= 0:
                return
            cause = self.end_condition()
            if cause is not None:
                self.end = cause
                self.closing = 0
                self.emit(ReactionRound(self.turn, cause))
                return
            if self.stage == _DONE:
                # The next player in play order, whoever threw in (:rule:`throw-in.no-one-skipped`).
                self.turn = (self.turn + 1) % self.n
                self.stage = _DRAW
                self.emit(TurnBegan(self.turn))
            return

    def reopen(self) -> None:
        """A throw-in during the reaction round: the passing starts afresh once it is settled."""
        if self.closing >= 0:
            self.closing = -1
            self.end = None


# -- legality ----------------------------------------------------------------------------------


def _refuse(rule: str, action: object, message: str) -> IllegalActionError:
    return IllegalActionError(rule, action, message)


def _blocked(state: State, action: Action) -> IllegalActionError | None:
    """Why nothing but the pending answer may happen now, if that is so."""
    f = state.flow
    st = f.status
    if st.end is not None and st.closing < 0:
        return _refuse("round-end.reveal", action, "the round is over")
    pending = f.pending
    if pending is None:
        return None
    if isinstance(pending, NoseRace):
        return _refuse(
            "four-together.touch-nose",
            action,
            "the nose race must be settled first (who was last?)",
        )
    return _refuse(
        "sabai-sabai-move.first-refusal",
        action,
        f"P{pending.owner} must first answer the offer of first refusal",
    )


def _slot_card(state: State, player: int, slot: int) -> int:
    row = state.table.rows[player]
    if 0 <= slot < len(row):
        return row[slot]
    return -1


def _check_player(
    state: State, action: Action, player: int, what: str
) -> IllegalActionError | None:
    if not 0 <= player < state.players:
        return _refuse("setup.players", action, f"there is no {what} P{player}")
    return None


def _check(state: State, action: Action) -> IllegalActionError | None:
    """The reason ``action`` is illegal in ``state``, or ``None`` if it is legal."""
    check = _CHECKS.get(type(action))
    if check is None:
        return _refuse("ruling.irregularities", action, "not an action of this game")
    actor = action.actor
    if type(actor) is not int or not 0 <= actor < state.setup.players:
        return _refuse("setup.players", action, f"there is no player {actor!r} at this table")
    for name in _PARAMETERS[type(action)]:
        value = getattr(action, name)
        if not (
            all(type(v) is int for v in value)
            if name == "slots" and type(value) is tuple
            else type(value) is int
        ):
            # Seats and slots are whole numbers (True is not slot 1): anything else is no move.
            return _refuse("ruling.irregularities", action, f"{name} {value!r} is not a number")
    problem = check(state, action)
    if problem is not None and state.setup.ruleset.edition == "older":
        older = _OLDER_RULES.get(problem.rule)
        if older is not None:
            return IllegalActionError(older, action, problem.message)
    return problem


#: The parameters of each action after its actor (seats and slots: whole numbers).
_PARAMETERS: Final[dict[type, tuple[str, ...]]] = {
    cls: tuple(field.name for field in attrs.fields(cls)[1:]) for cls in get_args(Action)
}

#: Where the older edition states a rule of its own, a refusal under the older preset cites it.
_OLDER_RULES: Final = {
    "four-together.touch-nose": "four-together.hands-on-pile",
    "round-end.call": "round-end.last-round-call",
    "function.execute": "function.must-execute",
    "ass-joker.drawn-must-be-kept": "ass-joker.cursed-joker-restriction",
    "throw-in.identical": "throw-in.interception",
    "sabai-sabai-move.compensation": "sabai-sabai-move.hand-a-card",
}


def _check_draw(state: State, action: Any) -> IllegalActionError | None:
    f = state.flow
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    if f.status.closing >= 0:
        return _refuse(
            "ruling.end-of-round-reaction", action, "the round is ending: throw in or pass"
        )
    if f.stage == _LOOK:
        return _refuse("setup.look-at-two", action, "players are still looking at their cards")
    actor = action.actor
    if f.queue and (
        actor == f.turn or (f.stage == _DONE and actor == (f.turn + 1) % state.players)
    ):
        # The next turn waits for the queue (:rule:`function.execute`).
        return _refuse_pending(action, f.queue[0])
    if actor != f.turn:
        return _refuse("turn.draw", action, f"it is not P{actor}'s turn to draw")
    if f.stage != _DRAW:
        what = "already drew" if f.stage == _DECIDE else "already played this turn"
        return _refuse("turn.draw", action, f"P{actor} {what}")
    return None


def _refuse_pending(action: Action, head: Effect) -> IllegalActionError:
    """The turn waits for the head of the queue: a function to carry out
    (:rule:`function.execute`) or a compensation card owed
    (:rule:`sabai-sabai-move.compensation`)."""
    if isinstance(head, Compensation):
        return _refuse(
            "sabai-sabai-move.compensation",
            action,
            f"P{head.thrower} must first give P{head.owner} a compensation card",
        )
    return _refuse("function.execute", action, "pending effects must be carried out first")


def _may_play_held(state: State) -> bool:
    """Whether the drawn card may be played directly. A drawn Ass Joker may not
    (:rule:`ass-joker.no-direct-discard`, :rule:`ass-joker.cursed-joker-restriction`): it is
    kept, unless an option lets it be burned straight onto a joker."""
    t = state.table
    return t.held != state.deck.ass_joker or (
        state.ruleset.allow_burn_from_draw and t.top >= 0 and state.deck.is_joker(t.top)
    )


def _keeps_last_card(state: State) -> int:
    """The active player, if they hold a drawn Ass Joker and have one card left: they must keep
    it for the exchange (:rule:`ass-joker.drawn-must-be-kept`), so may not throw it in; else -1."""
    f, t = state.flow, state.table
    if f.stage == _DECIDE and t.held == state.deck.ass_joker and cards_in(t.rows[f.turn]) == 1:
        return f.turn
    return -1


def _check_decision(state: State, action: Any) -> IllegalActionError | None:
    f = state.flow
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    if action.actor != f.turn or f.stage != _DECIDE:
        return _refuse("turn.two-options", action, f"P{action.actor} holds no drawn card")
    if f.queue:
        return _refuse_pending(action, f.queue[0])
    t = state.table
    ass = state.deck.ass_joker
    if isinstance(action, Play):
        if not _may_play_held(state):
            return _refuse(
                "ass-joker.drawn-must-be-kept",
                action,
                "a drawn Ass Joker cannot be played: keep it",
            )
        return None
    row = t.rows[action.actor]
    if not row:
        # A drawn Ass Joker goes into an empty row (:rule:`ass-joker.drawn-must-be-kept`).
        if t.held == ass and action.slot == 0:
            return None
        return _refuse("turn.keep", action, f"P{action.actor} has no card in their row to exchange")
    if not 0 <= action.slot < len(row):
        return _refuse("turn.keep", action, f"P{action.actor} has no card in slot {action.slot}")
    return None


def _check_throw_in(state: State, action: Any) -> IllegalActionError | None:
    f, t, rules = state.flow, state.table, state.ruleset
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    actor, owner = action.actor, action.owner
    bad = _check_player(state, action, owner, "owner")
    if bad:
        return bad
    if t.top < 0:
        return _refuse("setup.empty-discard-pile", action, "no card has been played yet this round")
    if rules.throw_in_window == "until_next_draw" and f.stage == _DECIDE:
        return _refuse(
            "throw-in.interception",
            action,
            "the last card was not just played: a card has been drawn since",
        )
    if (f.lockout >> actor) & 1:
        return _refuse(
            "throw-in.retry-lockout",
            action,
            f"P{actor} threw in a wrong card: another player must throw in correctly first",
        )
    card = _slot_card(state, owner, action.slot)
    if card < 0:
        return _refuse("throw-in.identical", action, f"P{owner} has no card in slot {action.slot}")
    if owner == actor:
        if actor == _keeps_last_card(state):
            return _refuse(
                "ass-joker.drawn-must-be-kept",
                action,
                "the drawn Ass Joker must be kept, so the last card of the row must stay",
            )
        return None
    # Without throwing in for others there is no Ass Move either
    # (:rule:`simplified-play.no-ass-move`).
    if not rules.allow_on_behalf:
        return _refuse(
            "simplified-play.own-cards-only", action, "only one's own cards may be thrown in"
        )
    if rules.on_behalf_requires_card and not any(c >= 0 for c in t.rows[actor]):
        return _refuse(
            "sabai-sabai-move.compensation", action, f"P{actor} has no card to give in return"
        )
    if rules.on_behalf_requires_thrower_knowledge:
        k = state.table
        if not k.knows(actor, card) or k.knows(owner, card):
            return _refuse(
                "sabai-sabai-move.advanced-rule",
                action,
                "only a card the thrower has seen and its owner has not may be played for them",
            )
    return None


def _check_function(state: State, action: Any) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    queue = state.flow.queue
    head = queue[0] if queue else None
    if not isinstance(head, Function):
        return _refuse("function.execute", action, "no function is waiting to be carried out")
    kind = state.deck.functions[head.card]
    expected = _FUNCTION_ACTION[kind]
    if action.actor != head.executor:
        return _refuse(
            "function.execute",
            action,
            f"the {face_name(kind)} function is P{head.executor}'s to carry out",
        )
    if isinstance(action, SkipFunction):
        if not state.ruleset.functions_optional:
            return _refuse("function.execute", action, "functions are mandatory when possible")
        return None
    if not _is_kind(action, expected):
        return _refuse(
            _FUNCTION_RULE[kind], action, f"the function to carry out is {face_name(kind)}"
        )
    actor = action.actor
    rows = state.table.rows
    if isinstance(action, Peek):
        if _slot_card(state, actor, action.slot) < 0:
            return _refuse("function.peek", action, f"P{actor} has no card in slot {action.slot}")
        return None
    target = action.target
    bad = _check_player(state, action, target, "target")
    if bad:
        return bad
    if target == actor:
        return _refuse(_FUNCTION_RULE[kind], action, "the target must be another player")
    if isinstance(action, Spy):
        if _slot_card(state, target, action.slot) < 0:
            return _refuse("function.spy", action, f"P{target} has no card in slot {action.slot}")
        return None
    if _slot_card(state, actor, action.slot) < 0:
        return _refuse(_FUNCTION_RULE[kind], action, f"P{actor} has no card in slot {action.slot}")
    if isinstance(action, Give):
        if state.ruleset.protect_empty_players and not any(c >= 0 for c in rows[target]):
            return _refuse(
                "ruling.empty-player-targets",
                action,
                f"P{target} has no cards and may not be given one",
            )
        return None
    if _slot_card(state, target, action.target_slot) < 0:
        return _refuse(
            "function.switch", action, f"P{target} has no card in slot {action.target_slot}"
        )
    return None


def _is_kind(action: object, kind: type) -> bool:
    """``type(action) is kind``, out of mypy's sight: written inline, it would narrow ``action``
    to ``object`` for the attribute checks that follow."""
    return type(action) is kind


def _check_compensate(state: State, action: Any) -> IllegalActionError | None:
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    queue = state.flow.queue
    head = queue[0] if queue else None
    if not isinstance(head, Compensation):
        return _refuse("sabai-sabai-move.compensation", action, "no compensation card is owed now")
    if action.actor != head.thrower:
        return _refuse(
            "sabai-sabai-move.compensation",
            action,
            f"the compensation card is P{head.thrower}'s to give",
        )
    card = _slot_card(state, action.actor, action.slot)
    if card < 0:
        return _refuse(
            "sabai-sabai-move.compensation",
            action,
            f"P{action.actor} has no card in slot {action.slot}",
        )
    if card == state.deck.ass_joker and state.table.knows(action.actor, card):
        return _refuse(
            "ass-joker.only-give-switch-burn",
            action,
            "the Ass Joker can never be a compensation card",
        )
    return None


def _check_offer_answer(state: State, action: Any) -> IllegalActionError | None:
    if state.is_over:
        return _refuse("round-end.reveal", action, "the round is over")
    pending = state.flow.pending
    if not isinstance(pending, Offer):
        return _refuse(
            "sabai-sabai-move.first-refusal", action, "no offer of first refusal is open"
        )
    if action.actor != pending.owner:
        return _refuse(
            "sabai-sabai-move.first-refusal", action, f"the offer is P{pending.owner}'s to answer"
        )
    return None


def _check_nose(state: State, action: Any) -> IllegalActionError | None:
    if state.is_over:
        return _refuse("round-end.reveal", action, "the round is over")
    if not isinstance(state.flow.pending, NoseRace):
        return _refuse("four-together.touch-nose", action, "no nose race is on")
    return None


def _check_call(state: State, action: Any) -> IllegalActionError | None:
    f = state.flow
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    if not state.setup.calls_allowed:
        return _refuse(
            "game-end.final-round-no-call",
            action,
            "sabai sabai cannot be called in the final round",
        )
    st = f.status
    if st.closing >= 0:
        return _refuse("ruling.end-of-round-reaction", action, "the round is already ending")
    if st.caller >= 0:
        return _refuse(
            "round-end.call", action, f"P{st.caller} already called sabai sabai this round"
        )
    if state.ruleset.call_timing == "own_turn" and action.actor != f.turn:
        return _refuse("ruling.who-may-call", action, "only the player whose turn it is may call")
    return None


def _check_pass(state: State, action: Any) -> IllegalActionError | None:
    f = state.flow
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    closing = f.status.closing
    if closing < 0:
        return _refuse(
            "ruling.end-of-round-reaction", action, "passing is only for the end of a round"
        )
    if (closing >> action.actor) & 1:
        return _refuse("ruling.end-of-round-reaction", action, f"P{action.actor} already passed")
    return None


def _check_look(state: State, action: Any) -> IllegalActionError | None:
    f = state.flow
    blocked = _blocked(state, action)
    if blocked:
        return blocked
    if not state.ruleset.initial_peek:
        return _refuse("setup.no-looking", action, "the dealt cards must not be looked at")
    if f.stage != _LOOK or not (f.status.looking >> action.actor) & 1:
        return _refuse("setup.look-at-two", action, f"P{action.actor} has no cards to look at now")
    slots = action.slots
    row = state.table.rows[action.actor]
    want = min(state.ruleset.initial_peek, len(row))
    if (
        len(slots) != want
        or len(set(slots)) != want
        or any(not 0 <= s < len(row) for s in slots)
        or list(slots) != sorted(slots)
    ):
        return _refuse(
            "setup.look-at-two",
            action,
            f"look at exactly {want} different slots of your row, in increasing order",
        )
    return None


_FUNCTION_ACTION: Final[dict[int, type]] = {PEEK: Peek, SPY: Spy, GIVE: Give, SWITCH: Switch}
#: The rule of each function card: function.peek, function.spy, function.give, function.switch.
_FUNCTION_RULE: Final = {kind: f"function.{name}" for kind, name in FUNCTION_NAMES.items()}

_CHECKS: Final[dict[type, Callable[[State, Any], IllegalActionError | None]]] = {
    Draw: _check_draw,
    Play: _check_decision,
    Keep: _check_decision,
    ThrowIn: _check_throw_in,
    Peek: _check_function,
    Spy: _check_function,
    Give: _check_function,
    Switch: _check_function,
    SkipFunction: _check_function,
    Compensate: _check_compensate,
    TakeFirstRefusal: _check_offer_answer,
    WaiveFirstRefusal: _check_offer_answer,
    TouchNoseLast: _check_nose,
    CallSabaiSabai: _check_call,
    Pass: _check_pass,
    LookAtCards: _check_look,
}


# -- effects of legal actions --------------------------------------------------------------------


def _do_draw(w: _Work, action: Any) -> None:
    actor = action.actor
    card = w.take_from_draw(actor)
    if card == NO_CARD:
        # No card anywhere: the round ends as it stands (:rule:`ruling.draw-pile-exhausted`).
        w.end = EndCause.EXHAUSTED
        w.emit(RoundEnded(actor, EndCause.EXHAUSTED))
        return
    w.held = card
    w.private = _with_bit(w.private, actor, card)
    w.stage = _DECIDE
    w.emit(Drew(actor, card))


def _do_play(w: _Work, action: Any) -> None:
    card = w.held
    w.held = NO_CARD
    w.emit(Played(action.actor, card))
    w.place_turn_card(action.actor, card, triggers=True)


def _do_keep(w: _Work, action: Any) -> None:
    actor, slot = action.actor, action.slot
    row = w.rows[actor]
    held = w.held
    if not row:
        # A drawn Ass Joker and an empty row: it goes into the row, no card goes to the pile
        # (:rule:`ruling.ass-joker-drawn`); with no new turn card, lock-outs stand
        # (:rule:`ruling.retry-lockout-scope`).
        w.emit(KeptInEmptyRow(actor))
        w.held = NO_CARD
        w.set_row(actor, (held,))
        w.entered_row(actor)
        w.end_turn()
        return
    out = row[slot]
    if out == w.deck.ass_joker:
        # Never exchanged out of a row (:rule:`ass-joker.no-keep-exchange`): turned over
        # unknowingly, shown, it stays; the drawn card is played
        # (:rule:`ass-joker.turned-over-unknowingly`).
        w.public |= 1 << out
        w.emit(AssJokerTurnedOver(actor, slot, out))
        w.held = NO_CARD
        w.emit(Played(actor, held))
        w.place_turn_card(actor, held, triggers=True)
        return
    w.set_row(actor, (*row[:slot], held, *row[slot + 1 :]))
    w.held = NO_CARD
    w.emit(Kept(actor, slot, out))
    w.place_turn_card(actor, out, triggers=w.rules.keep_discard_triggers_function)


def _offer_due(w: _Work, owner: int, card: int) -> bool:
    """:rule:`sabai-sabai-move.first-refusal` per :rule:`ruling.first-refusal`. Whether the owner
    knows the card is not a condition of the throw itself (:rule:`sabai-sabai-move.unknown-cards`,
    :rule:`ruling.owner-knowledge-not-enforced`): it only decides whether they are asked first."""
    policy = w.rules.first_refusal
    if policy == "never" or (w.lockout >> owner) & 1:
        return False
    return policy == "always" or bool(((w.public | w.private[owner]) >> card) & 1)


def _do_throw_in(w: _Work, action: Any) -> None:
    actor, owner, slot = action.actor, action.owner, action.slot
    w.reopen()
    if owner != actor and _offer_due(w, owner, w.rows[owner][slot]):
        w.pending = Offer(actor, owner, slot)
        w.emit(FirstRefusalOffered(actor, owner, slot))
        return
    w.throw(actor, owner, slot)


def _do_take(w: _Work, action: Any) -> None:
    offer = w.pending
    assert isinstance(offer, Offer)
    w.pending = None
    w.emit(FirstRefusalTaken(offer.owner))
    w.throw(offer.owner, offer.owner, offer.slot)


def _do_waive(w: _Work, action: Any) -> None:
    offer = w.pending
    assert isinstance(offer, Offer)
    w.pending = None
    w.emit(FirstRefusalWaived(offer.owner))
    w.throw(offer.thrower, offer.owner, offer.slot)


def _do_nose(w: _Work, action: Any) -> None:
    w.pending = None
    w.lose_nose_race(action.actor)


def _pop_function(w: _Work) -> Function:
    head = w.queue[0]
    assert isinstance(head, Function)
    w.queue = w.queue[1:]
    return head


def _do_peek(w: _Work, action: Any) -> None:
    head = _pop_function(w)
    actor = action.actor
    card = w.rows[actor][action.slot]
    w.private = _with_bit(w.private, actor, card)
    w.emit(Peeked(head.executor, action.slot, card))


def _do_spy(w: _Work, action: Any) -> None:
    _pop_function(w)
    actor = action.actor
    card = w.rows[action.target][action.slot]
    w.private = _with_bit(w.private, actor, card)
    w.emit(Spied(actor, action.target, action.slot, card))


def _do_give(w: _Work, action: Any) -> None:
    _pop_function(w)
    actor, slot, target = action.actor, action.slot, action.target
    row = w.rows[actor]
    card = row[slot]
    w.set_row(actor, (*row[:slot], *row[slot + 1 :]))
    w.left_row(actor, by_discard=False)
    # A given card goes to the end of the target's row (:rule:`ruling.row-positions`).
    w.set_row(target, (*w.rows[target], card))
    w.entered_row(target)
    w.emit(Gave(actor, slot, target, card))


def _do_switch(w: _Work, action: Any) -> None:
    _pop_function(w)
    actor, slot, target, tslot = action.actor, action.slot, action.target, action.target_slot
    mine, theirs = w.rows[actor], w.rows[target]
    card, other = mine[slot], theirs[tslot]
    w.set_row(actor, (*mine[:slot], other, *mine[slot + 1 :]))
    w.set_row(target, (*theirs[:tslot], card, *theirs[tslot + 1 :]))
    w.emit(Switched(actor, slot, target, tslot, card, other))


def _do_skip(w: _Work, action: Any) -> None:
    head = _pop_function(w)
    w.emit(FunctionSkipped(head.executor, head.card))


def _do_compensate(w: _Work, action: Any) -> None:
    head = w.queue[0]
    assert isinstance(head, Compensation)
    actor, slot = action.actor, action.slot
    row = w.rows[actor]
    card = row[slot]
    if card == w.deck.ass_joker:
        # Picked blindly: shown to all, it stays; pick again (:rule:`ruling.ass-joker-turned-over`).
        w.public |= 1 << card
        w.emit(AssJokerShown(actor, slot, card))
        return
    w.queue = w.queue[1:]
    w.set_row(actor, (*row[:slot], *row[slot + 1 :]))
    w.left_row(actor, by_discard=False)
    owner_row = w.rows[head.owner]
    gap = gap_for(head.card)
    # Into the gap the thrown card left, else at the end (:rule:`ruling.row-positions`).
    if gap in owner_row:
        index = owner_row.index(gap)
        w.set_row(head.owner, (*owner_row[:index], card, *owner_row[index + 1 :]))
    else:
        index = len(owner_row)
        w.set_row(head.owner, (*owner_row, card))
    w.entered_row(head.owner)
    w.emit(Compensated(actor, slot, head.owner, index, card))


def _do_call(w: _Work, action: Any) -> None:
    """:rule:`round-end.call`; in the older edition, :rule:`round-end.last-round-call`."""
    w.caller = action.actor
    # Every player has exactly one more turn; a turn in progress is its player's
    # (:rule:`ruling.final-lap-sequence`).
    w.final_lap = w.n
    w.emit(Called(action.actor))


def _do_pass(w: _Work, action: Any) -> None:
    w.closing |= 1 << action.actor
    w.emit(Passed(action.actor))
    if w.closing == (1 << w.n) - 1:
        w.closing = -1
        assert w.end is not None
        w.emit(RoundEnded(action.actor, w.end))


def _do_look(w: _Work, action: Any) -> None:
    actor = action.actor
    row = w.rows[actor]
    mask = 0
    for slot in action.slots:
        mask |= 1 << row[slot]
    w.private = (*w.private[:actor], w.private[actor] | mask, *w.private[actor + 1 :])
    w.looking &= ~(1 << actor)
    if not w.looking:
        w.stage = _DRAW
    w.emit(LookedAt(actor, action.slots, tuple(row[s] for s in action.slots)))


_EFFECTS: Final[dict[type, Callable[[_Work, Any], None]]] = {
    Draw: _do_draw,
    Play: _do_play,
    Keep: _do_keep,
    ThrowIn: _do_throw_in,
    Peek: _do_peek,
    Spy: _do_spy,
    Give: _do_give,
    Switch: _do_switch,
    SkipFunction: _do_skip,
    Compensate: _do_compensate,
    TakeFirstRefusal: _do_take,
    WaiveFirstRefusal: _do_waive,
    TouchNoseLast: _do_nose,
    CallSabaiSabai: _do_call,
    Pass: _do_pass,
    LookAtCards: _do_look,
}


def _transition(state: State, action: Action, events: list[Event] | None) -> State:
    if events is None:
        # The turn's own actions check their (common) legal case themselves.
        turn_action = _TURN_PATHS.get(type(action))
        if turn_action is not None:
            done = turn_action(state, action)
            if done is not None:
                return done
    problem = _check(state, action)
    if problem is not None:
        raise problem
    if events is None:
        fast = _FAST_PATHS.get(type(action))
        if fast is not None:
            done = fast(state, action)
            if done is not None:
                return done
    return _reference(state, action, events)


def _reference(state: State, action: Action, events: list[Event] | None) -> State:
    """The general transition of a legal action: every rule, through :class:`_Work`."""
    work = _Work(state, events)
    _EFFECTS[type(action)](work, action)
    work.settle()
    return work.freeze()


# The common cases of the commonest actions, written out: the same result as :func:`_reference`
# (tests compare the two on thousands of random games) at a fraction of the cost. Each returns
# ``None`` to hand anything unusual to the general transition: an empty row, the end of the final
# lap, a nose race, a reshuffle, the reaction round, a gap, an Ass Joker.


def _with_row(
    rows: tuple[tuple[int, ...], ...], player: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    new = list(rows)
    new[player] = row
    return tuple(new)


def _with_bit(masks: tuple[int, ...], player: int, card: int) -> tuple[int, ...]:
    """``masks`` with ``card`` added to ``player``'s mask."""
    new = list(masks)
    new[player] |= 1 << card
    return tuple(new)


def _fast_flow(
    state: State,
    rows: tuple[tuple[int, ...], ...],
    turn: int,
    stage: Stage,
    turns: int,
    queue: tuple[Effect, ...],
    lockout: int,
    status: Status,
) -> Flow | None:
    """What :meth:`_Work.settle` would decide, for a table whose every row holds a card (so every
    queued function can be carried out and no round ends by an empty row)."""
    if not all(rows):
        return None
    if queue or stage == _DECIDE:
        return Flow(turn, stage, turns, queue, None, lockout, status)
    setup = state.setup
    rules = setup.ruleset
    if status.final_lap == 0 or status.closing >= 0:
        return None
    if rules.empty_check == "lock_in" and (status.emptied >> setup.players) & 1:
        return None
    if stage == _DONE:
        cap = rules.final_round_max_turns
        if cap is not None and turns >= cap and not setup.calls_allowed:
            return None
        return Flow((turn + 1) % setup.players, _DRAW, turns, (), None, lockout, status)
    return Flow(turn, stage, turns, (), None, lockout, status)


def _turn_is(state: State, actor: object, stage: Stage) -> bool:
    """A sufficient condition for the active player's turn action: the round is on, nothing is
    pending, and ``actor`` is the active player at ``stage`` (the full check is :func:`_check`)."""
    f = state.flow
    st = f.status
    return (
        f.stage is stage
        and type(actor) is int
        and actor == f.turn
        and f.pending is None
        and not f.queue
        and st.closing < 0
        and st.end is None
    )


def _fast_draw(state: State, action: Any) -> State | None:
    actor = action.actor
    if not _turn_is(state, actor, _DRAW):
        return None
    t = state.table
    draw = t.draw
    if not draw:
        return None  # a reshuffle, or the end of the round
    card = draw[-1]
    private = t.private
    f = state.flow
    return State(
        state.setup,
        Table(
            t.rows,
            draw[:-1],
            t.discard,
            card,
            t.public,
            _with_bit(private, actor, card),
        ),
        Flow(f.turn, _DECIDE, f.turns, f.queue, f.pending, f.lockout, f.status),
    )


def _identical(deck: Deck, rules: Ruleset, card: int, top: int) -> bool:
    """Whether ``card`` thrown onto ``top`` is identical (:rule:`throw-in.identical`). The jokers
    are one rank (:rule:`ruling.joker-family`): the Ass Joker onto a joker is correct, and burned
    (:rule:`ass-joker.burn`); a plain joker onto the Ass Joker only with
    :rule:`ruling.joker-onto-ass-joker`."""
    keys = deck.match_keys
    if keys[card] != keys[top]:
        return False
    return not (top == deck.ass_joker and card != top and not rules.joker_onto_ass_joker)


def _completes_rank(deck: Deck, discard: tuple[int, ...], card: int) -> bool:
    """Whether ``card``, just placed on top of ``discard``, completes all the cards of its rank
    lying together (:rule:`four-together.touch-nose`: four in the default deck). A rank of a
    single card (a deck option) never does: one card is not cards together."""
    keys = deck.match_keys
    key = keys[card]
    if len(discard) < 2 or keys[discard[-2]] != key:
        return False  # the usual case: the card below is another rank
    need = deck.key_counts[key]
    return len(discard) >= need and all(keys[c] == key for c in discard[-need:])


def _four_together(state: State, discard: tuple[int, ...], card: int) -> bool:
    setup = state.setup
    return setup.ruleset.nose_race != "off" and _completes_rank(setup.deck, discard, card)


def _fast_turn_card(
    state: State, rows: tuple[tuple[int, ...], ...], card: int, triggers: bool
) -> State | None:
    """The turn card ``card`` lands (:func:`_Work.place_turn_card`)."""
    t = state.table
    discard = t.discard + (card,)
    if _four_together(state, discard, card):
        return None
    f = state.flow
    st = f.status
    if st.final_lap > 0:
        st = Status(st.caller, st.final_lap - 1, st.closing, st.looking, st.emptied, st.rng, st.end)
    queue: tuple[Effect, ...] = (
        (Function(f.turn, card),) if triggers and state.setup.deck.functions[card] else ()
    )
    flow = _fast_flow(state, rows, f.turn, _DONE, f.turns + 1, queue, 0, st)
    if flow is None:
        return None
    return State(
        state.setup, Table(rows, t.draw, discard, NO_CARD, t.public | (1 << card), t.private), flow
    )


def _fast_play(state: State, action: Any) -> State | None:
    held = state.table.held
    if held == state.setup.deck.ass_joker or not _turn_is(state, action.actor, _DECIDE):
        return None
    return _fast_turn_card(state, state.table.rows, held, True)


def _fast_keep(state: State, action: Any) -> State | None:
    actor, slot = action.actor, action.slot
    if type(slot) is not int or not _turn_is(state, actor, _DECIDE):
        return None
    t = state.table
    rows = t.rows
    row = rows[actor]
    if not 0 <= slot < len(row):
        return None
    out = row[slot]
    if out == state.setup.deck.ass_joker:
        return None
    new_rows = _with_row(rows, actor, row[:slot] + (t.held,) + row[slot + 1 :])
    triggers = state.setup.ruleset.keep_discard_triggers_function
    return _fast_turn_card(state, new_rows, out, triggers)


def _fast_look(state: State, action: Any, target: int, slot: int) -> State | None:
    """11 peek and 12 spy: the executor sees one card; the function leaves the queue."""
    f = state.flow
    queue = f.queue
    if len(queue) != 1:
        return None
    t = state.table
    card = t.rows[target][slot]
    flow = _fast_flow(state, t.rows, f.turn, f.stage, f.turns, (), f.lockout, f.status)
    if flow is None:
        return None
    private = t.private
    actor = action.actor
    known = _with_bit(private, actor, card)
    return State(state.setup, Table(t.rows, t.draw, t.discard, t.held, t.public, known), flow)


def _fast_peek(state: State, action: Any) -> State | None:
    return _fast_look(state, action, action.actor, action.slot)


def _fast_spy(state: State, action: Any) -> State | None:
    return _fast_look(state, action, action.target, action.slot)


def _fast_throw_in(state: State, action: Any) -> State | None:
    """An own throw-in, right or wrong, with nothing unusual following."""
    actor, owner, slot = action.actor, action.owner, action.slot
    if owner != actor:
        return None
    f = state.flow
    st = f.status
    if st.closing >= 0 or any(type(e) is Compensation for e in f.queue):
        return None  # the reaction round, or a gap in some row
    setup = state.setup
    deck = setup.deck
    t = state.table
    rows = t.rows
    row = rows[actor]
    card = row[slot]
    if not _identical(deck, setup.ruleset, card, t.discard[-1]):
        # Wrong: shown, taken back, one penalty card (:rule:`throw-in.wrong-card.penalty`).
        draw = t.draw
        if not draw:
            return None
        penalty = draw[-1]
        new_rows = _with_row(rows, actor, row + (penalty,))
        lockout = f.lockout | (1 << actor) if setup.ruleset.throw_in_retry_lockout else f.lockout
        flow = _fast_flow(state, new_rows, f.turn, f.stage, f.turns, f.queue, lockout, st)
        if flow is None:
            return None
        public = t.public | (1 << card)
        return State(setup, Table(new_rows, draw[:-1], t.discard, t.held, public, t.private), flow)
    discard = t.discard + (card,)
    if _four_together(state, discard, card):
        return None
    new_rows = _with_row(rows, actor, row[:slot] + row[slot + 1 :])
    queue = (*f.queue, Function(actor, card)) if deck.functions[card] else f.queue
    flow = _fast_flow(state, new_rows, f.turn, f.stage, f.turns, queue, 0, st)
    if flow is None:
        return None
    public = t.public | (1 << card)
    return State(setup, Table(new_rows, t.draw, discard, t.held, public, t.private), flow)


def _fast_move(state: State, rows: tuple[tuple[int, ...], ...]) -> State | None:
    """13 give and 14 switch: cards move face down; the function leaves the queue."""
    f = state.flow
    if len(f.queue) != 1 or f.status.emptied:
        return None
    flow = _fast_flow(state, rows, f.turn, f.stage, f.turns, (), f.lockout, f.status)
    if flow is None:
        return None
    t = state.table
    return State(state.setup, Table(rows, t.draw, t.discard, t.held, t.public, t.private), flow)


def _fast_give(state: State, action: Any) -> State | None:
    rows = state.table.rows
    actor, slot, target = action.actor, action.slot, action.target
    mine = rows[actor]
    card = mine[slot]
    new = list(rows)
    new[actor] = (*mine[:slot], *mine[slot + 1 :])
    new[target] = (*rows[target], card)
    return _fast_move(state, tuple(new))


def _fast_switch(state: State, action: Any) -> State | None:
    rows = state.table.rows
    actor, slot, target, tslot = action.actor, action.slot, action.target, action.target_slot
    mine, theirs = rows[actor], rows[target]
    new = list(rows)
    new[actor] = (*mine[:slot], theirs[tslot], *mine[slot + 1 :])
    new[target] = (*theirs[:tslot], mine[slot], *theirs[tslot + 1 :])
    return _fast_move(state, tuple(new))


def _with_status(state: State, status: Status) -> State:
    f = state.flow
    flow = Flow(f.turn, f.stage, f.turns, f.queue, f.pending, f.lockout, status)
    return State(state.setup, state.table, flow)


def _fast_call(state: State, action: Any) -> State | None:
    st = state.flow.status
    return _with_status(
        state,
        Status(
            action.actor, state.setup.players, st.closing, st.looking, st.emptied, st.rng, st.end
        ),
    )


def _fast_pass(state: State, action: Any) -> State | None:
    st = state.flow.status
    closing = st.closing | (1 << action.actor)
    if closing == (1 << state.setup.players) - 1:
        closing = -1  # everybody passed: the round is over
    return _with_status(
        state, Status(st.caller, st.final_lap, closing, st.looking, st.emptied, st.rng, st.end)
    )


_TURN_PATHS: Final[dict[type, Callable[[State, Any], State | None]]] = {
    Draw: _fast_draw,
    Play: _fast_play,
    Keep: _fast_keep,
}

_FAST_PATHS: Final[dict[type, Callable[[State, Any], State | None]]] = {
    Give: _fast_give,
    Switch: _fast_switch,
    CallSabaiSabai: _fast_call,
    Pass: _fast_pass,
    Peek: _fast_peek,
    Spy: _fast_spy,
    ThrowIn: _fast_throw_in,
}


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalActionError` (naming the rule) if it is not
    legal. ``state`` itself is never changed."""
    return _transition(state, action, None)


def apply_events(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and the events the action caused, in order."""
    events: list[Event] = []
    new = _transition(state, action, events)
    return new, tuple(events)


def is_legal(state: State, action: Action) -> bool:
    return _check(state, action) is None


# -- enumeration -------------------------------------------------------------------------------


class LegalActions(Sequence[Action]):
    """Every legal action of every player at one moment, in this order:

    1. :attr:`decisions` — what the game waits for: the answer to a pending nose race
       (:class:`TouchNoseLast`, by player) or offer (:class:`TakeFirstRefusal`,
       :class:`WaiveFirstRefusal`); else the parameters of the function or compensation card at
       the head of the queue, for its player (:class:`Peek`, :class:`Spy`, :class:`Give`,
       :class:`Switch` by slot, then target, then :class:`SkipFunction`; :class:`Compensate` by
       slot); else the active player's turn actions (:class:`Draw`, or :class:`Play` then
       :class:`Keep` by slot) or, before the first turn, :class:`LookAtCards` by player;
    2. :attr:`throw_ins` — by thrower in seat order, each thrower's own row first, then the other
       rows in seat order, each row by slot;
    3. :attr:`calls` — :class:`CallSabaiSabai` in seat order;
    4. :attr:`passes` — :class:`Pass` of the reaction round, in seat order.

    It is an immutable sequence (``len``, indexing, iteration, ``in``, equality with any sequence
    of the same actions); the throw-ins, which can be hundreds, are listed only when asked for,
    and ``action in legal`` costs one legality check. Nothing in it depends on a face a player
    has not seen, except the actor's own drawn card (a drawn Ass Joker cannot be played).
    """

    __slots__ = ("_all", "_state", "_throw_ins", "calls", "decisions", "passes")

    def __init__(
        self,
        state: State,
        throw_ins: bool,
        decisions: tuple[Action, ...],
        calls: tuple[Action, ...],
        passes: tuple[Action, ...],
    ) -> None:
        self._state = state
        self.decisions = decisions
        self.calls = calls
        self.passes = passes
        self._throw_ins: tuple[Action, ...] | None = None if throw_ins else ()
        self._all: tuple[Action, ...] | None = None

    @property
    def throw_ins(self) -> tuple[Action, ...]:
        found = self._throw_ins
        if found is None:
            state = self._state
            found = self._throw_ins = _throw_ins(state, _shape(state))
        return found

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
        return type(action) in _CHECKS and _check(self._state, action) is None  # type: ignore[arg-type]

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


_NO_ACTIONS: Final[tuple[Action, ...]] = ()


def legal_actions(state: State) -> LegalActions:
    """Every legal action of every player, out-of-turn ones included, in the documented order
    of :class:`LegalActions`."""
    f = state.flow
    st = f.status
    if st.end is not None and st.closing < 0:
        return LegalActions(state, False, _NO_ACTIONS, _NO_ACTIONS, _NO_ACTIONS)
    setup = state.setup
    memo = setup.memo
    n = setup.players
    pending = f.pending
    if pending is not None:
        if isinstance(pending, NoseRace):
            race = _cached(memo, ("nose", n), lambda: tuple(TouchNoseLast(p) for p in range(n)))
            return LegalActions(state, False, race, _NO_ACTIONS, _NO_ACTIONS)
        answers = (TakeFirstRefusal(pending.owner), WaiveFirstRefusal(pending.owner))
        return LegalActions(state, False, answers, _NO_ACTIONS, _NO_ACTIONS)
    queue = f.queue
    decisions: tuple[Action, ...] = _NO_ACTIONS
    closing = st.closing
    if queue:
        head = queue[0]
        if isinstance(head, Function):
            decisions = _function_actions(state, head, _shape(state))
        else:
            decisions = tuple(Compensate(head.thrower, s) for s in _compensation_slots(state, head))
    elif closing < 0:
        stage = f.stage
        if stage == _DRAW:
            draws = memo.get("draws")
            if draws is None:
                draws = memo["draws"] = tuple((Draw(p),) for p in range(MAX_PLAYERS))
            decisions = draws[f.turn]
        elif stage == _DECIDE:
            decisions = _decisions(state)
        elif stage == _LOOK:
            looking = st.looking
            rows = state.table.rows
            decisions = tuple(
                LookAtCards(p, s)
                for p in range(n)
                if (looking >> p) & 1
                for s in _slot_choices(len(rows[p]), state)
            )
    calls: tuple[Action, ...] = _NO_ACTIONS
    passes: tuple[Action, ...] = _NO_ACTIONS
    if closing < 0:
        if st.caller < 0 and setup.calls_allowed:
            if setup.ruleset.call_timing == "own_turn":
                calls = (CallSabaiSabai(f.turn),)
            else:
                calls = memo.get(("calls", n)) or _cached(
                    memo, ("calls", n), lambda: tuple(CallSabaiSabai(p) for p in range(n))
                )
    elif not queue:
        passes = memo.get(("passes", n, closing)) or _cached(
            memo,
            ("passes", n, closing),
            lambda: tuple(Pass(p) for p in range(n) if not (closing >> p) & 1),
        )
    return LegalActions(state, True, decisions, calls, passes)


def _shape(state: State) -> tuple[Any, ...]:
    """The table's shape, which is all that the lists of actions depend on: the row lengths, or,
    while a compensation card is owed (a row has a gap), the slots of each row that hold cards."""
    rows = state.table.rows
    queue = state.flow.queue
    if queue and any(type(e) is Compensation for e in queue):
        return tuple(tuple(i for i, c in enumerate(r) if c >= 0) for r in rows)
    return tuple(map(len, rows))


_MEMO_LIMIT: Final = 8_000


def _cached(
    memo: dict[Any, Any], key: tuple[Any, ...], build: Callable[[], tuple[Action, ...]]
) -> tuple[Action, ...]:
    """Action tuples depend only on the table's shape, not on faces: build each once per ruleset
    (actions are values, so one tuple serves every state of that shape)."""
    found: tuple[Action, ...] | None = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[key] = build()
    return found


def _slot_choices(length: int, state: State) -> list[tuple[int, ...]]:
    want = min(state.ruleset.initial_peek, length)
    choices: list[tuple[int, ...]] = [()]
    for _ in range(want):
        choices = [(*c, s) for c in choices for s in range(c[-1] + 1 if c else 0, length)]
    return choices


def _decisions(state: State) -> tuple[Action, ...]:
    """Play, then Keep by slot; the same conditions as :func:`_check_decision`."""
    t = state.table
    actor = state.flow.turn
    length = len(t.rows[actor])
    can_play = _may_play_held(state)
    # With an empty row only a drawn Ass Joker can be kept (it goes into the row).
    can_keep = length > 0 or t.held == state.deck.ass_joker

    def build() -> tuple[Action, ...]:
        play: tuple[Action, ...] = (Play(actor),) if can_play else ()
        keeps = tuple(Keep(actor, s) for s in range(max(length, 1))) if can_keep else ()
        return play + keeps

    return _cached(state.setup.memo, ("decide", actor, length, can_play, can_keep), build)


def _slots(shape: tuple[Any, ...], player: int) -> Sequence[int]:
    entry = shape[player]
    return range(entry) if type(entry) is int else entry


def _function_actions(state: State, head: Function, shape: tuple[Any, ...]) -> tuple[Action, ...]:
    kind = state.deck.functions[head.card]
    me = head.executor
    rules = state.ruleset
    # Key on what the actions depend on: a peek on the executor's row only, a give on it and on
    # which targets may receive (with protect_empty_players), a spy or switch on every row.
    if kind == PEEK:
        key: tuple[Any, ...] = ("function", kind, me, shape[me])
    elif kind == GIVE:
        receivers: Any = (
            tuple(bool(_slots(shape, p)) for p in range(len(shape)))
            if rules.protect_empty_players
            else len(shape)
        )
        key = ("function", kind, me, shape[me], receivers)
    else:
        key = ("function", kind, me, shape)
    found: tuple[Action, ...] | None = state.setup.memo.get(key)
    if found is not None:
        return found

    def build() -> tuple[Action, ...]:
        n = len(shape)
        mine = _slots(shape, me)
        others = [p for p in range(n) if p != me]
        out: list[Action]
        if kind == PEEK:
            out = [Peek(me, s) for s in mine]
        elif kind == SPY:
            out = [Spy(me, p, s) for p in others for s in _slots(shape, p)]
        elif kind == GIVE:
            protect = rules.protect_empty_players
            targets = [p for p in others if not protect or _slots(shape, p)]
            out = [Give(me, s, p) for s in mine for p in targets]
        else:
            out = [Switch(me, s, p, t) for s in mine for p in others for t in _slots(shape, p)]
        if rules.functions_optional:
            out.append(SkipFunction(me))
        return tuple(out)

    return _cached(state.setup.memo, key, build)


def _compensation_slots(state: State, head: Compensation) -> list[int]:
    me = head.thrower
    return _compensation_choices(state.table.rows[me], state.table.mask(me), state.deck)


def _compensation_choices(row: tuple[int, ...], known: int, deck: Deck) -> list[int]:
    """The slots of the thrower's row that may be picked as the compensation card: every card
    but an Ass Joker the thrower knows (:rule:`ruling.compensation-card`)."""
    ass = deck.ass_joker
    return [i for i, c in enumerate(row) if c >= 0 and not (c == ass and (known >> c) & 1)]


def _throw_ins(state: State, shape: tuple[Any, ...]) -> tuple[Action, ...]:
    """Throw-ins legal now, in the documented order; the same predicates as
    :func:`_check_throw_in`, evaluated once per thrower rather than once per card."""
    f, t, rules = state.flow, state.table, state.ruleset
    if t.top < 0 or f.stage == _LOOK:
        return ()
    if rules.throw_in_window == "until_next_draw" and f.stage == _DECIDE:
        return ()
    n = state.players
    lockout = f.lockout
    blocked_last = _keeps_last_card(state)

    def masks() -> tuple[int, int]:
        own_mask = 0  # throwers who may throw in their own cards
        behalf_mask = 0  # throwers who may throw in other players' cards
        behalf = rules.allow_on_behalf
        needs_card = rules.on_behalf_requires_card
        for actor in range(n):
            if (lockout >> actor) & 1:
                continue
            own_mask |= 1 << actor
            if behalf and (not needs_card or shape[actor]):
                behalf_mask |= 1 << actor
        return own_mask, behalf_mask

    if rules.on_behalf_requires_thrower_knowledge:
        return tuple(_throw_ins_by_knowledge(state, shape, *masks(), blocked_last))
    key = ("throw", shape, lockout, blocked_last)

    def build() -> tuple[Action, ...]:
        own_mask, behalf_mask = masks()
        out: list[Action] = []
        for actor in range(n):
            if (own_mask >> actor) & 1 and actor != blocked_last:
                out.extend(_throw_row(actor, actor, shape[actor]))
            if (behalf_mask >> actor) & 1:
                for owner in range(n):
                    if owner != actor:
                        out.extend(_throw_row(actor, owner, shape[owner]))
        return tuple(out)

    return _cached(state.setup.memo, key, build)


_THROW_ROWS: dict[tuple[int, int], list[ThrowIn]] = {}


def _throw_row(actor: int, owner: int, slots: int | tuple[int, ...]) -> list[ThrowIn]:
    """``ThrowIn(actor, owner, s)`` for the given slots (a row length, or the slots holding cards
    when the row has a gap), from one shared list per (actor, owner)."""
    row = _THROW_ROWS.get((actor, owner))
    if row is None:
        row = _THROW_ROWS[(actor, owner)] = []
    if isinstance(slots, int):
        while len(row) < slots:
            row.append(ThrowIn(actor, owner, len(row)))
        return row[:slots]
    while slots and len(row) <= max(slots):
        row.append(ThrowIn(actor, owner, len(row)))
    return [row[s] for s in slots]


def _throw_ins_by_knowledge(
    state: State, shape: tuple[Any, ...], own_mask: int, behalf_mask: int, blocked_last: int
) -> list[Action]:
    """Older edition: a card may be played for its owner only if the thrower has seen it and the
    owner has not (:rule:`ruling.older-on-behalf-knowledge`)."""
    k = state.table
    rows = state.table.rows
    n = state.players
    out: list[Action] = []
    for actor in range(n):
        if (own_mask >> actor) & 1 and actor != blocked_last:
            out.extend(ThrowIn(actor, actor, s) for s in _slots(shape, actor))
        if (behalf_mask >> actor) & 1:
            mine = k.mask(actor)
            for owner in range(n):
                if owner == actor:
                    continue
                theirs = k.mask(owner)
                for s in _slots(shape, owner):
                    card = rows[owner][s]
                    if (mine >> card) & 1 and not (theirs >> card) & 1:
                        out.append(ThrowIn(actor, owner, s))
    return out

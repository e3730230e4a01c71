"""The working copy of one transition: what an action and its consequences may change.

A :class:`Work` is made from a state, changed in place by the effects
(:mod:`~sabai_rules.engine.effects`) and the flow (:mod:`~sabai_rules.engine.flow`), and frozen
into the next state, sharing every part that did not change. It also holds the card operations
that several effects share: taking from the draw pile, a penalty card, a card placed on the pile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar, TypeVarTuple

from sabai_rules.engine.rules import (
    MOTION_CLOSED,
    cards_reshuffled,
    empties_round,
    kept_out_of_reshuffle,
    nose_race_after,
    reshuffles,
)
from sabai_rules.model import chance
from sabai_rules.model.deciders import decides
from sabai_rules.model.events import Event, NoseRaceLost, PenaltyCard, PenaltyWaived, Reshuffled
from sabai_rules.state import (
    LAZY,
    NO_CARD,
    SAMPLED,
    ChanceKind,
    NoseRace,
    State,
    Table,
    card_bit,
    cards_in,
    seat_bit,
)
from sabai_rules.state import Flow as FlowPart

__all__ = ["NeedChance", "Work", "lazy_draw", "nose_race_draw", "with_bit", "with_row"]

_Fields = TypeVarTuple("_Fields")
_T = TypeVar("_T")


class NeedChance(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a :class:`Work` that chance must decide for before it goes on (the explicit and
    lazy chance models): the transition is abandoned, and the state before it becomes a chance
    node (:mod:`~sabai_rules.engine.outcomes`)."""

    def __init__(
        self,
        kind: ChanceKind,
        pool: tuple[int, ...],
        choices: tuple[int, ...],
        needed: int,
        taken: tuple[int, ...],
        start: int,
        rng: int,
    ) -> None:
        super().__init__(kind.value)
        self.kind = kind
        self.pool = pool
        self.choices = choices
        self.needed = needed
        self.taken = taken
        self.start = start
        self.rng = rng


def nose_race_draw(rng: int, players: int) -> tuple[int, int]:
    """The seeded generator's loser of a nose race among ``players``, and the generator after it:
    the one draw that both a transition (:meth:`Work.place`) and the seeded sampler
    (:func:`~sabai_rules.moves.seeded_outcome`) make."""
    return chance.below(rng, players)


def lazy_draw(rng: int, cards: int) -> tuple[int, int]:
    """The seeded generator's pick among the ``cards`` of an unordered draw pile (the lazy chance
    model), as an index, and the generator after it; shared like :func:`nose_race_draw`."""
    return chance.below(rng, cards)


def with_row(
    rows: tuple[tuple[int, ...], ...], player: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """``rows`` with ``player``'s row replaced."""
    # Compiled, a tuple built from a generator over a tuple is filled in place: no list.
    return tuple(row if p == player else r for p, r in enumerate(rows))


def appended(values: tuple[_T, ...], value: _T) -> tuple[_T, ...]:
    """``values``, then ``value``."""
    # Concatenation, not ``(*values, value)``, which compiled builds a list first.
    return values + (value,)  # noqa: RUF005


def with_card(row: tuple[int, ...], slot: int, card: int) -> tuple[int, ...]:
    """``row`` with ``card`` in ``slot``."""
    # A list, not ``(*row[:slot], card, *row[slot + 1 :])``, which compiled builds a list from
    # slices anyway; nor a generator, which would unbox and box every card.
    new = list(row)
    new[slot] = card
    return tuple(new)


def with_bit(masks: tuple[int, ...], player: int, card: int) -> tuple[int, ...]:
    """``masks`` with ``card`` added to ``player``'s mask."""
    new = list(masks)
    new[player] |= card_bit(card)
    return tuple(new)


class Work:
    """A mutable copy of the parts of a state that one transition may change."""

    __slots__ = (
        "deck",
        "discard",
        "draw",
        "events",
        "held",
        "lockout",
        "motion",
        "n",
        "pending",
        "private",
        "public",
        "queue",
        "reactions",
        "rows",
        "rules",
        "setup",
        "stage",
        "stale",
        "state",
        "status",
        "taken",
        "tape",
        "turn",
        "turns",
    )

    def __init__(
        self, state: State, events: list[Event] | None, tape: tuple[int, ...] = ()
    ) -> None:
        t, f = state.table, state.flow
        setup = state.setup
        self.state = state
        self.setup = setup
        self.rules = setup.ruleset
        self.deck = setup.deck
        self.n = setup.players
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
        self.motion = MOTION_CLOSED
        self.reactions = f.reactions
        self.stale = f.stale
        # The status changes a few times a round: replaced as a whole (its ``with_`` methods).
        self.status = f.status
        # Chance's outcomes, when chance is explicit: ``None`` when the seeded generator decides
        # inside the transition (the sampled model), else those taken so far, used in order.
        self.tape = None if setup.chance is SAMPLED else tape
        self.taken = 0

    def freeze(self) -> State:
        """The state this work has come to."""
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
        if (
            self.turn != f.turn
            or self.stage != f.stage
            or self.turns != f.turns
            or self.queue is not f.queue
            or self.pending is not f.pending
            or self.lockout != f.lockout
            or self.status is not f.status
            or self.motion != f.motion
            or self.reactions != f.reactions
            or self.stale != f.stale
        ):
            f = FlowPart(
                self.turn,
                self.stage,
                self.turns,
                self.queue,
                self.pending,
                self.lockout,
                self.status,
                self.motion,
                self.reactions,
                self.stale,
            )
        return State(s.setup, t, f)

    def emit(self, kind: Callable[[*_Fields], Event], *args: *_Fields) -> None:
        """Record the event ``kind(*args)``, when events are asked for:
        :func:`~sabai_rules.moves.apply` does not ask, and builds none. (Positional fields
        only: compiled, keywords would cost a new dictionary per call, events asked for or not.)"""
        if self.events is not None:
            self.events.append(kind(*args))

    # -- rows and piles ----------------------------------------------------------------------

    def set_row(self, player: int, row: tuple[int, ...]) -> None:
        self.rows = with_row(self.rows, player, row)

    def left_row(self, player: int, by_discard: bool) -> None:
        """Note a card leaving ``player``'s row, for :rule:`round-end.empty-row`: bit ``player``
        of ``emptied`` marks a row emptied onto the pile, bit ``n`` that some row was empty."""
        emptied = self.status.emptied
        if cards_in(self.rows[player]) == 0:
            if by_discard:
                emptied |= seat_bit(player)
            if empties_round(self.rules, by_discard):
                emptied |= seat_bit(self.n)
        else:
            emptied &= ~seat_bit(player)
        if emptied != self.status.emptied:
            self.status = self.status.with_emptied(emptied)

    def entered_row(self, player: int) -> None:
        if self.status.emptied & seat_bit(player):
            self.status = self.status.with_emptied(self.status.emptied & ~seat_bit(player))

    def forget(self, cards: Iterable[int]) -> None:
        """Nobody knows ``cards`` any more."""
        mask = 0
        for card in cards:
            mask |= card_bit(card)
        keep = ~mask
        self.public &= keep
        self.private = tuple(p & keep for p in self.private)

    def take_from_draw(self, player: int) -> int:
        """The top card of the draw pile, reshuffling the discard pile into it if it is empty
        (:rule:`ruling.draw-pile-exhausted`); :data:`~sabai_rules.state.NO_CARD` if there is none
        at all. In the lazy chance model the draw pile has no order, and chance picks the card."""
        if not self.draw:
            self.reshuffle(player)
        draw = self.draw
        if not draw:
            return NO_CARD
        if self.tape is not None and self.setup.chance is LAZY:
            (card,) = self.outcomes(ChanceKind.DRAW, draw, 1)
            self.status = self.status.with_rng(lazy_draw(self.status.rng, len(draw))[0])
            self.draw = tuple(c for c in draw if c != card)
            return card
        card = draw[-1]
        self.draw = draw[:-1]
        return card

    def reshuffle(self, player: int) -> None:
        """The draw pile is empty and ``player`` must draw: the cards of the discard pile, but its
        top card and the cards whose functions wait, become the new draw pile, if there are any
        (:rule:`ruling.draw-pile-exhausted`, :rule:`ruling.reshuffle-with-queued-functions`); a
        burned Ass Joker stays out unless an option says otherwise
        (:rule:`ruling.ass-joker-holder-at-reveal`)."""
        out = kept_out_of_reshuffle(self.rules, self.deck)
        under, kept = cards_reshuffled(self.discard, self.queue, out)
        if not reshuffles(self.rules, self.draw, under):
            return
        tape = self.tape
        if tape is None:
            cards, rng = chance.shuffled(under, self.status.rng)
        elif self.setup.chance is LAZY:
            cards, rng = tuple(sorted(under)), self.status.rng
        else:
            # The outcomes name the new pile top card first; the pile is kept top card last.
            cards = tuple(reversed(self.outcomes(ChanceKind.RESHUFFLE, under, len(under))))
            rng = chance.shuffled(under, self.status.rng)[1]
        self.status = self.status.with_rng(rng)
        self.draw = cards
        self.discard = kept
        self.forget(cards)  # shuffled cards are no longer known to anybody
        self.emit(Reshuffled, player, tuple(sorted(cards)))

    def outcomes(self, kind: ChanceKind, pool: tuple[int, ...], needed: int) -> tuple[int, ...]:
        """The next ``needed`` outcomes of the tape, for an event choosing from ``pool`` (cards,
        without repeats; seats for a nose race); :class:`NeedChance` if chance has not decided
        them all yet."""
        tape = self.tape
        assert tape is not None
        start = self.taken
        got = tape[start : start + needed]
        if len(got) < needed:
            left = (
                sorted(set(pool) - set(got)) if kind is not ChanceKind.NOSE_RACE else range(self.n)
            )
            raise NeedChance(kind, pool, tuple(left), needed, tape, start, self.status.rng)
        self.taken = start + needed
        return got

    def penalty(self, player: int) -> None:
        """``player`` draws one penalty card, unseen, to the end of their row
        (:rule:`throw-in.penalty-card`); waived when no card is left."""
        card = self.take_from_draw(player)
        if card == NO_CARD:
            self.emit(PenaltyWaived, player)
            return
        self.set_row(player, appended(self.rows[player], card))
        self.entered_row(player)
        self.emit(PenaltyCard, player, card)

    def place(self, card: int) -> None:
        """``card`` lands face up on the discard pile; everybody has seen it. If it completes its
        rank, the nose race starts (:rule:`four-together.touch-nose`)."""
        self.discard = appended(self.discard, card)
        self.public |= card_bit(card)
        self.stale = False
        race = nose_race_after(self.rules, self.deck, self.discard, card)
        if race == "random":
            rng, loser = nose_race_draw(self.status.rng, self.n)
            if self.tape is not None:
                (loser,) = self.outcomes(ChanceKind.NOSE_RACE, (), 1)
            self.status = self.status.with_rng(rng)
            self.lose_nose_race(loser)
        elif race == "recorded":
            self.pending = NoseRace(self.deck.match_keys[card])

    def lose_nose_race(self, loser: int) -> None:
        """``loser`` touched their nose last, and draws the penalty card."""
        self.emit(NoseRaceLost, loser)
        self.penalty(loser)


decides(Work.penalty, "throw-in.penalty-card")
decides(Work.lose_nose_race, "four-together.last-draws-penalty")

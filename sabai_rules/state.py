"""The immutable state of a round of sabai-sabai, and the results of rounds and games.

A :class:`State` is three frozen parts, each shared between states when it does not change:

* :class:`Setup` — what is fixed for the round: the ruleset, the deck, the players, the dealer;
* :class:`Table` — the cards: each player's row, the draw pile, the discard pile, the drawn card,
  and which cards each player has seen (:rule:`ruling.knowledge-model`);
* :class:`Flow` — whose turn it is and what is pending: queued functions and compensation cards,
  an offer of first refusal, a nose race, lock-outs, the call and the final lap, the reaction round.

Conventions. Players are seats ``0 .. n-1`` in play order (counter-clockwise,
:rule:`turn.counter-clockwise`); the player after ``p`` is ``(p + 1) % n``. A row is a tuple of card
ids, slot 0 at its left end (:rule:`ruling.row-positions`); while a compensation card is owed, the
thrown card's slot holds a *gap* (a negative marker, :func:`is_gap`). The draw pile is a tuple with
its **top card last**; the discard pile is a tuple with its **top card last**. Card ids never reach
a player: use :func:`sabai_rules.play.views.view`.

Transitions are in :mod:`sabai_rules.moves`; nothing here changes a state.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Iterator
from typing import Final

import attr
import attrs

from sabai_rules.model.cards import Deck, face_name
from sabai_rules.model.deciders import decides
from sabai_rules.model.ruleset import Ruleset

__all__ = [
    "LAZY",
    "NOT_CLOSING",
    "NO_CARD",
    "NO_FINAL_LAP",
    "NO_PLAYER",
    "SAMPLED",
    "STAGE_DECIDE",
    "STAGE_DONE",
    "STAGE_DRAW",
    "STAGE_LOOK",
    "Chance",
    "ChanceKind",
    "ChanceModel",
    "Compensation",
    "EndCause",
    "Flow",
    "Function",
    "Game",
    "NoseRace",
    "Offer",
    "RoundResult",
    "Setup",
    "Stage",
    "State",
    "Status",
    "Table",
    "all_seats",
    "card_bit",
    "cards_in",
    "gap_for",
    "has_cards",
    "has_gap",
    "has_seat",
    "is_gap",
    "seat_bit",
]

#: No card (the drawn-card field when nothing is held).
NO_CARD: Final = -1
#: No player (no caller yet).
NO_PLAYER: Final = -1
#: ``Status.final_lap`` before anybody called: no final lap is being played.
NO_FINAL_LAP: Final = -1
#: ``Status.closing`` outside the reaction round at the end of a round.
NOT_CLOSING: Final = -1


def seat_bit(player: int) -> int:
    """``player``'s bit in a bit mask of players (lock-outs, passes, emptied rows)."""
    return 1 << player


def has_seat(mask: int, player: int) -> bool:
    """Whether ``player``'s bit is set in ``mask``."""
    return bool((mask >> player) & 1)


def all_seats(players: int) -> int:
    """The bit mask holding every player of a table of ``players``."""
    return (1 << players) - 1


def card_bit(card: int) -> int:
    """``card``'s bit in a bit mask of cards (the cards players have seen)."""
    return 1 << card


def gap_for(card: int) -> int:
    """The gap marker left in a row by ``card`` while its compensation is owed."""
    return -2 - card


#: The greatest gap marker: a row's value at most this is a gap (:func:`gap_for`), not a card.
LAST_GAP: Final = -2


def is_gap(value: int) -> bool:
    return value <= LAST_GAP


def cards_in(row: tuple[int, ...]) -> int:
    """How many cards a row holds (its gaps are not cards)."""
    return sum(1 for c in row if c >= 0)


# These two are loops on purpose: compiled, a loop runs natively where ``min`` or ``max`` is a
# call into Python; interpreted, a loop stops at the first hit where ``any`` over a generator
# pays for the generator.


def has_gap(row: tuple[int, ...]) -> bool:
    """Whether a row holds a gap."""
    # A loop, not ``min``: compiled, a loop over a tuple of ints is native, ``min`` a call into
    # Python that boxes every value.
    for value in row:  # noqa: SIM110
        if value <= LAST_GAP:
            return True
    return False


def has_cards(row: tuple[int, ...]) -> bool:
    """Whether a row holds a card (not only gaps)."""
    for c in row:  # noqa: SIM110
        if c >= 0:
            return True
    return False


class Stage(enum.IntEnum):
    """Where the active player's turn stands."""

    LOOK = 0
    """Before the first turn: players still look at their cards (:rule:`setup.look-at-two`)."""
    DRAW = 1
    """The active player is to draw (:rule:`turn.draw`) once nothing is pending."""
    DECIDE = 2
    """The active player holds the drawn card: play it or keep it (:rule:`turn.two-options`)."""
    DONE = 3
    """The turn's card is placed; the next turn starts once nothing is pending."""


# The stages under plain names, for the engine: on Python 3.11 every ``Stage.X`` goes through
# ``EnumType.__getattr__`` (about 120 ns, six times a global name), and the engine compares
# stages several times per transition.
STAGE_LOOK: Final = Stage.LOOK
STAGE_DRAW: Final = Stage.DRAW
STAGE_DECIDE: Final = Stage.DECIDE
STAGE_DONE: Final = Stage.DONE


class EndCause(enum.StrEnum):
    """How a round ended (:rule:`ruling.scoring-procedure`)."""

    EMPTIED = "emptied"
    """A row was empty with nothing pending (:rule:`round-end.empty-row`)."""
    FINAL_LAP = "final-lap"
    """The final lap after a call was played (:rule:`round-end.final-lap`)."""
    FORCED = "forced"
    """The final round reached its turn cap (:rule:`ruling.final-round-termination`)."""
    EXHAUSTED = "exhausted"
    """A turn could not draw: no card left anywhere (:rule:`ruling.draw-pile-exhausted`)."""


class ChanceModel(enum.StrEnum):
    """Where chance is decided in a round (:mod:`sabai_rules.engine.outcomes`)."""

    SAMPLED = "sampled"
    """Inside each transition, by the seeded generator: a state is never a chance node (the
    default; what ``deal(seed=)`` and the simulations play)."""
    EXPLICIT = "explicit"
    """At chance nodes: the deal card by card, a reshuffled draw pile card by card, a random
    nose race's loser."""
    LAZY = "lazy"
    """As explicit, but the draw pile has no order: each card drawn from it is a chance node over
    its cards (which nobody has seen), and a reshuffle is no chance node."""


# Under plain names for the engine's hot path, as the stages are.
SAMPLED: Final = ChanceModel.SAMPLED
LAZY: Final = ChanceModel.LAZY


class ChanceKind(enum.StrEnum):
    """What a chance node decides (:class:`Chance`)."""

    DEAL = "deal"
    """The next card dealt (:rule:`setup.four-cards`, :rule:`setup.draw-pile`)."""
    RESHUFFLE = "reshuffle"
    """The next card of the new draw pile, top first (:rule:`ruling.draw-pile-exhausted`)."""
    DRAW = "draw"
    """The card drawn from an unordered draw pile (the lazy model)."""
    NOSE_RACE = "nose-race"
    """The loser of a nose race under ``nose_race="random"`` (:rule:`ruling.nose-race`)."""


# The parts of a state are declared in the one attrs form mypyc compiles as native classes
# (``attr.s`` with ``init=False`` and ``slots=False``; ``attrs.frozen`` classes stay interpreted):
# in the compiled build their fields are C struct members, read and set directly, and building one
# costs about a fifteenth of what an interpreted attrs class costs. attrs still gives their
# equality, hashing, representation, fields and ``evolve``, and refuses setting a field
# (``frozen=True``). ``__init__`` is written out, setting each field with ``object.__setattr__``
# (which mypyc turns into a direct store), and :class:`_Part` rebuilds a value from its fields for
# pickle; tests/engine/test_state_value.py holds both to attrs's fields.


class _Part:
    """What every part of a state shares: pickle rebuilds it from its fields, in order, through
    its ``__init__`` (the only way a native class of the compiled build is built)."""

    def __reduce__(self) -> tuple[type[_Part], tuple[object, ...]]:
        # Every subclass is an attrs class; this base is not one, hence the ignore.
        return type(self), attr.astuple(self, recurse=False)  # type: ignore[arg-type]


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Setup(_Part):
    """What is fixed for a whole round; shared by all of its states."""

    ruleset: Ruleset
    deck: Deck
    players: int
    dealer: int
    round_index: int
    #: The final round is played without the call (:rule:`game-end.final-round-no-call`).
    final_round: bool
    #: The seed the round was dealt or started from (for records).
    seed: int | str
    #: Where chance is decided (:class:`ChanceModel`).
    chance: ChanceModel = ChanceModel.SAMPLED

    def __init__(
        self,
        ruleset: Ruleset,
        deck: Deck,
        players: int,
        dealer: int,
        round_index: int,
        final_round: bool,
        seed: int | str,
        chance: ChanceModel = ChanceModel.SAMPLED,
    ) -> None:
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "round_index", round_index)
        object.__setattr__(self, "final_round", final_round)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "chance", chance)

    @property
    def starter(self) -> int:
        """The player after the dealer takes the first turn (:rule:`turn.starter`)."""
        return (self.dealer + 1) % self.players


decides(Setup.starter, "turn.starter")


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Table(_Part):
    """The cards on the table."""

    rows: tuple[tuple[int, ...], ...]
    #: The draw pile, top card last.
    draw: tuple[int, ...]
    #: The discard pile, top card last.
    discard: tuple[int, ...]
    #: The card the active player has drawn and not yet played or kept, or :data:`NO_CARD`.
    held: int
    #: The cards everybody has seen face up, as a bit mask of card ids
    #: (:rule:`ruling.knowledge-model`).
    public: int
    #: Per player, the cards only that player has seen (a drawn card, a peek, a spy, the older
    #: edition's look at two cards), as bit masks.
    private: tuple[int, ...]

    def __init__(
        self,
        rows: tuple[tuple[int, ...], ...],
        draw: tuple[int, ...],
        discard: tuple[int, ...],
        held: int,
        public: int,
        private: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "draw", draw)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "held", held)
        object.__setattr__(self, "public", public)
        object.__setattr__(self, "private", private)

    @property
    def top(self) -> int:
        """The top card of the discard pile, or :data:`NO_CARD` before the first card is played."""
        return self.discard[-1] if self.discard else NO_CARD

    def knows(self, player: int, card: int) -> bool:
        """True if ``player`` has seen ``card``'s face (and it has not been shuffled away since)."""
        return bool(((self.public | self.private[player]) >> card) & 1)

    def mask(self, player: int) -> int:
        """The cards ``player`` has seen, as a bit mask."""
        return self.public | self.private[player]

    def cards_in_row(self, player: int) -> tuple[int, ...]:
        """The cards of ``player``'s row, gaps left out."""
        return tuple(c for c in self.rows[player] if c >= 0)

    def locations(self) -> Iterator[tuple[str, int]]:
        """Every card on the table with where it is: ``("row 2", card)``, ``("draw", card)``..."""
        for player, row in enumerate(self.rows):
            for card in row:
                if card >= 0:
                    yield f"row {player}", card
        for card in self.draw:
            yield "draw", card
        for card in self.discard:
            yield "discard", card
        if self.held >= 0:
            yield "held", self.held


decides(Table.knows, "ruling.knowledge-model")


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Function(_Part):
    """A function waiting to be carried out by ``executor``: the function of ``card``, a function
    card on the discard pile (:rule:`function.execute`), where it stays through a reshuffle until
    its function is carried out (:rule:`ruling.reshuffle-with-queued-functions`)."""

    executor: int
    card: int

    def __init__(self, executor: int, card: int) -> None:
        object.__setattr__(self, "executor", executor)
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Compensation(_Part):
    """A compensation card ``thrower`` owes ``owner`` for ``card``, thrown in from the owner's row
    (:rule:`sabai-sabai-move.compensation`)."""

    thrower: int
    owner: int
    card: int

    def __init__(self, thrower: int, owner: int, card: int) -> None:
        object.__setattr__(self, "thrower", thrower)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "card", card)


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Offer(_Part):
    """The owner's right of first refusal, awaiting the owner's answer
    (:rule:`sabai-sabai-move.first-refusal`)."""

    thrower: int
    owner: int
    slot: int
    #: Whether the card, if the owner waives and it is wrong, costs the thrower a penalty card:
    #: not when it is a later wrong card of a motion under ``wrong_cards_penalty="per_motion"``
    #: (:rule:`ruling.wrong-cards-in-a-batch`).
    penalty: bool = True

    def __init__(self, thrower: int, owner: int, slot: int, penalty: bool = True) -> None:
        object.__setattr__(self, "thrower", thrower)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "slot", slot)
        object.__setattr__(self, "penalty", penalty)


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class NoseRace(_Part):
    """All four cards of a rank lie on top of the discard pile: who touched their nose last?
    (:rule:`four-together.touch-nose`)"""

    #: The match key of the four cards (a rank, or the joker family).
    key: int

    def __init__(self, key: int) -> None:
        object.__setattr__(self, "key", key)


#: What the queue may hold.
Effect = Function | Compensation


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False, repr=False)
class Chance(_Part):
    """A chance node: the engine stopped where chance decides, before anything of the action that
    needs it happened (:mod:`sabai_rules.engine.outcomes`). Its outcomes are :attr:`choices`,
    equally likely. An event that takes several outcomes (a deal, a reshuffle) takes them one
    node after another and changes the table once the last is taken.

    Its representation names no card: what chance has decided so far is hidden information.
    """

    kind: ChanceKind
    #: The outcomes possible now, in increasing order: card ids, or seats for a nose race.
    choices: tuple[int, ...]
    #: The cards the event chooses from, in the order the seeded generator shuffles them (the
    #: deck for a deal, the cards it takes for a reshuffle, the draw pile for a lazy draw); empty
    #: for a nose race.
    pool: tuple[int, ...]
    #: How many outcomes the event takes in all.
    needed: int
    #: Every outcome taken since the action (or the deal) began, in order: earlier events' and
    #: this event's.
    taken: tuple[int, ...]
    #: Where this event's outcomes begin in :attr:`taken`.
    start: int
    #: The seeded generator's state as the event began (the seeded sampler draws from it).
    rng: int
    #: The action that waits for chance (a :class:`~sabai_rules.moves.Action`: this data module
    #: does not import the engine's); ``None`` for the deal. Not ``object``: the compiled build
    #: looks the annotation's name up in the module's globals, where ``object`` is not.
    action: Hashable
    #: What was pending when the action was taken (an offer it answers, say), restored to run it.
    before: Offer | NoseRace | None

    def __init__(
        self,
        kind: ChanceKind,
        choices: tuple[int, ...],
        pool: tuple[int, ...],
        needed: int,
        taken: tuple[int, ...],
        start: int,
        rng: int,
        action: Hashable,
        before: Offer | NoseRace | None,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "choices", choices)
        object.__setattr__(self, "pool", pool)
        object.__setattr__(self, "needed", needed)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "rng", rng)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "before", before)

    def __repr__(self) -> str:
        return f"<Chance {self.kind.value}: {len(self.choices)} outcomes>"


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Status(_Part):
    """The parts of the flow that change only a few times a round (kept apart from :class:`Flow`
    so that the common transitions copy less)."""

    #: The player who called sabai sabai, or -1 (:rule:`round-end.call`).
    caller: int
    #: Turns of the final lap still to play, or -1 before a call (:rule:`round-end.final-lap`).
    final_lap: int
    #: During the end-of-round reaction round, the bit mask of players who passed; -1 otherwise
    #: (:rule:`ruling.end-of-round-reaction`).
    closing: int
    #: Players still to look at their cards before the first turn, bit mask
    #: (:rule:`setup.look-at-two`).
    looking: int
    #: Rows whose last card left by being placed on the discard pile, bit mask; bit ``players``
    #: set once any row has been empty (for the ``empty_check="lock_in"`` option).
    emptied: int
    #: The seeded generator's state (reshuffles, simulated nose races).
    rng: int
    #: Why the round is ending or ended; ``None`` while it is being played.
    end: EndCause | None

    def __init__(
        self,
        caller: int,
        final_lap: int,
        closing: int,
        looking: int,
        emptied: int,
        rng: int,
        end: EndCause | None,
    ) -> None:
        object.__setattr__(self, "caller", caller)
        object.__setattr__(self, "final_lap", final_lap)
        object.__setattr__(self, "closing", closing)
        object.__setattr__(self, "looking", looking)
        object.__setattr__(self, "emptied", emptied)
        object.__setattr__(self, "rng", rng)
        object.__setattr__(self, "end", end)

    @property
    def is_over(self) -> bool:
        """An end cause is recorded and the reaction round, if any, is over: what
        :func:`~sabai_rules.engine.rules.round_over` decides on, and :attr:`State.is_over`
        says."""
        return self.end is not None and self.closing == NOT_CLOSING

    # What the engine changes in a status, each a direct construction: ``attrs.evolve`` is
    # interpreted (it reads the class's fields and calls through keywords), each call about half
    # as long as a whole compiled transition.

    def ending(self, end: EndCause | None, closing: int) -> Status:
        """This status with the round ending for ``end`` (``None``: not ending any more) and
        ``closing`` for the reaction round's passes."""
        return Status(
            self.caller, self.final_lap, closing, self.looking, self.emptied, self.rng, end
        )

    def with_call(self, caller: int, final_lap: int) -> Status:
        """This status with ``caller``, who called sabai sabai, and ``final_lap`` turns of the
        final lap still to play (at the call, and after each turn of the lap)."""
        return Status(
            caller, final_lap, self.closing, self.looking, self.emptied, self.rng, self.end
        )

    def with_looking(self, looking: int) -> Status:
        """This status with ``looking`` players still to look at their cards."""
        return Status(
            self.caller, self.final_lap, self.closing, looking, self.emptied, self.rng, self.end
        )

    def with_emptied(self, emptied: int) -> Status:
        """This status with ``emptied`` for the rows emptied by a discard."""
        return Status(
            self.caller, self.final_lap, self.closing, self.looking, emptied, self.rng, self.end
        )

    def with_rng(self, rng: int) -> Status:
        """This status with ``rng`` for the generator's state."""
        return Status(
            self.caller, self.final_lap, self.closing, self.looking, self.emptied, rng, self.end
        )


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False)
class Flow(_Part):
    """Whose turn it is and what is pending; kept apart from the cards."""

    #: The active player: whose turn it is (or is about to be).
    turn: int
    stage: Stage
    #: Turns played this round (a turn counts once its turn card is placed).
    turns: int
    #: Functions and compensation cards waiting, first in first out
    #: (:rule:`ruling.function-queue-order`).
    queue: tuple[Effect, ...]
    #: An offer of first refusal or a nose race awaiting an answer, or a chance node awaiting its
    #: outcome; nothing else happens meanwhile.
    pending: Offer | NoseRace | Chance | None
    #: Players locked out of throwing in, as a bit mask (:rule:`throw-in.retry-lockout`).
    lockout: int
    status: Status
    #: The player putting cards down in one motion that holds a wrong card, while more cards of
    #: that motion may follow (:class:`~sabai_rules.moves.AlsoThrowIn`,
    #: :rule:`throw-in.several-at-once`); :data:`NO_PLAYER` once anything else happens.
    motion: int = NO_PLAYER
    #: Cards thrown in since the last turn card (the reaction round included), for the
    #: ``max_turn_reactions`` cap (:rule:`ruling.reaction-cap`).
    reactions: int = 0
    #: The top card was already on top when the last card was drawn, and that turn placed no
    #: turn card (:rule:`ass-joker.drawn-into-empty-row`): it is no longer the card just played
    #: (:rule:`throw-in.interception`). Cleared when a card lands on the discard pile.
    stale: bool = False

    def __init__(
        self,
        turn: int,
        stage: Stage,
        turns: int,
        queue: tuple[Effect, ...],
        pending: Offer | NoseRace | Chance | None,
        lockout: int,
        status: Status,
        motion: int = NO_PLAYER,
        reactions: int = 0,
        stale: bool = False,
    ) -> None:
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "turns", turns)
        object.__setattr__(self, "queue", queue)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "lockout", lockout)
        object.__setattr__(self, "status", status)
        object.__setattr__(self, "motion", motion)
        object.__setattr__(self, "reactions", reactions)
        object.__setattr__(self, "stale", stale)


@attr.s(auto_attribs=True, frozen=True, init=False, slots=False, repr=False)
class State(_Part):
    """One moment of a round. Immutable: :func:`sabai_rules.moves.apply` returns a new one.

    The representation names no card, so that printing a state leaks nothing; use
    :meth:`describe` for the all-seeing table of a referee.
    """

    setup: Setup
    table: Table
    flow: Flow

    def __init__(self, setup: Setup, table: Table, flow: Flow) -> None:
        object.__setattr__(self, "setup", setup)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "flow", flow)

    # A state is a value: a copy, shallow or deep, is the state itself.
    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        return self

    # -- convenience views of the parts -------------------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def ruleset(self) -> Ruleset:
        return self.setup.ruleset

    @property
    def deck(self) -> Deck:
        return self.setup.deck

    @property
    def turn(self) -> int:
        return self.flow.turn

    @property
    def is_over(self) -> bool:
        """True once the round has ended and is ready to be scored."""
        return self.flow.status.is_over

    @property
    def top(self) -> int:
        return self.table.top

    def __repr__(self) -> str:
        f, t = self.flow, self.table
        rows = "/".join(str(cards_in(row)) for row in t.rows)
        if type(f.pending) is Chance:
            status = f"chance decides ({f.pending.kind.value})"
        elif self.is_over:
            status = f"over ({f.status.end})"
        else:
            status = f"P{f.turn} {f.stage.name.lower()}"
        top = face_name(self.deck.faces[t.top]) if t.top >= 0 else "-"
        return (
            f"<State round {self.setup.round_index + 1}, {status}, rows {rows}, "
            f"draw {len(t.draw)}, top {top}, queue {len(f.queue)}>"
        )

    def describe(self) -> str:
        """The whole table, every face shown: for referees and debugging, never for players."""
        deck, t, f = self.deck, self.table, self.flow
        lines = [repr(self)]
        for player, row in enumerate(t.rows):
            cards = " ".join("[gap]" if c < 0 else face_name(deck.faces[c]) for c in row)
            marks = " (turn)" if player == f.turn else ""
            lines.append(f"  P{player}{marks}: {cards}")
        if t.held >= 0:
            lines.append(f"  held by P{f.turn}: {face_name(deck.faces[t.held])}")
        discard = " ".join(face_name(deck.faces[c]) for c in t.discard[-6:])
        lines.append(f"  discard (top last): {discard}")
        return "\n".join(lines)


@attrs.frozen
class RoundResult:
    """The outcome of one round (:rule:`ruling.scoring-procedure`)."""

    round_index: int
    dealer: int
    end: EndCause
    #: Card points of every player (:rule:`objective.card-points`).
    card_points: tuple[int, ...]
    #: Victory points gained (+1) or lost (-1) by every player this round.
    victory_points: tuple[int, ...]
    #: The players who won the round: those receiving its victory point, or in the older
    #: edition the lowest score among the eligible.
    winners: tuple[int, ...]
    #: Who held the Ass Joker at the reveal, if anybody (:rule:`ass-joker.loses-round`).
    ass_joker_holder: int | None
    #: The player inducted into the Hall of Fame, if any (:rule:`ass-joker.hall-of-fame`).
    hall_of_fame: int | None
    #: The revealed rows (:rule:`round-end.reveal`).
    rows: tuple[tuple[int, ...], ...]


@attrs.frozen
class Game:
    """A game: its rounds so far and the victory points (:rule:`game-end.winner`).

    Built and advanced by :mod:`sabai_rules.play.game`.
    """

    ruleset: Ruleset
    players: int
    seed: int | str
    first_dealer: int
    #: The number of rounds planned; extra final rounds may follow a tie
    #: (:rule:`ruling.game-ties`).
    num_rounds: int
    rounds: tuple[RoundResult, ...]
    victory_points: tuple[int, ...]
    #: ``None`` while the game goes on; then its winner(s).
    winners: tuple[int, ...] | None

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def next_dealer(self) -> int:
        """The starter of the last round deals the next one: the deal moves one seat in play
        order each round."""
        return (self.first_dealer + len(self.rounds)) % self.players

    @property
    def next_round_is_final(self) -> bool:
        return len(self.rounds) + 1 >= self.num_rounds


decides(Game.next_dealer, "round-end.next-dealer")
decides(Game.next_dealer, "ruling.dealer-rotation")

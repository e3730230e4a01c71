"""Replay: a record played under the rules, and who was right.

:func:`replay` plays every event of a :class:`~sabai_rules.referee.record.Record` through
the engine. It stops at the first event the rules forbid (or, tolerant, notes every one and goes
on), scores each round, and checks what the record claims. A verdict holds the first
:data:`MAX_REPORTED` illegal events, problems and notes in full and counts the rest, so that its
memory and its rendering stay bounded however many the record holds. :func:`play_record` gives
every step lazily; :func:`table_after` gives the table after any event. Writing the verdict for
people is :mod:`sabai_rules.referee.render`'s work.

Passes of the end-of-round reaction round need not be recorded: when a round's events end in the
reaction round, every player who has not passed is taken to pass.

Chance goes as the record says the table saw it, and elsewhere as the seeded sampler plays it
(:func:`~sabai_rules.moves.seeded_outcome`). Every round is dealt under the explicit chance model;
when an event's action waits for chance, a reshuffle takes the round's next new draw pile the
record states — its faces top card first, each the card of that face left in the discard pile
under its top card with the lowest id, the sampler placing the cards not stated — and a random
nose race takes the round's next recorded loser. Where the record states none, the sampler
decides, as it always did. A stated pile that the discard pile cannot have made makes the event
illegal (:rule:`ruling.draw-pile-exhausted`).

A record of version 2, of what a table knows, is judged in every way its unknown cards may be
(:mod:`~sabai_rules.referee.tables`, :mod:`~sabai_rules.referee.unknown`): an event may then also
be undecided (:class:`UndecidedEvent`); a reshuffle the record does not write down is unknown to
the referee as it was to the table.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from typing import Final

import attrs

from sabai_rules.model.events import Event
from sabai_rules.moves import (
    Action,
    IllegalActionError,
    apply,
    apply_chance,
    apply_chance_events,
    apply_events,
    chance_node,
    deal,
    deck_for,
    resolve_chance,
    seeded_outcome,
)
from sabai_rules.play.game import finish_round, new_game
from sabai_rules.referee import steps
from sabai_rules.referee.record import (
    TABLE_VERSION,
    Problem,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
    moments,
)
from sabai_rules.referee.steps import (
    Dealt,
    IllegalEvent,
    Note,
    Played,
    RoundClosed,
    Skipped,
    Step,
    Turn,
    UndecidedEvent,
    Verdict,
    card_of,
    check_slots,
    claimed,
    close_round,
    illegal_event,
    in_ruling_order,
    note_for,
    pile_refused,
    pile_too_long,
    settled_reaches,
    unmet_chance,
    unplayable,
    where_it_lies,
)
from sabai_rules.referee.tables import table_play, table_verdict
from sabai_rules.state import (
    NO_PLAYER,
    ChanceKind,
    ChanceModel,
    State,
)

#: How many illegal events, undecided events, problems and notes a verdict holds (and the referee
#: reports) in full; of the rest, it counts them.
MAX_REPORTED: Final = steps.MAX_REPORTED

__all__ = [
    "MAX_REPORTED",
    "Dealt",
    "IllegalEvent",
    "Note",
    "Played",
    "RoundClosed",
    "Skipped",
    "Step",
    "Turn",
    "UndecidedEvent",
    "Verdict",
    "close_round",
    "play_record",
    "replay",
    "table_after",
]


def play_record(record: Record, *, tolerant: bool = False, caused: bool = False) -> Iterator[Step]:
    """Every step of a record, lazily: each round's deal, each event played (an illegal one
    changes nothing), each round's close. What makes a record unplayable — a round after the end
    of the game, an event after the end of its round, a card that is not there, one card thrown in
    twice at the same moment, a round cut short with another after it, a reshuffle or a
    nose-race loser stated and never needed — raises
    :class:`~sabai_rules.referee.record.RecordError` when it is reached. Tolerant play reports
    each as a :class:`Skipped` step and goes on, so that it never knows less than strict play
    (once an illegal event is skipped, the record's later events may no longer fit the table);
    but a round cut short ends the steps, with :attr:`RoundClosed.problem`. With ``caused``, each
    :class:`Played` carries the events its action caused (a third slower).

    Chance decides as the module's introduction says. A record of version 2 is played in
    every world its unknown cards allow (:mod:`sabai_rules.referee.unknown`): the steps are those
    of one of them, the cards whose faces the record leaves open shown as ``?``."""
    if record.version >= TABLE_VERSION:
        yield from table_play(record, tolerant=tolerant, caused=caused).steps()
        return
    game = new_game(
        len(record.players), record.ruleset, seed=record.seed, first_dealer=record.first_dealer
    )
    deck = deck_for(record.ruleset)
    first = 1  # the number of the round's first event
    last_round = len(record.rounds) - 1
    for r, rnd in enumerate(record.rounds):
        path = f"$.rounds[{r}]"
        if game.is_over:
            message = "this round comes after the end of the game"
            yield unplayable(r, Problem(path, message), tolerant)
            first += len(rnd.events)
            continue
        order = rnd.deal.order
        state = deal(
            record.ruleset,
            len(record.players),
            dealer=game.next_dealer,
            order=deck.ids_for_faces(order) if order is not None else None,
            seed=rnd.deal.seed if rnd.deal.seed is not None else record.seed,
            round_index=r,
            final_round=game.next_round_is_final,
            chance_model=ChanceModel.EXPLICIT,
        )
        state = resolve_chance(state)  # a seeded deal (an order is dealt at once)
        table_chance = _TableChance(rnd)
        yield Dealt(r, state)
        what = "the game" if r == last_round and game.next_round_is_final else "this round"
        play = _Play(record, r, first, what, table_chance, tolerant, caused)
        state = yield from play.events(state)
        first += len(rnd.events)
        state = close_round(state)
        if state.is_over:
            game = finish_round(game, state)
        elif r < last_round:
            message = f"round {r + 1} stops before it is over, and another round follows"
            if not tolerant:
                raise RecordError(message, path)
            yield RoundClosed(r, state, game, Problem(path, message))
            return
        problem = table_chance.unmet(path)
        if problem is not None:
            yield unplayable(r, problem, tolerant)
        yield RoundClosed(r, state, game)


def _over(state: State) -> bool:
    """Whether the round is over (asked through a function: mypy would take an earlier check of
    ``state.is_over`` to hold after ``state`` is replaced)."""
    return state.is_over


@attrs.frozen
class _Play:
    """The events of one round, played."""

    record: Record
    round: int
    #: The number of the round's first event.
    first: int
    #: What the round's end is: "this round", or "the game" for the last.
    what: str
    chance: _TableChance
    tolerant: bool
    caused: bool

    def events(self, state: State) -> Generator[Step, None, State]:
        """Each event of the round played from ``state``, a moment at a time; the state after
        the last."""
        r = self.round
        events = self.record.rounds[r].events
        for moment in moments(events):
            if state.is_over:
                # This moment and every later one of the round: one problem (strict, the first).
                last = len(events) - 1 if self.tolerant else moment[0][0]
                yield unplayable(r, self._after_end(moment[0][0], last), self.tolerant)
                break
            group, cards, outranked = yield from self._group(state, moment)
            for i, owner in outranked.items():
                # The owner's priority: this reach for the card did not happen
                # (:rule:`ruling.first-refusal`).
                action = events[i].action
                yield Played(self.first + i, r, i, action, state, state, (), None, owner)
            before = NO_PLAYER  # the thrower of the group's previous card
            for (i, event), card in zip(group, cards, strict=True):
                if _over(state):
                    # The round ended within the group: each card of it not played yet.
                    yield unplayable(r, self._after_end(i, i), self.tolerant)
                    continue
                action = where_it_lies(state, event.action, card, before)
                before = event.action.actor
                after, effects, error = self.chance.play(state, action, self.caused)
                if error is not None and not self.tolerant:
                    after, effects = state, ()
                yield Played(self.first + i, r, i, action, state, after, effects, error)
                state = after
        return state

    def _group(
        self, state: State, moment: list[tuple[int, RecordEvent]]
    ) -> Generator[Step, None, tuple[list[tuple[int, RecordEvent]], list[int], dict[int, int]]]:
        """The events of a moment that can be played, in the order they are played, with the
        card each throw-in names; the reaches outranked by the owner's priority (index -> the
        owner). A simultaneous group's slots name the cards as the table was before it."""
        path = f"$.rounds[{self.round}].events"
        group = []
        for i, event in moment:
            problem = check_slots(state, event.action, self.record.players, f"{path}[{i}]")
            if problem is None:
                group.append((i, event))
            else:
                yield unplayable(self.round, problem, self.tolerant)
        cards = [card_of(state, event.action) for _, event in group]
        if len(group) < 2:
            return group, cards, {}
        outranked, twice = settled_reaches(state, group, cards)
        for first, i in twice:
            # Strict, the record is unusable at the card's first reach; tolerant, that reach is
            # played and this one skipped.
            where = f"{path}[{i if self.tolerant else first}]"
            problem = Problem(where, "one card is thrown in twice at the same moment")
            yield unplayable(self.round, problem, self.tolerant)
        skipped = {i for _, i in twice}
        group = [item for item in group if item[0] not in outranked and item[0] not in skipped]
        cards = [card_of(state, event.action) for _, event in group]
        group, cards = in_ruling_order(state, group, cards)
        return group, cards, outranked

    def _after_end(self, index: int, last: int) -> Problem:
        """Events ``index`` to ``last`` of the round come after its end."""
        number, until = self.first + index, self.first + last
        where = f"$.rounds[{self.round}].events[{index}]"
        if number == until:
            return Problem(where, f"event {number} comes after the end of {self.what}")
        return Problem(where, f"events {number} to {until} come after the end of {self.what}")


class _TableChance:
    """Chance in one recorded round: the new draw piles and the nose-race losers the record
    states, each taken when the round comes to it; the seeded sampler decides the rest."""

    __slots__ = ("losers", "piles", "raced", "reshuffled")

    def __init__(self, rnd: RoundRecord) -> None:
        self.piles = rnd.reshuffles
        self.losers = rnd.nose_races
        # The reshuffles and the random nose races met so far.
        self.reshuffled = 0
        self.raced = 0

    def play(
        self, state: State, action: Action, caused: bool
    ) -> tuple[State, tuple[Event, ...], IllegalActionError | None]:
        """``action`` played at ``state``, chance deciding all it waits for: the state after it,
        the events it caused (with ``caused``) and the refusal of an illegal action, which
        changes nothing — but for a stated pile that the discard pile cannot have made: that
        reshuffle is the sampler's, and the state and events are those of the action so played.
        """
        try:
            after, events = apply_events(state, action) if caused else (apply(state, action), ())
        except IllegalActionError as error:
            # Without its traceback, whose frames hold it: no cycle left for the collector.
            return state, (), error.with_traceback(None)
        refusal = None
        state = after
        node = chance_node(state)
        while node is not None:
            stated: list[int] = []
            count = 1
            if node.kind is ChanceKind.NOSE_RACE:
                if self.raced < len(self.losers):
                    stated.append(self.losers[self.raced])
                self.raced += 1
            else:
                # A reshuffle, one node per card of the new pile (the explicit model has no
                # other chance node during a round).
                count = node.needed
                if self.reshuffled < len(self.piles):
                    try:
                        stated = _stated_pile(state, self.piles[self.reshuffled], action)
                    except IllegalActionError as error:
                        refusal = error.with_traceback(None)
                self.reshuffled += 1
            stated.reverse()  # taken from the end
            for _ in range(count):
                outcome = stated.pop() if stated else seeded_outcome(state)
                if caused:
                    state, events = apply_chance_events(state, outcome)
                else:
                    state = apply_chance(state, outcome)
            node = chance_node(state)
        return state, events, refusal

    def unmet(self, path: str) -> Problem | None:
        """The first reshuffle or random nose race the record states for the round and the round
        never met, if any."""
        return unmet_chance(
            path, (len(self.piles), self.reshuffled), (len(self.losers), self.raced)
        )


def _stated_pile(state: State, faces: Sequence[int], action: Action) -> list[int]:
    """The cards of a new draw pile stated as ``faces``, top card first, at the chance node
    ``state`` of its first card: for each face, the card of that face left in the discard pile
    under its top card with the lowest id (cards of one face are alike once shuffled: nobody
    knows them). :class:`~sabai_rules.moves.IllegalActionError` citing
    :rule:`ruling.draw-pile-exhausted` if that pile cannot hold them."""
    node = chance_node(state)
    assert node is not None
    pile, card_faces = node.choices, state.deck.faces
    if len(faces) > len(pile):
        raise pile_too_long(action, len(faces), len(pile))
    left = list(pile)  # in increasing order of id
    cards = []
    for place, face in enumerate(faces, start=1):
        card = next((c for c in left if card_faces[c] == face), None)
        if card is None:
            raise pile_refused(action, place, face, sum(1 for c in pile if card_faces[c] == face))
        left.remove(card)
        cards.append(card)
    return cards


def replay(record: Record, *, tolerant: bool = False, problems: Sequence[Problem] = ()) -> Verdict:
    """Play the record. Strict: stop at the first illegal event. Tolerant: note every illegal
    event, skip it and go on (but for a stated reshuffle the discard pile cannot have made: the
    seeded sampler decides it, and the action is played, see :class:`Played`), and keep what was
    found before a round cut short. ``problems`` are those a tolerant read found. The verdict
    holds the first :data:`MAX_REPORTED` illegal events, problems and notes in full and counts
    the rest, so that its memory and its rendering do not grow with them. A record that cannot be
    played (see :func:`play_record`) raises :class:`~sabai_rules.referee.record.RecordError`."""
    if record.version >= TABLE_VERSION:
        return table_verdict(record, tolerant, problems)
    names = record.players
    claim = record.claim
    illegal: list[IllegalEvent] = []
    notes: list[Note] = []
    found = list(problems[:MAX_REPORTED])
    counts = {"illegal": 0, "problems": len(problems), "notes": 0}
    claim_found = False
    game = new_game(len(names), record.ruleset, seed=record.seed, first_dealer=record.first_dealer)
    for step in play_record(record, tolerant=tolerant):
        problem = None
        if isinstance(step, RoundClosed):
            game = step.game
            problem = step.problem
        elif isinstance(step, Skipped):
            problem = step.problem
        elif isinstance(step, Played) and step.error is None:
            note = note_for(step, names)
            if note is not None:
                counts["notes"] += 1
                if len(notes) < MAX_REPORTED:
                    notes.append(note)
        elif isinstance(step, Played) and step.error is not None:
            counts["illegal"] += 1
            claim_found = claim_found or claimed(claim, step.number, step.error.rule)
            if len(illegal) < MAX_REPORTED:
                illegal.append(illegal_event(step, step.error, names))
            if not tolerant:
                break
        if problem is not None:
            counts["problems"] += 1
            if len(found) < MAX_REPORTED:
                found.append(problem)
    return Verdict(
        record,
        game,
        tuple(illegal),
        tuple(found),
        stopped=not tolerant and bool(illegal),
        notes=tuple(notes),
        illegal_total=counts["illegal"],
        problems_total=counts["problems"],
        notes_total=counts["notes"],
        claim_found=claim_found,
    )


def table_after(record: Record, number: int) -> State:
    """The table after event ``number`` (1 is the first event; 0 the first deal). An illegal
    event leaves the table as it was."""
    if number < 0:
        raise RecordError(f"event numbers start at 1 (0 is the deal), not {number}", "--at")
    total = sum(len(r.events) for r in record.rounds)
    if number > total:
        raise RecordError(f"the record has {total} events, not {number}", "--at")
    for step in play_record(record):
        if (isinstance(step, Dealt) and number == 0) or (
            isinstance(step, Played) and step.number == number
        ):
            return step.state
    raise AssertionError("unreachable: every event number up to the total is played")


# The public home of the steps and the verdict: their reprs, pickles and the API reference name
# them here, although :mod:`~sabai_rules.referee.steps` defines them for the judging of records
# of what a table knows too.
for _name in __all__:
    _value = globals()[_name]
    if getattr(_value, "__module__", "") == "sabai_rules.referee.steps":
        _value.__module__ = __name__
del _name, _value

"""Records of what a table knows (version 2), played in worlds: the judging
:func:`~sabai_rules.referee.replay.replay` and :func:`~sabai_rules.referee.replay.play_record`
use for a record of version 2.

Each round is played in every world its unknown cards allow (:mod:`sabai_rules.referee.unknown`):
before each action the questions the rules ask of its cards are answered, a world splitting by
the answers it cannot give; a statement of the record (a face shown, the rows turned up) fixes a
card or rules a world out; worlds that play alike are made one again. An event is then legal,
illegal or undecided over the worlds that reached it (:func:`table_verdict`), and the steps shown
are those of one world, the cards the worlds do not agree on shown as ``?``
(:func:`table_play`). The module's introduction of :mod:`sabai_rules.referee.unknown` says why
this costs what the record leaves open, not what it could be.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from sabai_rules.engine.rules import (
    trusts_unseen_claims,
)
from sabai_rules.model.cards import UNKNOWN, face_name
from sabai_rules.model.events import Event
from sabai_rules.model.messages import Wording
from sabai_rules.moves import (
    Action,
    AlsoThrowIn,
    Compensate,
    Draw,
    Give,
    IllegalActionError,
    Keep,
    LookAtCards,
    Peek,
    Play,
    Spy,
    TakeFirstRefusal,
    ThrowIn,
    WaiveFirstRefusal,
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
from sabai_rules.play.position import display_state, read_position
from sabai_rules.play.scoring import score_round
from sabai_rules.referee.record import (
    Problem,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
    moments,
)
from sabai_rules.referee.steps import (
    MAX_REPORTED,
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
    where_it_lies,
)
from sabai_rules.referee.unknown import (
    MAX_WORLDS,
    Branch,
    Question,
    World,
    card_subjects,
    identical,
    questions,
    split,
)
from sabai_rules.state import (
    NO_CARD,
    NO_PLAYER,
    ChanceKind,
    ChanceModel,
    Game,
    Offer,
    RoundResult,
    Setup,
    State,
    Table,
    card_bit,
)

__all__ = ["Judged", "RoundJudged", "Way", "table_play", "table_verdict"]


@attrs.frozen
class Way:
    """One world of a round and what happened in it: its steps, newest first, each with the cards
    whose faces it did not know then (cons cells shared with the worlds it split from), the
    events illegal there, whether it stopped at one (a strict verdict), and the chance the record
    stated that it has met."""

    world: World
    steps: tuple[Any, ...]
    illegal: tuple[tuple[int, IllegalActionError], ...] = ()
    notes: tuple[Note, ...] = ()
    stopped: bool = False
    #: The number of the last event played in this world.
    reached: int = 0
    reshuffled: int = 0
    raced: int = 0

    def but(self, **changes: Any) -> Way:
        """This way with ``changes``, as ``attrs.evolve`` gives it (built directly: a way is
        made anew at every event)."""
        get = changes.get
        return Way(
            get("world", self.world),
            get("steps", self.steps),
            get("illegal", self.illegal),
            get("notes", self.notes),
            get("stopped", self.stopped),
            get("reached", self.reached),
            get("reshuffled", self.reshuffled),
            get("raced", self.raced),
        )

    def stepped(self, step: Step, world: World | None = None) -> Way:
        world = self.world if world is None else world
        return self.but(world=world, steps=(step, world, self.steps))

    def history(self) -> list[tuple[Step, World]]:
        """The steps played in this world, each with the world after it."""
        out = []
        cell = self.steps
        while cell:
            step, world, cell = cell
            out.append((step, world))
        out.reverse()
        return out


class _DeadError(Exception):
    """A world in which the record cannot have happened: ``path`` is the statement no assignment
    meets there, ``message`` why."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@attrs.frozen
class RoundJudged:
    """A round judged in every world: the worlds at its end (those that stopped at an illegal
    event included), the representative whose steps are shown, and the round's result where the
    record decides it."""

    ways: tuple[Way, ...]
    shown: Way
    closed: State | None
    #: The cards of the rows at the end whose faces the worlds do not all know and agree on.
    open_at_end: int
    result: RoundResult | None
    decided: bool


class _Tables:
    """A record of version 2 played in worlds (:mod:`sabai_rules.referee.unknown`), round by
    round."""

    def __init__(self, record: Record, tolerant: bool, caused: bool, stop: bool) -> None:
        self.record = record
        self.tolerant = tolerant
        self.caused = caused
        #: Whether a world ends at its first illegal event (a strict verdict), or plays on with
        #: the table as it was (strict play of the steps, as a record of version 1 is played).
        self.stop = stop
        self.names = record.players
        #: The statement that ruled out the last worlds, if the record contradicts itself.
        self.contradiction: _DeadError | None = None
        #: Problems that made events unplayable in every world (tolerant play).
        self.problems: list[tuple[int, Problem]] = []

    # -- a round ----------------------------------------------------------------------------

    def first_world(self, rnd: RoundRecord, r: int, game: Game) -> World:
        """The round as dealt or started: its unknown cards one pool."""
        rules = self.record.ruleset
        deck = deck_for(rules)
        if rnd.start is not None:
            return self.started(rnd.start, r, game)
        order = rnd.deal.order
        if order is None:
            state = deal(
                rules,
                len(self.names),
                dealer=game.next_dealer,
                seed=rnd.deal.seed if rnd.deal.seed is not None else self.record.seed,
                round_index=r,
                final_round=game.next_round_is_final,
                chance_model=ChanceModel.EXPLICIT,
            )
            return World(resolve_chance(state))
        # The faces the order leaves unknown (its "?" and the cards after it) are the deck's
        # others, in the deck's order: one assignment, a witness that there is one.
        left = list(deck.faces)
        for face in order:
            if face != UNKNOWN:
                left.remove(face)
        stated = [*order, *([UNKNOWN] * (len(deck) - len(order)))]
        given = iter(left)
        faces = [next(given) if face == UNKNOWN else face for face in stated]
        ids = deck.ids_for_faces(faces)
        state = deal(
            rules,
            len(self.names),
            dealer=game.next_dealer,
            order=ids,
            seed=self.record.seed,
            round_index=r,
            final_round=game.next_round_is_final,
            chance_model=ChanceModel.EXPLICIT,
        )
        pool = 0
        for k, face in enumerate(stated):
            if face == UNKNOWN:
                pool |= card_bit(ids[k])
        return World(state, (pool,) if pool else ())

    def started(self, text: str, r: int, game: Game) -> World:
        """A round started from a position (:mod:`sabai_rules.play.position`): the record's round
        ``r``, dealt by the player the game says, final if the position or the game says so; the
        cards the position leaves ``?`` one pool."""
        names = self.names
        found = read_position(text, self.record.ruleset, names=names, seed=self.record.seed)
        s = found.state.setup
        if s.dealer != game.next_dealer:
            raise RecordError(
                f"the position is dealt by {names[s.dealer]}, but this round of the record by"
                f" {names[game.next_dealer]}",
                f"$.rounds[{r}].start",
            )
        final = s.final_round or game.next_round_is_final
        setup = Setup(
            s.ruleset, s.deck, s.players, s.dealer, r, final, s.seed, ChanceModel.EXPLICIT
        )
        state = State(setup, found.state.table, found.state.flow)
        return World(state, (found.unknown,) if found.unknown else ())

    def round(self, rnd: RoundRecord, r: int, first: int, game: Game, what: str) -> RoundJudged:
        world = self.first_world(rnd, r, game)
        ways = [Way(world, (Dealt(r, world.state), world, ()))]
        ended: list[Way] = []  # the worlds stopped at an illegal event
        path = f"$.rounds[{r}]"
        for moment in moments(rnd.events):
            going: list[Way] = []
            problems: list[Problem] = []
            if ways and all(w.world.state.is_over for w in ways) and self.tolerant:
                # Every event after the end of the round: one problem for them all.
                _, problem = self.moment(ways[0], rnd, r, first, moment, what)
                assert problem is not None
                self.problems.append((r, problem))
                break
            for way in ways:
                found, problem = self.moment(way, rnd, r, first, moment, what)
                going.extend(found)
                if problem is not None:
                    problems.append(problem)
            if problems and not going and not ended:
                raise RecordError(problems[0].message, problems[0].path)
            if self.tolerant and problems and len(problems) == len(ways):
                self.problems.append((r, problems[0]))
            ended.extend(w for w in going if w.stopped)
            ways = _merged([w for w in going if not w.stopped])
            if not ways and not ended:
                self.contradicted(path)
            self.bounded(ways, first, rnd)
        return self.closed(rnd, ways, ended, path)

    def closed(self, rnd: RoundRecord, ways: list[Way], ended: list[Way], path: str) -> RoundJudged:
        """The round's end: the unrecorded passes, the rows turned up as the record states them,
        each world's result, and which world is shown."""
        finished: list[Way] = []
        results: list[RoundResult | None] = []
        closed = None
        for last in ways:
            state = close_round(last.world.state)
            way = last.but(world=last.world.but(state=state))
            if state.is_over and rnd.reveal is not None:
                try:
                    way = self.revealed(way, rnd.reveal, f"{path}.reveal")
                except _DeadError as dead:
                    self.contradiction = dead
                    continue
            finished.append(way)
            closed = way.world.state
            results.append(_score(way.world) if way.world.state.is_over else None)
        if not finished and not ended:
            self.contradicted(path)
        if rnd.reveal is not None and finished and not any(w.world.state.is_over for w in finished):
            raise RecordError("the round does not end, so no row was turned up", f"{path}.reveal")
        decided = bool(results) and None not in results and len(set(results)) == 1
        population = (*finished, *ended)
        # Shown: a world that played the most events legally and, among those, took the least
        # for granted (the most cards left unknown).
        shown = max(
            population,
            key=lambda w: (not w.stopped, w.reached, -len(w.illegal), w.world.unknown.bit_count()),
        )
        result = results[0] if decided else None
        closed = shown.world.state if not shown.stopped else closed
        open_at_end = shown.world.unknown
        for way in finished:
            theirs = way.world.state.deck.faces
            for card, face in enumerate(shown.world.state.deck.faces):
                if theirs[card] != face:
                    open_at_end |= card_bit(card)
        return RoundJudged(population, shown, closed, open_at_end, result, decided)

    def contradicted(self, path: str) -> None:
        dead = self.contradiction
        if dead is None:
            raise RecordError("no deal agrees with what the record states", path)
        raise RecordError(
            f"{dead.message}: no deal agrees with that and what the record states before it",
            dead.path,
        )

    def bounded(self, ways: list[Way], first: int, rnd: RoundRecord) -> None:
        if len(ways) <= MAX_WORLDS:
            return
        open_ = sorted({b.number for w in ways for b in w.world.branches})
        shown = ", ".join(map(str, open_[:8])) + (", ..." if len(open_) > 8 else "")
        raise RecordError(
            f"the record leaves too much unknown to be judged: more than {MAX_WORLDS:,} ways the"
            f" cards it does not state may be; state the faces of the cards shown at events"
            f' {shown} ("shows")',
            "$",
        )

    # -- a moment -------------------------------------------------------------------------------

    def moment(
        self,
        way: Way,
        rnd: RoundRecord,
        r: int,
        first: int,
        moment: list[tuple[int, RecordEvent]],
        what: str,
    ) -> tuple[list[Way], Problem | None]:
        """The moment played in one world: the worlds it leads to (none if the record cannot have
        happened there) and the problem that makes it unplayable there, if any."""
        state = way.world.state
        path = f"$.rounds[{r}].events"
        if state.is_over:
            index = moment[0][0]
            last = len(rnd.events) - 1 if self.tolerant else index
            number, until = first + index, first + last
            message = (
                f"event {number} comes after the end of {what}"
                if number == until
                else f"events {number} to {until} come after the end of {what}"
            )
            return [], Problem(f"{path}[{index}]", message)
        group = []
        problem: Problem | None = None
        for i, event in moment:
            found = check_slots(state, event.action, self.names, f"{path}[{i}]")
            if found is None:
                group.append((i, event))
            elif problem is None:
                problem = found
        if problem is not None and not self.tolerant:
            return [], problem
        outranked: dict[int, int] = {}
        ways = [way]
        if len(group) > 1:
            cards = [card_of(state, e.action) for _, e in group]
            outranked, twice = settled_reaches(state, group, cards)
            if twice and not self.tolerant:
                first_reach = twice[0][0]
                return [], Problem(
                    f"{path}[{first_reach}]",
                    "one card is thrown in twice at the same moment, and the record does not say"
                    ' who got it ("first": true on that throw-in, ruling.same-card-reach)',
                )
            skipped = {i for _, i in twice} | set(outranked)
            group = [item for item in group if item[0] not in skipped]

            # The order of the group asks whether each card is identical to the top card.
            def ask(s: State, unknown: int) -> Iterator[Question]:
                if s.table.top != NO_CARD:
                    for card in cards:
                        if card != NO_CARD:
                            yield from identical(s, card, unknown)

            number = first + group[0][0] if group else first
            ways = self.answered(way, ask, number, None)
        done: list[Way] = []
        for w in ways:
            done.extend(self.group(w, r, first, group, outranked))
        return done, problem

    def group(
        self,
        way: Way,
        r: int,
        first: int,
        group: list[tuple[int, RecordEvent]],
        outranked: dict[int, int],
    ) -> list[Way]:
        state = way.world.state
        events = self.record.rounds[r].events
        for i, owner in outranked.items():
            action = events[i].action
            step = Played(first + i, r, i, action, state, state, (), None, owner)
            way = self.noted(way.stepped(step), step)
        cards = [card_of(state, e.action) for _, e in group]
        ordered, cards = in_ruling_order(state, group, cards) if len(group) > 1 else (group, cards)
        ways = [way]
        before = NO_PLAYER
        for (i, event), card in zip(ordered, cards, strict=True):
            following: list[Way] = []
            for w in ways:
                if w.stopped or w.world.state.is_over:
                    following.append(w)
                    continue
                action = where_it_lies(w.world.state, event.action, card, before)
                following.extend(self.event(w, r, first + i, i, action, event))
            before = event.action.actor
            ways = following
        return ways

    # -- an event -------------------------------------------------------------------------------

    def event(
        self, way: Way, r: int, number: int, index: int, action: Action, event: RecordEvent
    ) -> list[Way]:
        path = f"$.rounds[{r}].events[{index}].shows"
        world = way.world
        if event.shows is not None and not isinstance(action, Draw):
            try:
                world = _stated(world, card_subjects(world.state, action, None), event.shows, path)
            except _DeadError as dead:
                self.contradiction = dead
                return []
        if world is not way.world:
            way = way.but(world=world)
        children = self.answered(way, lambda s, u: questions(s, action, u), number, action)
        played: list[Way] = []
        for child in children:
            try:
                played.append(self.play(child, r, number, index, action, event))
            except _DeadError as dead:
                self.contradiction = dead
        if len(children) > 1 and len(played) > 1:
            played = _merged_back(way, played, number)
        return played

    def answered(
        self,
        way: Way,
        ask: Callable[[State, int], Iterable[Question]],
        number: int,
        action: Action | None,
    ) -> list[Way]:
        """``way`` split by the answers to the questions ``ask`` puts to its table
        (:func:`~sabai_rules.referee.unknown.split`), each answer kept as a
        :class:`~sabai_rules.referee.unknown.Branch` of the world, naming its card."""
        if not way.world.pools:
            return [way]
        parts = []
        for world, taken in split(way.world, ask):
            branches = world.branches
            for question, faces in taken:
                named = _card_wording(way.world.state, question.card, action, number)
                branches = _answered(branches, question.card, faces, number, named)
            parts.append(way.but(world=world.but(branches=branches)))
        return parts

    def play(
        self, way: Way, r: int, number: int, index: int, action: Action, event: RecordEvent
    ) -> Way:
        """``action`` played in one world, chance deciding what the record does not state."""
        world = way.world
        before = world.state
        rnd = self.record.rounds[r]
        try:
            after, caused = (
                apply_events(before, action) if self.caused else (apply(before, action), ())
            )
            error = None
        except IllegalActionError as refused:
            after, caused, error = before, (), refused.with_traceback(None)
        world, after, caused, error, reshuffled, raced = self.chance(
            way, after, caused, error, action, rnd
        )
        setup = world.state.setup
        world = world.but(
            state=after if after.setup is setup else State(setup, after.table, after.flow)
        )
        if event.unseen_by and error is None:
            world = world.but(state=_unseen(world.state, before, action, event.unseen_by))
        if event.shows is not None and isinstance(action, Draw):
            subjects = card_subjects(before, action, after if error is None else None)
            world = _stated(world, subjects, event.shows, f"$.rounds[{r}].events[{index}].shows")
        if before.setup is not world.state.setup:  # a face fixed since: the table shown with it
            before = State(world.state.setup, before.table, before.flow)
        after = world.state if error is None or self.tolerant else before
        step = Played(number, r, index, action, before, after, caused, error)
        if error is None:
            steps = (step, world, way.steps)
            way = way.but(
                world=world, steps=steps, reached=number, reshuffled=reshuffled, raced=raced
            )
            return self.noted(way, step)
        world = world.but(state=after)
        return way.but(
            world=world,
            steps=(step, world, way.steps),
            illegal=(*way.illegal, (number, error)),
            stopped=self.stop,
            reached=number,
            reshuffled=reshuffled,
            raced=raced,
        )

    def chance(
        self,
        way: Way,
        after: State,
        caused: tuple[Event, ...],
        error: IllegalActionError | None,
        action: Action,
        rnd: RoundRecord,
    ) -> tuple[World, State, tuple[Event, ...], IllegalActionError | None, int, int]:
        """The chance ``action`` waits for after it was played in ``way``'s world (``after``):
        a random nose race's loser as the record states it, else the seeded sampler's; a
        reshuffle placed by the sampler and unknown to the referee (its cards one pool), the
        cards the record states of it fixed. The world, the state, the events, the refusal of a
        stated pile no discard pile made (strict play: the table as it was) and the reshuffles
        and random races met so far."""
        world, before = way.world, way.world.state
        reshuffled, raced = way.reshuffled, way.raced
        node = chance_node(after)
        while node is not None:
            if node.kind is ChanceKind.NOSE_RACE:
                losers = rnd.nose_races
                outcome = losers[raced] if raced < len(losers) else seeded_outcome(after)
                raced += 1
                after, caused = self.chanced(after, outcome, caused)
            else:
                taken = []
                pool = 0
                for card in node.pool:
                    pool |= card_bit(card)
                for _ in range(node.needed):
                    outcome = seeded_outcome(after)
                    taken.append(outcome)
                    after, caused = self.chanced(after, outcome, caused)
                world = _reshuffled(world, after, pool)
                if reshuffled < len(rnd.reshuffles):
                    fixed = _stated_reshuffle(world, taken, rnd.reshuffles[reshuffled], action)
                    if isinstance(fixed, IllegalActionError):
                        if not self.tolerant:
                            return way.world, before, (), fixed, way.reshuffled, way.raced
                        error = fixed
                    else:
                        world = fixed
                reshuffled += 1
            node = chance_node(after)
        return world, after, caused, error, reshuffled, raced

    def chanced(
        self, state: State, outcome: int, caused: tuple[Event, ...]
    ) -> tuple[State, tuple[Event, ...]]:
        if self.caused:
            state, events = apply_chance_events(state, outcome)
            return state, caused + events
        return apply_chance(state, outcome), caused

    def noted(self, way: Way, step: Played) -> Way:
        note = note_for(step, self.names)
        return way if note is None else way.but(notes=(*way.notes, note))

    def revealed(self, way: Way, reveal: tuple[tuple[int, ...], ...], path: str) -> Way:
        """The rows as turned up at the end, stated face by face."""
        world = way.world
        rows = world.state.table.rows
        for p, (row, faces) in enumerate(zip(rows, reveal, strict=True)):
            cards = [c for c in row if c >= 0]
            if len(cards) != len(faces):
                raise _DeadError(
                    f"{path}[{p}]",
                    f"the record turns up {len(faces)} cards for {self.names[p]}, whose row holds"
                    f" {len(cards)}",
                )
            for slot, (card, face) in enumerate(zip(cards, faces, strict=True)):
                if face != UNKNOWN:
                    world = _stated(world, (card,), (face,), f"{path}[{p}][{slot}]")
        return way.but(world=world)


def _unseen(after: State, before: State, action: Action, players: Sequence[int]) -> State:
    """``after``, the table after ``action``, with the card it showed and put back (a wrong card
    taken back, an Ass Joker turned over or shown) unseen by ``players``, who say they did not
    look at it (:rule:`ruling.unseen-card`), where the ruleset takes them at their word. A card
    that went to the discard pile stays seen by all."""
    if not trusts_unseen_claims(after.ruleset):
        return after
    t = after.table
    public, private = t.public, list(t.private)
    for card in card_subjects(before, action, after):
        bit = card_bit(card)
        if card in t.discard or not public & bit:
            continue
        # Shown to all but them: everybody else has seen it.
        public &= ~bit
        for p in range(after.players):
            private[p] = private[p] & ~bit if p in players else private[p] | bit
    if public == t.public:
        return after
    table = Table(t.rows, t.draw, t.discard, t.held, public, tuple(private))
    return State(after.setup, table, after.flow)


def _stated(world: World, cards: Sequence[int], faces: Sequence[int], path: str) -> World:
    """``world`` with each of ``cards`` showing its stated face; :class:`_DeadError` if no
    assignment gives it that face."""
    for k, (card, face) in enumerate(zip(cards, faces, strict=False)):
        fixed = world.fix(card, face)
        if fixed is None:
            where = f"{path}[{k}]" if len(faces) > 1 else path
            deck = world.state.deck
            if world.knows(card):
                why = f"the record states a {face_name(face)} where the card is a " + face_name(
                    deck.faces[card]
                )
            else:
                why = f"the record states a {face_name(face)} where no {face_name(face)} is left"
            raise _DeadError(where, why)
        world = fixed
    return world


def _reshuffled(world: World, after: State, pool: int) -> World:
    """``world`` after a reshuffle of the cards of ``pool`` nobody wrote down: they may now be in
    any order, so they trade faces freely (with the cards of any pool one of them was in)."""
    merged = pool
    others = []
    for p in world.pools:
        if p & pool:
            merged |= p
        else:
            others.append(p)
    state = State(world.state.setup, after.table, after.flow)
    return world.but(state=state, pools=(*others, merged))


def _stated_reshuffle(
    world: World, taken: Sequence[int], faces: Sequence[int], action: Action
) -> World | IllegalActionError:
    """The new draw pile the record states, top card first, fixed in ``world``: ``taken`` are its
    cards in the order drawn. A pile the discard pile cannot have made is refused citing
    :rule:`ruling.draw-pile-exhausted`, as in a record of version 1."""
    if len(faces) > len(taken):
        return pile_too_long(action, len(faces), len(taken))
    original = world
    for place, (card, face) in enumerate(zip(taken, faces, strict=False), start=1):
        fixed = world.fix(card, face)
        if fixed is None:
            held = sum(1 for c in taken if face in original.possible(c))
            return pile_refused(action, place, face, held)
        world = fixed
    return world


def _score(world: World) -> RoundResult | None:
    """The round's result in ``world``, if the world knows every card of the rows."""
    unknown = world.unknown
    for row in world.state.table.rows:
        for card in row:
            if card >= 0 and (unknown >> card) & 1:
                return None
    return score_round(world.state)


def _answered(
    branches: tuple[Branch, ...], card: int, faces: frozenset[int], number: int, wording: Wording
) -> tuple[Branch, ...]:
    """``branches`` with the answer that ``card`` is one of ``faces``, asked at event
    ``number``: one branch per card and event, narrowed by each answer."""
    for k, branch in enumerate(branches):
        if branch.card == card and branch.number == number:
            narrowed = attrs.evolve(branch, faces=branch.faces & faces)
            return (*branches[:k], narrowed, *branches[k + 1 :])
    return (*branches, Branch(card, faces, number, wording))


def _merged(ways: list[Way]) -> list[Way]:
    """The worlds, those that have become the same again made one (their answers joined)."""
    if len(ways) < 2:
        return ways
    seen: dict[Any, int] = {}
    out: list[Way] = []
    for way in ways:
        w = way.world
        key = (
            w.state.table,
            w.state.flow,
            w.state.deck.faces,
            w.pools,
            w.allowed,
            tuple((n, e.rule) for n, e in way.illegal),
            way.reshuffled,
            way.raced,
        )
        at = seen.get(key)
        if at is None:
            seen[key] = len(out)
            out.append(way)
        else:
            out[at] = _joined(out[at], way)
    return out


def _joined(a: Way, b: Way) -> Way:
    """``a`` standing also for ``b``: each answer they share the question of, joined."""
    mine = {(x.card, x.number): x for x in a.world.branches}
    for branch in b.world.branches:
        key = (branch.card, branch.number)
        if key in mine and mine[key].faces != branch.faces:
            mine[key] = attrs.evolve(mine[key], faces=mine[key].faces | branch.faces)
    world = a.world.but(branches=tuple(mine.values()))
    return a.but(world=world)


def _merged_back(parent: Way, played: list[Way], number: int) -> list[Way]:
    """The worlds an event split and that played it alike, made one again: the world it split
    from, if every part played alike (it stands for all of them); else, where the event asked
    about one card only, that card narrowed to the faces of the parts that played alike."""

    def outcome(way: Way) -> tuple[Any, ...]:
        state = way.world.state
        error = way.illegal[-1][1].rule if way.illegal and way.illegal[-1][0] == number else None
        return (state.table, state.flow, error, way.stopped)

    groups: dict[Any, list[Way]] = {}
    for way in played:
        groups.setdefault(outcome(way), []).append(way)
    if len(groups) == 1:
        return [_as_parent(played[0], parent.world, number)]
    cards = {b.card for w in played for b in w.world.branches if b.number == number}
    if len(cards) != 1:
        return played
    (card,) = cards
    out = []
    for group in groups.values():
        if len(group) == 1:
            out.extend(group)
            continue
        faces = frozenset().union(
            *(b.faces for w in group for b in w.world.branches if b.number == number)
        )
        narrowed = parent.world.narrow(card, faces)
        assert narrowed is not None  # the group's worlds are assignments of it
        out.append(_as_parent(group[0], narrowed, number))
    return out


def _as_parent(played: Way, world: World, number: int) -> Way:
    """``played``, an event played in a part of ``world``, standing for all of ``world``."""
    state = played.world.state
    setup = world.state.setup
    branches = tuple(b for b in played.world.branches if b.number != number)
    world = world.but(state=State(setup, state.table, state.flow), branches=branches)
    step, _, rest = played.steps
    assert isinstance(step, Played)
    shown = attrs.evolve(
        step,
        before=State(setup, step.before.table, step.before.flow),
        state=State(setup, step.state.table, step.state.flow),
    )
    return played.but(world=world, steps=(shown, world, rest))


def _card_wording(state: State, card: int, action: Action | None, number: int) -> Wording:
    """The card a question is about, named for people by the event that asks about it."""
    t = state.table
    event = ("event", number)
    if card == t.held and isinstance(action, Play):
        return Wording("the card {0} played (event {event})", (state.flow.turn,), (event,))
    if card == t.held or (isinstance(action, Draw) and card not in t.discard):
        return Wording("the card {0} drew (event {event})", (state.flow.turn,), (event,))
    for owner, row in enumerate(t.rows):
        if card not in row:
            continue
        where = (("slot", row.index(card)), event)
        thrower = owner
        match action:
            case Keep():
                return Wording(
                    "the card {0} took out of their slot {slot} (event {event})", (owner,), where
                )
            case Compensate():
                return Wording(
                    "the card {0} gave as compensation from their slot {slot} (event {event})",
                    (owner,),
                    where,
                )
            case Give():
                return Wording(
                    "the card {0} gave from their slot {slot} (event {event})", (owner,), where
                )
            case Peek() | Spy() | LookAtCards():
                return Wording(
                    "the card in {1}'s slot {slot} that {0} looked at (event {event})",
                    (action.actor, owner),
                    where,
                )
            case ThrowIn() | AlsoThrowIn():
                thrower = action.actor
            case WaiveFirstRefusal() if isinstance(state.flow.pending, Offer):
                thrower = state.flow.pending.thrower
            case TakeFirstRefusal():
                thrower = owner
            case _:
                return Wording("the card in {0}'s slot {slot} at event {event}", (owner,), where)
        if thrower == owner:
            return Wording(
                "the card {0} threw in from their slot {slot} (event {event})", (owner,), where
            )
        return Wording(
            "the card {0} threw in from {1}'s slot {slot} (event {event})", (thrower, owner), where
        )
    if card in t.discard:
        depth = len(t.discard) - 1 - t.discard.index(card)
        if depth == 0:
            return Wording("the top card of the discard pile at event {event}", (), (event,))
        return Wording(
            "card {depth} below the top of the discard pile at event {event}",
            (),
            (("depth", depth), event),
        )
    return Wording("a card of the draw pile at event {event}", (), (event,))


@attrs.frozen
class Judged:
    """A record of version 2 judged: per round, its worlds; the steps shown (those of each
    round's representative world, with the cards whose faces the worlds do not agree on shown
    as ``?``); the game as far as it was played; and whether every round's result is decided."""

    rounds: tuple[RoundJudged, ...]
    #: The steps of the record, each round's judged in its place.
    sequence: tuple[Step | RoundJudged, ...]
    game: Game
    problems: tuple[Problem, ...]
    undecided_results: tuple[int, ...]

    def steps(self) -> Iterator[Step]:
        """Every step, as :func:`~sabai_rules.referee.replay.play_record` gives them (worked out
        as they are asked for)."""
        for item in self.sequence:
            if isinstance(item, RoundJudged):
                yield from _shown_steps(item)
            else:
                yield item


def table_play(record: Record, *, tolerant: bool, caused: bool, stop: bool = False) -> Judged:
    """A record of version 2 played round by round in every world its unknown cards allow.
    Strict (not ``tolerant``), what makes the record unplayable raises
    :class:`~sabai_rules.referee.record.RecordError`; with ``stop``, a world ends at its first
    illegal event (the verdict's strict reading), else it plays on with the table as it was."""
    tables = _Tables(record, tolerant, caused, stop and not tolerant)
    game = new_game(
        len(record.players), record.ruleset, seed=record.seed, first_dealer=record.first_dealer
    )
    rounds: list[RoundJudged] = []
    steps: list[Step | RoundJudged] = []
    problems: list[Problem] = []
    undecided: list[int] = []
    first = 1
    last_round = len(record.rounds) - 1
    for r, rnd in enumerate(record.rounds):
        path = f"$.rounds[{r}]"
        if game.is_over:
            problem = Problem(path, "this round comes after the end of the game")
            if not tolerant:
                raise RecordError(problem.message, problem.path)
            steps.append(Skipped(r, problem))
            problems.append(problem)
            first += len(rnd.events)
            continue
        what = "the game" if r == last_round and game.next_round_is_final else "this round"
        judged = tables.round(rnd, r, first, game, what)
        rounds.append(judged)
        steps.append(judged)
        for round_index, problem in tables.problems:
            steps.append(Skipped(round_index, problem))
            problems.append(problem)
        tables.problems.clear()
        first += len(rnd.events)
        if judged.shown.stopped:
            break
        state = judged.closed
        assert state is not None
        if state.is_over:
            if not judged.decided:
                undecided.append(r)
            game = finish_round(game, state)
        closing = _round_end(judged, rnd, game, r < last_round, path, tolerant)
        steps += closing
        problems += [s.problem for s in closing if isinstance(s, Skipped)]
        closed = closing[-1]
        if isinstance(closed, RoundClosed) and closed.problem is not None:
            problems.append(closed.problem)
            break
    return Judged(tuple(rounds), tuple(steps), game, tuple(problems), tuple(undecided))


def _round_end(
    judged: RoundJudged, rnd: RoundRecord, game: Game, more: bool, path: str, tolerant: bool
) -> list[Step]:
    """The steps that close a judged round: a stated reshuffle or nose race it never met, then
    its close (with a problem if it stops before it is over and ``more`` rounds follow)."""
    r = judged.shown.world.state.setup.round_index
    state = judged.closed
    assert state is not None
    shown = display_state(state, judged.open_at_end)
    if not state.is_over and more:
        message = f"round {r + 1} stops before it is over, and another round follows"
        if not tolerant:
            raise RecordError(message, path)
        return [RoundClosed(r, shown, game, Problem(path, message), judged.decided)]
    out: list[Step] = []
    way = judged.shown
    unmet = unmet_chance(
        path, (len(rnd.reshuffles), way.reshuffled), (len(rnd.nose_races), way.raced)
    )
    if unmet is not None:
        if not tolerant:
            raise RecordError(unmet.message, unmet.path)
        out.append(Skipped(r, unmet))
    out.append(RoundClosed(r, shown, game, decided=judged.decided))
    return out


def _shown_steps(judged: RoundJudged) -> list[Step]:
    """The steps of a round's representative world, each table showing as ``?`` the cards whose
    faces the worlds that reached it do not all know and agree on."""
    others = _others(judged)
    out: list[Step] = []
    for step, world in judged.shown.history():
        if isinstance(step, Dealt):
            out.append(Dealt(step.round, display_state(step.state, world.unknown)))
        elif isinstance(step, Played):
            out.append(_shown(step, world, others))
        else:
            out.append(step)
    return out


def _others(judged: RoundJudged) -> list[dict[int, State]]:
    """The table before each event in each world of a round but the representative."""
    found = []
    for way in judged.ways:
        if way is not judged.shown:
            history = way.history()
            found.append({s.number: s.before for s, _ in history if isinstance(s, Played)})
    return found


def _shown(step: Played, world: World, others: list[dict[int, State]]) -> Played:
    """``step`` with the cards shown as ``?`` that ``world`` (after it) does not know, or that
    another world has another face for."""
    mask = world.unknown
    faces = step.before.deck.faces
    for found in others:
        other = found.get(step.number)
        if other is not None and other.deck.faces is not faces:
            for card, (face, theirs) in enumerate(zip(faces, other.deck.faces, strict=True)):
                if theirs != face:
                    mask |= card_bit(card)
    return attrs.evolve(
        step, before=display_state(step.before, mask), state=display_state(step.state, mask)
    )


def table_verdict(record: Record, tolerant: bool, problems: Sequence[Problem]) -> Verdict:
    """The verdict on a record of version 2: each event legal, illegal or undecided over the
    worlds that reached it (:mod:`sabai_rules.referee.unknown`)."""
    names = record.players
    judged = table_play(record, tolerant=tolerant, caused=False, stop=True)
    illegal: list[IllegalEvent] = []
    undecided: list[UndecidedEvent] = []
    notes: list[Note] = []
    counts = {"illegal": 0, "undecided": 0, "notes": 0}
    claim_found = False
    for rj in judged.rounds:
        outcomes: dict[int, list[tuple[World, Played]]] = {}
        histories = {id(way): way.history() for way in rj.ways}
        # The representative's steps, shown as people see them where the verdict reports them.
        shown = {s.number: (s, w) for s, w in histories[id(rj.shown)] if isinstance(s, Played)}
        others: list[dict[int, State]] | None = None
        for history in histories.values():
            for step, world in history:
                if isinstance(step, Played):
                    outcomes.setdefault(step.number, []).append((world, step))
        for number in sorted(outcomes):
            found = outcomes[number]
            errors = [step.error for _, step in found]
            if all(e is None for e in errors):
                continue
            if others is None:
                others = _others(rj)
            step, world = shown.get(number, (found[0][1], found[0][0]))
            display = _shown(step, world, others)
            if all(e is not None for e in errors):
                error = errors[0]
                assert error is not None
                counts["illegal"] += 1
                claim_found = claim_found or claimed(record.claim, number, error.rule)
                if len(illegal) < MAX_REPORTED:
                    step = attrs.evolve(found[0][1], before=display.before)
                    illegal.append(illegal_event(step, error, names))
                continue
            counts["undecided"] += 1
            if len(undecided) < MAX_REPORTED:
                history = histories[id(rj.shown)]
                undecided.append(_undecided(found, display, history))
    for rj in judged.rounds:
        for note in rj.shown.notes:
            counts["notes"] += 1
            if len(notes) < MAX_REPORTED:
                notes.append(note)
    found_problems = [*problems, *judged.problems]
    return Verdict(
        record,
        judged.game,
        tuple(illegal),
        tuple(found_problems[:MAX_REPORTED]),
        stopped=not tolerant and bool(illegal),
        notes=tuple(notes),
        illegal_total=counts["illegal"],
        problems_total=len(found_problems),
        notes_total=counts["notes"],
        claim_found=claim_found,
        undecided=tuple(undecided),
        undecided_total=counts["undecided"],
        undecided_rounds=judged.undecided_results,
    )


def _undecided(
    found: list[tuple[World, Played]], display: Played, history: list[tuple[Step, World]]
) -> UndecidedEvent:
    """An event legal in some worlds and illegal in others, with the cards it turns on: the
    cards whose possible faces differ between the worlds where it is legal and those where it is
    not, a card alone where its faces tell them apart, named by the last event that moved or
    showed it (in ``history``, the steps shown)."""
    number = display.number
    rules: list[str] = []
    refusals: list[Wording] = []
    for _, step in found:
        if step.error is not None and step.error.rule not in rules:
            rules.append(step.error.rule)
            refusals.append(step.error.wording)
    # The cards some world knows otherwise than another: the candidates. Worlds alike in what
    # they know are asked once.
    alike: dict[tuple[Any, ...], tuple[World, set[str | None]]] = {}
    for world, step in found:
        key = (world.state.deck.faces, world.pools, world.allowed)
        outcome = None if step.error is None else step.error.rule
        alike.setdefault(key, (world, set()))[1].add(outcome)
    worlds = [world for world, _ in alike.values()]
    first = worlds[0]
    everywhere, somewhere = -1, 0
    for world in worlds:
        everywhere &= world.unknown
        somewhere |= world.unknown
    candidates = []
    for card in range(len(first.state.deck)):
        bit = 1 << card
        if somewhere & bit and not everywhere & bit:
            candidates.append(card)
        elif not somewhere & bit:
            if len({w.state.deck.faces[card] for w in worlds}) > 1:
                candidates.append(card)
        elif len({w.faces_allowed(card) for w in worlds}) > 1:
            candidates.append(card)
    turns: list[tuple[int, Turn, bool]] = []
    for card in candidates:
        by_outcome: dict[str | None, set[int]] = {}
        for world, outcomes in alike.values():
            possible = world.possible(card)
            for outcome in outcomes:
                by_outcome.setdefault(outcome, set()).update(possible)
        legal = frozenset(by_outcome.get(None, set()))
        broken = tuple((rule, frozenset(f)) for rule, f in by_outcome.items() if rule is not None)
        sets = [legal, *(f for _, f in broken)]
        apart = all(not (a & b) for a, b in itertools.combinations([x for x in sets if x], 2))
        turn = Turn(_named(card, number, history), legal, broken)
        turns.append((_last_moved(card, number, history), turn, apart))
    turns.sort(key=lambda item: item[0], reverse=True)  # the card moved last first
    deciding = [turn for _, turn, apart in turns if apart]
    chosen = deciding[:1] if deciding else [turn for _, turn, _ in turns[:3]]
    return UndecidedEvent(
        number,
        display.round,
        display.index,
        display.action,
        tuple(rules),
        tuple(chosen),
        bool(deciding),
        display.before,
        tuple(refusals),
    )


def _last_moved(card: int, number: int, history: list[tuple[Step, World]]) -> int:
    """The number of the last event before ``number`` that moved or showed ``card`` (0: none)."""
    for step, _ in reversed(history):
        if (
            isinstance(step, Played)
            and step.number < number
            and card in card_subjects(step.before, step.action, step.state)
        ):
            return step.number
    return 0


def _named(card: int, number: int, history: list[tuple[Step, World]]) -> Wording:
    """``card`` named for people: by the last event before ``number`` that moved or showed it,
    else by where it lies before event ``number``."""
    before: State | None = None
    for step, _ in reversed(history):
        if not isinstance(step, Played):
            continue
        if step.number == number:
            before = step.before
        elif step.number < number and card in card_subjects(step.before, step.action, step.state):
            return _card_wording(step.before, card, step.action, step.number)
    if before is None:
        before = next(s.state for s, _ in history if isinstance(s, Dealt))
    return _card_wording(before, card, None, number)

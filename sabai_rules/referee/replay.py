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
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Sequence
from typing import Any, Final, TypeAlias

import attrs

from sabai_rules.cards import face_name
from sabai_rules.engine.outcomes import chance_node
from sabai_rules.engine.rules import (
    PRIORITY,
    in_reaction_round,
    is_identical,
    may_exchange,
    owner_precedence,
    reshuffles,
    rule_of,
)
from sabai_rules.events import Event
from sabai_rules.game import finish_round, new_game
from sabai_rules.messages import Wording
from sabai_rules.moves import (
    PARAMETERS,
    Action,
    AlsoThrowIn,
    IllegalActionError,
    Keep,
    Pass,
    ThrowIn,
    apply,
    apply_chance,
    apply_chance_events,
    apply_events,
    deal,
    deck_for,
    legal_actions,
    resolve_chance,
    seeded_outcome,
)
from sabai_rules.referee.record import (
    Claim,
    Problem,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
    moments,
)
from sabai_rules.state import (
    NO_CARD,
    NO_PLAYER,
    ChanceKind,
    ChanceModel,
    Game,
    RoundResult,
    State,
    card_bit,
)

#: How many illegal events, problems and notes a verdict holds (and the referee reports) in
#: full; of the rest, it counts them.
MAX_REPORTED: Final = 100

#: The ruling that asks the referee to note a keep of an Ass Joker the player had seen.
_TURNED_OVER = "ruling.ass-joker-turned-over"
#: The ruling under which an owner's priority sets another player's reach for the card aside.
_PRIORITY = "ruling.first-refusal"

__all__ = [
    "MAX_REPORTED",
    "Dealt",
    "IllegalEvent",
    "Note",
    "Played",
    "RoundClosed",
    "Skipped",
    "Step",
    "Verdict",
    "close_round",
    "play_record",
    "replay",
    "table_after",
]


@attrs.frozen
class IllegalEvent:
    """An event the rules forbid: where it is, what it was, the rule it breaks, what the rules
    allowed instead, and the table just before it."""

    number: int
    round: int
    index: int
    action: Action
    rule: str
    #: Why, in English, naming players as the record does.
    message: str
    allowed: tuple[Action, ...]
    before: State
    #: Why, to be said in any language of the rulebook (:meth:`message_in`).
    wording: Wording

    def message_in(self, names: Sequence[str], language: str) -> str:
        return self.wording.text(names, language)


@attrs.frozen
class Note:
    """A legal event a ruling says the referee notes, without sanction: a keep that picks an
    Ass Joker the player had already seen (:rule:`ruling.ass-joker-turned-over`); a reach for a
    card its owner threw in at the same moment with priority (:rule:`ruling.first-refusal`)."""

    number: int
    round: int
    index: int
    action: Action
    rule: str
    #: What happened, naming players as the record does (English).
    message: str
    #: What happened, to be said in any language of the rulebook (:meth:`message_in`).
    wording: Wording

    def message_in(self, names: Sequence[str], language: str) -> str:
        return self.wording.text(names, language)


def _claimed(claim: Claim | None, number: int, rule: str) -> bool:
    """Whether the illegal event ``number``, breaking ``rule``, is the one ``claim`` names (the
    event and, if it says, the rule; or, naming no event, the rule)."""
    if claim is None:
        return False
    if claim.illegal_event is not None:
        return number == claim.illegal_event and claim.rule in (None, rule)
    return claim.rule == rule


def _count(name: str) -> Any:
    """A count that defaults to the length of the field ``name``: what was reported in full."""
    return attrs.field(
        default=attrs.Factory(lambda self: len(getattr(self, name)), takes_self=True),
        kw_only=True,
    )


@attrs.frozen
class Verdict:
    """What the referee found. A verdict holds the first :data:`MAX_REPORTED` illegal events,
    problems and notes in full, and counts every one (:attr:`illegal_total`...): a tolerant
    replay of a long record of illegal events stays as short as the record allows."""

    record: Record
    #: The game as far as it was played: the rounds scored, the winners once it is over.
    game: Game
    #: The illegal events, in order: the first :data:`MAX_REPORTED` of them.
    illegal: tuple[IllegalEvent, ...]
    #: What could not be read or played (tolerant reading and replay): the first
    #: :data:`MAX_REPORTED`.
    problems: tuple[Problem, ...]
    #: The replay stopped at the first illegal event: the events after it were not judged.
    stopped: bool = False
    #: Legal events the rulings say are noted, in order: the first :data:`MAX_REPORTED`.
    notes: tuple[Note, ...] = ()
    #: How many illegal events, problems and notes were found, reported in full or not.
    illegal_total: int = _count("illegal")
    problems_total: int = _count("problems")
    notes_total: int = _count("notes")
    #: Whether an illegal event found (reported in full or not) is the one the record's claim
    #: names.
    claim_found: bool = attrs.field(
        default=attrs.Factory(
            lambda self: any(_claimed(self.record.claim, e.number, e.rule) for e in self.illegal),
            takes_self=True,
        ),
        kw_only=True,
    )

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """Each round played to its end, scored."""
        return self.game.rounds

    @property
    def legal(self) -> bool:
        return not self.illegal

    @property
    def complete(self) -> bool:
        return self.game.is_over

    def claim_holds(self) -> bool | None:
        """Whether the record's claim holds: ``False`` if any part of it is wrong, ``None`` if it
        makes none or a part cannot be settled (the game is unfinished, or the replay stopped
        before the event the claim names)."""
        claim = self.record.claim
        if claim is None:
            return None
        checks: list[bool | None] = []
        if claim.winners is not None:
            winners = self.game.winners
            checks.append(None if winners is None else sorted(claim.winners) == sorted(winners))
        found = self.claim_found
        if claim.illegal_event is not None:
            unjudged = self.stopped and self.illegal[-1].number < claim.illegal_event
            checks.append(True if found else (None if unjudged else False))
        elif claim.rule is not None:
            checks.append(True if found else (None if self.stopped else False))
        if False in checks:
            return False
        return None if None in checks or not checks else True


def _check_slots(state: State, action: Action, names: Sequence[str], path: str) -> Problem | None:
    """A record that names a card that is not on the table is unusable, not illegal: the first
    such card, as a problem, or ``None``."""
    rows = state.table.rows

    def missing(player: int, slot: int) -> bool:
        row = rows[player]
        return not (0 <= slot < len(row) and row[slot] >= 0)

    if isinstance(action, Keep) and not rows[action.actor] and action.slot == 0:
        return None  # a drawn Ass Joker kept into an empty row
    # The action's shape says which of its fields are slots, and in whose row.
    for parameter in PARAMETERS[type(action)]:
        if parameter.row is None:
            continue
        owner = getattr(action, parameter.row)
        value = getattr(action, parameter.name)
        named = (
            [(f"{parameter.name}[{i}]", slot) for i, slot in enumerate(value)]
            if parameter.kind == "slots"
            else [(parameter.name, value)]
        )
        for field, slot in named:
            if missing(owner, slot):
                return Problem(f"{path}.{field}", f"{names[owner]} has no card in slot {slot}")
    return None


def _allowed(state: State, actor: int) -> tuple[Action, ...]:
    """What the rules allowed at that point: the decisions the game waited for, then the
    actor's own other options (throw-ins of their own cards, a call, a pass)."""
    legal = legal_actions(state)
    own = [a for a in legal.throw_ins if a.actor == actor and getattr(a, "owner", None) == actor]
    mine = [a for a in (*legal.calls, *legal.passes) if a.actor == actor]
    return (*legal.decisions, *own, *mine)


@attrs.frozen
class Dealt:
    """A round's deal, as the record gives it."""

    round: int
    state: State


@attrs.frozen
class Played:
    """One recorded event played: ``state`` is the table after it (``before`` if it was
    illegal), ``caused`` what it caused (if asked for), ``error`` the refusal of an illegal
    event. ``action`` is the action as played: a throw-in of a simultaneous group names the
    slot where its card lay when its turn in the group came.

    In tolerant play one kind of illegal event changes the table: a legal action whose
    reshuffle the record states wrongly (:rule:`ruling.draw-pile-exhausted`) is played with the
    seeded sampler deciding that reshuffle, and ``state`` and ``caused`` are that play's."""

    number: int
    round: int
    index: int
    action: Action
    before: State
    state: State
    caused: tuple[Event, ...]
    error: IllegalActionError | None
    #: The owner who threw the card in at the same moment with priority
    #: (:rule:`ruling.first-refusal`): this reach for it did not happen.
    outranked_by: int = NO_PLAYER


@attrs.frozen
class RoundClosed:
    """The end of a round's events: ``state`` after the unrecorded passes of the reaction round;
    ``game`` with the round scored if it is over."""

    round: int
    state: State
    game: Game
    #: Tolerant play only: the round stops before it is over and another follows; the steps end.
    problem: Problem | None = None


@attrs.frozen
class Skipped:
    """Tolerant play only: what could not be played, skipped with a problem, the table as it
    was — an event that names a card that is not on the table, or reaches for a card another event
    of its moment throws in; the events of a round after its end (one problem for them all); a
    round after the end of the game; a reshuffle or a nose-race loser the record states for a
    round that never needed it. A strict play raises
    :class:`~sabai_rules.referee.record.RecordError` there instead."""

    round: int
    problem: Problem


#: One step of :func:`play_record`.
Step: TypeAlias = Dealt | Played | RoundClosed | Skipped


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

    Chance decides as the module's introduction says."""
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
            yield _unplayable(r, Problem(path, message), tolerant)
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
            yield _unplayable(r, problem, tolerant)
        yield RoundClosed(r, state, game)


def _over(state: State) -> bool:
    """Whether the round is over (asked through a function: mypy would take an earlier check of
    ``state.is_over`` to hold after ``state`` is replaced)."""
    return state.is_over


def _unplayable(r: int, problem: Problem, tolerant: bool) -> Skipped:
    """What makes the record unplayable in round ``r``: strict, a
    :class:`~sabai_rules.referee.record.RecordError`; tolerant, skipped."""
    if not tolerant:
        raise RecordError(problem.message, problem.path)
    return Skipped(r, problem)


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
                yield _unplayable(r, self._after_end(moment[0][0], last), self.tolerant)
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
                    yield _unplayable(r, self._after_end(i, i), self.tolerant)
                    continue
                action = _where_it_lies(state, event.action, card, before)
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
            problem = _check_slots(state, event.action, self.record.players, f"{path}[{i}]")
            if problem is None:
                group.append((i, event))
            else:
                yield _unplayable(self.round, problem, self.tolerant)
        cards = [_card_of(state, event.action) for _, event in group]
        if len(group) < 2:
            return group, cards, {}
        outranked, twice = _outranked(state, group, cards)
        for first, i in twice:
            # Strict, the record is unusable at the card's first reach; tolerant, that reach is
            # played and this one skipped.
            where = f"{path}[{i if self.tolerant else first}]"
            problem = Problem(where, "one card is thrown in twice at the same moment")
            yield _unplayable(self.round, problem, self.tolerant)
        skipped = {i for _, i in twice}
        group = [item for item in group if item[0] not in outranked and item[0] not in skipped]
        cards = [_card_of(state, event.action) for _, event in group]
        group, cards = _in_ruling_order(state, group, cards)
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
        for key, stated, met, what in (
            ("reshuffles", len(self.piles), self.reshuffled, "reshuffle"),
            ("nose_races", len(self.losers), self.raced, "random nose race"),
        ):
            if stated > met:
                had = f"{met} {what}{'' if met == 1 else 's'}"
                return Problem(
                    f"{path}.{key}[{met}]", f"the round had {had}, the record states {stated}"
                )
        return None


def _stated_pile(state: State, faces: Sequence[int], action: Action) -> list[int]:
    """The cards of a new draw pile stated as ``faces``, top card first, at the chance node
    ``state`` of its first card: for each face, the card of that face left in the discard pile
    under its top card with the lowest id (cards of one face are alike once shuffled: nobody
    knows them). :class:`~sabai_rules.moves.IllegalActionError` citing
    :rule:`ruling.draw-pile-exhausted` if that pile cannot hold them."""
    node = chance_node(state)
    assert node is not None
    pile, card_faces = node.choices, state.deck.faces
    rule = rule_of(reshuffles)
    if len(faces) > len(pile):
        raise IllegalActionError(
            rule,
            action,
            "the record states {stated} cards of the new draw pile, but the discard pile under its"
            " top card holds {held}",
            params={"stated": len(faces), "held": len(pile)},
        )
    left = list(pile)  # in increasing order of id
    cards = []
    for k, face in enumerate(faces, start=1):
        card = next((c for c in left if card_faces[c] == face), None)
        if card is None:
            held = sum(1 for c in pile if card_faces[c] == face)
            params = {"place": k, "face": face_name(face), "held": held, "nth": held + 1}
            if held:
                params["ordinal"] = _ORDINALS.get(held + 1, f"{held + 1}th")
                template = (
                    "the record states card {place} from the top of the new draw pile as {face},"
                    " its {ordinal} {face}, but the discard pile under its top card holds only"
                    " {held}"
                )
            else:
                template = (
                    "the record states card {place} from the top of the new draw pile as {face},"
                    " but the discard pile under its top card holds no {face}"
                )
            raise IllegalActionError(rule, action, template, params=params)
        left.remove(card)
        cards.append(card)
    return cards


#: How a reason counts the cards of one face.
_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _card_of(state: State, action: Action) -> int:
    """The card a throw-in names, as the table stands; :data:`~sabai_rules.state.NO_CARD` for
    any other action."""
    if isinstance(action, ThrowIn):
        return state.table.rows[action.owner][action.slot]
    return NO_CARD


def _outranked(
    state: State, group: list[tuple[int, RecordEvent]], cards: list[int]
) -> tuple[dict[int, int], list[tuple[int, int]]]:
    """The throw-ins of a simultaneous group that reach for a card its owner throws in at the
    same moment, when the owner's first refusal is a priority (:rule:`ruling.first-refusal`):
    event index -> the owner; and each later reach for any other card thrown in twice at once,
    with the card's first reach: such a card makes the record unusable (tolerant play plays the
    first reach and skips the others)."""
    claims: dict[int, list[tuple[int, Action]]] = {}
    for (i, event), card in zip(group, cards, strict=True):
        claims.setdefault(card, []).append((i, event.action))
    outranked: dict[int, int] = {}
    twice: list[tuple[int, int]] = []
    for card, reaching in claims.items():
        if len(reaching) == 1:
            continue
        owner = getattr(reaching[0][1], "owner", NO_PLAYER)
        own = [i for i, action in reaching if action.actor == owner]
        precedence = owner_precedence(
            state.setup.ruleset, state.table.mask(owner), state.flow.lockout, owner, card
        )
        if len(own) != 1 or precedence != PRIORITY:
            twice.extend((reaching[0][0], i) for i, _ in reaching[1:])
        else:
            outranked.update((i, owner) for i, action in reaching if action.actor != owner)
    return outranked, twice


def _in_ruling_order(
    state: State, group: list[tuple[int, RecordEvent]], cards: list[int]
) -> tuple[list[tuple[int, RecordEvent]], list[int]]:
    """Throw-ins made at the same moment, in the order of :rule:`ruling.sequential-actions`:
    the throwers in play order from the player whose turn it is; each thrower's identical cards
    (to the top card before the group) before a wrong one; otherwise as recorded."""
    setup, turn, top = state.setup, state.flow.turn, state.table.top

    def order(item: tuple[tuple[int, RecordEvent], int]) -> tuple[int, bool, int]:
        (i, event), card = item
        seat = (event.action.actor - turn) % setup.players
        right = top != NO_CARD and is_identical(setup.ruleset, setup.deck, card, top)
        return seat, not right, i

    ordered = sorted(zip(group, cards, strict=True), key=order)
    return [item for item, _ in ordered], [card for _, card in ordered]


def _where_it_lies(state: State, action: Action, card: int, before: int) -> Action:
    """A throw-in of a simultaneous group names its card's slot before the group; once earlier
    cards of the group have left the row, the card lies further left. A card that follows the
    same thrower's wrong card of the group is put down in the same motion
    (:class:`~sabai_rules.moves.AlsoThrowIn`, :rule:`throw-in.several-at-once`)."""
    if not isinstance(action, ThrowIn) or card == NO_CARD:
        return action
    row = state.table.rows[action.owner]
    slot = row.index(card) if card in row else action.slot
    actor = action.actor
    if before == actor and state.flow.motion == actor:
        return AlsoThrowIn(actor, action.owner, slot)
    if slot != action.slot:
        return ThrowIn(actor, action.owner, slot)
    return action


def replay(record: Record, *, tolerant: bool = False, problems: Sequence[Problem] = ()) -> Verdict:
    """Play the record. Strict: stop at the first illegal event. Tolerant: note every illegal
    event, skip it and go on (but for a stated reshuffle the discard pile cannot have made: the
    seeded sampler decides it, and the action is played, see :class:`Played`), and keep what was
    found before a round cut short. ``problems`` are those a tolerant read found. The verdict
    holds the first :data:`MAX_REPORTED` illegal events, problems and notes in full and counts
    the rest, so that its memory and its rendering do not grow with them. A record that cannot be
    played (see :func:`play_record`) raises :class:`~sabai_rules.referee.record.RecordError`."""
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
            note = _note(step, names)
            if note is not None:
                counts["notes"] += 1
                if len(notes) < MAX_REPORTED:
                    notes.append(note)
        elif isinstance(step, Played) and step.error is not None:
            counts["illegal"] += 1
            claim_found = claim_found or _claimed(claim, step.number, step.error.rule)
            if len(illegal) < MAX_REPORTED:
                illegal.append(_illegal_event(step, step.error, names))
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


def _illegal_event(step: Played, error: IllegalActionError, names: Sequence[str]) -> IllegalEvent:
    return IllegalEvent(
        step.number,
        step.round,
        step.index,
        step.action,
        error.rule,
        error.message_with(names),
        _allowed(step.before, step.action.actor),
        step.before,
        error.wording,
    )


def _note(step: Played, names: Sequence[str]) -> Note | None:
    """The note a ruling asks for on this legal event, if any: a reach for a card its owner threw
    in at the same moment with priority; a keep whose slot held an Ass Joker, which stays (the
    engine decides that: :func:`~sabai_rules.engine.rules.may_exchange`), when the engine's
    knowledge says the player had seen it."""
    action = step.action
    owner = step.outranked_by
    if owner != NO_PLAYER and isinstance(action, ThrowIn):
        wording = Wording(
            "{0} reached for {1}'s card in slot {slot} at the same moment as {1}, who knew it and"
            " had priority: {1} threw it in, and {0}'s reach did nothing",
            (action.actor, owner),
            (("slot", action.slot),),
        )
        message = wording.text(names)
        return Note(step.number, step.round, step.index, action, _PRIORITY, message, wording)
    if not isinstance(action, Keep):
        return None
    table, deck = step.before.table, step.before.deck
    row = table.rows[action.actor]
    if not row:
        return None
    card = row[action.slot]
    if may_exchange(deck, card) or not table.mask(action.actor) & card_bit(card):
        return None
    wording = Wording(
        "{0} kept the drawn card in slot {slot}, which holds the Ass Joker they had already seen:"
        " it is shown and stays, the drawn card is played; no sanction",
        (action.actor,),
        (("slot", action.slot),),
    )
    message = wording.text(names)
    return Note(step.number, step.round, step.index, action, _TURNED_OVER, message, wording)


def close_round(state: State) -> State:
    """Players who did not record a pass in the reaction round are taken to pass."""
    status = state.flow.status
    if not in_reaction_round(status) or state.flow.queue or state.flow.pending is not None:
        return state
    for player in range(state.players):
        if not (state.flow.status.closing >> player) & 1 and not state.is_over:
            state = apply(state, Pass(player))
    return state


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

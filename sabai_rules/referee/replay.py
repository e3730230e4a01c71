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

import itertools
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import Any, Final, TypeAlias

import attrs

from sabai_rules.cards import UNKNOWN, face_name
from sabai_rules.engine.outcomes import chance_node
from sabai_rules.engine.rules import (
    PRIORITY,
    in_reaction_round,
    is_identical,
    may_exchange,
    owner_precedence,
    reach_by_play_order,
    reshuffles,
    rule_of,
    trusts_unseen_claims,
)
from sabai_rules.events import Event
from sabai_rules.game import finish_round, new_game
from sabai_rules.messages import Wording
from sabai_rules.moves import (
    PARAMETERS,
    Action,
    AlsoThrowIn,
    Compensate,
    Draw,
    Give,
    IllegalActionError,
    Keep,
    LookAtCards,
    Pass,
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
    deal,
    deck_for,
    legal_actions,
    resolve_chance,
    seeded_outcome,
)
from sabai_rules.position import read_position
from sabai_rules.referee.record import (
    TABLE_VERSION,
    Claim,
    Problem,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
    moments,
)
from sabai_rules.referee.unknown import (
    MAX_WORLDS,
    Branch,
    Question,
    World,
    card_subjects,
    identical,
    questions,
    shown_state,
    split,
)
from sabai_rules.scoring import score_round
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

#: How many illegal events, problems and notes a verdict holds (and the referee reports) in
#: full; of the rest, it counts them.
MAX_REPORTED: Final = 100

#: The ruling that asks the referee to note a keep of an Ass Joker the player had seen.
_TURNED_OVER = "ruling.ass-joker-turned-over"
#: The ruling under which an owner's priority sets another player's reach for the card aside.
_PRIORITY = "ruling.first-refusal"
#: The ruling under which a reach for a card another player got at the same moment did nothing.
_SAME_CARD = rule_of(reach_by_play_order)

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


@attrs.frozen
class Turn:
    """How an undecided event turns on one card: the faces under which it is legal, and for each
    rule it breaks otherwise, the faces under which it breaks it."""

    #: The card, named for people ("the card Ben threw in from his slot 2 (event 12)").
    card: Wording
    legal: frozenset[int]
    illegal: tuple[tuple[str, frozenset[int]], ...]


@attrs.frozen
class UndecidedEvent:
    """An event legal under some assignments of the cards the record does not state and illegal
    under others (:mod:`sabai_rules.referee.unknown`): where it is, what it was, the rules it
    breaks where it is illegal, the cards it turns on, and the table just before it (the cards
    whose faces the record leaves open shown as ``?``)."""

    number: int
    round: int
    index: int
    action: Action
    #: The rules it breaks where it is illegal, in the order first met.
    rules: tuple[str, ...]
    #: The cards it turns on: one where a single card decides it, else the cards that do
    #: together (each with the faces met in each case).
    turns: tuple[Turn, ...]
    #: Whether one card decides it (the first of :attr:`turns`).
    single: bool
    before: State
    #: What the refusal says where it is illegal, for each of :attr:`rules`.
    refusals: tuple[Wording, ...] = ()

    def refusal_in(self, rule: str, names: Sequence[str], language: str) -> str:
        """Why the event is illegal where it breaks ``rule``, in ``language``."""
        return self.refusals[self.rules.index(rule)].text(names, language)


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
    #: A record of what a table knows (version 2): the events it cannot decide, legal under
    #: some assignments of the cards it does not state and illegal under others; the first
    #: :data:`MAX_REPORTED`, and how many in all.
    undecided: tuple[UndecidedEvent, ...] = attrs.field(default=(), kw_only=True)
    undecided_total: int = _count("undecided")
    #: The rounds whose result the record cannot decide: a card of a row at the end that it does
    #: not state (``reveal``), on which the result turns.
    undecided_rounds: tuple[int, ...] = attrs.field(default=(), kw_only=True)
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

    @property
    def decided(self) -> bool:
        """Whether the record decides every event judged and every round's result."""
        return not self.undecided_total and not self.undecided_rounds

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
            settled = winners is not None and not self.undecided_rounds
            checks.append(sorted(claim.winners) == sorted(winners or ()) if settled else None)
        found = self.claim_found
        if claim.illegal_event is not None and any(
            e.number == claim.illegal_event for e in self.undecided
        ):
            checks.append(None)  # the record cannot decide that event
        elif claim.illegal_event is not None:
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
    #: The player who got the card this reach was for, at the same moment: its owner with
    #: priority (:rule:`ruling.first-refusal`), or the one who touched it first
    #: (:rule:`ruling.same-card-reach`); this reach did not happen.
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
    #: A record of what a table knows: whether it decides the round's result (``game``'s last
    #: round is otherwise one of the results it allows, and ``state`` shows the cards it does not
    #: decide as ``?``).
    decided: bool = True


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

    Chance decides as the module's introduction says. A record of version 2 is played in
    every world its unknown cards allow (:mod:`sabai_rules.referee.unknown`): the steps are those
    of one of them, the cards whose faces the record leaves open shown as ``?``."""
    if record.version >= TABLE_VERSION:
        yield from _judge_record(record, tolerant=tolerant, caused=caused).steps()
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
    """The throw-ins of a simultaneous group that reach for a card another of the group got, and
    who got it (event index -> that player): the owner, who knows the card, where first refusal
    is a priority (:rule:`ruling.first-refusal`); else the one the record marks ``first`` — or,
    under ``same_card_reach="play_order"``, the first of them in play order from the active
    player (:rule:`ruling.same-card-reach`). And each later reach for a card thrown in twice at
    once that none of these settles, with the card's first reach: such a card makes the record
    unusable (tolerant play plays the first reach and skips the others)."""
    claims: dict[int, list[tuple[int, RecordEvent]]] = {}
    for (i, event), card in zip(group, cards, strict=True):
        claims.setdefault(card, []).append((i, event))
    rules, turn, n = state.setup.ruleset, state.flow.turn, state.players
    outranked: dict[int, int] = {}
    twice: list[tuple[int, int]] = []
    for card, reaching in claims.items():
        if len(reaching) == 1:
            continue
        owner = getattr(reaching[0][1].action, "owner", NO_PLAYER)
        own = [i for i, event in reaching if event.action.actor == owner]
        precedence = owner_precedence(
            rules, state.table.mask(owner), state.flow.lockout, owner, card
        )
        marked = [i for i, event in reaching if event.first]
        if len(own) == 1 and precedence == PRIORITY:
            got = own[0]
        elif reach_by_play_order(rules):
            got = min(reaching, key=lambda item: (item[1].action.actor - turn) % n)[0]
        elif len(marked) == 1:
            got = marked[0]
        else:
            twice.extend((reaching[0][0], i) for i, _ in reaching[1:])
            continue
        winner = next(event.action.actor for i, event in reaching if i == got)
        outranked.update((i, winner) for i, _ in reaching if i != got)
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
    if record.version >= TABLE_VERSION:
        return _judged_verdict(record, tolerant, problems)
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
    winner = step.outranked_by
    if winner != NO_PLAYER and isinstance(action, ThrowIn):
        owner = action.owner
        if winner == owner:
            wording = Wording(
                "{0} reached for {1}'s card in slot {slot} at the same moment as {1}, who knew it"
                " and had priority: {1} threw it in, and {0}'s reach did nothing",
                (action.actor, owner),
                (("slot", action.slot),),
            )
            rule = _PRIORITY
        else:
            wording = Wording(
                "{0} reached for {1}'s card in slot {slot} at the same moment as {2}, who got it:"
                " {0}'s reach did nothing",
                (action.actor, owner, winner),
                (("slot", action.slot),),
            )
            rule = _SAME_CARD
        message = wording.text(names)
        return Note(step.number, step.round, step.index, action, rule, message, wording)
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


# -- records of what a table knows (version 2) --------------------------------------------------


@attrs.frozen
class _Way:
    """One world of a round and what happened in it: its steps, newest first, each with the cards
    whose faces it did not know then (cons cells shared with the worlds it split from), the
    events illegal there, whether it stopped at one (strict play), and the chance the record
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

    def but(self, **changes: Any) -> _Way:
        """This way with ``changes``, as ``attrs.evolve`` gives it (built directly: a way is
        made anew at every event)."""
        get = changes.get
        return _Way(
            get("world", self.world),
            get("steps", self.steps),
            get("illegal", self.illegal),
            get("notes", self.notes),
            get("stopped", self.stopped),
            get("reached", self.reached),
            get("reshuffled", self.reshuffled),
            get("raced", self.raced),
        )

    def stepped(self, step: Step, world: World | None = None) -> _Way:
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
class _RoundJudged:
    """A round judged in every world: the worlds at its end (those that stopped at an illegal
    event included), the representative whose steps are shown, and the round's result where the
    record decides it."""

    ways: tuple[_Way, ...]
    shown: _Way
    closed: State | None
    #: The cards of the rows at the end whose faces the worlds do not all know and agree on.
    open_at_end: int
    result: RoundResult | None
    decided: bool


class _Tables:
    """A record of version 2 played in worlds (:mod:`sabai_rules.referee.unknown`), round by
    round."""

    def __init__(self, record: Record, tolerant: bool, caused: bool) -> None:
        self.record = record
        self.tolerant = tolerant
        self.caused = caused
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
        """A round started from a position (:mod:`sabai_rules.position`): the record's round
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

    def round(self, rnd: RoundRecord, r: int, first: int, game: Game, what: str) -> _RoundJudged:
        world = self.first_world(rnd, r, game)
        ways = [_Way(world, (Dealt(r, world.state), world, ()))]
        ended: list[_Way] = []  # the worlds stopped at an illegal event
        path = f"$.rounds[{r}]"
        for moment in moments(rnd.events):
            going: list[_Way] = []
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

    def closed(
        self, rnd: RoundRecord, ways: list[_Way], ended: list[_Way], path: str
    ) -> _RoundJudged:
        """The round's end: the unrecorded passes, the rows turned up as the record states them,
        each world's result, and which world is shown."""
        finished: list[_Way] = []
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
        shown = max(population, key=lambda w: (not w.stopped, w.reached, -len(w.illegal)))
        result = results[0] if decided else None
        closed = shown.world.state if not shown.stopped else closed
        open_at_end = shown.world.unknown
        for way in finished:
            theirs = way.world.state.deck.faces
            for card, face in enumerate(shown.world.state.deck.faces):
                if theirs[card] != face:
                    open_at_end |= card_bit(card)
        return _RoundJudged(population, shown, closed, open_at_end, result, decided)

    def contradicted(self, path: str) -> None:
        dead = self.contradiction
        if dead is None:
            raise RecordError("no deal agrees with what the record states", path)
        raise RecordError(
            f"{dead.message}: no deal agrees with that and what the record states before it",
            dead.path,
        )

    def bounded(self, ways: list[_Way], first: int, rnd: RoundRecord) -> None:
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
        way: _Way,
        rnd: RoundRecord,
        r: int,
        first: int,
        moment: list[tuple[int, RecordEvent]],
        what: str,
    ) -> tuple[list[_Way], Problem | None]:
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
            found = _check_slots(state, event.action, self.names, f"{path}[{i}]")
            if found is None:
                group.append((i, event))
            elif problem is None:
                problem = found
        if problem is not None and not self.tolerant:
            return [], problem
        outranked: dict[int, int] = {}
        ways = [way]
        if len(group) > 1:
            cards = [_card_of(state, e.action) for _, e in group]
            outranked, twice = _outranked(state, group, cards)
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
        done: list[_Way] = []
        for w in ways:
            done.extend(self.group(w, r, first, group, outranked))
        return done, problem

    def group(
        self,
        way: _Way,
        r: int,
        first: int,
        group: list[tuple[int, RecordEvent]],
        outranked: dict[int, int],
    ) -> list[_Way]:
        state = way.world.state
        events = self.record.rounds[r].events
        for i, owner in outranked.items():
            action = events[i].action
            step = Played(first + i, r, i, action, state, state, (), None, owner)
            way = self.noted(way.stepped(step), step)
        cards = [_card_of(state, e.action) for _, e in group]
        ordered, cards = _in_ruling_order(state, group, cards) if len(group) > 1 else (group, cards)
        ways = [way]
        before = NO_PLAYER
        for (i, event), card in zip(ordered, cards, strict=True):
            following: list[_Way] = []
            for w in ways:
                if w.stopped or w.world.state.is_over:
                    following.append(w)
                    continue
                action = _where_it_lies(w.world.state, event.action, card, before)
                following.extend(self.event(w, r, first + i, i, action, event))
            before = event.action.actor
            ways = following
        return ways

    # -- an event -------------------------------------------------------------------------------

    def event(
        self, way: _Way, r: int, number: int, index: int, action: Action, event: RecordEvent
    ) -> list[_Way]:
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
        played: list[_Way] = []
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
        way: _Way,
        ask: Callable[[State, int], Iterable[Question]],
        number: int,
        action: Action | None,
    ) -> list[_Way]:
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
        self, way: _Way, r: int, number: int, index: int, action: Action, event: RecordEvent
    ) -> _Way:
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
                            after, caused, error = before, (), fixed
                            world = way.world
                            break
                        error = fixed
                    else:
                        world = fixed
                reshuffled += 1
            node = chance_node(after)
        world = world.but(state=State(world.state.setup, after.table, after.flow))
        if event.unseen_by and error is None:
            world = world.but(state=_unseen(world.state, before, action, event.unseen_by))
        if event.shows is not None and isinstance(action, Draw):
            subjects = card_subjects(before, action, after if error is None else None)
            world = _stated(world, subjects, event.shows, f"$.rounds[{r}].events[{index}].shows")
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
            stopped=not self.tolerant,
            reached=number,
            reshuffled=reshuffled,
            raced=raced,
        )

    def chanced(
        self, state: State, outcome: int, caused: tuple[Event, ...]
    ) -> tuple[State, tuple[Event, ...]]:
        if self.caused:
            state, events = apply_chance_events(state, outcome)
            return state, caused + events
        return apply_chance(state, outcome), caused

    def noted(self, way: _Way, step: Played) -> _Way:
        note = _note(step, self.names)
        return way if note is None else way.but(notes=(*way.notes, note))

    def revealed(self, way: _Way, reveal: tuple[tuple[int, ...], ...], path: str) -> _Way:
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
    rule = rule_of(reshuffles)
    original = world
    if len(faces) > len(taken):
        return IllegalActionError(
            rule,
            action,
            "the record states {stated} cards of the new draw pile, but the discard pile under its"
            " top card holds {held}",
            params={"stated": len(faces), "held": len(taken)},
        )
    for place, (card, face) in enumerate(zip(taken, faces, strict=False), start=1):
        fixed = world.fix(card, face)
        if fixed is None:
            held = sum(1 for c in taken if face in original.possible(c))
            params: dict[str, object] = {"place": place, "face": face_name(face), "held": held}
            if held:
                params["nth"] = held + 1
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
            return IllegalActionError(rule, action, template, params=params)
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


def _merged(ways: list[_Way]) -> list[_Way]:
    """The worlds, those that have become the same again made one (their answers joined)."""
    if len(ways) < 2:
        return ways
    seen: dict[Any, int] = {}
    out: list[_Way] = []
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


def _joined(a: _Way, b: _Way) -> _Way:
    """``a`` standing also for ``b``: each answer they share the question of, joined."""
    mine = {(x.card, x.number): x for x in a.world.branches}
    for branch in b.world.branches:
        key = (branch.card, branch.number)
        if key in mine and mine[key].faces != branch.faces:
            mine[key] = attrs.evolve(mine[key], faces=mine[key].faces | branch.faces)
    world = a.world.but(branches=tuple(mine.values()))
    return a.but(world=world)


def _merged_back(parent: _Way, played: list[_Way], number: int) -> list[_Way]:
    """The worlds an event split and that played it alike, made one again: the world it split
    from, if every part played alike (it stands for all of them); else, where the event asked
    about one card only, that card narrowed to the faces of the parts that played alike."""

    def outcome(way: _Way) -> tuple[Any, ...]:
        state = way.world.state
        error = way.illegal[-1][1].rule if way.illegal and way.illegal[-1][0] == number else None
        return (state.table, state.flow, error, way.stopped)

    groups: dict[Any, list[_Way]] = {}
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


def _as_parent(played: _Way, world: World, number: int) -> _Way:
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
class _Judged:
    """A record of version 2 judged: per round, its worlds; the steps shown (those of each
    round's representative world, with the cards whose faces the worlds do not agree on shown
    as ``?``); the game as far as it was played; and whether every round's result is decided."""

    rounds: tuple[_RoundJudged, ...]
    #: The steps of the record, each round's judged in its place.
    sequence: tuple[Step | _RoundJudged, ...]
    game: Game
    problems: tuple[Problem, ...]
    undecided_results: tuple[int, ...]

    def steps(self) -> Iterator[Step]:
        """Every step, as :func:`play_record` gives them (worked out as they are asked for)."""
        for item in self.sequence:
            if isinstance(item, _RoundJudged):
                yield from _shown_steps(item)
            else:
                yield item


def _judge_record(record: Record, *, tolerant: bool, caused: bool) -> _Judged:
    tables = _Tables(record, tolerant, caused)
    game = new_game(
        len(record.players), record.ruleset, seed=record.seed, first_dealer=record.first_dealer
    )
    rounds: list[_RoundJudged] = []
    steps: list[Step | _RoundJudged] = []
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
        if judged.shown.stopped and not tolerant:
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
    return _Judged(tuple(rounds), tuple(steps), game, tuple(problems), tuple(undecided))


def _round_end(
    judged: _RoundJudged, rnd: RoundRecord, game: Game, more: bool, path: str, tolerant: bool
) -> list[Step]:
    """The steps that close a judged round: a stated reshuffle or nose race it never met, then
    its close (with a problem if it stops before it is over and ``more`` rounds follow)."""
    r = judged.shown.world.state.setup.round_index
    state = judged.closed
    assert state is not None
    shown = shown_state(state, judged.open_at_end)
    if not state.is_over and more:
        message = f"round {r + 1} stops before it is over, and another round follows"
        if not tolerant:
            raise RecordError(message, path)
        return [RoundClosed(r, shown, game, Problem(path, message), judged.decided)]
    out: list[Step] = []
    unmet = _unmet(rnd, judged.shown, path)
    if unmet is not None:
        if not tolerant:
            raise RecordError(unmet.message, unmet.path)
        out.append(Skipped(r, unmet))
    out.append(RoundClosed(r, shown, game, decided=judged.decided))
    return out


def _unmet(rnd: RoundRecord, way: _Way, path: str) -> Problem | None:
    """The first reshuffle or random nose race the round states and never met."""
    for key, stated, met, what in (
        ("reshuffles", len(rnd.reshuffles), way.reshuffled, "reshuffle"),
        ("nose_races", len(rnd.nose_races), way.raced, "random nose race"),
    ):
        if stated > met:
            had = f"{met} {what}{'' if met == 1 else 's'}"
            return Problem(
                f"{path}.{key}[{met}]", f"the round had {had}, the record states {stated}"
            )
    return None


def _shown_steps(judged: _RoundJudged) -> list[Step]:
    """The steps of a round's representative world, each table showing as ``?`` the cards whose
    faces the worlds that reached it do not all know and agree on."""
    others = _others(judged)
    out: list[Step] = []
    for step, world in judged.shown.history():
        if isinstance(step, Dealt):
            out.append(Dealt(step.round, shown_state(step.state, world.unknown)))
        elif isinstance(step, Played):
            out.append(_shown(step, world, others))
        else:
            out.append(step)
    return out


def _others(judged: _RoundJudged) -> list[dict[int, State]]:
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
        step, before=shown_state(step.before, mask), state=shown_state(step.state, mask)
    )


def _judged_verdict(record: Record, tolerant: bool, problems: Sequence[Problem]) -> Verdict:
    """The verdict on a record of version 2: each event legal, illegal or undecided over the
    worlds that reached it (:mod:`sabai_rules.referee.unknown`)."""
    names = record.players
    judged = _judge_record(record, tolerant=tolerant, caused=False)
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
                claim_found = claim_found or _claimed(record.claim, number, error.rule)
                if len(illegal) < MAX_REPORTED:
                    step = attrs.evolve(found[0][1], before=display.before)
                    illegal.append(_illegal_event(step, error, names))
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

"""The steps of a record played and what a verdict holds: the parts :mod:`replay
<sabai_rules.referee.replay>` and the judging of records of what a table knows
(:mod:`~sabai_rules.referee.tables`) share.

Each step of a record played is a :class:`~sabai_rules.referee.replay.Dealt` round, a
:class:`~sabai_rules.referee.replay.Played` event, a
:class:`~sabai_rules.referee.replay.RoundClosed` round or a
:class:`~sabai_rules.referee.replay.Skipped` problem; a
:class:`~sabai_rules.referee.replay.Verdict` holds the illegal, undecided and noted events
(:class:`~sabai_rules.referee.replay.IllegalEvent`,
:class:`~sabai_rules.referee.replay.UndecidedEvent`, :class:`~sabai_rules.referee.replay.Note`).
Their public home is :mod:`sabai_rules.referee.replay`. What a moment of a record needs, whoever
plays it: the cards its events name (:func:`check_slots`), the throw-ins of a simultaneous group
in the order of :rule:`ruling.sequential-actions` (:func:`in_ruling_order`, :func:`settled_reaches`,
:func:`where_it_lies`), the notes the rulings ask for (:func:`note_for`), the end-of-round passes
nobody records (:func:`close_round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import attrs

from sabai_rules.engine.rules import (
    PRIORITY,
    in_reaction_round,
    is_correct_throw_in,
    may_exchange,
    owner_precedence,
    reach_by_play_order,
    reaction_order,
    reshuffles,
    rule_of,
)
from sabai_rules.model.cards import face_name
from sabai_rules.model.events import Event
from sabai_rules.model.messages import Wording
from sabai_rules.moves import (
    PARAMETERS,
    Action,
    AlsoThrowIn,
    IllegalActionError,
    Keep,
    Pass,
    ThrowIn,
    apply,
    legal_actions,
)
from sabai_rules.referee.record import (
    Claim,
    Problem,
    Record,
    RecordError,
    RecordEvent,
)
from sabai_rules.state import (
    NO_CARD,
    NO_PLAYER,
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
#: The ruling under which a reach for a card another player got at the same moment did nothing.
_SAME_CARD = rule_of(reach_by_play_order)

__all__ = [
    "MAX_REPORTED",
    "ORDINALS",
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
    "allowed_instead",
    "card_of",
    "check_slots",
    "claimed",
    "close_round",
    "illegal_event",
    "in_ruling_order",
    "note_for",
    "pile_refused",
    "pile_too_long",
    "settled_reaches",
    "unmet_chance",
    "unplayable",
    "where_it_lies",
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


def claimed(claim: Claim | None, number: int, rule: str) -> bool:
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
            lambda self: any(claimed(self.record.claim, e.number, e.rule) for e in self.illegal),
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


def check_slots(state: State, action: Action, names: Sequence[str], path: str) -> Problem | None:
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


def allowed_instead(state: State, actor: int) -> tuple[Action, ...]:
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


#: One step of :func:`~sabai_rules.referee.replay.play_record`.
Step: TypeAlias = Dealt | Played | RoundClosed | Skipped


def unplayable(r: int, problem: Problem, tolerant: bool) -> Skipped:
    """What makes the record unplayable in round ``r``: strict, a
    :class:`~sabai_rules.referee.record.RecordError`; tolerant, skipped."""
    if not tolerant:
        raise RecordError(problem.message, problem.path)
    return Skipped(r, problem)


def unmet_chance(path: str, reshuffles: tuple[int, int], races: tuple[int, int]) -> Problem | None:
    """The first reshuffle or random nose race a round's record (at ``path``) states and the
    round never met: ``reshuffles`` and ``races`` are each (stated, met)."""
    for key, (stated, met), what in (
        ("reshuffles", reshuffles, "reshuffle"),
        ("nose_races", races, "random nose race"),
    ):
        if stated > met:
            had = f"{met} {what}{'' if met == 1 else 's'}"
            return Problem(
                f"{path}.{key}[{met}]", f"the round had {had}, the record states {stated}"
            )
    return None


def pile_too_long(action: Action, stated: int, held: int) -> IllegalActionError:
    """The refusal of an action whose reshuffle the record states with more cards (``stated``)
    than the discard pile under its top card ``held`` (:rule:`ruling.draw-pile-exhausted`)."""
    return IllegalActionError(
        rule_of(reshuffles),
        action,
        "the record states {stated} cards of the new draw pile, but the discard pile under its"
        " top card holds {held}",
        params={"stated": stated, "held": held},
    )


def pile_refused(action: Action, place: int, face: int, held: int) -> IllegalActionError:
    """The refusal of an action whose reshuffle the record states with card ``place`` (from 1,
    the top) of ``face``, of which the discard pile under its top card ``held`` fewer
    (:rule:`ruling.draw-pile-exhausted`)."""
    params: dict[str, object] = {"place": place, "face": face_name(face), "held": held}
    if held:
        params["nth"] = held + 1
        params["ordinal"] = ORDINALS.get(held + 1, f"{held + 1}th")
        template = (
            "the record states card {place} from the top of the new draw pile as {face},"
            " its {ordinal} {face}, but the discard pile under its top card holds only {held}"
        )
    else:
        template = (
            "the record states card {place} from the top of the new draw pile as {face},"
            " but the discard pile under its top card holds no {face}"
        )
    return IllegalActionError(rule_of(reshuffles), action, template, params=params)


#: How a reason counts the cards of one face.
ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def card_of(state: State, action: Action) -> int:
    """The card a throw-in names, as the table stands; :data:`~sabai_rules.state.NO_CARD` for
    any other action."""
    if isinstance(action, ThrowIn):
        return state.table.rows[action.owner][action.slot]
    return NO_CARD


def settled_reaches(
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
            order = reaction_order(turn, n)
            got = min(reaching, key=lambda item: order.index(item[1].action.actor))[0]
        elif len(marked) == 1:
            got = marked[0]
        else:
            twice.extend((reaching[0][0], i) for i, _ in reaching[1:])
            continue
        winner = next(event.action.actor for i, event in reaching if i == got)
        outranked.update((i, winner) for i, _ in reaching if i != got)
    return outranked, twice


def in_ruling_order(
    state: State, group: list[tuple[int, RecordEvent]], cards: list[int]
) -> tuple[list[tuple[int, RecordEvent]], list[int]]:
    """Throw-ins made at the same moment, in the order of :rule:`ruling.sequential-actions`:
    the throwers in play order from the player whose turn it is; each thrower's correct cards
    (to the top card before the group, :func:`~sabai_rules.engine.rules.is_correct_throw_in`)
    before a wrong one, the Ass Joker last of them, so that each card correct onto the top card
    when the batch is placed is correct when it lands (``joker_onto_ass_joker``); otherwise as
    recorded."""
    setup, top = state.setup, state.table.top
    order = reaction_order(state.flow.turn, setup.players)

    def rank(item: tuple[tuple[int, RecordEvent], int]) -> tuple[int, bool, bool, int]:
        (i, event), card = item
        action = event.action
        seat = order.index(action.actor)
        owner = action.owner if isinstance(action, ThrowIn | AlsoThrowIn) else action.actor
        right = top != NO_CARD and is_correct_throw_in(
            setup.ruleset, setup.deck, card, top, action.actor, owner
        )
        return seat, not right, card == setup.deck.ass_joker, i

    ordered = sorted(zip(group, cards, strict=True), key=rank)
    return [item for item, _ in ordered], [card for _, card in ordered]


def where_it_lies(state: State, action: Action, card: int, before: int) -> Action:
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


def illegal_event(step: Played, error: IllegalActionError, names: Sequence[str]) -> IllegalEvent:
    return IllegalEvent(
        step.number,
        step.round,
        step.index,
        step.action,
        error.rule,
        error.message_with(names),
        allowed_instead(step.before, step.action.actor),
        step.before,
        error.wording,
    )


def note_for(step: Played, names: Sequence[str]) -> Note | None:
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

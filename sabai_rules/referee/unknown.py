"""Judging a record under what it does not state: the cards a table cannot name.

A record of version 2 (:data:`~sabai_rules.referee.record.TABLE_VERSION`) may leave cards
unknown: a deal with ``"?"`` or cut short, a round started from a position with ``?`` cards, a
reshuffle nobody wrote down. It states what the table saw instead: the face of a card an event
shows (``shows``), the rows turned up at the end of a round (``reveal``). The referee judges each
event under every assignment of faces to the unknown cards that agrees with everything the record
states, and finds it

* **legal** under all of them,
* **illegal** under all of them (the rule, as for any record), or
* **undecided**: legal under some, illegal under others, naming the cards it turns on.

The number of assignments is astronomical (40 unknown cards of a 60-card deck), and most of them
never matter: a card's face matters to the rules only once it is shown (played, kept out of a row,
thrown in) or asked about (is the card given as compensation the Ass Joker?). So the referee keeps
*worlds*, not assignments. A world is a table on a deck whose unknown cards hold some faces the
deck has left (:meth:`~sabai_rules.model.cards.Deck.with_faces`), each unknown card in a *pool* of
cards that may trade faces among themselves (the dealt cards nobody named; the cards of a reshuffle
nobody wrote down), some of them narrowed to a set of faces by the questions answered so far.
Every world stands for all the assignments its pools allow, and its table is a witness that there
is one. Before an action, the questions the rules will ask about its cards (:func:`questions`) are
answered: a question about a card the world does not know splits the world into one world per
answer the pool allows; a stated face fixes the card or rules the world out. Worlds in which the
record cannot have happened (a statement no assignment meets, a card the record names that is not
there) are dropped; worlds whose tables have become the same again are merged. The cost grows with
the questions a record leaves open, not with the assignments: a record that states every face the
table saw is judged in one world.

Semantics, as the rulebook's page on game records states them: an event is judged under the
worlds in which every earlier event of its round was legal (strictly; tolerantly, under every
world, an illegal event being skipped as in a tolerant replay); a world in which an event is
illegal stops there, and later statements cannot rule it out. The first event illegal under every
world ends a strict replay; an undecided one does not.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

import attrs

from sabai_rules.engine.rules import (
    burned_ass_joker_stays_out,
    first_refusal_due,
    is_correct_throw_in,
    only_holder_burns,
)
from sabai_rules.model.cards import ASS_JOKER, GIVE, JOKER, JOKER_FAMILY, PEEK, SPY, SWITCH
from sabai_rules.model.messages import Wording
from sabai_rules.moves import (
    Action,
    AlsoThrowIn,
    Compensate,
    Draw,
    Give,
    Keep,
    LookAtCards,
    Peek,
    Play,
    Spy,
    TakeFirstRefusal,
    ThrowIn,
    WaiveFirstRefusal,
)
from sabai_rules.state import (
    NO_CARD,
    STAGE_DECIDE,
    Function,
    Offer,
    Setup,
    State,
    card_bit,
)

__all__ = [
    "MAX_WORLDS",
    "Answer",
    "Branch",
    "Question",
    "World",
    "card_subjects",
    "identical",
    "questions",
    "split",
]

#: The most worlds a round may hold at once. A record that needs more leaves too much unknown to
#: be judged in reasonable time, and is refused, naming the events whose faces it does not state.
MAX_WORLDS: Final = 2_000


# -- questions --------------------------------------------------------------------------------


@attrs.frozen
class Question:
    """What the rules ask about ``card`` before an action: its face (``faces`` is ``None``), or
    whether its face is one of ``faces`` (is it the Ass Joker? is it of the rank below?)."""

    card: int
    faces: frozenset[int] | None = None


def _key_faces(key: int) -> frozenset[int]:
    """The faces whose match key is ``key``: one rank, or the jokers
    (:rule:`ruling.joker-family`)."""
    if key == JOKER_FAMILY:
        return frozenset({JOKER, ASS_JOKER})
    return frozenset({key})


_ASS_JOKER: Final = frozenset({ASS_JOKER})
_JOKERS: Final = frozenset({JOKER, ASS_JOKER})
#: The function cards, one question each: which function, if any, a card placed triggers.
_FUNCTIONS: Final = tuple(frozenset({rank}) for rank in (PEEK, SPY, GIVE, SWITCH))


def _function(card: int) -> Iterator[Question]:
    """Whether ``card``, placed, triggers a function, and which (:rule:`function.execute`)."""
    for faces in _FUNCTIONS:
        yield Question(card, faces)


def _known(unknown: int, card: int) -> bool:
    return not (unknown >> card) & 1


def _matches(state: State, card: int, other: int, unknown: int) -> Iterator[Question]:
    """Whether ``card`` is of ``other``'s rank, as questions of one card each: whether the
    unknown one is of the known one's rank; if neither is known, ``other``'s face first."""
    keys = state.deck.match_keys
    if _known(unknown, card):
        yield Question(other, _key_faces(keys[card]))
    else:
        yield Question(other)
        yield Question(card, _key_faces(keys[other]))


def _placed(state: State, card: int, unknown: int) -> Iterator[Question]:
    """The questions ``card``, placed on the discard pile, asks of the cards under it: whether
    they and it are all the cards of one rank lying together (:rule:`four-together.touch-nose`).
    None where the pile is too short for it; else whether each card is of the rank of the
    first card known among them, from the top down, as long as they are."""
    deck, pile = state.deck, state.table.discard
    counts = deck.key_counts
    need = counts.get(deck.match_keys[card], 0) if _known(unknown, card) else max(counts.values())
    under = list(reversed(pile[max(0, len(pile) - need + 1) :]))  # the top first
    if len(under) < need - 1 or not under:
        return  # fewer cards than the rank has: nothing lies together
    known = [c for c in (card, *under) if _known(unknown, c)]
    if not known:
        yield Question(under[0])  # the top card's face, to compare the others with
        known = [under[0]]
    key = deck.match_keys[known[0]]
    faces = _key_faces(key)
    for c in (card, *under[: counts.get(key, 0) - 1]):
        yield Question(c, faces)
        if deck.match_keys[c] != key:
            return


def _turn_card(state: State, card: int, triggers: bool, unknown: int) -> Iterator[Question]:
    """A turn card placed: the function it triggers, then the cards under it."""
    if triggers:
        yield from _function(card)
    yield from _placed(state, card, unknown)


def _thrown(state: State, thrower: int, owner: int, slot: int, unknown: int) -> Iterator[Question]:
    """A card thrown in from ``owner``'s ``slot``: whether it is identical to the top card
    (:rule:`throw-in.identical`), and, placed, the function it triggers and the cards under it.
    A wrong card is shown and taken back: nothing more is asked of it."""
    t = state.table
    row = t.rows[owner] if 0 <= owner < len(t.rows) else ()
    if not t.discard or not 0 <= slot < len(row) or row[slot] < 0:
        return
    card = row[slot]
    if thrower != owner and first_refusal_due(
        state.ruleset, t.mask(owner), state.flow.lockout, owner, card
    ):
        return  # an offer of first refusal: the card is shown once it is answered
    yield from identical(state, card, unknown)
    # Where only its holder may burn the Ass Joker, a joker thrown for its owner stands only if it
    # is a plain one (:rule:`ruling.ass-joker-throw-ins`).
    if (
        thrower != owner
        and state.deck.match_keys[card] == JOKER_FAMILY
        and only_holder_burns(state.ruleset)
    ):
        yield Question(card, _ASS_JOKER)
    if is_correct_throw_in(state.ruleset, state.deck, card, t.top, thrower, owner):
        yield from _function(card)
        yield from _placed(state, card, unknown)


def identical(state: State, card: int, unknown: int = 0) -> Iterator[Question]:
    """Whether ``card`` is identical to the top card: of its rank, and, onto the Ass Joker, a
    plain joker only where :rule:`ruling.joker-onto-ass-joker` allows it."""
    top = state.table.top
    yield from _matches(state, card, top, unknown)
    if state.deck.match_keys[top] == JOKER_FAMILY and not state.ruleset.joker_onto_ass_joker:
        yield Question(top, _ASS_JOKER)
        yield Question(card, _ASS_JOKER)


def questions(state: State, action: Action, unknown: int = 0) -> Iterator[Question]:
    """The questions the rules ask about the cards of ``action`` at ``state``, in order, each
    asked once the earlier ones are answered (it may read their answers): all that the rules
    read of a card's face, as questions of one card each — is it the Ass Joker, which function
    does it trigger, is it of the rank of the card under it. ``unknown`` are the cards whose
    faces are not known, which the questions are about. Within a world, every assignment of the
    unknown cards that answers them alike plays the action alike; a test holds the engine to
    that (tests/referee/test_unknown.py)."""
    t, f = state.table, state.flow
    # The functions waiting: the rules read which each is, to carry it out or let it lapse.
    for effect in f.queue:
        if isinstance(effect, Function):
            yield from _function(effect.card)
    # With (nearly) no draw pile left, the action may reshuffle the discard pile, which leaves a
    # burned Ass Joker out (:rule:`ruling.ass-joker-holder-at-reveal`): the rules read which card
    # under the top card is the Ass Joker.
    if len(t.draw) < 2 and burned_ass_joker_stays_out(state.ruleset):
        for card in t.discard[:-1]:
            if not _known(unknown, card):
                yield Question(card, _ASS_JOKER)
    holder = f.stage == STAGE_DECIDE and action.actor == f.turn and t.held != NO_CARD
    match action:
        case Play() if holder:
            yield Question(t.held, _ASS_JOKER)  # a drawn Ass Joker is kept
            if t.held == state.deck.ass_joker:
                if state.ruleset.allow_burn_from_draw and t.discard:
                    yield Question(t.top, _JOKERS)  # burned straight onto a joker?
                    if state.deck.is_joker(t.top):
                        yield from _turn_card(state, t.held, True, unknown)
            else:
                yield from _turn_card(state, t.held, True, unknown)
        case Keep(slot=slot) if holder:
            row = t.rows[action.actor]
            if not row:
                yield Question(t.held, _ASS_JOKER)  # kept into the empty row?
            elif 0 <= slot < len(row) and row[slot] >= 0:
                out = row[slot]
                yield Question(out, _ASS_JOKER)
                if out == state.deck.ass_joker:
                    # Turned over and left in place: the drawn card is played instead.
                    yield from _turn_card(state, t.held, True, unknown)
                else:
                    triggers = state.ruleset.keep_discard_triggers_function
                    yield from _turn_card(state, out, triggers, unknown)
        case (
            ThrowIn(actor=thrower, owner=owner, slot=slot)
            | AlsoThrowIn(actor=thrower, owner=owner, slot=slot)
        ):
            yield from _thrown(state, thrower, owner, slot, unknown)
        case TakeFirstRefusal() | WaiveFirstRefusal() if isinstance(f.pending, Offer):
            offer = f.pending
            yield from _thrown(state, offer.owner, offer.owner, offer.slot, unknown)
        case Compensate(slot=slot):
            row = t.rows[action.actor] if 0 <= action.actor < len(t.rows) else ()
            if 0 <= slot < len(row) and row[slot] >= 0:
                yield Question(row[slot], _ASS_JOKER)  # shown, and it stays
        case _:
            return


def card_subjects(before: State, action: Action, after: State | None) -> tuple[int, ...]:
    """The card (or, looking at cards before the first turn, the cards) whose face an event's
    ``shows`` states: the card drawn (``after`` the draw), played, kept out of the row, thrown in,
    taken or thrown after an offer, given, given as compensation, peeked at, spied on; ``()``
    where there is none."""
    t = before.table
    rows = t.rows

    def at(owner: int, slot: int) -> tuple[int, ...]:
        if 0 <= owner < len(rows) and 0 <= slot < len(rows[owner]) and rows[owner][slot] >= 0:
            return (rows[owner][slot],)
        return ()

    match action:
        case Draw():
            if after is not None and after.table.held != NO_CARD and t.held == NO_CARD:
                return (after.table.held,)
            return (t.draw[-1],) if t.draw else ()
        case Play():
            return (t.held,) if t.held != NO_CARD else ()
        case (
            Keep(actor=actor, slot=slot)
            | Give(actor=actor, slot=slot)
            | Compensate(actor=actor, slot=slot)
            | Peek(actor=actor, slot=slot)
        ):
            return at(actor, slot)
        case ThrowIn(owner=owner, slot=slot) | AlsoThrowIn(owner=owner, slot=slot):
            return at(owner, slot)
        case Spy(target=target, slot=slot):
            return at(target, slot)
        case TakeFirstRefusal() | WaiveFirstRefusal():
            offer = before.flow.pending
            return at(offer.owner, offer.slot) if isinstance(offer, Offer) else ()
        case LookAtCards(actor=actor, slots=slots):
            return tuple(c for s in slots for c in at(actor, s))
        case _:
            return ()


# -- worlds -----------------------------------------------------------------------------------


@attrs.frozen
class Branch:
    """An answer a world took to a question about a card it did not know: the card could be one
    of ``faces``. ``number`` is the event that asked, ``wording`` names the card for people."""

    card: int
    faces: frozenset[int]
    number: int
    wording: Wording


@attrs.frozen(slots=False)
class World:
    """One way the unknown cards of a round may be, standing for every assignment its pools
    allow (see the module's introduction).

    ``state`` is a table on a deck of this world's faces; ``pools`` are bit masks of the card ids
    whose faces are not fixed, each a set of cards that may trade faces; ``allowed`` narrows some
    of those cards to a set of faces. ``branches`` are the answers taken so far.

    What is worked out of these is kept with the world (it never changes): its unknown cards,
    its narrowed cards and, per pool, the faces its cards hold.
    """

    state: State
    pools: tuple[int, ...] = ()
    allowed: tuple[tuple[int, frozenset[int]], ...] = ()
    branches: tuple[Branch, ...] = ()

    @functools.cached_property
    def unknown(self) -> int:
        """The cards whose faces this world does not fix, as a bit mask."""
        mask = 0
        for pool in self.pools:
            mask |= pool
        return mask

    @functools.cached_property
    def _allowed(self) -> dict[int, frozenset[int]]:
        return dict(self.allowed)

    @functools.cached_property
    def _held(self) -> dict[int, tuple[dict[int, list[int]], set[int]]]:
        """Per pool: the cards of each face among its cards that are not narrowed, and the faces
        its narrowed cards hold."""
        faces = self.state.deck.faces
        narrowed = self._allowed
        found: dict[int, tuple[dict[int, list[int]], set[int]]] = {}
        for pool in self.pools:
            free: dict[int, list[int]] = {}
            held: set[int] = set()
            for c in _cards(pool):
                if c in narrowed:
                    held.add(faces[c])
                else:
                    free.setdefault(faces[c], []).append(c)
            found[pool] = (free, held)
        return found

    def but(self, **changes: Any) -> World:
        """This world with ``changes``, as ``attrs.evolve`` gives it (built directly: a world is
        made anew at every event)."""
        get = changes.get
        return World(
            get("state", self.state),
            get("pools", self.pools),
            get("allowed", self.allowed),
            get("branches", self.branches),
        )

    def knows(self, card: int) -> bool:
        return not (self.unknown >> card) & 1

    def faces_allowed(self, card: int) -> frozenset[int] | None:
        return self._allowed.get(card)

    def pool_of(self, card: int) -> int:
        for pool in self.pools:
            if (pool >> card) & 1:
                return pool
        return 0

    # -- assignments --------------------------------------------------------------------------

    def _may_hold(self, card: int, face: int) -> bool:
        faces = self._allowed.get(card)
        return faces is None or face in faces

    def possible(self, card: int) -> frozenset[int]:
        """The faces ``card`` may have in this world: its own if fixed; else every face some
        assignment of its pool gives it."""
        faces = self.state.deck.faces
        if self.knows(card):
            return frozenset({faces[card]})
        # A face an unnarrowed card of the pool holds is the card's by a swap with it; a face
        # only narrowed cards hold needs a longer rotation, if one exists.
        free, held = self._held[self.pool_of(card)]
        found = {faces[card], *free}
        mine = self.faces_allowed(card)
        if mine is not None:
            found &= mine
        found.update(f for f in held - found if self._rotation(card, f) is not None)
        return frozenset(found)

    def _rotation(self, card: int, face: int) -> list[int] | None:
        """The cards of ``card``'s pool whose faces move, in order, so that ``card`` gets
        ``face`` and every card keeps a face it is allowed (``[card]`` if it has it already;
        ``None`` if no assignment gives it ``face``): each card of the cycle takes the face of
        the next, the last takes ``card``'s."""
        faces = self.state.deck.faces
        if not self._may_hold(card, face):
            return None
        if faces[card] == face:
            return [card]
        pool = self.pool_of(card) & ~card_bit(card)
        narrowed = self._allowed
        for c in _cards(pool):
            if faces[c] == face and c not in narrowed:
                return [card, c]  # a plain swap
        mine = faces[card]
        start = [c for c in _cards(pool) if faces[c] == face]
        # Breadth first over the pool: a card that gives its face up needs another.
        parent: dict[int, int] = dict.fromkeys(start, card)
        frontier = start
        others = list(_cards(pool))
        while frontier:
            following: list[int] = []
            for c in frontier:
                if self._may_hold(c, mine):
                    path = [c]
                    while path[-1] != card:
                        path.append(parent[path[-1]])
                    path.reverse()  # card, then the cards whose faces it takes in turn
                    return path
                for d in others:
                    if d not in parent and self._may_hold(c, faces[d]):
                        parent[d] = c
                        following.append(d)
            frontier = following
        return None

    def _rotated(self, cycle: list[int]) -> dict[int, int]:
        """The new faces of the cards of ``cycle``: each takes the next one's, the last the
        first's."""
        faces = self.state.deck.faces
        changes = {a: faces[b] for a, b in itertools.pairwise(cycle)}
        changes[cycle[-1]] = faces[cycle[0]]
        return changes

    def with_changes(self, changes: dict[int, int]) -> World:
        """This world with the cards of ``changes`` given those faces."""
        faces = self.state.deck.faces
        changes = {c: f for c, f in changes.items() if faces[c] != f}
        if not changes:
            return self
        state = self.state
        s = state.setup
        setup = Setup(
            s.ruleset,
            s.deck.with_changes(changes),
            s.players,
            s.dealer,
            s.round_index,
            s.final_round,
            s.seed,
            s.chance,
        )
        state = State(setup, state.table, state.flow)
        return World(state, self.pools, self.allowed, self.branches)

    def fix(self, card: int, face: int) -> World | None:
        """This world with ``card``'s face fixed as ``face``; ``None`` if no assignment gives it
        that face."""
        if self.knows(card):
            return self if self.state.deck.faces[card] == face else None
        cycle = self._rotation(card, face)
        if cycle is None:
            return None
        world = self.with_changes(self._rotated(cycle))
        bit = card_bit(card)
        return world.but(
            pools=tuple(p & ~bit for p in world.pools if p & ~bit),
            allowed=tuple((c, f) for c, f in world.allowed if c != card),
        )

    def narrow(self, card: int, faces: frozenset[int]) -> World | None:
        """This world with the unknown ``card`` narrowed to ``faces`` (it stays unknown; a face
        that is the only one left fixes it); ``None`` if no assignment gives it one of them."""
        now = self.faces_allowed(card)
        keep = faces if now is None else faces & now
        reachable = [f for f in keep if self._rotation(card, f) is not None]
        if not reachable:
            return None
        if len(reachable) == 1 and len(keep) == 1:
            return self.fix(card, reachable[0])
        world = self
        if self.state.deck.faces[card] not in keep:
            cycle = self._rotation(card, reachable[0])
            assert cycle is not None
            world = self.with_changes(self._rotated(cycle))
        allowed = (*((c, f) for c, f in world.allowed if c != card), (card, keep))
        return world.but(allowed=allowed)

    def answers(self, question: Question) -> list[tuple[frozenset[int], World]] | None:
        """The worlds answering ``question`` with the faces each stands for; ``None`` if this
        world knows the answer already (one answer, itself)."""
        card = question.card
        if self.knows(card):
            return None
        possible = self.possible(card)
        if question.faces is None:
            found = []
            for face in sorted(possible):
                world = self.fix(card, face)
                if world is not None:
                    found.append((frozenset({face}), world))
            return found
        yes, no = possible & question.faces, possible - question.faces
        if not yes or not no:
            return None  # the answer is the same whatever the card is
        found = []
        for part in (yes, no):
            world = self.narrow(card, part)
            if world is not None:
                found.append((part, world))
        return found


def _cards(mask: int) -> Iterator[int]:
    """The card ids of a bit mask, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: An answer a world took: the question, and the faces its part stands for.
Answer = tuple[Question, frozenset[int]]


def split(
    world: World, ask: Callable[[State, int], Iterable[Question]]
) -> list[tuple[World, tuple[Answer, ...]]]:
    """``world`` split by the answers to the questions ``ask`` puts to its table (given the cards
    it does not know) that it cannot answer yet: the parts, each with the answers it took. The
    questions are put again to each part, a later one reading the answers to the earlier."""
    done: list[tuple[World, tuple[Answer, ...]]] = []
    todo: list[tuple[World, tuple[Answer, ...]]] = [(world, ())]
    while todo:
        part, taken = todo.pop()
        unknown = part.unknown
        for question in ask(part.state, unknown):
            if not (unknown >> question.card) & 1:
                continue  # a card this world knows: its answer is known
            found = part.answers(question)
            if found is None:
                continue
            todo.extend((answer, (*taken, (question, faces))) for faces, answer in reversed(found))
            break
        else:
            done.append((part, taken))
    return done

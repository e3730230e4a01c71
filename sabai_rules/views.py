"""What one player may know: the only gate between the state and a player's program.

:func:`view` builds a :class:`PlayerView` from the public facts of the table
(:rule:`ruling.public-information`) and the faces that player has seen
(:rule:`ruling.knowledge-model`). It is built so that a leak is structurally hard: card ids, the
draw pile's order, the seed and the generator never enter a view, and every face passes through
one function, ``_face``, which returns ``None`` unless the player has seen the card.

>>> from sabai_rules.moves import deal, apply, Draw
>>> state = apply(deal(players=2, dealer=0, seed=3), Draw(1))
>>> view(state, 0).held is None and view(state, 1).held is not None
True
"""

from __future__ import annotations

import random
import struct
from array import array
from typing import Any, Final

import attrs

from sabai_rules.cards import face_name
from sabai_rules.engine.arguments import instance, is_state, number, seat
from sabai_rules.events import Event
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, Action, deck_for, legal_actions
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import (
    Chance,
    ChanceKind,
    ChanceModel,
    EndCause,
    Function,
    NoseRace,
    Offer,
    Stage,
    State,
)

__all__ = [
    "GAP",
    "OBSERVATION_HEADER",
    "EventView",
    "PendingView",
    "PlayerView",
    "SlotView",
    "observation",
    "observation_parts",
    "observation_size",
    "sample_consistent_state",
    "view",
    "view_event",
]

#: The face shown for a gap left by a thrown card while its compensation is owed.
GAP: Final = "gap"


@attrs.frozen
class SlotView:
    """One slot of a row as a player sees it."""

    #: The face, if this player has seen the card; ``None`` if not; :data:`GAP` for a gap.
    face: int | str | None
    #: The players who have seen this card (public: everybody sees who looks at which card).
    seen_by: tuple[int, ...]

    def __str__(self) -> str:
        if self.face == GAP:
            return "[gap]"
        return "??" if self.face is None else face_name(int(self.face))


@attrs.frozen
class PendingView:
    """An item of the queue as everybody sees it: a function (its card is face up on the pile)
    or a compensation card owed."""

    kind: str
    player: int
    face: int | None = None
    owner: int | None = None


@attrs.frozen
class PlayerView:
    """The table as ``player`` sees it."""

    player: int
    players: int
    round_index: int
    final_round: bool
    dealer: int
    turn: int
    stage: Stage
    rows: tuple[tuple[SlotView, ...], ...]
    draw_pile: int
    #: The discard pile's faces, top last (every card there is face up).
    discard: tuple[int, ...]
    #: The face of the card this player drew and holds, if they hold one.
    held: int | None
    #: Whether the active player holds a drawn card.
    holding: bool
    queue: tuple[PendingView, ...]
    offer: tuple[int, int, int] | None
    nose_race: bool
    locked_out: tuple[int, ...]
    caller: int | None
    final_lap: int | None
    #: During the end-of-round reaction round, the players who passed.
    passed: tuple[int, ...] | None
    end: EndCause | None
    #: This player's legal actions (they depend on nothing this player has not seen), if the view
    #: was asked for them (``view(state, player, actions=True)``); else ``None``.
    legal_actions: tuple[Action, ...] | None
    #: At a chance node, what chance decides (the table is as before it); else ``None``.
    chance: ChanceKind | None = None

    def describe(self) -> str:
        """The table in a few lines of text."""
        stage = self.stage.name.lower()
        lines = [f"P{self.player}'s view, round {self.round_index + 1}: P{self.turn} {stage}"]
        for p, row in enumerate(self.rows):
            me = " (you)" if p == self.player else ""
            lines.append(f"  P{p}{me}: {' '.join(str(s) for s in row) or '(empty)'}")
        top = face_name(self.discard[-1]) if self.discard else "-"
        lines.append(f"  draw pile {self.draw_pile}, discard {len(self.discard)}, top {top}")
        if self.held is not None:
            lines.append(f"  you hold {face_name(self.held)}")
        return "\n".join(lines)


def _face(faces: tuple[int, ...], known: int, card: int) -> int | None:
    """The one place a face enters a view: only if the player has seen ``card`` (``known`` is the
    mask of the cards they have seen)."""
    return faces[card] if (known >> card) & 1 else None


#: A view's slots are few distinct values (a face or none, who has seen the card): built once,
#: shared by every view, bounded.
_SLOTS: dict[tuple[int | None, int], SlotView] = {}
_SEATS: dict[int, tuple[int, ...]] = {}
_GAP_SLOT: Final = SlotView(GAP, ())
_LIMIT: Final = 8192


def _seats(pattern: int) -> tuple[int, ...]:
    """The seats of the bits of ``pattern``, in seat order."""
    found = _SEATS.get(pattern)
    if found is None:
        found = _SEATS[pattern] = tuple(p for p in range(pattern.bit_length()) if pattern >> p & 1)
    return found


#: Rows as seen, by the deck (its faces, checked by identity), the row, the viewer and what each
#: player has seen of the row's cards: a row changes slowly, so most views reuse it. Bounded.
_ROWS: dict[
    tuple[int, tuple[int, ...], int, tuple[int, ...]],
    tuple[tuple[int, ...], tuple[SlotView, ...]],
] = {}


def _row(
    faces: tuple[int, ...], masks: list[int], me: int, row: tuple[int, ...]
) -> tuple[SlotView, ...]:
    bits = 0
    for card in row:
        if card >= 0:
            bits |= 1 << card
    key = (id(faces), row, me, tuple([mask & bits for mask in masks]))
    entry = _ROWS.get(key)
    if entry is not None and entry[0] is faces:
        return entry[1]
    slots = []
    known = masks[me]
    for card in row:
        if card < 0:
            slots.append(_GAP_SLOT)
            continue
        pattern = 0
        for p, mask in enumerate(masks):
            if (mask >> card) & 1:
                pattern |= 1 << p
        face = _face(faces, known, card)
        slot = _SLOTS.get((face, pattern))
        if slot is None:
            if len(_SLOTS) >= _LIMIT:
                _SLOTS.clear()
            slot = _SLOTS[face, pattern] = SlotView(face, _seats(pattern))
        slots.append(slot)
    if len(_ROWS) >= _LIMIT:
        _ROWS.clear()
    found = tuple(slots)
    _ROWS[key] = (faces, found)
    return found


def view(state: State, player: object, *, actions: bool = False) -> PlayerView:
    """What ``player`` may know of ``state`` (:rule:`ruling.public-information`). With
    ``actions``, the view also lists the player's legal actions (they depend on nothing the
    player has not seen); without, :attr:`PlayerView.legal_actions` is ``None`` and nothing is
    computed for it. :class:`TypeError` if ``state`` is no state or ``player`` no ``int`` (a
    ``bool`` is none), :class:`ValueError` if ``player`` is no seat of the table."""
    if type(state) is not State:
        is_state(state)
    n = state.players
    me = seat(player, "player", n)
    t, f = state.table, state.flow
    st = f.status
    faces = state.deck.faces
    masks = [t.public | private for private in t.private]
    rows = tuple(_row(faces, masks, me, row) for row in t.rows)
    queue = tuple(
        PendingView("function", e.executor, faces[e.card])
        if isinstance(e, Function)
        else PendingView("compensation", e.thrower, owner=e.owner)
        for e in f.queue
    )
    offer = f.pending
    holding = t.held >= 0
    return PlayerView(
        player=me,
        players=n,
        round_index=state.setup.round_index,
        final_round=state.setup.final_round,
        dealer=state.setup.dealer,
        turn=f.turn,
        stage=f.stage,
        rows=rows,
        draw_pile=len(t.draw),
        discard=tuple(map(faces.__getitem__, t.discard)),
        held=_face(faces, masks[me], t.held) if holding and me == f.turn else None,
        holding=holding,
        queue=queue,
        offer=(offer.thrower, offer.owner, offer.slot) if isinstance(offer, Offer) else None,
        nose_race=isinstance(offer, NoseRace),
        locked_out=_seats(f.lockout),
        caller=st.caller if st.caller >= 0 else None,
        final_lap=st.final_lap if st.final_lap >= 0 else None,
        passed=_seats(st.closing) if st.closing >= 0 else None,
        end=st.end,
        legal_actions=tuple(legal_actions(state, player=me)) if actions else None,
        chance=offer.kind if isinstance(offer, Chance) else None,
    )


@attrs.frozen
class EventView:
    """An event as one player saw it: card fields replaced by faces, or ``None`` where the
    player did not see the face."""

    kind: str
    player: int
    details: tuple[tuple[str, Any], ...]

    def get(self, name: str) -> Any:
        return dict(self.details)[name]


#: The fields of an event that hold cards (one, or a tuple of them).
_CARD_FIELDS: Final = ("card", "target_card", "cards")


def view_event(event: Event, viewer: int, after: State) -> EventView:
    """``event`` as ``viewer`` saw it; ``after`` is the state the event led to (its knowledge
    says which faces the viewer has seen: knowledge only grows within a round, except for cards
    shuffled back into the draw pile, whose faces then stay hidden)."""
    shown = type(event).shown
    details: list[tuple[str, Any]] = []
    for field in attrs.fields(type(event)):
        if field.name == "player":
            continue
        value = getattr(event, field.name)
        if field.name in _CARD_FIELDS:
            cards = value if isinstance(value, tuple) else (value,)
            faces = []
            for card in cards:
                visible = shown == "all" or (shown == "player" and viewer == event.player)
                faces.append(
                    after.deck.faces[card]
                    if visible
                    else _face(after.deck.faces, after.table.mask(viewer), card)
                )
            value = tuple(faces) if isinstance(value, tuple) else faces[0]
        details.append((field.name, value))
    return EventView(type(event).__name__, event.player, tuple(details))


# -- observations: a fixed-length encoding ------------------------------------------------------

#: The header's fields, in order (each a small non-negative int; "+1" fields hold 0 for none).
OBSERVATION_HEADER: Final = (
    "players",
    "me",
    "turn",
    "stage",  # Stage: 0 look, 1 draw, 2 decide, 3 done
    "turns",
    "draw_pile",
    "discard_pile",
    "top",  # face code of the top card, 0 if none
    "holding",  # 1 while the active player holds a drawn card
    "held",  # face code of the drawn card, if this player holds it; else 0
    "caller+1",
    "final_lap+1",
    "end",  # 0 playing, 1 emptied, 2 final-lap, 3 forced, 4 exhausted
    "reaction_round",  # 1 during the end-of-round reaction round
    "nose_race",  # 1 while a nose race awaits its outcome
    "offer_thrower+1",
    "offer_owner+1",
    "offer_slot+1",
    "motion+1",  # the thrower of an open motion (AlsoThrowIn)
    "reactions",  # cards thrown in since the last turn card
    "queue",  # effects waiting
    "queue_kind",  # the first: 0 none, 1 function, 2 compensation card
    "queue_player+1",  # its executor or thrower
    "queue_detail",  # a function's face code, or a compensation's owner + 1
    "chance",  # at a chance node: 1 deal, 2 reshuffle, 3 draw, 4 nose race; else 0
)
_CHANCE: Final = {
    None: 0,
    ChanceKind.DEAL: 1,
    ChanceKind.RESHUFFLE: 2,
    ChanceKind.DRAW: 3,
    ChanceKind.NOSE_RACE: 4,
}
_ENDS: Final = {None: 0, "emptied": 1, "final-lap": 2, "forced": 3, "exhausted": 4}


#: Each deck's face codes, by the identity of its faces (checked): the faces' codes, each card's.
_CODES: dict[int, tuple[tuple[int, ...], dict[int, int], tuple[int, ...]]] = {}


def _codes(faces: tuple[int, ...]) -> tuple[dict[int, int], tuple[int, ...]]:
    """Each face of the deck by code, from 1 in increasing order (0 is "none" or "not seen"),
    and the code of each card (a face code: whether a player may know it is :func:`_face`'s)."""
    entry = _CODES.get(id(faces))
    if entry is None or entry[0] is not faces:
        by_face = {face: i + 1 for i, face in enumerate(sorted(set(faces)))}
        if len(_CODES) >= _LIMIT:
            _CODES.clear()
        entry = _CODES[id(faces)] = (faces, by_face, tuple(by_face[f] for f in faces))
    return entry[1], entry[2]


def observation_size(ruleset: Ruleset, players: object) -> int:
    """The length of every :func:`observation` at ``players`` players under ``ruleset``;
    :class:`TypeError` or :class:`ValueError` (naming the argument) for a table that cannot be."""
    instance(ruleset, Ruleset, "ruleset")
    n = number(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    deck = deck_for(ruleset)
    faces = len(set(deck.faces))
    slots = len(deck) - 1  # a row's longest possible length
    return len(OBSERVATION_HEADER) + 3 * n + faces + n * slots * (1 + n)


def observation(state: State, player: object) -> tuple[int, ...]:
    """What ``player`` may know of ``state``, as a fixed-length tuple of small non-negative ints
    (length :func:`observation_size`), for learning frameworks. Built from the same knowledge as
    :func:`view`, so two states that differ only in cards ``player`` has not seen give the same
    observation. In order:

    1. the header, :data:`OBSERVATION_HEADER`, one int per field;
    2. per player, in seat order: passed in the reaction round (0/1), locked out (0/1), slots in
       the row (a gap counts);
    3. the discard pile: how many cards of each face code (every card there is face up);
    4. per player, per slot up to a row's longest possible length: the slot (0 no card, 1 a gap
       left by a card thrown in for its owner, 2 a card ``player`` has not seen, 2 + its face
       code if they have), then, per player, whether that player has seen the card (0/1).

    :func:`observation_parts` gives the same in two parts, the rows as bytes.
    """
    head, rows = observation_parts(state, player)
    return tuple(head) + tuple(rows)


def observation_parts(state: State, player: object) -> tuple[array[int], bytes]:
    """:func:`observation` in two parts, for frameworks that fill an array (both offer the
    buffer protocol): parts 1 to 3 (the header, the players, the discard pile) as C ints
    (``array("i")``), then part 4, the rows, one byte per value (every value there is below
    256). Refuses what :func:`observation` refuses."""
    if type(state) is not State:
        is_state(state)
    n = state.players
    me = seat(player, "player", n)
    t, f = state.table, state.flow
    st = f.status
    by_face, by_card = _codes(state.deck.faces)
    masks = [t.public | private for private in t.private]
    queue = f.queue
    head = queue[0] if queue else None
    if head is None:
        waiting: tuple[int, int, int] = (0, 0, 0)
    elif isinstance(head, Function):
        waiting = (1, head.executor + 1, by_card[head.card])  # on the pile, face up
    else:
        waiting = (2, head.thrower + 1, head.owner + 1)
    offer = f.pending
    held = t.held
    discard = t.discard
    seen_held = _face(by_card, masks[me], held) if held >= 0 and me == f.turn else None
    closing = st.closing
    lockout = f.lockout
    out = [
        n,
        me,
        f.turn,
        int(f.stage),
        f.turns,
        len(t.draw),
        len(discard),
        by_card[discard[-1]] if discard else 0,
        int(held >= 0),
        0 if seen_held is None else seen_held,
        st.caller + 1,
        st.final_lap + 1,
        _ENDS[st.end.value if st.end is not None else None],
        int(closing >= 0),
        int(type(offer) is NoseRace),
        *(
            (offer.thrower + 1, offer.owner + 1, offer.slot + 1)
            if type(offer) is Offer
            else (0, 0, 0)
        ),
        f.motion + 1,
        f.reactions,
        len(queue),
        *waiting,
        _CHANCE[offer.kind if type(offer) is Chance else None],
    ]
    # Part 2, per player: passed, locked out, the row's length. (Built at each observation:
    # kept by value, half came back, and each one kept lived on into the collector's oldest
    # generation, whose collections cost more than building them.)
    passed = closing if closing >= 0 else 0
    for p, row in enumerate(t.rows):
        out.append((passed >> p) & 1)
        out.append((lockout >> p) & 1)
        out.append(len(row))
    packer = _PACKERS.get(len(out))
    if packer is None:
        packer = _PACKERS[len(out)] = struct.Struct(f"{len(out)}i")
    values = array("i")
    values.frombytes(packer.pack(*out))
    values += _discard_counts(discard, by_card, len(by_face))
    return values, _rows_code(by_card, masks, me, t.rows)


#: The header's packer by its length: ``array("i", values)`` converts value by value through
#: argument parsing, one ``struct`` pack of them all into native C ints is faster (measured:
#: 6 % of an observation, compiled).
_PACKERS: dict[int, struct.Struct] = {}

#: The discard pile's counts by face code, by the pile (its identity, checked): a pile changes
#: once every few actions.
_DISCARDS: dict[int, tuple[tuple[int, ...], tuple[int, ...], array[int]]] = {}


def _discard_counts(discard: tuple[int, ...], by_card: tuple[int, ...], faces: int) -> array[int]:
    entry = _DISCARDS.get(id(discard))
    if entry is not None and entry[0] is discard and entry[1] is by_card:
        return entry[2]
    counts = [0] * faces
    for card in discard:  # every card there is face up
        counts[by_card[card] - 1] += 1
    if len(_DISCARDS) >= _LIMIT:
        _DISCARDS.clear()
    found = array("i", counts)
    _DISCARDS[id(discard)] = (discard, by_card, found)
    return found


class _Row:
    """Part 4 of observations for one row and what each player has seen of its cards: the bytes
    everybody sees (who has seen which card), and by viewer the same with the faces they have
    seen."""

    __slots__ = ("bits", "by_card", "public", "row", "slots", "viewers")

    def __init__(
        self,
        by_card: tuple[int, ...],
        row: tuple[int, ...],
        bits: int,
        slots: dict[int, int],
        public: bytes,
    ) -> None:
        self.by_card = by_card
        self.row = row
        #: The row's cards, as a bit mask, and the slot of each.
        self.bits = bits
        self.slots = slots
        self.public = public
        self.viewers: dict[int, bytes] = {}

    def seen_by(self, masks: list[int], me: int) -> bytes:
        known = masks[me] & self.bits
        if not known:
            return self.public
        found = self.viewers.get(me)
        if found is None:
            out = bytearray(self.public)
            step = 1 + len(masks)
            by_card, slots = self.by_card, self.slots
            while known:
                low = known & -known
                known ^= low
                card = low.bit_length() - 1
                code = _face(by_card, low, card)
                if code is not None:
                    out[slots[card] * step] = 2 + code
            found = self.viewers[me] = bytes(out)
        return found


#: The rows of the last observation and the cards each player had seen then: the next
#: observation (observations are asked state after state) takes from them every row that is the
#: same and whose cards nobody has seen since.
_LAST_ROWS: list[tuple[tuple[int, ...], list[int], list[_Row]] | None] = [None]


def _rows_code(
    by_card: tuple[int, ...], masks: list[int], me: int, rows: tuple[tuple[int, ...], ...]
) -> bytes:
    """Part 4 of an observation: each row's slots (a code, who has seen its card), each row
    padded with zeros to a row's longest possible length."""
    last = _LAST_ROWS[0]
    if last is not None and last[0] is by_card and len(last[2]) == len(rows):
        # Indexed, not zipped: compiled, ``zip(..., strict=True)`` is a call into Python.
        before, entries = last[1], last[2]
        changed = 0
        for p in range(len(masks)):
            changed |= masks[p] ^ before[p]
        found = []
        for p, row in enumerate(rows):
            e = entries[p]
            found.append(
                e if e.row is row and not e.bits & changed else _row_seen(by_card, masks, row)
            )
    else:
        found = [_row_seen(by_card, masks, row) for row in rows]
    _LAST_ROWS[0] = (by_card, masks, found)
    return b"".join([e.seen_by(masks, me) for e in found])


def _row_seen(by_card: tuple[int, ...], masks: list[int], row: tuple[int, ...]) -> _Row:
    bits = 0
    slots: dict[int, int] = {}
    for s, card in enumerate(row):
        if card >= 0:
            bits |= 1 << card
            slots[card] = s
    # Not kept beyond the last observation (:data:`_LAST_ROWS`): a row and what each player has
    # seen of it came back in under 1 % of the observations of random rounds, and every entry
    # kept survived into the collector's oldest generation, whose collections cost more.
    seen = tuple([mask & bits for mask in masks])
    width = (len(by_card) - 1) * (1 + len(masks))
    return _Row(by_card, row, bits, slots, _public_row(seen, row, slots, width))


def _public_row(
    seen: tuple[int, ...], row: tuple[int, ...], slots: dict[int, int], width: int
) -> bytes:
    """A row's part 4 as somebody who has seen none of its cards sees it: a gap, or a card and
    who has seen it (``seen``: the cards of the row each player has seen; ``slots``: each card's
    slot)."""
    step = 1 + len(seen)
    out = bytearray(width)
    out[0 : len(row) * step : step] = b"\x02" * len(row)
    if len(slots) < len(row):
        for s, card in enumerate(row):
            if card < 0:
                out[s * step] = 1  # a gap: nobody sees a card there
    for p, cards in enumerate(seen):
        left = cards
        while left:
            low = left & -left
            left ^= low
            out[slots[low.bit_length() - 1] * step + 1 + p] = 1
    return bytes(out)


# -- determinization ----------------------------------------------------------------------------


def sample_consistent_state(state: State, player: object, rng: random.Random) -> State:
    """A state ``player`` cannot tell from ``state``: the cards they have not seen, permuted at
    random among their places (rows, the draw pile, a drawn card held by another player), each
    only among the places whose card the same players have seen, so that everybody's knowledge
    stays what the table knows. The round's seed and the seeded generator's state, from which the
    real deal and the future reshuffles could be worked out, are drawn afresh. The player's
    :func:`view` and :func:`observation` of it are those of ``state``. For information-set search,
    which samples where a player decides: at a chance node, whose outcomes so far are hidden,
    :class:`ValueError` (take chance's outcome first). :class:`TypeError` or :class:`ValueError`,
    naming the argument, for arguments that are not a state, a seat and a ``random.Random``.
    """
    is_state(state)
    me = seat(player, "player", state.players)
    instance(rng, random.Random, "rng")
    if isinstance(state.flow.pending, Chance):
        raise ValueError("a chance node: take chance's outcome first (apply_chance)")
    t = state.table
    n = state.players
    masks = [t.public | private for private in t.private]
    known = masks[me]
    places: list[tuple[int, int]] = [
        (p, s) for p, row in enumerate(t.rows) for s in range(len(row))
    ]
    places += [(-1, i) for i in range(len(t.draw))]
    if t.held >= 0:
        places.append((-2, 0))

    def card_at(place: tuple[int, int]) -> int:
        p, s = place
        return t.rows[p][s] if p >= 0 else t.draw[s] if p == -1 else t.held

    groups: dict[int, list[tuple[int, int]]] = {}
    for place in places:
        card = card_at(place)
        if card < 0 or (known >> card) & 1:
            continue
        pattern = sum(1 << p for p in range(n) if (masks[p] >> card) & 1)
        groups.setdefault(pattern, []).append(place)
    rows = [list(row) for row in t.rows]
    draw = list(t.draw)
    held = t.held
    for group in groups.values():
        cards = [card_at(place) for place in group]
        rng.shuffle(cards)
        for (p, s), card in zip(group, cards, strict=True):
            if p >= 0:
                rows[p][s] = card
            elif p == -1:
                draw[s] = card
            else:
                held = card
    if state.setup.chance is ChanceModel.LAZY:
        draw.sort()  # an unordered draw pile is kept in card order
    table = attrs.evolve(t, rows=tuple(tuple(row) for row in rows), draw=tuple(draw), held=held)
    status = attrs.evolve(state.flow.status, rng=rng.getrandbits(64))
    setup = attrs.evolve(state.setup, seed=rng.getrandbits(64))
    flow = attrs.evolve(state.flow, status=status)
    return attrs.evolve(state, setup=setup, table=table, flow=flow)

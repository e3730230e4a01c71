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

from sabai_rules.model import memo
from sabai_rules.model.arguments import instance, is_state, number, seat, writable
from sabai_rules.model.cards import face_name
from sabai_rules.model.deciders import decides
from sabai_rules.model.events import Event
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, Action, deck_for, legal_actions
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
    Table,
)

__all__ = [
    "GAP",
    "OBSERVATION_HEADER",
    "EventView",
    "PendingView",
    "PlayerView",
    "SlotView",
    "observation",
    "observation_into",
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
_SLOTS: Final[dict[tuple[int | None, int], SlotView]] = memo.VIEW_SLOTS
_SEATS: Final[dict[int, tuple[int, ...]]] = memo.VIEW_SEATS
_GAP_SLOT: Final = SlotView(GAP, ())
_LIMIT: Final = memo.MEMOS["VIEW_ROWS"].bound


def _masks(table: Table) -> list[int]:
    """The cards each player has seen, seat by seat (:meth:`~sabai_rules.state.Table.mask`)."""
    return [table.mask(p) for p in range(len(table.private))]


def _seats(pattern: int) -> tuple[int, ...]:
    """The seats of the bits of ``pattern``, in seat order."""
    found = _SEATS.get(pattern)
    if found is None:
        found = _SEATS[pattern] = tuple(p for p in range(pattern.bit_length()) if pattern >> p & 1)
    return found


#: Rows as seen, by the deck (its faces, checked by identity), the row, the viewer and what each
#: player has seen of the row's cards: a row changes slowly, so most views reuse it. Bounded.
_ROWS: Final[
    dict[
        tuple[int, tuple[int, ...], int, tuple[int, ...]],
        tuple[tuple[int, ...], tuple[SlotView, ...]],
    ]
] = memo.VIEW_ROWS


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
    masks = _masks(t)
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


decides(view, "ruling.public-information")


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
    "stale",  # 1 once the top card was drawn past with no turn card (no longer just played)
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
_CODES: Final[dict[int, tuple[tuple[int, ...], dict[int, int], tuple[int, ...]]]] = memo.FACE_CODES


#: The entry of :data:`_CODES` last asked for: state after state shares its deck.
_LAST_CODES: Final[list[tuple[tuple[int, ...], dict[int, int], tuple[int, ...]] | None]] = (
    memo.LAST_FACE_CODES
)


def _codes(faces: tuple[int, ...]) -> tuple[dict[int, int], tuple[int, ...]]:
    """Each face of the deck by code, from 1 in increasing order (0 is "none" or "not seen"),
    and the code of each card (a face code: whether a player may know it is :func:`_face`'s)."""
    entry = _LAST_CODES[0]
    if entry is None or entry[0] is not faces:
        entry = _CODES.get(id(faces))
        if entry is None or entry[0] is not faces:
            by_face = {face: i + 1 for i, face in enumerate(sorted(set(faces)))}
            if len(_CODES) >= _LIMIT:
                _CODES.clear()
            entry = _CODES[id(faces)] = (faces, by_face, tuple(by_face[f] for f in faces))
        _LAST_CODES[0] = entry
    return entry[1], entry[2]


def observation_size(ruleset: Ruleset, players: object) -> int:
    """The length of every :func:`observation` at ``players`` players under ``ruleset``;
    :class:`TypeError` or :class:`ValueError` (naming the argument) for a table that cannot be."""
    instance(ruleset, Ruleset, "ruleset")
    n = number(players, "players", MIN_PLAYERS, MAX_PLAYERS)
    deck = deck_for(ruleset)
    return _length(n, len(set(deck.faces)), len(deck))


def _length(players: int, faces: int, cards: int) -> int:
    """The values of an observation at ``players`` players with a deck of ``cards`` cards and
    ``faces`` faces: the header, three per player, one per face, then each row's slots up to a
    row's longest possible length (every card but one), each slot 1 + ``players`` values."""
    return len(OBSERVATION_HEADER) + 3 * players + faces + players * (cards - 1) * (1 + players)


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
    me = seat(player, "player", state.players)
    by_face, by_card = _codes(state.deck.faces)
    out, masks = _header(state, me, by_card)
    values = array("i")
    values.frombytes(_packer(len(out), False).pack(*out))
    t = state.table
    values.frombytes(_discard_counts(t.discard, by_card, len(by_face), False))
    parts: list[bytes] = []
    _rows_parts(parts, by_card, len(by_face), masks, me, t.rows, False)
    return values, b"".join(parts)


def observation_into(state: State, player: object, buffer: memoryview) -> int:
    """:func:`observation` written into ``buffer`` as C floats (``float32``, native byte order),
    for frameworks that fill a float array in place: ``buffer`` is a writable memoryview of bytes
    (format ``"B"``) of at least four bytes a value, such as ``memoryview(tensor).cast("B")`` of
    a numpy ``float32`` array. Returns the number of bytes written, from the start of
    ``buffer``. Refuses what :func:`observation` refuses, and a buffer that is not such a
    memoryview or is too short, before writing anything."""
    if type(state) is not State:
        is_state(state)
    me = seat(player, "player", state.players)
    by_face, by_card = _codes(state.deck.faces)
    writable(buffer, 4 * _length(state.players, len(by_face), len(by_card)), "buffer")
    return _write_into(state, me, buffer, b"")


def _write_into(state: State, me: int, buffer: memoryview, tail: bytes) -> int:
    """:func:`observation_into` once its arguments are checked (``me`` a seat of ``state``,
    ``buffer`` a writable memoryview of bytes long enough for the observation and ``tail``),
    then ``tail``, in one copy: the number of bytes written."""
    by_face, by_card = _codes(state.deck.faces)
    out, masks = _header(state, me, by_card)
    # Packed from floats, one object per value below 256 (from an int, ``struct`` makes one).
    floats = _FLOATS
    numbers: list[Any] = [floats[v] if 0 <= v < 256 else float(v) for v in out]
    parts = [_packer(len(out), True).pack(*numbers)]
    t = state.table
    parts.append(_discard_counts(t.discard, by_card, len(by_face), True))
    _rows_parts(parts, by_card, len(by_face), masks, me, t.rows, True)
    if tail:
        parts.append(tail)
    written = b"".join(parts)
    size = len(written)
    buffer[0:size] = written
    return size


#: The table's knowledge at the last observation (its private masks, its public mask) and the
#: cards each player had seen then, a list never modified: who has seen what changes far less
#: often than the table.
_LAST_MASKS: Final[list[tuple[tuple[int, ...], int, list[int]] | None]] = memo.LAST_MASKS


def _header(state: State, me: int, by_card: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Parts 1 and 2 of ``me``'s observation of ``state`` (``by_card``: each card's code), and
    the mask of the cards each player has seen."""
    t, f = state.table, state.flow
    st = f.status
    last = _LAST_MASKS[0]
    if last is not None and last[0] is t.private and last[1] == t.public:
        masks = last[2]
    else:
        masks = _masks(t)
        _LAST_MASKS[0] = (t.private, t.public, masks)
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
        state.players,
        me,
        f.turn,
        f.stage,  # an int (``int()`` would be a call into Python)
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
        int(f.stale),
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
    return out, masks


#: The packers of C ints or C floats, by number and form: ``array("i", values)`` converts value
#: by value through argument parsing, one ``struct`` pack of them all is faster (measured: 6 % of
#: an observation, compiled).
_PACKERS: Final[dict[int, struct.Struct]] = memo.PACKERS


def _packer(count: int, floats: bool) -> struct.Struct:
    """The packer of ``count`` C floats, or C ints."""
    key = count << 1 | floats
    found = _PACKERS.get(key)
    if found is None:
        packer = struct.Struct(f"{count}{'f' if floats else 'i'}")
        found = memo.remember(_PACKERS, memo.MEMOS["PACKERS"].bound, key, packer)
    return found


#: Each value below 256 as a float, one object each (typed ``Any``: compiled, a ``float`` taken
#: from a tuple of floats is unboxed, and boxed anew, a new object, where an object is needed).
_FLOATS: Final[tuple[Any, ...]] = tuple([float(v) for v in range(256)])

#: The discard pile's counts by face code of the last observation, as C ints and as C floats
#: (the pile, the deck's codes, the bytes): a pile changes once every few actions.
_DISCARDS: Final[list[tuple[tuple[int, ...], tuple[int, ...], bytes] | None]] = memo.LAST_DISCARDS


def _discard_counts(
    discard: tuple[int, ...], by_card: tuple[int, ...], faces: int, floats: bool
) -> bytes:
    form = 1 if floats else 0
    entry = _DISCARDS[form]
    if entry is not None and entry[0] is discard and entry[1] is by_card:
        return entry[2]
    counts = [0] * faces
    for card in discard:  # every card there is face up
        counts[by_card[card] - 1] += 1
    found = _packer(faces, floats).pack(*counts)
    _DISCARDS[form] = (discard, by_card, found)
    return found


class _Row:
    """One row as its cards stand and who has seen each of them (part 4 of observations)."""

    __slots__ = ("bits", "row", "seen")

    def __init__(self, row: tuple[int, ...], bits: int, seen: list[int]) -> None:
        self.row = row
        #: The row's cards, as a bit mask.
        self.bits = bits
        #: Per slot, the players who have seen its card (a bit each; none for a gap).
        self.seen = seen


def _slot_values(index: int, players: int, floats: bool) -> bytes:
    """The values of a slot, ``value << players | seen`` (:func:`_rows_parts`), as bytes or as
    C floats."""
    seen = index & ((1 << players) - 1)
    values = [index >> players, *[(seen >> p) & 1 for p in range(players)]]
    return _packer(len(values), True).pack(*values) if floats else bytes(values)


#: The values of each slot as a viewer sees it (:func:`_rows_parts`), by table size, number of
#: face codes and form: a few hundred distinct slots at four players, shared by every
#: observation, each made when first met.
_SLOT_TABLES: Final[dict[int, list[bytes | None]]] = memo.SLOT_TABLES
#: A row's padding, by table size and form, then by the number of empty slots: zeros (a list
#: as long as the longest row of the decks met, plus one).
_ZEROS: Final[dict[int, list[bytes | None]]] = memo.ZEROS

#: The rows of the last observation and the cards each player had seen then: the next
#: observation (observations are asked state after state) takes from them every row that is the
#: same and whose cards nobody has seen since.
_LAST_ROWS: Final[list[tuple[tuple[int, ...], list[int], list[_Row]] | None]] = memo.LAST_ROWS


def _rows_parts(
    parts: list[bytes],
    by_card: tuple[int, ...],
    faces: int,
    masks: list[int],
    me: int,
    rows: tuple[tuple[int, ...], ...],
    floats: bool,
) -> None:
    """Part 4 of ``me``'s observation, appended to ``parts`` as bytes or as C floats: each slot's
    values, and after each row zeros up to a row's longest possible length."""
    n = len(masks)
    last = _LAST_ROWS[0]
    if last is not None and last[0] is by_card and len(last[2]) == len(rows):
        # Indexed, not zipped: compiled, ``zip(..., strict=True)`` is a call into Python.
        before, entries = last[1], last[2]
        changed = 0
        for p in range(n):
            changed |= masks[p] ^ before[p]
        found = []
        for p, row in enumerate(rows):
            e = entries[p]
            found.append(e if e.row is row and not e.bits & changed else _row_seen(masks, row))
    else:
        found = [_row_seen(masks, row) for row in rows]
    # Not kept beyond the last observation: a row and what each player has seen of it came back
    # in under 1 % of the observations of random rounds, and every entry kept survived into the
    # collector's oldest generation, whose collections cost more.
    _LAST_ROWS[0] = (by_card, masks, found)
    key = (faces << 4 | n) << 1 | floats
    table = _SLOT_TABLES.get(key)
    if table is None:
        table = [None] * ((3 + faces) << n)
        memo.remember(_SLOT_TABLES, memo.MEMOS["SLOT_TABLES"].bound, key, table)
    longest = len(by_card) - 1  # a row's longest possible length, in slots
    paddings = _ZEROS.get(n << 1 | floats)
    if paddings is None or len(paddings) <= longest:
        paddings = _ZEROS[n << 1 | floats] = [None] * (longest + 1)
    size = 4 if floats else 1
    step = 1 + n
    known = masks[me]
    for e in found:
        row, seen = e.row, e.seen
        for s in range(len(row)):
            # ``value << n | seen``: the value is 1 for a gap, 2 for a card ``me`` has not seen,
            # 2 + its face code for one they have.
            card = row[s]
            if card < 0:
                index = 1 << n  # a gap: nobody sees a card there
            else:
                code = _face(by_card, known, card)
                index = (2 if code is None else 2 + code) << n | seen[s]
            piece = table[index]
            if piece is None:
                piece = table[index] = _slot_values(index, n, floats)
            parts.append(piece)
        empty = longest - len(row)
        zeros = paddings[empty]
        if zeros is None:
            zeros = paddings[empty] = bytes(size * empty * step)
        parts.append(zeros)


def _row_seen(masks: list[int], row: tuple[int, ...]) -> _Row:
    bits = 0
    for card in row:
        if card >= 0:
            bits |= 1 << card
    found = [0] * len(row)
    # Player by player: each mask is read once, and only the cards of the row they have seen
    # are looked at.
    for p in range(len(masks)):
        seen = masks[p] & bits
        if seen:
            flag = 1 << p
            for s in range(len(row)):
                card = row[s]
                if card >= 0 and (seen >> card) & 1:
                    found[s] |= flag
    return _Row(row, bits, found)


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
    masks = _masks(t)
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

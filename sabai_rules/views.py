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

from typing import Any, Final

import attrs

from sabai_rules.cards import face_name
from sabai_rules.events import Event
from sabai_rules.moves import Action, legal_actions
from sabai_rules.state import EndCause, Function, NoseRace, Offer, Stage, State

__all__ = ["GAP", "EventView", "PendingView", "PlayerView", "SlotView", "view", "view_event"]

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


#: Rows as seen, by the row, the viewer and what each player has seen of the row's cards: a row
#: changes slowly, so most views reuse it. Bounded.
_ROWS: dict[tuple[tuple[int, ...], int, tuple[int, ...]], tuple[SlotView, ...]] = {}


def _row(
    faces: tuple[int, ...], masks: list[int], me: int, row: tuple[int, ...]
) -> tuple[SlotView, ...]:
    bits = 0
    for card in row:
        if card >= 0:
            bits |= 1 << card
    key = (row, me, tuple([mask & bits for mask in masks]))
    found = _ROWS.get(key)
    if found is not None:
        return found
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
    found = _ROWS[key] = tuple(slots)
    return found


def view(state: State, player: int, *, actions: bool = False) -> PlayerView:
    """What ``player`` may know of ``state`` (:rule:`ruling.public-information`). With
    ``actions``, the view also lists the player's legal actions (they depend on nothing the
    player has not seen); without, :attr:`PlayerView.legal_actions` is ``None`` and nothing is
    computed for it."""
    n = state.players
    if type(player) is not int or not 0 <= player < n:
        raise ValueError(f"there is no player {player!r} at this table")
    t, f = state.table, state.flow
    st = f.status
    faces = state.deck.faces
    masks = [t.public | private for private in t.private]
    rows = tuple(_row(faces, masks, player, row) for row in t.rows)
    queue = tuple(
        PendingView("function", e.executor, faces[e.card])
        if isinstance(e, Function)
        else PendingView("compensation", e.thrower, owner=e.owner)
        for e in f.queue
    )
    offer = f.pending
    holding = t.held >= 0
    return PlayerView(
        player=player,
        players=n,
        round_index=state.setup.round_index,
        final_round=state.setup.final_round,
        dealer=state.setup.dealer,
        turn=f.turn,
        stage=f.stage,
        rows=rows,
        draw_pile=len(t.draw),
        discard=tuple(map(faces.__getitem__, t.discard)),
        held=_face(faces, masks[player], t.held) if holding and player == f.turn else None,
        holding=holding,
        queue=queue,
        offer=(offer.thrower, offer.owner, offer.slot) if isinstance(offer, Offer) else None,
        nose_race=isinstance(offer, NoseRace),
        locked_out=_seats(f.lockout),
        caller=st.caller if st.caller >= 0 else None,
        final_lap=st.final_lap if st.final_lap >= 0 else None,
        passed=_seats(st.closing) if st.closing >= 0 else None,
        end=st.end,
        legal_actions=tuple(legal_actions(state, player=player)) if actions else None,
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

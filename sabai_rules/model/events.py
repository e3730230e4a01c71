"""What happened: the events an action causes.

:func:`sabai_rules.moves.apply_events` returns them with the new state. They name card ids, so
they are all-seeing like the state; :func:`sabai_rules.play.views.view_event` turns one into what a
given player saw. Fields named ``card`` hold the card concerned; whether its face was shown to
everybody, to one player or to nobody is a property of the event kind (:attr:`Event.shown`).
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from sabai_rules.state import EndCause

__all__ = [
    "AssJokerShown",
    "AssJokerTurnedOver",
    "Called",
    "Compensated",
    "CompensationLapsed",
    "Drew",
    "Event",
    "FirstRefusalOffered",
    "FirstRefusalTaken",
    "FirstRefusalWaived",
    "FunctionFizzled",
    "FunctionSkipped",
    "Gave",
    "Kept",
    "KeptInEmptyRow",
    "LookedAt",
    "NoseRaceLost",
    "Passed",
    "Peeked",
    "PenaltyCard",
    "PenaltyWaived",
    "Played",
    "ReactionRound",
    "Reshuffled",
    "RoundEnded",
    "Spied",
    "Switched",
    "ThrewIn",
    "TurnBegan",
]

#: Who sees the face of an event's ``card``: everybody, only the event's player, or nobody.
Shown = Literal["all", "player", "nobody"]


@attrs.frozen
class Event:
    """Base of all events. ``player`` is who acted (or whom it concerns)."""

    shown: ClassVar[Shown] = "nobody"
    player: int


@attrs.frozen
class TurnBegan(Event):
    """``player``'s turn begins (:rule:`turn.rotation`)."""


@attrs.frozen
class Drew(Event):
    """``player`` drew ``card`` and looked at it (:rule:`turn.draw`)."""

    shown: ClassVar[Shown] = "player"
    card: int


@attrs.frozen
class Played(Event):
    """``player`` played the drawn ``card`` face up onto the discard pile (:rule:`turn.play`)."""

    shown: ClassVar[Shown] = "all"
    card: int


@attrs.frozen
class Kept(Event):
    """``player`` kept the drawn card in ``slot``; ``card``, the card it replaced, went face up
    onto the discard pile (:rule:`turn.keep`)."""

    shown: ClassVar[Shown] = "all"
    slot: int
    card: int


@attrs.frozen
class KeptInEmptyRow(Event):
    """``player``'s row was empty: the drawn Ass Joker went into it and no card went to the pile
    (:rule:`ass-joker.drawn-into-empty-row`)."""


@attrs.frozen
class AssJokerTurnedOver(Event):
    """The card ``player`` picked in ``slot`` for a keep was the Ass Joker: it was shown, stays,
    and the drawn card is played instead (:rule:`ass-joker.turned-over-unknowingly`)."""

    shown: ClassVar[Shown] = "all"
    slot: int
    card: int


@attrs.frozen
class ThrewIn(Event):
    """``player`` threw in ``card`` from ``owner``'s ``slot``; ``correct`` if it was identical to
    the top card (:rule:`throw-in.identical`), else it went back
    (:rule:`throw-in.wrong-card.take-back`)."""

    shown: ClassVar[Shown] = "all"
    owner: int
    slot: int
    card: int
    correct: bool


@attrs.frozen
class PenaltyCard(Event):
    """``player`` received ``card`` as a penalty card, unseen, at the end of their row
    (:rule:`throw-in.penalty-card`)."""

    card: int


@attrs.frozen
class PenaltyWaived(Event):
    """``player`` owed a penalty card but none was left to draw
    (:rule:`ruling.draw-pile-exhausted`)."""


@attrs.frozen
class Reshuffled(Event):
    """The discard pile but its top card became the new draw pile, shuffled
    (:rule:`ruling.draw-pile-exhausted`). ``player`` is who needed the card; ``cards`` are the cards
    that moved, face up until then. Their new order is known to nobody: a view of this event
    shows only the faces its viewer knows after the action (the card they then drew)."""

    cards: tuple[int, ...]


@attrs.frozen
class Peeked(Event):
    """``player`` looked at their own ``card`` in ``slot`` (:rule:`function.peek`)."""

    shown: ClassVar[Shown] = "player"
    slot: int
    card: int


@attrs.frozen
class Spied(Event):
    """``player`` looked at ``target``'s ``card`` in ``slot`` (:rule:`function.spy`)."""

    shown: ClassVar[Shown] = "player"
    target: int
    slot: int
    card: int


@attrs.frozen
class Gave(Event):
    """``player`` gave ``card`` from ``slot`` to ``target``, face down (:rule:`function.give`)."""

    slot: int
    target: int
    card: int


@attrs.frozen
class Switched(Event):
    """``player`` switched ``card`` in ``slot`` with ``target``'s ``target_card`` in
    ``target_slot``, face down (:rule:`function.switch`)."""

    slot: int
    target: int
    target_slot: int
    card: int
    target_card: int


@attrs.frozen
class FunctionFizzled(Event):
    """The function of ``card`` could not be carried out by ``player`` and lapsed
    (:rule:`ruling.functions-mandatory`)."""

    shown: ClassVar[Shown] = "all"
    card: int


@attrs.frozen
class FunctionSkipped(Event):
    """``player`` declined the function of ``card`` (option ``functions_optional``)."""

    shown: ClassVar[Shown] = "all"
    card: int


@attrs.frozen
class AssJokerShown(Event):
    """``player`` picked the Ass Joker in ``slot`` as a compensation card: shown, it stays
    (:rule:`ruling.ass-joker-turned-over`)."""

    shown: ClassVar[Shown] = "all"
    slot: int
    card: int


@attrs.frozen
class Compensated(Event):
    """``player`` gave ``card`` from ``slot`` to ``owner``, face down, into ``owner_slot``
    (:rule:`sabai-sabai-move.compensation`)."""

    slot: int
    owner: int
    owner_slot: int
    card: int


@attrs.frozen
class CompensationLapsed(Event):
    """``player`` owed ``owner`` a compensation card but had none to give
    (:rule:`ruling.compensation-card`)."""

    owner: int


@attrs.frozen
class FirstRefusalOffered(Event):
    """``player`` (the thrower) named ``owner``'s card in ``slot``; the owner knows it and is
    offered to throw it in first (:rule:`sabai-sabai-move.first-refusal`)."""

    owner: int
    slot: int


@attrs.frozen
class FirstRefusalTaken(Event):
    """``player``, the owner, throws the offered card in themselves."""


@attrs.frozen
class FirstRefusalWaived(Event):
    """``player``, the owner, lets the thrower go ahead."""


@attrs.frozen
class NoseRaceLost(Event):
    """``player`` touched their nose last (:rule:`four-together.last-draws-penalty`)."""


@attrs.frozen
class Called(Event):
    """``player`` said sabai sabai and knocked twice: the final lap begins
    (:rule:`round-end.call`)."""


@attrs.frozen
class Passed(Event):
    """``player`` passed in the end-of-round reaction round
    (:rule:`ruling.end-of-round-reaction`)."""


@attrs.frozen
class LookedAt(Event):
    """``player`` looked at their cards in ``slots`` before the first turn
    (:rule:`setup.look-at-two`); no slot: they declined to look
    (:rule:`ruling.older-look-optional`)."""

    shown: ClassVar[Shown] = "player"
    slots: tuple[int, ...]
    cards: tuple[int, ...]


@attrs.frozen
class ReactionRound(Event):
    """The round is ending (``cause``): everybody may still throw in or pass. ``player`` is the
    active player."""

    cause: EndCause


@attrs.frozen
class RoundEnded(Event):
    """The round is over (``cause``); the cards are revealed (:rule:`round-end.reveal`)."""

    cause: EndCause

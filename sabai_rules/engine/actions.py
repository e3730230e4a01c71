"""The actions of sabai-sabai, the shape of their parameters, and the error that refuses one.

Actions are small frozen values, each naming its ``actor`` (a seat). Their other fields are
described once, in :data:`~sabai_rules.moves.PARAMETERS`: which name a player, which a slot (and
in whose row), which a set of slots. The engine checks them, the record format reads and writes
them, and the referee names them in a player's language from that one description.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, get_args

import attrs

from sabai_rules.model.messages import Wording

__all__ = [
    "ACTIONS_BY_NAME",
    "PARAMETERS",
    "Action",
    "AlsoThrowIn",
    "CallSabaiSabai",
    "Compensate",
    "Draw",
    "Give",
    "IllegalActionError",
    "Keep",
    "LookAtCards",
    "Parameter",
    "Pass",
    "Peek",
    "Play",
    "SkipFunction",
    "Spy",
    "Switch",
    "TakeFirstRefusal",
    "ThrowIn",
    "TouchNoseLast",
    "WaiveFirstRefusal",
    "is_action",
]


def _player() -> Any:
    """A field naming another player by seat."""
    return attrs.field(metadata={"kind": "player"})


def _slot(row: str) -> Any:
    """A field naming a slot of the row of the player in field ``row``."""
    return attrs.field(metadata={"kind": "slot", "row": row})


def _slots(row: str) -> Any:
    """A field naming several slots of the row of the player in field ``row``."""
    return attrs.field(metadata={"kind": "slots", "row": row})


@attrs.frozen(cache_hash=True)
class Draw:
    """Draw the top card of the draw pile and look at it (:rule:`turn.draw`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Play:
    """Play the drawn card directly, face up onto the discard pile (:rule:`turn.play`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Keep:
    """Keep the drawn card in ``slot``; the card there goes face up onto the pile
    (:rule:`turn.keep`)."""

    actor: int
    slot: int = _slot(row="actor")


@attrs.frozen(cache_hash=True)
class ThrowIn:
    """Throw in the card in ``owner``'s ``slot`` onto the top card: one's own card
    (:rule:`throw-in.identical`) or, when ``owner`` is another player, a sabai-sabai Move
    (:rule:`sabai-sabai-move.on-behalf`). One card per action: cards put down "at the same
    time" are consecutive throw-ins (:rule:`throw-in.several-at-once`,
    :rule:`ruling.sequential-actions`)."""

    actor: int
    owner: int = _player()
    slot: int = _slot(row="owner")


@attrs.frozen(cache_hash=True)
class AlsoThrowIn:
    """Throw in the card in ``owner``'s ``slot`` in the same motion as the wrong card just thrown
    in: several cards put down at once are one attempt (:rule:`throw-in.several-at-once`), so a
    lock-out by a wrong card of the motion does not stop the rest of it, and each card is judged
    like a :class:`ThrowIn`; a wrong one costs a penalty card of its own, or, with
    ``wrong_cards_penalty="per_motion"``, nothing more (:rule:`ruling.wrong-cards-in-a-batch`)."""

    actor: int
    owner: int = _player()
    slot: int = _slot(row="owner")


@attrs.frozen(cache_hash=True)
class Peek:
    """11 peek: look at one's own card in ``slot`` (:rule:`function.peek`)."""

    actor: int
    slot: int = _slot(row="actor")


@attrs.frozen(cache_hash=True)
class Spy:
    """12 spy: look at ``target``'s card in ``slot`` (:rule:`function.spy`)."""

    actor: int
    target: int = _player()
    slot: int = _slot(row="target")


@attrs.frozen(cache_hash=True)
class Give:
    """13 give: give one's own card in ``slot`` to ``target`` (:rule:`function.give`)."""

    actor: int
    slot: int = _slot(row="actor")
    target: int = _player()


@attrs.frozen(cache_hash=True)
class Switch:
    """14 switch: exchange one's card in ``slot`` with ``target``'s card in ``target_slot``
    (:rule:`function.switch`)."""

    actor: int
    slot: int = _slot(row="actor")
    target: int = _player()
    target_slot: int = _slot(row="target")


@attrs.frozen(cache_hash=True)
class SkipFunction:
    """Decline the function at the head of the queue (only with ``functions_optional``,
    :rule:`ruling.functions-mandatory`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Compensate:
    """Give the owed compensation card: one's own card in ``slot``
    (:rule:`sabai-sabai-move.compensation`)."""

    actor: int
    slot: int = _slot(row="actor")


@attrs.frozen(cache_hash=True)
class TakeFirstRefusal:
    """The owner throws the offered card in themselves (:rule:`sabai-sabai-move.first-refusal`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class WaiveFirstRefusal:
    """The owner lets the thrower's sabai-sabai Move go ahead
    (:rule:`sabai-sabai-move.first-refusal`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class TouchNoseLast:
    """``actor`` was the last to touch their nose (:rule:`four-together.last-draws-penalty`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class CallSabaiSabai:
    """Say sabai sabai and knock twice: the final lap begins (:rule:`round-end.call`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class Pass:
    """Let the round end without throwing in (:rule:`ruling.end-of-round-reaction`)."""

    actor: int


@attrs.frozen(cache_hash=True)
class LookAtCards:
    """Older edition: look at one's cards in ``slots`` before the first turn
    (:rule:`setup.look-at-two`); no slot declines to look, where a player may
    (:rule:`ruling.older-look-optional`)."""

    actor: int
    slots: tuple[int, ...] = _slots(row="actor")


Action = (
    Draw
    | Play
    | Keep
    | ThrowIn
    | AlsoThrowIn
    | Peek
    | Spy
    | Give
    | Switch
    | SkipFunction
    | Compensate
    | TakeFirstRefusal
    | WaiveFirstRefusal
    | TouchNoseLast
    | CallSabaiSabai
    | Pass
    | LookAtCards
)


@attrs.frozen
class Parameter:
    """A field of an action after its actor."""

    name: str
    #: ``"player"`` (a seat), ``"slot"`` (a position in a row, from 0) or ``"slots"`` (several).
    kind: Literal["player", "slot", "slots"]
    #: For a slot or slots: the field naming the player whose row they are in.
    row: str | None


#: The parameters of each action after its actor, in field order.
PARAMETERS: Final[Mapping[type[Action], tuple[Parameter, ...]]] = {
    cls: tuple(
        Parameter(field.name, field.metadata["kind"], field.metadata.get("row"))
        for field in attrs.fields(cls)[1:]
    )
    for cls in get_args(Action)
}

#: Each action class by its name, as records write it.
ACTIONS_BY_NAME: Final[Mapping[str, type[Action]]] = {cls.__name__: cls for cls in PARAMETERS}


class IllegalActionError(ValueError):
    """An action the rules do not allow here. The state it was applied to is unchanged.

    * ``rule`` — the id of the rule it breaks, in the edition in force (a rule of the catalogue,
      or a ruling where no rule says it); ``current_rule`` the same rule's id in the current
      edition (they differ where the older edition states the rule in its own words);
    * ``action`` — the refused action, and ``actor`` its actor;
    * ``message`` — why, in English, naming players by seat (``P2``); :meth:`message_with`
      names them by the names a record gives, in any language of the rulebook.
    """

    def __init__(
        self,
        rule: str,
        action: object,
        template: str,
        seats: Sequence[int] = (),
        *,
        current_rule: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        self.rule = rule
        self.current_rule = rule if current_rule is None else current_rule
        self.action = action
        #: The message in English with ``{0}``, ``{1}``... where the players of :attr:`seats`
        #: are named, and its other values by name (:attr:`params`): the key of its translations
        #: (:data:`sabai_rules.model.messages.MESSAGES`).
        self.template = template
        self.seats = tuple(seats)
        self.params: tuple[tuple[str, object], ...] = tuple((params or {}).items())
        self.message = self.message_with(
            [f"P{seat}" for seat in range(max(self.seats, default=-1) + 1)]
        )
        super().__init__(f"{action!r}: {self.message} [{rule}]")

    @property
    def actor(self) -> object:
        """The actor of the refused action (a seat, unless the action was malformed)."""
        return getattr(self.action, "actor", None)

    def message_with(self, names: Sequence[str], language: str = "en") -> str:
        """The message in ``language`` naming each player by ``names[seat]``."""
        return self.wording.text(names, language)

    @property
    def wording(self) -> Wording:
        """What the refusal says, to be said in any language."""
        return Wording(self.template, self.seats, self.params)

    def in_edition(self, rule: str) -> IllegalActionError:
        """The same refusal citing ``rule``, the older edition's wording of ``rule``."""
        return IllegalActionError(
            rule,
            self.action,
            self.template,
            self.seats,
            current_rule=self.current_rule,
            params=dict(self.params),
        )


def is_action(value: object, name: str = "action") -> Action:
    """``value`` if it is an action of the game (one of the classes of
    :data:`~sabai_rules.moves.PARAMETERS`); :class:`TypeError` otherwise. Whether its fields make
    sense is legality's to say (:rule:`ruling.irregularities`)."""
    if type(value) not in PARAMETERS:
        raise TypeError(f"{name} must be an action of sabai-sabai, not {type(value).__name__}")
    return value  # type: ignore[return-value]

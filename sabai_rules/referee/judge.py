"""A quick ruling at the table: a position, the actions that followed it, and the referee's
verdict on them (``sabai judge``).

A dispute is about one moment of a round, and a table knows that moment, not the deal: the
position states it (:mod:`sabai_rules.play.position`, ``?`` for a card nobody can name), and the
actions are written as a player says them::

    Anna throws in Chloé's 3 (7)
    Ben draws; Ben plays a 9
    Chloé ThrowIn Chloé 2

Each action is a player (named in any case, and without the name's accents where that names one
player only), a verb and what it names: slots count from 0 at a row's left end, as in records; a
face in brackets, or after ``shows``, ``showing``, ``a`` or ``an``, is the face the table saw (a
record's ``shows``). The record's action words work too, their parameters in the
record's order (``Ben Switch 1 Anna 3``). Several actions are separated by ``;``, or given one
per argument on the command line. :func:`judge` builds a record of version 2 that starts from the
position (:attr:`~sabai_rules.referee.record.RoundRecord.start`) and replays it: the verdict is a
replay's, legal, illegal or undecided where the position leaves a card unknown that an action
turns on (:mod:`sabai_rules.referee.unknown`).

>>> verdict = judge(
...     "current / Anna: 7 ? / Ben: ? ? / pile top 7 / Ben to draw", ["Anna throws in 0"]
... )
>>> verdict.legal, verdict.decided
(True, True)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Final

from sabai_rules.model.cards import parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    TakeFirstRefusal,
    ThrowIn,
    TouchNoseLast,
    WaiveFirstRefusal,
)
from sabai_rules.play.position import Position, read_position
from sabai_rules.referee.record import (
    SHOWN_BY,
    TABLE_VERSION,
    Deal,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
)
from sabai_rules.referee.replay import Verdict, replay

__all__ = [
    "MAX_ACTION_TEXT",
    "ActionTextError",
    "judge",
    "read_actions",
    "ruling_error",
    "ruling_record",
]

#: The longest text of actions read at once.
MAX_ACTION_TEXT: Final = 10_000


class ActionTextError(ValueError):
    """An action that cannot be read: ``number`` is the action (from 1), ``column`` where in
    it (from 1); the message says what was expected. One line."""

    def __init__(self, number: int, column: int, message: str) -> None:
        self.number = number
        self.column = column
        self.message = message
        super().__init__(f"action {number}, column {column}: {message}")


#: A word of an action: a name (any letters, digits, ' - _ .), a number, a bracket, ';'.
_WORD: Final = re.compile(r"\(\s*[^()]*?\s*\)|[^\s;(),]+|;", re.UNICODE)


class _Words:
    """The words of one action, read one after another."""

    def __init__(self, text: str, number: int, names: Sequence[str]) -> None:
        self.number = number
        self.names = names
        self.words = [(m.group(), m.start() + 1) for m in _WORD.finditer(text)]
        self.at = 0
        self.end = len(text) + 1

    def error(self, message: str) -> ActionTextError:
        column = self.words[self.at][1] if self.at < len(self.words) else self.end
        return ActionTextError(self.number, column, message)

    def peek(self) -> str | None:
        return self.words[self.at][0] if self.at < len(self.words) else None

    def take(self) -> str:
        word = self.peek()
        if word is None:
            raise self.error("the action ends too soon")
        self.at += 1
        return word

    def optional(self, *words: str) -> bool:
        """Skip one of ``words`` (any case) if it comes next."""
        word = self.peek()
        if word is not None and word.casefold() in words:
            self.at += 1
            return True
        return False

    def player(self, what: str = "a player") -> int:
        word = self.peek()
        if word is None:
            raise self.error(f"expected {what}")
        name = re.sub("['\u2019]s$", "", word)  # Chloé's, Chloé\u2019s
        seat = _seat(name, self.names)
        if seat is None:
            shown = ", ".join(self.names)
            raise self.error(f"expected {what} (the players are {shown}), found {word!r}")
        self.at += 1
        return seat

    def slot(self) -> int:
        self.optional("slot", "card")
        word = self.peek()
        if word is not None and word.startswith("#"):
            word = word[1:]
        if word is None or not re.fullmatch(r"[0-9]{1,2}", word, re.ASCII):
            found = "nothing" if word is None else repr(word)
            raise self.error(
                f"expected a slot (a number from 0, the row's left end), found {found}"
            )
        self.at += 1
        return int(word)


def _seat(name: str, names: Sequence[str]) -> int | None:
    """The seat of a player named ``name`` (any case; without its accents if that names one
    player only: ``Lea`` for Léa on a phone keyboard), or ``P<seat>``."""
    folded = name.casefold()
    for seat, known in enumerate(names):
        if known.casefold() == folded:
            return seat
    bare = _unaccented(folded)
    alike = [seat for seat, known in enumerate(names) if _unaccented(known.casefold()) == bare]
    if len(alike) == 1:
        return alike[0]
    found = re.fullmatch(r"[Pp]([0-9]{1,2})", name, re.ASCII)
    if found and int(found.group(1)) < len(names):
        return int(found.group(1))
    return None


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


#: The verbs of the actions, as players say them and as records write them: the words of each,
#: lower case, and the action.
_VERBS: Final[tuple[tuple[tuple[str, ...], str], ...]] = (
    (("draws",), "Draw"),
    (("draw",), "Draw"),
    (("plays",), "Play"),
    (("play",), "Play"),
    (("keeps",), "Keep"),
    (("keep",), "Keep"),
    (("also", "throws", "in"), "AlsoThrowIn"),
    (("alsothrowin",), "AlsoThrowIn"),
    (("throws", "in"), "ThrowIn"),
    (("throw", "in"), "ThrowIn"),
    (("throwin",), "ThrowIn"),
    (("peeks", "at"), "Peek"),
    (("peeks",), "Peek"),
    (("peek",), "Peek"),
    (("spies", "on"), "Spy"),
    (("spies",), "Spy"),
    (("spy",), "Spy"),
    (("gives",), "Give"),
    (("give",), "Give"),
    (("switches",), "Switch"),
    (("switch",), "Switch"),
    (("skips",), "SkipFunction"),
    (("skipfunction",), "SkipFunction"),
    (("compensates",), "Compensate"),
    (("compensate",), "Compensate"),
    (("takes",), "TakeFirstRefusal"),
    (("takefirstrefusal",), "TakeFirstRefusal"),
    (("waives",), "WaiveFirstRefusal"),
    (("waivefirstrefusal",), "WaiveFirstRefusal"),
    (("touches", "last"), "TouchNoseLast"),
    (("is", "last"), "TouchNoseLast"),
    (("touchnoselast",), "TouchNoseLast"),
    (("calls", "sabai", "sabai"), "CallSabaiSabai"),
    (("calls",), "CallSabaiSabai"),
    (("callsabaisabai",), "CallSabaiSabai"),
    (("passes",), "Pass"),
    (("pass",), "Pass"),
    (("looks", "at"), "LookAtCards"),
    (("declines", "to", "look"), "LookAtCards"),
    (("lookatcards",), "LookAtCards"),
)


def _verb(words: _Words) -> tuple[str, bool]:
    """The action a verb names, and whether it was the declined look."""
    start = words.at
    for phrase, name in _VERBS:
        words.at = start
        if all(words.optional(word) for word in phrase):
            return name, phrase[0] == "declines"
    words.at = start
    found = words.peek()
    raise words.error(
        "expected what the player did (draws, plays, keeps, throws in, peeks, spies, gives,"
        " switches, skips, compensates, takes, waives, touches last, calls, passes, looks at,"
        f" or a record's action word), found {found!r}"
    )


def _face_shown(words: _Words, bare: bool) -> int | None:
    """The face the table saw, if the action says it: ``(7)``, ``shows 7``, ``showing 7``,
    ``a 7``; with ``bare``, also a face alone."""
    word = words.peek()
    if word is None:
        return None
    if word.startswith("("):
        words.at += 1
        return _face(words, word[1:-1])
    if words.optional("shows", "showing", "a", "an"):
        return _face(words, words.take())
    if bare:
        words.at += 1
        return _face(words, word)
    return None


def _face(words: _Words, text: str) -> int:
    try:
        return parse_face(text)
    except ValueError:
        words.at -= 1
        raise words.error(f"expected a card's face (7, 13, J, AJ), found {text!r}") from None


def _action(words: _Words) -> tuple[Action, int | None]:
    """One action, and the face it shows if it says it."""
    actor = words.player()
    name, declined = _verb(words)
    action: Action
    match name:
        case "Draw":
            return Draw(actor), _face_shown(words, bare=True)
        case "Play":
            return Play(actor), _face_shown(words, bare=True)
        case "Keep":
            action = Keep(actor, words.slot())
        case "Peek":
            action = Peek(actor, words.slot())
        case "Compensate":
            action = Compensate(actor, words.slot())
        case "ThrowIn" | "AlsoThrowIn":
            owner = actor
            word = words.peek()
            if word is not None and not re.fullmatch(r"#?[0-9]{1,2}|slot|card", word, re.I):
                owner = words.player("whose card (a player) or a slot")
            slot = words.slot()
            action = (
                ThrowIn(actor, owner, slot)
                if name == "ThrowIn"
                else AlsoThrowIn(actor, owner, slot)
            )
        case "Spy":
            target = words.player("whose card")
            action = Spy(actor, target, words.slot())
        case "Give":
            slot = words.slot()
            words.optional("to")
            action = Give(actor, slot, words.player("to whom"))
        case "Switch":
            slot = words.slot()
            words.optional("with", "for")
            target = words.player("with whom")
            action = Switch(actor, slot, target, words.slot())
        case "LookAtCards":
            slots: list[int] = []
            while not declined and words.peek() is not None:
                words.optional("and")
                slots.append(words.slot())
            return LookAtCards(actor, tuple(sorted(slots))), None
        case _:
            words.optional("first", "refusal", "nose")
            return _SIMPLE[name](actor), None
    return action, _face_shown(words, bare=False)


#: The actions named by their actor alone.
_SIMPLE: Final[dict[str, Callable[[int], Action]]] = {
    "SkipFunction": SkipFunction,
    "TakeFirstRefusal": TakeFirstRefusal,
    "WaiveFirstRefusal": WaiveFirstRefusal,
    "TouchNoseLast": TouchNoseLast,
    "CallSabaiSabai": CallSabaiSabai,
    "Pass": Pass,
}


def read_actions(texts: Sequence[str] | str, names: Sequence[str]) -> tuple[RecordEvent, ...]:
    """The actions written in ``texts`` (one text, or one per action; ``;`` separates actions
    within a text), as events of a record naming the players ``names``: each with the face it
    shows where it says it. :class:`ActionTextError` (one line) for a text that is no action."""
    if isinstance(texts, str):
        texts = [texts]
    if sum(len(t) for t in texts) > MAX_ACTION_TEXT:
        raise ActionTextError(1, 1, f"at most {MAX_ACTION_TEXT:,} characters of actions")
    events: list[RecordEvent] = []
    for text in texts:
        for part in text.split(";"):
            if not part.strip():
                continue
            # Columns count from the action's first word.
            words = _Words(part.strip(), len(events) + 1, names)
            action, face = _action(words)
            if words.peek() is not None:
                raise words.error(f"the action is over: {words.peek()!r} is one word too many")
            shows = (face,) if face is not None and isinstance(action, SHOWN_BY) else None
            events.append(RecordEvent(action, shows=shows))
    if not events:
        raise ActionTextError(1, 1, "expected at least one action")
    return tuple(events)


def judge(
    position: str,
    actions: Sequence[str] | str,
    *,
    ruleset: Ruleset | None = None,
    tolerant: bool = False,
) -> Verdict:
    """The referee's verdict on ``actions`` (read by :func:`read_actions`) played from
    ``position`` (:func:`~sabai_rules.play.position.read_position`; ``ruleset`` where the position
    names none): as :func:`~sabai_rules.referee.replay.replay` gives it for the record
    :func:`ruling_record` makes of them. :class:`~sabai_rules.play.position.PositionError` for a
    position that cannot be read, :class:`ActionTextError` for an action, and
    :class:`~sabai_rules.referee.record.RecordError` for actions that cannot be played there (a
    card that is not in the slot they name)."""
    start = read_position(position, ruleset)
    events = read_actions(actions, start.names)
    return replay(ruling_record(position, start, events), tolerant=tolerant)


def ruling_record(position: str, start: Position, events: Sequence[RecordEvent]) -> Record:
    """A record of version 2 of one round that starts from ``position`` (read as ``start``) and
    holds ``events``: the record a quick ruling judges, which ``sabai judge --record`` writes."""
    rnd = RoundRecord(Deal(), tuple(events), start=position)
    state = start.state
    return Record(state.ruleset, start.names, state.setup.dealer, (rnd,), version=TABLE_VERSION)


#: Where in the record of a quick ruling a problem is: an event (an action), or the start.
_RULING_PATH: Final = re.compile(r"\$\.rounds\[0\]\.(?:events\[([0-9]+)\]|start)")


def ruling_error(error: RecordError) -> str:
    """What makes the actions of a quick ruling unplayable, as the players wrote them: ``action
    N: ...`` (counting from 1) or ``position: ...``, not the path in the record they never
    saw."""
    found = _RULING_PATH.match(error.path)
    if found is None:
        return error.message
    if found.group(1) is None:
        return f"position: {error.message}"
    return f"action {int(found.group(1)) + 1}: {error.message}"

"""Game records: what happened at a table, as versioned JSON, read strictly or tolerantly.

A record holds the ruleset, the players in seat (play) order, the first dealer, each round's deal
(the full card order, or a seed and the generator that shuffles it) and its events in order — an
actor, an action of the engine with its parameters, and optionally a time and a comment. A round
may also say what chance decided at the table: each new draw pile a reshuffle made, as the faces
the players drew from it, and the loser of each nose race the rules leave to chance. A record may
claim an outcome ("Anna says she won") for the referee to check.

>>> record = read_record('''{"format": "sabai-record", "version": 1,
...   "players": ["Anna", "Ben"], "first_dealer": "Anna",
...   "rounds": [{"deal": {"seed": 7, "generator": "shake256-fisher-yates/1"},
...               "events": [{"actor": "Ben", "action": "Draw"}]}]}''')
>>> record.players, record.rounds[0].events[0].action
(('Anna', 'Ben'), Draw(actor=1))
>>> write_record(record) == write_record(read_record(write_record(record)))
True

Players are named in events; slots are the engine's (0 is a row's left end). The JSON Schema is
``sabai_rules/schema/record-v1.schema.json``. Errors name the JSON path of the problem
(``$.rounds[0].events[3].slot``) in one line, whatever the record holds: what they echo of it is
an excerpt, escaped as Python's ``repr`` escapes it.

A record is Unicode text: a lone surrogate (a ``\\ud800`` escape without its pair) is refused
wherever it stands, since no UTF-8 output can hold it. A player's name and a claim's text, which
the referee prints as they are, are one line (no control character, no line break); comments,
times and seeds may hold any text.

The reader bounds what it reads, so that any record is read and replayed in bounded time and
memory: :data:`MAX_BYTES` bytes, :data:`MAX_DEPTH` levels of nesting, :data:`MAX_ROUNDS` rounds,
:data:`MAX_EVENTS` events in all and :data:`MAX_ROUND_EVENTS` in a round (and as many reshuffles
and nose races), :data:`MAX_SLOTS` slots in one action; texts of at most :data:`MAX_NAME`
characters for a name, :data:`MAX_SHORT_TEXT` for a time or a mark of simultaneous throw-ins,
:data:`MAX_SEED_TEXT` for a seed, :data:`MAX_CLAIM_TEXT` for a claim and :data:`MAX_COMMENT` for
a comment; :data:`~sabai_rules.model.catalogue.MAX_ID_LENGTH` for a claim's rule id and
:data:`~sabai_rules.model.cards.MAX_FACE_TEXT` for a card face written as a text. Beyond a bound,
the record is refused, naming where:

>>> read_record('{"format": "sabai-record", "version": 1, "players": ["Anna", "Ben\\\\nBen"]}')
Traceback (most recent call last):
...
sabai_rules.referee.record.RecordError: $.players[1]: a player's name is one line ...
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import reprlib
import stat
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from sabai_rules.engine.rules import race_loser
from sabai_rules.model import chance
from sabai_rules.model.cards import UNKNOWN, face_name, face_text, parse_face
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    ACTIONS_BY_NAME,
    PARAMETERS,
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
    TouchNoseLast,
    WaiveFirstRefusal,
    deck_for,
)
from sabai_rules.play.position import Position, PositionError, read_position

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_CLAIM_TEXT",
    "MAX_COMMENT",
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_EVENTS",
    "MAX_NAME",
    "MAX_POSITION",
    "MAX_ROUNDS",
    "MAX_ROUND_EVENTS",
    "MAX_SEED_TEXT",
    "MAX_SHORT_TEXT",
    "MAX_SLOTS",
    "SHOWN_BY",
    "SHOWN_TO_PLAYERS",
    "TABLE_VERSION",
    "VERSION",
    "VERSIONS",
    "Claim",
    "Deal",
    "Problem",
    "Record",
    "RecordError",
    "RecordEvent",
    "RoundRecord",
    "action_from_json",
    "action_to_json",
    "load_record",
    "moments",
    "player_index",
    "read_record",
    "record_to_json",
    "ruleset_to_json",
    "save_whole",
    "shown",
    "write_record",
]

FORMAT: Final = "sabai-record"
#: The version of a record that states the whole deal and every event, which every reader of
#: sabai-rules reads (``sabai_rules/schema/record-v1.schema.json``).
VERSION: Final = 1
#: The version of a record of what a table knows: a round may start from a position, a deal
#: may leave cards unknown, an event may state the face it shows, a round the rows turned up at
#: its end (``sabai_rules/schema/record-v2.schema.json``).
TABLE_VERSION: Final = 2
#: The versions this reader reads.
VERSIONS: Final = (VERSION, TABLE_VERSION)
#: Records larger than this are refused unread (a game of 12 players is far smaller).
MAX_BYTES: Final = 20_000_000
#: Deeper JSON nesting than this is refused (a record nests five levels).
MAX_DEPTH: Final = 32
#: The most arrays and objects the JSON of a record holds: ten for each of the most events a record
#: holds (an event is an object with a list or two), so that memory stays in proportion to a
#: record rather than to how many ``[]`` fit in :data:`MAX_BYTES`.
MAX_CONTAINERS: Final = 1_000_000
#: The most rounds a record holds: ten times the most a ruleset sets (``num_rounds``, at most
#: 100), leaving room for the extra final rounds of tied games.
MAX_ROUNDS: Final = 1_000
#: The most events a round holds, and reshuffles and nose races (each follows an event): ten
#: times the longest round of thousands of simulated games of 12 players (807 events).
MAX_ROUND_EVENTS: Final = 10_000
#: The most events a record holds in all: the referee replays about 10,000 events a second.
MAX_EVENTS: Final = 100_000
#: The most slots one action names (``LookAtCards``): a row has at most 100 slots (0 to 99).
MAX_SLOTS: Final = 100
#: The longest player's name, in characters.
MAX_NAME: Final = 100
#: The longest time (ISO 8601 needs about 35 characters) or mark of simultaneous throw-ins.
MAX_SHORT_TEXT: Final = 100
#: The longest seed given as a text (a hexadecimal SHA-512 digest has 128 characters).
MAX_SEED_TEXT: Final = 256
#: The longest claim's text: a sentence or two, which the referee quotes in its verdict.
MAX_CLAIM_TEXT: Final = 1_000
#: The longest comment (of the record, a round or an event).
MAX_COMMENT: Final = 10_000
#: The longest position a round starts from (:mod:`sabai_rules.play.position`).
MAX_POSITION: Final = 10_000

# What a message echoes of the record: repr's quoting and escaping (no line break, no lone
# surrogate), at most about 100 characters of a text and a few items of a list.
_REPR = reprlib.Repr()
_REPR.maxstring = 100
_REPR.maxother = 100
#: A line break or control character: not in a name or a claim, which the referee prints as they
#: are (Unicode's Cc, and the line and paragraph separators U+2028 and U+2029); nor a direction
#: embedding, override or isolate (U+202A-U+202E, U+2066-U+2069), which would turn the rest of
#: the printed line around ("Ben\u202e" makes "Ben played 7" read "Ben 7 deyalp").
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: Half of a UTF-16 surrogate pair: JSON's ``\ud800`` escape alone decodes to one, which is no
#: Unicode character and cannot be encoded as UTF-8.
_SURROGATE: Final = re.compile(r"[\ud800-\udfff]")
#: A ``\uD800``-``\uDFFF`` escape in JSON text: only such an escape decodes to a surrogate.
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")
#: A key that a path names as ``.key`` (others are named as ``['odd key']``).
_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")


def shown(value: object) -> str:
    """``value`` as a message echoes it: its ``repr`` (quoted, control characters and lone
    surrogates escaped), an excerpt of a long text or list.

    >>> shown("Ben\\nBen"), shown("x" * 1000)[:8], len(shown("x" * 1000)) < 110
    ("'Ben\\\\nBen'", "'xxxxxxx", True)
    """
    return _REPR.repr(value)


def _member(path: str, key: object) -> str:
    """The path of ``key`` in the object at ``path``: ``$.players``, or ``$['odd\\nkey']`` for a
    key that is not a plain name (so that a path is always one short line)."""
    if isinstance(key, str) and _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{shown(key)}]"


class RecordError(ValueError):
    """A record that cannot be used: the message is one line and names where the problem is."""

    def __init__(self, message: str, path: str = "$") -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


@attrs.frozen
class Problem:
    """One problem a tolerant read found and skipped."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@attrs.frozen
class RecordEvent:
    action: Action
    time: str | None = None
    comment: str | None = None
    #: Throw-ins that happened at the same moment share this mark, one after another in the
    #: record; their slots name the cards as the table was before them. The referee plays them
    #: in the order of :rule:`ruling.sequential-actions`.
    simultaneous: str | None = None
    #: Version 2: the face of the card the action shows or is about, as the table saw it (the
    #: card drawn, played, kept out of the row, thrown in, given, looked at...), one face per
    #: slot for :class:`~sabai_rules.moves.LookAtCards`; ``None`` where the record does not say
    #: (:data:`SHOWN_BY`).
    shows: tuple[int, ...] | None = None
    #: Version 2, a throw-in of a simultaneous group: this player got the card (touched it first)
    #: that another player of the group reached for too (:rule:`ruling.same-card-reach`).
    first: bool = False
    #: Version 2, a :class:`~sabai_rules.moves.TouchNoseLast`: the players in the order they
    #: touched their noses, first to last, the actor last (:rule:`ruling.nose-race-order`).
    order: tuple[int, ...] | None = None
    #: Version 2: the players who say they did not look at the card the event shows (a wrong
    #: card shown and taken back, an Ass Joker turned over or shown), :rule:`ruling.unseen-card`.
    unseen_by: tuple[int, ...] = ()


@attrs.frozen
class Deal:
    """A round's deal: the card order (faces, first card dealt first) or a seed for the named
    generator (:mod:`sabai_rules.model.chance`). In version 2 an order may hold
    :data:`~sabai_rules.model.cards.UNKNOWN` for a card the table cannot name and may stop before
    the end of the deck (the cards after it are unknown); a round that starts from a position has
    neither (:attr:`RoundRecord.start`)."""

    order: tuple[int, ...] | None = None
    seed: int | str | None = None
    generator: str | None = None


@attrs.frozen
class RoundRecord:
    deal: Deal
    events: tuple[RecordEvent, ...]
    comment: str | None = None
    #: Per reshuffle of the round, in order, the new draw pile as faces, top card first: all of
    #: its cards, or the first ones (those drawn before the round ended); the seeded generator
    #: places the rest (:rule:`ruling.draw-pile-exhausted`).
    reshuffles: tuple[tuple[int, ...], ...] = ()
    #: The loser of each nose race of the round that ``nose_race="random"`` leaves to chance,
    #: in order, as seen at the table (:rule:`ruling.nose-race`).
    nose_races: tuple[int, ...] = ()
    #: Version 2: the rows as they were turned up at the end of the round, player by player in
    #: seat order, slot by slot (:data:`~sabai_rules.model.cards.UNKNOWN` for a card nobody noted).
    reveal: tuple[tuple[int, ...], ...] | None = None
    #: Version 2: the position the round starts from instead of a deal (the notation of
    #: :mod:`sabai_rules.play.position`).
    start: str | None = None


@attrs.frozen
class Claim:
    """What somebody claims about the game, for the referee to check: its winners, and/or that an
    event broke a rule."""

    text: str | None = None
    winners: tuple[int, ...] | None = None
    illegal_event: int | None = None
    rule: str | None = None


@attrs.frozen
class Record:
    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: int
    rounds: tuple[RoundRecord, ...]
    #: The seed of the game's chance during rounds (reshuffles, simulated nose races).
    seed: int | str = 0
    claim: Claim | None = None
    comment: str | None = None
    #: The version the record was written in (:data:`VERSIONS`).
    version: int = 1

    def player(self, name: str) -> int:
        return self.players.index(name)

    def events(self) -> list[tuple[int, int, RecordEvent]]:
        """Every event with its round and its index in the round, in order; the event number
        used by the referee and ``sabai show --at`` is the index in this list, from 1."""
        return [(r, i, e) for r, rnd in enumerate(self.rounds) for i, e in enumerate(rnd.events)]


# -- actions as JSON -----------------------------------------------------------------------------


def action_to_json(action: Action, players: Sequence[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"actor": players[action.actor], "action": type(action).__name__}
    for parameter in PARAMETERS[type(action)]:
        name, kind = parameter.name, parameter.kind
        value = getattr(action, name)
        if kind == "player":
            data[name] = players[value]
        elif kind == "slots":
            data[name] = list(value)
        else:
            data[name] = value
    return data


def action_from_json(data: Mapping[str, Any], players: Sequence[str], path: str) -> Action:
    """An engine action from its JSON form; :class:`RecordError` names what is wrong."""
    name = data.get("action")
    cls = ACTIONS_BY_NAME.get(name) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(ACTIONS_BY_NAME)
        raise RecordError(
            f"unknown action {shown(name)} (expected one of {known})", f"{path}.action"
        )
    fields = [(p.name, p.kind) for p in PARAMETERS[cls]]
    allowed = {"actor", "action", "time", "comment", *(n for n, _ in fields)}
    for key in data:
        if key not in allowed:
            raise RecordError(f"{shown(key)} is not a parameter of {name}", _member(path, key))
    args: list[Any] = [player_index(data.get("actor"), players, f"{path}.actor")]
    for field, kind in fields:
        if field not in data:
            raise RecordError(f"{name} needs {field!r}", path)
        value = data[field]
        where = f"{path}.{field}"
        if kind == "player":
            args.append(player_index(value, players, where))
        elif kind == "slot":
            args.append(_slot(value, where))
        else:
            if not isinstance(value, list):
                raise RecordError("expected a list of slots", where)
            if len(value) > MAX_SLOTS:
                raise RecordError(
                    f"an action names at most {MAX_SLOTS} slots, not {len(value):,}", where
                )
            args.append(tuple(_slot(v, f"{where}[{i}]") for i, v in enumerate(value)))
    action: Action = cls(*args)
    return action


def player_index(value: Any, players: Sequence[str], path: str) -> int:
    """The seat of a player named ``value`` (a name of ``players``, or a seat number);
    :class:`RecordError` at ``path`` if there is none."""
    if isinstance(value, str) and value in players:
        return players.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(players):
        return value
    names = ", ".join(map(_printable, players))
    return _fail(f"unknown player {shown(value)} (the players are {names})", path)


def _printable(name: str) -> str:
    """A name as a message shows it: as it is if it is one line, else escaped (a record's names
    are; names given by a program may not be)."""
    return shown(name) if _CONTROL.search(name) or _SURROGATE.search(name) else name


def _slot(value: Any, path: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100:
        return value
    return _fail(f"a slot is a number from 0, not {shown(value)}", path)


def _fail(message: str, path: str) -> NoReturn:
    raise RecordError(message, path)


# -- reading ------------------------------------------------------------------------------------


def decode(data: bytes | str) -> Any:
    """JSON from bytes or text, refusing empty, huge, non-UTF-8 or too deeply nested input with a
    one-line :class:`RecordError`."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise RecordError(f"the file is larger than {MAX_BYTES:,} bytes", "")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"not UTF-8 text (byte {error.start} is invalid)", "") from None
    else:
        text = data
        if len(text) > MAX_BYTES:
            raise RecordError(f"the record is larger than {MAX_BYTES:,} characters", "")
    if not text.strip():
        raise RecordError("the file is empty", "")
    _check_shape(text)
    # A key given twice in one object says two things: the record is refused, not judged on
    # the last of them unseen.
    twice: list[tuple[dict[str, Any], str]] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(items)
        if len(found) != len(items) and not twice:
            keys = [key for key, _ in items]
            twice.append((found, next(k for i, k in enumerate(keys) if k in keys[:i])))
        return found

    try:
        decoded = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}", ""
        ) from None
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise RecordError(f"not usable JSON: {error}", "") from None
    if twice:
        duplicated, key = twice[0]
        raise RecordError(f"the key {shown(key)} is given twice", _path_of(decoded, duplicated))
    # Only a \uD800-\uDFFF escape decodes to a surrogate: text without one needs no search.
    if _SURROGATE_ESCAPE.search(text):
        _check_unicode(decoded)
    return decoded


def _check_shape(text: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH` or holding more than
    :data:`MAX_CONTAINERS` arrays and objects, before it is parsed: the json module recurses and
    can overflow, and each container costs memory out of proportion to its characters (``[]`` is
    two characters and some sixty bytes)."""
    depth = deepest = containers = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            containers += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                raise RecordError(f"the JSON is nested deeper than {MAX_DEPTH} levels", "")
            if containers > MAX_CONTAINERS:
                raise RecordError(
                    f"the JSON holds more than {MAX_CONTAINERS:,} arrays and objects, "
                    "a record's most",
                    "",
                )
        elif char in "]}":
            depth -= 1


def _path_of(data: Any, target: object) -> str:
    """The path of the object ``target`` (the very object) within decoded JSON ``data``."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, path = stack.pop()
        if value is target:
            return path
        if isinstance(value, dict):
            stack.extend((item, _member(path, key)) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
    return "$"


def _check_unicode(data: Any) -> None:
    """Refuse a lone surrogate in any key or text of decoded JSON, naming the first one's path: it
    is no Unicode character, and no output (UTF-8, a terminal) can hold it."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            _no_surrogate(value, path)
        elif isinstance(value, Mapping):
            items = []
            for key, item in value.items():
                where = _member(path, key)
                if isinstance(key, str):
                    _no_surrogate(key, where)
                items.append((item, where))
            stack.extend(reversed(items))
        elif isinstance(value, list | tuple):
            stack.extend(reversed([(item, f"{path}[{i}]") for i, item in enumerate(value)]))


def _no_surrogate(text: str, path: str) -> None:
    found = _SURROGATE.search(text)
    if found is not None:
        raise RecordError(
            f"not Unicode text: {shown(text)} holds a lone surrogate, "
            f"\\u{ord(found.group()):04x} (half of a UTF-16 pair)",
            path,
        )


def _expect(data: Any, kind: type | tuple[type, ...], path: str, what: str) -> Any:
    if not isinstance(data, kind) or (isinstance(data, bool) and bool not in _tuple(kind)):
        raise RecordError(f"expected {what}, found {_json_type(data)}", path)
    return data


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _text(value: Any, path: str, what: str, limit: int, *, one_line: bool = False) -> str:
    """A text of at most ``limit`` characters; ``one_line``: without a control character or line
    break, since it is printed as it is."""
    _expect(value, str, path, what)
    if len(value) > limit:
        raise RecordError(f"{what} has at most {limit:,} characters, not {len(value):,}", path)
    if one_line and _CONTROL.search(value):
        raise RecordError(
            f"{what} is one line of text, without control characters or direction overrides,"
            f" not {shown(value)}",
            path,
        )
    return str(value)


def _list(value: Any, path: str, what: str, limit: int, items: str) -> list[Any]:
    """A list of at most ``limit`` items (checked before any item is read)."""
    found: list[Any] = _expect(value, list, path, what)
    if len(found) > limit:
        raise RecordError(f"at most {limit:,} {items}, not {len(found):,}", path)
    return found


def _keys(data: Mapping[str, Any], allowed: set[str], path: str) -> None:
    for key in data:
        if key not in allowed:
            raise RecordError(f"unknown key {shown(key)}", _member(path, key))


def _ruleset(data: Any, path: str) -> Ruleset:
    if data is None:
        return Ruleset()
    _expect(data, dict, path, "an object with a preset and options")
    _keys(data, {"preset", "options"}, path)
    preset = data.get("preset", "current")
    if preset not in PRESETS:
        raise RecordError(
            f"unknown preset {shown(preset)} (expected one of {', '.join(PRESETS)})",
            f"{path}.preset",
        )
    options = _expect(data.get("options", {}), dict, f"{path}.options", "an object")
    rules = Ruleset.preset(preset)
    for name, value in options.items():
        where = _member(f"{path}.options", name)
        if name not in Ruleset.option_names():
            raise RecordError(f"unknown ruleset option {shown(name)}", where)
        if name == "deck":
            raise RecordError("the deck is not recorded yet: records use the preset's deck", where)
        try:
            rules = rules.with_options(**{name: value})
        except (TypeError, ValueError) as error:
            # The ruleset's message names the option, the value and what it may be.
            raise RecordError(str(error), where) from None
    return rules


def _deal(data: Any, rules: Ruleset, path: str, version: int) -> Deal:
    _expect(data, dict, path, "an object with an order, or a seed and a generator")
    _keys(data, {"order", "seed", "generator"}, path)
    if "order" in data:
        if "seed" in data or "generator" in data:
            raise RecordError("give the order, or a seed and a generator, not both", path)
        order = _expect(data["order"], list, f"{path}.order", "a list of cards")
        deck = deck_for(rules)
        # One card more than the deck is enough to tell an order too long: the rest is not read.
        faces = [
            _face(face, f"{path}.order[{i}]", unknown=version >= TABLE_VERSION)
            for i, face in enumerate(order[: len(deck) + 1])
        ]
        if version >= TABLE_VERSION:
            _check_partial_order(deck.faces, faces, f"{path}.order")
            return Deal(order=tuple(faces))
        try:
            deck.ids_for_faces(faces)
        except ValueError as error:
            raise RecordError(
                f"the order is not a shuffled deck: {error}", f"{path}.order"
            ) from None
        return Deal(order=tuple(faces))
    if "seed" not in data:
        raise RecordError("a deal needs an order, or a seed and a generator", path)
    seed = _seed(data["seed"], f"{path}.seed")
    generator = data.get("generator")
    if generator != chance.GENERATOR:
        raise RecordError(
            f"unknown generator {shown(generator)} (this version has {chance.GENERATOR!r})",
            f"{path}.generator",
        )
    return Deal(seed=seed, generator=generator)


def _seed(value: Any, path: str) -> int | str:
    """A seed as :func:`~sabai_rules.model.chance.canonical_seed` reads it: a text that spells an
    integer is that integer (the same game under the generator), a seed out of bounds refused."""
    seed: int | str = _expect(value, (int, str), path, "a whole number or a text")
    if isinstance(seed, str):
        _text(seed, path, "a seed given as a text", MAX_SEED_TEXT)
    try:
        return chance.canonical_seed(seed)
    except ValueError as error:
        raise RecordError(str(error), path) from None


def _face(value: Any, path: str, *, unknown: bool = False) -> int:
    """A card face as a record writes it; with ``unknown`` (version 2), also ``"?"``."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return _fail(f"not a card: {shown(value)}", path)
    try:
        return parse_face(str(value), unknown=unknown)
    except ValueError as error:
        raise RecordError(str(error), path) from None


def _check_partial_order(deck: Sequence[int], faces: Sequence[int], path: str) -> None:
    """A version 2 order: at most the deck's cards, each stated face at most as often as the deck
    holds it (``"?"`` and the cards after the order are the deck's other cards)."""
    if len(faces) > len(deck):
        raise RecordError(f"the order holds more cards than the deck's {len(deck)}", path)
    left: dict[int, int] = {}
    for face in deck:
        left[face] = left.get(face, 0) + 1
    for i, face in enumerate(faces):
        if face == UNKNOWN:
            continue
        if face not in left:
            raise RecordError(f"{face_name(face)} is not in this deck", f"{path}[{i}]")
        if left[face] == 0:
            copies = sum(1 for f in deck if f == face)
            raise RecordError(
                f"one {face_name(face)} too many: the deck holds {copies}", f"{path}[{i}]"
            )
        left[face] -= 1


#: The actions whose event may state the face of the card they show or are about (version 2):
#: the card drawn, played, kept out of the row (or an Ass Joker turned over), thrown in, taken or
#: thrown after an offer of first refusal, given, given as compensation, peeked at, spied on, and
#: the cards looked at before the first turn (one face per slot).
SHOWN_BY: Final = (
    Draw,
    Play,
    Keep,
    ThrowIn,
    AlsoThrowIn,
    TakeFirstRefusal,
    WaiveFirstRefusal,
    Give,
    Compensate,
    Peek,
    Spy,
    LookAtCards,
)


def _shows(value: Any, action: Action, path: str, deck: frozenset[int]) -> tuple[int, ...]:
    """The faces an event states: one face, or one per slot of a
    :class:`~sabai_rules.moves.LookAtCards`; each a face of the deck (``deck``, its faces)."""
    if not isinstance(action, SHOWN_BY):
        names = ", ".join(cls.__name__ for cls in SHOWN_BY)
        raise RecordError(
            f"{type(action).__name__} shows no one card (an event of {names} may)", path
        )
    if isinstance(action, LookAtCards):
        given = _list(value, path, "a list of cards, one per slot looked at", MAX_SLOTS, "cards")
        if len(given) != len(action.slots):
            raise RecordError(f"{len(given)} cards for {len(action.slots)} slots looked at", path)
        return tuple(_deck_face(face, f"{path}[{i}]", deck) for i, face in enumerate(given))
    return (_deck_face(value, path, deck),)


def _deck_face(value: Any, path: str, deck: frozenset[int]) -> int:
    """A face of the deck whose faces are ``deck``."""
    face = _face(value, path)
    if face not in deck:
        raise RecordError(f"{face_name(face)} is not in this deck", path)
    return face


def _event(
    data: Any, players: Sequence[str], path: str, version: int, deck: frozenset[int]
) -> RecordEvent:
    _expect(data, dict, path, "an event object")
    extra = {"simultaneous", "shows", "first", "order", "unseen_by"}
    action = action_from_json({k: v for k, v in data.items() if k not in extra}, players, path)
    time = data.get("time")
    comment = data.get("comment")
    if time is not None:
        _text(time, f"{path}.time", "a time (ISO 8601)", MAX_SHORT_TEXT)
    if comment is not None:
        _text(comment, f"{path}.comment", "a comment", MAX_COMMENT)
    simultaneous = None
    if "simultaneous" in data:
        simultaneous = _text(
            data["simultaneous"],
            f"{path}.simultaneous",
            "a text (the mark of a group)",
            MAX_SHORT_TEXT,
        )
        if not isinstance(action, ThrowIn):
            raise RecordError(
                "only throw-ins are recorded as simultaneous (ruling.sequential-actions)",
                f"{path}.simultaneous",
            )
    shows = None
    if "shows" in data:
        _needs_version(version, "a face an event shows", f"{path}.shows")
        shows = _shows(data["shows"], action, f"{path}.shows", deck)
    first = False
    if "first" in data:
        where = f"{path}.first"
        _needs_version(version, "who got a card reached for at once", where)
        first = _expect(data["first"], bool, where, "true or false")
        if first and simultaneous is None:
            raise RecordError(
                "only a throw-in of a simultaneous group got a card another reached for"
                " (ruling.same-card-reach)",
                where,
            )
    order = None
    if "order" in data:
        order = _gestures(data["order"], action, players, f"{path}.order", version)
    unseen: tuple[int, ...] = ()
    if "unseen_by" in data:
        unseen = _unseen_by(data["unseen_by"], action, players, f"{path}.unseen_by", version)
    return RecordEvent(action, time, comment, simultaneous, shows, first, order, unseen)


def _gestures(
    data: Any, action: Action, players: Sequence[str], path: str, version: int
) -> tuple[int, ...]:
    """The order of the gestures of a nose race: every player once, first to last, the one who
    draws the penalty card (the event's actor) last (:rule:`ruling.nose-race-order`)."""
    _needs_version(version, "the order of a nose race's gestures", path)
    if not isinstance(action, TouchNoseLast):
        raise RecordError("only a TouchNoseLast gives the order of the gestures", path)
    names = _list(data, path, "a list of players, first to last", len(players), "players")
    order = tuple(player_index(n, players, f"{path}[{i}]") for i, n in enumerate(names))
    if sorted(order) != list(range(len(players))):
        raise RecordError(
            f"the order names every player once, first to last, not {len(order)} of"
            f" {len(players)} (ruling.nose-race-order)",
            path,
        )
    loser = race_loser(order)
    if loser != action.actor:
        raise RecordError(
            f"the last of the order is {_printable(players[loser])}, but"
            f" {_printable(players[action.actor])} touched last (ruling.nose-race-order)",
            path,
        )
    return order


#: The actions whose event may show a card to the players, who may say they did not look at
#: it: a wrong card thrown in is shown and taken back, an Ass Joker turned over in a keep or
#: shown as a compensation card (:rule:`ruling.unseen-card`).
SHOWN_TO_PLAYERS: Final = (
    ThrowIn,
    AlsoThrowIn,
    TakeFirstRefusal,
    WaiveFirstRefusal,
    Keep,
    Compensate,
)


def _unseen_by(
    data: Any, action: Action, players: Sequence[str], path: str, version: int
) -> tuple[int, ...]:
    """The players who did not look at the card an event shows: not its actor, each once."""
    _needs_version(version, "who did not look at a card shown", path)
    if not isinstance(action, SHOWN_TO_PLAYERS):
        kinds = ", ".join(cls.__name__ for cls in SHOWN_TO_PLAYERS)
        raise RecordError(
            f"{type(action).__name__} shows no card to the players (an event of {kinds} may)",
            path,
        )
    names = _list(data, path, "a list of players", len(players), "players")
    seats = tuple(player_index(n, players, f"{path}[{i}]") for i, n in enumerate(names))
    if len(set(seats)) != len(seats):
        raise RecordError("a player is named twice", path)
    if action.actor in seats:
        raise RecordError(
            f"{_printable(players[action.actor])} turned the card up: they saw it"
            " (ruling.unseen-card)",
            path,
        )
    return seats


def _needs_version(version: int, what: str, path: str) -> None:
    if version < TABLE_VERSION:
        raise RecordError(
            f"{what} is written in records of version {TABLE_VERSION}, not {version}", path
        )


def _round(
    raw: Any,
    rules: Ruleset,
    players: Sequence[str],
    path: str,
    problems: list[Problem] | None,
    version: int = 1,
) -> RoundRecord:
    _expect(raw, dict, path, "a round object")
    _keys(raw, {"deal", "start", "events", "reshuffles", "nose_races", "reveal", "comment"}, path)
    start = None
    if "start" in raw:
        _needs_version(version, "a round started from a position", f"{path}.start")
        if "deal" in raw:
            raise RecordError("a round has a deal or a start, not both", path)
        start = _text(raw["start"], f"{path}.start", "a position", MAX_POSITION)
        _position(start, rules, players, f"{path}.start")
        deal = Deal()
    else:
        deal = _deal(raw.get("deal"), rules, f"{path}.deal", version)
    events_data = _list(
        raw.get("events", []),
        f"{path}.events",
        "a list of events",
        MAX_ROUND_EVENTS,
        "events in a round",
    )
    events = []
    faces = frozenset(deck_for(rules).faces)
    for i, item in enumerate(events_data):
        try:
            events.append(_event(item, players, f"{path}.events[{i}]", version, faces))
        except RecordError as error:
            if problems is None:
                raise
            problems.append(Problem(error.path, error.message))
    try:
        _check_groups(events, path)
    except RecordError as error:
        if problems is None:
            raise
        problems.append(Problem(error.path, error.message))
    round_comment = raw.get("comment")
    if round_comment is not None:
        _text(round_comment, f"{path}.comment", "a comment", MAX_COMMENT)
    reshuffles = _reshuffles(raw["reshuffles"], rules, path) if "reshuffles" in raw else ()
    losers = _nose_races(raw["nose_races"], rules, players, path) if "nose_races" in raw else ()
    reveal = None
    if "reveal" in raw:
        _needs_version(version, "the rows turned up at the end", f"{path}.reveal")
        reveal = _reveal(raw["reveal"], rules, len(players), f"{path}.reveal")
    return RoundRecord(
        deal, tuple(events), round_comment, reshuffles, losers, reveal=reveal, start=start
    )


def _position(text: str, rules: Ruleset, players: Sequence[str], path: str) -> Position:
    """The position a round starts from, of the record's ruleset and players."""
    try:
        return read_position(text, rules, names=players)
    except (PositionError, ValueError) as error:
        raise RecordError(f"not a position of this record: {error}", path) from None


def _reveal(data: Any, rules: Ruleset, players: int, path: str) -> tuple[tuple[int, ...], ...]:
    """The rows turned up at the end of a round: one list of faces per player, in seat order."""
    rows = _list(data, path, "a list of rows, one per player", players, "rows")
    if len(rows) != players:
        raise RecordError(f"a row for each of the {players} players, not {len(rows)}", path)
    deck = deck_for(rules)
    found = []
    for p, row in enumerate(rows):
        at = f"{path}[{p}]"
        faces = _list(row, at, "a list of cards, slot by slot", len(deck), "cards in a row")
        found.append(tuple(_face(face, f"{at}[{i}]", unknown=True) for i, face in enumerate(faces)))
    _check_partial_order(deck.faces, [f for row in found for f in row], path)
    return tuple(found)


def _reshuffles(data: Any, rules: Ruleset, path: str) -> tuple[tuple[int, ...], ...]:
    """Each new draw pile as faces, top card first; at least its top card."""
    where = f"{path}.reshuffles"
    piles = _list(
        data, where, "a list of new draw piles", MAX_ROUND_EVENTS, "reshuffles in a round"
    )
    if piles and rules.on_empty_draw_pile != "reshuffle":
        raise RecordError(
            "the draw pile is never reshuffled under on_empty_draw_pile "
            f"{rules.on_empty_draw_pile!r} (ruling.draw-pile-exhausted)",
            where,
        )
    deck = deck_for(rules)
    in_deck = set(deck.faces)
    found = []
    for k, pile in enumerate(piles):
        at = f"{where}[{k}]"
        _list(
            pile,
            at,
            "a list of cards (the new draw pile, top card first)",
            len(deck),
            "cards in a new draw pile (the deck's)",
        )
        if not pile:
            raise RecordError("a new draw pile is given by at least its top card", at)
        faces = tuple(_face(face, f"{at}[{i}]") for i, face in enumerate(pile))
        for i, face in enumerate(faces):
            if face not in in_deck:
                raise RecordError(
                    f"{face_name(face)} is not in this deck ({deck.spec})", f"{at}[{i}]"
                )
        found.append(faces)
    return tuple(found)


def _nose_races(data: Any, rules: Ruleset, players: Sequence[str], path: str) -> tuple[int, ...]:
    """The loser of each nose race left to chance."""
    where = f"{path}.nose_races"
    losers = _list(data, where, "a list of players", MAX_ROUND_EVENTS, "nose races in a round")
    if losers and rules.nose_race != "random":
        reason = (
            "the loser of a nose race is recorded as a TouchNoseLast event"
            if rules.nose_race == "recorded"
            else "nose races are not played"
        )
        raise RecordError(f"{reason} under nose_race {rules.nose_race!r} (ruling.nose-race)", where)
    return tuple(player_index(p, players, f"{where}[{k}]") for k, p in enumerate(losers))


def moments(events: Sequence[RecordEvent]) -> Iterator[list[tuple[int, RecordEvent]]]:
    """The events of a round one moment at a time, each with its index in the round: the
    throw-ins of a simultaneous group together, any other event alone."""
    group: list[tuple[int, RecordEvent]] = []
    for i, event in enumerate(events):
        if group and (event.simultaneous is None or event.simultaneous != group[0][1].simultaneous):
            yield group
            group = []
        group.append((i, event))
    if group:
        yield group


def _check_groups(events: Sequence[RecordEvent], path: str) -> None:
    """The throw-ins of a simultaneous group follow one another: a mark comes back in no later
    moment."""
    marks: set[str] = set()
    for moment in moments(events):
        i, first = moment[0]
        mark = first.simultaneous
        if mark is None:
            continue
        if mark in marks:
            raise RecordError(
                f"the throw-ins marked simultaneous {shown(mark)} are not one after another",
                f"{path}.events[{i}].simultaneous",
            )
        marks.add(mark)


def _claim(data: Any, players: Sequence[str], path: str) -> Claim:
    _expect(data, dict, path, "an object")
    _keys(data, {"text", "winners", "illegal_event", "rule"}, path)
    text = data.get("text")
    if text is not None:
        _text(text, f"{path}.text", "a claim's text", MAX_CLAIM_TEXT, one_line=True)
    winners = None
    if "winners" in data:
        # No more winners than a table has players (a name may be given twice).
        names = _list(data["winners"], f"{path}.winners", "a list of players", 12, "winners")
        winners = tuple(
            player_index(n, players, f"{path}.winners[{i}]") for i, n in enumerate(names)
        )
    illegal = data.get("illegal_event")
    if illegal is not None:
        _expect(illegal, int, f"{path}.illegal_event", "an event number")
        if illegal < 1:
            raise RecordError("event numbers start at 1", f"{path}.illegal_event")
    rule = data.get("rule")
    if rule is not None:
        from sabai_rules.model import catalogue  # noqa: PLC0415 - loaded only when a claim names a rule

        # A text longer than any id is no id: it is refused before it is looked up.
        _text(rule, f"{path}.rule", "a rule id", catalogue.MAX_ID_LENGTH)
        if catalogue.default().kind_of(rule) not in ("rule", "ruling"):
            raise RecordError(
                str(catalogue.UnknownIdError("rule", rule, (r.id for r in catalogue.rules()))),
                f"{path}.rule",
            )
    return Claim(text, winners, illegal, rule)


#: The keys of a record object.
_RECORD_KEYS: Final = {
    "format",
    "version",
    "ruleset",
    "players",
    "first_dealer",
    "seed",
    "rounds",
    "claim",
    "comment",
}


def read_record(
    source: bytes | str | Mapping[str, Any], *, problems: list[Problem] | None = None
) -> Record:
    """A record from JSON (bytes, text or decoded). Strict by default: the first problem raises
    :class:`RecordError`. Tolerant when given a ``problems`` list: an event that cannot be read is
    skipped and reported there, and the read goes on (a problem outside the events still raises,
    as nothing sensible can follow it; so does text that is not Unicode, or a record beyond one of
    the reader's bounds). :class:`TypeError` if ``source`` is none of these."""
    if not isinstance(source, bytes | str | Mapping):
        raise TypeError(
            f"source must be bytes, a str or a mapping (decoded JSON), not {type(source).__name__}"
        )
    if isinstance(source, Mapping):
        data: Any = source
        _check_unicode(data)
    else:
        data = decode(source)
    _expect(data, dict, "$", "a record object")
    _keys(data, _RECORD_KEYS, "$")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a sabai-sabai record (format must be {FORMAT!r})", "$.format")
    version = data.get("version")
    if type(version) is not int or version not in VERSIONS:
        raise RecordError(
            f"unknown version {shown(version)} (this version of sabai-rules reads versions "
            f"{' and '.join(map(str, VERSIONS))})",
            "$.version",
        )
    rules = _ruleset(data.get("ruleset"), "$.ruleset")
    names = _expect(data.get("players"), list, "$.players", "a list of player names")
    if not 2 <= len(names) <= 12:
        raise RecordError(f"sabai-sabai is for 2 to 12 players, not {len(names):,}", "$.players")
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise RecordError("a player's name is a non-empty text", f"$.players[{i}]")
        _text(name, f"$.players[{i}]", "a player's name", MAX_NAME, one_line=True)
    if len(set(names)) != len(names):
        raise RecordError("two players have the same name", "$.players")
    players = tuple(names)
    first_dealer = player_index(data.get("first_dealer"), players, "$.first_dealer")
    seed = _seed(data.get("seed", 0), "$.seed")
    rounds_data = _list(data.get("rounds"), "$.rounds", "a list of rounds", MAX_ROUNDS, "rounds")
    if not rounds_data:
        raise RecordError("a record has at least one round", "$.rounds")
    _count_events(rounds_data)
    rounds = [
        _round(raw, rules, players, f"$.rounds[{r}]", problems, version)
        for r, raw in enumerate(rounds_data)
    ]
    claim = _claim(data["claim"], players, "$.claim") if "claim" in data else None
    comment = data.get("comment")
    if comment is not None:
        _text(comment, "$.comment", "a comment", MAX_COMMENT)
    return Record(rules, players, first_dealer, tuple(rounds), seed, claim, comment, version)


def _count_events(rounds: list[Any]) -> None:
    """Refuse a record of more than :data:`MAX_EVENTS` events before any is read, naming the round
    where the count goes beyond (a round's own bound and types are checked as it is read)."""
    total = 0
    for r, raw in enumerate(rounds):
        events = raw.get("events") if isinstance(raw, dict) else None
        if isinstance(events, list):
            total += len(events)
            if total > MAX_EVENTS:
                raise RecordError(
                    f"the record holds more than {MAX_EVENTS:,} events, a record's most",
                    f"$.rounds[{r}].events",
                )


def load_record(path: Path, *, problems: list[Problem] | None = None) -> Record:
    """Read a record file (see :func:`read_record`); a missing or unreadable file is a
    :class:`RecordError` too."""
    try:
        # Opened without waiting (a FIFO with no writer would block), then refused unless it is a
        # regular file: a FIFO, a device or a socket is no record, and may never end.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise RecordError("no such file", "") from None
    except IsADirectoryError:
        raise RecordError("a directory, not a record", "") from None
    except OSError as error:
        raise RecordError(f"cannot be read ({error.strerror})", "") from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        if stat.S_ISDIR(mode):
            raise RecordError("a directory, not a record", "")
        raise RecordError(f"not a regular file ({_file_kind(mode)}), not a record", "")
    with os.fdopen(descriptor, "rb") as file:
        try:
            data = file.read(MAX_BYTES + 1)  # a larger file is refused unread beyond this
        except OSError as error:
            raise RecordError(f"cannot be read ({error.strerror})", "") from None
    return read_record(data, problems=problems)


def _file_kind(mode: int) -> str:
    """What a file that is not a regular file is, as a reader names it."""
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


# -- writing ------------------------------------------------------------------------------------


def ruleset_to_json(rules: Ruleset) -> dict[str, Any]:
    """A ruleset as records write it: the preset it is, or the nearest one, and every option
    that differs from that preset."""
    preset = rules.nearest_preset()
    return {
        "preset": preset,
        "options": dict(sorted(rules.differences(Ruleset.preset(preset)).items())),
    }


def record_to_json(record: Record) -> dict[str, Any]:
    """The JSON object of a record (the inverse of :func:`read_record`)."""
    data: dict[str, Any] = {"format": FORMAT, "version": record.version}
    data["ruleset"] = ruleset_to_json(record.ruleset)
    data["players"] = list(record.players)
    data["first_dealer"] = record.players[record.first_dealer]
    data["seed"] = record.seed
    rounds = []
    for rnd in record.rounds:
        deal: dict[str, Any] | None = None
        if rnd.deal.order is not None:
            deal = {"order": [face_text(f) for f in rnd.deal.order]}
        elif rnd.deal.seed is not None:
            deal = {"seed": rnd.deal.seed, "generator": rnd.deal.generator}
        events = [_event_to_json(event, record.players) for event in rnd.events]
        entry: dict[str, Any] = {"start": rnd.start} if rnd.start is not None else {"deal": deal}
        entry["events"] = events
        # Written only when given, so that a record without them reads and writes as before.
        if rnd.reshuffles:
            entry["reshuffles"] = [[face_text(f) for f in pile] for pile in rnd.reshuffles]
        if rnd.nose_races:
            entry["nose_races"] = [record.players[p] for p in rnd.nose_races]
        if rnd.reveal is not None:
            entry["reveal"] = [[face_text(f) for f in row] for row in rnd.reveal]
        if rnd.comment is not None:
            entry["comment"] = rnd.comment
        rounds.append(entry)
    data["rounds"] = rounds
    if record.claim is not None:
        claim: dict[str, Any] = {}
        if record.claim.text is not None:
            claim["text"] = record.claim.text
        if record.claim.winners is not None:
            claim["winners"] = [record.players[p] for p in record.claim.winners]
        if record.claim.illegal_event is not None:
            claim["illegal_event"] = record.claim.illegal_event
        if record.claim.rule is not None:
            claim["rule"] = record.claim.rule
        data["claim"] = claim
    if record.comment is not None:
        data["comment"] = record.comment
    return data


def _event_to_json(event: RecordEvent, players: Sequence[str]) -> dict[str, Any]:
    """An event as a record writes it."""
    item = action_to_json(event.action, players)
    if event.time is not None:
        item["time"] = event.time
    if event.comment is not None:
        item["comment"] = event.comment
    if event.simultaneous is not None:
        item["simultaneous"] = event.simultaneous
    if event.shows is not None:
        faces = [face_text(f) for f in event.shows]
        item["shows"] = faces if isinstance(event.action, LookAtCards) else faces[0]
    if event.first:
        item["first"] = True
    if event.order is not None:
        item["order"] = [players[p] for p in event.order]
    if event.unseen_by:
        item["unseen_by"] = [players[p] for p in event.unseen_by]
    return item


def save_whole(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) into the file ``path`` whole or not at all: into a new file beside
    it, flushed to the disk, then renamed over it (``os.replace``), so that a reader never
    finds half a record or half a picture, and a failure (or a computer that stops) leaves what
    was there. The file keeps the mode of the one it replaces, or gets the mode a new file gets.
    :class:`OSError` (or :class:`ValueError`, for a name no file can have) where it cannot."""
    temporary: str | None = None
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
        )
        with os.fdopen(descriptor, "wb") as file:
            file.write(text.encode("utf-8"))
            file.flush()
            os.fsync(file.fileno())
        # mkstemp makes the file private: give it the old file's mode, or a new file's.
        if path.exists():
            mode = stat.S_IMODE(path.stat().st_mode)
        else:
            umask = os.umask(0o022)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, path)
        temporary = None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def write_record(record: Record) -> str:
    """The record as JSON text: stable key order, one event per line."""
    data = record_to_json(record)
    rounds = data.pop("rounds")
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]  # without the closing brace
    parts = []
    for rnd in rounds:
        begins = "start" if "start" in rnd else "deal"
        first = json.dumps(rnd[begins], ensure_ascii=False)
        lines = [f"        {json.dumps(e, ensure_ascii=False)}" for e in rnd["events"]]
        events = "[\n" + ",\n".join(lines) + "\n      ]" if lines else "[]"
        rest = ""
        for key in ("reshuffles", "reveal"):
            if key in rnd:
                lists = [f"        {json.dumps(p, ensure_ascii=False)}" for p in rnd[key]]
                rest += f',\n      "{key}": [\n' + ",\n".join(lists) + "\n      ]"
        for key in ("nose_races", "comment"):
            if key in rnd:
                rest += f',\n      "{key}": {json.dumps(rnd[key], ensure_ascii=False)}'
        parts.append(f'    {{\n      "{begins}": {first},\n      "events": {events}{rest}\n    }}')
    return head + ',\n  "rounds": [\n' + ",\n".join(parts) + "\n  ]\n}\n"

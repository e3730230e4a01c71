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
(``$.rounds[0].events[3].slot``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from sabai_rules import chance
from sabai_rules.cards import face_name, parse_face
from sabai_rules.moves import ACTIONS_BY_NAME, PARAMETERS, Action, ThrowIn, deck_for
from sabai_rules.ruleset import PRESETS, Ruleset

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "VERSION",
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
    "write_record",
]

FORMAT: Final = "sabai-record"
VERSION: Final = 1
#: Records larger than this are refused unread (a game of 12 players is far smaller).
MAX_BYTES: Final = 20_000_000
#: Deeper JSON nesting than this is refused (a record nests five levels).
MAX_DEPTH: Final = 32


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


@attrs.frozen
class Deal:
    """A round's deal: the card order (faces, first card dealt first) or a seed for the named
    generator (:mod:`sabai_rules.chance`)."""

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
        raise RecordError(f"unknown action {name!r} (expected one of {known})", f"{path}.action")
    fields = [(p.name, p.kind) for p in PARAMETERS[cls]]
    allowed = {"actor", "action", "time", "comment", *(n for n, _ in fields)}
    for key in data:
        if key not in allowed:
            raise RecordError(f"{key!r} is not a parameter of {name}", f"{path}.{key}")
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
    return _fail(f"unknown player {value!r} (the players are {', '.join(players)})", path)


def _slot(value: Any, path: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100:
        return value
    return _fail(f"a slot is a number from 0, not {value!r}", path)


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
    # The nesting is checked before parsing: the json module recurses and can overflow.
    depth = 0
    deepest = 0
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
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                raise RecordError(f"the JSON is nested deeper than {MAX_DEPTH} levels", "")
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}", ""
        ) from None
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise RecordError(f"not usable JSON: {error}", "") from None


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


def _keys(data: Mapping[str, Any], allowed: set[str], path: str) -> None:
    for key in data:
        if key not in allowed:
            raise RecordError(f"unknown key {key!r}", f"{path}.{key}")


def _ruleset(data: Any, path: str) -> Ruleset:
    if data is None:
        return Ruleset()
    _expect(data, dict, path, "an object with a preset and options")
    _keys(data, {"preset", "options"}, path)
    preset = data.get("preset", "current")
    if preset not in PRESETS:
        raise RecordError(
            f"unknown preset {preset!r} (expected one of {', '.join(PRESETS)})", f"{path}.preset"
        )
    options = _expect(data.get("options", {}), dict, f"{path}.options", "an object")
    rules = Ruleset.preset(preset)
    for name, value in options.items():
        where = f"{path}.options.{name}"
        if name not in Ruleset.option_names():
            raise RecordError(f"unknown ruleset option {name!r}", where)
        if name == "deck":
            raise RecordError("the deck is not recorded yet: records use the preset's deck", where)
        try:
            rules = rules.with_options(**{name: value})
        except (TypeError, ValueError) as error:
            raise RecordError(f"bad value {value!r}: {error}", where) from None
    return rules


def _deal(data: Any, rules: Ruleset, path: str) -> Deal:
    _expect(data, dict, path, "an object with an order, or a seed and a generator")
    _keys(data, {"order", "seed", "generator"}, path)
    if "order" in data:
        if "seed" in data or "generator" in data:
            raise RecordError("give the order, or a seed and a generator, not both", path)
        order = _expect(data["order"], list, f"{path}.order", "a list of cards")
        faces = [_face(face, f"{path}.order[{i}]") for i, face in enumerate(order)]
        deck = deck_for(rules)
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
            f"unknown generator {generator!r} (this version has {chance.GENERATOR!r})",
            f"{path}.generator",
        )
    return Deal(seed=seed, generator=generator)


def _seed(value: Any, path: str) -> int | str:
    """A seed as :func:`~sabai_rules.chance.canonical_seed` reads it: a text that spells an
    integer is that integer (the same game under the generator), a seed out of bounds refused."""
    _expect(value, (int, str), path, "a whole number or a text")
    try:
        return chance.canonical_seed(value)
    except ValueError as error:
        raise RecordError(str(error), path) from None


def _face(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, str | int):
        return _fail(f"not a card: {value!r}", path)
    try:
        return parse_face(str(value))
    except ValueError as error:
        raise RecordError(str(error), path) from None


def _event(data: Any, players: Sequence[str], path: str) -> RecordEvent:
    _expect(data, dict, path, "an event object")
    simultaneous = data.get("simultaneous")
    action = action_from_json({k: v for k, v in data.items() if k != "simultaneous"}, players, path)
    time = data.get("time")
    comment = data.get("comment")
    if time is not None:
        _expect(time, str, f"{path}.time", "a text (ISO 8601 time)")
    if comment is not None:
        _expect(comment, str, f"{path}.comment", "a text")
    if simultaneous is not None:
        _expect(simultaneous, str, f"{path}.simultaneous", "a text (the mark of a group)")
        if not isinstance(action, ThrowIn):
            raise RecordError(
                "only throw-ins are recorded as simultaneous (ruling.sequential-actions)",
                f"{path}.simultaneous",
            )
    return RecordEvent(action, time, comment, simultaneous)


def _round(
    raw: Any,
    rules: Ruleset,
    players: Sequence[str],
    path: str,
    problems: list[Problem] | None,
) -> RoundRecord:
    _expect(raw, dict, path, "a round object")
    _keys(raw, {"deal", "events", "reshuffles", "nose_races", "comment"}, path)
    deal = _deal(raw.get("deal"), rules, f"{path}.deal")
    events_data = _expect(raw.get("events", []), list, f"{path}.events", "a list of events")
    events = []
    for i, item in enumerate(events_data):
        try:
            events.append(_event(item, players, f"{path}.events[{i}]"))
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
        _expect(round_comment, str, f"{path}.comment", "a text")
    reshuffles = _reshuffles(raw["reshuffles"], rules, path) if "reshuffles" in raw else ()
    losers = _nose_races(raw["nose_races"], rules, players, path) if "nose_races" in raw else ()
    return RoundRecord(deal, tuple(events), round_comment, reshuffles, losers)


def _reshuffles(data: Any, rules: Ruleset, path: str) -> tuple[tuple[int, ...], ...]:
    """Each new draw pile as faces, top card first; at least its top card."""
    where = f"{path}.reshuffles"
    piles = _expect(data, list, where, "a list of new draw piles")
    if piles and rules.on_empty_draw_pile != "reshuffle":
        raise RecordError(
            "the draw pile is never reshuffled under on_empty_draw_pile "
            f"{rules.on_empty_draw_pile!r} (ruling.draw-pile-exhausted)",
            where,
        )
    in_deck = set(deck_for(rules).faces)
    found = []
    for k, pile in enumerate(piles):
        at = f"{where}[{k}]"
        _expect(pile, list, at, "a list of cards (the new draw pile, top card first)")
        if not pile:
            raise RecordError("a new draw pile is given by at least its top card", at)
        faces = tuple(_face(face, f"{at}[{i}]") for i, face in enumerate(pile))
        for i, face in enumerate(faces):
            if face not in in_deck:
                spec = deck_for(rules).spec
                raise RecordError(f"{face_name(face)} is not in this deck ({spec})", f"{at}[{i}]")
        found.append(faces)
    return tuple(found)


def _nose_races(data: Any, rules: Ruleset, players: Sequence[str], path: str) -> tuple[int, ...]:
    """The loser of each nose race left to chance."""
    where = f"{path}.nose_races"
    losers = _expect(data, list, where, "a list of players")
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
                f"the throw-ins marked simultaneous {mark!r} are not one after another",
                f"{path}.events[{i}].simultaneous",
            )
        marks.add(mark)


def _claim(data: Any, players: Sequence[str], path: str) -> Claim:
    _expect(data, dict, path, "an object")
    _keys(data, {"text", "winners", "illegal_event", "rule"}, path)
    text = data.get("text")
    if text is not None:
        _expect(text, str, f"{path}.text", "a text")
    winners = None
    if "winners" in data:
        names = _expect(data["winners"], list, f"{path}.winners", "a list of players")
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
        from sabai_rules import catalogue  # noqa: PLC0415 - loaded only when a claim names a rule

        _expect(rule, str, f"{path}.rule", "a rule id")
        if catalogue.default().kind_of(rule) not in ("rule", "ruling"):
            raise RecordError(
                str(catalogue.UnknownIdError("rule", rule, (r.id for r in catalogue.rules()))),
                f"{path}.rule",
            )
    return Claim(text, winners, illegal, rule)


def read_record(
    source: bytes | str | Mapping[str, Any], *, problems: list[Problem] | None = None
) -> Record:
    """A record from JSON (bytes, text or decoded). Strict by default: the first problem raises
    :class:`RecordError`. Tolerant when given a ``problems`` list: an event that cannot be read is
    skipped and reported there, and the read goes on (a problem outside the events still raises,
    as nothing sensible can follow it). :class:`TypeError` if ``source`` is none of these."""
    if not isinstance(source, bytes | str | Mapping):
        raise TypeError(
            f"source must be bytes, a str or a mapping (decoded JSON), not {type(source).__name__}"
        )
    data = source if isinstance(source, Mapping) else decode(source)
    _expect(data, dict, "$", "a record object")
    _keys(
        data,
        {
            "format",
            "version",
            "ruleset",
            "players",
            "first_dealer",
            "seed",
            "rounds",
            "claim",
            "comment",
        },
        "$",
    )
    if data.get("format") != FORMAT:
        raise RecordError(f"not a sabai-sabai record (format must be {FORMAT!r})", "$.format")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(
            f"unknown version {version!r} (this version of sabai-rules reads version {VERSION})",
            "$.version",
        )
    rules = _ruleset(data.get("ruleset"), "$.ruleset")
    names = _expect(data.get("players"), list, "$.players", "a list of player names")
    if not 2 <= len(names) <= 12:
        raise RecordError(f"sabai-sabai is for 2 to 12 players, not {len(names)}", "$.players")
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise RecordError("a player's name is a non-empty text", f"$.players[{i}]")
    if len(set(names)) != len(names):
        raise RecordError("two players have the same name", "$.players")
    players = tuple(names)
    first_dealer = player_index(data.get("first_dealer"), players, "$.first_dealer")
    seed = _seed(data.get("seed", 0), "$.seed")
    rounds_data = _expect(data.get("rounds"), list, "$.rounds", "a list of rounds")
    if not rounds_data:
        raise RecordError("a record has at least one round", "$.rounds")
    rounds = [
        _round(raw, rules, players, f"$.rounds[{r}]", problems) for r, raw in enumerate(rounds_data)
    ]
    claim = _claim(data["claim"], players, "$.claim") if "claim" in data else None
    comment = data.get("comment")
    if comment is not None:
        _expect(comment, str, "$.comment", "a text")
    return Record(rules, players, first_dealer, tuple(rounds), seed, claim, comment)


def load_record(path: Path, *, problems: list[Problem] | None = None) -> Record:
    """Read a record file (see :func:`read_record`); a missing or unreadable file is a
    :class:`RecordError` too."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)  # a larger file is refused unread beyond this
    except FileNotFoundError:
        raise RecordError("no such file", "") from None
    except IsADirectoryError:
        raise RecordError("a directory, not a record", "") from None
    except OSError as error:
        raise RecordError(f"cannot be read ({error.strerror})", "") from None
    return read_record(data, problems=problems)


# -- writing ------------------------------------------------------------------------------------


def ruleset_to_json(rules: Ruleset) -> dict[str, Any]:
    """A ruleset as records write it: the preset it is, or the nearest one, and every option
    that differs from that preset."""
    preset = rules.preset_name() or _nearest_preset(rules)
    return {
        "preset": preset,
        "options": dict(sorted(rules.differences(Ruleset.preset(preset)).items())),
    }


def record_to_json(record: Record) -> dict[str, Any]:
    """The JSON object of a record (the inverse of :func:`read_record`)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    data["ruleset"] = ruleset_to_json(record.ruleset)
    data["players"] = list(record.players)
    data["first_dealer"] = record.players[record.first_dealer]
    data["seed"] = record.seed
    rounds = []
    for rnd in record.rounds:
        deal: dict[str, Any]
        if rnd.deal.order is not None:
            deal = {"order": [_face_text(f) for f in rnd.deal.order]}
        else:
            deal = {"seed": rnd.deal.seed, "generator": rnd.deal.generator}
        events = []
        for event in rnd.events:
            item = action_to_json(event.action, record.players)
            if event.time is not None:
                item["time"] = event.time
            if event.comment is not None:
                item["comment"] = event.comment
            if event.simultaneous is not None:
                item["simultaneous"] = event.simultaneous
            events.append(item)
        entry: dict[str, Any] = {"deal": deal, "events": events}
        # Written only when given, so that a record without them reads and writes as before.
        if rnd.reshuffles:
            entry["reshuffles"] = [[_face_text(f) for f in pile] for pile in rnd.reshuffles]
        if rnd.nose_races:
            entry["nose_races"] = [record.players[p] for p in rnd.nose_races]
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


def _nearest_preset(rules: Ruleset) -> str:
    return min(PRESETS, key=lambda p: len(rules.differences(Ruleset.preset(p))))


def _face_text(face: int) -> str:
    name = face_name(face)
    return {"Joker": "J", "Ass Joker": "AJ"}.get(name, name.split()[0])


def write_record(record: Record) -> str:
    """The record as JSON text: stable key order, one event per line."""
    data = record_to_json(record)
    rounds = data.pop("rounds")
    head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]  # without the closing brace
    parts = []
    for rnd in rounds:
        deal = json.dumps(rnd["deal"], ensure_ascii=False)
        lines = [f"        {json.dumps(e, ensure_ascii=False)}" for e in rnd["events"]]
        events = "[\n" + ",\n".join(lines) + "\n      ]" if lines else "[]"
        rest = ""
        if "reshuffles" in rnd:
            piles = [f"        {json.dumps(p, ensure_ascii=False)}" for p in rnd["reshuffles"]]
            rest += ',\n      "reshuffles": [\n' + ",\n".join(piles) + "\n      ]"
        for key in ("nose_races", "comment"):
            if key in rnd:
                rest += f',\n      "{key}": {json.dumps(rnd[key], ensure_ascii=False)}'
        parts.append(f'    {{\n      "deal": {deal},\n      "events": {events}{rest}\n    }}')
    return head + ',\n  "rounds": [\n' + ",\n".join(parts) + "\n  ]\n}\n"

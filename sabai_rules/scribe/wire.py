"""What the scribe's page and its server say to each other, as JSON: a
:class:`~sabai_rules.scribe.session.Session` written for the page in one of the rulebook's
languages (:func:`state_json`, :func:`verdict_json`), and the page's requests read strictly into
the session's operations (:func:`apply_request`). No web framework here:
:mod:`sabai_rules.scribe.server` carries these over HTTP.

A request names players by name and slots from 0, as records do; an action is written as a
record's event writes it (``{"actor": "Ben", "action": "ThrowIn", "owner": "Anna", "slot": 2}``,
read by :func:`~sabai_rules.referee.record.action_from_json`); a face as records write it
(``"7"``, ``"J"``, ``"AJ"``). Anything else — an unknown key, a value of the wrong type, a
player or a face that is not there — is a :class:`RequestError`, one line naming what is wrong.

>>> from sabai_rules.scribe.session import Session
>>> session = Session()
>>> apply_request(session, "setup", {"players": ["Anna", "Ben"], "first_dealer": "Anna"})
>>> apply_request(session, "event", {"action": {"actor": "Ben", "action": "Draw"}})
>>> state_json(session, "fr")["events"][0]["text"]
'Ben pioche une carte'
>>> apply_request(session, "event", {"action": {"actor": "Ben", "action": "Fly"}})
Traceback (most recent call last):
...
sabai_rules.scribe.wire.RequestError: action.action: unknown action 'Fly' (expected one of ...)
"""

from __future__ import annotations

import json
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Final

import attrs

from sabai_rules.model import catalogue
from sabai_rules.model.cards import ASS_JOKER, JOKER, UNKNOWN, face_text, parse_face
from sabai_rules.model.catalogue import LANGUAGES, check_language
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    ACTIONS_BY_NAME,
    PARAMETERS,
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    LookAtCards,
    Pass,
    ThrowIn,
    deck_for,
)
from sabai_rules.referee.i18n import LABELS, describe, label
from sabai_rules.referee.picture import table_svg
from sabai_rules.referee.record import (
    SHOWN_BY,
    RecordError,
    action_from_json,
    action_to_json,
    shown,
)
from sabai_rules.referee.render import render_json, render_text
from sabai_rules.scribe.session import Moment, Session

__all__ = [
    "REQUESTS",
    "RequestError",
    "apply_request",
    "labels",
    "setup_json",
    "state_json",
    "verdict_json",
]

#: The options a table never sets: caps for simulations and searches, unset at a real table
#: (:rule:`ruling.round-turn-cap`, :rule:`ruling.reaction-cap`); and the deck, which records do
#: not write (:rule:`ruling.deck-composition`).
_NOT_AT_A_TABLE: Final = frozenset({"deck", "max_round_turns", "max_turn_reactions"})

#: The French typography the page follows: a no-break space before a colon.
_COLON: Final = {"fr": "\u00a0: "}


class RequestError(ValueError):
    """A request the scribe cannot read: one line saying what is wrong."""


def labels(lang: str) -> dict[str, str]:
    """The words of the page in ``lang``: the ``scribe.*`` labels, and the few of the referee's it
    shows (the card names, a rule)."""
    lang = check_language(lang)
    words = {k: v for k, v in LABELS[lang].items() if k.startswith("scribe.")}
    for key in ("card.joker", "card.ass-joker", "rule", "table.round"):
        words[key] = label(lang, key)
    for language in LANGUAGES:
        # Each language named in its own words, for the language menu.
        words[f"language.self.{language}"] = label(language, f"language.{language}")
    return words


# -- the page's state ---------------------------------------------------------------------------


def _faces(rules: Ruleset, lang: str) -> list[dict[str, str]]:
    """The deck's faces, each once, as a record writes it and as people name it."""
    seen: list[int] = []
    for face in deck_for(rules).faces:
        if face not in seen:
            seen.append(face)
    names = {JOKER: label(lang, "card.joker"), ASS_JOKER: label(lang, "card.ass-joker")}
    return [{"text": face_text(f), "name": names.get(f, face_text(f))} for f in seen]


def setup_json(lang: str) -> dict[str, Any]:
    """What the page needs to set a game up: the presets and every option a table may change,
    each with the title of the ruling it switches in ``lang`` and the presets' values."""
    lang = check_language(lang)
    hints = typing.get_type_hints(Ruleset)
    presets = {name: Ruleset.preset(name) for name in PRESETS}
    options = []
    for field in attrs.fields(Ruleset):
        name = field.name
        if name in _NOT_AT_A_TABLE:
            continue
        ruling = Ruleset.ruling_of(name)
        choices = typing.get_args(hints[name])
        if hints[name] is bool:
            kind, values = "bool", [True, False]
        elif choices and all(isinstance(c, str) for c in choices):
            kind, values = "choice", list(choices)
        else:
            kind, values = "number", []
        options.append(
            {
                "name": name,
                "ruling": ruling,
                "title": catalogue.ruling(ruling).text_in(lang).title,
                "kind": kind,
                "values": values,
                "none": type(None) in choices,
                "presets": {p: getattr(rules, name) for p, rules in presets.items()},
            }
        )
    return {
        "presets": [{"name": p, "label": label(lang, f"scribe.preset.{p}")} for p in PRESETS],
        "options": options,
    }


def state_json(session: Session, lang: str) -> dict[str, Any]:
    """Everything the page shows, in ``lang``: the setup form before the game is set up; then
    the table (a picture), what the rules allow now grouped by player, the events, the end of the
    round and whether a step can be undone."""
    lang = check_language(lang)
    name = session.path.name if session.path is not None else None
    if not session.is_set_up:
        return {"lang": lang, "file": name, "set_up": False, "setup": setup_json(lang)}
    record = session.record
    names = record.players
    moment = session.moment()
    return {
        "lang": lang,
        "file": name,
        "set_up": True,
        "players": list(names),
        "round": moment.round + 1,
        "picture": table_svg(moment.table, names, lang=lang, ident="scribe-table"),
        "waiting": None if moment.waiting is None else names[moment.waiting],
        "groups": _groups(moment, names, lang),
        "events": _events(session, lang),
        "over": moment.over,
        "rows": [{"player": n, "cards": c} for n, c in zip(names, moment.rows, strict=True)],
        "reveal": None
        if moment.reveal is None
        else [[face_text(f) for f in row] for row in moment.reveal],
        "next_round": moment.next_round,
        "game_over": moment.game_over,
        "can_undo": session.can_undo,
        "faces": _faces(record.ruleset, lang),
        "kinds": [
            {
                "name": kind,
                "label": label(lang, f"scribe.kind.{kind}"),
                "params": [{"name": p.name, "kind": p.kind} for p in PARAMETERS[cls]],
            }
            for kind, cls in ACTIONS_BY_NAME.items()
        ],
    }


def _action_json(action: Action, names: Sequence[str], lang: str) -> dict[str, Any]:
    return {"action": action_to_json(action, names), "text": describe(action, names, lang)}


def _groups(moment: Moment, names: Sequence[str], lang: str) -> list[dict[str, Any]]:
    """The actions offered, player by player from the one the game waits for (else the player
    whose turn it is) in play order: each player's decisions, throw-ins by whose row they come
    from, then a call or a pass."""
    players = len(names)
    start = moment.waiting if moment.waiting is not None else moment.table.flow.turn
    groups = []
    for step in range(players):
        seat = (start + step) % players
        mine = [a for a in moment.offered if a.actor == seat]
        if not mine:
            continue
        decisions = [
            _action_json(a, names, lang)
            for a in mine
            if not isinstance(a, ThrowIn | AlsoThrowIn | CallSabaiSabai | Pass)
        ]
        rows: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for a in mine:
            if isinstance(a, ThrowIn | AlsoThrowIn):
                entry = _action_json(a, names, lang)
                entry["slot"] = a.slot
                rows.setdefault((type(a).__name__, a.owner), []).append(entry)
        throw_ins = []
        for (kind, owner), slots in rows.items():
            key = ("scribe.throw-" if kind == "ThrowIn" else "scribe.also-") + (
                "own" if owner == seat else "other"
            )
            throw_ins.append(
                {
                    "kind": kind,
                    "owner": names[owner],
                    "label": label(lang, key).format(owner=names[owner]),
                    "slots": slots,
                }
            )
        others = [
            _action_json(a, names, lang) for a in mine if isinstance(a, CallSabaiSabai | Pass)
        ]
        groups.append(
            {
                "player": names[seat],
                "waiting": seat == moment.waiting,
                "decisions": decisions,
                "throw_ins": throw_ins,
                "others": others,
            }
        )
    return groups


def _events(session: Session, lang: str) -> list[dict[str, Any]]:
    names = session.record.players
    rounds = session.record.rounds
    out = []
    for number, r, i, event in session.events():
        action = event.action
        kind = type(action).__name__
        if isinstance(action, LookAtCards):
            shows = [
                label(lang, "scribe.shows.LookAtCards").format(slot=slot) for slot in action.slots
            ]
        elif isinstance(action, SHOWN_BY):
            shows = [label(lang, f"scribe.shows.{kind}")]
        else:
            shows = []
        before = rounds[r].events[i - 1] if i > 0 else None
        out.append(
            {
                "number": number,
                "round": r + 1,
                "text": describe(action, names, lang),
                "shows_what": shows,
                "shows": None if event.shows is None else [face_text(f) for f in event.shows],
                "comment": event.comment,
                "simultaneous": event.simultaneous,
                "first": event.first,
                "can_join": isinstance(action, ThrowIn)
                and before is not None
                and isinstance(before.action, ThrowIn),
                "joined": before is not None
                and event.simultaneous is not None
                and event.simultaneous == before.simultaneous,
            }
        )
    return out


# -- the verdict ----------------------------------------------------------------------------


def verdict_json(session: Session, lang: str) -> dict[str, Any]:
    """The referee's answer to "was that legal?", in ``lang``: the ``verdict`` as
    ``sabai replay --format json`` gives it (legal, illegal, undecided, in-progress), one
    ``sentence`` that says it (the event, what was done, why, and the rule's number and id), and
    the verdict in full as ``sabai replay`` writes it (``text``)."""
    lang = check_language(lang)
    verdict = session.verdict()
    data = json.loads(render_json(verdict, lang))
    names = session.record.players
    colon = _COLON.get(lang, ": ")
    kind = data["verdict"]
    if verdict.illegal:
        event, found = verdict.illegal[0], data["illegal"][0]
        sentence = (
            f"{label(lang, 'verdict.illegal')} {event.number}{colon}"
            f"{describe(event.action, names, lang)} — {found['message']}"
            f" [{label(lang, 'rule')} {found['rule_number']}, {event.rule}]"
        )
    elif verdict.undecided:
        open_event, found = verdict.undecided[0], data["undecided"][0]
        sentence = (
            f"{label(lang, 'verdict.undecided')} {open_event.number}{colon}"
            f"{describe(open_event.action, names, lang)} — {found['message']}"
        )
    elif verdict.undecided_rounds:
        sentence = label(lang, "verdict.round-undecided").format(
            round=verdict.undecided_rounds[0] + 1
        )
    else:
        key = "scribe.verdict.legal" if verdict.complete else "scribe.verdict.legal-so-far"
        sentence = label(lang, key)
    return {"verdict": kind, "sentence": sentence, "text": render_text(verdict, lang)}


# -- requests -----------------------------------------------------------------------------------


def _keys(data: Any, allowed: Collection[str], required: Collection[str] = ()) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise RequestError("expected a JSON object")
    for key in data:
        if key not in allowed:
            raise RequestError(f"unknown key {shown(key)} (expected {', '.join(sorted(allowed))})")
    for key in sorted(required):
        if key not in data:
            raise RequestError(f"missing {key!r}")
    return data


def _of(value: Any, kind: type, what: str, where: str) -> Any:
    """``value`` if it is a ``kind`` (``True`` is no number here), else :class:`RequestError`."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RequestError(f"{where}: expected {what}, not {shown(value)}")
    return value


def _number(data: Mapping[str, Any]) -> int:
    value: int = _of(data.get("event"), int, "an event number", "event")
    return value


def _face(value: Any, rules: Ruleset, where: str, *, unknown: bool = False) -> int:
    text = _of(value, str, "a card's face (7, 13, J, AJ)", where)
    try:
        face = parse_face(text, unknown=unknown)
    except ValueError as error:
        raise RequestError(f"{where}: {error}") from None
    if face != UNKNOWN and face not in deck_for(rules).faces:
        raise RequestError(f"{where}: {shown(text)} is not a card of this deck")
    return face


def _player(value: Any, names: Sequence[str], where: str) -> int:
    if isinstance(value, str) and value in names:
        return names.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    players = ", ".join(names)
    raise RequestError(f"{where}: unknown player {shown(value)} (the players are {players})")


def _setup(session: Session, data: Any) -> None:
    if isinstance(data, Mapping) and "position" in data:
        body = _keys(data, {"position", "preset"}, {"position"})
        position = _of(body["position"], str, "a position (one line)", "position")
        preset = body.get("preset")
        rules = None if preset is None else _preset(preset, {})
        session.start_from(position, rules)
        return
    body = _keys(data, {"players", "preset", "options", "first_dealer"}, {"players"})
    players = _of(body["players"], list, "a list of names", "players")
    names = [_of(n, str, "a name", f"players[{i}]") for i, n in enumerate(players[:13])]
    if len(players) > 12:
        raise RequestError(f"players: sabai-sabai is for 2 to 12 players, not {len(players)}")
    options = _of(body.get("options", {}), Mapping, "an object of options", "options")
    rules = _preset(body.get("preset", "current"), options)
    dealer = _player(body.get("first_dealer", 0), names, "first_dealer")
    session.set_up(names, rules, dealer)


def _preset(preset: Any, options: Mapping[str, Any]) -> Ruleset:
    name = _of(preset, str, "a preset", "preset")
    if name not in PRESETS:
        raise RequestError(f"preset: unknown preset {shown(name)} (expected {', '.join(PRESETS)})")
    for option in options:
        if option not in Ruleset.option_names() or option in _NOT_AT_A_TABLE:
            raise RequestError(f"options: {shown(option)} is no option a table sets")
    try:
        return Ruleset.preset(name).with_options(**options)
    except (TypeError, ValueError) as error:
        raise RequestError(f"options: {error}") from None


def _event(session: Session, data: Any) -> None:
    body = _keys(data, {"action", "same_moment", "first"}, {"action"})
    raw = _of(body["action"], Mapping, "an action object", "action")
    try:
        action = action_from_json(raw, session.record.players, "action")
    except RecordError as error:
        raise RequestError(str(error)) from None
    together = _of(body.get("same_moment", False), bool, "true or false", "same_moment")
    first = _of(body.get("first", False), bool, "true or false", "first")
    session.add(action, same_moment=together, first=first)


def _shows(session: Session, data: Any) -> None:
    body = _keys(data, {"event", "shows"}, {"event", "shows"})
    number = _number(body)
    given = body["shows"]
    if given is None:
        session.set_shows(number, None)
        return
    faces = _of(given, list, "a list of faces, or null", "shows")
    rules = session.record.ruleset
    session.set_shows(number, [_face(f, rules, f"shows[{i}]") for i, f in enumerate(faces[:101])])


def _comment(session: Session, data: Any) -> None:
    body = _keys(data, {"event", "comment"}, {"event", "comment"})
    comment = body["comment"]
    if comment is not None:
        _of(comment, str, "a text, or null", "comment")
    session.set_comment(_number(body), comment)


def _same_moment(session: Session, data: Any) -> None:
    body = _keys(data, {"event", "on"}, {"event", "on"})
    session.set_same_moment(_number(body), _of(body["on"], bool, "true or false", "on"))


def _first(session: Session, data: Any) -> None:
    body = _keys(data, {"event", "on"}, {"event", "on"})
    session.set_first(_number(body), _of(body["on"], bool, "true or false", "on"))


def _reveal(session: Session, data: Any) -> None:
    body = _keys(data, {"rows"}, {"rows"})
    given = body["rows"]
    if given is None:
        session.reveal(None)
        return
    rows = _of(given, list, "a list of rows, one per player", "rows")
    rules = session.record.ruleset
    found = []
    for p, row in enumerate(rows[:13]):
        cards = _of(row, list, "a list of faces", f"rows[{p}]")
        found.append(
            [_face(f, rules, f"rows[{p}][{i}]", unknown=True) for i, f in enumerate(cards[:61])]
        )
    session.reveal(found)


def _next_round(session: Session, data: Any) -> None:
    body = _keys(data, {"position"})
    position = body.get("position")
    if position is not None:
        _of(position, str, "a position (one line)", "position")
    session.next_round(position or None)


def _undo(session: Session, data: Any) -> None:
    _keys(data, set())
    if not session.undo():
        raise RequestError("nothing to undo")


#: The requests, by name: each reads its JSON body and takes one step of the session.
REQUESTS: Final[Mapping[str, Callable[[Session, Any], None]]] = {
    "setup": _setup,
    "event": _event,
    "shows": _shows,
    "comment": _comment,
    "same-moment": _same_moment,
    "first": _first,
    "reveal": _reveal,
    "next-round": _next_round,
    "undo": _undo,
}


def apply_request(session: Session, name: str, data: Any) -> None:
    """Take the step the request ``name`` asks for, its body ``data`` (decoded JSON).
    :class:`RequestError` for a request that cannot be read; the session's
    :class:`~sabai_rules.scribe.session.ScribeError` for a step it cannot take."""
    handler = REQUESTS.get(name)
    if handler is None:
        raise RequestError(f"unknown request {shown(name)}")
    if name != "setup" and not session.is_set_up:
        raise RequestError("set the game up first")
    handler(session, data)

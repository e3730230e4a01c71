"""Hypothesis strategies for the record fuzzer: files for ``sabai replay``, ``show`` and ``export``.

Three kinds of file, each a :class:`Case` (the bytes, and the steps that made them):

* :func:`valid_records`: a legal record (simulated, or one of ``examples/``), its players
  renamed, comments and a claim added, as the format allows them: nothing that changes the
  verdict;
* :func:`mutated_records`: such a record spoiled at the JSON level, one to three times: any
  value replaced by another type or a hostile text, keys added, removed or renamed, ruleset
  options set to other or bad values, events dropped, duplicated, swapped, moved, re-slotted,
  given to another actor or repeated by the thousand, faces in non-ASCII digits, huge texts,
  numbers and nestings;
* :func:`raw_files`: bytes that are not a record: random, truncated, invalid UTF-8, other
  encodings, deep or unbalanced nesting, empty.

Sizes follow a :class:`Scale`: :data:`CI` keeps every case small enough for the default run,
:data:`LONG` allows larger ones for long runs, :data:`DEEP` has the sizes of the hostile trial
(a 1 MB rule id, 20 MB of Pass events). :func:`trial_cases` gives one named case per mutation
class the trial found.
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs
from hypothesis import strategies as st

from sabai_rules.agents.simulate import simulate
from sabai_rules.model import catalogue, chance
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import ACTIONS_BY_NAME, PARAMETERS
from sabai_rules.referee.record import MAX_DEPTH, read_record, record_to_json
from sabai_rules.referee.replay import replay

__all__ = [
    "CI",
    "DEEP",
    "LONG",
    "Base",
    "Case",
    "Scale",
    "any_cases",
    "arguments",
    "bases",
    "mutated_records",
    "raw_files",
    "trial_cases",
    "valid_records",
]

ROOT: Final = Path(__file__).resolve().parent.parent.parent

Json = Any
T = TypeVar("T")
#: A place in a JSON document: keys and list indices from the root.
Where = tuple[str | int, ...]


# -- sizes ---------------------------------------------------------------------------------------


@attrs.frozen
class Scale:
    """How large the huge parts of a case may be."""

    #: Lengths of a huge text (a rule id, a name, a key, a comment), each eight times rarer than
    #: the one before.
    texts: tuple[int, ...]
    #: How many copies of one event a round may be given, each eight times rarer.
    events: tuple[int, ...]
    #: Depths of a nesting put in place of a value, or of a whole file.
    depths: tuple[int, ...]
    #: Digits of a huge whole number (the json module reads at most 4,300).
    digits: tuple[int, ...]


#: The default run's sizes: every case replays in well under a second.
CI: Final = Scale(
    texts=(1_000, 10_000),
    events=(200, 2_000),
    depths=(MAX_DEPTH - 1, MAX_DEPTH + 1, 1_000),
    digits=(20, 400, 4_300, 4_301),
)
#: The long run's sizes (``tools/fuzz_deep.py``, the deep profile): larger, yet a case still
#: replays in seconds.
LONG: Final = Scale(
    texts=(1_000, 10_000, 30_000),
    events=(200, 2_000, 20_000),
    depths=(MAX_DEPTH - 1, MAX_DEPTH + 1, 1_000, 100_000),
    digits=(20, 400, 4_300, 4_301, 100_000),
)
#: The hostile trial's sizes: a 1 MB rule id, 20 MB of Pass events, 100,000 brackets.
DEEP: Final = Scale(
    texts=(1_000, 100_000, 1_000_000),
    events=(2_000, 50_000, 550_000),
    depths=(MAX_DEPTH - 1, MAX_DEPTH + 1, 1_000, 100_000),
    digits=(20, 400, 4_300, 4_301, 100_000),
)


# -- the records everything starts from -----------------------------------------------------------


@attrs.frozen
class Base:
    """A legal record to start from: its JSON, and the exit code ``sabai replay`` gives it."""

    name: str
    doc: Json = attrs.field(repr=False, eq=False)
    #: 0 for a legal game, 1 for a record with an illegal event (some of examples/).
    verdict: int
    events: int
    text: str = attrs.field(repr=False, eq=False)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.doc["players"])

    def fresh(self) -> Json:
        """A copy of the record's JSON to change (read from its text: faster than a deep
        copy)."""
        return json.loads(self.text)


#: Simulated one-round games: (players, seed, preset, bots). Both bots, every preset, 2 to 5
#: players.
SIMULATED: Final = (
    (2, 1, "current", "sensible"),
    (3, 2, "older", "random"),
    (4, 3, "simplified", "sensible"),
    (5, 4, "current", "random"),
)


def _base(name: str, doc: Json) -> Base:
    verdict = replay(read_record(doc))
    events = sum(len(r["events"]) for r in doc["rounds"])
    return Base(name, doc, 0 if verdict.legal else 1, events, json.dumps(doc))


@cache
def bases() -> tuple[Base, ...]:
    """The simulated games (the deal as a seed) and the records of ``examples/`` (the deal as
    a card order; claims, reshuffles, simultaneous throw-ins): simulated once per process."""
    found = []
    for players, seed, preset, bots in SIMULATED:
        record = simulate(players, seed, rounds=1, preset=preset, bots=bots)
        found.append(_base(f"simulated-{players}p-{preset}-{bots}", record_to_json(record)))
    for path in sorted((ROOT / "examples").glob("*.json")):
        found.append(_base(path.stem, json.loads(path.read_text(encoding="utf-8"))))
    return tuple(found)


# -- cases ---------------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class Case:
    """A file for the commands: its bytes, how it was made, and what ``--at`` and ``--as`` may
    name in it."""

    kind: str
    how: tuple[str, ...]
    data: bytes = attrs.field(eq=False)
    players: tuple[str, ...] = ()
    events: int = 0
    #: For a valid record: the exit code ``sabai replay`` must give it.
    verdict: int | None = None

    def __repr__(self) -> str:
        head = self.data[:300]
        more = f" … ({len(self.data):,} bytes)" if len(self.data) > len(head) else ""
        return f"Case({self.kind}: {' → '.join(self.how)}; {head!r}{more})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis shows a failing case with its own printer: the short form here too.
        printer.text(repr(self))

    @property
    def name(self) -> str:
        return " → ".join(self.how)


class _Raw:
    """Raw JSON literals that ``json.dumps`` cannot write (a whole number of more than 4,300
    digits, a nesting deeper than Python recurses): a placeholder text in the document, replaced
    in the written text."""

    def __init__(self) -> None:
        self.literals: dict[str, str] = {}

    def __call__(self, literal: str, label: str) -> str:
        marker = f"\x00raw{len(self.literals)}:{label}\x00"
        self.literals[marker] = literal
        return marker

    def write(self, doc: Json, *, ascii_only: bool, broken_utf8: bool = True) -> bytes:
        """The document as JSON bytes: ASCII (every other character escaped) or UTF-8. A lone
        surrogate in UTF-8 is written as its bytes, as a broken writer would, which is not UTF-8;
        or, not ``broken_utf8``, escaped."""
        text = json.dumps(doc, ensure_ascii=ascii_only)
        for marker, literal in self.literals.items():
            text = text.replace(json.dumps(marker), literal)
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:
            if broken_utf8:
                return text.encode("utf-8", "surrogatepass")
            return self.write(doc, ascii_only=True)


# -- texts and values ------------------------------------------------------------------------------

#: Texts that broke or nearly broke the referee in the hostile trial, and their relatives.
HOSTILE_TEXTS: Final = (
    "\ud800",
    "\udcff",
    "a\ud800b",
    "\udfff\ud800",
    "",
    " ",
    "\t",
    "a\nb",
    "\n",
    "\r",
    "a\r\nb",
    "\x00",
    "\x1b[31mred",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\u2028",
    "\u2029",
    "\ufeff",
    "\u202e",
    "e\u0301",
    "\u0661\u0660",
    "\uff11\uff10",
    "10\n",
    "\U0001d7d9\U0001d7d8",
    "\u2169",
    "½",
    "-1",
    "0",
    "1e3",
    "0x0a",
    "null",
    "{}",
    "'",
    '"',
    "\\",
    "%s",
    "{0}",
    "Chloé",
    "🂡",
    "P1",
)

#: Faces that look like cards to a person or to ``int()``, but not to the format.
ODD_FACES: Final = (
    "\u0661\u0660",
    "\u0661",
    "\uff11\uff10",
    "\U0001d7d9\U0001d7d8",
    "\u06f7",
    "\u2169",
    "10\n",
    " 7 ",
    "07",
    "+5",
    "-5",
    "0",
    "15",
    "5.0",
    "1_0",
    "AJ\n",
    "joker\x00",
    "13 GIVE",
    "13 spy",
    "ass-joker",
    "J\u0301",
    "\ud800",
    5.0,
    14.0,
    -1,
    0,
    15,
    2**64,
    True,
    None,
)


def _surrogates() -> st.SearchStrategy[str]:
    return st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, categories=["Cs"])


@cache
def hostile_texts() -> st.SearchStrategy[str]:
    """A text from the trial's list, any text, or any text with lone surrogates and controls."""
    return st.one_of(
        st.sampled_from(HOSTILE_TEXTS),
        st.text(max_size=12),
        st.text(
            st.one_of(_surrogates(), st.characters(max_codepoint=0x9F), st.characters()),
            max_size=8,
        ),
    )


@cache
def hostile_numbers() -> st.SearchStrategy[Json]:
    return st.one_of(
        st.sampled_from([0, -1, 1, 2, 11, 12, 99, 100, 2**31, 2**63, 10**100, -(10**100)]),
        st.integers(),
        st.sampled_from([1.0, 0.5, -0.0, 1e308, 1e-308, math.inf, -math.inf, math.nan]),
        st.floats(),
    )


def _nesting(depth: int, raw: _Raw, *, kind: int) -> str:
    opening, closing = [("[", "]"), ('{"a":', "}"), ("[", "")][kind]
    inner = "1" if kind == 1 else ""
    return raw(opening * depth + inner + closing * depth, f"{opening} x {depth:,}")


def hostile_value(draw: st.DrawFn, raw: _Raw, scale: Scale) -> Json:
    """Any JSON value a record should not hold where it is put: another type, a hostile text,
    a huge text, number or nesting."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return _pick(draw, [None, True, False, [], {}, [[]], {"": None}])
    if choice == 1:
        return draw(hostile_numbers())
    if choice == 2:
        digits = _pick(draw, scale.digits)
        sign = _pick(draw, ["", "-"])
        return raw(sign + "1" + "0" * (digits - 1), f"{sign}10**{digits - 1}")
    if choice == 3:
        depth = _pick(draw, scale.depths)
        return _nesting(depth, raw, kind=draw(st.integers(0, 2)))
    if choice == 4:
        return _huge_text(draw, scale)
    if choice == 5:
        inner = draw(hostile_texts())
        return _pick(draw, [[inner], {inner: inner}, {"actor": inner}])
    return draw(hostile_texts())


def _pick(draw: st.DrawFn, options: Sequence[T]) -> T:
    """One of ``options`` (the first when shrunk): cheaper than a new ``sampled_from``."""
    return options[draw(st.integers(0, len(options) - 1))]


def _size(draw: st.DrawFn, sizes: tuple[int, ...]) -> int:
    """One of ``sizes``, each eight times rarer than the one before: the largest, which take
    seconds to replay, stay a small share of a long run."""
    weights = [8 ** (len(sizes) - 1 - i) for i in range(len(sizes))]
    pick = draw(st.integers(0, sum(weights) - 1))
    for size, weight in zip(sizes, weights, strict=True):
        if pick < weight:
            return size
        pick -= weight
    raise AssertionError(pick)


def _huge_text(draw: st.DrawFn, scale: Scale) -> str:
    size = _size(draw, scale.texts)
    unit = _pick(draw, ["x", "é", "\ud800", "\n", "ruling.", "🂡", "1"])
    return (unit * (size // len(unit) + 1))[:size]


@cache
def hostile_keys() -> st.SearchStrategy[str]:
    """A key a record object does not have: a hostile text, or a key of another object."""
    known = [
        "format",
        "version",
        "players",
        "seed",
        "rounds",
        "claim",
        "deal",
        "order",
        "generator",
        "events",
        "reshuffles",
        "nose_races",
        "actor",
        "action",
        "slot",
        "slots",
        "owner",
        "target",
        "target_slot",
        "simultaneous",
        "time",
        "comment",
        "preset",
        "options",
        "deck",
        *Ruleset.option_names(),
    ]
    return st.one_of(st.sampled_from(known), hostile_texts())


# -- walking a document ---------------------------------------------------------------------------


def places(doc: Json, where: Where = ()) -> Iterator[Where]:
    """Every place in ``doc``, parents before children."""
    yield where
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from places(value, (*where, key))
    elif isinstance(doc, list):
        # A list of thousands of copies is walked at its ends only.
        indices = (
            range(len(doc)) if len(doc) <= 300 else [*range(250), *range(len(doc) - 50, len(doc))]
        )
        for index in indices:
            yield from places(doc[index], (*where, index))


def _get(doc: Json, where: Where) -> Json:
    for step in where:
        doc = doc[step]
    return doc


def _set(doc: Json, where: Where, value: Json) -> Json:
    """``doc`` with ``value`` at ``where`` (the new root when ``where`` is the root)."""
    if not where:
        return value
    _get(doc, where[:-1])[where[-1]] = value
    return doc


def _show(where: Where) -> str:
    """A place as a JSON path; an odd key quoted, its odd characters escaped."""
    return "$" + "".join(
        f"[{s}]" if isinstance(s, int) else f".{s}" if s.isidentifier() else f"[{s!r}]"
        for s in where
    )


def _short(value: Json) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}…({len(text):,} chars)"


def _rounds(doc: Json) -> list[Json]:
    """The round objects of ``doc`` that have a list of events."""
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    if not isinstance(rounds, list):
        return []
    return [r for r in rounds if isinstance(r, dict) and isinstance(r.get("events"), list)]


def _players(doc: Json) -> list[str]:
    names = doc.get("players") if isinstance(doc, dict) else None
    found = [n for n in names if isinstance(n, str)] if isinstance(names, list) else []
    return found or ["P1"]


def _event(draw: st.DrawFn, players: list[str]) -> dict[str, Json]:
    """A well-formed event of any action, most likely illegal where it lands."""
    name = _pick(draw, sorted(ACTIONS_BY_NAME))
    actor: Json = draw(st.one_of(st.sampled_from(players), st.integers(0, len(players) - 1)))
    event: dict[str, Json] = {"actor": actor, "action": name}
    for parameter in PARAMETERS[ACTIONS_BY_NAME[name]]:
        if parameter.kind == "player":
            event[parameter.name] = _pick(draw, players)
        elif parameter.kind == "slot":
            event[parameter.name] = draw(st.integers(0, 6))
        else:
            event[parameter.name] = draw(st.lists(st.integers(0, 5), max_size=3))
    return event


# -- mutations ------------------------------------------------------------------------------------

#: A mutation changes the document (or returns a new root) and says what it did; it returns
#: ``None`` when the document has nothing it applies to.
Mutation = Callable[[st.DrawFn, Json, _Raw, Scale], tuple[Json, str] | None]


def replace_value(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str]:
    where = _pick(draw, list(places(doc)))
    value = hostile_value(draw, raw, scale)
    return _set(doc, where, value), f"{_show(where)} = {_short(value)}"


def _objects(doc: Json) -> list[Where]:
    return [w for w in places(doc) if isinstance(_get(doc, w), dict)]


def insert_key(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    objects = _objects(doc)
    if not objects:
        return None
    where = _pick(draw, objects)
    key = draw(hostile_keys())
    value = hostile_value(draw, raw, scale) if draw(st.booleans()) else _pick(draw, [0, 5, "P1"])
    _get(doc, where)[key] = value
    return doc, f"{_show((*where, key))} = {_short(value)} (added)"


def remove_key(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    keyed = [(w, k) for w in _objects(doc) for k in _get(doc, w)]
    if not keyed:
        return None
    where, key = _pick(draw, keyed)
    del _get(doc, where)[key]
    return doc, f"{_show((*where, key))} removed"


def rename_key(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    keyed = [(w, k) for w in _objects(doc) for k in _get(doc, w)]
    if not keyed:
        return None
    where, key = _pick(draw, keyed)
    new = _huge_text(draw, scale) if draw(st.booleans()) else draw(hostile_keys())
    parent = _get(doc, where)
    parent[new] = parent.pop(key)
    return doc, f"{_show((*where, key))} renamed {_short(new)}"


def _option_value(draw: st.DrawFn, name: str, raw: _Raw, scale: Scale) -> Json:
    current = Ruleset().options().get(name)
    plausible: list[Json]
    if isinstance(current, bool):
        plausible = [True, False, "true", 1, None]
    elif isinstance(current, str):
        from tests.fuzz.schema import option_choices  # noqa: PLC0415 - the schema's enums

        plausible = [*option_choices(name), "x", current.upper(), None]
    else:
        plausible = [0, 1, 2, 3, 4, 5, -1, None, 1.0, "3", 10**100, 2_000_000]
    return hostile_value(draw, raw, scale) if draw(st.booleans()) else _pick(draw, plausible)


def set_option(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    if not isinstance(doc, dict):
        return None
    ruleset = doc.setdefault("ruleset", {"preset": "current", "options": {}})
    if not isinstance(ruleset, dict):
        return None
    options = ruleset.setdefault("options", {})
    if not isinstance(options, dict):
        return None
    name = _pick(draw, [*Ruleset.option_names(), "deck"])
    value: Json
    if name == "deck":
        copies = _pick(draw, [1, 2, 2_000_000, 0, -1])
        value = {"copies": copies}
    else:
        value = _option_value(draw, name, raw, scale)
    options[name] = value
    return doc, f"$.ruleset.options.{name} = {_short(value)}"


def set_preset(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    ruleset = doc.get("ruleset") if isinstance(doc, dict) else None
    if not isinstance(ruleset, dict):
        return None
    preset = _pick(draw, [*PRESETS, "newest", "Current", "current\n"])
    ruleset["preset"] = preset
    return doc, f"$.ruleset.preset = {preset!r}"


def edit_events(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    """Drop, duplicate, swap, move, re-slot or re-attribute an event, or cut a round short."""
    rounds = [r for r in _rounds(doc) if r["events"]]
    if not rounds:
        return None
    r = draw(st.integers(0, len(rounds) - 1))
    events = rounds[r]["events"]
    i = draw(st.integers(0, len(events) - 1))
    players = _players(doc)
    how = draw(
        st.sampled_from(
            ["drop", "duplicate", "swap", "move", "cut", "slot", "actor", "player", "action"]
        )
    )
    at = f"round {r} event {i}"
    if how == "drop":
        del events[i]
        return doc, f"{at} dropped"
    if how == "duplicate":
        events.insert(i, copy.deepcopy(events[i]))
        return doc, f"{at} duplicated"
    if how == "swap":
        j = draw(st.integers(0, len(events) - 1))
        events[i], events[j] = events[j], events[i]
        return doc, f"{at} swapped with event {j}"
    if how == "move":
        target = _pick(draw, rounds)["events"]
        target.insert(draw(st.integers(0, len(target))), events.pop(i))
        return doc, f"{at} moved"
    if how == "cut":
        del events[i:]
        return doc, f"round {r} cut after {i} events"
    event = events[i]
    if not isinstance(event, dict):
        return None
    if how == "slot":
        fields = [k for k in ("slot", "target_slot", "slots") if k in event] or ["slot"]
        field = _pick(draw, fields)
        slot = draw(st.one_of(st.integers(-1, 12), st.lists(st.integers(-1, 6), max_size=5)))
        event[field] = slot
        return doc, f"{at}.{field} = {slot!r}"
    if how in ("actor", "player"):
        fields = ["actor"] if how == "actor" else [k for k in ("owner", "target") if k in event]
        if not fields:
            return None
        field = _pick(draw, fields)
        who = draw(
            st.one_of(
                st.sampled_from(players),
                st.integers(-1, len(players)),
                hostile_texts(),
            )
        )
        event[field] = who
        return doc, f"{at}.{field} = {who!r}"
    new = _event(draw, players)
    events[i] = new
    return doc, f"{at} = {new!r}"


def many_events(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    """One event repeated by the thousand: the trial's 20 MB of illegal Pass events."""
    rounds = _rounds(doc)
    if not rounds:
        return None
    events = _pick(draw, rounds)["events"]
    players = _players(doc)
    kind = draw(st.integers(0, 2))
    event: Json
    if kind == 0:
        event = {"actor": _pick(draw, players), "action": "Pass"}
    elif kind == 1 and events:
        event = events[draw(st.integers(0, len(events) - 1))]
    else:
        event = _event(draw, players)
    count = _size(draw, scale.events)
    at = _pick(draw, ["end", "start"])
    # Copies of one object: a later mutation of one event changes that one only.
    copies = [dict(event) if isinstance(event, dict) else event for _ in range(count)]
    if at == "end":
        events.extend(copies)
    else:
        events[:0] = copies
    return doc, f"{count:,} x {_short(event)} at the {at} of a round"


def huge_text(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    texts = [w for w in places(doc) if isinstance(_get(doc, w), str)]
    text = _huge_text(draw, scale)
    if isinstance(doc, dict) and draw(st.booleans()):
        target = _pick(draw, ["claim.rule", "claim.text", "comment", "seed"])
        if target.startswith("claim."):
            claim = doc.get("claim")
            if not isinstance(claim, dict):
                claim = doc["claim"] = {}
            claim[target[6:]] = text
        else:
            doc[target] = text
        return doc, f"$.{target} = {_short(text)}"
    if not texts:
        return None
    where = _pick(draw, texts)
    return _set(doc, where, text), f"{_show(where)} = {_short(text)}"


def _rename(doc: Json, old: str, new: str) -> Json:
    """Every text ``old`` in ``doc`` (a name wherever it is used) made ``new``."""
    if isinstance(doc, dict):
        return {k: _rename(v, old, new) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_rename(v, old, new) for v in doc]
    return new if doc == old else doc


def rename_player(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    if not isinstance(doc, dict) or not isinstance(doc.get("players"), list):
        return None
    old = _pick(draw, _players(doc))
    new = _huge_text(draw, scale) if draw(st.booleans()) else draw(hostile_texts())
    return _rename(doc, old, new), f"player {old!r} renamed {_short(new)} everywhere"


def set_claim(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    if not isinstance(doc, dict):
        return None
    players = _players(doc)
    rules = [r.id for r in catalogue.rules()][:40]
    claim: dict[str, Json] = {}
    if draw(st.booleans()):
        claim["winners"] = draw(
            st.lists(st.one_of(st.sampled_from(players), hostile_texts()), max_size=3)
        )
    if draw(st.booleans()):
        claim["illegal_event"] = draw(st.one_of(st.integers(-1, 300), hostile_numbers()))
    if draw(st.booleans()):
        claim["rule"] = draw(st.one_of(st.sampled_from(rules), hostile_texts()))
    if draw(st.booleans()):
        claim["text"] = draw(hostile_texts())
    doc["claim"] = claim
    return doc, f"$.claim = {_short(claim)}"


def _full_order() -> list[Json]:
    return ["J", "J", "J", "AJ"] + [str(rank) for rank in range(1, 15) for _ in range(4)]


def edit_deal(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    """A deal given another order (a shuffle of the deck: the events turn illegal), an odd face,
    a card too many or too few, or a hostile seed or generator."""
    rounds = _rounds(doc)
    if not rounds:
        return None
    r = draw(st.integers(0, len(rounds) - 1))
    deal = rounds[r].get("deal")
    if not isinstance(deal, dict):
        return None
    how = _pick(draw, ["shuffle", "face", "short", "long", "seed", "generator"])
    if how == "shuffle":
        rounds[r]["deal"] = {"order": draw(st.permutations(_full_order()))}
        return doc, f"round {r} dealt another order"
    if how in ("face", "short", "long"):
        order: Json = deal.get("order")
        if not isinstance(order, list) or not order:
            order = deal["order"] = _full_order()
            deal.pop("seed", None)
            deal.pop("generator", None)
        if how == "short":
            del order[draw(st.integers(0, len(order) - 1))]
            return doc, f"round {r}: a card left out of the order"
        if how == "long":
            extra = _pick(draw, ["7", "J", "AJ", "14"])
            order.append(extra)
            return doc, f"round {r}: {extra!r} added to the order"
        i = draw(st.integers(0, len(order) - 1))
        face = draw(st.one_of(st.sampled_from(ODD_FACES), hostile_texts()))
        order[i] = face
        return doc, f"round {r} order[{i}] = {face!r}"
    if how == "seed":
        seed = hostile_value(draw, raw, scale) if draw(st.booleans()) else draw(st.integers())
        deal.pop("order", None)
        deal.update(seed=seed, generator=chance.GENERATOR)
        return doc, f"round {r} deal seed = {_short(seed)}"
    generator = draw(
        st.one_of(st.sampled_from([chance.GENERATOR.upper(), "mt19937"]), hostile_texts())
    )
    deal["generator"] = generator
    return doc, f"round {r} deal generator = {generator!r}"


def edit_chance(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    """Reshuffles and nose races stated, under whatever ruleset the record has."""
    rounds = _rounds(doc)
    if not rounds:
        return None
    rnd = _pick(draw, rounds)
    if draw(st.booleans()):
        faces = st.one_of(st.sampled_from(_full_order()), st.sampled_from(ODD_FACES))
        piles = draw(st.lists(st.lists(faces, max_size=6), max_size=3))
        rnd["reshuffles"] = piles
        return doc, f"reshuffles = {_short(piles)}"
    players = _players(doc)
    losers = draw(st.lists(st.one_of(st.sampled_from(players), st.integers(-1, 12)), max_size=3))
    rnd["nose_races"] = losers
    return doc, f"nose_races = {losers!r}"


def edit_seed(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    if not isinstance(doc, dict):
        return None
    if draw(st.booleans()):
        digits = _pick(draw, scale.digits)
        doc["seed"] = raw("1" + "0" * (digits - 1), f"10**{digits - 1}")
        return doc, f"$.seed = 10**{digits - 1}"
    seed = draw(st.one_of(hostile_texts(), hostile_numbers()))
    doc["seed"] = seed
    return doc, f"$.seed = {_short(seed)}"


def edit_rounds(draw: st.DrawFn, doc: Json, raw: _Raw, scale: Scale) -> tuple[Json, str] | None:
    rounds = doc.get("rounds") if isinstance(doc, dict) else None
    if not isinstance(rounds, list) or not rounds:
        return None
    i = draw(st.integers(0, len(rounds) - 1))
    how = _pick(draw, ["drop", "duplicate", "swap"])
    if how == "drop":
        del rounds[i]
    elif how == "duplicate":
        rounds.insert(i, copy.deepcopy(rounds[i]))
    else:
        rounds.insert(0, rounds.pop(i))
    return doc, f"round {i}: {how}"


#: Every mutation, each as likely as the others.
MUTATIONS: Final[tuple[Mutation, ...]] = (
    replace_value,
    insert_key,
    remove_key,
    rename_key,
    set_option,
    set_preset,
    edit_events,
    edit_events,
    many_events,
    huge_text,
    rename_player,
    set_claim,
    edit_deal,
    edit_chance,
    edit_seed,
    edit_rounds,
)


@st.composite
def mutated_records(
    draw: st.DrawFn, scale: Scale = CI, mutations: tuple[Mutation, ...] = MUTATIONS
) -> Case:
    """A record spoiled by one to three mutations (a mutation that finds nothing to change is
    skipped), written as ASCII JSON or as UTF-8 (a lone surrogate then as its invalid bytes)."""
    base = _pick(draw, bases())
    doc = base.fresh()
    raw = _Raw()
    how = [base.name]
    for _ in range(draw(st.integers(1, 3))):
        mutation = _pick(draw, mutations)
        done = mutation(draw, doc, raw, scale)
        if done is not None:
            doc, what = done
            how.append(what)
    utf8 = draw(st.booleans())
    if utf8:
        how.append("written as UTF-8")
    data = raw.write(doc, ascii_only=not utf8)
    return Case("mutated", tuple(how), data, base.players, base.events)


# -- valid records --------------------------------------------------------------------------------


#: What version 1 of the format calls a line (the schema's ``line``): no control character, no
#: line or paragraph separator, no direction embedding, override or isolate.
_NOT_A_LINE: Final = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: Half of a UTF-16 pair: no text of a record holds one.
_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _unicode(text: str) -> bool:
    return _LONE_SURROGATE.search(text) is None


def _line(text: str) -> bool:
    return _unicode(text) and _NOT_A_LINE.search(text) is None


@cache
def names() -> st.SearchStrategy[str]:
    """A player's name as the format allows it: one line, not blank, at most 100 characters;
    otherwise anything, other scripts' digits, a seat number or a mark-up character."""
    return st.one_of(
        st.sampled_from(HOSTILE_TEXTS),
        st.text(min_size=1, max_size=10),
        st.text(st.characters(exclude_categories=["Cs", "Cc"]), min_size=1, max_size=4),
    ).filter(lambda n: _line(n) and bool(n.strip()) and len(n) <= 100)


@cache
def comments() -> st.SearchStrategy[str]:
    """A comment or a time as the format allows them: any text of at most 100 characters."""
    return hostile_texts().filter(lambda text: _unicode(text) and len(text) <= 100)


@st.composite
def valid_records(draw: st.DrawFn) -> Case:
    """A legal record, or one of ``examples/``, its players renamed and comments and a claim
    added: the verdict stays the base's."""
    base = _pick(draw, bases())
    doc = base.fresh()
    how = [base.name]
    players = list(doc["players"])
    new = draw(
        st.lists(names(), min_size=len(players), max_size=len(players), unique=True).filter(
            lambda found: not set(found) & set(players)
        )
    )
    if draw(st.booleans()):
        # Names stand in the record by value: each old name is made a placeholder first, so that
        # a new name equal to another player's old one renames nobody twice.
        for i, old in enumerate(players):
            doc = _rename(doc, old, f"\x00player{i}\x00")
        for i, name in enumerate(new):
            doc = _rename(doc, f"\x00player{i}\x00", name)
        how.append(f"players renamed {new!r}")
        players = new
    if draw(st.booleans()):
        text = draw(comments())
        doc["comment"] = text
        rounds = doc["rounds"]
        rounds[0]["comment"] = text
        if rounds[0]["events"]:
            rounds[0]["events"][0]["comment"] = text
            rounds[0]["events"][0]["time"] = text
        how.append(f"comments {text!r}")
    if draw(st.booleans()) and "claim" not in doc:
        winners = draw(st.lists(st.sampled_from(players), unique=True, max_size=2))
        claim: dict[str, Json] = {"winners": winners, "text": draw(comments().filter(_line))}
        if draw(st.booleans()):
            claim["illegal_event"] = draw(st.integers(1, base.events + 3))
            claim["rule"] = _pick(draw, [r.id for r in catalogue.rules()])
        doc["claim"] = claim
        how.append(f"claim {claim!r}")
    data = _Raw().write(doc, ascii_only=draw(st.booleans()), broken_utf8=False)
    return Case("valid", tuple(how), data, tuple(players), base.events, base.verdict)


# -- bytes ----------------------------------------------------------------------------------------

#: Byte sequences that are not UTF-8: a stray continuation byte, a lone lead byte, a surrogate
#: encoded (CESU-8), a code point above U+10FFFF, an overlong slash, Latin-1.
INVALID_UTF8: Final = (
    b"\xff",
    b"\x80",
    b"\xc3",
    b"\xc3(",
    b"\xed\xa0\x80",
    b"\xed\xbf\xbf",
    b"\xf4\x90\x80\x80",
    b"\xc0\xaf",
    b"\xe9",
    b"\xfe\xff",
)


@st.composite
def raw_files(draw: st.DrawFn, scale: Scale = CI) -> Case:
    """Bytes that are not a record, or hardly: random, cut short, not UTF-8, in another encoding,
    nested beyond any use, empty."""
    base = _pick(draw, bases())
    text = json.dumps(base.doc, ensure_ascii=False)
    valid = text.encode("utf-8")
    kind = draw(st.integers(0, 7))
    how: str
    if kind == 0:
        data = draw(st.binary(max_size=300))
        how = "random bytes"
    elif kind == 1:
        cut = draw(st.integers(0, len(valid) - 1))
        data = valid[:cut]
        how = f"cut after {cut} bytes"
    elif kind == 2:
        at = draw(st.integers(0, len(valid)))
        bad = _pick(draw, INVALID_UTF8)
        data = valid[:at] + bad + valid[at:]
        how = f"{bad!r} inserted at byte {at}"
    elif kind == 3:
        encoding = _pick(draw, ["utf-16", "utf-16-le", "utf-32", "utf-8-sig", "latin-1"])
        data = text.encode(encoding, "replace")
        how = f"written in {encoding}"
    elif kind == 4:
        depth = _pick(draw, scale.depths)
        shape = _pick(draw, ["[]", "{}", "[", "{", "mixed"])
        data = {
            "[]": b"[" * depth + b"]" * depth,
            "{}": b'{"a":' * depth + b"1" + b"}" * depth,
            "[": b"[" * depth,
            "{": b'{"a":' * depth,
            "mixed": b'[{"a":' * (depth // 2) + b"1" + b"}]" * (depth // 2),
        }[shape]
        how = f"{shape} nested {depth} deep"
    elif kind == 5:
        data = draw(
            st.sampled_from(
                [
                    b"",
                    b" ",
                    b"\n\r\t ",
                    b"\x00",
                    b"\xef\xbb\xbf",
                    b"null",
                    b"0",
                    b"NaN",
                    b"-Infinity",
                    b'""',
                    b"[]",
                    b"{}",
                    b'"\\ud800"',
                    b"1" + b"0" * 4300,
                    b'{"format": "sabai-record"}',
                    b'{"format": "sabai-record", "version": 1}',
                ]
            )
        )
        how = "a short document"
    elif kind == 6:
        at = draw(st.integers(0, len(valid)))
        junk = draw(st.binary(min_size=1, max_size=8))
        data = valid[:at] + junk + valid[at:]
        how = f"{junk!r} inserted at byte {at}"
    else:
        document = draw(
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.floats() | hostile_texts(),
                lambda inner: (
                    st.lists(inner, max_size=4) | st.dictionaries(hostile_keys(), inner, max_size=4)
                ),
                max_leaves=12,
            )
        )
        data = json.dumps(document).encode("ascii")
        how = "any JSON"
    return Case("bytes", (base.name, how), data, base.players, base.events)


@st.composite
def any_cases(draw: st.DrawFn, scale: Scale = CI) -> Case:
    """Mostly mutated records; some raw bytes and some valid records (for the long run)."""
    kind = draw(st.integers(0, 9))
    if kind < 7:
        return draw(mutated_records(scale))
    if kind < 9:
        return draw(raw_files(scale))
    return draw(valid_records())


@st.composite
def arguments(draw: st.DrawFn, case: Case) -> tuple[str, str]:
    """``--at N`` and ``--as P``: mostly an event and a player of the record, sometimes not."""
    at = draw(
        st.one_of(
            st.integers(0, case.events + 2).map(str),
            st.sampled_from(
                ["-1", "\u0661\u0660", "\uff11", "99999999999", "9" * 5000, "1e3", "", "\ud800"]
            ),
        )
    )
    players = list(case.players) or ["P1"]
    as_player = draw(
        st.one_of(
            st.sampled_from(players),
            st.integers(0, len(players)).map(str),
            st.sampled_from(HOSTILE_TEXTS),
        )
    )
    return at, as_player


# -- the trial's classes, one named case each ---------------------------------------------------


def _case(name: str, change: Callable[[Json, _Raw], Json], base: str | None = None) -> Case:
    """The first simulated game, or the base named ``base``, changed."""
    origin = next(b for b in bases() if base is None or b.name == base)
    raw = _Raw()
    doc = change(origin.fresh(), raw)
    return Case(
        "trial", (origin.name, name), raw.write(doc, ascii_only=True), origin.players, origin.events
    )


def trial_cases(scale: Scale = CI) -> list[Case]:
    """One case per mutation class of the hostile trial, at the sizes of ``scale``."""
    text = max(scale.texts)
    events = max(scale.events)
    depth = max(scale.depths)

    def option(name: str, value: Json) -> Callable[[Json, _Raw], Json]:
        def change(doc: Json, raw: _Raw) -> Json:
            doc["ruleset"]["options"][name] = value
            return doc

        return change

    def at(where: Where, value: Json) -> Callable[[Json, _Raw], Json]:
        return lambda doc, raw: _set(doc, where, value)

    def added(where: Where, key: str, value: Json) -> Callable[[Json, _Raw], Json]:
        def change(doc: Json, raw: _Raw) -> Json:
            _get(doc, where)[key] = value
            return doc

        return change

    def passes(doc: Json, raw: _Raw) -> Json:
        doc["rounds"][0]["events"] += [{"actor": doc["players"][0], "action": "Pass"}] * events
        return doc

    def illegal_passes(doc: Json, raw: _Raw) -> Json:
        doc["rounds"][0]["events"][:0] = [{"actor": doc["players"][0], "action": "Pass"}] * events
        return doc

    def swapped(doc: Json, raw: _Raw) -> Json:
        ev = doc["rounds"][0]["events"]
        ev[3], ev[4] = ev[4], ev[3]
        return doc

    def dropped(doc: Json, raw: _Raw) -> Json:
        del doc["rounds"][0]["events"][2]
        return doc

    def duplicated(doc: Json, raw: _Raw) -> Json:
        ev = doc["rounds"][0]["events"]
        ev.insert(5, copy.deepcopy(ev[5]))
        return doc

    def reslotted(doc: Json, raw: _Raw) -> Json:
        ev = doc["rounds"][0]["events"]
        keep = next(e for e in ev if e["action"] == "Keep")
        keep["slot"] = 9
        return doc

    def other_actor(doc: Json, raw: _Raw) -> Json:
        ev = doc["rounds"][0]["events"]
        ev[0]["actor"] = doc["players"][-1]
        return doc

    def order_face(face: str) -> Callable[[Json, _Raw], Json]:
        # In a record whose deal is an order: read as a 10, it is the same game.
        def change(doc: Json, raw: _Raw) -> Json:
            order = doc["rounds"][0]["deal"]["order"]
            order[order.index("10")] = face
            return doc

        return change

    def huge_seed(digits: int) -> Callable[[Json, _Raw], Json]:
        return lambda doc, raw: _set(doc, ("seed",), raw("1" + "0" * (digits - 1), "huge"))

    def nested(doc: Json, raw: _Raw) -> Json:
        doc["comment"] = raw("[" * depth + "]" * depth, "nesting")
        return doc

    def surrogate_name(name: str) -> Callable[[Json, _Raw], Json]:
        return lambda doc, raw: _rename(doc, doc["players"][0], name)

    cases = [
        _case("player named '\\ud800'", surrogate_name("\ud800")),
        _case("player named '\\udcff'", surrogate_name("\udcff")),
        _case("player named 'a\\nb'", surrogate_name("a\nb")),
        _case("player named '\\x1b[31m'", surrogate_name("\x1b[31m")),
        _case("claim text '\\ud800'", at(("claim",), {"text": "\ud800", "winners": []})),
        _case("claim rule '\\udcff'", at(("claim",), {"rule": "\udcff"})),
        _case("claim winner '\\ud800'", at(("claim",), {"winners": ["\ud800"]})),
        _case("seed '\\ud800'", at(("seed",), "\ud800")),
        _case("deal seed '\\udcff'", at(("rounds", 0, "deal", "seed"), "\udcff")),
        _case("key '\\ud800'", added((), "\ud800", 1)),
        _case("key 'a\\nb'", added((), "a\nb", 1)),
        _case("event key 'x\\ny'", added(("rounds", 0, "events", 0), "x\ny", 1)),
        _case("option name 'a\\nb'", option("a\nb", 1)),
        _case("option name '\\u2028'", option("\u2028", 1)),
        _case("option name '\\ud800'", option("\ud800", True)),
        _case("compensation_slot 'x'", option("compensation_slot", "x")),
        _case("nose_race 'x\\ny'", option("nose_race", "x\ny")),
        _case("initial_peek 10**100", option("initial_peek", 10**100)),
        _case("num_rounds 10**100", option("num_rounds", 10**100)),
        _case("max_round_turns 10**100", option("max_round_turns", 10**100)),
        _case("deck copies 2,000,000", option("deck", {"copies": 2_000_000})),
        _case("face '\u0661\u0660'", order_face("\u0661\u0660"), "thrown-in-at-once"),
        _case("face '\uff11\uff10'", order_face("\uff11\uff10"), "thrown-in-at-once"),
        _case("face '10\\n'", order_face("10\n"), "thrown-in-at-once"),
        _case(f"claim rule of {text:,} chars", at(("claim",), {"rule": "x" * text})),
        _case(f"claim text of {text:,} chars", at(("claim",), {"text": "\n" * text})),
        _case(f"player named {text:,} chars", surrogate_name("n" * text)),
        _case(f"{events:,} Pass events after the end", passes),
        _case(f"{events:,} illegal Pass events first", illegal_passes),
        _case("seed 10**4299", huge_seed(4_300)),
        _case("seed 10**4300", huge_seed(4_301)),
        _case("events 3 and 4 swapped", swapped),
        _case("event 2 dropped", dropped),
        _case("event 5 duplicated", duplicated),
        _case("a Keep of slot 9", reslotted),
        _case("the first event by another actor", other_actor),
        _case(f"comment nested {depth} deep", nested),
    ]
    # Bytes: not UTF-8, empty, a record cut in half.
    valid = json.dumps(bases()[0].doc).encode("ascii")
    origin = bases()[0]
    for name, data in (
        ("empty file", b""),
        ("Latin-1 name", valid.replace(b'"P1"', b'"P\xe91"')),
        ("encoded surrogate", valid.replace(b'"P1"', b'"P\xed\xa0\x801"')),
        ("cut in half", valid[: len(valid) // 2]),
        (f"{depth:,} open brackets", b"[" * depth),
    ):
        cases.append(Case("trial", (origin.name, name), data, origin.players, origin.events))
    return cases

"""The JSON Schema and the reader agree: one corpus of documents, covering every class of input —
card faces, players, seeds, options, slots, times, comments, claims, reshuffles, nose races,
simultaneous marks, unknown keys, types, lengths of texts — each accepted by both or refused by
both, as expected. The bounds on long lists (10,000 events in a round) are compared as numbers:
validating ten thousand events against the schema takes a minute. What JSON Schema cannot say (a
lone surrogate, the events of a record in all, that a named player exists, ...) is listed apart:
the schema accepts those, the reader refuses them."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from sabai_rules.model import chance
from sabai_rules.model.cards import MAX_FACE_TEXT
from sabai_rules.model.catalogue import MAX_ID_LENGTH
from sabai_rules.model.ruleset import MAX_NUM_ROUNDS, Ruleset
from sabai_rules.moves import deck_for
from sabai_rules.referee.record import (
    MAX_CLAIM_TEXT,
    MAX_COMMENT,
    MAX_NAME,
    MAX_ROUND_EVENTS,
    MAX_ROUNDS,
    MAX_SEED_TEXT,
    MAX_SHORT_TEXT,
    MAX_SLOTS,
    RecordError,
    read_record,
)
from tests.records.test_record_format import (
    _drop,
    _full_order,
    _minimal,
    _set,
    schema,
    schema_errors,
)

Json = dict[str, Any]
Change = Callable[[Json], None]

EVENT = "rounds.0.events.1"
ROUND = "rounds.0"


def _face(spelling: object, rank: str = "7") -> Change:
    """The order deal, with one card of ``rank`` written as ``spelling``."""

    def change(data: Json) -> None:
        order: list[object] = list(_full_order())
        order[order.index(rank)] = spelling
        data["rounds"][0]["deal"] = {"order": order}

    return change


def _order(order: Sequence[object]) -> Change:
    return _set(f"{ROUND}.deal", {"order": list(order)})


def _name(name: object) -> Change:
    """Ben renamed everywhere (events name him)."""

    def change(data: Json) -> None:
        data["players"][1] = name
        for event in data["rounds"][0]["events"]:
            if event["actor"] == "Ben":
                event["actor"] = name

    return change


def _option(name: str, value: object) -> Change:
    return _set(f"ruleset.options.{name}", value)


def _event(value: Json) -> Change:
    return _set(EVENT, value)


def _both(*changes: Change) -> Change:
    def change(data: Json) -> None:
        for one in changes:
            one(data)

    return change


RANDOM_RACES = _option("nose_race", "random")
LOOK = {"actor": "Ben", "action": "LookAtCards"}
THROW = {"actor": "Ben", "action": "ThrowIn", "owner": "Anna", "slot": 0}

#: (class, change, accepted by both).
CORPUS: list[tuple[str, str, Change, bool]] = [
    # -- card faces --------------------------------------------------------------------------------
    ("face", "7", _face("7"), True),
    ("face", "number-7", _face(7), True),
    ("face", "spaces", _face(" \t7\n "), True),
    ("face", "leading-zeros", _face("007"), True),
    ("face", "13-give", _face("13 give", "13"), True),
    ("face", "13-tab-give", _face("13\tGIVE", "13"), True),
    ("face", "11-peek-any-case", _face("11 pEeK", "11"), True),
    ("face", "joker-words", _face("Joker", "J"), True),
    ("face", "ass-joker-words", _face("ass-joker", "AJ"), True),
    ("face", "30-characters", _face(" " * 28 + "07"), True),
    ("face", "31-characters", _face(" " * 29 + "07"), False),
    ("face", "arabic-indic-7", _face("\u0667"), False),
    ("face", "fullwidth-7", _face("\uff17"), False),
    ("face", "devanagari-7", _face("\u096d"), False),
    ("face", "superscript-7", _face("\u2077"), False),
    ("face", "kelvin-sign", _face("11 pee\u212a", "11"), False),
    ("face", "long-s", _face("a\u017f\u017f joker", "AJ"), False),
    ("face", "dotless-i", _face("12 spy", "12"), True),
    ("face", "no-break-space", _face("\u00a07"), False),
    ("face", "file-separator", _face("7\x1c"), False),
    ("face", "ideographic-space", _face("\u30007"), False),
    ("face", "plus-7", _face("+7"), False),
    ("face", "minus-7", _face("-7"), False),
    ("face", "7.0-text", _face("7.0"), False),
    ("face", "7.5", _face(7.5), False),
    ("face", "empty", _face(""), False),
    ("face", "seven", _face("seven"), False),
    ("face", "7-peek", _face("7 peek"), False),
    ("face", "boolean", _face(True), False),
    ("face", "null", _face(None), False),
    ("face", "list", _face([7]), False),
    ("face", "59-cards", _order(_full_order()[1:]), False),
    ("face", "61-cards", _order([*_full_order(), "7"]), False),
    ("face", "a-thousand-cards", _order(_full_order() * 17), False),
    # -- players -----------------------------------------------------------------------------------
    ("players", "any-script", _name("Zoë \u0661\u0662 \U0001f469\u200d\U0001f467"), True),
    ("players", "spaces-around", _name(" Ben "), True),
    ("players", "zero-width-space", _name("\u200b"), True),
    ("players", "100-characters", _name("B" * 100), True),
    ("players", "101-characters", _name("B" * 101), False),
    ("players", "newline", _name("Ben\nBen"), False),
    ("players", "trailing-newline", _name("Ben\n"), False),
    ("players", "tab", _name("Ben\tBen"), False),
    ("players", "carriage-return", _name("Ben\r"), False),
    ("players", "escape", _name("\x1b[31mBen"), False),
    ("players", "delete", _name("Ben\x7f"), False),
    ("players", "next-line-c1", _name("Ben\x85Ben"), False),
    ("players", "line-separator", _name("Ben\u2028"), False),
    ("players", "paragraph-separator", _name("Ben\u2029"), False),
    ("players", "nul", _name("Ben\x00"), False),
    ("players", "blank", _name("   "), False),
    ("players", "no-break-space-only", _name("\u00a0"), False),
    ("players", "empty", _name(""), False),
    ("players", "right-to-left-override", _name("Ben\u202e"), False),
    ("players", "right-to-left-isolate", _name("\u2067Ben"), False),
    ("players", "right-to-left-mark", _name("\u200fBen"), True),
    ("players", "arabic-with-mark", _name("\u0644\u064a\u0644\u0649\u200f"), True),
    ("players", "number", _set("players", ["Anna", 2]), False),
    ("players", "null", _set("players", None), False),
    ("players", "twelve", _set("players", ["Anna", "Ben", *(f"P{i}" for i in range(10))]), True),
    ("players", "thirteen", _set("players", ["Anna", "Ben", *(f"P{i}" for i in range(11))]), False),
    ("players", "first-dealer-seat", _set("first_dealer", 1), True),
    ("players", "first-dealer-long-name", _set("first_dealer", "A" * 101), False),
    ("players", "first-dealer-newline", _set("first_dealer", "Anna\n"), False),
    # -- seeds -------------------------------------------------------------------------------------
    ("seed", "negative", _set("seed", -5), True),
    ("seed", "big", _set("seed", 10**40), True),
    ("seed", "256-bits", _set("seed", 2**256 - 1), True),
    ("seed", "257-bits", _set("seed", 2**256), False),
    ("seed", "257-bits-negative", _set("seed", -(2**256)), False),
    ("seed", "deal-257-bits", _set(f"{ROUND}.deal.seed", 2**300), False),
    ("seed", "text", _set("seed", "table 4"), True),
    ("seed", "empty-text", _set("seed", ""), True),
    ("seed", "text-with-newlines", _set("seed", "a\nb\tc"), True),
    ("seed", "256-characters", _set("seed", "s" * 256), True),
    ("seed", "257-characters", _set("seed", "s" * 257), False),
    ("seed", "fraction", _set("seed", 1.5), False),
    ("seed", "boolean", _set("seed", True), False),
    ("seed", "null", _set("seed", None), False),
    ("seed", "deal-text", _set(f"{ROUND}.deal.seed", "evening"), True),
    ("seed", "deal-257-characters", _set(f"{ROUND}.deal.seed", "s" * 257), False),
    ("seed", "deal-list", _set(f"{ROUND}.deal.seed", [1]), False),
    (
        "seed",
        "deal-order-and-generator",
        _both(_order(_full_order()), _set(f"{ROUND}.deal.generator", chance.GENERATOR)),
        False,
    ),
    ("seed", "deal-no-generator", _drop(f"{ROUND}.deal.generator"), False),
    # -- options -----------------------------------------------------------------------------------
    ("options", "choice", _option("compensation_slot", "append"), True),
    ("options", "bad-choice", _option("compensation_slot", "x"), False),
    ("options", "choice-in-capitals", _option("compensation_slot", "APPEND"), False),
    ("options", "choice-number", _option("compensation_slot", 1), False),
    ("options", "choice-null", _option("compensation_slot", None), False),
    ("options", "choice-list", _option("nose_race", ["random"]), False),
    ("options", "boolean", _option("allow_on_behalf", False), True),
    ("options", "boolean-as-number", _option("allow_on_behalf", 0), False),
    ("options", "boolean-as-text", _option("allow_on_behalf", "false"), False),
    ("options", "number", _option("ass_joker_value", -4), True),
    ("options", "number-beyond-a-hundred", _option("ass_joker_value", 101), False),
    ("options", "number-as-text", _option("ass_joker_value", "-4"), False),
    ("options", "number-fraction", _option("ass_joker_value", 0.5), False),
    ("options", "num-rounds-100", _option("num_rounds", 100), True),
    ("options", "num-rounds-101", _option("num_rounds", 101), False),
    ("options", "num-rounds-googol", _option("num_rounds", 10**100), False),
    ("options", "num-rounds-0", _option("num_rounds", 0), False),
    ("options", "num-rounds-null", _option("num_rounds", None), True),
    ("options", "initial-peek-4", _option("initial_peek", 4), True),
    ("options", "initial-peek-minus-1", _option("initial_peek", -1), False),
    ("options", "round-turn-cap-1", _option("max_round_turns", 1), True),
    ("options", "round-turn-cap-0", _option("max_round_turns", 0), False),
    ("options", "reaction-cap-0", _option("max_turn_reactions", 0), False),
    ("options", "final-round-cap-null", _option("final_round_max_turns", None), True),
    ("options", "final-round-cap-0", _option("final_round_max_turns", 0), False),
    ("options", "deck", _option("deck", {"copies": 4}), False),
    ("options", "unknown", _option("colour", "red"), False),
    ("options", "preset-null", _set("ruleset", None), True),
    ("options", "preset-older", _set("ruleset", {"preset": "older"}), True),
    ("options", "preset-in-capitals", _set("ruleset.preset", "Current"), False),
    ("options", "preset-number", _set("ruleset.preset", 1), False),
    # -- slots -------------------------------------------------------------------------------------
    ("slots", "0", _set(f"{EVENT}.slot", 0), True),
    ("slots", "99", _set(f"{EVENT}.slot", 99), True),
    ("slots", "100", _set(f"{EVENT}.slot", 100), False),
    ("slots", "minus-1", _set(f"{EVENT}.slot", -1), False),
    ("slots", "text", _set(f"{EVENT}.slot", "1"), False),
    ("slots", "boolean", _set(f"{EVENT}.slot", True), False),
    ("slots", "null", _set(f"{EVENT}.slot", None), False),
    ("slots", "list-empty", _event({**LOOK, "slots": []}), True),
    ("slots", "list-of-100", _event({**LOOK, "slots": list(range(100))}), True),
    ("slots", "list-of-101", _event({**LOOK, "slots": [0] * 101}), False),
    ("slots", "list-with-a-text", _event({**LOOK, "slots": [0, "1"]}), False),
    ("slots", "list-as-a-number", _event({**LOOK, "slots": 1}), False),
    # -- times -------------------------------------------------------------------------------------
    ("time", "iso-8601", _set(f"{EVENT}.time", "2024-05-01T20:15:00+02:00"), True),
    ("time", "null", _set(f"{EVENT}.time", None), True),
    ("time", "any-text", _set(f"{EVENT}.time", "after dinner\n"), True),
    ("time", "100-characters", _set(f"{EVENT}.time", "t" * 100), True),
    ("time", "101-characters", _set(f"{EVENT}.time", "t" * 101), False),
    ("time", "number", _set(f"{EVENT}.time", 1700000000), False),
    # -- comments ----------------------------------------------------------------------------------
    ("comment", "lines-and-tabs", _set("comment", "one\ntwo\tthree\r\n"), True),
    ("comment", "control-characters", _set("comment", "\x00\x1b\x7f\x85\u2028"), True),
    ("comment", "10000-characters", _set("comment", "c" * 10_000), True),
    ("comment", "10001-characters", _set("comment", "c" * 10_001), False),
    ("comment", "null", _set("comment", None), True),
    ("comment", "number", _set("comment", 5), False),
    ("comment", "round-10001-characters", _set(f"{ROUND}.comment", "c" * 10_001), False),
    ("comment", "round-null", _set(f"{ROUND}.comment", None), True),
    ("comment", "event-10000-characters", _set(f"{EVENT}.comment", "c" * 10_000), True),
    ("comment", "event-10001-characters", _set(f"{EVENT}.comment", "c" * 10_001), False),
    ("comment", "event-list", _set(f"{EVENT}.comment", ["c"]), False),
    # -- claims ------------------------------------------------------------------------------------
    (
        "claim",
        "full",
        _set(
            "claim",
            {"text": "Anna won", "winners": ["Anna"], "illegal_event": 2, "rule": "turn.keep"},
        ),
        True,
    ),
    ("claim", "empty", _set("claim", {}), True),
    ("claim", "nulls", _set("claim", {"text": None, "illegal_event": None, "rule": None}), True),
    ("claim", "text-any-script", _set("claim", {"text": "Zoë a gagné \U0001f389"}), True),
    ("claim", "text-1000-characters", _set("claim", {"text": "t" * 1000}), True),
    ("claim", "text-direction-override", _set("claim", {"text": "P1 \u202ewon"}), False),
    ("claim", "text-1001-characters", _set("claim", {"text": "t" * 1001}), False),
    ("claim", "text-newline", _set("claim", {"text": "Anna won\nVerdict: legal"}), False),
    ("claim", "text-tab", _set("claim", {"text": "Anna\twon"}), False),
    ("claim", "text-line-separator", _set("claim", {"text": "Anna won\u2028"}), False),
    ("claim", "text-number", _set("claim", {"text": 3}), False),
    ("claim", "winners-empty", _set("claim", {"winners": []}), True),
    ("claim", "winners-seat", _set("claim", {"winners": [1]}), True),
    ("claim", "winners-12", _set("claim", {"winners": ["Anna"] * 12}), True),
    ("claim", "winners-13", _set("claim", {"winners": ["Anna"] * 13}), False),
    ("claim", "winners-null", _set("claim", {"winners": None}), False),
    ("claim", "winner-long-name", _set("claim", {"winners": ["A" * 101]}), False),
    ("claim", "event-0", _set("claim", {"illegal_event": 0}), False),
    ("claim", "event-text", _set("claim", {"illegal_event": "2"}), False),
    ("claim", "rule-101-characters", _set("claim", {"rule": "r" * 101}), False),
    ("claim", "rule-number", _set("claim", {"rule": 3}), False),
    ("claim", "null", _set("claim", None), False),
    # -- reshuffles --------------------------------------------------------------------------------
    ("reshuffles", "one-card", _set(f"{ROUND}.reshuffles", [["7"]]), True),
    ("reshuffles", "none", _set(f"{ROUND}.reshuffles", []), True),
    ("reshuffles", "60-cards", _set(f"{ROUND}.reshuffles", [["7"] * 60]), True),
    ("reshuffles", "61-cards", _set(f"{ROUND}.reshuffles", [["7"] * 61]), False),
    ("reshuffles", "empty-pile", _set(f"{ROUND}.reshuffles", [[]]), False),
    ("reshuffles", "pile-not-a-list", _set(f"{ROUND}.reshuffles", ["7"]), False),
    ("reshuffles", "arabic-indic-7", _set(f"{ROUND}.reshuffles", [["\u0667"]]), False),
    ("reshuffles", "face-15", _set(f"{ROUND}.reshuffles", [["15"]]), False),
    ("reshuffles", "null", _set(f"{ROUND}.reshuffles", None), False),
    # -- nose races --------------------------------------------------------------------------------
    ("nose_races", "random", _both(RANDOM_RACES, _set(f"{ROUND}.nose_races", ["Anna", 1])), True),
    ("nose_races", "none", _set(f"{ROUND}.nose_races", []), True),
    ("nose_races", "seat-12", _both(RANDOM_RACES, _set(f"{ROUND}.nose_races", [12])), False),
    (
        "nose_races",
        "long-name",
        _both(RANDOM_RACES, _set(f"{ROUND}.nose_races", ["A" * 101])),
        False,
    ),
    ("nose_races", "not-a-list", _both(RANDOM_RACES, _set(f"{ROUND}.nose_races", "Anna")), False),
    # -- simultaneous marks ------------------------------------------------------------------------
    ("simultaneous", "on-a-throw-in", _event({**THROW, "simultaneous": "a"}), True),
    ("simultaneous", "any-text", _event({**THROW, "simultaneous": "a\nb"}), True),
    ("simultaneous", "100-characters", _event({**THROW, "simultaneous": "m" * 100}), True),
    ("simultaneous", "101-characters", _event({**THROW, "simultaneous": "m" * 101}), False),
    ("simultaneous", "null", _event({**THROW, "simultaneous": None}), False),
    ("simultaneous", "null-on-a-keep", _set(f"{EVENT}.simultaneous", None), False),
    ("simultaneous", "on-a-keep", _set(f"{EVENT}.simultaneous", "a"), False),
    ("simultaneous", "number", _event({**THROW, "simultaneous": 1}), False),
    # -- unknown keys ------------------------------------------------------------------------------
    ("keys", "top-level", _set("colour", "blue"), False),
    ("keys", "top-level-newline", _set("colour\nred", 1), False),
    ("keys", "ruleset", _set("ruleset.edition", "older"), False),
    ("keys", "option-newline", _option("throw\nin", True), False),
    ("keys", "round", _set(f"{ROUND}.dealer", "Anna"), False),
    ("keys", "deal", _set(f"{ROUND}.deal.cut", 3), False),
    ("keys", "event", _set(f"{EVENT}.card", "7"), False),
    ("keys", "event-empty", _set(f"{EVENT}.", "7"), False),
    ("keys", "claim", _set("claim", {"winner": ["Anna"]}), False),
    ("keys", "a-megabyte", _set("k" * 1_000_000, 1), False),
    # -- types -------------------------------------------------------------------------------------
    ("types", "record-list", lambda data: data.clear(), False),
    ("types", "ruleset-text", _set("ruleset", "current"), False),
    ("types", "options-list", _set("ruleset.options", []), False),
    ("types", "rounds-null", _set("rounds", None), False),
    ("types", "rounds-empty", _set("rounds", []), False),
    ("types", "round-null", _set(ROUND, None), False),
    ("types", "deal-null", _set(f"{ROUND}.deal", None), False),
    ("types", "events-missing", _drop(f"{ROUND}.events"), True),
    ("types", "events-null", _set(f"{ROUND}.events", None), False),
    ("types", "event-null", _set(EVENT, None), False),
    ("types", "event-list", _set(EVENT, ["Ben", "Keep", 1]), False),
    ("types", "action-number", _set(f"{EVENT}.action", 3), False),
    ("types", "actor-fraction", _set(f"{EVENT}.actor", 1.5), False),
    ("types", "version-text", _set("version", "1"), False),
    ("types", "format-null", _set("format", None), False),
]

#: What JSON Schema cannot say: documents it accepts and the reader refuses. The reader's
#: refusals are each a test of their own elsewhere; here, that the schema lets them through.
READER_ONLY: list[tuple[str, Change]] = [
    ("lone-surrogate-in-a-name", _name("B\ud800n")),
    ("lone-surrogate-in-a-seed", _set("seed", "\udfff")),
    ("lone-surrogate-in-a-comment", _set("comment", "\udcff")),
    ("lone-surrogate-in-a-claim", _set("claim", {"text": "x\udcff"})),
    ("lone-surrogate-in-a-time", _set(f"{EVENT}.time", "\ud800")),
    ("digits-beyond-256-bits", _set("seed", str(2**256))),
    ("unknown-player", _set(f"{EVENT}.actor", "Chloé")),
    ("seat-beyond-the-table", _set(f"{EVENT}.actor", 5)),
    ("unknown-rule-in-a-claim", _set("claim", {"rule": "turn.nope"})),
    (
        "options-that-do-not-fit",
        _both(_option("scoring", "lowest_score"), _option("lowest_score_deals", "last")),
    ),
    ("nose-races-not-random", _set(f"{ROUND}.nose_races", ["Anna"])),
    (
        "reshuffles-never-made",
        _both(_option("on_empty_draw_pile", "end_round"), _set(f"{ROUND}.reshuffles", [["7"]])),
    ),
    (
        "marks-apart",
        _set(
            f"{ROUND}.events",
            [
                {**THROW, "simultaneous": "a"},
                {"actor": "Ben", "action": "Draw"},
                {**THROW, "simultaneous": "a"},
            ],
        ),
    ),
    ("integer-as-1.0", _set(f"{EVENT}.slot", 1.0)),
]


def _verdicts(change: Change) -> tuple[bool, bool, str]:
    data = _minimal()
    change(data)
    errors = schema_errors(data)
    try:
        read_record(copy.deepcopy(data))
    except RecordError as error:
        return not errors, False, f"reader: {error}; schema: {errors[:3]}"
    return not errors, True, f"reader: accepts; schema: {errors[:3]}"


def test_the_corpus_covers_every_class_of_input() -> None:
    classes = {c for c, *_ in CORPUS}
    assert classes == {
        "face",
        "players",
        "seed",
        "options",
        "slots",
        "time",
        "comment",
        "claim",
        "reshuffles",
        "nose_races",
        "simultaneous",
        "keys",
        "types",
    }
    for kind in classes:
        verdicts = {accepted for c, _, _, accepted in CORPUS if c == kind}
        assert verdicts == {True, False} or kind == "keys", kind


@pytest.mark.parametrize(
    ("change", "accepted"),
    [
        pytest.param(change, accepted, id=f"{kind}-{name}")
        for kind, name, change, accepted in CORPUS
    ],
)
def test_the_schema_and_the_reader_accept_and_refuse_the_same_documents(
    change: Change, accepted: bool
) -> None:
    schema, reader, why = _verdicts(change)
    assert (schema, reader) == (accepted, accepted), why


@pytest.mark.parametrize(
    ("change"), [pytest.param(change, id=name) for name, change in READER_ONLY]
)
def test_what_the_schema_cannot_say_only_the_reader_refuses(change: Change) -> None:
    schema, reader, why = _verdicts(change)
    assert (schema, reader) == (True, False), why


def test_the_schema_states_the_reader_s_bounds() -> None:
    data = schema()
    defs = data["$defs"]
    rnd = defs["round"]["properties"]
    claim = defs["claim"]["properties"]
    bounds = {
        "rounds": (data["properties"]["rounds"]["maxItems"], MAX_ROUNDS),
        "events": (rnd["events"]["maxItems"], MAX_ROUND_EVENTS),
        "reshuffles": (rnd["reshuffles"]["maxItems"], MAX_ROUND_EVENTS),
        "pile": (rnd["reshuffles"]["items"]["maxItems"], len(deck_for(Ruleset()))),
        "nose_races": (rnd["nose_races"]["maxItems"], MAX_ROUND_EVENTS),
        "slots": (defs["slots"]["maxItems"], MAX_SLOTS),
        "winners": (claim["winners"]["maxItems"], 12),
        "name": (defs["name"]["maxLength"], MAX_NAME),
        "time": (defs["time"]["maxLength"], MAX_SHORT_TEXT),
        "mark": (
            defs["action.ThrowIn"]["properties"]["simultaneous"]["maxLength"],
            MAX_SHORT_TEXT,
        ),
        "seed": (defs["seed"]["maxLength"], MAX_SEED_TEXT),
        "seed bits": (defs["seed"]["maximum"], 2**chance.MAX_SEED_BITS - 1),
        "seed bits below": (defs["seed"]["minimum"], -(2**chance.MAX_SEED_BITS - 1)),
        "comment": (defs["comment"]["maxLength"], MAX_COMMENT),
        "claim": (claim["text"]["anyOf"][1]["maxLength"], MAX_CLAIM_TEXT),
        "rule": (claim["rule"]["maxLength"], MAX_ID_LENGTH),
        "face": (defs["face"]["anyOf"][1]["maxLength"], MAX_FACE_TEXT),
        "num_rounds": (
            defs["ruleset"]["properties"]["options"]["properties"]["num_rounds"]["maximum"],
            MAX_NUM_ROUNDS,
        ),
    }
    assert {name: schema_bound for name, (schema_bound, _) in bounds.items()} == {
        name: reader_bound for name, (_, reader_bound) in bounds.items()
    }

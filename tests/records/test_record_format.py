"""The record format: exact write/read round trips, the JSON Schema of version 1, actions as
JSON, tolerant reading, and the schema and the reader refusing the same bad records."""

from __future__ import annotations

import copy
import json
import typing
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import sabai_rules
from sabai_rules.agents.simulate import simulate
from sabai_rules.model import chance
from sabai_rules.model.cards import ASS_JOKER, JOKER
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    PARAMETERS,
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
from sabai_rules.referee.record import (
    FORMAT,
    VERSION,
    Claim,
    Deal,
    Problem,
    Record,
    RecordError,
    RecordEvent,
    RoundRecord,
    action_from_json,
    action_to_json,
    read_record,
    record_to_json,
    write_record,
)
from sabai_rules.referee.replay import replay

SCHEMA_PATH = Path(sabai_rules.__file__).parent / "schema" / "record-v1.schema.json"

Json = dict[str, Any]


@cache
def schema() -> Json:
    data: Json = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


@cache
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def schema_errors(data: object) -> list[str]:
    return [f"{e.json_path}: {e.message}" for e in validator().iter_errors(data)]


#: Simulated games: (players, seed, preset, bots, rounds) — both bot kinds (and a mixed table),
#: 2 to 5 players, all three presets, whole games and capped ones.
GAMES: list[tuple[int, int, str, str | tuple[str, ...], int | None]] = [
    (2, 1, "current", "sensible", None),
    (3, 2, "current", "random", 2),
    (4, 3, "older", "sensible", None),
    (5, 4, "older", "random", None),
    (2, 5, "simplified", "random", None),
    (3, 6, "simplified", "sensible", 2),
    (5, 7, "current", ("sensible", "random", "random", "sensible", "random"), 1),
    (4, 8, "simplified", ("random", "sensible", "random", "sensible"), 1),
]


def game_id(game: tuple[int, int, str, str | tuple[str, ...], int | None]) -> str:
    players, seed, preset, bots, rounds = game
    kind = bots if isinstance(bots, str) else "mixed"
    return f"{players}p-seed{seed}-{preset}-{kind}-{rounds or 'all'}"


@cache
def simulated(game: tuple[int, int, str, str | tuple[str, ...], int | None]) -> Record:
    players, seed, preset, bots, rounds = game
    return simulate(players, seed, rounds=rounds, preset=preset, bots=bots)


def test_the_simulated_games_cover_both_bots_every_preset_and_2_to_5_players() -> None:
    kinds = {k for g in GAMES for k in ([g[3]] if isinstance(g[3], str) else g[3])}
    assert kinds == {"random", "sensible"}
    assert {g[2] for g in GAMES} == set(PRESETS)
    assert {g[0] for g in GAMES} == {2, 3, 4, 5}


# -- round trips ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_written_record_reads_back_and_writes_the_same_text(
    game: tuple[int, int, str, str | tuple[str, ...], int | None],
) -> None:
    record = simulated(game)
    text = write_record(record)
    again = read_record(text)
    assert again == record
    assert write_record(again) == text
    assert read_record(text.encode("utf-8")) == record
    assert json.loads(text) == record_to_json(record)
    assert sum(len(r.events) for r in record.rounds) > 0


def _order_deal() -> Deal:
    """A deal given as a card order: every card of the default deck once, jokers first."""
    faces = [JOKER, JOKER, JOKER, ASS_JOKER] + [rank for rank in range(1, 15) for _ in range(4)]
    return Deal(order=tuple(faces))


def _hand_made_record() -> Record:
    """Every optional part of the format: a changed option, an order deal, times, comments, a
    text seed and a claim."""
    rules = Ruleset.preset("simplified").with_options(
        num_rounds=2, throw_in_window="until_next_draw"
    )
    return Record(
        ruleset=rules,
        players=("Anna", "Bäbel", "Chloé"),
        first_dealer=2,
        rounds=(
            RoundRecord(
                _order_deal(),
                (
                    RecordEvent(Draw(0), time="2024-05-01T20:15:00+02:00", comment="first"),
                    RecordEvent(Keep(0, 3)),
                    RecordEvent(Draw(1), comment='« quoted » "text"'),
                ),
            ),
            RoundRecord(Deal(seed="evening", generator=chance.GENERATOR), ()),
        ),
        seed="table 4",
        claim=Claim(text="Chloé won", winners=(2,), illegal_event=3, rule="turn.draw"),
        comment="hand-written",
    )


def test_every_optional_part_survives_a_round_trip() -> None:
    record = _hand_made_record()
    text = write_record(record)
    assert read_record(text) == record
    assert write_record(read_record(text)) == text
    data = json.loads(text)
    assert data["ruleset"] == {
        "preset": "simplified",
        "options": {"num_rounds": 2, "throw_in_window": "until_next_draw"},
    }
    assert data["rounds"][0]["deal"]["order"][:4] == ["J", "J", "J", "AJ"]
    assert data["rounds"][1] == {
        "deal": {"seed": "evening", "generator": "shake256-fisher-yates/1"},
        "events": [],
    }
    assert data["claim"] == {
        "text": "Chloé won",
        "winners": ["Chloé"],
        "illegal_event": 3,
        "rule": "turn.draw",
    }
    assert schema_errors(data) == []


def test_a_hand_written_minimal_record_reads() -> None:
    record = read_record(
        '{"format": "sabai-record", "version": 1, "players": ["Anna", "Ben"],'
        ' "first_dealer": "Ben",'
        ' "rounds": [{"deal": {"seed": 7, "generator": "shake256-fisher-yates/1"}}]}'
    )
    assert record.players == ("Anna", "Ben")
    assert record.first_dealer == 1
    assert record.ruleset == Ruleset()
    assert record.seed == 0
    assert record.rounds == (RoundRecord(Deal(seed=7, generator=chance.GENERATOR), ()),)
    assert record.claim is None
    assert record.comment is None


def test_players_may_be_named_by_seat_number() -> None:
    data = _minimal()
    data["first_dealer"] = 1
    data["rounds"][0]["events"] = [
        {"actor": 0, "action": "Draw"},
        {"actor": "Anna", "action": "Give", "slot": 2, "target": 1},
    ]
    record = read_record(data)
    assert record.first_dealer == 1
    assert [e.action for e in record.rounds[0].events] == [Draw(0), Give(0, 2, 1)]
    assert schema_errors(data) == []


# -- actions as JSON -----------------------------------------------------------------------------

PLAYERS = ("Anna", "Ben", "Cleo")

#: One action of every kind, with distinct parameter values, and its JSON form.
ACTIONS: list[tuple[Action, Json]] = [
    (Draw(0), {"actor": "Anna", "action": "Draw"}),
    (Play(1), {"actor": "Ben", "action": "Play"}),
    (Keep(2, 3), {"actor": "Cleo", "action": "Keep", "slot": 3}),
    (ThrowIn(0, 2, 1), {"actor": "Anna", "action": "ThrowIn", "owner": "Cleo", "slot": 1}),
    (
        AlsoThrowIn(1, 1, 0),
        {"actor": "Ben", "action": "AlsoThrowIn", "owner": "Ben", "slot": 0},
    ),
    (Peek(1, 2), {"actor": "Ben", "action": "Peek", "slot": 2}),
    (Spy(2, 0, 3), {"actor": "Cleo", "action": "Spy", "target": "Anna", "slot": 3}),
    (Give(0, 2, 1), {"actor": "Anna", "action": "Give", "slot": 2, "target": "Ben"}),
    (
        Switch(1, 0, 2, 3),
        {"actor": "Ben", "action": "Switch", "slot": 0, "target": "Cleo", "target_slot": 3},
    ),
    (SkipFunction(2), {"actor": "Cleo", "action": "SkipFunction"}),
    (Compensate(0, 4), {"actor": "Anna", "action": "Compensate", "slot": 4}),
    (TakeFirstRefusal(1), {"actor": "Ben", "action": "TakeFirstRefusal"}),
    (WaiveFirstRefusal(2), {"actor": "Cleo", "action": "WaiveFirstRefusal"}),
    (TouchNoseLast(0), {"actor": "Anna", "action": "TouchNoseLast"}),
    (CallSabaiSabai(1), {"actor": "Ben", "action": "CallSabaiSabai"}),
    (Pass(2), {"actor": "Cleo", "action": "Pass"}),
    (LookAtCards(0, (1, 3)), {"actor": "Anna", "action": "LookAtCards", "slots": [1, 3]}),
]


def test_the_action_list_covers_every_action_of_the_engine() -> None:
    engine = set(typing.get_args(Action))
    assert {type(a) for a, _ in ACTIONS} == engine
    assert len(ACTIONS) == len(engine)
    assert set(PARAMETERS) == engine


@pytest.mark.parametrize(("action", "data"), ACTIONS, ids=[type(a).__name__ for a, _ in ACTIONS])
def test_an_action_round_trips_through_json(action: Action, data: Json) -> None:
    assert action_to_json(action, PLAYERS) == data
    assert action_from_json(data, PLAYERS, "$.e") == action
    assert action_from_json(json.loads(json.dumps(data)), PLAYERS, "$.e") == action
    # As an event of a record, it is valid for the schema too.
    record = _minimal()
    record["players"] = list(PLAYERS)
    record["rounds"][0]["events"] = [data]
    assert schema_errors(record) == []


def test_an_action_with_a_wrong_parameter_names_its_path() -> None:
    with pytest.raises(RecordError) as caught:
        action_from_json(
            {"actor": "Ben", "action": "Switch", "slot": 0, "target": "Cleo", "target_slot": -1},
            PLAYERS,
            "$.rounds[2].events[5]",
        )
    assert caught.value.path == "$.rounds[2].events[5].target_slot"


# -- tolerant reading ----------------------------------------------------------------------------


def test_a_tolerant_read_skips_bad_events_reports_their_paths_and_goes_on() -> None:
    data = _minimal()
    data["rounds"][0]["events"] = [
        {"actor": "Ben", "action": "Draw"},
        {"actor": "Ben", "action": "Fly"},
        {"actor": "Ben", "action": "Keep", "slot": 0},
    ]
    data["rounds"].append(
        {
            "deal": {"seed": 8, "generator": chance.GENERATOR},
            "events": [
                {"actor": "Anna", "action": "Draw"},
                {"actor": "Anna", "action": "Keep", "slot": "two"},
                {"actor": "Nobody", "action": "Play"},
                {"actor": "Anna", "action": "Play"},
            ],
        }
    )
    with pytest.raises(RecordError) as caught:
        read_record(data)
    assert caught.value.path == "$.rounds[0].events[1].action"
    problems: list[Problem] = []
    record = read_record(data, problems=problems)
    assert [p.path for p in problems] == [
        "$.rounds[0].events[1].action",
        "$.rounds[1].events[1].slot",
        "$.rounds[1].events[2].actor",
    ]
    assert "'Fly'" in problems[0].message
    assert str(problems[1]).startswith("$.rounds[1].events[1].slot: ")
    assert [[e.action for e in r.events] for r in record.rounds] == [
        [Draw(1), Keep(1, 0)],
        [Draw(0), Play(0)],
    ]


def test_a_tolerant_read_still_refuses_a_problem_outside_the_events() -> None:
    data = _minimal()
    data["first_dealer"] = "Nobody"
    problems: list[Problem] = []
    with pytest.raises(RecordError) as caught:
        read_record(data, problems=problems)
    assert caught.value.path == "$.first_dealer"


# -- the JSON Schema -----------------------------------------------------------------------------


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema()["properties"]["format"] == {"const": FORMAT}
    assert schema()["properties"]["version"] == {"const": VERSION}


def test_the_schema_names_every_action_with_its_parameters() -> None:
    defs = schema()["$defs"]
    names = [cls.__name__ for cls in PARAMETERS]
    assert defs["event"]["properties"]["action"]["enum"] == names
    kinds = {"player": "#/$defs/player", "slot": "#/$defs/slot", "slots": "#/$defs/slots"}
    for cls, parameters in PARAMETERS.items():
        action = copy.deepcopy(defs[f"action.{cls.__name__}"])  # the schema is shared
        params = {p.name: {"$ref": kinds[p.kind]} for p in parameters}
        # Only throw-ins are recorded as simultaneous (ruling.sequential-actions).
        together = action["properties"].pop("simultaneous", None)
        assert (together is not None) == (cls is ThrowIn)
        assert together is None or together["type"] == "string"
        assert action["properties"] == {
            "actor": {"$ref": "#/$defs/player"},
            "action": {"const": cls.__name__},
            **params,
            "time": {"$ref": "#/$defs/time"},
            "comment": {"$ref": "#/$defs/comment"},
        }
        assert action["required"] == ["actor", "action", *params]
        assert action["additionalProperties"] is False


def test_the_schema_names_the_presets_the_generator_and_every_ruleset_option() -> None:
    defs = schema()["$defs"]
    assert defs["ruleset"]["properties"]["preset"]["enum"] == list(PRESETS)
    assert defs["deal"]["properties"]["generator"] == {"const": chance.GENERATOR}
    options = defs["ruleset"]["properties"]["options"]
    expected = [name for name in Ruleset.option_names() if name != "deck"]
    assert options["propertyNames"]["enum"] == expected
    assert list(options["properties"]) == expected
    hints = typing.get_type_hints(Ruleset)
    choices = {n: t for n, t in hints.items() if typing.get_origin(t) is typing.Literal}
    assert len(choices) > 10
    for name, hint in choices.items():
        assert options["properties"][name]["enum"] == list(typing.get_args(hint)), name
    for name, hint in hints.items():
        if hint is bool:
            assert options["properties"][name]["type"] == "boolean", name
        elif hint is int:
            assert options["properties"][name]["type"] == "integer", name
        elif hint == int | None:
            assert options["properties"][name]["type"] == ["integer", "null"], name


def test_every_preset_and_its_options_are_valid_for_the_schema() -> None:
    for preset in PRESETS:
        for name, value in Ruleset.preset(preset).options().items():
            if name == "deck":
                continue
            data = _minimal()
            data["ruleset"] = {"preset": preset, "options": {name: value}}
            assert schema_errors(data) == [], (preset, name)
            read_record(data)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_every_simulated_record_is_valid_for_the_schema(
    game: tuple[int, int, str, str | tuple[str, ...], int | None],
) -> None:
    assert schema_errors(json.loads(write_record(simulated(game)))) == []


def test_an_order_deal_is_valid_in_every_spelling_of_the_faces() -> None:
    data = _minimal()
    order: list[object] = [" 1", 1, "01", "1"]
    order += [str(rank) for rank in range(2, 11) for _ in range(4)]
    order += ["11", "11 peek", "11 PEEK", 11, "12 spy", "12", "12", "12", "13 Give", "13"]
    order += ["13", "13", "14 switch", "14", "14", "14", "J", "joker", "Joker ", "Ass Joker"]
    data["rounds"][0]["deal"] = {"order": order}
    assert schema_errors(data) == []
    assert read_record(data).rounds[0].deal.order is not None
    for spelling in ("ass-joker", "AJ", "assjoker"):
        data["rounds"][0]["deal"] = {"order": [*order[:-1], spelling]}
        assert schema_errors(data) == [], spelling
        read_record(data)


# -- the schema and the reader agree -------------------------------------------------------------


def _minimal() -> Json:
    return {
        "format": "sabai-record",
        "version": 1,
        "ruleset": {"preset": "current", "options": {}},
        "players": ["Anna", "Ben"],
        "first_dealer": "Anna",
        "seed": 3,
        "rounds": [
            {
                "deal": {"seed": 3, "generator": chance.GENERATOR},
                "events": [
                    {"actor": "Ben", "action": "Draw"},
                    {"actor": "Ben", "action": "Keep", "slot": 1},
                ],
            }
        ],
    }


def _full_order() -> list[str]:
    return ["J", "J", "J", "AJ"] + [str(rank) for rank in range(1, 15) for _ in range(4)]


def _set(path: str, value: object) -> Callable[[Json], None]:
    """Set the value at a dotted path (numbers index lists)."""

    def change(data: Json) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value

    return change


def _drop(path: str) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        del node[last]

    return change


EVENT = "rounds.0.events.1"

#: Bad records, each refused by the reader and invalid for the schema.
BAD: list[Any] = [
    pytest.param(_set("format", "sabai-record-view"), id="wrong-format"),
    pytest.param(_drop("format"), id="no-format"),
    pytest.param(_set("version", 99), id="version-99"),
    pytest.param(_set("version", "1"), id="version-as-text"),
    pytest.param(_drop("version"), id="no-version"),
    pytest.param(_set("colour", "blue"), id="unknown-top-level-key"),
    pytest.param(_set("comment", 5), id="comment-not-text"),
    pytest.param(_set("players", "Anna, Ben"), id="players-not-a-list"),
    pytest.param(_set("players", ["Anna"]), id="one-player"),
    pytest.param(_set("players", [f"P{i}" for i in range(13)]), id="thirteen-players"),
    pytest.param(_set("players", ["Anna", "Anna"]), id="same-name-twice"),
    pytest.param(_set("players", ["Anna", "  "]), id="blank-name"),
    pytest.param(_set("players", ["Anna", 2]), id="name-not-text"),
    pytest.param(_drop("first_dealer"), id="no-first-dealer"),
    pytest.param(_set("first_dealer", 12), id="first-dealer-seat-12"),
    pytest.param(_set("first_dealer", -1), id="first-dealer-negative-seat"),
    pytest.param(_set("first_dealer", True), id="first-dealer-boolean"),
    pytest.param(_set("seed", 1.5), id="seed-fraction"),
    pytest.param(_set("seed", None), id="seed-null"),
    pytest.param(_set("seed", [1]), id="seed-list"),
    pytest.param(_drop("rounds"), id="no-rounds"),
    pytest.param(_set("rounds", []), id="zero-rounds"),
    pytest.param(_set("rounds", {"deal": {}}), id="rounds-not-a-list"),
    pytest.param(_set("rounds.0", "round"), id="round-not-an-object"),
    pytest.param(_set("rounds.0.dealer", "Anna"), id="unknown-round-key"),
    pytest.param(_drop("rounds.0.deal"), id="no-deal"),
    pytest.param(_set("rounds.0.deal", {}), id="empty-deal"),
    pytest.param(_set("rounds.0.deal.order", _full_order()), id="order-and-seed"),
    pytest.param(_drop("rounds.0.deal.generator"), id="seed-without-generator"),
    pytest.param(_set("rounds.0.deal.generator", "mt19937"), id="unknown-generator"),
    pytest.param(_set("rounds.0.deal.seed", True), id="deal-seed-boolean"),
    pytest.param(_set("rounds.0.deal.cut", 3), id="unknown-deal-key"),
    pytest.param(_set("rounds.0.deal", {"order": _full_order()[1:]}), id="order-lacks-a-card"),
    pytest.param(
        _set("rounds.0.deal", {"order": [*_full_order(), "7"]}), id="order-one-card-too-many"
    ),
    pytest.param(
        _set("rounds.0.deal", {"order": [*_full_order()[:-1], "J"]}), id="order-a-fourth-joker"
    ),
    pytest.param(_set("rounds.0.deal", {"order": [*_full_order()[:-1], "15"]}), id="order-15"),
    pytest.param(_set("rounds.0.deal", {"order": [*_full_order()[:-1], "X"]}), id="order-X"),
    pytest.param(_set("rounds.0.deal", {"order": [*_full_order()[:-1], 0]}), id="order-0"),
    pytest.param(_set("rounds.0.deal", {"order": [*_full_order()[:-1], "1 peek"]}), id="1-peek"),
    pytest.param(_set("rounds.0.deal", {"order": "J J J AJ"}), id="order-not-a-list"),
    pytest.param(_set("rounds.0.events", {"actor": "Ben"}), id="events-not-a-list"),
    pytest.param(_set("rounds.0.events", None), id="events-null"),
    pytest.param(_set(EVENT, ["Ben", "Keep", 1]), id="event-not-an-object"),
    pytest.param(_drop(f"{EVENT}.actor"), id="event-without-actor"),
    pytest.param(_drop(f"{EVENT}.action"), id="event-without-action"),
    pytest.param(_set(f"{EVENT}.action", "Fly"), id="unknown-action"),
    pytest.param(_set(f"{EVENT}.action", "keep"), id="action-in-lower-case"),
    pytest.param(_drop(f"{EVENT}.slot"), id="missing-parameter"),
    pytest.param(_set(f"{EVENT}.owner", "Anna"), id="parameter-of-another-action"),
    pytest.param(_set(f"{EVENT}.slot", "1"), id="slot-as-text"),
    pytest.param(_set(f"{EVENT}.slot", -1), id="slot-negative"),
    pytest.param(_set(f"{EVENT}.slot", 100), id="slot-100"),
    pytest.param(_set(f"{EVENT}.slot", 1.5), id="slot-fraction"),
    pytest.param(_set(f"{EVENT}.slot", False), id="slot-boolean"),
    pytest.param(_set(f"{EVENT}.actor", -1), id="actor-negative-seat"),
    pytest.param(_set(f"{EVENT}.actor", 12), id="actor-seat-12"),
    pytest.param(_set(f"{EVENT}.actor", None), id="actor-null"),
    pytest.param(_set(f"{EVENT}.time", 1700000000), id="time-not-text"),
    pytest.param(_set(f"{EVENT}.comment", ["nice"]), id="event-comment-not-text"),
    pytest.param(
        _set(EVENT, {"actor": "Ben", "action": "LookAtCards", "slots": 1}), id="slots-not-a-list"
    ),
    pytest.param(
        _set(EVENT, {"actor": "Ben", "action": "LookAtCards", "slots": [0, "1"]}),
        id="slots-with-a-text",
    ),
    pytest.param(
        _set(EVENT, {"actor": "Ben", "action": "Spy", "target": True, "slot": 0}),
        id="target-boolean",
    ),
    pytest.param(_set("ruleset", "current"), id="ruleset-not-an-object"),
    pytest.param(_set("ruleset.preset", "newest"), id="unknown-preset"),
    pytest.param(_set("ruleset.edition", "older"), id="unknown-ruleset-key"),
    pytest.param(_set("ruleset.options", ["num_rounds"]), id="options-not-an-object"),
    pytest.param(_set("ruleset.options.colour", "red"), id="unknown-option"),
    pytest.param(_set("ruleset.options.deck", {"copies": 2}), id="deck-option"),
    pytest.param(_set("ruleset.options.throw_in_window", "forever"), id="option-bad-choice"),
    pytest.param(_set("ruleset.options.initial_peek", 5), id="initial-peek-5"),
    pytest.param(_set("ruleset.options.num_rounds", 0), id="num-rounds-0"),
    pytest.param(_set("ruleset.options.final_round_max_turns", 0), id="max-turns-0"),
    pytest.param(_set("ruleset.options.num_rounds", "3"), id="num-rounds-as-text"),
    pytest.param(_set("claim", "Anna won"), id="claim-not-an-object"),
    pytest.param(_set("claim", {"winner": ["Anna"]}), id="unknown-claim-key"),
    pytest.param(_set("claim", {"winners": "Anna"}), id="claim-winners-not-a-list"),
    pytest.param(_set("claim", {"winners": [2.5]}), id="claim-winner-fraction"),
    pytest.param(_set("claim", {"illegal_event": 0}), id="claim-event-0"),
    pytest.param(_set("claim", {"illegal_event": True}), id="claim-event-boolean"),
    pytest.param(_set("claim", {"illegal_event": "3"}), id="claim-event-as-text"),
    pytest.param(_set("claim", {"text": 3}), id="claim-text-not-text"),
    pytest.param(_set("claim", {"rule": 3}), id="claim-rule-not-text"),
    pytest.param(
        _set("version", True),
        id="version-true",
    ),
    pytest.param(
        _set("ruleset.options.joker_onto_ass_joker", "yes"),
        id="yes-no-option-as-text",
    ),
    pytest.param(
        _set("ruleset.options.ass_joker_value", "x"),
        id="number-option-as-text",
    ),
    pytest.param(
        _set("ruleset.options.num_rounds", True),
        id="num-rounds-boolean",
    ),
    pytest.param(
        _set("rounds.0.deal", {"order": _full_order(), "generator": 5}),
        id="order-with-a-bad-generator",
    ),
    pytest.param(
        _set("rounds.0.comment", 5),
        id="round-comment-not-text",
    ),
    pytest.param(_set("rounds.0.reshuffles", "7 13"), id="reshuffles-not-a-list"),
    pytest.param(_set("rounds.0.reshuffles", [[]]), id="reshuffle-empty-pile"),
    pytest.param(_set("rounds.0.reshuffles", ["7"]), id="reshuffle-pile-not-a-list"),
    pytest.param(_set("rounds.0.reshuffles", [["7", "X"]]), id="reshuffle-face-X"),
    pytest.param(_set("rounds.0.reshuffles", [["7", "15"]]), id="reshuffle-face-15"),
    pytest.param(_set("rounds.0.nose_races", "Ben"), id="nose-races-not-a-list"),
    pytest.param(_set("rounds.0.nose_races", [12]), id="nose-race-seat-12"),
]


def test_the_base_of_the_bad_records_is_good() -> None:
    data = _minimal()
    assert schema_errors(data) == []
    assert read_record(copy.deepcopy(data)).rounds[0].events[1].action == Keep(1, 1)
    data["rounds"][0]["deal"] = {"order": _full_order()}
    assert schema_errors(data) == []
    read_record(data)


@pytest.mark.parametrize("spoil", BAD)
def test_the_schema_and_the_reader_refuse_the_same_bad_record(
    spoil: Callable[[Json], None],
) -> None:
    data = _minimal()
    spoil(data)
    errors = schema_errors(data)
    refused = None
    try:
        read_record(data)
    except RecordError as error:
        refused = error
    assert refused is not None, f"the reader accepts it; the schema says {errors}"
    assert str(refused).startswith("$"), refused
    assert errors, f"the schema accepts it; the reader says {refused}"


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(_set(f"{EVENT}.actor", 1.0), id="actor-1.0"),
        pytest.param(_set(f"{EVENT}.slot", 1.0), id="slot-1.0"),
        pytest.param(_set("rounds.0.deal", {"order": [*_full_order()[:-1], 14.0]}), id="face-14.0"),
    ],
)
def test_the_reader_refuses_whole_fractions_that_the_schema_counts_as_integers(
    spoil: Callable[[Json], None],
) -> None:
    data = _minimal()
    spoil(data)
    assert schema_errors(data) == []  # JSON Schema: 1.0 is an integer
    with pytest.raises(RecordError):
        read_record(data)


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
def test_a_declined_look_is_a_look_at_no_slot_and_replays_under_the_older_preset() -> None:
    data = _minimal()
    data["ruleset"] = {"preset": "older", "options": {}}
    data["players"] = ["Anna", "Ben", "Cleo"]
    data["rounds"][0]["events"] = [
        {"actor": "Cleo", "action": "LookAtCards", "slots": [0, 3]},
        {"actor": "Anna", "action": "LookAtCards", "slots": []},
        {"actor": "Ben", "action": "LookAtCards", "slots": [2]},
        {"actor": "Ben", "action": "Draw"},
        {"actor": "Ben", "action": "Play"},
    ]
    assert schema_errors(data) == []
    record = read_record(data)
    assert record.version == 1
    assert record.rounds[0].events[1].action == LookAtCards(0, ())
    verdict = replay(record)
    assert (verdict.illegal, verdict.problems, verdict.stopped) == ((), (), False)
    assert json.loads(write_record(record))["rounds"][0]["events"][1]["slots"] == []
    # Where looking is compulsory, the same record breaks the rule of the two cards.
    data["ruleset"]["options"] = {"initial_peek_optional": False}
    (illegal,) = replay(read_record(data)).illegal
    assert (illegal.number, illegal.rule) == (2, "setup.look-at-two")

"""Every kind of unusable input to the record commands is one line on standard error naming the
problem (with its JSON path where it has one), exit code 2, no traceback and nothing on standard
output."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.cli import EXIT_USAGE
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.referee import replay
from sabai_rules.referee.record import MAX_BYTES, MAX_DEPTH, read_record, write_record
from tests.support import sabai

Json = dict[str, Any]


def _json(record: Any) -> Json:
    data: Json = json.loads(write_record(record))
    return data


#: A whole game of three players (three rounds), as JSON.
GAME = _json(simulate(3, 11))
#: A game of the older edition: each round begins with everybody looking at two cards.
OLDER = _json(simulate(3, 11, preset="older"))
#: A game of one round (num_rounds 1).
ONE_ROUND = _json(simulate(3, 12, ruleset=Ruleset().with_options(num_rounds=1)))

#: The default deck in some order: every card once.
ORDER = ["J", "J", "J", "AJ"] + [str(rank) for rank in range(1, 15) for _ in range(4)]


def _first(data: Json, action: str) -> int:
    return next(i for i, e in enumerate(data["rounds"][0]["events"]) if e["action"] == action)


def test_the_games_used_here_are_legal_and_complete() -> None:
    for data in (GAME, ONE_ROUND):
        verdict = replay(read_record(data))
        assert verdict.legal
        assert verdict.complete
    assert len(GAME["rounds"]) == 3
    assert len(ONE_ROUND["rounds"]) == 1


# -- the cases ----------------------------------------------------------------------------------

#: A case writes what it needs into the directory and returns the command's arguments.
Case = Callable[[Path], list[str]]


def _text(content: str | bytes, command: str = "replay") -> Case:
    def make(tmp: Path) -> list[str]:
        path = tmp / "record.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return [command, str(path)]

    return make


def _record(change: Callable[[Json], object], base: Json = GAME, *extra: str) -> Case:
    """The game with ``change`` made to its JSON, replayed (or the command in ``extra``)."""

    def make(tmp: Path) -> list[str]:
        data = copy.deepcopy(base)
        change(data)
        path = tmp / "record.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        if extra:
            return [extra[0], str(path), *extra[1:]]
        return ["replay", str(path)]

    return make


def _missing(tmp: Path) -> list[str]:
    return ["replay", str(tmp / "no-such-record.json")]


def _directory(tmp: Path) -> list[str]:
    return ["replay", str(tmp)]


def _huge(tmp: Path) -> list[str]:
    """A JSON string padded with spaces, one byte over the limit."""
    path = tmp / "huge.json"
    with path.open("wb") as file:
        file.write(b'"')
        file.write(b" " * (MAX_BYTES - 1))
        file.write(b'"')
    assert path.stat().st_size == MAX_BYTES + 1
    return ["replay", str(path)]


def _event(r: int, i: int, value: Json) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        data["rounds"][r]["events"][i] = value

    return change


#: The first Keep of the game: its index in round 1 and its actor.
KEEP = _first(GAME, "Keep")
KEEPER = GAME["rounds"][0]["events"][KEEP]["actor"]
#: The number of events of the one-round game.
LAST = len(ONE_ROUND["rounds"][0]["events"])


def _keep_slot_9(data: Json) -> None:
    """The first Keep of the game, of slot 9: every row holds four cards."""
    data["rounds"][0]["events"][KEEP]["slot"] = 9


def _event_after_the_end(data: Json) -> None:
    events = data["rounds"][-1]["events"]
    events.append({"actor": data["players"][0], "action": "Draw"})


def _round_cut_short(data: Json) -> None:
    data["rounds"][0]["events"] = data["rounds"][0]["events"][:10]


def _claim(data: Json) -> None:
    data["claim"] = {"text": "Ben drew out of turn", "illegal_event": 3, "rule": "turn.drawing"}


#: (case, what the message says). Record paths are named by the message.
CASES: list[Any] = [
    pytest.param(_missing, "no such file", id="missing-file"),
    pytest.param(_directory, "a directory, not a record", id="directory"),
    pytest.param(
        _text('{\n  "format": "sabai-record",\n  "version": 1,,\n}'),
        "not JSON: Expecting property name enclosed in double quotes at line 3, column 16",
        id="not-json",
    ),
    pytest.param(_text("Round 1: Anna drew a 7."), "not JSON", id="prose"),
    pytest.param(_text(""), "the file is empty", id="empty-file"),
    pytest.param(_text(" \n\t\r\n  "), "the file is empty", id="whitespace-only"),
    pytest.param(
        _text(b'{"players": ["Ann\xe9"]}'), "not UTF-8 text (byte 17 is invalid)", id="latin-1"
    ),
    pytest.param(_huge, f"larger than {MAX_BYTES:,} bytes", id="huge-file"),
    pytest.param(
        _text("[" * 100 + "]" * 100),
        f"the JSON is nested deeper than {MAX_DEPTH} levels",
        id="deeply-nested",
    ),
    pytest.param(
        _text('{"seed": ' + "9" * 5000 + "}"),
        "not usable JSON: Exceeds the limit (4300 digits)",
        id="integer-of-5000-digits",
    ),
    pytest.param(_text("[1, 2]"), "$: expected a record object, found a list", id="a-list"),
    pytest.param(
        _record(lambda d: d.update(format="sabai-record-view")),
        "$.format: not a sabai-sabai record",
        id="wrong-format",
    ),
    pytest.param(
        _record(lambda d: d.update(version=99)), "$.version: unknown version 99", id="version-99"
    ),
    pytest.param(
        _record(lambda d: d.update(players="P1 P2 P3")),
        "$.players: expected a list of player names, found a string",
        id="players-not-a-list",
    ),
    pytest.param(
        _record(_event(0, 0, {"actor": "P1", "action": "Keep", "slot": "0"})),
        "$.rounds[0].events[0].slot: a slot is a number from 0, not '0'",
        id="slot-as-text",
    ),
    pytest.param(
        _record(lambda d: d.update(colour="blue")),
        "$.colour: unknown key 'colour'",
        id="unknown-key",
    ),
    pytest.param(
        _record(_event(0, 0, {"actor": "P1", "action": "Draw", "card": "7"})),
        "$.rounds[0].events[0].card: 'card' is not a parameter of Draw",
        id="unknown-event-key",
    ),
    pytest.param(
        _record(_event(0, 1, {"actor": "P1", "action": "Keep"})),
        "$.rounds[0].events[1]: Keep needs 'slot'",
        id="missing-parameter",
    ),
    pytest.param(
        _record(_event(0, 1, {"actor": "P1", "action": "Spy", "slot": 0})),
        "$.rounds[0].events[1]: Spy needs 'target'",
        id="missing-target",
    ),
    pytest.param(
        _record(_event(0, 0, {"actor": "Nobody", "action": "Draw"})),
        "$.rounds[0].events[0].actor: unknown player 'Nobody' (the players are P1, P2, P3)",
        id="unknown-actor",
    ),
    pytest.param(
        _record(lambda d: d.update(first_dealer="Nobody")),
        "$.first_dealer: unknown player 'Nobody'",
        id="unknown-first-dealer",
    ),
    pytest.param(
        _record(lambda d: None, GAME, "show", "--at", "0", "--as", "Nobody"),
        "unknown player 'Nobody' (the players are P1, P2, P3)",
        id="show-as-nobody",
    ),
    pytest.param(
        _record(lambda d: None, GAME, "show", "--at", "0", "--as", "²"),
        "unknown player '²' (the players are P1, P2, P3)",
        id="show-as-superscript-two",
    ),
    pytest.param(
        _record(lambda d: None, GAME, "export", "--as", "Nobody"),
        "unknown player 'Nobody' (the players are P1, P2, P3)",
        id="export-as-nobody",
    ),
    pytest.param(
        _record(lambda d: d["rounds"][0].update(deal={"order": [*ORDER[:-1], "15"]})),
        "$.rounds[0].deal.order: the order is not a shuffled deck: card 59: 15 is not in this deck",
        id="card-15",
    ),
    pytest.param(
        _record(lambda d: d["rounds"][0].update(deal={"order": [*ORDER[:-1], "X"]})),
        "$.rounds[0].deal.order[59]: not a card: 'X'",
        id="card-X",
    ),
    pytest.param(
        _record(lambda d: d["rounds"][0].update(deal={"order": ORDER[1:]})),
        "$.rounds[0].deal.order: the order is not a shuffled deck: the order lacks 1 card(s)",
        id="order-lacks-a-card",
    ),
    pytest.param(
        _record(lambda d: d["rounds"][0].update(deal={"order": [*ORDER, "7"]})),
        "$.rounds[0].deal.order: the order is not a shuffled deck: card 60: 7 is one too many",
        id="order-one-card-too-many",
    ),
    pytest.param(
        _record(lambda d: d["rounds"][1]["deal"].update(generator="mt19937")),
        "$.rounds[1].deal.generator: unknown generator 'mt19937'",
        id="unknown-generator",
    ),
    pytest.param(
        _record(lambda d: d["ruleset"].update(preset="newest")),
        "$.ruleset.preset: unknown preset 'newest' (expected one of current, older, simplified)",
        id="unknown-preset",
    ),
    pytest.param(
        _record(lambda d: d["ruleset"]["options"].update(colour="red")),
        "$.ruleset.options.colour: unknown ruleset option 'colour'",
        id="unknown-option",
    ),
    pytest.param(
        _record(lambda d: d["ruleset"]["options"].update(throw_in_window="forever")),
        "$.ruleset.options.throw_in_window: throw_in_window must be one of 'until_covered', "
        "'until_next_draw', not 'forever'",
        id="option-bad-choice",
    ),
    pytest.param(
        _record(lambda d: d["ruleset"]["options"].update(ass_joker_value="x")),
        "$.ruleset.options.ass_joker_value",
        id="option-of-the-wrong-type",
    ),
    pytest.param(
        _record(_claim),
        "$.claim.rule: unknown rule id 'turn.drawing'",
        id="unknown-rule-in-claim",
    ),
    pytest.param(
        _record(lambda d: None, GAME, "show", "--at", "-1"),
        "--at: event numbers start at 1 (0 is the deal), not -1",
        id="show-at-minus-1",
    ),
    pytest.param(
        _record(lambda d: None, GAME, "show", "--at", "100000"),
        "--at: the record has",
        id="show-at-too-far",
    ),
    pytest.param(
        _record(lambda d: None, GAME, "show", "--at", "three"),
        "argument --at: invalid int value: 'three'",
        id="show-at-not-a-number",
    ),
    pytest.param(
        lambda tmp: ["simulate", "--players", "1", "--seed", "1", "-o", str(tmp / "sim.json")],
        "--players must be 2 to 12, not 1",
        id="simulate-1-player",
    ),
    pytest.param(
        lambda tmp: ["simulate", "--players", "13", "--seed", "1", "-o", str(tmp / "sim.json")],
        "--players must be 2 to 12, not 13",
        id="simulate-13-players",
    ),
    pytest.param(
        lambda tmp: ["simulate", "--players", "3", "--seed", "1", "--rounds", "0", "-o", "x"],
        "--rounds must be at least 1",
        id="simulate-0-rounds",
    ),
]


@pytest.mark.parametrize(("case", "expected"), CASES)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    case: Case, expected: str, tmp_path: Path
) -> None:
    argv = case(tmp_path)
    code, out, err = sabai(*argv)
    assert out == ""
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    assert err.endswith("\n")
    assert err.startswith("sabai"), err
    assert expected in err, err
    assert code == EXIT_USAGE
    assert not (tmp_path / "sim.json").exists()


@pytest.mark.parametrize("command", ["show", "export"])
@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param("", "the file is empty", id="empty"),
        pytest.param("{", "not JSON", id="not-json"),
        pytest.param('{"format": "sabai-record", "version": 99}', "unknown version 99", id="v99"),
    ],
)
def test_show_and_export_refuse_bad_records_the_same_way(
    command: str, content: str, expected: str, tmp_path: Path
) -> None:
    path = tmp_path / "record.json"
    path.write_text(content, encoding="utf-8")
    extra = ["--at", "0"] if command == "show" else ["--as", "P1"]
    code, out, err = sabai(command, str(path), *extra)
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1
    assert expected in err
    assert str(path) in err


#: Records that read well but cannot be played: every command that plays them refuses them alike
#: (replay, show and export, below).
UNPLAYABLE: list[Any] = [
    pytest.param(
        _keep_slot_9,
        GAME,
        f"$.rounds[0].events[{KEEP}].slot: {KEEPER} has no card in slot 9",
        id="slot-names-no-card",
    ),
    pytest.param(
        _event_after_the_end,
        ONE_ROUND,
        f"$.rounds[0].events[{LAST}]: event {LAST + 1} comes after the end of the game",
        id="event-after-the-end",
    ),
    pytest.param(
        lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][0])),
        ONE_ROUND,
        "$.rounds[1]: this round comes after the end of the game",
        id="round-after-the-end",
    ),
    pytest.param(
        _round_cut_short,
        GAME,
        "$.rounds[0]: round 1 stops before it is over, and another round follows",
        id="round-cut-short",
    ),
    pytest.param(
        lambda d: d["rounds"][0]["events"][1].update(slots=[1, 7]),
        OLDER,
        "$.rounds[0].events[1].slots[1]: P2 has no card in slot 7",
        id="look-at-a-slot-with-no-card",
    ),
]


@pytest.mark.parametrize(("change", "base", "expected"), UNPLAYABLE)
def test_replay_refuses_unplayable_records(
    change: Callable[[Json], object], base: Json, expected: str, tmp_path: Path
) -> None:
    data = copy.deepcopy(base)
    change(data)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, err = sabai("replay", str(path))
    assert (code, out) == (EXIT_USAGE, "")
    assert err == f"sabai: error: {path}: {expected}\n"


@pytest.mark.parametrize("command", ["show", "export"])
@pytest.mark.parametrize(("change", "base", "expected"), UNPLAYABLE)
def test_show_and_export_refuse_unplayable_records_as_replay_does(
    command: str, change: Callable[[Json], object], base: Json, expected: str, tmp_path: Path
) -> None:
    data = copy.deepcopy(base)
    change(data)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    events = sum(len(r["events"]) for r in data["rounds"])
    extra = ["--at", str(events)] if command == "show" else ["--as", "P1"]
    code, out, err = sabai(command, str(path), *extra)
    assert (code, out) == (EXIT_USAGE, "")
    assert err == f"sabai: error: {path}: {expected}\n"


def test_tolerant_replay_of_a_round_cut_short_reports_it_and_exits_1(tmp_path: Path) -> None:
    data = copy.deepcopy(GAME)
    _round_cut_short(data)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = sabai("replay", str(path), "--tolerant", "--format", "json")
    assert (code, err) == (1, "")
    verdict = json.loads(out)
    assert verdict["illegal"] == []
    assert verdict["unreadable"] == [
        "$.rounds[0]: round 1 stops before it is over, and another round follows"
    ]
    assert verdict["rounds"] == []


def test_the_message_names_the_record_file(tmp_path: Path) -> None:
    path = tmp_path / "evening.json"
    data = copy.deepcopy(GAME)
    data["version"] = 7
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = sabai("replay", str(path))
    assert code == EXIT_USAGE
    assert err.startswith(f"sabai: error: {path}: $.version: unknown version 7")

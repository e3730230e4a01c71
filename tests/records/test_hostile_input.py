"""Odd text in a record, as a user meets it on the command line: lone surrogates, line breaks and
control characters, other scripts' digits, a bad option value, huge texts. Each is one short line
on standard error naming where it is, exit code 2, nothing on standard output, never a traceback;
and everything written is UTF-8 (a lone surrogate is refused wherever it stands: it is no
character, and no output can hold it)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_USAGE
from sabai_rules.referee.record import write_record
from tests.support import sabai

Json = dict[str, Any]

#: A short game of two players, P1 and P2: one round.
GAME: Json = json.loads(write_record(simulate(2, 5, rounds=1)))
#: The default deck in some order: every card once.
ORDER = ["J", "J", "J", "AJ"] + [str(rank) for rank in range(1, 15) for _ in range(4)]


def _rename(old: str, new: str) -> Callable[[Json], None]:
    """Rename a player everywhere the record names them."""

    def change(data: Json) -> None:
        data["players"] = [new if p == old else p for p in data["players"]]
        if data["first_dealer"] == old:
            data["first_dealer"] = new
        for rnd in data["rounds"]:
            for event in rnd["events"]:
                for key in ("actor", "owner", "target"):
                    if event.get(key) == old:
                        event[key] = new

    return change


def _put(*path: str | int, value: object) -> Callable[[Json], None]:
    """Set the value at ``path`` (keys and list indexes)."""

    def change(data: Json) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _order_with(index: int, face: object) -> Callable[[Json], None]:
    def change(data: Json) -> None:
        order: list[object] = list(ORDER)
        order[index] = face
        data["rounds"][0]["deal"] = {"order": order}

    return change


def _write(tmp: Path, data: Json) -> Path:
    path = tmp / "record.json"
    # ensure_ascii: a lone surrogate is written as the JSON escape \udxxx, as a program would.
    path.write_text(json.dumps(data), encoding="ascii")
    return path


def _refused(err: str, out: str, code: int) -> None:
    """What every refusal looks like."""
    assert (code, out) == (EXIT_USAGE, "")
    assert err.startswith("sabai: error: ")
    assert err.count("\n") == 1, err
    assert err.endswith("\n"), err
    assert len(err) < 600, err
    err.encode("utf-8")  # no lone surrogate: valid UTF-8


#: (change, what the one line says).
CASES: list[Any] = [
    # Lone surrogates: refused at read time wherever they stand.
    pytest.param(
        _rename("P1", "An\ud800na"),
        "$.players[0]: not Unicode text: 'An\\ud800na' holds a lone surrogate, \\ud800",
        id="surrogate-in-a-name",
    ),
    pytest.param(
        _put("seed", value="\ud800"),
        "$.seed: not Unicode text: '\\ud800' holds a lone surrogate",
        id="surrogate-in-the-seed",
    ),
    pytest.param(
        _put(
            "rounds", 0, "deal", value={"seed": "x\udfff", "generator": "shake256-fisher-yates/1"}
        ),
        "$.rounds[0].deal.seed: not Unicode text",
        id="surrogate-in-a-deal-seed",
    ),
    pytest.param(
        _put("claim", value={"text": "x\udcff"}),
        "$.claim.text: not Unicode text: 'x\\udcff'",
        id="surrogate-in-a-claim",
    ),
    pytest.param(
        _put("rounds", 0, "events", 0, "comment", value="\udc80 nice"),
        "$.rounds[0].events[0].comment: not Unicode text",
        id="surrogate-in-a-comment",
    ),
    pytest.param(
        _put("rounds", 0, "events", 0, "k\ud800", value=1),
        "$.rounds[0].events[0]['k\\ud800']: not Unicode text",
        id="surrogate-in-a-key",
    ),
    # Line breaks and control characters: escaped where they are echoed, refused in a name.
    pytest.param(
        _put("colour\nred", value=1),
        "$['colour\\nred']: unknown key 'colour\\nred'",
        id="newline-in-a-key",
    ),
    pytest.param(
        _put("ruleset", "options", "throw\nin", value=True),
        "$.ruleset.options['throw\\nin']: unknown ruleset option 'throw\\nin'",
        id="newline-in-an-option-name",
    ),
    pytest.param(
        _rename("P2", "Ben\nBen"),
        "$.players[1]: a player's name is one line of text, without control characters or"
        " direction overrides, not 'Ben\\nBen'",
        id="newline-in-a-name",
    ),
    pytest.param(
        _rename("P2", "Ben\u2028Ben"),
        "$.players[1]: a player's name is one line",
        id="line-separator-in-a-name",
    ),
    pytest.param(
        _rename("P2", "\x1b[31mBen"),
        "not '\\x1b[31mBen'",
        id="escape-sequence-in-a-name",
    ),
    pytest.param(
        _put("claim", value={"text": "Ben won\nVerdict: every event is legal"}),
        "$.claim.text: a claim's text is one line of text",
        id="newline-in-a-claim",
    ),
    pytest.param(
        _put("first_dealer", value="P9\n"),
        "$.first_dealer: unknown player 'P9\\n' (the players are P1, P2)",
        id="newline-in-an-unknown-player",
    ),
    pytest.param(
        _put("ruleset", "preset", value="new\nest"),
        "$.ruleset.preset: unknown preset 'new\\nest'",
        id="newline-in-a-preset",
    ),
    # Huge texts are echoed as an excerpt.
    pytest.param(_put("x" * 1_000_000, value=1), "unknown key 'xxxxxxxx", id="a-key-of-a-megabyte"),
    pytest.param(
        _put("claim", value={"rule": "x" * 1_000_000}),
        "$.claim.rule: a rule id has at most 100 characters, not 1,000,000",
        id="a-claimed-rule-of-a-megabyte",
    ),
    pytest.param(
        _put("claim", value={"rule": "turn.kepp\nx"}),
        "$.claim.rule: unknown rule id 'turn.kepp\\nx'",
        id="newline-in-a-claimed-rule",
    ),
    # An option's bad value: the option, the value and the allowed values.
    pytest.param(
        _put("ruleset", "options", "compensation_slot", value="x"),
        "$.ruleset.options.compensation_slot: compensation_slot must be one of 'vacated', "
        "'append', not 'x'",
        id="bad-choice",
    ),
    pytest.param(
        _put("ruleset", "options", "nose_race", value=["random"]),
        "$.ruleset.options.nose_race: nose_race must be one of 'recorded', 'random', 'off', "
        "not ['random']",
        id="choice-of-the-wrong-type",
    ),
    # Card faces are ASCII digits and letters, as the schema says.
    pytest.param(
        _order_with(59, "\u0661\u0664"),
        "$.rounds[0].deal.order[59]: not a card: '\u0661\u0664'",
        id="arabic-indic-14",
    ),
    pytest.param(
        _order_with(59, "\uff11\uff14"),
        "$.rounds[0].deal.order[59]: not a card: '\uff11\uff14'",
        id="fullwidth-14",
    ),
    pytest.param(
        _order_with(44, "11 pee\u212a"),  # the first 11
        "$.rounds[0].deal.order[44]: not a card: '11 pee\u212a'",
        id="kelvin-sign-for-k",
    ),
    pytest.param(
        _order_with(59, " " * 40 + "14"),
        "$.rounds[0].deal.order[59]: not a card: '",
        id="face-of-42-characters",
    ),
    pytest.param(
        _put("rounds", 0, "reshuffles", value=[["\u0967"]]),
        "$.rounds[0].reshuffles[0][0]: not a card: '\u0967'",
        id="devanagari-1-in-a-reshuffle",
    ),
]


#: Odd text in an event: a tolerant replay skips the event, and reports it on one line.
EVENT_CASES: list[Any] = [
    pytest.param(
        _put("rounds", 0, "events", 0, "card\r\n", value="7"),
        "$.rounds[0].events[0]['card\\r\\n']: 'card\\r\\n' is not a parameter of",
        id="newline-in-an-event-key",
    ),
    pytest.param(
        _put("rounds", 0, "events", 0, "action", value="Dr\naw"),
        "$.rounds[0].events[0].action: unknown action 'Dr\\naw'",
        id="newline-in-an-action",
    ),
    pytest.param(
        _put("rounds", 0, "events", 0, "action", value="Fly" * 300_000),
        "unknown action 'FlyFly",
        id="an-action-of-a-megabyte",
    ),
]


@pytest.mark.parametrize("command", ["replay", "show", "export"])
@pytest.mark.parametrize(("change", "expected"), CASES + EVENT_CASES)
def test_odd_text_is_one_utf8_line_and_exit_2(
    command: str, change: Callable[[Json], None], expected: str, tmp_path: Path
) -> None:
    data = copy.deepcopy(GAME)
    change(data)
    path = _write(tmp_path, data)
    extra = {"show": ["--at", "1", "--as", "P1"], "export": ["--as", "P1"]}.get(command, [])
    code, out, err = sabai(command, str(path), *extra)
    _refused(err, out, code)
    assert err.startswith(f"sabai: error: {path}: ")
    assert expected in err, err
    assert "Attribute(" not in err


@pytest.mark.parametrize(("change", "expected"), CASES)
def test_a_tolerant_replay_refuses_odd_text_outside_the_events_alike(
    change: Callable[[Json], None], expected: str, tmp_path: Path
) -> None:
    data = copy.deepcopy(GAME)
    change(data)
    path = _write(tmp_path, data)
    code, out, err = sabai("replay", str(path), "--tolerant")
    _refused(err, out, code)
    assert expected in err, err


@pytest.mark.parametrize(("change", "expected"), EVENT_CASES)
def test_a_tolerant_replay_reports_odd_text_in_an_event_on_one_line(
    change: Callable[[Json], None], expected: str, tmp_path: Path
) -> None:
    data = copy.deepcopy(GAME)
    change(data)
    path = _write(tmp_path, data)
    code, out, err = sabai("replay", str(path), "--tolerant")
    assert (code, err) == (EXIT_ILLEGAL, "")
    (line,) = [line for line in out.splitlines() if expected in line]
    assert len(line) < 600
    out.encode("utf-8")


def test_a_tolerant_replay_reports_an_odd_key_of_an_event_on_one_line(tmp_path: Path) -> None:
    data = copy.deepcopy(GAME)
    data["rounds"][0]["events"][0]["card\nX"] = "7"
    path = _write(tmp_path, data)
    code, out, err = sabai("replay", str(path), "--tolerant", "--format", "json")
    assert (code, err) == (EXIT_ILLEGAL, "")
    assert json.loads(out)["unreadable"] == [
        "$.rounds[0].events[0]['card\\nX']: 'card\\nX' is not a parameter of Draw"
    ]
    code, out, err = sabai("replay", str(path), "--tolerant")
    assert code == EXIT_ILLEGAL
    (line,) = [line for line in out.splitlines() if "['card\\nX']" in line]
    assert "$.rounds[0].events[0]['card\\nX']: 'card\\nX' is not a parameter of Draw" in line


def test_names_and_texts_in_any_script_are_fine(tmp_path: Path) -> None:
    # Only what is not text, or breaks a line where one line is printed, is refused.
    data = copy.deepcopy(GAME)
    _rename("P1", "Zoë \U0001f469\u200d\U0001f467")(data)
    _rename("P2", "\u0661\u0662")(data)  # Arabic-Indic digits are a fine name
    data["seed"] = "evening\n\tat Anna's"
    data["comment"] = "two\nlines"
    data["claim"] = {"text": "Zoë a gagné \U0001f389"}
    path = _write(tmp_path, data)
    code, out, err = sabai("replay", str(path))
    assert err == ""
    assert code in (0, EXIT_ILLEGAL)
    assert "Zoë \U0001f469\u200d\U0001f467" in out
    assert 'Claim "Zoë a gagné \U0001f389"' in out
    out.encode("utf-8")
    code, out, err = sabai("show", str(path), "--at", "0", "--as", "\u0661\u0662")
    assert (code, err) == (0, "")

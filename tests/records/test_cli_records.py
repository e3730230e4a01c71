"""The record commands at work: ``sabai replay`` on legal and corrupted games, ``show``,
``simulate``, ``export``, and a thousand simulated games that the referee accepts."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, run
from sabai_rules.model.catalogue import LANGUAGES
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.referee import replay, table_after
from sabai_rules.referee.export import export_view
from sabai_rules.referee.i18n import colon, label
from sabai_rules.referee.record import RecordError, read_record, write_record
from tests.support import json_keys, sabai

Json = dict[str, Any]


@cache
def game() -> Json:
    """A whole game of three players (three rounds) with names of our own, as JSON."""
    record = simulate(3, 11, names=("Anna", "Ben", "Cleo"))
    data: Json = json.loads(write_record(record))
    return data


def _write(tmp: Path, data: Json, name: str = "game.json") -> Path:
    path = tmp / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _events(data: Json) -> list[tuple[int, int, Json]]:
    """(round, index, event) of every event, in order; the event number is the position + 1."""
    return [(r, i, e) for r, rnd in enumerate(data["rounds"]) for i, e in enumerate(rnd["events"])]


def _number(data: Json, r: int, i: int) -> int:
    return sum(len(rnd["events"]) for rnd in data["rounds"][:r]) + i + 1


def test_the_game_is_legal_complete_and_long_enough() -> None:
    verdict = replay(read_record(game()))
    assert verdict.legal
    assert verdict.complete
    assert len(game()["rounds"]) == 3
    assert all(len(rnd["events"]) > 20 for rnd in game()["rounds"])


# -- a legal game -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_replay_gives_one_line_per_round_and_the_final_scores(lang: str, tmp_path: Path) -> None:
    path = _write(tmp_path, game())
    verdict = replay(read_record(game()))
    assert verdict.game.winners
    code, out, err = sabai("replay", str(path), "--lang", lang)
    assert (code, err) == (EXIT_OK, "")
    lines = [line for line in out.splitlines() if line]
    rounds = len(game()["rounds"])
    word = label(lang, "table.round")
    for n, line in enumerate(lines[:rounds], start=1):
        assert line.startswith(f"{word} {n} ("), line
        assert f"{label(lang, 'verdict.round-won-by')} " in line
        assert f"{label(lang, 'verdict.card-points')}{colon(lang)}Anna " in line
    # A legal game can carry notes (three lines each), between the rounds and the final scores.
    notes = [line for line in lines if line.startswith(label(lang, "verdict.noted"))]
    assert len(notes) == len(verdict.notes)
    assert len(lines) == rounds + 1 + 3 * len(verdict.notes)
    names = ", ".join(("Anna", "Ben", "Cleo")[p] for p in verdict.game.winners)
    scores = ", ".join(
        f"{name} {points}"
        for name, points in zip(("Anna", "Ben", "Cleo"), verdict.game.victory_points, strict=True)
    )
    assert lines[-1] == (
        f"{label(lang, 'verdict.final-scores')}{colon(lang)}{scores} — "
        f"{label(lang, 'verdict.game-won-by')} {names}"
    )


def test_replay_as_json_says_legal(tmp_path: Path) -> None:
    path = _write(tmp_path, game())
    code, out, err = sabai("replay", str(path), "--format", "json")
    assert (code, err) == (EXIT_OK, "")
    data = json.loads(out)
    verdict = replay(read_record(game()))
    assert data["verdict"] == "legal"
    assert data["illegal"] == []
    assert data["unreadable"] == []
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    assert data["winners"] == [("Anna", "Ben", "Cleo")[p] for p in verdict.game.winners or ()]
    assert list(data["victory_points"]) == ["Anna", "Ben", "Cleo"]


def test_replay_help_documents_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["replay", "--help"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "exit codes:" in out
    assert "0  done" in out
    assert "1  an illegal event was found" in out
    assert "2  unusable input" in out
    assert "--tolerant" in out


@pytest.mark.slow
def test_python_dash_m_replays_a_record(tmp_path: Path) -> None:
    path = _write(tmp_path, game())
    result = subprocess.run(
        [sys.executable, "-m", "sabai_rules", "replay", str(path), "--lang", "nl"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == EXIT_OK, result.stderr
    assert result.stderr == ""
    assert result.stdout.splitlines()[0].startswith(f"{label('nl', 'table.round')} 1 (")
    assert label("nl", "verdict.game-won-by") in result.stdout


# -- corrupted games ----------------------------------------------------------------------------

#: A corruption changes the game's JSON and returns the number of the illegal event.
Corruption = Callable[[Json], int]


def _others(data: Json, name: str) -> list[str]:
    return [p for p in data["players"] if p != name]


def _nth(data: Json, action: str, n: int = 0, r: int | None = None) -> tuple[int, int, Json]:
    """The ``n``-th event with this action (in round ``r``, or anywhere)."""
    found = [(ri, i, e) for ri, i, e in _events(data) if e["action"] == action]
    if r is not None:
        found = [f for f in found if f[0] == r]
    return found[n]


def _draw_out_of_turn(round_index: int) -> Corruption:
    """A Draw replaced by a Draw of another player."""

    def corrupt(data: Json) -> int:
        r, i, event = _nth(data, "Draw", 3, round_index)
        event["actor"] = _others(data, event["actor"])[0]
        return _number(data, r, i)

    return corrupt


def _call_twice(data: Json) -> int:
    """The first player calls sabai sabai at the start of the round, and again."""
    events = data["rounds"][1]["events"]
    starter = events[0]["actor"]
    call = {"actor": starter, "action": "CallSabaiSabai"}
    events[0:0] = [call, dict(call)]
    return _number(data, 1, 1)


def _second_call_by_another(data: Json) -> int:
    events = data["rounds"][0]["events"]
    starter = events[0]["actor"]
    other = _others(data, starter)[0]
    events[3:3] = [
        {"actor": starter, "action": "CallSabaiSabai"},
        {"actor": other, "action": "CallSabaiSabai"},
    ]
    return _number(data, 0, 4)


def _second_card(action: str) -> Corruption:
    """A player who has just played or kept the drawn card plays it (or keeps it) again."""

    def corrupt(data: Json) -> int:
        r, i, event = _nth(data, action, 2)
        data["rounds"][r]["events"].insert(i + 1, dict(event))
        return _number(data, r, i + 1)

    return corrupt


def _keep_without_drawing(data: Json) -> int:
    """The starter keeps a card instead of drawing first."""
    events = data["rounds"][2]["events"]
    events.insert(0, {"actor": events[0]["actor"], "action": "Keep", "slot": 0})
    return _number(data, 2, 0)


def _function_out_of_turn(data: Json) -> int:
    """Another player carries out the spy that the player of the 12 owes."""
    r, i, event = _nth(data, "Spy", 1)
    event["actor"], event["target"] = event["target"], event["actor"]
    return _number(data, r, i)


def _pass_during_play(data: Json) -> int:
    r, i, event = _nth(data, "Draw", 5)
    data["rounds"][r]["events"].insert(i, {"actor": event["actor"], "action": "Pass"})
    return _number(data, r, i)


def _peek_without_an_11(data: Json) -> int:
    r, i, event = _nth(data, "Draw", 4, 1)
    data["rounds"][r]["events"].insert(i, {"actor": event["actor"], "action": "Peek", "slot": 0})
    return _number(data, r, i)


CORRUPTIONS: list[Any] = [
    pytest.param(
        _draw_out_of_turn(0),
        "turn.draw",
        id="draw-out-of-turn",
        marks=pytest.mark.rules("turn.draw"),
    ),
    pytest.param(
        _draw_out_of_turn(2),
        "turn.draw",
        id="draw-out-of-turn-in-round-3",
        marks=pytest.mark.rules("turn.draw"),
    ),
    pytest.param(
        _call_twice, "round-end.call", id="call-twice", marks=pytest.mark.rules("round-end.call")
    ),
    pytest.param(
        _second_call_by_another,
        "round-end.call",
        id="second-call-by-another",
        marks=pytest.mark.rules("round-end.call"),
    ),
    pytest.param(
        _second_card("Play"),
        "turn.two-options",
        id="play-twice-in-a-turn",
        marks=pytest.mark.rules("turn.two-options"),
    ),
    pytest.param(
        _second_card("Keep"),
        "turn.two-options",
        id="keep-twice-in-a-turn",
        marks=pytest.mark.rules("turn.two-options"),
    ),
    pytest.param(
        _keep_without_drawing,
        "turn.two-options",
        id="keep-without-drawing",
        marks=pytest.mark.rules("turn.two-options"),
    ),
    pytest.param(
        _function_out_of_turn,
        "function.execute",
        id="spy-by-the-wrong-player",
        marks=pytest.mark.rules("function.execute"),
    ),
    pytest.param(
        _pass_during_play,
        "ruling.end-of-round-reaction",
        id="pass-during-play",
        marks=pytest.mark.rules("ruling.end-of-round-reaction"),
    ),
    pytest.param(
        _peek_without_an_11,
        "function.execute",
        id="peek-without-an-11",
        marks=pytest.mark.rules("function.execute"),
    ),
]


@pytest.mark.parametrize(("corrupt", "rule"), CORRUPTIONS)
def test_a_corrupted_event_is_found_with_its_number_and_rule(
    corrupt: Corruption, rule: str, tmp_path: Path
) -> None:
    data = copy.deepcopy(game())
    number = corrupt(data)
    path = _write(tmp_path, data)
    code, out, err = sabai("replay", str(path), "--format", "json")
    assert (code, err) == (EXIT_ILLEGAL, "")
    verdict = json.loads(out)
    assert verdict["verdict"] == "illegal"
    assert [(e["event"], e["rule"]) for e in verdict["illegal"]] == [(number, rule)]
    r, i, event = _events(data)[number - 1]
    illegal = verdict["illegal"][0]
    assert (illegal["round"], illegal["index"]) == (r + 1, i + 1)
    assert illegal["action"] == event
    assert illegal["allowed"]
    assert event not in illegal["allowed"]
    # The text names the event, the rule and the table before it.
    code, text, _ = sabai("replay", str(path), "--lang", "fr")
    assert code == EXIT_ILLEGAL
    where = f"({label('fr', 'table.round')} {r + 1}, #{i + 1})"
    assert f"{label('fr', 'verdict.illegal')} {number} {where}\u00a0: " in text
    assert f"[{rule}]" in text
    assert f"{label('fr', 'verdict.table-before')}\u00a0:" in text
    assert text.rstrip().endswith(label("fr", "verdict.not-legal"))


@pytest.mark.rules("turn.draw")
def test_the_refusal_names_the_players_of_the_record(tmp_path: Path) -> None:
    data = copy.deepcopy(game())
    number = _draw_out_of_turn(0)(data)
    actor = _events(data)[number - 1][2]["actor"]
    code, out, _ = sabai("replay", str(_write(tmp_path, data)), "--format", "json")
    assert code == EXIT_ILLEGAL
    message = json.loads(out)["illegal"][0]["message"]
    assert "P0" not in message
    assert actor in message


@pytest.mark.rules("turn.draw")
def test_tolerant_replay_reports_every_illegal_event(tmp_path: Path) -> None:
    data = copy.deepcopy(game())
    numbers = []
    for r, n in ((0, 2), (2, 5)):
        # A Draw by somebody else just before a player's own draw: refused, and it changes
        # nothing, so that the rest of the game stays legal.
        _, i, event = _nth(data, "Draw", n, r)
        intruder = {"actor": _others(data, event["actor"])[0], "action": "Draw"}
        data["rounds"][r]["events"].insert(i, intruder)
        numbers.append(_number(data, r, i))
    path = _write(tmp_path, data)
    code, out, _ = sabai("replay", str(path), "--format", "json")
    assert code == EXIT_ILLEGAL
    assert [e["event"] for e in json.loads(out)["illegal"]] == numbers[:1]
    code, out, err = sabai("replay", str(path), "--format", "json", "--tolerant")
    assert (code, err) == (EXIT_ILLEGAL, "")
    verdict = json.loads(out)
    assert [(e["event"], e["rule"]) for e in verdict["illegal"]] == [
        (n, "turn.draw") for n in numbers
    ]
    assert len(verdict["rounds"]) == 3  # every round was played to its end
    code, text, _ = sabai("replay", str(path), "--tolerant")
    assert code == EXIT_ILLEGAL
    assert text.count(f"{label('en', 'verdict.illegal')} ") == 2


def test_tolerant_replay_reports_an_unreadable_event_and_goes_on(tmp_path: Path) -> None:
    data = copy.deepcopy(game())
    _, i, event = _nth(data, "Draw", 2, 1)
    data["rounds"][1]["events"].insert(i, {"actor": event["actor"], "action": "Sneeze"})
    path = _write(tmp_path, data)
    code, _, err = sabai("replay", str(path))
    assert code == 2
    assert f"$.rounds[1].events[{i}].action: unknown action 'Sneeze'" in err
    code, out, err = sabai("replay", str(path), "--tolerant", "--format", "json")
    assert (code, err) == (EXIT_ILLEGAL, "")
    verdict = json.loads(out)
    assert verdict["illegal"] == []
    assert len(verdict["unreadable"]) == 1
    assert verdict["unreadable"][0].startswith(f"$.rounds[1].events[{i}].action: ")
    code, text, _ = sabai("replay", str(path), "--tolerant")
    assert text.startswith(f"{label('en', 'verdict.unreadable')}: $.rounds[1].events[{i}].action")


# -- show, simulate, export ----------------------------------------------------------------------


def _dealt_record() -> Json:
    """A record whose deal is an order: Anna (the starter) is dealt 1, 2, 3, 4, Ben 5 to 8,
    Cleo 9, 10, a joker and the Ass Joker, one card at a time; the next card is a 13."""
    rows = {
        "Anna": ["1", "2", "3", "4"],
        "Ben": ["5", "6", "7", "8"],
        "Cleo": ["9", "10", "J", "AJ"],
    }
    dealt = [rows[p][k] for k in range(4) for p in ("Anna", "Ben", "Cleo")]
    rest = ["J", "J", "J", "AJ"] + [str(rank) for rank in range(1, 15) for _ in range(4)]
    for face in [*dealt, "13"]:
        rest.remove(face)
    return {
        "format": "sabai-record",
        "version": 1,
        "players": ["Anna", "Ben", "Cleo"],
        "first_dealer": "Cleo",
        "rounds": [
            {
                "deal": {"order": [*dealt, "13", *rest]},
                "events": [
                    {"actor": "Anna", "action": "Draw"},
                    {"actor": "Anna", "action": "Keep", "slot": 3},
                ],
            }
        ],
    }


def _row_cells(out: str, name: str) -> list[str]:
    line = next(line for line in out.splitlines() if line.strip().startswith(f"{name} "))
    cells = line.strip()[len(name) :].split("(")[0].split("  ")
    return [cell.strip().split(":", 1)[1] for cell in cells if cell.strip()]


def test_show_at_0_shows_the_deal(tmp_path: Path) -> None:
    path = _write(tmp_path, _dealt_record())
    code, out, err = sabai("show", str(path), "--at", "0")
    assert (code, err) == (EXIT_OK, "")
    assert out.splitlines()[0] == "Round 1 · dealer Cleo"
    assert _row_cells(out, "Anna") == ["1", "2", "3", "4"]
    assert _row_cells(out, "Ben") == ["5", "6", "7", "8"]
    assert _row_cells(out, "Cleo") == ["9", "10", "Joker", "Ass Joker"]
    assert "to play" in next(line for line in out.splitlines() if "Anna" in line)
    assert "draw pile: 48" in out
    code, out, _ = sabai("show", str(path), "--at", "1")
    assert "Anna holds 13 give" in out
    code, out, _ = sabai("show", str(path), "--at", "2")
    assert _row_cells(out, "Anna") == ["1", "2", "3", "13 give"]
    assert "(top: 4)" in out


def test_show_as_a_player_hides_the_faces(tmp_path: Path) -> None:
    path = _write(tmp_path, _dealt_record())
    code, out, err = sabai("show", str(path), "--at", "0", "--as", "Ben")
    assert (code, err) == (EXIT_OK, "")
    for name in ("Anna", "Ben", "Cleo"):
        assert _row_cells(out, name) == ["??"] * 4
    assert "Joker" not in out
    code, out, _ = sabai("show", str(path), "--at", "1", "--as", "Ben")
    assert "Anna holds ??" in out
    assert "13" not in out
    code, out, _ = sabai("show", str(path), "--at", "1", "--as", "Anna")
    assert "Anna holds 13 give" in out
    code, out, _ = sabai("show", str(path), "--at", "2", "--as", "Ben")
    assert _row_cells(out, "Anna") == ["??", "??", "??", "??"]
    assert "(top: 4)" in out  # the kept card's predecessor is face up on the pile


def test_show_in_another_language(tmp_path: Path) -> None:
    path = _write(tmp_path, _dealt_record())
    code, out, _ = sabai("show", str(path), "--at", "0", "--lang", "fi")
    assert code == EXIT_OK
    assert out.startswith(f"{label('fi', 'table.round')} 1 · {label('fi', 'table.dealer')} Cleo")


def test_simulate_writes_a_record_that_replay_accepts(tmp_path: Path) -> None:
    path = tmp_path / "sim.json"
    code, out, err = sabai(
        "simulate", "--players", "4", "--seed", "21", "--preset", "older", "--bot", "random",
        "-o", str(path),
    )  # fmt: skip
    assert (code, err) == (EXIT_OK, "")
    assert out.startswith(f"{path}: 1 rounds, ")
    text = path.read_text(encoding="utf-8")
    assert text == write_record(simulate(4, 21, preset="older", bots="random"))
    code, out, err = sabai("replay", str(path))
    assert (code, err) == (EXIT_OK, "")
    assert out.splitlines()[-1].startswith(f"{label('en', 'verdict.final')}: ")
    code, out, _ = sabai(
        "simulate", "--players", "5", "--seed", "3", "--rounds", "2", "-o", str(path)
    )
    assert code == EXIT_OK
    assert len(json.loads(path.read_text(encoding="utf-8"))["rounds"]) == 2
    code, out, _ = sabai("replay", str(path))
    assert code == EXIT_OK
    assert out.splitlines()[-1] == label("en", "verdict.in-progress")


def test_export_as_a_player_has_no_deal_order_and_no_seed(tmp_path: Path) -> None:
    for data in (game(), _dealt_record()):
        path = _write(tmp_path, data)
        code, out, err = sabai("export", str(path), "--as", "Ben")
        assert (code, err) == (EXIT_OK, "")
        seen = json.loads(out)
        assert seen["format"] == "sabai-record-view"
        assert seen["player"] == "Ben"
        assert seen["players"] == data["players"]
        keys = set(json_keys(seen))
        assert "order" not in keys
        assert "seed" not in keys
        events = [e for rnd in seen["rounds"] for e in rnd["events"]]
        assert len(events) == len(_events(data))
    # At the end of each round the rows are turned over: every player sees the result.
    seen = export_view(read_record(game()), 1)
    results = replay(read_record(game())).results
    assert len(seen["rounds"]) == len(results) == 3
    for rnd, result in zip(seen["rounds"], results, strict=True):
        names = game()["players"]
        assert rnd["result"]["card_points"] == dict(zip(names, result.card_points, strict=True))
        assert rnd["result"]["victory_points"] == dict(
            zip(names, result.victory_points, strict=True)
        )
        revealed = rnd["result"]["revealed"]
        assert [len(revealed[n]) for n in names] == [len(row) for row in result.rows]
        assert None not in [face for row in revealed.values() for face in row]
    # What Ben did not see stays hidden: Anna's drawn 13 and the cards dealt.
    path = _write(tmp_path, _dealt_record())
    code, out, _ = sabai("export", str(path), "--as", "1")
    assert json.loads(out)["player"] == "Ben"
    assert "13 give" not in out
    code, out, _ = sabai("export", str(path), "--as", "Anna")
    assert "13 give" in out
    target = tmp_path / "seen.json"
    code, out, _ = sabai("export", str(path), "--as", "Cleo", "-o", str(target))
    assert (code, out) == (EXIT_OK, "")
    assert json.loads(target.read_text(encoding="utf-8"))["player"] == "Cleo"


def test_the_table_after_an_illegal_event_is_the_table_before_it() -> None:
    data = copy.deepcopy(game())
    number = _draw_out_of_turn(0)(data)
    record = read_record(data)
    assert replay(record).illegal[0].number == number
    assert table_after(record, number) == table_after(record, number - 1)
    assert table_after(record, number - 1) != table_after(record, number - 2)


@pytest.mark.rules("ruling.draw-pile-exhausted", "ruling.knowledge-model")
def test_export_keeps_a_reshuffled_pile_hidden_but_for_the_card_one_then_draws() -> None:
    # Random bots in a two-player game run through the draw pile several times.
    record = simulate(2, 0, bots="random")
    reshuffles = 0
    for player in (0, 1):
        for rnd in export_view(record, player)["rounds"]:
            for event in rnd["events"]:
                saw = event.get("saw", [])
                for shuffled in (s for s in saw if s["kind"] == "Reshuffled"):
                    reshuffles += 1
                    assert shuffled["cards"]
                    drawn = [
                        s["card"]
                        for s in saw
                        if s["kind"] == "Drew" and s["player"] == record.players[player]
                    ]
                    # Only the card this player drew from the new pile has a face for them.
                    assert [c for c in shuffled["cards"] if c is not None] == drawn
    assert reshuffles >= 4


# -- a thousand games ----------------------------------------------------------------------------

BOT_KINDS = ("random", "sensible")


def _thousand() -> Iterator[tuple[int, int, str, str | tuple[str, ...], int]]:
    for n in range(1000):
        players = 2 + n % 5
        preset = PRESETS[(n // 5) % 3]
        mix = (n // 15) % 3
        bots: str | tuple[str, ...] = (
            BOT_KINDS[mix]
            if mix < 2
            else tuple(BOT_KINDS[(n + seat) % 2] for seat in range(players))
        )
        rounds = 2 if n % 9 == 0 else 1
        yield players, 7919 * n + 1, preset, bots, rounds


def test_a_thousand_simulated_games_replay_without_a_refusal() -> None:
    refused: list[str] = []
    games = list(_thousand())
    assert len(games) == 1000
    assert {g[0] for g in games} == {2, 3, 4, 5, 6}
    assert {g[2] for g in games} == set(PRESETS)
    events = 0
    for players, seed, preset, bots, rounds in games:
        record = simulate(players, seed, rounds=rounds, preset=preset, bots=bots)
        where = f"players={players} seed={seed} preset={preset} bots={bots} rounds={rounds}"
        try:
            verdict = replay(read_record(write_record(record)))
        except RecordError as error:
            refused.append(f"{where}: unusable: {error}")
            continue
        events += sum(len(r.events) for r in record.rounds)
        if not verdict.legal:
            first = verdict.illegal[0]
            refused.append(f"{where}: event {first.number} refused [{first.rule}]")
        elif len(verdict.results) != len(record.rounds):
            refused.append(f"{where}: {len(verdict.results)} of {len(record.rounds)} rounds ended")
    assert refused == []
    assert events > 50_000


@pytest.mark.rules("ruling.older-several-deals")
def test_an_older_game_of_several_deals_ends_on_its_points_added_up(tmp_path: Path) -> None:
    older = Ruleset.preset("older").with_options(num_rounds=3)
    record = simulate(3, 8, ruleset=older, bots="random")
    verdict = replay(record)
    assert verdict.complete
    assert len(verdict.results) == 3
    totals = [sum(r.card_points[p] for r in verdict.results) for p in range(3)]
    assert totals != list(verdict.results[-1].card_points)
    path = _write(tmp_path, json.loads(write_record(record)))
    code, out, err = sabai("replay", str(path))
    assert (code, err) == (EXIT_OK, "")
    points = ", ".join(f"{name} {v}" for name, v in zip(record.players, totals, strict=True))
    won_by = ", ".join(record.players[p] for p in verdict.game.winners or ())
    assert out.splitlines()[-1] == (
        f"{label('en', 'verdict.final')}: {points} — {label('en', 'verdict.game-won-by')} {won_by}"
    )

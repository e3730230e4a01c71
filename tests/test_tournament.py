"""Tournaments (issue 15): games seeded from the tournament's seed and their number, the same
results file whatever the workers (the process pool, Ray), one row per game that says what
happened, a run interrupted and resumed to the same file, the report, what a ruling changes, the
search bot and the bot protocol users implement."""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from sabai_rules import cli
from sabai_rules.agents.bots import SensibleBot, Situation, next_action
from sabai_rules.agents.simulate import BOTS, simulate
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Action, legal_actions
from sabai_rules.state import EndCause

pytest.importorskip("pyarrow", reason="the tournament extra (pyarrow) is not installed")

from sabai_rules.agents import impact, report
from sabai_rules.agents.search import SearchBot
from sabai_rules.agents.tournament import (
    COLUMNS,
    MECHANICS,
    RAY_CONNECT_SETTINGS,
    ResumeError,
    Tournament,
    game_seed,
    lineup,
    parts_dir,
    play_game,
    read_rows,
    run,
)

SMALL = Tournament(players=2, games=6, seed=11)
ROOT = Path(__file__).resolve().parent.parent


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("one") / "results.parquet"
    result = run(SMALL, path, workers=1)
    assert (result.played, result.resumed, result.interrupted) == (6, 0, False)
    return path


# -- seeding ----------------------------------------------------------------------------------


def test_each_game_is_seeded_from_the_tournament_s_seed_and_its_number_alone() -> None:
    seeds = [game_seed(11, i) for i in range(50)]
    assert len(set(seeds)) == 50
    assert seeds == [game_seed(11, i) for i in range(50)]
    assert game_seed("table 3", 0) != game_seed(11, 0)
    assert all(0 <= s < 2**128 for s in seeds)


def test_the_lineup_turns_one_seat_per_game() -> None:
    t = Tournament(players=3, games=3, seed=1, bots=("search", "sensible", "random"))
    seats = [lineup(t, i) for i in range(4)]
    assert seats[0] == ("search", "sensible", "random")
    assert seats[1] == ("random", "search", "sensible")
    assert seats[3] == seats[0]
    assert {seats[i].index("search") for i in range(3)} == {0, 1, 2}


def test_a_game_of_sensible_bots_is_the_game_simulate_plays_with_its_seed() -> None:
    row = play_game(SMALL, 2)
    record = simulate(2, int(row["seed"]))
    assert row["round_actions"] == [len(r.events) for r in record.rounds]
    assert row["first_dealer"] == record.first_dealer


def test_one_worker_and_two_give_the_same_file(one_worker: Path, tmp_path: Path) -> None:
    two = tmp_path / "two.parquet"
    run(SMALL, two, workers=2)
    assert digest(two) == digest(one_worker)
    assert not parts_dir(two).exists()


# -- the rows ---------------------------------------------------------------------------------


def test_a_row_per_game_says_what_happened(one_worker: Path) -> None:
    rows = read_rows(one_worker)
    assert [row["game"] for row in rows] == list(range(6))
    ends = {cause.value for cause in EndCause}
    for row in rows:
        assert tuple(row) == COLUMNS
        n, rounds = row["players"], row["rounds"]
        assert row["bots"] == ["sensible"] * n
        assert row["options"] == "{}"
        assert rounds == len(row["round_actions"]) == len(row["round_end"]) == n
        assert set(row["round_end"]) <= ends
        assert row["round_dealer"] == [(row["first_dealer"] + r) % n for r in range(rounds)]
        assert all(
            turns <= actions
            for turns, actions in zip(row["round_turns"], row["round_actions"], strict=True)
        )
        assert set(row["winners"]) <= set(range(n))
        assert row["winners"]
        assert max(row["victory_points"]) == row["victory_points"][row["winners"][0]]
        # Every round's victory points add up to the game's.
        points = [0] * n
        for winners, result in zip(row["round_winners"], row["round_card_points"], strict=True):
            assert len(result) == n
            for w in winners:
                points[w] += 1
        assert sum(points) - row["ass_joker_sanctions"] == sum(row["victory_points"])
        assert row["on_behalf"] <= row["throw_ins"]
        assert row["ass_moves"] <= row["on_behalf"]
        assert row["wrong_throw_ins"] <= row["penalty_cards"] + row["throw_ins"]
        assert all(row[name] >= 0 for name in MECHANICS)


def test_the_mechanics_are_counted_from_the_events() -> None:
    rows = [play_game(Tournament(players=4, games=1, seed=3), i) for i in range(3)]
    assert sum(row["nose_races"] for row in rows) > 0
    assert sum(row["calls"] for row in rows) > 0
    assert all(row["gives"] + row["switches"] + row["peeks"] + row["spies"] > 0 for row in rows)


# -- interrupted and resumed ------------------------------------------------------------------


def test_an_interrupted_run_resumes_to_the_same_file(one_worker: Path, tmp_path: Path) -> None:
    path = tmp_path / "resumed.parquet"

    def stop(done: int) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    first = run(SMALL, path, workers=1, on_chunk=stop)
    assert first.interrupted
    assert 2 <= first.played < 6
    assert not path.exists()
    assert any(parts_dir(path).glob("games-*.parquet"))
    with pytest.raises(ResumeError, match="resume"):
        run(SMALL, path, workers=1)
    with pytest.raises(ResumeError, match="another run"):
        run(Tournament(players=2, games=6, seed=12), path, workers=1, resume=True)
    second = run(SMALL, path, workers=2, resume=True)
    assert (second.resumed, second.played, second.interrupted) == (
        first.played,
        6 - first.played,
        False,
    )
    assert digest(path) == digest(one_worker)


def test_ctrl_c_at_the_command_line_keeps_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sabai_rules.agents import tournament  # noqa: PLC0415

    real = tournament._write_part
    written: list[int] = []

    def write_then_interrupt(*args: Any) -> None:
        real(*args)
        written.append(1)
        if len(written) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(tournament, "_write_part", write_then_interrupt)
    out, err = io.StringIO(), io.StringIO()
    argv = [
        "tournament",
        "--players",
        "2",
        "--games",
        "4",
        "--seed",
        "1",
        "--workers",
        "1",
        "--no-progress",
        "-o",
        str(tmp_path / "r.parquet"),
    ]
    assert cli.run(argv, stdout=out, stderr=err) == cli.EXIT_INTERRUPTED
    assert "interrupted: 2 of 4 games kept" in err.getvalue()
    monkeypatch.setattr(tournament, "_write_part", real)
    assert cli.run([*argv, "--resume"], stdout=out, stderr=err) == 0
    assert len(read_rows(tmp_path / "r.parquet")) == 4


# -- Ray ----------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_local_ray_run_gives_the_same_file(one_worker: Path, tmp_path: Path) -> None:
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        path = tmp_path / "ray.parquet"
        run(SMALL, path, ray="auto")
    finally:
        ray.shutdown()
    assert digest(path) == digest(one_worker)


def _free_loopback_port() -> int:
    """A port of this machine's loopback address that nobody listens at (just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.slow
@pytest.mark.parametrize(
    ("address", "message", "seconds"),
    [
        (
            "127.0.0.1:{port}",
            "no Ray cluster answers at '127.0.0.1:{port}' (is one started there, by ray start "
            "--head?)",
            35,
        ),
        ("127.0.0.1", "Ray cannot use the address '127.0.0.1': ", 15),
    ],
    ids=["nobody-listens", "no-port"],
)
def test_a_ray_address_no_cluster_answers_at_is_one_line_and_exit_2(
    address: str, message: str, seconds: float, tmp_path: Path
) -> None:
    """An address nobody listens at is given up within Ray's connection settings
    (RAY_CONNECT_SETTINGS: one attempt of about 20 s, not Ray's fourteen minutes), reported in
    one line naming the address, with nothing written. In a fresh process: Ray reads one of those
    settings when it is imported, and its core writes to standard error's file descriptor."""
    pytest.importorskip("ray", reason="the ray extra is not installed")
    port = _free_loopback_port()
    address, message = address.format(port=port), message.format(port=port)
    environment = {k: v for k, v in os.environ.items() if k not in RAY_CONNECT_SETTINGS}
    argv = [sys.executable, "-m", "sabai_rules", "tournament", "--players", "2", "--games", "1"]
    argv += ["--seed", "1", "--no-progress", "-o", str(tmp_path / "r.parquet"), "--ray", address]
    start = time.monotonic()
    done = subprocess.run(
        argv, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=90, check=False
    )
    assert time.monotonic() - start < seconds
    assert done.returncode == cli.EXIT_USAGE
    assert done.stderr.startswith(f"sabai tournament: error: --ray: {message}")
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []


# -- the command line and the report ------------------------------------------------------------


def test_sabai_tournament_writes_the_results_and_the_report(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = [
        "tournament",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "4",
        "--workers",
        "1",
        "--bots",
        "sensible",
        "random",
        "sensible",
        "--option",
        "nose_race=random",
        "--no-progress",
        "-o",
        str(tmp_path / "r.parquet"),
        "--html",
        str(tmp_path / "r.html"),
    ]
    assert cli.run(argv, stdout=out, stderr=err) == 0, err.getvalue()
    text = out.getvalue()
    assert "3 games" in text
    assert "Round wins by position after the round's dealer" in text
    assert "random - sensible (paired)" in text
    assert "exhausted" in text
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 4
    rows = read_rows(tmp_path / "r.parquet")
    assert json.loads(rows[0]["options"]) == {"nose_race": "random"}
    again = io.StringIO()
    assert cli.run(["report", str(tmp_path / "r.parquet")], stdout=again, stderr=err) == 0
    assert again.getvalue() == text[text.index("\n\n") + 2 : text.index("\nreport: ")]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "1"], "--players must be 2 to 12"),
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--bots", "random", "random", "random"], "one per seat (2)"),
        (["--bots", "clever"], "invalid choice"),
        (["--option", "nose_race"], "expected NAME=VALUE"),
        (["--option", "deck=1"], "expected NAME=VALUE"),
        (["--option", "nose_race=fast"], "nose_race must be one of"),
        (
            ["--option", "scoring=lowest_score", "--option", "lowest_score_deals=last"],
            "num_rounds=1",
        ),
        (["--option", "initial_peek=9"], "initial_peek must be 0 to 4"),
        (["--workers", "2", "--ray", "auto"], "not allowed with argument"),
        (["--ray", " "], "--ray: give an address"),
        (["--search-playouts", "0"], "--search-playouts must be at least 1"),
        (["--games", "\u0661"], "invalid int value"),  # an Arabic-Indic one
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(
    argv: list[str], message: str, tmp_path: Path
) -> None:
    base = [
        "tournament",
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "1",
        "--no-progress",
        "-o",
        str(tmp_path / "r.parquet"),
    ]
    out, err = io.StringIO(), io.StringIO()
    assert cli.run([*base, *argv], stdout=out, stderr=err) == cli.EXIT_USAGE
    assert message in err.getvalue()
    assert err.getvalue().count("\n") == 1
    assert not (tmp_path / "r.parquet").exists()


def test_a_file_that_is_no_results_file_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet\n\x00", encoding="utf-8")
    for path in (bad, tmp_path / "missing.parquet"):
        err = io.StringIO()
        assert cli.run(["report", str(path)], stdout=io.StringIO(), stderr=err) == 2
        assert err.getvalue().startswith("sabai report: error:")
        assert err.getvalue().count("\n") == 1


def test_the_report_s_intervals() -> None:
    value = report.interval([1.0] * 30 + [0.0] * 70)
    assert value["mean"] == pytest.approx(0.3)
    assert value["low"] == pytest.approx(0.3 - 1.96 * 0.46057 / 10, abs=1e-4)
    assert report.interval([1.0])["n"] == 1


# -- what a ruling changes ----------------------------------------------------------------------


def test_every_reading_of_an_option_is_played_but_the_deck_and_the_caps() -> None:
    varied = impact.varied_options()
    assert "deck" not in varied
    assert "max_round_turns" not in varied
    assert {"first_refusal", "nose_race", "throw_in_window", "num_rounds"} <= set(varied)
    values = [v for v, _, _ in impact.alternatives(Ruleset(), "first_refusal")]
    assert values == ["always", "priority", "never"]
    [(value, rules, extra)] = impact.alternatives(Ruleset(), "scoring")
    assert (value, extra, rules.num_rounds) == ("lowest_score", {"num_rounds": 1}, 1)
    plan = impact.plan(2, 3, 1, options=["nose_race"])
    assert [t.variant for t in plan.tournaments] == ["preset", "nose_race=random", "nose_race=off"]


def test_the_impact_of_a_ruling_pairs_the_same_games(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = [
        "impact",
        "--players",
        "2",
        "--games",
        "3",
        "--seed",
        "2",
        "--workers",
        "1",
        "--only",
        "nose_race",
        "--no-progress",
        "-o",
        str(tmp_path / "i.json"),
    ]
    assert cli.run(argv, stdout=out, stderr=err) == 0, err.getvalue()
    summary = json.loads((tmp_path / "i.json").read_text(encoding="utf-8"))
    assert [v["variant"] for v in summary["variants"]] == ["nose_race=random", "nose_race=off"]
    off = summary["variants"][1]
    assert off["ruling"] == "ruling.nose-race"
    assert off["games"] == 3
    assert off["differences"]["nose_races"]["mean"] <= 0
    rows = read_rows(tmp_path / "i.json.parquet")
    assert {r["seed"] for r in rows if r["variant"] == "preset"} == {
        r["seed"] for r in rows if r["variant"] == "nose_race=off"
    }
    err = io.StringIO()
    bad = ["impact", "--only", "deck", "-o", str(tmp_path / "x.json")]
    assert cli.run(bad, stdout=out, stderr=err) == 2
    assert "--only 'deck'" in err.getvalue()


# -- bots -------------------------------------------------------------------------------------


class Cautious:
    """A bot users might write: never acts out of turn; plays the first decision offered."""

    def __init__(self) -> None:
        self.asked: list[tuple[bool, int]] = []

    def act(self, seen: Situation, legal: Sequence[Action], rng: random.Random) -> Action | None:
        self.asked.append((seen.waiting, len(seen.observation())))
        return legal[0] if seen.waiting else None


def test_a_bot_users_write_plays_through_act(monkeypatch: pytest.MonkeyPatch) -> None:
    bot = Cautious()
    monkeypatch.setitem(BOTS, "cautious", lambda: bot)
    row = play_game(Tournament(players=2, games=1, seed=1, bots=("cautious", "sensible")), 0)
    assert row["bots"] == ["cautious", "sensible"]
    assert any(waiting for waiting, _ in bot.asked)
    assert any(not w for w, _ in bot.asked)
    assert len({size for _, size in bot.asked}) == 1


def test_a_bot_that_answers_with_no_legal_action_is_named() -> None:
    class Wrong:
        def act(
            self, seen: Situation, legal: Sequence[Action], rng: random.Random
        ) -> Action | None:
            return None

    from sabai_rules.moves import deal  # noqa: PLC0415

    state = deal(players=2, dealer=0, seed=1)
    with pytest.raises(ValueError, match=r"the bot of P. \(Wrong\)"):
        next_action(state, [Wrong(), Wrong()], random.Random(1))


def test_the_search_bot_chooses_a_legal_action_and_replays_from_its_generator() -> None:
    from sabai_rules.moves import Draw, apply, deal  # noqa: PLC0415

    state = apply(deal(players=2, dealer=0, seed=4), Draw(1))
    seen = Situation(state, 1, waiting=True)
    options = legal_actions(state, player=1).decisions
    bot = SearchBot(6)
    first = bot.act(seen, options, random.Random(3))
    assert first in options
    assert bot.act(Situation(state, 1, waiting=True), options, random.Random(3)) == first
    assert bot.act(Situation(state, 0, waiting=False), (), random.Random(3)) is None or True
    with pytest.raises(ValueError, match="playouts"):
        SearchBot(0)
    with pytest.raises(ValueError, match="seconds"):
        SearchBot(seconds=-1)


def test_the_search_bot_plays_a_game() -> None:
    one_round = Ruleset().with_options(num_rounds=1)
    tournament = Tournament(
        players=2,
        games=1,
        seed=8,
        bots=("search", "sensible"),
        ruleset=one_round,
        search_playouts=2,
    )
    row = play_game(tournament, 0)
    assert row["rounds"] == 1
    assert row["bots"] == ["search", "sensible"]


def test_sensible_bots_keep_playing_as_before() -> None:
    """The bots' react and decide are what act calls: simulate's records are unchanged."""
    bot = SensibleBot()
    from sabai_rules.moves import deal  # noqa: PLC0415

    state = deal(players=2, dealer=0, seed=1)
    seen = Situation(state, 1, waiting=True)
    options = legal_actions(state, player=1).decisions
    assert bot.act(seen, options, random.Random(1)) == bot.decide(
        seen.view, options, random.Random(1)
    )


class _ClosedPipe(io.StringIO):
    """Standard output whose reader went away (``sabai tournament ... | head -1``)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_report_whose_reader_went_away_is_no_error_and_the_games_are_kept(
    tmp_path: Path,
) -> None:
    # A broken pipe is a ConnectionError to Python: it must not read as a Ray cluster lost.
    err = io.StringIO()
    argv = ["tournament", "--players", "2", "--games", "2", "--seed", "4", "--workers", "1"]
    argv += ["--no-progress", "-o", str(tmp_path / "r.parquet")]
    assert cli.run(argv, stdout=_ClosedPipe(), stderr=err) == 0
    assert "Ray" not in err.getvalue()
    assert len(read_rows(tmp_path / "r.parquet")) == 2

"""The benchmark scripts run as their docstrings say, on a small scale: a script that fails with
its own defaults cannot reproduce the figures the README gives. Speed is never asserted here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _bench(script: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def test_the_replay_benchmark_reads_and_replays_a_record_of_the_events_asked_for() -> None:
    done = _bench("replay.py", "--events", "400")
    assert (done.returncode, done.stderr) == (0, "")
    events = int(done.stdout.split(" events")[0].replace(",", ""))
    assert events >= 400
    assert "8 players: read and replayed in" in done.stdout


def test_the_replay_benchmark_refuses_in_one_line_what_no_game_of_the_table_holds() -> None:
    done = _bench("replay.py", "--events", "100000", "--players", "2")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "in 100 rounds, the most a game has, at 2 players" in done.stderr


def test_the_instruction_count_plays_the_bench_policy_and_refuses_a_tree_without_the_package(
    tmp_path: Path,
) -> None:
    unchecked = _bench("instructions.py", "--play", "2", "--listed")
    checked = _bench("instructions.py", "--play", "2", "--unlisted")
    # The same seeded rounds, whether apply checks the action again or not.
    assert unchecked.returncode == checked.returncode == 0
    assert int(unchecked.stdout) == int(checked.stdout) > 2
    refused = _bench("instructions.py", "--tree", str(tmp_path))
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1

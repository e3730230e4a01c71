"""Referee scaling: time, peak memory and output of the record commands against record size.

    python bench/scaling.py [--events 12500 25000 50000 100000] [--players 4] [--seed 1]

Builds two kinds of record of each size, in events, up to the reader's limits (``MAX_EVENTS``
events in all, ``MAX_ROUND_EVENTS`` in a round, at most 100 rounds a game; the largest is about
5 MB of JSON, a quarter of ``MAX_BYTES``), written as ``sabai simulate`` writes records:

* ``legal`` — a game of legal play, four players, rounds of about a thousand events (nobody throws
  in or calls until then, nobody empties their row; after that, whoever may call does), as many
  rounds as the size takes;
* ``spam`` — the same play, each round's first event followed by illegal ``Pass`` events (passing
  is only for the end of a round), the actors in turn: nine events in ten are illegal, and a
  tolerant replay judges every one.

Each command runs in a fresh process (``sabai replay``, ``sabai replay --tolerant`` and
``sabai export --as P1``, in-process there through ``sabai_rules.cli.run``), so that its peak
memory is its own: CPU seconds (``time.process_time``, reading the file included), the process's
peak resident memory (``VmHWM`` on Linux, else ``resource.getrusage``), and the characters it
writes. Then, for each command and kind, the growth from the smallest size to the largest: the
ratio of seconds, of peak memory above the interpreter's baseline, and the exponent ``k`` of
``time ~ size^k`` (1 is linear). The bar: linear time and memory, bounded output for a tolerant
verdict.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sabai_rules.model import chance  # noqa: E402
from sabai_rules.model.ruleset import Ruleset  # noqa: E402
from sabai_rules.moves import Action, Give, Pass, apply, legal_actions  # noqa: E402
from sabai_rules.play.game import finish_round, new_game, start_round  # noqa: E402
from sabai_rules.referee.record import (  # noqa: E402
    MAX_ROUND_EVENTS,
    Deal,
    Record,
    RecordEvent,
    RoundRecord,
    write_record,
)
from sabai_rules.state import State  # noqa: E402

COMMANDS = {
    "replay": ["replay"],
    "tolerant": ["replay", "--tolerant"],
    "export": ["export", "--as", "P1"],
}
MB = 1_000_000


def _play_round(state: State, rng: random.Random, length: int) -> tuple[list[Action], State]:
    """A round of legal play from ``state``, and the state at its end: the decisions the game
    waits for (and the passes of its end), chosen at random, but for a give from a row of fewer
    than three cards (functions are optional); no throw-in or call before ``length`` events, then
    a call as soon as one is legal."""
    actions: list[Action] = []
    while not state.is_over:
        legal = legal_actions(state)
        calls = legal.calls if len(actions) >= length else ()
        options: Sequence[Action] = calls or legal.decisions or legal.passes
        # Functions are optional here: a short row gives no card away, so that no row empties.
        keep = [a for a in options if not (type(a) is Give and len(state.table.rows[a.actor]) < 3)]
        options = keep or options
        action = options[rng.randrange(len(options))]
        state = apply(state, action)
        actions.append(action)
    return actions, state


def _record(events: int, players: int, seed: int, spam: int) -> Record:
    """A game of legal play of at most ``events`` events, and nearly as many (unfinished unless it
    ends first), each round's first event followed by ``spam`` times as many illegal passes as
    the round has legal events."""
    rules = Ruleset().with_options(num_rounds=100, functions_optional=True)
    rng = random.Random(seed)
    game = new_game(players, rules, seed=seed)
    length = min(MAX_ROUND_EVENTS // (spam + 1) - 200, max(events // (spam + 1) // 90, 50))
    rounds: list[RoundRecord] = []
    total = 0
    while not game.is_over:
        actions, state = _play_round(start_round(game), rng, length)
        passes = [Pass(i % players) for i in range(spam * len(actions))]
        played = [actions[0], *passes, *actions[1:]]
        if total + len(played) > events:
            break
        deal = Deal(seed=seed, generator=chance.GENERATOR)
        rounds.append(RoundRecord(deal, tuple(RecordEvent(a) for a in played)))
        total += len(played)
        game = finish_round(game, state)
    names = tuple(f"P{i + 1}" for i in range(players))
    return Record(rules, names, game.first_dealer, tuple(rounds), seed)


def legal_record(events: int, players: int, seed: int) -> Record:
    return _record(events, players, seed, 0)


def spam_record(events: int, players: int, seed: int) -> Record:
    return _record(events, players, seed, 9)


class _Counter(io.StringIO):
    """A standard output that counts what is written and keeps none of it."""

    count = 0

    def write(self, text: str) -> int:
        self.count += len(text)
        return len(text)


def _peak_mb() -> float:
    """This process's peak resident memory, in MB: ``VmHWM`` on Linux (the high-water mark of
    this program's memory; ``ru_maxrss`` may still hold the parent's from before ``exec``), else
    ``ru_maxrss``."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1000
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1000


def measure(command: str, path: str) -> dict[str, Any]:
    """One command on one record, in this process: seconds, peak memory, characters written."""
    from sabai_rules.cli import run  # noqa: PLC0415 - imported before the baseline is taken

    baseline = _peak_mb()
    out, err = _Counter(), _Counter()
    start = time.process_time()
    code = run([COMMANDS[command][0], path, *COMMANDS[command][1:]], stdout=out, stderr=err)
    seconds = time.process_time() - start
    return {
        "seconds": seconds,
        "peak_mb": _peak_mb(),
        "baseline_mb": baseline,
        "output_mb": out.count / MB,
        "exit": code,
    }


def _child(command: str, path: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--measure", command, str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[12_500, 25_000, 50_000, 100_000])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commands", nargs="+", choices=tuple(COMMANDS), default=list(COMMANDS))
    parser.add_argument("--measure", nargs=2, metavar=("COMMAND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(*args.measure)))
        return
    sizes = sorted(args.events)
    print(
        f"{'record':<7} {'command':<9} {'MB in':>6} {'events':>9} {'CPU s':>8} "
        f"{'peak MB':>8} {'MB out':>8} exit"
    )
    rows: dict[tuple[str, str], list[tuple[float, dict[str, Any]]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind, build in (("legal", legal_record), ("spam", spam_record)):
            for size in sizes:
                record = build(size, args.players, args.seed)
                text = write_record(record)
                path = Path(tmp) / f"{kind}-{size}.json"
                path.write_text(text, encoding="utf-8")
                megabytes = len(text.encode("utf-8")) / MB
                events = sum(len(r.events) for r in record.rounds)
                del record, text
                for command in args.commands:
                    found = _child(command, path)
                    rows.setdefault((kind, command), []).append((megabytes, found))
                    print(
                        f"{kind:<7} {command:<9} {megabytes:>6.2f} {events:>9,} "
                        f"{found['seconds']:>8.2f} {found['peak_mb']:>8.0f} "
                        f"{found['output_mb']:>8.2f} {found['exit']:>4}",
                        flush=True,
                    )
                path.unlink()
    print()
    print("growth from the smallest record to the largest (k: time ~ size^k; 1 is linear)")
    for (kind, command), results in rows.items():
        (small, first), (large, last) = results[0], results[-1]
        if large <= small:
            continue
        size_ratio = large / small
        time_ratio = last["seconds"] / max(first["seconds"], 1e-9)
        above = [max(r["peak_mb"] - r["baseline_mb"], 1e-9) for r in (first, last)]
        exponent = math.log(time_ratio) / math.log(size_ratio)
        print(
            f"  {kind:<7} {command:<9} size x{size_ratio:.1f}: time x{time_ratio:.1f} "
            f"(k = {exponent:.2f}), memory above baseline x{above[1] / above[0]:.1f} "
            f"({above[0]:.0f} -> {above[1]:.0f} MB), output "
            f"{first['output_mb']:.2f} -> {last['output_mb']:.2f} MB"
        )


if __name__ == "__main__":
    main()

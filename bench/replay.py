"""Referee benchmark: read and replay a long simulated game record.

    python bench/replay.py [--events 10000] [--players 4] [--seed 1]

Simulates a game of sensible bots with enough rounds for at least ``--events`` events (the
simulation is not timed), writes it as JSON, then times reading the text and replaying every
event (``read_record`` + ``referee.replay``), best of five, in CPU time. The issue's bar: a
10,000-event record in under a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sabai_rules.agents.simulate import simulate
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.referee import replay
from sabai_rules.referee.record import read_record, write_record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds = 8
    while True:
        rules = Ruleset().with_options(num_rounds=rounds)
        record = simulate(args.players, args.seed, ruleset=rules)
        events = sum(len(r.events) for r in record.rounds)
        if events >= args.events:
            break
        rounds = max(rounds + 1, int(rounds * args.events / max(events, 1)) + 1)
    text = write_record(record)
    times = []
    for _ in range(5):
        start = time.process_time()
        verdict = replay(read_record(text))
        times.append(time.process_time() - start)
    if not (verdict.legal and verdict.complete):
        raise SystemExit("the simulated record did not replay as a legal, finished game")
    best = min(times)
    print(
        f"{events:,} events in {len(record.rounds)} rounds ({len(text) / 1e6:.1f} MB of JSON), "
        f"{args.players} players: read and replayed in {best:.3f} s "
        f"({events / best:,.0f} events/s), best of 5"
    )


if __name__ == "__main__":
    main()

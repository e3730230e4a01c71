"""Referee benchmark: read and replay a long simulated game record.

    python bench/replay.py [--events 10000] [--players 8] [--seed 1]

Simulates a game of sensible bots with enough rounds for at least ``--events`` events (the
simulation is not timed), writes it as JSON, then times reading the text and replaying every
event (``read_record`` + ``referee.replay``), best of five, in CPU time. The bar: a 10,000-event
record in under a second. A game has at most 100 rounds (``MAX_NUM_ROUNDS``): at 4 players that is
about 8,000 events of sensible bots, so the default table is 8 players (about 140 events a round);
a target no game of the table can reach is refused in one line (exit 2).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sabai_rules.agents.simulate import simulate
from sabai_rules.model.ruleset import MAX_NUM_ROUNDS, Ruleset
from sabai_rules.referee import replay
from sabai_rules.referee.record import read_record, write_record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rounds = 8
    while True:
        rules = Ruleset().with_options(num_rounds=rounds)
        record = simulate(args.players, args.seed, ruleset=rules)
        events = sum(len(r.events) for r in record.rounds)
        if events >= args.events:
            break
        if rounds == MAX_NUM_ROUNDS:
            parser.exit(
                2,
                f"replay.py: {events:,} events in {rounds} rounds, the most a game has, at "
                f"{args.players} players: ask for fewer --events or more --players\n",
            )
        rounds = min(
            MAX_NUM_ROUNDS, max(rounds + 1, int(rounds * args.events / max(events, 1)) + 1)
        )
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

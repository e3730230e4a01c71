"""Referee benchmark: a record of what a table knows, judged beside the same record stating
every card.

    python bench/unknown.py [--players 4] [--seed 3] [--events 200] [--unknown 40] [--pairs 9]

Simulates a game of sensible bots (not timed) and keeps its first rounds, at least ``--events``
events, as three records of the same game:

* **full** (version 1): every card stated, each deal by its seed — what the referee judged
  before records of version 2 existed;
* **stated** (version 2): each deal's order in full, the face of every card an event shows, the
  rows turned up at the end of each round;
* **unknown** (version 2): the same, but ``--unknown`` cards of each deal left ``"?"`` (the
  first cards dealt are stated, the rest of the deck is not).

Each is read and judged (``read_record`` + ``referee.replay``) in turn — full, stated, unknown,
full, stated, unknown... — ``--pairs`` times, in CPU time, and the script prints the median of
each and the ratios, run by run (median and range). The bar (issue 33) is the unknown record in at
most twice the time of the same record with every card stated: *unknown / stated*. *unknown /
full* says what a table's record costs beside the record of a whole deal the referee took before
(version 1, its deals by seed, no world to keep), which is cheaper than either. ``--json`` prints
them for programs. Instruction counts, stable on a loaded machine, come from running
``bench/unknown_counts.py`` under callgrind.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sabai_dev.table_records import table_record
from sabai_rules.agents.simulate import simulate
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.referee import replay
from sabai_rules.referee.record import read_record, write_record

Json = dict[str, Any]


def bench_records(players: int, seed: int, events: int, unknown: int) -> tuple[str, str, str, int]:
    game = json.loads(write_record(simulate(players, seed, ruleset=Ruleset())))
    total = 0
    for kept, rnd in enumerate(game["rounds"], start=1):
        total += len(rnd["events"])
        if total >= events:
            game["rounds"] = game["rounds"][:kept]
            break
    else:
        raise SystemExit(f"the game has only {total} events; give another --seed")
    deck = 60
    stated = table_record(game, random.Random(seed), stated=range(deck))
    partial = table_record(game, random.Random(seed), stated=range(deck - unknown))
    return json.dumps(game), json.dumps(stated), json.dumps(partial), total


def _judged(text: str) -> float:
    start = time.process_time()
    verdict = replay(read_record(text))
    spent = time.process_time() - start
    if not verdict.legal or not verdict.decided:
        raise SystemExit("the record did not replay as a legal game the record decides")
    return spent


def record_options(doc: str | None) -> argparse.ArgumentParser:
    """A parser with the options that choose the records (shared with unknown_counts.py)."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--unknown", type=int, default=40)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser


def main() -> None:
    parser = record_options(__doc__)
    parser.add_argument("--pairs", type=int, default=9)
    args = parser.parse_args()
    full, stated, partial, events = bench_records(
        args.players, args.seed, args.events, args.unknown
    )
    times: dict[str, list[float]] = {"full": [], "stated": [], "unknown": []}
    for _ in range(args.pairs):
        for name, text in (("full", full), ("stated", stated), ("unknown", partial)):
            times[name].append(_judged(text))
    ratios = [u / f for u, f in zip(times["unknown"], times["full"], strict=True)]
    over_stated = [u / s for u, s in zip(times["unknown"], times["stated"], strict=True)]
    figures = {
        "events": events,
        "players": args.players,
        "unknown_cards": args.unknown,
        "median_seconds": {name: statistics.median(t) for name, t in times.items()},
        "unknown_over_full": {
            "median": statistics.median(ratios),
            "min": min(ratios),
            "max": max(ratios),
        },
        "unknown_over_stated": {
            "median": statistics.median(over_stated),
            "min": min(over_stated),
            "max": max(over_stated),
        },
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    medians = figures["median_seconds"]
    print(
        f"{events} events, {args.players} players, {args.unknown} of 60 cards of each deal"
        f" unknown; median of {args.pairs} runs, in turn:"
    )
    for name in ("full", "stated", "unknown"):
        print(f"  {name:8} {medians[name] * 1000:8.1f} ms")
    for key, label in (("unknown_over_full", "full"), ("unknown_over_stated", "stated")):
        r = figures[key]
        print(f"  unknown / {label}: {r['median']:.2f} (runs {r['min']:.2f} to {r['max']:.2f})")


if __name__ == "__main__":
    main()

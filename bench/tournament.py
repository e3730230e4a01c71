"""Tournament throughput and memory: games per second with 1, 2 and every core and a local Ray,
and a worker's memory over many games.

    python bench/tournament.py [--players 4] [--games 400] [--seed 1] [--no-ray]
    python bench/tournament.py --memory 100000      # a worker's memory over 100,000 games

Throughput: the same ``--games`` games of sensible bots (``sabai tournament``'s :func:`run`) with
the process pool at 1 worker, 2 and every core (``os.cpu_count()``), then on a local Ray
(``ray.init()`` started before the clock, as a cluster would be) if the ``ray`` extra is
installed; each run's wall time, games per second, the speed-up over one worker, and a check that
every run wrote the same file. Ray's time includes shipping the plan to its workers.

Memory (``--memory N``): one worker's loop (:func:`~sabai_rules.agents.tournament.play_range`, in
this process) over N games in ranges of 50, its resident set size (``VmRSS``) printed every tenth of
the way: flat means nothing grows with the games played (the bounded caches of views and legal
actions fill within the first games).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sabai_rules.agents.tournament import MissingExtraError, Plan, Tournament, need, play_range, run


def _rss_mb() -> float:
    """This process's resident set size, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def throughput(players: int, games: int, seed: int, with_ray: bool) -> None:
    tournament = Tournament(players=players, games=games, seed=seed)
    cores = os.cpu_count() or 1
    counts = sorted({1, 2, cores})
    digests: set[str] = set()
    base = None
    print(f"{games} games of sensible bots at {players} players, seed {seed}; {cores} cores")
    with tempfile.TemporaryDirectory() as tmp:
        runs: list[tuple[str, int | None, str | None]] = [
            (f"{n} worker(s)", n, None) for n in counts
        ]
        if with_ray:
            try:
                ray = need("ray", "ray")
            except MissingExtraError:
                print("ray: not installed (pip install 'sabai-rules[ray]')")
            else:
                started = time.perf_counter()
                ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
                print(
                    f"ray: local, {ray.cluster_resources().get('CPU')} CPUs, "
                    f"started in {time.perf_counter() - started:.1f} s (not counted)"
                )
                runs.append(("local Ray", None, "auto"))
        for name, workers, address in runs:
            path = Path(tmp) / f"{len(digests)}-{name.replace(' ', '-')}.parquet"
            result = run(tournament, path, workers=workers, ray=address)
            rate = games / result.seconds
            base = base or rate
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            digests.add(digest)
            print(
                f"  {name:<12} {result.seconds:7.1f} s  {rate:6.2f} games/s  "
                f"x{rate / base:4.2f}  file {digest[:12]}"
            )
        if with_ray and "ray" in sys.modules:
            sys.modules["ray"].shutdown()
    print("the same file every time" if len(digests) == 1 else "FILES DIFFER")


def memory(players: int, games: int, seed: int) -> None:
    plan = Plan((Tournament(players=players, games=games, seed=seed),))
    step = max(50, games // 10)
    print(f"one worker's memory over {games} games at {players} players (VmRSS, MB)")
    start = time.perf_counter()
    print(f"  {0:>7} games  {_rss_mb():7.1f} MB")
    for first in range(0, games, 50):
        play_range(plan, first, min(games, first + 50))
        done = min(games, first + 50)
        if done % step == 0 or done == games:
            print(f"  {done:>7} games  {_rss_mb():7.1f} MB  {time.perf_counter() - start:7.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-ray", action="store_true", help="leave Ray out")
    parser.add_argument("--memory", type=int, metavar="N", help="measure memory over N games")
    args = parser.parse_args()
    if args.memory:
        memory(args.players, args.memory, args.seed)
    else:
        throughput(args.players, args.games, args.seed, not args.no_ray)


if __name__ == "__main__":
    main()

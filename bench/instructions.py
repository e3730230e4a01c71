"""Instructions per transition, counted by valgrind's callgrind: stable under load, unlike time.

    python bench/instructions.py [--tree PATH] [--players N] [--listed | --unlisted]

The bench policy (as ``bench/peers.py``): seeded rounds at a table of four (``--players``), the
current preset with nose races decided by chance, each action drawn uniformly from
``legal_actions(state)`` and applied with the list it came from (``listed=``, so not checked again;
``--unlisted`` applies it alone, checked in full, as a caller without the list does). The rounds are
played twice under callgrind, 10 and 40 of them; the difference of the two counts over the
difference of the transitions is what one transition costs, the start-up and imports cancelled out.

``--tree`` measures the package of another checkout (a worktree of an older commit, compiled in
place or not): it is put first on the import path. A tree older than ``listed=`` is measured with
``--unlisted``: its ``apply`` spared the action the last list handed out without being told.
Needs ``valgrind`` and ``callgrind_annotate`` (Debian's ``valgrind``); without them, exit 2 with
one line. Exit 0 with the figure printed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(rounds: int, listed: bool, players: int = 4) -> int:
    """Play ``rounds`` seeded rounds under the bench policy; the transitions, deals included."""
    from sabai_rules import Ruleset  # noqa: PLC0415 (imported where the tree asked for is first)
    from sabai_rules.moves import apply, deal, legal_actions  # noqa: PLC0415

    rules = Ruleset.preset("current").with_options(nose_race="random")
    rng = random.Random(7)
    transitions = 0
    for index in range(rounds):
        state = deal(rules, players, dealer=index % players, seed=index)
        transitions += 1
        while not state.is_over:
            legal = legal_actions(state)
            action = legal[int(rng.random() * len(legal))]
            state = apply(state, action, listed=legal) if listed else apply(state, action)
            transitions += 1
    return transitions


def _count(tree: Path, rounds: int, listed: bool, players: int, folder: Path) -> tuple[int, int]:
    """Callgrind's total instructions for ``rounds`` rounds, and the transitions played."""
    out = folder / f"callgrind.{rounds}"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}",
        sys.executable,
        __file__,
        "--play",
        str(rounds),
        "--listed" if listed else "--unlisted",
        "--players",
        str(players),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    transitions = int(done.stdout.split()[-1])
    annotated = subprocess.run(
        ["callgrind_annotate", str(out)], capture_output=True, text=True, check=True
    ).stdout
    found = re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", annotated) or re.search(
        r"([\d,]+)\s+PROGRAM TOTALS", annotated
    )
    if found is None:
        raise SystemExit("bench/instructions.py: callgrind_annotate printed no total")
    return int(found.group(1).replace(",", "")), transitions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--listed", dest="listed", action="store_true", default=True)
    how.add_argument("--unlisted", dest="listed", action="store_false")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 13), metavar="N")
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play is not None:
        print(play(args.play, args.listed, args.players))
        return 0
    if not (args.tree / "sabai_rules").is_dir():
        print(f"bench/instructions.py: no sabai_rules in {args.tree}", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None or shutil.which("callgrind_annotate") is None:
        print("bench/instructions.py: needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        few, few_steps = _count(args.tree, 10, args.listed, args.players, Path(folder))
        many, many_steps = _count(args.tree, 40, args.listed, args.players, Path(folder))
    per = (many - few) / (many_steps - few_steps)
    how_applied = "listed=" if args.listed else "checked"
    print(
        f"{args.tree}: {per:,.0f} instructions per transition ({how_applied}, "
        f"{args.players} players)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

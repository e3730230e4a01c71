"""Referee benchmark in instructions: the records of ``bench/unknown.py`` judged under valgrind's
callgrind, which counts the instructions the interpreter runs — a figure a loaded machine does
not move, where timings do.

    python bench/unknown_counts.py [--players 4] [--seed 3] [--events 200] [--unknown 40]
                                   [--repeat 5] [--json]

Runs the interpreter under ``valgrind --tool=callgrind`` once per record (full, stated, unknown:
see ``bench/unknown.py``) and once judging nothing, each run first judging the full record once so
that every import and cache is warm alike; each record is then read and judged ``--repeat``
times. The instructions of a record are its run's less the run that judged nothing, divided by
``--repeat``; the script prints them and the ratios. Needs ``valgrind`` (Debian's package); a run
takes about a minute.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from unknown import bench_records, record_options

from sabai_rules.referee import replay
from sabai_rules.referee.record import read_record

KINDS = ("full", "stated", "unknown")


def _judge(args: argparse.Namespace) -> None:
    """The measured run: judge the record ``args.judge`` names (``none``: nothing)."""
    full, stated, unknown, _ = bench_records(args.players, args.seed, args.events, args.unknown)
    replay(read_record(full))
    text = {"full": full, "stated": stated, "unknown": unknown}.get(args.judge)
    if text is not None:
        for _ in range(args.repeat):
            replay(read_record(text))


def _counted(kind: str, args: argparse.Namespace, folder: Path) -> int:
    out = folder / f"{kind}.callgrind"
    argv = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={out}",
        sys.executable,
        str(Path(__file__).resolve()),
        "--judge",
        kind,
        *(f"--{name}={getattr(args, name)}" for name in ("players", "seed", "events", "unknown")),
        f"--repeat={args.repeat}",
    ]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"valgrind failed on the {kind} record: {done.stderr.strip()[-300:]}")
    found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
    if found is None:
        raise SystemExit(f"no instruction count in {out}")
    return int(found.group(1))


def main() -> None:
    parser = record_options(__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--judge", choices=[*KINDS, "none"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.judge is not None:
        _judge(args)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    with tempfile.TemporaryDirectory() as folder:
        base = _counted("none", args, Path(folder))
        counts = {kind: (_counted(kind, args, Path(folder)) - base) / args.repeat for kind in KINDS}
    figures = {
        "instructions": counts,
        "unknown_over_stated": counts["unknown"] / counts["stated"],
        "unknown_over_full": counts["unknown"] / counts["full"],
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"instructions to read and judge each record once (mean of {args.repeat}):")
    for kind in KINDS:
        print(f"  {kind:8} {counts[kind] / 1e6:10.1f} M")
    print(f"  unknown / stated: {figures['unknown_over_stated']:.2f}")
    print(f"  unknown / full:   {figures['unknown_over_full']:.2f}")


if __name__ == "__main__":
    main()

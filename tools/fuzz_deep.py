"""The record fuzzer's long run: 100,000 generated files through the referee's commands.

    python tools/fuzz_deep.py [--cases 100000] [--workers 2] [--seed 1] [--out fuzz-out]

Each worker process draws its share of the files from the Hypothesis strategies of
``tests/fuzz/strategies.py`` (mostly spoiled records, some raw bytes and valid records, at the
:data:`~tests.fuzz.strategies.LONG` sizes), in batches of fresh seeded runs, and runs
``replay``, ``replay --tolerant``, ``replay --format json``, ``show --at N`` and ``export --as P``
on each, in-process, keeping the properties of ``tests/fuzz/harness.py``. The first worker also
runs the hostile trial's named cases at the trial's sizes (a 1 MB rule id, 20 MB of Pass events).

At the end: the exit codes of each command, the tracebacks (there must be none), the exit codes
outside 0-3 (none), each property broken and how often, the slowest command (its file's size
and how it was made), the peak memory of a worker (its maximum resident set) and the case that
raised it most, and the throughput. The failing files are saved in ``--out`` for reproduction
(``sabai replay FILE``), a few per kind of failure, with what happened beside them in JSON;
``summary.json`` holds the figures. Exit code 0 if every property held, 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import resource
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from tests.fuzz.harness import COMMANDS, Broken, Run, Timeout, check
from tests.fuzz.strategies import DEEP, LONG, Case, any_cases, arguments, bases, trial_cases

#: Files drawn per Hypothesis run: fresh runs keep a worker's memory flat.
BATCH = 500
#: Failing files kept per kind of failure.
KEEP = 3


def _signature(broken: Broken) -> str:
    """What tells one failure from another: the property, the command, and the exception's
    type and place, or the message with its particulars (quoted texts, numbers) taken out."""
    one = broken.run
    if one.error is not None:
        lines = one.error.strip().splitlines()
        places = [line.strip() for line in lines if line.strip().startswith("File ")]
        where = re.sub(r", in .*", "", places[-1]) if places else ""
        detail = f"{lines[-1].split(':')[0]} {where}"
    else:
        detail = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", one.err.split(": error: ", 1)[-1])[:160]
        detail = re.sub(r"^\S+\.json: ", "", detail)
    return f"{broken.property} | {one.command} | {detail}"


class _Alarm:
    """Stops a command that runs longer than ``seconds``: raises :class:`Timeout` in it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def _ring(self, signum: int, frame: FrameType | None) -> None:
        raise Timeout

    @contextlib.contextmanager
    def armed(self) -> Iterator[None]:
        previous = signal.signal(signal.SIGALRM, self._ring)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


class Worker:
    """One process's share: its figures, and its failing files saved in ``out``."""

    def __init__(self, number: int, out: Path, timeout: float) -> None:
        self.number = number
        self.out = out
        self.alarm = _Alarm(timeout)
        self.folder = Path(tempfile.mkdtemp(prefix=f"fuzz-{number}-"))
        self.cases: Counter[str] = Counter()
        self.codes: Counter[str] = Counter()
        self.broken: Counter[str] = Counter()
        self.kinds: Counter[str] = Counter()
        self.saved: Counter[str] = Counter()
        self.slowest: dict[str, Any] = {"seconds": 0.0}
        self.peak: dict[str, Any] = {"kb": _max_rss_kb(), "rise_kb": 0, "case": None}
        self.timeouts = 0

    def play(self, case: Case, at: str, as_player: str) -> None:
        path = self.folder / "record.json"
        path.write_bytes(case.data)
        before = _max_rss_kb()
        try:
            with self.alarm.armed():
                runs, broken = check(path, at, as_player)
        except Timeout:
            self.timeouts += 1
            self.cases[case.kind] += 1
            self._save("timeout", case, at, as_player, [], f"over {self.alarm.seconds} s")
            return
        self.cases[case.kind] += 1
        for one in runs.values():
            code = "traceback" if one.error is not None else str(one.code)
            self.codes[f"{one.command}\t{code}"] += 1
            if one.seconds > self.slowest["seconds"]:
                self.slowest = {
                    "seconds": one.seconds,
                    "command": one.line(),
                    "bytes": len(case.data),
                    "case": case.name[:300],
                }
        after = _max_rss_kb()
        if after > self.peak["kb"]:
            self.peak = {"kb": after, "rise_kb": after - before, "case": case.name[:300]}
        for b in broken:
            self.broken[b.property] += 1
            kind = _signature(b)
            self.kinds[kind] += 1
            if self.saved[kind] < KEEP:
                self.saved[kind] += 1
                self._save(kind, case, at, as_player, [r for r in broken if r is b], str(b))

    def _save(
        self, kind: str, case: Case, at: str, as_player: str, broken: list[Broken], what: str
    ) -> None:
        name = hashlib.sha256(case.data).hexdigest()[:16]
        (self.out / f"{name}.json").write_bytes(case.data)
        runs: list[Run] = [b.run for b in broken]
        about = {
            "failure": kind,
            "what": what[:2000],
            "case": case.name[:2000],
            "bytes": len(case.data),
            "at": at,
            "as": as_player,
            "runs": [
                {
                    "command": r.line(),
                    "code": r.code,
                    "stderr": r.err[:2000],
                    "traceback": r.error,
                    "seconds": r.seconds,
                }
                for r in runs
            ],
        }
        text = json.dumps(about, ensure_ascii=True, indent=2)
        (self.out / f"{name}.about.json").write_text(text + "\n", encoding="utf-8")

    def figures(self) -> dict[str, Any]:
        return {
            "cases": dict(self.cases),
            "codes": dict(self.codes),
            "broken": dict(self.broken),
            "kinds": dict(self.kinds),
            "slowest": self.slowest,
            "peak": self.peak,
            "timeouts": self.timeouts,
        }


def _safe(text: str) -> str:
    """``text`` printable on any terminal: controls, line breaks and lone surrogates escaped."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def _max_rss_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _work(job: tuple[int, int, int, str, float, bool]) -> dict[str, Any]:
    number, cases, base_seed, out, timeout, trial = job
    worker = Worker(number, Path(out), timeout)
    start = time.perf_counter()
    if trial:
        for case in trial_cases(DEEP):
            worker.play(case, "3", case.players[-1])
        print(f"worker {number}: the trial's {len(trial_cases(DEEP))} cases played", flush=True)
    done = 0
    batch = 0
    while done < cases:
        size = min(BATCH, cases - done)

        @settings(
            max_examples=size,
            phases=[Phase.generate],
            database=None,
            deadline=None,
            derandomize=False,
            suppress_health_check=list(HealthCheck),
        )
        @seed(base_seed * 1_000_003 + number * 100_003 + batch)
        @given(data=st.data(), case=any_cases(LONG))
        def draw(data: st.DataObject, case: Case) -> None:
            at, as_player = data.draw(arguments(case))
            worker.play(case, at, as_player)

        draw()
        done += size
        batch += 1
        minutes = (time.perf_counter() - start) / 60
        print(f"worker {number}: {done:,}/{cases:,} files, {minutes:.1f} min", flush=True)
    figures = worker.figures()
    figures["seconds"] = time.perf_counter() - start
    return figures


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    total: dict[str, Any] = {"workers": len(parts)}
    for key in ("cases", "codes", "broken", "kinds"):
        merged: Counter[str] = Counter()
        for part in parts:
            merged.update(part[key])
        total[key] = dict(merged)
    total["timeouts"] = sum(p["timeouts"] for p in parts)
    total["slowest"] = max((p["slowest"] for p in parts), key=lambda s: s["seconds"])
    total["peak"] = max((p["peak"] for p in parts), key=lambda p: p["kb"])
    total["seconds"] = max(p["seconds"] for p in parts)
    return total


def _table(total: dict[str, Any], wall: float, out: Path) -> str:
    cases = sum(total["cases"].values())
    kinds = ", ".join(f"{k} {v:,}" for k, v in sorted(total["cases"].items()))
    codes: dict[str, Counter[str]] = {c: Counter() for c in COMMANDS}
    for key, count in total["codes"].items():
        command, code = key.split("\t")
        codes[command][code] += count
    tracebacks = sum(c["traceback"] for c in codes.values())
    usual = {"0", "1", "2", "3", "traceback"}
    outside = sum(n for c in codes.values() for code, n in c.items() if code not in usual)
    lines = [
        f"files                  {cases:,} ({kinds})",
        f"commands               {sum(total['codes'].values()):,}",
        "exit codes             " + "".join(f"{code:>9}" for code in ("0", "1", "2", "3")),
    ]
    for command in COMMANDS:
        row = "".join(f"{codes[command][code]:>9,}" for code in ("0", "1", "2", "3"))
        lines.append(f"  {command:<21}{row}")
    lines += [
        f"tracebacks             {tracebacks:,}",
        f"exit codes beyond 0-3  {outside:,}",
        f"timeouts               {total['timeouts']:,}",
    ]
    broken = total["broken"]
    lines.append(
        "properties broken      "
        + (", ".join(f"{k}: {v:,}" for k, v in sorted(broken.items())) or "none")
    )
    slowest = total["slowest"]
    if "command" in slowest:
        lines.append(
            f"slowest command        {slowest['seconds']:.2f} s: {slowest['command']} on "
            f"{slowest['bytes']:,} bytes ({_safe(slowest['case'])})"
        )
    peak = total["peak"]
    lines.append(
        f"peak memory            {peak['kb'] / 1024:,.0f} MB resident (a worker's maximum; "
        f"+{peak['rise_kb'] / 1024:,.0f} MB during {_safe(str(peak['case']))})"
    )
    lines.append(
        f"time                   {wall / 60:.1f} min wall, {cases / wall:,.1f} files/s with "
        f"{total['workers']} workers"
    )
    kinds_found = total["kinds"]
    if kinds_found:
        lines.append(f"kinds of failure       {len(kinds_found):,}; files saved in {out}:")
        for kind, count in sorted(kinds_found.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {count:>7,}  {_safe(kind)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000, help="generated files (100,000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("fuzz-out"), help="failing files here")
    parser.add_argument(
        "--timeout", type=float, default=600.0, help="seconds a file's commands may take"
    )
    parser.add_argument("--no-trial", action="store_true", help="skip the trial's named cases")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    bases()  # simulated once, before the workers fork
    share = [
        args.cases // args.workers + (i < args.cases % args.workers) for i in range(args.workers)
    ]
    jobs = [
        (i, n, args.seed, str(args.out), args.timeout, i == 0 and not args.no_trial)
        for i, n in enumerate(share)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers, mp_context=get_context("fork")) as pool:
        parts = list(pool.map(_work, jobs))
    wall = time.perf_counter() - start
    total = _merge(parts)
    total["wall_seconds"] = wall
    (args.out / "summary.json").write_text(json.dumps(total, indent=2) + "\n", encoding="utf-8")
    print(_table(total, wall, args.out))
    sys.exit(1 if total["broken"] or total["timeouts"] else 0)


if __name__ == "__main__":
    main()

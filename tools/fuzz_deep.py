"""The record fuzzer's long run: 100,000 generated files through the referee's commands.

    python tools/fuzz_deep.py [--cases 100000] [--workers 2] [--seed 1] [--out DIR]

Worker processes draw the files, a job of 2,500 at a time, from the Hypothesis strategies of
``tests/fuzz/strategies.py`` (mostly spoiled records, some raw bytes and valid records, at the
:data:`~tests.fuzz.strategies.LONG` sizes), in batches of fresh seeded runs, and run
``replay``, ``replay --tolerant``, ``replay --format json``, ``show --at N`` and ``export --as P``
on each, in-process, keeping the properties of ``tests/fuzz/harness.py`` (the argument parser is
built once per worker, see :func:`_parser_once`). One job runs the hostile trial's named cases
at the trial's sizes (a 1 MB rule id, 20 MB of Pass events).

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
import functools
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
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from sabai_rules import cli
from tests.fuzz.harness import COMMANDS, Broken, Run, Timeout, check
from tests.fuzz.strategies import DEEP, LONG, Case, any_cases, arguments, bases, trial_cases

#: Files drawn per Hypothesis run: fresh runs keep a worker's memory flat.
BATCH = 500
#: Files per job handed to a worker.
CHUNK = 2_500
#: Failing files kept per kind of failure.
KEEP = 3


def _signature(broken: Broken) -> str:
    """What tells one failure from another: the property, the command, and the exception's
    type and place, or the message without its particulars (the path, quoted texts, numbers,
    the list of players)."""
    one = broken.run
    if one.error is not None:
        lines = one.error.strip().splitlines()
        places = [line.strip() for line in lines if line.strip().startswith("File ")]
        where = re.sub(r", in .*", "", places[-1]) if places else ""
        detail = f"{lines[-1].split(':')[0]} {where}"
    else:
        detail = one.err.split(": error: ", 1)[-1]
        detail = re.sub(r"^\S+\.json: ", "", detail)
        detail = re.sub(r"^\$.*?: ", "$…: ", detail, flags=re.S)
        detail = re.sub(r"\(the players are .*\)", "(the players are …)", detail, flags=re.S)
        detail = re.sub(r"^\$…: .*( has no card in slot)", r"$…: …\1", detail, flags=re.S)
        detail = re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", detail)[:160]
    return f"{broken.property} | {one.command} | {detail.strip()}"


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
        # Each file is written once and read seven times: in memory where there is /dev/shm.
        shm = Path("/dev/shm")
        where = str(shm) if shm.is_dir() and os.access(shm, os.W_OK) else None
        self.folder = Path(tempfile.mkdtemp(prefix=f"sabai-fuzz-{number}-", dir=where))
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
        which = hashlib.sha256(kind.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        (self.out / f"{name}.{which}.about.json").write_text(text + "\n", encoding="utf-8")

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


def _parser_once() -> None:
    """Build the command's argument parser once per worker.

    :func:`sabai_rules.cli.run` builds it on every call: 8 ms, about 40% of a file's five
    commands (measured before the HTML verdict and the picture made them seven), nearly all of it
    argparse asking gettext for translations of its messages. The fuzzer fuzzes files, not the
    parser's construction: every run still parses its arguments.
    """
    build = getattr(cli, "_parser", None)
    if build is not None and not hasattr(build, "cache_info"):
        setattr(cli, "_parser", functools.cache(build))  # noqa: B010 - a module's function


def _work(job: tuple[int, int, int, str, float, bool]) -> dict[str, Any]:
    """One job: the trial's cases, or ``cases`` generated files in batches of fresh runs."""
    number, cases, base_seed, out, timeout, trial = job
    _parser_once()
    worker = Worker(number, Path(out), timeout)
    start = time.perf_counter()
    if trial:
        for case in trial_cases(DEEP):
            worker.play(case, "3", case.players[-1])
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
        @seed(base_seed * 1_000_003 + number * 1_009 + batch)
        @given(data=st.data(), case=any_cases(LONG))
        def draw(data: st.DataObject, case: Case) -> None:
            at, as_player = data.draw(arguments(case))
            worker.play(case, at, as_player)

        draw()
        done += size
        batch += 1
    figures = worker.figures()
    figures["seconds"] = time.perf_counter() - start
    return figures


def _prune(out: Path) -> None:
    """Keep the smallest :data:`KEEP` files of each kind of failure."""
    kinds: dict[str, list[tuple[int, Path]]] = {}
    for about in out.glob("*.about.json"):
        found = json.loads(about.read_text(encoding="utf-8"))
        kinds.setdefault(found["failure"], []).append((found["bytes"], about))
    keep = {path for files in kinds.values() for _, path in sorted(files)[:KEEP]}
    for files in kinds.values():
        for _, about in files:
            if about not in keep:
                about.unlink()
    kept = {about.name.split(".")[0] for about in out.glob("*.about.json")}
    for data in out.glob("*.json"):
        if data.name.count(".") == 1 and data.stem not in kept and data.name != "summary.json":
            data.unlink()


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
        ranked = sorted(kinds_found.items(), key=lambda kv: -kv[1])
        for kind, count in ranked[:60]:
            lines.append(f"  {count:>7,}  {_safe(kind)[:200]}")
        if len(ranked) > 60:
            lines.append(f"  … and {len(ranked) - 60:,} more kinds in summary.json")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000, help="generated files (100,000)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(tempfile.gettempdir()) / "sabai-fuzz",
        help="where the failing files go (default: sabai-fuzz in the temporary directory)",
    )
    parser.add_argument(
        "--timeout", type=float, default=600.0, help="seconds a file's commands may take"
    )
    parser.add_argument("--no-trial", action="store_true", help="skip the trial's named cases")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    bases()  # simulated once, before the workers fork
    # Jobs of a few thousand files, so that the workers share the work evenly; the trial's
    # cases (minutes at full size) first.
    jobs = [(-1, 0, args.seed, str(args.out), args.timeout, True)] if not args.no_trial else []
    for number, first in enumerate(range(0, args.cases, CHUNK)):
        count = min(CHUNK, args.cases - first)
        jobs.append((number, count, args.seed, str(args.out), args.timeout, False))
    start = time.perf_counter()
    parts = []
    with ProcessPoolExecutor(args.workers, mp_context=get_context("fork")) as pool:
        for part in as_completed([pool.submit(_work, job) for job in jobs]):
            parts.append(part.result())
            files = sum(sum(p["cases"].values()) for p in parts)
            minutes = (time.perf_counter() - start) / 60
            print(f"{files:,} files in {minutes:.1f} min", file=sys.stderr, flush=True)
    wall = time.perf_counter() - start
    total = _merge(parts)
    total["wall_seconds"] = wall
    total["workers"] = args.workers
    _prune(args.out)
    (args.out / "summary.json").write_text(json.dumps(total, indent=2) + "\n", encoding="utf-8")
    print(_table(total, wall, args.out))
    sys.exit(1 if total["broken"] or total["timeouts"] else 0)


if __name__ == "__main__":
    main()

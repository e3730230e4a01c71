"""The ``sabai`` command run in-process on a fuzzed file, and the properties every run keeps.

:func:`check` runs the seven record commands on a file and returns what they did (:class:`Run`)
and every property they broke (:class:`Broken`). The properties, from the CLI's contract:

* ``traceback``: no exception escapes :func:`sabai_rules.cli.run`;
* ``exit code``: the exit code is 0, 1, 2 or 3;
* ``one line``: with exit code 2 or 3, standard error is exactly one line (``str.splitlines``:
  a vertical tab, U+2028 or U+0085 breaks a line too) and standard output is empty;
* ``utf-8``: standard output and standard error can be written as UTF-8 (no lone surrogate);
* ``tolerant gives up``: where the strict replay gives a verdict (exit 0 or 1), the tolerant
  replay gives the same one, never exit 2;
* ``json verdict``: ``replay --format json`` exits as ``replay`` does, and its output (and
  ``export``'s) is JSON;
* ``html verdict``: ``replay --format html`` exits as ``replay`` does, and its output is an HTML
  page;
* ``svg picture``: ``show --at N --svg -`` exits as ``show --at N`` does, and its output is XML.

Time is measured (:attr:`Run.seconds`), never asserted: ``tools/fuzz_deep.py`` reports the
slowest case.
"""

from __future__ import annotations

import io
import json
import time
import traceback
from collections.abc import Sequence
from pathlib import Path
from xml.etree import ElementTree

import attrs

from sabai_rules.cli import run

__all__ = ["COMMANDS", "Broken", "Run", "Timeout", "check", "command_lines", "sabai"]

#: The record commands the fuzzer runs, by name.
COMMANDS = (
    "replay",
    "replay --tolerant",
    "replay --format json",
    "replay --format html",
    "show --at",
    "show --svg",
    "export --as",
)


class Timeout(BaseException):
    """Raised by a caller's alarm to stop a command that runs too long: let through, not taken
    for the command's own exception."""


@attrs.frozen
class Run:
    """One run of ``sabai``: its arguments, exit code, output, and the traceback of an exception
    that escaped (``code`` is then ``None``)."""

    command: str
    argv: tuple[str, ...]
    code: int | None
    out: str = attrs.field(repr=False)
    err: str
    error: str | None
    seconds: float

    def line(self) -> str:
        """The command line, the record named FILE."""
        words = [self.argv[0]]
        for i, word in enumerate(self.argv[1:], 1):
            option, _, value = word.partition("=")
            if option in ("--at", "--as"):
                shown = repr(value) if len(value) < 40 else f"<{len(value):,} chars>"
                words.append(f"{option} {shown}")
            elif word.startswith("--") or self.argv[i - 1] == "--format":
                words.append(word)
            else:
                words.append("FILE")
        return "sabai " + " ".join(words)

    def summary(self) -> str:
        if self.error is not None:
            return f"{self.line()}: {self.error.strip().splitlines()[-1]}"
        err = self.err if len(self.err) <= 300 else f"{self.err[:300]}… ({len(self.err):,} chars)"
        return f"{self.line()}: exit {self.code}, stderr {err!r}"


@attrs.frozen
class Broken:
    """A property a run (or a pair of runs) broke."""

    property: str
    run: Run
    detail: str

    def __str__(self) -> str:
        return f"[{self.property}] {self.detail} — {self.run.summary()}"


def sabai(command: str, argv: Sequence[str]) -> Run:
    """Run ``sabai argv...`` in-process."""
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    error = None
    code: int | None = None
    try:
        code = run(list(argv), stdout=out, stderr=err)
    except (KeyboardInterrupt, Timeout):
        raise
    except BaseException:  # anything escaping run() is what the fuzzer looks for
        error = traceback.format_exc()
    seconds = time.perf_counter() - start
    return Run(command, tuple(argv), code, out.getvalue(), err.getvalue(), error, seconds)


def command_lines(path: Path, at: str, as_player: str) -> list[tuple[str, list[str]]]:
    """The seven commands on ``path``, with ``--at`` and ``--as`` values."""
    name = str(path)
    return [
        ("replay", ["replay", name]),
        ("replay --tolerant", ["replay", "--tolerant", name]),
        ("replay --format json", ["replay", "--format", "json", name]),
        ("replay --format html", ["replay", "--format", "html", name]),
        # --at=N: a value that starts with "-" is still the option's value.
        ("show --at", ["show", name, f"--at={at}"]),
        ("show --svg", ["show", name, f"--at={at}", "--svg", "-"]),
        ("export --as", ["export", name, f"--as={as_player}"]),
    ]


def _encodes(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def broken_by(one: Run) -> list[Broken]:
    """The properties one run breaks on its own."""
    if one.error is not None:
        return [Broken("traceback", one, "an exception escaped")]
    found = []
    if one.code not in (0, 1, 2, 3):
        found.append(Broken("exit code", one, f"exit code {one.code}"))
    if one.code in (2, 3):
        lines = one.err.splitlines()
        if len(lines) != 1 or not one.err.endswith("\n"):
            found.append(Broken("one line", one, f"stderr is {len(lines)} lines"))
        if one.out:
            found.append(Broken("one line", one, f"stdout has {len(one.out):,} chars"))
    for stream, text in (("stdout", one.out), ("stderr", one.err)):
        if not _encodes(text):
            found.append(Broken("utf-8", one, f"{stream} is not UTF-8 (a lone surrogate)"))
    return found


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _is_xml(text: str) -> bool:
    try:
        ElementTree.fromstring(text)
    except ElementTree.ParseError:
        return False
    return True


def broken_between(runs: dict[str, Run]) -> list[Broken]:
    """The properties that compare runs on the same file."""
    found = []
    strict, tolerant = runs.get("replay"), runs.get("replay --tolerant")
    if (
        strict is not None
        and tolerant is not None
        and strict.code in (0, 1)
        and tolerant.code != strict.code
    ):
        detail = f"strict replay exits {strict.code}, tolerant {tolerant.code}"
        found.append(Broken("tolerant gives up", tolerant, detail))
    as_json = runs.get("replay --format json")
    if strict is not None and as_json is not None and strict.error is None:
        if as_json.code != strict.code:
            detail = f"replay exits {strict.code}, --format json {as_json.code}"
            found.append(Broken("json verdict", as_json, detail))
        elif as_json.code in (0, 1) and not _is_json(as_json.out):
            found.append(Broken("json verdict", as_json, "the output is not JSON"))
    as_html = runs.get("replay --format html")
    if strict is not None and as_html is not None and strict.error is None:
        if as_html.code != strict.code:
            detail = f"replay exits {strict.code}, --format html {as_html.code}"
            found.append(Broken("html verdict", as_html, detail))
        elif as_html.code in (0, 1) and not as_html.out.startswith("<!DOCTYPE html>\n"):
            found.append(Broken("html verdict", as_html, "the output is not an HTML page"))
    shown, drawn = runs.get("show --at"), runs.get("show --svg")
    if shown is not None and drawn is not None and shown.error is None:
        if drawn.code != shown.code:
            detail = f"show exits {shown.code}, show --svg {drawn.code}"
            found.append(Broken("svg picture", drawn, detail))
        elif drawn.code == 0 and not _is_xml(drawn.out):
            found.append(Broken("svg picture", drawn, "the output is not XML"))
    export = runs.get("export --as")
    if export is not None and export.code == 0 and not _is_json(export.out):
        found.append(Broken("json verdict", export, "the exported view is not JSON"))
    return found


def check(
    path: Path, at: str, as_player: str, commands: Sequence[str] = COMMANDS
) -> tuple[dict[str, Run], list[Broken]]:
    """Run ``commands`` on ``path``; every run, and every property broken."""
    runs = {
        command: sabai(command, argv)
        for command, argv in command_lines(path, at, as_player)
        if command in commands
    }
    found = [b for one in runs.values() for b in broken_by(one)]
    return runs, found + broken_between(runs)

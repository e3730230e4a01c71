"""The ``sabai`` command with odd arguments, and with a damaged catalogue: every error is one
line on standard error (what it echoes escaped), exit code 2 for unusable input, 3 for a damaged
catalogue, and never a traceback; everything written is UTF-8."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from sabai_rules.cli import EXIT_DAMAGED, EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE
from sabai_rules.model import catalogue
from tests.support import sabai

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _one_line(err: str) -> None:
    assert err.startswith("sabai"), err
    assert err.count("\n") == 1, err
    assert err.endswith("\n"), err
    assert len(err) < 600, err
    err.encode("utf-8")


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    code, _, err = sabai(
        "simulate", "--players", "3", "--seed", "4", "--rounds", "1", "-o", str(path)
    )
    assert (code, err) == (EXIT_OK, "")
    return path


# -- arguments ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["rules", "turn.kep\nx"], "unknown rule id 'turn.kep\\nx'"),
        (["rules", "--chapter", "turn\r\n"], "unknown chapter id 'turn\\r\\n'"),
        (["glossary", "final\u2028lap"], "unknown term id 'final\\u2028lap'"),
        (["rules", "turn.keep", "--lang", "e\nn"], "invalid choice: 'e\\nn'"),
        (["rules", "turn.keep", "extra\nargument"], "unrecognized arguments: extra\\nargument"),
        (["replay", "no\nsuch.json"], "no\\nsuch.json: no such file"),
        (["rules", "x" * 100_000], "unknown rule id 'xxxxxxxxxx"),
        (["glossary", "\udcff"], "unknown term id '\\udcff'"),  # an undecodable byte in argv
    ],
)
def test_odd_arguments_are_echoed_escaped_on_one_line(argv: list[str], expected: str) -> None:
    code, out, err = sabai(*argv)
    assert (code, out) == (EXIT_USAGE, "")
    _one_line(err)
    assert expected in err, err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--at", "\u0661"], "argument --at: invalid int value: '\u0661'"),
        (["--at", "\uff11"], "argument --at: invalid int value: '\uff11'"),
        (["--at", "1_0"], "argument --at: invalid int value: '1_0'"),
        (["--at", "9" * 5000], "argument --at: invalid int value: '99999"),
        (["--at", "0", "--as", "\u0661"], "unknown player '\u0661' (the players are P1, P2, P3)"),
        (["--at", "0", "--as", "9" * 5000], "unknown player '99999"),
    ],
)
def test_numbers_are_ascii_digits(record: Path, argv: list[str], expected: str) -> None:
    # int() takes other scripts' digits (U+0661 is 1) and fails past 4,300 digits; the schema and
    # the record reader take ASCII digits only, and so does the command line.
    code, out, err = sabai("show", str(record), *argv)
    assert (code, out) == (EXIT_USAGE, "")
    _one_line(err)
    assert expected in err, err


def test_a_seat_number_is_still_a_player(record: Path) -> None:
    code, out, err = sabai("show", str(record), "--at", "0", "--as", "1")
    assert (code, err) == (EXIT_OK, "")
    assert "P2" in out


@pytest.mark.parametrize("number", ["\u0663", "\uff13", "3\u00a0"])
def test_simulate_takes_ascii_digits(number: str, tmp_path: Path) -> None:
    out_path = tmp_path / "sim.json"
    code, out, err = sabai("simulate", "--players", number, "--seed", "1", "-o", str(out_path))
    assert (code, out) == (EXIT_USAGE, "")
    _one_line(err)
    assert "argument --players: invalid int value" in err
    assert not out_path.exists()


def test_an_undecodable_output_name_is_echoed_escaped(tmp_path: Path) -> None:
    # A file name holding the byte 0xff reaches Python as the lone surrogate \udcff.
    path = tmp_path / "sim\udcff\n.json"
    code, out, err = sabai(
        "simulate", "--players", "2", "--seed", "1", "--rounds", "1", "-o", str(path)
    )
    assert (code, err) == (EXIT_OK, "")
    assert out.count("\n") == 1
    assert "sim\\udcff\\n.json: 1 rounds" in out
    out.encode("utf-8")
    assert path.exists()


@pytest.mark.slow
def test_a_terminal_that_cannot_show_a_character_gets_it_escaped() -> None:
    # An ASCII terminal: the French text's accents are escaped, not a UnicodeEncodeError.
    result = subprocess.run(
        [sys.executable, "-m", "sabai_rules", "rules", "turn.keep", "--lang", "fr"],
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert result.returncode == EXIT_OK, result.stderr
    assert result.stderr == b""
    assert b"\\xe9" in result.stdout  # é
    result.stdout.decode("ascii")


# -- a damaged catalogue --------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    spec = tmp_path / "spec"
    shutil.copytree(catalogue.spec_root(), spec)  # type: ignore[arg-type]
    return spec


def _use(monkeypatch: pytest.MonkeyPatch, spec: Path) -> None:
    """Let the command use the catalogue in ``spec``, loaded as the package loads its own."""
    monkeypatch.setattr(catalogue, "default", functools.cache(lambda: catalogue.load(spec)))


def _latin_1(spec: Path) -> None:
    path = spec / "rules" / "turn.toml"
    path.write_bytes(path.read_bytes() + "# Noël\n".encode("latin-1"))


def _directory(spec: Path) -> None:
    (spec / "rules" / "zz-notes.toml").mkdir()


def _not_toml(spec: Path) -> None:
    (spec / "glossary.toml").write_text("[[term]\n", encoding="utf-8")


DAMAGE: list[object] = [
    pytest.param(_latin_1, "turn.toml: not UTF-8 text (byte", id="rules-file-not-utf8"),
    pytest.param(
        lambda spec: (spec / "editions.toml").unlink(),
        "missing file editions.toml",
        id="no-editions-file",
    ),
    pytest.param(_directory, "zz-notes.toml is a directory, not a file", id="directory-named-toml"),
    pytest.param(
        lambda spec: shutil.rmtree(spec / "rules"), "missing directory rules/", id="no-rules"
    ),
    pytest.param(_not_toml, "glossary.toml: ", id="glossary-not-toml"),
]


@pytest.mark.parametrize(("damage", "expected"), DAMAGE)
@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "turn.keep"],
        ["rules"],
        ["glossary"],
        ["replay", str(EXAMPLES / "wrong-throw-in-lockout.json")],
    ],
    ids=["rule", "list", "glossary", "replay"],
)
def test_a_damaged_catalogue_is_one_line_and_exit_3(
    damage: Callable[[Path], object],
    expected: str,
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    spec = _copy(tmp_path)
    damage(spec)
    _use(monkeypatch, spec)
    code, out, err = sabai(*argv)
    assert (code, out) == (EXIT_DAMAGED, "")
    _one_line(err)
    assert err.startswith("sabai: error: the rule catalogue is damaged (")
    assert expected in err, err
    assert err.endswith("; reinstall sabai-rules\n")


def test_a_rule_the_referee_cites_but_the_catalogue_lacks_is_exit_3(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The example's illegal event breaks throw-in.retry-lockout: a catalogue without that rule is
    # damaged, not the record unusable (its claim, which names the rule, is left out).
    spec = _copy(tmp_path)
    rules = spec / "rules" / "throw-in.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(
        text.replace('id = "throw-in.retry-lockout"', 'id = "throw-in.retry"'), "utf-8"
    )
    _use(monkeypatch, spec)
    data = json.loads((EXAMPLES / "wrong-throw-in-lockout.json").read_text(encoding="utf-8"))
    del data["claim"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for argv in (["replay", str(path)], ["replay", str(path), "--format", "json", "--tolerant"]):
        code, out, err = sabai(*argv)
        assert (code, out) == (EXIT_DAMAGED, "")
        assert err == (
            "sabai: error: the rule catalogue is damaged (it lacks the rule "
            "'throw-in.retry-lockout' that the referee cites); reinstall sabai-rules\n"
        )
    # The same record with the whole catalogue: an illegal event, as the rules say.
    monkeypatch.undo()
    code, _, err = sabai("replay", str(path))
    assert (code, err) == (EXIT_ILLEGAL, "")


# -- odd record paths and odd JSON (issue 38) ----------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    """A FIFO nobody writes to would block ``open`` forever: it is refused in one line."""
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    command = [sys.executable, "-m", "sabai_rules", "replay", str(fifo)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == EXIT_USAGE
    _one_line(done.stderr)
    assert "not a regular file (a FIFO)" in done.stderr


def test_a_device_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    code, _, err = sabai("replay", "/dev/null")
    assert code == EXIT_USAGE
    _one_line(err)
    assert "not a regular file (a device)" in err


def test_a_dash_reads_the_record_from_standard_input(record: Path) -> None:
    command = [sys.executable, "-m", "sabai_rules", "replay", "-"]
    given = record.read_bytes()
    done = subprocess.run(command, input=given, capture_output=True, timeout=120, check=False)
    from_file = subprocess.run(
        [*command[:-1], str(record)], capture_output=True, timeout=120, check=False
    )
    assert (done.returncode, done.stdout) == (from_file.returncode, from_file.stdout)
    broken = subprocess.run(command, input=b"{", capture_output=True, timeout=120, check=False)
    assert broken.returncode == EXIT_USAGE
    assert broken.stderr.decode().startswith("sabai: error: standard input: not JSON")


def test_a_long_path_is_echoed_cut_short(tmp_path: Path) -> None:
    name = "d" * 100_000
    code, _, err = sabai("replay", str(tmp_path / name / "record.json"))
    assert code == EXIT_USAGE
    _one_line(err)
    assert "…" in err
    assert err.rstrip().endswith(
        "record.json: cannot be read (File name too long)"
    ) or err.rstrip().endswith("record.json: no such file")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        # The format said twice, a wrong one first: not judged on the last one unseen.
        (lambda text: text.replace('{"format"', '{"format": "nope", "format"', 1), "$"),
        # Two actors in one event.
        (
            lambda text: text.replace('"actor": ', '"actor": "P1", "actor": ', 1),
            "$.rounds[0].events[0]",
        ),
    ],
)
def test_a_key_given_twice_is_refused_naming_it_and_where(
    record: Path, change: Callable[[str], str], where: str
) -> None:
    text = json.dumps(json.loads(record.read_text(encoding="utf-8")), separators=(", ", ": "))
    record.write_text(change(text), encoding="utf-8")
    code, _, err = sabai("replay", str(record))
    assert code == EXIT_USAGE
    _one_line(err)
    assert f": {where}: the key " in err
    assert "is given twice" in err


def test_json_of_too_many_arrays_is_refused_before_it_is_built(tmp_path: Path) -> None:
    path = tmp_path / "arrays.json"
    path.write_text("[" + ",".join(["[]"] * 1_000_001) + "]", encoding="utf-8")
    code, _, err = sabai("replay", str(path))
    assert code == EXIT_USAGE
    _one_line(err)
    assert "more than 1,000,000 arrays and objects" in err

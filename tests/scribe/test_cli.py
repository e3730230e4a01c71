"""``sabai scribe`` on the command line: what to install without the extra, one-line errors for
bad arguments (exit 2), and the real server, started as a person starts it, printing its address
and serving the page."""

from __future__ import annotations

import http.client
import io
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sabai_rules.cli import run

ROOT = Path(__file__).resolve().parents[2]


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["scribe", *argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_without_the_extra_it_says_in_one_line_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "starlette", None)
    code, out, err = _run(str(tmp_path / "game.json"))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "pip install 'sabai-rules[scribe]'" in err
    assert not (tmp_path / "game.json").exists()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--port", "x"], "argument --port: invalid int value: 'x'"),
        (["--port", "70000"], "a port is 0 (a free one) to 65535, not 70000"),
        (["--port", "-1"], "a port is 0"),
        (["--port", "\u0663"], "invalid int value"),
        (["--lang", "de"], "argument --lang: invalid choice: 'de'"),
        (["--host", "http://evil/"], "--host: expected a host name or an address"),
        (["--host", "a b"], "--host: expected a host name or an address"),
        (["--host", ""], "--host: expected a host name or an address"),
        (["two.json"], "unrecognized arguments: two.json"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(tmp_path: Path, argv: list[str], says: str) -> None:
    code, out, err = _run(str(tmp_path / "game.json"), *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert says in err


def test_a_record_that_cannot_be_written_or_read_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, _, err = _run(str(tmp_path))
    assert (code, err.count("\n")) == (2, 1)
    assert "is a folder, not a record" in err
    code, _, err = _run(str(tmp_path / "missing" / "game.json"))
    assert (code, err.count("\n")) == (2, 1)
    assert "no folder" in err
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "sabai-record", "version": 2', encoding="utf-8")
    code, _, err = _run(str(broken))
    assert (code, err.count("\n")) == (2, 1)
    assert "not JSON" in err


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        code, out, err = _run(str(tmp_path / "game.json"), "--port", str(port))
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert f"cannot listen on 127.0.0.1 port {port}" in err


def _get(url: str, path: str, host: str | None = None) -> tuple[int, str]:
    found = re.fullmatch(r"http://([0-9.]+):([0-9]+)/", url)
    assert found is not None, url
    connection = http.client.HTTPConnection(found.group(1), int(found.group(2)), timeout=10)
    try:
        connection.request("GET", path, headers={"Host": host} if host else {})
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8")
    finally:
        connection.close()


@pytest.mark.slow
def test_the_real_server_prints_its_address_and_serves_the_page(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    record = tmp_path / "game.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "sabai_rules", "scribe", str(record), "--lang", "fi"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(
            r"sabai scribe: (http://127\.0\.0\.1:[0-9]+/) \(record: (.+); .*\)\n", line
        )
        assert found is not None, line
        url = found.group(1)
        assert Path(found.group(2)) == record
        deadline = time.monotonic() + 20
        while True:
            try:
                status, page = _get(url, "/")
                break
            except ConnectionRefusedError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert status == 200
        assert '<html lang="fi">' in page
        assert "Kirjuri: pelin pöytäkirja" in page
        status, answer = _get(url, "/api/state", host="evil.example:80")
        assert status == 400
        assert "own host names" in answer
        assert not record.exists()  # nothing written before the game is set up
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    # Ctrl-C is how the scribe stops: exit 0, saying where the record is.
    assert process.returncode == 0, err
    assert out == f"sabai scribe: stopped; the record is in {record}\n"
    assert "Traceback" not in err

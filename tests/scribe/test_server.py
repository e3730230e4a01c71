"""The scribe's server, through Starlette's test client: it answers only to its own host names,
reads no body beyond its limit, writes the record and nothing else, saves after every step,
resumes a record, and answers every malformed request with a one-line JSON error."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sabai_rules.referee.record import load_record
from sabai_rules.scribe.server import CSP, MAX_BODY, create_app
from sabai_rules.scribe.session import Session

PORT = 8765
BASE = f"http://127.0.0.1:{PORT}"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "table"
SETUP = {"players": ["Anna", "Ben", "Chloé"], "first_dealer": "Anna"}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    found = tmp_path / "table"
    found.mkdir()
    return found


@pytest.fixture
def session(folder: Path) -> Session:
    return Session(folder / "game.json")


@pytest.fixture
def client(session: Session) -> Iterator[TestClient]:
    app = create_app(session, host="127.0.0.1", port=PORT)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as found:
        yield found


def _step(client: TestClient, name: str, body: Any, **headers: str) -> Any:
    return client.post(f"/api/{name}", json=body, headers=headers)


def _one_line_error(response: Any, status: int) -> str:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    data = response.json()
    assert list(data) == ["error"]
    message = str(data["error"])
    assert "\n" not in message
    assert "Traceback" not in message
    return message


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"]
)
def test_the_server_answers_to_its_own_host_names(client: TestClient, host: str) -> None:
    response = client.get("/api/state", headers={"Host": host})
    assert response.status_code == 200
    assert response.json()["set_up"] is False


@pytest.mark.parametrize(
    "host", ["evil.example:8765", "evil.example", "127.0.0.1:9999", "127.0.0.1", "", "0.0.0.0:8765"]
)
def test_a_foreign_host_is_refused_no_dns_rebinding(
    client: TestClient, session: Session, host: str
) -> None:
    """A name of another site that resolves to 127.0.0.1 (DNS rebinding) sends its own name as
    the Host: the server answers nothing, reads nothing, writes nothing."""
    for response in (
        client.get("/", headers={"Host": host}),
        client.get("/api/state", headers={"Host": host}),
        _step(client, "setup", SETUP, Host=host),
    ):
        assert "own host names" in _one_line_error(response, 400)
        assert response.headers["content-security-policy"] == CSP
    assert not session.is_set_up
    assert session.path is not None
    assert not session.path.exists()


def test_the_host_given_is_answered_too(session: Session) -> None:
    app = create_app(session, host="192.168.1.20", port=PORT)
    with TestClient(app, base_url=f"http://192.168.1.20:{PORT}") as client:
        assert client.get("/api/state").status_code == 200
        assert client.get("/api/state", headers={"Host": "192.168.1.21:8765"}).status_code == 400


def test_a_body_over_the_limit_is_413_whatever_its_headers_say(
    client: TestClient, session: Session
) -> None:
    big = json.dumps({"players": ["x" * (MAX_BODY + 1)]})
    response = client.post("/api/setup", content=big, headers={"Content-Type": "application/json"})
    assert "at most 65,536 bytes" in _one_line_error(response, 413)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts what it reads
        for _ in range(MAX_BODY // 1024 + 2):
            yield b" " * 1024

    response = client.post(
        "/api/setup", content=chunks(), headers={"Content-Type": "application/json"}
    )
    _one_line_error(response, 413)
    response = client.post(
        "/api/setup",
        content=b"{}",
        headers={"Content-Type": "application/json", "Content-Length": "99999999999"},
    )
    _one_line_error(response, 413)
    assert not session.is_set_up


def test_the_record_is_on_disk_after_every_step(client: TestClient, session: Session) -> None:
    path = session.path
    assert path is not None
    state = _step(client, "setup", SETUP).json()
    assert state["set_up"]
    assert load_record(path).players == ("Anna", "Ben", "Chloé")
    steps: list[tuple[str, dict[str, Any]]] = [
        ("event", {"action": {"actor": "Ben", "action": "Draw"}}),
        ("shows", {"event": 1, "shows": ["7"]}),
        ("event", {"action": {"actor": "Ben", "action": "Play"}}),
        ("event", {"action": {"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 1}}),
        ("event", {"action": {"actor": "Chloé", "action": "ThrowIn", "owner": "Chloé", "slot": 0}}),
        ("same-moment", {"event": 4, "on": True}),
        ("first", {"event": 4, "on": True}),
        ("comment", {"event": 2, "comment": "straight onto the pile"}),
        ("undo", {}),
    ]
    for name, body in steps:
        response = _step(client, name, body)
        assert response.status_code == 200, response.text
        on_disk = load_record(path)
        assert on_disk == session.record, name
        assert len(response.json()["events"]) == len(on_disk.events()), name
    assert session.record.rounds[0].events[3].first
    assert session.record.rounds[0].events[1].comment is None  # undone
    verdict = client.get("/api/verdict?lang=nl").json()
    assert verdict["verdict"] == "in-progress"
    assert verdict["sentence"] == "Elke gebeurtenis tot nu toe is reglementair."


def test_no_request_makes_the_server_write_anywhere_but_the_record(
    client: TestClient, session: Session, folder: Path, tmp_path: Path
) -> None:
    """The client never names a file: whatever it sends, the server writes the record (and, for
    an instant, the temporary file it is renamed from) and nothing else."""
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    hostile: list[tuple[str, Any]] = [
        ("setup", {**SETUP, "path": "../escape.json"}),
        ("setup", {**SETUP, "file": "/tmp/escape.json"}),
        ("setup", {"players": ["../../etc/passwd", "Ben"], "first_dealer": 0}),
        ("event", {"action": {"actor": "Ben", "action": "Draw"}, "record": "../x.json"}),
        ("comment", {"event": 1, "comment": "../../escape.json"}),
        ("save", {"path": str(tmp_path / "escape.json")}),
        ("../escape", {}),
        ("next-round", {"position": "/tmp/escape.json"}),
    ]
    for name, body in hostile:
        _step(client, name, body)
    client.get("/api/state?path=../escape.json")
    client.get("/../escape.json")
    client.get("/%2e%2e/escape.json")
    after = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    assert after == sorted([*before, Path("table/game.json")])
    assert load_record(folder / "game.json").players == ("../../etc/passwd", "Ben")


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        (b"{not json", 400, "the request is not JSON: Expecting property name"),
        (b"\xff\xfe", 400, "not UTF-8"),
        (b"[" * 5000 + b"]" * 5000, 400, "not usable JSON"),
        (b"[1, 2]", 400, "expected a JSON object"),
        (b'{"players": "Anna"}', 400, "players: expected a list of names"),
        (b'{"players": ["Anna", "Ben"], "colour": "red"}', 400, "unknown key 'colour'"),
        (b'{"players": ["Anna", "Ben"], "first_dealer": "Zoe"}', 400, "unknown player 'Zoe'"),
        (b'{"players": ["Anna", "Anna"]}', 409, "two players have the same name"),
        (b'{"players": ["Anna", "Ben"], "preset": "newest"}', 400, "unknown preset 'newest'"),
        (b'{"players": ["Anna", "Ben"], "options": {"deck": 1}}', 400, "no option a table sets"),
        (
            b'{"players": ["Anna", "Ben"], "options": {"nose_race": "loud"}}',
            400,
            "nose_race must be one of",
        ),
        (b'{"position": "Anna: 7 X / Ben: 5"}', 409, "position: column 9"),
    ],
)
def test_a_malformed_setup_gets_a_one_line_json_error(
    client: TestClient, session: Session, body: bytes, status: int, says: str
) -> None:
    response = client.post("/api/setup", content=body, headers={"Content-Type": "application/json"})
    assert says in _one_line_error(response, status)
    assert not session.is_set_up


@pytest.mark.parametrize(
    ("name", "body", "status", "says"),
    [
        ("event", {}, 400, "missing 'action'"),
        ("event", {"action": "Draw"}, 400, "action: expected an action object"),
        ("event", {"action": {"actor": "Zoe", "action": "Draw"}}, 400, "action.actor"),
        ("event", {"action": {"actor": "Ben", "action": "Keep"}}, 400, "Keep needs 'slot'"),
        ("event", {"action": {"actor": "Ben", "action": "Keep", "slot": -1}}, 400, "a slot is"),
        ("event", {"action": {"actor": "Ben", "action": "Draw"}, "same_moment": 1}, 400, "true"),
        (
            "event",
            {"action": {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 9}},
            409,
            "event 1: Ben has no card in slot 9",
        ),
        ("shows", {"event": 1, "shows": ["7"]}, 409, "no event 1: the record has 0"),
        ("shows", {"event": "1", "shows": None}, 400, "event: expected an event number"),
        ("comment", {"event": True, "comment": None}, 400, "expected an event number"),
        ("reveal", {"rows": [["7"]]}, 409, "the round is not over"),
        ("reveal", {"rows": [["X"]]}, 400, "rows[0][0]"),
        ("undo", {"now": True}, 400, "unknown key 'now'"),
        ("undo", {}, 400, "nothing to undo"),
        ("next-round", {}, 409, "round 1 is not over"),
        ("fly", {}, 404, "unknown request 'fly'"),
    ],
)
def test_a_malformed_step_gets_a_one_line_json_error(
    client: TestClient, session: Session, name: str, body: Any, status: int, says: str
) -> None:
    assert _step(client, "setup", SETUP).status_code == 200
    before = session.record
    assert says in _one_line_error(_step(client, name, body), status)
    assert session.record == before


def test_steps_come_as_json_from_the_page_of_the_scribe_only(
    client: TestClient, session: Session
) -> None:
    form = client.post(
        "/api/setup",
        content=b"players=Anna",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert "sent as JSON" in _one_line_error(form, 415)
    other = _step(client, "setup", SETUP, Origin="http://evil.example")
    assert "own page only" in _one_line_error(other, 403)
    assert not session.is_set_up
    assert _step(client, "setup", SETUP, Origin=BASE).status_code == 200
    before = _step(client, "event", {"action": {"actor": "Ben", "action": "Draw"}}, Origin=BASE)
    assert before.status_code == 200
    assert "set the game up first" not in before.text


def test_what_is_not_there_is_a_json_error(client: TestClient) -> None:
    assert "set the game up first" in _one_line_error(
        _step(client, "event", {"action": {"actor": "Ben", "action": "Draw"}}), 400
    )
    assert "set the game up first" in _one_line_error(client.get("/api/verdict"), 409)
    _one_line_error(client.get("/nowhere.txt"), 404)
    _one_line_error(client.get("/api/nowhere/deeper"), 404)
    _one_line_error(client.put("/api/state", json={}), 405)
    _one_line_error(client.get("/api/event"), 405)
    assert "unknown language 'de'" in _one_line_error(client.get("/api/state?lang=de"), 400)
    assert "unknown language" in _one_line_error(client.get("/?lang=%0Aevil"), 400)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Was that legal?"),
        ("fr", "Était-ce conforme aux règles\u00a0?"),
        ("nl", "Was dat reglementair?"),
        ("fi", "Oliko se sääntöjen mukainen?"),
    ],
)
def test_the_page_and_its_files_are_served_in_its_language(
    client: TestClient, lang: str, words: str
) -> None:
    page = client.get(f"/?lang={lang}")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["content-security-policy"] == CSP
    assert page.headers["x-content-type-options"] == "nosniff"
    assert f'<html lang="{lang}">' in page.text
    assert words in page.text
    assert "{{" not in page.text
    # Its words for the script, in a data block the browser never runs.
    block = page.text.split('<script type="application/json" id="labels">')[1].split("</script>")
    assert json.loads(block[0])["scribe.legal"] == words
    assert "<script>" not in page.text  # no inline script: the CSP would refuse it
    script = client.get("/scribe.js")
    assert script.headers["content-type"].startswith("text/javascript")
    assert '"use strict"' in script.text
    assert client.get("/scribe.css").headers["content-type"].startswith("text/css")


def test_a_record_on_disk_is_resumed(folder: Path) -> None:
    path = folder / "dispute.json"
    shutil.copy(EXAMPLES / "called-before-the-first-turn.json", path)
    app = create_app(Session.open(path), host="127.0.0.1", port=PORT, lang="fr")
    with TestClient(app, base_url=BASE) as client:
        state = client.get("/api/state").json()
    assert state["lang"] == "fr"
    assert state["players"] == ["Daan", "Sanne", "Joris"]
    assert len(state["events"]) == 9
    assert state["events"][0]["text"] == "Sanne dit sabai sabai"
    assert state["reveal"][0] == ["9", "3", "J", "8"]
    assert state["next_round"]
    assert state["can_undo"]
    assert state["picture"].startswith(
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="fr"'
    )

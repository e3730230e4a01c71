"""The scribe's local web server: the page, and the requests that write the record (Starlette,
served by uvicorn: the ``scribe`` extra, ``pip install 'sabai-rules[scribe]'``).

:func:`create_app` makes the application for one :class:`~sabai_rules.scribe.session.Session`;
:func:`serve` listens and serves it until Ctrl-C. The routes:

* ``GET /`` — the page (``?lang=en|fr|nl|fi``, else the server's language); ``GET /scribe.js``,
  ``GET /scribe.css`` — its script and style, shipped with the package (``page/``);
* ``GET /api/state?lang=`` — everything the page shows (:func:`~.wire.state_json`);
* ``GET /api/verdict?lang=`` — the referee's answer to "was that legal?"
  (:func:`~.wire.verdict_json`);
* ``POST /api/<request>?lang=`` — one step of the record, ``<request>`` one of
  :data:`~.wire.REQUESTS` (``setup``, ``event``, ``shows``, ``comment``, ``same-moment``,
  ``first``, ``reveal``, ``next-round``, ``undo``), its body a JSON object; the answer is the
  new state, the record already saved.

What it refuses, and why:

* a request whose ``Host`` is not the server's own (``127.0.0.1:PORT``, ``localhost:PORT``,
  ``[::1]:PORT`` and the ``--host`` given): a page of another site that a DNS name points at the
  server (DNS rebinding) reaches nothing (400);
* a step sent by a page of another origin (an ``Origin`` that is not the server's, 403), or
  not as JSON (415): a form of another site cannot write the record;
* a body larger than :data:`MAX_BODY` (413), whatever its ``Content-Length`` says;
* anything malformed, with a one-line JSON error (``{"error": "..."}``), never a traceback.

The client never names a file: the server writes the session's record and the temporary file
beside it from which it is renamed, nothing else. Every answer carries a Content Security Policy
that lets the page load its own script, style and nothing else.
"""

from __future__ import annotations

import html
import json
import re
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from importlib import resources
from typing import Any, Final, TextIO

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sabai_rules.model.catalogue import LANGUAGES
from sabai_rules.referee.record import shown
from sabai_rules.scribe.session import ScribeError, Session
from sabai_rules.scribe.wire import RequestError, apply_request, labels, state_json, verdict_json

__all__ = ["CSP", "MAX_BODY", "allowed_hosts", "create_app", "listen", "serve"]

#: The largest request body read, in bytes: a step is a few hundred bytes; a comment of the
#: record's longest (10,000 characters) fits with room to spare.
MAX_BODY: Final = 64 * 1024

#: What the page may load: its own script and style, the pictures it is given, requests to its
#: own server; no inline script, no frame, no form sent anywhere.
CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

_HEADERS: Final = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
)

_PAGE_FILES: Final = {
    "scribe.js": "text/javascript; charset=utf-8",
    "scribe.css": "text/css; charset=utf-8",
}

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _netloc(host: str, port: int) -> str:
    """``host:port`` as a URL and a ``Host`` header write it (an IPv6 address in brackets)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{port}".lower()


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` headers the server answers: its loopback names and ``host``, at ``port``."""
    return frozenset(_netloc(name, port) for name in ("127.0.0.1", "localhost", "::1", host))


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class _Guard:
    """Every request's first check (see the module's introduction): its ``Host``, its size, and
    the headers every answer carries."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = frozenset(f"http://{h}" for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        refusal = self.refusal(Headers(scope=scope), scope.get("method", "GET"))
        if refusal is not None:
            await refusal(scope, receive, guarded)
            return
        await self.app(scope, receive, guarded)

    def refusal(self, headers: Headers, method: str) -> Response | None:
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            known = ", ".join(sorted(self.hosts))
            return _error(400, f"this server answers only to its own host names ({known})")
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return _error(413, f"a request body holds at most {MAX_BODY:,} bytes")
        if method not in ("GET", "HEAD"):
            origin = headers.get("origin")
            if origin is not None and origin.lower() not in self.origins:
                return _error(403, "a step of the record comes from the scribe's own page only")
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return _error(415, "a step of the record is sent as JSON (application/json)")
        return None


async def _json_body(request: Request) -> Any:
    """The request's body as JSON, read up to :data:`MAX_BODY` bytes whatever its headers say."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise HTTPException(413, f"a request body holds at most {MAX_BODY:,} bytes")
    if not body.strip():
        return {}
    try:
        return json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise HTTPException(400, "the request is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        where = f"{error.msg} at line {error.lineno}, column {error.colno}"
        raise HTTPException(400, f"the request is not JSON: {where}") from None
    except RecursionError:
        raise HTTPException(400, "the request is not usable JSON: nested too deeply") from None
    except ValueError as error:  # an integer of more digits than Python converts
        raise HTTPException(400, f"the request is not usable JSON: {error}") from None


def _language(request: Request) -> str:
    lang = request.query_params.get("lang", request.app.state.lang)
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise HTTPException(400, f"unknown language {shown(lang)} (expected {known})")
    return str(lang)


_PLACEHOLDER: Final = re.compile(r"\{\{([a-z0-9.\-_]+)\}\}")


def _page(lang: str) -> str:
    """The page in ``lang``: its words filled in, and all of them in a JSON data block for the
    script (a block the browser never runs: the CSP allows no inline script)."""
    template = resources.files(__package__).joinpath("page", "index.html").read_text("utf-8")
    words = labels(lang)
    data = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")
    values = {**{k: html.escape(v) for k, v in words.items()}, "lang": lang, "labels": data}
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


def create_app(session: Session, *, host: str, port: int, lang: str = "en") -> ASGIApp:
    """The scribe's application for ``session``, answering as ``host:port`` (and the loopback
    names), its page in ``lang`` unless a request asks for another."""

    async def page(request: Request) -> Response:
        return Response(_page(_language(request)), media_type="text/html; charset=utf-8")

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        kind = _PAGE_FILES.get(name)
        if kind is None:
            raise HTTPException(404, "no such file")
        text = resources.files(__package__).joinpath("page", name).read_text("utf-8")
        return Response(text, media_type=kind)

    async def state(request: Request) -> Response:
        return JSONResponse(state_json(session, _language(request)))

    async def verdict(request: Request) -> Response:
        lang = _language(request)
        if not session.is_set_up:
            raise HTTPException(409, "set the game up first")
        try:
            return JSONResponse(verdict_json(session, lang))
        except ScribeError as error:
            raise HTTPException(409, str(error)) from None

    async def step(request: Request) -> Response:
        name = request.path_params["name"]
        lang = _language(request)
        data = await _json_body(request)
        try:
            apply_request(session, name, data)
        except RequestError as error:
            status = 404 if str(error).startswith("unknown request") else 400
            raise HTTPException(status, str(error)) from None
        except ScribeError as error:
            raise HTTPException(409, str(error)) from None
        return JSONResponse(state_json(session, lang))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, " ".join(str(exc.detail).split()))

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error(500, f"the scribe failed: {type(exc).__name__}")

    app = Starlette(
        routes=[
            Route("/", page, methods=["GET"]),
            Route("/{name:str}", asset, methods=["GET"]),
            Route("/api/state", state, methods=["GET"]),
            Route("/api/verdict", verdict, methods=["GET"]),
            Route("/api/{name:str}", step, methods=["POST"]),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    app.state.lang = lang
    return _Guard(app, allowed_hosts(host, port))


def listen(host: str, port: int) -> socket.socket:
    """A socket listening at ``host`` (a name or an address) and ``port`` (0: a free port).
    :class:`OSError` if it cannot."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(session: Session, sock: socket.socket, host: str, lang: str, out: TextIO) -> None:
    """Serve ``session`` on the listening ``sock`` (as ``host``) until Ctrl-C, having written the
    page's address on one line of ``out``."""
    import uvicorn  # noqa: PLC0415 - the server's own dependency, loaded when it serves

    port = sock.getsockname()[1]
    app = create_app(session, host=host, port=port, lang=lang)
    config = uvicorn.Config(
        app,
        lifespan="off",
        log_level="warning",
        access_log=False,
        proxy_headers=False,
        server_header=False,
    )
    path = str(session.path)
    if not path.isprintable():  # one line, whatever the file's name holds
        path = path.encode("unicode_escape", "backslashreplace").decode("ascii")
    where = "" if session.path is None else f" (record: {path}; Ctrl-C stops)"
    out.write(f"sabai scribe: http://{_netloc(host, port)}/{where}\n")
    out.flush()
    uvicorn.Server(config).run(sockets=[sock])

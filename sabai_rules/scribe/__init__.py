"""The scribe: a game's record written at the table as the game goes (``sabai scribe``).

* :mod:`~sabai_rules.scribe.session` — the record being written and every step on it (pure
  Python: the referee's record, replay and judging in worlds, nothing of the web);
* :mod:`~sabai_rules.scribe.wire` — the session as JSON for the page, in four languages, and the
  page's requests read strictly;
* :mod:`~sabai_rules.scribe.server` — the local web server (Starlette and uvicorn, the ``scribe``
  extra), and ``page/``, the page it serves: plain HTML, CSS and JavaScript.

Importing this package, the session or the wire loads no web framework.
"""

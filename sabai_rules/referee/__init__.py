"""The referee: game records, played under the rules, and the verdict written for people.

The layer has three parts, each importing only the ones before it:

1. :mod:`~sabai_rules.referee.record` — the record format: a versioned JSON document read
   strictly or tolerantly (:func:`~sabai_rules.referee.record.read_record`,
   :func:`~sabai_rules.referee.record.load_record`) and written back
   (:func:`~sabai_rules.referee.record.write_record`); it knows the engine's actions, nothing of
   replays or languages.
2. :mod:`~sabai_rules.referee.replay` — a record played through the engine:
   :func:`~sabai_rules.referee.replay.replay` gives a
   :class:`~sabai_rules.referee.replay.Verdict` (the rounds scored, the illegal events with the
   rule each one breaks, the claim checked), :func:`~sabai_rules.referee.replay.play_record`
   every step, :func:`~sabai_rules.referee.replay.table_after` the table after any event.
3. :mod:`~sabai_rules.referee.render` — the verdict and the table in a language, as text or JSON
   (:func:`~sabai_rules.referee.render.render_text`,
   :func:`~sabai_rules.referee.render.render_json`,
   :func:`~sabai_rules.referee.render.render_table`), with the words of
   :mod:`~sabai_rules.referee.i18n`, or as a web page that steps through the game
   (:func:`~sabai_rules.referee.viewer.render_html`); :mod:`~sabai_rules.referee.picture` draws
   the table, a card and the diagrams of the rules as SVG
   (:func:`~sabai_rules.referee.picture.table_svg`); :mod:`~sabai_rules.referee.export` gives a
   record as one player saw it.

The engine never imports this layer; the command line (``sabai_rules.cli``) is built on it.

>>> from sabai_rules.referee import read_record, render_text, replay
>>> record = read_record('''{"format": "sabai-record", "version": 1,
...   "players": ["Anna", "Ben"], "first_dealer": "Anna",
...   "rounds": [{"deal": {"seed": 7, "generator": "shake256-fisher-yates/1"},
...               "events": [{"actor": "Anna", "action": "Draw"}]}]}''')
>>> verdict = replay(record)
>>> verdict.legal, verdict.illegal[0].rule
(False, 'turn.draw')
>>> print(render_text(verdict, "fr").splitlines()[0])
Événement illégal 1 (Manche 1, #1)\u00a0: Anna pioche une carte · Draw()
"""

from __future__ import annotations

from sabai_rules.referee.export import export_view
from sabai_rules.referee.picture import table_svg
from sabai_rules.referee.record import (
    Claim,
    Problem,
    Record,
    RecordError,
    load_record,
    read_record,
    record_to_json,
    write_record,
)
from sabai_rules.referee.render import render_json, render_table, render_text
from sabai_rules.referee.replay import (
    IllegalEvent,
    Verdict,
    close_round,
    play_record,
    replay,
    table_after,
)
from sabai_rules.referee.viewer import render_html

__all__ = [
    "Claim",
    "IllegalEvent",
    "Problem",
    "Record",
    "RecordError",
    "Verdict",
    "close_round",
    "export_view",
    "load_record",
    "play_record",
    "read_record",
    "record_to_json",
    "render_html",
    "render_json",
    "render_table",
    "render_text",
    "replay",
    "table_after",
    "table_svg",
    "write_record",
]

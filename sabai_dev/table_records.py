"""A record as a table would write it (version 2), made from a full record: for the tests of the
referee on records with unknown cards, and for ``bench/unknown.py``.

The table never knew the deal: the deal order is dropped (or kept for some cards), and what the
table saw is stated instead — the face of every card an event shows or is about (``shows``), and
the rows turned up at the end of each round (``reveal``). Every statement is the truth of the
full record's game, so that the full record's verdict on each event is the table record's, or
undecided.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from sabai_rules.model.cards import face_text
from sabai_rules.moves import LookAtCards
from sabai_rules.referee.record import SHOWN_BY, read_record
from sabai_rules.referee.replay import Dealt, Played, RoundClosed, play_record
from sabai_rules.referee.unknown import card_subjects
from sabai_rules.state import State

__all__ = ["dealt_order", "table_record"]

Json = dict[str, Any]


def dealt_order(state: State) -> list[str]:
    """The faces of a round as it was dealt (``state``: the deal), first card dealt first, as a
    record's ``deal.order`` writes them."""
    players, rows = state.players, state.table.rows
    starter = (state.setup.dealer + 1) % players
    dealt = len(rows[0]) * players
    order = [rows[(starter + k) % players][k // players] for k in range(dealt)]
    order += reversed(state.table.draw)
    return [face_text(state.deck.faces[c]) for c in order]


def table_record(
    data: Json, rng: random.Random, hide: float = 0.0, *, stated: Sequence[int] = ()
) -> Json:
    """The record ``data`` (version 1) as a table would write it: every face an event shows
    stated but for a share ``hide`` of them left out at random, the rows turned up at the end of
    each round, and of each deal only the cards at the places ``stated`` (``"?"`` elsewhere)."""
    record = read_record(data)
    out = copy.deepcopy(data)
    out["version"] = 2
    for step in play_record(record, tolerant=True):
        rnd = out["rounds"][step.round] if hasattr(step, "round") else None
        if isinstance(step, Dealt) and rnd is not None:
            order = dealt_order(step.state)
            rnd["deal"] = {"order": [f if k in stated else "?" for k, f in enumerate(order)]}
        elif isinstance(step, Played) and isinstance(step.action, SHOWN_BY):
            after = step.state if step.error is None else None
            cards = card_subjects(step.before, step.action, after)
            if cards and rng.random() >= hide:
                faces = [face_text(step.state.deck.faces[c]) for c in cards]
                event = out["rounds"][step.round]["events"][step.index]
                event["shows"] = faces if isinstance(step.action, LookAtCards) else faces[0]
        elif isinstance(step, RoundClosed) and step.state.is_over and step.problem is None:
            rows = step.state.table.rows
            shown = [[face_text(step.state.deck.faces[c]) for c in r if c >= 0] for r in rows]
            out["rounds"][step.round]["reveal"] = shown
    return out

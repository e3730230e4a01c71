"""Records to judge: whole simulated games as record JSON, mutations of their events (events
dropped, duplicated, swapped, given another actor, slot or owner, thrown in at the same moment as
another; rounds added and cut short), for the properties of the referee over any record; and
records of one round dealt in a known order."""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

from hypothesis import strategies as st

from sabai_rules.bots import simulate
from sabai_rules.cards import parse_face
from sabai_rules.moves import Action, LookAtCards
from sabai_rules.referee.record import (
    SHOWN_BY,
    Deal,
    Record,
    RecordEvent,
    RoundRecord,
    face_text,
    read_record,
    write_record,
)
from sabai_rules.referee.replay import Played, RoundClosed, play_record
from sabai_rules.referee.unknown import card_subjects
from sabai_rules.ruleset import Ruleset

Json = dict[str, Any]


@functools.cache
def _game(players: int, seed: int, preset: str) -> str:
    return write_record(simulate(players, seed, preset=preset))


def game_json(players: int, seed: int, preset: str = "current") -> Json:
    """A whole game of ``players`` seeded bots as record JSON, a fresh copy for each caller."""
    data: Json = json.loads(_game(players, seed, preset))
    return data


#: A mutation of a record's events: its kind and where (positions are taken modulo the length).
Mutation = tuple[str, int, int]
KINDS = ("drop", "duplicate", "swap", "actor", "slot", "owner", "simultaneous", "round", "cut")


def mutate(data: Json, mutation: Mutation) -> None:
    """Make ``mutation`` to the record JSON ``data``, in place."""
    kind, a, b = mutation
    rounds = data["rounds"]
    names = data["players"]
    if kind == "round":
        rounds.insert(a % (len(rounds) + 1), copy.deepcopy(rounds[b % len(rounds)]))
        return
    where = [(r, i) for r, rnd in enumerate(rounds) for i in range(len(rnd["events"]))]
    if not where:
        return
    r, i = where[a % len(where)]
    events = rounds[r]["events"]
    event = events[i]
    if kind == "drop":
        del events[i]
    elif kind == "duplicate":
        events.insert(i, copy.deepcopy(event))
    elif kind == "swap":
        r2, j = where[b % len(where)]
        events[i], rounds[r2]["events"][j] = rounds[r2]["events"][j], event
    elif kind == "actor":
        event["actor"] = names[b % len(names)]
    elif kind == "slot":
        for key in ("slot", "target_slot"):
            if key in event:
                event[key] = b % 7
                break
    elif kind == "owner":
        for key in ("owner", "target"):
            if key in event:
                event[key] = names[b % len(names)]
                break
    elif kind == "simultaneous" and event["action"] == "ThrowIn":
        mark = f"m{a}"
        after = events[i + 1] if i + 1 < len(events) else None
        event["simultaneous"] = mark
        if after is not None and after["action"] == "ThrowIn" and b % 2:
            after["simultaneous"] = mark
        else:
            events.insert(i + 1, {**event, "actor": names[b % len(names)]})
    elif kind == "cut":
        del events[i:]


#: One to four mutations.
mutations = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6), st.integers(0, 10**6)),
    min_size=1,
    max_size=4,
)


#: The players of the records of one round.
NAMES = ("Anna", "Ben", "Cleo")


def deck_order(first: list[str]) -> tuple[int, ...]:
    """A deck order (faces) that deals ``first`` first and the rest of the deck after it."""
    rest = ["AJ", "J", "J", "J", *[str(rank) for rank in range(1, 15) for _ in range(4)]]
    for face in first:
        rest.remove(face)
    return tuple(parse_face(face) for face in [*first, *rest])


def one_round(order: tuple[int, ...], events: list[Action], rules: Ruleset | None = None) -> Record:
    """A record of one round of Anna, Ben and Cleo, Anna dealing (Ben starts), dealt in
    ``order``."""
    rnd = RoundRecord(Deal(order=order), tuple(RecordEvent(a) for a in events))
    return Record(rules or Ruleset(), NAMES, 0, (rnd,), 3)


def table_record(data: Json, rng: random.Random, hide: float = 0.0) -> Json:
    """The record ``data`` (version 1) as a table would write it (version 2): no deal order, the
    face of every card an event shows or is about (``shows``) but for a share ``hide`` of them
    left out at random, and the rows turned up at the end of each round (``reveal``). Every
    statement is the truth of ``data``'s game, so that ``data``'s verdict on each event is the
    table record's, or undecided."""
    record = read_record(data)
    out = copy.deepcopy(data)
    out["version"] = 2
    for step in play_record(record, tolerant=True):
        if isinstance(step, Played) and isinstance(step.action, SHOWN_BY):
            after = step.state if step.error is None else None
            cards = card_subjects(step.before, step.action, after)
            if cards and rng.random() >= hide:
                faces = [face_text(step.state.deck.faces[c]) for c in cards]
                event = out["rounds"][step.round]["events"][step.index]
                event["shows"] = faces if isinstance(step.action, LookAtCards) else faces[0]
        elif isinstance(step, RoundClosed) and step.state.is_over and step.problem is None:
            rows = [
                [face_text(step.state.deck.faces[c]) for c in r if c >= 0]
                for r in step.state.table.rows
            ]
            out["rounds"][step.round]["reveal"] = rows
    for rnd in out["rounds"]:
        rnd["deal"] = {"order": []}
    return out

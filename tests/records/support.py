"""Records to judge: whole simulated games as record JSON, mutations of their events (events
dropped, duplicated, swapped, given another actor, slot or owner, thrown in at the same moment as
another; rounds added and cut short), for the properties of the referee over any record; and
records of one round dealt in a known order."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from hypothesis import strategies as st

from sabai_rules.agents.simulate import simulate
from sabai_rules.model.cards import parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Action
from sabai_rules.referee.record import Deal, Record, RecordEvent, RoundRecord, write_record

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

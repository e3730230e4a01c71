"""What a record claims, checked by the referee: a claim holds only if every part of it holds, is
refuted if any part is wrong, and stays open when the record cannot settle a part of it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.referee import Verdict, replay
from sabai_rules.referee.record import read_record, write_record

Json = dict[str, Any]

#: A legal game of three players, as JSON.
GAME: Json = json.loads(write_record(simulate(3, 11, names=("Anna", "Ben", "Cleo"))))


def _two_wrongs() -> tuple[Json, int, int]:
    """The game with two illegal events in round 1: a Pass in the middle of play, then a Peek
    with no 11 on the pile. Their event numbers."""
    data = copy.deepcopy(GAME)
    events = data["rounds"][0]["events"]
    draws = [i for i, e in enumerate(events) if e["action"] == "Draw"]
    late, early = draws[6], draws[2]
    events.insert(late, {"actor": events[late]["actor"], "action": "Peek", "slot": 0})
    events.insert(early, {"actor": events[early]["actor"], "action": "Pass"})
    return data, early + 1, late + 2


def _verdict(data: Json, claim: Json, *, tolerant: bool = False) -> Verdict:
    return replay(read_record({**data, "claim": claim}), tolerant=tolerant)


@pytest.fixture(scope="module")
def wrongs() -> tuple[Json, int, int, str, str]:
    data, first, second = _two_wrongs()
    found = replay(read_record(data), tolerant=True).illegal
    assert [e.number for e in found] == [first, second]
    assert found[0].rule != found[1].rule
    return data, first, second, found[0].rule, found[1].rule


def test_naming_the_illegal_event_and_its_rule_holds(wrongs: Any) -> None:
    data, first, _, rule, _ = wrongs
    assert _verdict(data, {"illegal_event": first, "rule": rule}).claim_holds() is True
    assert _verdict(data, {"illegal_event": first}).claim_holds() is True


def test_the_right_event_with_the_wrong_rule_does_not_hold(wrongs: Any) -> None:
    data, first, _, _, other = wrongs
    assert _verdict(data, {"illegal_event": first, "rule": other}).claim_holds() is False


def test_a_legal_event_named_illegal_does_not_hold(wrongs: Any) -> None:
    data, first, _, _, _ = wrongs
    assert _verdict(data, {"illegal_event": first - 1}).claim_holds() is False


def test_an_event_after_the_referee_stopped_is_open_until_replayed_tolerantly(
    wrongs: Any,
) -> None:
    data, _, second, _, other = wrongs
    claim = {"illegal_event": second, "rule": other}
    assert _verdict(data, claim).claim_holds() is None
    assert _verdict(data, claim, tolerant=True).claim_holds() is True
    # "Somebody broke that rule" alike: the strict replay never reached it.
    assert _verdict(data, {"rule": other}).claim_holds() is None
    assert _verdict(data, {"rule": other}, tolerant=True).claim_holds() is True
    assert _verdict(GAME, {"rule": other}).claim_holds() is False


def test_a_wrong_part_refutes_the_claim_even_when_another_part_cannot_be_settled(
    wrongs: Any,
) -> None:
    data, first, _, _, other = wrongs
    # The replay stops in round 1, so the game has no winners: that part stays open.
    assert _verdict(data, {"winners": ["Anna"]}).claim_holds() is None
    refuted = {"winners": ["Anna"], "illegal_event": first, "rule": other}
    assert _verdict(data, refuted).claim_holds() is False


def test_the_winners_of_a_finished_game(wrongs: Any) -> None:
    winners = replay(read_record(GAME)).game.winners
    assert winners is not None
    names = [GAME["players"][p] for p in winners]
    losers = [n for n in GAME["players"] if n not in names]
    assert _verdict(GAME, {"winners": names}).claim_holds() is True
    assert _verdict(GAME, {"winners": losers[:1]}).claim_holds() is False
    assert _verdict(GAME, {"text": "a fine game"}).claim_holds() is None

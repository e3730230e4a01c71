"""``sabai replay --tolerant`` never knows less than a strict replay: wherever the strict referee
gives a verdict (exit 0 or 1), the tolerant one gives a verdict too, never exit 2, and the first
illegal event it reports is the strict one's. What tolerant play cannot play after an illegal
event was skipped — an event naming a card that is no longer there, events after the end of their
round, a round after the end of the game, one card thrown in twice at once, a reshuffle stated
for a round that never needed it — is reported among the problems, and the replay goes on."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st

from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE
from sabai_rules.model.ruleset import PRESETS
from sabai_rules.referee.record import RecordError, read_record
from tests.records.support import Mutation, game_json, mutate, mutations
from tests.support import sabai

Json = dict[str, Any]
EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


def _data(players: int = 3, seed: int = 11, preset: str = "current") -> Json:
    return game_json(players, seed, preset)


def _replay(data: Json, *flags: str) -> tuple[int, Json | None, str]:
    """``sabai replay --format json`` on the record: the exit code, the verdict (``None`` when
    the record is unusable) and standard error."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        code, out, err = sabai("replay", str(path), "--format", "json", *flags)
    if code == EXIT_USAGE:
        assert out == ""
        assert err.startswith("sabai: error: "), err
        assert err.count("\n") == 1, err
        return code, None, err
    assert code in (EXIT_OK, EXIT_ILLEGAL), (code, err)
    assert err == ""
    verdict: Json = json.loads(out)
    return code, verdict, err


def _first_illegal(verdict: Json) -> int | None:
    illegal = verdict["illegal"]
    return int(illegal[0]["event"]) if illegal else None


def _intruder(data: Json, r: int = 0, at: int = 1) -> int:
    """A Draw by a player whose turn it is not, inserted before event ``at`` of round ``r``:
    refused, and it changes nothing. Its event number."""
    events = data["rounds"][r]["events"]
    actor = events[at]["actor"]
    other = next(name for name in data["players"] if name != actor)
    events.insert(at, {"actor": other, "action": "Draw"})
    return sum(len(rnd["events"]) for rnd in data["rounds"][:r]) + at + 1


def _index(data: Json, r: int, action: str, after: int = 0) -> int:
    return next(
        i for i, e in enumerate(data["rounds"][r]["events"]) if e["action"] == action and i >= after
    )


def _strict_and_tolerant(data: Json) -> tuple[Json, Json]:
    """Both verdicts, checking that the strict one stops at the intruder (exit 1) and the
    tolerant one finds it first too (exit 1)."""
    code, strict, _ = _replay(data)
    assert code == EXIT_ILLEGAL
    assert strict is not None
    code, tolerant, err = _replay(data, "--tolerant")
    assert code == EXIT_ILLEGAL, err
    assert tolerant is not None
    assert _first_illegal(tolerant) == _first_illegal(strict)
    return strict, tolerant


# -- what tolerant play cannot play, reported --------------------------------------------------


def test_a_later_event_naming_a_card_that_is_not_there_is_a_problem_and_the_replay_goes_on() -> (
    None
):
    data = _data()
    intruder = _intruder(data)
    keep = _index(data, 0, "Keep", after=10)
    data["rounds"][0]["events"][keep]["slot"] = 9
    strict, tolerant = _strict_and_tolerant(data)
    assert _first_illegal(strict) == intruder
    assert f"$.rounds[0].events[{keep}].slot: " in " ".join(tolerant["unreadable"])
    assert "has no card in slot 9" in " ".join(tolerant["unreadable"])
    # The player who meant to keep still holds the drawn card: what follows is judged, to the
    # end of the round's events.
    assert [e["event"] for e in tolerant["illegal"] if e["event"] > keep + 1]
    assert tolerant["unreadable"][-1] == (
        "$.rounds[0]: round 1 stops before it is over, and another round follows"
    )


def test_a_card_missing_alone_is_unusable_strictly_and_a_problem_tolerantly() -> None:
    data = _data()
    keep = _index(data, 0, "Keep", after=10)
    data["rounds"][0]["events"][keep]["slot"] = 9
    code, _, err = _replay(data)
    assert code == EXIT_USAGE
    assert "has no card in slot 9" in err
    code, tolerant, _ = _replay(data, "--tolerant")
    assert code == EXIT_ILLEGAL
    assert tolerant is not None
    assert any("has no card in slot 9" in p for p in tolerant["unreadable"])


def test_events_after_the_end_of_the_game_are_one_problem() -> None:
    data = _data()
    _intruder(data, r=2)
    events = data["rounds"][2]["events"]
    first = len(events)
    events += [{"actor": data["players"][0], "action": "Draw"}] * 3
    total = sum(len(rnd["events"]) for rnd in data["rounds"])
    _, tolerant = _strict_and_tolerant(data)
    assert tolerant["unreadable"] == [
        f"$.rounds[2].events[{first}]: events {total - 2} to {total} come after the end of the game"
    ]
    assert len(tolerant["rounds"]) == 3
    assert tolerant["winners"]


def test_a_round_after_the_end_of_the_game_is_a_problem() -> None:
    data = _data()
    _intruder(data, r=1)
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))
    _, tolerant = _strict_and_tolerant(data)
    assert tolerant["unreadable"] == ["$.rounds[3]: this round comes after the end of the game"]
    assert len(tolerant["rounds"]) == 3


def test_one_card_thrown_in_twice_at_once_is_played_once_and_the_other_reach_reported() -> None:
    data = _data()
    intruder = _intruder(data)
    events = data["rounds"][0]["events"]
    throw = _index(data, 0, "ThrowIn", after=intruder)
    other = next(n for n in data["players"] if n not in (events[throw]["actor"],))
    twin = {**events[throw], "actor": other, "simultaneous": "a"}
    events[throw]["simultaneous"] = "a"
    events.insert(throw + 1, twin)
    _, tolerant = _strict_and_tolerant(data)
    assert tolerant["unreadable"] == [
        f"$.rounds[0].events[{throw + 1}]: one card is thrown in twice at the same moment"
    ]
    # Without the intruder, the strict referee refuses the record there.
    del events[intruder - 1]
    code, _, err = _replay(data)
    assert code == EXIT_USAGE
    assert "one card is thrown in twice at the same moment" in err


def test_a_reshuffle_the_tolerant_round_never_needed_is_a_problem() -> None:
    data: Json = json.loads((EXAMPLES / "real-table-reshuffle.json").read_text("utf-8"))
    del data["claim"]
    _intruder(data)
    del data["rounds"][0]["events"][100:]  # the round stops before its draw pile runs out
    _, tolerant = _strict_and_tolerant(data)
    assert tolerant["unreadable"] == [
        "$.rounds[0].reshuffles[0]: the round had 0 reshuffles, the record states 1"
    ]


# -- the property ------------------------------------------------------------------------------


@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 12),
    preset=st.sampled_from(PRESETS),
    changes=mutations,
)
def test_tolerant_replay_gives_a_verdict_wherever_strict_replay_does(
    players: int, seed: int, preset: str, changes: list[Mutation]
) -> None:
    data = _data(players, seed, preset)
    for change in changes:
        mutate(data, change)
    try:
        read_record(data)
    except RecordError:
        assume(False)  # not a record the reader takes: nothing to replay
    note(f"mutations: {changes}")
    code, strict, err = _replay(data)
    note(f"strict: exit {code} {err.strip()}")
    if strict is None:
        return  # unusable strictly: tolerant play may know more, never less
    tolerant_code, tolerant, err = _replay(data, "--tolerant")
    note(f"tolerant: exit {tolerant_code} {err.strip()}")
    assert tolerant is not None, "the tolerant referee gave up where the strict one judged"
    assert _first_illegal(tolerant) == _first_illegal(strict)
    assert tolerant_code == code
    if code == EXIT_OK:
        assert tolerant == strict


@pytest.mark.parametrize("seed", range(3))
def test_unmutated_games_replay_alike_strictly_and_tolerantly(seed: int) -> None:
    data = _data(3, seed)
    assert _replay(data) == _replay(data, "--tolerant")

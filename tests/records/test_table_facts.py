"""Table facts a record of what a table knows may state, each judged by its ruling: two players
reaching for one card at the same moment (:rule:`ruling.same-card-reach`), the order of a nose
race's gestures (:rule:`ruling.nose-race-order`), a player who says they did not look at a card
shown to the table (:rule:`ruling.unseen-card`), a declined look in the older edition
(:rule:`ruling.older-look-optional`). Each round starts from a position, as a table writes it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from sabai_rules.moves import Compensate, ThrowIn, TouchNoseLast, legal_actions
from sabai_rules.referee import read_record, replay
from sabai_rules.referee.record import RecordError
from sabai_rules.referee.replay import Played, Verdict, play_record
from sabai_rules.state import Offer

Json = dict[str, Any]
NAMES = ["Anna", "Ben", "Chloé"]


def _record(start: str, events: list[Json]) -> Json:
    """A record of one round of Anna, Ben and Chloé from the position ``start`` (Chloé deals,
    Anna's turn)."""
    return {
        "format": "sabai-record",
        "version": 2,
        "players": NAMES,
        "first_dealer": "Chloé",
        "rounds": [{"start": start, "events": copy.deepcopy(events)}],
    }


def _verdict(data: Json) -> Verdict:
    return replay(read_record(data))


def _played(data: Json) -> list[Played]:
    return [s for s in play_record(read_record(data)) if isinstance(s, Played)]


# -- two players reach for one card ---------------------------------------------------------------

#: Chloé's 7 in her slot 1, a 7 on the pile: Anna and Ben reach for it at once.
REACH = "current / Anna: 9 3 / Ben: 2 8 / Chloé: 5 7 / pile top 7 / Anna to draw"
BOTH: list[Json] = [
    {"actor": "Anna", "action": "ThrowIn", "owner": "Chloé", "slot": 1, "simultaneous": "a"},
    {"actor": "Ben", "action": "ThrowIn", "owner": "Chloé", "slot": 1, "simultaneous": "a"},
]


@pytest.mark.rules("ruling.same-card-reach", "throw-in.several-at-once")
def test_the_player_who_got_a_card_two_reached_for_throws_it_in_the_other_reach_did_nothing() -> (
    None
):
    """Ben touched Chloé's 7 first: he throws it in for her and owes her a card; Anna's reach did
    not happen — no penalty card, no lock-out — and is noted without sanction."""
    events = copy.deepcopy(BOTH)
    events[1]["first"] = True
    data = _record(REACH, events)
    verdict = _verdict(data)
    assert verdict.legal
    (note,) = verdict.notes
    assert (note.number, note.rule) == (1, "ruling.same-card-reach")
    assert note.message_in(NAMES, "en") == (
        "Anna reached for Chloé's card in slot 1 at the same moment as Ben, who got it: Anna's"
        " reach did nothing"
    )
    after = _played(data)[-1].state
    assert len(after.table.rows[0]) == 2, "Anna drew no penalty card"
    assert after.flow.lockout == 0
    (owed,) = after.flow.queue
    assert (owed.thrower, owed.owner) == (1, 2)  # type: ignore[union-attr]
    assert Compensate(1, 0) in legal_actions(after)


@pytest.mark.rules("ruling.same-card-reach")
def test_a_card_two_reached_for_without_saying_who_got_it_makes_the_record_unusable() -> None:
    with pytest.raises(RecordError) as caught:
        _verdict(_record(REACH, BOTH))
    assert caught.value.path == "$.rounds[0].events[0]"
    assert '"first": true' in caught.value.message


@pytest.mark.rules("ruling.same-card-reach")
def test_in_play_order_the_first_of_the_reaching_players_gets_the_card() -> None:
    """Under ``same_card_reach="play_order"`` a group decides it by the seats: Anna, whose turn it
    is, comes first and throws the 7 in, whatever the record says of Ben."""
    events = copy.deepcopy(BOTH)
    events[1]["first"] = True
    data = _record(REACH.replace("current", "current same_card_reach=play_order"), events)
    data["ruleset"] = {"preset": "current", "options": {"same_card_reach": "play_order"}}
    verdict = _verdict(data)
    (note,) = verdict.notes
    assert note.number == 2
    assert note.message_in(NAMES, "en").startswith("Ben reached for Chloé's card")
    (owed,) = _played(data)[-1].state.flow.queue
    assert owed.thrower == 0  # type: ignore[union-attr]


def test_first_is_for_a_throw_in_of_a_simultaneous_group() -> None:
    events = [{"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 0, "first": True}]
    with pytest.raises(RecordError, match="only a throw-in of a simultaneous group"):
        read_record(_record(REACH, events))


# -- the order of a nose race's gestures ----------------------------------------------------------

#: Three 7s on the pile; Ben throws in the fourth.
RACE = "current / Anna: 9 3 / Ben: 7 8 / Chloé: 5 6 / pile 7 7 top 7 / Anna to draw"


@pytest.mark.rules("ruling.nose-race-order", "four-together.last-draws-penalty")
def test_the_last_of_a_nose_races_order_draws_the_penalty_card() -> None:
    events: list[Json] = [
        {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 0},
        {"actor": "Chloé", "action": "TouchNoseLast", "order": ["Ben", "Anna", "Chloé"]},
    ]
    data = _record(RACE, events)
    assert _verdict(data).legal
    record = read_record(data)
    assert record.rounds[0].events[1].order == (1, 0, 2)
    last = _played(data)[-1]
    assert isinstance(last.action, TouchNoseLast)
    assert len(last.state.table.rows[2]) == 3, "Chloé drew the penalty card"


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["Ben", "Chloé", "Anna"], "the last of the order is Anna, but Chloé touched last"),
        (["Ben", "Chloé"], "the order names every player once"),
        (["Ben", "Ben", "Chloé"], "the order names every player once"),
    ],
)
@pytest.mark.rules("ruling.nose-race-order")
def test_an_order_that_does_not_end_with_the_player_who_was_last_is_refused(
    order: list[str], message: str
) -> None:
    events: list[Json] = [
        {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 0},
        {"actor": "Chloé", "action": "TouchNoseLast", "order": order},
    ]
    with pytest.raises(RecordError) as caught:
        read_record(_record(RACE, events))
    assert caught.value.path == "$.rounds[0].events[1].order"
    assert message in caught.value.message


# -- a player who did not look at a card shown ----------------------------------------------------

#: Chloé's 5 in her slot 0 and a 7 on the pile. Ben throws it in by mistake: it is shown and taken
#: back. Anna then draws and plays a 5, and throws in Chloé's 5 for her.
SHOWN = "current / Anna: 9 3 / Ben: 2 8 / Chloé: 5 6 / pile top 7 / Anna to draw"
UNSEEN: list[Json] = [
    {"actor": "Ben", "action": "ThrowIn", "owner": "Chloé", "slot": 0},
    {"actor": "Anna", "action": "Draw", "shows": "5"},
    {"actor": "Anna", "action": "Play", "shows": "5"},
    {"actor": "Anna", "action": "ThrowIn", "owner": "Chloé", "slot": 0},
]


@pytest.mark.rules("ruling.unseen-card", "sabai-sabai-move.first-refusal")
def test_a_card_shown_to_everybody_is_known_to_its_owner_who_is_then_asked_first() -> None:
    after = _played(_record(SHOWN, UNSEEN))[-1].state
    assert isinstance(after.flow.pending, Offer), "Chloé saw her 5: she is asked first"


@pytest.mark.rules("ruling.unseen-card", "sabai-sabai-move.first-refusal")
def test_an_owner_who_did_not_look_at_her_card_shown_is_not_asked_first() -> None:
    events = copy.deepcopy(UNSEEN)
    events[0]["unseen_by"] = ["Chloé"]
    data = _record(SHOWN, events)
    steps = _played(data)
    after = steps[-1].state
    assert after.flow.pending is None, "Chloé did not look: nobody asks her"
    card = steps[0].before.table.rows[2][0]
    assert not steps[0].state.table.knows(2, card)
    assert steps[0].state.table.knows(0, card)
    assert steps[0].state.table.knows(1, card)
    assert isinstance(steps[-1].action, ThrowIn)
    assert _verdict(data).legal


@pytest.mark.rules("ruling.unseen-card")
def test_a_group_that_ignores_such_claims_holds_everybody_to_what_was_shown() -> None:
    events = copy.deepcopy(UNSEEN)
    events[0]["unseen_by"] = ["Chloé"]
    data = _record(SHOWN.replace("current", "current knowledge_claims=ignored"), events)
    data["ruleset"] = {"preset": "current", "options": {"knowledge_claims": "ignored"}}
    after = _played(data)[-1].state
    assert isinstance(after.flow.pending, Offer)


@pytest.mark.parametrize(
    ("unseen", "message"),
    [(["Ben"], "Ben turned the card up: they saw it"), (["Chloé", "Chloé"], "named twice")],
)
def test_the_player_who_turned_a_card_up_saw_it(unseen: list[str], message: str) -> None:
    events = copy.deepcopy(UNSEEN)
    events[0]["unseen_by"] = unseen
    with pytest.raises(RecordError, match=message):
        read_record(_record(SHOWN, events))


def test_only_an_event_that_shows_a_card_to_the_table_says_who_did_not_look() -> None:
    events = copy.deepcopy(UNSEEN)
    events[1]["unseen_by"] = ["Ben"]
    with pytest.raises(RecordError, match="Draw shows no card to the players"):
        read_record(_record(SHOWN, events))


# -- a declined look (older edition) --------------------------------------------------------------


@pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two")
def test_an_older_edition_player_who_declines_to_look_writes_no_slots() -> None:
    start = "older / Anna: ? ? ? ? / Ben: ? ? ? ? / looking Anna Ben / Anna to draw"
    events: list[Json] = [
        {"actor": "Anna", "action": "LookAtCards", "slots": [], "comment": "Anna declines"},
        {"actor": "Ben", "action": "LookAtCards", "slots": [0, 1], "shows": ["3", "J"]},
        {"actor": "Anna", "action": "Draw"},
    ]
    data = {
        "format": "sabai-record",
        "version": 2,
        "ruleset": {"preset": "older", "options": {}},
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "rounds": [{"start": start, "events": events}],
    }
    assert _verdict(data).legal
    after = _played(data)[0].state
    assert not after.table.mask(0), "Anna has seen none of her cards"

"""Records of what a table knows (version 2): a deal nobody wrote down, the faces the table saw
(``shows``), the rows turned up at the end (``reveal``), and verdicts that say when a record
cannot decide an event."""

from __future__ import annotations

import copy
import importlib
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sabai_dev.table_records import table_record
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_UNDECIDED
from sabai_rules.moves import Draw, Peek, Play, Spy
from sabai_rules.referee import read_record, render_json, render_table, render_text, replay
from sabai_rules.referee.export import export_view
from sabai_rules.referee.i18n import label
from sabai_rules.referee.record import RecordError
from sabai_rules.referee.replay import (
    Dealt,
    Played,
    RoundClosed,
    Verdict,
    play_record,
)
from sabai_rules.referee.unknown import MAX_WORLDS, card_subjects
from tests.records.support import game_json, mutate, mutations
from tests.support import sabai

Json = dict[str, Any]
EXAMPLES = (
    "wrong-throw-in-lockout",
    "thrown-in-at-once",
    "ass-joker-turned-over-in-a-keep",
    "real-table-reshuffle",
    "hall-of-fame-four-jokers",
)


def _record(events: list[Json], *, order: list[str] | None = None, **round_: Any) -> Json:
    """A record of one round of Anna and Ben, Ben dealing (Anna starts), version 2."""
    return {
        "format": "sabai-record",
        "version": 2,
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "rounds": [{"deal": {"order": order or []}, "events": copy.deepcopy(events), **round_}],
    }


#: Anna plays a 7; Ben throws in from his slot 2 a card the record does not name, then at once
#: another, which he says is a 7: legal if the first was a 7 too, else he was locked out.
RETRY: list[Json] = [
    {"actor": "Anna", "action": "Draw"},
    {"actor": "Anna", "action": "Play", "shows": "7"},
    {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 2},
    {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 0, "shows": "7"},
]


#: A round played to its end: Anna calls sabai sabai before her draw, and the final lap is one
#: turn each, a 3 and a 4 played; nobody states the rows.
CALLED: list[Json] = [
    {"actor": "Anna", "action": "CallSabaiSabai"},
    {"actor": "Anna", "action": "Draw"},
    {"actor": "Anna", "action": "Play", "shows": "3"},
    {"actor": "Ben", "action": "Draw"},
    {"actor": "Ben", "action": "Play", "shows": "4"},
]


def _verdict(data: Json, tolerant: bool = False) -> Verdict:
    return replay(read_record(data), tolerant=tolerant)


def _outcomes(verdict: Verdict) -> dict[int, str]:
    """Each event found illegal or undecided: ``"illegal rule"`` or ``"undecided"``."""
    found = {e.number: f"illegal {e.rule}" for e in verdict.illegal}
    found.update((e.number, "undecided") for e in verdict.undecided)
    return found


# -- one verdict of each kind -------------------------------------------------------------------


def test_a_record_that_states_every_card_the_table_saw_is_judged_as_a_full_record() -> None:
    """Every example, with its deal forgotten and the faces the table saw written in their place:
    the same verdict, event by event, and the same scores."""
    for name in EXAMPLES:
        with open(f"examples/{name}.json", encoding="utf-8") as file:
            full = json.load(file)
        table = table_record(full, random.Random(0))
        expected, found = _verdict(full), _verdict(table)
        assert _outcomes(found) == _outcomes(expected), name
        assert found.game.victory_points == expected.game.victory_points, name
        assert found.decided, name


def test_an_event_that_turns_on_a_card_nobody_named_is_undecided_and_names_it() -> None:
    """Ben's second throw-in is legal if his first card was a 7, and illegal otherwise: he threw
    in a wrong card and was locked out (:rule:`throw-in.retry-lockout`)."""
    verdict = _verdict(_record(RETRY))
    assert not verdict.illegal
    (event,) = verdict.undecided
    assert event.number == 4
    assert event.rules == ("throw-in.retry-lockout",)
    assert event.single
    (turn,) = event.turns
    assert turn.card.text(("Anna", "Ben")) == "the card Ben threw in from their slot 2 (event 3)"
    assert turn.legal == {7}
    ((rule, faces),) = turn.illegal
    assert rule == "throw-in.retry-lockout"
    assert 7 not in faces
    assert 8 in faces
    text = render_text(verdict, "en")
    assert "Legal if the card Ben threw in from their slot 2 (event 3) was 7; illegal if" in text
    assert "The record does not say which card it was." in text


def test_the_same_event_is_legal_once_the_record_says_the_first_card_was_a_7() -> None:
    events = [dict(e) for e in RETRY]
    events[2]["shows"] = "7"
    verdict = _verdict(_record(events))
    assert verdict.legal
    assert verdict.decided
    assert not verdict.undecided


def test_and_illegal_once_the_record_says_it_was_a_5() -> None:
    events = [dict(e) for e in RETRY]
    events[2]["shows"] = "5"
    verdict = _verdict(_record(events))
    (event,) = verdict.illegal
    assert (event.number, event.rule) == (4, "throw-in.retry-lockout")


def test_the_export_of_a_record_stopped_by_an_illegal_event_is_whole(tmp_path: Any) -> None:
    """A strict replay of a record of version 2 stops at its first illegal event and leaves that
    round without its close: ``sabai export`` still writes the whole JSON document, the round
    closed after the refused event."""
    events = [dict(e) for e in RETRY]
    events[2]["shows"] = "5"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record(events)), encoding="utf-8")
    code, out, err = sabai("export", str(path), "--as", "Anna")
    assert (code, err) == (EXIT_OK, "")
    view = json.loads(out)
    assert view == json.loads(json.dumps(export_view(read_record(_record(events)), 0)))
    assert view["rounds"][0]["events"][-1]["refused"] == "throw-in.retry-lockout"


def test_the_steps_of_a_record_go_on_past_an_illegal_event_that_changes_nothing() -> None:
    """As for a record of version 1, strict play of the steps (what ``sabai show`` and ``sabai
    export`` draw) refuses Ben's locked-out throw-in and goes on to his turn; the verdict stops
    there."""
    events = [dict(e) for e in RETRY]
    events[2]["shows"] = "5"
    events += [{"actor": "Ben", "action": "Draw"}, {"actor": "Ben", "action": "Play"}]
    record = read_record(_record(events))
    played = [s for s in play_record(record) if isinstance(s, Played)]
    assert [s.number for s in played] == [1, 2, 3, 4, 5, 6]
    refused = played[3]
    assert refused.error is not None
    assert refused.error.rule == "throw-in.retry-lockout"
    assert (refused.state.table, refused.state.flow) == (refused.before.table, refused.before.flow)
    assert played[5].error is None
    assert played[5].action == Play(1)
    verdict = replay(record)
    assert verdict.stopped
    assert [(e.number, e.rule) for e in verdict.illegal] == [(4, "throw-in.retry-lockout")]


def test_a_later_statement_decides_an_earlier_event() -> None:
    """The record says nothing of Ben's first card when he throws it in, but the table later
    sees two more 7s played: had his first card been a 7 too, they would make five. So it was
    not a 7, and Ben's second throw-in broke his lock-out; until the fifth 7 is shown, the event
    is undecided."""
    events = [dict(e) for e in RETRY]
    for player, face in (("Ben", "2"), ("Anna", "7"), ("Ben", "2"), ("Anna", "7")):
        events += [
            {"actor": player, "action": "Draw"},
            {"actor": player, "action": "Play", "shows": face},
        ]
    before_the_fifth = _verdict(_record(events[:-2]))
    assert [e.number for e in before_the_fifth.undecided] == [4]
    decided = _verdict(_record(events))
    assert not decided.undecided
    assert [(e.number, e.rule) for e in decided.illegal] == [(4, "throw-in.retry-lockout")]


@pytest.mark.parametrize("language", ["en", "fr", "nl", "fi"])
def test_an_undecided_verdict_is_said_in_every_language_and_exits_4(
    language: str, tmp_path: Any
) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record(RETRY)), encoding="utf-8")
    code, out, err = sabai("replay", str(path), "--lang", language)
    assert (code, err) == (EXIT_UNDECIDED, "")
    heading = {
        "en": "Undecided event 4",
        "fr": "Événement indécidable 4",
        "nl": "Onbesliste gebeurtenis 4",
        "fi": "Ratkaisematon tapahtuma 4",
    }[language]
    assert heading in out
    code, out, _ = sabai("replay", str(path), "--lang", language, "--format", "json")
    data = json.loads(out)
    assert (code, data["verdict"], data["undecided_total"]) == (EXIT_UNDECIDED, "undecided", 1)
    (event,) = data["undecided"]
    assert event["event"] == 4
    assert event["turns_on"][0]["legal"] == ["7"]
    # Every other face, in the faces' order (ranks up, then the jokers), not as text sorts them.
    others = [str(rank) for rank in range(1, 15) if rank != 7]  # the current deck: 1 to 14
    assert event["turns_on"][0]["illegal"] == {"throw-in.retry-lockout": [*others, "J", "AJ"]}
    assert event["rules"][0]["rule"] == "throw-in.retry-lockout"


def test_a_decided_record_exits_as_before(tmp_path: Any) -> None:
    events = [dict(e) for e in RETRY]
    path = tmp_path / "record.json"
    events[2]["shows"] = "7"
    path.write_text(json.dumps(_record(events)), encoding="utf-8")
    assert sabai("replay", str(path))[0] == EXIT_OK
    events[2]["shows"] = "5"
    path.write_text(json.dumps(_record(events)), encoding="utf-8")
    assert sabai("replay", str(path))[0] == EXIT_ILLEGAL


def test_the_json_verdict_says_undecided_for_a_record_that_cannot_decide() -> None:
    data = json.loads(render_json(_verdict(_record(RETRY))))
    assert data["verdict"] == "undecided"
    assert data["illegal"] == []
    assert data["undecided_total"] == 1


def test_tolerant_play_judges_an_undecided_event_too() -> None:
    verdict = _verdict(_record(RETRY), tolerant=True)
    assert [e.number for e in verdict.undecided] == [4]


# -- statements that no deal can make -----------------------------------------------------------


def test_a_face_stated_twice_otherwise_is_refused_naming_the_second_statement() -> None:
    """The deal says the card Anna draws first is a 5; the record then says she played a 7."""
    order = ["1", "1", "2", "2", "3", "3", "4", "4", "5"]
    data = _record(RETRY[:2], order=order)
    with pytest.raises(RecordError) as caught:
        _verdict(data)
    assert str(caught.value) == (
        "$.rounds[0].events[1].shows: the record states a 7 where the card is a 5: no deal agrees"
        " with that and what the record states before it"
    )


def test_a_fifth_7_is_refused() -> None:
    events: list[Json] = [
        {"actor": "Anna", "action": "Draw", "shows": "7"},
        {"actor": "Anna", "action": "Keep", "slot": 0, "shows": "7"},
        {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 0, "shows": "7"},
        {"actor": "Ben", "action": "ThrowIn", "owner": "Ben", "slot": 1, "shows": "7"},
        {"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 1, "shows": "7"},
    ]
    with pytest.raises(RecordError) as caught:
        _verdict(_record(events))
    assert caught.value.path == "$.rounds[0].events[4].shows"
    assert "where no 7 is left" in caught.value.message


def test_a_deal_order_with_a_fifth_7_is_refused_as_it_is_read() -> None:
    with pytest.raises(RecordError, match=r"order\[5\]: one 7 too many: the deck holds 4"):
        read_record(_record([], order=["7", "7", "?", "7", "7", "7"]))


def test_the_rows_turned_up_must_be_the_rows_at_the_end() -> None:
    """A round played to its end (Anna's call, the final lap) whose reveal gives Anna three
    cards where she has four."""
    events = copy.deepcopy(CALLED)
    reveal = [["1", "2", "5"], ["6", "8", "9", "10"]]
    with pytest.raises(RecordError) as caught:
        _verdict(_record(events, reveal=reveal))
    assert caught.value.path == "$.rounds[0].reveal[0]"
    assert "turns up 3 cards for Anna, whose row holds 4" in caught.value.message


def test_a_round_without_its_reveal_has_an_undecided_result_and_with_it_a_decided_one() -> None:
    events = copy.deepcopy(CALLED)
    open_ = _verdict(_record(events))
    assert open_.undecided_rounds == (0,)
    assert not open_.decided
    reveal = [["1", "2", "5", "9"], ["6", "8", "9", "10"]]
    closed = _verdict(_record(events, reveal=reveal))
    assert closed.decided
    assert closed.results[0].card_points == (17, 33)
    assert closed.results[0].winners == (0,)


@pytest.mark.parametrize("language", ["en", "fr", "nl", "fi"])
def test_a_result_the_record_cannot_decide_is_said_as_such_and_exits_4(
    language: str, tmp_path: Any
) -> None:
    """Every event is legal, only the round's result is open: the verdict says it is the result
    it cannot decide, not an event."""
    events = copy.deepcopy(CALLED)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record(events)), encoding="utf-8")
    code, out, err = sabai("replay", str(path), "--lang", language)
    assert (code, err) == (EXIT_UNDECIDED, "")
    assert label(language, "verdict.round-undecided").format(round=1) in out
    assert out.rstrip().endswith(label(language, "verdict.not-decided-result"))
    assert label(language, "verdict.not-decided") not in out


def test_a_record_that_leaves_too_much_unknown_is_refused_with_what_to_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(importlib.import_module("sabai_rules.referee.tables"), "MAX_WORLDS", 1)
    events: list[Json] = [
        {"actor": "Anna", "action": "Draw"},
        {"actor": "Anna", "action": "Play"},
    ]
    with pytest.raises(RecordError) as caught:
        _verdict(_record(events))
    assert "state the faces of the cards shown at events 2" in caught.value.message
    assert MAX_WORLDS >= 1_000


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda r: r["rounds"][0]["events"][1].update(shows="7"), "$.rounds[0].events[1].shows"),
        (lambda r: r["rounds"][0].update(reveal=[["7"], ["8"]]), "$.rounds[0].reveal"),
        (lambda r: r["rounds"][0].update(deal={"order": ["?"]}), "$.rounds[0].deal.order[0]"),
    ],
)
def test_version_1_records_cannot_say_what_version_2_says(change: Any, path: str) -> None:
    data = _record(RETRY[:2])
    del data["rounds"][0]["events"][1]["shows"]
    data["version"] = 1
    data["rounds"][0]["deal"] = {"seed": 1, "generator": "shake256-fisher-yates/1"}
    change(data)
    with pytest.raises(RecordError) as caught:
        read_record(data)
    assert caught.value.path == path


# -- what is hidden only ever makes a verdict undecided -----------------------------------------


@settings(max_examples=25)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 500),
    hide=st.floats(0.0, 0.6),
    salt=st.integers(0, 1000),
    changes=st.one_of(st.none(), mutations),
    tolerant=st.booleans(),
)
def test_hiding_faces_never_turns_a_legal_event_illegal_or_an_illegal_one_legal(
    players: int, seed: int, hide: float, salt: int, changes: Any, tolerant: bool
) -> None:
    """A simulated game (mutated or not) judged from its full record, and again as a table would
    write it with some of the faces it saw left out: an event legal (illegal, for the same rule)
    in the first is legal (illegal, for that rule) or undecided in the second, never the other
    way; the first event the full record finds illegal is not judged legal."""
    data = game_json(players, seed)
    data["rounds"] = data["rounds"][:1]
    if changes:
        for change in changes:
            mutate(data, change)
    try:
        full = _verdict(data, tolerant)
    except RecordError:
        return  # the mutations made the record unusable
    table = table_record(data, random.Random(salt), hide)
    try:
        hidden = _verdict(table, tolerant)
    except RecordError as error:
        # Only a record that leaves too much unknown may be refused where the full one is not.
        if "leaves too much unknown" in error.message:
            return
        raise
    expected = _outcomes(full)
    found = _outcomes(hidden)
    last = max((e.number for e in full.illegal), default=None) if not tolerant else None
    for number, outcome in found.items():
        if last is not None and number > last:
            continue  # after the full record's illegal event, nothing is compared
        assert outcome == "undecided" or expected.get(number) == outcome, (number, outcome)
    for number, outcome in expected.items():
        assert found.get(number) in (outcome, "undecided"), (number, outcome, found.get(number))


# -- what a player never saw changes nothing they are shown -------------------------------------


def _never_seen(data: Json, player: int) -> list[tuple[int, int]]:
    """The events of ``data`` (version 1) whose card — drawn, peeked at, spied on by another
    player — ``player`` never saw in the round, nor at its end, as (round, index) pairs."""
    record = read_record(data)
    masks: dict[int, int] = {}
    subjects: list[tuple[int, int, int]] = []
    for step in play_record(record, tolerant=True):
        if isinstance(step, Played):
            masks[step.round] = masks.get(step.round, 0) | step.state.table.mask(player)
            if isinstance(step.action, Draw | Peek | Spy) and step.error is None:
                cards = card_subjects(step.before, step.action, step.state)
                subjects += [(step.round, step.index, c) for c in cards]
        elif isinstance(step, RoundClosed) and step.state.is_over:
            # Every row is turned up at the end of a round.
            for row in step.state.table.rows:
                for card in row:
                    masks[step.round] = masks.get(step.round, 0) | (1 << card if card >= 0 else 0)
    return [(r, i) for r, i, card in subjects if not (masks.get(r, 0) >> card) & 1]


def _shown_to(data: Json, player: int) -> tuple[object, ...]:
    """Everything ``player`` is shown of a record: the export, and the table after each event as
    ``sabai show --as`` writes it."""
    record = read_record(data)
    names = record.players
    tables = tuple(
        render_table(step.state, names, as_player=player)
        for step in play_record(record)
        if isinstance(step, Played | Dealt)
    )
    return (export_view(record, player), tables)


@settings(max_examples=20)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 300),
    cut=st.integers(10, 60),
    pick=st.integers(0, 10**6),
    face=st.sampled_from(["1", "4", "6", "9", "10", "12", "J"]),
)
def test_a_face_the_record_states_that_a_player_never_saw_changes_nothing_they_are_shown(
    players: int, seed: int, cut: int, pick: int, face: str
) -> None:
    """A table's record of a round cut short (no rows turned up), every face the table saw
    stated: stating otherwise, or not at all, the face of a card another player drew or looked
    at and ``player`` never saw changes nothing in that player's export or table."""
    data = game_json(players, seed)
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["events"] = data["rounds"][0]["events"][:cut]
    table = table_record(data, random.Random(seed))
    table["rounds"][0].pop("reveal", None)
    viewer = pick % players
    hidden = _never_seen(data, viewer)
    if not hidden:
        return
    r, i = hidden[pick % len(hidden)]
    event = table["rounds"][r]["events"][i]
    assert "shows" in event
    expected = _shown_to(table, viewer)
    for change in ("drop", "other"):
        other = copy.deepcopy(table)
        changed = other["rounds"][r]["events"][i]
        if change == "drop":
            del changed["shows"]
        elif isinstance(changed["shows"], str) and changed["shows"] != face:
            changed["shows"] = face
        else:
            continue
        try:
            found = _shown_to(other, viewer)
        except RecordError:
            continue  # no deal has that face there: another face would do
        assert found == expected, (change, event)


def _burned_then_exhausted(options: dict[str, str], pile: list[str]) -> Json:
    """A record from a position: Anna is to draw from an empty draw pile; under the top 6 lie a 5
    and the burned Ass Joker. The reshuffle's new pile is stated as ``pile``."""
    header = " ".join(["current", *(f"{k}={v}" for k, v in options.items())])
    return {
        "format": "sabai-record",
        "version": 2,
        "ruleset": {"preset": "current", "options": options},
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "rounds": [
            {
                "start": f"{header} / Anna: ? ? / Ben: ? ? / pile ?x53 AJ 5 top 6 / draw 0",
                "events": [{"actor": "Anna", "action": "Draw"}],
                "reshuffles": [pile],
            }
        ],
    }


@pytest.mark.rules("ruling.ass-joker-holder-at-reveal", "ruling.draw-pile-exhausted")
def test_a_stated_reshuffle_may_not_hold_the_burned_ass_joker() -> None:
    """Issue 35, item 2: the burned Ass Joker stays out of play, on the discard pile, so a new
    draw pile stated with it is one the discard pile cannot have made; with
    burned_ass_joker="reshuffled" it can."""
    out = replay(read_record(_burned_then_exhausted({}, ["AJ"])))
    assert [(e.number, e.rule) for e in out.illegal] == [(1, "ruling.draw-pile-exhausted")]
    back = replay(read_record(_burned_then_exhausted({"burned_ass_joker": "reshuffled"}, ["AJ"])))
    assert back.legal
    assert replay(read_record(_burned_then_exhausted({}, ["5"]))).legal

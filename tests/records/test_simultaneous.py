"""Throw-ins made at the same moment, marked ``simultaneous`` in a record: the referee plays them
in the order of ``ruling.sequential-actions`` (throwers in play order from the player whose turn it
is; each thrower's identical cards before a wrong one), whatever order the recorder wrote."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import ThrowIn, apply
from sabai_rules.play.layout import layout
from sabai_rules.referee import replay
from sabai_rules.referee.record import RecordError, RecordEvent, read_record
from sabai_rules.referee.replay import table_after
from sabai_rules.referee.steps import card_of, in_ruling_order, where_it_lies
from sabai_rules.state import NO_PLAYER, card_bit, has_seat
from tests.engine.support import faces, top
from tests.support import sabai

EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "thrown-in-at-once.json"
ANNA, CHLOE = 0, 2
Json = dict[str, Any]


def _record() -> Json:
    data: Json = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    del data["claim"]
    return data


def _events(data: Json) -> list[Json]:
    events: list[Json] = data["rounds"][0]["events"]
    return events


def _at_the_seven(throws: list[Json]) -> Json:
    """The example up to Ben's 7 on the pile (event 12), then ``throws``. Chloé's slot 3 holds a
    7, Anna's slot 2 a 5; it is Chloé's turn."""
    data = _record()
    _events(data)[12:] = throws
    return data


def test_the_example_lands_the_identical_seven_first_and_the_wrong_five_after() -> None:
    """Event 14 (the 7 for Chloé) is played first, event 13 (Anna's wrong 5) after it: after
    event 14 the 7 lies on the 7 and nobody is locked out; after event 13 Anna is."""
    record = read_record(_record())
    assert replay(record).legal
    seven = table_after(record, 14)
    assert [seven.deck.faces[c] for c in seven.table.discard[-2:]] == [7, 7]
    assert seven.flow.lockout == 0
    five = table_after(record, 13)
    assert five.table.discard == seven.table.discard  # a wrong card goes back into the row
    assert has_seat(five.flow.lockout, ANNA)


@pytest.mark.rules("ruling.sequential-actions", "throw-in.retry-lockout")
def test_two_players_at_once_are_played_from_the_player_whose_turn_it_is() -> None:
    """Anna's wrong 5 and Chloé's 7 land together, recorded Anna first. Chloé's turn comes
    first: her 7 lands, then Anna's 5 is shown and Anna is locked out. Played in the recorded
    order, Chloé's correct 7 would have ended Anna's lock-out."""
    anna = {"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 2}
    chloe = {"actor": "Chloé", "action": "ThrowIn", "owner": "Chloé", "slot": 3}
    together = _at_the_seven([{**anna, "simultaneous": "m"}, {**chloe, "simultaneous": "m"}])
    one_by_one = _at_the_seven([anna, chloe])
    grouped, recorded = read_record(together), read_record(one_by_one)
    assert replay(grouped).legal
    assert replay(recorded).legal
    # Each event keeps its number; in the group, Anna's (13) is played last.
    assert has_seat(table_after(grouped, 13).flow.lockout, ANNA)
    assert not has_seat(table_after(recorded, 14).flow.lockout, ANNA)
    assert table_after(grouped, 13).table.rows == table_after(recorded, 14).table.rows


def test_the_order_written_in_a_group_does_not_matter() -> None:
    data = _record()
    swapped = copy.deepcopy(data)
    events = _events(swapped)
    events[12], events[13] = events[13], events[12]
    # The 7 (now written first) names Chloé's slot 3, the 5 Anna's slot 2: as the table stood.
    first, second = read_record(data), read_record(swapped)
    assert table_after(first, 15) == table_after(second, 15)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"simultaneous": "m"}, "only throw-ins are recorded as simultaneous"),
        ({"simultaneous": 3}, "a text"),
    ],
)
def test_a_mark_on_another_action_is_unusable(change: Json, message: str) -> None:
    data = _record()
    _events(data)[11].update(change)  # Ben's Play
    with pytest.raises(RecordError, match=message):
        read_record(data)


def test_a_group_split_by_another_event_is_unusable(tmp_path: Path) -> None:
    data = _record()
    events = _events(data)
    events[13]["simultaneous"] = "other"
    events.insert(14, {**events[12]})  # the first mark again, after another group
    path = tmp_path / "split.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = sabai("replay", str(path))
    assert code == 2
    assert "marked simultaneous 'one motion' are not one after another" in err
    assert err.count("\n") == 1


def test_one_card_twice_in_a_group_is_unusable() -> None:
    data = _record()
    events = _events(data)
    events[13] = {**events[12]}
    with pytest.raises(RecordError, match="one card is thrown in twice at the same moment"):
        replay(read_record(data))


def _two_wrong(simultaneous: bool, penalty: str = "per_card") -> Json:
    """Anna puts down her 8 (slot 0) and her 3 (slot 1) onto the 7: both wrong."""
    mark = {"simultaneous": "m"} if simultaneous else {}
    data = _at_the_seven(
        [
            {"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 0, **mark},
            {"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 1, **mark},
        ]
    )
    data["ruleset"]["options"] = {"wrong_cards_penalty": penalty}
    return data


@pytest.mark.rules("throw-in.several-at-once", "ruling.wrong-cards-in-a-batch")
@pytest.mark.parametrize(("penalty", "cards"), [("per_card", 6), ("per_motion", 5)])
def test_two_wrong_cards_in_one_motion_are_both_shown_and_taken_back(
    penalty: str, cards: int
) -> None:
    """Both of Anna's cards are judged: shown to everybody and taken back, one penalty card each
    (or, per motion, one in all); the lock-out her 8 brings does not refuse her 3."""
    record = read_record(_two_wrong(simultaneous=True, penalty=penalty))
    assert replay(record).legal
    after = table_after(record, 14)
    row = after.table.rows[ANNA]
    assert len(row) == cards
    assert [after.deck.faces[c] for c in row[:2]] == [8, 3]
    assert all(after.table.public & card_bit(c) for c in row[:2])  # known to everybody
    assert has_seat(after.flow.lockout, ANNA)


@pytest.mark.rules("throw-in.retry-lockout", "throw-in.several-at-once")
def test_two_wrong_cards_one_after_the_other_are_two_attempts() -> None:
    """Recorded one after another, without the mark, Anna's 3 is a second attempt while she is
    locked out: the referee stops there, citing the lock-out."""
    verdict = replay(read_record(_two_wrong(simultaneous=False)))
    assert not verdict.legal
    assert verdict.illegal[0].number == 14
    assert verdict.illegal[0].rule == "throw-in.retry-lockout"


def _both_reach(first_refusal: str) -> Json:
    """Anna draws a 5 and keeps it in place of her slot-0 5, so the 5 is on top and Anna knows
    the 5 now in her slot 0; then Anna and Ben both reach for that card at the same moment."""
    order = list(_record()["rounds"][0]["deal"]["order"])
    order.remove("5")
    order.remove("5")
    order[0:0] = ["5"]
    order[8:8] = ["5"]
    mark = {"simultaneous": "both"}
    return {
        "format": "sabai-record",
        "version": 1,
        "players": ["Anna", "Ben"],
        "first_dealer": "Ben",
        "ruleset": {"preset": "current", "options": {"first_refusal": first_refusal}},
        "rounds": [
            {
                "deal": {"order": order},
                "events": [
                    {"actor": "Anna", "action": "Draw"},
                    {"actor": "Anna", "action": "Keep", "slot": 0},
                    {"actor": "Ben", "action": "ThrowIn", "owner": "Anna", "slot": 0, **mark},
                    {"actor": "Anna", "action": "ThrowIn", "owner": "Anna", "slot": 0, **mark},
                ],
            }
        ],
    }


@pytest.mark.rules("ruling.first-refusal", "sabai-sabai-move.first-refusal")
def test_with_priority_the_owner_who_knows_the_card_wins_a_simultaneous_reach() -> None:
    """Read as a priority, the owner's right decides a tie: Anna knew her 5, so her throw-in
    counts and Ben's reach for it did nothing, which the verdict notes."""
    record = read_record(_both_reach("priority"))
    verdict = replay(record)
    assert verdict.legal
    [note] = verdict.notes
    assert (note.number, note.rule) == (3, "ruling.first-refusal")
    assert "Ben reached for Anna's card in slot 0" in note.message
    after = table_after(record, 4)
    assert [len(row) for row in after.table.rows] == [3, 4]  # no compensation, no penalty
    assert table_after(record, 3) == table_after(record, 2)  # Ben's reach changed nothing


@pytest.mark.parametrize("first_refusal", ["if_known", "never"])
def test_without_priority_a_card_reached_for_twice_at_once_is_unusable(first_refusal: str) -> None:
    with pytest.raises(RecordError, match="one card is thrown in twice at the same moment"):
        replay(read_record(_both_reach(first_refusal)))


@pytest.mark.rules(
    "ruling.sequential-actions", "throw-in.several-at-once", "ruling.joker-onto-ass-joker"
)
@pytest.mark.parametrize(
    "written", [(0, 1), (1, 0)], ids=["ass-joker-written-first", "joker-first"]
)
def test_a_joker_and_the_ass_joker_put_down_at_once_onto_a_joker_are_both_correct(
    written: tuple[int, int],
) -> None:
    """Issue 35, item 12. Without ``joker_onto_ass_joker``, a plain joker may not land on the
    burned Ass Joker. Anna puts down her Ass Joker and her joker at once onto Ben's joker: both
    are identical to the top card when the batch is placed, and each is judged when it lands, so
    the referee lands the Ass Joker last of her identical cards, whatever order the record
    wrote. Neither is wrong: Anna keeps only her 3, and the burned Ass Joker is the top card."""
    rules = Ruleset().with_options(joker_onto_ass_joker=False)
    state = layout(rows=[["AJ", "J", "3"], ["4", "6"]], discard=["J"], turn=1, ruleset=rules)
    group = [
        (i, RecordEvent(ThrowIn(ANNA, ANNA, slot), simultaneous="m"))
        for i, slot in enumerate(written)
    ]
    cards = [card_of(state, event.action) for _, event in group]
    ordered, cards = in_ruling_order(state, group, cards)
    before = NO_PLAYER
    for (_, event), card in zip(ordered, cards, strict=True):
        action = where_it_lies(state, event.action, card, before)
        state = apply(state, action)
        before = action.actor
    assert faces(state, ANNA) == ["3"]
    assert top(state) == "Ass Joker"

"""The referee's work is bounded by the record: a tolerant verdict reports the first
``MAX_REPORTED`` illegal events, notes and problems in full and counts the rest, so that its
output does not grow with them; replay and export hold no copy of the record's events as they go
(their extra memory does not grow with the record). ``bench/scaling.py`` measures the time."""

from __future__ import annotations

import functools
import gc
import io
import json
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK
from sabai_rules.model import chance
from sabai_rules.model.cards import parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Draw,
    Keep,
    LookAtCards,
    Pass,
    SkipFunction,
    apply,
    deck_for,
    legal_actions,
)
from sabai_rules.play.game import new_game, start_round
from sabai_rules.referee import replay
from sabai_rules.referee.export import export_view, write_export
from sabai_rules.referee.i18n import label
from sabai_rules.referee.record import (
    Claim,
    Deal,
    Record,
    RecordEvent,
    RoundRecord,
    read_record,
    write_record,
)
from sabai_rules.referee.replay import MAX_REPORTED
from tests.support import sabai

Json = dict[str, Any]
NAMES = ("Anna", "Ben", "Cleo")


def _spam(passes: int, claim: Claim | None = None) -> Record:
    """One round: Ben, the starter, draws; then ``passes`` illegal passes (passing is only for
    the end of a round), Anna, Ben, Cleo in turn."""
    game = new_game(3, seed=5, first_dealer=0)
    state = start_round(game)
    events = [RecordEvent(Draw(state.flow.turn))]
    events += [RecordEvent(Pass(i % 3)) for i in range(passes)]
    deal = Deal(seed=5, generator=chance.GENERATOR)
    return Record(Ruleset(), NAMES, 0, (RoundRecord(deal, tuple(events)),), 5, claim)


def _cli(record: Record | str, *argv: str) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        text = record if isinstance(record, str) else write_record(record)
        path.write_text(text, encoding="utf-8")
        code, out, err = sabai(argv[0], str(path), *argv[1:])
    assert err == ""
    return code, out


def _illegal_blocks(text: str) -> int:
    return sum(line.startswith(f"{label('en', 'verdict.illegal')} ") for line in text.splitlines())


# -- a tolerant verdict, bounded ----------------------------------------------------------------


@pytest.mark.rules("ruling.end-of-round-reaction")
def test_a_tolerant_verdict_reports_the_first_illegal_events_in_full_and_counts_the_rest() -> None:
    passes = MAX_REPORTED + 150
    code, text = _cli(_spam(passes), "replay", "--tolerant")
    assert code == EXIT_ILLEGAL
    assert _illegal_blocks(text) == MAX_REPORTED
    assert f"{label('en', 'verdict.illegal')} 2 " in text  # the first pass, event 2
    assert f"{label('en', 'verdict.illegal')} {MAX_REPORTED + 1} " in text
    assert f"{label('en', 'verdict.illegal')} {MAX_REPORTED + 2} " not in text
    more = label("en", "verdict.more-illegal").format(count=150, shown=MAX_REPORTED)
    assert more in text
    code, out = _cli(_spam(passes), "replay", "--tolerant", "--format", "json")
    verdict = json.loads(out)
    assert [e["event"] for e in verdict["illegal"]] == list(range(2, MAX_REPORTED + 2))
    assert {e["rule"] for e in verdict["illegal"]} == {"ruling.end-of-round-reaction"}
    assert verdict["illegal_total"] == passes


@pytest.mark.parametrize("lang", ["en", "fr", "nl", "fi"])
def test_the_count_of_the_rest_is_in_the_readers_language(lang: str) -> None:
    code, text = _cli(_spam(MAX_REPORTED + 7), "replay", "--tolerant", "--lang", lang)
    assert code == EXIT_ILLEGAL
    assert label(lang, "verdict.more-illegal").format(count=7, shown=MAX_REPORTED) in text


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_tolerant_verdicts_output_does_not_grow_with_the_illegal_events(fmt: str) -> None:
    sizes = []
    for passes in (MAX_REPORTED + 10, 20 * MAX_REPORTED):
        code, out = _cli(_spam(passes), "replay", "--tolerant", "--format", fmt)
        assert code == EXIT_ILLEGAL
        sizes.append(len(out))
    assert abs(sizes[1] - sizes[0]) <= 8, sizes  # the counts' digits


def test_a_strict_verdict_still_reports_its_one_illegal_event_alone() -> None:
    code, out = _cli(_spam(3 * MAX_REPORTED), "replay", "--format", "json")
    verdict = json.loads(out)
    assert code == EXIT_ILLEGAL
    assert [e["event"] for e in verdict["illegal"]] == [2]
    assert verdict["illegal_total"] == 1


def test_a_claim_naming_an_illegal_event_not_reported_in_full_is_still_checked() -> None:
    far = MAX_REPORTED + 40
    holds = Claim(illegal_event=far, rule="ruling.end-of-round-reaction")
    verdict = replay(_spam(2 * MAX_REPORTED, holds), tolerant=True)
    assert far not in [e.number for e in verdict.illegal]
    assert verdict.claim_holds() is True
    wrong = Claim(illegal_event=far, rule="turn.draw")
    assert replay(_spam(2 * MAX_REPORTED, wrong), tolerant=True).claim_holds() is False
    beyond = Claim(illegal_event=3 * MAX_REPORTED)
    assert replay(_spam(2 * MAX_REPORTED, beyond), tolerant=True).claim_holds() is False


def test_unreadable_events_are_reported_to_the_cap_and_counted() -> None:
    data: Json = json.loads(write_record(simulate(3, 11, names=NAMES)))
    events = data["rounds"][0]["events"]
    events[5:5] = [{"actor": "Anna", "action": "Sneeze"}] * (MAX_REPORTED + 30)
    code, out = _cli(json.dumps(data), "replay", "--tolerant", "--format", "json")
    assert code == EXIT_ILLEGAL
    verdict = json.loads(out)
    assert len(verdict["unreadable"]) == MAX_REPORTED
    assert verdict["unreadable"][0].startswith("$.rounds[0].events[5].action: unknown action")
    assert verdict["unreadable_total"] == MAX_REPORTED + 30
    assert verdict["illegal"] == []
    code, text = _cli(json.dumps(data), "replay", "--tolerant")
    more = label("en", "verdict.more-unreadable").format(count=30, shown=MAX_REPORTED)
    assert more in text


def _turned_over_again_and_again(notes: int) -> Record:
    """Ben, the starter, is dealt the Ass Joker in his slot 0 and sees it (everybody looks at two
    cards, as in the older edition), then keeps every card he draws in that slot: each keep turns
    the Ass Joker over, it stays and the drawn card is played — a note each time
    (ruling.ass-joker-turned-over). The others play what they draw; functions are optional, and
    skipped."""
    rules = Ruleset().with_options(initial_peek=2, nose_race="off", functions_optional=True)
    faces = tuple(parse_face(f) for f in ["AJ", *[str(r) for r in range(1, 15)] * 4, "J", "J", "J"])
    game = new_game(3, rules, seed=2, first_dealer=0)
    state = start_round(game, deck_for(rules).ids_for_faces(faces))
    events: list[RecordEvent] = []
    kept = 0
    while kept < notes and not state.is_over:
        legal = legal_actions(state)
        options = legal.decisions or legal.passes
        action = options[0]
        skips = [a for a in options if isinstance(a, SkipFunction)]
        if skips:
            action = skips[0]
        elif LookAtCards(1, (0, 1)) in options:
            action = LookAtCards(1, (0, 1))
        elif Keep(1, 0) in options and state.table.rows[1][0] == state.deck.ass_joker:
            action = Keep(1, 0)
            kept += 1
        state = apply(state, action)
        events.append(RecordEvent(action))
    assert kept == notes, "the round ended before Ben kept enough"
    return Record(rules, NAMES, 0, (RoundRecord(Deal(order=faces), tuple(events)),), 2)


def test_notes_are_reported_to_the_cap_and_counted() -> None:
    record = _turned_over_again_and_again(MAX_REPORTED + 12)
    code, out = _cli(record, "replay", "--format", "json")
    assert code == EXIT_OK
    verdict = json.loads(out)
    assert len(verdict["notes"]) == MAX_REPORTED
    assert {n["rule"] for n in verdict["notes"]} == {"ruling.ass-joker-turned-over"}
    assert verdict["notes_total"] == MAX_REPORTED + 12
    code, text = _cli(record, "replay")
    assert text.count(f"{label('en', 'verdict.noted')} ") == MAX_REPORTED
    assert label("en", "verdict.more-noted").format(count=12, shown=MAX_REPORTED) in text


# -- memory that does not grow with the record --------------------------------------------------


def _extra_memory(work: Callable[[], object]) -> int:
    """The peak of what ``work`` allocates, in bytes (what it keeps and what it drops)."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_tolerant_replay_holds_no_more_for_ten_times_the_illegal_events() -> None:
    small, large = _spam(4 * MAX_REPORTED), _spam(40 * MAX_REPORTED)

    def judge(record: Record) -> None:
        replay(record, tolerant=True)

    judge(small)  # the engine's caches, filled once
    peaks = [_extra_memory(functools.partial(judge, r)) for r in (small, large)]
    assert peaks[1] < 1.5 * peaks[0], peaks


def test_export_holds_no_more_for_a_round_eight_times_as_long() -> None:
    small = _turned_over_again_and_again(50)
    large = _turned_over_again_and_again(400)
    assert sum(len(r.events) for r in large.rounds) > 7 * sum(len(r.events) for r in small.rounds)

    def export(record: Record) -> None:
        write_export(record, 0, _Discard())

    export(small)  # the engine's caches, filled once
    peaks = [_extra_memory(functools.partial(export, r)) for r in (small, large)]
    assert peaks[1] < 1.5 * peaks[0], peaks


class _Discard(io.StringIO):
    """Standard output that keeps nothing, and now and then has the cycle collector free what the
    engine dropped (as Python's would, later), so that what remains is what export holds."""

    writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        if self.writes % 200 == 0:
            gc.collect()
        return len(text)


def test_the_streamed_export_is_the_export_view_as_json() -> None:
    record = read_record(write_record(simulate(3, 11, names=NAMES)))
    out = io.StringIO()
    write_export(record, 1, out)
    assert out.getvalue() == json.dumps(export_view(record, 1), ensure_ascii=False, indent=2) + "\n"

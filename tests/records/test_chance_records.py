"""Chance as a real table saw it: a round's ``reshuffles`` (each new draw pile as the faces drawn
from it, top card first) and ``nose_races`` (the losers of the nose races left to chance). The
referee plays what the record states, the seeded sampler the rest, and refuses a new pile that the
discard pile cannot have made (``ruling.draw-pile-exhausted``)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.simulate import simulate
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_USAGE
from sabai_rules.model.cards import ASS_JOKER, JOKER
from sabai_rules.model.events import Drew, NoseRaceLost, PenaltyCard, Reshuffled
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Draw, apply, apply_chance, resolve_chance
from sabai_rules.referee import replay, table_after
from sabai_rules.referee.record import (
    Deal,
    Problem,
    RecordError,
    RecordEvent,
    RoundRecord,
    read_record,
    record_to_json,
    write_record,
)
from sabai_rules.referee.replay import Played, play_record
from sabai_rules.state import ChanceModel
from tests.support import sabai

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"
REAL = EXAMPLES / "real-table-reshuffle.json"
IMPOSSIBLE = EXAMPLES / "real-table-reshuffle-impossible.json"
#: The example's draw that finds the draw pile empty (Ben's), and the faces the players drew
#: from the new pile: Ben, Chloé, Daan, Anna, Ben, Chloé.
RESHUFFLE_AT = 115
DRAWN = ["12", "6", "8", "7", "9", "13"]
#: The discard pile under its top 5 when it is shuffled: 53 cards, two 5s among them; the Ass
#: Joker lies in Ben's row.
PILE = 53
BEN = 1
EXHAUSTED = "ruling.draw-pile-exhausted"

Json = dict[str, Any]


def _real() -> Json:
    data: Json = json.loads(REAL.read_text(encoding="utf-8"))
    return data


def _with_pile(faces: list[Any], *, claim: bool = False) -> Json:
    """The real-table example stating ``faces`` as its new draw pile."""
    data = _real()
    data["rounds"][0]["reshuffles"] = [faces]
    if not claim:
        del data["claim"]
    return data


def _text(face: int) -> str:
    """A face as records write it."""
    return {JOKER: "J", ASS_JOKER: "AJ"}.get(face, str(face))


def _drawn_after_the_reshuffle(data: Json) -> list[str]:
    """The faces drawn from the draw pile (turns and penalty cards) once it was reshuffled."""
    faces: list[str] = []
    reshuffled = False
    for step in play_record(read_record(data), caused=True):
        if not isinstance(step, Played):
            continue
        for event in step.caused:
            if isinstance(event, Reshuffled):
                reshuffled = True
            elif isinstance(event, Drew | PenaltyCard) and reshuffled:
                faces.append(_text(step.state.deck.faces[event.card]))
    return faces


def _write(tmp: Path, data: Json) -> Path:
    path = tmp / "game.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# -- reading and writing ------------------------------------------------------------------------


def _minimal_round() -> Json:
    return {
        "format": "sabai-record",
        "version": 1,
        "ruleset": {"preset": "current", "options": {"nose_race": "random"}},
        "players": ["Anna", "Ben"],
        "first_dealer": "Anna",
        "rounds": [{"deal": {"seed": 3, "generator": "shake256-fisher-yates/1"}, "events": []}],
    }


#: How the writer lays out a round: the layout of records before reshuffles were recorded, which
#: a round without them keeps byte for byte.
WITHOUT = """{
  "format": "sabai-record",
  "version": 1,
  "ruleset": {
    "preset": "current",
    "options": {
      "nose_race": "random"
    }
  },
  "players": [
    "Anna",
    "Ben"
  ],
  "first_dealer": "Anna",
  "seed": 0,
  "rounds": [
    {
      "deal": {"seed": 3, "generator": "shake256-fisher-yates/1"},
      "events": [
        {"actor": "Ben", "action": "Draw"}
      ],
      "comment": "a short round"
    }
  ]
}
"""


def test_a_round_without_chance_records_is_written_as_before() -> None:
    record = read_record(WITHOUT)
    assert record.rounds[0].reshuffles == ()
    assert record.rounds[0].nose_races == ()
    assert write_record(record) == WITHOUT


def test_the_existing_examples_write_no_chance_keys() -> None:
    for path in sorted(EXAMPLES.glob("*.json")):
        if path.name.startswith("real-table-"):
            continue
        written = write_record(read_record(path.read_text(encoding="utf-8")))
        assert '"reshuffles"' not in written, path.name
        assert '"nose_races"' not in written, path.name


@pytest.mark.rules(EXHAUSTED, "ruling.nose-race")
def test_reshuffles_and_nose_race_losers_read_and_write_back() -> None:
    data = _minimal_round()
    data["rounds"][0]["reshuffles"] = [["7", "13 give", "J"], ["AJ"]]
    data["rounds"][0]["nose_races"] = ["Ben", 0]
    record = read_record(data)
    assert record.rounds[0].reshuffles == ((7, 13, JOKER), (ASS_JOKER,))
    assert record.rounds[0].nose_races == (1, 0)
    text = write_record(record)
    assert (
        '      "events": [],\n'
        '      "reshuffles": [\n'
        '        ["7", "13", "J"],\n'
        '        ["AJ"]\n'
        "      ],\n"
        '      "nose_races": ["Ben", "Anna"]\n'
        "    }\n"
    ) in text
    assert read_record(text) == record
    assert write_record(read_record(text)) == text
    assert json.loads(text) == record_to_json(record)


def test_a_round_record_is_built_as_before() -> None:
    """The new fields come last and default to empty: older callers build a round unchanged."""
    rnd = RoundRecord(Deal(seed=1, generator="shake256-fisher-yates/1"), (RecordEvent(Draw(0)),))
    assert (rnd.reshuffles, rnd.nose_races, rnd.comment) == ((), (), None)


BAD_READS = [
    pytest.param(
        ("reshuffles", "7 13"),
        "$.rounds[0].reshuffles",
        "expected a list of new draw piles, found a string",
        id="reshuffles-not-a-list",
    ),
    pytest.param(
        ("reshuffles", ["7", "13"]),
        "$.rounds[0].reshuffles[0]",
        "expected a list of cards (the new draw pile, top card first), found a string",
        id="pile-not-a-list",
    ),
    pytest.param(
        ("reshuffles", [["7"], []]),
        "$.rounds[0].reshuffles[1]",
        "a new draw pile is given by at least its top card",
        id="empty-pile",
    ),
    pytest.param(
        ("reshuffles", [["7", "9"], ["2", "8", "4", "15"]]),
        "$.rounds[0].reshuffles[1][3]",
        "15 is not in this deck (ranks 1-14 x4 + 3 jokers + Ass Joker)",
        id="a-face-not-in-the-deck",
    ),
    pytest.param(
        ("reshuffles", [["7", "seven"]]),
        "$.rounds[0].reshuffles[0][1]",
        "not a card: 'seven'",
        id="not-a-face",
    ),
    pytest.param(
        ("reshuffles", [["7", None]]), "$.rounds[0].reshuffles[0][1]", "not a card: None", id="null"
    ),
    pytest.param(
        ("nose_races", "Ben"),
        "$.rounds[0].nose_races",
        "expected a list of players, found a string",
        id="nose-races-not-a-list",
    ),
    pytest.param(
        ("nose_races", ["Ben", "Zoe"]),
        "$.rounds[0].nose_races[1]",
        "unknown player 'Zoe' (the players are Anna, Ben)",
        id="unknown-player",
    ),
]


@pytest.mark.parametrize(("entry", "path", "message"), BAD_READS)
def test_a_bad_chance_record_is_refused_with_its_path(
    entry: tuple[str, Any], path: str, message: str
) -> None:
    data = _minimal_round()
    key, value = entry
    data["rounds"][0][key] = value
    with pytest.raises(RecordError) as caught:
        read_record(data)
    assert (caught.value.path, caught.value.message) == (path, message)
    assert str(caught.value) == f"{path}: {message}"
    assert "\n" not in str(caught.value)
    # A round-level problem: a tolerant read refuses it too.
    with pytest.raises(RecordError):
        read_record(data, problems=[])


@pytest.mark.rules("ruling.nose-race", "four-together.touch-nose")
@pytest.mark.parametrize(
    ("race", "reason"),
    [
        ("recorded", "the loser of a nose race is recorded as a TouchNoseLast event"),
        ("off", "nose races are not played"),
    ],
)
def test_nose_race_losers_need_the_random_nose_race(race: str, reason: str) -> None:
    data = _minimal_round()
    data["ruleset"]["options"]["nose_race"] = race
    data["rounds"][0]["nose_races"] = ["Ben"]
    with pytest.raises(RecordError) as caught:
        read_record(data)
    assert caught.value.path == "$.rounds[0].nose_races"
    assert caught.value.message == f"{reason} under nose_race {race!r} (ruling.nose-race)"
    data["rounds"][0]["nose_races"] = []
    assert read_record(data).rounds[0].nose_races == ()


@pytest.mark.rules(EXHAUSTED)
def test_reshuffles_need_a_ruleset_that_reshuffles() -> None:
    data = _minimal_round()
    data["ruleset"]["options"]["on_empty_draw_pile"] = "end_round"
    data["rounds"][0]["reshuffles"] = [["7"]]
    with pytest.raises(RecordError) as caught:
        read_record(data)
    assert str(caught.value) == (
        "$.rounds[0].reshuffles: the draw pile is never reshuffled under on_empty_draw_pile "
        "'end_round' (ruling.draw-pile-exhausted)"
    )


# -- the real table's reshuffle -----------------------------------------------------------------


@pytest.mark.rules(EXHAUSTED, "function.give", "round-end.empty-row")
def test_the_example_replays_legally_and_its_claim_does_not_hold() -> None:
    """Daan claims the round should have ended when the draw pile ran out: under the current
    rules the discard pile is reshuffled, Chloé draws a 13 from the new pile, gives away her last
    card and wins."""
    data = _real()
    assert data["rounds"][0]["reshuffles"] == [DRAWN]
    verdict = replay(read_record(data))
    assert verdict.legal
    assert verdict.complete
    assert verdict.game.winners == (2,)
    assert verdict.claim_holds() is False


@pytest.mark.rules(EXHAUSTED, "turn.draw")
def test_the_cards_drawn_after_the_reshuffle_are_the_stated_ones() -> None:
    assert _drawn_after_the_reshuffle(_real()) == DRAWN
    table = table_after(read_record(_real()), RESHUFFLE_AT).table
    # The top 5 stays; Ben holds the top card of the new pile; the rest is the draw pile.
    assert len(table.discard) == 1
    assert len(table.draw) == PILE - 1
    assert not table.public & sum(1 << c for c in table.draw)  # nobody knows the new pile


@pytest.mark.rules(EXHAUSTED)
def test_without_the_stated_pile_the_generator_shuffles_and_ben_has_no_12_to_spy_with() -> None:
    """The record's seed (0) shuffles a pile whose top card is no 12 spy: the spy Ben carried out
    at event 117 is then illegal. The stated pile is what makes the game the table played."""
    data = _real()
    del data["rounds"][0]["reshuffles"]
    del data["claim"]
    verdict = replay(read_record(data))
    assert not verdict.legal
    assert verdict.illegal[0].number == RESHUFFLE_AT + 2


@pytest.mark.rules(EXHAUSTED)
def test_stated_faces_then_the_sampler_places_the_rest() -> None:
    """Two faces stated: Ben and Chloé draw them; the cards under them are the seeded sampler's,
    as if the engine had been asked for the two cards and then left to chance."""
    data = _with_pile(["12", "6"])
    assert _drawn_after_the_reshuffle(data)[:2] == ["12", "6"]
    record = read_record(data)
    before = table_after(record, RESHUFFLE_AT - 1)
    assert before.setup.chance is ChanceModel.EXPLICIT
    node = apply(before, Draw(BEN))
    faces = before.deck.faces
    pile = sorted(before.table.discard[:-1])
    for face in (12, 6):
        node = apply_chance(node, next(c for c in pile if faces[c] == face))
        pile.remove(next(c for c in pile if faces[c] == face))
    assert resolve_chance(node) == table_after(record, RESHUFFLE_AT)


@pytest.mark.rules(EXHAUSTED, "ruling.throw-in-penalty-cards", "throw-in.penalty-card")
def test_the_stated_pile_gives_the_second_of_two_penalty_cards() -> None:
    """The same table under a house rule of two penalty cards a wrong card, Chloé throwing in her
    3 onto Daan's 5 while one card is left to draw: her first penalty card is that card (the 5
    Anna drew), her second the top card of the stated new pile, a 12."""
    data = _real()
    del data["claim"]
    data["ruleset"]["options"] = {"throw_in_penalty_cards": 2}
    wrong = {"actor": "Chloé", "action": "ThrowIn", "owner": "Chloé", "slot": 0}
    data["rounds"][0]["events"].insert(RESHUFFLE_AT - 3, wrong)
    after = table_after(read_record(data), RESHUFFLE_AT - 2)
    assert [after.deck.faces[c] for c in after.table.rows[2]] == [3, 5, 12]
    # The discard pile under Daan's 5 (one card fewer than at Ben's draw), less the 12.
    assert len(after.table.draw) == PILE - 2
    assert len(after.table.discard) == 1


@pytest.mark.rules(EXHAUSTED)
def test_the_whole_new_pile_may_be_stated() -> None:
    after = table_after(read_record(_real()), RESHUFFLE_AT)
    pile = [after.table.held, *reversed(after.table.draw)]  # top card first
    whole = [_text(after.deck.faces[c]) for c in pile]
    assert len(whole) == PILE
    assert whole[:6] == DRAWN
    data = _with_pile(whole)
    verdict = replay(read_record(data))
    assert verdict.legal
    assert verdict.complete
    # The same faces in the same places (cards of one face are alike: the ids may differ).
    again = table_after(read_record(data), RESHUFFLE_AT)
    for state in (after, again):
        assert state.deck.faces == after.deck.faces
    faces = after.deck.faces
    assert [faces[c] for c in again.table.draw] == [faces[c] for c in after.table.draw]
    assert faces[again.table.held] == faces[after.table.held]


@pytest.mark.rules(EXHAUSTED)
@pytest.mark.parametrize(
    ("faces", "message"),
    [
        pytest.param(
            ["12", "6", "AJ"],
            "the record states card 3 from the top of the new draw pile as Ass Joker, but the "
            "discard pile under its top card holds no Ass Joker",
            id="a-face-the-pile-lacks",
        ),
        pytest.param(
            ["12", "5", "5", "5"],
            "the record states card 4 from the top of the new draw pile as 5, its third 5, but "
            "the discard pile under its top card holds only 2",
            id="a-face-more-often-than-the-pile-holds-it",
        ),
        pytest.param(
            DRAWN * 9,
            "the record states 54 cards of the new draw pile, but the discard pile under its top "
            "card holds 53",
            id="more-cards-than-the-pile-holds",
        ),
    ],
)
def test_a_pile_the_discard_pile_cannot_have_made_makes_the_draw_illegal(
    faces: list[str], message: str
) -> None:
    verdict = replay(read_record(_with_pile(faces)))
    (illegal,) = verdict.illegal
    assert (illegal.number, illegal.rule, illegal.message) == (RESHUFFLE_AT, EXHAUSTED, message)
    assert illegal.action == Draw(BEN)
    assert verdict.stopped


@pytest.mark.rules(EXHAUSTED)
def test_the_impossible_example_is_refused_and_the_table_is_untouched() -> None:
    record = read_record(IMPOSSIBLE.read_text(encoding="utf-8"))
    verdict = replay(record)
    (illegal,) = verdict.illegal
    assert (illegal.number, illegal.rule) == (RESHUFFLE_AT, EXHAUSTED)
    assert "holds no Ass Joker" in illegal.message
    assert verdict.claim_holds() is True
    before = table_after(record, RESHUFFLE_AT - 1)
    assert illegal.before == before
    assert ASS_JOKER in [before.deck.faces[c] for c in before.table.rows[BEN]]
    steps = [s for s in play_record(record) if isinstance(s, Played) and s.number == RESHUFFLE_AT]
    (step,) = steps
    assert step.error is not None
    assert step.error.rule == EXHAUSTED
    assert step.state == step.before == before
    assert table_after(record, RESHUFFLE_AT) == before
    assert not before.table.draw  # still empty: nothing of the draw happened


@pytest.mark.rules(EXHAUSTED)
def test_tolerant_replay_notes_the_impossible_pile_and_lets_the_generator_shuffle() -> None:
    record = read_record(IMPOSSIBLE.read_text(encoding="utf-8"))
    verdict = replay(record, tolerant=True)
    assert (verdict.illegal[0].number, verdict.illegal[0].rule) == (RESHUFFLE_AT, EXHAUSTED)
    (step,) = (
        s
        for s in play_record(record, tolerant=True, caused=True)
        if isinstance(s, Played) and s.number == RESHUFFLE_AT
    )
    assert step.error is not None
    assert [type(e) for e in step.caused] == [Reshuffled, Drew]
    assert step.state.table.held >= 0  # Ben drew from the generator's new pile
    assert len(step.state.table.draw) == PILE - 1


def test_replay_of_the_impossible_example_exits_as_for_any_illegal_event() -> None:
    code, out, err = sabai("replay", str(IMPOSSIBLE), "--lang", "nl")
    assert (code, err) == (EXIT_ILLEGAL, "")
    assert f"[{EXHAUSTED}]" in out
    code, out, _ = sabai("replay", str(IMPOSSIBLE), "--format", "json")
    data = json.loads(out)
    assert code == EXIT_ILLEGAL
    assert (data["illegal"][0]["event"], data["illegal"][0]["rule"]) == (RESHUFFLE_AT, EXHAUSTED)


# -- more stated than happened ------------------------------------------------------------------


@pytest.mark.rules(EXHAUSTED)
def test_a_reshuffle_the_round_never_had_makes_the_record_unusable(tmp_path: Path) -> None:
    data = _real()
    data["rounds"][0]["reshuffles"].append(["7"])
    message = "$.rounds[0].reshuffles[1]: the round had 1 reshuffle, the record states 2"
    with pytest.raises(RecordError) as caught:
        replay(read_record(data))
    assert str(caught.value) == message
    code, out, err = sabai("replay", str(_write(tmp_path, data)))
    assert (code, out) == (EXIT_USAGE, "")
    assert err.endswith(f"{message}\n")
    assert err.count("\n") == 1


@cache
def _nose_race_game() -> Json:
    """A round of three players under ``nose_race="random"`` with one nose race (event 64): the
    seeded generator makes Ben draw the penalty card; the passes of the reaction round follow."""
    rules = Ruleset().with_options(num_rounds=1, nose_race="random")
    data: Json = json.loads(
        write_record(simulate(3, 4, ruleset=rules, names=("Anna", "Ben", "Cleo")))
    )
    return data


def _the_nose_race(data: Json) -> Played:
    (step,) = (
        s
        for s in play_record(read_record(data), caused=True)
        if isinstance(s, Played) and any(isinstance(e, NoseRaceLost) for e in s.caused)
    )
    return step


@pytest.mark.rules("four-together.last-draws-penalty", "ruling.nose-race")
def test_the_recorded_loser_of_a_random_nose_race_draws_the_penalty_card() -> None:
    sampled = _the_nose_race(_nose_race_game())
    assert sampled.number == 64
    assert [e.player for e in sampled.caused if isinstance(e, NoseRaceLost)] == [BEN]
    data = copy.deepcopy(_nose_race_game())
    data["rounds"][0]["nose_races"] = ["Anna"]
    seen = _the_nose_race(data)
    assert seen.number == 64
    caused = [(type(e), e.player) for e in seen.caused if isinstance(e, NoseRaceLost | PenaltyCard)]
    assert caused == [(NoseRaceLost, 0), (PenaltyCard, 0)]
    # The penalty card lies at the end of Anna's row, not of Ben's.
    sampled_rows = [len(row) for row in sampled.state.table.rows]
    assert [len(row) for row in seen.state.table.rows] == [
        sampled_rows[0] + 1,
        sampled_rows[BEN] - 1,
        sampled_rows[2],
    ]
    verdict = replay(read_record(data))
    assert verdict.legal
    assert verdict.complete


@pytest.mark.rules("ruling.nose-race")
def test_a_nose_race_the_round_never_had_makes_the_record_unusable() -> None:
    data = copy.deepcopy(_nose_race_game())
    data["rounds"][0]["nose_races"] = ["Ben", "Anna"]
    with pytest.raises(RecordError) as caught:
        replay(read_record(data))
    assert str(caught.value) == (
        "$.rounds[0].nose_races[1]: the round had 1 random nose race, the record states 2"
    )


def test_the_examples_chance_records_survive_a_write_and_a_tolerant_read() -> None:
    for data in (_real(), json.loads(IMPOSSIBLE.read_text(encoding="utf-8"))):
        record = read_record(data)
        problems: list[Problem] = []
        assert read_record(write_record(record), problems=problems) == record
        assert problems == []


@pytest.mark.rules(EXHAUSTED, "ruling.knowledge-model")
def test_show_after_the_reshuffle_gives_ben_the_top_card_of_the_stated_pile() -> None:
    code, out, err = sabai("show", str(REAL), "--at", str(RESHUFFLE_AT), "--as", "Ben")
    assert (code, err) == (EXIT_OK, "")
    assert "  draw pile: 52 · discard pile: 5 (top: 5)\n" in out
    assert out.endswith("  Ben holds 12 spy\n")
    _, out, _ = sabai("show", str(REAL), "--at", str(RESHUFFLE_AT), "--as", "Anna")
    assert out.endswith("  Ben holds ??\n")

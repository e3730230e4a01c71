"""The scribe's record, step by step, as a person at the table writes it (``sabai scribe``): the
actions offered are the engine's, faces are entered or left unknown, a table's illegal move is
recorded and the referee names the rule, every step is saved as a record ``sabai replay``
reads."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from sabai_rules.model.cards import parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    Keep,
    Pass,
    Peek,
    Play,
    Spy,
    Switch,
    ThrowIn,
    apply,
    deal,
    legal_actions,
)
from sabai_rules.referee.record import load_record, read_record, write_record
from sabai_rules.referee.render import render_json
from sabai_rules.referee.replay import replay
from sabai_rules.scribe.session import ScribeError, Session
from sabai_rules.scribe.wire import verdict_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "table"
ANNA, BEN, CHLOE = 0, 1, 2


def faces(*texts: str) -> list[int]:
    return [parse_face(text) for text in texts]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "game.json"


@pytest.fixture
def session(path: Path) -> Session:
    """Anna, Ben and Chloé, current edition; Anna deals, so Ben has the first turn."""
    s = Session(path)
    s.set_up(["Anna", "Ben", "Chloé"], Ruleset(), first_dealer=ANNA)
    return s


def _saved(path: Path, session: Session) -> None:
    """What is on disk is the session's record, read by the reader ``sabai replay`` uses, and the
    referee plays it."""
    on_disk = load_record(path)
    assert on_disk == session.record
    assert write_record(on_disk) == path.read_text(encoding="utf-8")
    replay(on_disk)  # a record the referee cannot play raises
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def _after(actions: list[Action], dealer: int = ANNA, drawn: str = "7") -> list[Action]:
    """The engine's legal actions at a table of three after ``actions``, the first card drawn
    being a ``drawn`` (which seed deals it does not matter: nothing listed depends on the other
    cards' faces)."""
    for seed in range(200):
        state = deal(players=3, dealer=dealer, seed=seed)
        first = apply(state, actions[0])
        if first.deck.faces[first.table.held] == parse_face(drawn):
            for action in actions[1:]:
                first = apply(first, action)
            return list(legal_actions(first))
    raise AssertionError("no seed of 200 deals that card first")


@pytest.mark.rules("turn.draw", "round-end.call", "setup.empty-discard-pile")
def test_ben_starts_the_first_turn_and_anybody_may_call(session: Session, path: Path) -> None:
    moment = session.moment()
    assert moment.waiting == BEN
    # No throw-in yet: no card lies on the discard pile.
    assert list(moment.offered) == [Draw(BEN), *(CallSabaiSabai(p) for p in (ANNA, BEN, CHLOE))]
    assert list(moment.offered) == list(legal_actions(deal(players=3, dealer=ANNA, seed=1)))
    _saved(path, session)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["first_dealer"] == "Anna"
    assert record["rounds"] == [{"deal": {"order": []}, "events": []}]


@pytest.mark.rules("turn.play", "throw-in.identical", "round-end.call")
def test_after_bens_7_every_throw_in_and_call_is_offered_as_the_engine_lists_them(
    session: Session,
) -> None:
    session.add(Draw(BEN))
    session.set_shows(1, faces("7"))
    session.add(Play(BEN))
    offered = session.moment().offered
    assert list(offered) == _after([Draw(BEN), Play(BEN)])
    # Out-of-turn throw-ins of every player, of their own cards and of others' (sabai-sabai
    # Move), and everybody's call; Chloé draws next.
    assert ThrowIn(ANNA, ANNA, 0) in offered
    assert ThrowIn(ANNA, CHLOE, 3) in offered
    assert CallSabaiSabai(CHLOE) in offered
    assert session.moment().waiting == CHLOE


@pytest.mark.rules("function.execute", "ruling.keep-discard-triggers-function")
def test_a_card_nobody_noted_may_trigger_any_function_so_every_one_is_offered(
    session: Session,
) -> None:
    """The card Ben takes out of his row goes to the discard pile unseen by the scribe: it may be
    an 11, 12, 13 or 14, or no function card. What is legal in at least one of those ways is
    offered."""
    session.add(Draw(BEN))
    session.add(Keep(BEN, 0))
    decisions = {type(a) for a in session.moment().offered if a.actor == BEN}
    assert {Peek, Spy, Give, Switch} <= decisions
    assert Draw(CHLOE) in session.moment().offered
    # The table saw a 12: Ben spies, and nothing else is his to do.
    session.set_shows(2, faces("12"))
    mine = [a for a in session.moment().offered if a.actor == BEN]
    assert {type(a) for a in mine} == {Spy, ThrowIn, CallSabaiSabai}
    assert Draw(CHLOE) not in session.moment().offered


@pytest.mark.rules("turn.draw")
def test_the_face_of_a_drawn_card_may_be_entered_or_left_unknown(
    session: Session, path: Path
) -> None:
    number = session.add(Draw(BEN))
    assert number == 1
    assert session.record.rounds[0].events[0].shows is None  # the default: not known
    assert "shows" not in json.loads(path.read_text(encoding="utf-8"))["rounds"][0]["events"][0]
    session.set_shows(1, faces("AJ"))
    assert json.loads(path.read_text(encoding="utf-8"))["rounds"][0]["events"][0]["shows"] == "AJ"
    # A drawn Ass Joker cannot be played: only keeps are offered to Ben now.
    assert Play(BEN) not in session.moment().offered
    session.set_shows(1, None)
    assert session.record.rounds[0].events[0].shows is None
    assert Play(BEN) in session.moment().offered
    _saved(path, session)
    with pytest.raises(ScribeError, match="event 1 shows one card: give its face"):
        session.set_shows(1, [])
    session.add(Play(BEN))
    session.add(CallSabaiSabai(ANNA))
    with pytest.raises(ScribeError, match=r"event 3 \(CallSabaiSabai\) shows no card"):
        session.set_shows(3, faces("7"))


def _steps() -> list[tuple[str, Callable[[Session], object]]]:
    """A stretch of play with a step of each kind: events, faces, a comment, throw-ins marked as
    made at the same moment, who got the card first."""
    return [
        ("draw", lambda s: s.add(Draw(BEN))),
        ("face", lambda s: s.set_shows(1, faces("7"))),
        ("play", lambda s: s.add(Play(BEN))),
        ("comment", lambda s: s.set_comment(2, "straight onto the pile")),
        ("throw-in", lambda s: s.add(ThrowIn(ANNA, ANNA, 1))),
        ("face of it", lambda s: s.set_shows(3, faces("7"))),
        ("at once", lambda s: s.add(ThrowIn(CHLOE, CHLOE, 2), same_moment=True)),
        ("not at once", lambda s: s.set_same_moment(4, False)),
        ("at once again", lambda s: s.set_same_moment(4, True)),
        ("first", lambda s: s.set_first(4, True)),
        ("comment removed", lambda s: s.set_comment(2, "   ")),
    ]


def test_undo_restores_the_previous_record_exactly(session: Session, path: Path) -> None:
    for name, step in _steps():
        before = write_record(session.record)
        step(session)
        assert write_record(session.record) != before, name
        assert session.undo(), name
        assert write_record(session.record) == before, name
        assert path.read_text(encoding="utf-8") == before, name
        step(session)  # and on to the next step
    # Undo goes back step by step, to the record as it was set up; the setup stays.
    while session.undo():
        pass
    assert session.record.rounds[0].events == ()
    assert not session.can_undo
    _saved(path, session)


def test_every_saved_state_reads_back_and_replays(session: Session, path: Path) -> None:
    _saved(path, session)
    for _, step in _steps():
        step(session)
        _saved(path, session)
    session.undo()
    _saved(path, session)


def test_a_comment_lands_on_its_event(session: Session, path: Path) -> None:
    session.add(Draw(BEN))
    session.add(Play(BEN))
    session.set_comment(1, "Ben says he saw a 7\nand nobody else did")
    events = json.loads(path.read_text(encoding="utf-8"))["rounds"][0]["events"]
    assert events[0]["comment"] == "Ben says he saw a 7\nand nobody else did"
    assert "comment" not in events[1]
    session.set_comment(1, None)
    assert session.record.rounds[0].events[0].comment is None
    with pytest.raises(ScribeError, match="no event 3: the record has 2"):
        session.set_comment(3, "x")


@pytest.mark.rules("ruling.sequential-actions", "ruling.same-card-reach")
def test_throw_ins_made_at_the_same_moment_are_written_with_one_mark(
    session: Session, path: Path
) -> None:
    session.add(Draw(BEN))
    session.set_shows(1, faces("7"))
    session.add(Play(BEN))
    session.add(ThrowIn(ANNA, ANNA, 1))
    session.add(ThrowIn(CHLOE, CHLOE, 2), same_moment=True)
    session.add(ThrowIn(CHLOE, CHLOE, 3))
    session.set_same_moment(5, True)  # three hands at once
    events = json.loads(path.read_text(encoding="utf-8"))["rounds"][0]["events"]
    assert [e.get("simultaneous") for e in events] == [None, None, "a", "a", "a"]
    # Chloé's second card parted from the group: the group keeps its mark.
    session.set_same_moment(5, False)
    events = json.loads(path.read_text(encoding="utf-8"))["rounds"][0]["events"]
    assert [e.get("simultaneous") for e in events] == [None, None, "a", "a", None]
    # Only a throw-in of a group says it got the card first; parted, it no longer does.
    with pytest.raises(ScribeError, match=r"ruling\.same-card-reach"):
        session.set_first(5, True)
    session.set_first(4, True)
    session.set_same_moment(4, False)
    assert [e.simultaneous for e in session.record.rounds[0].events] == [None] * 5
    assert not session.record.rounds[0].events[3].first
    with pytest.raises(ScribeError, match=r"ruling\.sequential-actions"):
        session.set_same_moment(2, True)  # a play is never made at a throw-in's moment
    _saved(path, session)


@pytest.mark.rules("turn.draw")
def test_an_illegal_event_the_table_made_is_recorded_and_the_referee_cites_its_rule(
    session: Session, path: Path
) -> None:
    """The scribe offers what the rules allow, but records what happened: Chloé drew while Ben
    held the card he had drawn. "Was that legal?" says it was not, and which rule it broke."""
    session.add(Draw(BEN))
    assert Draw(CHLOE) not in session.moment().offered
    assert session.verdict().legal
    session.add(Draw(CHLOE))
    _saved(path, session)
    verdict = session.verdict()
    assert [(e.number, e.rule) for e in verdict.illegal] == [(2, "turn.draw")]
    answer = verdict_json(session, "en")
    assert answer["verdict"] == "illegal"
    assert answer["sentence"].startswith("Illegal event 2: Chloé draws a card — ")
    assert answer["sentence"].endswith(", turn.draw]")
    assert "[Rule " in answer["sentence"]
    # The table plays on from the table as it was: Ben still holds his card.
    assert Play(BEN) in session.moment().offered


def test_was_that_legal_so_far_and_when_the_game_is_over(session: Session) -> None:
    assert verdict_json(session, "en")["sentence"] == "Every event so far is legal."
    assert verdict_json(session, "fr")["verdict"] == "in-progress"


@pytest.mark.rules("function.execute", "function.peek")
def test_was_that_legal_is_undecided_where_it_turns_on_a_card_nobody_noted(
    tmp_path: Path,
) -> None:
    """The dispute of ``examples/table/peek-on-a-card-nobody-noted.json``, written from its
    position: Ben peeks after playing a card nobody noted."""
    example = read_record((EXAMPLES / "peek-on-a-card-nobody-noted.json").read_bytes())
    position = example.rounds[0].start
    assert position is not None
    session = Session(tmp_path / "peek.json")
    session.start_from(position)
    assert session.record.players == ("Anna", "Ben", "Chloé")
    session.add(Draw(BEN))
    session.add(Play(BEN))
    assert Peek(BEN, 0) in session.moment().offered  # the card may have been an 11
    session.add(Peek(BEN, 0))
    answer = verdict_json(session, "en")
    assert answer["verdict"] == "undecided"
    assert answer["sentence"].startswith("Undecided event 3: Ben peeks at their card in slot 0 — ")
    session.set_shows(2, faces("11"))
    assert verdict_json(session, "en")["sentence"] == "Every event so far is legal."


@pytest.mark.rules("round-end.call", "round-end.final-lap", "round-end.reveal")
def test_a_whole_round_written_as_it_goes_rules_as_the_tables_own_record(path: Path) -> None:
    """``examples/table/called-before-the-first-turn.json`` written step by step: the faces the
    example gives in its deal's order are written as the draws show them. The record differs, the
    referee's verdict does not (but for the example's claim, which the scribe does not write)."""
    session = Session(path)
    session.set_up(["Daan", "Sanne", "Joris"], Ruleset(), first_dealer=2)
    daan, sanne, joris = 0, 1, 2
    session.add(CallSabaiSabai(sanne))
    session.add(Draw(daan))
    session.set_shows(2, faces("9"))
    session.add(Keep(daan, 0))
    session.set_shows(3, faces("12"))
    session.add(Spy(daan, sanne, 2))
    session.add(Draw(sanne))
    session.set_shows(5, faces("11"))
    session.add(Play(sanne))
    session.add(Peek(sanne, 0))
    session.add(Draw(joris))
    session.set_shows(8, faces("4"))
    session.add(Play(joris))
    moment = session.moment()
    # The last chance to throw in: the round ends once everybody passes, as the record need not
    # write.
    assert moment.over
    assert Pass(daan) in moment.offered
    assert moment.rows == (4, 4, 4)
    rows = [["9", "3", "J", "8"], ["6", "2", "1", "10"], ["5", "7", "13", "14"]]
    session.reveal([faces(*row) for row in rows])
    assert session.moment().offered == ()
    _saved(path, session)
    with pytest.raises(ScribeError, match="turned up"):
        session.add(Pass(daan))
    example = json.loads((EXAMPLES / "called-before-the-first-turn.json").read_text("utf-8"))
    del example["claim"]
    assert render_json(replay(read_record(example))) == render_json(replay(session.record))
    # The next round, its deal unknown: Daan, who went first, deals.
    assert session.moment().next_round
    session.next_round()
    assert session.moment().round == 1
    assert session.moment().waiting == sanne
    assert session.record.rounds[1].deal.order == ()
    _saved(path, session)
    assert session.undo()
    assert len(session.record.rounds) == 1


def test_a_record_on_disk_is_resumed_and_undone_from_its_end(tmp_path: Path) -> None:
    path = tmp_path / "resumed.json"
    shutil.copy(EXAMPLES / "called-before-the-first-turn.json", path)
    session = Session.open(path)
    assert session.record == load_record(path)
    assert session.moment().reveal is not None
    # After a resume, undo takes back what the record holds last: the rows, then an event.
    assert session.undo()
    assert session.record.rounds[0].reveal is None
    assert session.undo()
    assert len(session.record.rounds[0].events) == 8
    assert load_record(path) == session.record
    assert Session.open(tmp_path / "new.json").is_set_up is False


def test_a_step_the_referee_cannot_play_is_refused_and_nothing_is_written(
    session: Session, path: Path
) -> None:
    session.add(Draw(BEN))
    session.add(Play(BEN))
    before = path.read_text(encoding="utf-8")
    # A card that is not there: no referee can play that.
    with pytest.raises(ScribeError, match="event 3: Anna has no card in slot 7"):
        session.add(ThrowIn(ANNA, ANNA, 7))
    assert path.read_text(encoding="utf-8") == before
    # Four 7s in the deck: a fifth shown is a face no deal gives.
    session.set_shows(1, faces("7"))
    session.add(ThrowIn(ANNA, ANNA, 0))
    session.set_shows(3, faces("7"))
    session.add(ThrowIn(CHLOE, CHLOE, 0))
    session.set_shows(4, faces("7"))
    session.add(Draw(CHLOE))
    session.set_shows(5, faces("7"))
    session.add(Keep(CHLOE, 1))
    before = path.read_text(encoding="utf-8")
    with pytest.raises(ScribeError, match="event 6: the record states a 7 where no 7 is left"):
        session.set_shows(6, faces("7"))
    assert path.read_text(encoding="utf-8") == before
    assert load_record(path) == session.record


@pytest.mark.rules("ass-joker.drawn-must-be-kept")
def test_a_face_that_makes_an_event_illegal_is_recorded(session: Session) -> None:
    """A face is what the table saw, even where it makes an earlier event illegal: Ben played
    the card he drew, and the table then says it was the Ass Joker."""
    session.add(Draw(BEN))
    session.add(Play(BEN))
    session.set_shows(1, faces("AJ"))
    assert [e.rule for e in session.verdict().illegal] == ["ass-joker.drawn-must-be-kept"]


def test_the_game_is_set_up_once_with_names_a_record_takes(tmp_path: Path) -> None:
    session = Session(tmp_path / "a.json")
    with pytest.raises(ScribeError, match="set up yet"):
        session.add(Draw(0))
    with pytest.raises(ScribeError, match="same name"):
        session.set_up(["Anna", "Anna"], Ruleset(), first_dealer=0)
    with pytest.raises(ScribeError, match="2 to 12 players"):
        session.set_up(["Anna"], Ruleset(), first_dealer=0)
    with pytest.raises(ScribeError, match="one line"):
        session.set_up(["Anna", "Ben\nBen"], Ruleset(), first_dealer=0)
    with pytest.raises(ScribeError, match="seat 2"):
        session.set_up(["Anna", "Ben"], Ruleset(), first_dealer=2)
    assert not (tmp_path / "a.json").exists()  # nothing written before the game is set up
    with pytest.raises(ScribeError, match="position: column"):
        session.start_from("Anna: 7 X / Ben: 5")
    session.set_up(["Anna", "Ben"], Ruleset.preset("older"), first_dealer=1)
    assert session.record.ruleset == Ruleset.preset("older")
    with pytest.raises(ScribeError, match="set up already"):
        session.set_up(["Anna", "Ben"], Ruleset(), first_dealer=0)


def test_a_save_that_fails_changes_nothing_and_leaves_no_file_behind(
    session: Session, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = path.read_text(encoding="utf-8")

    def refuse(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ScribeError, match=r"cannot save game\.json: No space left on device"):
        session.add(Draw(BEN))
    assert session.record.rounds[0].events == ()
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


@pytest.mark.rules("ruling.same-card-reach", "throw-in.identical")
def test_two_hands_on_one_card_are_recorded_with_who_got_it(tmp_path: Path) -> None:
    """``examples/table/two-hands-on-one-card.json`` written step by step: Kofi and Lucía reach
    for Tom's card at the same moment, Lucía first. The second reach for one card is recorded
    with the moment and who got it in one step (a reach alone for a card already taken is no
    record the referee can play)."""
    example = json.loads((EXAMPLES / "two-hands-on-one-card.json").read_text("utf-8"))
    del example["claim"]
    expected = read_record(example)
    session = Session(tmp_path / "reach.json")
    position = expected.rounds[0].start
    assert position is not None
    session.start_from(position)
    _, kofi, lucia, tom = range(4)  # Mei, who played the 7, does nothing more
    session.add(ThrowIn(kofi, tom, 1))
    session.set_shows(1, faces("7"))
    with pytest.raises(ScribeError, match="thrown in twice at the same moment"):
        session.add(ThrowIn(lucia, tom, 1), same_moment=True)
    with pytest.raises(ScribeError, match=r"ruling\.same-card-reach"):
        session.add(ThrowIn(lucia, tom, 1), first=True)
    session.add(ThrowIn(lucia, tom, 1), same_moment=True, first=True)
    session.set_shows(2, faces("7"))
    session.add(ThrowIn(kofi, kofi, 0))
    session.set_shows(3, faces("7"))
    session.add(Compensate(lucia, 2))
    assert [e.action for e in session.record.rounds[0].events] == [
        e.action for e in expected.rounds[0].events
    ]
    assert render_json(replay(session.record)) == render_json(replay(expected))
    assert [n.rule for n in session.verdict().notes] == ["ruling.same-card-reach"]


@pytest.mark.parametrize(
    "name",
    [
        "thrown-in-during-an-offer.json",
        "older-declined-look.json",
        "peek-on-a-card-nobody-noted.json",
        "two-hands-on-one-card.json",
    ],
)
def test_each_tables_record_written_step_by_step_rules_as_the_record(
    tmp_path: Path, name: str
) -> None:
    """Each dispute of ``examples/table`` whose deal states no face, written as the scribe writes
    it (its start or its setup, then event by event with the faces shown and the moments marked):
    the referee's verdict is the example's (its claim aside, which the scribe does not write)."""
    data = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    del data["claim"]
    expected = read_record(data)
    session = Session(tmp_path / name)
    first = expected.rounds[0]
    if first.start is not None:
        session.start_from(first.start, expected.ruleset)
    else:
        assert first.deal.order is not None
        assert set(first.deal.order) == {parse_face("?", unknown=True)}
        session.set_up(expected.players, expected.ruleset, expected.first_dealer)
    for r, rnd in enumerate(expected.rounds):
        if r:
            session.next_round(rnd.start)
        before = None
        for event in rnd.events:
            joined = event.simultaneous is not None and before == event.simultaneous
            number = session.add(event.action, same_moment=joined, first=event.first)
            if event.shows is not None:
                session.set_shows(number, event.shows)
            before = event.simultaneous
        if rnd.reveal is not None:
            session.reveal(rnd.reveal)
    assert render_json(replay(session.record)) == render_json(replay(expected))
    assert load_record(tmp_path / name) == session.record

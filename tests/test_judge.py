"""``sabai judge``, the quick ruling at the table: actions as players say them, judged from a
position as a replay judges a record; one-line errors for what is no action; the record it
judges, written with ``--record``, judged the same by ``sabai replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_UNDECIDED, EXIT_USAGE
from sabai_rules.moves import (
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    TakeFirstRefusal,
    ThrowIn,
    TouchNoseLast,
    WaiveFirstRefusal,
)
from sabai_rules.referee.i18n import label
from sabai_rules.referee.judge import ActionTextError, judge, read_actions
from tests.support import sabai

NAMES = ("Anna", "Ben", "Chloé")

#: A 7 on the pile; Anna's slot 0 holds a 7 everybody saw, her slot 1 a card nobody can name.
TABLE = "current / Anna: 7* ? / Ben: ? ? / Chloé: ? 7 / pile top 7 / Ben to draw"


@pytest.mark.parametrize(
    ("text", "action", "shows"),
    [
        ("Ben draws", Draw(1), None),
        ("ben Draw", Draw(1), None),
        ("Ben draws a 9", Draw(1), 9),
        ("Ben plays", Play(1), None),
        ("Ben plays 13", Play(1), 13),
        ("Ben plays (AJ)", Play(1), 101),
        ("Ben keeps 2", Keep(1, 2), None),
        ("Ben keeps slot 2 showing 5", Keep(1, 2), 5),
        ("Anna throws in 0", ThrowIn(0, 0, 0), None),
        ("Anna throws in Chloé's 1 (7)", ThrowIn(0, 2, 1), 7),
        ("anna throws in CHLOÉ 1 shows 7", ThrowIn(0, 2, 1), 7),
        ("Anna throws in Chloe\u2019s 1 (7)", ThrowIn(0, 2, 1), 7),  # accents left out
        ("Anna ThrowIn Chloé 1", ThrowIn(0, 2, 1), None),
        ("Anna also throws in #1", AlsoThrowIn(0, 0, 1), None),
        ("Ben peeks at 3", Peek(1, 3), None),
        ("Ben spies on Anna's 0 (7)", Spy(1, 0, 0), 7),
        ("Ben gives 1 to Chloé", Give(1, 1, 2), None),
        ("Ben switches 1 with Anna's 0", Switch(1, 1, 0, 0), None),
        ("Ben Switch 1 Anna 0", Switch(1, 1, 0, 0), None),
        ("Ben skips", SkipFunction(1), None),
        ("Ben compensates 3", Compensate(1, 3), None),
        ("Chloé takes", TakeFirstRefusal(2), None),
        ("Chloé waives", WaiveFirstRefusal(2), None),
        ("Chloé touches last", TouchNoseLast(2), None),
        ("P2 calls sabai sabai", CallSabaiSabai(2), None),
        ("Chloé passes", Pass(2), None),
        ("Anna looks at 3 and 1", LookAtCards(0, (1, 3)), None),
        ("Anna declines to look", LookAtCards(0, ()), None),
    ],
)
def test_an_action_is_read_as_a_player_says_it(
    text: str, action: Action, shows: int | None
) -> None:
    (event,) = read_actions(text, NAMES)
    assert event.action == action
    assert event.shows == (None if shows is None else (shows,))


def test_several_actions_in_one_text_or_several() -> None:
    one = read_actions("Ben draws; Ben plays a 9 ;", NAMES)
    two = read_actions(["Ben draws", "Ben plays a 9"], NAMES)
    assert one == two
    assert [e.action for e in one] == [Draw(1), Play(1)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Dan draws", "action 1, column 1: expected a player (the players are Anna, Ben, Chloé)"),
        ("Ben jumps", "action 1, column 5: expected what the player did"),
        ("Ben keeps", "action 1, column 10: expected a slot"),
        ("Ben keeps x", "action 1, column 11: expected a slot (a number from 0"),
        ("Ben draws; Ben plays (X)", "action 2, column 11: expected a card's face"),
        (
            "Ben draws now",
            "action 1, column 11: expected a card's face (7, 13, J, AJ), found 'now'",
        ),
        ("Ben keeps 2 now", "action 1, column 13: the action is over: 'now' is one word too many"),
        ("", "action 1, column 1: expected at least one action"),
    ],
)
def test_what_is_no_action_is_one_line_naming_the_action_and_column(
    text: str, message: str
) -> None:
    with pytest.raises(ActionTextError) as caught:
        read_actions(text, NAMES)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


@pytest.mark.rules("throw-in.identical", "throw-in.retry-lockout")
def test_a_ruling_from_a_position_is_a_replays_verdict() -> None:
    """Anna throws in her 7 onto the 7: legal. Had she first thrown in her other card, one
    nobody can name, her 7 after it would be legal if that card was a 7 too, and break her
    lock-out if it was not: undecided, and the verdict says which face decides."""
    legal = judge(TABLE, "Anna throws in 0")
    assert legal.legal
    assert legal.decided
    locked = judge(TABLE, ["Anna throws in 1", "Anna throws in 0 (7)"])
    (event,) = locked.undecided
    assert event.number == 2
    assert event.rules == ("throw-in.retry-lockout",)
    assert event.turns[0].legal == {7}


@pytest.mark.rules("throw-in.retry-lockout")
@pytest.mark.parametrize("language", ["en", "fr", "nl", "fi"])
def test_an_action_that_turns_on_several_cards_names_them_and_the_rule_it_may_break(
    language: str,
) -> None:
    """Nobody can name the pile's top card nor Anna's: whether her second throw-in broke her
    lock-out depends on whether her first card matched the top, no one card alone."""
    table = "current / Anna: ? ? / Ben: ? ? / pile top ? / Ben to draw"
    code, out, err = sabai(
        "judge", table, "Anna throws in 1", "Anna throws in 0", "--lang", language
    )
    assert (code, err) == (EXIT_UNDECIDED, "")
    verdict = judge(table, ["Anna throws in 1", "Anna throws in 0"])
    (event,) = verdict.undecided
    assert (event.number, event.rules, event.single) == (2, ("throw-in.retry-lockout",), False)
    assert len(event.turns) >= 2
    refusal = event.refusal_in("throw-in.retry-lockout", NAMES, language)
    why = label(language, "verdict.illegal-where").format(why=f"{refusal} [throw-in.retry-lockout]")
    assert f". {why[:1].upper()}{why[1:]}.\n" in out
    assert ". (" not in out


def test_the_cli_judges_and_exits_as_replay(tmp_path: Path) -> None:
    code, out, err = sabai("judge", TABLE, "Anna throws in 0")
    assert (code, err) == (EXIT_OK, "")
    code, out, _ = sabai("judge", TABLE, "Chloé draws")
    assert code == EXIT_ILLEGAL
    assert "Illegal event 1" in out
    assert "[turn.draw]" in out
    code, out, _ = sabai("judge", TABLE, "Anna throws in 1", "Anna throws in 0 (7)", "--lang", "fr")
    assert code == EXIT_UNDECIDED
    assert "Événement indécidable 2" in out


def test_the_record_judged_is_judged_the_same_by_replay(tmp_path: Path) -> None:
    path = tmp_path / "ruling.json"
    argv = ("judge", TABLE, "Anna throws in 1", "Anna throws in 0 (7)", "--format", "json")
    code, out, _ = sabai(*argv, "--record", str(path))
    assert code == EXIT_UNDECIDED
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["version"] == 2
    assert record["rounds"][0]["start"] == TABLE
    again, replayed, _ = sabai("replay", str(path), "--format", "json")
    assert again == code
    assert json.loads(replayed) == json.loads(out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("Anna: 7 X / Ben: 5", "Ben draws"), "sabai judge: error: position: column 9:"),
        ((TABLE, "Dan draws"), "sabai judge: error: action 1, column 1: expected a player"),
        ((TABLE, "Chloé throws in 5"), "sabai judge: error: action 1: Chloé has no card in slot 5"),
        (
            (TABLE, "Ben draws", "Ben keeps 1", "Chloé throws in 7"),
            "sabai judge: error: action 3: Chloé has no card in slot 7",
        ),
    ],
)
def test_a_bad_position_or_action_is_one_line_and_exit_2(
    argv: tuple[str, ...], message: str
) -> None:
    code, out, err = sabai("judge", *argv)
    assert (code, out) == (EXIT_USAGE, "")
    assert message in err
    assert err.count("\n") == 1

"""The disputes of ``examples/table/``, records of version 2 as a real table writes them: the
referee's verdict on each, in the four languages (legal, illegal, or undecided where it turns on a
card nobody noted), through the command line in-process (``sabai replay``, text and JSON, and its
exit codes); each record valid for the JSON Schema of version 2 and read back as written; the
README describing each with real rule ids; the rulebook's dispute page adjudicating each; and
``sabai judge``, given the position a record starts from and the actions as a player types them,
ruling as the replay of that record does and writing that record back.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal

import attrs
import jsonschema
import pytest

import sabai_rules
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_UNDECIDED
from sabai_rules.model import catalogue
from sabai_rules.model.cards import UNKNOWN
from sabai_rules.moves import LookAtCards
from sabai_rules.referee import replay
from sabai_rules.referee.export import export_view
from sabai_rules.referee.i18n import colon, label
from sabai_rules.referee.record import Record, load_record, read_record, write_record
from tests.support import OPENING, example_lines, json_keys, row_of, sabai

Kind = Literal["legal", "illegal", "undecided"]


@attrs.frozen
class Expected:
    """What the referee rules on one dispute: whether every event is legal, or the event that is
    illegal (and the rule it breaks) or undecided (and the rules it breaks under the faces that
    make it illegal, and the faces of the card it turns on that make it legal); whether the claim
    holds (``None``: the record cannot settle it); the events noted without sanction; the winners
    of the round the record plays to its end; and, for a record that starts from a position, the
    actions as a player types them for ``sabai judge``."""

    file: str
    kind: Kind
    claim_holds: bool | None
    event: int | None = None
    rules: tuple[str, ...] = ()
    legal_faces: tuple[str, ...] = ()
    notes: tuple[tuple[int, str], ...] = ()
    round_winners: tuple[str, ...] | None = None
    judge: tuple[str, ...] | None = None

    @property
    def exit_code(self) -> int:
        return {"legal": EXIT_OK, "illegal": EXIT_ILLEGAL, "undecided": EXIT_UNDECIDED}[self.kind]


# fmt: off
TABLE: Final = (
    pytest.param(
        Expected("thrown-in-during-an-offer.json", "illegal", claim_holds=True,
                 event=2, rules=("sabai-sabai-move.first-refusal",),
                 judge=("Chloé throws in Léa's 1 (9)", "Hugo throws in 0 (9)")),
        marks=pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal",
                                "ruling.throw-in-window"),
        id="thrown-in-during-an-offer",
    ),
    pytest.param(
        Expected("called-before-the-first-turn.json", "legal", claim_holds=False,
                 round_winners=("Daan",)),
        marks=pytest.mark.rules("round-end.call", "ruling.who-may-call", "round-end.final-lap",
                                "ruling.final-lap-sequence", "objective.joker-minus-four"),
        id="called-before-the-first-turn",
    ),
    pytest.param(
        Expected("older-declined-look.json", "legal", claim_holds=False),
        marks=pytest.mark.rules("ruling.older-look-optional", "setup.look-at-two",
                                "sabai-sabai-move.advanced-rule",
                                "ruling.older-on-behalf-knowledge"),
        id="older-declined-look",
    ),
    pytest.param(
        Expected("peek-on-a-card-nobody-noted.json", "undecided", claim_holds=None,
                 event=3, rules=("function.spy", "function.give", "function.switch",
                                 "function.execute"),
                 legal_faces=("11",),
                 judge=("Ben draws", "Ben plays", "Ben peeks at 0", "Chloé draws",
                        "Chloé plays a 6")),
        marks=pytest.mark.rules("function.execute", "function.peek", "function.spy",
                                "function.give", "function.switch"),
        id="peek-on-a-card-nobody-noted",
    ),
    pytest.param(
        Expected("two-hands-on-one-card.json", "legal", claim_holds=False,
                 notes=((1, "ruling.same-card-reach"),)),
        marks=pytest.mark.rules("ruling.same-card-reach", "throw-in.several-at-once",
                                "throw-in.identical", "throw-in.retry-lockout"),
        id="two-hands-on-one-card",
    ),
)
# fmt: on

ROOT: Final = Path(__file__).resolve().parent.parent
EXAMPLES: Final = ROOT / "examples" / "table"
SCHEMA: Final = Path(sabai_rules.__file__).parent / "schema" / "record-v2.schema.json"


def expectation(param: Any) -> Expected:
    """The :class:`Expected` of one row of the table."""
    return row_of(param, Expected)


EXPECTED: Final = tuple(expectation(p) for p in TABLE)
#: The disputes that start from a position, with the actions ``sabai judge`` is given.
JUDGED: Final = tuple(p for p in TABLE if expectation(p).judge is not None)


def path_of(expected: Expected) -> str:
    return str(EXAMPLES / expected.file)


def record_of(expected: Expected) -> Record:
    return load_record(Path(path_of(expected)))


def position_of(expected: Expected) -> str:
    start = record_of(expected).rounds[0].start
    assert start is not None, f"{expected.file} starts from the deal"
    return start


@cache
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def _title(ident: str, lang: str) -> str:
    """The title of a rule or ruling in ``lang``."""
    cat = catalogue.default()
    if cat.kind_of(ident) == "ruling":
        return cat.ruling(ident).text_in(lang).title
    return cat.rule(ident).title(lang)


def _claim_line(out: str, lang: str, holds: bool | None) -> None:
    claim = out.rstrip("\n").splitlines()[-1]
    outcome = {True: "holds", False: "fails", None: "open"}[holds]
    assert claim.startswith(f"{label(lang, 'verdict.claim')} {OPENING[lang]}")
    assert claim.endswith(f"{colon(lang)}{label(lang, f'verdict.claim-{outcome}')}")


# -- what the folder holds ------------------------------------------------------------------------


def test_the_table_lists_every_example() -> None:
    files = sorted(p.name for p in EXAMPLES.glob("*.json"))
    assert files == sorted(e.file for e in EXPECTED)
    assert len(files) >= 5


def test_the_examples_are_the_disputes_a_real_table_brings() -> None:
    """Of version 2, each with a claim: one from a position, one from a deal with cards nobody
    saw, one of the older edition, one undecided, one with two players reaching for one card."""
    records = {e.file: record_of(e) for e in EXPECTED}
    assert all(r.version == 2 and r.claim is not None for r in records.values())
    rounds = [rnd for r in records.values() for rnd in r.rounds]
    assert any(rnd.start is not None for rnd in rounds)
    assert any(UNKNOWN in (rnd.deal.order or ()) for rnd in rounds)
    assert any(r.ruleset.nearest_preset() == "older" for r in records.values())
    assert any(e.kind == "undecided" for e in EXPECTED)
    events = [event for rnd in rounds for event in rnd.events]
    assert any(event.first and event.simultaneous is not None for event in events)


@pytest.mark.rules("ruling.older-look-optional")
def test_the_older_edition_dispute_writes_a_declined_look() -> None:
    (older,) = (e for e in EXPECTED if record_of(e).ruleset.nearest_preset() == "older")
    looks = [e.action for e in record_of(older).rounds[0].events]
    assert LookAtCards(1, ()) in looks, "Eero looks at no card"


def test_the_readme_describes_every_example_with_real_rule_ids() -> None:
    lines = example_lines(
        EXAMPLES / "README.md",
        "sabai replay examples/table/<file> --lang fr",
        (e.file for e in EXPECTED),
    )
    for expected in EXPECTED:
        line = lines[expected.file]
        said = {
            "legal": "Legal: ",
            "illegal": f"Illegal at event {expected.event}: ",
            "undecided": f"Exit code 4: event {expected.event} is legal if ",
        }[expected.kind]
        assert said in line, line
        for rule in expected.rules:
            assert f"`{rule}`" in line, (rule, line)
        for _, ruling in expected.notes:
            assert f"`{ruling}`" in line, (ruling, line)


def _judge_directive(expected: Expected) -> str:
    """The page's ``sabai-judge`` directive for a dispute that starts from a position."""
    assert expected.judge is not None
    actions = "\n".join(expected.judge)
    return f"```{{sabai-judge}} {position_of(expected)}\n{actions}\n```"


def test_the_dispute_page_adjudicates_every_example() -> None:
    """Each dispute is on the rulebook's page, its verdict rendered at build time: replayed from
    its record, or judged from its position (the position and the actions of the test's table)."""
    page = (ROOT / "docs" / "dispute.md").read_text(encoding="utf-8")
    for expected in EXPECTED:
        replayed = f"```{{sabai-replay}} examples/table/{expected.file}\n```" in page
        judged = expected.judge is not None and _judge_directive(expected) in page
        assert replayed or judged, expected.file


# -- the verdicts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("expected", TABLE)
def test_replay_text(expected: Expected, lang: str) -> None:
    code, out, err = sabai("replay", path_of(expected), "--lang", lang)
    assert err == ""
    assert code == expected.exit_code
    illegal = re.findall(rf"^{re.escape(label(lang, 'verdict.illegal'))} (\d+) \(", out, re.M)
    undecided = re.findall(rf"^{re.escape(label(lang, 'verdict.undecided'))} (\d+) \(", out, re.M)
    noted = re.findall(rf"^{re.escape(label(lang, 'verdict.noted'))} (\d+) \(", out, re.M)
    assert noted == [str(event) for event, _ in expected.notes]
    for _, ruling in expected.notes:
        assert f" · {ruling} · " in out
    if expected.kind == "illegal":
        assert (illegal, undecided) == ([str(expected.event)], [])
        (rule,) = expected.rules
        assert f"[{rule}]" in out
        assert f"· {rule} — {_title(rule, lang)}\n" in out
        assert label(lang, "verdict.not-legal") in out
    elif expected.kind == "undecided":
        assert (illegal, undecided) == ([], [str(expected.event)])
        for rule in expected.rules:
            assert f"[{rule}]" in out
            assert f"· {rule} — {_title(rule, lang)}\n" in out
        assert label(lang, "verdict.not-decided") in out
    else:
        assert (illegal, undecided) == ([], [])
        assert label(lang, "verdict.in-progress") in out
    if expected.round_winners is not None:
        won = f"{label(lang, 'verdict.round-won-by')} {', '.join(expected.round_winners)} · "
        assert won in out
    _claim_line(out, lang, expected.claim_holds)


@pytest.mark.parametrize("expected", TABLE)
def test_replay_json(expected: Expected) -> None:
    code, out, err = sabai("replay", path_of(expected), "--format", "json")
    assert (code, err) == (expected.exit_code, "")
    data = json.loads(out)
    assert data["claim"]["holds"] is expected.claim_holds
    # Every dispute stops its game midway: legal, it is in progress.
    assert data["verdict"] == {"legal": "in-progress"}.get(expected.kind, expected.kind)
    assert [(e["event"], e["rule"]) for e in data["illegal"]] == (
        [(expected.event, expected.rules[0])] if expected.kind == "illegal" else []
    )
    if expected.kind == "undecided":
        (event,) = data["undecided"]
        assert event["event"] == expected.event
        assert event["single"] is True
        (card,) = event["turns_on"]
        assert card["legal"] == list(expected.legal_faces)
        assert sorted(card["illegal"]) == sorted(expected.rules)
        assert sorted(r["rule"] for r in event["rules"]) == sorted(expected.rules)
    else:
        assert data["undecided"] == []
    assert [(n["event"], n["rule"]) for n in data["notes"]] == list(expected.notes)
    finished = [r for r in data["rounds"] if r["decided"]]
    if expected.round_winners is None:
        assert finished == []
    else:
        (result,) = finished
        assert result["winners"] == list(expected.round_winners)
    assert data["winners"] is None, "no dispute plays the game to its end"


@pytest.mark.rules("ruling.older-on-behalf-knowledge", "ruling.older-look-optional")
def test_had_eero_looked_at_the_card_aino_could_not_play_it_for_him() -> None:
    """The README's counterfactual: the same record with Eero looking at his slots 2 and 3."""
    path = EXAMPLES / "older-declined-look.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    look = data["rounds"][0]["events"][1]
    assert (look["actor"], look["slots"]) == ("Eero", [])
    look["slots"] = [2, 3]
    verdict = replay(read_record(data))
    ((event, rule),) = [(e.number, e.rule) for e in verdict.illegal]
    assert (event, rule) == (11, "sabai-sabai-move.advanced-rule")
    assert verdict.claim_holds() is True


@pytest.mark.rules("function.execute", "function.peek")
@pytest.mark.parametrize(("face", "legal"), [("11", True), ("10", False)])
def test_the_card_nobody_noted_decides_the_peek_once_the_table_looks_at_it(
    face: str, legal: bool
) -> None:
    """The README's way out of the undecided dispute: the face of Ben's card, written on his
    play, decides the peek; Anna's claim that it was a 10 then holds or fails."""
    path = EXAMPLES / "peek-on-a-card-nobody-noted.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    play = data["rounds"][0]["events"][1]
    assert (play["actor"], play["action"], "shows" in play) == ("Ben", "Play", False)
    play["shows"] = face
    verdict = replay(read_record(data))
    assert verdict.decided
    assert verdict.legal is legal
    if not legal:
        assert [(e.number, e.rule) for e in verdict.illegal] == [(3, "function.execute")]
    assert verdict.claim_holds() is (not legal)


@pytest.mark.parametrize("expected", TABLE)
def test_schema_and_round_trip(expected: Expected) -> None:
    text = Path(path_of(expected)).read_text(encoding="utf-8")
    assert list(validator().iter_errors(json.loads(text))) == []
    record = record_of(expected)
    assert record == read_record(text)
    again = read_record(write_record(record))
    assert again == record
    assert write_record(again) == write_record(record)
    assert record.claim is not None
    assert record.claim.text


@pytest.mark.rules("ruling.knowledge-model", "ruling.public-information")
@pytest.mark.parametrize("expected", TABLE)
def test_every_player_can_export_what_they_saw(expected: Expected) -> None:
    """``sabai export --as`` writes each player's view whole, also of a record whose replay stops
    at an illegal event (the round left without its close), and without the deal's order."""
    record = record_of(expected)
    for seat, name in enumerate(record.players):
        code, out, err = sabai("export", path_of(expected), "--as", name)
        assert (code, err) == (EXIT_OK, "")
        view = json.loads(out)
        assert view == json.loads(json.dumps(export_view(record, seat)))
        assert view["player"] == name
        assert "order" not in json_keys(view)
        events = [e for rnd in view["rounds"] for e in rnd["events"]]
        refused = [e["event"] for e in events if "refused" in e]
        assert refused == ([expected.event] if expected.kind == "illegal" else [])


# -- sabai judge ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("expected", JUDGED)
def test_judge_rules_from_the_position_as_the_replay_does(expected: Expected, lang: str) -> None:
    """The same verdict, word for word but the claim, which a quick ruling does not make."""
    assert expected.judge is not None
    replayed = sabai("replay", path_of(expected), "--lang", lang)
    judged = sabai("judge", position_of(expected), *expected.judge, "--lang", lang)
    assert judged[0] == replayed[0] == expected.exit_code
    assert judged[2] == ""
    claim = replayed[1].rstrip("\n").rsplit("\n", 1)[-1]
    assert claim.startswith(f"{label(lang, 'verdict.claim')} {OPENING[lang]}")
    assert judged[1] == replayed[1].removesuffix(claim + "\n")

    replayed_json = json.loads(sabai("replay", path_of(expected), "--format", "json")[1])
    judged_json = json.loads(
        sabai("judge", position_of(expected), *expected.judge, "--format", "json")[1]
    )
    assert judged_json["claim"] is None
    del replayed_json["claim"], judged_json["claim"]
    assert judged_json == replayed_json


@pytest.mark.parametrize("expected", JUDGED)
def test_judge_writes_the_record_of_the_dispute(expected: Expected, tmp_path: Path) -> None:
    """``sabai judge --record`` writes the example, but for what the table added by hand: the
    comments and the claim."""
    assert expected.judge is not None
    written = tmp_path / "dispute.json"
    code, _, err = sabai("judge", position_of(expected), *expected.judge, "--record", str(written))
    assert (code, err) == (expected.exit_code, "")
    example = record_of(expected)
    bare = attrs.evolve(
        example,
        claim=None,
        comment=None,
        rounds=tuple(
            attrs.evolve(rnd, events=tuple(attrs.evolve(e, comment=None) for e in rnd.events))
            for rnd in example.rounds
        ),
    )
    assert load_record(written) == bare

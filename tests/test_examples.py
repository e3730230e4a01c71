"""The disputed games of ``examples/``: the referee's verdict on each, in the four languages.

Every record is replayed through the command line in-process (``sabai replay``, text and JSON);
the expectations are the table below. Each record must also survive a write and a read, validate
against the JSON Schema, and export (``sabai export --as``) without the deal order, the seed or
a drawn card that the player did not see.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Final

import attrs
import jsonschema
import pytest

import sabai_rules
from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK
from sabai_rules.model import catalogue
from sabai_rules.model.cards import face_name
from sabai_rules.referee.i18n import colon, label
from sabai_rules.referee.record import load_record, read_record, write_record
from tests.support import OPENING, example_lines, json_keys, row_of, sabai


@attrs.frozen
class Expected:
    """What the referee rules on one example: the first illegal event and the rule it breaks
    (``None``: every event is legal), whether the claim holds, and for a finished game its
    winners and what its last round says of the Ass Joker and the Hall of Fame."""

    file: str
    claim_holds: bool
    illegal_event: int | None = None
    rule: str | None = None
    winners: tuple[str, ...] | None = None
    ass_joker_holder: str | None = None
    hall_of_fame: str | None = None

    @property
    def exit_code(self) -> int:
        return EXIT_OK if self.illegal_event is None else EXIT_ILLEGAL


# fmt: off
TABLE: Final = (
    pytest.param(
        Expected("wrong-throw-in-lockout.json", claim_holds=True,
                 illegal_event=14, rule="throw-in.retry-lockout"),
        marks=pytest.mark.rules("throw-in.retry-lockout", "throw-in.wrong-card.penalty",
                                "ruling.retry-lockout-scope"),
        id="wrong-throw-in-lockout",
    ),
    pytest.param(
        Expected("thrown-in-at-once.json", claim_holds=False),
        marks=pytest.mark.rules("ruling.sequential-actions", "throw-in.several-at-once",
                                "throw-in.retry-lockout"),
        id="thrown-in-at-once",
    ),
    pytest.param(
        Expected("first-refusal-no-card-owed.json", claim_holds=False, winners=("Ben",)),
        marks=pytest.mark.rules("sabai-sabai-move.first-refusal", "ruling.first-refusal",
                                "sabai-sabai-move.compensation", "ruling.empty-by-any-means"),
        id="first-refusal-no-card-owed",
    ),
    pytest.param(
        Expected("ass-move-with-two-14s.json", claim_holds=True, winners=("Daan",)),
        marks=pytest.mark.rules("ass-move.two-cards", "ass-move.slide-second",
                                "ass-move.throw-in-second", "ass-move.repeat-function",
                                "ass-move.compensation", "ruling.ass-move-sequence"),
        id="ass-move-with-two-14s",
    ),
    pytest.param(
        Expected("ass-joker-turned-over-in-a-keep.json", claim_holds=False, winners=("Anna",),
                 ass_joker_holder="Ben"),
        marks=pytest.mark.rules("ass-joker.no-keep-exchange", "ass-joker.turned-over-unknowingly",
                                "ass-joker.loses-round", "ass-joker.victory-point-deducted"),
        id="ass-joker-turned-over-in-a-keep",
    ),
    pytest.param(
        Expected("ass-joker-keep-table-plays-on.json", claim_holds=False,
                 illegal_event=14, rule="function.execute"),
        marks=pytest.mark.rules("ass-joker.turned-over-unknowingly", "ruling.ass-joker-turned-over",
                                "function.execute"),
        id="ass-joker-keep-table-plays-on",
    ),
    pytest.param(
        Expected("second-turn-after-a-call.json", claim_holds=True,
                 illegal_event=17, rule="turn.draw"),
        marks=pytest.mark.rules("round-end.call", "round-end.final-lap",
                                "ruling.final-lap-sequence", "turn.draw"),
        id="second-turn-after-a-call",
    ),
    pytest.param(
        Expected("hall-of-fame-four-jokers.json", claim_holds=False, winners=("Eero",),
                 ass_joker_holder="Eero", hall_of_fame="Eero"),
        marks=pytest.mark.rules("ass-joker.hall-of-fame", "ruling.hall-of-fame-four-jokers-only",
                                "ruling.hall-of-fame-wins-round"),
        id="hall-of-fame-four-jokers",
    ),
    pytest.param(
        Expected("real-table-reshuffle.json", claim_holds=False, winners=("Chloé",),
                 ass_joker_holder="Ben"),
        marks=pytest.mark.rules("ruling.draw-pile-exhausted", "function.give",
                                "round-end.empty-row"),
        id="real-table-reshuffle",
    ),
    pytest.param(
        Expected("real-table-reshuffle-impossible.json", claim_holds=True,
                 illegal_event=115, rule="ruling.draw-pile-exhausted"),
        marks=pytest.mark.rules("ruling.draw-pile-exhausted"),
        id="real-table-reshuffle-impossible",
    ),
)
# fmt: on

EXAMPLES: Final = Path(__file__).resolve().parent.parent / "examples"
SCHEMA: Final = Path(sabai_rules.__file__).parent / "schema" / "record-v1.schema.json"


def expectation(param: Any) -> Expected:
    """The :class:`Expected` of one row of the table."""
    return row_of(param, Expected)


EXPECTED: Final = tuple(expectation(p) for p in TABLE)
#: The illegal examples whose explanation speaks of a player.
NAMING_A_PLAYER: Final = tuple(
    p for p in TABLE if expectation(p).rule in ("throw-in.retry-lockout", "turn.draw")
)


def path_of(expected: Expected) -> str:
    return str(EXAMPLES / expected.file)


def _title(ident: str, lang: str) -> str:
    """The title of a rule or ruling in ``lang``."""
    cat = catalogue.default()
    if cat.kind_of(ident) == "ruling":
        return cat.ruling(ident).text_in(lang).title
    return cat.rule(ident).title(lang)


@cache
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def test_the_table_lists_every_example() -> None:
    files = sorted(p.name for p in EXAMPLES.glob("*.json"))
    assert files == sorted(e.file for e in EXPECTED)
    assert len(files) >= 6


def test_the_readme_describes_every_example_with_real_rule_ids() -> None:
    lines = example_lines(
        EXAMPLES / "README.md",
        "sabai replay examples/<file> --lang fr",
        (e.file for e in EXPECTED),
    )
    for expected in EXPECTED:
        if expected.illegal_event is None:
            continue
        line = lines[expected.file]
        assert f"event {expected.illegal_event}" in line
        assert f"`{expected.rule}`" in line


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("expected", TABLE)
def test_replay_text(expected: Expected, lang: str) -> None:
    code, out, err = sabai("replay", path_of(expected), "--lang", lang)
    assert err == ""
    assert code == expected.exit_code
    reported = re.findall(rf"^{re.escape(label(lang, 'verdict.illegal'))} (\d+) \(", out, re.M)
    if expected.illegal_event is None and expected.winners is None:
        # Every event legal, the game unfinished (the table stopped to ask the referee).
        assert reported == []
        assert label(lang, "verdict.in-progress") in out
    elif expected.illegal_event is None:
        assert reported == []
        scores = label(lang, "verdict.final-scores")
        assert f"{label(lang, 'verdict.game-won-by')} {', '.join(expected.winners or ())}\n" in out
        assert scores in out
        for key, name in (
            ("verdict.ass-joker", expected.ass_joker_holder),
            ("verdict.hall-of-fame", expected.hall_of_fame),
        ):
            shown = re.findall(rf" · {re.escape(label(lang, key) + colon(lang))}(\w+)", out)
            assert shown == ([] if name is None else [name])
    else:
        assert expected.rule is not None
        assert reported == [str(expected.illegal_event)]
        assert f"[{expected.rule}]" in out
        assert f"· {expected.rule} — {_title(expected.rule, lang)}\n" in out
        if catalogue.default().kind_of(expected.rule) == "ruling":
            link = f"{lang}/rulings.html#{expected.rule}"
        else:
            # The link into the rulebook site in the reader's language (the Finnish site has
            # only the older edition's rules); its anchor is the rule id.
            rule = catalogue.rule(expected.rule)
            site = lang if ("older" if lang == "fi" else "current") in rule.editions else "en"
            link = f"{site}/rules/{rule.chapter}.html#{rule.id}"
        assert f"  {label(lang, 'rulebook')}{colon(lang)}{link}\n" in out
        assert label(lang, "verdict.not-legal") in out
    claim = out.rstrip("\n").splitlines()[-1]
    outcome = "verdict.claim-holds" if expected.claim_holds else "verdict.claim-fails"
    assert claim.startswith(f"{label(lang, 'verdict.claim')} {OPENING[lang]}")
    assert claim.endswith(f"{colon(lang)}{label(lang, outcome)}")


@pytest.mark.parametrize("lang", catalogue.LANGUAGES)
@pytest.mark.parametrize("expected", TABLE)
def test_replay_json(expected: Expected, lang: str) -> None:
    code, out, err = sabai("replay", path_of(expected), "--lang", lang, "--format", "json")
    assert err == ""
    assert code == expected.exit_code
    data = json.loads(out)
    assert data["claim"]["holds"] is expected.claim_holds
    if expected.illegal_event is None and expected.winners is None:
        assert data["verdict"] == "in-progress"
        assert data["illegal"] == []
        assert data["winners"] is None
    elif expected.illegal_event is None:
        assert data["verdict"] == "legal"
        assert data["illegal"] == []
        assert data["winners"] == list(expected.winners or ())
        last = data["rounds"][-1]
        assert last["ass_joker_holder"] == expected.ass_joker_holder
        assert last["hall_of_fame"] == expected.hall_of_fame
    else:
        assert expected.rule is not None
        assert data["verdict"] == "illegal"
        assert len(data["illegal"]) == 1
        first = data["illegal"][0]
        assert (first["event"], first["rule"]) == (expected.illegal_event, expected.rule)
        assert first["rule_title"] == _title(expected.rule, lang)
        assert first["rulebook"] == catalogue.rulebook_link(expected.rule, lang)
        assert first["rulebook"].endswith(f".html#{expected.rule}")
        assert data["winners"] is None


@pytest.mark.rules("ass-joker.hall-of-fame", "ass-joker.victory-point-deducted")
def test_the_ass_joker_costs_a_point_except_in_the_hall_of_fame() -> None:
    points = {}
    for name in ("ass-joker-turned-over-in-a-keep.json", "hall-of-fame-four-jokers.json"):
        _, out, _ = sabai("replay", str(EXAMPLES / name), "--format", "json")
        last = json.loads(out)["rounds"][-1]
        points[name] = last["victory_points"][last["ass_joker_holder"]]
    assert points == {
        "ass-joker-turned-over-in-a-keep.json": -1,
        "hall-of-fame-four-jokers.json": 1,
    }


@pytest.mark.parametrize("expected", TABLE)
def test_round_trip_and_schema(expected: Expected) -> None:
    text = Path(path_of(expected)).read_text(encoding="utf-8")
    assert list(validator().iter_errors(json.loads(text))) == []
    record = load_record(Path(path_of(expected)))
    assert record == read_record(text)
    again = read_record(write_record(record))
    assert again == record
    assert write_record(again) == write_record(record)
    deal = record.rounds[0].deal
    assert deal.order is not None
    assert len(deal.order) == 60
    assert record.claim is not None
    assert record.claim.text


@pytest.mark.rules("ruling.knowledge-model", "ruling.public-information")
@pytest.mark.parametrize("expected", TABLE)
def test_export_hides_the_deal_and_other_players_draws(expected: Expected) -> None:
    record = load_record(Path(path_of(expected)))
    dealt = 4 * len(record.players)
    for name in record.players:
        code, out, err = sabai("export", path_of(expected), "--as", name)
        assert (code, err) == (EXIT_OK, "")
        view = json.loads(out)
        assert view["player"] == name
        assert {"order", "seed", "generator"}.isdisjoint(json_keys(view))
        for rnd, seen in zip(record.rounds, view["rounds"], strict=True):
            assert rnd.deal.order is not None
            pile = [face_name(face) for face in rnd.deal.order[dealt:]]
            new_piles = [[face_name(face) for face in p] for p in rnd.reshuffles]
            drawn = 0
            for event in seen["events"]:
                if event["event"] == expected.illegal_event:
                    assert event["refused"] == expected.rule
                    if expected.rule == "ruling.draw-pile-exhausted":
                        break  # its stated pile refused, the next reshuffle is the sampler's
                for saw in event.get("saw", ()):
                    if saw["kind"] == "Reshuffled":
                        # The next new draw pile the record states: nobody knows its cards but
                        # the drawer the one they draw (ruling.draw-pile-exhausted).
                        pile, drawn = new_piles.pop(0), 0
                        shown = [face for face in saw["cards"] if face is not None]
                        assert shown == (pile[:1] if saw["player"] == name else []), event
                    elif saw["kind"] == "Drew":
                        # Only the drawer sees the drawn card; it is the next one of the pile.
                        mine = saw["player"] == name
                        assert saw["card"] == (pile[drawn] if mine else None), event
                        drawn += 1
                    elif saw["kind"] == "PenaltyCard":
                        assert saw["card"] is None, event  # nobody looks at a penalty card
                        drawn += 1
            assert drawn > 0, "every round of the examples draws cards"


@pytest.mark.parametrize("expected", NAMING_A_PLAYER)
def test_the_explanation_names_players_as_the_record_does(expected: Expected) -> None:
    _, out, _ = sabai("replay", path_of(expected), "--lang", "fr")
    assert expected.rule is not None
    explanation = next(line for line in out.splitlines() if f"[{expected.rule}]" in line)
    assert re.search(r"\bP\d+\b", explanation) is None, explanation


@pytest.mark.rules("ruling.ass-joker-turned-over", "ass-joker.no-keep-exchange")
def test_a_keep_on_an_ass_joker_the_player_had_seen_is_noted_without_sanction(
    tmp_path: Path,
) -> None:
    """Ben's Ass Joker was shown to everybody at event 13. Had he kept his drawn card in that
    slot again at event 21 (instead of playing it), the table would be the same: the Ass Joker
    stays, the drawn card is played. The referee notes it, as the ruling says, and the game is
    still legal; the keep at event 13, when Ben had not seen the card, is not noted."""
    data = json.loads((EXAMPLES / "ass-joker-turned-over-in-a-keep.json").read_text("utf-8"))
    events = data["rounds"][0]["events"]
    assert events[20] == {"actor": "Ben", "action": "Play"}
    events[20] = {"actor": "Ben", "action": "Keep", "slot": 2}
    record = tmp_path / "kept-again.json"
    record.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    cat = catalogue.default()
    number = f"R{cat.ruling('ruling.ass-joker-turned-over').number}"

    code, out, _ = sabai("replay", str(record), "--format", "json")
    verdict = json.loads(out)
    assert code == EXIT_OK
    assert verdict["verdict"] == "legal"
    assert verdict["winners"] == ["Anna"]
    (note,) = verdict["notes"]
    assert (note["event"], note["rule"], note["rule_number"]) == (
        21,
        "ruling.ass-joker-turned-over",
        number,
    )
    assert note["action"] == {"actor": "Ben", "action": "Keep", "slot": 2}
    assert "Ben" in note["message"]
    assert "no sanction" in note["message"]

    _, text, _ = sabai("replay", str(record), "--lang", "fr")
    assert "Relevé, sans sanction\u00a0: événement 21" in text
    assert f"{label('fr', 'ruling')} {number} · ruling.ass-joker-turned-over" in text

    _, original, _ = sabai("replay", str(EXAMPLES / "ass-joker-turned-over-in-a-keep.json"))
    assert "Noted" not in original

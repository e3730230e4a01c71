"""What the scribe's page is told, in the four languages of the rulebook: its words (French
typography included), the options a table may set, the actions offered player by player, and the
referee's answer in one sentence."""

from __future__ import annotations

import re

import pytest

from sabai_rules.model.catalogue import LANGUAGES
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Draw, Play, ThrowIn
from sabai_rules.referee.i18n import LABELS
from sabai_rules.scribe.session import Session
from sabai_rules.scribe.wire import RequestError, apply_request, labels, setup_json, state_json


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_page_is_in_every_language(lang: str) -> None:
    words = labels(lang)
    assert {k for k in words if k.startswith("scribe.")} == {
        k for k in LABELS["en"] if k.startswith("scribe.")
    }
    for key, text in words.items():
        assert text.strip(), key
        # Each blank of the English label is in the translation, and no other.
        assert set(re.findall(r"\{(\w+)\}", text)) == set(
            re.findall(r"\{(\w+)\}", labels("en")[key])
        ), key
    if lang != "en":
        same = [k for k in words if k.startswith("scribe.") and words[k] == labels("en")[k]]
        # Only the functions' names, which every edition prints in English, may stay as they are.
        assert all(k.startswith("scribe.kind.") for k in same), same


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    for key, text in labels("fr").items():
        if not key.startswith("scribe."):
            continue
        for found in re.finditer(r"[:;!]|\?(?=\s*$)|\?(?=\s)", text):
            at = found.start()
            if found.group() == "?" and (at == 0 or text[at - 1] in " (" or text[at + 1 :][:1]):
                continue  # "?" as a card nobody noted, not a question mark
            assert at > 0, key
            assert text[at - 1] == "\u00a0", (key, text)


def test_the_setup_offers_every_option_a_table_sets_with_its_rulings_title() -> None:
    setup = setup_json("nl")
    names = [o["name"] for o in setup["options"]]
    assert set(names) == set(Ruleset.option_names()) - {
        "deck",
        "max_round_turns",
        "max_turn_reactions",
    }
    nose = next(o for o in setup["options"] if o["name"] == "nose_race")
    assert nose["kind"] == "choice"
    assert nose["values"] == ["recorded", "random", "off"]
    assert nose["ruling"] == "ruling.nose-race"
    rounds = next(o for o in setup["options"] if o["name"] == "num_rounds")
    assert (rounds["kind"], rounds["none"]) == ("number", True)
    assert rounds["presets"] == {"current": None, "older": 1, "simplified": None}
    assert [p["label"] for p in setup["presets"]] == [
        "huidige editie",
        "oudere editie",
        "vereenvoudigde speelwijze",
    ]


def test_the_actions_are_grouped_by_player_from_the_one_the_game_waits_for() -> None:
    session = Session()
    session.set_up(["Anna", "Ben", "Chloé"], Ruleset(), first_dealer=0)
    session.add(Draw(1))
    session.add(Play(1))
    # Ben played a card nobody noted: whether he carries out a function or Chloé draws turns on
    # it, so the game waits for nobody in particular.
    assert state_json(session, "en")["waiting"] is None
    session.set_shows(1, [7])
    state = state_json(session, "en")
    assert state["waiting"] == "Chloé"
    assert [g["player"] for g in state["groups"]] == ["Chloé", "Anna", "Ben"]
    chloe = state["groups"][0]
    assert chloe["waiting"]
    assert [d["text"] for d in chloe["decisions"]] == ["Chloé draws a card"]
    assert [(row["label"], [s["slot"] for s in row["slots"]]) for row in chloe["throw_ins"]] == [
        ("throws in their own card, slot", [0, 1, 2, 3]),
        ("throws in Anna's card (sabai-sabai Move), slot", [0, 1, 2, 3]),
        ("throws in Ben's card (sabai-sabai Move), slot", [0, 1, 2, 3]),
    ]
    own = chloe["throw_ins"][0]["slots"][2]
    assert own["action"] == {"actor": "Chloé", "action": "ThrowIn", "owner": "Chloé", "slot": 2}
    assert own["text"] == "Chloé throws in their card in slot 2"
    assert [o["text"] for o in chloe["others"]] == ["Chloé calls sabai sabai"]
    # What a tap sends back is the action itself.
    apply_request(session, "event", {"action": own["action"]})
    assert session.record.rounds[0].events[-1].action == ThrowIn(2, 2, 2)


def test_an_event_says_what_face_it_may_show_and_whether_it_joins_a_moment() -> None:
    session = Session()
    session.set_up(["Anna", "Ben"], Ruleset.preset("older"), first_dealer=0)
    apply_request(
        session, "event", {"action": {"actor": "Ben", "action": "LookAtCards", "slots": [0, 1]}}
    )
    event = state_json(session, "fi")["events"][0]
    assert event["shows_what"] == ["Kortti paikalla 0", "Kortti paikalla 1"]
    apply_request(session, "shows", {"event": 1, "shows": ["7", "AJ"]})
    assert state_json(session, "fi")["events"][0]["shows"] == ["7", "AJ"]
    with pytest.raises(RequestError, match=r"shows\[0\]: not a card: 'Z'"):
        apply_request(session, "shows", {"event": 1, "shows": ["Z", "7"]})


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "Illegal event 2: Chloé draws a card — it is not Chloé's turn to draw"),
        ("fr", "Événement illégal 2\u00a0: Chloé pioche une carte — "),
        ("nl", "Onreglementaire gebeurtenis 2: Chloé trekt een kaart — "),
        ("fi", "Sääntöjen vastainen tapahtuma 2: Chloé nostaa kortin — "),
    ],
)
def test_was_that_legal_answers_in_the_pages_language(lang: str, sentence: str) -> None:
    from sabai_rules.scribe.wire import verdict_json  # noqa: PLC0415

    session = Session()
    session.set_up(["Anna", "Ben", "Chloé"], Ruleset(), first_dealer=0)
    session.add(Draw(1))
    session.add(Draw(2))
    answer = verdict_json(session, lang)
    assert answer["verdict"] == "illegal"
    assert answer["sentence"].startswith(sentence)
    assert answer["sentence"].endswith(", turn.draw]")
    assert "turn.draw" in answer["text"]

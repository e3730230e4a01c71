"""The diagrams of a turn and of the end of a round, in every language: every step in the
reader's words, each box citing rules of the edition that language's rulebook shows, and the
labels of the pictures set as each language sets its punctuation."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest

from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, check_language
from sabai_rules.referee.i18n import LABELS, label
from sabai_rules.referee.picture import round_end_diagram, turn_diagram

SVG = "{http://www.w3.org/2000/svg}"
#: Rule and ruling ids as the diagrams write them.
IDS = re.compile(r"\b(?:ruling\.)?[a-z]+(?:-[a-z]+)*\.[a-z]+(?:[.-][a-z]+)*\b")

Diagram = Callable[..., str]

#: The steps of each diagram (label keys), in order, whatever the edition.
TURN = ("draw", "play", "keep", "function", "throw-in", "next", "call")
ROUND_END = ("call", "empty-row", "final-lap", "last-chance", "reveal")


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _cited(svg: str) -> list[str]:
    """The ids the boxes cite (the small text under each box's words)."""
    small = [
        t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("font-size") == "8.5"
    ]
    return IDS.findall(" ".join(small))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("diagram", "title", "steps"),
    [
        (turn_diagram, "diagram.turn.title", [f"diagram.turn.{k}" for k in TURN]),
        (
            round_end_diagram,
            "diagram.round-end.title",
            [f"diagram.round-end.{k}" for k in ROUND_END],
        ),
    ],
)
def test_each_step_is_drawn_in_the_reader_s_language(
    diagram: Diagram, title: str, steps: list[str], lang: str
) -> None:
    svg = diagram(lang)
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    assert root.get("lang") == lang
    assert root.get("width") == "100%"
    assert "px" not in svg
    shown = " ".join(_texts(svg))
    heading = label(lang, title)
    assert _texts(svg)[0] == heading
    for key in steps:
        words = label(lang, key)
        assert words in shown, key  # its lines, one after another
        assert words in root.get("aria-label", "")
    # Every word is inside the picture.
    for text in root.iter(f"{SVG}text"):
        assert 0 < float(text.get("x", "")) < 360


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_turn_diagram_cites_the_rules_of_the_reader_s_edition(lang: str) -> None:
    cited = _cited(turn_diagram(lang))
    edition = EDITION_OF[check_language(lang)]
    assert cited[:3] == ["turn.draw", "turn.play", "turn.two-options"]
    assert {"turn.keep", "turn.rotation", "turn.counter-clockwise"} <= set(cited)
    if edition == "current":
        assert {"function.execute", "throw-in.identical", "round-end.call"} <= set(cited)
    else:
        assert {"function.must-execute", "throw-in.interception"} <= set(cited)
    _all_of_the_edition(cited, edition)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_round_end_diagram_cites_the_rules_of_the_reader_s_edition(lang: str) -> None:
    svg = round_end_diagram(lang)
    cited = _cited(svg)
    edition = EDITION_OF[check_language(lang)]
    assert "round-end.next-dealer" in cited
    assert "ruling.end-of-round-reaction" in cited
    shown = " ".join(_texts(svg))
    if edition == "current":
        for rule in ("round-end.call", "round-end.final-lap", "round-end.reveal"):
            assert rule in cited
        assert {"round-end.victory-points", "game-end.winner", "round-end.empty-row"} <= set(cited)
        assert label(lang, "diagram.round-end.victory-points") in shown
    else:
        assert {"round-end.last-round-call", "round-end.all-cards-gone"} <= set(cited)
        assert "objective.lowest-score-wins" in cited
        assert label(lang, "diagram.round-end.lowest-score") in shown
        assert label(lang, "diagram.round-end.victory-points") not in shown
    _all_of_the_edition(cited, edition)


def _all_of_the_edition(cited: list[str], edition: str) -> None:
    cat = catalogue.default()
    for ident in cited:
        kind = cat.kind_of(ident)
        assert kind in ("rule", "ruling"), ident
        if kind == "rule":
            assert edition in cat.rule(ident).editions, ident


def test_an_edition_can_be_asked_for_and_a_wrong_one_is_refused() -> None:
    assert "function.must-execute" in _cited(turn_diagram("en", edition="older"))
    assert "function.execute" in _cited(turn_diagram("fi", edition="current"))
    with pytest.raises(ValueError, match="edition"):
        round_end_diagram("en", edition="first")


def test_the_diagrams_are_the_same_bytes_every_time_and_ids_start_with_their_ident() -> None:
    assert turn_diagram("nl") == turn_diagram("nl")
    svg = round_end_diagram("en", ident="page-7")
    ids = [e.get("id", "") for e in ET.fromstring(svg).iter() if e.get("id")]
    assert ids
    assert all(i.startswith("page-7") for i in ids)


#: The labels the pictures and diagrams added; French sets a no-break space before : ; ? !
NEW = ("card.", "picture.", "diagram.", "verdict.html-title")


def test_french_labels_of_the_pictures_keep_their_punctuation_with_their_word() -> None:
    keys = [key for key in LABELS["fr"] if key.startswith(NEW)]
    assert len(keys) > 25
    for key in keys:
        text = LABELS["fr"][key]
        assert not re.search("(?<!\u00a0)[:;?!]", text), (key, text)
    assert any(re.search("\u00a0[:;?!]", LABELS["fr"][key]) for key in keys)
    # and the pictures keep them, and set the referee's older labels the same way
    svg = turn_diagram("fr")
    assert " :" not in svg
    assert " ;" not in svg
    assert "\u00a0:" in svg
    assert "\u00a0?" in svg


@pytest.mark.parametrize("lang", ["en", "nl", "fi"])
def test_other_languages_have_no_space_before_a_colon(lang: str) -> None:
    for key in LABELS[lang]:
        if key.startswith(NEW):
            assert not re.search(r"\s[:;?!]", LABELS[lang][key]), key

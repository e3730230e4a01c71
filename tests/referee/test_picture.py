"""The picture of the table (``table_svg``) and of one card (``card_svg``): what a player looking
at it recognises — whose turn it is, who is locked out, the top card of the discard pile, a card
they have not seen as a back — and that it is a valid, deterministic, accessible SVG that shows a
player nothing hidden from them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from sabai_rules.model.cards import ASS_JOKER, GIVE, JOKER, PEEK, SPY, SWITCH, DeckSpec
from sabai_rules.model.catalogue import LANGUAGES, UnknownLanguageError
from sabai_rules.moves import Draw, Play, apply
from sabai_rules.play.layout import layout
from sabai_rules.referee.i18n import label
from sabai_rules.referee.picture import card_svg, table_svg
from sabai_rules.state import State

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Anna", "Ben", "Chloé")


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _group(root: ET.Element, ident: str) -> ET.Element:
    found = root.find(f".//{SVG}g[@id='{ident}']")
    assert found is not None, f"no group {ident}"
    return found


def _texts(element: ET.Element) -> list[str]:
    return [text.text or "" for text in element.iter(f"{SVG}text")]


def _slots(element: ET.Element) -> list[str]:
    """The slot numbers written under the cards of a row."""
    groups = element.iter(f"{SVG}g")
    return [t.text or "" for g in groups if g.get("class") == "slots" for t in g.iter(f"{SVG}text")]


def _cards(element: ET.Element) -> list[str]:
    """The kind of each card drawn in ``element``, in drawing order (the last is on top)."""
    return [use.get("href", "").split("-", 1)[1] for use in element.iter(f"{SVG}use")]


def _table() -> State:
    """Anna to play; Chloé locked out after a wrong throw-in; a 9 on top of the discard pile;
    Anna has seen her slot 0 (a 7), Ben his slot 1 (an Ass Joker)."""
    return layout(
        rows=[["7", "13", "2"], ["J", "AJ", "4", "5"], ["3", "8", "6", "12"]],
        discard=["5", "11", "9"],
        turn=0,
        lockout=[2],
        seen={0: [(0, 0)], 1: [(1, 1)]},
    )


# -- what a player recognises ---------------------------------------------------------------------


def test_the_picture_marks_the_locked_out_player_and_only_them() -> None:
    root = _parse(table_svg(_table(), NAMES))
    locked = label("en", "table.locked")
    assert locked in _texts(_group(root, "sabai-row-2"))
    assert locked not in _texts(_group(root, "sabai-row-0"))
    assert locked not in _texts(_group(root, "sabai-row-1"))
    assert "Chloé: 4 cards (dealer, locked out)" in root.get("aria-label", "")


def test_the_picture_marks_whose_turn_it_is_and_the_dealer() -> None:
    root = _parse(table_svg(_table(), NAMES, lang="fr"))
    assert label("fr", "table.turn") in _texts(_group(root, "sabai-row-0"))
    assert label("fr", "table.dealer") in _texts(_group(root, "sabai-row-2"))
    assert label("fr", "table.turn") not in _texts(_group(root, "sabai-row-2"))


def test_the_discard_pile_shows_its_top_card_face_up_on_top() -> None:
    root = _parse(table_svg(_table(), NAMES))
    pile = _group(root, "sabai-discard")
    assert _cards(pile) == ["number", "peek", "number"]  # the 9 drawn last, over the 11
    texts = _texts(pile)
    assert texts[-3:] == ["9", "9", "discard pile: 3"]  # its rank, its corner, the count
    assert "discard pile: 3 (top: 9)" in root.get("aria-label", "")
    # A function card on top is drawn as its function.
    state = layout(rows=[["7"], ["8"]], discard=["5", "13"], turn=0)
    assert _cards(_group(_parse(table_svg(state, NAMES[:2])), "sabai-discard")) == [
        "number",
        "give",
    ]


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_a_card_a_player_has_not_seen_is_a_back_and_one_they_have_seen_a_face() -> None:
    state = _table()
    as_ben = _parse(table_svg(state, NAMES, as_player=1))
    as_anna = _parse(table_svg(state, NAMES, as_player=0))
    referee = _parse(table_svg(state, NAMES))
    # Anna's 7 (slot 0): Ben has not seen it, Anna has; the referee sees every face.
    assert _cards(_group(as_ben, "sabai-row-0")) == ["back", "back", "back"]
    assert _cards(_group(as_anna, "sabai-row-0")) == ["number", "back", "back"]
    assert _cards(_group(referee, "sabai-row-0")) == ["number", "give", "number"]
    # Ben's Ass Joker (slot 1): his own, seen.
    assert _cards(_group(as_ben, "sabai-row-1")) == ["back", "ass-joker", "back", "back"]
    assert _cards(_group(as_anna, "sabai-row-1")) == ["back"] * 4
    # The slots are numbered from 0, as records number them.
    assert _slots(_group(as_ben, "sabai-row-1")) == ["0", "1", "2", "3"]
    # The discard pile is face up for everybody.
    assert _cards(_group(as_ben, "sabai-discard")) == _cards(_group(referee, "sabai-discard"))


@pytest.mark.rules("turn.draw", "ruling.public-information")
def test_the_drawn_card_is_shown_to_its_drawer_alone() -> None:
    state = apply(layout(rows=[["7"], ["8"]], draw=["J"], discard=["5"], turn=0), Draw(0))
    names = NAMES[:2]
    assert _cards(_group(_parse(table_svg(state, names, as_player=0)), "sabai-held")) == ["joker"]
    assert _cards(_group(_parse(table_svg(state, names, as_player=1)), "sabai-held")) == ["back"]
    assert _cards(_group(_parse(table_svg(state, names)), "sabai-held")) == ["joker"]
    ben = _parse(table_svg(state, names, as_player=1))
    assert "Anna holds a face-down card" in ben.get("aria-label", "")
    held = _texts(_group(ben, "sabai-held"))
    assert held == ["Anna holds"]


def test_what_is_pending_is_said_with_the_referee_s_words() -> None:
    state = apply(apply(layout(rows=[["7"], ["8"]], draw=["11"], turn=0), Draw(0)), Play(0))
    for lang in LANGUAGES:
        root = _parse(table_svg(state, NAMES[:2], lang=lang))
        said = " ".join(_texts(_group(root, "sabai-pending")))
        colon = "\u00a0: " if lang == "fr" else ": "
        assert said == f"{label(lang, 'table.pending')}{colon}Anna — 11 peek"
    assert table_svg(layout(rows=[["7"], ["8"]], turn=0), NAMES[:2]).find("-pending") == -1


def test_a_gap_is_an_empty_place_and_an_empty_row_says_so() -> None:
    state = layout(rows=[["7"], []], discard=["5"], turn=0)
    root = _parse(table_svg(state, NAMES[:2], lang="nl"))
    assert label("nl", "picture.no-cards") in _texts(_group(root, "sabai-row-1"))
    assert "Ben: 0 kaarten" in root.get("aria-label", "")


# -- a valid, deterministic, accessible SVG -------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_the_picture_is_valid_accessible_responsive_svg(lang: str, viewer: int | None) -> None:
    svg = table_svg(_table(), NAMES, as_player=viewer, lang=lang)
    root = _parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("lang") == lang
    assert root.get("width") == "100%"
    assert root.get("height") is None
    assert "px" not in svg
    assert re.fullmatch(r"0 0 360 [0-9.]+", root.get("viewBox", ""))
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == root.get("aria-label")
    assert label(lang, "table.round") in (title.text or "")
    # Every card is a <use> of a symbol of the picture's <defs>, each kind drawn once.
    symbols = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    assert len(symbols) == len(set(symbols))
    used = {use.get("href") for use in root.iter(f"{SVG}use")}
    assert used == {f"#{s}" for s in symbols}


def test_the_same_table_gives_the_same_bytes() -> None:
    assert table_svg(_table(), NAMES, as_player=1) == table_svg(_table(), NAMES, as_player=1)
    assert table_svg(_table(), NAMES) == table_svg(_table(), list(NAMES))


@pytest.mark.parametrize(
    "name",
    ['<script>alert("x")</script>', "Ben & Jerry's", "]]><!--", "Zoë \u200e", "a\x01b"],
)
def test_a_player_s_name_is_escaped_wherever_it_appears(name: str) -> None:
    names = ("Anna", name, "Chloé")
    svg = table_svg(_table(), names, as_player=1)
    root = _parse(svg)
    assert "<script" not in svg
    shown = name.replace("\x01", "\\x01")
    assert shown in _texts(_group(root, "sabai-row-1"))
    assert f"{shown}: 4 cards" in root.get("aria-label", "")


def test_twelve_players_and_long_rows_fit_the_width_of_a_phone() -> None:
    faces = list(DeckSpec().faces())
    rows = [faces[:13]] + [faces[13 + 3 * p : 16 + 3 * p] for p in range(11)]
    state = layout(rows=rows, turn=0)
    root = _parse(table_svg(state, [f"Player {p}" for p in range(12)]))
    xs = [float(use.get("x", "")) for use in root.iter(f"{SVG}use")]
    assert min(xs) >= 0
    assert max(xs) + 34 <= 350
    row = _group(root, "sabai-row-0")
    assert _slots(row) == [str(slot) for slot in range(13)]  # on two lines
    assert len({float(use.get("y", "0")) for use in row.iter(f"{SVG}use")}) == 2
    assert [_group(root, f"sabai-row-{p}") is not None for p in range(12)] == [True] * 12


# -- non-interference -----------------------------------------------------------------------------


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_two_tables_that_differ_only_in_cards_ben_has_not_seen_look_the_same_to_ben() -> None:
    """Anna's unseen slot 1 (a 13 or a 6), Chloé's slot 3 (a 12 or a Joker) and the draw pile's
    order differ; Ben sees neither, so his pictures are byte for byte the same. The referee's
    differ, and so do Anna's once she has seen her card: the test tells the tables apart."""

    def table(anna: str, chloe: str, draw: list[str]) -> State:
        return layout(
            rows=[["7", anna, "2"], ["J", "AJ", "4", "5"], ["3", "8", "6", chloe]],
            draw=draw,
            discard=["5", "11", "9"],
            turn=0,
            lockout=[2],
            seen={0: [(0, 0)], 1: [(1, 1)]},
        )

    one = table("13", "12", ["1", "2"])
    two = table("6", "J", ["2", "1"])
    for lang in LANGUAGES:
        assert table_svg(one, NAMES, as_player=1, lang=lang) == table_svg(
            two, NAMES, as_player=1, lang=lang
        )
    assert table_svg(one, NAMES) != table_svg(two, NAMES)
    seen_by_anna = {0: [(0, 0), (0, 1)], 1: [(1, 1)]}
    three = layout(rows=_faces(one), discard=["5", "11", "9"], turn=0, seen=seen_by_anna)
    four = layout(rows=_faces(two), discard=["5", "11", "9"], turn=0, seen=seen_by_anna)
    assert table_svg(three, NAMES, as_player=0) != table_svg(four, NAMES, as_player=0)
    assert table_svg(three, NAMES, as_player=1) == table_svg(four, NAMES, as_player=1)


def _faces(state: State) -> list[list[int]]:
    return [[state.deck.faces[card] for card in row] for row in state.table.rows]


# -- one card -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "kind", "name"),
    [
        (7, "number", "7"),
        (PEEK, "peek", "11 peek"),
        (SPY, "spy", "12 spy"),
        (GIVE, "give", "13 give"),
        (SWITCH, "switch", "14 switch"),
        (JOKER, "joker", "Jokeri"),
        (ASS_JOKER, "ass-joker", "Ass Joker"),
        (None, "back", "kortti kuvapuoli alaspäin"),
    ],
)
def test_each_kind_of_card_has_its_own_drawing(face: int | None, kind: str, name: str) -> None:
    root = _parse(card_svg(face, "fi"))
    assert [s.get("id") for s in root.iter(f"{SVG}symbol")] == [f"sabai-card-{kind}"]
    assert root.get("aria-label") == name
    assert root.get("width") == "100%"


def test_the_card_drawings_differ_from_one_another() -> None:
    drawings = set()
    for face in (7, PEEK, SPY, GIVE, SWITCH, JOKER, ASS_JOKER, None):
        root = _parse(card_svg(face))
        symbol = root.find(f".//{SVG}symbol")
        assert symbol is not None
        drawings.add(ET.tostring(symbol).replace(b"sabai-card-", b""))
    assert len(drawings) == 8


def test_a_number_card_shows_its_rank_even_a_negative_one() -> None:
    assert _texts(_parse(card_svg(7))) == ["7", "7"]
    assert _texts(_parse(card_svg(-3)))[0] == "\u22123"


# -- arguments ------------------------------------------------------------------------------------


def test_wrong_arguments_are_refused_naming_them() -> None:
    state = _table()
    with pytest.raises(TypeError, match="state"):
        table_svg("table", NAMES)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="names"):
        table_svg(state, NAMES[:2])
    with pytest.raises(TypeError, match="names"):
        table_svg(state, "Anna")
    with pytest.raises(ValueError, match="as_player"):
        table_svg(state, NAMES, as_player=3)
    with pytest.raises(TypeError, match="as_player"):
        table_svg(state, NAMES, as_player=True)
    with pytest.raises(UnknownLanguageError):
        table_svg(state, NAMES, lang="de")
    with pytest.raises(ValueError, match="ident"):
        table_svg(state, NAMES, ident='x" onload="evil')
    with pytest.raises(TypeError, match="face"):
        card_svg("7")  # type: ignore[arg-type]

"""The glossary's words and French typography, enforced (issue 37, item 5): no prose of ours says a
word the glossary marks "avoid", and French is set in French typography; the checks find a word
planted in the referee's messages, the site's sources and a built page (the catalogue's: in
tests/catalogue/test_consistency.py), and what the referee says of a player has no gender."""

from __future__ import annotations

import io
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest

from sabai_dev import wording
from sabai_dev.wording import Avoided, avoided_in, french_typography, page_texts
from sabai_rules.cli import run
from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import Language
from sabai_rules.model.messages import MESSAGES
from sabai_rules.play.layout import layout
from sabai_rules.referee.i18n import DECLINED_LOOK, LABELS, PHRASES
from sabai_rules.referee.picture import round_end_diagram, table_svg, turn_diagram

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def _said(text: str, *words: Avoided) -> list[str]:
    return [found for _, found in avoided_in(text, words)]


# -- the words the glossary avoids ---------------------------------------------------------------


def test_an_avoided_word_is_a_whole_word_in_any_case() -> None:
    row = Avoided.of("row", "fr", "rangée", "ligne")
    assert _said("Chaque Rangée, puis la rangée.", row) == ["Rangée", "rangée"]
    assert _said("une carte arrangée, les rangées", row) == []


def test_a_starred_word_is_the_beginning_of_words_and_a_phrase_spans_line_breaks() -> None:
    throw = Avoided.of("throw-in", "fi", "heittä*", "väliintulo")
    assert _said("Hän heittää ja on heittänyt; väliintulo", throw) == ["heittää", "heittänyt"]
    final = Avoided.of("final-round", "nl", "finale partij*", "laatste partij")
    assert _said("de finale\npartijen en de finale partij", final) == [
        "finale\npartijen",
        "finale partij",
    ]


def test_the_longest_avoided_word_is_said_once() -> None:
    lap = Avoided.of("final-lap", "nl", "laatste ronde", "laatste beurtronde")
    round_ = Avoided.of("round", "nl", "ronde", "partij")
    assert _said("de laatste ronde, dan een ronde", round_, lap) == ["laatste ronde", "ronde"]
    assert _said("de laatste beurtronde", round_, lap) == []


def test_a_quotation_or_code_naming_an_avoided_word_does_not_count() -> None:
    dealer = Avoided.of("dealer", "fr", "donneur*", "personne qui distribue")
    assert _said("Le texte dit « donneur » ; `donneur` est un nom de code.", dealer) == []
    assert _said("La personne qui distribue, et non le donneur.", dealer) == ["donneur"]
    # A link's text is ours (a page's translation links to another page), its target is not.
    assert _said("Voir [le donneur](donneur.md).", dealer) == ["donneur"]


def test_the_glossary_gives_each_language_its_own_words() -> None:
    words = wording.avoided_words(catalogue.default())
    assert {w.word for w in words["fr"]} >= {"donneur*", "rangée", "partie", "conserv*"}
    assert {w.word for w in words["nl"]} >= {"laatste ronde", "bezitter*", "ronde"}
    assert not words["en"]
    dealer = next(w for w in words["fr"] if w.word == "donneur*")
    assert (dealer.term, dealer.instead) == ("dealer", "personne qui distribue")


# -- French typography ---------------------------------------------------------------------------


def test_french_punctuation_takes_a_no_break_space() -> None:
    assert french_typography("Règle\u00a0: jeter\u00a0; qui\u00a0? oui\u00a0!") == []
    assert french_typography("jeter\u202f; qui\u202f? oui\u202f!") == []  # narrow: not before :
    found = french_typography("Règle : jeter;\nqui\n? Non\u202f: oui !")
    assert [p.split(",")[0].split(":")[0] for p in found] == [
        "an ordinary space",
        "no no-break space before ';'",
        "a line break",
        "a narrow no-break space",
        "an ordinary space",
    ]


def test_french_quotations_apostrophes_and_what_is_not_prose() -> None:
    assert french_typography("Le texte dit «\u00a0partie\u00a0», l’ancien texte aussi.") == []
    found = french_typography('Le texte dit « partie », l\'ancien "texte".')
    assert [p.split(":")[0] for p in found] == [
        "a straight quotation mark, not « »",
        "a straight quotation mark, not « »",
        "a straight apostrophe, not ’",
        "no no-break space after «",
        "no no-break space before »",
    ]
    # Code, roles, placeholders, URLs, times and the published text inside a quotation.
    assert (
        french_typography(
            "Voir {rule}`turn.draw`, `a: b`, {count:,}, https://example.org/?q=1, 12:30 et"
            " «\u00a0jeté sur un autre joker (« brûlé »): ainsi\u00a0»."
        )
        == []
    )


# -- the referee ---------------------------------------------------------------------------------


def test_every_message_label_and_phrase_of_the_referee_passes() -> None:
    found = wording.check_texts(wording.referee_texts(), catalogue.default())
    assert found == [], "\n".join(map(str, found))


def _planted(
    tables: Mapping[str, Mapping[str, str]], language: str, key: str, text: str
) -> dict[str, dict[str, str]]:
    copy = {lang: dict(table) for lang, table in tables.items()}
    copy[language][key] = text
    return copy


@pytest.mark.parametrize(
    ("place", "where", "said"),
    [
        ("messages", "message 'the round is over'", "rangée"),
        ("labels", "label 'table.dealer'", "donneur"),
        ("phrases", "phrase 'Draw'", "donneur"),
        ("declined", "phrase 'declined look'", "rangée"),
    ],
)
def test_a_word_planted_in_the_referee_is_found(place: str, where: str, said: str) -> None:
    cat = catalogue.default()
    text = f"le {said} est là"
    tables: dict[str, object] = {
        "messages": _planted(MESSAGES, "fr", "the round is over", text),
        "labels": _planted(LABELS, "fr", "table.dealer", text),
        "phrases": _planted(PHRASES, "fr", "Draw", text),
        "declined": {**DECLINED_LOOK, "fr": text},
    }
    found = wording.check_texts(wording.referee_texts(**{place: tables[place]}), cat)  # type: ignore[arg-type]
    assert [(f.where, f.language, f.check) for f in found] == [(where, "fr", "avoided-word")]
    assert f"says {said!r}" in found[0].message


def test_a_nl_label_planted_with_the_final_laps_old_name_is_found() -> None:
    labels = _planted(LABELS, "nl", "end.final-lap", "na de laatste ronde")
    found = wording.check_texts(wording.referee_texts(labels=labels), catalogue.default())
    assert [f.word for f in found] == ["laatste ronde"]


#: Where a French template names a player, then says something of them with a verb of state: what
#: follows agrees with the player (a man or a woman), which no template may assume.
_OF_A_PLAYER = re.compile(
    r"\{(?:\d|player|actor|owner|target|name|dealer|thrower)\}"
    r"(?: ne| n’)? (?:est|était|sera|reste|semble|devient|a été|avait été)(?: pas)? (\w+)"
)
_AGREES = re.compile(r"(?:é|ée|és|ées|eur|euse|if|ive|eux)$")


def test_no_french_phrase_gives_a_player_a_gender() -> None:
    """Issue 37, item 5: "Anna (bloqué)", "donneur Chloé" assumed a man. A player is named, then
    what they do (a verb), never an adjective or a participle agreeing with them."""
    templates = [
        *MESSAGES["fr"].values(),
        *LABELS["fr"].values(),
        *PHRASES["fr"].values(),
        DECLINED_LOOK["fr"],
    ]
    for template in templates:
        for match in _OF_A_PLAYER.finditer(template):
            assert not _AGREES.search(match.group(1)), template
    # The marks beside a player's name in a table and a picture: a verb or a noun.
    marks = [LABELS["fr"][key] for key in ("table.dealer", "table.turn", "table.locked")]
    assert marks == ["distribue", "à jouer", "blocage"]
    assert LABELS["fr"]["table.dealt-by"].format(name="Chloé") == "Chloé distribue"


def _french_lines(text: str) -> list[str]:
    # A row as the text shows it, "0:5  1:?": slots and cards, not prose.
    return [re.sub(r"\b\d+:\S+", "", line) for line in text.splitlines()]


@pytest.mark.parametrize("record", ["wrong-throw-in-lockout.json", "hall-of-fame-four-jokers.json"])
def test_the_french_verdict_is_set_in_french_typography(record: str) -> None:
    out = io.StringIO()
    run(["replay", str(EXAMPLES / record), "--lang", "fr"], stdout=out, stderr=io.StringIO())
    texts: list[tuple[str, Language, str]] = [
        ("verdict", "fr", line) for line in _french_lines(out.getvalue())
    ]
    # The referee quotes the published texts as published; the rest is ours.
    ours = [t for t in texts if not t[2].startswith("  Texte publié")]
    found = wording.check_texts(ours, catalogue.default())
    assert found == [], "\n".join(map(str, found))
    assert "distribue" in out.getvalue() or "Manche" in out.getvalue()


def test_the_pictures_say_the_glossarys_words_in_french_typography() -> None:
    """The SVG pictures' text and what screen readers are told (aria-label, title): "Manche 1 ·
    Ben distribue", "(vous, distribue, blocage)", no "donneur", no space before a colon."""
    state = layout(rows=[["7", "13"], ["J", "AJ", "2"]], discard=["5"], turn=0, lockout=[1])
    pictures = [
        table_svg(state, ["Anna", "Ben"], as_player=1, lang="fr"),
        table_svg(state, ["Anna", "Ben"], lang="fr"),
        turn_diagram("fr"),
        round_end_diagram("fr"),
    ]
    page = '<article role="main">' + "".join(pictures) + "</article>"
    texts = page_texts(page, "fr")
    assert any("Ben distribue" in t for t in texts), texts
    assert any("(vous, distribue, blocage)" in t for t in texts), texts
    found = wording.check_texts([("picture", "fr", t) for t in texts], catalogue.default())
    assert found == [], "\n".join(map(str, found))


# -- the sources of the site ---------------------------------------------------------------------


def test_the_sources_of_the_site_pass() -> None:
    found = wording.check_texts(wording.site_sources(ROOT), catalogue.default())
    assert found == [], "\n".join(map(str, found))


def _copy_sources(root: Path) -> None:
    for part in ("docs/_ext/words.toml", "docs/locale", "tests/scenarios", "spec/undecided.toml"):
        source, target = ROOT / part, root / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.mo"))
        else:
            shutil.copy(source, target)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_words_planted_in_the_sources_of_the_site_are_found(tmp_path: Path) -> None:
    _copy_sources(tmp_path)
    _edit(
        tmp_path / "docs/_ext/words.toml",
        'page-rules = "Les règles"',
        'page-rules = "Les règles du donneur"',
    )
    _edit(
        tmp_path / "docs/locale/nl/LC_MESSAGES/cli.po",
        'msgstr "Oordelen"',
        'msgstr "Oordelen van de bezitter"',
    )
    _edit(
        tmp_path / "spec/undecided.toml",
        "Une règle informative\\u00a0: elle n’oblige personne",
        "Une règle informative\\u00a0: elle n’oblige aucune rangée",
    )
    scenario = tmp_path / "tests/scenarios/ass-move-with-two-14s.yaml"
    _edit(scenario, "P0 jette le 14 de P1 pour P1.", "P0 jette le 14 de la rangée de P1.")
    _edit(
        scenario,
        "  fr: L’Ass Move avec deux cartes 14 switch, joué étape par étape",
        '  fr: "L’Ass Move : la rangée, puis"',
    )
    found = wording.check_texts(wording.site_sources(tmp_path), catalogue.default())
    assert sorted((f.where.split(":")[0], f.word or f.check) for f in found) == [
        ("docs/_ext/words.toml [fr] page-rules", "donneur*"),
        ("docs/locale/nl/LC_MESSAGES/cli.po", "bezitter*"),
        ("spec/undecided.toml [informational] reason", "rangée"),
        ("tests/scenarios/ass-move-with-two-14s.yaml step 3 note", "rangée"),
        ("tests/scenarios/ass-move-with-two-14s.yaml title", "rangée"),
        ("tests/scenarios/ass-move-with-two-14s.yaml title", "typography"),
    ]


# -- a built page --------------------------------------------------------------------------------


def _page(body: str, lang: str = "fr") -> str:
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><title>Le donneur</title></head><body>'
        '<nav><a href="#">le donneur de la navigation</a></nav>'
        f'<article role="main">{body}</article><footer>donneur</footer></body></html>'
    )


def test_a_page_s_prose_is_its_main_content_and_pictures_without_quotations() -> None:
    body = (
        "<h1>Mettre en place<a class='headerlink' title='Lien vers le donneur'>¶</a></h1>"
        "<p>La personne qui distribue : <code>donneur</code>, puis <em>la ligne</em>.</p>"
        "<blockquote><p>Le donneur distribue.</p></blockquote>"
        '<p lang="nl">de laatste ronde</p>'
        '<svg role="img" aria-label="Manche 1 · donneur P2"><text>P2 (donneur)</text></svg>'
    )
    assert page_texts(_page(body), "fr") == [
        "Mettre en place",
        "La personne qui distribue : \u27e8code\u27e9, puis la ligne.",
        "Manche 1 · donneur P2",
        "P2 (donneur)",
    ]


def _site(root: Path, body: str) -> Path:
    site = root / "fr"
    (site / "book").mkdir(parents=True)
    (site / "_static").mkdir()
    (site / "index.html").write_text(_page("<p>Rien à redire\u00a0: la ligne.</p>"), "utf-8")
    (site / "book" / "index.html").write_text(_page(body), "utf-8")
    (site / "api.html").write_text(_page("<p>the dealer: donneur</p>"), "utf-8")
    (site / "_static" / "x.html").write_text(_page("<p>donneur</p>"), "utf-8")
    return site


def test_a_word_planted_in_a_built_page_is_found(tmp_path: Path) -> None:
    site = _site(tmp_path, '<p>Le donneur : une rangée.</p><svg aria-label="donneur"></svg>')
    found = wording.check_site(site, "fr", catalogue.default())
    assert [(f.where, f.word or f.check) for f in found] == [
        ("fr/book/index.html", "donneur*"),
        ("fr/book/index.html", "rangée"),
        ("fr/book/index.html", "typography"),
        ("fr/book/index.html", "donneur*"),
    ]

"""The built rulebook site, as a reader finds it: each site shows its own edition (no empty
chapter, counts of that edition only), the tests of a rule on the traceability page, the API
reference one page per module, a favicon, the verdicts' rulebook links, and the printable book
with every rule's anchor. Run after ``tools/build_docs.py`` (each test skips an unbuilt site)."""

from __future__ import annotations

import json
import re
import tomllib
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sabai_dev.traceability import load_undecided
from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, Language
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.referee.i18n import label
from tests.docs.conftest import ROOT, built

CAT = catalogue.default()
WORDS = tomllib.loads((ROOT / "docs" / "_ext" / "words.toml").read_text(encoding="utf-8"))
UNDECIDED = load_undecided(ROOT / "spec" / "undecided.toml")


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _ids(page: str) -> set[str]:
    return {unescape(m) for m in re.findall(r'\bid="([^"]+)"', page)}


def _text(fragment: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def _rows(table: str) -> list[list[str]]:
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        rows.append([_text(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)])
    return rows


def _tables(page: str) -> list[str]:
    return re.findall(r"<table.*?</table>", page, re.S)


def _api_modules() -> list[str]:
    text = _read(ROOT / "docs" / "api.md")
    block = text.split("```{sabai-api-index}", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_site_has_a_page_for_each_chapter_of_its_edition_and_no_empty_one(
    lang: Language,
) -> None:
    site = built(lang)
    edition = EDITION_OF[lang]
    index = _read(site / "rules" / "index.html")
    for chapter in CAT.chapters():
        rules = CAT.rules(chapter=chapter.id, edition=edition)
        page = site / "rules" / f"{chapter.id}.html"
        assert page.exists() == bool(rules), (lang, chapter.id)
        assert (f'href="{chapter.id}.html"' in index) == bool(rules), (lang, chapter.id)
        if rules:
            ids = _ids(_read(page))
            assert {r.id for r in rules} <= ids, (lang, chapter.id)
    # The older edition has neither an Ass move nor an end of the game of its own.
    if edition == "older":
        assert not (site / "rules" / "ass-move.html").exists()
        assert not (site / "rules" / "game-end.html").exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_switcher_never_leads_to_a_missing_chapter(lang: Language) -> None:
    site = built(lang)
    for page in sorted((site / "rules").glob("*.html")):
        for link, other in re.findall(r'<a href="([^"]+)" lang="(\w+)" hreflang=', _read(page)):
            if (site.parent / other / "index.html").exists():
                assert (page.parent / link).exists(), (page.name, link)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_traceability_counts_the_site_s_edition_only(lang: Language) -> None:
    site = built(lang)
    edition = EDITION_OF[lang]
    page = _read(site / "traceability.html")
    chapters, per_rule = _tables(page)[:2]
    counted = {row[0]: int(row[1]) for row in _rows(chapters)[1:]}
    want = {
        f"{c.number}. {c.title(lang)}": len(
            CAT.rules(chapter=c.id, kind="normative", edition=edition)
        )
        for c in CAT.chapters()
        if CAT.rules(chapter=c.id, edition=edition)
    }
    assert counted == want
    normative = CAT.rules(kind="normative", edition=edition)
    assert len(_rows(per_rule)) - 1 == len(normative)
    # Each chapter page shows as many normative rules as the table counts.
    for chapter in CAT.chapters():
        shown = CAT.rules(chapter=chapter.id, edition=edition)
        if shown:
            ids = _ids(_read(site / "rules" / f"{chapter.id}.html"))
            listed = [r for r in CAT.rules(chapter=chapter.id, kind="normative") if r.id in ids]
            assert len(listed) == want[f"{chapter.number}. {chapter.title(lang)}"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tests_of_a_rule_are_on_the_traceability_page_not_the_rule_s(lang: Language) -> None:
    site = built(lang)
    edition = EDITION_OF[lang]
    page = _read(site / "traceability.html")
    folded = re.findall(r'<details class="sabai-tests">(.*?)</details>', page, re.S)
    assert len(folded) == len(CAT.rules(kind="normative", edition=edition))
    assert any("tests/engine/test_throw_in.py::" in _text(block) for block in folded)
    for chapter in sorted((site / "rules").glob("*.html")):
        assert "tests/engine/" not in _read(chapter), chapter.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_reference_is_one_page_per_module(lang: Language) -> None:
    site = built(lang)
    index = _read(site / "api.html")
    modules = _api_modules()
    assert len(modules) > 10
    for module in modules:
        page = site / "api" / f"{module}.html"
        assert page.exists(), module
        text = _read(page)
        assert f'id="module-{module}"' in text
        assert f"<h1>{module}" in _text(text) or re.search(rf"<h1>.*?{re.escape(module)}", text)
        assert f'href="api/{module}.html"' in index
        # No value shows a function's repr or a long table.
        assert "&lt;function" not in text, module
    # Old addresses (api.html#sabai_rules.model.cards.JOKER) are sent on to the module's page.
    assert "window.location.replace('api/'" in index


@pytest.mark.parametrize("lang", LANGUAGES)
def test_implemented_by_links_go_to_the_module_pages(lang: Language) -> None:
    site = built(lang)
    links = set()
    for chapter in sorted((site / "rules").glob("*.html")):
        body = _read(chapter).split('<article role="main"', 1)[1]
        links |= set(re.findall(r'href="(\.\./api[^"]*)"', body))
    assert links
    for link in links:
        path, _, anchor = link.partition("#")
        assert path.startswith("../api/"), link
        target = site / "rules" / path
        assert target.exists(), link
        assert not anchor or anchor in _ids(_read(target)), link


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_rule_and_ruling_says_what_decides_it(lang: Language) -> None:
    """A link to its decider in the API reference (or to the decider's module), or why no code
    decides it: on each rule's entry, each ruling's, and the traceability page."""
    site = built(lang)
    decided, undecided = (f"<strong>{WORDS[lang][k]}" for k in ("decided", "undecided"))
    pages = [*sorted((site / "rules").glob("*.html")), site / "rulings.html"]
    links = set()
    said = 0
    for path in pages:
        body = _read(path).split('<article role="main"', 1)[1]
        for line in re.findall(rf"<p>(?:{decided}|{undecided})\W.*?</p>", body, re.S):
            said += 1
            links |= set(re.findall(r'href="([^"#]*api/[^"]*)"', line))
    edition = EDITION_OF[lang]
    assert said == len(CAT.rules(edition=edition)) + len(CAT.rulings())
    assert len(links) > 50
    for link in links:
        path, _, anchor = link.partition("#")
        target = (site / "rules" / path) if path.startswith("..") else site / path
        assert target.exists(), link
        assert not anchor or anchor in _ids(_read(target)), link
    page = _read(site / "traceability.html")
    per_rule, per_ruling = _tables(page)[1:3]
    assert all(row[-1] for row in _rows(per_rule)[1:] + _rows(per_ruling)[1:])
    why = page.split('id="undecided"', 1)[1].split("</section>", 1)[0]
    shown = {r.id for r in CAT.rules(edition=edition)} | {r.id for r in CAT.rulings()}
    assert len(re.findall(r"<li>", why)) == len(shown & set(UNDECIDED))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_the_favicon(lang: Language) -> None:
    site = built(lang)
    icon = site / "_static" / "favicon.svg"
    svg = ET.parse(icon).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    for page in (site / "index.html", site / "rules" / "turn.html", site / "book" / "index.html"):
        head = _read(page).split("</head>")[0]
        assert re.search(r'<link rel="(shortcut )?icon" href="[^"]*_static/favicon\.svg"', head), (
            page
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_verdict_s_rulebook_address_is_a_link(lang: Language) -> None:
    site = built(lang)
    page = _read(site / "dispute.html")
    rule = "sabai-sabai-move.first-refusal"
    address = CAT.rulebook_link(rule, lang)
    assert f'href="../{address}"' in page
    assert (site / ".." / address.split("#")[0]).resolve().exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dispute_page_shows_each_ruling_in_the_site_s_language(lang: Language) -> None:
    """The quick ruling below the command that asks for it (``sabai-judge``), and each dispute's
    verdict: an illegal event, one undecided, one noted without sanction, a round won."""
    page = _read(built(lang) / "dispute.html")
    text = _text(page)
    assert "sabai judge 'current / Léa: ? ?!@Chloé ?" in text
    assert '"Chloé throws in Léa\'s 1 (9)" "Hugo throws in 0 (9)"' in text
    if lang != "en":
        assert f'(9)" --lang {lang}\n' in text
    for key, event in (("verdict.illegal", 2), ("verdict.undecided", 3), ("verdict.noted", 1)):
        assert f"{label(lang, key)} {event} (" in text, key
    assert f"{label(lang, 'verdict.round-won-by')} Daan" in text
    assert page.count('class="sabai-verdict') + page.count("literal-block sabai-verdict") >= 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_and_verdicts_are_text_not_python(lang: Language) -> None:
    site = built(lang)
    cli = _read(site / "cli.html")
    assert "highlight-text" in cli
    assert "highlight-default" not in cli
    assert "highlight-python" not in cli
    dispute = _read(site / "dispute.html")
    assert 'class="sabai-verdict' in dispute or "literal-block sabai-verdict" in dispute
    # The JSON Schema is folded.
    assert '<details class="sabai-schema">' in _read(site / "records.html")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_book_holds_the_whole_rulebook_on_one_page(lang: Language) -> None:
    site = built(lang)
    book = site / "book" / "index.html"
    assert book.exists()
    text = _read(book)
    ids = _ids(text)
    edition = EDITION_OF[lang]
    missing = [r.id for r in CAT.rules(edition=edition) if r.id not in ids]
    assert missing == []
    assert [r.id for r in CAT.rulings() if r.id not in ids] == []
    assert [t.id for t in CAT.glossary() if f"term-{t.id}" not in ids] == []
    for section in ("rulings", "glossary", "editions", "concordance"):
        assert section in ids
    # Rules of the other edition only are not in this book.
    other = [r.id for r in CAT.rules() if edition not in r.editions]
    assert not set(other) & ids
    # Links within the book stay on the page.
    assert not re.search(r'href="#[^"]*#', text)
    css = _read(site / "book" / "_static" / "sabai.css")
    assert "@media print" in css
    assert "page-break-before" in css or "break-before" in css
    home = _read(site / "index.html")
    assert 'href="book/index.html"' in home


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_each_ruling_changes_is_in_the_site_s_language(lang: Language) -> None:
    """The impact page as its reader finds it: the title translated through gettext, a section
    per option of the committed run under its ruling's title in the site's language, with a link
    to the ruling, and the run's numbers written as the language writes them."""
    page = _read(built(lang) / "impact.html")
    summary = json.loads((ROOT / "docs" / "_data" / "impact.json").read_text(encoding="utf-8"))
    title = "What each ruling changes"
    if lang != "en":
        with (ROOT / "docs" / "locale" / lang / "LC_MESSAGES" / "impact.po").open("rb") as po:
            title = str(read_po(po, locale=lang)[title].string)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert heading is not None
    assert _text(heading.group(1)).rstrip("#¶ ") == title
    ids, text = _ids(page), _text(page)
    for option in {variant["option"] for variant in summary["variants"]}:
        ruling = CAT.ruling(Ruleset.ruling_of(option))
        section = page.split(f'id="{option.replace("_", "-")}">', 1)[1].split("</section>", 1)[0]
        shown = _text(section.split("</h3>", 1)[0]).rstrip("#¶ ")
        # Sphinx's smart quotes make the English titles' quotation marks typographic.
        straight = str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")
        assert shown.translate(straight) == ruling.text_in(lang).title.translate(straight)
        assert f"rulings.html#{ruling.id}" in section
    assert {"under-the-preset", "the-rulings", "not-varied"} <= ids
    starter = f"{summary['baseline']['round_wins_position_1']['mean'] * 100:.1f}"
    assert (starter if lang == "en" else starter.replace(".", ",")) in text


def test_a_french_reader_sees_the_rule_in_french() -> None:
    """6.8 on the French site: the published text and our statement, each under a French label
    with French typography, the statement marked as the project's translation, and a reference to
    another rule read as its number and French title."""
    page = _read(built("fr") / "rules" / "throw-in.html")
    section = page.split('id="throw-in.retry-lockout"', 1)[1].split("<section", 1)[0]
    text = _text(section)
    assert "Texte publié\u00a0:" in text
    assert "Énoncé (traduction du projet)\u00a0:" in text
    assert "Une personne qui a jeté une carte erronée" in text
    assert "6.5 Interception erronée" in text  # {rule}`throw-in.wrong-interception`
    assert "(in English)" not in text
    assert "en anglais" not in text


@pytest.mark.parametrize("lang", ["fr", "nl", "fi"])
def test_a_glossary_term_in_a_statement_links_to_its_entry(lang: Language) -> None:
    site = built(lang)
    linked = set()
    for page in (site / "rules").glob("*.html"):
        linked |= set(re.findall(r'href="\.\./glossary\.html#(term-[a-z-]+)"', _read(page)))
    glossary = _ids(_read(site / "glossary.html"))
    assert linked
    assert linked <= glossary


@pytest.mark.parametrize("lang", ["fr", "nl", "fi"])
def test_the_rule_index_shows_each_ruling_under_its_title_in_the_site_s_language(
    lang: Language,
) -> None:
    """Issue 37, item 2: each ruling once, "R31 ”Kukaan ei jää välistä”", never followed by its
    English title."""
    text = _text(_read(built(lang) / "rule-index.html"))
    straight = str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")
    text = text.translate(straight)
    for ruling in CAT.rulings():
        title = ruling.text_in(lang).title.translate(straight)
        assert text.count(f"R{ruling.number} {title}") == 1, ruling.id
        assert ruling.title.translate(straight) not in text, ruling.id


def test_a_published_text_in_another_language_is_marked_with_its_language() -> None:
    """The Dutch text has no sentence naming the game's winner: 12.3 on the Dutch site quotes the
    English one, marked lang="en" (a quotation of the publisher, not our prose left in English),
    and the other rules' Dutch quotations lang="nl"."""
    page = _read(built("nl") / "rules" / "game-end.html")
    winner = page.split('id="game-end.winner"', 1)[1].split("</section>", 1)[0]
    assert '<blockquote lang="en">' in winner
    assert "The player with the most victory points" in winner
    assert page.count('<blockquote lang="nl">') == 2

"""The rulebook's link checker (tools/check_links.py) finds what a reader would hit: a missing
page, a missing anchor, a link out of the site, a rule without its anchor. ``.ci/run`` builds the
full site and checks it with ``tools/build_docs.py``; here the checker meets a small broken site."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from sabai_rules.model import catalogue

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def check_links() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_links", ROOT / "tools" / "check_links.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _site(root: Path) -> None:
    (root / "en" / "rules").mkdir(parents=True)
    (root / "en" / "index.html").write_text(
        '<a href="rules/throw-in.html#throw-in.retry-lockout">lock-out</a>'
        '<a href="rules/throw-in.html#throw-in.retry-lock-out">typo</a>'
        '<a href="rulings.html">rulings</a>'
        '<a href="../fr/index.html">fr, not built in this run</a>'
        '<a href="https://sabai-sabai.fun/">publisher</a>'
        '<a href="../../elsewhere.html">out</a>'
        '<a href="#top" id="top">top</a>',
        encoding="utf-8",
    )
    (root / "en" / "rules" / "throw-in.html").write_text(
        '<section id="throw-in.retry-lockout"><a href="../index.html#top">home</a></section>',
        encoding="utf-8",
    )


def test_broken_links_and_anchors_are_each_reported(
    check_links: ModuleType, tmp_path: Path
) -> None:
    _site(tmp_path)
    problems = check_links.check(tmp_path, ("en",))
    assert "en/index.html: no anchor #throw-in.retry-lock-out in en/rules/throw-in.html" in problems
    assert "en/index.html: missing file en/rulings.html" in problems
    assert any(p.startswith("en/index.html: link leaves the site") for p in problems)
    # The good links, the external one and the one into an unbuilt language raise nothing.
    assert not any("#throw-in.retry-lockout " in p or "#top" in p for p in problems)
    assert not any("sabai-sabai.fun" in p or "fr/index" in p for p in problems)


def test_every_rule_and_ruling_needs_its_anchor_and_inventory_entry(
    check_links: ModuleType, tmp_path: Path
) -> None:
    _site(tmp_path)
    problems = check_links.check(tmp_path, ("en",))
    # What the referee prints, rulebook_link(id, language), must land on the rule's anchor.
    assert not any("'throw-in.retry-lockout'" in p for p in problems)
    assert "rulebook_link('turn.draw', 'en'): missing file en/rules/turn.html" in problems
    assert (
        "rulebook_link('ruling.wrong-cards-in-a-batch', 'en'): missing file en/rulings.html"
        in problems
    )
    # An older-edition-only rule belongs to the Finnish site (not built here), not the English one.
    assert not any("setup.look-at-two" in p for p in problems)
    assert "en: objects.inv lacks std:rule throw-in.retry-lockout" in problems


def test_a_rule_missing_from_its_chapter_page_is_reported_once(
    check_links: ModuleType, tmp_path: Path
) -> None:
    _site(tmp_path)  # rules/throw-in.html exists, with throw-in.retry-lockout's anchor only
    problems = check_links.check(tmp_path, ("en",))
    missing = (
        "rulebook_link('throw-in.wrong-card.penalty', 'en'): "
        "no anchor #throw-in.wrong-card.penalty in en/rules/throw-in.html"
    )
    assert missing in problems
    assert [p for p in problems if "throw-in.wrong-card.penalty" in p and "anchor" in p] == [
        missing
    ]


def test_an_older_edition_rule_is_required_on_the_finnish_site_only(
    check_links: ModuleType, tmp_path: Path
) -> None:
    _site(tmp_path)  # the English site has no rules/setup.html at all
    (tmp_path / "fi" / "rules").mkdir(parents=True)
    (tmp_path / "fi" / "index.html").write_text("<p>fi</p>", encoding="utf-8")
    setup = tmp_path / "fi" / "rules" / "setup.html"
    setup.write_text('<section id="setup.look-at-two"></section>', encoding="utf-8")
    problems = check_links.check(tmp_path, ("en", "fi"))
    # Both sites' links to the rule go to the Finnish page, which has its anchor.
    assert not any("'setup.look-at-two'" in p for p in problems)

    setup.write_text("<section></section>", encoding="utf-8")
    problems = check_links.check(tmp_path, ("en", "fi"))
    for lang in ("en", "fi"):
        assert (
            f"rulebook_link('setup.look-at-two', {lang!r}): "
            "no anchor #setup.look-at-two in fi/rules/setup.html"
        ) in problems


def test_a_language_with_no_site_is_a_problem(check_links: ModuleType, tmp_path: Path) -> None:
    _site(tmp_path)
    problems = check_links.check(tmp_path, ("en", "nl"))
    assert f"{tmp_path / 'nl'}: no site built (index.html missing)" in problems


def test_build_docs_finds_a_rule_numbered_otherwise_than_the_referee_numbers_it(
    tmp_path: Path, cat: catalogue.Catalogue
) -> None:
    spec = importlib.util.spec_from_file_location("build_docs", ROOT / "tools" / "build_docs.py")
    assert spec is not None
    assert spec.loader is not None
    build_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_docs)
    pages: dict[str, str] = {}
    for rule in cat.rules(edition="current"):
        number = cat.rule_number(rule.id, "current")
        if rule.id == "throw-in.retry-lockout":
            number = rule.number  # the catalogue's order key, 6.9, where the rulebook says 6.8
        heading = f'<section id="{rule.id}">\n<h2>{number} {rule.title("en")}<a href="#">¶</a></h2>'
        pages[rule.chapter] = pages.get(rule.chapter, "") + heading + "</section>\n"
    (tmp_path / "en" / "rules").mkdir(parents=True)
    for chapter, text in pages.items():
        (tmp_path / "en" / "rules" / f"{chapter}.html").write_text(text, encoding="utf-8")
    assert build_docs.rule_number_problems(tmp_path, ("en",)) == [
        "en: throw-in.retry-lockout is numbered 6.9, not 6.8"
    ]
    (tmp_path / "en" / "rules" / "turn.html").unlink()
    problems = build_docs.rule_number_problems(tmp_path, ("en",))
    assert "en: no heading for turn.draw in turn.html" in problems

"""One numbering. A rule's number in an edition is its chapter's number and its place among that
edition's rules of the chapter (``Catalogue.rule_number``); the rulebook site, the referee and
``sabai rules`` print that number and no other. ``tools/build_docs.py`` checks every heading of
the built sites against it; here the referee and the command line are checked for every rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sabai_rules.model.catalogue import EDITION_OF, EDITIONS, LANGUAGES, Catalogue, UnknownIdError
from tests.support import sabai

ROOT = Path(__file__).resolve().parent.parent.parent


def test_each_edition_numbers_its_rules_one_after_another_in_each_chapter(cat: Catalogue) -> None:
    for edition in EDITIONS:
        for chapter in cat.chapters():
            rules = cat.rules(edition=edition, chapter=chapter.id)
            numbers = [cat.rule_number(r.id, edition) for r in rules]
            assert numbers == [f"{chapter.number}.{i}" for i in range(1, len(rules) + 1)]


def test_a_rule_left_out_of_an_edition_moves_the_next_ones_up(cat: Catalogue) -> None:
    # The catalogue's order key counts the older edition's rules of the chapter too; the current
    # rulebook does not.
    assert cat.rule("throw-in.retry-lockout").number == "6.9"
    assert cat.rule_number("throw-in.retry-lockout", "current") == "6.8"


def test_a_rule_has_no_number_in_an_edition_that_lacks_it(cat: Catalogue) -> None:
    older_only = next(r for r in cat.rules(edition="older") if "current" not in r.editions)
    with pytest.raises(UnknownIdError, match="current-edition rule"):
        cat.rule_number(older_only.id, "current")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sabai_rules_prints_the_number_of_the_rulebook_page_it_links_to(
    cat: Catalogue, lang: str
) -> None:
    for rule in cat.rules():
        edition = cat.site_edition(rule.id, lang)
        site = cat.rulebook_link(rule.id, lang).split("/")[0]
        assert EDITION_OF[site] == edition  # type: ignore[index]
        want = cat.rule_number(rule.id, edition)
        _, text, _ = sabai("rules", rule.id, "--lang", lang)
        assert text.splitlines()[0].split(" · ")[0].endswith(f" {want}"), rule.id
        _, data, _ = sabai("rules", rule.id, "--lang", lang, "--format", "json")
        assert json.loads(data)["number"] == want, rule.id


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_list_of_an_edition_numbers_it_as_its_rulebook(cat: Catalogue, edition: str) -> None:
    _, text, _ = sabai("rules", "--edition", edition, "--lang", "fr")
    listed = [line.split()[:2] for line in text.splitlines()]
    assert listed == [[cat.rule_number(r.id, edition), r.id] for r in cat.rules(edition=edition)]  # type: ignore[arg-type]


def test_the_referee_cites_the_broken_rule_by_the_rulebooks_number(cat: Catalogue) -> None:
    record = str(ROOT / "examples" / "wrong-throw-in-lockout.json")
    _, data, _ = sabai("replay", record, "--lang", "fr", "--format", "json")
    (illegal,) = json.loads(data)["illegal"]
    number = cat.rule_number(illegal["rule"], "current")
    assert illegal["rule_number"] == number == "6.8"
    _, text, _ = sabai("replay", record, "--lang", "fr")
    assert f"Règle {number} · {illegal['rule']}" in text

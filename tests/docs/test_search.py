"""The site's search finds the rules first and finds a rule by its number: searchtools.js's
query, reproduced in Python (tests/docs/search.py) over each built site's ``searchindex.js``.
Run after ``tools/build_docs.py`` (each test skips an unbuilt site)."""

from __future__ import annotations

import importlib
import re

import pytest

from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, Language
from tests.docs import search
from tests.docs.conftest import ROOT, built

CAT = catalogue.default()


def _search(lang: Language) -> search.Search:
    site = built(lang)
    languages = pytest.importorskip("sphinx.search").languages
    found = languages[lang]
    language = found({}) if isinstance(found, type) else _load(found)({})

    def stem(word: str) -> str:
        return str(language.stem(word)).lower()

    return search.Search(site, stem, language.stopwords)


def _load(dotted: str) -> type:
    """The class ``module.Class`` names (Sphinx names its languages' search classes so); imported
    by name, since the suite's type check runs where Sphinx is not installed."""
    module, _, name = dotted.rpartition(".")
    found: type = getattr(importlib.import_module(module), name)
    return found


def _is_rulebook(result: search.Result) -> bool:
    return result.docname.startswith("rules/") or result.docname == "rulings"


def test_the_port_scores_as_the_site_s_scorer_does() -> None:
    scorer = (ROOT / "docs" / "_static" / "scorer.js").read_text(encoding="utf-8")
    assert re.search(r"RULEBOOK = (-?\d+)", scorer).group(1) == str(search.RULEBOOK_BOOST)  # type: ignore[union-attr]
    assert re.search(r"API = (-?\d+)", scorer).group(1) == str(search.API_PENALTY)  # type: ignore[union-attr]
    assert "Scorer.score = score" in scorer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_come_before_the_api_reference(lang: Language) -> None:
    found = _search(lang).query("joker")
    assert found
    kinds = [_is_rulebook(r) for r in found]
    first_other = kinds.index(False) if False in kinds else len(kinds)
    assert all(kinds[:first_other])
    assert first_other >= 3
    api = [n for n, r in enumerate(found) if r.docname.startswith("api")]
    assert api, "the API constant is still found"
    assert min(api) > max(n for n, r in enumerate(found) if _is_rulebook(r))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rule_number_finds_the_rule(lang: Language) -> None:
    searched = _search(lang)
    for rule in CAT.rules(edition=EDITION_OF[lang]):
        number = CAT.rule_number(rule.id, EDITION_OF[lang])
        found = searched.query(number)
        assert found, number
        assert (found[0].docname, found[0].anchor) == (f"rules/{rule.chapter}", f"#{rule.id}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_ruling_number_finds_the_ruling(lang: Language) -> None:
    ruling = CAT.rulings()[11]
    found = _search(lang).query(f"R{ruling.number}")
    assert found[0].docname == "rulings"
    assert found[0].anchor == f"#{ruling.id}"

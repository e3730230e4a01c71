"""The search page's words on the French, Dutch and Finnish sites (``_static/translations.js``,
written by ``docs/_ext/sabai_i18n.py``): Sphinx's own file for Dutch and Finnish made the search
throw ``TypeError: ... reading 'replace'`` (a plural expression giving a boolean, used as an
index) and print "inAPI reference". Needs Sphinx (the ``docs`` extra); no build."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"
FOUND = "Search finished, found one page matching the search query."


@pytest.fixture(scope="module")
def sabai_i18n() -> ModuleType:
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(EXT))  # sabai_i18n sets sabai_docs up, beside it
    spec = importlib.util.spec_from_file_location("sabai_i18n", EXT / "sabai_i18n.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def catalogue(sabai_i18n: ModuleType, lang: str) -> dict[str, Any]:
    text = sabai_i18n.catalogue_js(lang)
    assert text.startswith("Documentation.addTranslations(")
    data: dict[str, Any] = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    return data


@pytest.mark.parametrize("lang", ["fr", "nl", "fi"])
def test_the_search_words_are_translated_and_indexable(sabai_i18n: ModuleType, lang: str) -> None:
    data = catalogue(sabai_i18n, lang)
    assert data["locale"] == lang
    # doctools.js indexes the plural forms with this expression: Number() makes it an index.
    assert data["plural_expr"].startswith("Number(")
    messages = data["messages"]
    for key, value in messages.items():
        forms = value if isinstance(value, list) else [value]
        assert all(forms), f"{lang}: an empty translation of {key!r}"
    found = messages[FOUND]
    assert isinstance(found, list)
    assert len(found) >= 2
    assert all("${resultCount}" in form for form in found[1:])
    # objName + _(", in ") + title: the words around the page's title keep their spaces.
    assert messages[", in "].startswith(",")
    assert messages[", in "].endswith(" ")
    for word in ("Searching", "Preparing search...", "Search Results", "Hide Search Matches"):
        assert word in messages, f"{lang}: {word!r} untranslated"

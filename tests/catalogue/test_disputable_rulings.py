"""Rulings a group could be thought to decide otherwise, held to an option or to a stated reason
why no reasonable table would (issue 35): a ruling without an option says why in a paragraph of
its rationale that opens with the same marker in every language and quotes the published texts."""

from __future__ import annotations

import re

import pytest

from sabai_rules.model.catalogue import Catalogue

#: The rulings issue 35 names as disputable with no option.
DISPUTABLE = (
    "ruling.ass-joker-restriction",
    "ruling.final-lap-sequence",
    "ruling.sequential-actions",
    "ruling.ass-joker-throw-ins",
    "ruling.active-player-throw-ins",
    "ruling.joker-family",
)

#: How the paragraph that says why there is no option opens, and the quotation mark it must use
#: at least once (a quotation of the texts), per language.
NO_OPTION = {
    "en": ("No option:", '"'),
    "fr": ("Pas d\u2019option\u00a0:", "«"),
    "nl": ("Geen optie:", "\u201c"),
    "fi": ("Ei asetusta:", "\u201d"),
}


def _paragraphs(text: str) -> list[str]:
    # Ordinary spaces and line breaks only: a French no-break space is part of the marker.
    return [re.sub(r"[ \n]+", " ", p).strip() for p in text.split("\n\n") if p.strip()]


def _no_option_paragraphs(cat: Catalogue, ident: str, language: str) -> list[str]:
    ruling = cat.ruling(ident)
    text = ruling.rationale if language == "en" else ruling.text_in(language).rationale
    marker, _ = NO_OPTION[language]
    return [p for p in _paragraphs(text) if p.startswith(marker)]


@pytest.mark.parametrize("ident", DISPUTABLE)
def test_a_disputable_ruling_has_an_option_or_says_why_not(cat: Catalogue, ident: str) -> None:
    ruling = cat.ruling(ident)
    for language, (marker, quote) in NO_OPTION.items():
        if language != "en":
            assert ruling.text_in(language).language == language, (ident, language)
        found = _no_option_paragraphs(cat, ident, language)
        if ruling.option is not None:
            # An option and a reason for having none would contradict each other.
            assert not found, (ident, language)
            continue
        assert len(found) == 1, f"{ident}: no paragraph opening {marker!r} in {language}"
        assert quote in found[0], f"{ident}: the {language} paragraph quotes no text"

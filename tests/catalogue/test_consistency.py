"""The catalogue is complete and consistent: every check passes, and every check can fail."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from sabai_dev.catalogue_checks import (
    CHECKS,
    Problem,
    check,
    check_ids,
    check_quotes,
    check_references,
    check_rulings,
    check_source_files,
    check_source_presence,
    check_translations,
    check_typography,
    check_vocabulary,
)
from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import Catalogue, CatalogueError


def _labels(prefix: str, count: int, width: int = 1) -> list[str]:
    return [f"{prefix}-{i:0{width}d}" for i in range(1, count + 1)]


#: The atomic rules of the analysis brief: section 2 (current edition) and 2.14 (older edition).
BRIEF_RULES = (
    _labels("OBJ", 8)
    + _labels("SETUP", 6)
    + _labels("TURN", 7)
    + _labels("FUNC", 6)
    + _labels("ASS", 9)
    + _labels("THROW", 7)
    + _labels("PEN", 4)
    + _labels("SSM", 6)
    + ["VAR-1"]
    + _labels("AM", 7)
    + _labels("FOUR", 2)
    + _labels("ROUND", 6)
    + _labels("GAME", 3)
    + ["E1-OBJ-1", "E1-SETUP-1", "E1-FUNC-1", "E1-FOUR-1", "E1-END-1"]
    + _labels("E1-THROW", 3)
    + _labels("E1-SSM", 3)
    + _labels("E1-CJ", 4)
)
#: The open questions (section 4) and implicit rules (section 2.13) of the brief.
BRIEF_QUESTIONS = _labels("Q", 41, 2) + _labels("IMPL", 12)
#: The translation differences of the brief (section 3.2).
BRIEF_DIFFERENCES = _labels("T", 28, 2)


@pytest.mark.parametrize("run", CHECKS, ids=lambda run: run.__name__)
def test_catalogue_passes(run: Callable[[Catalogue], list[Problem]], cat: Catalogue) -> None:
    # Among them: every current-edition rule quotes en, fr and nl or says why a text lacks it,
    # every older-edition rule quotes the Finnish text (check_source_presence).
    problems = run(cat)
    assert problems == [], "\n".join(map(str, problems))


def test_every_rule_of_the_brief_is_in_the_catalogue(cat: Catalogue) -> None:
    covered = {label for rule in cat.rules() for label in rule.brief}
    assert sorted(set(BRIEF_RULES) - covered) == []
    assert sorted(covered - set(BRIEF_RULES)) == []


def test_every_open_question_has_a_ruling(cat: Catalogue) -> None:
    covered = {label for ruling in cat.rulings() for label in ruling.brief}
    assert sorted(set(BRIEF_QUESTIONS) - covered) == []
    assert len(cat.rulings()) >= 50


def test_every_translation_difference_is_in_the_concordance(cat: Catalogue) -> None:
    covered = [label for difference in cat.concordance() for label in difference.brief]
    assert sorted(covered) == BRIEF_DIFFERENCES


def test_glossary_has_the_core_vocabulary_in_four_languages(cat: Catalogue) -> None:
    required = {
        "round", "game", "final-lap", "final-round", "row", "slot", "top-card", "turn-card",
        "throw-in", "penalty-card", "sabai-sabai-move", "ass-move", "ass-joker", "draw-pile",
        "discard-pile", "compensation-card", "first-refusal", "lock-out", "burn", "four-together",
    }  # fmt: skip
    assert required <= {t.id for t in cat.glossary()}
    for term in cat.glossary():
        for language in catalogue.LANGUAGES:
            assert term.terms.get(language), (term.id, language)
            assert term.definitions.get(language), (term.id, language)


def test_presets_cover_both_editions(cat: Catalogue) -> None:
    assert {p.id for p in cat.presets()} == {"current", "older", "simplified"}
    assert cat.preset("older").edition == "older"
    assert {e.id for e in cat.editions()} == {"current", "older"}


# -- the checks themselves can fail --------------------------------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_misquoted_sentence_is_found(spec_copy: Path) -> None:
    _edit(
        spec_copy / "rules" / "throw-in.toml",
        "Another attempt is only allowed if someone else",
        "Another attempt is always allowed if someone else",
    )
    problems = check_quotes(catalogue.load(spec_copy))
    assert [p.where for p in problems] == ["throw-in.retry-lockout"]
    assert "en quote not in the source" in problems[0].message


def test_quotes_are_compared_with_typographic_quotes_and_spaces_normalised(spec_copy: Path) -> None:
    _edit(
        spec_copy / "rules" / "throw-in.toml",
        "Another attempt is only allowed if someone else",
        "Another \u00a0attempt   is only allowed if someone else",
    )
    assert check_quotes(catalogue.load(spec_copy)) == []
    assert catalogue.normalise("l\u2019Ass \u00ab\u00a0brûlé\u00a0\u00bb") == 'l\'Ass " brûlé "'


def test_a_duplicate_rule_id_is_refused_at_load(spec_copy: Path) -> None:
    _edit(spec_copy / "rules" / "turn.toml", 'id = "turn.keep"', 'id = "turn.play"')
    with pytest.raises(CatalogueError, match=r"duplicate rule id 'turn\.play'"):
        catalogue.load(spec_copy)


def test_an_unknown_key_is_refused_at_load(spec_copy: Path) -> None:
    _edit(spec_copy / "rules" / "turn.toml", 'kind = "normative"', 'kind = "normative"\nkindd = 1')
    with pytest.raises(CatalogueError, match="unknown key"):
        catalogue.load(spec_copy)


def test_a_reused_retired_id_is_found(spec_copy: Path) -> None:
    (spec_copy / "retired.toml").write_text(
        '[[retired]]\nid = "turn.keep"\nreason = "test"\n', encoding="utf-8"
    )
    problems = check_ids(catalogue.load(spec_copy))
    assert any(p.check == "id-retired" and p.where == "turn.keep" for p in problems)


def test_a_retired_id_cannot_be_looked_up(spec_copy: Path) -> None:
    (spec_copy / "retired.toml").write_text(
        '[[retired]]\nid = "turn.old"\nreason = "split"\nreplaced_by = "turn.keep"\n',
        encoding="utf-8",
    )
    cat = catalogue.load(spec_copy)
    with pytest.raises(LookupError, match=r"retired.*use 'turn\.keep'"):
        cat.rule("turn.old")
    assert check_ids(cat) == []


def test_a_malformed_id_is_found(spec_copy: Path) -> None:
    _edit(spec_copy / "rules" / "turn.toml", 'id = "turn.keep"', 'id = "turn.Keep_it"')
    problems = check_ids(catalogue.load(spec_copy))
    assert any(p.check == "id-format" for p in problems)


def test_a_ruling_citing_an_unknown_rule_is_found(spec_copy: Path) -> None:
    _edit(
        spec_copy / "rulings" / "04-throw-in.toml",
        'rules = ["throw-in.retry-lockout",',
        'rules = ["throw-in.retry-lock",',
    )
    problems = check_references(catalogue.load(spec_copy))
    assert any("throw-in.retry-lock'" in p.message for p in problems)


def test_a_role_to_an_unknown_id_is_found(spec_copy: Path) -> None:
    _edit(
        spec_copy / "rules" / "turn.toml",
        "{rule}`turn.counter-clockwise`",
        "{rule}`turn.widdershins`",
    )
    problems = check_references(catalogue.load(spec_copy))
    assert any("turn.widdershins" in p.message for p in problems)


def test_a_missing_source_language_is_found(spec_copy: Path) -> None:
    path = spec_copy / "rules" / "turn.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'\nnl = "De speler rechts[^\n]*', "", text, count=1)
    path.write_text(text, encoding="utf-8")
    problems = check_source_presence(catalogue.load(spec_copy))
    assert [(p.where, p.check) for p in problems] == [("turn.starter", "source-missing")]


def test_an_option_without_a_preset_value_is_found(spec_copy: Path) -> None:
    _edit(
        spec_copy / "rulings" / "04-throw-in.toml",
        "values = { current = true, older = false, simplified = true }",
        "values = { current = true, older = false }",
    )
    problems = check_rulings(catalogue.load(spec_copy))
    assert any("no value for preset 'simplified'" in p.message for p in problems)


def test_an_edited_source_text_is_found(spec_copy: Path) -> None:
    _edit(spec_copy / "sources" / "en-current.txt", "counterclockwise", "clockwise")
    problems = check(catalogue.load(spec_copy))
    assert any(p.check == "source-file" and p.where == "en-current.txt" for p in problems)


def test_a_source_text_that_is_not_utf8_is_found(spec_copy: Path) -> None:
    path = spec_copy / "sources" / "fr-current.txt"
    path.write_bytes(path.read_bytes().replace("é".encode(), b"\xe9", 1))
    bad = path.read_bytes().index(b"\xe9")
    problems = check_source_files(catalogue.load(spec_copy))
    assert [p.message for p in problems if p.where == "fr-current.txt"] == [
        "text differs from its manifest checksum",
        f"not UTF-8 (byte {bad} is invalid)",
    ]


def test_an_older_edition_rule_without_its_finnish_text_is_found(spec_copy: Path) -> None:
    # turn.draw is in both editions; say the Finnish text lacks it instead of quoting it.
    _edit(
        spec_copy / "rules" / "turn.toml",
        'fi = "Vuorollaan pelaaja nostaa kortin pakasta ja katsoo sitä."\n',
        '\n[rule.absent]\nfi = "Puuttuu."\n',
    )
    problems = check_source_presence(catalogue.load(spec_copy))
    assert [(p.where, p.message) for p in problems] == [
        ("turn.draw", "an older-edition rule quotes the Finnish text")
    ]


def test_a_statement_without_its_finnish_translation_is_found(spec_copy: Path) -> None:
    """Issue 37, item 2: the referee in Finnish cites rules of the current edition too, so every
    statement has its Finnish translation, not only those of the older edition."""
    path = spec_copy / "rules" / "game-end.toml"
    text = path.read_text(encoding="utf-8")
    start = text.rindex('fi = """')
    path.write_text(text[:start], encoding="utf-8")
    problems = check_translations(catalogue.load(spec_copy))
    assert [(p.where, p.message) for p in problems] == [("game-end.winner", "no fi translation")]


def test_a_translation_left_in_english_is_found(spec_copy: Path) -> None:
    """A statement, a title and a glossary definition that are the English text itself are
    found; the names the published texts keep ("11 peek") are not."""
    cat = catalogue.load(spec_copy)
    english = cat.rule("game-end.winner").statement
    path = spec_copy / "rules" / "game-end.toml"
    text = path.read_text(encoding="utf-8")
    start = text.rindex('fi = """')
    path.write_text(text[:start] + f'fi = """{english}"""\n', encoding="utf-8")
    _edit(spec_copy / "rules" / "turn.toml", 'fi = "Kortin nostaminen"', 'fi = "Draw and look"')
    _edit(
        spec_copy / "glossary.toml",
        'fr = "La rencontre entière\u00a0: une suite de manches',
        'fr = "The whole match: a series of rounds ending with the final round. The player with'
        ' the most victory points at the end of the game wins." #',
    )
    problems = check_translations(catalogue.load(spec_copy))
    assert sorted((p.where, p.message) for p in problems) == [
        ("game definition", "the fr translation is the English"),
        ("game-end.winner", "the fi translation is the English"),
        ("turn.draw title", "the fi translation is the English"),
    ]
    assert cat.rule("function.peek").titles.fi == "11 peek"


def test_a_translated_title_quoting_the_english_text_is_found(spec_copy: Path) -> None:
    """Issue 37, item 2: a ruling's title is all a reader sees of it in the rule index, so a
    translated title quotes that reader's text, never the English one; a marked quotation of the
    English text may stand in prose."""
    _edit(
        spec_copy / "rulings" / "04-throw-in.toml",
        'title = "”Kukaan ei jää välistä”"',
        'title = "”No one is skipped”"',
    )
    problems = check_translations(catalogue.load(spec_copy))
    assert [(p.where, p.message) for p in problems] == [
        (
            "ruling.no-one-skipped title",
            "the fi title quotes the English text: \u201dNo one is skipped\u201d",
        )
    ]


def test_a_word_the_glossary_avoids_is_found_in_any_prose_of_any_language(spec_copy: Path) -> None:
    """Issue 37, item 5: a statement, a glossary definition, a ruling group's title; not the
    published text a rule quotes, nor a note that names the word in quotation marks."""
    _edit(
        spec_copy / "rules" / "turn.toml",
        "Les tours se succèdent",
        "Les tours du donneur se suivent",
    )
    _edit(
        spec_copy / "rules" / "turn.toml",
        'fr = "Le jeu se déroule dans le sens',
        'fr = "Le donneur se déroule dans le sens',
    )
    _edit(
        spec_copy / "glossary.toml",
        "De speler die de kaarten van een partij deelt.",
        "De speler die de kaarten van een ronde deelt.",
    )
    _edit(
        spec_copy / "glossary.toml",
        "Le texte dit «\u00a0celle qui a distribué les cartes\u00a0».",
        "Le texte ne dit jamais «\u00a0donneur\u00a0»\u00a0: il dit «\u00a0celle qui a distribué"
        " les cartes\u00a0».",
    )
    _edit(
        spec_copy / "rulings" / "04-throw-in.toml",
        "Väliintulo ja lisäkortit",
        "Väliintulo ja rangaistuskortit",
    )
    problems = check_vocabulary(catalogue.load(spec_copy))
    assert [(p.where, p.message.split(",")[0]) for p in problems] == [
        ("turn.counter-clockwise statement", "fr: says 'donneur'"),
        ("ruling group throw-in title", "fi: says 'rangaistuskortit'"),
        ("dealer definition", "nl: says 'ronde'"),
    ]
    assert "say 'personne qui distribue' (dealer)" in problems[0].message


def test_french_typography_is_checked_in_our_prose_not_in_the_published_text(
    spec_copy: Path,
) -> None:
    _edit(
        spec_copy / "glossary.toml",
        "Le texte dit «\u00a0celle qui a distribué les cartes\u00a0».",
        'Le texte dit \\"celle qui a distribué les cartes\\" : c\'est tout.',
    )
    _edit(
        spec_copy / "rules" / "turn.toml",
        'fr = "Le jeu se déroule dans le sens',
        'fr = "Le jeu : se déroule dans le sens',
    )
    problems = check_typography(catalogue.load(spec_copy))
    assert [(p.where, re.sub(r": ['\"].*", "", p.message)) for p in problems] == [
        ("dealer note on fr", "a straight quotation mark, not « »"),
        ("dealer note on fr", "a straight quotation mark, not « »"),
        ("dealer note on fr", "a straight apostrophe, not ’"),
        ("dealer note on fr", "an ordinary space, not a no-break space, before ':'"),
    ]

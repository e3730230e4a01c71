"""Consistency checks of the rule catalogue.

Every check returns a list of :class:`Problem`; an empty list means the catalogue passes. The
tests run each check separately so that a failure names what is wrong; :func:`check` runs them all.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Final, cast

import attrs

from sabai_dev import wording
from sabai_rules.model.catalogue import (
    LANGUAGES,
    SOURCE_LANGUAGES,
    Catalogue,
    Language,
    Texts,
    normalise,
    quoted_pieces,
    roles,
    unquoted,
)

__all__ = [
    "CHECKS",
    "ID_PATTERN",
    "Problem",
    "check",
    "check_ids",
    "check_quotes",
    "check_references",
    "check_rulings",
    "check_source_files",
    "check_source_presence",
    "check_terminology",
    "check_translations",
    "check_typography",
    "check_vocabulary",
]

#: The languages our prose is translated into.
TRANSLATED: tuple[Language, ...] = ("fr", "nl", "fi")
_CODE = re.compile(r"`[^`]+`")
_ROLE = re.compile(r"\{[a-z-]+\}`[^`]*`")

#: A well-formed id: lower-case words joined by ``-``, segments joined by ``.``.
ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*")


@attrs.frozen
class Problem:
    """One thing wrong with the catalogue: which check found it, where, and what."""

    check: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message} [{self.check}]"


def check_ids(cat: Catalogue) -> list[Problem]:
    """Ids are well formed, carry the prefix of their kind, never collide, are never retired."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    retired = {r.id for r in cat.retired()}

    def visit(kind: str, ident: str, prefix: str | None) -> None:
        if not ID_PATTERN.fullmatch(ident):
            problems.append(Problem("id-format", ident, f"malformed {kind} id"))
        if prefix is not None and not ident.startswith(prefix):
            problems.append(Problem("id-prefix", ident, f"a {kind} id must start with {prefix!r}"))
        if ident in seen:
            problems.append(Problem("id-unique", ident, f"used for a {seen[ident]} and a {kind}"))
        seen[ident] = kind
        if ident in retired:
            problems.append(Problem("id-retired", ident, f"retired id reused for a {kind}"))

    for chapter in cat.chapters():
        visit("chapter", chapter.id, None)
    for rule in cat.rules():
        # The chapter prefix also makes a rule id two segments at least.
        visit("rule", rule.id, f"{rule.chapter}.")
    for ruling in cat.rulings():
        visit("ruling", ruling.id, "ruling.")
    for difference in cat.concordance():
        visit("difference", difference.id, "difference.")
    for term in cat.glossary():
        if "." in term.id or not ID_PATTERN.fullmatch(term.id):
            problems.append(Problem("id-format", term.id, "a glossary id is one segment"))
    for entry in cat.retired():
        if entry.replaced_by is not None and cat.kind_of(entry.replaced_by) is None:
            problems.append(
                Problem("id-retired", entry.id, f"replaced by unknown id {entry.replaced_by!r}")
            )
    return problems


def check_source_presence(cat: Catalogue) -> list[Problem]:
    """Each rule has, for every source language of its editions, a quote or a note saying why not;
    only derived rules have no quote at all; no quote stands in a language of another edition."""
    problems: list[Problem] = []
    for rule in cat.rules():
        required = {lang for ed in rule.editions for lang in SOURCE_LANGUAGES[ed]}
        quoted = {q.language for q in rule.sources}
        absent = {a.language for a in rule.absences}
        for language in sorted(required - quoted - absent):
            problems.append(
                Problem("source-missing", rule.id, f"no {language} source text and no absent note")
            )
        for language in sorted(quoted & absent):
            problems.append(
                Problem("source-conflict", rule.id, f"{language} is both quoted and absent")
            )
        for language in sorted((quoted | absent) - required):
            problems.append(
                Problem(
                    "source-edition",
                    rule.id,
                    f"{language} is of an edition the rule is not in ({', '.join(rule.editions)})",
                )
            )
        if rule.is_derived and quoted:
            problems.append(Problem("source-derived", rule.id, "a derived rule quotes a source"))
        if not rule.is_derived and not quoted:
            problems.append(
                Problem(
                    "source-missing", rule.id, "states no source: quote one or list derived_from"
                )
            )
        # The older edition survives in Finnish only: its rules are what that text says.
        if "older" in rule.editions and not rule.is_derived and "fi" not in quoted:
            problems.append(
                Problem("source-missing", rule.id, "an older-edition rule quotes the Finnish text")
            )
        if not rule.editions:
            problems.append(Problem("edition", rule.id, "belongs to no edition"))
    return problems


def _quotes(cat: Catalogue) -> Iterator[tuple[str, str, str]]:
    for rule in cat.rules():
        for quote in rule.sources:
            for excerpt in quote.excerpts:
                yield rule.id, quote.language, excerpt
    for ruling in cat.rulings():
        for evidence in ruling.evidence:
            yield ruling.id, evidence.language, evidence.quote
    for difference in cat.concordance():
        for reading in difference.readings:
            if reading.quote is not None:
                yield difference.id, reading.language, reading.quote


def check_quotes(cat: Catalogue) -> list[Problem]:
    """Every quoted sentence occurs in the published text of its language (compared with
    whitespace collapsed and typographic quotes made plain)."""
    texts = {s.language: normalise(cat.source_text(s.language)) for s in cat.sources}
    problems = []
    for where, language, quote in _quotes(cat):
        if language not in texts:
            problems.append(Problem("quote", where, f"no published text in {language}"))
        elif not quote.strip():
            problems.append(Problem("quote", where, f"empty {language} quote"))
        elif normalise(quote) not in texts[language]:
            problems.append(
                Problem("quote", where, f"{language} quote not in the source: {quote!r}")
            )
    return problems


def _texts_with_roles(cat: Catalogue) -> Iterator[tuple[str, str]]:
    for rule in cat.rules():
        yield rule.id, rule.statement
        for _, text in rule.translations.items():
            yield rule.id, text
        for absence in rule.absences:
            yield rule.id, absence.note
    for ruling in cat.rulings():
        for text in (ruling.question, ruling.decision, ruling.rationale, *ruling.alternatives):
            yield ruling.id, text
        for version in ruling.translations:
            for text in (version.question, version.decision, version.rationale):
                yield ruling.id, text
    for difference in cat.concordance():
        yield difference.id, difference.note
        for translated in difference.translations:
            yield difference.id, translated.note
        for reading in difference.readings:
            yield difference.id, reading.gloss
    for term in cat.glossary():
        for _, text in term.definitions.items():
            yield term.id, text
        for _, text in term.notes.items():
            yield term.id, text


def check_references(cat: Catalogue) -> list[Problem]:
    """Every id a rule, ruling, difference or term refers to exists (and is of the right kind)."""
    problems: list[Problem] = []

    def expect(where: str, ident: str, kind: str) -> None:
        found = cat.kind_of(ident)
        if found == "retired":
            problems.append(Problem("reference", where, f"refers to retired id {ident!r}"))
        elif found != kind:
            what = f"a {found}" if found else "unknown"
            problems.append(Problem("reference", where, f"{kind} {ident!r} is {what}"))

    for rule in cat.rules():
        for ident in rule.derived_from:
            expect(rule.id, ident, "rule")
        if rule.id in rule.derived_from:
            problems.append(Problem("reference", rule.id, "derived from itself"))
    for ruling in cat.rulings():
        if not ruling.rules:
            problems.append(Problem("reference", ruling.id, "settles no rule"))
        for ident in ruling.rules:
            expect(ruling.id, ident, "rule")
    for difference in cat.concordance():
        for ident in difference.rules:
            expect(difference.id, ident, "rule")
        for ident in difference.settled_by:
            expect(difference.id, ident, "ruling")
        if difference.impact == "model" and not difference.settled_by:
            problems.append(
                Problem("concordance", difference.id, "changes the model but no ruling settles it")
            )
        if difference.impact == "none" and not difference.note:
            problems.append(
                Problem("concordance", difference.id, "needs a note saying why nothing is settled")
            )
    for term in cat.glossary():
        for ident in term.rules:
            expect(term.id, ident, "rule")
    for where, text in _texts_with_roles(cat):
        for role, target in roles(text):
            expect(where, target, role)
    return problems


def check_rulings(cat: Catalogue) -> list[Problem]:
    """Each option belongs to one ruling and has a value in every preset; the deck ruling is
    flagged as an assumption."""
    problems: list[Problem] = []
    presets = {p.id for p in cat.presets()}
    owners: dict[str, str] = {}
    for ruling in cat.rulings():
        if ruling.option is None:
            continue
        if ruling.option in owners:
            problems.append(
                Problem(
                    "option", ruling.id, f"option {ruling.option!r} also in {owners[ruling.option]}"
                )
            )
        owners[ruling.option] = ruling.id
        given = {name for name, _ in ruling.values}
        for missing in sorted(presets - given):
            problems.append(Problem("option", ruling.id, f"no value for preset {missing!r}"))
        for extra in sorted(given - presets):
            problems.append(Problem("option", ruling.id, f"value for unknown preset {extra!r}"))
        if not ruling.alternatives:
            problems.append(Problem("option", ruling.id, "an option needs its alternatives"))
    deck = [r for r in cat.rulings() if r.option == "deck"]
    if not deck or not deck[0].assumption:
        problems.append(
            Problem("assumption", "deck", "the deck ruling must be flagged as an assumption")
        )
    return problems


def check_source_files(cat: Catalogue) -> list[Problem]:
    """Each published text is byte for byte the one its manifest checksum names, in UTF-8."""
    problems = []
    languages = set()
    for source in cat.sources:
        languages.add(source.language)
        data = cat.root.joinpath("sources", source.file).read_bytes()
        if hashlib.sha256(data).hexdigest() != source.text_sha256:
            problems.append(
                Problem("source-file", source.file, "text differs from its manifest checksum")
            )
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            problems.append(
                Problem("source-file", source.file, f"not UTF-8 (byte {error.start} is invalid)")
            )
    for language in LANGUAGES:
        if language not in languages:
            problems.append(Problem("source-file", language, "no published text for this language"))
    return problems


def _translation_pairs(
    cat: Catalogue,
) -> Iterator[tuple[str, Language, str, str | None]]:
    """Every English text of our prose that a language needs, with its translation in that
    language (``None``: missing), as ``(where, language, english, translation)``: every
    statement in French, Dutch and Finnish (the referee cites any rule in any language, whatever
    the edition of that language's site), every ruling, concordance entry, glossary note,
    edition and preset, and the titles, glossary terms and definitions."""
    for rule in cat.rules():
        for language in TRANSLATED:
            yield rule.id, language, rule.statement, rule.translations.get(language)
    for ruling in cat.rulings():
        for language in TRANSLATED:
            text = ruling.text_in(language)
            english = ruling.text_in("en")
            found = text.language == language
            for field in ("title", "question", "decision", "rationale"):
                yield (
                    f"{ruling.id} {field}",
                    language,
                    getattr(english, field),
                    getattr(text, field) if found else None,
                )
            if found and len(text.alternatives) != len(english.alternatives):
                yield f"{ruling.id} alternatives", language, "", None
            for n, alternative in enumerate(english.alternatives):
                translated = text.alternatives[n] if found and n < len(text.alternatives) else None
                yield f"{ruling.id} alternative {n + 1}", language, alternative, translated
    for difference in cat.concordance():
        for language in TRANSLATED:
            version = difference.text_in(language)
            found = version.language == language
            topic, note = (version.topic, version.note) if found else (None, None)
            yield f"{difference.id} topic", language, difference.topic, topic
            yield f"{difference.id} note", language, difference.note, note
            for n, reading in enumerate(difference.readings):
                where = f"{difference.id} reading {n + 1}"
                yield where, language, reading.gloss, reading.glosses.get(language)
    for term in cat.glossary():
        for language in TRANSLATED:
            notes = dict(term.translated_notes).get(language)
            for about, original in term.notes.items():
                yield (
                    f"{term.id} note on {about}",
                    language,
                    original,
                    None if notes is None else notes.get(about),
                )
    for edition in cat.editions():
        for language in TRANSLATED:
            yield edition.id, language, edition.description, edition.descriptions.get(language)
    for preset in cat.presets():
        for language in TRANSLATED:
            yield preset.id, language, preset.description, preset.descriptions.get(language)
    for where, texts in _titles(cat):
        for language in TRANSLATED:
            yield where, language, cast(str, texts.en), texts.get(language)


def _titles(cat: Catalogue) -> Iterator[tuple[str, Texts]]:
    """The short texts the catalogue holds in all four languages: titles, glossary terms and
    definitions."""
    for chapter in cat.chapters():
        yield f"chapter {chapter.id} title", chapter.titles
    for rule in cat.rules():
        yield f"{rule.id} title", rule.titles
    for group in cat.ruling_groups():
        yield f"ruling group {group.id} title", group.titles
    for term in cat.glossary():
        yield f"{term.id} term", term.terms
        yield f"{term.id} definition", term.definitions
    for edition in cat.editions():
        yield f"edition {edition.id} title", edition.titles
    for preset in cat.presets():
        yield f"preset {preset.id} title", preset.titles


def _shown_titles(cat: Catalogue) -> Iterator[tuple[str, Language, str, str]]:
    """Every translated title a reader sees, with the English one, as ``(where, language,
    english, title)``: of the chapters, rules, ruling groups, rulings, glossary terms, editions
    and presets."""
    for where, texts in _titles(cat):
        if not where.endswith(" definition"):
            for language in TRANSLATED:
                yield where, language, cast(str, texts.en), texts[language]
    for ruling in cat.rulings():
        for language in TRANSLATED:
            yield f"{ruling.id} title", language, ruling.title, ruling.text_in(language).title


def check_translations(cat: Catalogue) -> list[Problem]:
    """Our prose is translated into French, Dutch and Finnish: each statement (of either
    edition: the referee cites any rule in any language), each ruling, concordance entry,
    glossary note, edition and preset, and every title, glossary term and definition. A
    translation is not the English itself, unless the published texts keep those words as a
    name ("11 peek", "Ass Move") or they are marked quotations of the published English text;
    a translated title does not quote the English text (not the English title's quotation
    either); a translation cites the same rules and rulings and the same code as the English."""
    problems = []
    published = _Published(cat)
    for where, language, english, translated in _translation_pairs(cat):
        if translated is None:
            problems.append(Problem("translation", where, f"no {language} translation"))
            continue
        if normalise(translated) == normalise(english) and not published.keeps(english):
            problems.append(
                Problem("translation", where, f"the {language} translation is the English")
            )
        if Counter(roles(english)) != Counter(roles(translated)):
            problems.append(
                Problem("translation", where, f"the {language} translation cites other ids")
            )
        if _code(english) != _code(translated):
            problems.append(
                Problem("translation", where, f"the {language} translation has other code")
            )
    for where, language, english, title in _shown_titles(cat):
        # A title is all a reader sees of a ruling in a list: it quotes that reader's text.
        carried = {_folded(piece) for piece, quoted in quoted_pieces(english) if quoted}
        for piece, quoted in quoted_pieces(title):
            if quoted and (_folded(piece) in carried or published.is_english_sentence(piece)):
                problems.append(
                    Problem(
                        "translation",
                        where,
                        f"the {language} title quotes the English text: {piece}",
                    )
                )
    return problems


class _Published:
    """The published texts, as a translation is compared with them."""

    #: A quotation of this many words or more is a sentence of the text, not a name.
    SENTENCE: Final = 3

    def __init__(self, cat: Catalogue) -> None:
        self.texts = {s.language: _folded(cat.source_text(s.language)) for s in cat.sources}

    def keeps(self, english: str) -> bool:
        """True where a translation may be the English itself: a name the publisher keeps in a
        text other than the English one ("11 peek", "Ass Move", "Hall of Fame"), or a text made
        of marked quotations of the published English text and nothing else."""
        name = f" {_folded(english)} "
        if any(name in f" {text} " for language, text in self.texts.items() if language != "en"):
            return True
        pieces = list(quoted_pieces(english))
        quotations = [piece for piece, quoted in pieces if quoted]
        ours = "".join(piece for piece, quoted in pieces if not quoted)
        return (
            bool(quotations)
            and not re.search(r"\w", ours)
            and all(map(self.is_english_sentence, quotations))
        )

    def is_english_sentence(self, quotation: str) -> bool:
        """True for a quotation (marks included) of words of the published English text."""
        words = _folded(quotation[1:-1])
        return len(words.split()) >= self.SENTENCE and words in self.texts["en"]


def _folded(text: str) -> str:
    """Text as a name or a quotation is looked up: normalised, lower case, no punctuation."""
    return " ".join(re.sub(r"[^\w\s-]", " ", normalise(text).casefold()).split())


def _code(text: str) -> Counter[str]:
    """The code spans of ``text``, roles aside (a role's backticks are not code)."""
    return Counter(_CODE.findall(_ROLE.sub(" ", text)))


def _has_form(text: str, forms: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<![\w-]){re.escape(form)}", text) for form in forms)


def check_terminology(cat: Catalogue) -> list[Problem]:
    """Each translated statement says each glossary term its English statement uses with the
    glossary's word for it (one of the term's ``forms`` in that language); quotations of the
    published texts do not count. (That no prose says a word the glossary avoids is
    :func:`check_vocabulary`.)"""
    problems = []
    for rule in cat.rules():
        english = " ".join(unquoted(rule.statement).lower().split())
        for language, translated in rule.translations.items():
            ours = " ".join(unquoted(translated).lower().split())
            for term in cat.glossary():
                if _has_form(english, term.forms_in("en")) and not _has_form(
                    ours, term.forms_in(language)
                ):
                    problems.append(
                        Problem(
                            "terminology",
                            rule.id,
                            f"the {language} statement does not say {term.term(language)!r}"
                            f" ({term.id})",
                        )
                    )
    return problems


def check_vocabulary(cat: Catalogue) -> list[Problem]:
    """No prose of the catalogue, in any language, says a word the glossary marks "avoid" for
    that language (:func:`sabai_dev.wording.avoided_in`): titles, statements, notes on an absent
    text, rulings, the concordance, the glossary's own terms, definitions and notes, editions and
    presets. Quotations do not count: the published texts stay as published, and a note may name
    the word it avoids in quotation marks."""
    return [
        Problem("vocabulary", finding.where, f"{finding.language}: {finding.message}")
        for finding in wording.check_texts(wording.catalogue_prose(cat), cat, typography=False)
    ]


def check_typography(cat: Catalogue) -> list[Problem]:
    """The catalogue's French prose is set in French typography
    (:func:`sabai_dev.wording.french_typography`): a no-break space before ``:``, ``;``, ``?``
    and ``!`` and inside ``« »``, the typographic apostrophe."""
    return [
        Problem("typography", where, problem)
        for where, language, text in wording.catalogue_prose(cat)
        if language == "fr"
        for problem in wording.french_typography(text)
    ]


CHECKS: tuple[Callable[[Catalogue], list[Problem]], ...] = (
    check_ids,
    check_source_presence,
    check_quotes,
    check_references,
    check_rulings,
    check_source_files,
    check_translations,
    check_terminology,
    check_vocabulary,
    check_typography,
)


def check(cat: Catalogue) -> list[Problem]:
    """Every problem every check finds."""
    return [problem for run in CHECKS for problem in run(cat)]

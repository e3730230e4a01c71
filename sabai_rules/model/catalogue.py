"""The rule catalogue: every rule, ruling, translation difference and glossary term of sabai-sabai.

The catalogue is the data in ``spec/`` (shipped inside the package as ``sabai_rules/_spec``),
loaded lazily on first use and cached, so that citing a rule costs a dictionary look-up::

    >>> from sabai_rules.model import catalogue
    >>> rule = catalogue.rule("throw-in.wrong-card.penalty")
    >>> rule.chapter
    'throw-in'
    >>> rule.text("nl").language
    'nl'
    >>> catalogue.rule("game-end.winner").text("nl").language   # NL has no such sentence
    'en'

Unknown ids and languages raise :class:`UnknownIdError` and :class:`UnknownLanguageError`,
whose messages name the offending input and the nearest known ids.
"""

from __future__ import annotations

import difflib
import functools
import re
import reprlib
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final, Literal, Protocol, TypeAlias, TypeVar, cast, get_args

import attrs

__all__ = [
    "EDITIONS",
    "EDITION_OF",
    "LANGUAGES",
    "MAX_ID_LENGTH",
    "SOURCE_LANGUAGES",
    "Absence",
    "Catalogue",
    "CatalogueError",
    "Chapter",
    "Difference",
    "DifferenceText",
    "Edition",
    "EditionInfo",
    "Evidence",
    "Language",
    "OptionValue",
    "Preset",
    "Quote",
    "Reading",
    "Retired",
    "RetiredIdError",
    "Rule",
    "Ruling",
    "RulingGroup",
    "RulingText",
    "SourceFile",
    "Term",
    "Texts",
    "UnknownIdError",
    "UnknownLanguageError",
    "chapters",
    "check_language",
    "concordance",
    "default",
    "glossary",
    "load",
    "normalise",
    "one_line",
    "plain",
    "quoted_pieces",
    "rule",
    "rule_number",
    "rulebook_link",
    "rules",
    "ruling",
    "rulings",
    "spec_root",
    "unquoted",
]

Language: TypeAlias = Literal["en", "fr", "nl", "fi"]
Edition: TypeAlias = Literal["current", "older"]
Kind: TypeAlias = Literal["normative", "informational"]
#: An option value of a ruling: TOML scalars; a table (the deck) as sorted key/value pairs.
OptionValue: TypeAlias = bool | int | str | tuple[tuple[str, Any], ...]

LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
EDITIONS: Final[tuple[Edition, ...]] = get_args(Edition)
#: The languages in which each edition was published (the others are translations of ours).
SOURCE_LANGUAGES: Final[Mapping[Edition, tuple[Language, ...]]] = {
    "current": ("en", "fr", "nl"),
    "older": ("fi",),
}
#: The edition each language's text is of, and so the edition of the rulebook site in it.
EDITION_OF: Final[Mapping[Language, Edition]] = {
    language: edition for edition, languages in SOURCE_LANGUAGES.items() for language in languages
}
#: Where a text is missing in the requested language, the next one tried.
FALLBACK: Final[Mapping[Language, tuple[Language, ...]]] = {
    "en": ("en", "fr", "nl", "fi"),
    "fr": ("fr", "en", "nl", "fi"),
    "nl": ("nl", "en", "fr", "fi"),
    "fi": ("fi", "en", "fr", "nl"),
}

#: No id of the catalogue is longer (the longest has 41 characters): a longer one gets no "did you
#: mean" (comparing it with every id would take seconds) and is echoed as an excerpt.
MAX_ID_LENGTH: Final = 100

_ROLE = re.compile(r"\{(rule|ruling|term|difference)\}`([^`]+)`")
_TYPOGRAPHIC = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u00a0": " ",
        "\u202f": " ",
    }
)


class CatalogueError(Exception):
    """The spec data is malformed (a missing key, a wrong type, a duplicate id)."""


class UnknownIdError(LookupError):
    """An id that is not in the catalogue (a rule, ruling, term or difference)."""

    def __init__(self, kind: str, ident: str, known: Iterable[str]) -> None:
        self.kind = kind
        self.ident = ident
        self.suggestions = _suggest(ident, known)
        hint = (
            f"; did you mean {' or '.join(map(repr, self.suggestions))}?"
            if self.suggestions
            else ""
        )
        super().__init__(f"unknown {kind} id {_shown_id(ident)}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


class RetiredIdError(UnknownIdError):
    """An id the catalogue withdrew (``spec/retired.toml``); it is never reused."""

    def __init__(self, kind: str, retired: Retired) -> None:
        instead = f"; use {retired.replaced_by!r}" if retired.replaced_by else ""
        LookupError.__init__(
            self, f"{kind} id {retired.id!r} was retired ({retired.reason}){instead}"
        )
        self.kind = kind
        self.ident = retired.id
        self.suggestions = (retired.replaced_by,) if retired.replaced_by else ()


class UnknownLanguageError(ValueError):
    """A language code other than ``en``, ``fr``, ``nl`` or ``fi``."""

    def __init__(self, language: object) -> None:
        self.language = language
        super().__init__(
            f"unknown language {_shown_id(language)} (expected one of {', '.join(LANGUAGES)})"
        )


_ID_REPR = reprlib.Repr()
_ID_REPR.maxstring = MAX_ID_LENGTH
_ID_REPR.maxother = MAX_ID_LENGTH


def _shown_id(ident: object) -> str:
    """An id as a message echoes it: quoted and escaped (repr), an excerpt if it is longer than
    any id, so that the message stays one short line."""
    return _ID_REPR.repr(ident)


def _suggest(ident: str, known: Iterable[str]) -> tuple[str, ...]:
    """The known ids nearest to ``ident``: ids it is the start of, else the closest spellings
    (only those nearly as close as the best one, so that a typo gets one answer, not three).
    Nothing for an id longer than any id (:data:`MAX_ID_LENGTH`)."""
    if len(ident) > MAX_ID_LENGTH:
        return ()
    known = list(known)
    extending = [k for k in known if k.startswith(ident)] if len(ident) > 3 else []
    if extending:
        return tuple(extending[:3])
    scored = sorted(
        ((difflib.SequenceMatcher(None, ident, k).ratio(), k) for k in known), reverse=True
    )
    if not scored or scored[0][0] < 0.6:
        return ()
    best = scored[0][0]
    return tuple(k for ratio, k in scored[:3] if ratio > best - 0.08)


def check_language(language: str) -> Language:
    """Return ``language`` as a :data:`Language`, or raise :class:`UnknownLanguageError`."""
    if language not in LANGUAGES:
        raise UnknownLanguageError(language)
    return language


def normalise(text: str) -> str:
    """Text as quotes are compared: typographic quotes and no-break spaces made plain,
    every run of whitespace a single space."""
    return " ".join(text.translate(_TYPOGRAPHIC).split())


def one_line(text: str) -> str:
    """``text`` on one line: each run of spaces, tabs and line breaks one space. A no-break space
    stays what it is (French sets one before a colon, inside « »).

    >>> one_line("Règle\\u00a0:\\n  jeter ") == "Règle\\u00a0: jeter"
    True
    """
    return re.sub(r"[ \t\r\n]+", " ", text).strip(" \t\r\n")


def plain(text: str) -> str:
    """Text with the catalogue's MyST roles (``{rule}`id```) reduced to the bare id."""
    return _ROLE.sub(lambda m: m.group(2), text).strip()


#: What our prose quotes, cites or marks as code: a role, a code span, a quotation in any of the
#: four languages' quotation marks, a Markdown link.
_QUOTED = re.compile(
    r"\{[a-z-]+\}`[^`]*`|`[^`]*`|\"[^\"]*\"|\u201c[^\u201d]*\u201d|\u00ab[^\u00bb]*\u00bb"
    r"|\u201d[^\u201d]*\u201d|\u2018[^\u2019]*\u2019|(?<!\w)'[^']*'(?!\w)|\[[^\]]*\]\([^)]*\)"
)


def unquoted(text: str) -> str:
    """Our own words in ``text``: each quotation, role and code span replaced by a space, so that
    a word quoted from a published text is not taken for our wording.

    >>> unquoted('French "partie" means a {rule}`turn.keep` round')
    'French   means a   round'
    """
    return _QUOTED.sub(" ", text)


def quoted_pieces(text: str) -> Iterator[tuple[str, bool]]:
    """``text`` cut into pieces, each with whether it is quoted (see :func:`unquoted`)."""
    position = 0
    for match in _QUOTED.finditer(text):
        yield text[position : match.start()], False
        yield match.group(), True
        position = match.end()
    yield text[position:], False


def roles(text: str) -> Iterator[tuple[str, str]]:
    """Every ``(role, target)`` cited in ``text`` (``("rule", "turn.keep")``, ...)."""
    for match in _ROLE.finditer(text):
        yield match.group(1), match.group(2)


@attrs.frozen
class Texts:
    """One short text in each language; a language may be missing (``None``)."""

    en: str | None = None
    fr: str | None = None
    nl: str | None = None
    fi: str | None = None

    def get(self, language: str) -> str | None:
        """The text in exactly ``language``, or ``None``."""
        return cast(str | None, getattr(self, check_language(language)))

    def pick(self, language: str) -> tuple[Language, str]:
        """The text in ``language``, else in the first language of its fallback order."""
        for candidate in FALLBACK[check_language(language)]:
            text = getattr(self, candidate)
            if text is not None:
                return candidate, cast(str, text)
        raise LookupError("no text in any language")

    def __getitem__(self, language: str) -> str:
        return self.pick(language)[1]

    def items(self) -> Iterator[tuple[Language, str]]:
        for language in LANGUAGES:
            text = getattr(self, language)
            if text is not None:
                yield language, text


@attrs.frozen
class Quote:
    """Verbatim excerpt(s) of a published text that carry a rule."""

    language: Language
    edition: Edition
    excerpts: tuple[str, ...]

    @property
    def text(self) -> str:
        return " […] ".join(self.excerpts)


@attrs.frozen
class Absence:
    """A language whose published text lacks a rule, with the reason."""

    language: Language
    note: str


@attrs.frozen
class Rule:
    """One atomic rule: its stable id, where it stands, its sources and our statement of it."""

    id: str
    chapter: str
    #: The rule's place in the catalogue of both editions, its reading order; the number a
    #: reader is shown is :meth:`Catalogue.rule_number`, the rule's place in one edition.
    number: str
    kind: Kind
    editions: tuple[Edition, ...]
    brief: tuple[str, ...]
    derived_from: tuple[str, ...]
    titles: Texts
    #: Our statement of the rule, in English: the normative one.
    statement: str
    sources: tuple[Quote, ...]
    absences: tuple[Absence, ...]
    #: The project's translations of :attr:`statement` (``en`` is ``None``): French, Dutch and
    #: Finnish for every rule of either edition (the referee cites any rule in any language).
    translations: Texts = Texts()

    @property
    def is_normative(self) -> bool:
        return self.kind == "normative"

    @property
    def is_derived(self) -> bool:
        """True for a rule no published text states: it follows from :attr:`derived_from`."""
        return bool(self.derived_from)

    def in_edition(self, edition: Edition) -> bool:
        return edition in self.editions

    def title(self, language: str = "en") -> str:
        return self.titles[language]

    def statement_in(self, language: str) -> tuple[Language, str]:
        """Our statement in ``language`` — the project's translation — and the language it is in:
        English (normative, :attr:`statement`) where there is no translation.

        >>> from sabai_rules.model import catalogue
        >>> draw = catalogue.rule("turn.draw")
        >>> draw.statement_in("fr")[0], draw.statement_in("en") == ("en", draw.statement)
        ('fr', True)
        """
        text = self.translations.get(language)
        return ("en", self.statement) if text is None else (cast(Language, language), text)

    def source(self, language: str) -> Quote | None:
        """The published text of this rule in exactly ``language``, or ``None``."""
        language = check_language(language)
        return next((q for q in self.sources if q.language == language), None)

    def absence(self, language: str) -> str | None:
        """Why the published text in ``language`` lacks this rule, or ``None``."""
        language = check_language(language)
        return next((a.note for a in self.absences if a.language == language), None)

    def text(self, language: str = "en") -> Quote | None:
        """The published text in ``language`` or the first available in its fallback order;
        ``None`` for a derived rule no text states."""
        for candidate in FALLBACK[check_language(language)]:
            quote = self.source(candidate)
            if quote is not None:
                return quote
        return None


@attrs.frozen
class Chapter:
    id: str
    number: int
    titles: Texts
    rules: tuple[str, ...]

    def title(self, language: str = "en") -> str:
        return self.titles[language]


@attrs.frozen
class Evidence:
    """A verbatim fragment of a source that a ruling relies on."""

    language: Language
    quote: str


@attrs.frozen
class RulingText:
    """A ruling's prose in one language: English, or the project's translation of it."""

    language: Language
    title: str
    question: str
    decision: str
    rationale: str
    alternatives: tuple[str, ...]


@attrs.frozen
class Ruling:
    """The decision on a question the published texts leave open."""

    id: str
    number: int
    group: str
    brief: tuple[str, ...]
    rules: tuple[str, ...]
    title: str
    question: str
    decision: str
    rationale: str
    option: str | None
    values: tuple[tuple[str, OptionValue], ...]
    alternatives: tuple[str, ...]
    assumption: bool
    evidence: tuple[Evidence, ...]
    #: The project's translations of the title, question, decision, rationale and alternatives.
    translations: tuple[RulingText, ...] = ()

    def text_in(self, language: str) -> RulingText:
        """The ruling's prose in ``language`` (the project's translation), else in English."""
        language = check_language(language)
        for text in self.translations:
            if text.language == language:
                return text
        return RulingText(
            "en", self.title, self.question, self.decision, self.rationale, self.alternatives
        )

    def value(self, preset: str) -> OptionValue:
        """The value of :attr:`option` in ``preset``."""
        for name, value in self.values:
            if name == preset:
                return value
        raise UnknownIdError("preset", preset, (name for name, _ in self.values))


@attrs.frozen
class RulingGroup:
    id: str
    number: int
    titles: Texts
    rulings: tuple[str, ...]


@attrs.frozen
class Reading:
    """What one language says at a place where the translations differ."""

    language: Language
    quote: str | None
    gloss: str
    #: The project's translations of :attr:`gloss`.
    glosses: Texts = Texts()

    def gloss_in(self, language: str) -> str:
        """The gloss in ``language`` (the project's translation), else in English."""
        text = self.glosses.get(language)
        return self.gloss if text is None else text


@attrs.frozen
class DifferenceText:
    """A difference's topic and note in one language: English, or the project's translation."""

    language: Language
    topic: str
    note: str


@attrs.frozen
class Difference:
    """A place where the published texts disagree, and what settles it."""

    id: str
    brief: tuple[str, ...]
    topic: str
    rules: tuple[str, ...]
    settled_by: tuple[str, ...]
    impact: Literal["model", "none"]
    note: str
    readings: tuple[Reading, ...]
    #: The project's translations of the topic and the note.
    translations: tuple[DifferenceText, ...] = ()

    def text_in(self, language: str) -> DifferenceText:
        """The topic and note in ``language`` (the project's translation), else in English."""
        language = check_language(language)
        for text in self.translations:
            if text.language == language:
                return text
        return DifferenceText("en", self.topic, self.note)


@attrs.frozen
class Term:
    id: str
    terms: Texts
    definitions: Texts
    rules: tuple[str, ...]
    #: Notes on how each published text words the concept, keyed by the text's language, in
    #: English.
    notes: Texts
    #: The project's translations of :attr:`notes`: per language of the reader, the notes keyed
    #: as in :attr:`notes`.
    translated_notes: tuple[tuple[Language, Texts], ...] = ()
    #: The beginnings of words that count as the term in our prose, per language (inflections,
    #: plurals); the term itself when not given.
    forms: tuple[tuple[Language, tuple[str, ...]], ...] = ()
    #: Words our prose in that language does not use for the concept: the glossary's term is used.
    #: Whole words; one ending in ``*`` is the beginning of a word (``heittä*``).
    avoid: tuple[tuple[Language, tuple[str, ...]], ...] = ()

    def term(self, language: str = "en") -> str:
        return self.terms[language]

    def notes_in(self, language: str) -> tuple[tuple[Language, str], ...]:
        """Each note as ``(language of the text it is about, note)``, in ``language`` (the
        project's translation) where translated, else in English."""
        language = check_language(language)
        translated = dict(self.translated_notes).get(language, Texts())
        return tuple((about, translated.get(about) or note) for about, note in self.notes.items())

    def forms_in(self, language: str) -> tuple[str, ...]:
        """The lower-case word beginnings that count as the term in ``language``."""
        language = check_language(language)
        given = dict(self.forms).get(language)
        return given if given else (self.terms[language].lower(),)

    def avoided_in(self, language: str) -> tuple[str, ...]:
        """The words our prose in ``language`` does not use for this concept."""
        return dict(self.avoid).get(check_language(language), ())

    def definition(self, language: str = "en") -> str:
        return self.definitions[language]


@attrs.frozen
class EditionInfo:
    id: Edition
    titles: Texts
    languages: tuple[Language, ...]
    description: str
    #: The project's translations of :attr:`description`.
    descriptions: Texts = Texts()

    def description_in(self, language: str) -> str:
        return self.descriptions.get(language) or self.description


@attrs.frozen
class Preset:
    id: str
    edition: Edition
    titles: Texts
    description: str
    #: The project's translations of :attr:`description`.
    descriptions: Texts = Texts()

    def description_in(self, language: str) -> str:
        return self.descriptions.get(language) or self.description


@attrs.frozen
class Retired:
    id: str
    reason: str
    replaced_by: str | None


@attrs.frozen
class SourceFile:
    """One published text as kept in ``spec/sources`` (see its ``manifest.toml``)."""

    file: str
    language: Language
    edition: Edition
    title: str
    seed: str
    seed_form: str
    seed_sha256: str
    text_sha256: str
    origin: str
    witnesses: tuple[tuple[tuple[str, str], ...], ...]


class Catalogue:
    """All of the specification, indexed by id. Build one with :func:`load`."""

    def __init__(
        self,
        *,
        root: Traversable,
        chapters: tuple[Chapter, ...],
        rules: tuple[Rule, ...],
        ruling_groups: tuple[RulingGroup, ...],
        rulings: tuple[Ruling, ...],
        differences: tuple[Difference, ...],
        terms: tuple[Term, ...],
        editions: tuple[EditionInfo, ...],
        presets: tuple[Preset, ...],
        retired: tuple[Retired, ...],
        sources: tuple[SourceFile, ...],
    ) -> None:
        self.root = root
        self._chapters: dict[str, Chapter] = _index("chapter", chapters)
        self._rules: dict[str, Rule] = _index("rule", rules)
        self._ruling_groups: dict[str, RulingGroup] = _index("ruling group", ruling_groups)
        self._rulings: dict[str, Ruling] = _index("ruling", rulings)
        self._differences: dict[str, Difference] = _index("difference", differences)
        self._terms: dict[str, Term] = _index("term", terms)
        self._editions: dict[str, EditionInfo] = _index("edition", editions)
        self._presets: dict[str, Preset] = _index("preset", presets)
        self._retired: dict[str, Retired] = _index("retired id", retired)
        self.sources = sources

    def __repr__(self) -> str:
        return (
            f"<Catalogue {len(self._rules)} rules, {len(self._rulings)} rulings, "
            f"{len(self._differences)} differences, {len(self._terms)} terms from {self.root}>"
        )

    # -- look-ups ---------------------------------------------------------------------------

    def rule(self, ident: str) -> Rule:
        """The rule with id ``ident``; :class:`UnknownIdError` names a retired or unknown id."""
        found = self._rules.get(ident)
        if found is None:
            if ident in self._retired:
                raise RetiredIdError("rule", self._retired[ident])
            raise UnknownIdError("rule", ident, self._rules)
        return found

    def rules(
        self,
        *,
        edition: Edition | None = None,
        chapter: str | None = None,
        kind: Kind | None = None,
    ) -> tuple[Rule, ...]:
        """The rules in reading order, optionally of one edition, chapter or kind."""
        if chapter is not None:
            self.chapter(chapter)
        return tuple(
            r
            for r in self._rules.values()
            if (edition is None or edition in r.editions)
            and (chapter is None or r.chapter == chapter)
            and (kind is None or r.kind == kind)
        )

    def chapter(self, ident: str) -> Chapter:
        return _lookup("chapter", self._chapters, ident)

    def chapters(self) -> tuple[Chapter, ...]:
        return tuple(self._chapters.values())

    def ruling(self, ident: str) -> Ruling:
        return _lookup("ruling", self._rulings, ident)

    def rulings(self, *, rule: str | None = None, option: str | None = None) -> tuple[Ruling, ...]:
        """The rulings in order; with ``rule``, those that settle that rule; with ``option``,
        the one(s) that option belongs to."""
        if rule is not None:
            self.rule(rule)
        return tuple(
            r
            for r in self._rulings.values()
            if (rule is None or rule in r.rules) and (option is None or r.option == option)
        )

    def ruling_groups(self) -> tuple[RulingGroup, ...]:
        return tuple(self._ruling_groups.values())

    def difference(self, ident: str) -> Difference:
        return _lookup("difference", self._differences, ident)

    def concordance(self, *, rule: str | None = None) -> tuple[Difference, ...]:
        return tuple(d for d in self._differences.values() if rule is None or rule in d.rules)

    def term(self, ident: str) -> Term:
        return _lookup("term", self._terms, ident)

    def glossary(self) -> tuple[Term, ...]:
        return tuple(self._terms.values())

    def edition(self, ident: str) -> EditionInfo:
        return _lookup("edition", self._editions, ident)

    def editions(self) -> tuple[EditionInfo, ...]:
        return tuple(self._editions.values())

    def preset(self, ident: str) -> Preset:
        return _lookup("preset", self._presets, ident)

    def presets(self) -> tuple[Preset, ...]:
        return tuple(self._presets.values())

    def retired(self) -> tuple[Retired, ...]:
        return tuple(self._retired.values())

    def options(self) -> tuple[str, ...]:
        """Every ruleset option a ruling names, in ruling order."""
        return tuple(dict.fromkeys(r.option for r in self._rulings.values() if r.option))

    def kind_of(self, ident: str) -> str | None:
        """``"rule"``, ``"ruling"``, ``"difference"``, ``"term"``, ``"retired"`` or ``None``."""
        for kind, index in (
            ("rule", self._rules),
            ("ruling", self._rulings),
            ("difference", self._differences),
            ("term", self._terms),
            ("retired", self._retired),
        ):
            if ident in index:
                return kind
        return None

    def rulebook_link(self, ident: str, language: str = "en") -> str:
        """Where the rulebook site shows a rule or ruling, relative to the site's root:
        ``fr/rules/throw-in.html#throw-in.retry-lockout``. The anchor is the id itself (a
        contract the rulebook's link check tests). A rule of the older edition only is on the
        Finnish site; a rule of the current edition only is on the English site when the Finnish
        site is asked for."""
        language = check_language(language)
        if self.kind_of(ident) == "ruling":
            return f"{language}/rulings.html#{ident}"
        rule = self.rule(ident)
        site = language
        if EDITION_OF[language] not in rule.editions:
            # The first site of the rule's edition: English for the current one, Finnish else.
            site = SOURCE_LANGUAGES[rule.editions[0]][0]
        return f"{site}/rules/{rule.chapter}.html#{ident}"

    def site_edition(self, ident: str, language: str = "en") -> Edition:
        """The edition of the rulebook site that shows rule ``ident`` to a reader of ``language``
        (the site :meth:`rulebook_link` points to): the language's own edition if the rule is in
        it, else the rule's first edition."""
        rule = self.rule(ident)
        edition = EDITION_OF[check_language(language)]
        return edition if edition in rule.editions else rule.editions[0]

    def rule_number(self, ident: str, edition: Edition) -> str:
        """The number of rule ``ident`` in the rulebook of ``edition``: its chapter's number and
        its place among that edition's rules of the chapter (``"6.8"``). The one numbering: the
        rulebook site, the referee and ``sabai rules`` all print it. A rule of the other edition
        only has no number in this one (:class:`UnknownIdError`)."""
        rule = self.rule(ident)
        if edition not in rule.editions:
            known = (r.id for r in self.rules(edition=edition))
            raise UnknownIdError(f"{edition}-edition rule", ident, known)
        shown = [r.id for r in self.rules(chapter=rule.chapter, edition=edition)]
        return f"{self.chapter(rule.chapter).number}.{shown.index(ident) + 1}"

    def reference(self, ident: str, language: str = "en") -> str:
        """How a reference to a rule or ruling reads for a reader of ``language``: its number in
        the rulebook that reader is shown and its title ("6.8 Nouvelle tentative", "R12 ...")."""
        if self.kind_of(ident) == "ruling":
            ruling = self.ruling(ident)
            return f"R{ruling.number} {ruling.text_in(language).title}"
        rule = self.rule(ident)
        number = self.rule_number(ident, self.site_edition(ident, language))
        return f"{number} {rule.title(language)}"

    def readable(self, text: str, language: str = "en") -> str:
        """``text`` with each role citing a rule or ruling read as :meth:`reference` reads it,
        and any other role as its bare id (:func:`plain`): prose for a player."""

        def cited(match: re.Match[str]) -> str:
            role, ident = match.group(1), match.group(2)
            if role in ("rule", "ruling") and self.kind_of(ident) in ("rule", "ruling"):
                return self.reference(ident, language)
            return ident

        return _ROLE.sub(cited, text).strip()

    def source_file(self, language: str) -> SourceFile:
        language = check_language(language)
        for source in self.sources:
            if source.language == language:
                return source
        raise UnknownIdError("source language", language, (s.language for s in self.sources))

    def source_text(self, language: str) -> str:
        """The whole published text in ``language`` (``fi`` is the older edition)."""
        source = self.source_file(language)
        return self.root.joinpath("sources", source.file).read_text(encoding="utf-8")


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_Identified)


def _index(kind: str, items: Iterable[_T]) -> dict[str, _T]:
    index: dict[str, _T] = {}
    for item in items:
        if item.id in index:
            raise CatalogueError(f"duplicate {kind} id {item.id!r}")
        index[item.id] = item
    return index


# -- reading the TOML files ----------------------------------------------------------------------


class _Table:
    """A TOML table being read: typed access that names the file and key on error, and a
    final check that no unknown key was left (a typo in the data is an error, not a no-op)."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise CatalogueError(f"{where}: expected a table, got {type(data).__name__}")
        self.data: dict[str, Any] = data
        self.where = where
        self.seen: set[str] = set()

    def _get(self, key: str, default: object, types: type | tuple[type, ...]) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if default is _REQUIRED:
                raise CatalogueError(f"{self.where}: missing key {key!r}")
            return default
        value = self.data[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in _tuple(types)):
            raise CatalogueError(
                f"{self.where}: {key!r} has the wrong type ({type(value).__name__})"
            )
        return value

    def text(self, key: str) -> str:
        return cast(str, self._get(key, _REQUIRED, str)).strip()

    def opt_text(self, key: str) -> str | None:
        value = self._get(key, None, str)
        return None if value is None else cast(str, value).strip()

    def integer(self, key: str) -> int:
        return cast(int, self._get(key, _REQUIRED, int))

    def flag(self, key: str, default: bool) -> bool:
        return cast(bool, self._get(key, default, bool))

    def strings(self, key: str, *, required: bool = False) -> tuple[str, ...]:
        value = self._get(key, _REQUIRED if required else [], list)
        if not all(isinstance(v, str) for v in value):
            raise CatalogueError(f"{self.where}: {key!r} must be a list of strings")
        return tuple(v.strip() for v in value)

    def table(self, key: str, *, required: bool = False) -> _Table:
        return _Table(self._get(key, _REQUIRED if required else {}, dict), f"{self.where}.{key}")

    def tables(self, key: str) -> list[_Table]:
        value = self._get(key, [], list)
        return [_Table(v, f"{self.where}.{key}[{i}]") for i, v in enumerate(value)]

    def texts(self, key: str, *, required: bool = True) -> Texts:
        table = self.table(key, required=required)
        values = {language: table.opt_text(language) for language in LANGUAGES}
        table.done()
        if required and None in values.values():
            missing = [language for language, text in values.items() if text is None]
            raise CatalogueError(f"{self.where}.{key}: missing {', '.join(missing)}")
        return Texts(**values)

    def translations(self, key: str) -> Texts:
        """The project's translations of an English text, per language (never ``en``: the English
        text is the original)."""
        texts = self.texts(key, required=False)
        if texts.en is not None:
            raise CatalogueError(f"{self.where}.{key}: 'en' is the original, not a translation")
        return texts

    def per_language(self, key: str) -> list[tuple[Language, _Table]]:
        """A table of tables keyed by language (``[ruling.translation.fr]``), in language order."""
        table = self.table(key)
        found = []
        for language in table.data:
            table.seen.add(language)
            _language(language, table.where)
            if language == "en":
                raise CatalogueError(f"{table.where}: 'en' is the original, not a translation")
        for language in LANGUAGES:
            if language in table.data:
                found.append((language, _Table(table.data[language], f"{table.where}.{language}")))
        return found

    def done(self) -> None:
        extra = set(self.data) - self.seen
        if extra:
            raise CatalogueError(f"{self.where}: unknown key(s) {', '.join(sorted(extra))}")


_REQUIRED: Final = object()


def _lookup(kind: str, index: Mapping[str, _T], ident: str) -> _T:
    """``index[ident]``; an unknown id is an :class:`UnknownIdError` suggesting the nearest."""
    try:
        return index[ident]
    except KeyError:
        raise UnknownIdError(kind, ident, index) from None


def _tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def _read_toml(path: Traversable) -> _Table:
    """A TOML file of the catalogue; a file that is missing, unreadable, not UTF-8 or not TOML is
    a :class:`CatalogueError` (the package is damaged), never another exception."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogueError(f"missing file {path.name}") from None
    except IsADirectoryError:
        raise CatalogueError(f"{path.name} is a directory, not a file") from None
    except UnicodeDecodeError as error:
        raise CatalogueError(
            f"{path.name}: not UTF-8 text (byte {error.start} is invalid)"
        ) from None
    except OSError as error:
        raise CatalogueError(f"{path.name}: cannot be read ({error.strerror})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogueError(f"{path.name}: {error}") from None
    return _Table(data, path.name)


def _language(value: str, where: str) -> Language:
    if value not in LANGUAGES:
        raise CatalogueError(f"{where}: unknown language {value!r}")
    return value


def _edition(value: str, where: str) -> Edition:
    if value not in EDITIONS:
        raise CatalogueError(f"{where}: unknown edition {value!r}")
    return value


def _freeze(value: Any, where: str) -> OptionValue:
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v, where)) for k, v in value.items()))
    raise CatalogueError(f"{where}: unsupported option value {value!r}")


def _read_rule_file(path: Traversable) -> tuple[Chapter, list[Rule]]:
    doc = _read_toml(path)
    head = doc.table("chapter", required=True)
    chapter_id = head.text("id")
    number = head.integer("number")
    titles = head.texts("title")
    head.done()
    rules: list[Rule] = []
    for index, table in enumerate(doc.tables("rule"), start=1):
        ident = table.text("id")
        table.where = f"{path.name}: rule {ident!r}"
        kind = table.text("kind")
        if kind not in ("normative", "informational"):
            raise CatalogueError(f"{table.where}: kind must be normative or informational")
        editions = tuple(_edition(e, table.where) for e in table.strings("editions", required=True))
        source_table = table.table("source")
        sources = []
        for language, value in source_table.data.items():
            source_table.seen.add(language)
            excerpts = (value,) if isinstance(value, str) else value
            if not isinstance(excerpts, list | tuple) or not all(
                isinstance(e, str) for e in excerpts
            ):
                raise CatalogueError(f"{table.where}: source.{language} must be text")
            lang = _language(language, table.where)
            sources.append(
                Quote(lang, EDITION_OF[lang], tuple(" ".join(e.split()) for e in excerpts))
            )
        absent_table = table.table("absent")
        absences = []
        for language, note in absent_table.data.items():
            absent_table.seen.add(language)
            if not isinstance(note, str) or not note.strip():
                raise CatalogueError(f"{table.where}: absent.{language} needs a note")
            absences.append(Absence(_language(language, table.where), note.strip()))
        rule = Rule(
            id=ident,
            chapter=chapter_id,
            number=f"{number}.{index}",
            kind=cast(Kind, kind),
            editions=editions,
            brief=table.strings("brief"),
            derived_from=table.strings("derived_from"),
            titles=table.texts("title"),
            statement=table.text("statement"),
            sources=tuple(sorted(sources, key=lambda q: LANGUAGES.index(q.language))),
            absences=tuple(sorted(absences, key=lambda a: LANGUAGES.index(a.language))),
            translations=table.translations("translation"),
        )
        table.done()
        rules.append(rule)
    doc.done()
    chapter = Chapter(chapter_id, number, titles, tuple(r.id for r in rules))
    return chapter, rules


def _read_ruling_file(path: Traversable) -> tuple[RulingGroup, list[Ruling]]:
    """A group of rulings, numbered from 1 within the file (:func:`load` numbers them on)."""
    doc = _read_toml(path)
    head = doc.table("group", required=True)
    group_id = head.text("id")
    group_number = head.integer("number")
    titles = head.texts("title")
    head.done()
    rulings: list[Ruling] = []
    for offset, table in enumerate(doc.tables("ruling")):
        ident = table.text("id")
        table.where = f"{path.name}: ruling {ident!r}"
        option = table.opt_text("option")
        values_table = table.table("values")
        values = tuple((k, _freeze(v, table.where)) for k, v in values_table.data.items())
        values_table.seen.update(values_table.data)
        if option is not None and not values:
            raise CatalogueError(f"{table.where}: option {option!r} needs its preset values")
        if option is None and values:
            raise CatalogueError(f"{table.where}: values given without an option")
        evidence = []
        for item in table.tables("evidence"):
            evidence.append(
                Evidence(
                    _language(item.text("language"), item.where),
                    " ".join(item.text("quote").split()),
                )
            )
            item.done()
        translations = []
        for language, part in table.per_language("translation"):
            translations.append(
                RulingText(
                    language,
                    part.text("title"),
                    part.text("question"),
                    part.text("decision"),
                    part.text("rationale"),
                    part.strings("alternatives"),
                )
            )
            part.done()
        rulings.append(
            Ruling(
                id=ident,
                number=offset + 1,
                group=group_id,
                brief=table.strings("brief"),
                rules=table.strings("rules"),
                title=table.text("title"),
                question=table.text("question"),
                decision=table.text("decision"),
                rationale=table.text("rationale"),
                option=option,
                values=values,
                alternatives=table.strings("alternatives"),
                assumption=table.flag("assumption", False),
                evidence=tuple(evidence),
                translations=tuple(translations),
            )
        )
        table.done()
    doc.done()
    return RulingGroup(group_id, group_number, titles, tuple(r.id for r in rulings)), rulings


def _read_concordance(path: Traversable) -> list[Difference]:
    doc = _read_toml(path)
    differences = []
    for table in doc.tables("difference"):
        ident = table.text("id")
        table.where = f"{path.name}: difference {ident!r}"
        readings = []
        for item in table.tables("reading"):
            quote = item.opt_text("quote")
            readings.append(
                Reading(
                    _language(item.text("language"), item.where),
                    None if quote is None else " ".join(quote.split()),
                    item.text("gloss"),
                    item.translations("translation"),
                )
            )
            item.done()
        translations = []
        for language, part in table.per_language("translation"):
            translations.append(DifferenceText(language, part.text("topic"), part.text("note")))
            part.done()
        impact = table.text("impact")
        if impact not in ("model", "none"):
            raise CatalogueError(f"{table.where}: impact must be 'model' or 'none'")
        differences.append(
            Difference(
                id=ident,
                brief=table.strings("brief"),
                topic=table.text("topic"),
                rules=table.strings("rules"),
                settled_by=table.strings("settled_by"),
                impact=cast(Literal["model", "none"], impact),
                note=table.text("note"),
                readings=tuple(readings),
                translations=tuple(translations),
            )
        )
        table.done()
    doc.done()
    return differences


def _read_glossary(path: Traversable) -> list[Term]:
    doc = _read_toml(path)
    terms = []
    for table in doc.tables("term"):
        ident = table.text("id")
        table.where = f"{path.name}: term {ident!r}"
        terms.append(
            Term(
                id=ident,
                terms=table.texts("term"),
                definitions=table.texts("definition"),
                rules=table.strings("rules"),
                notes=table.texts("notes", required=False),
                translated_notes=_translated_notes(table),
                forms=_words_per_language(table, "forms"),
                avoid=_words_per_language(table, "avoid"),
            )
        )
        table.done()
    doc.done()
    return terms


def _translated_notes(table: _Table) -> tuple[tuple[Language, Texts], ...]:
    """``[term.translation.fr.notes]``: the notes in one language of the reader."""
    found = []
    for language, part in table.per_language("translation"):
        found.append((language, part.texts("notes", required=False)))
        part.done()
    return tuple(found)


def _words_per_language(table: _Table, key: str) -> tuple[tuple[Language, tuple[str, ...]], ...]:
    """``[term.forms]`` / ``[term.avoid]``: lists of lower-case words per language."""
    part = table.table(key)
    found = []
    for language in LANGUAGES:
        if language in part.data:
            words = part.strings(language)
            if any(not w or w != w.lower() for w in words):
                raise CatalogueError(f"{part.where}.{language}: words are lower case, not blank")
            found.append((language, words))
    part.done()
    return tuple(found)


def _read_editions(path: Traversable) -> tuple[list[EditionInfo], list[Preset]]:
    doc = _read_toml(path)
    editions = []
    for table in doc.tables("edition"):
        ident = _edition(table.text("id"), table.where)
        editions.append(
            EditionInfo(
                id=ident,
                titles=table.texts("title"),
                languages=tuple(_language(x, table.where) for x in table.strings("languages")),
                description=table.text("description"),
                descriptions=table.translations("translation"),
            )
        )
        table.done()
    presets = []
    for table in doc.tables("preset"):
        presets.append(
            Preset(
                id=table.text("id"),
                edition=_edition(table.text("edition"), table.where),
                titles=table.texts("title"),
                description=table.text("description"),
                descriptions=table.translations("translation"),
            )
        )
        table.done()
    doc.done()
    return editions, presets


def _read_retired(path: Traversable) -> list[Retired]:
    doc = _read_toml(path)
    retired = []
    for table in doc.tables("retired"):
        retired.append(
            Retired(table.text("id"), table.text("reason"), table.opt_text("replaced_by"))
        )
        table.done()
    doc.done()
    return retired


def _read_manifest(path: Traversable) -> list[SourceFile]:
    doc = _read_toml(path)
    files = []
    for table in doc.tables("source"):
        witnesses = []
        for witness in table.tables("witnesses"):
            witnesses.append(
                tuple((k, witness.text(k)) for k in ("seed", "seed_form", "seed_sha256"))
            )
            witness.done()
        files.append(
            SourceFile(
                file=table.text("file"),
                language=_language(table.text("language"), table.where),
                edition=_edition(table.text("edition"), table.where),
                title=table.text("title"),
                seed=table.text("seed"),
                seed_form=table.text("seed_form"),
                seed_sha256=table.text("seed_sha256"),
                text_sha256=table.text("text_sha256"),
                origin=table.text("origin"),
                witnesses=tuple(witnesses),
            )
        )
        table.done()
    doc.done()
    return files


def _toml_files(directory: Traversable) -> list[Traversable]:
    if not directory.is_dir():
        raise CatalogueError(f"missing directory {directory.name}/ in the catalogue")
    return sorted(
        (p for p in directory.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name
    )


def spec_root() -> Traversable:
    """Where the catalogue data lives: inside the installed package (``sabai_rules/_spec``),
    or the ``spec/`` directory of a source checkout."""
    bundled = resources.files("sabai_rules").joinpath("_spec")
    if bundled.is_dir():
        return bundled
    checkout = Path(__file__).resolve().parents[2] / "spec"
    if (checkout / "sources" / "manifest.toml").is_file():
        return checkout
    raise CatalogueError(
        "the rule catalogue is missing: neither sabai_rules/_spec (installed package) "
        "nor spec/ (source checkout) was found"
    )


def load(root: Traversable | Path | str | None = None) -> Catalogue:
    """Read the whole catalogue from ``root`` (default: :func:`spec_root`). Not cached: use
    :func:`default` (or the module-level functions) for the shared instance."""
    base: Traversable = (
        spec_root() if root is None else (Path(root) if isinstance(root, str) else root)
    )
    chapters: list[Chapter] = []
    rules: list[Rule] = []
    for path in _toml_files(base.joinpath("rules")):
        chapter, chapter_rules = _read_rule_file(path)
        chapters.append(chapter)
        rules.extend(chapter_rules)
    chapters.sort(key=lambda c: c.number)
    numbers = [c.number for c in chapters]
    if len(set(numbers)) != len(numbers):
        raise CatalogueError(f"rules/: chapter numbers repeat: {numbers}")
    rank = {c.id: c.number for c in chapters}
    rules.sort(key=lambda r: (rank[r.chapter], int(r.number.split(".")[1])))

    # Rulings are numbered on through the groups, in the groups' order.
    groups: list[RulingGroup] = []
    rulings: list[Ruling] = []
    for group, group_rulings in sorted(
        (_read_ruling_file(path) for path in _toml_files(base.joinpath("rulings"))),
        key=lambda read: read[0].number,
    ):
        groups.append(group)
        rulings.extend(attrs.evolve(r, number=len(rulings) + 1) for r in group_rulings)

    editions, presets = _read_editions(base.joinpath("editions.toml"))
    return Catalogue(
        root=base,
        chapters=tuple(chapters),
        rules=tuple(rules),
        ruling_groups=tuple(groups),
        rulings=tuple(rulings),
        differences=tuple(_read_concordance(base.joinpath("concordance.toml"))),
        terms=tuple(_read_glossary(base.joinpath("glossary.toml"))),
        editions=tuple(editions),
        presets=tuple(presets),
        retired=tuple(_read_retired(base.joinpath("retired.toml"))),
        sources=tuple(_read_manifest(base.joinpath("sources", "manifest.toml"))),
    )


@functools.cache
def default() -> Catalogue:
    """The catalogue shipped with the package, loaded once on first use."""
    return load()


# -- module-level shortcuts to the default catalogue ---------------------------------------------


def rule(ident: str) -> Rule:
    """The rule with id ``ident`` (see :meth:`Catalogue.rule`)."""
    return default().rule(ident)


def rules(
    *, edition: Edition | None = None, chapter: str | None = None, kind: Kind | None = None
) -> tuple[Rule, ...]:
    return default().rules(edition=edition, chapter=chapter, kind=kind)


def chapters() -> tuple[Chapter, ...]:
    return default().chapters()


def ruling(ident: str) -> Ruling:
    return default().ruling(ident)


def rulings(*, rule: str | None = None, option: str | None = None) -> tuple[Ruling, ...]:
    return default().rulings(rule=rule, option=option)


def glossary() -> tuple[Term, ...]:
    return default().glossary()


def concordance(*, rule: str | None = None) -> tuple[Difference, ...]:
    return default().concordance(rule=rule)


def rulebook_link(ident: str, language: str = "en") -> str:
    return default().rulebook_link(ident, language)


def rule_number(ident: str, edition: Edition) -> str:
    return default().rule_number(ident, edition)

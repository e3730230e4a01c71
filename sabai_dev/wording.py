"""The glossary's words and French typography, enforced on everything the project writes.

Two checks of one text in one language:

* :func:`avoided_in`: a word the glossary marks "avoid" for that language (``[term.avoid]`` in
  ``spec/glossary.toml``), matched as a whole word, case-insensitively; an entry ending in ``*``
  is the beginning of a word (an inflected stem: ``heittä*`` is "heittää", "heittänyt"...).
  Quotations (of the published texts, or of a word named as a word), roles and code spans do not
  count, as :func:`~sabai_rules.model.catalogue.unquoted` removes them.
* :func:`french_typography`: in French, a no-break space (U+00A0) before ``:``, and before ``;``,
  ``?`` and ``!`` (U+00A0 or the narrow U+202F), never an ordinary space, a line break or no
  space; ``«`` and ``»`` with a no-break space inside; the typographic apostrophe ``’``, never
  ``'``; quotation marks ``« »``, not ``"``. Not in code, roles, placeholders, URLs, times
  (``12:30``) nor inside quotations (the published texts stay as published).

And the places they run over: the catalogue's prose (:func:`catalogue_prose`), the referee's
messages, labels and phrases (:func:`referee_texts`), the site's own words, its pages'
translations and the worked examples (:func:`site_sources`), and a built page of the rulebook
(:func:`page_texts`, :func:`check_site`): its main content and its pictures, without code,
quotation blocks (the published text of a rule), elements marked in another language, and
quotations in running text.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

import attrs

from sabai_rules.model.catalogue import LANGUAGES, Catalogue, Language, unquoted

__all__ = [
    "Avoided",
    "Finding",
    "avoided_in",
    "avoided_words",
    "catalogue_prose",
    "check_site",
    "check_texts",
    "french_typography",
    "page_texts",
    "referee_texts",
    "site_sources",
    "summary",
]

ROOT: Final = Path(__file__).resolve().parent.parent


@attrs.frozen
class Avoided:
    """A word the glossary marks "avoid" in one language, and the term to say instead."""

    term: str
    language: Language
    word: str
    #: The glossary's term in that language.
    instead: str
    pattern: re.Pattern[str]

    @classmethod
    def of(cls, term: str, language: Language, word: str, instead: str) -> Avoided:
        """``word`` as the glossary writes it: whole words, a word ending in ``*`` the beginning
        of a word (``finale partij*`` is also "finale partijen")."""
        parts = [
            re.escape(part.removesuffix("*")) + (r"[\w-]*" if part.endswith("*") else r"(?![\w-])")
            for part in word.split()
        ]
        pattern = re.compile(r"(?<![\w-])" + r"\s+".join(parts), re.IGNORECASE)
        return cls(term, language, word, instead, pattern)


def avoided_words(cat: Catalogue) -> dict[Language, tuple[Avoided, ...]]:
    """Per language, every word the glossary marks "avoid"."""
    found: dict[Language, list[Avoided]] = {language: [] for language in LANGUAGES}
    for term in cat.glossary():
        for language in LANGUAGES:
            for word in term.avoided_in(language):
                found[language].append(Avoided.of(term.id, language, word, term.term(language)))
    return {language: tuple(words) for language, words in found.items()}


#: A Markdown link: its text is our prose, its target is not.
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def avoided_in(text: str, words: Iterable[Avoided]) -> list[tuple[Avoided, str]]:
    """Each avoided word ``text`` says in our own words, with the words found (quotations, roles
    and code left out; a link's text counts)."""
    ours = unquoted(_LINK.sub(r"\1", text))
    matches = [(match, word) for word in words for match in word.pattern.finditer(ours)]
    # The longest first: "laatste ronde" is one word avoided, not also "ronde".
    matches.sort(key=lambda found: (found[0].start(), -len(found[0].group())))
    found: list[tuple[Avoided, str]] = []
    end = 0
    for match, word in matches:
        if match.start() >= end:
            found.append((word, match.group()))
            end = match.end()
    return found


#: What French typography does not apply to: a role, a code span, a placeholder of a template or
#: a format (``{0}``, ``{count:,}``), a Markdown link's target, a URL, an HTML tag.
_NOT_PROSE = re.compile(
    r"\{[a-z-]+\}`[^`]*`|`[^`]*`|\{[^{}\s]*\}|\]\([^)]*\)|\b[a-z]+://\S+|<[^<>]*>"
)
#: A quotation: « … », “ … ”, U+2018 … U+2019 (an apostrophe inside), or "…".
_QUOTATION = re.compile(
    r"«[^«»]*»|“[^“”]*”|\u2018(?:[^\u2018\u2019]|\u2019(?=\w))*\u2019(?!\w)|\"[^\"\n]*\""
)
_NARROW = "\u00a0\u202f"
_DOUBLE = re.compile(r"[:;?!]")


def _context(text: str, at: int) -> str:
    return " ".join(text[max(0, at - 30) : at + 10].split())


def french_typography(text: str) -> list[str]:
    """What is wrong with the typography of French ``text`` (empty: nothing), each problem with
    a few words around it."""
    problems: list[str] = []
    masked = _NOT_PROSE.sub(lambda m: "X" * len(m.group()), text)
    for match in re.finditer('"', masked):
        problems.append(f"a straight quotation mark, not « »: {_context(text, match.start())!r}")
    # Quotations, innermost first: inside one, the quoted text's own punctuation (its
    # guillemets and apostrophes too); outside, a quotation is one word.
    quotations: list[tuple[int, int]] = []
    prose = masked
    while True:
        found = [match.span() for match in _QUOTATION.finditer(prose)]
        if not found:
            break
        quotations += found
        prose = _QUOTATION.sub(lambda m: "Q" * len(m.group()), prose)
    for match in re.finditer("'", prose):
        problems.append(f"a straight apostrophe, not ’: {_context(text, match.start())!r}")
    for match in re.finditer("[«»]", masked):
        at = match.start()
        if any(start < at < end - 1 for start, end in quotations):
            continue  # a guillemet of the quoted text
        beside = masked[at + 1 : at + 2] if match.group() == "«" else masked[at - 1 : at]
        if beside not in _NARROW:
            where = "after «" if match.group() == "«" else "before »"
            problems.append(f"no no-break space {where}: {_context(text, at)!r}")
    for match in _DOUBLE.finditer(prose):
        at, mark = match.start(), match.group()
        before = prose[at - 1] if at else ""
        if not before or before == "\u00a0" or (before in _NARROW and mark != ":"):
            continue
        if before in ":;?!" and at > 1:
            continue  # "?!" takes one space, before the first mark
        if mark == ":" and before.isdigit() and prose[at + 1 : at + 2].isdigit():
            continue  # a time or a ratio: 12:30, 3:2
        if before.isspace():
            kind = {"\n": "a line break", "\u202f": "a narrow no-break space"}.get(
                before, "an ordinary space"
            )
            problems.append(
                f"{kind}, not a no-break space, before {mark!r}: {_context(text, at)!r}"
            )
        else:
            problems.append(f"no no-break space before {mark!r}: {_context(text, at)!r}")
    return problems


@attrs.frozen
class Finding:
    """One word the glossary marks "avoid" (``check="avoided-word"``, the glossary's entry in
    ``word``), or one fault of French typography (``check="typography"``), and where."""

    check: str
    where: str
    language: Language
    message: str
    word: str = ""

    def __str__(self) -> str:
        return f"{self.where} ({self.language}): {self.message} [{self.check}]"


def check_texts(
    texts: Iterable[tuple[str, Language, str]], cat: Catalogue, *, typography: bool = True
) -> list[Finding]:
    """Both checks over ``(where, language, text)``: the avoided words in every language, French
    typography in French (where ``typography``)."""
    words = avoided_words(cat)
    found: list[Finding] = []
    for where, language, text in texts:
        for word, said in avoided_in(text, words[language]):
            found.append(
                Finding(
                    "avoided-word",
                    where,
                    language,
                    f"says {said!r}, a word the glossary avoids ({word.word!r}): say"
                    f" {word.instead!r} ({word.term})",
                    word.word,
                )
            )
        if typography and language == "fr":
            found.extend(
                Finding("typography", where, language, problem)
                for problem in french_typography(text)
            )
    return found


# -- the places ----------------------------------------------------------------------------------


def catalogue_prose(cat: Catalogue) -> Iterator[tuple[str, Language, str]]:
    """Every text of the catalogue in our own words, with its language: titles, statements and
    their translations, notes on an absent text, rulings, the concordance's topics, notes and
    glosses, glossary terms, definitions and notes, editions and presets. Not the published texts
    (rule sources, a ruling's evidence, a reading's quotation), which stay as published."""
    for chapter in cat.chapters():
        for language, text in chapter.titles.items():
            yield f"chapter {chapter.id} title", language, text
    for rule in cat.rules():
        for language, text in rule.titles.items():
            yield f"{rule.id} title", language, text
        yield f"{rule.id} statement", "en", rule.statement
        for language, text in rule.translations.items():
            yield f"{rule.id} statement", language, text
        for absence in rule.absences:
            yield f"{rule.id} absent", absence.language, absence.note
    for group in cat.ruling_groups():
        for language, text in group.titles.items():
            yield f"ruling group {group.id} title", language, text
    for ruling in cat.rulings():
        for said in (ruling.text_in("en"), *ruling.translations):
            for field in ("title", "question", "decision", "rationale"):
                yield f"{ruling.id} {field}", said.language, getattr(said, field)
            for n, alternative in enumerate(said.alternatives, start=1):
                yield f"{ruling.id} alternative {n}", said.language, alternative
    for difference in cat.concordance():
        for version in (difference.text_in("en"), *difference.translations):
            yield f"{difference.id} topic", version.language, version.topic
            yield f"{difference.id} note", version.language, version.note
        for n, reading in enumerate(difference.readings, start=1):
            yield f"{difference.id} reading {n}", "en", reading.gloss
            for language, text in reading.glosses.items():
                yield f"{difference.id} reading {n}", language, text
    for term in cat.glossary():
        for language, text in term.terms.items():
            yield f"{term.id} term", language, text
        for language, text in term.definitions.items():
            yield f"{term.id} definition", language, text
        for about, text in term.notes.items():
            yield f"{term.id} note on {about}", "en", text
        for language, notes in term.translated_notes:
            for about, text in notes.items():
                yield f"{term.id} note on {about}", language, text
    for edition in cat.editions():
        for language, text in edition.titles.items():
            yield f"edition {edition.id} title", language, text
        yield f"edition {edition.id}", "en", edition.description
        for language, text in edition.descriptions.items():
            yield f"edition {edition.id}", language, text
    for preset in cat.presets():
        for language, text in preset.titles.items():
            yield f"preset {preset.id} title", language, text
        yield f"preset {preset.id}", "en", preset.description
        for language, text in preset.descriptions.items():
            yield f"preset {preset.id}", language, text


def _tables(
    name: str, tables: Mapping[str, Mapping[str, str]]
) -> Iterator[tuple[str, Language, str]]:
    for language, table in tables.items():
        if language in LANGUAGES:
            for key, text in table.items():
                yield f"{name} {key!r}", language, text


def referee_texts(
    messages: Mapping[str, Mapping[str, str]] | None = None,
    labels: Mapping[str, Mapping[str, str]] | None = None,
    phrases: Mapping[str, Mapping[str, str]] | None = None,
    declined: Mapping[str, str] | None = None,
) -> Iterator[tuple[str, Language, str]]:
    """Every message of the engine and the referee (:data:`~sabai_rules.model.messages.MESSAGES`,
    the English templates included), every label of the command line, the referee's reports,
    pictures, viewer and scribe (:data:`~sabai_rules.referee.i18n.LABELS`), every phrase naming an
    action (:data:`~sabai_rules.referee.i18n.PHRASES`,
    :data:`~sabai_rules.referee.i18n.DECLINED_LOOK`).
    The tables are the package's unless given (a test plants a word in a copy)."""
    from sabai_rules.model.messages import MESSAGES  # noqa: PLC0415 - the edges, loaded on use
    from sabai_rules.referee import i18n  # noqa: PLC0415

    messages = MESSAGES if messages is None else messages
    english = {template: template for table in messages.values() for template in table}
    yield from _tables("message", {"en": english, **messages})
    yield from _tables("label", i18n.LABELS if labels is None else labels)
    yield from _tables("phrase", i18n.PHRASES if phrases is None else phrases)
    for language, text in (i18n.DECLINED_LOOK if declined is None else declined).items():
        if language in LANGUAGES:
            yield "phrase 'declined look'", language, text


def site_sources(root: Path = ROOT) -> Iterator[tuple[str, Language, str]]:
    """The rulebook's own words (``docs/_ext/words.toml``, and why no code decides a rule:
    ``spec/undecided.toml``), its pages' translations
    (``docs/locale/<lang>/LC_MESSAGES/*.po``, the header aside) and the worked examples' titles and
    descriptions and the notes of their steps (``tests/scenarios/*.yaml``)."""
    import yaml  # noqa: PLC0415 - the scenarios' reader (the test extra)
    from babel.messages.pofile import read_po  # noqa: PLC0415 - the catalogues' reader (idem)

    words = tomllib.loads((root / "docs" / "_ext" / "words.toml").read_text(encoding="utf-8"))
    for language, table in words.items():
        if language in LANGUAGES:
            for key, text in table.items():
                yield f"docs/_ext/words.toml [{language}] {key}", language, text
    undecided = root / "spec" / "undecided.toml"
    if undecided.is_file():  # why no code decides a rule: shown on its page
        for why, table in tomllib.loads(undecided.read_text(encoding="utf-8")).items():
            for language, text in table.get("reason", {}).items():
                if language in LANGUAGES:
                    yield f"spec/undecided.toml [{why}] reason", language, text
    for po in sorted((root / "docs" / "locale").glob("*/LC_MESSAGES/*.po")):
        language = po.parts[-3]
        if language not in LANGUAGES:
            continue
        with po.open("rb") as f:
            messages = read_po(f, locale=language)
        for message in messages:
            if message.id and isinstance(message.string, str) and message.string:
                where = f"{po.relative_to(root).as_posix()}:{message.lineno}"
                yield where, language, message.string
    for path in sorted((root / "tests" / "scenarios").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        name = path.relative_to(root).as_posix()
        texts = [(field, data.get(field)) for field in ("title", "description")]
        texts += [
            (f"step {n} note", step.get("note"))
            for n, step in enumerate(data.get("steps") or (), 1)
        ]
        for field, versions in texts:
            for language, text in (versions or {}).items():
                if language in LANGUAGES and isinstance(text, str):
                    yield f"{name} {field}", language, text


# -- a built page ---------------------------------------------------------------------------------

#: Elements whose text is not the project's prose of that page: code, scripts, the published text
#: of a rule (a quotation block), forms, the search box, the headings' permalinks.
_SKIPPED_TAGS: Final = frozenset(
    {"script", "style", "template", "noscript", "pre", "code", "kbd", "samp", "tt", "var"}
    | {"blockquote", "button", "form", "input", "select", "textarea", "math"}
)
_SKIPPED_CLASSES: Final = frozenset(
    {"highlight", "literal-block", "literal", "headerlink", "viewcode-link", "viewcode-back", "sig"}
)
_VOID: Final = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param"}
    | {"source", "track", "wbr"}
)
#: What stands for inline code in a page's text: neither a letter nor a space.
CODE: Final = "\u27e8code\u27e9"
_CODE_TAGS: Final = frozenset({"code", "kbd", "samp", "tt", "var"})
#: Each of these starts a piece of text of its own.
_BLOCKS: Final = frozenset(
    {"p", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "th", "td", "caption"}
    | {"figcaption", "div", "section", "article", "dl", "ul", "ol", "table", "tr", "figure"}
    | {"aside", "details", "summary", "header", "footer", "main", "br", "hr", "text", "title"}
    | {"desc", "tspan", "svg", "g"}
)
#: What a reader of a picture is told: its label for screen readers, a tooltip.
_SPOKEN: Final = ("aria-label", "title", "alt")


class _PageReader(HTMLParser):
    """The text of a page's main content (furo's ``article[role=main]``) in pieces, as
    :func:`page_texts` describes."""

    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.language = language
        self.pieces: list[str] = []
        self._current: list[str] = []
        self._open: list[tuple[str, bool, bool]] = []  # (tag, in main, skipped)

    def _flush(self) -> None:
        text = "".join(self._current).strip()
        self._current = []
        if text:
            self.pieces.append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        inside, skipped = self._open[-1][1:] if self._open else (False, False)
        main = inside or (tag == "article" and values.get("role") == "main")
        classes = values.get("class", "").split()
        marked = values.get("lang", "").split("-")[0].lower()
        skip = (
            skipped
            or tag in _SKIPPED_TAGS
            or "hidden" in values
            or any(c in _SKIPPED_CLASSES or c.startswith("highlight-") for c in classes)
            or bool(marked and marked != self.language)
        )
        if main and not skipped and (tag in _CODE_TAGS or "literal" in classes):
            self._current.append(CODE)  # inline code: a word of its own, not prose
        if main and not skip:
            if tag in _BLOCKS:
                self._flush()
            for name in _SPOKEN:
                if values.get(name, "").strip():
                    self.pieces.append(values[name].strip())
        if tag not in _VOID:
            self._open.append((tag, main, skip))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._open) - 1, -1, -1):
            if self._open[depth][0] == tag:
                if self._open[depth][1] and tag in _BLOCKS:
                    self._flush()
                del self._open[depth:]
                return

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1][1] and not self._open[-1][2]:
            self._current.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def page_texts(html: str, language: str) -> list[str]:
    """The project's prose on a built page: the main content's text in pieces (a paragraph, a
    list item, a heading, a table cell, a picture's text and its label for screen readers), with
    code, quotation blocks (the published text of a rule) and elements marked in another language
    left out. Quotations in running text are left in: :func:`avoided_in` and
    :func:`french_typography` set them aside themselves."""
    reader = _PageReader(language)
    reader.feed(html)
    reader.close()
    return reader.pieces


#: Pages with no prose of the project's in the site's language: the API reference, the
#: highlighted sources, the indexes of Python names, the search page.
EXCLUDED_PAGES: Final = re.compile(
    r"^(api\.html|api/.*|_modules/.*|genindex\.html|py-modindex\.html|search\.html)$"
)


def check_site(
    site: Path, language: Language, cat: Catalogue, *, pages: Iterable[str] | None = None
) -> list[Finding]:
    """Both checks on every page of one language's built site (``site`` is that language's
    folder), the printable book included; ``pages`` (relative paths) to check only those."""
    if pages is None:
        pages = sorted(
            path.relative_to(site).as_posix()
            for path in site.rglob("*.html")
            if "_static" not in path.relative_to(site).parts
        )
    texts = (
        (f"{language}/{page}", language, text)
        for page in pages
        if not EXCLUDED_PAGES.match(page)
        for text in page_texts((site / page).read_text(encoding="utf-8"), language)
    )
    return check_texts(texts, cat)


def summary(findings: Iterable[Finding]) -> dict[str, int]:
    """How many findings of each kind, by language: ``"fr donneur*"`` (a word avoided, as the
    glossary writes it), ``"fr typography"``."""
    counts: dict[str, int] = {}
    for finding in findings:
        key = f"{finding.language} {finding.word or finding.check}"
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))

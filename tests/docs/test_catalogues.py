"""The rulebook's gettext catalogues (``docs/locale/<lang>/LC_MESSAGES/*.po``) for French, Dutch
and Finnish: every message translated and none fuzzy, the same pages and messages in each
language, and every translation keeping what a reader or Sphinx follows — the code spans, the
roles (``{rule}`turn.keep```), the link targets and the placeholders of its message. French puts
a no-break space before : ; ? ! and inside « ». Read with babel, without building the site
(``python tools/update_po.py`` extracts the messages; the builds compile the catalogues)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from jinja2.ext import GETTEXT_FUNCTIONS as GETTEXT
from jinja2.ext import babel_extract

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LOCALE = DOCS / "locale"
LANGUAGES = ("fr", "nl", "fi")
#: The site chrome (furo's and Sphinx's template words), written by hand; every other catalogue
#: is a page's.
CHROME = "sphinx"

CODE = re.compile(r"`[^`]*`")
ROLE = re.compile(r"\{[\w:.-]+\}`[^`]*`")
LINK = re.compile(r"\]\(([^)\s]*)\)")
PLACEHOLDER = re.compile(r"%\(\w+\)s|%s|\$\{\w+\}")
FRENCH_SPACE = re.compile(r"(?<=\S) (?=[:;?!»])|« ")


def catalogue_files(lang: str) -> dict[str, Path]:
    folder = LOCALE / lang / "LC_MESSAGES"
    return {
        path.relative_to(folder).with_suffix("").as_posix(): path for path in folder.rglob("*.po")
    }


def read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def messages(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


def ident(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def strings(message: Message) -> list[str]:
    value = message.string
    return [s or "" for s in value] if isinstance(value, tuple | list) else [value or ""]


ALL = [
    pytest.param(lang, domain, path, id=f"{lang}/{domain}")
    for lang in LANGUAGES
    for domain, path in sorted(catalogue_files(lang).items())
]


def test_every_language_has_the_chrome_and_the_hand_written_pages() -> None:
    for lang in LANGUAGES:
        domains = set(catalogue_files(lang))
        assert CHROME in domains, lang
        # The pages whose prose gettext translates; a page that has lost its prose to a
        # directive, or was removed, leaves no catalogue behind.
        for page in ("dispute", "records", "cli", "api"):
            assert page in domains, (lang, page)
        for domain in domains - {CHROME}:
            assert (DOCS / f"{domain}.md").is_file(), (
                f"{lang}/{domain}.po: no page docs/{domain}.md"
            )


def test_the_languages_translate_the_same_pages_and_messages() -> None:
    first, *others = LANGUAGES
    for domain, path in catalogue_files(first).items():
        want = [ident(m) for m in messages(read(path, first))]
        for lang in others:
            other = catalogue_files(lang).get(domain)
            assert other is not None, f"{lang} lacks {domain}.po"
            got = [ident(m) for m in messages(read(other, lang))]
            if domain != CHROME:  # the chrome: each language adds what Sphinx leaves untranslated
                assert got == want, f"{lang}/{domain}.po differs from {first}/{domain}.po"


def test_the_chrome_translates_every_word_of_the_project_s_templates() -> None:
    asked: set[str] = set()
    for template in sorted((DOCS / "_templates").glob("*.html")):
        with template.open("rb") as f:
            for _line, _function, found, _comments in babel_extract(f, GETTEXT, [], {}):
                word = found[0] if isinstance(found, tuple) else found
                if isinstance(word, str) and word:
                    asked.add(word)
    assert "Languages" in asked  # the language switcher's label
    for lang in LANGUAGES:
        catalog = read(catalogue_files(lang)[CHROME], lang)
        missing = sorted(word for word in asked if word not in catalog)
        assert not missing, f"{lang}/{CHROME}.po lacks {missing} (python tools/update_po.py)"


@pytest.mark.parametrize(("lang", "domain", "path"), ALL)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str, domain: str, path: Path) -> None:
    catalog = read(path, lang)
    assert not catalog.fuzzy, f"{lang}/{domain}.po: the header is marked fuzzy"
    assert catalog.locale is not None
    assert str(catalog.locale) == lang, f"{lang}/{domain}.po says Language: {catalog.locale}"
    problems = []
    for message in messages(catalog):
        if message.fuzzy:
            problems.append(f"fuzzy: {ident(message)[:70]!r}")
        elif not all(s.strip() for s in strings(message)):
            problems.append(f"untranslated: {ident(message)[:70]!r}")
    assert not problems, f"{lang}/{domain}.po:\n" + "\n".join(problems)


@pytest.mark.parametrize(("lang", "domain", "path"), ALL)
def test_translations_keep_code_roles_links_and_placeholders(
    lang: str, domain: str, path: Path
) -> None:
    problems = []
    for message in messages(read(path, lang)):
        source = ident(message)
        # A plural form keeps the singular's placeholders or the plural's ("one page", "{n} pages").
        ids = message.id if isinstance(message.id, tuple | list) else [message.id]
        placeholders = [sorted(PLACEHOLDER.findall(one)) for one in ids]
        for text in strings(message):
            if not text:
                continue  # reported by the test above
            for kind, pattern in (("role", ROLE), ("link target", LINK)):
                want, got = Counter(pattern.findall(source)), Counter(pattern.findall(text))
                if want != got:
                    problems.append(f"{kind}s {dict(want)} became {dict(got)} in {source[:60]!r}")
            # A translation may quote a word as code where the English did not, never drop one.
            missing = Counter(CODE.findall(source)) - Counter(CODE.findall(text))
            if missing:
                problems.append(f"code {sorted(missing)} lost in {source[:60]!r}")
            if sorted(PLACEHOLDER.findall(text)) not in placeholders:
                problems.append(f"placeholders differ in {source[:60]!r}")
            if text.count("`") % 2 or text.count("**") % 2:
                problems.append(f"an unclosed ` or ** in the translation of {source[:60]!r}")
    assert not problems, f"{lang}/{domain}.po:\n" + "\n".join(problems)


@pytest.mark.parametrize(("domain", "path"), sorted(catalogue_files("fr").items()))
def test_french_punctuation_has_its_no_break_space(domain: str, path: Path) -> None:
    problems = []
    for message in messages(read(path, "fr")):
        for text in strings(message):
            prose = CODE.sub("", text)
            if FRENCH_SPACE.search(prose):
                problems.append(text[:80])
    assert not problems, f"fr/{domain}.po: a plain space before : ; ? ! » or after «:\n" + (
        "\n".join(problems)
    )


def test_the_checks_see_a_lost_role_link_and_code_span() -> None:
    """The patterns find what a careless translation drops (a guard for the guards)."""
    source = "See {rule}`turn.keep` and [the format](records.md#chance) with `--at`:"
    assert ROLE.findall(source) == ["{rule}`turn.keep`"]
    assert LINK.findall(source) == ["records.md#chance"]
    assert "`--at`" in CODE.findall(source)
    careless = "Voir turn.keep et [le format](records.md) avec --at :"
    assert not ROLE.findall(careless)
    assert LINK.findall(careless) != LINK.findall(source)
    assert FRENCH_SPACE.search(careless)
    assert not FRENCH_SPACE.search("avec\u00a0:")

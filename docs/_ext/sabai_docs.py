"""Sphinx extension: the rulebook rendered from ``spec/`` and ``tests/scenarios/``.

Roles: ``{rule}`id``` / ``:rule:`id``` and ``{ruling}`id``` / ``:ruling:`id``` link to a rule's or
ruling's anchor (the id itself, ``rules/<chapter>.html#<id>``) and read as the rulebook numbers
them, in the site's language: "6.8 Nouvelle tentative", "R12 ..." (the id is the link's hover
title); an unknown id is a build error (a nitpicky missing reference). A rule of the other
edition than this site's links to the site that has it. Glossary terms in statements link to the
glossary, whose entries list the rules that use them. Rules and rulings are exported in
``objects.inv`` as ``std:rule`` and ``std:ruling``.

Directives: ``sabai-chapter``, ``sabai-rulings``, ``sabai-concordance``, ``sabai-glossary``,
``sabai-presets``, ``sabai-examples``, ``sabai-traceability``, ``sabai-rule-index``,
``sabai-cli``, ``sabai-replay``, ``sabai-judge`` (the quick ruling on actions from a position,
below the command that asks for it), ``sabai-schema``, ``sabai-languages``, ``sabai-picture`` (the
table of a record after an event, or a diagram of the rules, as inline SVG), ``sabai-impact``
(what each ruling changes: the committed run of ``sabai impact``, in the site's language).
"""

from __future__ import annotations

import argparse
import functools
import html
import importlib
import io
import json
import re
import shlex
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, cast

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from sabai_dev import impact_page
from sabai_dev.layers import PUBLIC_PATHS
from sabai_dev.scenarios import Scenario, Step, load_scenarios, parse_action, run_scenario
from sabai_dev.traceability import Citation, Trace, Undecided, load_undecided, trace
from sabai_rules.model import catalogue
from sabai_rules.model.cards import ASS_JOKER, GIVE, JOKER, PEEK, SPY, SWITCH, face_name, parse_face
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, Catalogue, Chapter, Language, Rule
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import MAX_PLAYERS
from sabai_rules.referee.i18n import (
    describe,
    label,
    preset_name,
    preset_values,
    written_in,
)
from sabai_rules.referee.picture import card_svg, round_end_diagram, table_svg, turn_diagram
from sabai_rules.referee.record import RecordError, load_record, player_index
from sabai_rules.referee.replay import table_after
from sabai_rules.state import State

ROOT = Path(__file__).resolve().parents[2]

#: Words of the pages that neither the catalogue nor
#: :data:`sabai_rules.referee.i18n.LABELS` holds, per language (``words.toml`` beside this file).
WORDS: dict[str, dict[str, str]] = tomllib.loads(
    (Path(__file__).with_name("words.toml")).read_text(encoding="utf-8")
)
for _lang in LANGUAGES:
    _missing = set(WORDS["en"]) - set(WORDS.get(_lang, {}))
    if _missing:
        raise ValueError(f"words.toml: [{_lang}] lacks {', '.join(sorted(_missing))}")


def lang_of(app_or_env: Any) -> Language:
    return _config_lang(app_or_env.config)


def _config_lang(config: Any) -> Language:
    return config.language if config.language in LANGUAGES else "en"


def w(lang: str, key: str) -> str:
    return WORDS[lang][key]


def in_site(rule: Rule, lang: Language) -> bool:
    """True if this site renders ``rule``: the site of a language renders that text's edition."""
    return EDITION_OF[lang] in rule.editions


def site_chapters(lang: Language) -> tuple[Chapter, ...]:
    """The chapters the site of ``lang`` renders: those with a rule of its edition (the older
    edition has no Ass move, for one). A chapter without one has no page on that site."""
    edition = EDITION_OF[lang]
    return tuple(c for c in cat().chapters() if cat().rules(chapter=c.id, edition=edition))


def absent_pages(lang: Language) -> frozenset[str]:
    """The chapter pages the site of ``lang`` leaves out (docnames)."""
    shown = {c.id for c in site_chapters(lang)}
    return frozenset(f"rules/{c.id}" for c in cat().chapters() if c.id not in shown)


#: The root document of the printable book (built by ``singlehtml`` with ``root_doc=book``), and
#: the pages it holds beside the chapters the rules' index lists.
BOOK = "book"
BOOK_PAGES = ("rules/index", "rulings", "glossary", "editions", "concordance")


def in_book(env: BuildEnvironment) -> bool:
    """True while building the printable book rather than the site."""
    return bool(env.config.root_doc == BOOK)


def configure_pages(app: Sphinx, config: Config) -> None:
    """Leave out of this build the pages it does not show: the chapters without a rule of the
    site's edition; the book's root on the site; every page but the book's in the book."""
    lang = _config_lang(config)
    excluded = [f"{page}.md" for page in sorted(absent_pages(lang))]
    if config.root_doc == BOOK:
        kept = {BOOK, *BOOK_PAGES, *(f"rules/{c.id}" for c in site_chapters(lang))}
        source = Path(app.srcdir)
        for path in sorted(source.rglob("*.md")):
            docname = path.relative_to(source).with_suffix("").as_posix()
            if not docname.startswith("_") and docname not in kept:
                excluded.append(f"{docname}.md")
        # The book has no search page nor general index: no search box either.
        config.html_use_index = False
        config.html_sidebars = {
            pattern: [item for item in items if item != "sidebar/search.html"]
            for pattern, items in config.html_sidebars.items()
        }
    else:
        excluded.append(f"{BOOK}.md")
    config.exclude_patterns = [*config.exclude_patterns, *excluded]


# -- shared data, loaded once per build ------------------------------------------------------------


def cat() -> Catalogue:
    return catalogue.default()


@functools.cache
def found() -> Trace:
    return trace(ROOT)


@functools.cache
def undecided() -> dict[str, Undecided]:
    return load_undecided(ROOT / "spec" / "undecided.toml")


@functools.cache
def scenarios() -> tuple[Scenario, ...]:
    return load_scenarios(ROOT / "tests" / "scenarios")


@functools.cache
def scenario_tables(ident: str) -> tuple[tuple[State, ...], ...]:
    """Each round's tables as the scenario plays it: the table set out, then after each step."""
    (scenario,) = (s for s in scenarios() if s.id == ident)
    tables: list[list[State]] = [[] for _ in scenario.rounds]
    run_scenario(scenario, lambda round_, step, state: tables[round_].append(state))
    return tuple(tuple(states) for states in tables)


# -- pictures -------------------------------------------------------------------------------------


def picture_id(env: BuildEnvironment) -> str:
    """An id for the next picture of the page (its symbols' ids start with it)."""
    return f"sp{env.new_serialno('sabai-picture')}"


def figure(svg: str, caption: str = "", *, fold: str = "", kind: str = "table") -> nodes.raw:
    """A picture inline in the page, so that it scales: a figure with its caption, or folded
    away under the words ``fold``."""
    if fold:
        text = f'<details class="sabai-picture sabai-{kind}"><summary>{html.escape(fold)}'
        return nodes.raw("", f"{text}</summary>{svg}</details>", format="html")
    below = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    text = f'<figure class="sabai-picture sabai-{kind}">{svg}{below}</figure>'
    return nodes.raw("", text, format="html")


# -- folded blocks -------------------------------------------------------------------------------


class details(nodes.General, nodes.Element):  # noqa: N801 - docutils names nodes in lower case
    """A block the reader unfolds: HTML ``<details>``, its first child a :class:`summary`."""


class summary(nodes.General, nodes.TextElement):  # noqa: N801
    """What a folded block shows while folded: HTML ``<summary>``."""


def _visit_details(self: Any, node: details) -> None:
    self.body.append(self.starttag(node, "details"))


def _depart_details(self: Any, node: details) -> None:
    self.body.append("</details>\n")


def _visit_summary(self: Any, node: summary) -> None:
    self.body.append(self.starttag(node, "summary", suffix=""))


def _depart_summary(self: Any, node: summary) -> None:
    self.body.append("</summary>\n")


def folded(head: list[nodes.Node], body: list[nodes.Node], classes: list[str]) -> details:
    """A :class:`details` block: ``head`` (inline nodes) shown, ``body`` folded."""
    box = details(classes=classes)
    box += summary("", "", *head)
    for node in body:
        box += node
    return box


# -- directives ----------------------------------------------------------------------------------


class MarkdownDirective(SphinxDirective):
    """A directive that writes MyST text and parses it in place. With a ``page`` title key, it
    is a whole page: its nodes go under a section titled in the site's language."""

    has_content = False
    page: str | None = None

    def run(self) -> list[nodes.Node]:
        body = self.body()
        if self.page is None:
            return body
        top = self.section(self.page, w(self.lang, "page-" + self.page))
        intro = (
            w(self.lang, "intro-" + self.page) if "intro-" + self.page in WORDS[self.lang] else ""
        )
        if intro:
            self.parse(intro, top)
        for node in body:
            top += node
        return [top]

    def body(self) -> list[nodes.Node]:
        raise NotImplementedError

    def parse(self, text: str, node: nodes.Element | None = None) -> list[nodes.Node]:
        if self.lang == "fr":
            text = french_colons(text)
        container = node if node is not None else nodes.container()
        self.state.nested_parse(
            self.content.__class__(text.splitlines(), source=self.env.docname), 0, container
        )
        return [container] if node is None else []

    def section(self, ident: str, title: str) -> nodes.section:
        section = nodes.section(ids=[ident], names=[ident])
        section += nodes.title(title, title)
        return section

    @property
    def lang(self) -> Language:
        return lang_of(self.env)

    def note_object(self, objtype: str, name: str, anchor: str) -> None:
        std = self.env.domains.standard_domain
        std.note_object(objtype, name, anchor, location=(self.env.docname, self.lineno))


#: A colon that ends a word or a label ("**Texte publié**:", "Décisions:"), not one inside a
#: time, an address or an id.
_BARE_COLON = re.compile(r"(?<=[^\s:`/(\[])(\*{0,2}):(\*{0,2})(?=[ ]|$)")


def french_colons(text: str) -> str:
    """``text`` with French typography's no-break space before each colon of our prose ("Texte
    publié :"); code, roles, quotations, fenced blocks and definition lines are left alone."""
    lines = []
    fenced = False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if stripped.startswith("```"):
            fenced = not fenced
        if fenced or stripped.startswith(("```", ":")):
            lines.append(line)
            continue
        lines.append(
            "".join(
                piece if quoted else _BARE_COLON.sub("\\1\u00a0:\\2", piece)
                for piece, quoted in catalogue.quoted_pieces(line)
            )
        )
    return "\n".join(lines)


def rule_number(rule: Rule, lang: Language) -> str:
    """The rule's number in this site's edition: the one numbering the referee and the command
    line print too (:meth:`~sabai_rules.model.catalogue.Catalogue.rule_number`)."""
    return cat().rule_number(rule.id, EDITION_OF[lang])


#: Terms too common to link at each use: every statement speaks of the game, of playing, keeping,
#: giving, and of the jokers by name.
_UNLINKED_TERMS: frozenset[str] = frozenset(
    {"game", "play", "keep", "give", "call", "identical", "edition", "preset", "ruling", "joker"}
)


@functools.cache
def _term_patterns(lang: Language) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each glossary term that statements link, with the pattern of its forms in ``lang``."""
    found = []
    for term in cat().glossary():
        if term.id in _UNLINKED_TERMS:
            continue
        forms = sorted(term.forms_in(lang), key=len, reverse=True)
        alternatives = "|".join(re.escape(form) for form in forms)
        found.append((term.id, re.compile(rf"(?<![\w-])(?:{alternatives})[\w-]*", re.IGNORECASE)))
    return tuple(found)


def link_terms(text: str, lang: Language) -> tuple[str, frozenset[str]]:
    """``text`` with the first use of each glossary term linked to its glossary entry, and the
    terms it uses. Quotations, code and existing links are left alone."""
    used: set[str] = set()
    out: list[str] = []
    for piece, protected in catalogue.quoted_pieces(text):
        if protected:
            out.append(piece)
            continue
        matches = []
        for ident, pattern in _term_patterns(lang):
            if ident in used:
                continue
            match = pattern.search(piece)
            if match is not None:
                matches.append((match.start(), -len(match.group()), match.end(), ident))
        cursor = 0
        for start, _, stop, ident in sorted(matches):
            if start < cursor or ident in used:
                continue
            used.add(ident)
            out.append(piece[cursor:start])
            out.append(f"{{ref}}`{piece[start:stop]} <term-{ident}>`")
            cursor = stop
        out.append(piece[cursor:])
    return "".join(out), frozenset(used)


@functools.cache
def term_users(lang: Language) -> dict[str, tuple[str, ...]]:
    """For each glossary term, the rules of this site whose statement uses it (in ``lang``), or
    that the glossary names."""
    users: dict[str, list[str]] = {term.id: list(term.rules) for term in cat().glossary()}
    for rule in cat().rules():
        if in_site(rule, lang):
            for ident in link_terms(rule.statement_in(lang)[1], lang)[1]:
                if rule.id not in users[ident]:
                    users[ident].append(rule.id)
    order = {rule.id: n for n, rule in enumerate(cat().rules())}
    return {
        ident: tuple(
            sorted((r for r in ids if in_site(cat().rule(r), lang)), key=lambda r: order[r])
        )
        for ident, ids in users.items()
    }


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" for line in text.splitlines())


def quotation(text: str, lang: Language) -> str:
    """A quotation in running text, in the marks of the page's language: « » in French, with a
    no-break space inside; “ ” otherwise."""
    return f"«\u00a0{text}\u00a0»" if lang == "fr" else f"“{text}”"


def _code_links(ident: str) -> list[str]:
    seen: dict[str, set[str]] = {}
    for citation in found().code(ident):
        path = citation.where.split(":")[0].removesuffix(".py").removesuffix("/__init__")
        module = path.replace("/", ".")
        seen.setdefault(module, set()).add(citation.name)
    return [
        f"{{py:mod}}`{module}` ({', '.join(f'`{n}`' for n in sorted(names))})"
        for module, names in sorted(seen.items())
    ]


def _documented(module: str, name: str) -> bool:
    """Whether the API reference documents ``name`` of ``module``: its page lists the module's
    members, which are its public names (those of its ``__all__``, if it has one)."""
    page = ROOT / "docs" / "api" / f"{module}.md"
    if not page.is_file() or ":no-members:" in page.read_text(encoding="utf-8"):
        return False
    if any(part.startswith("_") for part in name.split(".")):
        return False
    public = getattr(importlib.import_module(module), "__all__", None)
    return public is None or name.partition(".")[0] in public


def _decider_link(citation: Citation) -> str:
    """A link to the decider a ``decides`` mark names: to its entry in the API reference, or, for
    a function the reference leaves out, to its module's page, as the code links go."""
    module = citation.where.split(":")[0].removesuffix(".py").replace("/", ".")
    if _documented(module, citation.name):
        return f"{{py:obj}}`{citation.name} <{module}.{citation.name}>`"
    return f"{{py:mod}}`{module}` (`{citation.name}`)"


def _decider_links(ident: str, lang: Language) -> list[str]:
    """Links to the deciders of ``ident`` (those of an older rule on the older edition's site
    only); none if no code decides it."""
    marks = found().deciders(ident)
    shown = [c for c in marks if c.decides == "rule" or EDITION_OF[lang] == "older"] or marks
    return [_decider_link(c) for c in shown]


def _decided(ident: str, lang: Language) -> str:
    """What decides ``ident``, as a line of its entry: its deciders, or why no code decides it."""
    links = _decider_links(ident, lang)
    if links:
        return f"**{w(lang, 'decided')}:** " + ", ".join(links)
    return f"**{w(lang, 'undecided')}.** {undecided()[ident].reason(lang)}"


def _test_names(ident: str) -> list[str]:
    names = sorted({f"`{c.where.split(':')[0]}::{c.name}`" for c in found().tests(ident)})
    return names


def _scenario_links(ident: str, lang: Language) -> list[str]:
    """Links to the worked examples that show ``ident`` and are on this site."""
    edition = EDITION_OF[lang]
    by_id = {s.id: s for s in scenarios()}
    ids = sorted({c.name for c in found().scenarios(ident) if by_id[c.name].edition == edition})
    return [f"{{ref}}`{_escaped(by_id[s].title_in(lang))} <scenario-{s}>`" for s in ids]


def _escaped(title: str) -> str:
    """A title as the text of a role: its angle brackets and backticks escaped."""
    return title.replace("\\", "\\\\").replace("<", "\\<").replace("`", "\\`")


class ChapterDirective(MarkdownDirective):
    """All rules of one chapter, as this site's edition has them; the directive's content (a
    diagram, say) comes first, under the chapter's title."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        lang = self.lang
        chapter = cat().chapter(self.arguments[0])
        top = self.section(f"chapter-{chapter.id}", f"{chapter.number}. {chapter.title(lang)}")
        self.state.nested_parse(self.content, self.content_offset, top)
        out: list[nodes.Node] = [top]
        deck_rules = {r for ruling in cat().rulings(option="deck") for r in ruling.rules}
        for rule in cat().rules(chapter=chapter.id):
            if not in_site(rule, lang):
                continue
            self.note_object("rule", rule.id, rule.id)
            number = rule_number(rule, lang)
            section = self.section(rule.id, f"{number} {rule.title(lang)}")
            # The number as an index entry: the search finds "6.8" among the index's entries
            # (its words leave out numbers), and the general index lists it.
            section += addnodes.index(entries=[("single", number, rule.id, "main", None)])
            lines = [
                f"`{rule.id}`"
                + (f" · {label(lang, 'kind.informational')}" if not rule.is_normative else "")
            ]
            if rule.id in deck_rules:
                lines += [
                    "",
                    ":::{note}",
                    w(lang, "deck").replace(
                        "(ruling.deck-composition)", "({ruling}`ruling.deck-composition`)"
                    ),
                    ":::",
                ]
            quote = rule.source(lang)
            if quote is None:
                note = rule.absence(lang) if lang != "fi" else None
                if note:
                    lines += ["", f"*{w(lang, 'absent')}:* {note}"]
                quote = rule.text(lang)
            if rule.is_derived:
                derived = ", ".join(f"{{rule}}`{d}`" for d in rule.derived_from)
                lines += ["", f"*{w(lang, 'derived')}* {derived}."]
            elif quote is not None:
                where = (
                    ""
                    if quote.language == lang
                    else f" ({label(lang, 'language.' + quote.language)})"
                )
                lines += ["", f"**{label(lang, 'source')}**{where}:", "", _quote(quote.text)]
            written, statement = rule.statement_in(lang)
            statement = link_terms(statement, written)[0]
            heading = f"**{label(lang, 'statement')}**{written_in(written, lang)}:"
            lines += ["", heading, "", statement]
            rulings = cat().rulings(rule=rule.id)
            if rulings:
                lines += [
                    "",
                    f"**{label(lang, 'rulings')}:** "
                    + ", ".join(f"{{ruling}}`{r.id}`" for r in rulings),
                ]
            # The book holds neither the API reference nor the worked examples; the tests that
            # check a rule are listed on the traceability page.
            code = [] if in_book(self.env) else _code_links(rule.id)
            if not in_book(self.env):
                lines += ["", _decided(rule.id, lang)]
            if code:
                semicolon = "\u00a0; " if lang == "fr" else "; "
                lines += ["", f"**{w(lang, 'implemented')}:** " + semicolon.join(code)]
            shown = [] if in_book(self.env) else _scenario_links(rule.id, lang)
            if shown:
                lines += ["", f"**{w(lang, 'scenarios')}:** " + ", ".join(shown)]
            self.parse("\n".join(lines), section)
            if quote is not None and not rule.is_derived:
                # The published text says in which language it is (lang="en" on the Dutch site's
                # 12.3): a quotation of the publisher, not our prose left untranslated.
                for block in section.findall(nodes.block_quote):
                    block["classes"].append(f"language-{quote.language}")
            top += section
        return out


class RulingsDirective(MarkdownDirective):
    """Every ruling: question, decision, rationale, option and its value per preset."""

    page = "rulings"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        out: list[nodes.Node] = []
        for group in cat().ruling_groups():
            group_section = self.section(f"group.{group.id}", group.titles[lang])
            for ident in group.rulings:
                ruling = cat().ruling(ident)
                text = ruling.text_in(lang)
                self.note_object("ruling", ruling.id, ruling.id)
                section = self.section(ruling.id, f"R{ruling.number}. {text.title}")
                section += addnodes.index(
                    entries=[("single", f"R{ruling.number}", ruling.id, "main", None)]
                )
                lines = [f"`{ruling.id}`"]
                if ruling.assumption:
                    lines += ["", ":::{important}", label(lang, "assumption"), ":::"]
                for key, prose in (
                    ("question", text.question),
                    ("decision", text.decision),
                    ("rationale", text.rationale),
                ):
                    lines += ["", f"**{label(lang, key)}.** {prose}"]
                if ruling.option:
                    values = preset_values(
                        lang, [(preset, f"`{_show(value)}`") for preset, value in ruling.values]
                    )
                    lines += ["", f"**{label(lang, 'option')}:** `{ruling.option}` ({values})"]
                    if text.alternatives:
                        lines += ["", f"**{label(lang, 'alternatives')}:**", ""] + [
                            f"- {a}" for a in text.alternatives
                        ]
                if ruling.evidence:
                    lines += ["", f"**{label(lang, 'evidence')}:**", ""]
                    lines += [
                        f"- ({e.language}) {quotation(e.quote, lang)}" for e in ruling.evidence
                    ]
                lines += [
                    "",
                    f"**{w(lang, 'settles')}:** "
                    + ", ".join(f"{{rule}}`{r}`" for r in ruling.rules),
                ]
                if not in_book(self.env):
                    lines += ["", _decided(ruling.id, lang)]
                shown = [] if in_book(self.env) else _scenario_links(ruling.id, lang)
                if shown:
                    lines += ["", f"**{w(lang, 'scenarios')}:** " + ", ".join(shown)]
                self.parse("\n".join(lines), section)
                group_section += section
            out.append(group_section)
        return out


def _show(value: Any) -> str:
    """An option's value as the ruleset and records write it, the same in every language: the
    deck as its fields ("ass_joker=true, copies=4, ..."), as the rulings page shows it."""
    if value is None:
        return "none"
    if attrs.has(type(value)):
        value = tuple(sorted(attrs.asdict(value).items()))
    if isinstance(value, tuple):
        return ", ".join(f"{k}={_show(v)}" for k, v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class ConcordanceDirective(MarkdownDirective):
    page = "concordance"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        out: list[nodes.Node] = []
        for difference in cat().concordance():
            text = difference.text_in(lang)
            section = self.section(difference.id, text.topic)
            # Differences found after the brief have no brief id.
            brief = f" · {', '.join(difference.brief)}" if difference.brief else ""
            lines = [f"`{difference.id}`{brief}", ""]
            for reading in difference.readings:
                quote = quotation(reading.quote, lang) if reading.quote else "—"
                colon = "\u00a0: " if lang == "fr" else ": "
                lines.append(f"- **{reading.language}** {quote}{colon}{reading.gloss_in(lang)}")
            lines += ["", text.note]
            lines += [
                "",
                f"**{label(lang, 'rules')}:** "
                + ", ".join(f"{{rule}}`{r}`" for r in difference.rules),
            ]
            if difference.settled_by:
                lines += [
                    "",
                    f"**{label(lang, 'rulings')}:** "
                    + ", ".join(f"{{ruling}}`{r}`" for r in difference.settled_by),
                ]
            self.parse("\n".join(lines), section)
            out.append(section)
        return out


class GlossaryDirective(MarkdownDirective):
    page = "glossary"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        lines = []
        users = term_users(lang)
        for term in cat().glossary():
            others = " · ".join(
                f"{lng}: *{term.terms.get(lng)}*" for lng in LANGUAGES if lng != lang
            )
            lines += [
                f"({'term-' + term.id})=",
                f"**{term.term(lang)}**",
                f": {term.definition(lang)}",
                "",
                f"  ({others})",
            ]
            for about, note in term.notes_in(lang):
                lines += ["", f"  *{label(lang, 'language.' + about)}:* {note}"]
            if users[term.id]:
                cited = ", ".join(
                    f"{{rule}}`{rule_number(cat().rule(r), lang)} <{r}>`" for r in users[term.id]
                )
                lines += ["", f"  **{w(lang, 'used-in')}:** {cited}"]
            lines.append("")
        return self.parse("\n".join(lines))


class PresetsDirective(MarkdownDirective):
    """The options side by side: each preset's value, the ruling behind each option."""

    page = "editions"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        names = [preset_name(lang, p) for p in PRESETS]
        header = (
            f"| {label(lang, 'option')} | "
            + " | ".join(name[:1].upper() + name[1:] for name in names)
            + f" | {label(lang, 'rulings')} |"
        )
        lines = [header, "|" + "---|" * (len(PRESETS) + 2)]
        for option in Ruleset.option_names():
            values = [getattr(Ruleset.preset(p), option) for p in PRESETS]
            shown = [f"`{_show(v)}`" for v in values]
            if len({repr(v) for v in values}) > 1:
                shown = [f"**{s}**" for s in shown]
            lines.append(
                f"| `{option}` | "
                + " | ".join(shown)
                + f" | {{ruling}}`{Ruleset.ruling_of(option)}` |"
            )
        return self.parse("\n".join(lines))


class ExamplesDirective(MarkdownDirective):
    """The scenarios of tests/scenarios, in this site's language, each table drawn: at the start
    of each round and after each step (folded away under a line that says which)."""

    page = "examples"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        out: list[nodes.Node] = [self.legend()]
        for scenario in scenarios():
            if scenario.edition != EDITION_OF[lang]:
                continue
            anchor = f"scenario-{scenario.id}"
            title = scenario.title_in(lang)
            section = self.section(anchor, title)
            self.env.domains.standard_domain.note_hyperlink_target(
                anchor, self.env.docname, anchor, title
            )
            # Players are P0, P1, ...; a step may name a seat beyond the table, to be refused.
            names = tuple(f"P{p}" for p in range(MAX_PLAYERS + 1))
            description = scenario.description.get(lang) or scenario.description.get("en", "")
            cited = ", ".join(f"{{rule}}`{r}`" for r in scenario.rules)
            cited_rulings = ", ".join(f"{{ruling}}`{r}`" for r in scenario.rulings)
            lines = [f"`{scenario.id}`", "", description.strip()]
            if cited:
                lines += ["", f"**{label(lang, 'rules')}:** {cited}"]
            if cited_rulings:
                lines += ["", f"**{label(lang, 'rulings')}:** {cited_rulings}"]
            tables = scenario_tables(scenario.id)
            for number, script in enumerate(scenario.rounds, start=1):
                if len(scenario.rounds) > 1:
                    lines += ["", f"*{label(lang, 'table.round')} {number}*"]
                lines += ["", f"**{w(lang, 'table')}:**", ""]
                for player, row in enumerate(script.table["rows"]):
                    faces = " ".join(face_name(parse_face(str(f))) for f in row) or "—"
                    lines.append(f"- P{player}: {faces}")
                if script.table.get("discard"):
                    pile = " ".join(face_name(parse_face(str(f))) for f in script.table["discard"])
                    lines.append(f"- {label(lang, 'table.discard-pile')}: {pile}")
                self.parse("\n".join(lines), section)
                states = tables[number - 1]
                section += self.table(states[0], names, w(lang, "picture-start"))
                self.steps(section, script.steps, states, names)
                lines = []
                if script.result:
                    result = _round_result(script.result, names, lang)
                    lines += ["", f"**{w(lang, 'result')}:** {result}"]
            if scenario.game_result:
                result = _game_result(scenario.game_result, names, lang)
                lines += ["", f"**{w(lang, 'game-result')}:** {result}"]
            if lines:
                self.parse("\n".join(lines), section)
            out.append(section)
        return out

    def steps(
        self,
        section: nodes.section,
        steps: tuple[Step, ...],
        states: tuple[State, ...],
        names: tuple[str, ...],
    ) -> None:
        """A round's steps, a numbered list, each with the table after it."""
        lang = self.lang
        lines = ["", f"**{w(lang, 'steps')}:**", ""]
        for index, step in enumerate(steps, start=1):
            outcome = f" — {w(lang, 'refused')} ({{rule}}`{step.refused}`)" if step.refused else ""
            note = ""
            if step.note:
                note = " " + (step.note.get(lang) or step.note.get("en", ""))
            said = describe(parse_action(step.action), names, lang)
            lines.append(f"{index}. {said} (`{step.action}`){outcome}{note}")
        before = len(section.children)
        self.parse("\n".join(lines), section)
        if not steps:
            return
        (listed,) = (n for n in section.children[before:] if isinstance(n, nodes.enumerated_list))
        for index, item in enumerate(listed.children, start=1):
            assert isinstance(item, nodes.list_item)
            summary = w(lang, "picture-after-step").format(step=index)
            item.append(self.table(states[index], names, summary))

    def table(self, state: State, names: tuple[str, ...], summary: str) -> nodes.raw:
        """The table as the referee sees it, folded away under ``summary``."""
        svg = table_svg(state, names, lang=self.lang, ident=picture_id(self.env))
        return figure(svg, fold=summary)

    def legend(self) -> nodes.Node:
        """Each kind of card as the pictures draw it."""
        lang = self.lang
        cards = []
        for face in (7, PEEK, SPY, GIVE, SWITCH, JOKER, ASS_JOKER, None):
            if face is None:
                name = label(lang, "card.back")
            elif face in (JOKER, ASS_JOKER):
                name = label(lang, "card.joker" if face == JOKER else "card.ass-joker")
            else:
                name = face_name(face)
            svg = card_svg(face, lang, ident=picture_id(self.env))
            cards.append(f"<figure>{svg}<figcaption>{html.escape(name)}</figcaption></figure>")
        title = html.escape(w(lang, "picture-cards"))
        text = f'<div class="sabai-cards"><p>{title}</p><div>{"".join(cards)}</div></div>'
        return nodes.raw("", text, format="html")


def _points(values: list[int], names: tuple[str, ...], signed: bool = False) -> str:
    return ", ".join(
        f"{names[player]} {value:+d}" if signed else f"{names[player]} {value}"
        for player, value in enumerate(values)
    )


_RESULT_LABELS = {
    "card_points": "verdict.card-points",
    "victory_points": "verdict.victory-points",
    "ass_joker_holder": "verdict.ass-joker",
    "hall_of_fame": "verdict.hall-of-fame",
}


def _round_result(result: Any, names: tuple[str, ...], lang: str) -> str:
    """A round's expected result, in the words of the referee's verdict."""
    parts = []
    for key, value in result.items():
        if key == "end":
            parts.append(label(lang, f"end.{value}"))
        elif key == "winners":
            won = ", ".join(names[p] for p in value) or "—"
            parts.append(f"{label(lang, 'verdict.round-won-by')} {won}")
        elif key in ("card_points", "victory_points"):
            points = _points(value, names, signed=key == "victory_points")
            parts.append(f"{label(lang, _RESULT_LABELS[key])}: {points}")
        elif key in ("ass_joker_holder", "hall_of_fame"):
            who = "—" if value is None else names[value]
            parts.append(f"{label(lang, _RESULT_LABELS[key])}: {who}")
        else:
            raise ValueError(f"a scenario's result has no key {key!r}")
    return " · ".join(parts)


def _game_result(result: Any, names: tuple[str, ...], lang: str) -> str:
    parts = []
    if "victory_points" in result:
        parts.append(
            f"{label(lang, 'verdict.final-scores')}: {_points(result['victory_points'], names)}"
        )
    if result.get("winners"):
        parts.append(
            f"{label(lang, 'verdict.game-won-by')} {', '.join(names[p] for p in result['winners'])}"
        )
    return " · ".join(parts)


class TraceabilityDirective(MarkdownDirective):
    """For each chapter: how many normative rules of this site's edition have code, tests and
    scenarios; the same for each rule, with its deciders; the deciders of each ruling; why no code
    decides the rules and rulings that have none; and, folded per rule, the tests that check it."""

    page = "traceability"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        edition = EDITION_OF[lang]
        head = (
            label(lang, "chapter"),
            f"{label(lang, 'rules')} ({label(lang, 'kind.normative')})",
            w(lang, "code"),
            w(lang, "tests"),
            w(lang, "scenarios"),
        )
        lines = [
            "| " + " | ".join(head) + " |",
            "|---|---|---|---|---|",
        ]
        for chapter in site_chapters(lang):
            rules = list(cat().rules(chapter=chapter.id, kind="normative", edition=edition))
            code = sum(1 for r in rules if found().code(r.id))
            tests = sum(1 for r in rules if found().tests(r.id))
            shown = sum(1 for r in rules if found().scenarios(r.id))
            lines.append(
                f"| {chapter.number}. {chapter.title(lang)} "
                f"| {len(rules)} | {code} | {tests} | {shown} |"
            )
        columns = (w(lang, "code"), w(lang, "tests"), w(lang, "scenarios"), w(lang, "decider"))
        lines += ["", "| id | " + " | ".join(columns) + " |", "|---|---|---|---|---|"]
        normative = cat().rules(kind="normative", edition=edition)
        for rule in normative:
            counts = (found().code(rule.id), found().tests(rule.id), found().scenarios(rule.id))
            lines.append(
                f"| {{rule}}`{rule.id}` | "
                + " | ".join(str(len(c)) for c in counts)
                + f" | {', '.join(_decider_links(rule.id, lang)) or '—'} |"
            )
        # The rulings too are decided by code, or say why not.
        lines += ["", f"| id | {w(lang, 'decider')} |", "|---|---|"]
        for ruling in cat().rulings():
            links = ", ".join(_decider_links(ruling.id, lang)) or "—"
            lines.append(f"| {{ruling}}`{ruling.id}` | {links} |")
        out = self.parse("\n".join(lines))
        ids = [r.id for r in cat().rules(edition=edition)] + [r.id for r in cat().rulings()]
        why = self.section("undecided", w(lang, "undecided-heading"))
        self.parse(
            "\n".join(
                f"- {{{cat().kind_of(i)}}}`{i}` — {undecided()[i].reason(lang)}"
                for i in ids
                if i in undecided()
            ),
            why,
        )
        tested = self.section("tested-by", w(lang, "tested"))
        for rule in normative:
            names = _test_names(rule.id)
            summary_box = cast(nodes.Element, self.parse(f"{{rule}}`{rule.id}` ({len(names)})")[0])
            listed = cast(nodes.Element, self.parse("\n".join(f"- {n}" for n in names) or "—")[0])
            first = cast(nodes.Element, summary_box.children[0])
            tested += folded(list(first.children), list(listed.children), ["sabai-tests"])
        return [*out, why, tested]


class RuleIndexDirective(MarkdownDirective):
    page = "rule-index"

    def body(self) -> list[nodes.Node]:
        lang = self.lang
        lines = []
        for rule in sorted(cat().rules(), key=lambda r: r.id):
            edition = "older" if "older" in rule.editions else "current"
            where = "" if in_site(rule, lang) else f" ({label(lang, 'edition.' + edition)})"
            lines.append(f"- {{rule}}`{rule.id}` — {rule.title(lang)}{where}")
        lines += ["", f"**{label(lang, 'rulings')}**", ""]
        # The reference reads "R12" and the ruling's title in the site's language.
        lines += [f"- {{ruling}}`{r.id}`" for r in cat().rulings()]
        return self.parse("\n".join(lines))


class CliDirective(MarkdownDirective):
    """The help of every ``sabai`` command, as the program prints it."""

    page = "cli"

    def body(self) -> list[nodes.Node]:
        from sabai_rules import cli  # noqa: PLC0415

        parser = cli._parser()
        texts = [("sabai", parser.format_help())]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    texts.append((f"sabai {name}", sub.format_help()))
        out: list[nodes.Node] = []
        for name, text in texts:
            section = self.section(f"cli-{name.replace(' ', '-')}", name)
            block = nodes.literal_block(text, text)
            block["language"] = "text"  # a help text, not Python
            section += block
            out.append(section)
        return out


class ReplayDirective(MarkdownDirective):
    """The referee's verdict on an example record, in this site's language."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "at": directives.nonnegative_int,
        "as": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        path = ROOT / self.arguments[0]
        self.env.note_dependency(str(path))
        if "at" in self.options:
            argv = ["show", str(path), "--at", str(self.options["at"]), "--lang", self.lang]
            if "as" in self.options:
                argv += ["--as", self.options["as"]]
        else:
            argv = ["replay", str(path), "--lang", self.lang]
        return [self.verdict(self.referee(argv))]

    def referee(self, argv: list[str]) -> str:
        """What ``sabai ARGV`` prints, a verdict or a table. Its exit status must be a verdict's:
        0 (every event legal), 1 (an illegal event found) or 4 (events the record cannot
        decide); any other means that the record, the position or the options could not be
        used, and the page would show an error message as a verdict: a build error instead."""
        from sabai_rules.cli import EXIT_ILLEGAL, EXIT_OK, EXIT_UNDECIDED, run  # noqa: PLC0415

        out = io.StringIO()
        status = run(argv, stdout=out, stderr=out)
        text = out.getvalue()
        if status not in (EXIT_OK, EXIT_ILLEGAL, EXIT_UNDECIDED):
            raise self.error(f"sabai {argv[0]} exited {status}: {text.strip()}")
        return text

    def verdict(self, text: str) -> nodes.literal_block:
        """The verdict as a block of text whose rulebook addresses (``fr/rules/...html#id``,
        relative to the site's root) are links, relative to this page."""
        block = nodes.literal_block(text, classes=["sabai-verdict"])
        block["language"] = "text"
        to_root = "../" * (self.env.docname.count("/") + 1)
        cursor = 0
        for match in _RULEBOOK_ADDRESS.finditer(text):
            block += nodes.Text(text[cursor : match.start()])
            address = match.group()
            block += nodes.reference(address, address, refuri=to_root + address)
            cursor = match.end()
        block += nodes.Text(text[cursor:])
        if cursor:
            # A block with links is a parsed literal: its raw source (the directive) differs
            # from its text, so the HTML writer keeps the references (and highlights nothing).
            block.rawsource = self.block_text
        return block


class JudgeDirective(ReplayDirective):
    """The referee's quick ruling on actions played from a position, in this site's language, as
    ``sabai judge`` prints it, below the command that asks for it. The argument is the position
    (:mod:`sabai_rules.play.position`), the content the actions, one a line, as a player writes them
    (``Chloé throws in Léa's 1 (9)``: :mod:`sabai_rules.referee.judge`); ``:tolerant:`` judges
    every action, not only up to the first illegal one."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"tolerant": directives.flag}

    def run(self) -> list[nodes.Node]:
        position = self.arguments[0]
        actions = [line.strip() for line in self.content if line.strip()]
        if not actions:
            raise self.error("sabai-judge: the actions, one a line, are the directive's content")
        options = [] if self.lang == "en" else ["--lang", self.lang]
        if "tolerant" in self.options:
            options.append("--tolerant")
        text = self.referee(["judge", position, *actions, *options])
        # The command as a player types it: the position, then the actions and the options.
        words = " ".join(shell_word(word) for word in [*actions, *options])
        command = f"sabai judge {shell_word(position)} \\\n  {words}"
        block = nodes.literal_block(command, command, classes=["sabai-command"])
        block["language"] = "sh"
        return [block, self.verdict(text)]


#: A word a shell takes as it is.
_PLAIN_WORD = re.compile(r"[\w@%+=:,./-]+")


def shell_word(text: str) -> str:
    """``text`` as one word of a shell command a player can copy: bare where it can be, else in
    double quotes (which keep an apostrophe: ``"Léa's 1"``), else in single quotes (which keep
    the ``!`` an interactive shell expands within double quotes: ``'?!@Chloé'``)."""
    if _PLAIN_WORD.fullmatch(text):
        return text
    if not re.search(r'["$`\\!]', text):
        return f'"{text}"'
    return shlex.quote(text)


#: A rulebook address as the referee prints it: a site, a page and an anchor.
_RULEBOOK_ADDRESS = re.compile(
    rf"\b(?:{'|'.join(LANGUAGES)})/(?:rules/)?[a-z0-9-]+\.html#[a-z0-9.-]+(?<![.])"
)


class PictureDirective(MarkdownDirective):
    """A picture, inline in the page so that it scales: the table of a record after an event
    (``:record:`` a path from the repository's root, ``:at:`` the event, 0 the deal, and
    optionally ``:as:`` a player), as ``sabai show --svg`` draws it; or a diagram of the rules
    (``:diagram: turn`` or ``round-end``) in this site's language and edition. ``:caption:``
    replaces the caption."""

    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "record": directives.unchanged_required,
        "at": directives.nonnegative_int,
        "as": directives.unchanged_required,
        "diagram": lambda value: directives.choice(value, ("turn", "round-end")),
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        lang, options = self.lang, self.options
        ident = picture_id(self.env)
        if "diagram" in options:
            if {"record", "at", "as"} & set(options):
                raise self.error("a diagram takes no record, event or player")
            draw = turn_diagram if options["diagram"] == "turn" else round_end_diagram
            return [figure(draw(lang, ident=ident), options.get("caption", ""), kind="diagram")]
        if "record" not in options or "at" not in options:
            raise self.error("a picture needs :diagram:, or :record: and :at:")
        path = ROOT / options["record"]
        self.env.note_dependency(str(path))
        try:
            record = load_record(path)
            state = table_after(record, options["at"])
            who = options.get("as")
            player = None if who is None else player_index(who, record.players, ":as:")
        except RecordError as error:
            raise self.error(f"{options['record']}: {error}") from None
        svg = table_svg(state, record.players, as_player=player, lang=lang, ident=ident)
        caption = options.get("caption") or w(lang, "picture-after-event").format(
            event=options["at"]
        )
        return [figure(svg, caption)]


class ImpactDirective(MarkdownDirective):
    """What each ruling changes, below the page's hand-written title and introduction: the
    committed run of ``sabai impact`` (``docs/_data/impact.json``), its numbers written and its
    tables labelled in the site's language, each option under its ruling's title
    (:mod:`sabai_dev.impact_page`)."""

    def run(self) -> list[nodes.Node]:
        path = ROOT / "docs" / "_data" / "impact.json"
        self.env.note_dependency(str(path))
        summary = json.loads(path.read_text(encoding="utf-8"))
        page = impact_page.render(summary, self.lang, WORDS[self.lang])
        return [*self.parse(page.lead), *(self.built(section) for section in page.sections)]

    def built(self, section: impact_page.Section) -> nodes.section:
        node = self.section(section.ident, section.title)
        self.parse(section.text, node)
        for child in section.sections:
            node += self.built(child)
        return node


class SchemaDirective(MarkdownDirective):
    def run(self) -> list[nodes.Node]:
        path = ROOT / "sabai_rules" / "schema" / "record-v1.schema.json"
        self.env.note_dependency(str(path))
        text = json.dumps(
            json.loads(path.read_text(encoding="utf-8")), indent=2, ensure_ascii=False
        )
        block = nodes.literal_block(text, text, classes=["sabai-schema"])
        block["language"] = "json"
        lines = text.count("\n") + 1
        head = [nodes.literal(path.name, path.name), nodes.Text(f" ({lines:,} lines)")]
        return [folded(head, [block], ["sabai-schema"])]


# -- cross references ---------------------------------------------------------------------------


def resolve_public_path(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
) -> nodes.Node | None:
    """A reference to a name by its public path (``sabai_rules.views.observation``, as the README
    and the rulebook write it) links to where the name is defined and documented
    (``sabai_rules.play.views.observation``)."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    for public, home in PUBLIC_PATHS.items():
        if target != public and not target.startswith(public + "."):
            continue
        found = home
        name, _, attribute = target[len(public) + 1 :].partition(".")
        if name:
            value = getattr(importlib.import_module(public), name, None)
            found = f"{getattr(value, '__module__', None) or home}.{name}"
            found += f".{attribute}" if attribute else ""
        refdoc = node.get("refdoc", env.docname)
        py = env.domains["py"]
        return py.resolve_xref(env, refdoc, app.builder, node["reftype"], found, node, contnode)
    return None


def resolve_other_edition(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
) -> nodes.Node | None:
    """A rule this site does not render links to the site of its edition; ``:rule:`` naming a
    ruling (docstrings cite both the same way) links to the ruling."""
    if node.get("reftype") != "rule":
        return None
    target = node.get("reftarget", "")
    if cat().kind_of(target) == "ruling":
        std = env.domains.standard_domain
        docname, anchor = std.objects[("ruling", target)]
        uri = app.builder.get_relative_uri(node.get("refdoc", env.docname), docname) + "#" + anchor
        if app.builder.name == "singlehtml":
            uri = "#" + anchor  # the book is one page
        reference = nodes.reference("", "", internal=True, refuri=uri, reftitle=target)
        reference += contnode
        return reference
    if cat().kind_of(target) != "rule":
        return None
    rule = cat().rule(target)
    lang = lang_of(env)
    if in_site(rule, lang):
        return None
    # The book is one page, book/index.html, beside the site's pages.
    depth = 1 if in_book(env) else env.docname.count("/")
    uri = "../" * (depth + 1) + cat().rulebook_link(rule.id, lang)
    reference = nodes.reference("", "", internal=False, refuri=uri, reftitle=target)
    reference += contnode
    return reference


def reference_text(ident: str, lang: Language) -> str | None:
    """How a reference to a rule or ruling reads on the site of ``lang``: its number and title
    ("6.8 Nouvelle tentative", "R12 ..."); ``None`` for an id the catalogue lacks (the build
    then fails on the missing reference)."""
    if cat().kind_of(ident) in ("rule", "ruling"):
        return cat().reference(ident, lang)
    return None


class NumberedReferences(SphinxPostTransform):
    """Each ``{rule}`` and ``{ruling}`` reference without a title of its own reads as its number
    and title in the site's language, before the references are resolved."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        lang = lang_of(self.env)
        for node in self.document.findall(pending_xref):
            if node.get("reftype") not in ("rule", "ruling") or node.get("refexplicit"):
                continue
            text = reference_text(node.get("reftarget", ""), lang)
            if text is not None:
                node.children = [nodes.inline(text, text, classes=["sabai-ref"])]


def no_search_in_book(app: Sphinx) -> None:
    """The book (``singlehtml``) has no search page: its pages do not link to one."""
    if app.builder.name == "singlehtml":
        cast(Any, app.builder).search = False


def single_page_anchors(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """In the book, a link to another page's anchor (``#document-rulings#ruling.x``, as
    Sphinx 9's ``singlehtml`` writes it) is a link to the anchor on the one page."""
    if app.builder.name != "singlehtml":
        return
    for reference in doctree.findall(nodes.reference):
        uri = reference.get("refuri", "")
        if uri.startswith("#") and uri.count("#") > 1:
            reference["refuri"] = uri[uri.index("#", 1) :]


def add_reference_titles(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """A link to a rule or ruling has the id as its hover title."""
    for reference in doctree.findall(nodes.reference):
        anchor = (reference.get("refuri") or "").rpartition("#")[2] or reference.get("refid", "")
        if "reftitle" not in reference and cat().kind_of(anchor) in ("rule", "ruling"):
            reference["reftitle"] = anchor


def add_language_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    lang = lang_of(app)
    depth = pagename.count("/")

    def page_in(code: Language) -> str:
        if app.config.root_doc == BOOK:
            return f"../../{code}/{BOOK}/index.html"
        # A chapter the other edition lacks: that site's list of chapters.
        shown = "rules/index" if pagename in absent_pages(code) else pagename
        return "../" * (depth + 1) + f"{code}/{shown}.html"

    context["sabai_languages"] = [
        (
            code,
            {"en": "English", "fr": "Français", "nl": "Nederlands", "fi": "Suomi"}[code],
            page_in(code),
            code == lang,
        )
        for code in LANGUAGES
    ]


class HomeDirective(MarkdownDirective):
    """The home page's title and introduction, in the site's language, and a link to the
    printable book (built beside the site, ``book/index.html``, by ``tools/build_docs.py``)."""

    page = "home"

    def body(self) -> list[nodes.Node]:
        text = w(self.lang, "book-link")
        link = nodes.reference(text, text, refuri=f"{BOOK}/index.html")
        note = nodes.Text(f" — {w(self.lang, 'book-note')}.")
        return [nodes.paragraph("", "", nodes.strong("", "", link), note, classes=["sabai-book"])]


class BookDirective(MarkdownDirective):
    """The printable book's title page: the rules, the rulings, the glossary, the editions and
    the concordance, one after the other (``docs/book.md``, built by ``singlehtml``)."""

    page = "book"

    def body(self) -> list[nodes.Node]:
        lines = ["```{toctree}", ":maxdepth: 2", "", *BOOK_PAGES, "```"]
        return self.parse("\n".join(lines))


class ApiIndexDirective(MarkdownDirective):
    """The API reference's index: one line per module (its docstring's first line), a page per
    module (``api/<module>.md``). Addresses of the one-page reference (``api.html#<object>``)
    are sent on to the object's module page."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        import importlib  # noqa: PLC0415

        modules = [line.strip() for line in self.content if line.strip()]
        lines = ["```{toctree}", ":hidden:", "", *(f"api/{m}" for m in modules), "```", ""]
        for module in modules:
            doc = (importlib.import_module(module).__doc__ or "").strip()
            first = doc.split("\n\n")[0].replace("\n", " ")
            first = _myst_roles(first, module)
            lines.append(f"- {{doc}}`{module} <api/{module}>` — {first}")
        out = self.parse("\n".join(lines))
        script = (
            "<script>(function () {\n"
            f"  var modules = {json.dumps(sorted(modules, key=len, reverse=True))};\n"
            "  var id = decodeURIComponent(window.location.hash.slice(1));\n"
            "  var name = id.replace(/^module-/, '');\n"
            "  for (var i = 0; id && i < modules.length; i++) {\n"
            "    var m = modules[i];\n"
            "    if (name === m || name.indexOf(m + '.') === 0) {\n"
            "      window.location.replace('api/' + m + '.html#' + encodeURIComponent(id));\n"
            "      return;\n"
            "    }\n"
            "  }\n"
            "})();</script>"
        )
        return [*out, nodes.raw("", script, format="html")]


def _myst_roles(text: str, module: str) -> str:
    """A docstring's rST roles (``:func:`name```) as MyST roles, a name relative to the module
    made absolute (shown short) as it is on the module's page."""

    def role(match: re.Match[str]) -> str:
        name, target = match.group(1), match.group(2)
        bare = target.removeprefix("~")
        if name in ("func", "class", "data", "meth", "attr", "exc", "obj") and not bare.startswith(
            ("sabai_rules.", "sabai_dev.", "<")
        ):
            target = f"~{module}.{bare}"
        return f"{{{name}}}`{target}`"

    return re.sub(r"(?<![\w`]):([a-z]+(?::[a-z]+)?):`([^`<]+)`", role, text)


def hide_long_values(app: Sphinx, doctree: nodes.document) -> None:
    """No module constant shows a value that holds a function's or a class's repr, or runs
    longer than a line: tables of predicates, of phrases, of parameters are described by their
    docstrings, not printed."""
    for signature in doctree.findall(addnodes.desc_signature):
        for annotation in list(signature.findall(addnodes.desc_annotation)):
            if not any(
                isinstance(child, addnodes.desc_sig_punctuation) and child.astext() == "="
                for child in annotation.children
            ):
                continue
            value = annotation.astext()
            if len(value) > _LONGEST_VALUE or re.search(r"<(function|class|bound) ", value):
                annotation.parent.remove(annotation)


_LONGEST_VALUE = 100


class RulesIndexDirective(MarkdownDirective):
    """The chapters, as a table of contents."""

    page = "rules"

    def body(self) -> list[nodes.Node]:
        lines = ["```{toctree}", ":maxdepth: 2", ""]
        lines += [chapter.id for chapter in site_chapters(self.lang)]
        lines.append("```")
        return self.parse("\n".join(lines))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_object_type(
        "rule", "rule", objname="rule of sabai-sabai", indextemplate="pair: %s; rule"
    )
    app.add_object_type(
        "ruling", "ruling", objname="ruling on sabai-sabai", indextemplate="pair: %s; ruling"
    )
    for name, directive in (
        ("sabai-chapter", ChapterDirective),
        ("sabai-rulings", RulingsDirective),
        ("sabai-concordance", ConcordanceDirective),
        ("sabai-glossary", GlossaryDirective),
        ("sabai-presets", PresetsDirective),
        ("sabai-examples", ExamplesDirective),
        ("sabai-traceability", TraceabilityDirective),
        ("sabai-rule-index", RuleIndexDirective),
        ("sabai-cli", CliDirective),
        ("sabai-replay", ReplayDirective),
        ("sabai-judge", JudgeDirective),
        ("sabai-picture", PictureDirective),
        ("sabai-schema", SchemaDirective),
        ("sabai-impact", ImpactDirective),
        ("sabai-home", HomeDirective),
        ("sabai-rules-index", RulesIndexDirective),
        ("sabai-book", BookDirective),
        ("sabai-api-index", ApiIndexDirective),
    ):
        app.add_directive(name, directive)
    app.add_node(details, html=(_visit_details, _depart_details))
    app.add_node(summary, html=(_visit_summary, _depart_summary))
    app.connect("config-inited", configure_pages)
    app.connect("doctree-read", hide_long_values)
    app.connect("builder-inited", no_search_in_book)
    app.connect("doctree-resolved", single_page_anchors)
    app.connect("missing-reference", resolve_other_edition)
    app.connect("missing-reference", resolve_public_path)
    app.add_post_transform(NumberedReferences)
    app.connect("doctree-resolved", add_reference_titles)
    app.connect("html-page-context", add_language_context)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True}

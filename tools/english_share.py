"""How much of each translated rulebook site's prose is still English.

    python tools/english_share.py                      # fr, nl and fi under docs/_build/html
    python tools/english_share.py --lang fr --threshold 5 --json share.json

For every HTML page of the French, Dutch and Finnish sites (``<site>/<lang>/``), the prose of the
page's main content is cut into paragraph-sized chunks, a language identifier (lingua, restricted
to English, French, Dutch and Finnish) decides each chunk's language, and the chunk's words are
counted for that language. A site's English share is its English words over all its prose words;
so is a page's. The Finnish site is the older edition's, so every Finnish page below counts for it.

What is prose, and what is left out (what a translator of the site could not or should not
translate, and what is not the project's own prose):

- whole pages: the API reference (``api.html`` and ``api/``), the highlighted source code of
  ``_modules/``, the general and module indexes (``genindex.html``, ``py-modindex.html``, lists of
  Python names), the search page, and the printable book (``book/``: the prose of the rules,
  rulings, glossary, editions and concordance pages again, which would count twice);
- outside the main content (furo's ``article`` / ``[role=main]``): the navigation, the sidebars,
  the language switcher, the header and footer;
- in it: code and literal blocks (``pre``, ``div.highlight``), ``code``, ``kbd``, ``samp``, ``var``
  and quoted ids (``.literal``, ``.xref``), heading permalinks (the pilcrow), tables of contents
  (``.toctree-wrapper``: the titles they list are counted on their own pages), navigation
  elements, scripts and forms;
- quotations of published texts: every ``blockquote`` (on a chapter page the publisher's own
  text of a rule: in the page's language where the publisher has one, otherwise in another
  language and said so in the line before it; either way not the project's prose to translate),
  any element whose ``lang`` attribute names another language, and a quotation that a language
  code introduces: ``(fi) “…”`` (a ruling's evidence), ``en “…”`` (a reading of the concordance)
  and the ``(en: term · nl: term)`` line of the glossary, which lists a term in the other
  languages.

What stays in and counts: everything else in the main content, the project's statements of the
rules included, also where the page says "in English" before one (the translation is missing,
which is exactly what is measured), and the titles of rules and rulings in references (in English
where not yet translated). A chunk is a paragraph, a list item, a definition term or
description, a heading, a table cell or a caption (text directly in a ``div`` or ``section`` is
a chunk of its own); a word is a run of letters (``don't`` and ``Ass-Joker`` are one word; numbers
and rule numbers are none). A chunk that lingua cannot decide counts in the total as undecided.

Output: per site the share and the ten pages with the most English words; ``--json FILE`` writes
every page's counts. Exit status: 0 every site's share is at or below ``--threshold`` (percent,
default 10); 1 a site's share is above it; 2 bad arguments, a site not built, or lingua not
installed (``pip install -e '.[docs]'``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "docs" / "_build" / "html"
#: The translated sites: English is the language they are measured against.
TRANSLATED = ("fr", "nl", "fi")
#: The languages the identifier chooses among (ISO 639-1).
IDENTIFIED = ("en", "fr", "nl", "fi")

#: Pages with no prose of the project's to translate (paths relative to the language's site).
EXCLUDED_PAGES = re.compile(
    r"^(api\.html|api/.*|_modules/.*|genindex\.html|py-modindex\.html|search\.html|book/.*)$"
)

_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param"}
    | {"source", "track", "wbr"}
)
#: Elements whose whole content is left out.
_SKIPPED_TAGS = frozenset(
    {"script", "style", "template", "noscript", "nav", "svg", "math", "iframe", "object"}
    | {"pre", "code", "kbd", "samp", "tt", "var"}
    | {"button", "form", "input", "select", "textarea"}
    | {"blockquote"}
)
_SKIPPED_CLASSES = frozenset(
    {
        "highlight",
        "literal-block",
        "literal",
        "xref",
        "headerlink",
        "sabai-languages",
        "toctree-wrapper",
        "viewcode-link",
        "viewcode-back",
        "sig",
        "related-pages",
        "bottom-of-page",
    }
)
_SKIPPED_ROLES = frozenset({"navigation", "search", "banner", "contentinfo"})
#: Each of these starts a chunk of its own, and ends it.
_BLOCKS = frozenset(
    {"p", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "th", "td", "caption"}
    | {"figcaption", "div", "section", "article", "dl", "ul", "ol", "table", "tr", "thead"}
    | {"tbody", "tfoot", "figure", "aside", "details", "summary", "header", "footer", "main"}
    | {"br", "hr", "blockquote", "pre"}
)

#: A language code introducing a quotation: ``(fi) “…”`` or ``en “…”`` at the start of a chunk.
_CODED_QUOTE = re.compile(r"^\s*\(?[a-z]{2}\)?\s*(?=[“«„])")
#: A quotation in running text: “…”, « … », „…“ and ”…”; and in single quotes (U+2018 … U+2019,
#: or U+2019 on both sides as Finnish writes them) where the closing quote is followed by no
#: letter: inside one, U+2019 before a letter is an apostrophe, so that the French quotation of
#: "lorsqu'un joueur" is one quotation and the English "text's" is none. Removed innermost first,
#: so that a quotation inside a quotation goes too.
_QUOTATION = re.compile(
    r"“[^“”]*”|«[^«»]*»|„[^„“”]*[“”]|”[^“”]*”"
    r"|\u2018(?:[^\u2018\u2019]|\u2019(?=\w))*\u2019(?!\w)"
    r"|(?<!\w)\u2019(?=\w)(?:[^\u2018\u2019]|\u2019(?=\w))*\u2019(?!\w)"
)
#: A link named by its target's id, as the worked examples are: ``<a href="…#scenario-x">x</a>``.
_SLUG = re.compile(r"[a-z0-9]+(?:[.-][a-z0-9]+)+")
#: The glossary's line of a term in the other languages: ``(en: round · nl: partij · fi: kierros)``.
_CODED_TERMS = re.compile(r"\(\s*[a-z]{2}:[^()]*?(?:·\s*[a-z]{2}:[^()]*?)*\)")
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019\-][^\W\d_]+)*")  # an apostrophe inside: one word

#: A language identifier: one ISO 639-1 code (of ``IDENTIFIED``) or None per text.
Classifier = Callable[[Sequence[str]], list[str | None]]


class _Element:
    __slots__ = ("attrs", "children", "parent", "tag")

    def __init__(self, tag: str, attrs: dict[str, str], parent: _Element | None) -> None:
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[_Element | str] = []

    def iter(self) -> Iterator[_Element]:
        yield self
        for child in self.children:
            if isinstance(child, _Element):
                yield from child.iter()


class _TreeBuilder(HTMLParser):
    """A forgiving HTML tree: void elements close themselves, a stray end tag closes up to its
    open element (or is ignored)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Element("#document", {}, None)
        self._open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = _Element(tag, {k: v or "" for k, v in attrs}, self._open[-1])
        self._open[-1].children.append(element)
        if tag not in _VOID:
            self._open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open[-1].children.append(
            _Element(tag, {k: v or "" for k, v in attrs}, self._open[-1])
        )

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._open) - 1, 0, -1):
            if self._open[depth].tag == tag:
                del self._open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self._open[-1].children.append(data)


def parse(text: str) -> _Element:
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


def main_content(root: _Element) -> _Element | None:
    """Furo's main content: the ``article`` (``role="main"``); else any ``[role=main]``, ``main``
    or ``article``."""
    for wanted in (
        lambda e: e.tag == "article" and e.attrs.get("role") == "main",
        lambda e: e.attrs.get("role") == "main",
        lambda e: e.tag in ("main", "article"),
    ):
        for element in root.iter():
            if wanted(element):
                return element
    return None


def _skipped(element: _Element, lang: str) -> bool:
    if element.tag in _SKIPPED_TAGS or "hidden" in element.attrs:
        return True
    classes = element.attrs.get("class", "").split()
    if any(c in _SKIPPED_CLASSES or c.startswith("highlight-") for c in classes):
        return True
    if element.attrs.get("role") in _SKIPPED_ROLES:
        return True
    marked = element.attrs.get("lang", "").split("-")[0].lower()
    return bool(marked) and marked != lang


def _text(element: _Element) -> str:
    return "".join(c if isinstance(c, str) else _text(c) for c in element.children)


def _named_by_id(element: _Element) -> bool:
    """A link whose text is the id its ``#fragment`` ends with (a worked example's name)."""
    if element.tag != "a":
        return False
    text = _text(element).strip()
    fragment = element.attrs.get("href", "").partition("#")[2]
    return bool(_SLUG.fullmatch(text)) and fragment.endswith(text)


def chunks(content: _Element, lang: str) -> list[str]:
    """The prose of ``content`` in paragraph-sized chunks, whitespace folded, with what is left
    out (see the module's docstring) removed."""
    found: list[str] = []
    current: list[str] = []

    def flush() -> None:
        text = " ".join("".join(current).split())
        current.clear()
        text = _CODED_QUOTE.sub("", text)
        quoted = None
        while quoted != text:
            quoted, text = text, _QUOTATION.sub(" ", text)
        text = " ".join(_CODED_TERMS.sub("", text).split())
        if _WORD.search(text):
            found.append(text)

    def walk(element: _Element) -> None:
        for child in element.children:
            if isinstance(child, str):
                current.append(child)
            elif not _skipped(child, lang) and not _named_by_id(child):
                block = child.tag in _BLOCKS
                if block:
                    flush()
                walk(child)
                if block:
                    flush()
            elif child.tag in _BLOCKS:
                flush()
            else:
                current.append(" ")  # inline code between two words keeps them apart

    walk(content)
    flush()
    return found


def words(text: str) -> int:
    return len(_WORD.findall(text))


@dataclass
class PageShare:
    """One page's prose words by language (``"?"``: undecided)."""

    page: str
    words: Counter[str] = field(default_factory=Counter)
    #: The English chunks, longest first (what to translate next).
    english: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.words.values())

    @property
    def english_words(self) -> int:
        return self.words["en"]

    @property
    def share(self) -> float:
        return self.english_words / self.total if self.total else 0.0


@dataclass
class SiteShare:
    lang: str
    pages: list[PageShare]
    excluded: list[str]
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(p.total for p in self.pages)

    @property
    def english_words(self) -> int:
        return sum(p.english_words for p in self.pages)

    @property
    def share(self) -> float:
        return self.english_words / self.total if self.total else 0.0


def page_share(page: str, text: str, lang: str, classify: Classifier) -> PageShare:
    """The words of one page's prose by language."""
    result = PageShare(page)
    content = main_content(parse(text))
    if content is None:
        return result
    pieces = chunks(content, lang)
    for piece, language in zip(pieces, classify(pieces), strict=True):
        result.words[language or "?"] += words(piece)
        if language == "en":
            result.english.append(piece)
    result.english.sort(key=words, reverse=True)
    return result


def pages_of(site: Path) -> tuple[list[str], list[str]]:
    """The pages of one language's site that count, and those left out (relative paths)."""
    counted: list[str] = []
    excluded: list[str] = []
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if "_static" in relative.split("/"):
            continue
        (excluded if EXCLUDED_PAGES.match(relative) else counted).append(relative)
    return counted, excluded


def site_share(site: Path, lang: str, classify: Classifier) -> SiteShare:
    start = time.perf_counter()
    counted, excluded = pages_of(site)
    pages = [
        page_share(page, (site / page).read_text(encoding="utf-8"), lang, classify)
        for page in counted
    ]
    return SiteShare(lang, pages, excluded, time.perf_counter() - start)


#: The least confidence (lingua's, from 0 to 1 over the four languages) at which a chunk's most
#: likely language is taken; below it (a heading of two words, a card name) it stays undecided.
CONFIDENCE = 0.5


def lingua_classifier(confidence: float = CONFIDENCE) -> Classifier:
    """lingua's identifier among English, French, Dutch and Finnish: each text's most likely
    language where lingua gives it at least ``confidence``, else None. ImportError if lingua is
    not installed."""
    import lingua  # noqa: PLC0415 - an optional dependency (the docs extra)

    codes = {
        lingua.Language.ENGLISH: "en",
        lingua.Language.FRENCH: "fr",
        lingua.Language.DUTCH: "nl",
        lingua.Language.FINNISH: "fi",
    }
    detector = lingua.LanguageDetectorBuilder.from_languages(*codes).build()

    def classify(texts: Sequence[str]) -> list[str | None]:
        found: list[str | None] = []
        for values in detector.compute_language_confidence_values_in_parallel(list(texts)):
            best = values[0] if values else None
            ok = best is not None and best.value >= confidence
            found.append(codes[best.language] if best is not None and ok else None)
        return found

    return classify


def _percent(share: float) -> str:
    return f"{100 * share:.1f} %"


def report(sites: list[SiteShare], threshold: float, worst: int = 10) -> list[str]:
    """What the tool prints: per site its share and the pages with the most English words."""
    lines = []
    for site in sites:
        over = site.share * 100 > threshold
        verdict = f"above the threshold of {threshold:g} %" if over else "within the threshold"
        lines.append(
            f"{site.lang}: {_percent(site.share)} English ({site.english_words:,} of "
            f"{site.total:,} prose words in {len(site.pages)} pages; "
            f"{len(site.excluded)} pages left out; {site.seconds:.1f} s) — {verdict}"
        )
        ranked = sorted(site.pages, key=lambda p: (-p.english_words, p.page))
        for page in [p for p in ranked if p.english_words][:worst]:
            lines.append(
                f"  {page.page}: {page.english_words:,} English words of {page.total:,} "
                f"({_percent(page.share)})"
            )
    return lines


def as_json(sites: list[SiteShare], threshold: float) -> dict[str, object]:
    return {
        "threshold_percent": threshold,
        "sites": {
            site.lang: {
                "share": round(site.share, 4),
                "english_words": site.english_words,
                "words": site.total,
                "excluded_pages": site.excluded,
                "pages": [
                    {
                        "page": page.page,
                        "share": round(page.share, 4),
                        "english_words": page.english_words,
                        "words": page.total,
                        "by_language": dict(sorted(page.words.items())),
                        "longest_english": page.english[:3],
                    }
                    for page in site.pages
                ],
            }
            for site in sites
        },
    }


def main(argv: list[str] | None = None, classify: Classifier | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--site", type=Path, default=SITE, help="the built site, one folder per language"
    )
    parser.add_argument(
        "--lang", action="append", choices=TRANSLATED, help="a site to measure (repeatable)"
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=10.0,
        help="the highest English share allowed, in percent (default 10)",
    )
    parser.add_argument("--json", type=Path, help="write every page's counts to this file")
    args = parser.parse_args(argv)
    if not 0 <= args.threshold <= 100:
        parser.error("--threshold is a percentage, from 0 to 100")
    languages = tuple(dict.fromkeys(args.lang or TRANSLATED))
    for lang in languages:
        if not (args.site / lang / "index.html").is_file():
            parser.error(
                f"no {lang} site in {args.site} (build it: tools/build_docs.py --lang {lang})"
            )
    if classify is None:
        try:
            classify = lingua_classifier()
        except ImportError:
            print(
                "english_share: lingua is not installed: pip install -e '.[docs]'",
                file=sys.stderr,
            )
            return 2
    sites = [site_share(args.site / lang, lang, classify) for lang in languages]
    for line in report(sites, args.threshold):
        print(line)
    if args.json is not None:
        args.json.write_text(
            json.dumps(as_json(sites, args.threshold), ensure_ascii=False, indent=1) + "\n",
            encoding="utf-8",
        )
    return 1 if any(site.share * 100 > args.threshold for site in sites) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Check the built rulebook site: every internal link and anchor resolves, and the rule anchors
keep their contract.

    python tools/check_links.py [docs/_build/html] [--lang fr ...]

Checked in the HTML of every built language (``<root>/<lang>/``):

- every ``href`` and ``src`` that is not external names a file that exists, and its ``#fragment``
  (if any) is an ``id`` in that file; links into a language that was not built are skipped;
- ``catalogue.rulebook_link(id, language)`` — what the referee prints — resolves for every rule,
  every ruling and every language: so every rule has ``id="<rule id>"`` on its chapter page in
  each site of its edition (English, French, Dutch: current edition; Finnish: older edition), and
  every ruling has ``id="<ruling id>"`` on the rulings page of every site;
- ``objects.inv`` exports every rule of the site's edition as ``std:rule`` and every ruling as
  ``std:ruling``, so that other Sphinx projects can link to them.

Exit status: 0 all resolve; 1 something is broken (one line per problem); 2 bad arguments.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sabai_rules.model import catalogue  # noqa: E402
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, Language  # noqa: E402

_LINK_ATTRIBUTES = {"a": "href", "link": "href", "script": "src", "img": "src", "iframe": "src"}


class PageLinks(HTMLParser):
    """The ids a page defines and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            value = values.get(name)
            if value:
                self.ids.add(value)
        wanted = _LINK_ATTRIBUTES.get(tag)
        target = values.get(wanted) if wanted else None
        if target is not None:
            self.links.append(target)


def parse_page(path: Path) -> PageLinks:
    """The ids ``path`` defines and the links it makes."""
    page = PageLinks()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def _external(link: str) -> bool:
    parts = urlsplit(link)
    return bool(parts.scheme or parts.netloc) or link.startswith(("mailto:", "javascript:"))


def check(root: Path, languages: tuple[Language, ...] = LANGUAGES) -> list[str]:
    """Every problem found in the sites of ``languages`` under ``root``, one line each."""
    root = root.resolve()
    problems: list[str] = []
    pages: dict[Path, PageLinks] = {}
    for lang in languages:
        site = root / lang
        if not (site / "index.html").is_file():
            problems.append(f"{site}: no site built (index.html missing)")
            continue
        for path in sorted(site.rglob("*.html")):
            pages[path.resolve()] = parse_page(path)
    built = {root / lang for lang in languages}

    def resolves(source: str, target: Path, fragment: str) -> str | None:
        """Why a link does not resolve, or None."""
        if not any(target.is_relative_to(site) for site in built):
            if target.is_relative_to(root) and target.relative_to(root).parts[:1] in {
                (lang,) for lang in LANGUAGES
            }:
                return None  # a language not built in this run
            return f"{source}: link leaves the site: {target}"
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            return f"{source}: missing file {target.relative_to(root)}"
        if fragment and target.suffix == ".html":
            page = pages.get(target) or parse_page(target)
            if fragment not in page.ids:
                return f"{source}: no anchor #{fragment} in {target.relative_to(root)}"
        return None

    for path, page in pages.items():
        source = str(path.relative_to(root))
        for link in page.links:
            if not link or _external(link):
                continue
            parts = urlsplit(link)
            fragment = unquote(parts.fragment)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            problem = resolves(source, target, fragment)
            if problem:
                problems.append(problem)

    problems += _check_contract(root, languages, resolves)
    return problems


def _check_contract(
    root: Path,
    languages: tuple[Language, ...],
    resolves: Callable[[str, Path, str], str | None],
) -> list[str]:
    """Every rulebook link resolves (so every rule and ruling has its anchor); every rule and
    ruling has its inventory entry."""
    problems: list[str] = []
    cat = catalogue.default()
    for lang in languages:
        edition = EDITION_OF[lang]
        site = root / lang
        if not (site / "index.html").is_file():
            continue
        for ident in [r.id for r in cat.rules()] + [r.id for r in cat.rulings()]:
            link = cat.rulebook_link(ident, lang)
            parts = urlsplit(link)
            problem = resolves(
                f"rulebook_link({ident!r}, {lang!r})", root / parts.path, parts.fragment
            )
            if problem:
                problems.append(problem)
        exported = _inventory(site / "objects.inv")
        for rule in cat.rules():
            if edition in rule.editions and ("std:rule", rule.id) not in exported:
                problems.append(f"{lang}: objects.inv lacks std:rule {rule.id}")
        for ruling in cat.rulings():
            if ("std:ruling", ruling.id) not in exported:
                problems.append(f"{lang}: objects.inv lacks std:ruling {ruling.id}")
    return problems


def _inventory(path: Path) -> set[tuple[str, str]]:
    """The (domain:role, name) pairs of a Sphinx version 2 inventory."""
    if not path.is_file():
        return set()
    data = path.read_bytes()
    header_end = 0
    for _ in range(4):  # four text lines, then the zlib-compressed entries
        header_end = data.index(b"\n", header_end) + 1
    entries = zlib.decompress(data[header_end:]).decode("utf-8")
    found: set[tuple[str, str]] = set()
    for line in entries.splitlines():
        # "name domain:role priority uri display name"; rule ids hold no spaces.
        fields = line.split(" ")
        if len(fields) >= 4:
            found.add((fields[1], fields[0]))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "root", nargs="?", type=Path, default=ROOT / "docs" / "_build" / "html", help="site root"
    )
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="a language to check")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        parser.error(f"{args.root}: no such directory (build the docs first)")
    return report(check(args.root, tuple(args.lang or LANGUAGES)))


def report(problems: list[str]) -> int:
    """Print the problems (standard error) or the all-clear; the exit status."""
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"links: {len(problems)} broken", file=sys.stderr)
        return 1
    print("links: every internal link and anchor resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())

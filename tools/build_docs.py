"""Build the rulebook site: one Sphinx build per language, then check every internal link.

    python tools/build_docs.py                 # en, fr, nl, fi into docs/_build/html/<lang>/
    python tools/build_docs.py --lang fr       # one language (links into the others unchecked)
    python tools/build_docs.py --jobs 1        # one build at a time (for timing each language)

Each build runs ``sphinx-build -W -n --keep-going``: a warning, a broken cross-reference or an
unknown rule id fails it. ``docs/_build/html/index.html`` sends the reader to the English site.
After each site, its printable book: the whole rulebook (rules, rulings, glossary, editions,
concordance) on one page with print styles, built by ``singlehtml`` from ``docs/book.md`` into
``docs/_build/html/<lang>/book/index.html``, which the site's home page links to.
The time of each build is printed. Then every rule's heading on each site must carry the number
the referee and ``sabai rules`` print (:meth:`~sabai_rules.model.catalogue.Catalogue.rule_number`).
Exit status: 0 all built, every link resolves and every number agrees; 1 a build failed, a link
is broken or a number differs; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import EDITION_OF, LANGUAGES, Language

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

REDIRECT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sabai-sabai rules</title>
<meta http-equiv="refresh" content="0; url=en/index.html"></head>
<body><p>The rules of sabai-sabai: <a href="en/index.html">English</a> ·
<a href="fr/index.html">Français</a> · <a href="nl/index.html">Nederlands</a> ·
<a href="fi/index.html">Suomi</a></p></body></html>
"""


def build(lang: str, out: Path) -> tuple[str, float, int, str]:
    """One language's site; returns (language, seconds, exit status, Sphinx's output)."""
    return _sphinx(lang, "html", out / "html" / lang, out / "doctrees" / lang)


def build_book(lang: str, out: Path) -> tuple[str, float, int, str]:
    """One language's printable book, inside its site (build the site first: that build
    empties the site's directory)."""
    target = out / "html" / lang / "book"
    built = _sphinx(lang, "singlehtml", target, out / "doctrees" / f"book-{lang}", "root_doc=book")
    if built[2] == 0:
        # singlehtml names the page after its root document; the book is the directory's index.
        (target / "book.html").replace(target / "index.html")
    return built


def build_both(lang: str, out: Path) -> list[tuple[str, float, int, str]]:
    """The site of ``lang``, then (if it built) its book."""
    site = build(lang, out)
    if site[2] != 0:
        return [site]
    book = build_book(lang, out)
    return [site, (f"{lang} book", *book[1:])]


def _sphinx(
    lang: str, builder: str, target: Path, doctrees: Path, *overrides: str
) -> tuple[str, float, int, str]:
    shutil.rmtree(target, ignore_errors=True)
    shutil.rmtree(doctrees, ignore_errors=True)
    argv = [
        sys.executable,
        "-m",
        "sphinx",
        "-q",
        "-W",
        "-n",
        "--keep-going",
        "-b",
        builder,
        "-D",
        f"language={lang}",
        *(item for override in overrides for item in ("-D", override)),
        "-d",
        str(doctrees),
        str(DOCS),
        str(target),
    ]
    start = time.perf_counter()
    result = subprocess.run(argv, capture_output=True, text=True, check=False)
    return lang, time.perf_counter() - start, result.returncode, result.stdout + result.stderr


def rule_number_problems(site: Path, languages: tuple[Language, ...]) -> list[str]:
    """Every rule whose heading on a language's site is missing or carries another number than
    the one numbering of its edition."""
    cat = catalogue.default()
    problems = []
    for lang in languages:
        edition = EDITION_OF[lang]
        pages: dict[str, str] = {}
        for rule in cat.rules(edition=edition):
            page = site / lang / "rules" / f"{rule.chapter}.html"
            if rule.chapter not in pages:
                pages[rule.chapter] = page.read_text(encoding="utf-8") if page.exists() else ""
            anchor = re.escape(html.escape(rule.id))
            found = re.search(rf'<section id="{anchor}">\s*<h\d>([^ <]+) ', pages[rule.chapter])
            want = cat.rule_number(rule.id, edition)
            if found is None:
                problems.append(f"{lang}: no heading for {rule.id} in {page.name}")
            elif found.group(1) != want:
                problems.append(f"{lang}: {rule.id} is numbered {found.group(1)}, not {want}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--lang", action="append", choices=LANGUAGES, help="a language to build (repeatable)"
    )
    parser.add_argument(
        "--out", type=Path, default=DOCS / "_build", help="output directory (docs/_build)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=min(len(LANGUAGES), os.cpu_count() or 1),
        help="builds run at the same time (default: one per core, at most 4)",
    )
    parser.add_argument("--no-check", action="store_true", help="skip the internal-link check")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    languages = tuple(args.lang or LANGUAGES)
    out: Path = args.out.resolve()
    (out / "html").mkdir(parents=True, exist_ok=True)

    failed = False
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for results in pool.map(lambda code: build_both(code, out), languages):
            for lang, seconds, status, output in results:
                verdict = "built" if status == 0 else f"FAILED (sphinx-build exit {status})"
                print(f"{lang}: {verdict} in {seconds:.1f} s", flush=True)
                if status != 0:
                    failed = True
                    print(output, file=sys.stderr)
    if failed:
        return 1
    (out / "html" / "index.html").write_text(REDIRECT, encoding="utf-8")
    print(f"site: {out / 'html' / 'index.html'}")
    numbers = rule_number_problems(out / "html", languages)
    for problem in numbers:
        print(f"rule number: {problem}", file=sys.stderr)
    if numbers:
        return 1
    print(f"rule numbers: every rule of {', '.join(languages)} as the referee numbers it")
    if args.no_check:
        return 0
    from check_links import check, report  # noqa: PLC0415 - tools/ is the script's directory

    return report(check(out / "html", languages))


if __name__ == "__main__":
    sys.exit(main())

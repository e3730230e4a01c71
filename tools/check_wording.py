"""Every word the glossary avoids, and French typography, wherever the project writes prose.

    python tools/check_wording.py                 # the sources, then every site built
    python tools/check_wording.py --lang fr       # the sources, then the French site
    python tools/check_wording.py --sources-only  # no site

The glossary (``spec/glossary.toml``) lists, per term and language, the words our prose does not
use for it (``[term.avoid]``: whole words; ``stem*`` a word's beginning). No prose of the project
says one, in the language it is listed for; and French prose is set in French typography: a
no-break space before ``:``, ``;``, ``?`` and ``!`` and inside ``« »``, the apostrophe ``’``
(:mod:`sabai_dev.wording` says exactly what counts). Quotations of the published texts stay as
published and are left out, as are code, ids and URLs.

Where it looks, in this order:

- the catalogue: every title, statement, note, ruling, concordance entry, glossary term,
  definition and note, edition and preset, in each language (not the published texts it quotes);
- the referee: every message of the engine and the referee, every label of the command line,
  the reports, the pictures, the viewer and the scribe, every phrase naming an action;
- the sources of the site: its own words (``docs/_ext/words.toml``), why no code decides a rule
  (``spec/undecided.toml``), the translations of its pages
  (``docs/locale/<lang>/LC_MESSAGES/*.po``), the worked examples (``tests/scenarios``);
- each built site (``docs/_build/html/<lang>/`` or ``--site DIR``): every page's main content and
  pictures, the printable book included; not the API reference, the highlighted sources, the
  indexes or the search page, nor code, quotation blocks (a rule's published text) and elements
  marked in another language. Without ``--lang``, every language that is built.

Output: one line per finding, then per place its counts by word. Exit status: 0 nothing found;
1 something found; 2 bad arguments, or a site asked for with ``--lang`` that is not built.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sabai_dev import wording  # noqa: E402
from sabai_rules.model import catalogue  # noqa: E402
from sabai_rules.model.catalogue import LANGUAGES  # noqa: E402

SITE = ROOT / "docs" / "_build" / "html"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--site", type=Path, default=SITE, help="the built site, one folder per language"
    )
    parser.add_argument(
        "--lang", action="append", choices=LANGUAGES, help="a site to check (repeatable)"
    )
    parser.add_argument("--sources-only", action="store_true", help="check no built site")
    args = parser.parse_args(argv)
    if args.sources_only and args.lang:
        parser.error("--lang names a site to check: not with --sources-only")
    languages = tuple(dict.fromkeys(args.lang or ()))
    for lang in languages:
        if not (args.site / lang / "index.html").is_file():
            parser.error(
                f"no {lang} site in {args.site} (build it: tools/build_docs.py --lang {lang})"
            )
    if not args.lang and not args.sources_only:
        languages = tuple(lang for lang in LANGUAGES if (args.site / lang / "index.html").is_file())
        if not languages:
            print(f"check_wording: no site built in {args.site}: the sources only")
    cat = catalogue.default()
    places = [
        ("the catalogue", wording.check_texts(wording.catalogue_prose(cat), cat)),
        ("the referee", wording.check_texts(wording.referee_texts(), cat)),
        ("the sources of the site", wording.check_texts(wording.site_sources(ROOT), cat)),
    ]
    places += [
        (f"the {lang} site", wording.check_site(args.site / lang, lang, cat)) for lang in languages
    ]
    for _, findings in places:
        for finding in findings:
            print(finding)
    for place, findings in places:
        counts = ", ".join(f"{key} {n}" for key, n in wording.summary(findings).items())
        print(f"{place}: {len(findings)} found" + (f" ({counts})" if counts else ""))
    return 1 if any(findings for _, findings in places) else 0


if __name__ == "__main__":
    sys.exit(main())

"""Check the committed run behind the rulebook's page of what each ruling changes, or show that
page's generated part in a language without building the site.

    python tools/impact_page.py --check      # exit 1 if docs/_data/impact.json is out of date
    python tools/impact_page.py --lang fr    # the page's generated part (MyST), in French

The page, ``docs/impact.md``, is its title and introduction, written by hand and translated
through gettext (``docs/locale/<lang>/LC_MESSAGES/impact.po``), and the ``sabai-impact``
directive, which writes the run at build time in the site's language
(:mod:`sabai_dev.impact_page`, with the words of ``docs/_ext/words.toml``). The run itself
(minutes on two cores; the JSON is committed, the games' results file is not)::

    sabai impact --players 4 --games 200 --seed 15 -o docs/_data/impact.json

``--check`` fails where the run is no longer one of what ``sabai impact`` plays (an option added
to the ruleset, a value, a ruling or a measure changed: run it again), or where a language's words
lack one the page needs. Exit status: 0 done (with --check: the run is up to date and every
language renders it); 1 --check found a problem; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sabai_dev import impact_page  # noqa: E402
from sabai_rules.model.catalogue import LANGUAGES, Language  # noqa: E402

DATA = ROOT / "docs" / "_data" / "impact.json"
WORDS = ROOT / "docs" / "_ext" / "words.toml"


def check(summary: dict[str, object], words: dict[str, dict[str, str]]) -> list[str]:
    """What is wrong with the run ``summary`` as the page's source, in every language."""
    found = impact_page.problems(summary)
    if found:
        return found
    for lang in LANGUAGES:
        try:
            impact_page.render(summary, lang, words[lang])
        except KeyError as error:
            found.append(f"words.toml: [{lang}] lacks {error.args[0]}, which the page needs")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true", help="check the run, write nothing")
    what.add_argument("--lang", choices=LANGUAGES, default="en", help="language (default: en)")
    args = parser.parse_args(argv)
    summary = json.loads(DATA.read_text(encoding="utf-8"))
    words = tomllib.loads(WORDS.read_text(encoding="utf-8"))
    if args.check:
        found = check(summary, words)
        for problem in found:
            print(f"{DATA.relative_to(ROOT)}: {problem}", file=sys.stderr)
        if found:
            print(
                "run sabai impact again (see python tools/impact_page.py --help)", file=sys.stderr
            )
        return 1 if found else 0
    lang: Language = args.lang
    sys.stdout.write(impact_page.markdown(impact_page.render(summary, lang, words[lang])))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Bring the rulebook's gettext catalogues up to date with the hand-written pages.

    python tools/update_po.py            # extract the messages, update every .po, list the work
    python tools/update_po.py --check    # change nothing; exit 1 if a catalogue is out of date

The messages are extracted by ``sphinx-build -b gettext`` (into ``docs/_build/gettext``): the
prose and headings of the hand-written pages, not what the ``sabai-*`` directives write nor the
API reference's docstrings (``docs/_ext/sabai_i18n.py``). Each page's template is then merged
into ``docs/locale/<lang>/LC_MESSAGES/<page>.po`` for French, Dutch and Finnish: a new message is
added untranslated, a changed one is kept with its old translation marked fuzzy (to be checked and
unmarked), a removed one is dropped. ``sphinx.po`` (the site chrome: furo's and Sphinx's template
words, the language switcher's) is written by hand; messages the project's own templates add are
merged into it, nothing is dropped from it. Sphinx compiles every ``.po`` to ``.mo`` when it builds
a site; ``tests/docs/test_catalogues.py`` fails on an untranslated or fuzzy message.
Exit status: 0 done (or, with --check, every catalogue up to date); 1 --check found one out of
date, or the extraction failed.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LOCALE = DOCS / "locale"
TRANSLATED = ("fr", "nl", "fi")
NAMES = {"fr": "French translation", "nl": "Dutch translation", "fi": "Finnish translation"}
WIDTH = 100


def extract(out: Path) -> dict[str, Catalog]:
    """Every page's template, by domain (``records``, ``rules/turn``, ``sphinx``)."""
    argv = [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "gettext", str(DOCS), str(out)]
    subprocess.run(argv, check=True)
    templates = {}
    for path in sorted(out.rglob("*.pot")):
        domain = path.relative_to(out).with_suffix("").as_posix()
        if domain.startswith("api/"):
            continue  # a module's page: its title is the module's name, its body English docstrings
        with path.open("rb") as f:
            templates[domain] = read_po(f)
    return templates


def render(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=False, ignore_obsolete=True)
    return buffer.getvalue()


def merged(domain: str, template: Catalog, lang: str, path: Path) -> Catalog | None:
    """The catalogue ``path`` brought up to date with ``template`` (None: no message to
    translate and no catalogue yet)."""
    messages = [message for message in template if message.id]
    if path.exists():
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
    elif not messages:
        return None
    else:
        catalog = Catalog(
            locale=lang,
            header_comment=f"# {NAMES[lang]} of the rulebook's page docs/{domain}.md.\n"
            "# Kept up to date by python tools/update_po.py; Sphinx compiles it when it builds.",
            project=template.project,
            version=template.version,
            copyright_holder="the sabai-rules developers",
            msgid_bugs_address="the sabai-rules issue tracker",
            last_translator="the sabai-rules developers",
            language_team=NAMES[lang],
            fuzzy=False,
        )
        catalog.revision_date = catalog.creation_date
    if domain == "sphinx":
        # Written by hand: add what the templates ask for, keep the rest.
        for message in messages:
            if message.id not in catalog:
                catalog.add(message.id, "", locations=message.locations)
        return catalog
    catalog.update(template, update_header_comment=False, update_creation_date=False)
    catalog.obsolete.clear()
    return catalog


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report only")
    args = parser.parse_args(argv)
    try:
        templates = extract(DOCS / "_build" / "gettext")
    except subprocess.CalledProcessError as error:
        print(
            f"update_po: sphinx-build -b gettext failed (exit {error.returncode})", file=sys.stderr
        )
        return 1
    stale = []
    for lang in TRANSLATED:
        for domain, template in templates.items():
            path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            catalog = merged(domain, template, lang, path)
            if catalog is None:
                continue
            text = render(catalog)
            if path.exists() and path.read_bytes() == text:
                pass
            elif args.check:
                stale.append(path)
                continue
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(text)
            todo = [m for m in catalog if m.id and (m.fuzzy or not m.string)]
            if todo:
                print(f"{path.relative_to(ROOT)}: {len(todo)} to translate or check")
    for path in stale:
        print(f"{path.relative_to(ROOT)}: out of date (python tools/update_po.py)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

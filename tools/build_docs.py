"""Build the rulebook site: one Sphinx build per language, then check every internal link.

    python tools/build_docs.py                 # en, fr, nl, fi into docs/_build/html/<lang>/
    python tools/build_docs.py --lang fr       # one language (links into the others unchecked)
    python tools/build_docs.py --jobs 1        # one build at a time (for timing each language)

Each build runs ``sphinx-build -W -n --keep-going``: a warning, a broken cross-reference or an
unknown rule id fails it. ``docs/_build/html/index.html`` sends the reader to the English site.
The time of each build is printed. Exit status: 0 all built and every link resolves; 1 a build
failed or a link is broken; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sabai_rules.catalogue import LANGUAGES

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
    target = out / "html" / lang
    doctrees = out / "doctrees" / lang
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
        "html",
        "-D",
        f"language={lang}",
        "-d",
        str(doctrees),
        str(DOCS),
        str(target),
    ]
    start = time.perf_counter()
    result = subprocess.run(argv, capture_output=True, text=True, check=False)
    return lang, time.perf_counter() - start, result.returncode, result.stdout + result.stderr


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
        for lang, seconds, status, output in pool.map(lambda code: build(code, out), languages):
            verdict = "built" if status == 0 else f"FAILED (sphinx-build exit {status})"
            print(f"{lang}: {verdict} in {seconds:.1f} s", flush=True)
            if status != 0:
                failed = True
                print(output, file=sys.stderr)
    if failed:
        return 1
    (out / "html" / "index.html").write_text(REDIRECT, encoding="utf-8")
    print(f"site: {out / 'html' / 'index.html'}")
    if args.no_check:
        return 0
    from check_links import check, report  # noqa: PLC0415 - tools/ is the script's directory

    return report(check(out / "html", languages))


if __name__ == "__main__":
    sys.exit(main())

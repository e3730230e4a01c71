"""Extract the published rules from the seed files into ``spec/sources/``.

The seeds (``../shared/seeds/`` in a development checkout) are the authority. Two of them are
WordPress REST responses whose ``content.rendered`` field lost its opening HTML tags; the others
are plain text. This script turns each seed into the plain text kept in ``spec/sources/`` and is
also what the catalogue tests use to prove that every source file still matches its seed.

Usage::

    python tools/extract_sources.py [--seeds DIR] [--check]

Without ``--check`` it (re)writes ``spec/sources/*.txt`` and the checksums in
``spec/sources/manifest.toml``; with ``--check`` it only compares and exits 1 on a mismatch.
Standard library only, so it runs before the package is installed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "spec" / "sources"
MANIFEST = SOURCES / "manifest.toml"
DEFAULT_SEEDS = ROOT.parent / "shared" / "seeds"

_CLOSING_TAG = re.compile(r"</[a-zA-Z0-9]+>")


def rendered_to_text(rendered: str) -> str:
    """Plain text of a ``content.rendered`` fragment whose opening tags were stripped.

    A line closed by ``</h1>`` or ``</h2>`` is a heading and stands alone; ``</p>`` ends a
    paragraph. Blocks are separated by one blank line, lines inside a block by a newline, and
    every line is stripped: the layout of the plain-text seeds of the same page revision.
    """
    blocks: list[list[str]] = []
    current: list[str] = []

    def close() -> None:
        if current:
            blocks.append(current.copy())
            current.clear()

    for raw in rendered.splitlines():
        is_heading = bool(re.search(r"</h[1-6]>\s*$", raw))
        ends_paragraph = "</p>" in raw or "</div>" in raw
        line = _CLOSING_TAG.sub("", raw).strip()
        if is_heading:
            close()
            if line:
                blocks.append([line])
            continue
        if line:
            current.append(line)
        if ends_paragraph:
            close()
    close()
    return "\n\n".join("\n".join(block) for block in blocks)


def seed_text(seed: Path, form: str) -> str:
    """The rules text of one seed file, by the ``form`` the manifest gives it."""
    raw = seed.read_text(encoding="utf-8")
    if form == "text":
        return raw
    if form == "wordpress-json":
        page = json.loads(raw, strict=False)
        return rendered_to_text(page["content"]["rendered"])
    raise ValueError(f"unknown seed form {form!r} in {MANIFEST}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_manifest() -> dict[str, dict[str, Any]]:
    with MANIFEST.open("rb") as fh:
        data = tomllib.load(fh)
    return {entry["file"]: entry for entry in data["source"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=Path, default=DEFAULT_SEEDS, help="the seeds directory")
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on mismatch")
    args = parser.parse_args(argv)
    if not args.seeds.is_dir():
        print(f"extract_sources: no seeds directory at {args.seeds}", file=sys.stderr)
        return 2
    manifest_text = MANIFEST.read_text(encoding="utf-8")
    failures = 0
    for name, entry in load_manifest().items():
        seed = args.seeds / entry["seed"]
        text = seed_text(seed, entry["seed_form"])
        target = SOURCES / name
        for witness in entry.get("witnesses", []):
            if sha256((args.seeds / witness["seed"]).read_bytes()) != witness["seed_sha256"]:
                print(f"{witness['seed']}: seed checksum differs from the manifest")
                failures += 1
            if seed_text(args.seeds / witness["seed"], witness["seed_form"]) != text:
                print(f"{name}: witness {witness['seed']} gives a different text")
                failures += 1
        if args.check:
            if sha256(seed.read_bytes()) != entry["seed_sha256"]:
                print(f"{entry['seed']}: seed checksum differs from the manifest")
                failures += 1
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                print(f"{name}: differs from the text extracted from {entry['seed']}")
                failures += 1
            continue
        target.write_text(text, encoding="utf-8")
        for key, value in (
            ("seed_sha256", sha256(seed.read_bytes())),
            ("text_sha256", sha256(text.encode("utf-8"))),
        ):
            manifest_text = re.sub(
                rf'(file = "{re.escape(name)}"(?:\n(?!\[\[).*)*?\n{key} = )"[0-9a-f]*"',
                rf'\g<1>"{value}"',
                manifest_text,
            )
    if not args.check:
        MANIFEST.write_text(manifest_text, encoding="utf-8")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""The counts the prose gives of the catalogue — "84 rules in 12 chapters", "67 rulings" — are
the catalogue's own: a rule or ruling added or retired makes this test name the line to change."""

from __future__ import annotations

import re
from pathlib import Path

from sabai_rules.model import catalogue

ROOT = Path(__file__).resolve().parent.parent.parent
#: The English prose that counts what the catalogue holds (the translations come from it).
PROSE = [ROOT / "README.md", ROOT / "spec" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COUNT = re.compile(r"\b(\d+) (rules|rulings|chapters)\b")


def _counts() -> dict[str, int]:
    cat = catalogue.default()
    return {
        "rules": len(cat.rules()),
        "rulings": len(cat.rulings()),
        "chapters": len(cat.chapters()),
    }


def test_the_prose_counts_rules_rulings_and_chapters_as_the_catalogue_does() -> None:
    counts = _counts()
    wrong = [
        f"{path.relative_to(ROOT)}:{number}: {found[0]} {found[1]} (the catalogue has "
        f"{counts[found[1]]})"
        for path in PROSE
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for found in COUNT.findall(line)
        if int(found[0]) != counts[found[1]]
    ]
    assert not wrong, wrong


def test_the_readme_counts_the_catalogue() -> None:
    # The check above must have something to check: the README's table of spec/ counts both.
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = {kind for _, kind in COUNT.findall(text)}
    assert found == {"rules", "rulings", "chapters"}, found

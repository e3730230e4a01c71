"""The rulebook's page of what each ruling changes (docs/impact.md): its title and introduction
written by hand and translated through gettext, the rest written at build time in the site's
language by the ``sabai-impact`` directive from the committed run of ``sabai impact``
(docs/_data/impact.json), with sabai_dev.impact_page. Checked here without building the site: the
run is one of what ``sabai impact`` varies now; in every language, every option of the run has its
section under its ruling's title with a row per value played, every number shown is the run's as
that language writes numbers, and no label is left in English. tests/docs checks the built pages.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from sabai_dev import impact_page
from sabai_rules.agents.impact import varied_options
from sabai_rules.agents.report import ENDS
from sabai_rules.agents.tournament import MECHANICS
from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import LANGUAGES, Language
from sabai_rules.model.ruleset import Ruleset

ROOT = Path(__file__).resolve().parent.parent
SUMMARY: dict[str, Any] = json.loads(
    (ROOT / "docs" / "_data" / "impact.json").read_text(encoding="utf-8")
)
WORDS: dict[str, dict[str, str]] = tomllib.loads(
    (ROOT / "docs" / "_ext" / "words.toml").read_text(encoding="utf-8")
)
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]

#: A number as the page writes one, in either decimal notation.
NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def _numbers(cell: str) -> list[float]:
    return [float(n.replace(",", ".")) for n in NUMBER.findall(cell)]


def _shown(value: dict[str, Any], scale: float, digits: int) -> list[float]:
    """The mean, low and high of ``value`` as the page should show them, rounded."""
    return [round(value[key] * scale, digits) for key in ("mean", "low", "high")]


def _excludes_zero(value: dict[str, Any]) -> bool:
    return bool(value["low"] > 0 or value["high"] < 0)


def _cells(text: str) -> list[list[str]]:
    """The rows of the tables of a section's text, header and rule lines left out."""
    rows = [line.strip("|").split(" | ") for line in text.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows[1:] if not row[0].startswith("-")]


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _scale_and_digits(measure: str) -> tuple[float, int]:
    if measure.startswith(("round_wins", "end_")):
        return 100, 1
    return (1, 2) if measure in MECHANICS else (1, 1)


def test_the_page_is_its_introduction_then_the_directive() -> None:
    text = (ROOT / "docs" / "impact.md").read_text(encoding="utf-8")
    assert text.startswith("# What each ruling changes\n")
    assert text.rstrip().endswith("```{sabai-impact}\n```")
    assert "|" not in text  # no table written into the page: the directive writes them


def test_the_committed_run_is_one_of_what_sabai_impact_varies_now() -> None:
    assert impact_page.problems(SUMMARY) == []
    assert {v["option"] for v in SUMMARY["variants"]} == set(varied_options())


def test_a_run_that_no_longer_matches_the_ruleset_is_reported() -> None:
    """The check above can fail: a value no longer played, a ruling renamed, a measure lost."""
    stale = copy.deepcopy(SUMMARY)
    stale["variants"] = [v for v in stale["variants"] if v["variant"] != "nose_race=off"]
    stale["variants"][0]["ruling"] = "ruling.elsewhere"
    del stale["variants"][1]["differences"]["peeks"]
    found = impact_page.problems(stale)
    assert "no games with nose_race=off" in found
    assert any("the ruling is 'ruling.elsewhere'" in p for p in found)
    assert any("the measures differ: ['peeks']" in p for p in found)
    assert impact_page.problems({**SUMMARY, "format": "sabai-tournament"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_of_the_run_has_its_section_under_its_ruling_s_title(lang: Language) -> None:
    page = impact_page.render(SUMMARY, lang, WORDS[lang])
    assert [s.ident for s in page.sections] == ["under-the-preset", "the-rulings", "not-varied"]
    options = [o for o in varied_options() if any(v["option"] == o for v in SUMMARY["variants"])]
    sections = page.sections[1].sections
    assert [s.ident for s in sections] == [o.replace("_", "-") for o in options]
    for option, section in zip(options, sections, strict=True):
        ruling = catalogue.ruling(Ruleset.ruling_of(option))
        assert section.title == ruling.text_in(lang).title
        assert f"`{option}`" in section.text
        assert f"{{ruling}}`R{ruling.number} <{ruling.id}>`" in section.text
        played = [v for v in SUMMARY["variants"] if v["option"] == option]
        rows = _cells(section.text)
        assert [row[0].split(" ")[0] for row in rows] == [f"`{_value(v['value'])}`" for v in played]
        for row, variant in zip(rows, played, strict=True):
            for name, value in variant["with"].items():
                assert f"`{name}={_value(value)}`" in row[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_shown_is_the_run_s(lang: Language) -> None:
    page = impact_page.render(SUMMARY, lang, WORDS[lang])
    decimal = "." if lang == "en" else ","
    n, base = SUMMARY["players"], SUMMARY["baseline"]
    command = f"sabai impact --players {n} --games {SUMMARY['games']} --seed {SUMMARY['seed']}"
    assert f"`{command} -o docs/_data/impact.json`" in page.lead
    # Under the preset: every measure, in the page's order, as the run has it.
    order = ["round_actions", "round_turns", *(f"round_wins_position_{p}" for p in range(n))]
    order += [f"end_{cause}" for cause in ENDS] + list(MECHANICS)
    rows = _cells(page.sections[0].text)
    assert len(rows) == len(order)
    for measure, (label, cell) in zip(order, rows, strict=True):
        scale, digits = _scale_and_digits(measure)
        assert _numbers(cell) == _shown(base[measure], scale, digits), (lang, label)
        assert "." not in cell.replace(decimal, "") or decimal == "."
    # Each other value: the change in round length and in the starter's round wins, bold where
    # its interval excludes zero, and every other measure whose interval excludes zero.
    played = {v["variant"]: v for v in SUMMARY["variants"]}
    shown_rows = [row for s in page.sections[1].sections for row in _cells(s.text)]
    assert len(shown_rows) == len(played)
    for row, variant in zip(shown_rows, SUMMARY["variants"], strict=True):
        d = variant["differences"]
        for cell, measure in ((row[1], "round_actions"), (row[2], "round_wins_position_1")):
            scale, digits = _scale_and_digits(measure)
            assert _numbers(cell) == _shown(d[measure], scale, digits), (variant["variant"], cell)
            assert cell.startswith("**") == _excludes_zero(d[measure]), (variant["variant"], cell)
        others = [m for m in order[2 + n :] if _excludes_zero(d[m])]
        bold = re.findall(r"\*\*(.+?)\*\*", row[3])
        assert len(bold) == len(others), (variant["variant"], row[3])
        assert len(_numbers(row[3])) == 3 * len(others), (variant["variant"], row[3])
        if all(value["mean"] == value["low"] == value["high"] == 0 for value in d.values()):
            assert row[3] == WORDS[lang]["impact-unchanged"]
        elif not others:
            assert row[3] == WORDS[lang]["impact-nothing"]
        for measure, text in zip(others, bold, strict=True):
            assert _numbers(text) == _shown(d[measure], *_scale_and_digits(measure))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_label_of_the_page_is_left_in_english(lang: Language) -> None:
    english = WORDS["en"]
    # Dutch writes 31,1% as English writes 31.1%, and lists with "; " too: not labels.
    labels = [key for key in english if key.startswith(("impact-", "mechanic-"))]
    labels.remove("impact-separator")
    same = [key for key in labels if WORDS[lang][key] == english[key]]
    assert not same, f"words.toml: [{lang}] has the English {same}"
    text = impact_page.markdown(impact_page.render(SUMMARY, lang, WORDS[lang]))
    for key in labels:
        words = re.split(r"[{`]", english[key])[0].strip()
        if len(words) > 6:
            assert words not in text, (lang, key, words)

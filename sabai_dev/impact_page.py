"""The rulebook's page of what each ruling changes, in a site's language: what the
``sabai-impact`` directive (``docs/_ext/sabai_docs.py``) writes at build time from the committed
run of ``sabai impact`` (``docs/_data/impact.json``).

The page's title and introduction are written by hand in ``docs/impact.md`` and translated
through gettext; :func:`render` gives the rest: the run's games, the measures under the preset, a
section per option with a row per other value it may take, and the options not varied. Its
numbers are the run's, written as the site's language writes them (``31,1 %`` in French); every
word is the site's (the ``impact-*``, ``mechanic-*`` and ``number-*`` words of
``docs/_ext/words.toml``); each option's section is titled with its ruling's title in that
language, from the catalogue; options, their values and the command stay code.
:func:`problems` says where the committed run no longer is a run of what ``sabai impact`` varies.

>>> words = {"number-decimal": ",", "number-percent": "{number}\\u00a0%",
...          "number-interval": "{mean} [{low}\\u00a0; {high}]"}
>>> measure({"mean": 0.311, "low": 0.282, "high": 0.34}, words, scale=100, unit="number-percent")
'31,1\\xa0% [28,2\\xa0; 34,0]'
>>> measure({"mean": -0.012, "low": -0.023, "high": -0.001}, words, digits=2, signed=True)
'**-0,01 [-0,02\\xa0; -0,00]**'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from sabai_rules.agents.impact import alternatives, significant, varied_options
from sabai_rules.agents.report import ENDS
from sabai_rules.agents.tournament import MECHANICS
from sabai_rules.model import catalogue
from sabai_rules.model.catalogue import Language
from sabai_rules.model.ruleset import Ruleset

__all__ = ["Page", "Section", "markdown", "measure", "measures", "problems", "render"]

#: The run's format, as ``sabai impact`` writes it.
FORMAT = ("sabai-impact", 1)


@attrs.frozen
class Section:
    """A section of the page: its anchor, its title, its text (MyST), then its subsections."""

    ident: str
    title: str
    text: str
    sections: tuple[Section, ...] = ()


@attrs.frozen
class Page:
    """What the directive writes: a paragraph on the run, then the sections."""

    lead: str
    sections: tuple[Section, ...]


def measures(players: int) -> tuple[str, ...]:
    """The measures of a run at ``players`` players, in the order the page shows them: round
    length, round wins by position after the dealer, how rounds ended, the mechanics."""
    return (
        "round_actions",
        "round_turns",
        *(f"round_wins_position_{position}" for position in range(players)),
        *(f"end_{cause}" for cause in ENDS),
        *MECHANICS,
    )


def _number(value: float, digits: int, words: Mapping[str, str], signed: bool) -> str:
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return text.replace(".", words["number-decimal"])


def measure(
    value: Mapping[str, Any],
    words: Mapping[str, str],
    *,
    scale: float = 1.0,
    unit: str = "",
    digits: int = 1,
    signed: bool = False,
) -> str:
    """A mean (times ``scale``, in the ``unit`` of ``words``) and its 95% interval, as the
    language writes numbers; a difference (``signed``) in bold where its interval excludes
    zero."""
    if value.get("mean") is None:
        return "—"
    mean = _number(value["mean"] * scale, digits, words, signed)
    if unit:
        mean = words[unit].format(number=mean)
    if value.get("low") is None or value.get("high") is None:
        return mean
    low = _number(value["low"] * scale, digits, words, signed)
    high = _number(value["high"] * scale, digits, words, signed)
    text = words["number-interval"].format(mean=mean, low=low, high=high)
    return f"**{text}**" if signed and significant(value) else text


def _value(value: Any) -> str:
    """An option's value as the ruleset and records write it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _label(name: str, words: Mapping[str, str]) -> str:
    """The page's words for a measure of the ends or the mechanics."""
    if name.startswith("end_"):
        return words[f"impact-end-{name.removeprefix('end_')}"]
    return words[f"mechanic-{name.replace('_', '-')}"]


def _shown(name: str, value: Mapping[str, Any], words: Mapping[str, str], signed: bool) -> str:
    """A measure of the ends (a share of rounds) or of the mechanics (per game)."""
    if name.startswith("end_"):
        unit = "impact-points" if signed else "number-percent"
        return measure(value, words, scale=100, unit=unit, signed=signed)
    return measure(value, words, digits=2, signed=signed)


def _unchanged(differences: Mapping[str, Any]) -> bool:
    """Whether no measure differed in any game (every difference zero)."""
    return all(
        value.get("mean") == 0 and value.get("low") in (0, None) and value.get("high") in (0, None)
        for value in differences.values()
    )


def _else(differences: Mapping[str, Any], players: int, words: Mapping[str, str]) -> str:
    """The ends and mechanics whose interval excludes zero."""
    if _unchanged(differences):
        return words["impact-unchanged"]
    shown = [
        f"{_label(name, words)} {_shown(name, differences[name], words, signed=True)}"
        for name in measures(players)
        if name.startswith("end_") or name in MECHANICS
        if significant(differences[name])
    ]
    return words["impact-separator"].join(shown) or words["impact-nothing"]


def _baseline(summary: Mapping[str, Any], words: Mapping[str, str]) -> Section:
    base, n = summary["baseline"], summary["players"]

    def percent(name: str) -> str:
        return measure(base[name], words, scale=100, unit="number-percent")

    sentence = words["impact-baseline"].format(
        even=words["number-percent"].format(number=_number(100 / n, 0, words, False)),
        first=percent("round_wins_position_1"),
        dealer=percent("round_wins_position_0"),
        actions=_number(base["round_actions"]["mean"], 0, words, False),
        turns=_number(base["round_turns"]["mean"], 0, words, False),
    )
    rows = [
        (words["impact-actions"], measure(base["round_actions"], words)),
        (words["impact-turns"], measure(base["round_turns"], words)),
    ]
    for position in range(n):
        if position == 0:
            who = words["impact-won-dealer"]
        elif position == 1:
            who = words["impact-won-first"]
        else:
            who = words["impact-won-later"].format(position=position)
        rows.append((who, percent(f"round_wins_position_{position}")))
    for name in measures(n):
        if name.startswith("end_") or name in MECHANICS:
            rows.append((_label(name, words), _shown(name, base[name], words, signed=False)))
    table = [f"| | {words['impact-per']} |", "|---|---|"]
    table += [f"| {label} | {value} |" for label, value in rows]
    return Section(
        "under-the-preset", words["impact-baseline-title"], "\n".join([sentence, "", *table])
    )


def _option(
    option: str,
    variants: Sequence[Mapping[str, Any]],
    players: int,
    lang: Language,
    words: Mapping[str, str],
) -> Section:
    """An option's section: titled with its ruling's title, a row per other value."""
    ident = Ruleset.ruling_of(option)
    ruling = catalogue.default().ruling(ident)
    intro = words["impact-option"].format(
        option=option,
        ruling=f"{{ruling}}`R{ruling.number} <{ident}>`",
        value=_value(variants[0]["preset_value"]),
    )
    head = (words["impact-reading"], words["impact-actions"], words["impact-first"])
    lines = [intro, "", f"| {' | '.join(head)} | {words['impact-else']} |", "|---|---|---|---|"]
    for variant in variants:
        d = variant["differences"]
        reading = f"`{_value(variant['value'])}`"
        if variant["with"]:
            extra = ", ".join(f"`{k}={_value(v)}`" for k, v in variant["with"].items())
            reading += f" ({words['impact-with'].format(options=extra)})"
        actions = measure(d["round_actions"], words, signed=True)
        first = measure(
            d["round_wins_position_1"], words, scale=100, unit="impact-points", signed=True
        )
        lines.append(f"| {reading} | {actions} | {first} | {_else(d, players, words)} |")
    return Section(option.replace("_", "-"), ruling.text_in(lang).title, "\n".join(lines))


def render(summary: Mapping[str, Any], lang: Language, words: Mapping[str, str]) -> Page:
    """The page of the run ``summary`` (``sabai impact``'s JSON) on the site of ``lang``, in the
    words of ``words`` (that language's part of ``words.toml``)."""
    n = summary["players"]
    seed = "" if summary["seed"] is None else f" --seed {summary['seed']}"
    command = f"sabai impact --players {n} --games {summary['games']}{seed}"
    lead = words["impact-run"].format(
        games=summary["games"],
        players=n,
        preset=summary["preset"],
        command=f"{command} -o docs/_data/impact.json",
        cli=f"{{doc}}`{words['impact-cli']} <cli>`",
    )
    by_option: dict[str, list[Mapping[str, Any]]] = {}
    for variant in summary["variants"]:
        by_option.setdefault(variant["option"], []).append(variant)
    options = tuple(
        _option(option, by_option[option], n, lang, words)
        for option in varied_options()
        if option in by_option
    )
    rulings = Section(
        "the-rulings", words["impact-rulings-title"], words["impact-columns"], options
    )
    left = [name for name in Ruleset.option_names() if name not in by_option]
    not_varied = words["impact-not-varied"].format(
        deck="{ruling}`ruling.deck-composition`",
        options=", ".join(f"`{name}`" for name in left),
    )
    return Page(
        lead,
        (
            _baseline(summary, words),
            rulings,
            Section("not-varied", words["impact-not-varied-title"], not_varied),
        ),
    )


def markdown(page: Page) -> str:
    """The page as one MyST text, each section under a heading with its anchor (for reading
    without building the site: ``python tools/impact_page.py --lang fr``)."""
    lines = [page.lead, ""]

    def add(section: Section, level: int) -> None:
        lines.extend([f"({section.ident})=", f"{'#' * level} {section.title}", ""])
        lines.extend([section.text, ""])
        for child in section.sections:
            add(child, level + 1)

    for section in page.sections:
        add(section, 2)
    return "\n".join(lines)


def problems(summary: Mapping[str, Any]) -> list[str]:
    """Where ``summary`` is not a run of what ``sabai impact`` plays now: another format, an
    option it varies missing or one it no longer varies, a value, ruling or needed option
    other than the ruleset's, a measure missing or unknown."""
    found = []
    if (summary.get("format"), summary.get("version")) != FORMAT:
        return [f"not a run of sabai impact, format {FORMAT[0]} version {FORMAT[1]}"]
    players = summary["players"]
    want = set(measures(players))
    base = Ruleset.preset(summary["preset"])
    if set(summary["baseline"]) != want:
        found.append(f"the preset's measures differ: {sorted(set(summary['baseline']) ^ want)}")
    seen = [(v["option"], v["value"]) for v in summary["variants"]]
    expected = [
        (option, value) for option in varied_options() for value, _, _ in alternatives(base, option)
    ]
    for option, value in expected:
        if (option, value) not in seen:
            found.append(f"no games with {option}={_value(value)}")
    for option, value in seen:
        if (option, value) not in expected:
            found.append(f"{option}={_value(value)} is no other value sabai impact plays")
    for variant in summary["variants"]:
        option, name = variant["option"], variant["variant"]
        if (option, variant["value"]) not in expected:
            continue
        needs = [
            extra for value, _, extra in alternatives(base, option) if value == variant["value"]
        ]
        checks = (
            ("ruling", variant["ruling"], Ruleset.ruling_of(option)),
            ("preset value", variant["preset_value"], getattr(base, option)),
            ("options needed beside it", variant["with"], needs[0]),
        )
        for what, got, wanted in checks:
            if got != wanted:
                found.append(f"{name}: the {what} is {got!r}, the ruleset's {wanted!r}")
        if set(variant["differences"]) != want:
            found.append(
                f"{name}: the measures differ: {sorted(set(variant['differences']) ^ want)}"
            )
    return found

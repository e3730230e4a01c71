"""Write the rulebook's page of what each ruling changes, from a committed ``sabai impact`` run.

    python tools/impact_page.py              # docs/_data/impact.json -> docs/impact.md
    python tools/impact_page.py --check      # exit 1 if docs/impact.md is not that page

The run itself (minutes on two cores; the JSON is committed, the games' results file is not)::

    sabai impact --players 4 --games 200 --seed 15 -o docs/_data/impact.json

The page is plain Markdown (MyST): each ruling is linked with the ``{ruling}`` role, so it reads as
the rulebook numbers it in every language; the numbers are the JSON's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sabai_rules.impact import significant, varied_options  # noqa: E402
from sabai_rules.ruleset import Ruleset  # noqa: E402
from sabai_rules.tournament import MECHANICS  # noqa: E402

DATA = ROOT / "docs" / "_data" / "impact.json"
PAGE = ROOT / "docs" / "impact.md"

#: The ends of a round, as the page names them.
ENDS = {
    "end_emptied": "rounds ended by an empty row",
    "end_final-lap": "rounds ended by the final lap",
    "end_forced": "rounds forced to end",
    "end_exhausted": "rounds ended with no card to draw",
}


def _value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _signed(value: dict[str, Any], scale: float = 1.0, unit: str = "", digits: int = 1) -> str:
    if value.get("mean") is None:
        return "-"
    mean = value["mean"] * scale
    if value.get("low") is None:
        return f"{mean:+.{digits}f}{unit}"
    low, high = value["low"] * scale, value["high"] * scale
    text = f"{mean:+.{digits}f}{unit} [{low:+.{digits}f}, {high:+.{digits}f}]"
    return f"**{text}**" if significant(value) else text


def _plain(value: dict[str, Any], scale: float = 1.0, unit: str = "", digits: int = 1) -> str:
    mean = value["mean"] * scale
    if value.get("low") is None:
        return f"{mean:.{digits}f}{unit}"
    low, high = value["low"] * scale, value["high"] * scale
    return f"{mean:.{digits}f}{unit} [{low:.{digits}f}, {high:.{digits}f}]"


def _unchanged(differences: dict[str, Any]) -> bool:
    """Whether no measure differed in any game (every difference zero)."""
    return all(
        value.get("mean") == 0 and value.get("low") in (0, None) and value.get("high") in (0, None)
        for value in differences.values()
    )


def _else(differences: dict[str, Any]) -> str:
    """The mechanics and ends whose interval excludes zero."""
    if _unchanged(differences):
        return "no game went otherwise in any measure: these bots never met the case"
    notes = []
    for name, value in differences.items():
        if not significant(value):
            continue
        if name in MECHANICS:
            notes.append(f"{name.replace('_', ' ')} {_signed(value, digits=2)} per game")
        elif name in ENDS:
            notes.append(f"{ENDS[name]} {_signed(value, 100, ' pts', 1)}")
    return "; ".join(notes) or "nothing these games can tell"


def render(summary: dict[str, Any]) -> str:
    """The page."""
    base = summary["baseline"]
    n = summary["players"]
    lines = [
        "# What each ruling changes",
        "",
        f"Each ruling that readers could decide otherwise is an option of the ruleset. Here the "
        f"same {summary['games']} games of sensible bots at {n} players were played under the "
        f"{summary['preset']} preset and under each other value of each option: game *i* has the "
        "same seed in every variant (the same deal, the same first dealer, the same chance "
        "wherever play does not differ), so each difference is taken game by game. A "
        "difference is the variant minus the preset, with its 95% interval (normal "
        "approximation over the pairs); **bold** where the interval excludes zero — a change "
        "these games can tell. Sensible bots are a model of play, not people: a ruling that "
        "matters only to players who use it on purpose (first refusal, say) may show no "
        "change here.",
        "",
        "Made by `sabai impact --players "
        f"{n} --games {summary['games']} --seed {summary['seed']} -o docs/_data/impact.json` "
        "and `python tools/impact_page.py` (see [the command line](cli.md)).",
        "",
        "## Under the preset",
        "",
        f"Against an even {100 / n:.0f}%, the player after the dealer, who starts, won "
        f"{_plain(base['round_wins_position_1'], 100, '%')} of the rounds and the dealer "
        f"{_plain(base['round_wins_position_0'], 100, '%')}. A round took "
        f"{base['round_actions']['mean']:.0f} actions ({base['round_turns']['mean']:.0f} turns) "
        "on average.",
        "",
        "| | per round or game |",
        "|---|---|",
        f"| actions per round | {_plain(base['round_actions'])} |",
        f"| turns per round | {_plain(base['round_turns'])} |",
    ]
    for position in range(n):
        who = "the dealer" if position == 0 else f"{position} after the dealer"
        if position == 1:
            who = "the player after the dealer"
        value = base[f"round_wins_position_{position}"]
        lines.append(f"| rounds won by {who} | {_plain(value, 100, '%')} |")
    for name, label in ENDS.items():
        lines.append(f"| {label} | {_plain(base[name], 100, '%')} |")
    for name in MECHANICS:
        lines.append(f"| {name.replace('_', ' ')} per game | {_plain(base[name], digits=2)} |")
    lines += [
        "",
        "## The rulings",
        "",
        "Columns: the change in actions per round, in the share of rounds won by the player "
        "after the dealer (in percentage points), and every other change these games can tell.",
        "",
    ]
    by_option: dict[str, list[dict[str, Any]]] = {}
    for variant in summary["variants"]:
        by_option.setdefault(variant["option"], []).append(variant)
    for option in varied_options():
        variants = by_option.get(option)
        if not variants:
            continue
        ruling = Ruleset.ruling_of(option)
        preset_value = _value(variants[0]["preset_value"])
        lines += [
            f"### `{option}`",
            "",
            f"{{ruling}}`{ruling}` — the preset reads `{preset_value}`.",
            "",
            "| reading | actions per round | player after the dealer | what else changes |",
            "|---|---|---|---|",
        ]
        for variant in variants:
            d = variant["differences"]
            reading = f"`{_value(variant['value'])}`"
            if variant["with"]:
                extra = ", ".join(f"`{k}={_value(v)}`" for k, v in variant["with"].items())
                reading += f" (with {extra})"
            lines.append(
                f"| {reading} | {_signed(d['round_actions'])} | "
                f"{_signed(d['round_wins_position_1'], 100, ' pts')} | {_else(d)} |"
            )
        lines.append("")
    left = [name for name in Ruleset.option_names() if name not in by_option]
    lines += [
        "## Not varied",
        "",
        "The deck is an assumption, not a reading ({ruling}`ruling.deck-composition`); the caps "
        "of a simulation are no table's rule; an option whose presets agree and which is no "
        "choice of named values has no other reading to play: "
        + ", ".join(f"`{name}`" for name in left)
        + ".",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    page = render(json.loads(DATA.read_text(encoding="utf-8")))
    if args.check:
        if PAGE.read_text(encoding="utf-8") != page:
            print(f"{PAGE} is not the page of {DATA}: run python tools/impact_page.py")
            return 1
        return 0
    PAGE.write_text(page, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

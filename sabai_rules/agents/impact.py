"""What a ruling changes: the same games under each value of each option of the ruleset.

For every option of :class:`~sabai_rules.model.ruleset.Ruleset` that a reader could set otherwise
(:func:`varied_options`), :func:`plan` schedules a variant per value it may take — the other
values of a choice, the other truth value, the numbers the presets use — beside the preset
itself, each variant playing the same games: game ``i`` has the same seed (and so the same deal
and the same first dealer) in every variant (:func:`~sabai_rules.agents.tournament.game_seed`).
:func:`compare` then takes each variant's games against the preset's, pair by pair, and gives the
mean difference with its 95% interval (normal approximation over the pairs) in

* the length of a round (actions and turns, per game's rounds);
* the rounds won by each position after the dealer (1: the player after the dealer);
* each mechanic per game (:data:`~sabai_rules.agents.tournament.MECHANICS`) and each way a round
  ends.

A difference whose interval excludes zero is one these games can tell; the others are not shown
to exist. Options left out: the deck (an assumption, :rule:`ruling.deck-composition`, not a
reading), and the caps a simulation sets (``max_round_turns``, ``max_turn_reactions``: no table
plays them). An option whose other value is played with another option too (the older edition's
lowest-score scoring, over the one deal the older edition plays) is played with both, and says so.
"""

from __future__ import annotations

import math
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from sabai_rules.agents.report import ENDS, interval
from sabai_rules.agents.tournament import MECHANICS, Plan, Tournament
from sabai_rules.model.ruleset import PRESETS, Ruleset

__all__ = ["BASE", "alternatives", "compare", "plan", "render_text", "varied_options"]

#: The variant name of the games under the preset itself.
BASE: Final = "preset"

#: Options no table reads otherwise: the deck is an assumption, the caps are a simulation's.
_NOT_VARIED: Final = frozenset({"deck", "max_round_turns", "max_turn_reactions"})

#: Options an alternative value is played with.
_NEEDS: Final = {("scoring", "lowest_score"): {"num_rounds": 1}}


def _values(option: str) -> list[Any]:
    """Every value ``option`` may take as a reading: the choices of a ``Literal``, both truth
    values, or the values the presets give it."""
    field = attrs.fields_dict(attrs.resolve_types(Ruleset))[option]
    kind = field.type
    args = typing.get_args(kind)
    if typing.get_origin(kind) is typing.Literal:
        return list(args)
    if kind is bool:
        return [True, False]
    seen: list[Any] = []
    for name in PRESETS:
        value = getattr(Ruleset.preset(name), option)
        if value not in seen:
            seen.append(value)
    return seen


def varied_options() -> tuple[str, ...]:
    """The options :func:`plan` varies, in the ruleset's order."""
    return tuple(
        name
        for name in Ruleset.option_names()
        if name not in _NOT_VARIED and len(_values(name)) > 1
    )


def alternatives(base: Ruleset, option: str) -> list[tuple[Any, Ruleset, dict[str, Any]]]:
    """The other values of ``option`` than ``base``'s, each with its ruleset and the options it
    needs beside it."""
    out = []
    for value in _values(option):
        if value == getattr(base, option):
            continue
        extra = {k: v for k, v in _NEEDS.get((option, value), {}).items() if getattr(base, k) != v}
        out.append((value, base.with_options(**{option: value}, **extra), extra))
    return out


def _name(option: str, value: Any) -> str:
    shown = "none" if value is None else str(value).lower() if isinstance(value, bool) else value
    return f"{option}={shown}"


def plan(
    players: int,
    games: int,
    seed: int | str,
    *,
    base: Ruleset | None = None,
    options: Sequence[str] | None = None,
    search_playouts: int = 32,
) -> Plan:
    """The games of an impact run: ``games`` games of sensible bots at ``players`` under ``base``
    (default: the current edition), then as many under each alternative value of each option
    (``options``, default :func:`varied_options`), all seeded alike."""
    rules = Ruleset() if base is None else base
    tournaments = [
        Tournament(
            players, games, seed, ruleset=rules, variant=BASE, search_playouts=search_playouts
        )
    ]
    for option in options or varied_options():
        for value, ruleset, _ in alternatives(rules, option):
            tournaments.append(
                Tournament(
                    players,
                    games,
                    seed,
                    ruleset=ruleset,
                    variant=_name(option, value),
                    search_playouts=search_playouts,
                )
            )
    return Plan(tuple(tournaments))


def _per_game(row: dict[str, Any]) -> dict[str, float]:
    """The measures of one game that :func:`compare` pairs."""
    n = row["players"]
    rounds = max(1, row["rounds"])
    out: dict[str, float] = {
        "round_actions": math.fsum(row["round_actions"]) / rounds,
        "round_turns": math.fsum(row["round_turns"]) / rounds,
    }
    for position in range(n):
        won = 0.0
        for dealer, winners in zip(row["round_dealer"], row["round_winners"], strict=True):
            if (dealer + position) % n in winners:
                won += 1 / len(winners)
        out[f"round_wins_position_{position}"] = won / rounds
    for cause in ENDS:
        out[f"end_{cause}"] = sum(1 for e in row["round_end"] if e == cause) / rounds
    for name in MECHANICS:
        out[name] = float(row[name])
    return out


def compare(
    rows: Sequence[dict[str, Any]], *, preset: str = "current", seed: int | str | None = None
) -> dict[str, Any]:
    """The paired differences of every variant from the preset's games (JSON-ready): per
    variant, its option, value, ruling, the options it needed beside it, and for each measure
    the preset's mean and the mean difference with its interval."""
    by_variant: dict[str, dict[int, dict[str, float]]] = {}
    for row in rows:
        by_variant.setdefault(row["variant"], {})[row["game"]] = _per_game(row)
    base = by_variant.get(BASE, {})
    measures = sorted(next(iter(base.values()))) if base else []
    games = len(base)
    players = rows[0]["players"] if rows else 0
    baseline = {m: interval([g[m] for g in base.values()]) for m in measures}
    variants = []
    base_rules = Ruleset.preset(preset)
    for option in varied_options():
        for value, _, extra in alternatives(base_rules, option):
            name = _name(option, value)
            if name not in by_variant:
                continue
            games_of = by_variant[name]
            pairs = [(base[i], games_of[i]) for i in sorted(games_of) if i in base]
            variants.append(
                {
                    "variant": name,
                    "option": option,
                    "value": value,
                    "with": extra,
                    "ruling": Ruleset.ruling_of(option),
                    "preset_value": getattr(base_rules, option),
                    "games": len(pairs),
                    "differences": {
                        m: _finite(interval([v[m] - b[m] for b, v in pairs])) for m in measures
                    },
                }
            )
    return {
        "format": "sabai-impact",
        "version": 1,
        "players": players,
        "games": games,
        "preset": preset,
        "seed": seed,
        "bots": "sensible",
        "baseline": {m: _finite(v) for m, v in baseline.items()},
        "variants": variants,
    }


def _finite(value: dict[str, float]) -> dict[str, Any]:
    return {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in value.items()}


def significant(value: Mapping[str, Any]) -> bool:
    """Whether an interval excludes zero."""
    low, high = value.get("low"), value.get("high")
    return low is not None and high is not None and (low > 0 or high < 0)


def render_text(summary: dict[str, Any]) -> str:
    """The differences as text: per variant, round length, the player after the dealer's round
    wins, and the mechanics and ends whose interval excludes zero."""
    lines = [
        f"{summary['games']} games per variant at {summary['players']} players, sensible bots, "
        f"against the {summary['preset']} preset (variant - preset, 95% intervals)",
        "",
    ]
    for variant in summary["variants"]:
        d = variant["differences"]
        lines.append(
            f"{variant['variant']:<46} actions/round {_signed(d['round_actions'])}   "
            f"after the dealer {_signed(d['round_wins_position_1'], 100, '%')}"
        )
        notable = [
            f"{m} {_signed(v)}"
            for m, v in d.items()
            if m not in ("round_actions", "round_turns")
            and not m.startswith("round_wins")
            and significant(v)
        ]
        if notable:
            lines.append(f"    {'; '.join(notable)}")
    return "\n".join(lines) + "\n"


def _signed(value: dict[str, Any], scale: float = 1.0, unit: str = "") -> str:
    if value["mean"] is None:
        return "-"
    mean = value["mean"] * scale
    if value["low"] is None:
        return f"{mean:+.2f}{unit}"
    return f"{mean:+.2f}{unit} [{value['low'] * scale:+.2f}, {value['high'] * scale:+.2f}]"

"""The report of a tournament: what many games say, from its results file.

:func:`summarize` turns the rows of a results file (:mod:`sabai_rules.agents.tournament`) into
numbers:

* game wins by seat, counted from the first dealer (seat 1 is the player after the first dealer),
  and round wins by position after each round's dealer (1: the player after the dealer, who
  starts); a tie shares the win;
* per bot kind: the share of games won and the victory points per game; with two kinds, the
  difference between them game by game (a paired difference);
* round length, in actions and in turns, and how rounds ended (``emptied``, ``final-lap``, and the
  ``forced`` and ``exhausted`` ends);
* each mechanic (:data:`~sabai_rules.agents.tournament.MECHANICS`): per game, per round, and the
  share of games where it happened.

Every mean carries a 95% interval, the normal approximation over games (or rounds): the mean
plus or minus 1.96 standard errors. :func:`render_text` prints it; :func:`write_html` writes a
page with plots (the ``tournament`` extra: matplotlib).
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from sabai_rules.agents.tournament import MECHANICS, need, read_rows
from sabai_rules.state import EndCause

__all__ = ["ResultsError", "interval", "load", "render_text", "summarize", "write_html"]

#: How rounds end, in the report's order.
ENDS: Final = tuple(cause.value for cause in EndCause)

Interval = dict[str, float]


class ResultsError(ValueError):
    """A file that is no results file of a tournament."""


def load(path: Path) -> list[dict[str, Any]]:
    """The rows of a results file; :class:`ResultsError` for a file that is none."""
    need("pyarrow", "tournament")
    import pyarrow  # noqa: PLC0415

    path = Path(path)
    if not path.is_file():
        raise ResultsError(f"{path}: no such file")
    try:
        rows = read_rows(path)
    except (pyarrow.ArrowException, OSError) as error:
        raise ResultsError(f"{path}: not a results file ({error})") from None
    if not rows or "round_actions" not in rows[0]:
        raise ResultsError(f"{path}: not a results file of sabai tournament")
    return rows


def interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` with its 95% interval (normal approximation) and the count.

    >>> {key: round(value, 3) for key, value in interval([0, 1, 0, 1]).items()}
    {'mean': 0.5, 'low': -0.066, 'high': 1.066, 'n': 4}
    """
    n = len(values)
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    mean = math.fsum(values) / n
    if n < 2:
        return {"mean": mean, "low": math.nan, "high": math.nan, "n": n}
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": n}


def _shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of a win (a tie shares it; no winner, nobody's)."""
    share = [0.0] * players
    for w in winners:
        share[w] += 1 / len(winners)
    return share


def summarize(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The report's numbers (see the module docstring), as plain data (JSON-ready)."""
    players = sorted({row["players"] for row in rows})
    n = players[0] if len(players) == 1 else None
    summary: dict[str, Any] = {
        "games": len(rows),
        "players": players,
        "variants": sorted({row["variant"] for row in rows}),
        "options": sorted({row["options"] for row in rows}),
        "lineups": sorted({" ".join(row["bots"]) for row in rows}),
        "rounds": sum(row["rounds"] for row in rows),
    }
    if n is not None:
        by_seat: list[list[float]] = [[] for _ in range(n)]
        by_position: list[list[float]] = [[] for _ in range(n)]
        for row in rows:
            shares = _shares(row["winners"], n)
            for seat in range(n):
                by_seat[(seat - row["first_dealer"]) % n].append(shares[seat])
            for dealer, winners in zip(row["round_dealer"], row["round_winners"], strict=True):
                shares = _shares(winners, n)
                for seat in range(n):
                    by_position[(seat - dealer) % n].append(shares[seat])
        summary["game_wins_by_seat"] = [interval(v) for v in by_seat]
        summary["round_wins_by_position"] = [interval(v) for v in by_position]
    summary["bots"] = _bots(rows)
    actions = [a for row in rows for a in row["round_actions"]]
    turns = [t for row in rows for t in row["round_turns"]]
    ends = [e for row in rows for e in row["round_end"]]
    summary["round_actions"] = {**interval(actions), **_quantiles(actions)}
    summary["round_turns"] = {**interval(turns), **_quantiles(turns)}
    summary["actions_by_end"] = {
        cause: interval([a for a, e in zip(actions, ends, strict=True) if e == cause])
        for cause in ENDS
    }
    summary["ends"] = {
        cause: interval([1.0 if e == cause else 0.0 for e in ends]) for cause in ENDS
    }
    summary["round_actions_histogram"] = _histogram(actions, ends)
    rounds = [row["rounds"] for row in rows]
    summary["mechanics"] = {
        name: {
            "per_game": interval([row[name] for row in rows]),
            "per_round": math.fsum(row[name] for row in rows) / max(1, sum(rounds)),
            "games_with": interval([1.0 if row[name] else 0.0 for row in rows]),
            "what": MECHANICS[name],
        }
        for name in MECHANICS
    }
    return summary


def _quantiles(values: Sequence[int]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)

    def at(q: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])

    return {"p10": at(0.1), "median": at(0.5), "p90": at(0.9), "max": float(ordered[-1])}


def _histogram(actions: Sequence[int], ends: Sequence[str]) -> dict[str, Any]:
    if not actions:
        return {"edges": [], "counts": {}}
    top = max(actions)
    width = max(5, math.ceil(top / 40 / 5) * 5)
    edges = list(range(0, top + width + 1, width))
    counts = {cause: [0] * (len(edges) - 1) for cause in ENDS}
    for a, e in zip(actions, ends, strict=True):
        counts[e][min(a // width, len(edges) - 2)] += 1
    return {"edges": edges, "counts": counts}


def _bots(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per bot kind: game win share and victory points per seat-game; with two kinds, their
    paired difference game by game."""
    wins: dict[str, list[float]] = {}
    points: dict[str, list[float]] = {}
    per_game: list[dict[str, tuple[float, float]]] = []
    for row in rows:
        shares = _shares(row["winners"], row["players"])
        game: dict[str, list[tuple[float, float]]] = {}
        for seat, kind in enumerate(row["bots"]):
            wins.setdefault(kind, []).append(shares[seat])
            points.setdefault(kind, []).append(float(row["victory_points"][seat]))
            game.setdefault(kind, []).append((shares[seat], float(row["victory_points"][seat])))
        per_game.append(
            {
                k: (
                    math.fsum(s for s, _ in v) / len(v),
                    math.fsum(p for _, p in v) / len(v),
                )
                for k, v in game.items()
            }
        )
    out: dict[str, Any] = {
        kind: {"wins": interval(wins[kind]), "victory_points": interval(points[kind])}
        for kind in sorted(wins)
    }
    kinds = sorted(wins)
    if len(kinds) == 2:
        a, b = kinds
        both = [g for g in per_game if a in g and b in g]
        out["difference"] = {
            "of": [a, b],
            "wins": interval([g[a][0] - g[b][0] for g in both]),
            "victory_points": interval([g[a][1] - g[b][1] for g in both]),
        }
    return out


# -- rendering ------------------------------------------------------------------------------------


def _pm(value: Interval, percent: bool = False, digits: int = 1) -> str:
    """``mean [low, high]``."""
    scale, unit = (100.0, "%") if percent else (1.0, "")
    mean = value["mean"] * scale
    if math.isnan(value["low"]):
        return f"{mean:.{digits}f}{unit}"
    low, high = value["low"] * scale, value["high"] * scale
    return f"{mean:.{digits}f}{unit} [{low:.{digits}f}, {high:.{digits}f}]"


def render_text(summary: dict[str, Any]) -> str:
    """The report as text for the terminal."""
    lines = [
        f"{summary['games']} games, {summary['rounds']} rounds; players "
        f"{', '.join(map(str, summary['players']))}; lineups: {'; '.join(summary['lineups'])}",
        f"options: {'; '.join(summary['options'])}   (95% intervals in brackets)",
    ]
    if "game_wins_by_seat" in summary:
        n = len(summary["game_wins_by_seat"])
        lines += ["", f"Game wins by seat from the first dealer (even: {100 / n:.1f}%):"]
        for seat, value in enumerate(summary["game_wins_by_seat"]):
            name = "first dealer" if seat == 0 else f"{seat} after the first dealer"
            lines.append(f"  {name:<26} {_pm(value, True)}")
        lines += ["", "Round wins by position after the round's dealer:"]
        for seat, value in enumerate(summary["round_wins_by_position"]):
            name = "dealer" if seat == 0 else f"{seat} after the dealer"
            lines.append(f"  {name:<26} {_pm(value, True)}")
    lines += ["", "By bot:                      game wins              victory points per game"]
    for kind, value in summary["bots"].items():
        if kind == "difference":
            continue
        lines.append(
            f"  {kind:<26} {_pm(value['wins'], True):<22} {_pm(value['victory_points'], digits=2)}"
        )
    if "difference" in summary["bots"]:
        d = summary["bots"]["difference"]
        a, b = d["of"]
        lines.append(
            f"  {a} - {b} (paired):{'':<{max(0, 10 - len(a) - len(b))}} "
            f"{_pm(d['wins'], True):<22} {_pm(d['victory_points'], digits=2)}"
        )
    ra, rt = summary["round_actions"], summary["round_turns"]
    lines += [
        "",
        f"Round length: {_pm(ra)} actions (median {ra.get('median', 0):.0f}, "
        f"10-90% {ra.get('p10', 0):.0f}-{ra.get('p90', 0):.0f}, longest {ra.get('max', 0):.0f}); "
        f"{_pm(rt)} turns",
        "",
        "How rounds ended:",
    ]
    for cause, value in summary["ends"].items():
        length = summary["actions_by_end"][cause]
        mean = "" if not length["n"] else f"  ({length['mean']:.0f} actions on average)"
        lines.append(f"  {cause:<12} {_pm(value, True, 2):<24}{mean}")
    lines += ["", "Mechanics:                   per game               per round  games with it"]
    for name, value in summary["mechanics"].items():
        lines.append(
            f"  {name:<26} {_pm(value['per_game'], digits=2):<22} {value['per_round']:<10.3f} "
            f"{value['games_with']['mean'] * 100:.1f}%"
        )
    return "\n".join(lines) + "\n"


def _figure_png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight", metadata={"Software": None})
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _bars(ax: Any, labels: Sequence[str], values: Sequence[Interval], scale: float = 1.0) -> None:
    means = [v["mean"] * scale for v in values]
    errors = [
        [
            0 if math.isnan(v["low"]) else (v["mean"] - v["low"]) * scale,
            0 if math.isnan(v["high"]) else (v["high"] - v["mean"]) * scale,
        ]
        for v in values
    ]
    ax.bar(labels, means, yerr=list(zip(*errors, strict=True)), capsize=4, color="#4c72b0")


def plots(summary: dict[str, Any]) -> list[tuple[str, str]]:
    """The report's plots: (title, PNG as base64)."""
    need("matplotlib", "tournament")
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    out = []
    if "game_wins_by_seat" in summary:
        n = len(summary["game_wins_by_seat"])
        fig, axes = plt.subplots(1, 2, figsize=(10, 3.4))
        _bars(axes[0], [str(i) for i in range(n)], summary["game_wins_by_seat"], 100)
        axes[0].axhline(100 / n, color="grey", linestyle="--", linewidth=1)
        axes[0].set(xlabel="seat after the first dealer", ylabel="% of games won")
        _bars(axes[1], [str(i) for i in range(n)], summary["round_wins_by_position"], 100)
        axes[1].axhline(100 / n, color="grey", linestyle="--", linewidth=1)
        axes[1].set(xlabel="position after the round's dealer", ylabel="% of rounds won")
        out.append(("Wins by seat (95% intervals; dashed: an even share)", _figure_png(fig)))
        plt.close(fig)
    kinds = [k for k in summary["bots"] if k != "difference"]
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.4))
    _bars(axes[0], kinds, [summary["bots"][k]["wins"] for k in kinds], 100)
    axes[0].set(ylabel="% of games won")
    _bars(axes[1], kinds, [summary["bots"][k]["victory_points"] for k in kinds])
    axes[1].set(ylabel="victory points per game")
    out.append(("By bot (95% intervals)", _figure_png(fig)))
    plt.close(fig)
    hist = summary["round_actions_histogram"]
    if hist["edges"]:
        fig, ax = plt.subplots(figsize=(10, 3.4))
        edges = hist["edges"]
        bottom = [0] * (len(edges) - 1)
        for cause, counts in hist["counts"].items():
            if any(counts):
                ax.bar(
                    edges[:-1],
                    counts,
                    width=edges[1] - edges[0],
                    bottom=bottom,
                    align="edge",
                    label=cause,
                    edgecolor="white",
                    linewidth=0.3,
                )
                bottom = [a + b for a, b in zip(bottom, counts, strict=True)]
        ax.set(xlabel="actions in the round", ylabel="rounds")
        ax.legend(title="how it ended")
        out.append(("Round length, by how the round ended", _figure_png(fig)))
        plt.close(fig)
    names = list(summary["mechanics"])
    fig, ax = plt.subplots(figsize=(10, 5))
    values = [summary["mechanics"][k]["per_game"] for k in names]
    ax.barh(
        names,
        [v["mean"] for v in values],
        xerr=[
            [0 if math.isnan(v["low"]) else v["mean"] - v["low"] for v in values],
            [0 if math.isnan(v["high"]) else v["high"] - v["mean"] for v in values],
        ],
        capsize=3,
        color="#55a868",
    )
    ax.invert_yaxis()
    ax.set(xlabel="per game (95% intervals)")
    out.append(("Mechanics per game", _figure_png(fig)))
    plt.close(fig)
    return out


def write_html(summary: dict[str, Any], path: Path) -> None:
    """The report as one HTML page (plots embedded), at ``path``."""
    figures = plots(summary)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>sabai-sabai tournament</title>',
        "<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
        "pre{background:#f6f6f6;padding:1rem;overflow-x:auto}img{max-width:100%}</style>",
        "</head><body>",
        "<h1>sabai-sabai tournament</h1>",
    ]
    for title, png in figures:
        parts.append(f"<h2>{html.escape(title)}</h2>")
        parts.append(f'<img alt="{html.escape(title)}" src="data:image/png;base64,{png}">')
    parts.append("<h2>The numbers</h2>")
    parts.append(f"<pre>{html.escape(render_text(summary))}</pre>")
    parts.append("<h2>As data</h2>")
    data = json.dumps(_finite(summary), indent=1)
    parts.append(f"<details><summary>JSON</summary><pre>{html.escape(data)}</pre></details>")
    parts.append("</body></html>")
    Path(path).write_text("\n".join(parts) + "\n", encoding="utf-8")


def _finite(value: Any) -> Any:
    """``value`` with NaN as ``None`` (JSON has no NaN)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def counts(rows: Sequence[dict[str, Any]], column: str) -> Counter[Any]:
    """How often each value of a column turns up (for tests and quick looks)."""
    return Counter(row[column] for row in rows)

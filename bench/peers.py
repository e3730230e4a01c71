"""Peer benchmark: the engine's speed beside other card-game engines, measured in one run.

    python bench/peers.py [--seconds S] [--runs N] [--json PATH]

A *transition* is one applied action, chance outcomes included. Every engine is driven by the
same policy, uniform among all legal actions (and among the chance outcomes, which are uniform
in every peer here), and a step costs what a simulation pays: listing the legal actions, the
choice, applying it.

* sabai-rules at 2, 4 and 12 players, preset ``current`` with ``nose_race="random"``: each round
  is ``deal(...)`` then ``apply(state, action)`` until the round is over, a new immutable state
  per step; the deal counts as one transition (it is the round's chance outcome). Mode
  ``new state`` indexes the sequence ``legal_actions`` returns (it counts the throw-ins and
  builds only the action chosen: a view, as python-chess's ``board.legal_moves`` is, not a list);
  mode ``listed`` (4 players) makes a tuple of every legal action first, as the peers' lists
  are.
* OpenSpiel's pure-Python games ``python_kuhn_poker``, ``python_liars_poker`` (default
  parameters) and ``python_team_dominoes``, and its C++ games ``hearts`` and ``crazy_eights`` at
  4 players, two ways: ``in place`` (``state.apply_action(a)``) and ``child()`` (``state =
  state.child(a)``, a new state per step as here; for the Python games that copy is a
  ``copy.deepcopy`` of every attribute). OpenSpiel deals card by card, so every dealt card is a
  chance transition of its own.
* RLCard's bare Uno game at 4 players (``UnoGame``, no environment wrapper), mutated in place:
  ``init_game()`` counts as one transition like our deal, then ``step(action)``, which also
  builds the next player's observation dict, as RLCard always does.

Frameworks, with observations (a second table): a step is one applied action, chance included,
and costs what a learning loop pays: at a decision the player's legal actions and their
observation, the choice, applying it.

* OpenSpiel: sabai-rules' ``python_sabai_sabai`` (``sabai_rules.frameworks.openspiel``, 4 players,
  explicit chance) beside OpenSpiel's own Python games ``python_liars_poker`` and
  ``python_kuhn_poker``, through the same calls (``state.apply_action``, in place), two ways to
  observe: ``tensor`` (``state.observation_tensor(player)``, a list of floats) and ``observer``
  (``make_observation(game)``: ``set_from(state, player)``, then its numpy ``tensor``, the way
  OpenSpiel recommends in Python); and a third, ``rl_environment``, OpenSpiel's environment for
  its learning agents (``rl_environment.Environment(game)``: ``reset``, then ``step`` with a
  uniform choice among the player's legal actions; at each step it asks every player's tensor
  and legal actions, and takes chance's outcomes itself, its steps counted from the state's
  history).
* PettingZoo: sabai-rules' environment (``sabai_rules.frameworks.pettingzoo``, 4 players) beside
  PettingZoo's classic environments tic-tac-toe, connect four, Leduc hold'em and Texas hold'em, each
  as ``env()`` (wrapped as PettingZoo ships them) and ``raw_env``: ``agent_iter``, ``last()`` (the
  observation dict), a uniform choice among ``flatnonzero(action_mask == 1)``, ``step``.

Times are CPU time of this process (``time.process_time``), so that a busy or throttled virtual
machine does not distort them; each figure is the median of ``--runs`` timed runs of
``--seconds``. The table gives transitions/s, transitions per round, and the ratio of
sabai-rules at 4 players to the row, then sabai-rules at each table size against Kuhn poker in
place. The second table is followed by ``python_sabai_sabai``'s steps over
``python_liars_poker``'s for each way of observing, run by run (the runs take turns, and each
way's games are timed one right after the other, so that each run of the one is paired with
the same run of the other): their median and range. Peers come from the optional extra
(``pip install -e '.[bench]'``); a missing one is skipped with a note.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sabai_rules.engine import COMPILED
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import apply, deal, legal_actions

# Plays one whole round with the policy's generator and a round index; returns its transitions.
Round = Callable[[random.Random, int], int]
# (name, players, mode, round player)
Entry = tuple[str, int, str, Round]

SABAI_PLAYERS = (2, 4, 12)
FRAMEWORK_PLAYERS = 4
SABAI_SPIEL = "python_sabai_sabai"
#: The peer of issue 14's target: the adapter does at least as many steps as it.
SPIEL_PEER = "python_liars_poker"
SPIEL_OBSERVED = (SABAI_SPIEL, SPIEL_PEER, "python_kuhn_poker")
SPIEL_MODES = ("observer", "tensor", "rl_environment")
ZOO_CLASSIC = ("tictactoe_v3", "connect_four_v3", "leduc_holdem_v4", "texas_holdem_v4")
SPIEL_GAMES: tuple[tuple[str, dict[str, int]], ...] = (
    ("python_kuhn_poker", {}),
    ("python_liars_poker", {}),
    ("python_team_dominoes", {}),
    ("hearts", {}),
    ("crazy_eights", {"players": 4}),
)
BASELINE = ("sabai-rules", 4)
KUHN = ("python_kuhn_poker", "in place")


def sabai_round(players: int, listed: bool = False) -> Round:
    rules = Ruleset.preset("current").with_options(nose_race="random")

    def play(rng: random.Random, index: int) -> int:
        state = deal(rules, players, dealer=index % players, seed=index)
        transitions = 1
        while not state.is_over:
            # ``legal_actions`` is a sequence that counts the throw-ins and builds only the one
            # asked for; ``listed`` builds them all first, as a peer's list of legal actions is.
            # Given the list (``listed=``), apply does not check the chosen action again.
            legal = legal_actions(state)
            acts = tuple(legal) if listed else legal
            state = apply(state, acts[int(rng.random() * len(acts))], listed=legal)
            transitions += 1
        return transitions

    return play


def spiel_round(game: Any, child: bool) -> Round:
    def play(rng: random.Random, index: int) -> int:
        state = game.new_initial_state()
        transitions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                # Uniform, as every chance node of these games is (checked on open-spiel 2.0.2);
                # sampling by the listed probabilities would cost a walk over up to 52 outcomes.
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                acts = state.legal_actions()
                action = acts[int(rng.random() * len(acts))]
            # One loop for both modes: the test of a local flag is noise beside a transition.
            if child:
                state = state.child(action)
            else:
                state.apply_action(action)
            transitions += 1
        return transitions

    return play


def spiel_observed_round(game: Any, observe: str) -> Round:
    """OpenSpiel with observations: the player's legal actions and their observation at each
    decision (``observe``: ``"tensor"`` or ``"observer"``), in place."""
    from open_spiel.python.observation import make_observation  # noqa: PLC0415

    observer = make_observation(game) if observe == "observer" else None

    def play(rng: random.Random, index: int) -> int:
        state = game.new_initial_state()
        transitions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                player = state.current_player()
                acts = state.legal_actions()
                if observer is None:
                    state.observation_tensor(player)
                else:
                    observer.set_from(state, player)
                action = acts[int(rng.random() * len(acts))]
            state.apply_action(action)
            transitions += 1
        return transitions

    return play


def spiel_environment_round(game: Any) -> Round:
    """OpenSpiel's ``rl_environment`` on ``game``: its steps, chance's outcomes (which it takes
    itself) included, counted from the history of the state it plays."""
    from open_spiel.python import rl_environment  # noqa: PLC0415

    env = rl_environment.Environment(game, seed=0)

    def play(rng: random.Random, index: int) -> int:
        time_step = env.reset()
        while not time_step.last():
            seen = time_step.observations
            legal = seen["legal_actions"][seen["current_player"]]
            time_step = env.step([legal[int(rng.random() * len(legal))]])
        return len(env.get_state.history())

    return play


def zoo_round(env: Any) -> Round:
    """A PettingZoo AEC environment: ``last()`` observes, a uniform choice among the mask's
    actions, ``step``; the steps of agents already done are not transitions."""
    import numpy as np  # noqa: PLC0415

    def play(rng: random.Random, index: int) -> int:
        env.reset(seed=index)
        transitions = 0
        for _ in env.agent_iter():
            seen, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(seen["action_mask"] == 1)
            env.step(int(legal[int(rng.random() * len(legal))]))
            transitions += 1
        return transitions

    return play


def uno_round(game: Any) -> Round:
    def play(rng: random.Random, index: int) -> int:
        game.init_game()
        transitions = 1
        while not game.is_over():
            acts = game.get_legal_actions()
            game.step(acts[int(rng.random() * len(acts))])
            transitions += 1
        return transitions

    return play


def peers(notes: list[str]) -> list[Entry]:
    """The peers that are installed; a note for each package that is not."""
    entries: list[Entry] = []
    # Imported here, not at the top: the peers are an optional extra, and may be missing.
    try:
        import open_spiel.python.games  # noqa: F401, PLC0415 - importing registers the python_* games
        import pyspiel  # noqa: PLC0415
    except ImportError as exc:
        notes.append(f"skipped the OpenSpiel peers ({exc}); pip install -e '.[bench]'")
    else:
        notes.append(f"open-spiel {metadata.version('open-spiel')}")
        for name, params in SPIEL_GAMES:
            game = pyspiel.load_game(name, params)
            for mode, child in (("in place", False), ("child()", True)):
                entries.append((name, int(game.num_players()), mode, spiel_round(game, child)))
    try:
        from rlcard.games.uno.game import UnoGame  # noqa: PLC0415
        from rlcard.utils.seeding import np_random  # noqa: PLC0415
    except ImportError as exc:
        notes.append(f"skipped the RLCard peer ({exc}); pip install -e '.[bench]'")
    else:
        notes.append(f"rlcard {metadata.version('rlcard')}")
        uno = UnoGame(num_players=4)
        # Uno's chance (shuffles, wild colours) comes from the game's own numpy generator, read
        # at each init_game; seeded once, so that a run of the script is reproducible.
        uno.np_random = np_random(0)[0]
        entries.append(("rlcard uno", 4, "in place", uno_round(uno)))
    return entries


def frameworks(notes: list[str]) -> list[Entry]:
    """The adapters and their frameworks' own games, with observations; a note for each
    framework that is not installed."""
    entries: list[Entry] = []
    try:
        import open_spiel.python.games  # noqa: F401, PLC0415 - registers the python_* games
        import pyspiel  # noqa: PLC0415

        import sabai_rules.frameworks.openspiel  # noqa: F401, PLC0415 - registers python_sabai_sabai
    except ImportError as exc:
        notes.append(f"skipped OpenSpiel with observations ({exc}); pip install -e '.[bench]'")
    else:
        games = [
            pyspiel.load_game(name, {"players": FRAMEWORK_PLAYERS} if name == SABAI_SPIEL else {})
            for name in SPIEL_OBSERVED
        ]
        # By way of observing, the games one beside the other: each run of sabai-sabai is timed
        # right before the same run of its peers, which its ratio to them takes.
        for observe in SPIEL_MODES:
            for name, game in zip(SPIEL_OBSERVED, games, strict=True):
                play = (
                    spiel_environment_round(game)
                    if observe == "rl_environment"
                    else spiel_observed_round(game, observe)
                )
                entries.append((name, int(game.num_players()), observe, play))
    try:
        import importlib  # noqa: PLC0415

        import pettingzoo  # noqa: F401, PLC0415

        from sabai_rules import pettingzoo as sabai_zoo  # noqa: PLC0415
    except ImportError as exc:
        notes.append(f"skipped PettingZoo ({exc}); pip install -e '.[bench]'")
    else:
        notes.append(f"pettingzoo {metadata.version('pettingzoo')}")
        made: list[tuple[str, Any, Any]] = [("sabai_sabai_v0", sabai_zoo.env, sabai_zoo.raw_env)]
        for name in ZOO_CLASSIC:
            try:
                module = importlib.import_module(f"pettingzoo.classic.{name}")
            except ImportError as exc:  # pygame, rlcard
                notes.append(f"skipped {name} ({exc})")
                continue
            made.append((name, module.env, module.raw_env))
        for name, wrapped, raw in made:
            kwargs = {"players": FRAMEWORK_PLAYERS} if name == "sabai_sabai_v0" else {}
            for mode, make in (("env()", wrapped), ("raw_env", raw)):
                env = make(**kwargs)
                entries.append((name, len(env.possible_agents), mode, zoo_round(env)))
    return entries


def measure(play: Round, seconds: float, seed: int) -> tuple[int, int, float]:
    """Transitions, rounds and CPU seconds of whole rounds played for about ``seconds``."""
    rng = random.Random(seed)
    transitions = rounds = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        transitions += play(rng, seed * 100_003 + rounds)
        rounds += 1
    return transitions, rounds, time.process_time() - start


def timed(entries: list[Entry], seconds: float, runs: int) -> list[dict[str, Any]]:
    """Each entry's median figures over ``runs`` timed runs of ``seconds``. The runs take turns
    (every entry's first run, then every entry's second...), so that a change in the machine's
    load during the measurement falls on every entry alike rather than on the last ones."""
    results: list[list[tuple[int, int, float]]] = [[] for _ in entries]
    for seed in range(runs):
        for done, (_, _, _, play) in zip(results, entries, strict=True):
            done.append(measure(play, seconds, seed))
    rows: list[dict[str, Any]] = []
    for done, (name, players, mode, _) in zip(results, entries, strict=True):
        rows.append(
            {
                "name": name,
                "players": players,
                "mode": mode,
                "transitions_per_s": statistics.median(t / s for t, _, s in done),
                "rounds_per_s": statistics.median(r / s for _, r, s in done),
                "transitions_per_round": statistics.median(t / max(r, 1) for t, r, _ in done),
                "runs": [{"transitions": t, "rounds": r, "cpu_s": s} for t, r, s in done],
            }
        )
    return rows


def engines_table(rows: list[dict[str, Any]]) -> dict[str, float]:
    """Print the engines' table; sabai-rules at each table size against Kuhn poker in place."""
    speed = {(row["name"], row["players"], row["mode"]): row["transitions_per_s"] for row in rows}
    base = speed[(*BASELINE, "new state")]
    for row in rows:
        row["ratio"] = base / row["transitions_per_s"]
    print(f"ratio = {BASELINE[0]} at {BASELINE[1]} players ({base:,.0f}/s) / the row's speed")
    head = ("name", "players", "mode", "transitions/s", "per round", "ratio")
    print("{:<22}{:>8}  {:<10}{:>14}{:>11}{:>8}".format(*head))
    for row in rows:
        print(
            f"{row['name']:<22}{row['players']:>8}  {row['mode']:<10}"
            f"{row['transitions_per_s']:>14,.0f}{row['transitions_per_round']:>11,.1f}"
            f"{row['ratio']:>8.2f}"
        )
    kuhn = next((s for (n, _, m), s in speed.items() if (n, m) == KUHN), None)
    against_kuhn: dict[str, float] = {}
    if kuhn is not None:
        for players in SABAI_PLAYERS:
            against_kuhn[str(players)] = speed[("sabai-rules", players, "new state")] / kuhn
        shown = ", ".join(f"{p} players {r:.2f}" for p, r in against_kuhn.items())
        print(f"sabai-rules / {KUHN[0]} {KUHN[1]} ({kuhn:,.0f}/s): {shown}")
    return against_kuhn


def frameworks_table(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Print the frameworks' table: steps/s with observations; then, for each way of observing
    in OpenSpiel, sabai-sabai's steps over liar's poker's, run by run (each run of the one
    beside the same run of the other), and return those ratios."""
    print("with observations: steps/s (a step is one applied action, chance included)")
    columns = ("name", "players", "mode", "steps/s", "per episode")
    print("{:<22}{:>8}  {:<15}{:>14}{:>12}".format(*columns))
    for row in rows:
        print(
            f"{row['name']:<22}{row['players']:>8}  {row['mode']:<15}"
            f"{row['transitions_per_s']:>14,.0f}{row['transitions_per_round']:>12,.1f}"
        )
    runs = {
        (row["name"], row["mode"]): [run["transitions"] / run["cpu_s"] for run in row["runs"]]
        for row in rows
    }
    against: dict[str, dict[str, Any]] = {}
    for mode in SPIEL_MODES:
        ours, theirs = runs.get((SABAI_SPIEL, mode)), runs.get((SPIEL_PEER, mode))
        if ours and theirs:
            ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
            against[mode] = {"median": statistics.median(ratios), "runs": ratios}
    if against:
        shown = "; ".join(
            f"{mode} {r['median']:.2f} ({min(r['runs']):.2f} to {max(r['runs']):.2f})"
            for mode, r in against.items()
        )
        print(f"{SABAI_SPIEL} / {SPIEL_PEER}, run by run, median (range): {shown}")
    return against


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each timed run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--tables",
        choices=("all", "engines", "frameworks"),
        default="all",
        help="the engines' table, the frameworks' (with observations), or both",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write the figures here")
    args = parser.parse_args()
    version = sys.version.split()[0]
    engine = "compiled engine (mypyc)" if COMPILED else "pure-Python engine"
    notes: list[str] = []
    entries: list[Entry] = []
    if args.tables in ("all", "engines"):
        entries = [("sabai-rules", n, "new state", sabai_round(n)) for n in SABAI_PLAYERS]
        entries.append(("sabai-rules", BASELINE[1], "listed", sabai_round(BASELINE[1], True)))
        entries += peers(notes)
    observed_entries = frameworks(notes) if args.tables in ("all", "frameworks") else []
    print(f"{args.runs} runs of {args.seconds:g} s CPU time each, Python {version}, {engine}")
    print("; ".join(notes))

    rows = timed(entries, args.seconds, args.runs)
    against_kuhn = engines_table(rows) if rows else {}
    observed = timed(observed_entries, args.seconds, args.runs)
    against_liars: dict[str, dict[str, Any]] = {}
    if observed:
        if rows:
            print()
        against_liars = frameworks_table(observed)

    if args.json is not None:
        figures = {
            "python": version,
            "seconds": args.seconds,
            "runs": args.runs,
            "notes": notes,
            "results": rows,
            "sabai_over_kuhn_in_place": against_kuhn,
            "with_observations": observed,
            "sabai_over_liars_poker": against_liars,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()

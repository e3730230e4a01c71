"""Agent-facing functions: the cost of one call, for a framework that asks them at every step.

    python bench/agents.py [--players 4] [--rounds 60] [--seed 1]

Plays ``--rounds`` seeded rounds under the ``bench/playouts.py`` policy (not timed), keeps every
state reached, and times, over all of them, one call of each function per state (per player for
the per-player ones), best of three passes, in CPU time (``time.process_time``):

* ``view(state, player)`` — what one player may know; ``view(..., actions=True)`` also lists the
  player's legal actions;
* ``to_move(state)`` — whom the game waits for and who else may act;
* ``legal_actions(state, player=p)``, materialised;
* ``legal_actions(state)``, materialised, for comparison;
* ``action_space(ruleset, players).legal_indices(state, player)`` — a player's legal actions as
  the sorted indices a framework numbers them by;
* ``observation(state, player)`` — the fixed-length encoding;
* ``sample_consistent_state(state, player, rng)`` — a state the player cannot tell apart.

A view's rows are cached on what each player has seen of them, so consecutive states (as a
simulation asks them) are the case measured.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playouts import choose

from sabai_rules.engine import COMPILED
from sabai_rules.moves import apply, deal, legal_actions, to_move
from sabai_rules.ruleset import Ruleset
from sabai_rules.space import action_space
from sabai_rules.state import State
from sabai_rules.views import observation, sample_consistent_state, view


def _states(players: int, rounds: int, seed: int) -> list[State]:
    rules = Ruleset().with_options(nose_race="random")
    rng = random.Random(seed)
    states = []
    for r in range(rounds):
        state = deal(rules, players, dealer=r % players, seed=seed * 1_000 + r)
        while not state.is_over:
            states.append(state)
            state = apply(state, choose(state, legal_actions(state), rng))
    return states


def _per_call(calls: int, run: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    states = _states(args.players, args.rounds, args.seed)
    seats = range(args.players)
    per_player = len(states) * args.players

    def views() -> None:
        for s in states:
            for p in seats:
                view(s, p)

    def views_with_actions() -> None:
        for s in states:
            for p in seats:
                view(s, p, actions=True)

    def waiting() -> None:
        for s in states:
            to_move(s)

    def mine() -> None:
        for s in states:
            for p in seats:
                tuple(legal_actions(s, player=p))

    def everyone() -> None:
        for s in states:
            tuple(legal_actions(s))

    space = action_space(states[0].ruleset, args.players)

    def indices() -> None:
        for s in states:
            for p in seats:
                space.legal_indices(s, p)

    def observations() -> None:
        for s in states:
            for p in seats:
                observation(s, p)

    sampler = random.Random(args.seed)

    def samples() -> None:
        for s in states:
            for p in seats:
                sample_consistent_state(s, p, sampler)

    build = "compiled" if COMPILED else "pure Python"
    print(f"{len(states)} states, {args.players} players, {build}; microseconds per call")
    print(f"  view(state, player)                {_per_call(per_player, views):8.1f}")
    print(f"  view(state, player, actions=True)  {_per_call(per_player, views_with_actions):8.1f}")
    print(f"  to_move(state)                     {_per_call(len(states), waiting):8.1f}")
    print(f"  legal_actions(state, player=p)     {_per_call(per_player, mine):8.1f}")
    print(f"  legal_actions(state)               {_per_call(len(states), everyone):8.1f}")
    print(f"  space.legal_indices(state, p)      {_per_call(per_player, indices):8.1f}")
    print(f"  observation(state, player)         {_per_call(per_player, observations):8.1f}")
    print(f"  sample_consistent_state(...)       {_per_call(per_player, samples):8.1f}")


if __name__ == "__main__":
    main()

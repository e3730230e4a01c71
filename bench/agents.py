"""Agent-facing functions: the cost of one call, for a framework that asks them at every step.

    python bench/agents.py [--players 4] [--rounds 60] [--seed 1] [--reshuffles 40]

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
* ``sample_consistent_state(state, player, rng)`` — a state the player cannot tell apart;
* chance (``chance_model="explicit"``): ``chance_outcomes`` and ``apply_chance`` (its first
  outcome) at the first node of a deal and at the first node of a reshuffle, ``seeded_outcome``
  at each, and ``resolve_chance`` of a whole deal and of a whole reshuffle (with the action it
  completes). One deal node per round played; the reshuffle nodes are the first ``--reshuffles``
  met in rounds of 12 players (whose draw pile is short) played under the explicit model.

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
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    apply,
    apply_chance,
    chance_outcomes,
    deal,
    legal_actions,
    resolve_chance,
    seeded_outcome,
    to_move,
)
from sabai_rules.play.space import action_space
from sabai_rules.play.views import observation, sample_consistent_state, view
from sabai_rules.state import Chance, ChanceKind, State


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


def _chance_nodes(
    players: int, rounds: int, seed: int, reshuffles: int
) -> tuple[list[State], list[State]]:
    """The first chance node of the deal of each of ``rounds`` rounds of ``players``, and the
    first node of each reshuffle met in rounds of 12 players (whose draw pile is short) played
    under the explicit model, until ``reshuffles`` are met."""
    rules = Ruleset().with_options(nose_race="random")
    rng = random.Random(seed)
    deals = [
        deal(rules, players, dealer=r % players, seed=seed * 1_000 + r, chance_model="explicit")
        for r in range(rounds)
    ]
    found: list[State] = []
    r = 0
    while len(found) < reshuffles:
        node = deal(rules, 12, dealer=r % 12, seed=seed * 7_000 + r, chance_model="explicit")
        state = resolve_chance(node)
        r += 1
        while not state.is_over:
            state = apply(state, choose(state, legal_actions(state), rng))
            pending = state.flow.pending
            if isinstance(pending, Chance):
                if pending.kind is ChanceKind.RESHUFFLE:
                    found.append(state)
                state = resolve_chance(state)
    return deals, found


def _time_chance(players: int, rounds: int, seed: int, reshuffles: int) -> None:
    deals, found = _chance_nodes(players, rounds, seed, reshuffles)
    sizes = [len(chance_outcomes(node)) for node in found]
    print(
        f"chance: {len(deals)} deal nodes of 60 outcomes, {len(found)} reshuffle nodes of"
        f" {min(sizes)} to {max(sizes)}; microseconds per call"
    )
    for name, nodes in (("deal", deals), ("reshuffle", found)):
        first = [chance_outcomes(node)[0][0] for node in nodes]

        def outcomes(nodes: list[State] = nodes) -> None:
            for node in nodes:
                chance_outcomes(node)

        def take(nodes: list[State] = nodes, first: list[int] = first) -> None:
            for node, outcome in zip(nodes, first, strict=True):
                apply_chance(node, outcome)

        def seeded(nodes: list[State] = nodes) -> None:
            for node in nodes:
                seeded_outcome(node)

        def resolve(nodes: list[State] = nodes) -> None:
            for node in nodes:
                resolve_chance(node)

        calls = len(nodes)
        for label, run in (
            (f"chance_outcomes, {name} node", outcomes),
            (f"apply_chance, {name} node", take),
            (f"seeded_outcome, {name} node", seeded),
            (f"resolve_chance, the whole {name}", resolve),
        ):
            print(f"  {label:<35}{_per_call(calls, run):8.1f}")

    def sampled() -> None:
        for node in deals:
            setup = node.setup
            deal(setup.ruleset, players, dealer=setup.dealer, seed=setup.seed)

    print(f"  {'deal(seed=), sampled, to compare':<35}{_per_call(len(deals), sampled):8.1f}")


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
    parser.add_argument("--reshuffles", type=int, default=40)
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

    _time_chance(args.players, args.rounds, args.seed, args.reshuffles)


if __name__ == "__main__":
    main()

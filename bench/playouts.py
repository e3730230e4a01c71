"""Playout benchmark: seeded rounds of sabai-sabai under a random-but-plausible policy.

    python bench/playouts.py [--seconds S] [--players 2 4 12] [--preset current]

A *transition* is one applied action. Each step of the loop costs what a simulation pays:
``legal_actions(state)``, the policy's choice, and ``apply(state, action)``.

The policy (documented, seeded):

* with probability 1/2 at each step, a player who knows a card identical to the top card (in
  their own row, or in another row when the ruleset allows) throws it in;
* with probability 1/(10 * players) per step somebody calls sabai sabai, when a call is legal;
* otherwise an action is chosen uniformly among the legal actions that are neither throw-ins
  nor calls (turn actions, function targets, compensation cards, answers, passes);
* nose races are settled by the seeded generator (``nose_race="random"``).

Times are CPU time of this process (``time.process_time``), so that a busy or throttled virtual
machine does not distort them. Prints transitions/s and rounds/s per table size (median of three
timed runs), then the cost of
one ``legal_actions`` call (lazy; and materialising the whole list) and of one ``apply`` call,
best of three passes over states sampled from the playouts.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sabai_rules.engine import COMPILED
from sabai_rules.model.cards import Deck, DeckSpec
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    Action,
    LegalActions,
    ThrowIn,
    apply,
    deal,
    legal_actions,
)
from sabai_rules.state import State


def known_matches(state: State, allow_on_behalf: bool) -> list[ThrowIn]:
    """Throw-ins of cards the thrower has seen and that match the top card."""
    t, f = state.table, state.flow
    if t.top < 0 or f.pending is not None or f.stage == 0:
        return []
    deck = state.deck
    top = t.top
    public, private = t.public, t.private
    seen = public
    for mask in private:
        seen |= mask
    out = []
    # Only the other cards of the top card's rank can match; look for those somebody has seen.
    for card in _same_key(deck.spec)[deck.match_keys[top]]:
        if card == top or not (seen >> card) & 1:
            continue
        for owner, row in enumerate(t.rows):
            if card in row:
                slot = row.index(card)
                bit = 1 << card
                for actor in range(state.players):
                    if (owner == actor or allow_on_behalf) and (public | private[actor]) & bit:
                        out.append(ThrowIn(actor, owner, slot))
                break
    return out


@functools.cache
def _same_key(spec: DeckSpec) -> dict[int, tuple[int, ...]]:
    """The card ids of each match key in the deck of ``spec`` (computed once per deck)."""
    deck = Deck.from_spec(spec)
    by_key: dict[int, list[int]] = {}
    for card, key in enumerate(deck.match_keys):
        by_key.setdefault(key, []).append(card)
    return {key: tuple(cards) for key, cards in by_key.items()}


def choose(state: State, actions: LegalActions, rng: random.Random) -> Action:
    random = rng.random
    if random() < 0.5:
        throws = known_matches(state, state.ruleset.allow_on_behalf)
        if throws:
            throw = throws[int(random() * len(throws))]
            if throw in actions:
                return throw
    calls = actions.calls
    if calls and random() < 1 / (10 * state.players):
        return calls[int(random() * len(calls))]
    rest = actions.decisions + actions.passes or actions.throw_ins
    return rest[int(random() * len(rest))]


def playouts(rules: Ruleset, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    transitions = rounds = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = deal(rules, players, dealer=rounds % players, seed=seed * 100_003 + rounds)
        while not state.is_over:
            actions = legal_actions(state)
            state = apply(state, choose(state, actions, rng), listed=actions)
            transitions += 1
        rounds += 1
    return transitions, rounds, time.process_time() - start


def per_call_costs(
    rules: Ruleset, players: int, samples: int = 3000
) -> tuple[float, float, float, float]:
    """Microseconds per call, best of three passes over states sampled from playouts:
    ``legal_actions`` (lazy), the full list ``tuple(legal_actions(s))``, its length, ``apply``."""
    rng = random.Random(1)
    states: list[State] = []
    picks: list[Action] = []
    state = deal(rules, players, seed=7)
    while len(states) < samples:
        if state.is_over:
            state = deal(rules, players, seed=len(states))
            continue
        actions = legal_actions(state)
        action = choose(state, actions, rng)
        states.append(state)
        picks.append(action)
        state = apply(state, action)

    def best(run: Callable[[], object]) -> float:
        times = []
        for _ in range(3):
            start = time.process_time()
            run()
            times.append(time.process_time() - start)
        return min(times) / len(states) * 1e6

    lazy = best(lambda: [legal_actions(s) for s in states])
    full = best(lambda: [tuple(legal_actions(s)) for s in states])
    length = statistics.mean(len(legal_actions(s)) for s in states)
    applied = best(lambda: [apply(s, a) for s, a in zip(states, picks, strict=True)])
    return lazy, full, length, applied


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each timed run")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 12])
    parser.add_argument("--preset", default="current", choices=PRESETS)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rules = Ruleset.preset(args.preset).with_options(nose_race="random")
    version = sys.version.split()[0]
    engine = "compiled engine (mypyc)" if COMPILED else "pure-Python engine"
    print(
        f"preset {args.preset}, {args.runs} runs of {args.seconds:g} s, Python {version}, {engine}"
    )
    for players in args.players:
        results = [playouts(rules, players, args.seconds, seed) for seed in range(args.runs)]
        tps = statistics.median(t / s for t, _, s in results)
        rps = statistics.median(r / s for _, r, s in results)
        per_round = statistics.median(t / max(r, 1) for t, r, _ in results)
        lazy_us, full_us, length, apply_us = per_call_costs(rules, players)
        print(
            f"{players:>2} players: {tps:>9,.0f} transitions/s  {rps:>7,.1f} rounds/s  "
            f"({per_round:,.0f} transitions/round)\n"
            f"            legal_actions {lazy_us:.1f} us (full list of {length:.0f} actions: "
            f"{full_us:.1f} us)  apply {apply_us:.1f} us"
        )


if __name__ == "__main__":
    main()

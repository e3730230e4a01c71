"""Chance benchmark: play under the explicit and lazy chance models against the sampled model.

    python bench/chance.py [--rounds 200] [--players 2 4 12] [--preset current] [--runs 3]

Plays the same ``--rounds`` seeded rounds three ways, under the ``bench/playouts.py`` policy
(nose races settled at random), each step costing what a simulation pays (``legal_actions``, the
policy's choice, ``apply``):

* **sampled** — ``deal(seed=)`` and ``apply``: chance is drawn inside the transitions;
* **explicit + sampler** — ``deal(chance_model="explicit")`` and ``apply``, each chance node
  resolved by the seeded sampler (``resolve_chance``): the deal card by card, each reshuffle
  card by card, each nose race. These are the sampled rounds exactly;
* **lazy + sampler** — the same under ``chance_model="lazy"``: the deal only the rows' cards,
  every card drawn from the draw pile a chance node, no reshuffle node (the rounds differ from
  the sampled ones from the first card drawn).

Prints, per table size, the CPU time (``time.process_time``) per round of each and the part of
it spent dealing, median of ``--runs`` runs, and the ratio of each model to the sampled one
measured in the same run: in all, and after the deal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playouts import choose

from sabai_rules.engine import COMPILED
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import apply, chance_outcomes, deal, legal_actions, resolve_chance

MODELS = ("sampled", "explicit", "lazy")


def play(rules: Ruleset, players: int, rounds: int, model: str) -> tuple[float, float, int]:
    """CPU seconds to play ``rounds`` seeded rounds under ``model``, the seconds of it spent
    dealing, and the actions applied."""
    rng = random.Random(players)
    actions = 0
    dealing = 0.0
    clock = time.process_time
    start = clock()
    for r in range(rounds):
        began = clock()
        state = resolve_chance(deal(rules, players, dealer=r % players, seed=r, chance_model=model))
        dealing += clock() - began
        while not state.is_over:
            state = apply(state, choose(state, legal_actions(state), rng))
            if chance_outcomes(state):
                state = resolve_chance(state)
            actions += 1
    return clock() - start, dealing, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 12])
    parser.add_argument("--preset", default="current", choices=PRESETS)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rules = Ruleset.preset(args.preset).with_options(nose_race="random")
    engine = "compiled engine (mypyc)" if COMPILED else "pure-Python engine"
    print(f"preset {args.preset}, {args.rounds} rounds, median of {args.runs} runs, {engine}")
    print(
        "players  model               ms/round  of it the deal  actions/round"
        "  vs sampled  after the deal"
    )
    for players in args.players:
        per_round: dict[str, list[float]] = {model: [] for model in MODELS}
        dealing: dict[str, list[float]] = {model: [] for model in MODELS}
        ratios: dict[str, list[float]] = {model: [] for model in MODELS}
        later: dict[str, list[float]] = {model: [] for model in MODELS}
        actions: dict[str, int] = {}
        for _ in range(args.runs):
            # The three models in one run, so that the ratios share the machine's state.
            seconds, dealt = {}, {}
            for model in MODELS:
                seconds[model], dealt[model], actions[model] = play(
                    rules, players, args.rounds, model
                )
                per_round[model].append(seconds[model] / args.rounds * 1e3)
                dealing[model].append(dealt[model] / args.rounds * 1e3)
            for model in MODELS:
                ratios[model].append(seconds[model] / seconds["sampled"])
                played = seconds["sampled"] - dealt["sampled"]
                later[model].append((seconds[model] - dealt[model]) / played)
        for model in MODELS:
            label = model if model == "sampled" else f"{model} + sampler"
            print(
                f"{players:>7}  {label:<18} {statistics.median(per_round[model]):>9.2f}"
                f"  {statistics.median(dealing[model]):>14.2f}"
                f"  {actions[model] / args.rounds:>13.1f}"
                f"  {statistics.median(ratios[model]):>10.2f}"
                f"  {statistics.median(later[model]):>14.2f}"
            )


if __name__ == "__main__":
    main()

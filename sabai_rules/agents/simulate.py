"""The bots by kind, and simulated games written as records: :func:`simulate` plays a whole game
with one bot per seat and returns its :class:`~sabai_rules.referee.record.Record` (the deal as a
seed and the generator's name).

>>> record = simulate(players=3, seed=5, rounds=1)
>>> len(record.rounds), record.players
(1, ('P1', 'P2', 'P3'))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sabai_rules.agents.bots import MAX_STEPS_PER_ROUND, Bot, RandomBot, SensibleBot, next_action
from sabai_rules.agents.search import SearchBot
from sabai_rules.model import chance
from sabai_rules.model.arguments import instance, number, seed_or_new, shown
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import apply, check_players
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.referee.record import Deal, Record, RecordEvent, RoundRecord

__all__ = ["BOTS", "simulate"]

#: The bots by the kind :func:`simulate`, ``sabai simulate --bot`` and ``sabai tournament``
#: name.
BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "sensible": SensibleBot,
    "search": SearchBot,
}


def simulate(
    players: int,
    seed: int | str | None = None,
    *,
    rounds: int | None = None,
    preset: str | None = None,
    ruleset: Ruleset | None = None,
    bots: Sequence[str] | str = "sensible",
    names: Sequence[str] | None = None,
) -> Record:
    """Play a game of bots and return its record. ``rounds`` caps the rounds played (the game may
    then be unfinished); the ruleset is ``ruleset``, or the preset named ``preset`` (default
    ``"current"``); ``bots`` is one bot kind of :data:`BOTS` for every seat or one per seat;
    ``names`` the players' names (default ``P1``, ``P2``...).

    ``seed`` (an integer or a text, :func:`~sabai_rules.model.chance.check_seed`) decides the deals,
    the bots' choices and chance; without one, a seed nobody can guess is drawn
    (:func:`~sabai_rules.model.chance.new_seed`) and written into the record.

    :class:`TypeError` for a wrong type (``players`` and ``rounds`` are ``int``, not ``bool``;
    ``preset``, each bot kind and each name a ``str``; ``ruleset`` a
    :class:`~sabai_rules.model.ruleset.Ruleset`), :class:`ValueError` for a wrong value (a table
    size the rules do not allow, :rule:`setup.players`; fewer than one round; an unknown preset or
    bot kind; both a preset and a ruleset; as many bots or names as players; a blank or repeated
    name; a seed out of bounds); each message names the argument."""
    n = check_players(players)
    seed = seed_or_new(seed)
    if rounds is not None:
        number(rounds, "rounds", 1)
    if ruleset is not None:
        if preset is not None:
            raise ValueError("preset: give a preset or a ruleset, not both")
        rules = instance(ruleset, Ruleset, "ruleset")
    else:
        name = "current" if preset is None else preset
        if type(name) is not str:
            raise TypeError(f"preset must be a str, not {type(name).__name__}")
        try:
            rules = Ruleset.preset(name)
        except ValueError as error:
            raise ValueError(f"preset: {error}") from None
    kinds = _texts(bots, "bots", n) if not isinstance(bots, str) else [bots] * n
    for kind in kinds:
        if kind not in BOTS:
            raise ValueError(f"bots: unknown bot {shown(kind)} (expected one of {', '.join(BOTS)})")
    seats: list[Bot] = [BOTS[kind]() for kind in kinds]
    if names is None:
        player_names = tuple(f"P{i + 1}" for i in range(n))
    else:
        player_names = tuple(_texts(names, "names", n))
        if any(not name.strip() for name in player_names):
            raise ValueError("names: a player's name is a text that is not blank")
        if len(set(player_names)) != n:
            raise ValueError("names: two players have the same name")
    rng = random.Random(chance.seed_state(seed, "bots"))
    game = new_game(n, rules, seed=seed)
    recorded: list[RoundRecord] = []
    while not game.is_over and (rounds is None or len(game.rounds) < rounds):
        state = start_round(game)
        events: list[RecordEvent] = []
        steps = 0
        while not state.is_over:
            action = next_action(state, seats, rng)
            state = apply(state, action)
            events.append(RecordEvent(action))
            steps += 1
            if steps > MAX_STEPS_PER_ROUND:
                raise RuntimeError(f"a simulated round went on for {steps} steps (seed {seed!r})")
        recorded.append(RoundRecord(Deal(seed=seed, generator=chance.GENERATOR), tuple(events)))
        game = finish_round(game, state)
    return Record(
        ruleset=rules,
        players=player_names,
        first_dealer=game.first_dealer,
        rounds=tuple(recorded),
        seed=seed,
    )


def _texts(values: object, name: str, count: int) -> list[str]:
    """``values`` as a list, if it is a sequence of ``count`` texts."""
    if not isinstance(values, Sequence) or isinstance(values, str | bytes):
        raise TypeError(f"{name} must be a sequence of str, not {type(values).__name__}")
    items = list(values)
    for item in items:
        if type(item) is not str:
            raise TypeError(f"{name} must hold str, not {type(item).__name__}")
    if len(items) != count:
        raise ValueError(f"{name}: {len(items)} given for {count} players")
    return items

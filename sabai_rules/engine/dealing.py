"""Dealing a round: the deck of a ruleset, the table size, the cards dealt, the first turn.

Chance is explicit: a deal is either an order of cards given by the caller or the shuffle of the
seeded generator (:mod:`sabai_rules.chance`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sabai_rules import chance
from sabai_rules.cards import Deck, DeckSpec
from sabai_rules.engine.rules import (
    CARDS_DEALT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    is_table_size,
    looks_before_play,
)
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import (
    NO_CARD,
    NO_FINAL_LAP,
    NO_PLAYER,
    NOT_CLOSING,
    STAGE_DRAW,
    STAGE_LOOK,
    Flow,
    Setup,
    State,
    Status,
    Table,
    all_seats,
)

__all__ = ["CARDS_DEALT", "MAX_PLAYERS", "MIN_PLAYERS", "check_players", "deal", "deck_for"]


@functools.lru_cache(maxsize=32)
def _deck(spec: DeckSpec) -> Deck:
    return Deck.from_spec(spec)


def deck_for(ruleset: Ruleset) -> Deck:
    """The :class:`~sabai_rules.cards.Deck` of a ruleset (one shared object per deck spec)."""
    return _deck(ruleset.deck)


def check_players(players: int) -> None:
    """Refuse a table of fewer than 2 or more than 12 players (:rule:`setup.players`)."""
    if not is_table_size(players):
        raise ValueError(
            f"sabai-sabai is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            " [setup.players]"
        )


def deal(
    ruleset: Ruleset | None = None,
    players: int = 4,
    *,
    dealer: int = 0,
    order: Sequence[int] | None = None,
    seed: int | str = 0,
    round_index: int = 0,
    final_round: bool | None = None,
) -> State:
    """Deal a round (:rule:`setup.four-cards`, :rule:`setup.draw-pile`).

    ``order`` is the shuffled deck as card ids, first card dealt first; without it the deck is
    shuffled by the seeded generator (:mod:`sabai_rules.chance`) from ``seed`` and ``round_index``.
    Cards are dealt one at a time, starting with the starter (the player after ``dealer``,
    :rule:`turn.starter`), four rounds of the table; the rest form the draw pile, the next card on
    top. ``final_round`` defaults to whether this is the last of the ruleset's ``num_rounds``
    (one per player when unset, :rule:`ruling.number-of-rounds`).
    """
    rules = Ruleset() if ruleset is None else ruleset
    check_players(players)
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
    deck = deck_for(rules)
    if CARDS_DEALT * players >= len(deck):
        raise ValueError(f"a deck of {len(deck)} cards is too small for {players} players")
    rng = chance.seed_state(seed, round_index)
    if order is None:
        cards, rng = chance.shuffled(range(len(deck)), rng)
    else:
        cards = tuple(order)
        if sorted(cards) != list(range(len(deck))):
            raise ValueError(f"the order must hold each of the {len(deck)} card ids exactly once")
    if final_round is None:
        final_round = round_index + 1 >= rules.rounds_for(players)
    setup = Setup(rules, deck, players, dealer, round_index, final_round, seed)
    starter = setup.starter
    # Each row is an ordered line of slots, slot 0 dealt first (:rule:`setup.row`).
    rows: list[list[int]] = [[] for _ in range(players)]
    for k in range(CARDS_DEALT * players):
        rows[(starter + k) % players].append(cards[k])
    looking = all_seats(players) if looks_before_play(rules) else 0
    table = Table(
        tuple(tuple(r) for r in rows),
        tuple(reversed(cards[CARDS_DEALT * players :])),
        (),
        NO_CARD,
        0,
        (0,) * players,
    )
    status = Status(
        caller=NO_PLAYER,
        final_lap=NO_FINAL_LAP,
        closing=NOT_CLOSING,
        looking=looking,
        emptied=0,
        rng=rng,
        end=None,
    )
    flow = Flow(
        turn=starter,
        stage=STAGE_LOOK if looking else STAGE_DRAW,
        turns=0,
        queue=(),
        pending=None,
        lockout=0,
        status=status,
    )
    return State(setup, table, flow)

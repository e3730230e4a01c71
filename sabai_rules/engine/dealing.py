"""Dealing a round: the deck of a ruleset, the table size, the cards dealt, the first turn.

Chance is explicit: a deal is an order of cards given by the caller, the shuffle of the seeded
generator (:mod:`sabai_rules.chance`), or, under the explicit and lazy chance models, a chance node
that deals one card per outcome (:mod:`sabai_rules.engine.outcomes`).
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
    cards_dealt,
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
    Chance,
    ChanceKind,
    ChanceModel,
    Flow,
    Setup,
    State,
    Status,
    Table,
    all_seats,
)

__all__ = [
    "CARDS_DEALT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "check_players",
    "deal",
    "deal_node",
    "dealt",
    "deck_for",
]


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
    chance_model: ChanceModel | str = ChanceModel.SAMPLED,
) -> State:
    """Deal a round (:rule:`setup.four-cards`, :rule:`setup.draw-pile`).

    ``order`` is the shuffled deck as card ids, first card dealt first; without it the deck is
    shuffled by the seeded generator (:mod:`sabai_rules.chance`) from ``seed`` and ``round_index``.
    Cards are dealt one at a time, starting with the starter (the player after ``dealer``,
    :rule:`turn.starter`), four rounds of the table; the rest form the draw pile, the next card on
    top. ``final_round`` defaults to whether this is the last of the ruleset's ``num_rounds``
    (one per player when unset, :rule:`ruling.number-of-rounds`).

    ``chance_model`` says where chance is decided for the whole round
    (:class:`~sabai_rules.state.ChanceModel`): ``"sampled"`` (the default) inside each
    transition; ``"explicit"`` or ``"lazy"`` at chance nodes (:mod:`sabai_rules.engine.outcomes`),
    and then, without an ``order``, the state returned is the deal's first chance node, whose
    seeded outcomes give the deal ``seed`` gives. Under ``"lazy"`` the draw pile has no order.
    """
    rules = Ruleset() if ruleset is None else ruleset
    model = ChanceModel(chance_model)
    check_players(players)
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
    deck = deck_for(rules)
    if cards_dealt(players) >= len(deck):
        raise ValueError(f"a deck of {len(deck)} cards is too small for {players} players")
    rng = chance.seed_state(seed, round_index)
    if final_round is None:
        final_round = round_index + 1 >= rules.rounds_for(players)
    setup = Setup(rules, deck, players, dealer, round_index, final_round, seed, model)
    if order is None:
        if model is not ChanceModel.SAMPLED:
            return deal_node(setup, rng)
        cards, rng = chance.shuffled(range(len(deck)), rng)
    else:
        cards = tuple(order)
        if sorted(cards) != list(range(len(deck))):
            raise ValueError(f"the order must hold each of the {len(deck)} card ids exactly once")
    return dealt(setup, cards, rng)


def deal_node(setup: Setup, rng: int) -> State:
    """The chance node before the first card is dealt: no card on the table yet, the deck to deal
    (every card under the explicit model; the rows' cards under the lazy one)."""
    n = setup.players
    deck = tuple(range(len(setup.deck)))
    needed = cards_dealt(n) if setup.chance is ChanceModel.LAZY else len(deck)
    node = Chance(ChanceKind.DEAL, deck, deck, needed, (), 0, rng, None, None)
    table = Table(((),) * n, (), (), NO_CARD, 0, (0,) * n)
    return State(setup, table, _first_flow(setup, 0, rng, node))


def dealt(setup: Setup, cards: Sequence[int], rng: int) -> State:
    """The round as dealt from ``cards`` (first card dealt first), the generator at ``rng``."""
    players = setup.players
    rules = setup.ruleset
    starter = setup.starter
    dealt_cards = cards_dealt(players)
    # Each row is an ordered line of slots, slot 0 dealt first (:rule:`setup.row`).
    rows: list[list[int]] = [[] for _ in range(players)]
    for k in range(dealt_cards):
        rows[(starter + k) % players].append(cards[k])
    if setup.chance is ChanceModel.LAZY:
        # The draw pile has no order (chance decides each card drawn from it): kept in card order.
        draw = tuple(sorted(set(range(len(setup.deck))).difference(cards[:dealt_cards])))
    else:
        draw = tuple(reversed(cards[dealt_cards:]))
    looking = all_seats(players) if looks_before_play(rules) else 0
    table = Table(tuple(tuple(r) for r in rows), draw, (), NO_CARD, 0, (0,) * players)
    return State(setup, table, _first_flow(setup, looking, rng, None))


def _first_flow(setup: Setup, looking: int, rng: int, pending: Chance | None) -> Flow:
    status = Status(
        caller=NO_PLAYER,
        final_lap=NO_FINAL_LAP,
        closing=NOT_CLOSING,
        looking=looking,
        emptied=0,
        rng=rng,
        end=None,
    )
    return Flow(
        turn=setup.starter,
        stage=STAGE_LOOK if looking else STAGE_DRAW,
        turns=0,
        queue=(),
        pending=pending,
        lockout=0,
        status=status,
    )

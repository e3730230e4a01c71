"""Dealing a round: the deck of a ruleset, the table size, the cards dealt, the first turn.

Chance is explicit: a deal is an order of cards given by the caller, the shuffle of the seeded
generator (:mod:`sabai_rules.model.chance`), or, under the explicit and lazy chance models, a chance
node that deals one card per outcome (:mod:`sabai_rules.engine.outcomes`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sabai_rules.engine.rules import (
    CARDS_DEALT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    cards_dealt,
    is_table_size,
    looks_before_play,
)
from sabai_rules.model import chance
from sabai_rules.model.arguments import (
    MAX_ROUND_INDEX,
    flag,
    instance,
    ints,
    number,
    seat,
    seed_or_new,
    shown,
)
from sabai_rules.model.cards import Deck, DeckSpec
from sabai_rules.model.deciders import decides
from sabai_rules.model.ruleset import Ruleset
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
    """The :class:`~sabai_rules.model.cards.Deck` of a ruleset (one shared object per deck spec);
    :class:`TypeError` if ``ruleset`` is no :class:`~sabai_rules.model.ruleset.Ruleset`."""
    return _deck(instance(ruleset, Ruleset, "ruleset").deck)


decides(deck_for, "ruling.deck-composition")


def check_players(players: object) -> int:
    """``players`` if it is a table size: :class:`TypeError` unless it is an ``int`` (not a
    ``bool``), :class:`ValueError` for fewer than 2 or more than 12 players
    (:rule:`setup.players`)."""
    if type(players) is not int:
        raise TypeError(f"players must be an int, not {type(players).__name__}")
    if not is_table_size(players):
        raise ValueError(
            f"players: sabai-sabai is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not"
            f" {shown(players)} [setup.players]"
        )
    return players


def deal(
    ruleset: Ruleset | None = None,
    players: object = 4,
    *,
    dealer: object = 0,
    order: Sequence[int] | None = None,
    seed: int | str | None = None,
    round_index: object = 0,
    final_round: bool | None = None,
    chance_model: ChanceModel | str = ChanceModel.SAMPLED,
) -> State:
    """Deal a round (:rule:`setup.four-cards`, :rule:`setup.draw-pile`).

    ``order`` is the shuffled deck as card ids, first card dealt first; without it the deck is
    shuffled by the seeded generator (:mod:`sabai_rules.model.chance`) from ``seed`` and
    ``round_index``. Cards are dealt one at a time, starting with the starter (the player after
    ``dealer``,
    :rule:`turn.starter`), four rounds of the table; the rest form the draw pile, the next card on
    top. ``final_round`` defaults to whether this is the last of the ruleset's ``num_rounds``
    (one per player when unset, :rule:`ruling.number-of-rounds`).

    ``chance_model`` says where chance is decided for the whole round
    (:class:`~sabai_rules.state.ChanceModel`): ``"sampled"`` (the default) inside each
    transition; ``"explicit"`` or ``"lazy"`` at chance nodes (:mod:`sabai_rules.engine.outcomes`),
    and then, without an ``order``, the state returned is the deal's first chance node, whose
    seeded outcomes give the deal ``seed`` gives. Under ``"lazy"`` the draw pile has no order.

    ``seed`` is an integer or a text (:func:`~sabai_rules.model.chance.check_seed`); without one, a
    seed nobody can guess is drawn (:func:`~sabai_rules.model.chance.new_seed`) and kept in the
    state's :attr:`~sabai_rules.state.Setup.seed`: pass ``seed=0`` (or any seed) to deal the
    same round again.

    Every argument is checked: :class:`TypeError` for a wrong type (``players``, ``dealer`` and
    ``round_index`` are ``int``, not ``bool``; ``order`` holds ``int`` card ids; ``final_round``
    is a ``bool`` or ``None``), :class:`ValueError` for a wrong value (a table size,
    :rule:`setup.players`; a dealer who is no seat; a negative ``round_index`` or one above
    :data:`~sabai_rules.model.arguments.MAX_ROUND_INDEX`; an ``order`` that is not the deck;
    an unknown ``chance_model``; a seed out of bounds), each message naming the argument.
    """
    rules = Ruleset() if ruleset is None else instance(ruleset, Ruleset, "ruleset")
    n = check_players(players)
    model = _chance_model(chance_model)
    at = seat(dealer, "dealer", n)
    index = number(round_index, "round_index", 0, MAX_ROUND_INDEX)
    if final_round is not None:
        flag(final_round, "final_round")
    cards: tuple[int, ...] | None = None
    if order is not None:
        cards = ints(order, "order", "card ids")
    deck = deck_for(rules)
    if cards_dealt(n) >= len(deck):
        raise ValueError(f"players: a deck of {len(deck)} cards is too small for {n} players")
    given = seed_or_new(seed)
    rng = chance.seed_state(given, index)
    if final_round is None:
        final_round = index + 1 >= rules.rounds_for(n)
    setup = Setup(rules, deck, n, at, index, final_round, given, model)
    if cards is None:
        if model is not ChanceModel.SAMPLED:
            return deal_node(setup, rng)
        cards, rng = chance.shuffled(range(len(deck)), rng)
    elif sorted(cards) != list(range(len(deck))):
        raise ValueError(f"order must hold each of the {len(deck)} card ids exactly once")
    return dealt(setup, cards, rng)


def _chance_model(value: object) -> ChanceModel:
    if not isinstance(value, str):
        raise TypeError(f"chance_model must be a ChanceModel or a str, not {type(value).__name__}")
    try:
        return ChanceModel(value)
    except ValueError:
        names = ", ".join(repr(m.value) for m in ChanceModel)
        raise ValueError(f"chance_model must be one of {names}, not {shown(value)}") from None


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


decides(dealt, "setup.row")
decides(dealt, "setup.draw-pile")


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

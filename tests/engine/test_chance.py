"""Chance as outcomes: the chance nodes of the explicit and lazy chance models, and the seeded
sampler played on top of them."""

from __future__ import annotations

import random

import pytest

from sabai_rules.moves import (
    Draw,
    IllegalActionError,
    TakeFirstRefusal,
    TouchNoseLast,
    WaiveFirstRefusal,
    apply,
    deal,
    resolve_chance,
)
from sabai_rules.views import sample_consistent_state


@pytest.mark.rules("setup.four-cards", "setup.draw-pile")
@pytest.mark.parametrize("players", [2, 5, 12])
def test_the_seeded_sampler_plays_a_lazy_deal(players: int) -> None:
    """The lazy deal takes the rows' cards only: the seeded sampler deals the seed's rows and
    stops there, the draw pile holding the rest in card order."""
    sampled = deal(players=players, dealer=0, seed=3)
    seeded = resolve_chance(deal(players=players, dealer=0, seed=3, chance_model="lazy"))
    assert seeded.table.rows == sampled.table.rows
    assert seeded.table.draw == tuple(sorted(sampled.table.draw))
    assert seeded.flow == sampled.flow


@pytest.mark.rules("setup.four-cards")
def test_answers_are_refused_at_a_chance_node_citing_the_rule_chance_serves() -> None:
    """Nobody may act while the cards are dealt: not even the answers to a nose race or an
    offer of first refusal, which nothing is waiting for."""
    node = deal(players=3, chance_model="explicit")
    for action in (TouchNoseLast(0), TakeFirstRefusal(1), WaiveFirstRefusal(2)):
        with pytest.raises(IllegalActionError, match="chance decides first") as caught:
            apply(node, action)
        assert caught.value.rule == "setup.four-cards"


@pytest.mark.rules("ruling.knowledge-model")
def test_a_consistent_state_of_a_lazy_round_keeps_its_draw_pile_unordered() -> None:
    """Under the lazy model the draw pile has no order and is kept in card order, so that two
    states that hold the same cards in the same places are equal. A consistent state moves
    unseen cards between the rows and the draw pile: its draw pile is in card order too."""
    lazy = resolve_chance(deal(players=3, dealer=0, seed=3, chance_model="lazy"))
    state = resolve_chance(apply(lazy, Draw(1)))
    for seed in range(5):
        sample = sample_consistent_state(state, 0, random.Random(seed))
        assert sample.table.draw != state.table.draw  # cards came from P1's and P2's rows
        assert sample.table.draw == tuple(sorted(sample.table.draw))

"""Chance as outcomes: the chance nodes of the explicit and lazy chance models, and the seeded
sampler played on top of them."""

from __future__ import annotations

import pytest

from sabai_rules.moves import (
    IllegalActionError,
    TakeFirstRefusal,
    TouchNoseLast,
    WaiveFirstRefusal,
    apply,
    deal,
    resolve_chance,
)


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

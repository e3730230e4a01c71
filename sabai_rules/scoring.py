"""The public import path of :mod:`sabai_rules.play.scoring`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.play.scoring import (
    JOKER_POINTS,
    card_points,
    card_value,
    hall_of_fame,
    round_utilities,
    score_round,
    utility_bounds,
)

__all__ = [
    "JOKER_POINTS",
    "card_points",
    "card_value",
    "hall_of_fame",
    "round_utilities",
    "score_round",
    "utility_bounds",
]

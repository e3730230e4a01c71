"""The public import path of :mod:`sabai_rules.model.chance`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.model.chance import (
    GENERATOR,
    MAX_SEED_BITS,
    MAX_SEED_CHARS,
    below,
    canonical_seed,
    check_seed,
    is_guessable,
    new_seed,
    seed_state,
    shuffled,
)

__all__ = [
    "GENERATOR",
    "MAX_SEED_BITS",
    "MAX_SEED_CHARS",
    "below",
    "canonical_seed",
    "check_seed",
    "is_guessable",
    "new_seed",
    "seed_state",
    "shuffled",
]

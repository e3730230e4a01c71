"""The public import path of :mod:`sabai_rules.play.sequential`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.play.sequential import (
    CHANCE,
    TABLE,
    Decline,
    Move,
    SequentialState,
)

__all__ = [
    "CHANCE",
    "TABLE",
    "Decline",
    "Move",
    "SequentialState",
]

"""The public import path of :mod:`sabai_rules.frameworks.openspiel`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.frameworks.openspiel import (
    GAME_TYPE,
    PARAMETERS,
    SabaiSabaiGame,
    SabaiSabaiObserver,
    SabaiSabaiState,
)

__all__ = [
    "GAME_TYPE",
    "PARAMETERS",
    "SabaiSabaiGame",
    "SabaiSabaiObserver",
    "SabaiSabaiState",
]

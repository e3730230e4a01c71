"""The public import path of :mod:`sabai_rules.play.episode`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.play.episode import (
    CHANCE,
    MODES,
    NO_PLAYER,
    Episode,
    EpisodeSpec,
)

__all__ = [
    "CHANCE",
    "MODES",
    "NO_PLAYER",
    "Episode",
    "EpisodeSpec",
]

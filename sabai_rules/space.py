"""The public import path of :mod:`sabai_rules.play.space`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.play.space import (
    ActionBlock,
    ActionSpace,
    action_space,
)

__all__ = [
    "ActionBlock",
    "ActionSpace",
    "action_space",
]

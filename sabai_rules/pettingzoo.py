"""The public import path of :mod:`sabai_rules.frameworks.pettingzoo`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.frameworks.pettingzoo import (
    env,
    raw_env,
)

__all__ = [
    "env",
    "raw_env",
]

"""The public import path of :mod:`sabai_rules.agents.bots`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.agents.bots import Bot, RandomBot, SensibleBot, Situation, next_action
from sabai_rules.agents.simulate import BOTS, simulate

__all__ = [
    "BOTS",
    "Bot",
    "RandomBot",
    "SensibleBot",
    "Situation",
    "next_action",
    "simulate",
]

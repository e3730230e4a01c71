"""The public import path of :mod:`sabai_rules.agents.search`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.agents.search import (
    CALL_MARGIN,
    MARGIN_WEIGHT,
    SearchBot,
)

__all__ = [
    "CALL_MARGIN",
    "MARGIN_WEIGHT",
    "SearchBot",
]

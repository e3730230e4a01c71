"""The public import path of :mod:`sabai_rules.play.views`, which defines these names and
documents them."""

from __future__ import annotations

from sabai_rules.play.views import (
    GAP,
    OBSERVATION_HEADER,
    EventView,
    PendingView,
    PlayerView,
    SlotView,
    observation,
    observation_into,
    observation_parts,
    observation_size,
    sample_consistent_state,
    view,
    view_event,
)

__all__ = [
    "GAP",
    "OBSERVATION_HEADER",
    "EventView",
    "PendingView",
    "PlayerView",
    "SlotView",
    "observation",
    "observation_into",
    "observation_parts",
    "observation_size",
    "sample_consistent_state",
    "view",
    "view_event",
]

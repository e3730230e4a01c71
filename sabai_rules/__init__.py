"""sabai-rules: the rules of the card game sabai-sabai as data, and a reference implementation.

>>> import sabai_rules as sabai
>>> state = sabai.deal(players=4, dealer=0, seed=42)
>>> actions = sabai.legal_actions(state)
>>> actions.decisions
(Draw(actor=1),)
>>> state = sabai.apply(state, sabai.Draw(1))
>>> sabai.view(state, 1).held is not None, sabai.view(state, 2).held
(True, None)

The rule catalogue is :mod:`sabai_rules.catalogue`; the engine is :mod:`sabai_rules.moves` (with
:mod:`sabai_rules.state`, :mod:`sabai_rules.scoring`, :mod:`sabai_rules.game`); what a player may
see is :mod:`sabai_rules.views`; a table as one line of text, printed and read back, is
:mod:`sabai_rules.position`.
"""

from __future__ import annotations

from sabai_rules import catalogue
from sabai_rules.cards import Deck, DeckSpec
from sabai_rules.catalogue import (
    CatalogueError,
    Rule,
    Ruling,
    UnknownIdError,
    UnknownLanguageError,
)
from sabai_rules.events import Event
from sabai_rules.game import finish_round, new_game, start_round
from sabai_rules.layout import layout
from sabai_rules.moves import (
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    IllegalActionError,
    Keep,
    LegalActions,
    LookAtCards,
    Pass,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    TakeFirstRefusal,
    ThrowIn,
    TouchNoseLast,
    WaiveFirstRefusal,
    apply,
    apply_chance,
    apply_events,
    chance_outcomes,
    deal,
    is_legal,
    legal_actions,
    max_round_length,
    resolve_chance,
    to_move,
)
from sabai_rules.position import Position, PositionError, from_position, position, read_position
from sabai_rules.ruleset import Ruleset
from sabai_rules.scoring import card_points, round_utilities, score_round, utility_bounds
from sabai_rules.sequential import Decline, SequentialState
from sabai_rules.space import ActionSpace, action_space
from sabai_rules.state import ChanceModel, EndCause, Game, RoundResult, Stage, State
from sabai_rules.views import (
    PlayerView,
    observation,
    observation_size,
    sample_consistent_state,
    view,
    view_event,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "Action",
    "ActionSpace",
    "AlsoThrowIn",
    "CallSabaiSabai",
    "CatalogueError",
    "ChanceModel",
    "Compensate",
    "Deck",
    "DeckSpec",
    "Decline",
    "Draw",
    "EndCause",
    "Event",
    "Game",
    "Give",
    "IllegalActionError",
    "Keep",
    "LegalActions",
    "LookAtCards",
    "Pass",
    "Peek",
    "Play",
    "PlayerView",
    "Position",
    "PositionError",
    "RoundResult",
    "Rule",
    "Ruleset",
    "Ruling",
    "SequentialState",
    "SkipFunction",
    "Spy",
    "Stage",
    "State",
    "Switch",
    "TakeFirstRefusal",
    "ThrowIn",
    "TouchNoseLast",
    "UnknownIdError",
    "UnknownLanguageError",
    "WaiveFirstRefusal",
    "__version__",
    "action_space",
    "apply",
    "apply_chance",
    "apply_events",
    "card_points",
    "catalogue",
    "chance_outcomes",
    "deal",
    "finish_round",
    "from_position",
    "is_legal",
    "layout",
    "legal_actions",
    "max_round_length",
    "new_game",
    "observation",
    "observation_size",
    "position",
    "read_position",
    "resolve_chance",
    "round_utilities",
    "sample_consistent_state",
    "score_round",
    "start_round",
    "to_move",
    "utility_bounds",
    "view",
    "view_event",
]

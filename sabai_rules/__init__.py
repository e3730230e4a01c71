"""sabai-rules: the rules of the card game sabai-sabai as data, and a reference implementation.

>>> import sabai_rules as sabai
>>> state = sabai.deal(players=4, dealer=0, seed=42)
>>> actions = sabai.legal_actions(state)
>>> actions.decisions
(Draw(actor=1),)
>>> state = sabai.apply(state, sabai.Draw(1))
>>> sabai.view(state, 1).held is not None, sabai.view(state, 2).held
(True, None)

The rule catalogue is :mod:`sabai_rules.model.catalogue`; the engine is :mod:`sabai_rules.moves`
(with :mod:`sabai_rules.state`, :mod:`sabai_rules.play.scoring`, :mod:`sabai_rules.play.game`);
what a player may see is :mod:`sabai_rules.play.views`; a table as one line of text, printed and
read back, is :mod:`sabai_rules.play.position`. The folders are the layers, each built on those
before it: :mod:`sabai_rules.model`, :mod:`sabai_rules.engine` (its front :mod:`sabai_rules.moves`),
:mod:`sabai_rules.play`, :mod:`sabai_rules.referee` and :mod:`sabai_rules.frameworks`,
:mod:`sabai_rules.agents` and :mod:`sabai_rules.scribe`, then the command line.
"""

from __future__ import annotations

from sabai_rules import catalogue, chance, scoring, sequential, space, views  # noqa: F401 - the public paths, loaded as before
from sabai_rules.model.cards import Deck, DeckSpec
from sabai_rules.model.catalogue import (
    CatalogueError,
    Rule,
    Ruling,
    UnknownIdError,
    UnknownLanguageError,
)
from sabai_rules.model.events import Event
from sabai_rules.model.ruleset import Ruleset
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
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.play.layout import layout
from sabai_rules.play.position import (
    Position,
    PositionError,
    from_position,
    position,
    read_position,
)
from sabai_rules.play.scoring import card_points, round_utilities, score_round, utility_bounds
from sabai_rules.play.sequential import Decline, SequentialState
from sabai_rules.play.space import ActionSpace, action_space
from sabai_rules.play.views import (
    PlayerView,
    observation,
    observation_size,
    sample_consistent_state,
    view,
    view_event,
)
from sabai_rules.state import ChanceModel, EndCause, Game, RoundResult, Stage, State

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

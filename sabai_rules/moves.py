"""Every legal transition of sabai-sabai, as pure functions.

* :func:`deal` starts a round from an explicit card order or a seed.
* :func:`legal_actions` lists every legal action of every player, out-of-turn ones included, in a
  documented order (or one player's); :func:`to_move` says whom the game waits for and who else
  may act now.
* :func:`apply` returns the state after an action; :func:`apply_events` also returns the events it
  caused. An illegal action raises :class:`IllegalActionError`, which names the rule it breaks; the
  given state is never changed (states are immutable).
* Chance: a round dealt under the explicit or lazy chance model (``deal(chance_model=)``) stops at
  chance nodes — the deal, a reshuffle, a random nose race, a draw (lazy) — where nobody acts:
  :func:`chance_outcomes` lists the outcomes with their probabilities, :func:`apply_chance` takes
  one, :func:`seeded_outcome` and :func:`resolve_chance` are the seeded sampler
  (:mod:`sabai_rules.engine.outcomes`).
* :func:`max_round_length` bounds the actions of a round when a simulation caps its turns and
  throw-ins (the ``max_round_turns`` and ``max_turn_reactions`` options, unset at a table).

Actions are small frozen classes, each naming its ``actor`` (a seat). A wrong throw-in is not an
illegal action: it is a legal action whose outcome is a penalty card
(:rule:`throw-in.wrong-card.penalty`).

The Ass Move is not an action of its own (:rule:`ruling.ass-move-sequence`): it is the chain of
ordinary actions these functions implement — the first 13 or 14 played by any route
(:rule:`ass-move.two-cards`, :rule:`ass-move.play-first`), its give or switch moving the second
to another player (:rule:`ass-move.slide-second`), a throw-in on that player's behalf
(:rule:`ass-move.throw-in-second`), the same function again (:rule:`ass-move.repeat-function`)
and the compensation card (:rule:`ass-move.compensation`).

>>> state = deal(players=2, dealer=0, seed=1)
>>> legal_actions(state)[0]
Draw(actor=1)
>>> state = apply(state, Draw(1))
>>> apply(state, Draw(0))
Traceback (most recent call last):
...
sabai_rules.moves.IllegalActionError: Draw(actor=0): it is not P0's turn to draw [turn.draw]
"""

from __future__ import annotations

from sabai_rules.engine import actions as _actions
from sabai_rules.engine.actions import (
    Action,
    AlsoThrowIn,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    IllegalActionError,
    Keep,
    LookAtCards,
    Parameter,
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
    is_action,
)
from sabai_rules.engine.dealing import CARDS_DEALT, check_players, deal, deck_for
from sabai_rules.engine.enumeration import LegalActions, ToMove, legal_actions, to_move
from sabai_rules.engine.flow import max_round_length
from sabai_rules.engine.legality import current_refusal
from sabai_rules.engine.outcomes import (
    apply_chance,
    apply_chance_events,
    chance_node,
    chance_outcomes,
    resolve_chance,
    seeded_outcome,
)
from sabai_rules.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from sabai_rules.engine.transition import apply, apply_events, is_legal

#: The parameters of each action after its actor, in field order: which name a player, which a
#: slot (and in whose row), which several slots (:class:`Parameter`).
PARAMETERS = _actions.PARAMETERS
#: Each action class by its name, as records write it.
ACTIONS_BY_NAME = _actions.ACTIONS_BY_NAME

__all__ = [
    "ACTIONS_BY_NAME",
    "CARDS_DEALT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PARAMETERS",
    "Action",
    "AlsoThrowIn",
    "CallSabaiSabai",
    "Compensate",
    "Draw",
    "Give",
    "IllegalActionError",
    "Keep",
    "LegalActions",
    "LookAtCards",
    "Parameter",
    "Pass",
    "Peek",
    "Play",
    "SkipFunction",
    "Spy",
    "Switch",
    "TakeFirstRefusal",
    "ThrowIn",
    "ToMove",
    "TouchNoseLast",
    "WaiveFirstRefusal",
    "apply",
    "apply_chance",
    "apply_chance_events",
    "apply_events",
    "chance_node",
    "chance_outcomes",
    "check_players",
    "current_refusal",
    "deal",
    "deck_for",
    "is_action",
    "is_legal",
    "legal_actions",
    "max_round_length",
    "resolve_chance",
    "seeded_outcome",
    "to_move",
]

# The public home of the engine's API: tracebacks, reprs of the error, pickles and the API
# reference name these by their import path here, whichever inner module defines them.
for _name in __all__:
    _value = globals()[_name]
    if getattr(_value, "__module__", "").startswith("sabai_rules.engine."):
        _value.__module__ = __name__
del _name, _value

"""A transition: a legal action applied to a state, and what follows from it by itself."""

from __future__ import annotations

from sabai_rules.engine.actions import Action, is_action
from sabai_rules.engine.effects import carry_out
from sabai_rules.engine.enumeration import LegalActions, was_listed
from sabai_rules.engine.flow import settle
from sabai_rules.engine.legality import current_refusal, in_edition
from sabai_rules.engine.outcomes import waiting_for_chance
from sabai_rules.engine.shortcuts import shortcut
from sabai_rules.engine.work import NeedChance, Work
from sabai_rules.model.arguments import is_state
from sabai_rules.model.events import Event
from sabai_rules.state import State

__all__ = ["apply", "apply_events", "apply_listed", "is_legal"]


def _transition(
    state: State, action: Action, events: list[Event] | None, listed: LegalActions | None
) -> State:
    if listed is None or not was_listed(listed, state, action):
        # An action that a list of this very state handed out needs no checking.
        if type(state) is not State:
            is_state(state)
        is_action(action)
        problem = current_refusal(state, action)
        if problem is not None:
            raise in_edition(problem, state)
    return _carried(state, action, events)


def _carried(state: State, action: Action, events: list[Event] | None) -> State:
    """The state after ``action``, a legal action, is carried out and play settles."""
    if events is None:
        done = shortcut(state, action)
        if done is not None:
            return done
    work = Work(state, events)
    try:
        carry_out(work, action)
        settle(work)
    except NeedChance as need:  # only under the explicit and lazy chance models
        return waiting_for_chance(state, action, need, events)
    return work.freeze()


def apply(state: State, action: Action, *, listed: LegalActions | None = None) -> State:
    """The state after ``action``; raises :class:`~sabai_rules.moves.IllegalActionError`
    (naming the rule, a :class:`ValueError`) if it is not legal, a malformed action included
    (a seat or slot that is no whole number, :rule:`ruling.irregularities`); :class:`TypeError`
    if ``state`` is no :class:`~sabai_rules.state.State` or ``action`` no action of the game.
    ``state`` itself is never changed. Under the explicit and lazy chance models, an action that
    needs chance gives the chance node where it waits (:func:`~sabai_rules.moves.apply_chance`
    goes on).

    ``listed``, the :func:`~sabai_rules.moves.legal_actions` of ``state`` that ``action`` was
    taken from, spares checking it again: an action a list handed out (the very object) is legal
    by construction. Anything else given with it is checked as without it."""
    return _transition(state, action, None, listed)


def apply_listed(state: State, action: Action) -> State:
    """:func:`apply` for an action that :func:`~sabai_rules.moves.legal_actions` listed for this
    very ``state``, not checked again: the listing decided that it is legal. For the episodes of
    the frameworks (``sabai_rules.play.episode``), which number the listing's own actions and
    apply the one chosen; anything else is a caller's error this does not catch."""
    return _carried(state, action, None)


def apply_events(
    state: State, action: Action, *, listed: LegalActions | None = None
) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply` (and refusing what it refuses), and the events the action caused, in
    order."""
    events: list[Event] = []
    new = _transition(state, action, events, listed)
    return new, tuple(events)


def is_legal(state: State, action: Action) -> bool:
    """Whether ``action`` is legal in ``state`` (:func:`apply` would not refuse it as illegal);
    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State` or ``action`` no
    action of the game (``action in legal_actions(state)`` is false for anything)."""
    if type(state) is not State:
        is_state(state)
    return current_refusal(state, is_action(action)) is None

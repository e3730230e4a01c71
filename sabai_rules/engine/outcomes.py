"""Chance as outcomes: chance nodes, what may come of them, and the seeded sampler.

Under the explicit and lazy chance models (:class:`~sabai_rules.state.ChanceModel`, chosen when a
round is dealt) the engine stops wherever chance decides, before anything of the action that needs
it happens: the state is then a *chance node*, its :attr:`~sabai_rules.state.Flow.pending` a
:class:`~sabai_rules.state.Chance`. Nobody may act at a chance node (an action is refused, citing
the rule chance serves); :func:`~sabai_rules.moves.chance_outcomes` lists its outcomes with
their probabilities, and :func:`~sabai_rules.moves.apply_chance` takes one. The chance nodes are:

* the deal (:rule:`setup.four-cards`, :rule:`setup.draw-pile`) — one node per card, the next card
  dealt, over the cards not dealt yet: every card of the deck under the explicit model, the rows'
  cards under the lazy one;
* a reshuffle (:rule:`ruling.draw-pile-exhausted`) — explicit model: one node per card of the new
  draw pile, top card first, over the cards the reshuffle takes not placed yet (those under the
  top card of the discard pile, but the cards whose functions wait,
  :rule:`ruling.reshuffle-with-queued-functions`);
* a draw from the draw pile, by a turn or as a penalty card — lazy model only, one node over the
  cards of the draw pile, which nobody has seen (its order is never decided);
* a nose race under ``nose_race="random"`` (:rule:`ruling.nose-race`) — one node over the seats.

Outcomes are small ints — card ids, or seats for a nose race — and equally likely. An event of
several outcomes (a deal, a reshuffle) changes the table once its last outcome is taken; an action
that needs several events (a nose race whose loser's penalty card needs a reshuffle) meets them one
after another.

The seeded sampler is the documented way to play chance from a seed:
:func:`~sabai_rules.moves.seeded_outcome` is the outcome the seeded generator
(:mod:`sabai_rules.model.chance`) gives at a node, and :func:`~sabai_rules.moves.resolve_chance`
takes seeded outcomes until the state is no chance node. It gives exactly what the sampled model
plays inside its transitions (what ``deal(seed=)`` and the simulations play): the deal is the
generator's shuffle of the deck, dealt first card first; a new draw pile is its shuffle of the
discard pile but its top card, drawn from the end; a nose race's loser its draw below the number of
players. The generator advances by the same steps whatever outcomes are taken, so seeded and chosen
outcomes mix freely (a record of a real table gives some; the sampler plays the rest).

>>> from sabai_rules.moves import deal
>>> node = deal(players=2, seed=5, chance_model="explicit")
>>> len(chance_outcomes(node)), chance_outcomes(node)[0]
(60, (0, Fraction(1, 60)))
>>> resolve_chance(node).table == deal(players=2, seed=5).table
True
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from typing import cast

import attrs

from sabai_rules.engine.actions import Action
from sabai_rules.engine.dealing import dealt
from sabai_rules.engine.effects import carry_out
from sabai_rules.engine.flow import settle
from sabai_rules.engine.work import NeedChance, Work, lazy_draw, nose_race_draw
from sabai_rules.model import chance
from sabai_rules.model.arguments import is_state, shown
from sabai_rules.model.events import Event
from sabai_rules.state import Chance, ChanceKind, Flow, State

__all__ = [
    "apply_chance",
    "apply_chance_events",
    "chance_node",
    "chance_outcomes",
    "resolve_chance",
    "run",
    "seeded_outcome",
    "waiting_for_chance",
]


def chance_node(state: State) -> Chance | None:
    """The chance node ``state`` is, or ``None`` if it is none; :class:`TypeError` if ``state``
    is no :class:`~sabai_rules.state.State`."""
    if type(state) is not State:
        is_state(state)
    pending = state.flow.pending
    return pending if type(pending) is Chance else None


def chance_outcomes(state: State) -> tuple[tuple[int, Fraction], ...]:
    """The outcomes of the chance node ``state`` with their probabilities (which sum to 1), in
    increasing order of outcome; ``()`` if ``state`` is no chance node. :class:`TypeError` if
    ``state`` is no :class:`~sabai_rules.state.State`."""
    node = chance_node(state)
    if node is None:
        return ()
    p = Fraction(1, len(node.choices))
    return tuple((outcome, p) for outcome in node.choices)


def apply_chance(state: State, outcome: object) -> State:
    """The state after chance gives ``outcome`` (an ``int``) at the chance node ``state``;
    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State` or ``outcome`` no
    ``int`` (a ``bool`` is no outcome, in the compiled build too: hence the parameter's type),
    :class:`ValueError` if ``state`` is no chance node or ``outcome`` is not one of its
    outcomes."""
    return _apply(state, (_outcome(outcome),), None)


def apply_chance_events(state: State, outcome: object) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`~sabai_rules.moves.apply_chance`, and the events caused: once the last outcome
    an action waited for is taken, every event of that action, from its start. Refuses what
    :func:`~sabai_rules.moves.apply_chance` refuses."""
    events: list[Event] = []
    new = _apply(state, (_outcome(outcome),), events)
    return new, tuple(events)


def _outcome(value: object) -> int:
    # A bool is an int to isinstance, and no outcome.
    if type(value) is not int:
        raise TypeError(f"outcome must be an int, not {type(value).__name__}")
    return value


def _apply(state: State, outcomes: tuple[int, ...], events: list[Event] | None) -> State:
    """The state after chance gives ``outcomes``, one after another, all of the event of the
    chance node ``state``: the nodes between them are never built."""
    node = chance_node(state)
    if node is None:
        raise ValueError("state is no chance node: nobody but the players decides now")
    choices = node.choices
    for outcome in outcomes:
        # The choices are in increasing order, each outcome taken leaves them.
        at = bisect_left(choices, outcome)
        if at == len(choices) or choices[at] != outcome:
            raise ValueError(
                f"outcome {shown(outcome)} is not an outcome of this {node.kind.value} chance node"
            )
        choices = choices[:at] + choices[at + 1 :]
    taken = node.taken + outcomes
    missing = node.needed - (len(taken) - node.start)
    if missing < 0:
        raise ValueError(f"the {node.kind.value} chance node takes {node.needed} outcomes")
    if missing:
        # The event takes more outcomes: the table changes once it has them all. Written out
        # (not attrs.evolve): a deal takes one outcome per card.
        later = Chance(
            node.kind,
            choices,
            node.pool,
            node.needed,
            taken,
            node.start,
            node.rng,
            node.action,
            node.before,
        )
        f = state.flow
        flow = Flow(
            f.turn,
            f.stage,
            f.turns,
            f.queue,
            later,
            f.lockout,
            f.status,
            f.motion,
            f.reactions,
            f.stale,
        )
        return State(state.setup, state.table, flow)
    if node.kind is ChanceKind.DEAL:
        # The generator moves on as if it had shuffled the deck, whoever chose the cards.
        rng = chance.shuffled(node.pool, node.rng)[1]
        return dealt(state.setup, taken, rng)
    before = State(state.setup, state.table, attrs.evolve(state.flow, pending=node.before))
    return run(before, cast(Action, node.action), events, taken)


def run(state: State, action: Action, events: list[Event] | None, taken: tuple[int, ...]) -> State:
    """Carry out ``action``, legal in ``state``, with chance's outcomes ``taken`` so far: the
    state after it, or the chance node (``state`` waiting for chance) if it needs more."""
    work = Work(state, events, taken)
    try:
        carry_out(work, action)
        settle(work)
    except NeedChance as need:
        return waiting_for_chance(state, action, need, events)
    return work.freeze()


def waiting_for_chance(
    state: State, action: Action, need: NeedChance, events: list[Event] | None
) -> State:
    """The chance node where ``action``, legal in ``state``, waits for what ``need`` says: the
    table as before the action, which has not happened yet (its events are dropped)."""
    if events is not None:
        events.clear()
    before = state.flow.pending
    assert not isinstance(before, Chance)  # nobody acts at a chance node
    node = Chance(
        need.kind,
        need.choices,
        need.pool,
        need.needed,
        need.taken,
        need.start,
        need.rng,
        action,
        before,
    )
    return State(state.setup, state.table, attrs.evolve(state.flow, pending=node))


def seeded_outcome(state: State) -> int:
    """The outcome the seeded generator gives at the chance node ``state`` (the seeded sampler):
    the next card of its shuffle of the deal's or the reshuffle's cards not taken yet, its draw
    below the size of the draw pile (lazy) or the number of players (a nose race).
    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State`,
    :class:`ValueError` if it is no chance node."""
    node = chance_node(state)
    if node is None:
        raise ValueError("state is no chance node: nobody but the players decides now")
    kind = node.kind
    if kind is ChanceKind.NOSE_RACE:
        return nose_race_draw(node.rng, state.players)[1]
    if kind is ChanceKind.DRAW:
        return node.choices[lazy_draw(node.rng, len(node.choices))[1]]
    return _seeded_cards(node)[0]


def _seeded_cards(node: Chance) -> list[int]:
    """The cards a deal or a reshuffle still takes, in the order the seeded generator gives them:
    its shuffle of the event's cards, a deal dealt first card first, a new draw pile drawn from
    its end; the cards already taken left out."""
    order = chance.shuffled(node.pool, node.rng)[0]
    sequence = order if node.kind is ChanceKind.DEAL else reversed(order)
    taken = set(node.taken[node.start :])
    return [card for card in sequence if card not in taken]


def resolve_chance(state: State) -> State:
    """``state`` with chance played by the seeded sampler until it is no chance node (``state``
    itself if it is none); :class:`TypeError` if ``state`` is no
    :class:`~sabai_rules.state.State`."""
    node = chance_node(state)
    while node is not None:
        if node.kind is ChanceKind.DEAL or node.kind is ChanceKind.RESHUFFLE:
            # The rest of the event at once: the generator's shuffle is computed once, the state
            # changed once. A lazy deal takes only the rows' cards of the shuffle of the deck.
            left = node.needed - (len(node.taken) - node.start)
            state = _apply(state, tuple(_seeded_cards(node)[:left]), None)
        else:
            state = apply_chance(state, seeded_outcome(state))
        node = chance_node(state)
    return state

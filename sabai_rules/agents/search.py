"""A search bot: information-set Monte Carlo tree search (ISMCTS) over consistent states.

Where the game waits for it and it has a real choice (play or keep, and where; whom to give or
switch with; which card to peek or spy at; which compensation card; at its own draw, whether to
call sabai sabai first), :class:`SearchBot` runs a search of ``playouts`` iterations (or
``seconds`` of time), each iteration spending a playout on every option:

1. it draws a state the bot cannot tell from the real one (its
   :class:`~sabai_rules.agents.bots.Situation`'s :meth:`~sabai_rules.agents.bots.Situation.sample`,
   :func:`~sabai_rules.play.views.sample_consistent_state`: the cards it has not seen dealt anew,
   the round's generator drawn afresh, so that every future reshuffle and random nose race is a new
   draw of chance), and a seed for the playouts' choices;
2. for each option, on that same state and with that same seed (common random numbers, which
   compare the options on equal terms, as a small budget needs), it plays the option, then
   descends its tree of its own later decisions — one node per sequence of its actions, up to
   ``depth`` decisions deep — choosing by UCB1 among the actions available in that state
   (counting, for each action, the iterations in which it was available: the "subset-armed"
   bandit of ISMCTS);
3. plays the rest of the round in that state with the sensible bot at every seat (the other
   players' policy, and the bot's own beyond the tree), chance taken at random where the round is
   dealt under the explicit or lazy model (:func:`~sabai_rules.moves.chance_outcomes`), for at
   most ``horizon`` turns;
4. scores what it reached for the bot — the round's utility
   (:func:`~sabai_rules.play.scoring.round_utilities`: +1 a round win, -1 the Ass Joker's sanction)
   if the round ended, else the same judged on the card points so far — plus a small share
   (:data:`MARGIN_WEIGHT`) for the card-point margin over the best other player, so that nearer
   misses count — and adds it to the nodes it went through.

It then plays the option of the best mean; a call only if it beats every other option by
:data:`CALL_MARGIN` (a call ends the round, while the playouts after any other option play the
bot no better than the sensible bot would, which undervalues going on). Out of turn it reacts as
the sensible bot does (throw-ins of cards it knows match, its calls): reactions are asked at
every step, too often to search. With a playout budget the bot is deterministic given the table's
generator; with a time budget it is not (how far a search gets depends on the machine).
``simulate(..., bots=["search", "sensible"])`` and ``sabai tournament --bots search sensible``
play it with the default budget:

>>> SearchBot(16)
SearchBot(16, depth=2, horizon=8)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from sabai_rules.agents.bots import Bot, SensibleBot, Situation, next_action
from sabai_rules.model.arguments import instance, number
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Draw,
    LookAtCards,
    apply,
    apply_chance,
    chance_outcomes,
    to_move,
)
from sabai_rules.play.scoring import card_points, round_utilities, score_round
from sabai_rules.state import State

__all__ = ["CALL_MARGIN", "MARGIN_WEIGHT", "SearchBot"]

#: The share of the reward given to the card-point margin (a tanh of it over ten points).
MARGIN_WEIGHT = 0.3
#: How much better than the best other option a call must score to be made.
CALL_MARGIN = 0.2


class _Node:
    """Statistics of one sequence of the searcher's own actions."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        #: Per action, the iterations in which it was available here.
        self.available: dict[Action, int] = {}

    def select(self, options: Sequence[Action], exploration: float) -> Action:
        for action in options:
            self.available[action] = self.available.get(action, 0) + 1
        best: Action | None = None
        best_score = -math.inf
        for action in options:
            child = self.children.get(action)
            if child is None or child.visits == 0:
                return action
            score = child.total / child.visits + exploration * math.sqrt(
                math.log(self.available[action]) / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        assert best is not None
        return best

    def child(self, action: Action) -> _Node:
        found = self.children.get(action)
        if found is None:
            found = self.children[action] = _Node()
        return found


class SearchBot:
    """Information-set Monte Carlo tree search (see the module docstring).

    ``playouts`` playouts per decision (default 32, rounded up to a whole number per option),
    or, if ``seconds`` is given, as many as fit in that time (at least one per option);
    ``depth`` of the tree in the bot's own decisions;
    ``horizon``, the turns a playout may run before it is scored as it stands (``None``: to the
    end of the round); ``width``, the most options searched at once (the sensible bot's choice and
    others drawn at random, when a decision offers more); ``exploration``, UCB1's constant.
    :class:`TypeError` or :class:`ValueError`, naming the argument, for values that cannot be."""

    def __init__(
        self,
        playouts: int = 32,
        *,
        seconds: float | None = None,
        depth: int = 2,
        horizon: int | None = 8,
        width: int = 8,
        exploration: float = 0.7,
    ) -> None:
        self.playouts = number(playouts, "playouts", 1)
        if seconds is not None and (
            type(seconds) not in (int, float) or not 0 < seconds < math.inf
        ):
            raise ValueError(f"seconds must be a positive number, not {seconds!r}")
        self.seconds = seconds
        self.depth = number(depth, "depth", 1)
        self.horizon = None if horizon is None else number(horizon, "horizon", 1)
        self.width = number(width, "width", 2)
        if type(exploration) not in (int, float) or not 0 <= exploration < math.inf:
            raise ValueError(f"exploration must be a number of at least 0, not {exploration!r}")
        self.exploration = float(exploration)
        self._policy = SensibleBot()

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else str(self.playouts)
        return f"SearchBot({budget}, depth={self.depth}, horizon={self.horizon})"

    def act(self, seen: Situation, legal: Sequence[Action], rng: random.Random) -> Action | None:
        instance(rng, random.Random, "rng")
        if not seen.waiting:
            return self._policy.react(seen.view, rng)
        if not legal:
            raise ValueError("legal: there is nothing to choose from")
        options = self._options(seen, legal)
        if len(options) == 1 or isinstance(options[0], LookAtCards):
            return self._policy.decide(seen.view, legal, rng)
        search_rng = random.Random(rng.getrandbits(64))
        preferred = self._policy.decide(seen.view, legal, search_rng)
        if len(options) > self.width:
            others = [a for a in options if a != preferred]
            options = [preferred, *search_rng.sample(others, self.width - 1)]
        return self._search(seen, options, search_rng)

    def _options(self, seen: Situation, legal: Sequence[Action]) -> list[Action]:
        """The decisions, and at the bot's own draw a call if one is legal."""
        options = list(legal)
        if len(options) == 1 and isinstance(options[0], Draw):
            call = CallSabaiSabai(seen.player)
            if call in (seen.view.legal_actions or ()):
                options.append(call)
        return options

    def _search(self, seen: Situation, options: list[Action], rng: random.Random) -> Action:
        me = seen.player
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        playouts = 0
        while True:
            if deadline is None:
                if playouts >= self.playouts:
                    break
            elif playouts and time.perf_counter() >= deadline:
                break
            # Every option on the same consistent state and the same chance (common random
            # numbers): the options are compared on equal terms, which a small budget needs.
            sampled = seen.sample(rng)
            chance_seed = rng.getrandbits(64)
            for action in options:
                playouts += 1
                root.available[action] = root.available.get(action, 0) + 1
                node = root.child(action)
                path = [root, node]
                reward = self._playout(
                    apply(sampled, action), me, node, path, random.Random(chance_seed)
                )
                for visited in path:
                    visited.visits += 1
                    visited.total += reward

        def mean(action: Action) -> float:
            child = root.children[action]
            return child.total / child.visits

        best = max(options, key=mean)
        if isinstance(best, CallSabaiSabai):
            # A call ends the round, while the playouts after any other option play the bot no
            # better than the sensible bot: call only if that is clearly better.
            others = [a for a in options if not isinstance(a, CallSabaiSabai)]
            if others and mean(best) < max(map(mean, others)) + CALL_MARGIN:
                best = max(others, key=mean)
        return best

    def _playout(
        self, state: State, me: int, node: _Node, path: list[_Node], rng: random.Random
    ) -> float:
        players = state.players
        tree = _TreeSeat(self, node, path, len(path) - 1)
        bots: list[Bot] = [self._policy] * players
        bots[me] = tree
        start = state.flow.turns
        while not state.is_over:
            if self.horizon is not None and state.flow.turns - start >= self.horizon:
                break
            if to_move(state).chance:
                state = apply_chance(state, rng.choice(chance_outcomes(state))[0])
                continue
            state = apply(state, next_action(state, bots, rng))
        return _reward(state, me)


class _TreeSeat:
    """The searcher's own seat in a playout: its decisions follow the tree while it is within
    ``depth``, then the sensible bot's."""

    def __init__(self, search: SearchBot, node: _Node, path: list[_Node], depth: int) -> None:
        self.search = search
        self.node = node
        self.path = path
        self.depth = depth

    def act(self, seen: Situation, legal: Sequence[Action], rng: random.Random) -> Action | None:
        policy = self.search._policy
        if not seen.waiting or self.depth >= self.search.depth:
            return policy.act(seen, legal, rng)
        options = self.search._options(seen, legal)
        if len(options) == 1 or isinstance(options[0], LookAtCards):
            return policy.act(seen, legal, rng)
        if len(options) > self.search.width:
            return policy.act(seen, legal, rng)
        action = self.node.select(options, self.search.exploration)
        self.node = self.node.child(action)
        self.path.append(self.node)
        self.depth += 1
        return action


def _reward(state: State, me: int) -> float:
    """What the bot gains in ``state``: the round's utility if it is over, else an estimate from
    the card points so far; plus :data:`MARGIN_WEIGHT` times the card-point margin (a tanh)."""
    points = card_points(state)
    others = [p for i, p in enumerate(points) if i != me]
    margin = math.tanh((min(others) - points[me]) / 10.0)
    if state.is_over:
        utility = round_utilities(score_round(state), state.ruleset)[me]
    else:
        ass = state.deck.ass_joker
        holder = next(
            (p for p, row in enumerate(state.table.rows) if ass >= 0 and ass in row), None
        )
        eligible = [p for p in range(state.players) if p != holder]
        low = min(points[p] for p in eligible) if eligible else 0
        utility = 0
        if me in eligible and points[me] == low:
            utility += 1
        if holder == me:
            utility -= 1
    return utility + MARGIN_WEIGHT * margin

"""Seeded bots, and simulated games written as records.

A bot is any object with one method, ``act(seen, legal, rng)`` (the :class:`Bot` protocol). The
table asks it whenever its player may act: ``seen`` is the player's :class:`Situation` — the view
of the table (what that player may know, :func:`~sabai_rules.play.views.view`), the fixed-length
observation, and states the player cannot tell from the real one, for search — never the state
itself; ``legal`` the actions the player may take; ``rng`` the table's seeded generator, the only
randomness a bot should use, so that a seed replays a game. Three bots:

* :class:`RandomBot` — any legal action, at random; throws in now and then, calls rarely;
* :class:`SensibleBot` — plays with what it has seen: throws in cards it knows match, keeps a
  drawn card lower than its worst known card, peeks at unknown cards, gives its highest known
  card away, calls when its known cards are few and low;
* :class:`~sabai_rules.agents.search.SearchBot` (``"search"``) — information-set Monte Carlo tree
  search over consistent states, the sensible bot playing everybody in its playouts.

:mod:`~sabai_rules.agents.simulate` names the bots by kind
(:data:`~sabai_rules.agents.simulate.BOTS`) and plays whole games of them
(:func:`~sabai_rules.agents.simulate.simulate`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from sabai_rules.model.arguments import instance
from sabai_rules.model.cards import ASS_JOKER, JOKER
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Compensate,
    Give,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Play,
    Spy,
    Switch,
    ThrowIn,
    TouchNoseLast,
    legal_actions,
)
from sabai_rules.play.views import PlayerView, SlotView, observation, sample_consistent_state, view
from sabai_rules.state import State

__all__ = ["MAX_STEPS_PER_ROUND", "Bot", "RandomBot", "SensibleBot", "Situation", "next_action"]

#: A step cap per round for simulations (a round of bots ends long before).
MAX_STEPS_PER_ROUND = 20_000


class Situation:
    """What a player knows when the table asks them to act: the one gate between a bot and the
    state. :attr:`view` is the player's :class:`~sabai_rules.play.views.PlayerView` (with their
    legal actions), :meth:`observation` the same knowledge as a fixed-length tuple
    (:func:`~sabai_rules.play.views.observation`), :meth:`sample` a state the player cannot tell
    from the real one (:func:`~sabai_rules.play.views.sample_consistent_state`: the cards they have
    not seen dealt anew), for search. :attr:`waiting` says whether the game waits for this player's
    decision (then ``legal`` holds the decisions and the bot must choose one) or merely lets them
    act out of turn (then ``None`` lets the moment pass). The view is built on first use."""

    __slots__ = ("_state", "_view", "player", "waiting")

    def __init__(self, state: State, player: int, *, waiting: bool) -> None:
        self._state = state
        self._view: PlayerView | None = None
        #: The player's seat.
        self.player = player
        #: Whether the game waits for this player's decision.
        self.waiting = waiting

    @property
    def view(self) -> PlayerView:
        """The table as the player sees it, with their legal actions."""
        if self._view is None:
            self._view = view(self._state, self.player, actions=True)
        return self._view

    @property
    def ruleset(self) -> Ruleset:
        """The rules of the game (public)."""
        return self._state.ruleset

    def observation(self) -> tuple[int, ...]:
        """The player's knowledge as :func:`~sabai_rules.play.views.observation` encodes it."""
        return observation(self._state, self.player)

    def sample(self, rng: random.Random) -> State:
        """A state the player cannot tell from the real one (a determinization)."""
        return sample_consistent_state(self._state, self.player, rng)

    def __repr__(self) -> str:
        return f"<Situation of P{self.player}{', waited for' if self.waiting else ''}>"


class Bot(Protocol):
    """A player's program: ``act(seen, legal, rng)``, asked whenever its player may act.

    * ``seen`` — the player's :class:`Situation` (view, observation, consistent states);
    * ``legal`` — the actions the player may take now: out of turn (``seen.waiting`` false), all
      their legal actions, and the bot returns one of them or ``None``; when the game waits for
      the player (``seen.waiting`` true), the decisions it waits for, and the bot returns one (or
      another of its legal actions, ``seen.view.legal_actions``: a call before drawing, say);
    * ``rng`` — the table's seeded generator (use it, and nothing else, for chance).

    At each step the table asks every player in a random order whether they act out of turn;
    the first action taken is applied. If nobody acts, the player the game waits for decides.
    :func:`next_action` is that step. The bots here raise :class:`TypeError` if ``rng`` is no
    :class:`random.Random`, and :class:`ValueError` if the game waits for them with no ``legal``
    action."""

    def act(
        self, seen: Situation, legal: Sequence[Action], rng: random.Random
    ) -> Action | None: ...


def _value(face: int | str | None) -> float:
    """What a card is worth to keep, as a bot judges it (unknown: the deck's average)."""
    if face is None or isinstance(face, str):
        return 7.0
    if face == JOKER:
        return -4.0
    if face == ASS_JOKER:
        return 30.0  # it loses the round
    return float(face)


def _my_row(seen: PlayerView) -> tuple[SlotView, ...]:
    return seen.rows[seen.player]


def _check(seen: PlayerView, rng: random.Random, options: Sequence[Action] | None = None) -> None:
    """Refuse what a bot cannot play with (see :class:`Bot`)."""
    instance(seen, PlayerView, "seen")
    instance(rng, random.Random, "rng")
    if options is not None and not options:
        raise ValueError("options: there is nothing to choose from")


class _ReactDecide:
    """A bot written as two methods: ``react(view, rng)`` out of turn, ``decide(view, options,
    rng)`` when the game waits for it."""

    def act(self, seen: Situation, legal: Sequence[Action], rng: random.Random) -> Action | None:
        if seen.waiting:
            return self.decide(seen.view, legal, rng)
        return self.react(seen.view, rng)

    def react(self, seen: PlayerView, rng: random.Random) -> Action | None:
        raise NotImplementedError

    def decide(self, seen: PlayerView, options: Sequence[Action], rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(_ReactDecide):
    """Any legal action, at random. ``react(view, rng)`` answers out of turn (a throw-in now and
    then, a call rarely), ``decide(view, options, rng)`` when the game waits for it; both take a
    :class:`~sabai_rules.play.views.PlayerView`."""

    def react(self, seen: PlayerView, rng: random.Random) -> Action | None:
        _check(seen, rng)
        if seen.end is not None:
            return None
        legal = seen.legal_actions or ()
        throws = [a for a in legal if type(a) is ThrowIn]
        if throws and rng.random() < 0.04:
            return rng.choice(throws)
        calls = [a for a in legal if type(a) is CallSabaiSabai]
        if calls and rng.random() < 0.01:
            return calls[0]
        return None

    def decide(self, seen: PlayerView, options: Sequence[Action], rng: random.Random) -> Action:
        _check(seen, rng, options)
        return rng.choice(list(options))


class SensibleBot(_ReactDecide):
    """Plays with what it has seen (see the module docstring); ``react`` and ``decide`` as
    :class:`RandomBot`'s."""

    def react(self, seen: PlayerView, rng: random.Random) -> Action | None:
        _check(seen, rng)
        if not seen.discard or seen.nose_race or seen.offer is not None:
            return None
        top = seen.discard[-1]
        same = {JOKER, ASS_JOKER} if top in (JOKER, ASS_JOKER) else {top}
        legal = set(seen.legal_actions or ())
        me = seen.player
        for slot, card in enumerate(_my_row(seen)):
            action = ThrowIn(me, me, slot)
            if card.face in same and action in legal:
                return action
        for owner, row in enumerate(seen.rows):
            if owner == me:
                continue
            for slot, card in enumerate(row):
                action = ThrowIn(me, owner, slot)
                owner_knows = owner in card.seen_by
                if card.face in same and not owner_knows and action in legal and rng.random() < 0.5:
                    return action
        if seen.caller is None and not seen.final_round and seen.end is None:
            row = _my_row(seen)
            known = [c.face for c in row if c.face is not None]
            if len(known) == len(row) and sum(_value(f) for f in known) <= 4 and rng.random() < 0.5:
                call = CallSabaiSabai(me)
                if call in legal:
                    return call
        return None

    def decide(self, seen: PlayerView, options: Sequence[Action], rng: random.Random) -> Action:
        _check(seen, rng, options)
        kinds = {type(a) for a in options}
        row = _my_row(seen)
        me = seen.player
        if Play in kinds or Keep in kinds:
            # Keep the drawn card in place of the worst card (unknown cards count 7), if lower.
            keeps = [a for a in options if isinstance(a, Keep)]

            def worth(keep: Keep) -> float:
                return _value(row[keep.slot].face) if keep.slot < len(row) else -9.0

            if keeps:
                worst = max(keeps, key=lambda a: (worth(a), rng.random()))
                if Play not in kinds or _value(seen.held) < worth(worst):
                    return worst
            return next(a for a in options if isinstance(a, Play))
        if Peek in kinds:
            unknown = [a for a in options if isinstance(a, Peek) and row[a.slot].face is None]
            return rng.choice(unknown or list(options))
        if Give in kinds:
            gives = [a for a in options if isinstance(a, Give)]
            return max(gives, key=lambda a: (_value(row[a.slot].face), rng.random()))
        if Switch in kinds:
            switches = [a for a in options if isinstance(a, Switch)]

            def gain(a: Switch) -> float:
                return _value(row[a.slot].face) - _value(seen.rows[a.target][a.target_slot].face)

            return max(switches, key=lambda a: (gain(a), rng.random()))
        if Compensate in kinds:
            compensations = [a for a in options if isinstance(a, Compensate)]
            return max(compensations, key=lambda a: (_value(row[a.slot].face), rng.random()))
        if LookAtCards in kinds:
            # Looking is never worse than not: a choice of the most cards (they are listed first).
            looks = [a for a in options if isinstance(a, LookAtCards)]
            return rng.choice([a for a in looks if len(a.slots) == len(looks[0].slots)])
        if Spy in kinds:
            spies = [
                a
                for a in options
                if isinstance(a, Spy) and me not in seen.rows[a.target][a.slot].seen_by
            ]
            return rng.choice(spies or list(options))
        return rng.choice(list(options))


def next_action(state: State, bots: Sequence[Bot], rng: random.Random) -> Action:
    """The next action at a table of bots (one per seat): every player, in an order ``rng``
    shuffles, may act out of turn; if nobody does, the player the game waits for decides. A nose
    race's loser is picked by ``rng``. :class:`ValueError` if a bot the game waits for answers
    with none of its legal actions."""
    legal = legal_actions(state)
    if legal.decisions and type(legal.decisions[0]) is TouchNoseLast:
        return legal.decisions[rng.randrange(len(legal.decisions))]
    order = list(range(state.players))
    rng.shuffle(order)
    for player in order:
        seen = Situation(state, player, waiting=False)
        reaction = bots[player].act(seen, seen.view.legal_actions or (), rng)
        if reaction is not None and reaction in legal:
            return reaction
    # While a round is on, the game always waits for a decision or, at its end, for passes.
    options = legal.decisions or legal.passes
    actor = options[0].actor
    first = options[0]
    if isinstance(first, LookAtCards):
        # Any player still to look, each as likely: their choices of the most cards, as many for
        # each (those of fewer cards, where a player may decline, follow them).
        most = [
            a for a in options if isinstance(a, LookAtCards) and len(a.slots) == len(first.slots)
        ]
        actor = most[rng.randrange(len(most))].actor
    elif type(first) is Pass:
        actor = options[rng.randrange(len(options))].actor
    mine = [a for a in options if a.actor == actor]
    chosen = bots[actor].act(Situation(state, actor, waiting=True), mine, rng)
    if chosen is None or not (chosen in mine or (chosen.actor == actor and chosen in legal)):
        raise ValueError(
            f"the bot of P{actor} ({type(bots[actor]).__name__}) chose {chosen!r}, "
            "which is none of its legal actions"
        )
    return chosen

"""A round or a whole game as the episode a learning or search framework plays, one at a time.

:class:`Episode` is the shared core of :mod:`sabai_rules.frameworks.openspiel` and
:mod:`sabai_rules.frameworks.pettingzoo`, and of any turn-based framework: an immutable node of the
game, built on the engine's parts and nothing else —

* the order of :class:`~sabai_rules.play.sequential.SequentialState`
  (:rule:`ruling.sequential-actions`): after every action each player who may act out of turn is
  asked in play order from the active player (throw in, call, or
  :class:`~sabai_rules.play.sequential.Decline`), then the player the game waits for moves;
* moves numbered as :meth:`~sabai_rules.play.space.ActionSpace.move_index` numbers them (the action
  index without its actor, a decline last), in increasing order;
* chance as the engine's chance nodes (``chance_model`` ``"explicit"`` or ``"lazy"``), or decided
  inside each transition from the seed (``"sampled"``);
* the observation of :func:`~sabai_rules.play.views.observation`, then who has declined and, in a
  game, the rounds and the points so far (:meth:`EpisodeSpec.observation_size`);
* returns from :func:`~sabai_rules.play.scoring.round_utilities`, added up over the rounds of a
  game;
* the bounds of :func:`~sabai_rules.moves.max_round_length` and
  :func:`~sabai_rules.play.scoring.utility_bounds`, and determinization by
  :func:`~sabai_rules.play.views.sample_consistent_state`.

A framework cannot time reflexes: a nose race is chance's (``nose_race="random"``) wherever the
ruleset leaves it to the table. Every round is capped (``max_round_turns``, ``max_turn_reactions``,
:rule:`ruling.round-turn-cap`, :rule:`ruling.reaction-cap`) so that an episode has a bound.

>>> spec = EpisodeSpec.of(players=3, chance="sampled")
>>> node = Episode.start(spec, seed=7)
>>> node.current_player, node.legal_moves()[-1]
(1, Decline(actor=1))
>>> node = node.child(spec.decline)
>>> node.current_player, len(node.observation(2)) == spec.observation_size
(2, True)
"""

from __future__ import annotations

import random
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, Final, Literal

import attrs

from sabai_rules.engine.rules import reaction_order
from sabai_rules.engine.transition import apply_listed
from sabai_rules.model.arguments import instance, number, seat, writable
from sabai_rules.model.cards import face_name
from sabai_rules.model.memo import (
    CONSECUTIVE,
    DECLINED,
    MEMOS,
    MOVE_INDICES,
    UNIFORM_OUTCOMES,
    remember,
)
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    apply_chance,
    deal,
    deck_for,
    legal_actions,
    max_round_length,
)
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.play.scoring import round_utilities, score_round, utility_bounds
from sabai_rules.play.sequential import CHANCE, Decline, Move
from sabai_rules.play.space import ActionSpace, action_space
from sabai_rules.play.views import (
    _FLOATS,  # each value below 256 as a float, one object each: the views' table
    OBSERVATION_HEADER,
    _packer,
    _write_into,
    observation_parts,
    observation_size,
    sample_consistent_state,
)
from sabai_rules.state import NO_PLAYER, Chance, ChanceModel, EndCause, Game, State

__all__ = ["CHANCE", "MODES", "NO_PLAYER", "Episode", "EpisodeSpec"]

#: What an episode is: one round, or a whole game (rounds dealt in turn until the game is over).
MODES: Final = ("round", "game")
#: The caps of a framework's rounds unless told otherwise: turns, and cards thrown in between two
#: turn cards.
DEFAULT_MAX_TURNS: Final = 100
DEFAULT_MAX_REACTIONS: Final = 4


@attrs.frozen
class EpisodeSpec:
    """What is played: the ruleset (its caps set), the table size, a round or a game, and where
    chance is decided. :meth:`of` builds one from a preset, as the frameworks' parameters say."""

    ruleset: Ruleset
    players: int
    mode: Literal["round", "game"] = "round"
    chance: ChanceModel = ChanceModel.EXPLICIT
    #: The action index (:func:`~sabai_rules.play.space.action_space`), whose
    #: :attr:`~sabai_rules.play.space.ActionSpace.moves` number each player's moves: looked up once,
    #: not at every state of the episode.
    space: ActionSpace = attrs.field(init=False, eq=False, repr=False)
    _size: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        instance(self.ruleset, Ruleset, "ruleset")
        number(self.players, "players", MIN_PLAYERS, MAX_PLAYERS)
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of 'round', 'game', not {self.mode!r}")
        instance(self.chance, ChanceModel, "chance")
        if max_round_length(self.ruleset, self.players) is None:
            raise ValueError(
                "ruleset: an episode needs both caps, max_round_turns and max_turn_reactions"
            )
        if self.ruleset.nose_race == "recorded":
            raise ValueError(
                "ruleset: a framework cannot time reflexes: nose_race must be 'random' or 'off'"
            )
        if self.mode == "game" and self.ruleset.game_tie_policy != "co_winners":
            raise ValueError(
                "ruleset: a game of a framework ends: game_tie_policy must be 'co_winners'"
            )
        object.__setattr__(self, "space", action_space(self.ruleset, self.players))
        extra = self.players + (2 + self.players if self.mode == "game" else 0)
        object.__setattr__(self, "_size", observation_size(self.ruleset, self.players) + extra)

    @classmethod
    def of(
        cls,
        players: object = 4,
        preset: str = "current",
        mode: str = "round",
        max_turns: object = DEFAULT_MAX_TURNS,
        max_reactions: object = DEFAULT_MAX_REACTIONS,
        chance: str = "explicit",
        ruleset: Ruleset | None = None,
    ) -> EpisodeSpec:
        """The spec the frameworks' parameters name: ``preset``'s ruleset (or ``ruleset``) with
        rounds capped at ``max_turns`` turns and ``max_reactions`` cards thrown in between two
        turn cards, and nose races decided by chance unless the ruleset has none.
        :class:`TypeError` or :class:`ValueError`, naming the parameter, for a value that cannot
        be."""
        if ruleset is None:
            if preset not in PRESETS:
                raise ValueError(f"preset must be one of {', '.join(PRESETS)}, not {preset!r}")
            ruleset = Ruleset.preset(preset)
        # The numbers are typed ``object``: compiled, mypyc would turn a ``bool`` into 0 or 1
        # before these checks.
        turns = number(max_turns, "max_turns", 1, 10**6)
        reactions = number(max_reactions, "max_reactions", 1, 10**6)
        seats = number(players, "players", MIN_PLAYERS, MAX_PLAYERS)
        if chance not in tuple(ChanceModel):
            raise ValueError(f"chance must be one of 'explicit', 'lazy', 'sampled', not {chance!r}")
        rules = instance(ruleset, Ruleset, "ruleset").with_options(
            max_round_turns=turns,
            max_turn_reactions=reactions,
            nose_race="random" if ruleset.nose_race == "recorded" else ruleset.nose_race,
        )
        if mode not in MODES:
            raise ValueError(f"mode must be one of 'round', 'game', not {mode!r}")
        return cls(rules, seats, mode, ChanceModel(chance))  # type: ignore[arg-type]

    # -- what frameworks declare -------------------------------------------------------------

    @property
    def moves(self) -> int:
        """The number of one player's moves; the last is :attr:`decline`."""
        return self.space.moves

    @property
    def decline(self) -> int:
        """The index of a :class:`~sabai_rules.play.sequential.Decline`."""
        return self.space.moves - 1

    @property
    def rounds(self) -> int:
        """The rounds planned: one in a round, the ruleset's in a game."""
        return 1 if self.mode == "round" else self.ruleset.rounds_for(self.players)

    @property
    def observation_size(self) -> int:
        """The length of every :meth:`Episode.observation`: the engine's
        (:func:`~sabai_rules.play.views.observation_size`), then per player whether they declined
        since the last action (0/1), then, in a game, the rounds played, the rounds planned and
        each player's points so far."""
        return self._size

    @property
    def max_length(self) -> int:
        """An upper bound on the moves of an episode (chance's outcomes not counted): in a round,
        at most :func:`~sabai_rules.moves.max_round_length` actions, each state before one asking
        each player at most once."""
        actions = max_round_length(self.ruleset, self.players)
        assert actions is not None  # both caps are set
        return actions * (1 + self.players) * self.rounds

    @property
    def max_chance_outcomes(self) -> int:
        """The most outcomes a chance node has: a card of the deck, or a seat."""
        return max(len(deck_for(self.ruleset)), self.players)

    @property
    def utility_bounds(self) -> tuple[int, int]:
        """The least and the most a player's return can be: a round's
        (:func:`~sabai_rules.play.scoring.utility_bounds`) times the rounds."""
        low, high = utility_bounds(self.ruleset)
        return low * self.rounds, high * self.rounds


# -- the asking at one state -----------------------------------------------------------------

#: Each space's move indices of the actions asked about, by the action's identity (the engine
#: hands out the same action objects state after state; hashing one is a call into Python): the
#: action and its index. Each memo holds its actions, so an identity is not reused while it is
#: there; emptied when it reaches :data:`_MEMO_LIMIT` (the engine builds an action when first
#: listed, and again after emptying its own cache). With it, the space's decline index
#: (``ActionSpace.moves`` is a property of an interpreted class).
_INDICES: Final[dict[int, tuple[ActionSpace, dict[int, tuple[Move, int]], int]]] = MOVE_INDICES
_MEMO_LIMIT: Final = MEMOS["CONSECUTIVE"].bound
#: The pairs of a chance node of ``count`` outcomes, by ``count``: ``(k, 1 / count)`` for every
#: outcome ``k`` up to the greatest met (card ids, seats), one tuple each, shared by the nodes.
_UNIFORM: Final[dict[int, tuple[object, ...]]] = UNIFORM_OUTCOMES
#: Runs of consecutive move indices (:func:`_consecutive`), by first index and length.
_CONSECUTIVE: Final[dict[int, tuple[int, ...]]] = CONSECUTIVE
#: Who declined as C ints (:meth:`Episode.observation_parts`) and as C floats
#: (:meth:`Episode.observation_into`), by ``declined << 4 | players`` (a table has at most 12
#: players, each of whom may have declined): fewer than 2 ** 13 entries.
_DECLINED: Final[dict[int, tuple[bytes, bytes]]] = DECLINED
#: Each seat's decline (a value: one object serves every node).
_DECLINES: Final = tuple(Decline(p) for p in range(MAX_PLAYERS))
#: The seats in the order of :func:`~sabai_rules.engine.rules.reaction_order` from each active
#: player, by table size.
_ORDERS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple(reaction_order(turn, n) for turn in range(n))
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}
#: What is worked out at one state is kept by that state's :class:`_Asking` and dies with it, not
#: in a module's cache: an entry kept there outlived the nodes that asked for it, so the cyclic
#: garbage collector's oldest generation grew by an object or two per step and its collections
#: cost a third of an adapter's steps (measured on OpenSpiel with observations, 4 players).


def _declined(declined: int, players: int) -> tuple[bytes, bytes]:
    """Whether each of ``players`` seats declined (the bits of ``declined``), packed as C ints
    and as C floats: copying bytes into an array does not convert value by value."""
    key = declined << 4 | players
    found = _DECLINED.get(key)
    if found is None:
        bits = [(declined >> p) & 1 for p in range(players)]
        found = _DECLINED[key] = (
            _packer(players, False).pack(*bits),
            _packer(players, True).pack(*bits),
        )
    return found


def _by_actor(actions: tuple[Action, ...]) -> dict[int, tuple[Action, ...]]:
    # The engine lists actions grouped by actor (the rest of an open motion last, its thrower's
    # second group).
    found: dict[int, tuple[Action, ...]] = {}
    start, k = 0, len(actions)
    while start < k:
        actor = actions[start].actor
        end = start + 1
        while end < k and actions[end].actor == actor:
            end += 1
        mine = actions[start:end]
        found[actor] = found[actor] + mine if actor in found else mine
        start = end
    return found


def _memo(space: ActionSpace) -> tuple[ActionSpace, dict[int, tuple[Move, int]], int]:
    """``space``, its memo of move indices and its decline's index (:data:`_INDICES`)."""
    memo = _INDICES.get(id(space))
    if memo is None or memo[0] is not space:
        memo = (space, {}, space.moves - 1)
        remember(_INDICES, MEMOS["MOVE_INDICES"].bound, id(space), memo)
    return memo


def _index(indices: dict[int, tuple[Move, int]], space: ActionSpace, move: Move) -> int:
    entry = indices.get(id(move))
    if entry is not None and entry[0] is move:
        return entry[1]
    found = space.move_index(move)
    if len(indices) >= _MEMO_LIMIT:
        indices.clear()
    indices[id(move)] = (move, found)
    return found


def _numbered(
    space: ActionSpace, moves: tuple[Action, ...]
) -> tuple[tuple[int, ...], tuple[Move, ...]]:
    """What the game waits for from one player (``moves``, their decisions then their passes)
    by index, in increasing order: the indices, and the moves in their order."""
    indices = _memo(space)[1]
    numbers = [_index(indices, space, move) for move in moves]
    for k in range(1, len(numbers)):
        if numbers[k - 1] > numbers[k]:
            # Distinct moves, distinct indices: the pairs sort by index alone.
            pairs = sorted(zip(numbers, moves, strict=True))
            return tuple([i for i, _ in pairs]), tuple([m for _, m in pairs])
    return tuple(numbers), moves


def _consecutive(first: int, k: int) -> tuple[int, ...]:
    """The indices ``first`` to ``first + k - 1``: one tuple, kept, for every run numbered so (a
    list extended from a range makes an int of each index past 256)."""
    key = first << 7 | k  # a run is one row's slots, fewer than 128 but for a huge deck: checked
    found = _CONSECUTIVE.get(key)
    if found is None or len(found) != k or found[0] != first:
        if len(_CONSECUTIVE) >= _MEMO_LIMIT:
            _CONSECUTIVE.clear()
        found = _CONSECUTIVE[key] = tuple(range(first, first + k))
    return found


def _asked_moves(
    space: ActionSpace, runs: Sequence[Sequence[Action]], calls: tuple[Action, ...], player: int
) -> tuple[tuple[int, ...], tuple[Move, ...]]:
    """An asked player's moves by index, in increasing order: their throw-ins (``runs``, from
    :meth:`~sabai_rules.engine.enumeration.LegalActions.throw_in_runs`), their calls, their
    decline. A run is one kind of throw-in into one row by slot, and a move's index grows by
    one with the slot (:meth:`~sabai_rules.play.space.ActionSpace.move_index`): a run of
    consecutive slots is numbered from its first and last actions alone, and the runs, which
    do not overlap, are put in order by their first."""
    _, indices, decline = _memo(space)
    pieces: list[tuple[int, Sequence[int], Sequence[Move]]] = []
    for run in runs:
        first = _index(indices, space, run[0])
        k = len(run)
        numbers: Sequence[int]
        if k == 1 or _index(indices, space, run[k - 1]) - first == k - 1:
            numbers = _consecutive(first, k)
        else:  # a row with a gap, or throw-ins limited by what was seen
            numbers = [_index(indices, space, move) for move in run]
        pieces.append((first, numbers, run))
    for call in calls:
        at = _index(indices, space, call)
        pieces.append((at, (at,), (call,)))
    # The runs and calls do not overlap: the pieces sort by their first index alone.
    pieces.sort()
    found: list[int] = []
    moves: list[Move] = []
    for _, numbers, mine in pieces:
        found.extend(numbers)
        moves.extend(mine)
    found.append(decline)
    moves.append(_DECLINES[player])
    return tuple(found), tuple(moves)


_NO_ACTORS: Final[dict[int, tuple[Action, ...]]] = {}


class _Asking:
    """Who is asked at one state of a round, and each player's moves: shared by the nodes that
    differ only in who has declined since the last action."""

    __slots__ = (
        "_decisions",
        "_passes",
        "_waited",
        "_waiting",
        "askers",
        "calls",
        "found",
        "legal",
        "order",
        "space",
    )

    def __init__(self, state: State, space: ActionSpace) -> None:
        self.legal = legal = legal_actions(state)
        self.space = space
        calls = legal.calls
        self.calls = _by_actor(calls) if calls else _NO_ACTORS
        self.order = order = _ORDERS[state.setup.players][state.flow.turn]
        #: The players who may act out of turn, in play order from the active player (each
        #: asked player's throw-ins are listed when they are asked).
        throwers, callers = legal.throwers(), self.calls
        self.askers = tuple([p for p in order if p in throwers or p in callers])
        self._decisions = legal.decisions
        self._passes = legal.passes
        self._waited: tuple[dict[int, tuple[Action, ...]], dict[int, tuple[Action, ...]]] | None
        self._waited = None
        self._waiting = -2
        #: Each player's moves, as asked (key ``player``) or waited for (``~player``).
        self.found: dict[int, tuple[tuple[int, ...], tuple[Move, ...]]] = {}

    def _waited_for(self) -> tuple[dict[int, tuple[Action, ...]], dict[int, tuple[Action, ...]]]:
        """The decisions and the passes the game waits for, by actor."""
        found = self._waited
        if found is None:
            decisions, passes = self._decisions, self._passes
            found = self._waited = (
                _by_actor(decisions) if decisions else _NO_ACTORS,
                _by_actor(passes) if passes else _NO_ACTORS,
            )
        return found

    @property
    def waiting(self) -> int:
        """The player the game waits for (:func:`~sabai_rules.moves.to_move`'s)."""
        found = self._waiting
        if found == -2:
            decisions, passes = self._waited_for()
            waited = decisions or passes
            found = NO_PLAYER
            for p in self.order:
                if p in waited:
                    found = p
                    break
            self._waiting = found
        return found

    def of(self, player: int, asked: bool) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        """``player``'s moves, by index: asked, their throw-ins, calls and a decline; else what
        the game waits for from them."""
        key = player if asked else ~player
        found = self.found.get(key)
        if found is None:
            if asked:
                runs = self.legal.throw_in_runs(player)
                found = _asked_moves(self.space, runs, self.calls.get(player, ()), player)
            else:
                decisions, passes = self._waited_for()
                first, then = decisions.get(player, ()), passes.get(player, ())
                found = _numbered(self.space, first + then if then else first)
            self.found[key] = found
        return found


# -- the episode -----------------------------------------------------------------------------


class Episode:
    """One node of an episode: the round being played (:attr:`state`), the players who declined
    since its last action (:attr:`declined`, a bit mask), the game it belongs to (in a game), and
    what each player has gained in the rounds over (:attr:`gains`). Immutable: :meth:`child` and
    :meth:`child_chance` give the next node. :meth:`start` gives the first."""

    __slots__ = (
        "_asking",
        "_over",
        "_player",
        "_seen",
        "declined",
        "gains",
        "game",
        "spec",
        "state",
    )

    def __init__(
        self,
        spec: EpisodeSpec,
        state: State,
        declined: int = 0,
        game: Game | None = None,
        gains: tuple[int, ...] | None = None,
        over: bool = False,
        asking: _Asking | None = None,
    ) -> None:
        self.spec = spec
        self.state = state
        self.declined = declined
        self.game = game
        self.gains = (0,) * spec.players if gains is None else gains
        self._over = over
        self._asking = asking
        self._player: int | None = None
        self._seen: dict[int, tuple[array[int], bytes, array[int]]] | None = None

    @classmethod
    def start(cls, spec: EpisodeSpec, seed: int | str = 0) -> Episode:
        """The first node: the first round dealt (seat 0 deals it; in a game the dealer then
        rotates), a chance node under the explicit and lazy models; under the sampled model the
        deal is ``seed``'s (:func:`~sabai_rules.moves.deal`)."""
        instance(spec, EpisodeSpec, "spec")
        if spec.mode == "round":
            return cls(
                spec,
                deal(spec.ruleset, spec.players, dealer=0, seed=seed, chance_model=spec.chance),
            )
        game = new_game(spec.players, spec.ruleset, seed=seed, first_dealer=0)
        return cls(spec, start_round(game, chance_model=spec.chance), game=game)

    # -- who moves ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """The round (or, in a game, the final round) is over and scored."""
        return self._over

    @property
    def is_chance(self) -> bool:
        return type(self.state.flow.pending) is Chance

    @property
    def truncated(self) -> bool:
        """Over because its last round reached the turn cap of the simulation
        (:rule:`ruling.round-turn-cap`), not by the rules."""
        state = self.state
        cap = state.ruleset.max_round_turns
        return (
            self._over
            and state.flow.status.end is EndCause.FORCED
            and cap is not None
            and state.flow.turns >= cap
        )

    def _asked(self) -> _Asking:
        found = self._asking
        if found is None:
            found = self._asking = _Asking(self.state, self.spec.space)
        return found

    @property
    def current_player(self) -> int:
        """The seat to move; :data:`~sabai_rules.play.sequential.CHANCE` at a chance node;
        :data:`~sabai_rules.state.NO_PLAYER` once the episode is over."""
        found = self._player
        if found is None:
            if self._over:
                found = NO_PLAYER
            elif type(self.state.flow.pending) is Chance:
                found = CHANCE
            else:
                asking = self._asked()
                declined = self.declined
                for p in asking.askers:
                    if not (declined >> p) & 1:
                        found = p
                        break
                else:
                    found = asking.waiting
            self._player = found
        return found

    def _moves(self) -> tuple[tuple[int, ...], tuple[Move, ...]]:
        if self._over or type(self.state.flow.pending) is Chance:
            return (), ()
        asking = self._asked()
        declined = self.declined
        for player in asking.askers:
            if not (declined >> player) & 1:
                return asking.of(player, True)
        return asking.of(asking.waiting, False)

    def legal_indices(self) -> tuple[int, ...]:
        """The current player's moves as indices, in increasing order; ``()`` at a chance node
        and at the end."""
        return self._moves()[0]

    def legal_moves(self) -> tuple[Move, ...]:
        """The current player's moves, in the order of :meth:`legal_indices`."""
        return self._moves()[1]

    def move(self, index: int) -> Move:
        """The current player's move numbered ``index``; :class:`ValueError` if it is none of
        their moves now."""
        indices, moves = self._moves()
        at = bisect_left(indices, index)
        if at == len(indices) or indices[at] != index:
            raise ValueError(f"index {index!r} is no move of {self._whom()} now")
        return moves[at]

    def _whom(self) -> str:
        player = self.current_player
        return {CHANCE: "anybody (chance decides)", NO_PLAYER: "anybody (it is over)"}.get(
            player, f"P{player}"
        )

    # -- the next node -----------------------------------------------------------------------

    def child(self, index: int) -> Episode:
        """The node after the current player's move numbered ``index`` (:meth:`move`)."""
        move = self.move(index)
        if type(move) is Decline:
            return Episode(
                self.spec,
                self.state,
                self.declined | (1 << move.actor),
                self.game,
                self.gains,
                False,
                self._asking,
            )
        # The move is one of the listing of this very state (:meth:`_moves`).
        return self._after(apply_listed(self.state, move))  # type: ignore[arg-type]

    def chance_outcomes(self) -> tuple[int, ...]:
        """At a chance node, its outcomes (card ids, or seats), equally likely; else ``()``."""
        pending = self.state.flow.pending
        return pending.choices if type(pending) is Chance else ()

    def chance_distribution(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` each with its probability, as OpenSpiel lists a chance node's
        outcomes (a new list; ``[]`` where chance does not decide)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            return []
        count = len(outcomes)
        # The outcomes are in increasing order. The pairs are typed ``object``: compiled, a
        # ``tuple[int, float]`` would be unpacked and a new one built for the list.
        pairs = _UNIFORM.get(count)
        if pairs is None or len(pairs) <= outcomes[-1]:
            chance = 1.0 / count
            pairs = tuple([(k, chance) for k in range(outcomes[-1] + 1)])
            remember(_UNIFORM, MEMOS["UNIFORM_OUTCOMES"].bound, count, pairs)
        found: list[Any] = [pairs[outcome] for outcome in outcomes]
        return found

    def child_chance(self, outcome: object) -> Episode:
        """The node after chance gives ``outcome`` (:func:`~sabai_rules.moves.apply_chance`,
        refusing what it refuses)."""
        return self._after(apply_chance(self.state, outcome))

    def _after(self, state: State) -> Episode:
        spec = self.spec
        if not state.flow.status.is_over:
            return Episode(spec, state, 0, self.game, self.gains)
        if self.game is None:
            gained = round_utilities(score_round(state), spec.ruleset)
            gains = tuple(a + b for a, b in zip(self.gains, gained, strict=True))
            return Episode(spec, state, 0, None, gains, True)
        game = finish_round(self.game, state)
        gained = round_utilities(game.rounds[-1], spec.ruleset)
        gains = tuple(a + b for a, b in zip(self.gains, gained, strict=True))
        if game.is_over:
            return Episode(spec, state, 0, game, gains, True)
        return Episode(spec, start_round(game, chance_model=spec.chance), 0, game, gains)

    # -- what a player knows -----------------------------------------------------------------

    def observation_parts(self, player: object) -> tuple[array[int], bytes, array[int]]:
        """:meth:`observation` in three parts, each offering the buffer protocol: the engine's two
        (:func:`~sabai_rules.play.views.observation_parts`: C ints, then bytes), then who declined
        and the game's, C ints (``array("i")``)."""
        # A bool would find seat 0's or 1's.
        me = player if type(player) is int else seat(player, "player", self.spec.players)
        seen = self._seen
        if seen is None:
            seen = self._seen = {}
        found = seen.get(me)
        if found is None:
            head, rows = observation_parts(self.state, me)
            tail = array("i")
            tail.frombytes(_declined(self.declined, self.spec.players)[0])
            game = self.game
            if game is not None:
                tail.extend((len(game.rounds), game.num_rounds, *self.gains))
            found = seen[me] = (head, rows, tail)
        return found

    def observation_into(self, player: object, buffer: memoryview) -> int:
        """:meth:`observation` written into ``buffer`` as C floats (``float32``, native byte
        order), as :func:`~sabai_rules.play.views.observation_into` writes the engine's part, for
        frameworks that fill a float array in place (``buffer``: a writable memoryview of
        bytes, ``memoryview(tensor).cast("B")`` of a numpy ``float32`` array of
        :attr:`EpisodeSpec.observation_size`). Returns the number of bytes written. Refuses what
        :meth:`observation` refuses and a buffer too short, before writing anything."""
        me = seat(player, "player", self.spec.players)
        writable(buffer, 4 * self.spec.observation_size, "buffer")
        return self._write_into(me, buffer)

    def _write_into(self, me: int, buffer: memoryview) -> int:
        """:meth:`observation_into` once its arguments are checked: ``me`` a seat, ``buffer`` as
        it says (the adapters' own buffers, made to measure)."""
        tail = _declined(self.declined, self.spec.players)[1]
        game = self.game
        if game is not None:
            values = (len(game.rounds), game.num_rounds, *self.gains)
            tail += _packer(len(values), True).pack(*values)
        return _write_into(self.state, me, buffer, tail)

    def observation_floats(self, player: object) -> list[float]:
        """:meth:`observation` as a new list of floats (the form of OpenSpiel's tensors). Refuses
        what :meth:`observation` refuses."""
        head, rows, tail = self.observation_parts(player)
        start = len(head)
        end = start + len(rows)
        # The zeros (most of the rows' slots are empty) are one float, every other value below
        # 256 one of _FLOATS: only the few others are made. Every value of the rows is a byte.
        out: list[Any] = [0.0] * (end + len(tail))
        floats = _FLOATS
        for k in range(start):
            v = head[k]
            out[k] = floats[v] if 0 <= v < 256 else float(v)
        # Each row's part is padded with zeros past its cards' slots (1 + n values a slot).
        cards = self.state.table.rows
        step = 1 + len(cards)
        width = len(rows) // len(cards)
        for p in range(len(cards)):
            at = p * width
            for k in range(at, at + len(cards[p]) * step):
                v = rows[k]
                if v:
                    out[start + k] = floats[v]
        for k in range(len(tail)):
            v = tail[k]
            out[end + k] = floats[v] if 0 <= v < 256 else float(v)
        return out

    def observation(self, player: object) -> tuple[int, ...]:
        """What ``player`` knows, :attr:`EpisodeSpec.observation_size` ints: the engine's
        :func:`~sabai_rules.play.views.observation` of the round, then per player whether they
        declined since the last action, then, in a game, the rounds played, the rounds planned
        and each player's points so far (which may be negative). Two nodes a player cannot tell
        apart give them the same observation, and the same moves when it is their turn."""
        head, rows, tail = self.observation_parts(player)
        return (*head, *rows, *tail)

    def observation_text(self, player: object) -> str:
        """:meth:`observation` in words, every value of it: equal texts, equal observations."""
        values = self.observation(player)
        n = self.spec.players
        faces = sorted(set(self.state.deck.faces))

        def face(code: int) -> str:
            return face_name(faces[code - 1])

        h = len(OBSERVATION_HEADER)
        lines = [" ".join(f"{k}={v}" for k, v in zip(OBSERVATION_HEADER, values, strict=False))]
        blocks = values[h : h + 3 * n]
        for p in range(n):
            passed, locked, length = blocks[3 * p : 3 * p + 3]
            lines.append(f"P{p}: passed={passed} locked={locked} slots={length}")
        at = h + 3 * n
        counts = values[at : at + len(faces)]
        at += len(faces)
        shown = ", ".join(f"{c}x {face(i + 1)}" for i, c in enumerate(counts) if c)
        lines.append(f"discard pile: {shown or '-'}")
        width = len(self.state.deck) - 1
        for p in range(n):
            slots = []
            for s in range(width):
                code, *seen = values[at : at + 1 + n]
                at += 1 + n
                if code == 0:
                    continue
                text = "gap" if code == 1 else "??" if code == 2 else face(code - 2)
                knowers = ",".join(str(q) for q in range(n) if seen[q])
                slots.append(f"{s}:{text}" + (f"[{knowers}]" if knowers else ""))
            lines.append(f"row P{p}: {' '.join(slots) or '(empty)'}")
        declined = values[at : at + n]
        lines.append("declined: " + (" ".join(f"P{p}" for p in range(n) if declined[p]) or "-"))
        if self.game is not None:
            played, planned, *points = values[at + n :]
            lines.append(f"rounds {played} of {planned}; points {' '.join(map(str, points))}")
        return "\n".join(lines)

    # -- the end ---------------------------------------------------------------------------------

    def returns(self) -> tuple[int, ...]:
        """What each player has gained so far: the sum of
        :func:`~sabai_rules.play.scoring.round_utilities` over the rounds over (the round's victory
        points; a game's victory points)."""
        return self.gains

    # -- determinization -----------------------------------------------------------------------

    def resample(self, player: object, rng: random.Random) -> Episode:
        """A node ``player`` cannot tell from this one
        (:func:`~sabai_rules.play.views.sample_consistent_state` of the round; who declined and the
        game's past stay: they are public). :class:`ValueError` at a chance node."""
        me = seat(player, "player", self.spec.players)
        if self._over:
            return self
        state = sample_consistent_state(self.state, me, rng)
        return Episode(self.spec, state, self.declined, self.game, self.gains)

    # -- a value -------------------------------------------------------------------------------

    def __copy__(self) -> Episode:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Episode:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            Episode,
            (self.spec, self.state, self.declined, self.game, self.gains, self._over),
        )

    def _key(self) -> tuple[object, ...]:
        return (self.spec, self.state, self.declined, self.game, self.gains, self._over)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Episode):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Episode {self.spec.mode}, {self.state!r}, declined {self.declined:#b}>"

    def describe(self) -> str:
        """The whole table, every face shown, who declined and the game so far: for referees,
        renderings and debugging, never for players."""
        lines = [self.state.describe()]
        n = self.spec.players
        asked = " ".join(f"P{p}" for p in range(n) if (self.declined >> p) & 1)
        lines.append(f"  declined: {asked or '-'}")
        if self.game is not None:
            lines.append(
                f"  round {len(self.game.rounds) + (0 if self._over else 1)} of "
                f"{self.game.num_rounds}; points {' '.join(map(str, self.gains))}"
            )
        elif self._over:
            lines.append(f"  gains {' '.join(map(str, self.gains))}")
        return "\n".join(lines)

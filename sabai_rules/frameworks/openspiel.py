"""sabai-sabai as an OpenSpiel game, ``python_sabai_sabai`` (extra ``sabai-rules[openspiel]``).

Importing this module registers the game with :func:`pyspiel.register_game`::

    import pyspiel
    import sabai_rules.frameworks.openspiel  # noqa: F401 - registers python_sabai_sabai

    game = pyspiel.load_game("python_sabai_sabai", {"players": 4, "mode": "game"})

Every part of it is the engine's, through :class:`~sabai_rules.play.episode.Episode`: the reaction
order of :class:`~sabai_rules.play.sequential.SequentialState`, the moves numbered by
:meth:`~sabai_rules.play.space.ActionSpace.move_index` (a decline last), explicit chance from the
engine's chance nodes, the observation of :func:`~sabai_rules.play.views.observation` (then who
declined and the game so far), the returns of :func:`~sabai_rules.play.scoring.round_utilities`, the
bound of :func:`~sabai_rules.moves.max_round_length` and determinization by
:func:`~sabai_rules.play.views.sample_consistent_state`.

Parameters (:data:`PARAMETERS`, each a game parameter of OpenSpiel):

* ``players`` — 2 to 12 (default 4);
* ``preset`` — ``"current"``, ``"older"`` or ``"simplified"``;
* ``mode`` — ``"round"`` (one round) or ``"game"`` (rounds dealt in turn until the game is over);
* ``max_turns`` — the turn cap of a round (``max_round_turns``: the round then ends and is scored);
* ``max_reactions`` — the cards thrown in between two turn cards (``max_turn_reactions``);
* ``chance`` — ``"explicit"`` (the deal card by card, a reshuffle card by card, a nose race's
  loser) or ``"lazy"`` (the rows' cards dealt, then each card drawn from the unordered draw pile).

A state's information state and observation are both what the player knows under the knowledge
model (:rule:`ruling.knowledge-model`): faces seen, who has seen which card, the table's public
facts. They do not recall the order of past events.
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
import pyspiel

from sabai_rules.model.arguments import seat
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, deck_for
from sabai_rules.play.episode import CHANCE, Episode, EpisodeSpec
from sabai_rules.play.views import OBSERVATION_HEADER

__all__ = ["GAME_TYPE", "PARAMETERS", "SabaiSabaiGame", "SabaiSabaiObserver", "SabaiSabaiState"]

#: The game's parameters and their defaults.
PARAMETERS: Final[dict[str, int | str]] = {
    "players": 4,
    "preset": "current",
    "mode": "round",
    "max_turns": 100,
    "max_reactions": 4,
    "chance": "explicit",
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_sabai_sabai",
    long_name="Python sabai-sabai (sabai-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)

_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


class SabaiSabaiGame(pyspiel.Game):  # type: ignore[misc]
    """The game of :data:`GAME_TYPE` for ``params`` (:data:`PARAMETERS`); from Python also for
    any ``spec`` (a ruleset of one's own: such a game is not one of the registry's, and does
    not load again from its string)."""

    def __init__(self, params: dict[str, Any] | None = None, *, spec: EpisodeSpec | None = None):
        given = {**PARAMETERS, **(params or {})}
        unknown = sorted(set(given) - set(PARAMETERS))
        if unknown:
            raise ValueError(f"unknown parameter(s) of python_sabai_sabai: {', '.join(unknown)}")
        if spec is None:
            spec = EpisodeSpec.of(
                players=int(given["players"]),
                preset=str(given["preset"]),
                mode=str(given["mode"]),
                max_turns=int(given["max_turns"]),
                max_reactions=int(given["max_reactions"]),
                chance=str(given["chance"]),
            )
        if spec.chance.value == "sampled":
            raise ValueError("chance: OpenSpiel takes chance's outcomes: 'explicit' or 'lazy'")
        low, high = spec.utility_bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.moves,
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=spec.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=spec.max_length,
        )
        super().__init__(GAME_TYPE, info, given)
        self.spec = spec
        self.initial = Episode.start(spec)

    def new_initial_state(self) -> SabaiSabaiState:
        return SabaiSabaiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SabaiSabaiObserver:
        return SabaiSabaiObserver(self.spec, iig_obs_type, params)


class SabaiSabaiState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: one :class:`~sabai_rules.play.episode.Episode` node, its only attribute
    (so that OpenSpiel's clone, which deep-copies the attributes, shares it)."""

    def __init__(self, game: SabaiSabaiGame) -> None:
        super().__init__(game)
        self.node: Episode = game.initial

    def current_player(self) -> int:
        player = self.node.current_player
        if player >= 0:
            return player
        return _CHANCE if player == CHANCE else _TERMINAL

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        return self.node.legal_indices()

    # OpenSpiel's own answers to the next two ask this state, from C++, who is to move, each
    # time through pybind11's trampoline (some 3,600 instructions a call; ``legal_actions()``
    # asks five times). The same answers from Python, for Python callers; C++ callers keep
    # OpenSpiel's. ``tests/frameworks/test_openspiel.py`` holds each to OpenSpiel's.

    def is_chance_node(self) -> bool:
        return self.node.current_player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``: at a chance node its outcomes (whoever asks), at the
        end none, else the current player's moves by index and nobody else's."""
        node = self.node
        mover = node.current_player
        if mover >= 0:
            if player is None or player == mover:
                return list(node.legal_indices())
            if type(player) is int and player >= 0:
                return []
        elif mover == CHANCE:
            return list(node.chance_outcomes())
        elif player is None or (type(player) is int and player >= 0):
            return []
        # A pseudo-player, or no int: OpenSpiel's error.
        return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``observation_tensor``: the observer's tensor as a list of floats."""
        return self._tensor(player, pyspiel.State.observation_tensor)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``information_state_tensor``: the same as ``observation_tensor``."""
        return self._tensor(player, pyspiel.State.information_state_tensor)

    def _tensor(self, player: int | None, openspiels: Any) -> list[float]:
        # OpenSpiel's own makes a new float of every value (1,238 at four players), most of them
        # zeros: the rows' empty slots (Episode.observation_floats shares them).
        node = self.node
        me = node.current_player if player is None else player
        if type(me) is not int or not 0 <= me < node.spec.players:
            # OpenSpiel's answer, an error for a pseudo-player or a seat not at the table.
            found = openspiels(self) if player is None else openspiels(self, player)
            return found  # type: ignore[no-any-return]
        return node.observation_floats(me)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.node.chance_distribution()

    def _apply_action(self, action: int) -> None:
        node = self.node
        if node.is_chance:
            self.node = node.child_chance(action)
        else:
            self.node = node.child(action)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self.node
        if player == _CHANCE:
            pending = node.state.flow.pending
            kind = getattr(pending, "kind", None)
            if kind is not None and kind.value == "nose-race":
                return f"P{action} touched their nose last"
            return f"card {action}"
        return repr(node.spec.space.move(player, action))

    def is_terminal(self) -> bool:
        return self.node.is_over

    def returns(self) -> list[float]:
        node = self.node
        if not node.is_over:
            return [0.0] * node.spec.players
        return [float(g) for g in node.returns()]

    def rewards(self) -> list[float]:
        """OpenSpiel's ``rewards`` for a game rewarded at its end: the returns once it is over,
        else zeros (without OpenSpiel's trampoline into ``is_terminal``)."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SabaiSabaiState:
        """A state ``player_id`` cannot tell from this one
        (:meth:`~sabai_rules.play.episode.Episode.resample`), drawn with a generator seeded from
        ``probability_sampler``. Its history is empty: it is not the real one, and a consistent
        one is not made up."""
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = self.get_game().new_initial_state()
        sample.node = self.node.resample(player_id, rng)
        return sample  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return self.node.describe()


class SabaiSabaiObserver:
    """The observer of OpenSpiel's Python games: ``tensor`` (float32,
    :attr:`~sabai_rules.play.episode.EpisodeSpec.observation_size`), ``dict`` (the tensor as its one
    piece, ``"observation"``) and ``parts``, views of its parts by name:
    ``header`` (:data:`~sabai_rules.play.views.OBSERVATION_HEADER`), ``players`` (per player:
    passed, locked out, slots), ``discard`` (cards per face code), ``rows`` (players x slots x (1 +
    players): the slot's code, then who has seen its card), ``declined``, and in a game ``game``
    (rounds played, rounds planned, each player's points). The information state is the same
    (what the player knows, not the order of past events); only the player's own view is
    offered."""

    def __init__(self, spec: EpisodeSpec, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"python_sabai_sabai observers take no parameters, not {params}")
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not getattr(
            iig_obs_type, "public_info", True
        ):
            raise ValueError(
                "python_sabai_sabai observes what one player knows, public and private"
            )
        n = spec.players
        self.tensor = np.zeros(spec.observation_size, np.float32)
        #: One piece: OpenSpiel copies each piece of ``dict`` out of the observer, at a cost.
        self.dict: dict[str, np.ndarray[Any, Any]] = {"observation": self.tensor}
        #: The tensor's parts by name (views of it, not copies).
        self.parts: dict[str, np.ndarray[Any, Any]] = {}
        head = len(OBSERVATION_HEADER)
        slots = spec.space.row_length
        face_count = len(set(deck_for(spec.ruleset).faces))
        shapes: list[tuple[str, tuple[int, ...]]] = [
            ("header", (head,)),
            ("players", (n, 3)),
            ("discard", (face_count,)),
            ("rows", (n, slots, 1 + n)),
            ("declined", (n,)),
        ]
        if spec.mode == "game":
            shapes.append(("game", (2 + n,)))
        at = 0
        for name, shape in shapes:
            size = int(np.prod(shape))
            self.parts[name] = self.tensor[at : at + size].reshape(shape)
            at += size
        assert at == spec.observation_size
        #: The tensor's bytes, which the episode fills (Episode.observation_into).
        self._bytes = self.tensor.data.cast("B")
        self._players = n

    def set_from(self, state: SabaiSabaiState, player: int) -> None:
        # The buffer is this observer's own, made to measure: only the seat is checked.
        state.node._write_into(seat(player, "player", self._players), self._bytes)

    def string_from(self, state: SabaiSabaiState, player: int) -> str:
        return state.node.observation_text(player)


pyspiel.register_game(GAME_TYPE, SabaiSabaiGame)

"""sabai-sabai as a PettingZoo environment (extra ``sabai-rules[pettingzoo]``).

An :class:`~pettingzoo.AECEnv` in the manner of PettingZoo's classic environments::

    from sabai_rules.frameworks.pettingzoo import env

    table = env(players=4, render_mode="ansi")
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else table.action_space(agent).sample(mask)
        table.step(action)

Every part of it is the engine's, through :class:`~sabai_rules.play.episode.Episode`: the reaction
order of :class:`~sabai_rules.play.sequential.SequentialState` (an agent asked whether to act out of
turn may throw in, call, or decline, the last move), the moves numbered by
:meth:`~sabai_rules.play.space.ActionSpace.move_index`, the observation of
:func:`~sabai_rules.play.views.observation` (then who declined and, in a game, the rounds and points
so far), the rewards of :func:`~sabai_rules.play.scoring.round_utilities`.

* Agents ``player_0`` ... ``player_{n-1}`` are the seats; ``player_0`` deals the first round.
* ``observe(agent)`` is a dict: ``observation`` (float32, what the agent knows) and
  ``action_mask`` (int8, the agent's legal moves; all zeros unless it is the agent's turn).
* Chance is decided inside each transition from a seed the environment draws from its generator
  (``reset(seed=)``), as :func:`~sabai_rules.moves.deal` does with a seed; a nose race's loser is
  chance's.
* Rewards come when a round is over: its victory points (in a game, each round's; the sum is the
  game's). A round that reaches the turn cap ``max_turns`` ends and is scored, and the episode is
  then *truncated* rather than terminated.
* ``render_mode``: ``"ansi"`` (the table as text, every face shown) or ``"rgb_array"`` (the same
  as a small picture).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sabai_rules.model.cards import ASS_JOKER, JOKER
from sabai_rules.moves import deck_for
from sabai_rules.play.episode import Episode, EpisodeSpec

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic environments are: an illegal move ends
    the episode with -1 for its agent, an action outside the space is refused, and the order of
    calls is enforced. ``kwargs`` are :class:`raw_env`'s."""
    table: AECEnv = raw_env(**kwargs)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=-1)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """sabai-sabai for ``players`` players under ``preset``: one round (``mode="round"``) or a
    whole game (``mode="game"``), rounds capped at ``max_turns`` turns and ``max_reactions``
    cards thrown in between two turn cards (the parameters of
    :meth:`~sabai_rules.play.episode.EpisodeSpec.of`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "sabai_sabai_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 4,
        preset: str = "current",
        mode: str = "round",
        max_turns: int = 100,
        max_reactions: int = 4,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of 'ansi', 'rgb_array', not {render_mode!r}")
        self.render_mode = render_mode
        self.spec = spec = EpisodeSpec.of(
            players, preset, mode, max_turns, max_reactions, chance="sampled"
        )
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        deck = deck_for(spec.ruleset)
        low = float(spec.utility_bounds[0]) if mode == "game" else 0.0
        high = float(
            max(
                max_turns,
                max_reactions,
                len(deck),
                len(set(deck.faces)) + 2,
                players + 1,
                spec.rounds,
            )
        )
        size = self._size = spec.observation_size
        self._moves = spec.moves
        observed = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (spec.moves,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observed)
        self.action_spaces = {a: spaces.Discrete(spec.moves) for a in self.possible_agents}
        self.node: Episode | None = None
        #: Whether :attr:`rewards` holds a scored round's rewards (some may not be zero).
        self._rewarded = False
        self.np_random, self.np_random_seed = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        node = Episode.start(self.spec, seed=int(self.np_random.integers(2**63)))
        self.node = node
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[node.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        node = self.node
        assert node is not None, "reset() the environment first"
        player = self._seat[agent]
        observation = np.empty(self._size, np.float32)
        # The seat is the agent's, the array made to measure: written without checks.
        node._write_into(player, observation.data.cast("B"))
        mask = np.zeros(self._moves, np.int8)
        if player == node.current_player:
            mask.put(node.legal_indices(), 1)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        node = self.node
        assert node is not None, "reset() the environment first"
        self._cumulative_rewards[agent] = 0
        child = node.child(int(action))  # type: ignore[arg-type]
        self.node = child
        before = node.gains
        after = child.gains
        # Rewards come only when a round is scored (its gains are a new tuple); in between they
        # stay zero, and neither clearing nor accumulating them changes anything.
        rewarded = after is not before
        if rewarded:
            agents = self.agents
            self.rewards = {a: after[p] - before[p] for p, a in enumerate(agents)}
        elif self._rewarded:
            self._clear_rewards()
        self._rewarded = rewarded
        if child.is_over:
            ended = self.truncations if child.truncated else self.terminations
            for a in self.agents:
                ended[a] = True
        else:
            self.agent_selection = self.possible_agents[child.current_player]
        if rewarded:
            self._accumulate_rewards()

    def render(self) -> str | np.ndarray[Any, Any] | None:
        node = self.node
        if self.render_mode is None or node is None:
            return None
        if self.render_mode == "ansi":
            return f"{node.describe()}\n  to move: {self.agent_selection}"
        return _picture(node)

    def close(self) -> None:
        pass


# -- the picture -------------------------------------------------------------------------------

# Glyphs of 3 x 5 pixels, rows top first, each row three bits (left first).
_GLYPHS: Final = {
    "0": (7, 5, 5, 5, 7),
    "1": (2, 6, 2, 2, 7),
    "2": (7, 1, 7, 4, 7),
    "3": (7, 1, 7, 1, 7),
    "4": (5, 5, 7, 1, 1),
    "5": (7, 4, 7, 1, 7),
    "6": (7, 4, 7, 5, 7),
    "7": (7, 1, 1, 1, 1),
    "8": (7, 5, 7, 5, 7),
    "9": (7, 5, 7, 1, 7),
    "J": (1, 1, 1, 5, 7),
    "A": (7, 5, 7, 5, 5),
    "-": (0, 0, 7, 0, 0),
}
_CARD_W, _CARD_H, _GAP = 18, 22, 3
_COLOURS: Final = {
    "table": (22, 90, 50),
    "card": (245, 245, 235),
    "function": (190, 215, 245),
    "joker": (250, 225, 120),
    "ass": (240, 120, 110),
    "back": (40, 60, 140),
    "gap": (70, 110, 80),
    "ink": (20, 20, 20),
    "turn": (250, 200, 40),
}


def _text(image: np.ndarray[Any, Any], x: int, y: int, text: str, ink: tuple[int, ...]) -> None:
    for k, char in enumerate(text):
        for row, bits in enumerate(_GLYPHS.get(char, _GLYPHS["-"])):
            for col in range(3):
                if bits >> (2 - col) & 1:
                    left, top = x + 8 * k + 2 * col, y + 2 * row
                    image[top : top + 2, left : left + 2] = ink


def _card(image: np.ndarray[Any, Any], x: int, y: int, colour: str, label: str) -> None:
    image[y : y + _CARD_H, x : x + _CARD_W] = _COLOURS["ink"]
    image[y + 1 : y + _CARD_H - 1, x + 1 : x + _CARD_W - 1] = _COLOURS[colour]
    if label:
        width = 8 * len(label) - 2
        ink = _COLOURS["card" if colour == "back" else "ink"]
        _text(image, x + (_CARD_W - width) // 2, y + 6, label, ink)


def _picture(node: Episode) -> np.ndarray[Any, Any]:
    """The table as a referee sees it: the draw pile (its size) and the discard pile's top card,
    then each row, the player to move marked."""
    state = node.state
    t, faces = state.table, state.deck.faces
    longest = max(8, *(len(row) for row in t.rows))
    width = _GAP + (longest + 1) * (_CARD_W + _GAP)
    height = _GAP + (state.players + 1) * (_CARD_H + _GAP)
    image = np.empty((height, width, 3), np.uint8)
    image[:, :] = _COLOURS["table"]

    def face(card: int) -> tuple[str, str]:
        value = faces[card]
        if value == JOKER:
            return "joker", "J"
        if value == ASS_JOKER:
            return "ass", "A"
        return ("function" if value > 10 else "card"), str(value)

    x0 = _GAP + _CARD_W + _GAP
    _card(image, x0, _GAP, "back", str(len(t.draw)))
    if t.discard:
        _card(image, x0 + _CARD_W + _GAP, _GAP, *face(t.discard[-1]))
    mover = node.current_player
    for p, row in enumerate(t.rows):
        y = _GAP + (p + 1) * (_CARD_H + _GAP)
        if p == mover:
            image[y : y + _CARD_H, _GAP : _GAP + _CARD_W] = _COLOURS["turn"]
        _text(image, _GAP + 2, y + 6, str(p), _COLOURS["ink"])
        for s, card in enumerate(row):
            x = x0 + s * (_CARD_W + _GAP)
            if card < 0:
                _card(image, x, y, "gap", "")
            else:
                _card(image, x, y, *face(card))
    return image

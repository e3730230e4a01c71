"""The PettingZoo environment: PettingZoo's own checks (``api_test``, ``seed_test``), and what it
says of the game: masks, rewards, truncation at the cap, renderings."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

with warnings.catch_warnings():
    # pettingzoo.test imports PettingZoo's own environments through a deprecated path.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from sabai_rules.frameworks.pettingzoo import env, raw_env  # noqa: E402
from sabai_rules.play.views import observation  # noqa: E402


@pytest.mark.rules("ruling.sequential-actions")
@pytest.mark.parametrize("mode", ["round", "game"])
@pytest.mark.parametrize("players", [2, 4, 12])
def test_pettingzoos_api_and_seed_tests_pass(players: int, mode: str) -> None:
    preset = {2: "current", 4: "older", 12: "simplified"}[players]
    with warnings.catch_warnings():
        # The warnings every classic environment with dict observations gets outside
        # PettingZoo's own list of them.
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably should be")
        api_test(env(players=players, preset=preset, mode=mode), num_cycles=300)
        seed_test(lambda: env(players=players, preset=preset, mode=mode), num_cycles=300)


def _run(table: Any, rng: random.Random) -> tuple[dict[str, float], int]:
    """Play ``table`` out at random; each agent's rewards added up, and the steps."""
    gained: dict[str, float] = dict.fromkeys(table.possible_agents, 0.0)
    steps = 0
    for agent in table.agent_iter():
        seen, reward, terminated, truncated, _ = table.last()
        gained[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(seen["action_mask"])
        table.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return gained, steps


@pytest.mark.rules("round-end.victory-points", "ruling.knowledge-model")
def test_observations_masks_and_rewards_are_the_engines() -> None:
    table = raw_env(players=3, mode="game", max_turns=15)
    table.reset(seed=3)
    node = table.node
    assert node is not None
    seen = table.observe("player_2")
    assert seen["observation"].dtype == np.float32
    engine = observation(node.state, 2)
    assert list(seen["observation"][: len(engine)]) == list(engine)
    mover = table.agent_selection
    mask = table.observe(mover)["action_mask"]
    assert list(np.flatnonzero(mask)) == list(node.legal_indices())
    others = [a for a in table.agents if a != mover]
    assert all(not table.observe(a)["action_mask"].any() for a in others)
    gained, _ = _run(table, random.Random(3))
    final = table.unwrapped.node
    assert final.is_over
    assert [gained[a] for a in table.possible_agents] == list(final.game.victory_points)


@pytest.mark.rules("round-end.victory-points")
def test_rewards_come_when_a_round_is_scored_and_are_zero_in_between() -> None:
    table = raw_env(players=3, mode="game", max_turns=6)
    table.reset(seed=5)
    rng = random.Random(5)
    scored = 0
    while table.agents:
        seen, _, done, cut, _ = table.last()
        if done or cut:
            table.step(None)
            continue
        before = table.node
        assert before is not None
        table.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
        after = table.node
        assert after is not None
        gained = [a - b for a, b in zip(after.gains, before.gains, strict=True)]
        assert [table.rewards[a] for a in table.possible_agents] == gained
        scored += any(gained)
    assert scored >= 2  # a game of several rounds, each scored at its end


@pytest.mark.rules("ruling.round-turn-cap")
def test_a_round_cut_by_the_turn_cap_is_a_truncation() -> None:
    table = raw_env(players=2, max_turns=1)
    rng = random.Random(0)
    truncated = terminated = 0
    for seed in range(15):
        table.reset(seed=seed)
        while table.agents:
            agent = table.agent_selection
            _, _, done, cut, _ = table.last()
            if done or cut:
                truncated += cut
                terminated += done
                table.step(None)
                continue
            node = table.node
            assert node is not None
            # Never call sabai sabai: the round then ends by the cap or an emptied row.
            moves = [
                i
                for i, m in zip(node.legal_indices(), node.legal_moves(), strict=True)
                if "Call" not in repr(m)
            ]
            assert agent == f"player_{node.current_player}"
            table.step(rng.choice(moves))
    assert truncated
    assert truncated + terminated == 2 * 15


def test_an_illegal_move_ends_the_episode_for_the_wrapped_environment() -> None:
    table = env(players=2)
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table.step(illegal)
    assert table.rewards[agent] == -1
    assert all(table.terminations.values())


def test_the_table_renders_as_text_and_as_a_picture() -> None:
    text = raw_env(players=3, render_mode="ansi")
    text.reset(seed=2)
    rendered = text.render()
    assert isinstance(rendered, str)
    assert "P0:" in rendered
    assert "to move: player_1" in rendered
    picture = raw_env(players=3, render_mode="rgb_array")
    picture.reset(seed=2)
    _run(picture, random.Random(2))
    image = picture.render()
    assert isinstance(image, np.ndarray)
    assert image.dtype == np.uint8
    assert image.ndim == 3
    assert image.shape[2] == 3
    assert raw_env(players=2).render() is None
    with pytest.raises(ValueError, match="render_mode must be one of"):
        raw_env(render_mode="human")

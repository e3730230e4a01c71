"""``python_sabai_sabai``, the OpenSpiel game: OpenSpiel's own checks (``random_sim_test``), its
Python MCTS and information-set MCTS playing it, and information sets that hold together."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from sabai_rules.frameworks.openspiel import PARAMETERS, SabaiSabaiGame  # noqa: E402
from sabai_rules.model.ruleset import PRESETS, Ruleset  # noqa: E402
from sabai_rules.play.episode import EpisodeSpec  # noqa: E402
from sabai_rules.play.views import observation  # noqa: E402
from tests.frameworks.test_episode import SMALL_DECK  # noqa: E402

NAME = "python_sabai_sabai"


def load(**params: Any) -> Any:
    return pyspiel.load_game(NAME, params)


@pytest.mark.rules("ruling.sequential-actions", "ruling.round-turn-cap", "ruling.reaction-cap")
@pytest.mark.parametrize("mode", ["round", "game"])
@pytest.mark.parametrize("players", [2, 4, 12])
@pytest.mark.parametrize("preset", PRESETS)
def test_openspiels_random_simulation_test_passes(preset: str, players: int, mode: str) -> None:
    """OpenSpiel's own checks on random games, serialization included: legal actions sorted and
    within the space, for the player to move alone; clones and deserialized states equal;
    chance outcomes summing to 1; returns within the bounds; no game longer than
    ``max_game_length``. Lazy chance at 4 players."""
    chance = "lazy" if players == 4 else "explicit"
    game = load(preset=preset, players=players, mode=mode, max_turns=30, chance=chance)
    pyspiel.random_sim_test(
        game, num_sims=2 if mode == "round" else 1, serialize=True, verbose=False
    )


def test_the_game_says_what_it_is() -> None:
    game = load(players=4)
    spec = EpisodeSpec.of(players=4)
    assert str(game) == (
        "python_sabai_sabai(chance=explicit,max_reactions=4,max_turns=100,mode=round,"
        "players=4,preset=current)"
    )
    assert game.num_players() == 4
    assert game.num_distinct_actions() == spec.moves == 15_055
    assert game.max_chance_outcomes() == 60
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == spec.max_length
    assert game.observation_tensor_shape() == [spec.observation_size]
    assert game.information_state_tensor_shape() == [spec.observation_size]
    game_mode = load(players=4, mode="game")
    assert (game_mode.min_utility(), game_mode.max_utility()) == (-4.0, 4.0)
    assert set(game.get_type().parameter_specification) == set(PARAMETERS)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"chance": "sampled"}, "OpenSpiel takes chance's outcomes"),
        ({"preset": "newest"}, "preset must be one of"),
        ({"players": 1}, "players"),
    ],
)
def test_a_game_that_cannot_be_is_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SabaiSabaiGame(params)


@pytest.mark.rules("setup.four-cards", "ruling.knowledge-model")
def test_chance_deals_card_by_card_and_the_tensor_is_the_engines_observation() -> None:
    game = load(players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 60
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    for card in range(60):
        state.apply_action(card)  # the deck in order
    assert not state.is_chance_node()
    node = state.node
    tensor = state.observation_tensor(1)
    engine = observation(node.state, 1)
    assert tensor[: len(engine)] == [float(v) for v in engine]
    assert state.information_state_tensor(1) == tensor
    assert state.observation_string(1) == node.observation_text(1)
    assert state.information_state_string(1) == state.observation_string(1)
    observer = make_observation(game)
    observer.set_from(state, 1)
    assert list(observer.tensor) == tensor
    assert observer.parts["rows"].shape == (2, 59, 3)
    # No seat 2 at a table of two, and a bool is no seat: refused, the tensor as it was.
    for seat, error in ((2, ValueError), (-1, ValueError), (True, TypeError)):
        with pytest.raises(error, match="player must be a seat"):
            observer.set_from(state, seat)
        assert list(observer.tensor) == tensor
    assert state.legal_actions() == list(node.legal_indices())
    assert state.action_to_string(1, state.legal_actions()[-1]) == "Decline(actor=1)"


@pytest.mark.rules("ruling.sequential-actions")
@pytest.mark.parametrize("mode", ["round", "game"])
def test_the_states_own_answers_are_openspiels(mode: str) -> None:
    """``is_chance_node``, ``legal_actions``, ``rewards`` and the tensors, answered from Python,
    are OpenSpiel's C++ answers at every node of a few games: the chance outcomes at a chance node
    whoever asks, the mover's moves, nobody else's, none at the end, OpenSpiel's error for a
    pseudo-player; the returns once it is over, else zeros; each player's tensor, and the mover's
    without a player."""
    game = load(players=3, mode=mode, max_turns=15)
    base = pyspiel.State
    rng = random.Random(7)
    kinds = set()
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            assert state.is_chance_node() is base.is_chance_node(state)
            assert state.legal_actions() == base.legal_actions(state)
            assert state.rewards() == base.rewards(state)
            kinds.add("rewarded" if any(state.rewards()) else "other")
            for mine, theirs in (
                (state.observation_tensor, base.observation_tensor),
                (state.information_state_tensor, base.information_state_tensor),
            ):
                for player in range(3):
                    tensor = mine(player)
                    assert tensor == theirs(state, player)
                    assert {type(v) for v in tensor} == {float}
                if state.is_player_node():
                    assert mine() == theirs(state)
                else:
                    with pytest.raises(pyspiel.SpielError):
                        mine()
                with pytest.raises(pyspiel.SpielError):
                    mine(3)
            for player in (*range(3), int(pyspiel.PlayerId.CHANCE)):
                if player < 0 and state.is_player_node():
                    with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                        state.legal_actions(player)
                    kinds.add("refused")
                    continue
                found = state.legal_actions(player)
                assert type(found) is list
                assert found == base.legal_actions(state, player)
                kinds.add("mover" if found and player == state.current_player() else "other")
            if state.is_terminal():
                assert state.legal_actions(0) == [] == state.legal_actions()
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert kinds == {"mover", "other", "refused", "rewarded"}


@pytest.mark.rules("round-end.victory-points")
def test_returns_are_the_rounds_victory_points_once_it_is_over() -> None:
    game = load(players=3, mode="game", max_turns=20)
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0, 0.0]
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [float(v) for v in state.node.game.victory_points]
    again = pickle.loads(pickle.dumps(state.node))
    assert again == state.node


def _play(game: Any, bots: dict[int, Any], rng: random.Random) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        elif state.current_player() in bots:
            state.apply_action(bots[state.current_player()].step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return list(state.returns())


def test_openspiels_mcts_plays_games() -> None:
    game = load(players=2, max_turns=12)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(0))
    rng = random.Random(0)
    for _ in range(2):
        returns = _play(game, {0: bot}, rng)
        assert -1 <= min(returns) <= max(returns) <= 1


@pytest.mark.rules("ruling.knowledge-model")
def test_information_set_mcts_plays_games_on_sampled_states() -> None:
    """ISMCTS samples the states a player cannot tell apart (``resample_from_infostate``): every
    sample it searches has the player's information state and legal actions."""
    game = load(players=3, max_turns=12)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, 8, max_world_samples=4, random_state=np.random.RandomState(1)
    )
    rng = random.Random(1)
    for _ in range(2):
        returns = _play(game, {1: bot}, rng)
        assert -1 <= min(returns) <= max(returns) <= 1


@pytest.mark.rules("ruling.knowledge-model")
@pytest.mark.parametrize("preset", ["current", "older"])
def test_every_information_set_has_one_player_one_set_of_actions_one_observation(
    preset: str,
) -> None:
    """On a deck of 14 cards, many deals meet in the same information sets: within each set
    (the information state string of the player to move) the player, the legal actions and the
    observation tensor are the same, and so they are in the states sampled from it."""
    rules = Ruleset.preset(preset).with_options(deck=SMALL_DECK)
    spec = EpisodeSpec.of(players=2, ruleset=rules, max_turns=10)
    game = SabaiSabaiGame(spec=spec)
    rng = random.Random(2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sets: dict[str, tuple[int, list[int], list[float]]] = {}
    met = 0
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            key = state.information_state_string(player)
            seen = (player, state.legal_actions(), state.information_state_tensor(player))
            met += key in sets
            assert sets.setdefault(key, seen) == seen, key
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == key
            assert (sample.current_player(), sample.legal_actions()) == seen[:2]
            state.apply_action(rng.choice(state.legal_actions()))
    assert met > 100  # the test compares sets met more than once

"""The episode the frameworks play: the reaction order, the moves by index, chance, observations,
returns, bounds and determinization, all the engine's (the adapters only translate it)."""

from __future__ import annotations

import copy
import pickle
import random
import struct
from collections import Counter

import pytest

from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Action, Draw, Pass, Peek, apply, apply_chance, legal_actions
from sabai_rules.play.episode import CHANCE, NO_PLAYER, Episode, EpisodeSpec
from sabai_rules.play.scoring import round_utilities, score_round
from sabai_rules.play.sequential import Decline, SequentialState
from sabai_rules.play.views import observation

#: A deck of 14 cards: the function cards twice, a joker and the Ass Joker.
SMALL_DECK = DeckSpec(first_rank=9, last_rank=14, copies=2, plain_jokers=1)


def play(node: Episode, rng: random.Random) -> Episode:
    """``node`` after one uniformly random move or chance outcome."""
    if node.current_player == CHANCE:
        outcomes = node.chance_outcomes()
        return node.child_chance(outcomes[rng.randrange(len(outcomes))])
    indices = node.legal_indices()
    return node.child(indices[rng.randrange(len(indices))])


@pytest.mark.rules("ruling.sequential-actions")
@pytest.mark.parametrize("chance", ["sampled", "explicit", "lazy"])
@pytest.mark.parametrize("preset", ["current", "older", "simplified"])
def test_an_episode_asks_in_the_order_of_the_sequence_and_numbers_its_moves(
    preset: str, chance: str
) -> None:
    """At every node the player to move and their moves are those of ``SequentialState``; the
    indices are the space's, increasing; the actions, declines left out, replay on the engine."""
    for players in (2, 4, 12):
        spec = EpisodeSpec.of(players=players, preset=preset, chance=chance, max_turns=30)
        space = spec.space
        for seed in range(2):
            rng = random.Random(seed)
            node = Episode.start(spec, seed=seed)
            state = node.state
            actions: list[Action | int] = []
            while not node.is_over:
                player = node.current_player
                if player == CHANCE:
                    outcome = rng.choice(node.chance_outcomes())
                    actions.append(outcome)
                    node = node.child_chance(outcome)
                    continue
                sequence = SequentialState(node.state, node.declined)
                assert player == sequence.current_player
                moves = node.legal_moves()
                assert set(moves) == set(sequence.legal_moves())
                indices = node.legal_indices()
                assert list(indices) == sorted(set(indices))
                assert indices == tuple(space.move_index(m) for m in moves)
                index = rng.choice(indices)
                move = node.move(index)
                if not isinstance(move, Decline):
                    actions.append(move)
                node = node.child(index)
            for done in actions:
                state = apply_chance(state, done) if isinstance(done, int) else apply(state, done)
            assert state == node.state


@pytest.mark.rules("ruling.sequential-actions")
def test_what_a_player_is_waited_for_is_numbered_in_increasing_order_as_listed_or_not() -> None:
    """The engine lists a player's decisions then their passes; the episode numbers them in
    increasing order of index, each move beside its own index, whatever order it was given."""
    from sabai_rules.play.episode import _numbered  # noqa: PLC0415 - the numbering itself

    space = EpisodeSpec.of(players=4).space
    draw, peek, passing = Draw(0), Peek(0, 2), Pass(0)
    want = ((0, 535, 15052), (draw, peek, passing))
    assert tuple(space.move_index(m) for m in want[1]) == want[0]
    assert _numbered(space, (draw, peek, passing)) == want
    assert _numbered(space, (passing, draw, peek)) == want
    assert _numbered(space, (peek, passing, draw)) == want


@pytest.mark.rules("setup.four-cards", "ruling.draw-pile-exhausted")
def test_chance_lists_each_outcome_once_with_the_same_probability() -> None:
    """At every chance node of a game (the deals card by card, the reshuffles of the discard
    pile), each outcome with one over their number; nothing where the players decide."""
    spec = EpisodeSpec.of(players=4, mode="game", chance="explicit")
    rng = random.Random(4)
    node, kinds, counts = Episode.start(spec), Counter[str](), set()
    while not node.is_over:
        outcomes = node.chance_outcomes()
        listed = node.chance_distribution()
        if node.current_player == CHANCE:
            assert [o for o, _ in listed] == list(outcomes)
            assert {p for _, p in listed} == {1.0 / len(outcomes)}
            assert sum(p for _, p in listed) == pytest.approx(1.0)
            kinds[node.state.flow.pending.kind.value] += 1  # type: ignore[union-attr]
            counts.add(len(outcomes))
        else:
            assert outcomes == ()
            assert listed == []
        node = play(node, rng)
    assert node.chance_distribution() == []
    assert kinds["deal"] > 200
    assert kinds["reshuffle"] > 0
    assert len(counts) > 40  # chance nodes of many sizes


@pytest.mark.rules("round-end.victory-points", "ruling.round-turn-cap", "ruling.reaction-cap")
@pytest.mark.parametrize("preset", ["current", "older", "simplified"])
@pytest.mark.parametrize("players", [2, 4, 12])
def test_an_episode_ends_within_its_bounds_with_the_rounds_utilities(
    preset: str, players: int
) -> None:
    """A round's return is its utilities; a game's, their sum over the rounds (under victory
    points, the game's victory points); every episode within ``max_length`` moves and its
    returns within the utility bounds."""
    for mode in ("round", "game"):
        spec = EpisodeSpec.of(players=players, preset=preset, mode=mode, max_turns=25)
        low, high = spec.utility_bounds
        rng = random.Random(players)
        node = Episode.start(spec, seed=players)
        moves = 0
        while not node.is_over:
            moves += node.current_player != CHANCE
            node = play(node, rng)
        assert moves <= spec.max_length
        assert node.current_player == NO_PLAYER
        assert node.legal_indices() == ()
        assert all(low <= g <= high for g in node.returns())
        if mode == "round":
            assert node.returns() == round_utilities(score_round(node.state), spec.ruleset)
        else:
            assert node.game is not None
            assert node.game.is_over
            rounds = node.game.rounds
            gains = [round_utilities(result, spec.ruleset) for result in rounds]
            summed = [sum(g[p] for g in gains) for p in range(players)]
            assert list(node.returns()) == summed
            if spec.ruleset.scoring == "victory_points":
                assert node.returns() == node.game.victory_points


@pytest.mark.rules("ruling.round-turn-cap")
def test_a_round_cut_by_the_turn_cap_is_truncated_and_scored() -> None:
    spec = EpisodeSpec.of(players=2, max_turns=1, chance="sampled")
    rng = random.Random(0)
    truncated = 0
    for seed in range(20):
        node = Episode.start(spec, seed=seed)
        while not node.is_over:
            indices = node.legal_indices()
            # Never call: the round then ends only by the cap (or an empty row).
            calls = {spec.space.move_index(m) for m in node.legal_moves() if "Call" in repr(m)}
            node = node.child(rng.choice([i for i in indices if i not in calls]))
        truncated += node.truncated
        assert node.truncated == (node.state.flow.status.end == "forced")
    assert truncated


@pytest.mark.rules("ruling.knowledge-model")
def test_the_observation_is_the_engines_then_the_asking_then_the_game() -> None:
    spec = EpisodeSpec.of(players=3, mode="game", chance="sampled")
    node = Episode.start(spec, seed=5).child(spec.decline)
    for player in range(3):
        seen = node.observation(player)
        assert len(seen) == spec.observation_size
        engine = observation(node.state, player)
        assert seen[: len(engine)] == engine
        assert seen[len(engine) :] == (0, 1, 0, 0, 3, 0, 0, 0)  # P1 declined; round 1 of 3
        text = node.observation_text(player)
        assert "declined: P1" in text
        assert "rounds 0 of 3" in text


@pytest.mark.rules("ruling.knowledge-model")
def test_the_observation_as_floats_is_the_observation_value_for_value() -> None:
    """Through a whole game, its end included (points below zero too), what each player
    observes, as OpenSpiel's floats and as C floats written into a buffer, is their
    observation."""
    spec = EpisodeSpec.of(players=3, mode="game", chance="sampled")
    rng = random.Random(0)
    node, checked, negative = Episode.start(spec, seed=0), 0, False
    buffer = bytearray(4 * spec.observation_size)
    while True:
        for player in range(3):
            seen = node.observation(player)
            floats = node.observation_floats(player)
            assert floats == [float(v) for v in seen]
            assert all(type(v) is float for v in floats)
            assert node.observation_into(player, memoryview(buffer)) == len(buffer)
            assert list(struct.unpack(f"{len(seen)}f", buffer)) == floats
            negative = negative or min(seen) < 0
            checked += 1
        if node.is_over:
            break
        node = play(node, rng)
    assert checked > 300
    assert negative  # a player's points below zero, a value no byte holds


def test_a_buffer_too_short_for_the_asking_or_the_game_is_refused_untouched() -> None:
    """The engine's part would fit, who declined and the game's would not: nothing is written."""
    spec = EpisodeSpec.of(players=3, mode="game", chance="sampled")
    node = Episode.start(spec, seed=5).child(spec.decline)
    buffer = bytearray(b"\xff" * (4 * spec.observation_size - 4))
    with pytest.raises(ValueError, match=f"buffer holds {len(buffer)} bytes"):
        node.observation_into(0, memoryview(buffer))
    assert buffer == b"\xff" * len(buffer)


@pytest.mark.rules("ruling.knowledge-model")
@pytest.mark.parametrize("preset", ["current", "older"])
def test_a_resampled_node_looks_the_same_to_its_player_and_offers_the_same_moves(
    preset: str,
) -> None:
    """Determinization on a small deck: wherever a player moves, the nodes sampled for them give
    the same observation and text, the same player to move and the same moves."""
    rules = Ruleset.preset(preset).with_options(deck=SMALL_DECK)
    spec = EpisodeSpec.of(players=2, ruleset=rules, max_turns=12)
    rng = random.Random(1)
    differed = 0
    for seed in range(6):
        node = Episode.start(spec, seed=seed)
        while not node.is_over:
            player = node.current_player
            if player != CHANCE:
                for _ in range(3):
                    sample = node.resample(player, rng)
                    assert sample.current_player == player
                    assert sample.legal_indices() == node.legal_indices()
                    assert sample.observation(player) == node.observation(player)
                    assert sample.observation_text(player) == node.observation_text(player)
                    differed += sample.state.table != node.state.table
            node = play(node, rng)
    assert differed


def test_a_node_is_a_value() -> None:
    spec = EpisodeSpec.of(players=4, mode="game")
    node = Episode.start(spec)
    rng = random.Random(2)
    for _ in range(80):
        node = play(node, rng)
    assert copy.deepcopy(node) is node
    again = pickle.loads(pickle.dumps(node))
    assert again == node
    assert again.legal_indices() == node.legal_indices()
    assert again.observation(1) == node.observation(1)
    assert "declined" in node.describe()


def test_the_spec_refuses_what_no_framework_can_play() -> None:
    with pytest.raises(ValueError, match="preset must be one of current, older, simplified"):
        EpisodeSpec.of(preset="newer")
    with pytest.raises(ValueError, match="mode must be one of 'round', 'game', not 'match'"):
        EpisodeSpec.of(mode="match")
    with pytest.raises(ValueError, match="chance must be one of"):
        EpisodeSpec.of(chance="dice")
    with pytest.raises(ValueError, match="max_turns"):
        EpisodeSpec.of(max_turns=0)
    with pytest.raises(ValueError, match="players"):
        EpisodeSpec.of(players=13)
    with pytest.raises(ValueError, match="both caps"):
        EpisodeSpec(Ruleset().with_options(nose_race="random"), 4)
    with pytest.raises(ValueError, match="cannot time reflexes"):
        EpisodeSpec(Ruleset().with_options(max_round_turns=9, max_turn_reactions=2), 4)
    # A recorded nose race becomes chance's; "off" stays off.
    assert EpisodeSpec.of().ruleset.nose_race == "random"
    off = Ruleset().with_options(nose_race="off")
    assert EpisodeSpec.of(ruleset=off).ruleset.nose_race == "off"


def test_a_move_that_is_not_the_players_now_is_refused_in_one_line() -> None:
    spec = EpisodeSpec.of(players=3)
    node = Episode.start(spec)
    with pytest.raises(ValueError, match=r"no move of anybody \(chance decides\) now"):
        node.child(0)
    node = Episode.start(EpisodeSpec.of(players=3, chance="sampled"), seed=1)
    assert node.current_player == 1
    draw = spec.space.move_index(legal_actions(node.state).decisions[0])
    with pytest.raises(ValueError, match="no move of P1 now"):
        node.child(draw)  # P1 is first asked whether to act out of turn


def test_a_bool_is_no_seat_and_no_number_in_either_build() -> None:
    """``True`` is an ``int`` to Python but no seat: refused, naming the argument, by the pure
    package and by the compiled build alike (mypyc would turn it into 1 before a check)."""
    with pytest.raises(TypeError, match="players must be an int, not bool"):
        EpisodeSpec.of(players=True)
    with pytest.raises(TypeError, match="max_turns must be an int, not bool"):
        EpisodeSpec.of(max_turns=True)
    spec = EpisodeSpec.of(players=3)
    node = Episode.start(spec)
    with pytest.raises(TypeError, match="outcome must be an int, not bool"):
        node.child_chance(True)
    node = Episode.start(EpisodeSpec.of(players=3, chance="sampled"), seed=1)
    node.observation(1)  # seat 1's observation is cached: True must not find it
    for ask in (node.observation, node.observation_text, node.observation_parts):
        with pytest.raises(TypeError, match="player must be a seat"):
            ask(True)
    with pytest.raises(TypeError, match="player must be a seat"):
        node.observation_into(True, memoryview(bytearray(4 * spec.observation_size)))
    with pytest.raises(TypeError, match="player must be a seat"):
        node.resample(True, random.Random(0))

"""The library under threads: its caches (the last list of legal actions, the views' tables of
codes and masks, the enumeration's lists) are shared by every thread of a process, and must give
each thread what it would get alone. Several threads play separate games, then walk the same
states at once; every answer is compared with the one a single thread gives. The interpreter is
asked to switch threads as often as it can, so that one thread's list is often replaced by
another's between a listing and the action taken from it."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import apply, deal, legal_actions, to_move
from sabai_rules.play.position import position
from sabai_rules.play.views import observation, view
from sabai_rules.state import State

THREADS = 6
RULES = Ruleset().with_options(nose_race="random")


@pytest.fixture(autouse=True)
def _switch_often() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _playout(seed: int) -> list[tuple[str, tuple[int, ...], str]]:
    """A round of four players, each step chosen by a seeded uniform policy among every legal
    action: after each step, the table in the position notation, what the active player observes
    and whom the game waits for."""
    state = deal(RULES, 4, dealer=seed % 4, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        actions = legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])
        mover = state.flow.turn
        out.append((position(state), observation(state, mover), repr(to_move(state))))
    return out


def _answers(state: State) -> tuple[object, ...]:
    """Everything a thread asks of one state: every legal action (throw-ins included), the state
    after each, and each player's view and observation."""
    actions = tuple(legal_actions(state))
    return (
        actions,
        tuple(position(apply(state, a)) for a in actions),
        tuple(view(state, p, actions=True) for p in range(state.players)),
        tuple(observation(state, p) for p in range(state.players)),
    )


def test_threads_playing_separate_games_play_them_as_one_thread_does() -> None:
    seeds = list(range(2 * THREADS))
    alone = [_playout(seed) for seed in seeds]
    with ThreadPoolExecutor(THREADS) as pool:
        together = list(pool.map(_playout, seeds))
    assert together == alone


def test_threads_asking_about_the_same_states_get_the_answers_one_thread_gets() -> None:
    state = deal(RULES, 4, dealer=0, seed=3)
    rng = random.Random(3)
    states = [state]
    while not state.is_over and len(states) < 40:
        actions = legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])
        states.append(state)
    alone = [_answers(s) for s in states]

    def walk(offset: int) -> list[tuple[object, ...]]:
        # Half the threads ask about the same state at the same moment, the others start
        # elsewhere, so that the threads both share and replace what the caches hold.
        order = states[offset:] + states[:offset]
        found = [_answers(s) for s in order]
        return found[len(states) - offset :] + found[: len(states) - offset]

    offsets = [0, 0, 0, len(states) // 3, len(states) // 2, 2 * len(states) // 3]
    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(walk, offsets))
    assert all(result == alone for result in results)


def test_threads_alternating_between_two_states_never_get_the_other_states_answers() -> None:
    """The one-slot caches (the last list, the last table's masks and codes) are replaced at every
    change of state: threads that alternate between two states, many times, replace them under
    each other as often as can be."""
    first = deal(RULES, 4, dealer=0, seed=8)
    second = apply(first, legal_actions(first)[0])
    states = (first, second)
    alone = [(tuple(legal_actions(s)), tuple(observation(s, p) for p in range(4))) for s in states]

    def hammer(start: int) -> bool:
        for k in range(start, start + 1000):
            s = states[k % 2]
            if (tuple(legal_actions(s)), tuple(observation(s, p) for p in range(4))) != alone[
                k % 2
            ]:
                return False
        return True

    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(hammer, range(THREADS)))

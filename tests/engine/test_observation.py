"""Observations and determinization: what a learning or search framework sees of a state, as a
fixed-length tuple, and states a player cannot tell from the real one."""

from __future__ import annotations

import random
import struct

import pytest

from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Draw, Play, ThrowIn, apply, deal, legal_actions
from sabai_rules.play.layout import layout
from sabai_rules.play.position import read_position
from sabai_rules.play.views import (
    OBSERVATION_HEADER,
    observation,
    observation_into,
    observation_parts,
    observation_size,
    sample_consistent_state,
    view,
)
from tests.engine.support import play

HEADER = len(OBSERVATION_HEADER)


@pytest.mark.parametrize("players", [2, 4, 12])
@pytest.mark.parametrize("preset", ["current", "older"])
def test_every_observation_has_the_announced_length(preset: str, players: int) -> None:
    rules = Ruleset.preset(preset)
    state = deal(rules, players, dealer=0, seed=players)
    size = observation_size(rules, players)
    assert {len(observation(state, p)) for p in range(players)} == {size}
    assert size == HEADER + 3 * players + 16 + players * 59 * (1 + players)


@pytest.mark.rules("ruling.knowledge-model", "ruling.public-information")
def test_a_slot_shows_its_face_only_to_a_player_who_has_seen_it() -> None:
    """P0 has seen their slot 1 (a 7); P1 has not. Slot codes: 2 unseen, 2 + face code seen."""
    state = layout(rows=[["3", "7"], ["4", "5"]], discard=["2"], turn=0, seen={0: [(0, 1)]})
    rows = HEADER + 3 * 2 + 16
    mine, theirs = observation(state, 0), observation(state, 1)
    slot_1 = rows + 1 * (1 + 2)  # P0's row, slot 1: the slot, then who has seen it
    assert mine[slot_1 : slot_1 + 3] == (2 + 7, 1, 0)  # face code of 7 is 7 (faces 1..14 first)
    assert theirs[slot_1 : slot_1 + 3] == (2, 1, 0)  # P1 sees that P0 has seen it, not what
    assert mine[rows : rows + 3] == theirs[rows : rows + 3] == (2, 0, 0)


@pytest.mark.rules("ruling.public-information")
def test_the_header_says_what_the_table_knows() -> None:
    state = layout(rows=[["3", "7"], ["4", "5"]], discard=["2"], held="11", turn=0)
    state = play(state, Play(0))
    seen = dict(zip(OBSERVATION_HEADER, observation(state, 1), strict=False))
    assert seen["top"] == 11
    assert (seen["queue"], seen["queue_kind"], seen["queue_player+1"]) == (1, 1, 1)
    assert seen["queue_detail"] == 11  # the peek's face code
    assert seen["turns"] == 1
    after = apply(state, ThrowIn(1, 1, 0))  # a wrong 4: shown, taken back, a penalty card
    seen = dict(zip(OBSERVATION_HEADER, observation(after, 0), strict=False))
    assert (seen["motion+1"], seen["reactions"]) == (2, 1)


@pytest.mark.rules("ruling.knowledge-model")
def test_a_consistent_state_hides_nothing_from_its_player_and_moves_only_unseen_cards() -> None:
    state = deal(players=4, dealer=0, seed=5)
    state = apply(state, Draw(1))
    rng = random.Random(3)
    samples = [sample_consistent_state(state, 1, rng) for _ in range(20)]
    for sample in samples:
        assert view(sample, 1, actions=True) == view(state, 1, actions=True)
        assert observation(sample, 1) == observation(state, 1)
        assert sample.table.held == state.table.held  # P1 drew it and knows it
        # Nothing from which the real deal could be worked out: not the seed, not the generator.
        assert sample.setup.seed != state.setup.seed
        assert sample.flow.status.rng != state.flow.status.rng
    # The cards P1 has not seen do move: some sample differs from the real deal.
    assert any(s.table.rows != state.table.rows for s in samples)
    assert any(s.table.draw != state.table.draw for s in samples)


def test_a_seat_not_at_the_table_has_no_observation_or_sample() -> None:
    state = deal(players=2, dealer=0, seed=1)
    with pytest.raises(ValueError, match="player must be a seat from 0 to 1, not 2"):
        observation(state, 2)
    with pytest.raises(ValueError, match="player must be a seat from 0 to 1, not 2"):
        sample_consistent_state(state, 2, random.Random(0))


@pytest.mark.parametrize("players", [2, 4, 12])
def test_the_parts_of_an_observation_are_the_observation_with_its_rows_as_bytes(
    players: int,
) -> None:
    """Frameworks fill arrays from the two parts: the header, the players and the discard pile,
    then the rows, one byte per value."""
    rules = Ruleset().with_options(max_round_turns=20, max_turn_reactions=2)
    rng = random.Random(players)
    state = deal(rules, players, dealer=0, seed=players)
    rows_size = players * 59 * (1 + players)
    while not state.is_over:
        for p in range(players):
            head, rows = observation_parts(state, p)
            assert type(rows) is bytes
            assert len(rows) == rows_size
            assert tuple(head) + tuple(rows) == observation(state, p)
        legal = list(legal_actions(state))
        state = apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 4, 12])
def test_an_observation_written_into_a_buffer_is_the_observation_as_c_floats(
    players: int,
) -> None:
    """Frameworks that hold a float array have the observation written into it in place, value
    for value; nothing past it is touched."""
    rules = Ruleset().with_options(max_round_turns=20, max_turn_reactions=2)
    rng = random.Random(players)
    state = deal(rules, players, dealer=0, seed=players)
    size = observation_size(rules, players)
    buffer = bytearray(4 * size + 3)
    while not state.is_over:
        for p in range(players):
            buffer[-3:] = b"end"
            assert observation_into(state, p, memoryview(buffer)) == 4 * size
            written = struct.unpack(f"{size}f", buffer[: 4 * size])
            assert written == tuple(float(v) for v in observation(state, p))
            assert buffer[-3:] == b"end"
        legal = list(legal_actions(state))
        state = apply(state, legal[rng.randrange(len(legal))])


def test_observations_of_tables_with_decks_of_other_sizes_stay_apart() -> None:
    """Observations asked in turn of two tables whose decks have the same faces but not the same
    number of cards (four copies of each rank, then eight): each has its own length, its rows
    padded to its own deck's longest row, value for value what ``observation`` says."""
    small = Ruleset().with_options(
        deck=DeckSpec(copies=4), max_round_turns=12, max_turn_reactions=2
    )
    large = Ruleset().with_options(
        deck=DeckSpec(copies=8), max_round_turns=12, max_turn_reactions=2
    )
    rng = random.Random(5)
    states = [deal(small, 3, dealer=0, seed=1), deal(large, 3, dealer=0, seed=2)]
    sizes = [observation_size(small, 3), observation_size(large, 3)]
    assert sizes[0] < sizes[1]
    while not all(state.is_over for state in states):
        for k, state in enumerate(states):
            for p in range(3):
                buffer = bytearray(4 * sizes[k])
                assert observation_into(state, p, memoryview(buffer)) == 4 * sizes[k]
                expected = observation(state, p)
                assert len(expected) == sizes[k]
                assert struct.unpack(f"{sizes[k]}f", buffer) == tuple(map(float, expected))
                head, rows = observation_parts(state, p)
                assert tuple(head) + tuple(rows) == expected
            if not state.is_over:
                legal = list(legal_actions(state))
                states[k] = apply(state, legal[rng.randrange(len(legal))])


def test_a_buffer_that_cannot_hold_the_observation_is_refused_untouched() -> None:
    state = deal(players=2, dealer=0, seed=1)
    size = 4 * observation_size(Ruleset(), 2)
    buffer = bytearray(b"\xff" * size)
    refusals: list[tuple[object, type[Exception], str]] = [
        (buffer, TypeError, "buffer must be a writable memoryview of bytes .*, not bytearray"),
        (memoryview(bytes(size)), TypeError, "buffer must be a writable memoryview"),
        (memoryview(buffer).cast("f"), TypeError, "buffer must be a writable memoryview"),
        (memoryview(buffer)[:-1], ValueError, f"buffer holds {size - 1} bytes, {size} are to be"),
    ]
    for given, error, message in refusals:
        with pytest.raises(error, match=message):
            observation_into(state, 0, given)  # type: ignore[arg-type]
        assert buffer == b"\xff" * size
    with pytest.raises(ValueError, match="player must be a seat from 0 to 1, not 2"):
        observation_into(state, 2, memoryview(buffer))
    assert buffer == b"\xff" * size


@pytest.mark.rules("ass-joker.drawn-into-empty-row", "throw-in.interception")
def test_a_top_card_drawn_past_shows_in_the_observation_as_the_moves_it_closes_do() -> None:
    """Older edition: the 7 on the pile was drawn past by a turn that kept the Ass Joker into an
    empty row. Ben may no longer throw in his 7 onto it, and his observation says why; the same
    table with the 7 just played lets him."""
    text = "older / Anna: AJ / Ben: 7 9 / pile top 7 / dealer Anna / turns 3"
    fresh = read_position(text).state
    stale = read_position(f"{text} / stale").state
    throw = ThrowIn(1, 1, 0)
    assert throw in legal_actions(fresh).throw_ins
    assert throw not in legal_actions(stale).throw_ins
    column = OBSERVATION_HEADER.index("stale")
    assert (observation(fresh, 1)[column], observation(stale, 1)[column]) == (0, 1)
    assert observation(fresh, 1) != observation(stale, 1)

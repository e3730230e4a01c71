"""The seeded generator is the one its records name (``shake256-fisher-yates/1``): the module's
arithmetic, on 32-bit halves, gives exactly what the documented definition gives on 64-bit words,
so that every recorded seed deals and reshuffles what it always did."""

from __future__ import annotations

import hashlib
import random
import struct

import pytest

from sabai_rules.model import chance

_SPAN = 1 << 64


def _words(state: int, count: int) -> tuple[list[int], int]:
    """The definition: ``count`` 64-bit words of SHAKE-256(key || counter), and the next state."""
    key, counter = state >> 32, state & 0xFFFFFFFF
    data = hashlib.shake_256(key.to_bytes(16, "big") + counter.to_bytes(4, "big")).digest(8 * count)
    return list(struct.unpack(f">{count}Q", data)), key << 32 | (counter + 1) & 0xFFFFFFFF


def _below(state: int, n: int) -> tuple[int, int]:
    while True:
        (word,), state = _words(state, 1)
        if word < _SPAN - _SPAN % n:
            return state, word % n


def _shuffled(items: range, state: int) -> tuple[tuple[int, ...], int]:
    cards = list(items)
    words, state = _words(state, 2 * len(cards) + 8)
    position = 0
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        while True:
            if position == len(words):
                words, state = _words(state, 2 * len(cards) + 8)
                position = 0
            word = words[position]
            position += 1
            if word < _SPAN - _SPAN % n:
                break
        j = word % n
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state


SIZES = (1, 2, 3, 7, 52, 60, 64, 128, 240)
BOUNDS = (1, 2, 3, 4, 12, 60, 2**31 - 1, 2**32 - 1, 2**32, 3 * 2**31 + 7, 2**63 + 5, 2**64)


def test_shuffles_and_draws_are_the_definitions_on_64_bit_words() -> None:
    rng = random.Random(2026)
    for trial in range(300):
        state = chance.seed_state(rng.getrandbits(64), trial)
        for size in SIZES:
            assert chance.shuffled(range(size), state) == _shuffled(range(size), state)
        for n in BOUNDS:
            assert chance.below(state, n) == _below(state, n)


def _first_word(word: int, words: int = 1) -> type:
    """SHAKE-256 whose first ``words`` words at counter 0 are ``word``, and as defined everywhere
    else."""

    class FirstWords:
        def __init__(self, data: bytes) -> None:
            self._xof = _REAL(data)
            self._forced = data[-4:] == bytes(4)

        def digest(self, length: int) -> bytes:
            data: bytes = self._xof.digest(length)
            if not self._forced:
                return data
            return (word.to_bytes(8, "big") * words + data[8 * words :])[:length]

    return FirstWords


_REAL = hashlib.shake_256


@pytest.mark.parametrize("n", [3, 5, 7, 9, 60, 2**32 - 1, 2**40 + 3, 2**64 - 1])
def test_a_word_at_or_above_the_last_multiple_is_drawn_again(
    monkeypatch: pytest.MonkeyPatch, n: int
) -> None:
    state = chance.seed_state(11)
    last = _SPAN - _SPAN % n  # the words from here up are refused: n does not divide 2**64
    for word, kept in ((last - 1, True), (last - 2**32, True), (last, False), (_SPAN - 1, False)):
        monkeypatch.setattr(hashlib, "shake_256", _first_word(word))
        drawn = chance.below(state, n)
        assert drawn == _below(state, n)
        # A kept word decides at once; a refused one is drawn again from the next counter.
        assert drawn[0] == state + (1 if kept else 2)
        if kept:
            assert drawn[1] == word % n
        if n <= 9:
            assert chance.shuffled(range(n), state) == _shuffled(range(n), state)


def test_a_power_of_two_refuses_no_word(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hashlib, "shake_256", _first_word(_SPAN - 1))
    state = chance.seed_state(11)
    assert chance.below(state, 8) == (state + 1, 7) == _below(state, 8)


@pytest.mark.parametrize("refused", [9, 10, 17, 18, 26])
def test_a_shuffle_short_of_words_reads_on_then_draws_the_next_stream(
    monkeypatch: pytest.MonkeyPatch, refused: int
) -> None:
    # Nine cards: a stream of 26 words, of which the shuffle reads 17 first.
    monkeypatch.setattr(hashlib, "shake_256", _first_word(_SPAN - 1, refused))
    state = chance.seed_state(11)
    assert chance.shuffled(range(9), state) == _shuffled(range(9), state)
    assert chance.shuffled(range(9), state)[1] == state + (1 if refused < 26 else 2)

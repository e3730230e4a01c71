"""Chance, made explicit and reproducible.

Everything random in a round — the deal, a reshuffle of the discard pile
(:rule:`ruling.draw-pile-exhausted`), the loser of a nose race in simulations
(:rule:`ruling.nose-race`) — comes from one documented generator whose state is part of the game
state, so that a seed and the actions replay a game exactly, on any Python version.

The generator is counter-based: its state is a 128-bit key and a counter, and each use reads a
fresh stream ``SHAKE-256(key || counter)`` (FIPS 202, in the standard library's :mod:`hashlib`)
and then advances the counter. A shuffle is Fisher-Yates over that stream's 64-bit words, with
rejection sampling so that every permutation is equally likely. The name and version go into
game records.

>>> shuffled(range(5), seed_state(7))[0]
(3, 1, 2, 0, 4)
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable
from typing import Final

__all__ = ["GENERATOR", "below", "seed_state", "shuffled"]

#: The generator's name and version, as written into records.
GENERATOR: Final = "shake256-fisher-yates/1"

_COUNTER_BITS: Final = 32
_COUNTER_MASK: Final = (1 << _COUNTER_BITS) - 1
_WORD: Final = 8
_SPAN: Final = 1 << 64


def seed_state(seed: int | str, *salt: int | str) -> int:
    """The generator state for ``seed`` (an integer or a text) and optional salt (the round
    number, say): a key from SHA-256 of their text, counter 0."""
    text = "/".join(str(part) for part in (seed, *salt))
    key = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:16], "big")
    return key << _COUNTER_BITS


def _stream(state: int, words: int) -> tuple[list[int], int]:
    """``words`` 64-bit words of the state's stream, and the next state."""
    key, counter = state >> _COUNTER_BITS, state & _COUNTER_MASK
    data = hashlib.shake_256(key.to_bytes(16, "big") + counter.to_bytes(4, "big")).digest(
        words * _WORD
    )
    values = list(struct.unpack(f">{words}Q", data))
    return values, (key << _COUNTER_BITS) | ((counter + 1) & _COUNTER_MASK)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)``: ``(new_state, value)``."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _SPAN - (_SPAN % n)
    while True:
        (value, *_), state = _stream(state, 1)
        if value < limit:
            return state, value % n


def shuffled(items: Iterable[int], state: int) -> tuple[tuple[int, ...], int]:
    """``items`` in a uniformly random order (Fisher-Yates): ``(shuffled, new_state)``."""
    cards = list(items)
    count = len(cards)
    words, state = _stream(state, 2 * count + 8)
    position = 0
    for i in range(count - 1, 0, -1):
        n = i + 1
        limit = _SPAN - (_SPAN % n)
        while True:
            if position == len(words):  # astronomically rare: more rejections than words
                words, state = _stream(state, 2 * count + 8)
                position = 0
            value = words[position]
            position += 1
            if value < limit:
                break
        j = value % n
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state

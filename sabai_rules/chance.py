"""Chance, made explicit and reproducible.

Everything random in a round — the deal, a reshuffle of the discard pile
(:rule:`ruling.draw-pile-exhausted`), the loser of a nose race in simulations
(:rule:`ruling.nose-race`) — comes from one documented generator whose state is part of the game
state, so that a seed and the actions replay a game exactly, on any Python version.

The generator is SplitMix64 (Steele, Lea and Flood, 2014); a shuffle is Fisher-Yates with
rejection sampling (no modulo bias). Its name and version go into game records.

>>> shuffled(range(5), seed_state(7))[0]
(3, 1, 0, 2, 4)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Final

__all__ = ["GENERATOR", "below", "next64", "seed_state", "shuffled"]

#: The generator's name and version, as written into records.
GENERATOR: Final = "splitmix64-fisher-yates/1"

_MASK: Final = (1 << 64) - 1


def seed_state(seed: int | str, *salt: int | str) -> int:
    """The generator state for ``seed`` (an integer or a text) and optional salt (the round
    number, say): the first 8 bytes of SHA-256 of their text, so that nearby seeds give unrelated
    streams."""
    text = "/".join(str(part) for part in (seed, *salt))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def next64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: ``(new_state, 64-bit output)``."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)``: ``(new_state, value)``."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next64(state)
        if value < limit:
            return state, value % n


def shuffled(items: Iterable[int], state: int) -> tuple[tuple[int, ...], int]:
    """``items`` in a uniformly random order (Fisher-Yates): ``(shuffled, new_state)``.

    The same draws as calling :func:`below` for ``i + 1`` from the last index down, written out
    because a deal is a shuffle of the whole deck."""
    cards = list(items)
    mask = _MASK
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state

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

A seed is an integer of at most :data:`MAX_SEED_BITS` bits or a text of at most
:data:`MAX_SEED_CHARS` characters (:func:`check_seed`). The key is SHA-256 of the seed's text, so
a text that spells an integer (``"7"``) would deal what that integer deals: such texts are
refused, and every other seed keeps the game it always had. A seed nobody gave is drawn from the
operating system (:func:`new_seed`); :func:`is_guessable` says whether a seed is small enough to
be found by trying them all, which gives away every hidden card of a game to anybody who knows
some of its cards.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
from collections.abc import Iterable
from typing import Final

__all__ = [
    "GENERATOR",
    "MAX_SEED_BITS",
    "MAX_SEED_CHARS",
    "below",
    "canonical_seed",
    "check_seed",
    "is_guessable",
    "new_seed",
    "seed_state",
    "shuffled",
]

#: The generator's name and version, as written into records.
GENERATOR: Final = "shake256-fisher-yates/1"

_COUNTER_BITS: Final = 32
_COUNTER_MASK: Final = (1 << _COUNTER_BITS) - 1
_WORD: Final = 8
#: A 64-bit word is read as two 32-bit halves (see :func:`_stream`).
_HALF_SPAN: Final = 1 << 32
_HALF_MASK: Final = _HALF_SPAN - 1
#: A generator state: a 128-bit key above a 32-bit counter.
_STATE_BITS: Final = 128 + _COUNTER_BITS

#: The largest integer seed, in bits (either sign): ``-2**256 < seed < 2**256``.
MAX_SEED_BITS: Final = 256
#: The longest text seed, in characters.
MAX_SEED_CHARS: Final = 256
#: The random bits of a seed :func:`new_seed` draws.
_NEW_SEED_BYTES: Final = 16
#: An integer seed below this size, or a text seed shorter than :data:`_GUESSABLE_CHARS`, can be
#: found by trying every seed in turn (:func:`is_guessable`).
_GUESSABLE_BITS: Final = 64
_GUESSABLE_CHARS: Final = 16

#: What ``str()`` writes for an integer: a text seed spelling one would deal the same game.
_INTEGER_TEXT: Final = re.compile(r"0|-?[1-9][0-9]*", re.ASCII)


def check_seed(seed: object, name: str = "seed") -> int | str:
    """``seed`` if it is a seed: an ``int`` (not a bool) of at most :data:`MAX_SEED_BITS` bits,
    or a ``str`` of at most :data:`MAX_SEED_CHARS` characters that is valid Unicode (no lone
    surrogate) and does not spell an integer the way ``str()`` writes one (``"7"``, ``"-12"``:
    that text would deal exactly what the integer deals, so ``7`` and ``"7"`` would be one seed).
    Raises :class:`TypeError` for anything else than an ``int`` or a ``str`` (their subclasses
    included) and :class:`ValueError` for one out of bounds; both messages start with ``name``.

    >>> check_seed(7), check_seed("table 3")
    (7, 'table 3')
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    ValueError: seed '7' is a text that spells an integer: give the integer 7 instead
    """
    if type(seed) is int:
        if seed.bit_length() > MAX_SEED_BITS:
            raise ValueError(
                f"{name} must be an integer of at most {MAX_SEED_BITS} bits, not one of"
                f" {seed.bit_length()} bits"
            )
        return seed
    if type(seed) is not str:
        raise TypeError(f"{name} must be an int or a str, not {type(seed).__name__}")
    if len(seed) > MAX_SEED_CHARS:
        raise ValueError(
            f"{name} must be a text of at most {MAX_SEED_CHARS} characters, not {len(seed)}"
        )
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(
            f"{name} must be valid Unicode text: character {error.start} is a lone surrogate"
        ) from None
    if _INTEGER_TEXT.fullmatch(seed):
        raise ValueError(
            f"{name} {seed!r} is a text that spells an integer: give the integer {seed} instead"
        )
    return seed


def canonical_seed(seed: object, name: str = "seed") -> int | str:
    """A seed as a record gives it: a text that spells an integer (``"7"``) is that integer,
    which deals exactly the same game under :data:`GENERATOR` (it hashes the seed's text), so a
    record that wrote its seed either way replays as it always did; then :func:`check_seed`.

    >>> canonical_seed("7"), canonical_seed("-12"), canonical_seed("07")
    (7, -12, '07')
    """
    if type(seed) is str and len(seed) <= MAX_SEED_CHARS and _INTEGER_TEXT.fullmatch(seed):
        return check_seed(int(seed), name)
    return check_seed(seed, name)


def new_seed() -> str:
    """A seed nobody can guess: 128 bits from the operating system (Python's ``secrets``),
    written as 32 hexadecimal digits. A text, not an integer, so that a record keeps it exactly
    wherever it goes (many JSON readers turn integers above 2**53 into floats); drawn again in the
    one-in-three-million case that it spells an integer (:func:`check_seed`).

    >>> seed = new_seed()
    >>> len(seed), is_guessable(seed)
    (32, False)
    """
    while True:
        seed = secrets.token_hex(_NEW_SEED_BYTES)
        if not _INTEGER_TEXT.fullmatch(seed):
            return seed


def is_guessable(seed: object) -> bool:
    """Whether ``seed`` is small enough to be found by trying every seed in turn: an integer
    whose size is below 2**64, or a text shorter than 16 characters. Whoever knows some cards of
    a game (their own, say) and its seeded generator can try seeds until one deals those cards;
    with a guessable seed that takes seconds to hours, and then every hidden card of the game is
    known. A seed drawn by :func:`new_seed` (the default of every function that takes one) is
    not guessable; a seed that is not guessable by this rule may still be guessed if a person
    chose it (a name, a date). :class:`TypeError` or :class:`ValueError` for what is no seed
    (:func:`check_seed`).

    >>> is_guessable(424242), is_guessable(2**64), is_guessable("table 3")
    (True, False, True)
    """
    value = check_seed(seed)
    if isinstance(value, int):
        return abs(value) < 1 << _GUESSABLE_BITS
    return len(value) < _GUESSABLE_CHARS


def seed_state(seed: int | str, *salt: int | str) -> int:
    """The generator state for ``seed`` (an integer or a text, :func:`check_seed`) and optional
    salt (the round number, say: integers and texts): a key from SHA-256 of their text joined by
    ``/``, counter 0. :class:`TypeError` or :class:`ValueError` for what is no seed or salt."""
    check_seed(seed)
    for part in salt:
        if type(part) is not int and type(part) is not str:
            raise TypeError(f"salt must be ints and texts, not {type(part).__name__}")
    text = "/".join(str(part) for part in (seed, *salt))
    key = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:16], "big")
    return key << _COUNTER_BITS


def _check_state(state: object) -> None:
    if type(state) is not int:
        raise TypeError(f"state must be an int (a generator state), not {type(state).__name__}")
    if not 0 <= state < 1 << _STATE_BITS:
        raise ValueError(f"state must be a generator state, from 0 to 2**{_STATE_BITS} - 1")


def _stream(state: int, words: int) -> tuple[list[int], int]:
    """``words`` 64-bit words of the state's stream, each as two 32-bit halves (high, low), and
    the next state."""
    key, counter = state >> _COUNTER_BITS, state & _COUNTER_MASK
    data = hashlib.shake_256(key.to_bytes(16, "big") + counter.to_bytes(4, "big")).digest(
        words * _WORD
    )
    # Halves, not 64-bit words: every half is a small integer, which compiled arithmetic keeps
    # unboxed, where about half of the 64-bit words would be big integers.
    halves = list(struct.unpack(f">{2 * words}I", data))
    return halves, (key << _COUNTER_BITS) | ((counter + 1) & _COUNTER_MASK)


# A word is uniform in range(2**64); it is kept (and taken modulo n) when below the largest
# multiple of n, 2**64 - 2**64 % n, else drawn again. On the halves of a word, for n below 2**32:
# 2**64 % n is (2**32 % n)**2 % n; a word at or above 2**64 - r is one whose high half is 2**32 - 1
# and whose low half is at or above 2**32 - r; and the word modulo n is
# ((high % n) * (2**32 % n) + low) % n. Every value is a small integer, and every result the one
# the 64-bit words give.


def _rejects(high: int, low: int, n: int, wrap: int) -> bool:
    """Whether the word of halves ``high``, ``low`` is at or above the largest multiple of ``n``
    below 2**64 (``wrap`` is 2**32 % n), and so is drawn again."""
    return high == _HALF_MASK and low >= _HALF_SPAN - wrap * wrap % n


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)``: ``(new_state, value)``. :class:`TypeError` unless
    ``state`` (a generator state, :func:`seed_state`) and ``n`` are ints, :class:`ValueError`
    unless ``n`` is from 1 to 2**64 and ``state`` a generator state."""
    _check_state(state)
    if type(n) is not int:
        raise TypeError(f"n must be an int, not {type(n).__name__}")
    if not 0 < n <= 1 << 64:
        # Above 2**64 no multiple of n fits in a word: every draw would be drawn again.
        raise ValueError(f"n must be from 1 to 2**64, not {n}")
    if n >= _HALF_SPAN:  # the halves' shortcut needs n below 2**32: the whole word
        limit = (1 << 64) - (1 << 64) % n
        while True:
            (high, low), state = _stream(state, 1)
            word = high << 32 | low
            if word < limit:
                return state, word % n
    wrap = _HALF_SPAN % n
    while True:
        (high, low), state = _stream(state, 1)
        if not _rejects(high, low, n, wrap):
            return state, (high % n * wrap + low) % n


def shuffled(items: Iterable[int], state: int) -> tuple[tuple[int, ...], int]:
    """``items`` in a uniformly random order (Fisher-Yates): ``(shuffled, new_state)``.
    :class:`TypeError` if ``items`` is not iterable or ``state`` no int, :class:`ValueError` if
    ``state`` is no generator state (:func:`seed_state`)."""
    _check_state(state)
    try:
        cards = list(items)
    except TypeError:
        raise TypeError(f"items must be iterable, not {type(items).__name__}") from None
    count = len(cards)
    # Every n below is at most the number of items, far below 2**32 (the halves' shortcut).
    # A stream holds 2 * count + 8 words. SHAKE-256 is extendable (its first k bytes are the
    # same however many are read), so the shuffle reads count + 8 of them, about half, and the
    # rest only if rejections use them up (a word is refused with odds below n / 2**64).
    whole = 2 * count + 8
    current = state
    halves, state = _stream(current, count + 8)
    position = 0
    for i in range(count - 1, 0, -1):
        n = i + 1
        wrap = _HALF_SPAN % n
        while True:
            if position == len(halves):
                if len(halves) < 2 * whole:  # the rest of the stream
                    halves = _stream(current, whole)[0]
                else:  # astronomically rare: more rejections than words, the next stream
                    current = state
                    halves, state = _stream(current, whole)
                    position = 0
            high, low = halves[position], halves[position + 1]
            position += 2
            if not _rejects(high, low, n, wrap):
                break
        j = (high % n * wrap + low) % n
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state

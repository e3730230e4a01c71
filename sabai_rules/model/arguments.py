"""The checks of the public functions' arguments.

A wrong type raises :class:`TypeError`, a wrong value :class:`ValueError`; each message starts
with the argument's name. A parameter whose value must be an ``int`` and not a ``bool`` is typed
``object`` in the compiled build's modules: mypyc turns a ``bool`` given for an ``int`` into 0
or 1 before the function sees it. Each check costs a type comparison or two, and runs where the
public functions take their arguments, never inside a transition.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeVar

from sabai_rules.model import chance
from sabai_rules.state import State

__all__ = [
    "MAX_ROUND_INDEX",
    "flag",
    "instance",
    "ints",
    "is_state",
    "number",
    "seat",
    "seed_or_new",
    "shown",
    "writable",
]

#: The highest round index: more than any game has, and short enough as the salt of a seed.
MAX_ROUND_INDEX: Final = 2**31 - 1

_T = TypeVar("_T")


def shown(value: object) -> str:
    """``value`` as a message shows it: its ``repr``, cut short; a huge integer by its size (its
    digits could be too many to write)."""
    if type(value) is int and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def number(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high``."""
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < low or (high is not None and value > high):
        upper = "" if high is None else f" to {high}"
        bound = f"from {low}{upper}" if upper else f"at least {low}"
        raise ValueError(f"{name} must be {bound}, not {shown(value)}")
    return value


def seat(value: object, name: str, players: int) -> int:
    """``value`` if it is a seat of a table of ``players``: an ``int`` from 0 to ``players - 1``."""
    if type(value) is not int:
        raise TypeError(f"{name} must be a seat (an int), not {type(value).__name__}")
    if not 0 <= value < players:
        raise ValueError(f"{name} must be a seat from 0 to {players - 1}, not {shown(value)}")
    return value


def flag(value: object, name: str) -> bool:
    """``value`` if it is a ``bool``."""
    if type(value) is not bool:
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def instance(value: object, cls: type[_T], name: str) -> _T:
    """``value`` if it is a ``cls``."""
    if not isinstance(value, cls):
        raise TypeError(f"{name} must be a {cls.__name__}, not {type(value).__name__}")
    return value


def seed_or_new(value: object, name: str = "seed") -> int | str:
    """``value`` if it is a seed (:func:`~sabai_rules.model.chance.check_seed`); without one
    (``None``), a new seed nobody can guess (:func:`~sabai_rules.model.chance.new_seed`)."""
    return chance.new_seed() if value is None else chance.check_seed(value, name)


def ints(values: object, name: str, what: str) -> tuple[int, ...]:
    """``values`` as a tuple, if it is an iterable (not a text) of ``int`` (not ``bool``);
    ``what`` names the items."""
    if not isinstance(values, Iterable) or isinstance(values, str | bytes):
        raise TypeError(f"{name} must be a sequence of {what}, not {type(values).__name__}")
    found: list[int] = []
    for item in values:
        if type(item) is not int:
            raise TypeError(f"{name} must hold {what} (ints), not {type(item).__name__}")
        found.append(item)
    return tuple(found)


def writable(value: object, size: int, name: str) -> memoryview:
    """``value`` if it is a writable one-dimensional memoryview of bytes (format ``"B"``) of at
    least ``size`` bytes."""
    if type(value) is not memoryview or value.readonly or value.format != "B" or value.ndim != 1:
        raise TypeError(
            f"{name} must be a writable memoryview of bytes (format 'B'), "
            f"not {type(value).__name__}"
        )
    if len(value) < size:
        raise ValueError(f"{name} holds {len(value)} bytes, {size} are to be written")
    return value


def is_state(value: object, name: str = "state") -> State:
    """``value`` if it is a :class:`~sabai_rules.state.State`. A caller on a hot path asks
    ``type(value) is State`` first and calls this only when that fails."""
    return instance(value, State, name)

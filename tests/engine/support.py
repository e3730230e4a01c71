"""Helpers for the engine tests: apply a chain of actions, expect a refusal, read the table."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from sabai_rules.cards import face_name
from sabai_rules.moves import Action, IllegalActionError, apply, legal_actions
from sabai_rules.state import State


def play(state: State, *actions: Action) -> State:
    """Apply ``actions`` in order, checking that each one was listed as legal first."""
    for action in actions:
        assert action in legal_actions(state), f"{action!r} is not listed as legal"
        assert action in tuple(legal_actions(state))
        state = apply(state, action)
    return state


def refused(state: State, action: Action, rule: str) -> IllegalActionError:
    """Apply ``action``, expect it refused citing ``rule``, and check it was not listed."""
    assert action not in tuple(legal_actions(state)), f"{action!r} is listed as legal"
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    assert caught.value.rule == rule, f"refused citing {caught.value.rule}, expected {rule}"
    return caught.value


def faces(state: State, player: int) -> list[str]:
    """The faces of ``player``'s row, as printed (``"[gap]"`` for a gap)."""
    return ["[gap]" if c < 0 else face_name(state.deck.faces[c]) for c in state.table.rows[player]]


def top(state: State) -> str:
    return face_name(state.deck.faces[state.table.top])


def knows(state: State, player: int, owner: int, slot: int) -> bool:
    """Whether ``player`` has seen the card in ``owner``'s ``slot``."""
    return state.table.knows(player, state.table.rows[owner][slot])


def of_type(actions: Iterable[Action], kind: type) -> list[Action]:
    return [a for a in actions if type(a) is kind]

"""Helpers for the engine tests: apply a chain of actions, expect a refusal, read the table, end
and score a round, build a random (mostly illegal) action, set out a table under another chance
model."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs
import pytest

from sabai_rules.model.cards import face_name, parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Compensate,
    Draw,
    Give,
    IllegalActionError,
    Keep,
    LookAtCards,
    Pass,
    Peek,
    Play,
    SkipFunction,
    Spy,
    Switch,
    TakeFirstRefusal,
    ThrowIn,
    TouchNoseLast,
    WaiveFirstRefusal,
    apply,
    deck_for,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.play.scoring import score_round
from sabai_rules.state import ChanceModel, RoundResult, State


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


# -- ending and scoring a round -------------------------------------------------------------------


def all_pass(state: State) -> State:
    """Every player passes, in seat order (the reaction round before a round ends)."""
    return play(state, *(Pass(p) for p in range(state.players)))


def emptied_round(rows: Sequence[Sequence[str]], *, thrower: int = 0, **table: Any) -> State:
    """A round that is over: ``thrower``, whose row is a single card, throws it in onto the same
    face on the pile, emptying their row, and everybody passes. ``table`` goes to
    :func:`~sabai_rules.play.layout.layout` (``turn``, ``dealer``, ``ruleset``, ...)."""
    state = layout(rows=rows, discard=[rows[thrower][0]], **table)
    state = all_pass(play(state, ThrowIn(thrower, thrower, 0)))
    assert state.is_over
    return state


def scored_after_final_lap(
    rows: Sequence[Sequence[str]], ruleset: Ruleset | None = None
) -> RoundResult:
    """The result of a round with these rows: P0 holds a drawn 1 as the last turn of the final
    lap, plays it, and everybody passes."""
    state = layout(
        rows=rows, discard=["2"], turn=0, held="1", caller=0, final_lap=1, ruleset=ruleset
    )
    state = all_pass(play(state, Play(0)))
    assert state.is_over
    return score_round(state)


# -- random actions --------------------------------------------------------------------------------

#: The actions that name only their actor.
_ACTOR_ONLY: Final = (
    Draw,
    Play,
    SkipFunction,
    TakeFirstRefusal,
    WaiveFirstRefusal,
    TouchNoseLast,
    CallSabaiSabai,
    Pass,
)
#: How many kinds of action :func:`random_action` chooses from.
ACTION_KINDS: Final = len(_ACTOR_ONLY) + 8


def random_action(state: State, pick: Callable[[str, int], int]) -> Action:
    """A well-formed action of any kind, legal or (mostly) not: any seats, slots up to two past
    the longest row. ``pick(label, k)`` chooses a number from 0 to ``k - 1`` (a seeded random
    generator's, or Hypothesis's)."""
    n = state.players
    width = max(len(r) for r in state.table.rows) + 3
    actor = pick("actor", n)
    other = pick("other", n)
    slot = pick("slot", width)
    slot2 = pick("slot2", width)
    kind = pick("kind", ACTION_KINDS)
    if kind < len(_ACTOR_ONLY):
        return _ACTOR_ONLY[kind](actor)
    built: tuple[Action, ...] = (
        Keep(actor, slot),
        ThrowIn(actor, other, slot),
        Peek(actor, slot),
        Spy(actor, other, slot),
        Give(actor, slot, other),
        Switch(actor, slot, other, slot2),
        Compensate(actor, slot),
        LookAtCards(actor, tuple(sorted({slot, slot2}))),
    )
    return built[kind - len(_ACTOR_ONLY)]


# -- chance ----------------------------------------------------------------------------------------


def with_chance(state: State, model: ChanceModel | str) -> State:
    """``state`` played on under another chance model (:class:`~sabai_rules.state.ChanceModel`):
    the same table and flow, chance decided elsewhere from now on."""
    return attrs.evolve(state, setup=attrs.evolve(state.setup, chance=ChanceModel(model)))


def exhausted(
    rows: Sequence[Sequence[str]],
    discard: Sequence[str],
    *,
    model: ChanceModel | str = ChanceModel.EXPLICIT,
    draw: Sequence[str] = (),
    **table: Any,
) -> State:
    """A table late in a round: the draw pile is empty (or holds only ``draw``, top card first)
    and the discard pile holds every card of the deck not in ``rows``, ``draw`` nor ``held``, in
    card-id order, under the ``discard`` cards (the top card last). ``table`` goes to
    :func:`~sabai_rules.play.layout.layout`; ``model`` is the chance model to play on under."""
    rules = table.get("ruleset") or Ruleset()
    left = Counter(deck_for(rules).faces)
    named = [*(face for row in rows for face in row), *discard, *draw]
    if table.get("held") is not None:
        named.append(table["held"])
    for face in named:
        left[parse_face(face)] -= 1
    state = layout(rows=rows, discard=[*sorted(left.elements()), *discard], draw=draw, **table)
    assert len(state.table.draw) == len(draw)
    return with_chance(state, model)

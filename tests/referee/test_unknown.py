"""Worlds of unknown cards (:mod:`sabai_rules.referee.unknown`): a world stands for every way its
unknown cards may be, so every one of those ways must play the next action alike once the
questions the rules ask of it are answered; fixing and narrowing a card keep the faces the deck
holds; a table shown with unknown cards shows them as ``?`` and nothing else."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sabai_rules.model.cards import ASS_JOKER
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    Draw,
    IllegalActionError,
    Keep,
    Play,
    ThrowIn,
    apply,
    deal,
    legal_actions,
)
from sabai_rules.play.layout import layout
from sabai_rules.referee.unknown import (
    Question,
    World,
    questions,
    split,
)
from sabai_rules.state import Function, NoseRace, State
from tests.engine.support import exhausted, random_action

PRESETS = ("current", "older", "simplified")


def _outcome(state: State, action: Action) -> tuple[object, ...]:
    """What ``action`` does at ``state``: the table and flow after it, or the rule refusing it."""
    try:
        after = apply(state, action)
    except IllegalActionError as error:
        return ("refused", error.rule)
    return (after.table, after.flow)


def _playout(rules: Ruleset, players: int, seed: int, steps: int) -> State:
    """A table ``steps`` random legal actions into a round."""
    rng = random.Random(seed)
    state = deal(rules, players, dealer=0, seed=seed)
    for _ in range(steps):
        legal = legal_actions(state)
        if state.is_over or not len(legal):
            break
        state = apply(state, legal[rng.randrange(len(legal))])
    return state


def _questions_of(action: Action, state: State, unknown: int) -> Iterator[Question]:
    return questions(state, action, unknown)


def _assignments(world: World, rng: random.Random, count: int) -> list[World]:
    """Up to ``count`` other ways the unknown cards of ``world`` may be: faces fixed at random."""
    found = []
    cards = [c for c in range(len(world.state.deck)) if not world.knows(c)]
    for _ in range(count):
        other: World | None = world
        for card in rng.sample(cards, min(len(cards), 6)):
            assert other is not None
            faces = sorted(other.possible(card))
            if faces:
                other = other.fix(card, rng.choice(faces))
        if other is not None:
            found.append(other)
    return found


@settings(max_examples=60)
@given(
    preset=st.sampled_from(PRESETS),
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    hidden=st.floats(0.2, 1.0),
    data=st.data(),
)
def test_every_way_a_world_stands_for_plays_an_action_alike(
    preset: str, players: int, seed: int, steps: int, hidden: float, data: st.DataObject
) -> None:
    """Answer the questions the rules ask of an action's cards, and every assignment of the
    cards the world does not know plays it alike: the same table and flow after it, or the same
    rule refusing it. The questions are then all the rules read of a face the world does not
    know (a question missed would let two assignments play otherwise)."""
    rules = Ruleset.preset(preset)
    state = _playout(rules, players, seed, steps)
    rng = random.Random(seed + 1)
    # Any card may be unknown but those whose faces the table itself says: a function waiting
    # is a function card, the cards of a nose race are of its rank (a referee's world knows
    # them: it asked when they were placed).
    said = {e.card for e in state.flow.queue if isinstance(e, Function)}
    if isinstance(state.flow.pending, NoseRace):
        said.update(state.table.discard[-4:])
    unknown = sum(1 << c for c in range(len(state.deck)) if c not in said and rng.random() < hidden)
    world = World(state, (unknown,) if unknown else ())
    legal = list(legal_actions(state))
    actions = rng.sample(legal, min(len(legal), 4))
    actions.append(random_action(state, lambda _label, k: data.draw(st.integers(0, k - 1))))
    for action in actions:
        parts = split(world, functools.partial(_questions_of, action))
        assert parts, "a world always has a way to be"
        for part, _ in parts:
            expected = _outcome(part.state, action)
            for other in _assignments(part, rng, 4):
                assert _outcome(other.state, action) == expected, (action, part.unknown)


def test_a_card_fixed_takes_a_face_from_its_pool_and_keeps_the_deck_whole() -> None:
    state = deal(Ruleset(), 3, dealer=0, seed=4)
    world = World(state, (sum(1 << c for c in range(60)),))
    fixed = world.fix(10, ASS_JOKER)
    assert fixed is not None
    assert fixed.state.deck.faces[10] == ASS_JOKER
    assert fixed.knows(10)
    assert Counter(fixed.state.deck.faces) == Counter(state.deck.faces)
    assert fixed.fix(11, ASS_JOKER) is None, "one Ass Joker, and it is card 10 now"


def test_a_narrowed_card_stays_unknown_and_never_takes_a_face_outside_its_set() -> None:
    state = deal(Ruleset(), 3, dealer=0, seed=4)
    world = World(state, (sum(1 << c for c in range(60)),))
    narrowed = world.narrow(5, frozenset({7, 8}))
    assert narrowed is not None
    assert not narrowed.knows(5)
    assert narrowed.possible(5) == {7, 8}
    assert narrowed.fix(5, 9) is None


def test_a_question_the_world_can_answer_splits_nothing() -> None:
    state = deal(Ruleset(), 3, dealer=0, seed=4)
    world = World(state, ())
    assert world.answers(Question(3)) is None
    alone = World(state, (1 << 3,))
    answers = alone.answers(Question(3))
    assert answers is not None, "alone in its pool, it can only be itself"
    ((faces, fixed),) = answers
    assert faces == {state.deck.faces[3]}
    assert fixed.knows(3)
    assert alone.answers(Question(3, frozenset({state.deck.faces[3]}))) is None


def test_a_played_card_nobody_named_asks_whether_it_is_the_ass_joker_or_a_function() -> None:
    """Ben plays a card the record does not name: the rules ask whether it is the Ass Joker
    (which must be kept) and which function it triggers; any number card or joker plays alike
    (one 2 on the pile: four 2s cannot lie together yet)."""
    state = layout(rows=[["7", "3"], ["5", "9"]], draw=["8"], discard=["2"], turn=1)
    state = apply(state, legal_actions(state)[0])  # Ben draws
    held = state.table.held
    world = World(state, (sum(1 << c for c in range(60) if c not in state.table.discard),))
    parts = split(world, lambda s, u: questions(s, Play(1), u))
    faces = sorted(sorted(part.possible(held)) for part, _ in parts)
    assert faces == [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100], [11], [12], [13], [14], [ASS_JOKER]]


def test_a_card_played_onto_three_of_its_rank_asks_whether_it_is_the_fourth() -> None:
    """Three 2s lie on the pile: a card nobody named played onto them may be the fourth 2, which
    starts the nose race (:rule:`four-together.touch-nose`)."""
    state = layout(rows=[["7", "3"], ["5", "9"]], draw=["8"], discard=["5", "2", "2", "2"], turn=1)
    state = apply(state, legal_actions(state)[0])
    held = state.table.held
    world = World(state, (sum(1 << c for c in range(60) if c not in state.table.discard),))
    parts = split(world, lambda s, u: questions(s, Play(1), u))
    assert any(part.possible(held) == {2} for part, _ in parts)


def test_a_throw_in_asks_only_whether_the_card_is_of_the_top_cards_rank() -> None:
    state = layout(rows=[["7", "3"], ["5", "9"]], discard=["2", "9"], turn=0, done=True)
    card = state.table.rows[1][1]
    world = World(state, (sum(1 << c for c in range(60) if c not in state.table.discard),))
    parts = split(world, lambda s, u: questions(s, ThrowIn(1, 1, 1), u))
    faces = {frozenset(part.possible(card)) for part, _ in parts}
    assert frozenset({9}) in faces
    assert any(9 not in f and len(f) > 1 for f in faces)


def test_a_kept_card_is_asked_whether_it_is_the_ass_joker() -> None:
    state = layout(rows=[["7", "3"], ["5", "9"]], discard=["2"], turn=0, held="8")
    out = state.table.rows[0][1]
    world = World(state, (1 << out | 1 << 59,))  # the card kept out may be the Ass Joker
    parts = split(world, lambda s, u: questions(s, Keep(0, 1), u))
    assert any(part.possible(out) == {ASS_JOKER} for part, _ in parts)


@pytest.mark.rules("ruling.ass-joker-holder-at-reveal", "ruling.draw-pile-exhausted")
def test_a_draw_that_reshuffles_asks_which_card_under_the_top_is_the_burned_ass_joker() -> None:
    """The reshuffle leaves a burned Ass Joker on the discard pile (issue 35, item 2): with the
    cards of the pile nobody named, which of them is the Ass Joker decides the new draw pile, so
    the rules ask it, and every assignment answered alike draws alike."""
    state = exhausted([["7", "3"], ["5", "9"]], ["J", "AJ", "4", "6"], turn=0, model="sampled")
    under = state.table.discard[:-1]
    world = World(state, (sum(1 << c for c in under),))
    parts = split(world, lambda s, u: questions(s, Draw(0), u))
    assert len(parts) > 1
    rng = random.Random(7)
    for part, _ in parts:
        expected = _outcome(part.state, Draw(0))
        for other in _assignments(part, rng, 6):
            assert _outcome(other.state, Draw(0)) == expected


@pytest.mark.rules("ruling.ass-joker-throw-ins", "ass-joker.burn")
def test_a_joker_thrown_for_its_owner_asks_whether_it_is_the_ass_joker_if_only_holders_burn() -> (
    None
):
    """Where only its holder may burn the Ass Joker (issue 35), a joker nobody named thrown in for
    its owner onto a joker stands if it is a plain one and is wrong if it is the Ass Joker: the
    rules ask which, and every assignment answered alike plays alike."""
    rules = Ruleset().with_options(ass_joker_burned_by="holder")
    state = layout(rows=[["J", "3"], ["4", "6"]], discard=["J"], turn=0, done=True, ruleset=rules)
    card = state.table.rows[0][0]
    ass_joker = next(c for c in range(len(state.deck)) if state.deck.faces[c] == ASS_JOKER)
    world = World(state, (1 << card | 1 << ass_joker,))  # the joker thrown may be the Ass Joker
    parts = split(world, lambda s, u: questions(s, ThrowIn(1, 0, 0), u))
    assert any(part.possible(card) == {ASS_JOKER} for part, _ in parts)
    assert len(parts) == 2
    rng = random.Random(3)
    for part, _ in parts:
        expected = _outcome(part.state, ThrowIn(1, 0, 0))
        for other in _assignments(part, rng, 4):
            assert _outcome(other.state, ThrowIn(1, 0, 0)) == expected

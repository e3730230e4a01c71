"""The lists of legal actions are legality's verdict, cached under keys that hold what legality
reads (sabai_rules.engine.enumeration). A list built afresh, with nothing cached, equals the one
the cache gives, at every state of random games under every preset and the options that change
what may be listed; so a check that starts reading something its key lacks fails here, as the
planted one below does."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from sabai_rules.engine import COMPILED, enumeration, legality, rules
from sabai_rules.model import deciders
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import Action, apply, deal, legal_actions
from sabai_rules.state import State

#: Rulesets whose options change what is listed: who may throw in what, whether a function may be
#: skipped, who may be given a card, looking at the dealt cards, the gaps a throw-in leaves.
RULESETS = {
    "current": Ruleset.preset("current"),
    "older": Ruleset.preset("older"),
    "simplified": Ruleset.preset("simplified"),
    "knowledge": Ruleset.preset("current").with_options(
        on_behalf_requires_thrower_knowledge=True, on_behalf_owner_must_not_know=True
    ),
    "options": Ruleset.preset("current").with_options(
        functions_optional=True,
        protect_empty_players=True,
        compensation_slot="append",
        throw_in_window="until_next_draw",
        ass_joker_pick="refused_if_seen",
    ),
    "older-looks": Ruleset.preset("older").with_options(initial_peek_optional=True),
}


def _states(rules: Ruleset, rounds: int, seed: int) -> Iterator[State]:
    """The states of random rounds at tables of two to five, throw-ins taken often."""
    rng = random.Random(seed)
    for index in range(rounds):
        players = 2 + index % 4
        state = deal(rules.with_options(nose_race="random"), players, seed=seed * 1000 + index)
        while not state.is_over:
            yield state
            legal = legal_actions(state)
            throws = legal.throw_ins if rng.random() < 0.3 else ()
            pick: Action = rng.choice(throws) if throws else legal[rng.randrange(len(legal))]
            state = apply(state, pick, listed=legal)


def _fresh(state: State) -> tuple[Action, ...]:
    """The legal actions of ``state`` built with nothing cached; the cache is then as before."""
    kept = dict(enumeration._CACHE)
    enumeration._CACHE.clear()
    try:
        return legal_actions(state).as_tuple()
    finally:
        enumeration._CACHE.clear()
        enumeration._CACHE.update(kept)


def _stale(rules: Ruleset, rounds: int, seed: int, checked: int = 300) -> list[str]:
    """The states, of ``checked`` spread over the rounds, whose cached list is not the fresh one."""
    out = []
    states = list(_states(rules, rounds, seed))
    for state in states[:: max(1, len(states) // checked)]:
        cached = legal_actions(state).as_tuple()
        fresh = _fresh(state)
        if cached != fresh:
            out.append(f"{state!r}: cached {cached[:6]} ... fresh {fresh[:6]} ...")
    return out


@pytest.mark.rules("ruling.irregularities")
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_cached_list_is_the_list_built_afresh(name: str) -> None:
    # The older edition's rounds are long, and under its options of knowledge every throw-in for
    # another player is checked card by card: fewer of them.
    rounds = 4 if RULESETS[name].edition == "older" else 12
    assert _stale(RULESETS[name], rounds=rounds, seed=len(name)) == []


@pytest.mark.skipif(COMPILED, reason="compiled, legality calls its predicates natively")
def test_a_check_reading_what_its_key_lacks_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a drawn card kept only over a card whose face is even. The keeps are keyed on the
    slots the predicates allow, computed by enumeration from the row's shape and the Ass Joker,
    not on every face, so a list cached at one turn is wrong at another."""
    original = rules.may_keep_over

    def by_face(ass_joker: int, card: int, refused: int) -> bool:
        return original(ass_joker, card, refused) and card % 2 == 0

    monkeypatch.setattr(legality, "may_keep_over", by_face)
    # A refusal cites the rule its predicate decides: the planted one decides the original's.
    monkeypatch.setitem(deciders.RULE_OF, by_face, rules.rule_of(original))
    enumeration._CACHE.clear()
    try:
        assert _stale(RULESETS["current"], rounds=3, seed=3)
    finally:
        enumeration._CACHE.clear()

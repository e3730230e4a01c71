"""Random playouts: thousands of rounds at 2, 4 and 12 players under every preset, checking at
every step that every card is on the table exactly once, that legal_actions and apply agree, that
apply (which takes the shortcuts of the commonest transitions) and apply_events (which never does)
reach the same state, and that every round ends, each way a round can end
turning up: an emptied row, the final lap, the final round's turn cap (set low here), a deck with
no card left to draw.

``SABAI_PLAYOUT_ROUNDS`` sets the rounds per preset and table size (default 240; the deep
Hypothesis profile's runs use far more).
"""

from __future__ import annotations

import os
import random

import attrs
import pytest

from sabai_rules import moves
from sabai_rules.engine.enumeration import was_listed
from sabai_rules.engine.shortcuts import shortcut
from sabai_rules.model import catalogue
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    AlsoThrowIn,
    Draw,
    IllegalActionError,
    Keep,
    Play,
    ThrowIn,
    apply,
    apply_events,
    deal,
    is_legal,
    legal_actions,
    max_round_length,
)
from sabai_rules.play.scoring import score_round
from sabai_rules.state import Compensation, EndCause, State, gap_for, is_gap
from tests.engine.support import random_action

ROUNDS = int(os.environ.get("SABAI_PLAYOUT_ROUNDS", "240"))
#: A round that takes more steps than this has failed to end.
STEP_BOUND = 20_000
#: The final round's turn cap in these playouts: low enough that some final rounds reach it.
CAP = 40


def _matches(state: State, action: Action) -> bool:
    """Whether ``action`` throws in one's own card of the top card's rank (looking at the faces:
    the playouts' sharp players do not guess)."""
    if not isinstance(action, ThrowIn) or action.owner != action.actor:
        return False
    keys = state.deck.match_keys
    return keys[state.table.rows[action.owner][action.slot]] == keys[state.table.top]


def _choose(state: State, actions: moves.LegalActions, rng: random.Random) -> Action:
    """Mostly a decision or a pass; throw-ins now and then, calls rarely. In one round of three
    (by seed) the players are sharp: half the time they throw in a card of theirs that matches,
    so that rows empty and rounds end that way too."""
    roll = rng.random()
    if actions.calls and roll < 0.02:
        return rng.choice(actions.calls)
    if roll < 0.52 and int(state.setup.seed) % 3 == 0:
        right = [a for a in actions.throw_ins if _matches(state, a)]
        if right:
            return rng.choice(right)
    if roll < 0.15:
        throws = actions.throw_ins
        if throws:
            return rng.choice(throws)
    rest = actions.decisions + actions.passes
    return rng.choice(rest or tuple(actions))


def _check_step(state: State, rng: random.Random, known_rules: set[str]) -> None:
    cards = sorted(card for _, card in state.table.locations())
    assert cards == list(range(len(state.deck))), "a card is lost or duplicated"
    # A gap is left only while its compensation card is owed: the list of legal actions searches
    # rows for gaps only then.
    owed = {entry.card for entry in state.flow.queue if isinstance(entry, Compensation)}
    gaps = {gap for row in state.table.rows for gap in row if is_gap(gap)}
    assert gaps <= {gap_for(card) for card in owed}, "a gap without its compensation card owed"
    actions = legal_actions(state)
    listed = tuple(actions)
    assert len(set(listed)) == len(listed), "an action is listed twice"
    for action in rng.sample(listed, min(4, len(listed))):
        # Every listed action is legal and applies, with or without its events. Given the list it
        # came from (listed=), apply takes it without asking legality again (was_listed); an
        # equal action that is another object is checked in full, and lands the same.
        assert is_legal(state, action), repr(action)
        twin = attrs.evolve(action)
        if any(a is action for a in actions.decisions + actions.passes + actions.calls):
            assert was_listed(actions, state, action)
            assert not was_listed(actions, state, twin)
        after = apply(state, action, listed=actions)
        assert after == apply(state, twin) == apply_events(state, action)[0], repr(action)
        assert after == apply(state, twin, listed=actions), repr(action)
    for _ in range(6):
        probe = random_action(state, lambda _, k: rng.randrange(k))
        legal = probe in set(listed)
        assert (probe in legal_actions(state)) == legal
        if legal:
            apply(state, probe)
        else:
            with pytest.raises(IllegalActionError) as caught:
                apply(state, probe)
            rule = caught.value.rule
            assert rule in known_rules, f"{probe!r} refused citing unknown {rule!r}"
    # Counted and indexed before anything is listed (as a uniform chooser asks), the sequence
    # holds the same actions in the same order, for every player and for each one alone; what
    # it hands out by index, apply takes without asking legality again.
    fresh = legal_actions(state)
    assert len(fresh) == len(listed)
    assert [fresh[i] for i in range(-len(listed), 0)] == list(listed)
    # Out of range, before and after being listed, as a tuple is.
    for sequence in (fresh, actions, listed):
        for outside in (len(listed), -len(listed) - 1):
            with pytest.raises(IndexError):
                sequence[outside]
    if listed:
        picked = fresh[rng.randrange(len(listed))]
        assert was_listed(fresh, state, picked)
        assert not was_listed(fresh, state, attrs.evolve(picked))
        # Only the list given, for its own state: another list of the state does not vouch for
        # what it did not hand out.
        assert was_listed(actions, state, picked) == any(a is picked for a in listed)
    for player in range(state.setup.players):
        theirs = [a for a in listed if a.actor == player]
        mine = legal_actions(state, player=player)
        assert [mine[i] for i in range(len(mine))] == theirs
        # Taken from a sequence already listed, a player's share keeps their throw-ins.
        assert list(actions.of(player)) == theirs
    # In runs (what the adapters number a run by, from its first and last actions), the same
    # throw-ins in the same order: each run one thrower's throw-ins of one kind into one row,
    # slots increasing. One thrower's runs asked for alone (the others' not built) are theirs,
    # and an action handed out in them, apply takes without asking legality again; so are the
    # ones of a player's own listing.
    player = rng.randrange(state.setup.players)
    theirs = [a for a in actions.throw_ins if a.actor == player]
    listing = legal_actions(state)
    alone = listing.throw_in_runs(player)
    assert [a for run in alone for a in run] == theirs
    if alone:
        taken = rng.choice(rng.choice(alone))
        assert was_listed(listing, state, taken)
        assert not was_listed(listing, state, attrs.evolve(taken))
    runs = listing.throw_in_runs()
    assert [a for run in runs for a in run] == list(actions.throw_ins)
    assert [a for run in listing.throw_in_runs(player) for a in run] == theirs
    assert listing.throwers() == {a.actor for a in actions.throw_ins}
    for run in runs:
        throws = [a for a in run if isinstance(a, ThrowIn | AlsoThrowIn)]
        assert len(throws) == len(run), run
        assert len({(type(a), a.actor, a.owner) for a in throws}) == 1, run
        slots = [a.slot for a in throws]
        assert slots == sorted(set(slots)), run
    if runs:
        taken = rng.choice(rng.choice(runs))
        assert was_listed(listing, state, taken)
    own = legal_actions(state, player=player)
    assert [a for run in own.throw_in_runs() for a in run] == theirs
    assert own.throwers() == ({player} if theirs else set())


def _play_round(rules: Ruleset, players: int, seed: int, final_round: bool) -> tuple[State, int]:
    rng = random.Random(seed)
    cat = catalogue.default()
    known = {r.id for r in cat.rules()} | {r.id for r in cat.rulings()}
    state = deal(rules, players, dealer=seed % players, seed=seed, final_round=final_round)
    steps = 0
    while not state.is_over:
        assert steps < STEP_BOUND, f"round did not end within {STEP_BOUND} steps"
        if steps % 3 == 0:
            _check_step(state, rng, known)
        actions = legal_actions(state)
        assert actions, "no legal action in a round that is not over"
        action = _choose(state, actions, rng)
        state = apply(state, action)
        steps += 1
    return state, steps


@pytest.mark.rules(
    "setup.four-cards",
    "round-end.empty-row",
    "round-end.final-lap",
    "ruling.final-round-termination",
    "ruling.draw-pile-exhausted",
)
@pytest.mark.parametrize("players", [2, 4, 12])
@pytest.mark.parametrize("preset", ["current", "older", "simplified"])
def test_random_rounds_keep_every_card_agree_and_end(preset: str, players: int) -> None:
    rules = Ruleset.preset(preset).with_options(final_round_max_turns=CAP)
    causes: dict[EndCause, int] = {}
    for seed in range(ROUNDS):
        final = seed % 4 == 3 and rules.final_round_no_call
        state, _ = _play_round(rules, players, seed, final)
        result = score_round(state)
        assert sum(result.victory_points) <= players
        cause = state.flow.status.end
        assert cause is not None
        if cause is EndCause.FORCED:
            assert final, "only the final round has a turn cap"
            assert state.flow.turns >= CAP
        causes[cause] = causes.get(cause, 0) + 1
    if ROUNDS >= 240:  # enough rounds for every way a round ends (at these seeds)
        assert EndCause.EMPTIED in causes, causes
        assert EndCause.FINAL_LAP in causes, causes
        if rules.final_round_no_call:  # the older edition plays no final round
            assert EndCause.FORCED in causes, causes
        if players == 12:  # twelve rows of four leave few cards to draw
            assert EndCause.EXHAUSTED in causes, causes


@pytest.mark.rules(
    "ruling.nose-race",
    "ruling.first-refusal",
    "ruling.functions-mandatory",
    "ruling.wrong-cards-in-a-batch",
    "ruling.end-of-round-reaction",
    "ruling.throw-in-penalty-cards",
)
@pytest.mark.parametrize(
    "options",
    [
        {"nose_race": "random"},
        {"functions_optional": True, "protect_empty_players": True, "first_refusal": "always"},
        {"compensation_slot": "append", "keep_discard_triggers_function": False},
        {"empty_check": "lock_in", "empty_by_any_means": False, "call_timing": "own_turn"},
        {
            "on_empty_draw_pile": "end_round",
            "throw_in_retry_lockout": False,
            "throw_in_penalty_cards": 2,
        },
        {"burned_ass_joker": "reshuffled", "allow_burn_from_draw": True},
        {"allow_burn_from_draw": True, "joker_onto_ass_joker": False, "first_refusal": "never"},
        {"on_behalf_owner_must_not_know": True, "on_behalf_active_player": "turn_player"},
        {
            "wrong_cards_penalty": "per_motion",
            "end_of_round_reaction": False,
            "throw_in_penalty_cards": 3,
        },
        {"first_refusal": "priority", "empty_by_any_means": False},
        {"ass_joker_burned_by": "holder", "allow_burn_from_draw": True},
    ],
    ids=",".join,
)
def test_random_rounds_under_every_option(options: dict[str, object]) -> None:
    rules = Ruleset().with_options(final_round_max_turns=300, **options)
    for seed in range(max(ROUNDS // 4, 10)):
        _play_round(rules, 3 + seed % 3, 1000 + seed, seed % 5 == 4)


@pytest.mark.rules("turn.draw", "turn.play", "turn.keep")
@pytest.mark.parametrize("preset", ["current", "older"])
def test_the_shortcuts_are_taken_and_agree_with_the_general_path(preset: str) -> None:
    """Draws, plays and keeps mostly take the written-out transition; each time it gives the
    state the general path gives (apply_events never takes it)."""
    rules = Ruleset.preset(preset).with_options(nose_race="random")
    rng = random.Random(5)
    taken = fallen_back = 0
    for seed in range(60):
        state = deal(rules, 4, dealer=seed % 4, seed=seed)
        while not state.is_over:
            action = _choose(state, legal_actions(state), rng)
            if isinstance(action, Draw | Play | Keep):
                short = shortcut(state, action)
                if short is None:
                    fallen_back += 1
                else:
                    taken += 1
                    assert short == apply_events(state, action)[0], repr(action)
            state = apply(state, action)
    assert taken > 20 * fallen_back > 0, (taken, fallen_back)


def _capped_round(rules: Ruleset, players: int, seed: int) -> tuple[State, int]:
    """A round of random play that throws in whenever it can and never calls: at each step a
    group of legal actions (decisions, throw-ins, passes) is picked, then an action in it, so
    wrong throw-ins come often, as in the play that never ends without the caps."""
    rng = random.Random(seed)
    state = deal(rules, players, dealer=seed % players, seed=seed)
    steps = 0
    while not state.is_over:
        legal = legal_actions(state)
        groups = [g for g in (legal.decisions, legal.throw_ins, legal.passes) if g]
        group = groups[rng.randrange(len(groups))]
        state = apply(state, group[rng.randrange(len(group))])
        steps += 1
    return state, steps


@pytest.mark.rules("ruling.round-turn-cap", "ruling.reaction-cap", "throw-in.mistaken-interception")
@pytest.mark.parametrize("preset", ["older", "current"])
def test_random_play_under_the_caps_ends_every_round_within_the_bound(preset: str) -> None:
    """With both caps set, every round ends, within :func:`max_round_length` actions; the older
    preset, whose wrong throw-ins lock nobody out, included (1,000 rounds)."""
    rules = Ruleset.preset(preset).with_options(max_round_turns=30, max_turn_reactions=6)
    rounds = 1000 if preset == "older" else 200
    causes: dict[EndCause, int] = {}
    for seed in range(rounds):
        players = 2 + seed % 4
        bound = max_round_length(rules, players)
        assert bound is not None
        state, steps = _capped_round(rules, players, seed)
        assert steps <= bound, (seed, steps, bound)
        assert state.flow.turns <= 30
        cause = state.flow.status.end
        assert cause is not None
        causes[cause] = causes.get(cause, 0) + 1
    assert EndCause.FORCED in causes, causes


def test_a_round_is_unbounded_unless_both_caps_are_set() -> None:
    assert max_round_length(Ruleset(), 4) is None
    assert max_round_length(Ruleset().with_options(max_round_turns=30), 4) is None
    assert max_round_length(Ruleset().with_options(max_turn_reactions=6), 4) is None

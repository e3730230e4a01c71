"""The seeded sampler plays chance exactly as the sampled model does (issue #11): today's records,
seeds and simulations replay as before when chance is taken at chance nodes.

* Every record of ``examples/`` and every scenario of ``tests/scenarios/``, played under the
  sampled model and under the explicit model with the seeded sampler, the states compared after
  every event.
* A thousand simulated games under every preset, 2 to 12 players, nose races settled at random:
  each deal, and each action where chance acts (a reshuffle, a nose race), played again under
  the explicit model from the same state and resolved by the sampler, gives the same state;
  the events of the sampled game say where chance acted. Dozens of games played through under
  the explicit model alone, compared after every action, events included.
* The lazy model, each card drawn given as the card the explicit game drew, plays the explicit
  game: the same table (the draw pile as a set of cards), the same flow, the same events.

``SABAI_SAMPLER_GAMES`` sets the number of simulated games (default 1,000).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import attrs
import pytest

from sabai_dev.scenarios import Scenario, _layout_arguments, _set_out, load_scenarios, parse_action
from sabai_rules.model.events import Drew, Event, NoseRaceLost, PenaltyCard, Reshuffled
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    IllegalActionError,
    LegalActions,
    ThrowIn,
    apply,
    apply_chance,
    apply_chance_events,
    apply_events,
    chance_outcomes,
    deal,
    deck_for,
    legal_actions,
    resolve_chance,
    seeded_outcome,
)
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.play.views import view
from sabai_rules.referee.record import Record, load_record
from sabai_rules.state import Chance, ChanceKind, Flow, Game, State
from tests.engine.support import with_chance

ROOT: Final = Path(__file__).resolve().parent.parent.parent
EXAMPLES: Final = sorted((ROOT / "examples").glob("*.json"))
SCENARIOS: Final = load_scenarios(ROOT / "tests" / "scenarios")
GAMES: Final = int(os.environ.get("SABAI_SAMPLER_GAMES", "1000"))
PRESETS: Final = ("current", "older", "simplified")


def same_moment(sampled: State, explicit: State) -> None:
    """``explicit``, played under the explicit model, is ``sampled``: the same table and flow,
    the setup but its chance model."""
    assert not chance_outcomes(explicit), "the seeded sampler left a chance node"
    assert explicit.table == sampled.table
    assert explicit.flow == sampled.flow
    assert explicit.setup == with_chance(sampled, explicit.setup.chance).setup


def resolved(state: State) -> tuple[State, list[ChanceKind]]:
    """``state`` played on by the seeded sampler until no chance node is left, and the kinds of
    node met: each nose race, and a deal or a reshuffle, after which the list ends (the sampler
    plays the rest at once: a reshuffle one card at a time would cost it a shuffle per card)."""
    kinds: list[ChanceKind] = []
    pending = state.flow.pending
    while isinstance(pending, Chance):
        kinds.append(pending.kind)
        if pending.kind is ChanceKind.DEAL or pending.kind is ChanceKind.RESHUFFLE:
            return resolve_chance(state), kinds
        state = apply_chance(state, seeded_outcome(state))
        pending = state.flow.pending
    return state, kinds


# -- records and scenarios -----------------------------------------------------------------------


@attrs.define
class Twins:
    """One game played twice: under the sampled model, and under the explicit one with the
    seeded sampler; the chance nodes met and the events applied."""

    sampled: State
    explicit: State
    nodes: list[ChanceKind] = attrs.field(factory=list)
    applied: int = 0

    def act(self, action: Action) -> None:
        """Apply ``action`` to both, or see both refuse it citing the same rule."""
        refusal: IllegalActionError | None = None
        try:
            after = apply(self.sampled, action)
        except IllegalActionError as error:
            refusal = error
        if refusal is not None:
            with pytest.raises(IllegalActionError) as caught:
                apply(self.explicit, action)
            assert caught.value.rule == refusal.rule
            return
        self.explicit, kinds = resolved(apply(self.explicit, action))
        self.nodes += kinds
        self.sampled = after
        same_moment(self.sampled, self.explicit)
        self.applied += 1

    def close(self) -> None:
        """The passes of the reaction round a record need not write down."""
        while not self.sampled.is_over:
            passes = legal_actions(self.sampled).passes
            if not passes:
                return
            self.act(passes[0])


def start(game: Game, order: tuple[int, ...] | None) -> Twins:
    explicit, kinds = resolved(start_round(game, order, chance_model="explicit"))
    twins = Twins(start_round(game, order), explicit, kinds)
    same_moment(twins.sampled, twins.explicit)
    return twins


def replayed(record: Record) -> Iterator[Twins]:
    """Each round of ``record`` played twice, event after event (an illegal event refused by
    both), the reaction round's unwritten passes added."""
    game = new_game(
        len(record.players), record.ruleset, seed=record.seed, first_dealer=record.first_dealer
    )
    deck = deck_for(record.ruleset)
    for rnd in record.rounds:
        assert rnd.deal.seed in (None, record.seed), "start_round deals from the game's seed"
        order = None if rnd.deal.order is None else deck.ids_for_faces(rnd.deal.order)
        twins = start(game, order)
        for event in rnd.events:
            if twins.sampled.is_over:
                break
            twins.act(event.action)
        twins.close()
        yield twins
        if not twins.sampled.is_over:
            return
        finished = finish_round(game, twins.sampled)
        assert finish_round(game, twins.explicit) == finished
        game = finished


@pytest.mark.rules("ruling.draw-pile-exhausted", "setup.four-cards")
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_record_plays_the_same_under_the_seeded_sampler(path: Path) -> None:
    rounds = list(replayed(load_record(path)))
    assert sum(twins.applied for twins in rounds) >= 10


def scenario_rounds(scenario: Scenario) -> Iterator[tuple[State, list[tuple[Action, str | None]]]]:
    """Each round of ``scenario``: its table and its steps (an action, the rule it is refused
    citing or ``None``), the later rounds of a game scenario set out as ``run_scenario`` does."""
    if scenario.game is None:
        steps = [(parse_action(step.action), step.refused) for step in scenario.steps]
        yield scenario.start(), steps
        return
    players = len(scenario.rounds[0].table["rows"])
    game = new_game(
        players,
        scenario.ruleset,
        seed=scenario.game.get("seed", 0),
        first_dealer=scenario.game.get("first_dealer"),
    )
    for script in scenario.rounds:
        arguments = _layout_arguments(script.table)
        arguments.update(
            dealer=game.next_dealer,
            round_index=len(game.rounds),
            final_round=game.next_round_is_final,
        )
        state, problem = _set_out(scenario.ruleset, arguments)
        assert problem is None, problem
        steps = [(parse_action(step.action), step.refused) for step in script.steps]
        yield state, steps
        for action, rule in steps:
            if rule is None:
                state = apply(state, action)
        game = finish_round(game, state)


@pytest.mark.rules("ruling.draw-pile-exhausted", "throw-in.penalty-card")
def test_the_scenarios_play_the_same_under_the_seeded_sampler() -> None:
    """Every scenario's table played on under the explicit model: the sampler gives each step
    the state the sampled model gives (among them a penalty card from a reshuffled pile)."""
    nodes: list[ChanceKind] = []
    for scenario in SCENARIOS:
        for table, steps in scenario_rounds(scenario):
            twins = Twins(table, with_chance(table, "explicit"))
            for action, _ in steps:
                twins.act(action)
            nodes += twins.nodes
    assert ChanceKind.RESHUFFLE in nodes


# -- simulated games -----------------------------------------------------------------------------


def own_matches(state: State) -> list[ThrowIn]:
    """Throw-ins of one's own cards that match the top card, looking at the faces."""
    top = state.table.top
    if top < 0 or state.flow.pending is not None:
        return []
    keys = state.deck.match_keys
    return [
        ThrowIn(player, player, slot)
        for player, row in enumerate(state.table.rows)
        for slot, card in enumerate(row)
        if card >= 0 and keys[card] == keys[top]
    ]


def choose(state: State, actions: LegalActions, rng: random.Random) -> Action:
    """A cheap seeded policy: half the time a player throws in a card of theirs that matches
    (fours of a rank gather on the pile: nose races), now and then any throw-in (wrong ones
    cost penalty cards, which empty the draw pile: reshuffles), rarely a call; otherwise one of
    the decisions the game waits for, or a pass."""
    roll = rng.random()
    if roll < 0.5:
        matches = own_matches(state)
        if matches:
            match = rng.choice(matches)
            if match in actions:
                return match
    elif roll > 0.995 and actions.calls:
        return rng.choice(actions.calls)
    elif roll > 0.95 and actions.throw_ins:
        return rng.choice(actions.throw_ins)
    rest = actions.decisions + actions.passes
    return rng.choice(rest or tuple(actions))


def simulated_rules(index: int) -> tuple[Ruleset, int]:
    """Game ``index``'s ruleset (the presets in turn, nose races settled at random) and its
    table size (2 to 12)."""
    rules = Ruleset.preset(PRESETS[index % 3]).with_options(nose_race="random")
    return rules, 2 + index % 11


@pytest.mark.rules(
    "setup.four-cards",
    "ruling.draw-pile-exhausted",
    "ruling.nose-race",
    "four-together.last-draws-penalty",
    "throw-in.penalty-card",
)
def test_a_thousand_simulated_games_play_the_same_under_the_seeded_sampler() -> None:
    """Each deal, and each action where chance acts, played again from the same state under the
    explicit model and resolved by the seeded sampler; where chance does not act, one action in
    twenty played again too: no chance node, the same state."""
    counts = {"rounds": 0, "actions": 0, "reshuffles": 0, "nose races": 0, "both": 0, "plain": 0}
    for index in range(GAMES):
        rules, players = simulated_rules(index)
        rng = random.Random(index)
        game = new_game(players, rules, seed=index)
        while not game.is_over:
            state = start_round(game)
            explicit, kinds = resolved(start_round(game, chance_model="explicit"))
            assert kinds == [ChanceKind.DEAL]
            same_moment(state, explicit)
            counts["rounds"] += 1
            while not state.is_over:
                action = choose(state, legal_actions(state), rng)
                after = apply(state, action)
                # The generator moves on exactly where chance acts.
                chanced = after.flow.status.rng != state.flow.status.rng
                assert chanced or len(after.table.draw) <= len(state.table.draw)
                if chanced:
                    _check_chance(state, action, after, counts)
                elif rng.random() < 0.05:
                    explicit = apply(with_chance(state, "explicit"), action)
                    same_moment(after, explicit)
                    counts["plain"] += 1
                state = after
                counts["actions"] += 1
            game = finish_round(game, state)
    # The check is not vacuous: chance acted often, in every way.
    floor = GAMES // 10
    assert counts["reshuffles"] > floor, counts
    assert counts["nose races"] > floor, counts
    assert counts["both"] > 0 or GAMES < 1000, counts
    assert counts["plain"] > floor, counts


def _check_chance(state: State, action: Action, after: State, counts: dict[str, int]) -> None:
    _, events = apply_events(state, action)
    reshuffled = any(isinstance(e, Reshuffled) for e in events)
    raced = any(isinstance(e, NoseRaceLost) for e in events)
    assert reshuffled or raced, f"the generator moved on without chance acting: {events}"
    explicit, kinds = resolved(apply(with_chance(state, "explicit"), action))
    # A nose race comes first: its loser draws the penalty card that may need a reshuffle.
    expected = [ChanceKind.NOSE_RACE] * raced + [ChanceKind.RESHUFFLE] * reshuffled
    assert kinds == expected, (action, events)
    same_moment(after, explicit)
    counts["reshuffles"] += reshuffled
    counts["nose races"] += raced
    counts["both"] += reshuffled and raced


def seeded_events(state: State) -> tuple[State, tuple[Event, ...]]:
    """The seeded sampler's outcomes taken one at a time: the state it comes to, and the events
    the last outcome brought."""
    events: tuple[Event, ...] = ()
    while chance_outcomes(state):
        state, events = apply_chance_events(state, seeded_outcome(state))
    return state, events


@pytest.mark.rules("setup.four-cards", "ruling.draw-pile-exhausted", "ruling.nose-race")
def test_explicit_games_played_through_are_the_sampled_games_events_included() -> None:
    """Whole rounds played under the explicit model alone, the sampler taking each outcome one
    at a time: after every action, the sampled game's state and events."""
    nodes = 0
    for index in range(45):
        rules, players = simulated_rules(index)
        rng = random.Random(index)
        game = new_game(players, rules, seed=index)
        while not game.is_over:
            sampled = start_round(game)
            explicit, _ = seeded_events(start_round(game, chance_model="explicit"))
            while not sampled.is_over:
                same_moment(sampled, explicit)
                action = choose(sampled, legal_actions(sampled), rng)
                sampled, expected = apply_events(sampled, action)
                explicit, events = apply_events(explicit, action)
                if chance_outcomes(explicit):
                    assert events == ()
                    explicit, events = seeded_events(explicit)
                    nodes += 1
                assert events == expected
            finished = finish_round(game, sampled)
            assert finish_round(game, explicit) == finished
            game = finished
    assert nodes > 50


# -- the lazy model ------------------------------------------------------------------------------


def _without_rng(flow: Flow) -> Flow:
    """The flow but the generator's state: the lazy model draws from it for each card drawn,
    the explicit one for each reshuffle."""
    return attrs.evolve(flow, status=attrs.evolve(flow.status, rng=0))


@pytest.mark.rules("turn.draw", "throw-in.penalty-card", "ruling.draw-pile-exhausted")
def test_the_lazy_model_plays_the_explicit_game_given_the_cards_it_drew() -> None:
    """Rounds played under the explicit model, chance's outcomes chosen at random (not by the
    sampler), and under the lazy model, dealt the same rows, each card drawn the card the
    explicit game drew and each nose race lost by the same player: the same table (the draw
    pile holding the same cards), flow, events and views after every action."""
    counts = {"rounds": 0, "draws": 0, "reshuffles": 0, "nose races": 0}
    for index in range(240):
        rules, players = simulated_rules(index)
        rng = random.Random(index)
        explicit = deal(rules, players, dealer=index % players, seed=index, chance_model="explicit")
        lazy = deal(rules, players, dealer=index % players, seed=index, chance_model="lazy")
        while chance_outcomes(explicit):
            card = rng.choice(chance_outcomes(explicit))[0]
            explicit = apply_chance(explicit, card)
            if chance_outcomes(lazy):
                lazy = apply_chance(lazy, card)
        counts["rounds"] += 1
        steps = 0
        while not explicit.is_over:
            action = choose(explicit, legal_actions(explicit), rng)
            explicit, events = apply_events(explicit, action)
            while chance_outcomes(explicit):
                outcome = rng.choice(chance_outcomes(explicit))[0]
                explicit, events = apply_chance_events(explicit, outcome)
            drawn = [e.card for e in events if isinstance(e, Drew | PenaltyCard)]
            losers = [e.player for e in events if isinstance(e, NoseRaceLost)]
            counts["reshuffles"] += any(isinstance(e, Reshuffled) for e in events)
            lazy, lazy_events = apply_events(lazy, action)
            while chance_outcomes(lazy):
                kind = lazy.flow.pending.kind  # type: ignore[union-attr]
                if kind is ChanceKind.DRAW:
                    lazy, lazy_events = apply_chance_events(lazy, drawn.pop(0))
                    counts["draws"] += 1
                else:
                    assert kind is ChanceKind.NOSE_RACE
                    lazy, lazy_events = apply_chance_events(lazy, losers.pop(0))
                    counts["nose races"] += 1
            assert (drawn, losers) == ([], [])
            assert lazy_events == events
            t, u = explicit.table, lazy.table
            assert u.draw == tuple(sorted(t.draw))
            assert attrs.evolve(u, draw=t.draw) == t
            assert _without_rng(lazy.flow) == _without_rng(explicit.flow)
            if steps % 10 == 0:
                for player in range(players):
                    assert view(lazy, player, actions=True) == view(explicit, player, actions=True)
            steps += 1
    assert counts["reshuffles"] > 30, counts
    assert counts["nose races"] > 30, counts

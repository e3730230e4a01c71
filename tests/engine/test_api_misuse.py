"""The public functions refuse wrong arguments: a wrong type raises :class:`TypeError`, a wrong
value :class:`ValueError` (never a subclass standing in for it, an ``AttributeError``, a
``KeyError``, or a silent guess), and the message starts with the argument's name.

In the compiled build, a parameter typed precisely (``state: State``, ``seed: int | str | None``)
is checked by mypyc before the function runs: the :class:`TypeError` is the same, its message
names the expected type (``... object expected; got ...``) instead of the argument. Parameters
that must refuse a ``bool`` for an ``int`` are typed ``object`` (mypyc would make ``True`` a 1),
so the function's own check, and message, runs in both builds.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from sabai_rules.agents.bots import RandomBot, SensibleBot
from sabai_rules.agents.simulate import simulate
from sabai_rules.engine import COMPILED
from sabai_rules.model import chance
from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Draw,
    apply,
    apply_chance,
    apply_chance_events,
    apply_events,
    chance_outcomes,
    check_players,
    deal,
    deck_for,
    is_legal,
    legal_actions,
    max_round_length,
    resolve_chance,
    seeded_outcome,
    to_move,
)
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.play.layout import layout
from sabai_rules.play.scoring import (
    card_points,
    card_value,
    hall_of_fame,
    round_utilities,
    score_round,
    utility_bounds,
)
from sabai_rules.play.sequential import SequentialState
from sabai_rules.play.space import action_space
from sabai_rules.play.views import observation, observation_size, sample_consistent_state, view
from sabai_rules.referee.export import export_view
from sabai_rules.referee.record import RecordError, read_record, write_record
from sabai_rules.state import State

Call = Callable[[], object]

#: A round just dealt (P1 to draw), a chance node, and a round that is over.
DEALT = deal(players=2, dealer=0, seed=1)
NODE = deal(players=2, dealer=0, seed=1, chance_model="explicit")


def _played_out(state: State) -> State:
    """The round played to its end: the first call, decision or pass, never a throw-in."""
    while not state.is_over:
        legal = legal_actions(state)
        state = apply(state, (legal.calls + legal.decisions + legal.passes)[0])
    return state


OVER = _played_out(DEALT)
RECORD = simulate(2, 3, rounds=1)


def refused(kind: type[Exception], argument: str, call: Call) -> None:
    """``call`` raises exactly ``kind``, its message starting with ``argument``."""
    with pytest.raises(kind) as caught:
        call()
    assert type(caught.value) is kind, f"{type(caught.value).__name__}: {caught.value}"
    message = str(caught.value)
    if COMPILED and kind is TypeError and "object expected; got" in message:
        return  # mypyc's own check of a precisely typed parameter came first
    assert message.startswith(argument), message


def cases(*rows: tuple[str, type[Exception], str, Call]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(
        ("kind", "argument", "call"),
        [pytest.param(kind, argument, call, id=name) for name, kind, argument, call in rows],
    )


# -- the items of the issue ----------------------------------------------------------------------


@cases(
    ("order-of-floats", TypeError, "order", lambda: deal(order=[float(i) for i in range(60)])),  # type: ignore[misc]
    (
        "order-of-bools",
        TypeError,
        "order",
        lambda: deal(players=2, order=[True, False, *range(2, 60)]),
    ),
    ("dealer-true", TypeError, "dealer", lambda: deal(dealer=True)),
    ("round-index-negative", ValueError, "round_index", lambda: deal(round_index=-1)),
    ("round-index-fraction", TypeError, "round_index", lambda: deal(round_index=1.5)),
    ("final-round-yes", TypeError, "final_round", lambda: deal(final_round="yes")),  # type: ignore[arg-type]
    ("seed-huge", ValueError, "seed", lambda: deal(seed=10**4300)),
    ("apply-none", TypeError, "state", lambda: apply(None, Draw(1))),  # type: ignore[arg-type]
    ("legal-actions-none", TypeError, "state", lambda: legal_actions(None)),  # type: ignore[arg-type]
    ("read-record-none", TypeError, "source", lambda: read_record(None)),  # type: ignore[arg-type]
    ("export-as-minus-one", ValueError, "player", lambda: export_view(RECORD, -1)),
    ("export-as-true", TypeError, "player", lambda: export_view(RECORD, True)),
    ("simulate-clever-bots", ValueError, "bots", lambda: simulate(2, 1, bots="clever")),
    ("simulate-no-rounds", ValueError, "rounds", lambda: simulate(2, 1, rounds=0)),
    ("simulate-same-names", ValueError, "names", lambda: simulate(2, 1, names=("Ann", "Ann"))),
)
def test_the_misuses_of_issue_12_are_refused_naming_the_argument(
    kind: type[Exception], argument: str, call: Call
) -> None:
    refused(kind, argument, call)


def test_a_record_with_no_round_is_never_simulated() -> None:
    # The reader refuses such a record; simulate no longer writes one.
    empty = {**json.loads(write_record(RECORD)), "rounds": []}
    with pytest.raises(RecordError, match="at least one round"):
        read_record(empty)
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        simulate(2, 1, rounds=0)


# -- every public function of the engine and above -----------------------------------------------


@cases(
    ("players-true", TypeError, "players", lambda: deal(players=True)),
    ("players-text", TypeError, "players", lambda: deal(players="4")),
    ("players-13", ValueError, "players", lambda: deal(players=13)),
    ("players-1", ValueError, "players", lambda: deal(players=1)),
    ("ruleset-name", TypeError, "ruleset", lambda: deal("current")),  # type: ignore[arg-type]
    ("dealer-no-seat", ValueError, "dealer", lambda: deal(players=3, dealer=3)),
    ("dealer-fraction", TypeError, "dealer", lambda: deal(dealer=1.0)),
    ("order-text", TypeError, "order", lambda: deal(order="0123")),  # type: ignore[arg-type]
    ("order-number", TypeError, "order", lambda: deal(order=60)),  # type: ignore[arg-type]
    ("order-short", ValueError, "order", lambda: deal(order=range(59))),
    ("order-twice", ValueError, "order", lambda: deal(order=[0, *range(59)])),
    ("round-index-true", TypeError, "round_index", lambda: deal(round_index=True)),
    ("round-index-huge", ValueError, "round_index", lambda: deal(round_index=2**31)),
    ("final-round-one", TypeError, "final_round", lambda: deal(final_round=1)),  # type: ignore[arg-type]
    ("chance-model-name", ValueError, "chance_model", lambda: deal(chance_model="random")),
    ("chance-model-number", TypeError, "chance_model", lambda: deal(chance_model=1)),  # type: ignore[arg-type]
)
def test_deal_checks_every_argument(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


@cases(
    ("apply-no-action", TypeError, "action", lambda: apply(DEALT, None)),  # type: ignore[arg-type]
    ("apply-action-name", TypeError, "action", lambda: apply(DEALT, "Draw(1)")),  # type: ignore[arg-type]
    ("apply-events-none", TypeError, "state", lambda: apply_events(None, Draw(1))),  # type: ignore[arg-type]
    ("is-legal-none", TypeError, "state", lambda: is_legal(None, Draw(1))),  # type: ignore[arg-type]
    ("is-legal-no-action", TypeError, "action", lambda: is_legal(DEALT, 3)),  # type: ignore[arg-type]
    ("legal-actions-player-true", TypeError, "player", lambda: legal_actions(DEALT, True)),
    ("legal-actions-player-2", ValueError, "player", lambda: legal_actions(DEALT, 2)),
    ("of-true", TypeError, "player", lambda: legal_actions(DEALT).of(True)),
    ("of-minus-one", ValueError, "player", lambda: legal_actions(DEALT).of(-1)),
    ("runs-true", TypeError, "thrower", lambda: legal_actions(DEALT).throw_in_runs(True)),
    ("runs-minus-one", ValueError, "thrower", lambda: legal_actions(DEALT).throw_in_runs(-1)),
    ("to-move-none", TypeError, "state", lambda: to_move(None)),  # type: ignore[arg-type]
    ("chance-outcomes-none", TypeError, "state", lambda: chance_outcomes(None)),  # type: ignore[arg-type]
    ("apply-chance-none", TypeError, "state", lambda: apply_chance(None, 0)),  # type: ignore[arg-type]
    ("apply-chance-true", TypeError, "outcome", lambda: apply_chance(NODE, True)),
    ("apply-chance-text", TypeError, "outcome", lambda: apply_chance_events(NODE, "0")),
    ("apply-chance-no-node", ValueError, "state", lambda: apply_chance(DEALT, 0)),
    ("apply-chance-no-outcome", ValueError, "outcome", lambda: apply_chance(NODE, 60)),
    ("resolve-chance-none", TypeError, "state", lambda: resolve_chance(None)),  # type: ignore[arg-type]
    ("seeded-outcome-none", TypeError, "state", lambda: seeded_outcome(None)),  # type: ignore[arg-type]
    ("seeded-outcome-no-node", ValueError, "state", lambda: seeded_outcome(DEALT)),
    ("check-players-true", TypeError, "players", lambda: check_players(True)),
    ("check-players-13", ValueError, "players", lambda: check_players(13)),
    ("deck-for-none", TypeError, "ruleset", lambda: deck_for(None)),  # type: ignore[arg-type]
    ("max-length-no-rules", TypeError, "rules", lambda: max_round_length(None, 4)),  # type: ignore[arg-type]
    ("max-length-true", TypeError, "players", lambda: max_round_length(Ruleset(), True)),
    ("max-length-1", ValueError, "players", lambda: max_round_length(Ruleset(), 1)),
)
def test_the_moves_check_their_arguments(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


GAME = new_game(2, seed=1)


@cases(
    ("new-game-players-true", TypeError, "players", lambda: new_game(True)),
    ("new-game-ruleset", TypeError, "ruleset", lambda: new_game(2, "older")),  # type: ignore[arg-type]
    ("new-game-dealer-true", TypeError, "first_dealer", lambda: new_game(2, first_dealer=True)),
    ("new-game-dealer-2", ValueError, "first_dealer", lambda: new_game(2, first_dealer=2)),
    ("new-game-seed", TypeError, "seed", lambda: new_game(2, seed=1.5)),  # type: ignore[arg-type]
    ("start-round-none", TypeError, "game", lambda: start_round(None)),  # type: ignore[arg-type]
    ("start-round-order", TypeError, "order", lambda: start_round(GAME, [0.5] * 60)),  # type: ignore[list-item]
    ("finish-round-no-game", TypeError, "game", lambda: finish_round(None, OVER)),  # type: ignore[arg-type]
    ("finish-round-no-state", TypeError, "state", lambda: finish_round(GAME, None)),  # type: ignore[arg-type]
    ("finish-round-not-over", ValueError, "state", lambda: finish_round(GAME, start_round(GAME))),
)
def test_the_game_checks_its_arguments(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


@cases(
    ("players-true", TypeError, "players", lambda: simulate(True, 1)),
    ("players-1", ValueError, "players", lambda: simulate(1, 1)),
    ("seed-list", TypeError, "seed", lambda: simulate(2, [1])),  # type: ignore[arg-type]
    ("rounds-true", TypeError, "rounds", lambda: simulate(2, 1, rounds=True)),
    ("preset-unknown", ValueError, "preset", lambda: simulate(2, 1, preset="house")),
    ("preset-number", TypeError, "preset", lambda: simulate(2, 1, preset=1)),  # type: ignore[arg-type]
    (
        "preset-and-ruleset",
        ValueError,
        "preset",
        lambda: simulate(2, 1, preset="older", ruleset=Ruleset()),
    ),
    ("ruleset-name", TypeError, "ruleset", lambda: simulate(2, 1, ruleset="older")),  # type: ignore[arg-type]
    ("bots-too-few", ValueError, "bots", lambda: simulate(3, 1, bots=["random", "random"])),
    ("bots-numbers", TypeError, "bots", lambda: simulate(2, 1, bots=[1, 2])),  # type: ignore[list-item]
    ("names-text", TypeError, "names", lambda: simulate(2, 1, names="AB")),
    ("names-too-few", ValueError, "names", lambda: simulate(2, 1, names=["Ann"])),
    ("names-blank", ValueError, "names", lambda: simulate(2, 1, names=["Ann", " "])),
    ("names-numbers", TypeError, "names", lambda: simulate(2, 1, names=[1, 2])),  # type: ignore[list-item]
)
def test_simulate_checks_its_arguments(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


SEEN = view(DEALT, 1, actions=True)
RNG = random.Random(1)


@cases(
    ("random-no-options", ValueError, "options", lambda: RandomBot().decide(SEEN, [], RNG)),
    ("sensible-no-options", ValueError, "options", lambda: SensibleBot().decide(SEEN, (), RNG)),
    ("react-no-view", TypeError, "seen", lambda: RandomBot().react(DEALT, RNG)),  # type: ignore[arg-type]
    ("react-no-rng", TypeError, "rng", lambda: SensibleBot().react(SEEN, 1)),  # type: ignore[arg-type]
)
def test_the_bots_check_their_arguments(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


ROWS = [["7", "3"], ["9", "8"]]


@cases(
    ("rows-text", TypeError, "rows", lambda: layout(rows="78")),
    ("rows-one", ValueError, "rows", lambda: layout(rows=[["7"]])),
    ("face-true", TypeError, "rows[1][0]", lambda: layout(rows=[["7"], [True]])),
    ("face-unknown", ValueError, "rows[0][0]", lambda: layout(rows=[["X"], ["7"]])),
    ("face-none-left", ValueError, "draw[1]", lambda: layout(rows=ROWS, draw=["AJ", "AJ"])),
    ("held-fraction", TypeError, "held", lambda: layout(rows=ROWS, held=1.5)),  # type: ignore[arg-type]
    ("ruleset-name", TypeError, "ruleset", lambda: layout(rows=ROWS, ruleset="older")),  # type: ignore[arg-type]
    ("dealer-true", TypeError, "dealer", lambda: layout(rows=ROWS, dealer=True)),
    ("turn-no-seat", ValueError, "turn", lambda: layout(rows=ROWS, turn=2)),
    ("seen-player", ValueError, "seen", lambda: layout(rows=ROWS, seen={2: [(0, 0)]})),
    ("seen-slot", ValueError, "seen[0][0]", lambda: layout(rows=ROWS, seen={0: [(0, 2)]})),
    ("seen-negative", ValueError, "seen[0][0]", lambda: layout(rows=ROWS, seen={0: [(-1, 0)]})),
    ("seen-list", TypeError, "seen", lambda: layout(rows=ROWS, seen=[(0, 0)])),  # type: ignore[arg-type]
    ("seen-by-all", ValueError, "seen_by_all[0]", lambda: layout(rows=ROWS, seen_by_all=[(0,)])),  # type: ignore[list-item]
    ("lockout-true", TypeError, "lockout[0]", lambda: layout(rows=ROWS, lockout=[True])),
    ("turns-negative", ValueError, "turns", lambda: layout(rows=ROWS, turns=-1)),
    ("done-text", TypeError, "done", lambda: layout(rows=ROWS, done="yes")),  # type: ignore[arg-type]
    ("caller-no-seat", ValueError, "caller", lambda: layout(rows=ROWS, caller=5)),
    ("final-lap-negative", ValueError, "final_lap", lambda: layout(rows=ROWS, final_lap=-2)),
    ("round-index-negative", ValueError, "round_index", lambda: layout(rows=ROWS, round_index=-1)),
    ("final-round-text", TypeError, "final_round", lambda: layout(rows=ROWS, final_round="no")),  # type: ignore[arg-type]
    ("seed-spells-a-number", ValueError, "seed", lambda: layout(rows=ROWS, seed="7")),
)
def test_layout_checks_every_argument(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


SPACE = action_space(Ruleset(), 4)


@cases(
    ("space-ruleset", TypeError, "ruleset", lambda: action_space("current", 4)),  # type: ignore[arg-type]
    ("space-players-true", TypeError, "players", lambda: action_space(Ruleset(), True)),
    ("space-players-list", TypeError, "players", lambda: action_space(Ruleset(), [4])),  # type: ignore[arg-type]
    ("space-players-13", ValueError, "players", lambda: action_space(Ruleset(), 13)),
    ("index-none", TypeError, "action", lambda: SPACE.index(None)),  # type: ignore[arg-type]
    ("action-true", TypeError, "index", lambda: SPACE.action(True)),
    ("action-minus-one", ValueError, "index", lambda: SPACE.action(-1)),
    ("legal-indices-none", TypeError, "state", lambda: SPACE.legal_indices(None, 0)),  # type: ignore[arg-type]
    ("legal-indices-table", ValueError, "state", lambda: SPACE.legal_indices(DEALT, 0)),
    (
        "legal-indices-player",
        TypeError,
        "player",
        lambda: action_space(Ruleset(), 2).legal_indices(DEALT, True),
    ),
    ("sequential-none", TypeError, "state", lambda: SequentialState(None)),  # type: ignore[arg-type]
    ("declined-negative", ValueError, "declined", lambda: SequentialState(DEALT, -1)),
    ("declined-true", TypeError, "declined", lambda: SequentialState(DEALT, True)),
    ("move-none", TypeError, "move", lambda: SequentialState(DEALT).apply(None)),  # type: ignore[arg-type]
    (
        "sequential-chance-true",
        TypeError,
        "outcome",
        lambda: SequentialState(NODE).apply_chance(True),
    ),
)
def test_frameworks_api_checks_its_arguments(
    kind: type[Exception], argument: str, call: Call
) -> None:
    refused(kind, argument, call)


RESULT = score_round(OVER)


@cases(
    ("card-value-60", ValueError, "card", lambda: card_value(DEALT, 60)),
    ("card-value-true", TypeError, "card", lambda: card_value(DEALT, True)),
    ("card-value-none", TypeError, "state", lambda: card_value(None, 0)),  # type: ignore[arg-type]
    ("card-points-none", TypeError, "state", lambda: card_points(None)),  # type: ignore[arg-type]
    ("hall-of-fame-none", TypeError, "state", lambda: hall_of_fame(None)),  # type: ignore[arg-type]
    ("score-none", TypeError, "state", lambda: score_round(None)),  # type: ignore[arg-type]
    ("score-not-over", ValueError, "state", lambda: score_round(DEALT)),
    ("utilities-no-result", TypeError, "result", lambda: round_utilities(None, Ruleset())),  # type: ignore[arg-type]
    ("utilities-no-ruleset", TypeError, "ruleset", lambda: round_utilities(RESULT, None)),  # type: ignore[arg-type]
    ("bounds-no-ruleset", TypeError, "ruleset", lambda: utility_bounds("current")),  # type: ignore[arg-type]
)
def test_scoring_checks_its_arguments(kind: type[Exception], argument: str, call: Call) -> None:
    refused(kind, argument, call)


@cases(
    ("seed-state-true", TypeError, "seed", lambda: chance.seed_state(True)),
    ("seed-state-salt", TypeError, "salt", lambda: chance.seed_state(1, 1.5)),  # type: ignore[arg-type]
    ("below-zero", ValueError, "n", lambda: chance.below(chance.seed_state(1), 0)),
    ("below-text", TypeError, "state", lambda: chance.below("1", 3)),  # type: ignore[arg-type]
    ("below-negative-state", ValueError, "state", lambda: chance.below(-1, 3)),
    ("below-beyond-a-word", ValueError, "n", lambda: chance.below(chance.seed_state(1), 2**64 + 1)),
    ("shuffled-number", TypeError, "items", lambda: chance.shuffled(5, 0)),  # type: ignore[arg-type]
    ("shuffled-huge-state", ValueError, "state", lambda: chance.shuffled([1, 2], 2**200)),
    ("is-guessable-none", TypeError, "seed", lambda: chance.is_guessable(None)),
    ("export-no-record", TypeError, "record", lambda: export_view(None, 0)),  # type: ignore[arg-type]
    ("export-as-2", ValueError, "player", lambda: export_view(RECORD, 2)),
    ("read-record-list", TypeError, "source", lambda: read_record([write_record(RECORD)])),  # type: ignore[arg-type]
)
def test_chance_and_the_records_check_their_arguments(
    kind: type[Exception], argument: str, call: Call
) -> None:
    refused(kind, argument, call)


def test_a_refusal_leaves_nothing_behind() -> None:
    # A refused deal or layout changes nothing: the same call, mended, deals the same round.
    with pytest.raises(TypeError):
        deal(players=2, dealer=True, seed=1)
    assert deal(players=2, dealer=0, seed=1) == DEALT


@cases(
    ("view-none", TypeError, "state", lambda: view(None, 0)),  # type: ignore[arg-type]
    ("view-true", TypeError, "player", lambda: view(DEALT, True)),
    ("view-seat-5", ValueError, "player", lambda: view(DEALT, 5)),
    ("observation-true", TypeError, "player", lambda: observation(DEALT, True)),
    ("observation-size-true", TypeError, "players", lambda: observation_size(Ruleset(), True)),
    ("observation-size-13", ValueError, "players", lambda: observation_size(Ruleset(), 13)),
    ("observation-size-preset", TypeError, "ruleset", lambda: observation_size("current", 4)),  # type: ignore[arg-type]
    (
        "consistent-no-rng",
        TypeError,
        "rng",
        lambda: sample_consistent_state(DEALT, 0, None),  # type: ignore[arg-type]
    ),
    (
        "consistent-none",
        TypeError,
        "state",
        lambda: sample_consistent_state(None, 0, random.Random(1)),  # type: ignore[arg-type]
    ),
    ("deck-no-ass-joker-text", TypeError, "ass_joker", lambda: DeckSpec(ass_joker="no")),  # type: ignore[arg-type]
    ("deck-copies-true", TypeError, "copies", lambda: DeckSpec(copies=True)),
    ("preset-list", TypeError, "name", lambda: Ruleset.preset(["x"])),  # type: ignore[arg-type]
    ("rounds-for-true", TypeError, "players", lambda: Ruleset().rounds_for(True)),
)
def test_views_decks_and_rulesets_check_their_arguments(
    kind: type[Exception], argument: str, call: Call
) -> None:
    refused(kind, argument, call)

"""Chance as outcomes: the chance nodes of the explicit and lazy chance models — the deal, a
reshuffle, a draw from an unordered draw pile, a random nose race — what chance may give at each
and what follows, that nobody acts meanwhile, that a node tells nobody what chance has decided,
and the seeded sampler played on top of them.

The seeded sampler against the sampled model over whole games (the records of ``examples/``, the
scenarios, a thousand simulated games, the lazy model against the explicit one) is in
``test_seeded_sampler.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

import attrs
import pytest

from sabai_rules.model.cards import DeckSpec
from sabai_rules.model.events import (
    Drew,
    Event,
    NoseRaceLost,
    PenaltyCard,
    Played,
    Reshuffled,
    TurnBegan,
)
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    CallSabaiSabai,
    Draw,
    IllegalActionError,
    LookAtCards,
    Play,
    TakeFirstRefusal,
    ThrowIn,
    ToMove,
    TouchNoseLast,
    WaiveFirstRefusal,
    apply,
    apply_chance,
    apply_chance_events,
    apply_events,
    chance_outcomes,
    deal,
    deck_for,
    is_legal,
    legal_actions,
    resolve_chance,
    seeded_outcome,
    to_move,
)
from sabai_rules.play.layout import layout
from sabai_rules.play.sequential import CHANCE, Decline, SequentialState
from sabai_rules.play.views import OBSERVATION_HEADER, observation, sample_consistent_state, view
from sabai_rules.state import NO_PLAYER, Chance, ChanceKind, Stage, State
from tests.engine.support import (
    ACTION_KINDS,
    exhausted,
    faces,
    random_action,
    refused,
    with_chance,
)

RANDOM_RACE = Ruleset().with_options(nose_race="random")


def node_of(state: State) -> Chance:
    """The chance node ``state`` is (failing the test if it is none)."""
    pending = state.flow.pending
    assert isinstance(pending, Chance), f"{state!r} is no chance node"
    return pending


def cards_of(state: State) -> list[int]:
    """The outcomes chance may give at ``state``, in their (increasing) order."""
    return [outcome for outcome, _ in chance_outcomes(state)]


def take(state: State, outcomes: Sequence[int]) -> State:
    for outcome in outcomes:
        state = apply_chance(state, outcome)
    return state


def seeded_events(state: State) -> tuple[State, tuple[Event, ...]]:
    """The seeded sampler's outcomes taken one at a time: the state it comes to, and the events
    the last outcome brought."""
    events: tuple[Event, ...] = ()
    while chance_outcomes(state):
        state, events = apply_chance_events(state, seeded_outcome(state))
    return state, events


def dealt_order(state: State) -> list[int]:
    """The deck in the order it was dealt to give ``state``'s table: round the table from the
    starter, four times, then the draw pile from its top."""
    n, starter = state.players, state.setup.starter
    rows = state.table.rows
    return [rows[(starter + k) % n][k // n] for k in range(4 * n)] + list(
        reversed(state.table.draw)
    )


# -- the deal ------------------------------------------------------------------------------------


@pytest.mark.rules("setup.four-cards", "setup.draw-pile", "ruling.deck-composition")
@pytest.mark.parametrize("spec", [DeckSpec(), DeckSpec(copies=2), DeckSpec(copies=5)], ids=str)
def test_the_explicit_deal_is_one_chance_outcome_per_card_of_the_deck(spec: DeckSpec) -> None:
    """Every card of the ruleset's deck is dealt by one outcome, each equally likely among the
    cards not dealt yet; the first card chance gives is dealt first."""
    rules = Ruleset().with_options(deck=spec)
    size = len(deck_for(rules))
    state = deal(rules, players=3, dealer=0, chance_model="explicit", seed=0)
    assert state.table.rows == ((), (), ())
    assert state.table.draw == ()
    pick = random.Random(size)
    taken: list[int] = []
    while chance_outcomes(state):
        outcomes = chance_outcomes(state)
        assert node_of(state).kind is ChanceKind.DEAL
        assert [card for card, _ in outcomes] == sorted(set(range(size)) - set(taken))
        assert {p for _, p in outcomes} == {Fraction(1, size - len(taken))}
        assert sum(p for _, p in outcomes) == 1
        card = pick.choice(cards_of(state))
        state = apply_chance(state, card)
        taken.append(card)
    assert len(taken) == size
    assert state.table == deal(rules, players=3, dealer=0, order=taken, seed=0).table
    waiting = to_move(state)
    assert waiting.player == 1  # the starter draws first
    assert not waiting.chance


@pytest.mark.rules("setup.four-cards", "setup.draw-pile", "turn.starter")
@pytest.mark.parametrize(
    ("players", "dealer", "seed", "round_index"),
    [(2, 0, 0, 0), (4, 1, 7, 2), (12, 11, "Anna's table", 5), (5, 3, 2**40, 0)],
)
def test_the_seeded_sampler_deals_what_the_seed_deals(
    players: int, dealer: int, seed: int | str, round_index: int
) -> None:
    sampled = deal(players=players, dealer=dealer, seed=seed, round_index=round_index)
    node = deal(
        players=players, dealer=dealer, seed=seed, round_index=round_index, chance_model="explicit"
    )
    # The first card the sampler gives is the starter's first card.
    assert seeded_outcome(node) == sampled.table.rows[sampled.setup.starter][0]
    resolved = resolve_chance(node)
    assert resolved.table == sampled.table
    assert resolved.flow == sampled.flow  # the generator moved on as the sampled deal's did
    assert resolved.setup == with_chance(sampled, "explicit").setup
    # One outcome at a time, the sampler gives the same deal.
    assert seeded_events(node)[0] == resolved


@pytest.mark.rules("setup.four-cards", "setup.draw-pile")
def test_chosen_and_seeded_outcomes_mix_in_a_deal() -> None:
    """A real table's first cards, then the seeded sampler: the sampler deals the rest of its
    shuffle, the chosen cards left out, and the generator ends where the seeded deal leaves it
    (so that the reshuffles later in the round are the seed's)."""
    sampled = deal(players=4, dealer=2, seed=11)
    chosen = [59, 58, 57, 0, 1]
    state = take(deal(players=4, dealer=2, seed=11, chance_model="explicit"), chosen)
    assert state.table.rows == ((), (), (), ())  # nothing is on the table before the deal ends
    state = resolve_chance(state)
    expected = chosen + [card for card in dealt_order(sampled) if card not in chosen]
    assert state.table == deal(players=4, dealer=2, order=expected, seed=0).table
    assert state.flow == sampled.flow
    # A whole deal chosen moves the generator on just as far.
    whole = take(deal(players=4, dealer=2, seed=11, chance_model="explicit"), range(60))
    assert whole.flow == sampled.flow


@pytest.mark.rules("setup.four-cards", "setup.draw-pile")
@pytest.mark.parametrize("players", [2, 5, 12])
def test_the_lazy_deal_deals_the_rows_and_leaves_the_draw_pile_unordered(players: int) -> None:
    node = deal(players=players, dealer=0, seed=3, chance_model="lazy")
    assert len(cards_of(node)) == 60
    chosen = list(range(59, 59 - 4 * players, -1))
    state = take(node, chosen[:-1])
    assert chance_outcomes(state), "the rows are not all dealt yet"
    state = apply_chance(state, chosen[-1])
    assert not chance_outcomes(state)  # 4 cards a player, and no more
    rest = sorted(set(range(60)) - set(chosen))
    # The rows the same first cards give when the whole deck is dealt; no order for the rest.
    assert (
        state.table.rows == deal(players=players, dealer=0, order=chosen + rest, seed=0).table.rows
    )
    assert state.table.draw == tuple(rest)
    # The seeded sampler deals the seed's rows; the draw pile holds the seed's draw pile's cards.
    sampled = deal(players=players, dealer=0, seed=3)
    seeded = resolve_chance(node)
    assert seeded_events(node)[0] == seeded
    assert seeded.table.rows == sampled.table.rows
    assert seeded.table.draw == tuple(sorted(sampled.table.draw))
    assert seeded.flow == sampled.flow


# -- the tables of the tests below ---------------------------------------------------------------


def shuffled_in(state: State) -> tuple[int, ...]:
    """The cards a reshuffle takes from the discard pile of ``state``: every card under the top
    card but the burned Ass Joker, which stays out of play
    (:rule:`ruling.ass-joker-holder-at-reveal`)."""
    return tuple(c for c in state.table.discard[:-1] if c != state.setup.deck.ass_joker)


def late_table(model: str = "explicit") -> State:
    """P0 is to draw; the draw pile is empty; the discard pile holds every other card, a 2 and
    then a 9 on top. P1 holds a 9 and a 6, unseen."""
    return exhausted([["3", "4"], ["9", "6"], ["8"]], ["2", "9"], turn=0, model=model)


def one_card_left(model: str = "explicit") -> State:
    """The late table with one card, a 5, left to draw, and a wrong card costing two penalty
    cards (a house rule, :rule:`ruling.throw-in-penalty-cards`)."""
    return exhausted(
        [["3", "4"], ["9", "6"], ["8"]],
        ["2", "9"],
        draw=["5"],
        turn=0,
        model=model,
        ruleset=Ruleset().with_options(throw_in_penalty_cards=2),
    )


def race_table(*, empty_draw: bool = False, ruleset: Ruleset = RANDOM_RACE) -> State:
    """Three 7s on top of the discard pile, P0 holding a drawn 7 (nose races settled at random);
    a 2 on the draw pile, or no draw pile at all."""
    rows = [["3", "4"], ["5", "6"], ["8", "9"]]
    if empty_draw:
        return exhausted(rows, ["7", "7", "7"], held="7", turn=0, ruleset=ruleset)
    state = layout(
        rows=rows, discard=["7", "7", "7"], draw=["2"], held="7", turn=0, ruleset=ruleset
    )
    return with_chance(state, "explicit")


def lazy_round() -> State:
    """A lazy round of three, dealt from seed 3 by the seeded sampler: P1 is to draw."""
    return resolve_chance(deal(players=3, dealer=0, seed=3, chance_model="lazy"))


def offer_answered() -> State:
    """The late table, owners always offered first refusal: P1 throws in P0's 3 onto the 9 for
    P0, and P0 is offered the card. Whatever P0 answers, a wrong card's penalty card must come
    from a new draw pile."""
    rules = Ruleset().with_options(first_refusal="always")
    before = exhausted([["3", "4"], ["9", "6"], ["8"]], ["2", "9"], turn=0, ruleset=rules)
    return apply(before, ThrowIn(1, 0, 0))


@attrs.frozen
class Node:
    """A kind of chance node: how to reach one, actions a player might try there (the action
    that waits for chance among them, and others legal just before it), and the rule a refusal
    cites."""

    kind: ChanceKind
    reach: Callable[[], State]
    actions: tuple[Action, ...]
    rule: str


#: Not in the lists below: the actions that answer what another pending thing waits for.
ANSWERS: Final = (TouchNoseLast(0), TakeFirstRefusal(0), WaiveFirstRefusal(1))

NODES: Final = {
    "deal": Node(
        ChanceKind.DEAL,
        lambda: take(deal(players=3, dealer=0, chance_model="explicit", seed=0), [5, 9, 30]),
        (LookAtCards(1, (0, 1)), Draw(1), CallSabaiSabai(2)),
        "setup.four-cards",
    ),
    "reshuffle": Node(
        ChanceKind.RESHUFFLE,
        lambda: take(apply(late_table(), Draw(0)), [0, 1, 2]),
        (Draw(0), ThrowIn(1, 1, 0), CallSabaiSabai(2)),
        "ruling.draw-pile-exhausted",
    ),
    "reshuffle after an offer": Node(
        ChanceKind.RESHUFFLE,
        lambda: apply(offer_answered(), WaiveFirstRefusal(0)),
        (WaiveFirstRefusal(0), TakeFirstRefusal(0)),
        "ruling.draw-pile-exhausted",
    ),
    "draw": Node(
        ChanceKind.DRAW,
        lambda: apply(lazy_round(), Draw(1)),
        (Draw(1), CallSabaiSabai(1), CallSabaiSabai(2)),
        "turn.draw",
    ),
    "nose race": Node(
        ChanceKind.NOSE_RACE,
        lambda: apply(race_table(), Play(0)),
        (Play(0), TouchNoseLast(1)),
        "four-together.touch-nose",
    ),
}


# -- nobody acts at a chance node ----------------------------------------------------------------


@pytest.mark.rules(
    "setup.four-cards", "ruling.draw-pile-exhausted", "turn.draw", "four-together.touch-nose"
)
@pytest.mark.parametrize("name", list(NODES))
def test_nobody_may_act_while_chance_decides(name: str) -> None:
    node = NODES[name]
    state = node.reach()
    assert node_of(state).kind is node.kind
    assert tuple(legal_actions(state)) == ()
    for player in range(state.players):
        assert tuple(legal_actions(state, player=player)) == ()
    assert to_move(state) == ToMove(NO_PLAYER, False, (), chance=True)
    for action in (*node.actions, *ANSWERS):
        error = refused(state, action, node.rule)
        assert "chance decides first" in str(error)
        assert not is_legal(state, action)


@pytest.mark.rules(
    "setup.four-cards", "ruling.draw-pile-exhausted", "turn.draw", "four-together.touch-nose"
)
@pytest.mark.parametrize("name", list(NODES))
def test_any_action_of_anybody_is_refused_at_a_chance_node_citing_the_rule_chance_serves(
    name: str,
) -> None:
    node = NODES[name]
    state = node.reach()
    rng = random.Random(name)
    kinds = set()
    for _ in range(400):
        action = random_action(state, lambda _label, k: rng.randrange(k))
        kinds.add(type(action))
        with pytest.raises(IllegalActionError) as caught:
            apply(state, action)
        assert caught.value.rule == node.rule, f"{action!r}: {caught.value}"
    assert len(kinds) == ACTION_KINDS


@pytest.mark.rules("four-together.hands-on-pile", "ruling.nose-race")
def test_the_older_edition_cites_its_own_nose_race_rule_at_a_random_nose_race() -> None:
    older = Ruleset.preset("older").with_options(nose_race="random")
    state = apply(race_table(ruleset=older), Play(0))
    assert node_of(state).kind is ChanceKind.NOSE_RACE
    refused(state, CallSabaiSabai(1), "four-together.hands-on-pile")


@pytest.mark.rules("setup.four-cards", "ruling.draw-pile-exhausted", "ruling.nose-race")
def test_outcomes_a_node_does_not_offer_are_refused() -> None:
    dealing = apply_chance(deal(players=3, chance_model="explicit", seed=0), 7)
    for outcome in (7, 60, -1):
        with pytest.raises(ValueError, match="is not an outcome of this deal chance node"):
            apply_chance(dealing, outcome)
    for wrong in (True, 7.0, "7"):  # no int: a wrong type, whatever the node
        with pytest.raises(TypeError, match="outcome must be an int"):
            apply_chance(dealing, wrong)
    # The top card of the discard pile stays there: it is not shuffled into the new pile.
    before = late_table()
    reshuffling = apply(before, Draw(0))
    with pytest.raises(ValueError, match="reshuffle"):
        apply_chance(reshuffling, before.table.top)
    with pytest.raises(ValueError, match="reshuffle"):
        apply_chance(reshuffling, before.table.rows[1][0])  # P1's 9 is in P1's row
    racing = apply(race_table(), Play(0))
    with pytest.raises(ValueError, match="nose-race"):
        apply_chance(racing, 3)  # seats 0 to 2
    assert cards_of(racing) == [0, 1, 2]


@pytest.mark.rules("ruling.draw-pile-exhausted")
@pytest.mark.parametrize(
    "state",
    [
        deal(players=3, seed=1),
        resolve_chance(deal(players=3, seed=1, chance_model="explicit")),
        apply(late_table("sampled"), Draw(0)),
    ],
    ids=["sampled deal", "explicit, between nodes", "sampled reshuffle"],
)
def test_chance_functions_refuse_a_state_where_players_decide(state: State) -> None:
    assert chance_outcomes(state) == ()
    assert resolve_chance(state) is state
    assert not to_move(state).chance
    for call in (
        lambda: apply_chance(state, 0),
        lambda: apply_chance_events(state, 0),
        lambda: seeded_outcome(state),
        lambda: SequentialState(state).apply_chance(0),
    ):
        with pytest.raises(ValueError, match="no chance node"):
            call()


# -- a reshuffle ---------------------------------------------------------------------------------


@pytest.mark.rules("ruling.draw-pile-exhausted", "turn.draw")
def test_a_draw_from_an_empty_draw_pile_waits_for_the_reshuffle() -> None:
    before = late_table()
    node, events = apply_events(before, Draw(0))
    assert events == ()  # nothing has happened yet
    assert node.table == before.table
    assert node_of(node).kind is ChanceKind.RESHUFFLE
    under = shuffled_in(before)
    outcomes = chance_outcomes(node)
    # The new pile is any order of the discard pile's cards but its top card.
    assert [card for card, _ in outcomes] == sorted(under)
    assert {p for _, p in outcomes} == {Fraction(1, len(under))}
    assert sum(p for _, p in outcomes) == 1


@pytest.mark.rules("ruling.draw-pile-exhausted", "ruling.knowledge-model", "turn.draw")
def test_the_new_draw_pile_is_the_order_chance_gives_top_card_first() -> None:
    before = late_table()
    under = shuffled_in(before)
    order = list(under)
    random.Random(3).shuffle(order)
    state = apply(before, Draw(0))
    for i, card in enumerate(order):
        # One card at a time, the table unchanged until the last one is placed.
        assert cards_of(state) == sorted(set(under) - set(order[:i]))
        assert state.table == before.table
        state = apply_chance(state, card)
    assert not chance_outcomes(state)
    table = state.table
    assert table.held == order[0]  # P0 drew the new pile's top card
    assert tuple(reversed(table.draw)) == tuple(order[1:])  # the rest, top first
    # The 9 stays on the discard pile, and so does the burned Ass Joker under it.
    assert table.discard == (before.setup.deck.ass_joker, before.table.top)
    assert state.flow.stage is Stage.DECIDE
    assert state.turn == 0
    # Everybody saw the discard pile; once shuffled in, its cards are known to nobody, and the
    # card drawn only to the drawer.
    assert all(before.table.knows(p, card) for p in range(3) for card in under)
    assert not any(table.knows(p, card) for p in range(3) for card in table.draw)
    assert [table.knows(p, table.held) for p in range(3)] == [True, False, False]


@pytest.mark.rules("ruling.draw-pile-exhausted", "turn.draw")
def test_the_reshuffle_and_the_draw_are_told_once_the_last_card_is_placed() -> None:
    before = late_table()
    under = shuffled_in(before)
    order = sorted(under, reverse=True)
    state = apply(before, Draw(0))
    for card in order[:-1]:
        state, events = apply_chance_events(state, card)
        assert events == ()
    state, events = apply_chance_events(state, order[-1])
    assert events == (Reshuffled(0, tuple(sorted(under))), Drew(0, order[0]))


@pytest.mark.rules(
    "throw-in.penalty-card", "throw-in.wrong-card.penalty", "ruling.draw-pile-exhausted"
)
def test_a_wrong_throw_in_with_an_empty_draw_pile_waits_for_the_reshuffle() -> None:
    """P1 throws in the 6 onto the 9: wrong. The penalty card must come from a new draw pile:
    nothing happens until chance has shuffled it; then the 6 is shown and taken back, P1 is
    locked out and gets the new pile's top card, unseen, at the end of the row."""
    before = late_table()
    six = before.table.rows[1][1]
    node, events = apply_events(before, ThrowIn(1, 1, 1))
    assert events == ()
    assert node.table == before.table
    assert node.flow.lockout == 0
    assert node_of(node).kind is ChanceKind.RESHUFFLE
    under = shuffled_in(before)
    assert cards_of(node) == sorted(under)
    order = sorted(under)
    state, events = apply_chance_events(take(node, order[:-1]), order[-1])
    assert faces(state, 1)[:2] == ["9", "6"]
    assert state.table.rows[1] == (before.table.rows[1][0], six, order[0])
    assert state.flow.lockout == 1 << 1
    assert state.table.knows(0, six)
    assert not state.table.knows(1, order[0])
    assert (Reshuffled(1, tuple(sorted(under))), PenaltyCard(1, order[0])) == tuple(
        e for e in events if isinstance(e, Reshuffled | PenaltyCard)
    )


@pytest.mark.rules(
    "ruling.throw-in-penalty-cards", "ruling.draw-pile-exhausted", "throw-in.penalty-card"
)
def test_two_penalty_cards_with_one_card_left_meet_a_reshuffle_between_them() -> None:
    """A wrong card costs two penalty cards and one card, a 5, is left to draw: P1's wrong 6
    waits for chance to shuffle the new draw pile, with nothing done yet; then P1 has the 5 and
    the new pile's top card."""
    before = one_card_left()
    five = before.table.draw[0]
    node, events = apply_events(before, ThrowIn(1, 1, 1))
    assert events == ()
    assert node.table == before.table
    assert node_of(node).kind is ChanceKind.RESHUFFLE
    under = shuffled_in(before)
    assert cards_of(node) == sorted(under)
    order = sorted(under, reverse=True)
    state, events = apply_chance_events(take(node, order[:-1]), order[-1])
    assert state.table.rows[1] == (*before.table.rows[1], five, order[0])
    assert tuple(reversed(state.table.draw)) == tuple(order[1:])
    assert events[1:] == (
        PenaltyCard(1, five),
        Reshuffled(1, tuple(sorted(under))),
        PenaltyCard(1, order[0]),
    )


@pytest.mark.rules(
    "ruling.throw-in-penalty-cards", "ruling.draw-pile-exhausted", "ruling.knowledge-model"
)
def test_under_the_lazy_model_each_penalty_card_is_a_draw_of_its_own() -> None:
    """The same wrong 6 under the lazy model: a draw over the one card left, then (the reshuffle
    being no node) a draw over the shuffled cards; the table changes once both are taken."""
    before = one_card_left("lazy")
    five = before.table.draw[0]
    node = apply(before, ThrowIn(1, 1, 1))
    assert node_of(node).kind is ChanceKind.DRAW
    assert cards_of(node) == [five]
    node = apply_chance(node, five)
    assert node_of(node).kind is ChanceKind.DRAW
    assert node.table == before.table
    under = shuffled_in(before)
    assert cards_of(node) == sorted(under)
    card = min(under)
    state, events = apply_chance_events(node, card)
    assert state.table.rows[1] == (*before.table.rows[1], five, card)
    assert state.table.draw == tuple(sorted(set(under) - {card}))
    assert events[1:] == (
        PenaltyCard(1, five),
        Reshuffled(1, tuple(sorted(under))),
        PenaltyCard(1, card),
    )


# -- a random nose race --------------------------------------------------------------------------


@pytest.mark.rules(
    "ruling.nose-race", "four-together.touch-nose", "four-together.last-draws-penalty"
)
def test_a_random_nose_race_is_chance_over_the_seats_and_the_loser_draws_a_penalty_card() -> None:
    before = race_table()
    seven, two = before.table.held, before.table.draw[-1]
    node, events = apply_events(before, Play(0))
    assert events == ()
    assert node.table == before.table  # the fourth 7 is still in P0's hand
    assert node_of(node).kind is ChanceKind.NOSE_RACE
    assert chance_outcomes(node) == tuple((seat, Fraction(1, 3)) for seat in range(3))
    for loser in range(3):
        state, events = apply_chance_events(node, loser)
        assert state.table.discard[-4:] == (*before.table.discard[-3:], seven)
        for player in range(3):
            extra = (two,) if player == loser else ()
            assert state.table.rows[player] == before.table.rows[player] + extra
        assert not state.table.knows(loser, two)
        assert events == (
            Played(0, seven),
            NoseRaceLost(loser),
            PenaltyCard(loser, two),
            TurnBegan(1),
        )


@pytest.mark.rules(
    "ruling.nose-race", "four-together.last-draws-penalty", "ruling.draw-pile-exhausted"
)
def test_a_nose_race_whose_loser_needs_a_reshuffle_meets_two_chance_nodes_in_turn() -> None:
    before = race_table(empty_draw=True)
    seven = before.table.held
    race = apply(before, Play(0))
    assert node_of(race).kind is ChanceKind.NOSE_RACE
    state, events = apply_chance_events(race, 2)
    assert events == ()
    assert node_of(state).kind is ChanceKind.RESHUFFLE
    assert state.table == before.table  # still nothing has happened
    # The discard pile is shuffled but the fourth 7, now on top: the other three 7s go in too.
    # The burned Ass Joker stays out of play, on the discard pile.
    under = tuple(c for c in before.table.discard if c != before.setup.deck.ass_joker)
    assert cards_of(state) == sorted(under)
    order = sorted(under, reverse=True)
    state = take(state, order[:-1])
    state, events = apply_chance_events(state, order[-1])
    assert state.table.discard == (before.setup.deck.ass_joker, seven)
    assert state.table.rows[2] == (*before.table.rows[2], order[0])
    assert events == (
        Played(0, seven),
        NoseRaceLost(2),
        Reshuffled(2, tuple(sorted(under))),
        PenaltyCard(2, order[0]),
        TurnBegan(1),
    )


# -- a draw from an unordered draw pile (the lazy model) -----------------------------------------


@pytest.mark.rules("turn.draw", "ruling.knowledge-model")
def test_a_lazy_draw_is_chance_over_the_draw_piles_cards() -> None:
    before = lazy_round()
    pile = before.table.draw
    assert pile == tuple(sorted(set(range(60)) - {c for row in before.table.rows for c in row}))
    node, events = apply_events(before, Draw(1))
    assert events == ()
    assert node_of(node).kind is ChanceKind.DRAW
    assert chance_outcomes(node) == tuple((card, Fraction(1, len(pile))) for card in pile)
    card = pile[len(pile) // 2]  # from the middle of the pile: it has no order
    state, events = apply_chance_events(node, card)
    assert events == (Drew(1, card),)
    assert state.table.held == card
    assert state.table.draw == tuple(c for c in pile if c != card)
    assert [state.table.knows(p, card) for p in range(3)] == [False, True, False]


@pytest.mark.rules("ruling.draw-pile-exhausted", "turn.draw", "ruling.knowledge-model")
def test_a_lazy_reshuffle_is_no_node_and_the_draw_is_chance_over_the_shuffled_cards() -> None:
    before = late_table("lazy")
    under = shuffled_in(before)
    node = apply(before, Draw(0))
    assert node_of(node).kind is ChanceKind.DRAW
    assert node.table == before.table
    assert cards_of(node) == sorted(under)
    card = max(under)
    state, events = apply_chance_events(node, card)
    assert events == (Reshuffled(0, tuple(sorted(under))), Drew(0, card))
    assert state.table.held == card
    assert state.table.draw == tuple(sorted(set(under) - {card}))
    assert state.table.discard == (before.setup.deck.ass_joker, before.table.top)
    assert not any(state.table.knows(p, c) for p in range(3) for c in state.table.draw)


# -- the seeded sampler plays each node as the sampled model does --------------------------------


@pytest.mark.rules(
    "ruling.draw-pile-exhausted",
    "throw-in.penalty-card",
    "ruling.nose-race",
    "four-together.last-draws-penalty",
    "ruling.throw-in-penalty-cards",
)
@pytest.mark.parametrize(
    ("before", "action"),
    [
        (late_table(), Draw(0)),
        (late_table(), ThrowIn(1, 1, 1)),
        (race_table(), Play(0)),
        (race_table(empty_draw=True), Play(0)),
        (offer_answered(), WaiveFirstRefusal(0)),
        (one_card_left(), ThrowIn(1, 1, 1)),
    ],
    ids=[
        "draw",
        "penalty card",
        "nose race",
        "nose race and penalty card",
        "offer waived",
        "two penalty cards and a reshuffle",
    ],
)
def test_the_seeded_sampler_plays_each_node_as_the_sampled_model(
    before: State, action: Action
) -> None:
    sampled, expected = apply_events(with_chance(before, "sampled"), action)
    node = apply(before, action)
    assert chance_outcomes(node)
    state, events = seeded_events(node)
    assert (state.table, state.flow) == (sampled.table, sampled.flow)
    assert events == expected
    assert resolve_chance(node) == state


# -- what a chance node tells the players --------------------------------------------------------


def twin_nodes() -> list[tuple[State, State]]:
    """Pairs of chance nodes of the same kind that differ only in what chance has given so far
    (a deal or a reshuffle half done), or in cards nobody has seen (P1's 9 and 6 in each other's
    place)."""
    dealing = deal(players=3, dealer=0, chance_model="explicit", seed=0)
    reshuffling = apply(late_table(), Draw(0))
    swapped = exhausted([["3", "4"], ["6", "9"], ["8"]], ["2", "9"], turn=0)
    return [
        (take(dealing, range(10)), take(dealing, range(59, 49, -1))),
        (
            take(reshuffling, cards_of(reshuffling)[:5]),
            take(reshuffling, cards_of(reshuffling)[-5:]),
        ),
        (reshuffling, apply(swapped, Draw(0))),
        (apply(late_table(), ThrowIn(2, 2, 0)), apply(swapped, ThrowIn(2, 2, 0))),
    ]


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_a_chance_node_shows_nobody_what_chance_has_given_so_far() -> None:
    for first, second in twin_nodes():
        assert first != second
        assert repr(first) == repr(second)
        assert repr(first.flow.pending) == repr(second.flow.pending)
        for player in range(3):
            assert view(first, player) == view(second, player)
            assert observation(first, player) == observation(second, player)
    half_dealt = twin_nodes()[0][0]
    assert repr(half_dealt.flow.pending) == "<Chance deal: 50 outcomes>"
    assert "chance decides (deal)" in repr(half_dealt)


#: The observation's "chance" field, as OBSERVATION_HEADER documents it.
CHANCE_CODES: Final = {
    ChanceKind.DEAL: 1,
    ChanceKind.RESHUFFLE: 2,
    ChanceKind.DRAW: 3,
    ChanceKind.NOSE_RACE: 4,
}


@pytest.mark.rules("ruling.public-information")
@pytest.mark.parametrize("name", list(NODES))
def test_views_and_observations_say_what_chance_decides(name: str) -> None:
    kind = NODES[name].kind
    state = NODES[name].reach()
    column = OBSERVATION_HEADER.index("chance")
    code = CHANCE_CODES[kind]
    for player in range(state.players):
        assert view(state, player).chance is kind
        assert observation(state, player)[column] == code
    after = resolve_chance(state)
    assert view(after, 0).chance is None
    assert observation(after, 0)[column] == 0


@pytest.mark.rules("ruling.knowledge-model")
@pytest.mark.parametrize("name", list(NODES))
def test_no_consistent_state_is_sampled_at_a_chance_node(name: str) -> None:
    state = NODES[name].reach()
    with pytest.raises(ValueError, match="chance node"):
        sample_consistent_state(state, 0, random.Random(0))
    after = resolve_chance(state)
    sample = sample_consistent_state(after, 0, random.Random(0))
    assert view(sample, 0) == view(after, 0)


# -- one player at a time ------------------------------------------------------------------------


@pytest.mark.rules("ruling.sequential-actions", "ruling.draw-pile-exhausted")
def test_the_sequence_waits_for_chance_at_a_chance_node() -> None:
    before = SequentialState(late_table())
    # P1 may throw in the 9 (a match): asked first; P1 declines, P0 draws.
    game = before
    while game.current_player != 0 or Decline(0) in game.legal_moves():
        game = game.apply(Decline(game.current_player))
    game = game.apply(Draw(0))
    assert game.current_player == CHANCE
    assert game.legal_moves() == ()
    assert game.chance_outcomes() == chance_outcomes(game.state)
    with pytest.raises(ValueError, match="not a move"):
        game.apply(Decline(1))
    while game.current_player == CHANCE:
        game = game.apply_chance(seeded_outcome(game.state))
    assert game.state == resolve_chance(apply(late_table(), Draw(0)))
    assert game.declined == 0
    assert game.current_player in range(3)


@pytest.mark.rules("ruling.knowledge-model")
def test_a_consistent_state_of_a_lazy_round_keeps_its_draw_pile_unordered() -> None:
    """Under the lazy model the draw pile has no order and is kept in card order, so that two
    states that hold the same cards in the same places are equal. A consistent state moves
    unseen cards between the rows and the draw pile: its draw pile is in card order too."""
    state = resolve_chance(apply(lazy_round(), Draw(1)))
    for seed in range(5):
        sample = sample_consistent_state(state, 0, random.Random(seed))
        assert sample.table.draw != state.table.draw  # cards came from P1's and P2's rows
        assert sample.table.draw == tuple(sorted(sample.table.draw))

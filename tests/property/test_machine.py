"""A Hypothesis state machine that plays whole rounds, any actor at any moment.

Rules pick among the legal actions (turn actions, answers, throw-ins of own and others' cards,
calls, passes, nose races), try well-formed illegal actions (which must be refused citing a rule
of the catalogue), and check that a player's view does not depend on the cards that player has
not seen. Some rounds are dealt under the explicit or the lazy chance model: the deal is then
taken card by card (in an order Hypothesis chooses, or by the seeded sampler), and whenever the
state is a chance node, the rule that moves the game on takes chance's outcomes (nobody else may
act there). After every step the invariants hold:

* conservation — every card id is in exactly one place, at a chance node too, and in the
  state every outcome of a chance node leads to;
* chance — a chance node's outcomes are equally likely and their probabilities sum to 1; an
  unordered (lazy) draw pile stays in card order;
* knowledge is sound and complete — what each player knows is exactly what was shown to them,
  replayed from the events (a shadow model);
* ``legal_actions`` and ``apply`` agree — everything listed applies; at a chance node nothing
  is listed, ``to_move`` and the sequence say chance decides, and every action is refused citing
  the rule chance serves;
* determinism — the same state and action (or chance outcome) give the same state and events;
* replay — re-applying the actions and chance's outcomes from the deal reproduces the state
  (checked when a round ends and every few steps);
* turn order — turns follow the seats from the starter, nobody is skipped, and a final lap gives
  every player exactly one turn;
* scoring identities — the round is won by the Hall of Fame or else by the fewest card points
  among the players without the Ass Joker, card points are the sum of the faces, victory points
  follow the rules;
* termination — a round ends with its cause recorded, a final round within its turn cap.

Profiles (tests/conftest.py): ``ci`` by default, ``deep`` with ``SABAI_HYPOTHESIS_PROFILE=deep``.
The number of actions executed and of chance outcomes taken is printed at the end of the run.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from sabai_rules.model import catalogue
from sabai_rules.model.cards import ASS_JOKER, JOKER
from sabai_rules.model.events import (
    Called,
    Drew,
    Event,
    Kept,
    KeptInEmptyRow,
    LookedAt,
    Peeked,
    Played,
    Reshuffled,
    Spied,
)
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Action,
    IllegalActionError,
    TouchNoseLast,
    apply,
    apply_chance,
    apply_chance_events,
    apply_events,
    chance_outcomes,
    deal,
    is_legal,
    legal_actions,
    max_round_length,
    resolve_chance,
    seeded_outcome,
    to_move,
)
from sabai_rules.play.scoring import score_round
from sabai_rules.play.sequential import CHANCE, Decline, SequentialState
from sabai_rules.play.space import action_space
from sabai_rules.play.views import observation, observation_size, sample_consistent_state, view
from sabai_rules.state import NO_PLAYER, Chance, ChanceKind, ChanceModel, EndCause, State, Table
from tests.engine.support import random_action

#: Actions executed by every machine in this run (printed by tests/property/conftest.py).
COUNTS = {"actions": 0, "rounds": 0, "refusals": 0, "chance": 0}

KNOWN_IDS = {r.id for r in catalogue.rules()} | {r.id for r in catalogue.rulings()}
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"nose_race": "random"},
    {"first_refusal": "always", "functions_optional": True, "compensation_slot": "append"},
    {"empty_check": "lock_in", "empty_by_any_means": False, "on_empty_draw_pile": "end_round"},
    {"on_behalf_owner_must_not_know": True, "first_refusal": "always"},
    {
        "on_behalf_active_player": "turn_player",
        "throw_in_retry_lockout": False,
        "ass_joker_burned_by": "holder",
        "throw_in_penalty_cards": 2,
    },
    {
        "wrong_cards_penalty": "per_motion",
        "end_of_round_reaction": False,
        "first_refusal": "priority",
        "max_round_turns": 40,
        "max_turn_reactions": 5,
    },
)
#: The chance model of a machine's rounds: mostly sampled, sometimes explicit or lazy.
MODELS = (ChanceModel.SAMPLED, ChanceModel.SAMPLED, ChanceModel.EXPLICIT, ChanceModel.LAZY)
#: The rule an action is refused citing at each kind of chance node (either edition's id).
CHANCE_RULES = {
    ChanceKind.DEAL: {"setup.four-cards"},
    ChanceKind.RESHUFFLE: {"ruling.draw-pile-exhausted"},
    ChanceKind.DRAW: {"turn.draw"},
    ChanceKind.NOSE_RACE: {"four-together.touch-nose", "four-together.hands-on-pile"},
}
CAP = 120  # the final round's turn cap in these machines
SHOWN_TO_PLAYER = (Drew, Peeked, Spied, LookedAt)
TURN_CARDS = (Played, Kept, KeptInEmptyRow)


def _event_cards(event: Event) -> tuple[int, ...]:
    cards: list[int] = []
    for field in attrs.fields(type(event)):
        if field.name in ("card", "target_card"):
            cards.append(getattr(event, field.name))
        elif field.name == "cards":
            cards.extend(getattr(event, field.name))
    return tuple(cards)


class SabaiMachine(RuleBasedStateMachine):
    preset = "current"

    def __init__(self) -> None:
        super().__init__()
        self.state: State
        self.start: State
        #: The actions and chance's outcomes (ints) since the deal.
        self.history: list[Action | int] = []
        self.shadow: list[int] = []
        self.turn_players: list[int] = []
        self.called_at: int | None = None
        self.rng = random.Random(0)

    # -- setting up --------------------------------------------------------------------------

    @initialize(
        players=st.integers(2, 12),
        seed=st.integers(0, 2**16),
        final=st.booleans(),
        options=st.sampled_from(OPTION_SETS),
        model=st.sampled_from(MODELS),
        data=st.data(),
    )
    def deal_a_round(
        self,
        players: int,
        seed: int,
        final: bool,
        options: dict[str, Any],
        model: ChanceModel,
        data: st.DataObject,
    ) -> None:
        rules = Ruleset.preset(self.preset).with_options(final_round_max_turns=CAP, **options)
        self.ruleset = rules
        self.players = players
        self.seed = seed
        self.final = final and rules.final_round_no_call
        self.model = model
        self.rng = random.Random(seed)
        self._new_round(0, data)

    def _new_round(self, index: int, data: st.DataObject) -> None:
        self.round_index = index
        dealer = (self.seed + index) % self.players
        start = deal(
            self.ruleset,
            self.players,
            dealer=dealer,
            seed=self.seed,
            round_index=index,
            final_round=self.final,
            chance_model=self.model,
        )
        if chance_outcomes(start):
            start = self._take_the_deal(start, data)
        self.start = start
        self.state = self.start
        self.history = []
        self.shadow = [0] * self.players
        self.turn_players = []
        self.called_at = None
        COUNTS["rounds"] += 1
        options = self.ruleset.differences()
        note(
            f"deal: {self.players} players, dealer P{dealer}, {options}, final={self.final}, "
            f"chance {self.model.value}"
        )

    def _take_the_deal(self, state: State, data: st.DataObject) -> State:
        """The deal's chance nodes, card after card: the seeded sampler's deal, or the deck in an
        order Hypothesis chooses (a lazy deal takes the rows' cards of it)."""
        if data.draw(st.booleans(), label="seeded deal"):
            dealt = resolve_chance(state)
            COUNTS["chance"] += sum(len(row) for row in dealt.table.rows)
            return dealt
        order = data.draw(st.permutations(range(len(state.deck))), label="deal")
        for card in order:
            if not chance_outcomes(state):
                break
            _check_node(state)
            state = apply_chance(state, card)
            COUNTS["chance"] += 1
        assert not chance_outcomes(state)
        return state

    # -- rules ---------------------------------------------------------------------------------

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """The game moves on: a player acts, or, at a chance node, chance gives an outcome."""
        if self.state.is_over:
            self._new_round(self.round_index + 1, data)
        if _at_node(self.state):
            self._take_chance(data)
            return
        actions = legal_actions(self.state)
        # Mostly the decisions the game waits for; throw-ins often; calls now and then.
        kinds = ("decide",) * 6 + ("throw",) * 3 + ("call",)
        group = data.draw(st.sampled_from(kinds), label="kind")
        pool: tuple[Action, ...] = actions.decisions + actions.passes
        if group == "throw" and actions.throw_ins:
            pool = actions.throw_ins
        elif group == "call" and actions.calls:
            pool = actions.calls
        if not pool:
            pool = tuple(actions)
        assert pool, "a round that is not over has a legal action"
        action = data.draw(st.sampled_from(pool), label="action")
        note(f"{action!r}")
        before = self.state
        after, events = apply_events(before, action)
        # Determinism: the same action on the same state gives the same result and events.
        assert apply(before, action) == after
        assert apply_events(before, action) == (after, events)
        if _at_node(after):
            # The action waits for chance: nothing has happened yet.
            assert events == ()
            assert after.table == before.table
        self._follow(events)
        self.history.append(action)
        self.state = after
        COUNTS["actions"] += 1

    def _take_chance(self, data: st.DataObject) -> None:
        """Chance gives an outcome, chosen by Hypothesis; or, for a reshuffle, the order of the
        whole new draw pile; or the seeded sampler plays it all. Every outcome is first checked
        to lead to a state that keeps every card in one place."""
        state = self.state
        for outcome, _ in chance_outcomes(state):
            _check_cards(apply_chance(state, outcome))
        node = _node(state)
        how = data.draw(st.sampled_from(("one", "event", "seeded")), label="chance")
        note(f"chance: {how} ({node!r})")
        if how == "one":
            self._take(data.draw(st.sampled_from(node.choices), label="outcome"))
        elif how == "event":
            left = node.needed - (len(node.taken) - node.start)
            order = data.draw(st.permutations(node.choices), label="outcomes")
            for outcome in order[:left]:
                self._take(outcome)
        else:
            while _at_node(self.state):
                self._take(seeded_outcome(self.state))

    def _take(self, outcome: int) -> None:
        before = self.state
        _check_node(before)
        after, events = apply_chance_events(before, outcome)
        assert apply_chance(before, outcome) == after
        if _at_node(after):
            # Until chance has given all an action waits for, nothing happens, nothing is told.
            assert events == ()
            assert after.table == before.table
            viewer = self.rng.randrange(before.players)
            assert view(after, viewer) == view(before, viewer)
        self._follow(events)
        self.history.append(outcome)
        self.state = after
        COUNTS["chance"] += 1

    def _follow(self, events: tuple[Event, ...]) -> None:
        """Update the shadow knowledge and the record of turns from the events."""
        for event in events:
            cards = _event_cards(event)
            if isinstance(event, Reshuffled):
                mask = 0
                for card in cards:
                    mask |= 1 << card
                self.shadow = [known & ~mask for known in self.shadow]
            elif type(event).shown == "all":
                for card in cards:
                    self.shadow = [known | (1 << card) for known in self.shadow]
            elif isinstance(event, SHOWN_TO_PLAYER):
                for card in cards:
                    self.shadow[event.player] |= 1 << card
            if isinstance(event, TURN_CARDS):
                # One per turn: after the Ass Joker is turned over, the drawn card's Played.
                self.turn_players.append(event.player)
            if isinstance(event, Called):
                # The next turn card is the first of the final lap, the one in progress included.
                self.called_at = len(self.turn_players)

    @rule(data=st.data())
    def try_an_illegal_action(self, data: st.DataObject) -> None:
        state = self.state
        action = random_action(
            state, lambda label, k: data.draw(st.integers(0, k - 1), label=label)
        )
        listed = action in tuple(legal_actions(state))
        assume(not listed)
        assert action not in legal_actions(state)
        note(f"illegal: {action!r}")
        with pytest.raises(IllegalActionError) as refused:
            apply(state, action)
        assert refused.value.rule in KNOWN_IDS, refused.value.rule
        if _at_node(state):
            assert refused.value.rule in CHANCE_RULES[_node(state).kind], refused.value
        COUNTS["refusals"] += 1

    @rule(data=st.data())
    def views_ignore_unseen_cards(self, data: st.DataObject) -> None:
        """Non-interference: swap two cards the player has not seen (keeping who has seen each
        position); the player's view must not change. Swapping a card the player has seen must."""
        state = self.state
        player = data.draw(st.integers(0, state.players - 1), label="viewer")
        positions = _positions(state)
        hidden = [p for p in positions if not state.table.knows(player, _card_at(state, p))]
        assume(len(hidden) >= 2)
        first, second = data.draw(
            st.lists(st.sampled_from(hidden), min_size=2, max_size=2, unique=True), label="swap"
        )
        assume(
            state.deck.faces[_card_at(state, first)] != state.deck.faces[_card_at(state, second)]
        )
        swapped = _swap(state, first, second)
        assert view(swapped, player) == view(state, player), (
            f"P{player}'s view leaks {first} / {second}"
        )
        assert observation(swapped, player) == observation(state, player), (
            f"P{player}'s observation leaks {first} / {second}"
        )

    @precondition(lambda self: len(self.history) % 4 == 1)
    @rule(data=st.data())
    def a_consistent_state_looks_the_same_to_its_player(self, data: st.DataObject) -> None:
        """Determinization: a sampled state gives its player the same view and observation, keeps
        every card in one place, and plays on like the real one."""
        state = self.state
        player = data.draw(st.integers(0, state.players - 1), label="sampler")
        rng = random.Random(data.draw(st.integers()))
        if _at_node(state):
            # Chance's outcomes so far are hidden: no consistent state is sampled there.
            with pytest.raises(ValueError, match="chance node"):
                sample_consistent_state(state, player, rng)
            return
        sample = sample_consistent_state(state, player, rng)
        assert view(sample, player, actions=True) == view(state, player, actions=True)
        assert observation(sample, player) == observation(state, player)
        assert sorted(card for _, card in sample.table.locations()) == list(range(len(state.deck)))
        size = observation_size(self.ruleset, state.players)
        assert len(observation(sample, player)) == size
        for action in legal_actions(sample, player=player)[:3]:
            apply(sample, action)

    @invariant()
    def every_card_is_in_one_place(self) -> None:
        _check_cards(self.state)

    @invariant()
    def an_unordered_draw_pile_stays_in_card_order(self) -> None:
        draw = self.state.table.draw
        if self.state.setup.chance is ChanceModel.LAZY:
            assert draw == tuple(sorted(draw))

    @invariant()
    def knowledge_is_what_was_shown(self) -> None:
        table = self.state.table
        for player in range(self.state.players):
            assert table.mask(player) == self.shadow[player], (
                f"P{player} knows other cards than shown"
            )

    @invariant()
    def listed_actions_apply(self) -> None:
        actions = tuple(legal_actions(self.state))
        assert len(set(actions)) == len(actions)
        for action in self.rng.sample(actions, min(3, len(actions))):
            # apply trusts what legal_actions just listed; legality must agree with the listing.
            assert is_legal(self.state, action), repr(action)
            apply(self.state, action)

    @invariant()
    def to_move_agrees_with_the_legal_actions(self) -> None:
        state = self.state
        waiting = to_move(state)
        legal = tuple(legal_actions(state))
        actors = {a.actor for a in legal}
        assert waiting.chance == _at_node(state)
        if waiting.chance:
            # Nobody acts at a chance node.
            assert legal == ()
            assert (waiting.player, waiting.table, waiting.out_of_turn) == (NO_PLAYER, False, ())
            assert all(not legal_actions(state, player=p) for p in range(state.players))
            return
        if waiting.table:
            assert all(type(a) is TouchNoseLast for a in legal)
            return
        assert actors == {waiting.player, *waiting.out_of_turn} - {NO_PLAYER}
        assert (waiting.player == NO_PLAYER) == state.is_over
        for player in range(state.players):
            mine = legal_actions(state, player=player)
            assert tuple(mine) == tuple(a for a in legal if a.actor == player)

    @invariant()
    def the_action_index_and_the_sequence_agree_with_the_legal_actions(self) -> None:
        state = self.state
        player = self.rng.randrange(state.players)
        space = action_space(self.ruleset, state.players)
        indices = space.legal_indices(state, player)
        assert [space.action(i) for i in indices] == sorted(
            legal_actions(state, player=player), key=space.index
        )
        sequence = SequentialState(state)
        moves = sequence.legal_moves()
        if _at_node(state):
            assert not indices
            assert sequence.current_player == CHANCE
            assert moves == ()
            assert sequence.chance_outcomes() == chance_outcomes(state)
            return
        assert bool(moves) != state.is_over
        for move in moves:
            assert isinstance(move, Decline) or move in legal_actions(state)

    @invariant()
    def capped_rounds_stay_within_the_bound(self) -> None:
        bound = max_round_length(self.ruleset, self.players)
        actions = sum(1 for item in self.history if not isinstance(item, int))
        assert bound is None or actions <= bound, (actions, bound)

    @invariant()
    def turns_follow_the_seats(self) -> None:
        starter = self.start.setup.starter
        n = self.state.players
        for index, player in enumerate(self.turn_players):
            assert player == (starter + index) % n, f"turn {index} was P{player}'s"

    @precondition(lambda self: len(self.history) % 10 == 0 or self.state.is_over)
    @invariant()
    def replaying_the_actions_gives_the_same_state(self) -> None:
        state = self.start
        for item in self.history:
            state = apply_chance(state, item) if isinstance(item, int) else apply(state, item)
        assert state == self.state

    @invariant()
    def a_finished_round_is_scored_by_the_rules(self) -> None:
        state = self.state
        if not state.is_over:
            if state.setup.final_round and self.ruleset.final_round_max_turns:
                assert state.flow.turns <= self.ruleset.final_round_max_turns + 1
            return
        end = state.flow.status.end
        assert end is not None
        result = score_round(state)
        # Who wins the round: the Hall of Fame, else the fewest card points among the players
        # who do not hold the Ass Joker, ties all winning. Under every preset and option set of
        # these machines: the holder cannot win, the point falls to the next lowest, ties share.
        rules = self.ruleset
        assert not rules.ass_joker_holder_can_win_round
        assert rules.ass_joker_vp_fallback == "next_lowest"
        assert rules.round_tie_policy == "all"
        holder, hof = result.ass_joker_holder, result.hall_of_fame
        if hof is not None:
            assert result.winners == (hof,)
        else:
            eligible = [p for p in range(state.players) if p != holder]
            low = min(result.card_points[p] for p in eligible)
            assert result.winners == tuple(p for p in eligible if result.card_points[p] == low)
        deck = state.deck
        for player, row in enumerate(state.table.rows):
            faces = [deck.faces[c] for c in row]
            expected = sum(
                -4 if f == JOKER else self.ruleset.ass_joker_value if f == ASS_JOKER else f
                for f in faces
            )
            assert result.card_points[player] == expected
        if self.ruleset.scoring == "victory_points":
            for player in range(state.players):
                won = 1 if player in result.winners else 0
                lost = 1 if player == result.ass_joker_holder and result.hall_of_fame is None else 0
                assert result.victory_points[player] == won - lost
        if end is EndCause.FINAL_LAP and self.called_at is not None:
            lap = self.turn_players[self.called_at :]
            assert sorted(lap) == list(range(state.players)), f"final lap turns: {lap}"


def _at_node(state: State) -> bool:
    return isinstance(state.flow.pending, Chance)


def _node(state: State) -> Chance:
    node = state.flow.pending
    assert isinstance(node, Chance)
    return node


def _check_cards(state: State) -> None:
    """Every card of the deck is in exactly one place."""
    cards = sorted(card for _, card in state.table.locations())
    assert cards == list(range(len(state.deck)))


def _check_node(state: State) -> None:
    """Chance's outcomes at a node are its choices, equally likely, their probabilities summing
    to 1."""
    outcomes = chance_outcomes(state)
    assert [outcome for outcome, _ in outcomes] == list(_node(state).choices)
    first = outcomes[0][1]
    assert all(p == first for _, p in outcomes)
    assert first * len(outcomes) == 1  # so they sum to 1


def _positions(state: State) -> list[tuple[str, int, int]]:
    out: list[tuple[str, int, int]] = []
    for player, row in enumerate(state.table.rows):
        out.extend(("row", player, slot) for slot, card in enumerate(row) if card >= 0)
    out.extend(("draw", 0, i) for i in range(len(state.table.draw)))
    if state.table.held >= 0:
        out.append(("held", 0, 0))
    return out


def _card_at(state: State, position: tuple[str, int, int]) -> int:
    where, player, slot = position
    if where == "row":
        return state.table.rows[player][slot]
    if where == "draw":
        return state.table.draw[slot]
    return state.table.held


def _swap(state: State, first: tuple[str, int, int], second: tuple[str, int, int]) -> State:
    """``state`` with the cards at two positions exchanged, and with them every player's
    knowledge of the two positions (so only faces move)."""
    t = state.table
    x, y = _card_at(state, first), _card_at(state, second)
    rows = [list(r) for r in t.rows]
    draw = list(t.draw)
    held = t.held
    for position, card in ((first, y), (second, x)):
        where, player, slot = position
        if where == "row":
            rows[player][slot] = card
        elif where == "draw":
            draw[slot] = card
        else:
            held = card

    def swap_bits(mask: int) -> int:
        bx, by = (mask >> x) & 1, (mask >> y) & 1
        mask &= ~((1 << x) | (1 << y))
        return mask | (bx << y) | (by << x)

    table = Table(
        tuple(tuple(r) for r in rows),
        tuple(draw),
        t.discard,
        held,
        swap_bits(t.public),
        tuple(swap_bits(m) for m in t.private),
    )
    return State(state.setup, table, state.flow)


class CurrentEdition(SabaiMachine):
    preset = "current"


class OlderEdition(SabaiMachine):
    preset = "older"


class SimplifiedPlay(SabaiMachine):
    preset = "simplified"


# Inherits the loaded profile (ci or deep, tests/conftest.py).
_STEPS = settings(
    stateful_step_count=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
CurrentEdition.TestCase.settings = _STEPS
OlderEdition.TestCase.settings = _STEPS
SimplifiedPlay.TestCase.settings = _STEPS

MACHINE_RULES = pytest.mark.rules(
    "ruling.knowledge-model",
    "ruling.public-information",
    "turn.rotation",
    "round-end.final-lap",
    "throw-in.no-one-skipped",
)
TestCurrentEdition = MACHINE_RULES(CurrentEdition.TestCase)
TestOlderEdition = MACHINE_RULES(OlderEdition.TestCase)
TestSimplifiedPlay = MACHINE_RULES(SimplifiedPlay.TestCase)

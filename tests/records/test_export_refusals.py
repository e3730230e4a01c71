"""What a player's export says of a refused action: that it was refused (the table undoes it) and,
only where that player could tell it from what they have seen, the rule it breaks. A refusal that
turns on a card the player has not seen — another player's drawn Ass Joker played, a drawn card
kept into an empty row, an Ass Joker given as a compensation card — says ``"refused": null``.

The list of such refusals (``export.DECIDING_CARD``) is checked against the states a player cannot
tell apart: the cards they have not seen, permuted among their places, each place keeping who has
seen its card (and ``views.sample_consistent_state``, which permutes only among places seen by the
same players)."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from sabai_rules.agents.bots import Bot, RandomBot, SensibleBot, next_action
from sabai_rules.engine.legality import current_refusal
from sabai_rules.model.ruleset import PRESETS, Ruleset
from sabai_rules.moves import (
    Action,
    Compensate,
    Draw,
    IllegalActionError,
    Keep,
    LookAtCards,
    Play,
    ThrowIn,
    apply,
    deal,
)
from sabai_rules.play.layout import layout
from sabai_rules.play.views import sample_consistent_state
from sabai_rules.referee.export import DECIDING_CARD, export_view, rule_seen
from sabai_rules.referee.record import (
    Record,
    read_record,
    write_record,
)
from sabai_rules.state import State, Table
from tests.engine.support import random_action
from tests.records.support import NAMES, deck_order, one_round
from tests.support import sabai

Json = dict[str, Any]
ANNA, BEN, CLEO = 0, 1, 2
DRAWN_AJ = "ass-joker.drawn-must-be-kept"
AJ_COMPENSATION = "ass-joker.only-give-switch-burn"


def _refusals(record: Record, player: int) -> dict[int, Any]:
    """Each refused event of ``player``'s export (through ``sabai export``): number -> refused."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "record.json"
        path.write_text(write_record(record), encoding="utf-8")
        code, out, err = sabai("export", str(path), "--as", NAMES[player])
    assert (code, err) == (0, "")
    view: Json = json.loads(out)
    return {e["event"]: e["refused"] for r in view["rounds"] for e in r["events"] if "refused" in e}


# -- the three refusals, at a table -------------------------------------------------------------


@pytest.mark.rules("ass-joker.drawn-must-be-kept", "ruling.public-information")
def test_only_the_drawer_learns_why_playing_the_drawn_ass_joker_was_refused() -> None:
    """Ben, the starter, draws the Ass Joker (the top of the draw pile, after twelve cards dealt)
    and plays it: refused. Ben's export names the rule; Anna and Cleo saw a play taken back, and
    nothing of the card."""
    cards = [*["5"] * 4, *["6"] * 4, *["7"] * 4, "AJ"]
    record = one_round(deck_order(cards), [Draw(BEN), Play(BEN), Keep(BEN, 0)])
    assert _refusals(record, BEN) == {2: DRAWN_AJ}
    assert _refusals(record, ANNA) == {2: None}
    assert _refusals(record, CLEO) == {2: None}


@pytest.mark.rules("ass-joker.only-give-switch-burn", "ruling.public-information")
def test_only_who_has_seen_the_ass_joker_learns_why_it_was_refused_as_compensation() -> None:
    """Everybody looks at two cards (an option); Ben sees the Ass Joker in his slot 0. He draws a
    7, plays it, throws in Cleo's 7 (a sabai-sabai Move: he owes her a card; she looked at her
    other two cards, so she is not asked first) and picks the Ass Joker as the compensation card:
    refused (under ass_joker_pick="refused_if_seen": by default it is shown and stays). Ben
    knows why; Anna and Cleo do not."""
    rules = Ruleset().with_options(initial_peek=2, ass_joker_pick="refused_if_seen")
    # Dealt from Ben, the starter: Ben, Cleo, Anna, Ben, ...; then the draw pile.
    cards = ["AJ", "7", "2", "3", "4", "5", "6", "8", "9", "10", "2", "3", "7"]
    looks = [LookAtCards(ANNA, (0, 1)), LookAtCards(BEN, (0, 1)), LookAtCards(CLEO, (2, 3))]
    events: list[Action] = [*looks, Draw(BEN), Play(BEN), ThrowIn(BEN, CLEO, 0), Compensate(BEN, 0)]
    record = one_round(deck_order(cards), events, rules)
    number = len(events)
    assert _refusals(record, BEN) == {number: AJ_COMPENSATION}
    assert _refusals(record, ANNA) == {number: None}
    assert _refusals(record, CLEO) == {number: None}


@pytest.mark.rules("ass-joker.no-keep-exchange", "ruling.ass-joker-turned-over")
def test_only_who_has_seen_the_ass_joker_learns_why_a_keep_over_it_was_refused() -> None:
    """As above, under ass_joker_pick="refused_if_seen": Ben, who saw the Ass Joker in his slot 0,
    keeps his drawn card there: refused. Ben knows why; Anna and Cleo do not."""
    rules = Ruleset().with_options(initial_peek=2, ass_joker_pick="refused_if_seen")
    cards = ["AJ", "7", "2", "3", "4", "5", "6", "8", "9", "10", "2", "3", "7"]
    looks = [LookAtCards(ANNA, (0, 1)), LookAtCards(BEN, (0, 1)), LookAtCards(CLEO, (2, 3))]
    events: list[Action] = [*looks, Draw(BEN), Keep(BEN, 0)]
    record = one_round(deck_order(cards), events, rules)
    number = len(events)
    assert _refusals(record, BEN) == {number: "ass-joker.no-keep-exchange"}
    assert _refusals(record, ANNA) == {number: None}
    assert _refusals(record, CLEO) == {number: None}


def test_a_refusal_decided_by_what_the_table_knows_names_its_rule_to_everybody() -> None:
    cards = [*["5"] * 4, *["6"] * 4, *["7"] * 4, "AJ"]
    record = one_round(deck_order(cards), [Draw(ANNA), Draw(BEN), Play(BEN), Keep(BEN, 0)])
    for player in (ANNA, BEN, CLEO):
        assert _refusals(record, player) == {1: "turn.draw", 3: DRAWN_AJ if player == BEN else None}


# -- the classification, against the states a player cannot tell apart ---------------------------


def _relabelled(state: State, player: int, rng: random.Random) -> State:
    """A state ``player`` cannot tell from ``state``: the cards they have not seen (rows, draw
    pile, a drawn card) permuted at random among their places, each place keeping who has seen
    its card, so that only faces move."""
    t = state.table
    unseen = [card for _, card in t.locations() if not t.knows(player, card)]
    shuffled = list(unseen)
    rng.shuffle(shuffled)
    move = dict(zip(unseen, shuffled, strict=True))

    def card(c: int) -> int:
        return move.get(c, c)

    def mask(m: int) -> int:
        out = m
        for c in unseen:
            out &= ~(1 << c)
        for c in unseen:
            if (m >> c) & 1:
                out |= 1 << move[c]
        return out

    table = Table(
        tuple(tuple(card(c) if c >= 0 else c for c in row) for row in t.rows),
        tuple(card(c) for c in t.draw),
        t.discard,
        card(t.held) if t.held >= 0 else t.held,
        mask(t.public),
        tuple(mask(m) for m in t.private),
    )
    return State(state.setup, table, state.flow)


def _rule(state: State, action: Action) -> str | None:
    refusal = current_refusal(state, action)
    return None if refusal is None else refusal.rule


def _swaps(state: State, player: int, card: int) -> Iterator[State]:
    """``state`` with ``card`` exchanged with each card ``player`` has not seen (and what everybody
    has seen of the two places)."""
    t = state.table
    for _, other in t.locations():
        if other != card and not t.knows(player, other):
            yield _relabelled_pair(state, card, other)


def _relabelled_pair(state: State, one: int, two: int) -> State:
    t = state.table

    def card(c: int) -> int:
        return two if c == one else one if c == two else c

    def mask(m: int) -> int:
        a, b = (m >> one) & 1, (m >> two) & 1
        return (m & ~((1 << one) | (1 << two))) | (a << two) | (b << one)

    table = Table(
        tuple(tuple(card(c) if c >= 0 else c for c in row) for row in t.rows),
        tuple(card(c) for c in t.draw),
        t.discard,
        card(t.held) if t.held >= 0 else t.held,
        mask(t.public),
        tuple(mask(m) for m in t.private),
    )
    return State(state.setup, table, state.flow)


def _judge(state: State, action: Action, player: int, rng: random.Random) -> str:
    """Check ``rule_seen`` for one refused action and one player; the refusal's rule."""
    refusal = current_refusal(state, action)
    assert refusal is not None
    error = IllegalActionError(
        refusal.rule, action, refusal.template, refusal.seats, params=dict(refusal.params)
    )
    shown = rule_seen(state, action, error, player)
    if shown:
        # Every state the player cannot tell apart refuses it alike.
        others = [_relabelled(state, player, rng) for _ in range(12)]
        others += [sample_consistent_state(state, player, rng) for _ in range(4)]
        for other in others:
            assert _rule(other, action) == refusal.rule, (action, player, refusal.rule)
    else:
        # Some state the player cannot tell apart refuses it otherwise, or takes it.
        found = DECIDING_CARD[refusal.current_rule]
        card = found[1](state, action)
        assert any(_rule(s, action) != refusal.rule for s in _swaps(state, player, card))
    return refusal.rule


@cache
def _states(preset: str, players: int, seed: int) -> tuple[State, ...]:
    """The states of a round of bots, one in three."""
    rng = random.Random(seed)
    kinds: list[type[Bot]] = [SensibleBot, RandomBot]
    bots = [rng.choice(kinds)() for _ in range(players)]
    state = deal(Ruleset.preset(preset), players, dealer=0, seed=seed)
    found: list[State] = []
    while not state.is_over and len(found) < 120:
        found.append(state)
        state = apply(state, next_action(state, bots, rng))
    return tuple(found[::3])


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_a_refusals_rule_is_shown_exactly_when_the_player_could_tell_it(
    preset: str, seed: int
) -> None:
    rng = random.Random(seed)
    players = 2 + seed
    for state in _states(preset, players, seed):
        for _ in range(8):
            action = random_action(state, lambda _, k: rng.randrange(k))
            if current_refusal(state, action) is not None:
                for player in range(players):
                    _judge(state, action, player, rng)


_REFUSED_IF_SEEN = Ruleset(ass_joker_pick="refused_if_seen")


@pytest.mark.rules("ass-joker.drawn-must-be-kept", "ass-joker.drawn-into-empty-row", "turn.keep")
def test_each_refusal_that_turns_on_a_face_is_hidden_from_who_has_not_seen_the_card() -> None:
    rng = random.Random(1)
    cases: list[tuple[State, Action]] = [
        # The drawn Ass Joker, played.
        (layout(rows=[["5", "6"], ["7"], ["9", "2"]], discard=["3"], turn=1, held="AJ"), Play(1)),
        # A drawn 8 kept into an empty row: only a drawn Ass Joker may be.
        (layout(rows=[[], ["7", "8"], ["9"]], discard=["3"], turn=0, held="8"), Keep(0, 0)),
        # A known Ass Joker, given as the compensation card (ass_joker_pick="refused_if_seen").
        (_owes_compensation(), Compensate(0, 0)),
        # A known Ass Joker, picked as the outgoing card of a keep (the same option).
        (
            layout(
                rows=[["AJ", "5"], ["7", "8"], ["9"]],
                discard=["3"],
                turn=0,
                held="8",
                seen={0: [(0, 0)]},
                ruleset=_REFUSED_IF_SEEN,
            ),
            Keep(0, 0),
        ),
    ]
    for state, action in cases:
        actor = action.actor
        rule = _judge(state, action, actor, rng)
        assert rule in DECIDING_CARD
        error = IllegalActionError(rule, action, "")
        assert rule_seen(state, action, error, actor)
        for player in range(state.players):
            if player != actor:
                assert not rule_seen(state, action, error, player), (rule, player)
                _judge(state, action, player, rng)


def _owes_compensation() -> State:
    """Anna has seen the Ass Joker in her slot 0, has thrown in Ben's 7 onto the 7 and owes him
    a card (under ass_joker_pick="refused_if_seen", which refuses the Ass Joker she has seen)."""
    state = layout(
        rows=[["AJ", "5"], ["7", "8"], ["9"]],
        discard=["7"],
        turn=2,
        seen={0: [(0, 0), (1, 0)]},
        ruleset=_REFUSED_IF_SEEN,
    )
    return apply(state, ThrowIn(0, 1, 0))


def test_who_has_seen_the_ass_joker_elsewhere_can_tell_a_keep_into_an_empty_row() -> None:
    """Cleo has seen the Ass Joker in Ben's row: Anna's drawn card is not it, so her keep into
    her empty row is refused whatever it is, and Cleo's export may say why."""
    state = layout(
        rows=[[], ["AJ", "8"], ["9"]], discard=["3"], turn=0, held="8", seen={2: [(1, 0)]}
    )
    action = Keep(0, 0)
    rule = _judge(state, action, 2, random.Random(2))
    error = IllegalActionError(rule, action, "")
    assert rule_seen(state, action, error, 2)
    assert not rule_seen(state, action, error, 1)


def test_the_examples_exports_name_every_refusal_that_the_table_could_tell() -> None:
    """The examples' illegal events are decided by what the table knows: every player's export
    names their rule."""
    examples = Path(__file__).resolve().parent.parent.parent / "examples"
    for path in sorted(examples.glob("*.json")):
        record = read_record(path.read_text(encoding="utf-8"))
        for player in range(len(record.players)):
            view = export_view(record, player)
            refused = [e["refused"] for r in view["rounds"] for e in r["events"] if "refused" in e]
            assert None not in refused, path.name

"""Positions (:mod:`sabai_rules.play.position`): a table of a round as one line players can type.

Every state the engine reaches, in every preset and at every table size, prints as a position that
reads back as the same table (up to which card of a face is which) and prints again the same; the
cards written ``?`` read back as ``?``; a player's position holds nothing they have not seen. The
players' examples of the rulebook's page read as it says; every malformed text is one
:class:`~sabai_rules.play.position.PositionError` naming its column, whatever the text."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import sabai_rules
from sabai_rules.model.cards import ASS_JOKER, JOKER, UNKNOWN, DeckSpec
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Compensate,
    Draw,
    Give,
    LookAtCards,
    Play,
    apply,
    deal,
    deck_for,
    legal_actions,
)
from sabai_rules.play.position import (
    MAX_POSITION,
    Position,
    PositionError,
    display_state,
    from_position,
    position,
    read_position,
)
from sabai_rules.play.views import sample_consistent_state
from sabai_rules.referee.render import render_table
from sabai_rules.state import (
    ChanceModel,
    Compensation,
    EndCause,
    Function,
    NoseRace,
    Offer,
    Stage,
    State,
    gap_for,
    is_gap,
)
from tests.engine.support import play
from tests.support import sabai

#: The presets, and options that change what a table can hold (gaps or none, offers of first
#: refusal, nose races left to chance, the lock-in flag, motions without penalty cards).
RULESETS = (
    Ruleset.preset("current"),
    Ruleset.preset("older"),
    Ruleset.preset("simplified"),
    Ruleset().with_options(first_refusal="priority"),
    Ruleset().with_options(compensation_slot="append", first_refusal="always"),
    Ruleset().with_options(nose_race="random"),
    Ruleset().with_options(empty_check="lock_in", wrong_cards_penalty="per_motion"),
    Ruleset.preset("older").with_options(nose_race="random", on_empty_draw_pile="end_round"),
)
NAMES = ("Anna", "Ben", "Chloé", "Dmitri", "Eun-ji", "Fatou", "Gaël", "Hiro", "Ines", "Jo", "Kai")
DISPUTE = "current / Anna: ? ? ? / Ben: ? 5! / Chloé: ? ? ? ? / pile ?x9 top 7 / Anna to draw"


# -- comparing tables -------------------------------------------------------------------------


def _places(state: State) -> dict[tuple[object, ...], int]:
    """Every card by its place: a row's slot, the held card, the piles (top card last)."""
    t = state.table
    found: dict[tuple[object, ...], int] = {
        ("row", p, s): c for p, row in enumerate(t.rows) for s, c in enumerate(row) if c >= 0
    }
    if t.held >= 0:
        found["held",] = t.held
    found.update({("pile", i): c for i, c in enumerate(t.discard)})
    found.update({("draw", i): c for i, c in enumerate(t.draw)})
    return found


def _cards(state: State, mask: int) -> set[tuple[object, ...]]:
    """The places of the cards of ``mask``."""
    return {place for place, card in _places(state).items() if (mask >> card) & 1}


def assert_same_table(a: State, b: State) -> None:
    """``b`` is ``a`` with other card ids for the same faces: the same face at every place, the
    same knowledge of every place, the same flow and status but the generator's state, the same
    setup but the seed and the chance model."""
    pa, pb = _places(a), _places(b)
    assert pa.keys() == pb.keys()
    to = {pa[place]: pb[place] for place in pa}
    assert all(a.deck.faces[c] == b.deck.faces[to[c]] for c in to), "faces differ"

    def card(c: int) -> int:
        return gap_for(to[-2 - c]) if is_gap(c) else to[c]

    def mask(bits: int) -> int:
        return sum(1 << to[c] for c in to if (bits >> c) & 1)

    ta, tb = a.table, b.table
    assert tuple(tuple(map(card, row)) for row in ta.rows) == tb.rows
    assert mask(ta.public) == tb.public
    assert [mask(ta.mask(p)) for p in range(a.players)] == [tb.mask(p) for p in range(b.players)]
    queue = tuple(
        Function(e.executor, to[e.card])
        if isinstance(e, Function)
        else Compensation(e.thrower, e.owner, to[e.card])
        for e in a.flow.queue
    )
    assert queue == b.flow.queue
    fa = attrs.evolve(a.flow, queue=queue, status=a.flow.status.with_rng(0))
    assert fa == attrs.evolve(b.flow, status=b.flow.status.with_rng(0))
    neutral = {"seed": 0, "chance": ChanceModel.SAMPLED}
    setups: list[Any] = [a.setup, b.setup]
    assert attrs.evolve(setups[0], **neutral) == attrs.evolve(setups[1], **neutral)


def _playout(rules: Ruleset, players: int, rnd: random.Random, steps: int) -> Iterator[State]:
    """The states of a round dealt at random and played by random legal actions."""
    state = deal(
        rules,
        players,
        dealer=rnd.randrange(players),
        seed=rnd.randrange(2**32),
        round_index=rnd.choice((0, 0, 0, 1, 4)),
    )
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        state = apply(state, rnd.choice(tuple(legal_actions(state))))
        yield state


def _names(rnd: random.Random, players: int) -> tuple[str, ...] | None:
    if rnd.random() < 0.3:
        return None
    return tuple(rnd.sample(NAMES, players)) if players <= len(NAMES) else None


rounds = st.tuples(
    st.sampled_from(RULESETS),
    st.integers(2, 12),
    st.randoms(use_true_random=False),
    st.integers(0, 150),
)


# -- every state round-trips ------------------------------------------------------------------


@given(rounds)
def test_every_state_reads_back_as_the_same_table_and_prints_the_same(
    game: tuple[Ruleset, int, random.Random, int],
) -> None:
    rules, players, rnd, steps = game
    names = _names(rnd, players)
    for state in _playout(rules, players, rnd, steps):
        if rnd.random() > 0.5 and not state.is_over:
            continue
        text = position(state, names)
        note(text)
        found = read_position(text, seed=rnd.randrange(100))
        assert found.unknown == 0
        assert found.names == (names or tuple(f"P{p}" for p in range(players)))
        assert_same_table(state, found.state)
        assert position(found.state, found.names) == text
        assert from_position(text, rules).table == found.state.table


@given(rounds)
def test_the_cards_written_as_question_marks_read_back_as_question_marks(
    game: tuple[Ruleset, int, random.Random, int],
) -> None:
    rules, players, rnd, steps = game
    for state in _playout(rules, players, rnd, steps):
        if rnd.random() > 0.3:
            continue
        unknown = rnd.getrandbits(len(state.deck)) if rnd.random() < 0.8 else 0
        draw: Literal["faces", "count"] = rnd.choice(("faces", "count"))
        text = position(state, unknown=unknown, draw=draw)
        note(text)
        found = read_position(text)
        assert position(found.state, unknown=found.unknown, draw=draw) == text
        # A queued function's card is never ?: the queue names its face.
        hidden = unknown
        for effect in state.flow.queue:
            if isinstance(effect, Function):
                hidden &= ~(1 << effect.card)
        if draw == "count":
            hidden |= sum(1 << card for card in state.table.draw)
        assert _cards(found.state, found.unknown) == _cards(state, hidden)
        faces = {place: state.deck.faces[card] for place, card in _places(state).items()}
        for place, card in _places(found.state).items():
            if not (found.unknown >> card) & 1:
                assert found.state.deck.faces[card] == faces[place], place


@given(rounds, st.integers(0, 11))
def test_a_player_s_position_holds_nothing_they_have_not_seen(
    game: tuple[Ruleset, int, random.Random, int], who: int
) -> None:
    """``sabai show --as``'s position: every card the player has not seen is ?, and the line is
    the same for every table the player cannot tell from this one."""
    rules, players, rnd, steps = game
    player = who % players
    everything = (1 << len(deck_for(rules))) - 1
    for state in _playout(rules, players, rnd, steps):
        if rnd.random() > 0.15:
            continue
        text = position(state, unknown=everything & ~state.table.mask(player), draw="count")
        note(text)
        found = read_position(text)
        assert _cards(found.state, ~found.unknown) == _cards(state, state.table.mask(player))
        other = sample_consistent_state(state, player, rnd)
        hidden = everything & ~other.table.mask(player)
        assert position(other, unknown=hidden, draw="count") == text


# -- the players' examples ----------------------------------------------------------------------


def test_a_dispute_mid_round_as_players_write_it() -> None:
    found = read_position(DISPUTE)
    state = found.state
    assert found.names == ("Anna", "Ben", "Chloé")
    assert [len(row) for row in state.table.rows] == [3, 2, 4]
    # Nine cards under the 7 on the discard pile; the draw pile is the rest of the deck.
    assert len(state.table.discard) == 10
    assert state.deck.faces[state.table.top] == 7
    assert len(state.table.draw) == 60 - 9 - 10 == 41
    # Ben's 5 is the only face of a row stated, and only Ben has seen it.
    five = state.table.rows[1][1]
    assert state.deck.faces[five] == 5
    assert not (found.unknown >> five) & 1
    assert [state.table.knows(p, five) for p in range(3)] == [False, True, False]
    assert bin(found.unknown).count("1") == 60 - 2
    # Anna is to draw; the dealer is the player before her, Chloé.
    assert (state.turn, state.flow.stage, state.setup.dealer) == (0, Stage.DRAW, 2)
    assert Draw(0) in legal_actions(state)


def test_names_and_keywords_are_read_in_any_case() -> None:
    same = (
        "CURRENT / anna: ? ? ? / BEN: ? 5! / chloé: ? ? ? ? / PILE ?X9 TOP 7 / ANNA TO DRAW",
        "current / Anna: ? ? ? / Ben: ? 5! / CHLOÉ: ? ? ? ? / pile ?x9 top 7 / p0 to draw",
    )
    for text in same:
        found = read_position(text)
        assert found.state == read_position(DISPUTE).state
        # The names as the rows write them.
        assert found.names[0] in ("anna", "Anna")


def test_commas_are_spaces() -> None:
    text = "Anna: ?,?,? / Ben: ?, 5! / Chloé: ?,?,?,? / pile ?x9,top,7 / Anna to draw"
    assert read_position(text).state == read_position(DISPUTE).state


def test_question_marks_by_the_dozen() -> None:
    found = read_position("Anna: 1 / Ben: 2 / pile ?x3 ? ?x2 top ? / draw top ?x50 3")
    assert len(found.state.table.discard) == 7
    assert len(found.state.table.draw) == 51
    assert found.state.deck.faces[found.state.table.draw[0]] == 3  # the bottom card, top last


def _rest_of_the_deck(*faces: str) -> str:
    """The faces of the default deck that ``faces`` leave, as a position writes them."""
    left = list(deck_for(Ruleset()).faces)
    for face in faces:
        left.remove({"J": JOKER, "AJ": ASS_JOKER}.get(face) or int(face))
    return " ".join({JOKER: "J", ASS_JOKER: "AJ"}.get(f) or str(f) for f in left)


@pytest.mark.rules("function.execute", "sabai-sabai-move.compensation", "ruling.row-positions")
def test_a_referee_s_full_position() -> None:
    placed = ("7", "13", "AJ", "2", "J", "4", "3", "9", "13", "8", "5", "9", "12")
    rest = _rest_of_the_deck(*placed)
    text = (
        "older round 2 / P0: 7 13! AJ* 2 / P1: J 4@P0 _ / pile 3 9 top 13 / "
        f"draw 5 9 12 {rest} / P0 holds 8 / queue P0 give then P0 owes P1 9 / locked P1 / "
        "called P1 lap 2"
    )
    state = from_position(text)
    # The dealer is the player before P0's turn, P1: saying so changes nothing.
    assert from_position(text.replace(" / P0 holds", " / dealer P1 / P0 holds")) == state
    assert state.ruleset == Ruleset.preset("older")
    assert (state.setup.round_index, state.setup.final_round, state.setup.dealer) == (1, True, 1)
    t, f = state.table, state.flow
    faces = state.deck.faces
    assert [faces[c] for c in t.rows[0]] == [7, 13, ASS_JOKER, 2]
    thrown_nine = t.discard[1]
    assert t.rows[1][2] == gap_for(thrown_nine)  # the gap waits for P0's card
    assert f.queue == (Function(0, t.discard[-1]), Compensation(0, 1, thrown_nine))
    assert (f.turn, f.stage, faces[t.held]) == (0, Stage.DECIDE, 8)
    assert [t.knows(p, t.held) for p in (0, 1)] == [True, False]
    assert [t.knows(p, t.rows[0][1]) for p in (0, 1)] == [True, False]  # 13!
    assert t.knows(1, t.rows[0][2])  # AJ*: everybody
    assert [t.knows(p, t.rows[1][1]) for p in (0, 1)] == [True, False]  # 4@P0
    assert [faces[c] for c in reversed(t.draw[-3:])] == [5, 9, 12]
    assert (f.lockout, f.status.caller, f.status.final_lap) == (0b10, 1, 2)
    assert position(state) == text


@pytest.mark.rules("setup.look-at-two")
def test_an_older_position_before_the_first_turn() -> None:
    text = "older / Anna: ? ? ? ? / Ben: ?! ?! ? ? / Chloé: ? ? ? ? / looking Anna Chloé"
    state = read_position(text).state
    assert (state.flow.stage, state.flow.status.looking, state.turn) == (Stage.LOOK, 0b101, 0)
    assert state.table.knows(1, state.table.rows[1][0])
    state = play(state, LookAtCards(0, (0, 1)), LookAtCards(2, (2, 3)))
    assert state.flow.stage is Stage.DRAW
    found = read_position(text)
    assert position(found.state, ["Anna", "Ben", "Chloé"], unknown=found.unknown) == text


@pytest.mark.rules("sabai-sabai-move.first-refusal", "function.give")
def test_a_function_waits_behind_an_offer() -> None:
    # Ben played a 13 (give); Chloé threw in Anna's 13 on top of it, and Anna, who knows that
    # card, is asked first.
    text = (
        "Anna: 5 13! 2 / Ben: 7 8 / Chloé: 9 J / pile 4 top 13 / Ben played / queue Ben give / "
        "offer Chloé for Anna 1"
    )
    found = read_position(text)
    state = found.state
    assert state.flow.pending == Offer(2, 0, 1)
    assert state.flow.queue == (Function(1, state.table.top),)
    assert position(state, found.names, unknown=found.unknown) == text
    taken = sabai_rules.apply(state, sabai_rules.TakeFirstRefusal(0))
    assert position(taken, found.names, unknown=found.unknown) == (
        "Anna: 5 2 / Ben: 7 8 / Chloé: 9 J / pile 4 13 top 13 / Ben played / "
        "queue Ben give then Anna give"
    )
    given = play(taken, Give(1, 0, 2))
    assert "queue Anna give" in position(given, found.names, unknown=found.unknown)


@pytest.mark.rules("ruling.row-positions", "sabai-sabai-move.compensation")
def test_numbered_gaps_wait_for_their_own_compensation_cards() -> None:
    # Ben threw in Anna's last card, then Chloé her first: the gaps are not in queue order.
    text = (
        "Anna: _2 5 _1 / Ben: 3 4 / Chloé: 6 7 / pile J top J / Anna played / "
        "queue Ben owes Anna J then Chloé owes Anna J"
    )
    found = read_position(text)
    state = found.state
    row = state.table.rows[0]
    assert (row[0], row[2]) == (gap_for(state.table.top), gap_for(state.table.discard[0]))
    assert position(state, found.names, unknown=found.unknown) == text
    state = play(state, Compensate(1, 0))  # Ben's 3 fills the gap his throw left
    assert is_gap(state.table.rows[0][0])
    assert state.deck.faces[state.table.rows[0][2]] == 3


def test_a_compensation_card_shuffled_into_the_draw_pile_is_located() -> None:
    text = "Anna: 5 _ / Ben: 3 4 / pile top 9 / draw 2 9 ?x54 / queue Ben owes Anna 9 in draw 1"
    found = read_position(text)
    nine = found.state.table.draw[-2]  # the draw pile's second card from its top
    assert found.state.flow.queue == (Compensation(1, 0, nine),)
    assert found.state.table.rows[0][1] == gap_for(nine)
    assert position(found.state, found.names, unknown=found.unknown) == text


def test_the_turn_and_the_dealer_default_to_each_other() -> None:
    rows = "Anna: 1 / Ben: 2 / Chloé: 3"
    assert [(s.turn, s.setup.dealer) for s in map(_state, [rows, f"{rows} / dealer Ben"])] == [
        (0, 2),
        (2, 1),
    ]
    assert (_state(f"{rows} / Ben to draw").setup.dealer, _state(f"{rows} / Ben played").turn) == (
        0,
        1,
    )
    held = _state(f"{rows} / Chloé holds 7@Anna")
    assert held.flow.stage is Stage.DECIDE
    assert [held.table.knows(p, held.table.held) for p in range(3)] == [True, False, True]


def _state(text: str) -> State:
    return read_position(text).state


def test_the_header_states_the_ruleset_and_the_round() -> None:
    rules = Ruleset().with_options(first_refusal="priority", max_round_turns=200)
    state = read_position("first_refusal=PRIORITY max_round_turns=200 round 3 / P0: 1 / P1: 2")
    assert state.state.ruleset == rules
    # The third round of two players is the last of the ruleset's two: the final round.
    assert (state.state.setup.round_index, state.state.setup.final_round) == (2, True)
    assert position(state.state).startswith("round 3 first_refusal=priority max_round_turns=200 /")
    final = read_position("round 2 / P0: 1 / P1: 2").state.setup.final_round  # 2 of 2 players
    assert final
    assert not read_position("round 2 not-final / P0: 1 / P1: 2").state.setup.final_round
    assert read_position("final / P0: 1 / P1: 2").state.setup.final_round
    # Without a header, the ruleset given; with one, it must be the ruleset given.
    older = Ruleset.preset("older")
    assert read_position("P0: 1 / P1: 2", older).state.ruleset == older
    assert read_position("round 2 / P0: 1 / P1: 2", older).state.ruleset == older
    assert read_position("older / P0: 1 / P1: 2", older).state.ruleset == older
    with pytest.raises(PositionError, match=r"^column 1: the header's ruleset \(older\) is not"):
        read_position("older / P0: 1 / P1: 2", Ruleset())


def test_the_round_s_end_and_the_counters() -> None:
    text = (
        "Anna: - / Ben: 2 / Chloé: 3 / pile top 4 / Ben played / locked Chloé / "
        "motion Chloé / lap 1 / closing passed Ben / ended emptied / emptied Anna ever / "
        "turns 7 / reactions 2"
    )
    found = read_position(text, Ruleset().with_options(empty_check="lock_in"))
    st = found.state.flow.status
    assert (st.caller, st.final_lap, st.closing, st.end) == (-1, 1, 0b010, EndCause.EMPTIED)
    assert st.emptied == 0b1001  # Anna's row, and bit 3 (players): some row has been empty
    f = found.state.flow
    assert (f.lockout, f.motion, f.turns, f.reactions) == (0b100, 2, 7, 2)
    written = position(found.state, found.names, unknown=found.unknown)
    assert written == f"empty_check=lock_in / {text}"


def test_a_top_card_drawn_past_is_stale() -> None:
    """Issue 35, item 7: a turn that keeps the Ass Joker into an empty row places no turn card;
    the top card, drawn past, is written ``stale`` and read back so
    (:rule:`ass-joker.drawn-into-empty-row`, :rule:`throw-in.interception`)."""
    text = "older / Anna: AJ / Ben: 7 9 / pile top 7 / dealer Anna / turns 3 / stale"
    found = read_position(text)
    assert found.state.flow.stale
    assert position(found.state, found.names, unknown=found.unknown) == text
    assert not read_position(text.removesuffix(" / stale")).state.flow.stale


def test_a_nose_race_awaits_its_loser() -> None:
    state = _state("Anna: 1 / Ben: 2 / pile 5 5 5 top 5 / nose race")
    assert state.flow.pending == NoseRace(5)
    assert sabai_rules.TouchNoseLast(1) in legal_actions(state)


def test_names_that_cannot_be_written_are_written_by_seat() -> None:
    state = deal(players=4, seed=1)
    text = position(state, ["Anna", "anna", "top", "Zoë Smith"])
    assert [row.split(":")[0] for row in text.split(" / ")[:4]] == ["P0", "P1", "P2", "P3"]
    assert position(state, ["Anna", "P3", "7", "Ben"]).startswith("Anna: ")
    assert " / P1: " in position(state, ["Anna", "P3", "7", "Ben"])
    # A row is named by its player's name or by its seat; names given name the seats' rows.
    found = read_position("P0: 1 / Ben: 2", names=["Anna", "Ben"])
    assert found.names == ("Anna", "Ben")
    assert (found.seat_of("ANNA"), found.seat_of("p1")) == (0, 1)


# -- not a position -------------------------------------------------------------------------------

ERRORS = [
    ("Anna: 7 X / Ben: 5", 9, "expected a card (a face such as 7, J, AJ or ?), found 'X'"),
    (
        DISPUTE.replace("Anna to", "Dan to"),
        71,
        "unknown player 'Dan' (the players are Anna, Ben, Chloé)",
    ),
    ("Anna: 7 7 7 7 / Ben: 7", 22, "a fifth 7: the deck has four"),
    ("Anna: J J J / Ben: J", 20, "a fourth joker: the deck has three"),
    ("Anna: AJ / Ben: AJ", 17, "a second Ass Joker: the deck has one"),
    ("Anna: 15 / Ben: 1", 7, "no 15 in the deck"),
    ("Anna: 1 / Ben: 2 / draw 5", 25, "the draw pile holds 58 cards, not 5"),
    ("Anna: 1 / Ben: 2 / draw 1 2 3", 20, "the draw pile holds 58 cards, not 3"),
    ("Anna: 1 / Ben: 2 / pile ?x58 top 7", 34, "too many cards: the position has 61"),
    ("Anna: 1 / Ben: 2 / pile 3 4", 27, "expected 'top' before the pile's top card"),
    ("Anna: 1 / Ben: 2 / pile top 3 4", 31, "the top card ends the pile"),
    ("Anna: 1 / Ben: 2 / pile top 3*", 30, "no marks in the discard pile"),
    ("Anna: 1 / Ben: 2 / draw 1!", 26, "the draw pile has none"),
    ("Anna: 7@Dan / Ben: 2", 9, "unknown player 'Dan'"),
    ("Anna: ?x3 / Ben: 2", 7, "?xN stands in the discard pile or the draw pile"),
    ("Anna: 1 / Ben: 2 / older", 20, "'older' belongs in the header, the first field"),
    ("first_refusl=never / Anna: 1 / Ben: 2", 1, "did you mean 'first_refusal'?"),
    ("initial_peek=7 / Anna: 1 / Ben: 2", 1, "initial_peek must be 0 to 4, not 7"),
    ("deck=5 / Anna: 1 / Ben: 2", 1, "the deck is not an option of a position"),
    ("Anna: 1 / anna: 2", 11, "a second player called 'anna'"),
    ("Anna: 1 / P3: 2", 11, "row 2 is seat 1's"),
    ("Pile: 1 / Ben: 2", 1, "'Pile' is a word of the notation, not a player's name"),
    ("Anna: 1", 1, "one row: a position has a row per player"),
    ("", 1, "an empty position"),
    ("Anna: 1 / Ben: 2 /", 19, "an empty field"),
    ("Anna: 1 / Ben: 2 / frobnicate", 20, "expected a field"),
    ("Anna: 1 / Ben: 2 / dealer Anna / dealer Ben", 34, "a second 'dealer' field"),
    ("Anna: 1 / Ben: 2 / queue Anna give", 31, "no 13 left on the discard pile for Anna's give"),
    ("Anna: 1 / Ben: 2 / pile top 3 / queue Anna owes Ben 9", 53, "no 9 left for the card Anna"),
    ("Anna: 1 / Ben: 2 / pile top 3 / queue Anna owes Ben 4@0", 53, "written 3, not 4"),
    ("Anna: 1 / Ben: 2 _ / pile top 13", 18, "a gap, but no compensation card owed to Ben"),
    ("Anna: 1 / Ben: 2 / nose race", 19, "a nose race needs the cards together"),
    ("Anna: 1 / Ben: 2 / offer Anna for Ben 3", 39, "Ben's slot 3 holds no card"),
    ("Anna: 1 / Ben: 2 / looking Anna / Anna holds 3", 40, "players look at their cards"),
    ("Anna: 1 / Ben: 2 / ended maybe", 26, "expected how the round ended"),
    ("Anna: 1 / Ben: 2 / called Anna lap 9", 36, "the final lap's turns must be 0 to 2"),
    ("Anna: 1 / Ben: 2 / turns 99999999999", 26, "a count must be at most 9,999,999,999"),
    ("x" * (MAX_POSITION + 1), MAX_POSITION + 1, "a position is at most 10,000 characters"),
]


@pytest.mark.parametrize(("text", "column", "message"), ERRORS)
def test_each_error_names_its_column(text: str, column: int, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        read_position(text)
    error = caught.value
    assert (error.column, message in error.message) == (column, True), str(error)
    assert str(error) == f"column {column}: {error.message}"


def test_what_an_error_echoes_is_an_excerpt_escaped() -> None:
    with pytest.raises(PositionError) as caught:
        read_position("Anna: 1 / Ben: 2 / pile top 3 / \x07\u202e" + "x" * 5000)
    message = str(caught.value)
    assert "found '\\x07\\u202exxx" in message
    assert len(message) < len("column 33: ") + 300  # the echo is some 40 characters


TOKENS = (
    *("/", ":", ",", "?", "*", "!", "@", "_", "x", "-", "=", "1", "5", "13", "J", "AJ", "?x3"),
    *("_1", "top", "pile", "draw", "queue", "then", "owes", "in", "give", "spy", "Anna", "Ben"),
    *("P0", "P1", "P9", "to", "holds", "played", "looking", "locked", "lap", "called", "ever"),
    *("closing", "passed", "emptied", "ended", "offer", "for", "nose", "race", "nopenalty"),
    *("older", "round", "final", "dealer", "turns", "first_refusal=priority", "é", "\u0301"),
    "\n",
)


#: Positions of the rulebook's page, and of a round played on, to splice nonsense into.
SPLICED = (
    DISPUTE,
    "Anna: _2 5 _1 / Ben: 3 4 / Chloé: 6 7 / pile J top J / Anna played / "
    "queue Ben owes Anna J then Chloé owes Anna J",
    "Anna: 5 13! 2 / Ben: 7 8 / Chloé: 9 J / pile 4 top 13 / Ben played / queue Ben give / "
    "offer Chloé for Anna 1",
    "older round 2 final / P0: ?! ? / P1: ?@P0 ? / pile ?x3 top 5 / draw top 7 ?x50 / "
    "P1 holds ? / locked P0 / motion P0 / called P1 lap 1 / closing passed P0 / ended forced / "
    "emptied P0 ever / turns 3 / reactions 2",
)


def test_the_texts_to_splice_into_are_positions() -> None:
    for text in SPLICED:
        found = read_position(text)
        again = read_position(position(found.state, found.names, unknown=found.unknown))
        assert (again.state, again.unknown) == (found.state, found.unknown)


@st.composite
def spliced(draw: st.DrawFn) -> str:
    """A position with a piece cut out and a token of the notation put in."""
    text = draw(st.sampled_from(SPLICED))
    start = draw(st.integers(0, len(text)))
    stop = draw(st.integers(start, min(len(text), start + 8)))
    return text[:start] + draw(st.sampled_from(TOKENS)) + text[stop:]


@given(
    st.text(max_size=300) | st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join) | spliced()
)
def test_any_text_is_a_position_or_one_position_error(text: str) -> None:
    found: Position | PositionError
    try:
        found = read_position(text)
    except PositionError as error:
        found = error
    if isinstance(found, PositionError):
        assert "\n" not in str(found)
        assert 1 <= found.column <= len(text) + 1
        assert len(str(found)) < 400
    else:
        assert read_position(position(found.state, found.names, unknown=found.unknown)).names


# -- the arguments ----------------------------------------------------------------------------


WRONG_ARGUMENTS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("position", {"state": "P0: 1 / P1: 2"}, TypeError, "state must be a State"),
    ("position", {"names": ["Anna"]}, ValueError, "names must name each of the 2 players"),
    ("position", {"names": "AB"}, TypeError, "names must be a sequence of texts"),
    ("position", {"names": ["Anna", 7]}, TypeError, "names must hold texts"),
    ("position", {"unknown": True}, TypeError, "unknown must be an int"),
    ("position", {"unknown": -1}, ValueError, "unknown must be a bit mask"),
    ("position", {"unknown": 1 << 60}, ValueError, "unknown must be a bit mask"),
    ("position", {"draw": "cards"}, ValueError, "draw must be 'faces' or 'count'"),
    ("position", {"draw": None}, TypeError, "draw must be 'faces' or 'count'"),
    ("read_position", {"text": b"P0: 1"}, TypeError, "text must be a str"),
    ("read_position", {"ruleset": "older"}, TypeError, "ruleset must be a Ruleset"),
    ("read_position", {"names": "AB"}, TypeError, "names must be a sequence of texts"),
    ("read_position", {"names": ["Anna", None]}, TypeError, "names must hold texts"),
    ("read_position", {"seed": 1.5}, TypeError, "seed"),
    ("display_state", {"unknown": -1}, ValueError, "unknown must be a bit mask"),
]


@pytest.mark.parametrize(("function", "change", "kind", "words"), WRONG_ARGUMENTS)
def test_arguments_are_checked_naming_them(
    function: str, change: dict[str, Any], kind: type[Exception], words: str
) -> None:
    state = deal(players=2, seed=1)
    given: dict[str, dict[str, Any]] = {
        "position": {"state": state},
        "read_position": {"text": "P0: 1 / P1: 2"},
        "display_state": {"state": state, "unknown": 0},
    }
    arguments = given[function]
    called: Any = {"position": position, "read_position": read_position}.get(
        function, display_state
    )
    with pytest.raises(kind, match=re.escape(words)):
        called(**{**arguments, **change})


def test_a_chance_node_and_another_deck_have_no_position() -> None:
    with pytest.raises(ValueError, match="a chance node"):
        position(deal(players=2, seed=1, chance_model="explicit"))
    small = Ruleset(deck=DeckSpec(copies=2))
    with pytest.raises(ValueError, match="the default deck"):
        position(deal(small, 2, seed=1))
    with pytest.raises(ValueError, match="ruleset: a position is written for the default deck"):
        read_position("P0: 1 / P1: 2", small)


def test_from_position_needs_every_face() -> None:
    with pytest.raises(ValueError, match=r"leaves 58 cards '\?'.*read_position"):
        from_position(DISPUTE)
    assert not isinstance(sabai_rules.from_position, type)


def test_display_state_shows_the_unknown_cards_as_question_marks() -> None:
    found = read_position(DISPUTE)
    shown = display_state(found.state, found.unknown)
    assert shown.deck.faces.count(UNKNOWN) == 58
    assert shown.table == found.state.table
    table = render_table(shown, found.names)
    assert "0:?  1:5" in table
    assert "(top: 7)" in table
    assert display_state(found.state, 0) is found.state


def test_the_package_exports_the_notation() -> None:
    for name in ("position", "read_position", "from_position", "Position", "PositionError"):
        assert getattr(sabai_rules, name) is globals()[name]
    assert issubclass(PositionError, ValueError)
    state = play(deal(players=2, seed=3), Draw(1), Play(1))
    assert sabai_rules.read_position(sabai_rules.position(state)).unknown == 0


# -- the rulebook's page ----------------------------------------------------------------------

PAGE = Path(__file__).resolve().parent.parent / "docs" / "position.md"


def test_the_rulebook_s_examples_read_as_it_says() -> None:
    """Every position the page quotes reads back, and prints back as it stands there; the tables
    it draws and the positions it prints from a record are the command's output."""
    blocks = re.findall(r"```text\n(.*?)\n```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
    positions = [block for block in blocks if not block.startswith("Round ")]
    assert len(positions) >= 5
    # The first, as players may type it, and its shortest form as the referee writes it.
    first = read_position(positions[0])
    assert position(first.state, first.names, unknown=first.unknown) == positions[1]
    for text in positions[1:]:
        found = read_position(text)
        draw: Literal["faces", "count"] = "count" if re.search(r"/ draw \d+ /", text) else "faces"
        assert position(found.state, found.names, unknown=found.unknown, draw=draw) == text
    lockout = "examples/wrong-throw-in-lockout.json"
    root = PAGE.parent.parent
    assert sabai("show", str(root / lockout), "--at", "13", "--format", "position")[1].strip() in (
        positions
    )
    chloe = sabai(
        "show", str(root / lockout), "--at", "13", "--format", "position", "--as", "Chloé"
    )
    assert chloe[1].strip() in positions
    drawn = [block for block in blocks if block.startswith("Round ")]
    assert sabai("show", "--from-position", DISPUTE)[1].strip() == drawn[0]

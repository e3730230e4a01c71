"""What one player may know: the per-player view, the printed state and the events as each player
saw them; a view must not depend on any face its player has not seen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import pytest

from sabai_rules.model.cards import ASS_JOKER, DeckSpec, parse_face
from sabai_rules.model.events import Drew, Event, PenaltyCard, Played, ThrewIn
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import (
    Draw,
    Give,
    Keep,
    LookAtCards,
    Peek,
    Play,
    Spy,
    Switch,
    ThrowIn,
    apply,
    apply_events,
    deal,
    deck_for,
    legal_actions,
)
from sabai_rules.play.layout import Position, layout
from sabai_rules.play.views import observation, view, view_event
from sabai_rules.referee.render import render_table
from sabai_rules.state import State
from tests.engine.support import play


def _row_faces(state: State, viewer: int, owner: int) -> list[int | str | None]:
    return [slot.face for slot in view(state, viewer).rows[owner]]


def _event(events: Sequence[Event], kind: type) -> Event:
    found = [e for e in events if type(e) is kind]
    assert len(found) == 1, f"expected one {kind.__name__} event, got {events}"
    return found[0]


# -- what a player sees --------------------------------------------------------------------------


@pytest.mark.rules("ruling.knowledge-model", "setup.no-looking", "ruling.public-information")
def test_nobody_sees_the_faces_of_the_dealt_cards() -> None:
    state = deal(players=3, dealer=0, seed=2)
    for viewer in range(3):
        for owner in range(3):
            assert _row_faces(state, viewer, owner) == [None] * 4
            assert all(slot.seen_by == () for slot in view(state, viewer).rows[owner])


@pytest.mark.rules("ruling.knowledge-model", "ruling.public-information", "turn.draw")
def test_only_the_drawer_sees_the_drawn_card() -> None:
    state = layout(rows=[["5"], ["6"], ["7"]], draw=["9"], turn=1)
    state = play(state, Draw(1))
    assert view(state, 1).held == 9
    for other in (0, 2):
        assert view(state, other).held is None
        assert view(state, other).holding


@pytest.mark.rules("ruling.knowledge-model", "turn.keep")
def test_a_kept_card_stays_known_to_its_drawer_only() -> None:
    state = layout(rows=[["5", "6"], ["7", "8"]], draw=["9"], turn=1)
    state = play(state, Draw(1), Keep(1, 0))
    assert _row_faces(state, 1, 1) == [9, None]
    assert _row_faces(state, 0, 1) == [None, None]
    assert view(state, 0).rows[1][0].seen_by == (1,)


@pytest.mark.rules("ruling.knowledge-model", "function.peek")
def test_a_peeked_card_is_seen_by_its_owner_only() -> None:
    state = layout(rows=[["5", "6"], ["7", "8"]], discard=["2"], turn=0, held="11")
    state = play(state, Play(0), Peek(0, 1))
    assert _row_faces(state, 0, 0) == [None, 6]
    assert _row_faces(state, 1, 0) == [None, None]
    assert view(state, 1).rows[0][1].seen_by == (0,)


@pytest.mark.rules("ruling.knowledge-model", "function.spy")
def test_a_spied_card_is_seen_by_the_spy_and_not_by_its_owner() -> None:
    state = layout(rows=[["5", "6"], ["7", "8"]], discard=["2"], turn=0, held="12")
    state = play(state, Play(0), Spy(0, 1, 0))
    assert _row_faces(state, 0, 1) == [7, None]
    assert _row_faces(state, 1, 1) == [None, None]


@pytest.mark.rules("ruling.knowledge-model", "ruling.public-information", "function.give")
def test_a_given_card_is_not_seen_by_its_receiver_but_stays_known_to_the_giver() -> None:
    state = layout(
        rows=[["5", "6"], ["7", "8"]], discard=["2"], turn=0, held="13", seen={0: [(0, 1)]}
    )
    state = play(state, Play(0), Give(0, 1, 1))
    assert _row_faces(state, 1, 1) == [None, None, None]
    assert _row_faces(state, 0, 1) == [None, None, 6]
    assert view(state, 1).rows[1][2].seen_by == (0,)


@pytest.mark.rules("ruling.knowledge-model", "function.switch")
def test_switched_cards_are_not_seen_and_knowledge_follows_the_card() -> None:
    state = layout(
        rows=[["5", "6"], ["7", "8"]], discard=["2"], turn=0, held="14", seen={1: [(1, 0)]}
    )
    state = play(state, Play(0), Switch(0, 0, 1, 0))
    assert _row_faces(state, 0, 0) == [None, None]  # P0 now holds P1's 7, unseen
    assert _row_faces(state, 0, 1) == [None, None]  # P1 now holds P0's 5, unseen
    assert _row_faces(state, 1, 0) == [7, None]  # P1 still knows their former 7
    assert _row_faces(state, 1, 1) == [None, None]


@pytest.mark.rules(
    "ruling.knowledge-model", "throw-in.penalty-card", "throw-in.wrong-card.take-back"
)
def test_a_wrong_throw_in_is_seen_by_all_and_its_penalty_card_by_nobody() -> None:
    state = layout(rows=[["5", "6"], ["7", "8"], ["9"]], draw=["4"], discard=["2"], turn=0)
    state = play(state, ThrowIn(1, 1, 0))  # a 7 onto the 2: wrong
    for viewer in range(3):
        assert _row_faces(state, viewer, 1) == [7, None, None]
        assert view(state, viewer).rows[1][2].seen_by == ()
        assert view(state, viewer).rows[1][0].seen_by == (0, 1, 2)


@pytest.mark.rules("ruling.knowledge-model", "ass-joker.turned-over-unknowingly")
def test_an_ass_joker_turned_over_by_a_keep_is_seen_by_everybody() -> None:
    state = layout(rows=[["AJ", "6"], ["7", "8"], ["9"]], discard=["2"], turn=0, held="3")
    state = play(state, Keep(0, 0))
    for viewer in range(3):
        assert _row_faces(state, viewer, 0) == [ASS_JOKER, None]


@pytest.mark.rules("ruling.public-information")
def test_the_discard_pile_is_visible_to_everybody() -> None:
    state = layout(rows=[["5"], ["6"], ["7"]], discard=["J", "3", "13"], turn=0)
    for viewer in range(3):
        assert view(state, viewer).discard == (parse_face("J"), 3, 13)


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_seen_by_lists_who_has_seen_each_slot_even_to_those_who_have_not() -> None:
    state = layout(
        rows=[["5", "6"], ["7", "8"], ["9", "10"]],
        turn=0,
        seen={0: [(1, 0)], 2: [(1, 0), (2, 1)]},
    )
    mine = view(state, 1)
    assert [slot.seen_by for slot in mine.rows[1]] == [(0, 2), ()]
    assert [slot.seen_by for slot in mine.rows[2]] == [(), (2,)]
    assert _row_faces(state, 1, 1) == [None, None]
    assert _row_faces(state, 2, 1) == [7, None]


@pytest.mark.rules("ruling.public-information")
def test_a_view_asked_for_actions_lists_exactly_that_players_legal_actions() -> None:
    state = layout(rows=[["5", "6"], ["2", "8"], ["9"]], discard=["2"], turn=0)
    legal = tuple(legal_actions(state))
    views = [view(state, p, actions=True) for p in range(3)]
    lists = [v.legal_actions for v in views]
    assert all(listed is not None for listed in lists)
    for p, listed in enumerate(lists):
        assert listed == tuple(a for a in legal if a.actor == p)
    assert Draw(0) in (lists[0] or ())
    assert Draw(0) not in (lists[1] or ())
    assert ThrowIn(1, 1, 0) in (lists[1] or ())
    assert sum(len(listed or ()) for listed in lists) == len(legal)


@pytest.mark.rules("ruling.public-information")
def test_a_view_not_asked_for_actions_lists_none_and_is_otherwise_the_same() -> None:
    state = layout(rows=[["5", "6"], ["2", "8"], ["9"]], discard=["2"], turn=0)
    plain, full = view(state, 1), view(state, 1, actions=True)
    assert plain.legal_actions is None
    assert attrs.evolve(full, legal_actions=None) == plain


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_a_row_seen_again_after_someone_looked_at_one_of_its_cards_is_seen_anew() -> None:
    """Views reuse rows already built: a row must be rebuilt once what a player has seen of it
    changes."""
    state = layout(rows=[["5", "6"], ["2", "8"]], discard=["2"], held="11", turn=0)
    before = view(state, 0)
    assert [s.face for s in before.rows[0]] == [None, None]
    state = apply(apply(state, Play(0)), Peek(0, 1))
    after = view(state, 0)
    assert [s.face for s in after.rows[0]] == [None, 6]
    assert [s.seen_by for s in view(state, 1).rows[0]] == [(), (0,)]
    assert [s.face for s in view(state, 1).rows[0]] == [None, None]


# -- the printed state ---------------------------------------------------------------------------


@pytest.mark.rules("ruling.public-information")
def test_the_printed_state_names_only_the_top_card() -> None:
    state = layout(rows=[["AJ", "13"], ["14", "J"]], discard=["7"], turn=0, held="12")
    text = repr(state)
    assert "top 7" in text
    for hidden in ("spy", "give", "switch", "Joker", "12", "13", "14"):
        assert hidden not in text, f"{hidden!r} leaks in {text}"


# -- events as each player saw them --------------------------------------------------------------


@pytest.mark.rules("ruling.public-information", "turn.draw")
def test_a_drew_event_shows_the_face_to_the_drawer_only() -> None:
    state = layout(rows=[["5"], ["6"], ["7"]], draw=["9"], turn=1)
    after, events = apply_events(state, Draw(1))
    drew = _event(events, Drew)
    assert view_event(drew, 1, after).get("card") == 9
    assert view_event(drew, 0, after).get("card") is None
    assert view_event(drew, 2, after).get("card") is None


@pytest.mark.rules("ruling.public-information", "turn.play")
def test_a_played_event_shows_the_face_to_everybody() -> None:
    state = layout(rows=[["5"], ["6"], ["7"]], discard=["2"], turn=1, held="9")
    after, events = apply_events(state, Play(1))
    played = _event(events, Played)
    for viewer in range(3):
        assert view_event(played, viewer, after).get("card") == 9


@pytest.mark.rules("ruling.public-information", "throw-in.penalty-card")
def test_a_penalty_card_event_hides_the_face_from_everybody() -> None:
    state = layout(rows=[["5", "6"], ["7", "8"], ["9"]], draw=["4"], discard=["2"], turn=0)
    after, events = apply_events(state, ThrowIn(1, 1, 0))
    penalty = _event(events, PenaltyCard)
    wrong = _event(events, ThrewIn)
    for viewer in range(3):
        assert view_event(penalty, viewer, after).get("card") is None
        assert view_event(wrong, viewer, after).get("card") == 7


# -- non-interference ----------------------------------------------------------------------------

#: Who has seen what, by position: the same in every table below.
SEEN: Mapping[int, list[Position]] = {0: [(0, 1)], 1: [(1, 0)], 2: [(2, 0), (1, 1)]}


def _table(rows: list[list[str]], held: str, seen: Mapping[int, list[Position]] = SEEN) -> State:
    return layout(rows=rows, discard=["3", "2"], turn=1, held=held, seen=seen)


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_a_view_does_not_depend_on_the_faces_its_player_has_not_seen() -> None:
    # P0 has seen only their own slot 1 (and the pile); the tables differ in P0's slot 0, in
    # P1's slots 0 and 1, in P2's slot 0 and in P1's drawn card.
    one = _table([["5", "6"], ["9", "10"], ["1", "4"]], held="7")
    two = _table([["1", "6"], ["12", "5"], ["9", "4"]], held="J")
    assert view(one, 0) == view(two, 0)
    assert repr(one) == repr(two)


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_an_observation_and_the_table_as_shown_do_not_depend_on_unseen_faces() -> None:
    """What ``observation`` encodes and what ``sabai show --as`` draws are built from the view:
    the same tables as above give P0 the same, and a card P0 has seen changes both. Records:
    ``tests/records/test_non_interference.py`` (exports, refusals, show, observations)."""
    names = ("Anna", "Ben", "Cleo")
    one = _table([["5", "6"], ["9", "10"], ["1", "4"]], held="7")
    two = _table([["1", "6"], ["12", "5"], ["9", "4"]], held="J")
    assert observation(one, 0) == observation(two, 0)
    assert render_table(one, names, as_player=0) == render_table(two, names, as_player=0)
    other_own = _table([["5", "8"], ["9", "10"], ["1", "4"]], held="7")
    assert observation(one, 0) != observation(other_own, 0)
    assert render_table(one, names, as_player=0) != render_table(other_own, names, as_player=0)


@pytest.mark.rules("ruling.public-information", "ruling.knowledge-model")
def test_a_view_changes_when_a_card_its_player_has_seen_changes() -> None:
    one = _table([["5", "6"], ["9", "10"], ["1", "4"]], held="7")
    other_own = _table([["5", "8"], ["9", "10"], ["1", "4"]], held="7")
    assert view(one, 0) != view(other_own, 0)
    # P2 has seen P1's slot 1; P0 has not: only P2's view tells the tables apart.
    other_spied = _table([["5", "6"], ["9", "11"], ["1", "4"]], held="7")
    assert view(one, 0) == view(other_spied, 0)
    assert view(one, 2) != view(other_spied, 2)
    # P1 holds the drawn card: only P1's view shows it.
    other_held = _table([["5", "6"], ["9", "10"], ["1", "4"]], held="8")
    assert view(one, 0) == view(other_held, 0)
    assert view(one, 1) != view(other_held, 1)


@pytest.mark.rules("ruling.knowledge-model", "function.give")
def test_a_card_given_unseen_leaves_the_receivers_view_independent_of_its_face() -> None:
    one = _table([["5", "6"], ["9", "10"], ["1", "4"]], held="13")
    two = _table([["5", "6"], ["12", "8"], ["1", "4"]], held="13")
    one = play(one, Play(1), Give(1, 0, 0))
    two = play(two, Play(1), Give(1, 0, 0))
    assert len(view(one, 0).rows[0]) == 3
    assert view(one, 0) == view(two, 0)
    assert view(one, 1) != view(two, 1)  # P1 had seen the card it gave


@pytest.mark.rules("ruling.deck-composition", "ruling.knowledge-model")
def test_views_of_two_decks_never_mix_their_faces() -> None:
    """The same card ids dealt in the same order under two decks, and the same cards looked at:
    each view shows the faces of its own deck (views reuse rows already built)."""
    older = Ruleset.preset("older")
    small = older.with_options(deck=DeckSpec(copies=2))
    for rules in (older, small, older):
        deck = deck_for(rules)
        state = deal(rules, 2, order=range(len(deck)), dealer=0, seed=0)
        state = apply(apply(state, LookAtCards(1, (0, 1))), LookAtCards(0, (0, 1)))
        row = state.table.rows[0]
        assert [s.face for s in view(state, 0).rows[0][:2]] == [deck.faces[c] for c in row[:2]]
    assert deck_for(older).faces[3] != deck_for(small).faces[3]  # the decks do differ there

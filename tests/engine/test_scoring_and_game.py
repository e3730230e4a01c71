"""Scoring a finished round (card points, the round's victory point, the Ass Joker, the Hall of
Fame, the older edition's lowest score) and a whole game (rounds, dealers, the final round,
victory points, the winners)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

import pytest

from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import CallSabaiSabai, apply, legal_actions
from sabai_rules.play.game import finish_round, new_game, start_round
from sabai_rules.play.scoring import round_utilities, score_round, utility_bounds
from sabai_rules.state import Game, State
from tests.engine.support import emptied_round, refused, scored_after_final_lap

OLDER = Ruleset.preset("older")


def _round_won_by(game: Game, winner: int, rows: Sequence[Sequence[str]] | None = None) -> State:
    """The game's next round, over: ``winner`` throws in their single 5 onto the 5 on the pile,
    emptying their row (everybody else holds a 9 and an 8 unless ``rows`` says otherwise), and
    everybody passes."""
    if rows is None:
        rows = [["5"] if p == winner else ["9", "8"] for p in range(game.players)]
    return emptied_round(
        rows,
        thrower=winner,
        dealer=game.next_dealer,
        round_index=len(game.rounds),
        final_round=game.next_round_is_final,
        ruleset=game.ruleset,
    )


def _play_out(state: State, seed: int) -> State:
    """Play a round to its end with a seeded random policy: call at once where allowed, otherwise
    pick among the decisions and passes, throwing in only when nothing else is possible."""
    rng = random.Random(seed)
    for _ in range(100_000):
        if state.is_over:
            return state
        legal = legal_actions(state)
        options = list(legal.calls[:1]) or [*legal.decisions, *legal.passes]
        state = apply(state, rng.choice(options or list(legal.throw_ins)))
    raise AssertionError("the round did not end")


def _play_game(players: int, seed: int) -> tuple[Game, list[State]]:
    game = new_game(players, seed=seed)
    rounds: list[State] = []
    while not game.is_over:
        state = _play_out(start_round(game), seed)
        rounds.append(state)
        game = finish_round(game, state)
    return game, rounds


# -- card points ---------------------------------------------------------------------------------


@pytest.mark.rules("objective.card-points", "ruling.card-points-face-value", "round-end.reveal")
def test_card_points_are_the_sum_of_the_face_values() -> None:
    result = scored_after_final_lap([["13", "2"], ["12", "1", "14"], ["7"]])
    assert result.card_points == (15, 27, 7)


@pytest.mark.rules("objective.joker-minus-four", "objective.card-points", "ruling.ass-joker-value")
def test_a_joker_counts_minus_four_and_the_ass_joker_zero() -> None:
    result = scored_after_final_lap([["J", "5"], ["J", "J"], ["AJ", "3"]])
    assert result.card_points == (1, -8, 3)


@pytest.mark.rules("objective.no-cards-zero", "objective.card-points")
def test_an_empty_row_counts_zero_card_points() -> None:
    result = scored_after_final_lap([["4"], [], ["3", "3"]])
    assert result.card_points == (4, 0, 6)
    assert result.rows[1] == ()


# -- the round's victory point -------------------------------------------------------------------


@pytest.mark.rules("objective.round-victory-point", "round-end.victory-points")
def test_the_fewest_card_points_win_the_rounds_victory_point() -> None:
    result = scored_after_final_lap([["9"], ["J", "3"], ["2"]])
    assert result.card_points == (9, -1, 2)
    assert result.victory_points == (0, 1, 0)
    assert result.winners == (1,)


@pytest.mark.rules("ruling.round-ties", "objective.round-victory-point")
def test_players_tied_on_the_fewest_card_points_each_receive_a_victory_point() -> None:
    result = scored_after_final_lap([["3"], ["1", "2"], ["8"]])
    assert result.victory_points == (1, 1, 0)
    assert result.winners == (0, 1)


@pytest.mark.rules("ruling.round-ties")
def test_tie_policy_none_gives_the_point_to_nobody() -> None:
    result = scored_after_final_lap([["3"], ["1", "2"], ["8"]], Ruleset(round_tie_policy="none"))
    assert result.victory_points == (0, 0, 0)
    assert result.winners == ()


@pytest.mark.rules("ruling.round-ties")
def test_tie_policy_fewest_cards_gives_the_point_to_the_shorter_row() -> None:
    rules = Ruleset(round_tie_policy="fewest_cards_then_all")
    result = scored_after_final_lap([["3"], ["1", "2"], ["8"]], rules)
    assert result.victory_points == (1, 0, 0)
    assert result.winners == (0,)


@pytest.mark.rules(
    "ruling.ass-joker-loses-round",
    "ruling.ass-joker-victory-point-fallback",
    "ass-joker.loses-round",
    "ass-joker.victory-point-deducted",
)
def test_the_ass_joker_holder_cannot_win_and_the_point_goes_to_the_next_lowest() -> None:
    result = scored_after_final_lap([["AJ", "J"], ["2"], ["5"]])
    assert result.card_points == (-4, 2, 5)
    assert result.ass_joker_holder == 0
    assert result.victory_points == (-1, 1, 0)
    assert result.winners == (1,)


@pytest.mark.rules("ruling.ass-joker-victory-point-fallback", "ruling.ass-joker-loses-round")
def test_no_fallback_option_gives_nobody_the_point_the_lowest_holder_could_not_win() -> None:
    result = scored_after_final_lap(
        [["AJ", "J"], ["2"], ["5"]], Ruleset(ass_joker_vp_fallback="none")
    )
    assert result.victory_points == (-1, 0, 0)
    assert result.winners == ()


@pytest.mark.rules("ruling.ass-joker-victory-point-fallback", "ass-joker.victory-point-deducted")
def test_no_fallback_option_still_rewards_the_lowest_when_the_holder_was_not_lowest() -> None:
    result = scored_after_final_lap(
        [["AJ", "9"], ["2"], ["5"]], Ruleset(ass_joker_vp_fallback="none")
    )
    assert result.victory_points == (-1, 1, 0)
    assert result.winners == (1,)


@pytest.mark.rules("ass-joker.hall-of-fame", "ruling.hall-of-fame-wins-round")
def test_four_jokers_alone_win_the_round_into_the_hall_of_fame_without_deduction() -> None:
    result = scored_after_final_lap([["3"], ["J", "J", "J", "AJ"], ["2"]])
    assert result.hall_of_fame == 1
    assert result.ass_joker_holder == 1
    assert result.victory_points == (0, 1, 0)
    assert result.winners == (1,)


@pytest.mark.rules("ruling.hall-of-fame-four-jokers-only", "ass-joker.hall-of-fame")
def test_four_jokers_and_another_card_are_no_hall_of_fame() -> None:
    result = scored_after_final_lap([["3"], ["J", "J", "J", "AJ", "1"], ["2"]])
    assert result.hall_of_fame is None
    assert result.victory_points == (0, -1, 1)


# -- the older edition ---------------------------------------------------------------------------


@pytest.mark.rules("objective.lowest-score-wins", "ruling.older-scoring")
def test_older_edition_lowest_score_wins_without_victory_points() -> None:
    result = scored_after_final_lap([["9"], ["2", "1"], ["5"]], OLDER)
    assert result.winners == (1,)
    assert result.victory_points == (0, 0, 0)


@pytest.mark.rules(
    "ruling.older-scoring", "ass-joker.cursed-joker-loses-game", "ruling.ass-joker-value"
)
def test_older_edition_cursed_joker_holder_cannot_win_even_with_the_lowest_score() -> None:
    result = scored_after_final_lap([["9"], ["AJ", "J"], ["5"]], OLDER)
    assert result.card_points == (9, -8, 5)
    assert result.winners == (2,)
    assert result.victory_points == (0, 0, 0)


# -- the older edition over several deals --------------------------------------------------------


def _older_game(players: int, **options: object) -> Game:
    return new_game(players, OLDER.with_options(**options), seed=3, first_dealer=0)


@pytest.mark.rules("ruling.older-several-deals", "objective.lowest-score-wins")
def test_over_several_older_deals_the_fewest_points_in_all_win_not_the_deal_winners() -> None:
    game = _older_game(3, num_rounds=2)
    game = finish_round(game, _round_won_by(game, 0, [["5"], ["9", "8"], ["3", "2"]]))
    assert game.rounds[0].winners == (0,)
    game = finish_round(game, _round_won_by(game, 1, [["9", "4"], ["5"], ["4", "2"]]))
    assert game.rounds[1].winners == (1,)
    # P0 has 0 + 13 points, P1 17 + 0, P2 5 + 6: P2 won no deal and wins the game.
    assert game.winners == (2,)
    assert game.victory_points == (0, 0, 0)


@pytest.mark.rules("ruling.older-several-deals", "ass-joker.cursed-joker-loses-game")
def test_the_cursed_joker_at_the_end_of_an_earlier_deal_still_loses_the_game() -> None:
    game = _older_game(3, num_rounds=2)
    game = finish_round(game, _round_won_by(game, 0, [["5"], ["9", "8"], ["AJ", "2"]]))
    assert game.rounds[0].ass_joker_holder == 2
    game = finish_round(game, _round_won_by(game, 1, [["9", "9"], ["5"], ["1"]]))
    # P2 has the fewest points in all (-2 + 1) but held the Cursed Joker: P1 (17) beats P0 (18).
    assert [sum(r.card_points[p] for r in game.rounds) for p in range(3)] == [18, 17, -1]
    assert game.winners == (1,)


@pytest.mark.rules("ruling.older-several-deals", "ass-joker.cursed-joker-loses-game")
def test_when_every_player_held_the_cursed_joker_the_fewest_points_still_win() -> None:
    game = _older_game(2, num_rounds=2)
    game = finish_round(game, _round_won_by(game, 0, [["5"], ["AJ", "3"]]))
    game = finish_round(game, _round_won_by(game, 1, [["AJ", "9"], ["5"]]))
    assert {r.ass_joker_holder for r in game.rounds} == {0, 1}
    assert game.winners == (1,)


@pytest.mark.rules("ruling.older-several-deals", "ruling.game-ties")
@pytest.mark.parametrize(("deals", "winner"), [("sum", 0), ("last", 2)])
def test_a_tied_older_game_plays_an_extra_deal_that_adds_up_unless_the_last_decides(
    deals: str, winner: int
) -> None:
    game = _older_game(3, game_tie_policy="extra_final_round", lowest_score_deals=deals)
    game = finish_round(game, _round_won_by(game, 0, [["5"], ["J", "4"], ["9"]]))
    assert game.rounds[0].winners == (0, 1)
    assert game.winners is None
    game = finish_round(game, _round_won_by(game, 2, [["2"], ["3"], ["5"]]))
    # Summed, P0 has 0 + 2, P1 0 + 3, P2 9 + 0; the extra deal alone is P2's.
    assert game.winners == (winner,)


# -- a game --------------------------------------------------------------------------------------


@pytest.mark.rules("ruling.number-of-rounds")
def test_a_game_has_as_many_rounds_as_players_unless_told_otherwise() -> None:
    assert new_game(3, seed=0).num_rounds == 3
    assert new_game(5, seed=0).num_rounds == 5
    assert new_game(5, Ruleset(num_rounds=2), seed=0).num_rounds == 2
    assert new_game(4, OLDER, seed=0).num_rounds == 1


@pytest.mark.rules("ruling.first-dealer", "turn.starter")
def test_the_first_dealer_is_given_or_chosen_from_the_seed() -> None:
    game = new_game(4, first_dealer=2, seed=0)
    assert game.first_dealer == 2
    assert start_round(game).setup.dealer == 2
    assert start_round(game).turn == 3
    drawn = [new_game(4, seed=seed).first_dealer for seed in range(30)]
    assert drawn == [new_game(4, seed=seed).first_dealer for seed in range(30)]
    assert set(drawn) == {0, 1, 2, 3}


@pytest.mark.rules("round-end.next-dealer", "ruling.dealer-rotation", "ruling.number-of-rounds")
def test_the_starter_of_each_round_deals_the_next_and_the_last_round_is_final() -> None:
    game, rounds = _play_game(3, seed=7)
    dealers = [state.setup.dealer for state in rounds]
    first = game.first_dealer
    assert dealers == [first, (first + 1) % 3, (first + 2) % 3]
    for before, after in pairwise(rounds):
        assert after.setup.dealer == before.setup.starter
    assert [state.setup.final_round for state in rounds] == [False, False, True]
    assert [r.dealer for r in game.rounds] == dealers


@pytest.mark.rules("game-end.final-round-no-call", "ruling.number-of-rounds")
def test_the_last_round_of_a_game_is_played_without_a_call() -> None:
    game = new_game(2, seed=3)
    game = finish_round(game, _round_won_by(game, 0))
    final = start_round(game)
    assert final.setup.final_round
    refused(final, CallSabaiSabai(final.turn), "game-end.final-round-no-call")


@pytest.mark.rules("game-end.winner", "round-end.victory-points")
def test_victory_points_add_up_and_the_most_wins_the_game() -> None:
    game = new_game(3, seed=5)
    for winner in (0, 2, 2):
        game = finish_round(game, _round_won_by(game, winner))
    assert [r.victory_points for r in game.rounds] == [(1, 0, 0), (0, 0, 1), (0, 0, 1)]
    assert game.victory_points == (1, 0, 2)
    assert game.winners == (2,)
    assert game.is_over


@pytest.mark.rules("game-end.winner", "round-end.victory-points")
def test_a_played_game_adds_up_the_victory_points_of_its_rounds() -> None:
    game, _ = _play_game(4, seed=11)
    assert len(game.rounds) == 4
    assert [r.victory_points for r in game.rounds] == [
        (1, 1, -1, 0),
        (1, 0, 0, 0),
        (0, 0, 0, 1),
        (0, -1, 0, 1),
    ]
    assert game.victory_points == (2, 0, -1, 2)
    assert game.winners == (0, 3)


@pytest.mark.rules("ruling.game-ties", "game-end.winner")
def test_players_tied_on_the_most_victory_points_are_co_winners() -> None:
    game = new_game(3, seed=5)
    for winner in (0, 1, 2):
        game = finish_round(game, _round_won_by(game, winner))
    assert game.victory_points == (1, 1, 1)
    assert game.winners == (0, 1, 2)


@pytest.mark.rules("ruling.game-ties", "game-end.final-round-no-call")
def test_extra_final_round_option_plays_on_until_one_player_leads() -> None:
    game = new_game(2, Ruleset(game_tie_policy="extra_final_round"), seed=5)
    for winner in (0, 1):
        game = finish_round(game, _round_won_by(game, winner))
    assert game.winners is None
    assert len(game.rounds) == 2
    extra = start_round(game)
    assert extra.setup.final_round
    game = finish_round(game, _round_won_by(game, 1))
    assert game.victory_points == (1, 2)
    assert game.winners == (1,)


def _hall_of_fame_round(game: Game) -> State:
    """The game's next round, over: P1 holds the four jokers and nothing else."""
    rows = [["5"], ["J", "J", "J", "AJ"], ["9", "8"]]
    return _round_won_by(game, 0, rows)


@pytest.mark.rules("ruling.hall-of-fame-wins-round", "ass-joker.hall-of-fame")
def test_the_hall_of_fame_wins_the_round_and_the_game_goes_on() -> None:
    game = new_game(3, seed=2)
    game = finish_round(game, _hall_of_fame_round(game))
    assert game.rounds[0].hall_of_fame == 1
    assert game.victory_points == (0, 1, 0)
    assert game.winners is None
    assert not start_round(game).setup.final_round


@pytest.mark.rules("ruling.hall-of-fame-wins-round")
def test_hall_of_fame_wins_game_option_ends_the_game_at_once() -> None:
    game = new_game(3, Ruleset(hall_of_fame_wins_game=True), seed=2)
    game = finish_round(game, _hall_of_fame_round(game))
    assert game.is_over
    assert game.winners == (1,)
    with pytest.raises(ValueError, match="over"):
        start_round(game)


@pytest.mark.rules("ass-joker.cursed-joker-four-jokers", "ass-joker.cursed-joker-loses-game")
def test_older_edition_four_jokers_with_another_card_win_the_game() -> None:
    """In the older edition the four jokers win even beside another card and although one of
    them is the Cursed Joker, whose holder otherwise cannot win (P0 would)."""
    game = new_game(3, OLDER, seed=2)
    rows = [["5"], ["J", "J", "J", "AJ", "2"], ["9", "8"]]
    game = finish_round(game, _round_won_by(game, 0, rows))
    assert game.rounds[0].hall_of_fame == 1
    assert game.rounds[0].ass_joker_holder == 1
    assert game.is_over
    assert game.winners == (1,)


def test_finishing_a_round_that_is_not_the_games_next_one_is_refused() -> None:
    game = new_game(3, seed=4)
    state = _round_won_by(game, 0)
    game = finish_round(game, state)
    with pytest.raises(ValueError, match="next round"):
        finish_round(game, state)  # the same round again
    stranger = emptied_round([["5"], ["9"], ["8"]], dealer=game.next_dealer, round_index=2)
    with pytest.raises(ValueError, match="next round"):
        finish_round(game, stranger)
    assert len(game.rounds) == 1


# -- utilities, for frameworks -------------------------------------------------------------------


@pytest.mark.rules("round-end.victory-points", "ass-joker.victory-point-deducted")
def test_a_rounds_utilities_are_its_victory_points() -> None:
    """P0 empties their row and wins; P2 holds the Ass Joker and loses a point."""
    state = emptied_round([["5"], ["9", "8"], ["AJ", "2"]], turn=1)
    result = score_round(state)
    assert round_utilities(result, state.ruleset) == result.victory_points == (1, 0, -1)
    low, high = utility_bounds(state.ruleset)
    assert all(low <= u <= high for u in round_utilities(result, state.ruleset))


@pytest.mark.rules("objective.lowest-score-wins", "ass-joker.cursed-joker-loses-game")
def test_older_edition_utilities_reward_the_lowest_score_and_punish_the_cursed_joker() -> None:
    older = Ruleset.preset("older")
    state = emptied_round([["5"], ["9", "8"], ["AJ", "2"]], turn=1, ruleset=older)
    result = score_round(state)
    assert result.victory_points == (0, 0, 0)
    assert round_utilities(result, older) == (1, 0, -1)

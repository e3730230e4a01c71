"""A game: rounds dealt in turn, victory points added up, a winner at the end.

>>> from sabai_rules.model.ruleset import Ruleset
>>> game = new_game(3, seed=11)
>>> game.num_rounds, game.next_dealer == game.first_dealer
(3, True)
>>> state = start_round(game)
>>> state.setup.final_round
False
"""

from __future__ import annotations

from collections.abc import Sequence

from sabai_rules.model import chance
from sabai_rules.model.arguments import instance, seat, seed_or_new
from sabai_rules.model.deciders import decides
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import check_players, deal
from sabai_rules.play.scoring import score_round
from sabai_rules.state import ChanceModel, Game, RoundResult, State

__all__ = ["finish_round", "lowest_score_leaders", "lowest_score_points", "new_game", "start_round"]


def new_game(
    players: int,
    ruleset: Ruleset | None = None,
    *,
    seed: int | str | None = None,
    first_dealer: int | None = None,
) -> Game:
    """A game for ``players`` players. The first dealer is an input; without it the seeded
    generator chooses (:rule:`ruling.first-dealer`). The number of rounds is the ruleset's
    ``num_rounds``, one per player when unset (:rule:`ruling.number-of-rounds`).

    ``seed`` (an integer or a text, :func:`~sabai_rules.model.chance.check_seed`) deals every round;
    without one, a seed nobody can guess is drawn (:func:`~sabai_rules.model.chance.new_seed`) and
    kept as the game's ``seed``: pass ``seed=0`` (or any seed) to play the same game
    again.

    :class:`TypeError` for a wrong type (``players`` and ``first_dealer`` are ``int``, not
    ``bool``; ``ruleset`` a :class:`~sabai_rules.model.ruleset.Ruleset`), :class:`ValueError` for a
    table size the rules do not allow (:rule:`setup.players`), a first dealer who is no seat or
    a seed out of bounds; each message names the argument."""
    rules = Ruleset() if ruleset is None else instance(ruleset, Ruleset, "ruleset")
    n = check_players(players)
    given = seed_or_new(seed)
    if first_dealer is None:
        _, first_dealer = chance.below(chance.seed_state(given, "first-dealer"), n)
    else:
        first_dealer = seat(first_dealer, "first_dealer", n)
    return Game(
        ruleset=rules,
        players=n,
        seed=given,
        first_dealer=first_dealer,
        num_rounds=rules.rounds_for(players),
        rounds=(),
        victory_points=(0,) * players,
        winners=None,
    )


decides(new_game, "ruling.first-dealer")


def start_round(
    game: Game,
    order: Sequence[int] | None = None,
    *,
    chance_model: ChanceModel | str = ChanceModel.SAMPLED,
) -> State:
    """Deal the game's next round: the dealer rotates (:rule:`round-end.next-dealer`); the last
    planned round is the final round (:rule:`game-end.final-round-no-call`). ``order`` and
    ``chance_model`` are :func:`~sabai_rules.moves.deal`'s, checked as it checks them.
    :class:`TypeError` if ``game`` is no :class:`~sabai_rules.state.Game`, :class:`ValueError`
    if it is over."""
    instance(game, Game, "game")
    if game.is_over:
        raise ValueError("game: the game is over")
    return deal(
        game.ruleset,
        game.players,
        dealer=game.next_dealer,
        order=order,
        seed=game.seed,
        round_index=len(game.rounds),
        final_round=game.next_round_is_final,
        chance_model=chance_model,
    )


def finish_round(game: Game, state: State) -> Game:
    """The game after a round that is over: its result recorded, victory points added, and, after
    the final round, the winner(s) (:rule:`game-end.winner`, :rule:`ruling.game-ties`).
    :class:`TypeError` if ``game`` is no :class:`~sabai_rules.state.Game` or ``state`` no
    :class:`~sabai_rules.state.State`; :class:`ValueError` if the game is over, or ``state`` is
    not its next round or that round is not over."""
    instance(game, Game, "game")
    instance(state, State, "state")
    if game.is_over:
        raise ValueError("game: the game is over")
    setup = state.setup
    if setup.round_index != len(game.rounds) or setup.dealer != game.next_dealer:
        raise ValueError("state: this round is not the game's next round")
    if setup.ruleset != game.ruleset or setup.players != game.players:
        raise ValueError("state: this round was dealt under another ruleset or table")
    result = score_round(state)
    rules = game.ruleset
    # Totals may go below zero through the Ass Joker (:rule:`objective.negative-victory-points`).
    vp = tuple(a + b for a, b in zip(game.victory_points, result.victory_points, strict=True))
    rounds = (*game.rounds, result)
    winners: tuple[int, ...] | None = None
    num_rounds = game.num_rounds
    if result.hall_of_fame is not None and rules.hall_of_fame_wins_game:
        winners = (result.hall_of_fame,)
    elif setup.final_round:
        if rules.scoring == "lowest_score":
            leaders = lowest_score_leaders(rounds, rules)
        else:
            best = max(vp)
            leaders = [p for p, v in enumerate(vp) if v == best]
        if len(leaders) > 1 and rules.game_tie_policy == "extra_final_round":
            num_rounds += 1
        else:
            winners = tuple(leaders)
    return Game(
        ruleset=rules,
        players=game.players,
        seed=game.seed,
        first_dealer=game.first_dealer,
        num_rounds=num_rounds,
        rounds=rounds,
        victory_points=vp,
        winners=winners,
    )


decides(finish_round, "game-end.winner")
decides(finish_round, "objective.negative-victory-points")
decides(finish_round, "ruling.game-ties")
decides(finish_round, "ruling.hall-of-fame-wins-round")


def lowest_score_points(rounds: Sequence[RoundResult], ruleset: Ruleset) -> tuple[int, ...]:
    """The card points on which a game scored by the lowest score (the older edition,
    :rule:`ruling.older-scoring`) is decided after ``rounds``, its deals so far: each player's
    points added up over the deals, or under ``lowest_score_deals="last"`` the last deal's
    (:rule:`ruling.older-several-deals`)."""
    counted = rounds if ruleset.lowest_score_deals == "sum" else rounds[-1:]
    return tuple(sum(points) for points in zip(*(r.card_points for r in counted), strict=True))


def lowest_score_leaders(rounds: Sequence[RoundResult], ruleset: Ruleset) -> list[int]:
    """Who leads a game scored by the lowest score (the older edition,
    :rule:`ruling.older-scoring`) after ``rounds``, its deals so far
    (:rule:`ruling.older-several-deals`).

    One deal is scored as that deal's winners: the fewest card points among the players not
    holding the Cursed Joker (:rule:`objective.lowest-score-wins`,
    :rule:`ass-joker.cursed-joker-loses-game`). Over several deals, under
    ``lowest_score_deals="last"`` the last deal alone decides, as a deal played again; under
    ``"sum"`` the fewest points of :func:`lowest_score_points` win among the players who never
    ended a deal holding the Cursed Joker (outside a Hall of Fame), unless every player has, when
    the fewest points among all win (the texts always name a winner)."""
    if ruleset.lowest_score_deals == "last" or len(rounds) == 1:
        return list(rounds[-1].winners)
    totals = lowest_score_points(rounds, ruleset)
    cursed = {r.ass_joker_holder for r in rounds if r.hall_of_fame is None}
    eligible = [p for p in range(len(totals)) if p not in cursed] or list(range(len(totals)))
    fewest = min(totals[p] for p in eligible)
    return [p for p in eligible if totals[p] == fewest]


decides(lowest_score_leaders, "ruling.older-several-deals")

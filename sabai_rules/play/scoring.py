"""Scoring a round (:rule:`ruling.scoring-procedure`).

>>> from sabai_rules.moves import deal
>>> state = deal(players=3, seed=5)
>>> card_points(state) == tuple(sum(card_value(state, c) for c in row) for row in state.table.rows)
True
"""

from __future__ import annotations

from typing import Final

from sabai_rules.model.arguments import instance, is_state, number
from sabai_rules.model.cards import ASS_JOKER, JOKER, JOKER_FAMILY
from sabai_rules.model.deciders import decides
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.state import RoundResult, State, cards_in

__all__ = [
    "JOKER_POINTS",
    "card_points",
    "card_value",
    "hall_of_fame",
    "round_utilities",
    "score_round",
    "utility_bounds",
]

#: A joker counts -4 card points (:rule:`objective.joker-minus-four`).
JOKER_POINTS: Final = -4


def card_value(state: State, card: object) -> int:
    """Card points of one card: its face value (:rule:`ruling.card-points-face-value`), -4 for a
    joker, the ruleset's ``ass_joker_value`` for the Ass Joker
    (:rule:`objective.ass-joker-exception`, :rule:`ruling.ass-joker-value`).
    :class:`TypeError` if ``state`` is no :class:`~sabai_rules.state.State` or ``card`` no
    ``int`` (a ``bool`` included, in the compiled build too: hence the parameter's type),
    :class:`ValueError` if ``card`` is no card id of its deck."""
    index = number(card, "card", 0, len(is_state(state).deck) - 1)
    face = state.deck.faces[index]
    if face == JOKER:
        return JOKER_POINTS
    if face == ASS_JOKER:
        return state.ruleset.ass_joker_value
    return face


decides(card_value, "objective.joker-minus-four")
decides(card_value, "objective.ass-joker-exception")
decides(card_value, "ruling.ass-joker-value")
decides(card_value, "ruling.card-points-face-value")


def card_points(state: State) -> tuple[int, ...]:
    """Every player's card points: the sum over their row (:rule:`objective.card-points`); an
    empty row counts 0 (:rule:`objective.no-cards-zero`). :class:`TypeError` if ``state`` is no
    :class:`~sabai_rules.state.State`."""
    is_state(state)
    return tuple(sum(card_value(state, c) for c in row if c >= 0) for row in state.table.rows)


decides(card_points, "objective.card-points")
decides(card_points, "objective.no-cards-zero")


def hall_of_fame(state: State) -> int | None:
    """The player whose row holds the four jokers (and, if ``four_jokers_requires_only``,
    nothing else): :rule:`ass-joker.hall-of-fame`, :rule:`ruling.hall-of-fame-four-jokers-only`;
    in the older edition four jokers with anything else
    (:rule:`ass-joker.cursed-joker-four-jokers`). :class:`TypeError` if ``state`` is no
    :class:`~sabai_rules.state.State`."""
    deck = is_state(state).deck
    family = deck.key_counts.get(JOKER_FAMILY, 0)
    if family < 4:
        return None
    for player, row in enumerate(state.table.rows):
        cards = [c for c in row if c >= 0]
        jokers = sum(1 for c in cards if deck.is_joker(c))
        if jokers == family and (
            len(cards) == jokers or not state.ruleset.four_jokers_requires_only
        ):
            return player
    return None


decides(hall_of_fame, "ass-joker.hall-of-fame")
decides(hall_of_fame, "ass-joker.cursed-joker-four-jokers")
decides(hall_of_fame, "ruling.hall-of-fame-four-jokers-only")


def _fewest(
    points: tuple[int, ...], rows: list[int], candidates: list[int], policy: str
) -> list[int]:
    """The candidates with the fewest card points, ties per ``round_tie_policy``
    (:rule:`ruling.round-ties`)."""
    if not candidates:
        return []
    low = min(points[p] for p in candidates)
    tied = [p for p in candidates if points[p] == low]
    if len(tied) == 1 or policy == "all":
        return tied
    if policy == "none":
        return []
    fewest = min(rows[p] for p in tied)
    return [p for p in tied if rows[p] == fewest]


decides(_fewest, "ruling.round-ties")


def score_round(state: State) -> RoundResult:
    """The result of a round that is over: reveal, card points, Hall of Fame, the Ass Joker's
    sanction and the round's victory point (:rule:`round-end.reveal`,
    :rule:`round-end.victory-points`, :rule:`objective.round-victory-point`,
    :rule:`ass-joker.loses-round`, :rule:`ass-joker.victory-point-deducted`); in the older
    edition the lowest score wins (:rule:`objective.lowest-score-wins`,
    :rule:`ass-joker.cursed-joker-loses-game`). :class:`TypeError` if ``state`` is no
    :class:`~sabai_rules.state.State`, :class:`ValueError` if its round is not over."""
    if not is_state(state).is_over:
        raise ValueError("state: the round is not over yet")
    rules = state.ruleset
    n = state.players
    points = card_points(state)
    rows = [cards_in(row) for row in state.table.rows]
    ass = state.deck.ass_joker
    holder = next((p for p, row in enumerate(state.table.rows) if ass >= 0 and ass in row), None)
    hof = hall_of_fame(state)
    vp = [0] * n
    if hof is not None:
        winners = [hof]
        holder_sanctioned = None
    else:
        holder_sanctioned = holder
        everyone = list(range(n))
        if holder is None or (
            rules.ass_joker_holder_can_win_round and rules.scoring == "victory_points"
        ):
            eligible = everyone
        else:
            eligible = [p for p in everyone if p != holder]
        winners = _fewest(
            points,
            rows,
            eligible,
            rules.round_tie_policy if rules.scoring == "victory_points" else "all",
        )
        if (
            holder is not None
            and rules.scoring == "victory_points"
            and not rules.ass_joker_holder_can_win_round
            and rules.ass_joker_vp_fallback == "none"
            and eligible
            and points[holder] < min(points[p] for p in eligible)
        ):
            winners = []
    if rules.scoring == "victory_points":
        for p in winners:
            vp[p] += 1
        if holder_sanctioned is not None:
            vp[holder_sanctioned] -= 1
    end = state.flow.status.end
    assert end is not None
    return RoundResult(
        round_index=state.setup.round_index,
        dealer=state.setup.dealer,
        end=end,
        card_points=points,
        victory_points=tuple(vp),
        winners=tuple(winners),
        ass_joker_holder=holder,
        hall_of_fame=hof,
        rows=tuple(tuple(c for c in row if c >= 0) for row in state.table.rows),
    )


decides(score_round, "ruling.scoring-procedure")
decides(score_round, "round-end.victory-points")
decides(score_round, "objective.round-victory-point")
decides(score_round, "ass-joker.loses-round")
decides(score_round, "ass-joker.victory-point-deducted")
decides(score_round, "ruling.ass-joker-loses-round")
decides(score_round, "ruling.ass-joker-victory-point-fallback")
decides(score_round, "ruling.older-scoring")
decides(score_round, "objective.lowest-score-wins")
decides(score_round, "ass-joker.cursed-joker-loses-game")


def round_utilities(result: RoundResult, ruleset: Ruleset) -> tuple[int, ...]:
    """What each player gains from a round, as a learning or search framework scores it: the
    round's victory points (:rule:`round-end.victory-points`: +1 to a winner, -1 to the Ass
    Joker's holder); under the older edition's lowest-score scoring, which has no victory points,
    +1 to each winner and -1 to the Cursed Joker's holder, who loses
    (:rule:`objective.lowest-score-wins`, :rule:`ass-joker.cursed-joker-loses-game`), 0 to the
    others. Always within :func:`utility_bounds`. :class:`TypeError` if ``result`` is no
    :class:`~sabai_rules.state.RoundResult` or ``ruleset`` no
    :class:`~sabai_rules.model.ruleset.Ruleset`."""
    instance(result, RoundResult, "result")
    if instance(ruleset, Ruleset, "ruleset").scoring == "victory_points":
        return result.victory_points
    gains = [1 if p in result.winners else 0 for p in range(len(result.card_points))]
    if result.ass_joker_holder is not None and result.hall_of_fame is None:
        gains[result.ass_joker_holder] = -1
    return tuple(gains)


def utility_bounds(ruleset: Ruleset) -> tuple[int, int]:
    """The least and the most a player can gain from one round (:func:`round_utilities`):
    -1 (the Ass Joker's holder, sanctioned) and +1 (a winner); a holder who may also win the round
    (``ass_joker_holder_can_win_round``) gains 0 then. :class:`TypeError` if ``ruleset`` is no
    :class:`~sabai_rules.model.ruleset.Ruleset`."""
    instance(ruleset, Ruleset, "ruleset")
    return (-1, 1)

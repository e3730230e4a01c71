"""Build a state from a readable description of the table: for tests, scenarios and referees.

>>> state = layout(rows=[["7", "13"], ["J", "AJ", "2"]], draw=["5", "11"], discard=["7"], turn=0)
>>> state.deck.name(state.table.rows[1][1])
'Ass Joker'
>>> state.deck.name(state.table.draw[-1])      # the first card listed is the next to draw
'5'

Faces are written as printed: ``"7"``, ``"13"`` (or ``"13 give"``), ``"J"``/``"joker"``,
``"AJ"``/``"Ass Joker"``. The cards of the deck that the description does not mention go to the
bottom of the draw pile (in card-id order), so that every card of the deck is somewhere: the
layout is always a legal table. Which cards players have seen is given by position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from sabai_rules import chance
from sabai_rules.cards import parse_face
from sabai_rules.moves import check_players, deck_for
from sabai_rules.ruleset import Ruleset
from sabai_rules.state import (
    NO_CARD,
    NO_FINAL_LAP,
    NO_PLAYER,
    NOT_CLOSING,
    Flow,
    Setup,
    Stage,
    State,
    Status,
    Table,
)

__all__ = ["Position", "layout"]

#: A card in a row: ``(player, slot)``.
Position = tuple[int, int]


def layout(
    *,
    rows: Sequence[Sequence[str | int]],
    draw: Sequence[str | int] = (),
    discard: Sequence[str | int] = (),
    ruleset: Ruleset | None = None,
    dealer: int | None = None,
    turn: int | None = None,
    held: str | int | None = None,
    seen: Mapping[int, Iterable[Position]] | None = None,
    seen_by_all: Iterable[Position] = (),
    turns: int = 0,
    done: bool = False,
    lockout: Iterable[int] = (),
    caller: int | None = None,
    final_lap: int | None = None,
    round_index: int = 0,
    final_round: bool = False,
    seed: int | str = 0,
) -> State:
    """A state with the given table.

    ``rows`` are the players' rows, slot 0 first. ``draw`` lists the draw pile from its top (the
    next card to draw first); ``discard`` lists the discard pile from its bottom (the top card
    last). ``held`` is the card the player whose ``turn`` it is has drawn (the turn is then at
    the play-or-keep decision); with ``done`` the turn's card is already placed. ``seen`` gives,
    per player, the positions of the cards that player has seen; ``seen_by_all`` the positions
    everybody has seen (a wrong throw-in taken back, an Ass Joker turned over); the discard pile
    is seen by all. ``dealer`` defaults to the player before ``turn``; ``turn`` to the starter.
    """
    rules = Ruleset() if ruleset is None else ruleset
    players = len(rows)
    check_players(players)
    deck = deck_for(rules)
    free: dict[int, list[int]] = {}
    for card in reversed(range(len(deck))):
        free.setdefault(deck.faces[card], []).append(card)

    def take(face: str | int, where: str) -> int:
        value = parse_face(face) if isinstance(face, str) else face
        stack = free.get(value)
        if not stack:
            raise ValueError(f"{where}: no {face!r} left in the deck ({deck.spec})")
        return stack.pop()

    table_rows = tuple(
        tuple(take(face, f"row {p} slot {s}") for s, face in enumerate(row))
        for p, row in enumerate(rows)
    )
    pile = [take(face, f"discard {i}") for i, face in enumerate(discard)]
    held_card = NO_CARD if held is None else take(held, "held card")
    top_first = [take(face, f"draw {i}") for i, face in enumerate(draw)]
    rest = sorted(card for stack in free.values() for card in stack)
    draw_pile = tuple(reversed(top_first + rest))  # top card last

    if dealer is None:
        dealer = (players - 1) if turn is None else (turn - 1) % players
    if turn is None:
        turn = (dealer + 1) % players
    for name, seat in (("dealer", dealer), ("turn", turn)):
        if not 0 <= seat < players:
            raise ValueError(f"{name} must be a seat from 0 to {players - 1}")

    def card_at(position: Position) -> int:
        owner, slot = position
        try:
            return table_rows[owner][slot]
        except IndexError:
            raise ValueError(f"no card at row {owner} slot {slot}") from None

    private = [0] * players
    for player, positions in (seen or {}).items():
        for position in positions:
            private[player] |= 1 << card_at(position)
    public = 0
    for card in pile:
        public |= 1 << card
    for position in seen_by_all:
        public |= 1 << card_at(position)
    if held_card >= 0:
        private[turn] |= 1 << held_card

    stage = Stage.DONE if done else (Stage.DECIDE if held_card >= 0 else Stage.DRAW)
    lock = 0
    for p in lockout:
        lock |= 1 << p
    status = Status(
        caller=NO_PLAYER if caller is None else caller,
        final_lap=NO_FINAL_LAP if final_lap is None else final_lap,
        closing=NOT_CLOSING,
        looking=0,
        emptied=0,
        rng=chance.seed_state(seed, round_index, "layout"),
        end=None,
    )
    setup = Setup(rules, deck_for(rules), players, dealer, round_index, final_round, seed)
    table = Table(table_rows, draw_pile, tuple(pile), held_card, public, tuple(private))
    return State(setup, table, Flow(turn, stage, turns, (), None, lock, status))

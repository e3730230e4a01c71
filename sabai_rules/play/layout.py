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

from sabai_rules.model import chance
from sabai_rules.model.arguments import MAX_ROUND_INDEX, flag, instance, number, seat, shown
from sabai_rules.model.cards import parse_face
from sabai_rules.model.ruleset import Ruleset
from sabai_rules.moves import MAX_PLAYERS, MIN_PLAYERS, deck_for
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

    ``seed`` (default 0) plays the chance that follows the position (a reshuffle, a random nose
    race): a layout is a position its caller describes in full and wants the same each time. A
    referee who lays out a real table and lets chance go on passes a seed nobody can guess
    (:func:`~sabai_rules.model.chance.new_seed`).

    :class:`TypeError` for a wrong type (seats, ``turns``, ``round_index`` and ``final_lap`` are
    ``int``, not ``bool``; faces ``str`` or ``int``; ``done`` and ``final_round`` ``bool``; the
    rows and piles sequences), :class:`ValueError` for a wrong value (a table size the rules do
    not allow, :rule:`setup.players`; a face the deck has no more of; a seat or position not at
    the table; a negative count; a seed out of bounds); each message names the argument.
    """
    rules = Ruleset() if ruleset is None else instance(ruleset, Ruleset, "ruleset")
    row_list = _sequence(rows, "rows")
    players = len(row_list)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"rows: sabai-sabai is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            " [setup.players]"
        )
    deck = deck_for(rules)
    free: dict[int, list[int]] = {}
    for card in reversed(range(len(deck))):
        free.setdefault(deck.faces[card], []).append(card)

    def take(face: object, where: str) -> int:
        if type(face) is str:
            try:
                value = parse_face(face)
            except ValueError as error:
                raise ValueError(f"{where}: {error}") from None
        elif type(face) is int:
            value = face
        else:
            raise TypeError(f"{where}: a face is a str or an int, not {type(face).__name__}")
        stack = free.get(value)
        if not stack:
            raise ValueError(f"{where}: no {shown(face)} left in the deck ({deck.spec})")
        return stack.pop()

    table_rows = tuple(
        tuple(take(face, f"rows[{p}][{s}]") for s, face in enumerate(_sequence(row, f"rows[{p}]")))
        for p, row in enumerate(row_list)
    )
    pile = [take(face, f"discard[{i}]") for i, face in enumerate(_sequence(discard, "discard"))]
    held_card = NO_CARD if held is None else take(held, "held")
    top_first = [take(face, f"draw[{i}]") for i, face in enumerate(_sequence(draw, "draw"))]
    rest = sorted(card for stack in free.values() for card in stack)
    draw_pile = tuple(reversed(top_first + rest))  # top card last

    if dealer is not None:
        dealer = seat(dealer, "dealer", players)
    if turn is not None:
        turn = seat(turn, "turn", players)
    if dealer is None:
        dealer = (players - 1) if turn is None else (turn - 1) % players
    if turn is None:
        turn = (dealer + 1) % players

    public, private = _knowledge(table_rows, pile, seen, seen_by_all)
    if held_card >= 0:
        private[turn] |= 1 << held_card

    stage = Stage.DONE if flag(done, "done") else (Stage.DECIDE if held_card >= 0 else Stage.DRAW)
    lock = 0
    for i, p in enumerate(_iterable(lockout, "lockout")):
        lock |= 1 << seat(p, f"lockout[{i}]", players)
    status = Status(
        caller=NO_PLAYER if caller is None else seat(caller, "caller", players),
        final_lap=NO_FINAL_LAP if final_lap is None else number(final_lap, "final_lap", 0, players),
        closing=NOT_CLOSING,
        looking=0,
        emptied=0,
        rng=chance.seed_state(
            chance.check_seed(seed),
            number(round_index, "round_index", 0, MAX_ROUND_INDEX),
            "layout",
        ),
        end=None,
    )
    flag(final_round, "final_round")
    setup = Setup(rules, deck_for(rules), players, dealer, round_index, final_round, seed)
    table = Table(table_rows, draw_pile, tuple(pile), held_card, public, tuple(private))
    flow = Flow(turn, stage, number(turns, "turns"), (), None, lock, status)
    return State(setup, table, flow)


def _knowledge(
    rows: tuple[tuple[int, ...], ...], pile: list[int], seen: object, seen_by_all: object
) -> tuple[int, list[int]]:
    """The cards everybody has seen (the pile's and those of ``seen_by_all``), and those each
    player has seen (``seen``), as bit masks."""
    players = len(rows)

    def card_at(position: object, where: str) -> int:
        pair = _sequence(position, where)
        if len(pair) != 2:
            raise ValueError(f"{where} must be a (player, slot) pair, not {shown(position)}")
        owner = seat(pair[0], f"{where}[0]", players)
        slot = number(pair[1], f"{where}[1]")
        if slot >= len(rows[owner]):
            raise ValueError(f"{where}: no card at row {owner} slot {slot}")
        return rows[owner][slot]

    private = [0] * players
    if seen is not None:
        if not isinstance(seen, Mapping):
            raise TypeError(f"seen must be a mapping of players to positions, not {_kind(seen)}")
        for player, positions in seen.items():
            who = seat(player, "seen's player", players)
            for i, position in enumerate(_iterable(positions, f"seen[{who}]")):
                private[who] |= 1 << card_at(position, f"seen[{who}][{i}]")
    public = 0
    for card in pile:
        public |= 1 << card
    for i, position in enumerate(_iterable(seen_by_all, "seen_by_all")):
        public |= 1 << card_at(position, f"seen_by_all[{i}]")
    return public, private


def _kind(value: object) -> str:
    return type(value).__name__


def _iterable(value: object, name: str) -> Iterable[object]:
    """``value`` if it is an iterable and no text."""
    if not isinstance(value, Iterable) or isinstance(value, str | bytes):
        raise TypeError(f"{name} must be a sequence, not {_kind(value)}")
    return value


def _sequence(value: object, name: str) -> tuple[object, ...]:
    """``value`` as a tuple, if it is an iterable and no text."""
    return tuple(_iterable(value, name))

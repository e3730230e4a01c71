"""A record as one player saw it: every action (actions are public), and of what they caused only
what that player saw — no deal order, no seed, no face the player did not see
(:rule:`ruling.public-information`, :rule:`ruling.knowledge-model`).

An illegal event is marked ``refused`` and changes nothing. That it was refused is public (the
table undoes it); the rule it breaks is named only where the player could tell it from what they
have seen: a refusal that turns on a card they have not seen — another player's drawn Ass Joker
played, a drawn card kept into an empty row (only a drawn Ass Joker may be), an Ass Joker its
holder knows given as a compensation card — is ``"refused": null``, as a face they did not see is
``null``.

>>> from sabai_rules.agents.simulate import simulate
>>> seen = export_view(simulate(players=2, seed=3, rounds=1), 0)
>>> seen["player"], "seed" in seen, "order" in str(seen)
('P1', False, False)
>>> seen["seed_guessable"]  # seed 3: whoever knows some cards can find the rest
True

:func:`write_export` writes the same document as it is played, event by event, so that its memory
does not grow with the record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import IO, Any, Final

from sabai_rules.engine.rules import (
    keep_slots,
    may_compensate_with,
    may_keep_over,
    must_keep_drawn,
    rule_of,
)
from sabai_rules.model import chance
from sabai_rules.model.arguments import shown
from sabai_rules.model.cards import face_name
from sabai_rules.moves import Action, Compensate, IllegalActionError, Keep, Play, current_refusal
from sabai_rules.play.views import EventView, view_event
from sabai_rules.referee.record import Record, action_to_json, ruleset_to_json
from sabai_rules.referee.replay import Dealt, Played, RoundClosed, play_record
from sabai_rules.state import NO_CARD, State, Table, is_gap

__all__ = [
    "DECIDING_CARD",
    "VIEW_FORMAT",
    "caused_seen",
    "export_view",
    "rule_seen",
    "seed_guessable",
    "write_export",
]

VIEW_FORMAT: Final = "sabai-record-view"

_PLAYER_FIELDS: Final = ("player", "owner", "target")


def export_view(record: Record, player: int) -> dict[str, Any]:
    """The record as ``player`` saw it, as a JSON object. Illegal events are marked refused and
    change nothing. A record that cannot be played raises
    :class:`~sabai_rules.referee.record.RecordError`, as
    :func:`~sabai_rules.referee.replay.replay` does. ``"seed_guessable"`` says whether the seeds
    of its chance can be found by trying them all (:func:`seed_guessable`). :class:`TypeError` if
    ``record`` is no :class:`~sabai_rules.referee.record.Record` or ``player`` no ``int`` (not a
    ``bool``), :class:`ValueError` if ``player`` is no seat of the record."""
    _check_arguments(record, player)
    rounds: list[dict[str, Any]] = []
    for kind, item in _parts(record, player):
        if kind == "round":
            rounds.append({**item, "events": []})
        elif kind == "event":
            rounds[-1]["events"].append(item)
        else:
            rounds[-1].update(item)
    return {**_head(record, player), "rounds": rounds}


def write_export(record: Record, player: int, out: IO[str]) -> None:
    """Write :func:`export_view` to ``out`` as the command line prints it (JSON, indented by two,
    and a newline), one event at a time: nothing of an event is kept once it is written. A record
    that cannot be played raises :class:`~sabai_rules.referee.record.RecordError` where it stops
    (what was written before stays written). Its arguments are checked as :func:`export_view`
    checks them."""
    _check_arguments(record, player)
    head = _dumps(_head(record, player), "")
    out.write(head[:-2] + ',\n  "rounds": [')
    rounds = events = 0
    open_round = False
    for kind, item in _parts(record, player):
        if kind == "round":
            dealer = _TEXT(item["dealer"])
            out.write(
                f'{"," if rounds else ""}\n    {{\n      "dealer": {dealer},\n      "events": ['
            )
            rounds += 1
            events = 0
            open_round = True
        elif kind == "event":
            out.write(f"{',' if events else ''}\n{_indented(item, 8)}")
            events += 1
        else:
            out.write("\n      ]" if events else "]")
            for key, value in item.items():
                out.write(f',\n      "{key}": {_indented(value, 6)[6:]}')
            out.write("\n    }")
            open_round = False
    if open_round:
        # A record of version 2 is played up to its first illegal event, and that round is
        # left without its close.
        out.write("\n      ]\n    }" if events else "]\n    }")
    out.write("\n  ]\n}\n" if rounds else "]\n}\n")


def _indented(value: Any, indent: int) -> str:
    """``value`` as ``json.dumps(value, ensure_ascii=False, indent=2)`` writes it, ``indent``
    spaces deep."""
    pad = " " * indent
    return pad + _dumps(value, pad)


#: A text as JSON, non-ASCII characters as they are (the json module's C function).
_TEXT: Final = json.encoder.encode_basestring


def _scalar(value: Any) -> str:
    """A text, a whole number, a truth value or ``None`` as ``json.dumps`` writes it."""
    if type(value) is str:
        return _TEXT(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return int.__repr__(value)
    return json.dumps(value, ensure_ascii=False)


def _dumps(value: Any, pad: str) -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)``, its lines after the first indented by
    ``pad``, for the export's values (objects with text keys, lists, texts, numbers, ``null``):
    the same text, without the closures the json module builds for every indented dump (garbage
    that only the cycle collector frees)."""
    if type(value) is dict:
        if not value:
            return "{}"
        inner = pad + "  "
        items = [f"{inner}{_TEXT(k)}: {_dumps(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if type(value) is list or type(value) is tuple:
        if not value:
            return "[]"
        inner = pad + "  "
        return "[\n" + ",\n".join([inner + _dumps(v, inner) for v in value]) + "\n" + pad + "]"
    return _scalar(value)


def _head(record: Record, player: int) -> dict[str, Any]:
    names = record.players
    return {
        "format": VIEW_FORMAT,
        "version": 1,
        "player": names[player],
        "ruleset": ruleset_to_json(record.ruleset),
        "players": list(names),
        "first_dealer": names[record.first_dealer],
        "seed_guessable": seed_guessable(record),
    }


def _check_arguments(record: object, player: object) -> None:
    if not isinstance(record, Record):
        raise TypeError(f"record must be a Record, not {type(record).__name__}")
    if type(player) is not int:
        raise TypeError(f"player must be a seat (an int), not {type(player).__name__}")
    if not 0 <= player < len(record.players):
        raise ValueError(
            f"player must be a seat from 0 to {len(record.players) - 1}, not {shown(player)}"
        )


def seed_guessable(record: Record) -> bool:
    """Whether a round of the record is dealt from a guessable seed
    (:func:`~sabai_rules.model.chance.is_guessable`): anybody who knows some of its cards (a player,
    from their own export) can then find the seed, and with it every card nobody saw. A round
    dealt from its order has no hidden card the seed decides (the cards a reshuffle places that
    nobody drew are the referee's, not the table's)."""
    return any(chance.is_guessable(r.deal.seed) for r in record.rounds if r.deal.seed is not None)


def _parts(record: Record, player: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """The export, a part at a time: ``("round", {"dealer": ...})`` as a round is dealt, then
    ``("event", ...)`` for each of its events, then ``("end", {...})`` as it closes (with its
    result if it is over)."""
    names = record.players
    for step in play_record(record, caused=True):
        if isinstance(step, Dealt):
            yield "round", {"dealer": names[step.state.setup.dealer]}
        elif isinstance(step, Played):
            item: dict[str, Any] = {"event": step.number, **action_to_json(step.action, names)}
            if step.error is not None:
                seen = rule_seen(step.before, step.action, step.error, player)
                item["refused"] = step.error.rule if seen else None
            else:
                item["saw"] = [_seen(e, names) for e in caused_seen(step, player)]
            yield "event", item
        elif isinstance(step, RoundClosed):
            end: dict[str, Any] = {}
            if step.state.is_over and not step.decided:
                # A record of what a table knows that does not say every card of the rows.
                end["result"] = None
            elif step.state.is_over:
                result = step.game.rounds[-1]
                faces = step.state.deck.faces
                end["result"] = {
                    "card_points": dict(zip(names, result.card_points, strict=True)),
                    "victory_points": dict(zip(names, result.victory_points, strict=True)),
                    "revealed": {
                        names[p]: [face_name(faces[c]) for c in row]
                        for p, row in enumerate(result.rows)
                    },
                }
            yield "end", end


def caused_seen(step: Played, player: int) -> tuple[EventView, ...]:
    """What ``player`` saw of what a legal event caused (played with ``caused``): each caused
    event as :func:`~sabai_rules.play.views.view_event` lets them see it, a face where they saw it
    and ``None`` where they did not. What the export writes of each event; the viewer's "what
    changed" for a player (:mod:`~sabai_rules.referee.viewer`) says the same."""
    return tuple(view_event(e, player, step.state) for e in step.caused)


def _seen(event: EventView, names: tuple[str, ...]) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind, "player": names[event.player]}
    for key, value in event.details:
        if key in _PLAYER_FIELDS and isinstance(value, int):
            data[key] = names[value]
        elif key in ("card", "target_card"):
            data[key] = None if value is None else face_name(value)
        elif key == "cards":
            data[key] = [None if v is None else face_name(v) for v in value]
        elif key == "cause":
            data[key] = str(value)
        else:
            data[key] = value
    return data


# -- which refusals a player can tell -------------------------------------------------------------


def _held(state: State, action: Action) -> int:
    return state.table.held


def _kept_into_empty_row(state: State, action: Action) -> int:
    """A keep into an empty row is refused unless the drawn card is an Ass Joker
    (:func:`~sabai_rules.engine.rules.keep_slots`); into a row that holds cards, by its length."""
    return (
        state.table.held
        if isinstance(action, Keep) and not state.table.rows[action.actor]
        else NO_CARD
    )


def _kept_out_card(state: State, action: Action) -> int:
    if not isinstance(action, Keep):
        return NO_CARD
    row = state.table.rows[action.actor]
    return row[action.slot] if 0 <= action.slot < len(row) else NO_CARD


def _compensation_card(state: State, action: Action) -> int:
    if not isinstance(action, Compensate):
        return NO_CARD
    row = state.table.rows[action.actor]
    card = row[action.slot] if 0 <= action.slot < len(row) else NO_CARD
    return NO_CARD if is_gap(card) else card


#: The refusals that can turn on the face of a card, by the rule they cite (in the current
#: edition): the card whose face decides, for the action refused. Every other refusal is decided by
#: what the whole table knows: whose turn it is, what is pending, the rows' lengths, who has seen
#: which card (``tests/records/test_export_refusals.py`` checks the list against the states a
#: player cannot tell apart).
DECIDING_CARD: Final[dict[str, tuple[type, Callable[[State, Action], int]]]] = {
    rule_of(must_keep_drawn): (Play, _held),
    rule_of(keep_slots): (Keep, _kept_into_empty_row),
    rule_of(may_compensate_with): (Compensate, _compensation_card),
    rule_of(may_keep_over): (Keep, _kept_out_card),
}


def rule_seen(before: State, action: Action, error: IllegalActionError, player: int) -> bool:
    """Whether ``player`` can tell, from what they have seen, that ``action`` breaks the rule
    ``error`` cites at ``before``: whether every state they cannot tell from ``before`` refuses
    it citing that rule. A refusal decided by public facts is; one that turns on the face of a
    card (:data:`DECIDING_CARD`) is if the player has seen that card, or if the refusal is the same
    whatever face of those they have not seen it has."""
    found = DECIDING_CARD.get(error.current_rule)
    if found is None or not isinstance(action, found[0]):
        return True
    card = found[1](before, action)
    table = before.table
    if card == NO_CARD or table.knows(player, card):
        return True
    # The card could be any card the player has not seen: one of each other face stands for all.
    faces = before.deck.faces
    others: dict[int, int] = {}
    for _, other in table.locations():
        if not table.knows(player, other) and faces[other] != faces[card]:
            others.setdefault(faces[other], other)
    for other in others.values():
        refusal = current_refusal(_swapped(before, card, other), action)
        if refusal is None or refusal.rule != error.current_rule:
            return False
    return True


def _swapped(state: State, one: int, two: int) -> State:
    """``state`` with cards ``one`` and ``two`` exchanged where they lie, and with them what
    every player has seen of each place: only the faces move."""
    t = state.table

    def swap(card: int) -> int:
        return two if card == one else one if card == two else card

    def swap_bits(mask: int) -> int:
        a, b = (mask >> one) & 1, (mask >> two) & 1
        return (mask & ~((1 << one) | (1 << two))) | (a << two) | (b << one)

    table = Table(
        tuple(tuple(swap(c) for c in row) for row in t.rows),
        tuple(swap(c) for c in t.draw),
        tuple(swap(c) for c in t.discard),
        swap(t.held) if t.held >= 0 else t.held,
        swap_bits(t.public),
        tuple(swap_bits(m) for m in t.private),
    )
    return State(state.setup, table, state.flow)

"""A record as one player saw it: every action (actions are public), and of what they caused only
what that player saw — no deal order, no seed, no face the player did not see
(:rule:`ruling.public-information`, :rule:`ruling.knowledge-model`).

>>> from sabai_rules.bots import simulate
>>> seen = export_view(simulate(players=2, seed=3, rounds=1), 0)
>>> seen["player"], "seed" in seen, "order" in str(seen)
('P1', False, False)
>>> seen["seed_guessable"]  # seed 3: whoever knows some cards can find the rest
True
"""

from __future__ import annotations

from typing import Any, Final

from sabai_rules import chance
from sabai_rules.cards import face_name
from sabai_rules.engine.arguments import shown
from sabai_rules.moves import deck_for
from sabai_rules.referee.record import Record, action_to_json, ruleset_to_json
from sabai_rules.referee.replay import Dealt, Played, play_record
from sabai_rules.views import view_event

__all__ = ["VIEW_FORMAT", "export_view", "seed_guessable"]

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
    if not isinstance(record, Record):
        raise TypeError(f"record must be a Record, not {type(record).__name__}")
    if type(player) is not int:
        raise TypeError(f"player must be a seat (an int), not {type(player).__name__}")
    if not 0 <= player < len(record.players):
        raise ValueError(
            f"player must be a seat from 0 to {len(record.players) - 1}, not {shown(player)}"
        )
    names = record.players
    deck = deck_for(record.ruleset)
    rounds: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for step in play_record(record, caused=True):
        if isinstance(step, Dealt):
            events = []
        elif isinstance(step, Played):
            item: dict[str, Any] = {"event": step.number, **action_to_json(step.action, names)}
            if step.error is not None:
                item["refused"] = step.error.rule
            else:
                item["saw"] = [_seen(view_event(e, player, step.state), names) for e in step.caused]
            events.append(item)
        else:
            entry: dict[str, Any] = {"dealer": names[step.state.setup.dealer], "events": events}
            if step.state.is_over:
                result = step.game.rounds[-1]
                entry["result"] = {
                    "card_points": dict(zip(names, result.card_points, strict=True)),
                    "victory_points": dict(zip(names, result.victory_points, strict=True)),
                    "revealed": {
                        names[p]: [face_name(deck.faces[c]) for c in row]
                        for p, row in enumerate(result.rows)
                    },
                }
            rounds.append(entry)
    return {
        "format": VIEW_FORMAT,
        "version": 1,
        "player": names[player],
        "ruleset": ruleset_to_json(record.ruleset),
        "players": list(names),
        "first_dealer": names[record.first_dealer],
        "seed_guessable": seed_guessable(record),
        "rounds": rounds,
    }


def seed_guessable(record: Record) -> bool:
    """Whether a round of the record is dealt from a guessable seed
    (:func:`~sabai_rules.chance.is_guessable`): anybody who knows some of its cards (a player,
    from their own export) can then find the seed, and with it every card nobody saw. A round
    dealt from its order has no hidden card the seed decides (the cards a reshuffle places that
    nobody drew are the referee's, not the table's)."""
    return any(chance.is_guessable(r.deal.seed) for r in record.rounds if r.deal.seed is not None)


def _seen(event: Any, names: tuple[str, ...]) -> dict[str, Any]:
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
